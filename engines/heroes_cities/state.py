"""The game state of Helden & Steden and the start position.

The board is a string of 100 characters, one per square in index order (``a1``, ``b1``,
.., ``j1``, ``a2``, .., ``j10``): ``.`` empty, ``A``/``H`` red attacker/hero (seat 0),
``a``/``h`` blue attacker/hero (seat 1). Cities never hold a character of their own:
their squares are fixed (``board.CITY_SQUARES``) and ``cities`` holds the colour each
one shows. A string keeps the state small, hashable and cheap to copy.

>>> from engines.heroes_cities.options import HeroesCitiesOptions
>>> s = initial_state(HeroesCitiesOptions())
>>> s.phase, s.to_move, s.reserve, s.board.count("A"), s.board.count("a")
('roll', None, (8, 8), 8, 8)
"""

from __future__ import annotations

from typing import Literal

from pydantic import field_validator

from engines.core.contract import Frozen, Result, Seat
from engines.heroes_cities import board as B
from engines.heroes_cities.options import HeroesCitiesOptions

EMPTY = "."
ATTACKER = ("A", "a")
"""Attacker character per seat."""
HERO = ("H", "h")
"""Hero character per seat."""
PIECE_CHARS = "AHah"
OWNER = {"A": 0, "H": 0, "a": 1, "h": 1}
RANGE = {"A": 2, "a": 2, "H": 3, "h": 3}
"""Rulebook, "Verplaatsen van speelstukken": an attacker moves at most 2 squares, a hero at most 3."""

Phase = Literal["roll", "play"]


class LastMoveView(Frozen):
    """The last move as the state keeps it and every view shows it (``view.py`` passes it on)."""

    seat: Seat
    text: str
    """The move in notation, e.g. ``c2-d3-d4`` or ``e4=H``."""
    path: tuple[str, ...]
    """Squares visited from start to end (one square for an in-place promotion)."""
    captured: tuple[str, ...]
    """Squares whose pieces were captured at the end of that move."""


class HeroesCitiesState(Frozen):
    options: HeroesCitiesOptions
    phase: Phase
    """``roll`` until the start roll decided the first player, then ``play``."""
    board: str
    cities: tuple[int, ...]
    """The seat whose colour each city shows, in ``board.CITY_SQUARES`` order."""
    to_move: Seat | None
    """The seat whose turn it is (after the end: whose turn it would have been)."""
    first_player: Seat | None
    reserve: tuple[int, int]
    """Heroes in each seat's personal supply."""
    captured: tuple[tuple[int, int], tuple[int, int]]
    """Per seat: (attackers, heroes) of that seat taken by enclosure."""
    turn: int
    """Turns played (moves, promotions and passes)."""
    quiet: int
    """Consecutive turns without a capture or a promotion."""
    passes: int
    """Consecutive passes (2 ends the game, decision 9)."""
    last_move: LastMoveView | None
    result: Result | None

    @field_validator("board")
    @classmethod
    def _board_ok(cls, value: str) -> str:
        if len(value) != B.CELLS or set(value) - set(EMPTY + PIECE_CHARS):
            raise ValueError("board must be 100 characters of '.AHah'")
        return value

    @field_validator("cities")
    @classmethod
    def _cities_ok(cls, value: tuple[int, ...]) -> tuple[int, ...]:
        if len(value) != len(B.CITY_SQUARES) or set(value) - {0, 1}:
            raise ValueError("cities must be 8 seats 0 or 1")
        return value


def initial_state(options: HeroesCitiesOptions) -> HeroesCitiesState:
    """Rulebook, "Voorbereiding van het spel" steps 1-5 (layout: decision 2; start roll: decision 3)."""
    cells = [EMPTY] * B.CELLS
    for seat in (0, 1):
        for sq in B.START_ATTACKERS[seat]:
            cells[sq] = ATTACKER[seat]
    return HeroesCitiesState(
        options=options,
        phase="roll",
        board="".join(cells),
        cities=B.CITY_START_OWNERS,
        to_move=None,
        first_player=None,
        reserve=(B.START_RESERVE, B.START_RESERVE),
        captured=((0, 0), (0, 0)),
        turn=0,
        quiet=0,
        passes=0,
        last_move=None,
        result=None,
    )


def pieces_on_board(board: str, seat: Seat) -> int:
    """Pieces (attackers and heroes) of ``seat`` on the board; the reserve does not count."""
    return board.count(ATTACKER[seat]) + board.count(HERO[seat])


def city_count(cities: tuple[int, ...], seat: Seat) -> int:
    """Cities showing ``seat``'s colour."""
    return cities.count(seat)
