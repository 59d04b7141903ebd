"""Every registered engine against the static part of the contract (engines/core/contract.py) and
what the bot builds from it (docs/adding-a-game.md, "The contract")."""

from __future__ import annotations

import typing

import pytest
from annotated_types import Ge, Le
from pydantic import BaseModel

from engines.core.contract import Engine
from engines.core.tagged import TaggedMoves
from engines.registry import ENGINES
from tests.engines.perft import GAMES as PERFT_GAMES
from tests.engines.perft import load as load_perft
from tests.engines.perft import state_of as perft_state

SLUGS = sorted(ENGINES)


@pytest.mark.parametrize("slug", SLUGS)
def test_is_an_engine(slug):
    engine = ENGINES[slug]
    assert isinstance(engine, Engine) and engine.slug == slug
    assert isinstance(engine.version, int) and engine.version >= 1
    assert all(isinstance(v, int) and 1 <= v < engine.version for v in engine.replays), "replays: older versions only"
    assert 1 <= engine.min_players <= engine.max_players <= len(engine.colours)
    moves = engine.move_model.members if isinstance(engine.move_model, TaggedMoves) else (engine.move_model,)
    for model in (engine.state_model, *moves, engine.options_model):
        assert issubclass(model, BaseModel) and model.model_config.get("frozen"), f"{model.__name__} is not frozen"


@pytest.mark.parametrize("slug", [slug for slug in SLUGS if isinstance(ENGINES[slug].move_model, TaggedMoves)])
def test_tagged_moves_have_one_model_per_kind(slug):
    """A game whose moves are a tagged union: each kind is one member's; every legal move at the
    start reads back from its JSON as itself, also as older records wrote it."""
    engine = ENGINES[slug]
    kinds = [typing.get_args(member.model_fields["kind"].annotation) for member in engine.move_model.members]
    assert all(kinds) and len({k for ks in kinds for k in ks}) == sum(map(len, kinds)), kinds
    states = [engine.setup(engine.min_players, engine.options_model())]
    if slug in PERFT_GAMES:  # positions in play, where every kind of move is found
        states += [perft_state(slug, line) for line in load_perft(slug)]
    every_field = {
        name: None if field.is_required() else field.default
        for member in engine.move_model.members for name, field in member.model_fields.items() if name != "kind"
    }
    for state in states:
        for seat in sorted(engine.to_act(state)):
            for move in list(engine.legal_moves(state, seat))[:50]:
                data = move.model_dump(mode="json")
                assert engine.move_model.model_validate(data) == move
                # As records stored it when the moves were one model: every field, the others' empty.
                assert engine.move_model.model_validate({**every_field, **data}) == move


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
