"""Board geometry of Militakiri: both boards, squares, rays, setup zones (sections 1, 3-5).

Section 1: the single board has 72 squares, the double board 144; the issue fixes them as
6 wide x 12 long and 12 x 12. Squares are named like chess: files ``a``.. left to right,
ranks ``1``-``12`` bottom to top; seat 0 (red) sets up on ranks 1-3, seat 1 (blue) on
ranks 12-10 (its "first row" is rank 12). Internally a square is ``rank0 * files + file0``.

Everything is computed once per board kind; the rule modules only look things up.

>>> g = GEOMETRY["single"]
>>> g.files, g.cells, g.index("a1"), g.index("f12"), g.name(7)
(6, 72, 0, 71, 'b2')
>>> [g.name(i) for i in g.rays[g.index("a1")][NORTH][:3]]
['a2', 'a3', 'a4']
>>> [g.name(i) for i in g.rows[1][0]]
['a12', 'b12', 'c12', 'd12', 'e12', 'f12']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

BoardKind = Literal["single", "double"]
Walks = tuple[tuple[tuple[int, ...], ...], ...]
"""``walks[square]``: the rays (squares in walking order) a piece on ``square`` walks along."""
CellWalks = dict[str, tuple[Walks, Walks]]
"""By square content: its (move walks, capture walks)."""
RANKS = 12
LETTERS = "abcdefghijkl"

# Step directions as (file delta, rank delta): the 4 orthogonal ones, then the 4 diagonal ones.
DIRECTIONS: tuple[tuple[int, int], ...] = (
    (0, 1), (1, 0), (0, -1), (-1, 0),
    (1, 1), (1, -1), (-1, -1), (-1, 1),
)
NORTH, EAST, SOUTH, WEST, NORTH_EAST, SOUTH_EAST, SOUTH_WEST, NORTH_WEST = range(8)
ORTHOGONAL: tuple[int, ...] = (NORTH, EAST, SOUTH, WEST)
DIAGONAL: tuple[int, ...] = (NORTH_EAST, SOUTH_EAST, SOUTH_WEST, NORTH_WEST)
ALL_DIRECTIONS: tuple[int, ...] = ORTHOGONAL + DIAGONAL

PIECES_PER_ROW = {"single": 1, "double": 2}
"""Section 3: towers per setup row (star on the first, cross on the second, plus on the third)."""
ENDGAME_MOVES = {"single": 50, "double": 100}
"""Section 21: moves each player gets once the endgame rule is active."""
RESERVES = {"single": (2, 2, 1), "double": (4, 4, 2)}
"""Section 1: reserve towers per player in the order plus, cross, star."""


@dataclass(frozen=True)
class Geometry:
    """One board kind: size, names, rays, setup rows; build with ``GEOMETRY[kind]``."""

    kind: BoardKind
    files: int
    cells: int
    names: tuple[str, ...]
    index_of: dict[str, int]
    rays: tuple[tuple[tuple[int, ...], ...], ...]
    """``rays[square][direction]``: the squares from ``square`` (excluded) to the edge."""
    neighbours: tuple[tuple[int, ...], ...]
    """King-step neighbours of every square."""
    rows: tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]
    """``rows[seat][k]``: the squares of that seat's (k+1)-th row, files a to the last."""
    zones: tuple[tuple[int, ...], tuple[int, ...]]
    """Section 7: each seat's setup zone (its three rows), where reserve towers are placed."""
    zone_sets: tuple[frozenset[int], frozenset[int]]
    walks: dict[tuple[str, str, int], Walks]
    """``walks[(kind, shape, reach)][square]``: the rays a piece walks to move (``kind='move'``)
    or capture (``'capture'``), cut to its reach; precomputed for move generation."""
    cell_walks: tuple[CellWalks, CellWalks]
    """``cell_walks[endgame][content]``: ``(move walks, capture walks)`` by square for a piece
    with that square content (its shape and reach), outside (0) and during (1) the endgame."""

    def index(self, square: str) -> int:
        """The index of a square name; ``ValueError`` when it is not on this board."""
        try:
            return self.index_of[square]
        except KeyError:
            raise ValueError(f"not a square of the {self.kind} board: {square!r}") from None

    def name(self, idx: int) -> str:
        return self.names[idx]

    def is_square(self, text: str) -> bool:
        return text in self.index_of

    def file_of(self, idx: int) -> int:
        return idx % self.files

    def rank_of(self, idx: int) -> int:
        """0-based rank (0 = rank 1)."""
        return idx // self.files

    def row_of(self, seat: int, idx: int) -> int | None:
        """0, 1 or 2 when ``idx`` is on that seat's first, second or third row; else ``None``."""
        rank = self.rank_of(idx)
        row = rank if seat == 0 else RANKS - 1 - rank
        return row if row < 3 else None

    def last_square(self) -> str:
        return self.names[-1]


