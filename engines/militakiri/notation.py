"""Move notation of Militakiri (docs/games/militakiri.md, "Notation").

Canonical forms (``format_move``):

* ``b2-b3``: the piece on b2 moves to the empty square b3;
* ``b2xc3``: the piece on b2 captures the enemy piece on c3;
* ``T@a1``: the waiting reserve tower is placed on a1;
* ``towers a1 c2 e3``: a setup, tower squares ordered by the seat's own first, second, third
  row (then by file); ``setup random``: a random setup drawn with the match's dice;
* ``pass``: only when nothing else is legal.

``parse_move`` also reads upper or lower case, ``b2b3``, ``b2 b3``, ``b2:c3``, ``b2-c3`` for a
capture and ``b2xb3`` for a plain move (the board tells which it is), ``@a1`` and
``place a1``, ``setup a1 c2 e3``, ``towers: a1, c2, e3`` (any order), ``random``, and a
destination alone (``b3``) when exactly one of the mover's pieces can go there. The rulebook's
Dutch words read as the English ones: ``torens``, ``opstelling``, ``willekeurig``, ``plaats``,
``passen``.

>>> from engines.militakiri.moves import BoardMove, SetupMove
>>> format_move(BoardMove(kind="capture", frm="b2", to="c3"))
'b2xc3'
>>> format_move(SetupMove(towers=("a1", "c2", "e3")))
'towers a1 c2 e3'
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Literal

from engines.core.contract import Seat
from engines.core.errors import AmbiguousMoveError, IllegalMoveError, InvalidMoveError
from engines.core.move_text import plain_dashes
from engines.militakiri.moves import (
    PASS,
    RANDOM_SETUP,
    BoardMove,
    MilitakiriMove,
    PlaceMove,
    SetupMove,
    board_move,
    format_move,
    place_move,
)
from engines.militakiri.rules import (
    check_board_move,
    check_pass,
    check_placement,
    check_turn,
    closest,
    legal_moves,
)
from engines.militakiri.setup import (
    SetupProblem,
    all_setups,
    canonical,
    check,
    closest_setups,
    squares_of,
)
from engines.militakiri.state import MilitakiriState

EXPECTED = "b2-b3, b2xc3, T@a1, pass"
EXPECTED_SETUP = "towers a1 c2 e3, setup random"
"""The forms shown when a text is not a move (in play / in the setup)."""

_SQ = r"[a-z]\d{1,2}"
_PASS = re.compile(r"pass(?:en)?")
_RANDOM = re.compile(r"(?:(?:setup|towers|opstelling|torens)\s*:?\s*)?(?:random|willekeurig)")
_SETUP = re.compile(rf"(?:setup|towers|opstelling|torens)\s*:?\s*({_SQ}(?:\s*[,;]?\s*{_SQ})*)")
_PLACE = re.compile(rf"(?:t\s*@|@|place\s+|plaats\s+|t\s*=\s*)\s*({_SQ})")
_MOVE = re.compile(rf"({_SQ})\s*([-x:]|\s)?\s*({_SQ})")
_DEST = re.compile(rf"({_SQ})")
_SQUARE = re.compile(_SQ)


def suggestions(state: MilitakiriState, seat: Seat, squares: tuple[int, ...] = ()) -> list[str]:
    """Legal moves to show with an error (``closest``): during the setup valid setups keeping
    most of the typed squares, in play the legal moves nearest to what was typed."""
    if state.phase == "setup":
        if state.setups[seat] or state.result is not None:
            return []
        return closest_setups(state.geometry, state.options.tower_spacing, seat, squares)
    return closest(state, seat, squares[0] if squares else None, squares[1] if len(squares) > 1 else None)


def _square(state: MilitakiriState, seat: Seat, text: str, expected: str) -> int:
    g = state.geometry
    if not g.is_square(text):
        raise InvalidMoveError(
            "militakiri.no_such_square",
            f"{text} is not a square of the {g.kind} board (a1 to {g.last_square()})",
            square=text,
            last=g.last_square(),
            expected=expected,
            closest=suggestions(state, seat),
        )
    return g.index(text)


def parse_move(text: str, state: MilitakiriState, seat: Seat) -> MilitakiriMove:
    """Read a move typed by ``seat``; raises Invalid-, Illegal- or AmbiguousMoveError.
    Typographic dashes (``b2–b3``) read as ``-``."""
    text = plain_dashes(text)
    t = " ".join(text.strip().lower().split())
    if _RANDOM.fullmatch(t):
        check_setup(state, seat, RANDOM_SETUP)
        return RANDOM_SETUP
    if m := _SETUP.fullmatch(t):
        squares = tuple(_square(state, seat, s, EXPECTED_SETUP) for s in _SQUARE.findall(m.group(1)))
        setup = setup_move(state, seat, squares)
        check_setup(state, seat, setup)
        return setup
    if t.startswith(("setup", "towers", "opstelling", "torens")):
        raise InvalidMoveError("militakiri.setup_syntax", f"not a setup: {text!r} (try {EXPECTED_SETUP})",
                               text=text, expected=EXPECTED_SETUP, closest=suggestions(state, seat))
    if _PASS.fullmatch(t):
        check_pass(state, seat)
        return PASS
    if m := _PLACE.fullmatch(t):
        placement = place_move(state.geometry.names[_square(state, seat, m.group(1), EXPECTED)])
        check_placement(state, seat, placement)
        return placement
    if m := _MOVE.fullmatch(t):
        frm = _square(state, seat, m.group(1), EXPECTED)
        to = _square(state, seat, m.group(3), EXPECTED)
        names = state.geometry.names
        kind: Literal["move", "capture"] = "move"
        if (
            state.phase == "play"
            and state.board[to]
            and state.board[frm]
            and state.board[to][-1].isupper() != state.board[frm][-1].isupper()
        ):
            kind = "capture"
        move = board_move(kind, names[frm], names[to])
        check_board_move(state, seat, move)
        return move
    if m := _DEST.fullmatch(t):
        return _destination_only(state, seat, _square(state, seat, m.group(1), EXPECTED))
    expected = EXPECTED_SETUP if state.phase == "setup" else EXPECTED
    raise InvalidMoveError("militakiri.syntax", f"not a move: {text!r} (try {expected})", text=text,
                           expected=expected, closest=suggestions(state, seat))


def _destination_only(state: MilitakiriState, seat: Seat, to: int) -> MilitakiriMove:
    """``b3``: the one move or capture of the mover that ends on b3 (or the placement on b3)."""
    check_turn(state, seat)
    name = state.geometry.names[to]
    found = [m for m in legal_moves(state, seat) if isinstance(m, (BoardMove, PlaceMove)) and m.to == name]
    if len(found) == 1:
        return found[0]
    if not found:
        raise IllegalMoveError(
            "militakiri.no_piece_reaches",
            f"none of your pieces can go to {name}",
            square=name,
            closest=closest(state, seat, None, to),
        )
    raise AmbiguousMoveError(
        "militakiri.ambiguous",
        f"several pieces can go to {name}",
        square=name,
        candidates=[format_move(m) for m in found],
    )


# ----------------------------------------------------------------------------- setups


def setup_move(state: MilitakiriState, seat: Seat, squares: tuple[int, ...]) -> SetupMove:
    """The setup move naming ``squares`` (canonical order)."""
    g = state.geometry
    return SetupMove(towers=tuple(g.names[sq] for sq in canonical(g, seat, squares)))


def check_setup(state: MilitakiriState, seat: Seat, move: SetupMove) -> None:
    """Raise ``IllegalMoveError`` unless ``seat`` may choose this setup now (sections 3-4)."""
    if state.result is not None:
        raise IllegalMoveError("militakiri.game_over", "the game is over")
    if state.phase != "setup":
        raise IllegalMoveError("militakiri.setup_over", "the setup is over")
    if state.setups[seat]:
        raise IllegalMoveError("militakiri.setup_done", "you have chosen your setup already")
    if move.random:
        return
    g = state.geometry
    for name in move.towers:
        if not g.is_square(name):
            raise IllegalMoveError("militakiri.no_such_square", f"{name} is not a square of the {g.kind} board",
                                   square=name, last=g.last_square(), expected=EXPECTED_SETUP,
                                   closest=suggestions(state, seat))
    squares = tuple(g.index(n) for n in move.towers)
    try:
        check(g, seat, squares, state.options.tower_spacing)
    except SetupProblem as problem:
        raise IllegalMoveError(problem.code, str(problem), closest=suggestions(state, seat, squares),
                               **problem.params) from None


def setup_texts(state: MilitakiriState, seat: Seat) -> Iterator[str]:
    """The canonical texts of every setup ``seat`` may choose, lazily, ``setup random`` first."""
    yield format_move(RANDOM_SETUP)
    g = state.geometry
    for combo in all_setups(g.kind, state.options.tower_spacing):
        yield "towers " + " ".join(g.names[sq] for sq in squares_of(g, seat, combo))


