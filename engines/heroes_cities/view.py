"""What leaves the engine for Helden & Steden: the view model the renderer and bot read.

The game has no hidden information, so every viewer gets the same view; ``viewer`` is
kept so the shape matches the other games.
"""

from __future__ import annotations

from typing import Literal

from engines.core.contract import Frozen, Result, Seat

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


class LastMoveView(Frozen):
    seat: Seat
    text: str
    """The move in notation, e.g. ``c2-d3-d4`` or ``e4=H``."""
    path: tuple[str, ...]
    """Squares visited from start to end (one square for an in-place promotion)."""
    captured: tuple[str, ...]
    """Squares whose pieces were captured at the end of that move."""


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