def _build(kind: BoardKind) -> Geometry:
    files = 6 if kind == "single" else 12
    cells = files * RANKS
    names = tuple(f"{LETTERS[i % files]}{i // files + 1}" for i in range(cells))

    def ray(sq: int, direction: int) -> tuple[int, ...]:
        df, dr = DIRECTIONS[direction]
        f, r = sq % files + df, sq // files + dr
        out = []
        while 0 <= f < files and 0 <= r < RANKS:
            out.append(r * files + f)
            f, r = f + df, r + dr
        return tuple(out)

    rays = tuple(tuple(ray(sq, d) for d in range(8)) for sq in range(cells))
    neighbours = tuple(tuple(rays[sq][d][0] for d in range(8) if rays[sq][d]) for sq in range(cells))
    rows = tuple(
        tuple(
            tuple((k if seat == 0 else RANKS - 1 - k) * files + f for f in range(files))
            for k in range(3)
        )
        for seat in (0, 1)
    )
    zones = tuple(tuple(sorted(sq for row in rows[seat] for sq in row)) for seat in (0, 1))
    move_dirs = {"p": ORTHOGONAL, "x": DIAGONAL, "s": ALL_DIRECTIONS}
    capture_dirs = {"p": DIAGONAL, "x": ORTHOGONAL, "s": ALL_DIRECTIONS}
    walks = {
        (kind, shape, reach): tuple(
            tuple(rays[sq][d][:reach] for d in dirs[shape] if rays[sq][d]) for sq in range(cells)
        )
        for kind, dirs in (("move", move_dirs), ("capture", capture_dirs))
        for shape in "pxs"
        for reach in (1, 2, 3, 4, RANKS)
    }
    return Geometry(
        kind=kind,
        files=files,
        cells=cells,
        names=names,
        index_of={n: i for i, n in enumerate(names)},
        rays=rays,
        neighbours=neighbours,
        rows=rows,  # type: ignore[arg-type]
        zones=zones,  # type: ignore[arg-type]
        zone_sets=(frozenset(zones[0]), frozenset(zones[1])),
        walks=walks,
        cell_walks=_cell_walks(walks),
    )


def _cell_walks(walks: dict[tuple[str, str, int], Walks]) -> tuple[CellWalks, CellWalks]:
    from engines.militakiri.pieces import INFO  # pieces does not import board

    out: tuple[CellWalks, CellWalks] = ({}, {})
    for cell, (_, shape, is_tower, height) in INFO.items():
        for endgame in (0, 1):
            reach = 1 if endgame else (RANKS if is_tower else height)
            out[endgame][cell] = (walks[("move", shape, reach)], walks[("capture", shape, reach)])
    return out


GEOMETRY: dict[str, Geometry] = {kind: _build(kind) for kind in ("single", "double")}
ALL_NAMES: frozenset[str] = frozenset(GEOMETRY["double"].names)
"""Every square name of the larger board (moves are checked against their board later)."""
