"""DOEL: "Winnaar is diegene die hierin als eerste slaagt" -- eliminating the opponent's three
masters; plus our quiet-turn and turn limits (decisions 12, 14)."""

from __future__ import annotations

import pytest

from engines.core.errors import IllegalMoveError
from engines.masters_victory import MastersVictoryOptions, from_position, to_position
from engines.masters_victory.rules import legal_moves


def test_doel_eliminating_the_third_master_wins(engine, make, move):
    state = make("T1:e5 sm:e7 S1:a1 f1:r1", off=("", "FmxTmx"))
    state = move(state, "e5xe7")
    assert state.result is not None
    assert state.result.winners == (0,) and state.result.reason == "masters_victory.masters_eliminated"
    assert state.result.params == {"winner": 0, "loser": 1}
    assert engine.to_act(state) == frozenset() and legal_moves(state, 0) == []
    with pytest.raises(IllegalMoveError) as err:
        engine.parse_move("a1-b1", state, 0)
    assert err.value.code == "masters_victory.game_over"


def test_doel_losing_the_own_last_master_in_an_attack(engine, make, move):
    """R1 "rugnummer 3 heeft dezelfde waarde als 3M": a master attacking a 3 falls with it,
    and when it was the attacker's last master, the opponent wins."""
    state = make("Sm:e5 s1:e6 S1:a1", off=("FmxTmx", ""))
    state = move(state, "e5xe6")
    assert state.result is None  # 3M beats 1
    state = make("Sm:e5 s3:e6 S1:a1", off=("FmxTmx", ""))
    assert move(state, "e5xe6").result.winners == (1,)


def test_doel_both_last_masters_in_one_fight_the_mover_wins(engine, make, move):
    """Decision 12: R1 between the two last masters (3M = 3M, both removed): the side that
    attacked wins -- it eliminated the opponent's masters in its own turn."""
    state = make("Fm:e5 fm:e7 S1:a1", off=("SmxTmx", "SmxTmx"), to_move=0)
    assert move(state, "e5xe7").result.winners == (0,)
    state = make("Fm:e5 fm:e7 s1:r1", off=("SmxTmx", "SmxTmx"), to_move=1)
    assert move(state, "e7xe5").result.winners == (1,)


def test_doel_switching_away_the_last_master_loses(engine, make, move):
    state = make("Sm:r5 S1:a1 t1:m1", off=("FmxTmxB.x", ""))
    state = move(state, "switch r5 b")
    assert state.result.winners == (1,)


def test_quiet_turn_limit(engine, make, move):
    """Decision 14: ``quiet_turn_limit`` turns in a row without a piece removed: a draw."""
    state = make("T1:e5 t1:m5", quiet=58, quiet_turn_limit=60)
    state = move(state, "end")
    assert state.result is None and state.quiet == 59
    state = move(state, "end")
    assert state.result.draw and state.result.reason == "masters_victory.quiet_limit"
    assert state.result.params == {"limit": 60}
    # a removal resets the counter
    reset = move(make("T2:e5 t1:e7 S1:a1", quiet=59, quiet_turn_limit=60), "e5xe7", "end")
    assert reset.result is None and reset.quiet == 0
    assert move(make("T1:e5 t1:m5", quiet=10**3, quiet_turn_limit=0), "end").result is None


def test_turn_limit(engine, make, move):
    state = make("T1:e5 t1:m5", turns=599, turn_limit=600)
    state = move(state, "end")
    assert state.result.draw and state.result.reason == "masters_victory.turn_limit"
    assert move(make("T1:e5 t1:m5", turns=599, turn_limit=0), "end").result is None


def test_result_follows_from_the_position(engine, make, move):
    state = move(make("T1:e5 sm:e7 S1:a1 f1:r1", off=("", "FmxTmx")), "e5xe7")
    back = from_position(to_position(state), state.options)
    assert back.result == state.result


def test_doel_by_default_no_limit_on_the_length(engine, make, move):
    """DOEL: "Winnaar is diegene die hierin als eerste slaagt" -- the rulebook ends a game only
    when the masters are eliminated. The default game is the rulebook's: the
    quiet-turn limit and the turn limit are our additions, named as ours, and off unless a match
    sets them."""
    options = MastersVictoryOptions()
    assert options.quiet_turn_limit == 0 and options.turn_limit == 0
    for name in ("quiet_turn_limit", "turn_limit"):
        assert MastersVictoryOptions.model_fields[name].description.startswith("(our addition)")
    state = make("T1:e5 t1:m5", quiet=5000, turns=50_000)
    assert state.options == options
    assert move(state, "end").result is None
