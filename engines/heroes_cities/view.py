"""What leaves the engine for Helden & Steden: the view model the renderer and bot read,
and ``build_view``, which builds it from a state.

The game has no hidden information, so every viewer gets the same view; ``viewer`` is
kept so the shape matches the other games.
"""

from __future__ import annotations

from typing import Literal

from engines.core.contract import Frozen, Result, Seat
from engines.heroes_cities import board as B
from engines.heroes_cities.state import OWNER, HeroesCitiesState, LastMoveView

PieceKind = Literal["attacker", "hero"]


class PieceView(Frozen):
    square: str
    """Algebraic square, files a-j left to right, ranks 1-10 bottom to top (seat 0 at the bottom)."""
    owner: Seat
    kind: PieceKind


class CityView(Frozen):
    square: str
    owner: Seat
    """The colour the double-sided city shows."""


class HeroesCitiesView(Frozen):
    viewer: Seat | None
    size: int = 10
    pieces: tuple[PieceView, ...]
    cities: tuple[CityView, ...]
    reserve: tuple[int, int]
    """Heroes still in each seat's personal supply."""
    captured: tuple[tuple[int, int], tuple[int, int]]
    """Per seat: (attackers, heroes) of that seat taken off the board by enclosure."""
    to_act: tuple[Seat, ...]
    first_player: Seat | None
    """``None`` until the start roll decided it."""
    turn: int
    """Number of moves played."""
    quiet_moves: int
    """Moves since the last capture or promotion (for the quiet-move limit)."""
    last_move: LastMoveView | None
    result: Result | None


def build_view(state: HeroesCitiesState, viewer: Seat | None, to_act: tuple[Seat, ...]) -> HeroesCitiesView:
    """The same for every viewer: the game has no hidden information."""
    return HeroesCitiesView(
        viewer=viewer,
        size=B.SIZE,
        pieces=tuple(
            PieceView(square=B.NAMES[i], owner=OWNER[c], kind="attacker" if c in "Aa" else "hero")
            for i, c in enumerate(state.board)
            if c != "."
        ),
        cities=tuple(
            CityView(square=B.NAMES[sq], owner=owner)
            for sq, owner in zip(B.CITY_SQUARES, state.cities)
        ),
        reserve=state.reserve,
        captured=state.captured,
        to_act=to_act,
        first_player=state.first_player,
        turn=state.turn,
        quiet_moves=state.quiet,
        last_move=state.last_move,
        result=state.result,
    )
