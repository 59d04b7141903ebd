"""Fixtures for the Militakiri engine tests: the engine and quick position builders."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from engines.core.contract import Outcome
from engines.militakiri import Militakiri, MilitakiriOptions, MilitakiriState
from engines.militakiri.board import GEOMETRY, RESERVES
from engines.militakiri.rules import lone_seats
from engines.militakiri.turn import result_of

SINGLE_SETUP = ("towers a1 c2 e3", "towers f12 d11 b10")
DOUBLE_SETUP = ("towers a1 e1 b2 f2 c3 g3", "towers a12 e12 b11 f11 c10 g10")


def make_state(
    pieces: str = "",
    *,
    board: str = "single",
    to_move: int = 0,
    reserves: tuple[tuple[int, int, int], tuple[int, int, int]] | None = None,
    pending: tuple[str, str] = ("", ""),
    endgame: tuple[int, int] | None = None,
    turn: int = 10,
    quiet: int = 0,
    options: MilitakiriOptions | None = None,
) -> MilitakiriState:
    """A position in play. ``pieces`` like ``"a1:TP c3:pS f12:ts"``: square, colon, the square's
    content as in ``engines.militakiri.pieces`` (stacks bottom to top)."""
    options = options or MilitakiriOptions(board=board)
    g = GEOMETRY[options.board]
    cells = [""] * g.cells
    for group in pieces.split():
        square, cell = group.split(":")
        cells[g.index(square)] = cell
    reserve = RESERVES[options.board]
    state = MilitakiriState(
        options=options,
        phase="play",
        board=tuple(cells),
        setups=("", ""),
        to_move=to_move,
        first_player=to_move if turn % 2 == 0 else 1 - to_move,
        reserves=reserves or (reserve, reserve),
        pending=pending,
        endgame=endgame,
        turn=turn,
        quiet=quiet,
    )
    # the endgame rule starts with the first lone seat, so a position in play never has one
    # while the rule is off (the engine relies on that)
    assert endgame is not None or not lone_seats(state.board), "lone seat: give endgame=(m, n)"
    return state.model_copy(update={"result": result_of(state.board, endgame, quiet, 0, options)})


def play(engine: Militakiri, state: MilitakiriState, *texts: str) -> MilitakiriState:
    """Parse and apply each move text for the seat to act."""
    for text in texts:
        seat = state.to_move
        state = engine.apply(state, seat, engine.parse_move(text, state, seat))
    return state


def started(engine: Militakiri, options: MilitakiriOptions | None = None, first: int = 0) -> MilitakiriState:
    """Both seats set up (the fixed setups above) and the start roll won by ``first``."""
    options = options or MilitakiriOptions()
    setups = SINGLE_SETUP if options.board == "single" else DOUBLE_SETUP
    state = engine.setup(2, options)
    for seat in (0, 1):
        state = engine.apply(state, seat, engine.parse_move(setups[seat], state, seat))
    values = (5, 0) if first == 0 else (0, 5)
    return engine.apply_chance(state, Outcome(kind="first_player_roll", values=values))


def cell(state: MilitakiriState, square: str) -> str:
    return state.board[state.geometry.index(square)]


def texts(engine: Militakiri, state: MilitakiriState, seat: int | None = None) -> set[str]:
    seat = state.to_move if seat is None else seat
    return {engine.format_move(m, state) for m in engine.legal_moves(state, seat)}


@pytest.fixture
def engine() -> Militakiri:
    return Militakiri()


@pytest.fixture
def make() -> Callable[..., MilitakiriState]:
    return make_state


@pytest.fixture
def move(engine: Militakiri) -> Callable[..., MilitakiriState]:
    """``move(state, "b2-b3", ...)``: the state after those moves."""
    return lambda state, *moves: play(engine, state, *moves)
