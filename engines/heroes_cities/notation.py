"""Move notation of Helden & Steden (docs/games/heroes_cities.md, "Notation").

Canonical forms (``format_move``): ``c2-d4`` (a piece moves from c2 to d4), ``e4=H`` (the
attacker on e4 becomes a hero, the alternative turn), ``pass``. ``parse_move`` also reads an
explicit path ``c2-c3-d4``, ``c2d4``, ``c2 d4``, upper case, surrounding spaces,
``promote e4`` and a destination alone (``d4``) when exactly one piece can go there; the Dutch
``promoveer e4`` and ``passen`` read as ``promote e4`` and ``pass``.

>>> from engines.heroes_cities.moves import PromoteAction
>>> format_move(PromoteAction(frm="e4"))
'e4=H'
"""

from __future__ import annotations

import re
from itertools import pairwise

from engines.core.contract import Seat
from engines.core.errors import AmbiguousMoveError, IllegalMoveError, InvalidMoveError
from engines.core.move_text import plain_dashes
from engines.heroes_cities import board as B
from engines.heroes_cities.moves import (
    PASS,
    HeroesCitiesMove,
    format_move,
    move_of,
    promotion_of,
)
from engines.heroes_cities.rules import (
    check_move,
    check_piece,
    check_promotion,
    check_turn,
    closest,
    movement_moves,
)
from engines.heroes_cities.state import EMPTY, OWNER, RANGE, HeroesCitiesState

EXPECTED = "c2-d4, c2-c3-d4, e4=H, pass"
"""The forms shown when a text is not a move."""

_SQ = r"[a-z]\d+"
_PROMOTE = re.compile(rf"(?:({_SQ})\s*=\s*h|(?:promote|promoveer)\s+({_SQ}))")
_SQUARES = re.compile(rf"{_SQ}(?:\s*-\s*{_SQ}|\s+{_SQ}|{_SQ})*")
_SQUARE = re.compile(_SQ)


def _square(text: str) -> int:
    if not B.is_square(text):
        raise InvalidMoveError(
            "heroes_cities.no_such_square",
            f"{text} is not a square (a1 to j10)",
            square=text,
            expected=EXPECTED,
        )
    return B.index(text)


def _tokens(text: str) -> tuple[str, list[int]]:
    """The move shape (``pass``, ``promote`` or ``squares``) and its squares; syntax only."""
    t = text.strip().lower()
    if t in ("pass", "passen"):
        return "pass", []
    if m := _PROMOTE.fullmatch(t):
        return "promote", [_square(m.group(1) or m.group(2))]
    if _SQUARES.fullmatch(t):
        return "squares", [_square(s) for s in _SQUARE.findall(t)]
    raise InvalidMoveError(
        "heroes_cities.syntax", f"not a move: {text!r} (try {EXPECTED})", text=text, expected=EXPECTED
    )


def parse_move(text: str, state: HeroesCitiesState, seat: Seat) -> HeroesCitiesMove:
    """Read a move typed by ``seat``; raises Invalid-, Illegal- or AmbiguousMoveError.
    Typographic dashes (``c2–d4``) read as ``-``."""
    shape, squares = _tokens(plain_dashes(text))
    check_turn(state, seat)
    if shape == "pass":
        check_move(state, seat, PASS)
        return PASS
    if shape == "promote":
        check_promotion(state, seat, squares[0])
        return promotion_of(squares[0])
    if len(squares) == 1:
        return _destination_only(state, seat, squares[0])
    if len(squares) == 2:
        move = move_of(squares[0], squares[1])
        check_move(state, seat, move)
        return move
    return _explicit_path(state, seat, squares)


def _destination_only(state: HeroesCitiesState, seat: Seat, to: int) -> HeroesCitiesMove:
    """``d4``: the one move of the mover that ends on ``d4``."""
    found = [m for m in movement_moves(state, seat) if m.to == B.NAMES[to]]
    if len(found) == 1:
        return found[0]
    if not found and OWNER.get(state.board[to]) == seat:
        raise IllegalMoveError(
            "heroes_cities.destination_own_piece",
            f"{B.NAMES[to]} holds your own piece",
            square=B.NAMES[to],
            closest=closest(state, seat, None, to),
        )
    if not found:
        raise IllegalMoveError(
            "heroes_cities.no_piece_reaches",
            f"none of your pieces can reach {B.NAMES[to]}",
            square=B.NAMES[to],
            closest=closest(state, seat, None, to),
        )
    raise AmbiguousMoveError(
        "heroes_cities.ambiguous",
        f"several pieces can reach {B.NAMES[to]}",
        square=B.NAMES[to],
        candidates=[format_move(m) for m in found],
    )


def _explicit_path(state: HeroesCitiesState, seat: Seat, path: list[int]) -> HeroesCitiesMove:
    """``c2-c3-d4``: every step a king-step, within the piece's range, over empty squares.

    The path only has to be valid; the move played is the same as ``c2-d4`` (decision 4).
    The start square counts as empty once the piece has left it.
    """
    frm, to = path[0], path[-1]
    check_piece(state, seat, frm)
    limit = RANGE[state.board[frm]]

    def illegal(code: str, fallback: str, **params: object) -> IllegalMoveError:
        return IllegalMoveError(code, fallback, closest=closest(state, seat, frm, to), **params)

    for a, b in pairwise(path):
        if B.distance(a, b) != 1:
            raise illegal("heroes_cities.path_not_a_step",
                          f"{B.NAMES[a]} to {B.NAMES[b]} is not one step",
                          square=B.NAMES[a], next=B.NAMES[b])
    steps = len(path) - 1
    if steps > limit:
        raise illegal("heroes_cities.path_too_long", f"{steps} steps, at most {limit}",
                      square=B.NAMES[frm], steps=steps, limit=limit)
    if to == frm:
        raise illegal("heroes_cities.same_square", "a move cannot end where it began",
                      square=B.NAMES[frm])
    for sq in path[1:-1]:
        if sq != frm and state.board[sq] != EMPTY:
            raise illegal("heroes_cities.path_square_occupied",
                          f"the path passes {B.NAMES[sq]}, which is occupied", square=B.NAMES[sq])
    if state.board[to] != EMPTY:
        raise illegal("heroes_cities.destination_occupied", f"{B.NAMES[to]} is occupied",
                      square=B.NAMES[to])
    return move_of(frm, to)
