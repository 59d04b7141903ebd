"""Board geometry of Helden & Steden: squares, neighbours, lines, cities, the start layout.

Rulebook, "Spelmateriaal": a board of 10x10 squares. Squares are named ``a1``..``j10``:
files ``a``-``j`` left to right, ranks ``1``-``10`` bottom to top, seat 0 (red) at the
bottom. Internally a square is an index ``rank0 * 10 + file0`` (``a1`` = 0, ``j10`` = 99).

Everything here is computed once at import time; the rule modules only look things up.

>>> index("a1"), index("j10"), name(13)
(0, 99, 'd2')
>>> [name(i) for i in NEIGHBOURS[index("a1")]]
['a2', 'b2', 'b1']
>>> distance(index("c2"), index("d4"))
2
"""

from __future__ import annotations

SIZE = 10
CELLS = SIZE * SIZE
FILES = "abcdefghij"


def index(square: str) -> int:
    """The index of an algebraic square name; ``ValueError`` for a square not on the board."""
    try:
        return _INDEX[square]
    except KeyError:
        raise ValueError(f"not a square of the 10x10 board: {square!r}") from None


def name(idx: int) -> str:
    """The algebraic name of a square index."""
    return f"{FILES[idx % SIZE]}{idx // SIZE + 1}"


def is_square(text: str) -> bool:
    return text in _INDEX


def distance(a: int, b: int) -> int:
    """King distance (Chebyshev): the fewest king-steps from ``a`` to ``b`` on an empty board."""
    return max(abs(a % SIZE - b % SIZE), abs(a // SIZE - b // SIZE))


NAMES: tuple[str, ...] = tuple(name(i) for i in range(CELLS))
_INDEX: dict[str, int] = {sq: i for i, sq in enumerate(NAMES)}

# Step directions as (file delta, rank delta), in the fixed order that breaks ties between
# equally short paths (see ``canonical_path``): N, NE, E, SE, S, SW, W, NW.
DIRECTIONS: tuple[tuple[int, int], ...] = (
    (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1),
)


def _neighbours(idx: int) -> tuple[int, ...]:
    f, r = idx % SIZE, idx // SIZE
    return tuple(
        (r + dr) * SIZE + (f + df)
        for df, dr in DIRECTIONS
        if 0 <= f + df < SIZE and 0 <= r + dr < SIZE
    )


NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(_neighbours(i) for i in range(CELLS))
"""King-step neighbours of every square, in ``DIRECTIONS`` order."""
NEIGHBOUR_MASKS: tuple[int, ...] = tuple(sum(1 << n for n in ns) for ns in NEIGHBOURS)
"""The same as bitboards."""

# Bitboards: bit i is square i. Used for fast reachability (``expand``).
FULL = (1 << CELLS) - 1
_FILE_A = sum(1 << (r * SIZE) for r in range(SIZE))
_FILE_J = _FILE_A << (SIZE - 1)
_NOT_A = FULL & ~_FILE_A
_NOT_J = FULL & ~_FILE_J


def expand(mask: int) -> int:
    """``mask`` plus every square one king-step away from a square of ``mask``.

    >>> sorted(name(i) for i in range(CELLS) if expand(1 << index("a1")) >> i & 1)
    ['a1', 'a2', 'b1', 'b2']
    """
    row = mask | ((mask & _NOT_J) << 1) | ((mask & _NOT_A) >> 1)
    return (row | (row << SIZE) | (row >> SIZE)) & FULL


def bits(mask: int) -> list[int]:
    """Indices of the set bits of ``mask``, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _lines() -> tuple[tuple[int, ...], ...]:
    """Every maximal line of the board in the 4 line directions (ranks, files, both diagonals)."""
    lines: list[tuple[int, ...]] = []
    for df, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
        for start in range(CELLS):
            f, r = start % SIZE, start // SIZE
            pf, pr = f - df, r - dr
            if 0 <= pf < SIZE and 0 <= pr < SIZE:
                continue  # not the first square of its line
            line = []
            while 0 <= f < SIZE and 0 <= r < SIZE:
                line.append(r * SIZE + f)
                f, r = f + df, r + dr
            if len(line) >= 3:  # a shorter line cannot hold an enclosed piece
                lines.append(tuple(line))
    return tuple(lines)


LINES: tuple[tuple[int, ...], ...] = _lines()
"""Horizontal, vertical and diagonal lines of 3 or more squares (the board edge ends a line)."""

# Seat 0 (red) cities first, then seat 1 (blue); the start layout is a lost figure (decision 2).
CITY_SQUARES: tuple[int, ...] = tuple(
    index(s) for s in ("a3", "d4", "g4", "j3", "a8", "d7", "g7", "j8")
)
CITY_START_OWNERS: tuple[int, ...] = (0, 0, 0, 0, 1, 1, 1, 1)
CITY_SLOT: dict[int, int] = {sq: slot for slot, sq in enumerate(CITY_SQUARES)}
"""Square index -> position of that city in ``State.cities``."""

START_ATTACKERS: tuple[tuple[int, ...], tuple[int, ...]] = (
    tuple(index(f"{f}2") for f in "bcdefghi"),
    tuple(index(f"{f}9") for f in "bcdefghi"),
)
START_RESERVE = 8


DIST: tuple[tuple[int, ...], ...] = tuple(
    tuple(distance(a, b) for b in range(CELLS)) for a in range(CELLS)
)
"""``DIST[a][b]`` is ``distance(a, b)``."""


def canonical_path(empty: int, frm: int, to: int, limit: int = 3) -> tuple[int, ...]:
    """The path shown for a move: shortest, ties broken by step direction N, NE, E, SE, S, SW, W, NW.

    ``empty`` is the bitboard of empty squares before the move. Of all shortest paths from
    ``frm`` to ``to`` over empty squares (at most ``limit`` steps), the one whose sequence of
    step directions comes first in that order: a depth-first search in direction order,
    deepened one step at a time from the king distance. Returns ``()`` when there is none.

    >>> empty = FULL & ~(1 << index("c2"))
    >>> [name(i) for i in canonical_path(empty, index("c2"), index("d4"))]
    ['c2', 'c3', 'd4']
    >>> [name(i) for i in canonical_path(empty & ~(1 << index("c3")), index("c2"), index("d4"))]
    ['c2', 'd3', 'd4']
    """
    dist_to = DIST[to]  # symmetric

    def search(cur: int, left: int) -> list[int] | None:
        if cur == to:
            return [cur]
        for nxt in NEIGHBOURS[cur]:
            if empty >> nxt & 1 and dist_to[nxt] < left:
                rest = search(nxt, left - 1)
                if rest is not None:
                    return [cur, *rest]
        return None

    for depth in range(max(DIST[frm][to], 1), limit + 1):
        found = search(frm, depth)
        if found is not None:
            return tuple(found)
    return ()
