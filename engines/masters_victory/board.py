"""Board geometry of Masters Victory: squares, steps, start places, bunkers, mines, firing zones.

Rulebook: the back lines are "lijn A of R", so the board has 18 rows ``a``..``r``; we chose 11
columns (decision 1). A square is named row letter + column number (``d5``: row d, column 5);
row ``a`` is seat 0's (red, south) back line, row ``r`` seat 1's (green, north). Internally a
square is the index ``row * 11 + column`` (``a1`` = 0, ``r11`` = 197).

Everything here is computed once at import time; the rule modules only look things up.

>>> index("a1"), index("r11"), name(36)
(0, 197, 'd4')
>>> [name(i) for i in STEPS[index("a1")]]
['b1', 'a2']
>>> [name(i) for i in ZONE[0][index("c4")]]
['d3', 'd4', 'd5', 'e3', 'e4', 'e5', 'f3', 'f4', 'f5']
>>> [name(i) for i in ZONE[1][index("b1")]]
['a1', 'a2']
"""

from __future__ import annotations

from functools import cache
from itertools import compress
from typing import Literal

ROW_LETTERS = "abcdefghijklmnopqr"
"""Row names, south (seat 0's back line ``a``) to north (seat 1's back line ``r``)."""

ROWS = 18
COLS = 11
CELLS = ROWS * COLS

# Piece letters: upper case for seat 0, lower case for seat 1.
FIGHTER, BOMBER, TANK, SOLDIER, ARTILLERY = "F", "B", "T", "S", "A"
KINDS = "FBTSA"
PieceKind = Literal["fighter", "bomber", "tank", "soldier", "artillery"]
"""Jager, bommenwerper, tank, soldaat, artillerie."""
KIND_NAME: dict[str, PieceKind] = {"F": "fighter", "B": "bomber", "T": "tank", "S": "soldier", "A": "artillery"}
NAME_KIND = {v: k for k, v in KIND_NAME.items()}
NUMBERED = "FTS"
"""Types that carry back-numbers (rugnummers)."""
AIRCRAFT = "FB"
GROUND = "TSA"


def name(idx: int) -> str:
    """The name of a square index."""
    return f"{ROW_LETTERS[idx // COLS]}{idx % COLS + 1}"


NAMES: tuple[str, ...] = tuple(name(i) for i in range(CELLS))
_INDEX: dict[str, int] = {sq: i for i, sq in enumerate(NAMES)}


def index(square: str) -> int:
    """The index of a square name; ``ValueError`` for a square not on the board."""
    try:
        return _INDEX[square]
    except KeyError:
        raise ValueError(f"not a square of the 18x11 board: {square!r}") from None


def is_square(text: str) -> bool:
    return text in _INDEX


def row(idx: int) -> int:
    return idx // COLS


def col(idx: int) -> int:
    return idx % COLS


def _orthogonal(idx: int) -> tuple[int, ...]:
    r, c = divmod(idx, COLS)
    out = []
    for dr, dc in ((1, 0), (0, 1), (-1, 0), (0, -1)):  # N, E, S, W: the tie-break order
        if 0 <= r + dr < ROWS and 0 <= c + dc < COLS:
            out.append((r + dr) * COLS + c + dc)
    return tuple(out)


STEPS: tuple[tuple[int, ...], ...] = tuple(_orthogonal(i) for i in range(CELLS))
"""Orthogonal neighbours (rulebook: "enkel in de 4 windrichtingen"), in the order N, E, S, W."""


def _around(idx: int) -> tuple[int, ...]:
    r, c = divmod(idx, COLS)
    return tuple(
        (r + dr) * COLS + c + dc
        for dr in (-1, 0, 1)
        for dc in (-1, 0, 1)
        if (dr or dc) and 0 <= r + dr < ROWS and 0 <= c + dc < COLS
    )


AROUND: tuple[tuple[int, ...], ...] = tuple(_around(i) for i in range(CELLS))
"""The 8 squares of the defence zone (verdedigingszone) around every square."""


