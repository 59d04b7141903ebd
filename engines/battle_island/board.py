"""The island: a 12x12 grid, directions, and the carrier pads beside it.

Squares are algebraic, files ``a-l`` west to east, ranks ``1-12`` south to north; seat 0
sits at the south edge (ranks 1-2 are its first two rows), seat 1 at the north edge.
A square's index is ``rank0 * SIZE + file0``.

>>> name(0), name(SIZE * SIZE - 1), index("c4")
('a1', 'l12', 38)
>>> step(index("c4"), "n"), turn("n", "left"), turn("n", "right")
(50, 'w', 'e')
>>> neighbours(index("a1"))
(1, 12, 13)
>>> pad_columns(0, 0), pad_columns(1, 7)
((0, 1, 2, 3, 4), (11, 10, 9, 8, 7))
>>> name(entry_square(0, 0, 3)), name(entry_square(1, 7, 1)), entry_square(0, -2, 1)
('c1', 'l12', None)
>>> pad_fits(-2), pad_fits(-3), pad_fits(SIZE - 3), pad_fits(SIZE - 2)
(True, False, True, False)
"""

from __future__ import annotations

from typing import Literal

from engines.core.contract import Seat

SIZE = 12
"""The published game's island is 12x12 (docs/games/battle_island.md, decision 1)."""
FILES = "abcdefghijkl"
PAD_SLOTS = 5
RANGE = {"soldier": 2, "jeep": 3, "tank": 4}
"""Exact shooting ranges (rulebook, "Een doel schieten")."""

Direction = Literal["n", "e", "s", "w"]
Side = Literal["left", "right"]
DIRECTIONS: tuple[Direction, ...] = ("n", "e", "s", "w")
DELTA = {"n": (0, 1), "e": (1, 0), "s": (0, -1), "w": (-1, 0)}
FORWARD: tuple[Direction, Direction] = ("n", "s")
"""Each seat's forward: away from its own edge."""
PAD_START = (0, SIZE - PAD_SLOTS)
"""Leftmost island file of each pad at the start: each player's pad lines up with the first
five squares on their own left (seat 1 looks south, so its left is the east)."""


def name(square: int) -> str:
    return f"{FILES[square % SIZE]}{square // SIZE + 1}"


def index(text: str) -> int:
    """The square index of ``text`` (``a1``..``l12``); ``ValueError`` otherwise."""
    text = text.strip().lower()
    if len(text) < 2 or text[0] not in FILES or not text[1:].isdigit() or not 1 <= int(text[1:]) <= SIZE:
        raise ValueError(f"not a square: {text!r}")
    return (int(text[1:]) - 1) * SIZE + FILES.index(text[0])


def step(square: int, direction: Direction) -> int | None:
    """The square one step in ``direction``, or ``None`` off the island."""
    dx, dy = DELTA[direction]
    x, y = square % SIZE + dx, square // SIZE + dy
    if 0 <= x < SIZE and 0 <= y < SIZE:
        return y * SIZE + x
    return None


def ray(square: int, direction: Direction, length: int) -> list[int] | None:
    """The ``length`` squares ahead in order, or ``None`` if the island ends first."""
    squares = []
    for _ in range(length):
        nxt = step(square, direction)
        if nxt is None:
            return None
        squares.append(nxt)
        square = nxt
    return squares


def turn(direction: Direction, side: Side) -> Direction:
    """Facing after a quarter turn to the character's own left or right."""
    i = DIRECTIONS.index(direction)
    return DIRECTIONS[(i + (1 if side == "right" else -1)) % 4]


def neighbours(square: int) -> tuple[int, ...]:
    """The up to eight squares around ``square`` (a live block's blast area)."""
    x, y = square % SIZE, square // SIZE
    return tuple(
        (y + dy) * SIZE + x + dx
        for dy in (-1, 0, 1)
        for dx in (-1, 0, 1)
        if (dx or dy) and 0 <= x + dx < SIZE and 0 <= y + dy < SIZE
    )


def home_rows(seat: Seat) -> tuple[int, int]:
    """Ranks (0-based) of the seat's first two rows."""
    return (0, 1) if seat == 0 else (SIZE - 1, SIZE - 2)


def pad_columns(seat: Seat, left: int) -> tuple[int, ...]:
    """Files beside slots 1-5, numbered from the player's own left; a file outside ``0..SIZE-1``
    is a slot hanging past the island's corner (only the rocket must stay beside the island)."""
    files = tuple(range(left, left + PAD_SLOTS))
    return files if seat == 0 else files[::-1]


def rocket_file(left: int) -> int:
    """The file beside the pad's middle (rocket) square."""
    return left + PAD_SLOTS // 2


def pad_fits(left: int) -> bool:
    """Whether a pad whose leftmost file is ``left`` keeps its rocket square against the island
    ("het middelste raketvierkant moet altijd in contact blijven met de onderkant van het
    eiland"); the outer slots may hang past a corner (decision 3)."""
    return 0 <= rocket_file(left) < SIZE


def entry_square(seat: Seat, left: int, slot: int) -> int | None:
    """The island square in front of pad slot ``slot`` (1-5): where a reinforcement enters;
    ``None`` for a slot hanging past the corner (no square in front of it)."""
    row = home_rows(seat)[0]
    file = pad_columns(seat, left)[slot - 1]
    return row * SIZE + file if 0 <= file < SIZE else None


def pad_shift(seat: Seat, side: Side, squares: int) -> int:
    """Change of the pad's leftmost file when it moves ``squares`` to the player's ``side``."""
    east = 1 if (side == "right") == (seat == 0) else -1
    return east * squares
