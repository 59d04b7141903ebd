"""The capabilities record (engines/core/capabilities.py) against the optional protocols it stands
for: every protocol has its capability, every registered engine's record says what it keeps, and
hidden information is what the engine declares."""

from __future__ import annotations

import inspect
from dataclasses import fields
from typing import ClassVar

import pytest

from engines.core import capabilities as offers
from engines.core import contract
from engines.core.capabilities import PROMISES, Capabilities, capabilities
from engines.registry import CAPABILITIES, ENGINES
from tests.bot.toy_bombs import ToyBombs


def optional_protocols() -> set[type]:
    """Every protocol of the contract but ``Engine`` itself and ``MoveReader`` (what reads a move
    back from the record: every engine has one, it offers players nothing)."""
    return {
        value for _, value in inspect.getmembers(contract, inspect.isclass)
        if getattr(value, "_is_protocol", False) and value not in (contract.Engine, contract.MoveReader)
        and value.__module__ == contract.__name__
    }


def test_every_optional_protocol_is_promised_by_one_capability():
    assert set(PROMISES.values()) == optional_protocols()
    assert len(set(PROMISES.values())) == len(PROMISES)
    assert list(PROMISES) + ["hidden_information"] == [field.name for field in fields(Capabilities)]


def test_every_capability_has_a_guard_that_reads_the_record():
    for name in PROMISES:
        guard = getattr(offers, name)
        assert guard.__annotations__["return"].startswith("TypeIs["), name


@pytest.mark.parametrize("slug", sorted(ENGINES))
def test_the_registry_s_record_says_what_the_engine_keeps(slug):
    engine = ENGINES[slug]
    record = CAPABILITIES[slug]
    assert record == capabilities(engine)
    for name, protocol in PROMISES.items():
        assert getattr(record, name) == isinstance(engine, protocol), name
        assert getattr(offers, name)(engine) == getattr(record, name), name


def test_the_games_with_hidden_information_are_the_ones_declaring_it():
    assert {slug for slug, record in CAPABILITIES.items() if record.hidden_information} == {
        "battle_island", "masters_victory", "militakiri",
    }


def test_a_subclass_that_adds_a_protocol_gets_its_own_record():
    class Roles(ToyBombs):
        def seat_role(self, players, seat):
            return "toy_bombs.role", {}

    assert capabilities(ToyBombs()).names() == ("sealing", "buttons", "hidden_information")
    assert capabilities(Roles()).names() == ("sealing", "buttons", "seat_roles", "hidden_information")
    assert offers.seat_roles(Roles()) and not offers.seat_roles(ToyBombs())


def test_hidden_information_must_be_declared_as_a_bool():
    class Unclear(ToyBombs):
        hidden_information: ClassVar[str] = "yes"  # type: ignore[assignment]

    with pytest.raises(TypeError, match="must be a bool"):
        Capabilities.of(Unclear())