def distance(a: int, b: int) -> int:
    """Orthogonal steps between two squares (Manhattan distance)."""
    return abs(a // COLS - b // COLS) + abs(a % COLS - b % COLS)


def step_direction(a: int, b: int) -> tuple[int, int] | None:
    """(row delta, column delta) of one orthogonal step from ``a`` to ``b``, else ``None``."""
    if b in STEPS[a]:
        return (b // COLS - a // COLS, b % COLS - a % COLS)
    return None


@cache
def ball(idx: int, steps: int) -> tuple[int, ...]:
    """Squares within ``steps`` orthogonal steps of ``idx`` (not ``idx``), nearest first."""
    r0, c0 = divmod(idx, COLS)
    found = []
    for r in range(max(0, r0 - steps), min(ROWS, r0 + steps + 1)):
        left = steps - abs(r - r0)
        for c in range(max(0, c0 - left), min(COLS, c0 + left + 1)):
            if r != r0 or c != c0:
                found.append(r * COLS + c)
    found.sort(key=lambda s: (distance(idx, s), s))
    return tuple(found)


@cache
def line_path(a: int, b: int) -> tuple[int, ...]:
    """The canonical flight path from ``a`` to ``b``: first along the column (north/south),
    then along the row (east/west); every square, ``a`` first. Aircraft fly over everything,
    so any shortest path is as good as another (decision 5)."""
    r0, c0 = divmod(a, COLS)
    r1, c1 = divmod(b, COLS)
    path = [a]
    r, c = r0, c0
    while r != r1:
        r += 1 if r1 > r else -1
        path.append(r * COLS + c)
    while c != c1:
        c += 1 if c1 > c else -1
        path.append(r * COLS + c)
    return tuple(path)


def mirror(idx: int) -> int:
    """The square seen from the other side: row ``r`` <-> row ``17 - r``, same column."""
    return (ROWS - 1 - idx // COLS) * COLS + idx % COLS


def _squares(text: str) -> tuple[int, ...]:
    return tuple(index(s) for s in text.split())


# --- the layout (decision 1-2): seat 0's half; seat 1's is its mirror image -----------------

_LAYOUT_SEAT0 = (
    # row a (the back line) .. row d; columns 1..11
    "F..B.B.B..F",
    ".FA.F.F.AF.",
    "T.TAT.TAT.T",
    "S.S.S.S.S.S",
)


def _start_places() -> tuple[dict[str, tuple[int, ...]], dict[str, tuple[int, ...]]]:
    seat0: dict[str, list[int]] = {k: [] for k in KINDS}
    for r, line in enumerate(_LAYOUT_SEAT0):
        for c, ch in enumerate(line):
            if ch != ".":
                seat0[ch].append(r * COLS + c)
    first = {k: tuple(v) for k, v in seat0.items()}
    second = {k: tuple(mirror(i) for i in v) for k, v in seat0.items()}
    return first, second


START: tuple[dict[str, tuple[int, ...]], dict[str, tuple[int, ...]]] = _start_places()
"""``START[seat][kind]``: that seat's start places of that type, from its own back line
forward, west to east (the order a setup lists its numbers in)."""

START_KIND: dict[int, tuple[int, str]] = {
    sq: (seat, kind) for seat in (0, 1) for kind, squares in START[seat].items() for sq in squares
}
"""Start place -> (seat, type)."""

BUNKERS: frozenset[int] = frozenset(_squares("f2 f3 f9 f10 i4 i8 j4 j8 m2 m3 m9 m10"))
"""Bunker squares (decision 3): two pairs in each half and four in the middle rows."""
MINES: frozenset[int] = frozenset(_squares("i1 i2 j1 j2 i6 j6 i10 i11 j10 j11"))
"""Mine squares (decision 3): three fields across the middle line."""

BACK_LINE = (0, ROWS - 1)
"""The back-line row of each seat: a soldier on the *other* seat's back line may switch."""


def _zone(seat: int, idx: int) -> tuple[int, ...]:
    """Rulebook R3: the 3x3 firing zone "precies voor de pion uit": the three rows ahead
    (north for seat 0, south for seat 1), the artillery's column and the two beside it."""
    r0, c0 = divmod(idx, COLS)
    ahead = 1 if seat == 0 else -1
    return tuple(
        r * COLS + c
        for r in (r0 + ahead * k for k in (1, 2, 3))
        if 0 <= r < ROWS
        for c in (c0 - 1, c0, c0 + 1)
        if 0 <= c < COLS
    )


ZONE: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(_zone(seat, i) for i in range(CELLS)) for seat in (0, 1)
)
"""``ZONE[seat][square]``: the firing zone of an artillery of ``seat`` standing on ``square``."""


# --- bitboards: bit i is square i; used for fast move generation ----------------------------

FULL = (1 << CELLS) - 1
_COL_FIRST = sum(1 << (r * COLS) for r in range(ROWS))
_COL_LAST = _COL_FIRST << (COLS - 1)
_NOT_FIRST = FULL & ~_COL_FIRST
_NOT_LAST = FULL & ~_COL_LAST
_BIT_BYTES = bytes.maketrans(b"01", b"\x00\x01")


def expand(mask: int) -> int:
    """``mask`` plus every square one orthogonal step away from a square of ``mask``.

    >>> [name(i) for i in squares_of(expand(1 << index("a1")))]
    ['a1', 'a2', 'b1']
    """
    return (
        mask
        | ((mask << COLS) & FULL)
        | (mask >> COLS)
        | ((mask << 1) & _NOT_FIRST)
        | ((mask >> 1) & _NOT_LAST)
    )


_SQUARE_RANGE = tuple(range(CELLS))


def squares_of(mask: int) -> list[int]:
    """The squares of a bitboard, lowest index first."""
    return list(compress(_SQUARE_RANGE, bin(mask)[:1:-1].encode().translate(_BIT_BYTES)))


def mask_of(squares: frozenset[int] | tuple[int, ...]) -> int:
    return sum(1 << s for s in squares)


MINES_MASK = mask_of(MINES)


@cache
def ball_mask(idx: int, steps: int) -> int:
    """``ball(idx, steps)`` as a bitboard."""
    return mask_of(ball(idx, steps))
