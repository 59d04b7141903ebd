"""Issue 14: the referee's move path applies a move once, not three times.

``parse_move`` checks a move by applying it, the referee applies it, and folding the new record
entries in applies it again (from the stored JSON), each followed by the same dice. The engine keeps
the last few steps by the very state they started from, so the repeats cost nothing and give the
same state."""

from __future__ import annotations

import pytest

from engines.axis_allies import turn
from engines.axis_allies.state import AxisAlliesState
from engines.core.contract import Outcome
from engines.core.errors import IllegalMoveError
from engines.core.record import MoveEvent, replay_step

from .conftest import ENGINE, play


def counting(monkeypatch, name: str) -> list:
    calls: list = []
    real = getattr(turn, name)
    monkeypatch.setattr(turn, name, lambda *args: calls.append(args) or real(*args))
    return calls


def test_parse_apply_and_replay_apply_the_move_once(monkeypatch):
    state = play(ENGINE.setup(2), "end", "end")
    applied = counting(monkeypatch, "apply")
    move = ENGINE.parse_move("move 1 arm Russia -> Karelia -> Eastern Europe", state, 0)
    after = ENGINE.apply(state, 0, move)
    event = MoveEvent(seat=0, text=ENGINE.format_move(move, state), move=move.model_dump(mode="json"))
    replayed = replay_step(ENGINE, state.options, state, event)
    assert len(applied) == 1
    assert replayed is after


def test_the_same_dice_on_the_same_state_are_applied_once(monkeypatch):
    state = play(ENGINE.setup(2), "end", "end", "move 1 arm Russia -> Karelia -> Eastern Europe", "end",
                 "attack Eastern Europe")
    spec = ENGINE.chance(state)
    assert spec is not None
    rolled = counting(monkeypatch, "apply_chance")
    outcome = Outcome(kind=spec.kind, values=(0,) * len(spec.sizes))
    first = ENGINE.apply_chance(state, outcome)
    assert ENGINE.apply_chance(state, Outcome(kind=spec.kind, values=(0,) * len(spec.sizes))) is first
    assert len(rolled) == 1


def test_an_equal_state_that_is_another_object_is_applied_afresh(monkeypatch):
    """Kept by identity, never by equality: a state read back from storage is worked out again."""
    state = play(ENGINE.setup(2), "end", "end")
    move = ENGINE.parse_move("move 1 arm Russia -> Karelia -> Eastern Europe", state, 0)
    after = ENGINE.apply(state, 0, move)
    copy = AxisAlliesState.model_validate_json(state.model_dump_json())
    applied = counting(monkeypatch, "apply")
    again = ENGINE.apply(copy, 0, move)
    assert len(applied) == 1
    assert again == after and again is not after


def test_an_illegal_move_is_refused_every_time():
    state = play(ENGINE.setup(2), "end", "end")
    move = ENGINE.parse_move("end", state, 0)
    ENGINE.apply(state, 0, move)
    for _ in range(2):
        with pytest.raises(IllegalMoveError):
            ENGINE.apply(state, 1, move)  # the seat not to act: never the kept answer of seat 0
