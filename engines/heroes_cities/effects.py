"""End-of-turn effects (rulebook, "Gevolgen van een beurt"), handled in the rulebook's order:

1. "De beurt eindigt in een stad": ``city_effect``;
2. "Ingesloten speelfiguren": ``enclosed_squares`` (then the pieces are removed at once).

>>> enclosed_squares("AaaA" + "." * 96, "enclosed")
(1, 2)
"""

from __future__ import annotations

import operator
import re

from engines.core.contract import Seat
from engines.heroes_cities import board as B
from engines.heroes_cities.options import MixedLines
from engines.heroes_cities.state import ATTACKER, EMPTY, HERO


def city_effect(
    board: str, cities: tuple[int, ...], reserve: tuple[int, int], seat: Seat, dest: int
) -> tuple[str, tuple[int, ...], tuple[int, int], bool]:
    """Rulebook, "1. De beurt eindigt in een stad" (decision 5).

    Only an *attacker* of the mover that ends its move on a city triggers anything:

    * on a city of its own colour it is replaced by a hero from the mover's reserve (the
      attacker leaves the game, it is not captured); with an empty reserve it stays an
      attacker (rulebook silent);
    * on a city of the opponent's colour the city is conquered: it turns to the mover's
      colour and the attacker stays on it, still an attacker.

    A hero ending on a city causes nothing. Returns the new board, cities, reserve and
    whether a promotion happened.
    """
    slot = B.CITY_SLOT.get(dest)
    if slot is None or board[dest] != ATTACKER[seat]:
        return board, cities, reserve, False
    if cities[slot] != seat:
        flipped = cities[:slot] + (seat,) + cities[slot + 1:]
        return board, flipped, reserve, False
    if reserve[seat] == 0:
        return board, cities, reserve, False
    board, reserve = become_hero(board, reserve, seat, dest)
    return board, cities, reserve, True


def become_hero(board: str, reserve: tuple[int, int], seat: Seat, square: int) -> tuple[str, tuple[int, int]]:
    """The attacker on ``square`` is replaced by a hero from ``seat``'s reserve; the attacker
    leaves the game (rulebook: "vervangen door een held en uit het spel genomen"). Used by
    the city effect and by the alternative turn; the caller checked the reserve is not empty."""
    board = board[:square] + HERO[seat] + board[square + 1:]
    return board, ((reserve[0] - 1, reserve[1]) if seat == 0 else (reserve[0], reserve[1] - 1))


def _layout(lines: tuple[tuple[int, ...], ...]) -> tuple[tuple[int, ...], operator.itemgetter]:
    """Lines laid end to end with an empty separator (index 100 reads "."), so one string
    holds them all and a regular expression scans them at once."""
    layout = tuple(sq for line in lines for sq in (*line, B.CELLS))
    return layout, operator.itemgetter(*layout)


_ALL_LINES = _layout(B.LINES)
_LINES_THROUGH = tuple(
    _layout(tuple(line for line in B.LINES if sq in line)) for sq in range(B.CELLS)
)
_COLOUR = str.maketrans("AHah", "rrbb")
_THREE_BLOCKS = re.compile(r"rb+r|br+b")
_RUN = re.compile(r"[rb]{3,}")
_BLOCK = re.compile(r"r+|b+")


def enclosed_squares(board: str, mixed_lines: MixedLines, through: int | None = None) -> tuple[int, ...]:
    """Rulebook, "2. Ingesloten speelfiguren" (decision 6): the squares whose pieces are taken.

    Along every horizontal, vertical and diagonal line, a *run* is a maximal stretch of
    occupied squares (an empty square or an empty city ends it, so does the board edge) and
    a *block* a maximal stretch of one colour within a run. A block with a block on both
    sides (not the first or last block of its run) is enclosed by the opponent's pieces and
    is taken, whoever's pieces they are. With ``mixed_lines="whole_run"`` a run that holds
    enclosed blocks of both colours (4 or more blocks, as blocks alternate colours) is taken
    as a whole, end blocks included. Every line is judged on the same position, so all
    captures happen at once. Returns sorted square indices.

    ``through`` limits the search to the lines through that square. After a move to
    ``through`` that finds everything: the position before the move held no enclosed
    piece (they are taken at the end of every turn, and the start position has none), and
    emptying the start square only splits runs, which cannot enclose anything new.

    >>> row = lambda s: s + "." * (100 - len(s))
    >>> enclosed_squares(row("ABBA"), "enclosed")        # one colour, nothing enclosed
    ()
    >>> enclosed_squares(row("AaAa"), "enclosed"), enclosed_squares(row("AaAa"), "whole_run")
    ((1, 2), (0, 1, 2, 3))
    """
    layout, gather = _ALL_LINES if through is None else _LINES_THROUGH[through]
    colours = board.translate(_COLOUR) + EMPTY
    lines = "".join(gather(colours))
    if _THREE_BLOCKS.search(lines) is None:
        return ()
    taken: set[int] = set()
    for run in _RUN.finditer(lines):
        blocks = [m.span() for m in _BLOCK.finditer(run.group())]
        if len(blocks) < 3:
            continue
        base = run.start()
        if mixed_lines == "whole_run" and len(blocks) >= 4:
            spans = blocks
        else:
            spans = blocks[1:-1]
        for start, end in spans:
            taken.update(layout[base + k] for k in range(start, end))
    return tuple(sorted(taken))


def remove(board: str, squares: tuple[int, ...]) -> str:
    """The board with the pieces on ``squares`` taken off."""
    if not squares:
        return board
    cells = list(board)
    for sq in squares:
        cells[sq] = EMPTY
    return "".join(cells)


def count_taken(board: str, squares: tuple[int, ...]) -> tuple[tuple[int, int], tuple[int, int]]:
    """Per seat: (attackers, heroes) among the pieces on ``squares``."""
    taken = [[0, 0], [0, 0]]
    for sq in squares:
        c = board[sq]
        taken[0 if c in "AH" else 1][0 if c in "Aa" else 1] += 1
    return (taken[0][0], taken[0][1]), (taken[1][0], taken[1][1])
