"""The secret setup and the start (rulebook intro "Bij het begin van het spel worden de 50
pionnen over deze 50 startplaatsen verdeeld"; decisions 2, 10, 11)."""

from __future__ import annotations

import pytest

from engines.core.contract import Outcome
from engines.core.errors import IllegalMoveError, InvalidMoveError
from engines.core.record import resolve_chance
from engines.masters_victory import MastersVictoryOptions
from engines.masters_victory import board as B
from engines.masters_victory.turn import SHUFFLE_SIZES, shuffled


def test_setup_phase_both_seats_act_at_once(engine):
    state = engine.setup(2, MastersVictoryOptions())
    assert state.phase == "setup"
    assert engine.to_act(state) == frozenset({0, 1})
    assert engine.chance(state) is None
    # the types stand on their start places from the beginning; numbers come with the setup
    for seat in (0, 1):
        for kind, squares in B.START[seat].items():
            letter = kind if seat == 0 else kind.lower()
            assert all(state.board[s] == letter for s in squares)
    assert set(state.numbers) == {"."}


def test_setup_moves_are_secret(engine):
    state = engine.setup(2, MastersVictoryOptions())
    for text in ("setup random", "setup f11223m t11223m s11223m"):
        move = engine.parse_move(text, state, 0)
        assert engine.is_secret(move, state)
    assert [engine.format_move(m, state) for m in engine.legal_moves(state, 1)] == [
        "setup random", "setup f11223m t11223m s11223m"]


def test_explicit_setup_places_numbers_in_start_place_order(engine, move):
    """Back-numbers 1,1,2,2,3,3M per numbered type (decision 2) on the type's start places."""
    state = engine.setup(2, MastersVictoryOptions())
    state = engine.apply(state, 0, engine.parse_move("setup fm12312 t3M11223 s21m213", state, 0))
    assert [state.numbers[s] for s in B.START[0]["F"]] == list("m12312")
    assert [state.numbers[s] for s in B.START[0]["T"]] == list("m11223")
    assert [state.numbers[s] for s in B.START[0]["S"]] == list("21m213")
    assert all(state.numbers[s] == "." for k in "BA" for s in B.START[0][k])
    assert state.ready == (True, False)
    assert engine.to_act(state) == frozenset({1})
    with pytest.raises(IllegalMoveError) as err:
        engine.parse_move("setup random", state, 0)
    assert err.value.code == "masters_victory.setup_done"


def test_setup_groups_in_any_order_and_bad_setups(engine):
    state = engine.setup(2, MastersVictoryOptions())
    a = engine.parse_move("setup s11223m f11223m t1m2231", state, 0)
    assert a.numbers == ("11223m", "1m2231", "11223m")
    for bad in ("setup 1122 3m", "setup f111111 t11223m s11223m", "setup f11223m f11223m s11223m", "setup"):
        with pytest.raises(InvalidMoveError) as err:
            engine.parse_move(bad, state, 0)
        assert err.value.code == "masters_victory.setup_syntax"


def test_random_setup_comes_from_a_chance_node(engine):
    """``setup random`` asks the referee's dice for a Fisher-Yates shuffle per numbered type."""
    state = engine.setup(2, MastersVictoryOptions())
    state = engine.apply(state, 1, engine.parse_move("setup random", state, 1))
    assert state.pending == (1,) and state.ready == (False, False)
    assert engine.to_act(state) == frozenset({0})
    spec = engine.chance(state)
    assert spec.kind == "random_setup_1" and spec.sizes == SHUFFLE_SIZES
    values = (1, 4, 0, 2, 1) * 3
    state = engine.apply_chance(state, Outcome(kind="random_setup_1", values=values))
    assert state.ready == (False, True)
    assert [state.numbers[s] for s in B.START[1]["T"]] == list(shuffled(values)[1])
    with pytest.raises(ValueError):
        engine.apply_chance(state, Outcome(kind="random_setup_1", values=values))


def test_every_shuffle_is_a_permutation():
    import itertools

    seen = set()
    for values in itertools.product(*(range(n) for n in (6, 5, 4, 3, 2))):
        group = shuffled(values * 3)[0]
        assert sorted(group) == sorted("11223m")
        seen.add(group)
    assert len(seen) == 180  # 6! / (2! 2!): every arrangement can come up


def test_describe_chance_says_nothing_of_a_random_setup(engine):
    """The opponent learns nothing but "ready": not the numbers, not even that they were drawn."""
    state = engine.setup(2, MastersVictoryOptions())
    code, params = engine.describe_chance(Outcome(kind="random_setup_0", values=(3, 2, 1, 0, 1) * 3), state)
    assert (code, params) == ("", {})


def test_game_starts_when_both_are_ready_then_start_roll(engine):
    """The rulebook does not say who begins: the start roll (decision 10)."""
    state = engine.setup(2, MastersVictoryOptions())
    state = engine.apply(state, 0, engine.parse_move("setup random", state, 0))
    state, events = resolve_chance(engine, state, bytes(32), 0)
    assert [e.kind for e in events] == ["random_setup_0"]
    assert state.phase == "setup"
    with pytest.raises(IllegalMoveError) as err:
        engine.parse_move("d1-e1", state, 1)
    assert err.value.code == "masters_victory.setup_first"
    state = engine.apply(state, 1, engine.parse_move("setup f11223m t11223m s11223m", state, 1))
    assert state.phase == "roll" and engine.to_act(state) == frozenset()
    tie = engine.apply_chance(state, Outcome(kind="first_player_roll", values=(2, 2)))
    assert tie == state
    state = engine.apply_chance(state, Outcome(kind="first_player_roll", values=(1, 5)))
    assert state.phase == "play" and state.first_player == 1 and engine.to_act(state) == frozenset({1})


def test_setup_move_rejected_outside_setup(engine, make):
    state = make("T1:c3")
    with pytest.raises(IllegalMoveError) as err:
        engine.parse_move("setup random", state, 0)
    assert err.value.code == "masters_victory.setup_done"


def test_only_two_players(engine):
    with pytest.raises(ValueError):
        engine.setup(3, MastersVictoryOptions())
    assert engine.setup(2, {"fighter_moves": 7}).options.fighter_moves == 7
