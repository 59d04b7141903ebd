"""Fixtures for the Masters Victory engine tests: the engine and quick position builders."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from engines.masters_victory import (
    MastersVictory,
    MastersVictoryOptions,
    MastersVictoryState,
)
from engines.masters_victory import board as B
from engines.masters_victory.state import EMPTY, initial_state


def make_state(
    pieces: str = "",
    *,
    to_move: int = 0,
    used: int = 0,
    moved: tuple[str, ...] = (),
    off: tuple[str, str] = ("", ""),
    quiet: int = 0,
    turns: int = 10,
    options: MastersVictoryOptions | None = None,
    **option_values: object,
) -> MastersVictoryState:
    """A position in play. ``pieces`` like ``"T2:d4 tm:e5 B:c3,c4 a:h5"``: upper case is
    red (seat 0, south), lower case green (seat 1, north); fighters, tanks and soldiers
    carry their back-number (``1``, ``2``, ``3``, ``m``), bombers and artillery none."""
    cells = [EMPTY] * B.CELLS
    nums = [EMPTY] * B.CELLS
    for group in pieces.split():
        code, squares = group.split(":")
        letter, number = code[0], code[1:]
        assert (letter.upper() in B.NUMBERED) == bool(number), group
        for sq in squares.split(","):
            i = B.index(sq)
            assert cells[i] == EMPTY, f"{sq} twice"
            cells[i] = letter
            nums[i] = number or EMPTY
    if options is None:
        options = MastersVictoryOptions(**option_values)  # type: ignore[arg-type]
    return initial_state(options).model_copy(
        update={
            "phase": "play",
            "board": "".join(cells),
            "numbers": "".join(nums),
            "ready": (True, True),
            "to_move": to_move,
            "first_player": 0,
            "turns": turns,
            "used": used,
            "moved": tuple(B.index(s) for s in moved),
            "off": off,
            "quiet": quiet,
        }
    )


def play(engine: MastersVictory, state: MastersVictoryState, *texts: str) -> MastersVictoryState:
    """Parse and apply each action text for the seat to move."""
    for text in texts:
        seat = state.to_move
        state = engine.apply(state, seat, engine.parse_move(text, state, seat))
    return state


def at(state: MastersVictoryState, square: str) -> str:
    """``"T2"``-style code of what stands on ``square`` (``"."`` when empty)."""
    i = B.index(square)
    piece = state.board[i]
    if piece == EMPTY:
        return EMPTY
    number = state.numbers[i]
    return piece + ("" if number == EMPTY else number)


@pytest.fixture
def engine() -> MastersVictory:
    return MastersVictory()


@pytest.fixture
def make() -> Callable[..., MastersVictoryState]:
    return make_state


@pytest.fixture
def move(engine: MastersVictory) -> Callable[..., MastersVictoryState]:
    """``move(state, "d3-d5", ...)``: the state after those actions."""
    return lambda state, *texts: play(engine, state, *texts)


@pytest.fixture
def on() -> Callable[[MastersVictoryState, str], str]:
    """``on(state, "d4")``: ``"T2"``-style code of what stands there, ``"."`` when empty."""
    return at
