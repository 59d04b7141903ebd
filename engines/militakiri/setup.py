"""Sections 3-4: the setup. Each seat chooses its tower squares; the pawns are filled in.

* single board: the star tower on the first row, the cross tower on the second, the plus tower
  on the third, each on any file; double board: two of each;
* the first row is filled with star pawns, the second and third rows with cross and plus pawns
  alternating, the towers included in the alternation (so on the double board the two cross
  towers, and the two plus towers, stand an even number of files apart: decision 5);
* double board: "2 torens mogen nooit naast elkaar staan" (option ``tower_spacing``, decision 6).

A seat's rows are counted from its own side: red's first row is rank 1, blue's is rank 12.

>>> from engines.militakiri.board import GEOMETRY
>>> g = GEOMETRY["single"]
>>> cells = [""] * g.cells
>>> fill(cells, g, 0, canonical(g, 0, tuple(g.index(s) for s in ("c2", "a1", "e3"))))
>>> [" ".join(c or "." for c in cells[r * 6:(r + 1) * 6]) for r in (2, 1, 0)]
['P X P X TP X', 'X P TX P X P', 'TS S S S S S']
"""

from __future__ import annotations

from functools import cache
from itertools import combinations, product

from engines.militakiri.board import GEOMETRY, PIECES_PER_ROW, Geometry
from engines.militakiri.pieces import pawn, tower

ROW_SHAPES = ("s", "x", "p")
"""The tower shape of a seat's first, second and third row (section 3)."""


class SetupProblem(Exception):
    """A setup the rules refuse: a message code and its parameters."""

    def __init__(self, code: str, fallback: str, **params: object) -> None:
        super().__init__(fallback)
        self.code = code
        self.params = params


def canonical(geometry: Geometry, seat: int, squares: tuple[int, ...]) -> tuple[int, ...]:
    """The squares ordered by the seat's row (first row first), then by file."""
    def key(sq: int) -> tuple[int, int]:
        row = geometry.row_of(seat, sq)
        return (3 if row is None else row, geometry.file_of(sq))

    return tuple(sorted(squares, key=key))


def check(geometry: Geometry, seat: int, squares: tuple[int, ...], spacing: str) -> None:
    """Raise ``SetupProblem`` unless ``squares`` is a valid tower setup of ``seat``."""
    per_row = PIECES_PER_ROW[geometry.kind]
    names = geometry.names
    if len(set(squares)) != len(squares):
        twice = next(names[sq] for sq in squares if squares.count(sq) > 1)
        raise SetupProblem("militakiri.setup_duplicate", f"{twice} is named twice", square=twice)
    if len(squares) != 3 * per_row:
        raise SetupProblem(
            "militakiri.setup_count",
            f"name {3 * per_row} tower squares, not {len(squares)}",
            expected=3 * per_row,
            count=len(squares),
        )
    rows: list[list[int]] = [[], [], []]
    for sq in squares:
        row = geometry.row_of(seat, sq)
        if row is None:
            raise SetupProblem(
                "militakiri.setup_wrong_row",
                f"{names[sq]} is not on your first three rows",
                square=names[sq],
                ranks=_ranks_text(geometry, seat),
            )
        rows[row].append(sq)
    for row, found in enumerate(rows):
        if len(found) != per_row:
            raise SetupProblem(
                "militakiri.setup_row_count",
                f"row {row + 1} needs {per_row} tower(s), got {len(found)}",
                row=row + 1,
                rank=geometry.rank_of(geometry.rows[seat][row][0]) + 1,
                expected=per_row,
                count=len(found),
            )
    if per_row == 2:
        for row in (1, 2):
            a, b = sorted(rows[row])
            if (b - a) % 2:
                raise SetupProblem(
                    "militakiri.setup_alternation",
                    f"{names[a]} and {names[b]}: plus and cross must alternate on rows 2 and 3, "
                    "so towers of one row stand an even number of files apart",
                    square=names[a],
                    other=names[b],
                )
        ordered = sorted(squares)
        for a, b in combinations(ordered, 2):
            df = abs(geometry.file_of(a) - geometry.file_of(b))
            dr = abs(geometry.rank_of(a) - geometry.rank_of(b))
            beside = (dr == 0 and df == 1) if spacing == "row" else max(df, dr) == 1
            if beside:
                raise SetupProblem(
                    "militakiri.setup_adjacent",
                    f"towers on {names[a]} and {names[b]} stand side by side",
                    square=names[a],
                    other=names[b],
                )


