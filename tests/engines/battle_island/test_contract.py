"""The engine against the referee's contract (engines/core/contract.py) and the bot's needs: what
is particular to this game (what every engine must do is tests/engines/conformance's)."""

from __future__ import annotations

import pytest

from engines.battle_island import BattleIsland, BattleIslandOptions
from engines.battle_island.moves import MOVES
from engines.battle_island.state import BattleIslandState
from engines.core.contract import ButtonGame, Engine, Outcome, SealingGame

from .conftest import position


def test_is_an_engine(engine):
    assert isinstance(engine, Engine) and isinstance(engine, SealingGame) and isinstance(engine, ButtonGame)
    assert engine.slug == "battle_island" and engine.colours == ("red", "blue")
    assert (engine.min_players, engine.max_players, engine.version) == (2, 2, 2)
    assert (engine.state_model, engine.move_model, engine.options_model) == (
        BattleIslandState, MOVES, BattleIslandOptions
    )


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


def test_every_seat_outside_to_act_has_no_moves(engine):
    state = position("Jc2n tl12s", die=2)
    assert engine.to_act(state) == frozenset({0}) and engine.legal_moves(state, 1) == []
    assert engine.action_buttons(state, 1) == ()


def test_engine_is_not_registered_here():
    """Registering is one line in engines/registry.py (someone else's file): nothing here needs it."""
    assert BattleIsland.slug == "battle_island"
