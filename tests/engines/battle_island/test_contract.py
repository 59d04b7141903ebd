"""The engine against the referee's contract (engines/core/contract.py) and the bot's needs."""

from __future__ import annotations

import typing

import pytest
from annotated_types import Ge, Le

from engines.battle_island import BattleIsland, BattleIslandOptions
from engines.battle_island.moves import BattleIslandMove
from engines.battle_island.state import BattleIslandState
from engines.core.contract import ButtonGame, Engine, Outcome, SealingGame
from engines.core.record import MoveEvent, StartEvent, replay, resolve_chance

from .conftest import position, random_action


def test_is_an_engine(engine):
    assert isinstance(engine, Engine) and isinstance(engine, SealingGame) and isinstance(engine, ButtonGame)
    assert engine.slug == "battle_island" and engine.colours == ("red", "blue")
    assert (engine.min_players, engine.max_players, engine.version) == (2, 2, 2)
    assert (engine.state_model, engine.move_model, engine.options_model) == (
        BattleIslandState, BattleIslandMove, BattleIslandOptions
    )


def test_options_are_slash_command_friendly():
    """Each field is a ``Literal``, a bool or a bounded int, with a default and a short description."""
    for name, field in BattleIslandOptions.model_fields.items():
        assert field.description and len(field.description) <= 100, name
        assert field.default is not None, name
        if typing.get_origin(field.annotation) is typing.Literal or field.annotation is bool:
            continue
        assert field.annotation is int, name
        assert any(isinstance(m, Ge) for m in field.metadata) and any(isinstance(m, Le) for m in field.metadata)


def test_chance_nodes_and_their_words(engine):
    state = engine.setup(2, BattleIslandOptions(blocks="all_live"))
    assert engine.to_act(state) == frozenset() and engine.chance(state).kind == "first_player_roll"
    with pytest.raises(ValueError):
        engine.apply_chance(state, Outcome(kind="die", values=(3,)))
    with pytest.raises(ValueError):
        engine.apply_chance(state, Outcome(kind="first_player_roll", values=(6, 0)))
    assert engine.describe_chance(Outcome(kind="first_player_roll", values=(4, 1)), state) == (
        "core.first_roll", {"faces": [5, 2], "seat": 0}
    )
    rolling = position("Jc2n tl12s").model_copy(update={"step": "rolling"})
    assert engine.to_act(rolling) == frozenset() and engine.chance(rolling).sizes == (6,)
    assert engine.describe_chance(Outcome(kind="die", values=(0,)), rolling) == ("battle_island.rolled", {"seat": 0, "face": 0})
    with pytest.raises(ValueError):
        engine.apply_chance(rolling, Outcome(kind="die", values=(6,)))
    assert engine.chance(position("Jc2n tl12s", die=2)) is None


def test_replay_with_secret_arming_and_chance(engine):
    """The record replays: the secret seal draws, the start roll, the secret ``arm`` moves,
    the salt, setup, and turns with their dice."""
    options = BattleIslandOptions(blocks="armed_by_owner")
    import random

    rng = random.Random(1)
    seed = bytes(range(32))
    state = engine.setup(2, options)
    events: list = [StartEvent(players=2)]
    index = 0
    secret = 0
    for _ in range(120):
        state, chance = resolve_chance(engine, state, seed, index)
        events.extend(chance)
        index += sum(len(e.values) for e in chance)
        seat, move = random_action(engine, state, rng)
        text = engine.format_move(move, state)
        secret += engine.is_secret(move, state)
        events.append(MoveEvent(seat=seat, text=text, move=move.model_dump(mode="json"), secret=engine.is_secret(move, state)))
        state = engine.apply(state, seat, move)
    assert secret == 2 and state.phase == "play"
    assert replay(engine, options, events) == state


def test_every_seat_outside_to_act_has_no_moves(engine):
    state = position("Jc2n tl12s", die=2)
    assert engine.to_act(state) == frozenset({0}) and engine.legal_moves(state, 1) == []
    assert engine.action_buttons(state, 1) == ()


def test_engine_is_not_registered_here():
    """Registering is one line in engines/registry.py (someone else's file): nothing here needs it."""
    assert BattleIsland.slug == "battle_island"
