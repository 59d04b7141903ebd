"""Every registered engine against the static part of the contract (engines/core/contract.py) and
what the bot builds from it (docs/adding-a-game.md, "The contract")."""

from __future__ import annotations

import typing

import pytest
from annotated_types import Ge, Le
from pydantic import BaseModel

from engines.core.contract import Engine
from engines.registry import ENGINES

SLUGS = sorted(ENGINES)


@pytest.mark.parametrize("slug", SLUGS)
def test_is_an_engine(slug):
    engine = ENGINES[slug]
    assert isinstance(engine, Engine) and engine.slug == slug
    assert isinstance(engine.version, int) and engine.version >= 1
    assert all(isinstance(v, int) and 1 <= v < engine.version for v in engine.replays), "replays: older versions only"
    assert 1 <= engine.min_players <= engine.max_players <= len(engine.colours)
    for model in (engine.state_model, engine.move_model, engine.options_model):
        assert issubclass(model, BaseModel) and model.model_config.get("frozen"), f"{model.__name__} is not frozen"


@pytest.mark.parametrize("slug", SLUGS)
def test_options_are_slash_command_friendly(slug):
    """Each field has a default and a description of at most 100 characters, and is a ``Literal``,
    a bool, a str or an int bounded both ways (Discord shows choices, a switch or a range)."""
    for name, field in ENGINES[slug].options_model.model_fields.items():
        assert field.description and len(field.description) <= 100, name
        assert not field.is_required(), f"{name} has no default"
        if typing.get_origin(field.annotation) is typing.Literal or field.annotation in (bool, str):
            continue
        assert field.annotation is int, name
        assert any(isinstance(m, Ge) for m in field.metadata) and any(isinstance(m, Le) for m in field.metadata), name


@pytest.mark.parametrize("slug", SLUGS)
def test_setup_accepts_the_options_as_a_mapping(slug):
    engine = ENGINES[slug]
    defaults = engine.options_model()
    for players in range(engine.min_players, engine.max_players + 1):
        assert engine.setup(players, defaults.model_dump(mode="json")) == engine.setup(players, defaults)
