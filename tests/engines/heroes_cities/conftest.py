"""Fixtures for the Helden & Steden engine tests: the engine and quick position builders."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from engines.heroes_cities import HeroesCities, HeroesCitiesOptions, HeroesCitiesState
from engines.heroes_cities import board as B
from engines.heroes_cities.effects import enclosed_squares


def make_state(
    pieces: str = "",
    *,
    cities: dict[str, int] | None = None,
    to_move: int = 0,
    reserve: tuple[int, int] = (8, 8),
    quiet: int = 0,
    passes: int = 0,
    turn: int = 10,
    options: HeroesCitiesOptions | None = None,
) -> HeroesCitiesState:
    """A position in play. ``pieces`` like ``"A:c2,d2 h:e5"`` (A/H red, a/h blue);
    ``cities`` overrides the colour of city squares (start colours otherwise)."""
    cells = ["."] * B.CELLS
    for group in pieces.split():
        kind, squares = group.split(":")
        for sq in squares.split(","):
            cells[B.index(sq)] = kind
    board = "".join(cells)
    # a position in play never holds enclosed pieces (they are taken at the end of each turn)
    assert enclosed_squares(board, "enclosed") == (), "test position has enclosed pieces"
    owners = list(B.CITY_START_OWNERS)
    for sq, seat in (cities or {}).items():
        owners[B.CITY_SLOT[B.index(sq)]] = seat
    return HeroesCitiesState(
        options=options or HeroesCitiesOptions(),
        phase="play",
        board=board,
        cities=tuple(owners),
        to_move=to_move,
        first_player=to_move if turn % 2 == 0 else 1 - to_move,
        reserve=reserve,
        captured=((0, 0), (0, 0)),
        turn=turn,
        quiet=quiet,
        passes=passes,
        last_move=None,
        result=None,
    )


def play(engine: HeroesCities, state: HeroesCitiesState, *texts: str) -> HeroesCitiesState:
    """Parse and apply each move text for the seat to move."""
    for text in texts:
        seat = state.to_move
        state = engine.apply(state, seat, engine.parse_move(text, state, seat))
    return state


def squares_of(state: HeroesCitiesState, kinds: str) -> set[str]:
    return {B.NAMES[i] for i, c in enumerate(state.board) if c in kinds}


@pytest.fixture
def engine() -> HeroesCities:
    return HeroesCities()


@pytest.fixture
def make() -> Callable[..., HeroesCitiesState]:
    return make_state


@pytest.fixture
def move(engine: HeroesCities) -> Callable[..., HeroesCitiesState]:
    """``move(state, "c2-d4", ...)``: the state after those moves."""
    return lambda state, *texts: play(engine, state, *texts)


@pytest.fixture
def on() -> Callable[[HeroesCitiesState, str], set[str]]:
    return squares_of
