"""One turn of Helden & Steden, start to end (rulebook, "Spelverloop" and "Gevolgen van een beurt").

``play`` assumes the move is legal (``rules.check_move``); it carries out the move, the
end-of-turn effects in the rulebook's order, the counters and the end check.
"""

from __future__ import annotations

from engines.core.contract import Seat
from engines.heroes_cities import board as B
from engines.heroes_cities.effects import (
    become_hero,
    city_effect,
    count_taken,
    enclosed_squares,
    remove,
)
from engines.heroes_cities.endings import result_of
from engines.heroes_cities.moves import HeroesCitiesMove, format_move
from engines.heroes_cities.rules import empty_mask
from engines.heroes_cities.state import EMPTY, RANGE, HeroesCitiesState, LastMoveView


def play(state: HeroesCitiesState, seat: Seat, move: HeroesCitiesMove) -> HeroesCitiesState:
    """The state after ``seat`` plays the legal ``move``.

    1. the move itself: a piece goes from ``frm`` to ``to``, or the alternative turn turns an
       attacker into a hero (decision 7), or a pass (decision 9);
    2. "De beurt eindigt in een stad" (``effects.city_effect``), after a ``move`` only;
    3. "Ingesloten speelfiguren" (``effects.enclosed_squares``), after every turn;
    4. counters: turns, the quiet-move counter (reset by a capture or a promotion, decision
       10) and consecutive passes;
    5. "Einde van het spel" (``endings.result_of``).
    """
    board, cities, reserve = state.board, state.cities, state.reserve
    promoted = False
    path: tuple[int, ...] = ()
    through = None  # after a promotion or a pass: every line (nothing can be new there)
    if move.kind == "move":
        frm, to = B.index(move.frm), B.index(move.to)
        path = B.canonical_path(empty_mask(board), frm, to, RANGE[board[frm]])
        piece = board[frm]
        board = board[:frm] + EMPTY + board[frm + 1:]
        board = board[:to] + piece + board[to + 1:]
        board, cities, reserve, promoted = city_effect(board, cities, reserve, seat, to)
        through = to
    elif move.kind == "promote":
        sq = B.index(move.frm)
        path = (sq,)
        board, reserve = become_hero(board, reserve, seat, sq)
        promoted = True

    taken = enclosed_squares(board, state.options.mixed_lines, through)
    captured = state.captured
    if taken:
        (ra, rh), (ba, bh) = count_taken(board, taken)
        (ca, ch), (da, dh) = captured
        captured = ((ca + ra, ch + rh), (da + ba, dh + bh))
        board = remove(board, taken)

    passes = state.passes + 1 if move.kind == "pass" else 0
    quiet = 0 if taken or promoted else state.quiet + 1
    last = LastMoveView.model_construct(
        seat=seat,
        text=format_move(move),
        path=tuple(B.NAMES[i] for i in path),
        captured=tuple(B.NAMES[i] for i in taken),
    )
    return state.model_copy(
        update={
            "board": board,
            "cities": cities,
            "to_move": 1 - seat,
            "reserve": reserve,
            "captured": captured,
            "turn": state.turn + 1,
            "quiet": quiet,
            "passes": passes,
            "last_move": last,
            "result": result_of(board, cities, passes, quiet, state.options),
        }
    )