def _ranks_text(geometry: Geometry, seat: int) -> str:
    ranks = [geometry.rank_of(geometry.rows[seat][k][0]) + 1 for k in range(3)]
    return f"{min(ranks)}-{max(ranks)}"


def fill(cells: list[str], geometry: Geometry, seat: int, squares: tuple[int, ...]) -> None:
    """Put ``seat``'s towers on ``squares`` (already checked) and fill its rows with pawns."""
    for row in range(3):
        row_squares = geometry.rows[seat][row]
        towers = [sq for sq in squares if geometry.row_of(seat, sq) == row]
        tower_shape = ROW_SHAPES[row]
        anchor = geometry.file_of(towers[0])
        for sq in row_squares:
            if sq in towers:
                cells[sq] = tower(seat, tower_shape)
            elif row == 0:
                cells[sq] = pawn(seat, "s")
            else:
                other = "p" if tower_shape == "x" else "x"
                same = (geometry.file_of(sq) - anchor) % 2 == 0
                cells[sq] = pawn(seat, tower_shape if same else other)


@cache
def all_setups(kind: str, spacing: str) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """Every valid setup as tower files per row ``((first row files), (second), (third))``.

    The same for both seats (files are absolute). 216 on the single board; on the double
    board 55 x 30 x 30 = 49,500 with ``tower_spacing='row'``.
    """
    geometry = GEOMETRY[kind]
    files = range(geometry.files)
    per_row: list[tuple[tuple[int, ...], ...]]
    if PIECES_PER_ROW[kind] == 1:
        per_row = [tuple((f,) for f in files)] * 3
    else:
        first = tuple(c for c in combinations(files, 2) if c[1] - c[0] > 1)
        other = tuple(c for c in combinations(files, 2) if (c[1] - c[0]) % 2 == 0)
        per_row = [first, other, other]
    out = []
    for combo in product(*per_row):
        if spacing == "around" and PIECES_PER_ROW[kind] == 2 and _touching(combo):
            continue
        out.append(combo)
    return tuple(out)


def _touching(combo: tuple[tuple[int, ...], ...]) -> bool:
    """Towers on neighbouring rows on neighbouring or equal files (the rows themselves are fine)."""
    for upper, lower in ((combo[0], combo[1]), (combo[1], combo[2])):
        if any(abs(a - b) <= 1 for a in upper for b in lower):
            return True
    return False


def squares_of(geometry: Geometry, seat: int, combo: tuple[tuple[int, ...], ...]) -> tuple[int, ...]:
    """The tower squares of a setup given as files per row, in canonical order."""
    return tuple(geometry.rows[seat][row][f] for row in range(3) for f in combo[row])


def closest_setups(geometry: Geometry, spacing: str, seat: int, squares: tuple[int, ...] = (), n: int = 4) -> list[str]:
    """``setup random`` and the ``n`` valid setups (canonical text) keeping most of the typed
    tower squares, for error messages (the double board has 49,500 setups: too many to search
    by text similarity)."""
    typed = {(row, geometry.file_of(sq)) for sq in squares if (row := geometry.row_of(seat, sq)) is not None}
    combos = all_setups(geometry.kind, spacing)
    if typed:
        best = sorted(combos, key=lambda c: -sum((r, f) in typed for r in range(3) for f in c[r]))[:n]
    else:
        best = list(combos[:: max(1, len(combos) // n)][:n])
    names = geometry.names
    return ["setup random", *("towers " + " ".join(names[sq] for sq in squares_of(geometry, seat, c)) for c in best)]
