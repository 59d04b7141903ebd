"""The referee's move path: ``parse_move`` reads a move, ``apply`` judges and plays it.

``parse_move`` fills in a route and names a transport, and applies nothing: the referee applies the
parsed move next, and ``apply`` refuses an illegal one naming the rule it breaks. A step applied
again (folding the record back in, a state read back from storage) is worked out again: the engine
keeps no steps by the identity of the state they started from, so only the values count."""

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


def test_parse_move_applies_nothing(monkeypatch):
    """Failed before: ``parse_move`` applied the move to check it."""
    state = play(ENGINE.setup(2), "end", "end")
    applied = counting(monkeypatch, "apply")
    move = ENGINE.parse_move("move 1 arm Russia -> Karelia -> Eastern Europe", state, 0)
    assert applied == []
    ENGINE.apply(state, 0, move)
    assert len(applied) == 1


def test_a_replayed_move_gives_the_state_the_referee_applied():
    state = play(ENGINE.setup(2), "end", "end")
    move = ENGINE.parse_move("move 1 arm Russia -> Karelia -> Eastern Europe", state, 0)
    after = ENGINE.apply(state, 0, move)
    event = MoveEvent(seat=0, text=ENGINE.format_move(move, state), move=move.model_dump(mode="json"))
    assert replay_step(ENGINE, state.options, state, event) == after


def test_the_same_dice_on_the_same_state_give_the_same_state(monkeypatch):
    """Each application is worked out afresh (failed before: the second was the kept answer)."""
    state = play(ENGINE.setup(2), "end", "end", "move 1 arm Russia -> Karelia -> Eastern Europe", "end",
                 "attack Eastern Europe")
    spec = ENGINE.chance(state)
    assert spec is not None
    rolled = counting(monkeypatch, "apply_chance")
    first = ENGINE.apply_chance(state, Outcome(kind=spec.kind, values=(0,) * len(spec.sizes)))
    again = ENGINE.apply_chance(state, Outcome(kind=spec.kind, values=(0,) * len(spec.sizes)))
    assert again == first
    assert len(rolled) == 2


def test_a_state_read_back_from_storage_plays_on_alike():
    state = play(ENGINE.setup(2), "end", "end")
    move = ENGINE.parse_move("move 1 arm Russia -> Karelia -> Eastern Europe", state, 0)
    copy = AxisAlliesState.model_validate_json(state.model_dump_json())
    assert ENGINE.apply(copy, 0, move) == ENGINE.apply(state, 0, move)


def test_an_illegal_move_is_refused_every_time():
    state = play(ENGINE.setup(2), "end", "end")
    move = ENGINE.parse_move("end", state, 0)
    ENGINE.apply(state, 0, move)
    for _ in range(2):
        with pytest.raises(IllegalMoveError):
            ENGINE.apply(state, 1, move)  # the seat not to act
