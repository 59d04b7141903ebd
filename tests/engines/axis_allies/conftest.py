"""Helpers for the Axis & Allies engine tests: drive the engine by move texts and fixed dice.

- :func:`play` parses and applies move texts for the seat that must act (``engine.parse_move``
  fills in a route given by its two ends, as a player's text would);
- :func:`roll` answers the pending chance node with chosen faces 1-6 (``Outcome`` values 0-5),
  checking that the engine asks for that kind and that many dice;
- :func:`position` builds a hand-made position: the opening map and owners (changed by
  ``owners``) with only the listed units on it, at the start of ``power``'s turn (so "held since
  the start of the turn" is what ``owners`` says), in ``phase``;
- :func:`units` and :func:`texts` read a state back.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from engines.axis_allies.engine import AxisAllies
from engines.axis_allies.state import (
    AxisAlliesOptions,
    AxisAlliesState,
    Unit,
    initial_state,
)
from engines.axis_allies.turn import begin_turn
from engines.core.contract import Outcome
from engines.core.errors import IllegalMoveError

ENGINE = AxisAllies()
OPENING = initial_state(AxisAlliesOptions())


def seat_to_act(state: AxisAlliesState) -> int:
    (seat,) = ENGINE.to_act(state)
    return seat


def play(state: AxisAlliesState, *moves: str) -> AxisAlliesState:
    """Parse and apply each text for the seat whose decision it is."""
    for text in moves:
        seat = seat_to_act(state)
        state = ENGINE.apply(state, seat, ENGINE.parse_move(text, state, seat))
    return state


def roll(state: AxisAlliesState, kind: str, *faces: int) -> AxisAlliesState:
    """Answer the pending chance node of ``kind`` with these faces (1-6)."""
    spec = ENGINE.chance(state)
    assert spec is not None, f"no dice pending, expected {kind}"
    assert (spec.kind, len(spec.sizes)) == (kind, len(faces)), (spec, kind, faces)
    assert ENGINE.to_act(state) == frozenset(), "nobody acts while dice are due"
    return ENGINE.apply_chance(state, Outcome(kind=kind, values=tuple(f - 1 for f in faces)))


def units(state: AxisAlliesState, territory: str, power: str | None = None) -> dict[str, int]:
    """Unit kind -> count in ``territory`` (of ``power`` only, if given)."""
    return dict(Counter(u.kind for u in state.units_at(territory) if power in (None, u.power)))


def texts(state: AxisAlliesState) -> list[str]:
    """The legal moves of the seat that acts, as text."""
    return [ENGINE.format_move(m, state) for m in ENGINE.legal_moves(state, seat_to_act(state))]


Piece = tuple[Any, ...]
"""``(power, kind, territory)`` or ``(power, kind, territory, count)``."""


def position(
    *pieces: Piece,
    power: str = "germany",
    phase: str = "combat_move",
    owners: dict[str, str] | None = None,
    ipcs: dict[str, int] | None = None,
    techs: dict[str, tuple[str, ...]] | None = None,
    players: int = 5,
    options: AxisAlliesOptions | None = None,
    round_no: int = 1,
) -> AxisAlliesState:
    """The opening map with only ``pieces`` on it, at the start of ``power``'s turn, in ``phase``."""
    base = ENGINE.setup(players, options or AxisAlliesOptions())
    placed: list[Unit] = []
    for power_, kind, at, *count in pieces:
        for _ in range(count[0] if count else 1):
            placed.append(Unit(id=len(placed), kind=kind, power=power_, at=at))
    data = base.model_dump()
    data.update(
        units=placed,
        next_id=len(placed),
        round=round_no,
        owners=tuple(sorted({**dict(base.owners), **(owners or {})}.items())),
        ipcs={**base.ipcs, **(ipcs or {})},
        techs={**base.techs, **(techs or {})},
    )
    state = begin_turn(AxisAlliesState.model_validate(data), power)
    return state.model_copy(update={"phase": phase})


def refused(code: str, state: AxisAlliesState, *moves: str) -> dict[str, Any]:
    """Assert that the last of ``moves`` (the others are played first) is refused with
    ``axis_allies.<code>``; return the error's params."""
    state = play(state, *moves[:-1])
    with pytest.raises(IllegalMoveError) as caught:
        play(state, moves[-1])
    assert caught.value.code == f"axis_allies.{code}", caught.value
    return caught.value.params


def ids(state: AxisAlliesState, territory: str, power: str, kind: str) -> list[int]:
    return [u.id for u in state.units_at(territory) if u.power == power and u.kind == kind]


@pytest.fixture
def engine() -> AxisAllies:
    return ENGINE
