"""Pieces as they stand on a square, and what a capture leaves (sections 2, 6-18).

A square holds a short string:

* ``""``: empty;
* a **stack** of 1-4 pawns, bottom to top, one letter each: ``P`` plus, ``X`` cross, ``S``
  star for red (seat 0), ``p``, ``x``, ``s`` for blue (seat 1). One letter is a pawn (rank 1),
  more are a rank: ``"pX"`` is a red cross pawn standing on a captured blue plus pawn, a red
  cross rank 2. The top letter rules: its colour owns the rank, its shape gives the directions;
* a **tower**: ``T`` + shape letter for red (``TP``, ``TX``, ``TS``), ``t`` + shape letter for
  blue (``tp``, ``tx``, ``ts``).

So for every occupied square, ``cell[-1]`` gives both owner (upper case = red) and shape.

>>> owner("pX"), shape("pX"), height("pX"), is_tower("ts"), owner("ts"), shape("ts")
(0, 'x', 2, True, 1, 's')
>>> capture("SS", "pp", 1)     # star rank 2 takes rank 2 with a star reserve: section 17, 2 -> 2 = 4
('', 's')
>>> capture("SS", "pp", 0)     # the same without: section 18, 2 -> 2 = 4, the rank stays
('ppSS', None)
>>> capture("XX", "pp", 0)     # cross rank 2 takes rank 2 without reserve: section 16, 2 -> 2 = 3
('pXX', None)
"""

from __future__ import annotations

from typing import Literal

Shape = Literal["plus", "cross", "star"]
"""Plus moves orthogonally and captures diagonally, cross the reverse, star both ways."""
SHAPES = "pxs"
"""Shape letters: plus, cross, star (lower case)."""
SHAPE_NAMES: dict[str, Shape] = {"p": "plus", "x": "cross", "s": "star"}
SHAPE_INDEX = {"p": 0, "x": 1, "s": 2}
"""Index of a shape in reserve tuples (plus, cross, star)."""
PAWN = ("PXS", "pxs")
"""Pawn letters per seat, in the order plus, cross, star."""
TOWER_MARK = ("T", "t")
MAX_HEIGHT = {"p": 3, "x": 3, "s": 4}
"""Section 7: a plus or cross rank promotes at 3, a star rank at 4; without a reserve tower of
that shape it stays at that height (sections 12, 16, 18), never higher."""


def pawn(seat: int, shape_letter: str) -> str:
    return shape_letter.upper() if seat == 0 else shape_letter


def tower(seat: int, shape_letter: str) -> str:
    return TOWER_MARK[seat] + pawn(seat, shape_letter)


def owner(cell: str) -> int:
    """The seat owning an occupied square (a rank: the top pawn's colour)."""
    return 0 if cell[-1].isupper() else 1


def shape(cell: str) -> str:
    """``p``, ``x`` or ``s``: the tower's shape or the top pawn's shape."""
    return cell[-1].lower()


def is_tower(cell: str) -> bool:
    return cell[:1] in ("T", "t")


def height(cell: str) -> int:
    """Pawns in a stack (1-4); 0 for a tower or an empty square."""
    return 0 if is_tower(cell) else len(cell)


def _all_cells() -> list[str]:
    out = [TOWER_MARK[s] + PAWN[s][k] for s in (0, 1) for k in range(3)]
    stacks = [""]
    for _ in range(4):
        stacks = [st + c for st in stacks for c in "PXSpxs"]
        out.extend(st for st in stacks if len(st) <= MAX_HEIGHT[st[-1].lower()])
    return out


INFO: dict[str, tuple[int, str, bool, int]] = {}
"""``(owner, shape, is_tower, height)`` of every possible occupied square (filled below)."""


def piece_id(cell: str) -> str:
    """The catalog id of what stands on a square: ``plus_pawn``, ``star_rank3``, ``cross_tower``
    (worded by the messages ``militakiri.unit_<id>``).

    >>> piece_id("X"), piece_id("pS"), piece_id("tp")
    ('cross_pawn', 'star_rank2', 'plus_tower')
    """
    name = SHAPE_NAMES[cell[-1].lower()]
    if is_tower(cell):
        return f"{name}_tower"
    return f"{name}_pawn" if len(cell) == 1 else f"{name}_rank{len(cell)}"


def info(cell: str) -> tuple[int, str, bool, int]:
    """``(owner, shape, is_tower, height)`` of an occupied square."""
    return INFO[cell]


def valid_cell(cell: str) -> bool:
    """Whether a string is a possible square content (used when reading positions)."""
    if cell == "":
        return True
    if len(cell) == 2 and cell[0] in "Tt":
        return cell[1] in PAWN[TOWER_MARK.index(cell[0])]
    if not 1 <= len(cell) <= 4 or any(c not in "PXSpxs" for c in cell):
        return False
    return len(cell) <= MAX_HEIGHT[shape(cell)]


def capture(attacker: str, defender: str, reserve: int) -> tuple[str, str | None]:
    """What stands on the captured square afterwards, and the shape of the reserve tower earned.

    ``attacker`` and ``defender`` are square contents (of different seats); ``reserve`` is how
    many reserve towers of the attacker's top shape its owner still has. The rules:

    * section 6: a tower takes anything, and anything takes a tower: the taken piece leaves
      the board, the taker stands on its square unchanged (towers never stand on pawns, pawns
      never on towers);
    * sections 9, 10, 13: a lower rank (or pawn) taking a higher rank: the higher rank leaves
      the board whole, the taker stands there unchanged;
    * sections 8, 10, 11, 13: a rank taking an equal or lower rank (or pawn) goes on top of it;
      the pawns are added up. Above the maximum (3 plus/cross, 4 star) the bottom pawns of the
      taken rank leave the board;
    * sections 7, 12, 13: reaching the maximum with a reserve tower of the top shape left, the
      whole rank leaves the board for that reserve tower (placed in the setup zone); the square
      is then empty.

    Each row of the tables of sections 15-18 is a test of this function.
    """
    if is_tower(attacker) or is_tower(defender) or len(attacker) < len(defender):
        return attacker, None
    top_shape = attacker[-1].lower()
    top = MAX_HEIGHT[top_shape]
    stack = (defender + attacker)[-top:]
    if len(stack) == top and reserve > 0:
        return "", top_shape
    return stack, None


INFO.update((cell, (owner(cell), shape(cell), is_tower(cell), height(cell))) for cell in _all_cells())
OWN_CELLS: tuple[frozenset[str], frozenset[str]] = (
    frozenset(c for c, i in INFO.items() if i[0] == 0),
    frozenset(c for c, i in INFO.items() if i[0] == 1),
)
"""Every possible square content owned by red, by blue (set membership is the fast test)."""
