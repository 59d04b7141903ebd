"""Legality in Helden & Steden: movement generation (``legal_moves``) and the checks that
refuse a move naming the rule it breaks (``check_move``), with the closest legal moves.

The move model is ``moves.py``; carrying a legal move out is ``turn.py``.
"""

from __future__ import annotations

import re
from itertools import compress
from typing import cast

from engines.core.contract import Seat
from engines.core.errors import IllegalMoveError
from engines.heroes_cities import board as B
from engines.heroes_cities.moves import (
    MOVE_TABLE,
    PASS,
    PROMOTIONS,
    HeroesCitiesMove,
    MoveAction,
    format_move,
)
from engines.heroes_cities.state import ATTACKER, EMPTY, OWNER, RANGE, HeroesCitiesState

_BIT_BYTES = bytes.maketrans(b"01", b"\x00\x01")
_EMPTY_BITS = str.maketrans({".": "1", "A": "0", "H": "0", "a": "0", "h": "0"})


def empty_mask(board: str) -> int:
    """Bitboard of the empty squares (an empty city is empty: cities are not pieces)."""
    return int(board.translate(_EMPTY_BITS)[::-1], 2)


def reach(empty: int, frm: int, steps: int) -> int:
    """Squares a piece on ``frm`` can end on: within ``steps`` king-steps through empty squares.

    Rulebook, "Verplaatsen van speelstukken": every step goes to a neighbouring square in any
    of the 8 directions, the direction may change after every step, only free squares and
    unoccupied city squares may be entered, and a move cannot end where it began. So the
    destinations are all squares reachable within ``steps`` steps over empty squares,
    except the start (decision 4).
    """
    cur = B.NEIGHBOUR_MASKS[frm] & empty
    for _ in range(steps - 1):
        cur |= B.expand(cur) & empty
    return cur


_OWN = (re.compile("[AH]"), re.compile("[ah]"))


def own_squares(board: str, seat: Seat) -> list[int]:
    """Squares holding a piece of ``seat``, lowest index first."""
    return [m.start() for m in _OWN[seat].finditer(board)]


def promotion_problem(state: HeroesCitiesState, seat: Seat, square: int) -> str | None:
    """Why ``seat`` may not play the alternative turn on ``square`` (a message code), or ``None``.

    Rulebook, "Uitzondering: Aanvaller in een stad van zichzelf": at the start of the turn an
    attacker of the player stands on a city showing the player's colour; it needs a hero in
    the reserve to replace it (decision 7).
    """
    if state.board[square] != ATTACKER[seat]:
        return "heroes_cities.promotion_no_attacker"
    slot = B.CITY_SLOT.get(square)
    if slot is None or state.cities[slot] != seat:
        return "heroes_cities.promotion_not_own_city"
    if state.reserve[seat] == 0:
        return "heroes_cities.promotion_no_reserve"
    return None


def promotable(state: HeroesCitiesState, seat: Seat) -> list[int]:
    """Squares where ``seat`` may play the alternative turn (only cities can qualify)."""
    return [sq for sq in B.CITY_SQUARES if promotion_problem(state, seat, sq) is None]


def movement_moves(state: HeroesCitiesState, seat: Seat) -> list[MoveAction]:
    """Every ``move`` of ``seat``, ordered by start square then destination (index order)."""
    board = state.board
    empty = empty_mask(board)
    out: list[MoveAction] = []
    for frm in own_squares(board, seat):
        dests = reach(empty, frm, RANGE[board[frm]])
        # bit i of ``dests`` -> selector byte i (0 or 1); compress picks the moves in C. A bit is
        # never set where MOVE_TABLE holds None (frm itself, or farther than any reach), hence the cast.
        row = cast("tuple[MoveAction, ...]", MOVE_TABLE[frm])
        out.extend(compress(row, bin(dests)[:1:-1].encode().translate(_BIT_BYTES)))
    return out


def legal_moves(state: HeroesCitiesState, seat: Seat) -> list[HeroesCitiesMove]:
    """Moves, then promotions; ``[pass]`` when there is neither (decision 9)."""
    if state.result is not None or state.phase != "play" or seat != state.to_move:
        return []
    moves = cast("list[HeroesCitiesMove]", movement_moves(state, seat))  # a new list: it may take other kinds
    moves.extend(PROMOTIONS[sq] for sq in promotable(state, seat))
    return moves or [PASS]


def closest(state: HeroesCitiesState, seat: Seat, frm: int | None, to: int | None) -> list[str]:
    """Up to 5 legal moves (canonical text) nearest to what the player typed.

    Moves sharing the typed start or destination come first, then by distance (king
    distance, then file plus rank steps) of the destination to the typed destination and of
    the start to the typed start, then by text.
    """
    def far(a: int | None, b: int | None) -> tuple[int, int]:
        """King distance, then the number of file and rank steps (0 when a square is unknown)."""
        if a is None or b is None:
            return (0, 0)
        return B.distance(a, b), abs(a % B.SIZE - b % B.SIZE) + abs(a // B.SIZE - b // B.SIZE)

    def key(move: HeroesCitiesMove) -> tuple[object, ...]:
        a = None if move.kind == "pass" else B.index(move.frm)
        b = B.index(move.to) if move.kind == "move" else a
        shared = (frm is not None and a == frm) or (to is not None and b == to)
        return (0 if shared else 1, far(b, to), far(a, frm), format_move(move))

    if state.result is not None or state.phase != "play" or seat != state.to_move:
        return []
    return [format_move(m) for m in sorted(legal_moves(state, seat), key=key)[:5]]


def check_turn(state: HeroesCitiesState, seat: Seat) -> None:
    """Refuse any move when the game is over, not started, or it is another seat's turn."""
    if state.result is not None:
        raise IllegalMoveError("heroes_cities.game_over", "the game is over")
    if state.phase != "play":
        raise IllegalMoveError("heroes_cities.not_started", "the start roll has not decided who begins")
    if seat != state.to_move:
        raise IllegalMoveError(
            "heroes_cities.not_your_turn", f"it is seat {state.to_move}'s turn", seat=state.to_move
        )


def _illegal(state: HeroesCitiesState, seat: Seat, code: str, text: str, frm: int | None,
             to: int | None, **params: object) -> IllegalMoveError:
    return IllegalMoveError(code, text, closest=closest(state, seat, frm, to), **params)


def check_piece(state: HeroesCitiesState, seat: Seat, frm: int) -> None:
    """The start square must hold a piece of the mover."""
    piece = state.board[frm]
    if piece == EMPTY or OWNER[piece] != seat:
        raise _illegal(state, seat, "heroes_cities.no_own_piece",
                       f"no piece of yours on {B.NAMES[frm]}", frm, None, square=B.NAMES[frm])


def check_destination(state: HeroesCitiesState, seat: Seat, frm: int, to: int) -> None:
    """A move cannot end on its start square nor on an occupied square."""
    if frm == to:
        raise _illegal(state, seat, "heroes_cities.same_square",
                       "a move cannot end where it began", frm, to, square=B.NAMES[frm])
    if state.board[to] != EMPTY:
        raise _illegal(state, seat, "heroes_cities.destination_occupied",
                       f"{B.NAMES[to]} is occupied", frm, to, square=B.NAMES[to])


def check_move(state: HeroesCitiesState, seat: Seat, move: HeroesCitiesMove) -> None:
    """Raise ``IllegalMoveError`` unless ``seat`` may play ``move`` now; the one legality test."""
    check_turn(state, seat)
    if move.kind == "pass":
        if legal_moves(state, seat) != [PASS]:
            raise _illegal(state, seat, "heroes_cities.pass_not_allowed",
                           "you may only pass when you cannot move", None, None)
        return
    frm = B.index(move.frm)
    if move.kind == "promote":
        check_promotion(state, seat, frm)
        return
    to = B.index(move.to)
    check_piece(state, seat, frm)
    check_destination(state, seat, frm, to)
    limit = RANGE[state.board[frm]]
    if B.distance(frm, to) > limit:
        raise _illegal(state, seat, "heroes_cities.out_of_range",
                       f"{B.NAMES[to]} is more than {limit} squares away", frm, to,
                       origin=B.NAMES[frm], square=B.NAMES[to], limit=limit,
                       distance=B.distance(frm, to))
    if not reach(empty_mask(state.board), frm, limit) >> to & 1:
        raise _illegal(state, seat, "heroes_cities.path_blocked",
                       f"no free path from {B.NAMES[frm]} to {B.NAMES[to]}", frm, to,
                       origin=B.NAMES[frm], square=B.NAMES[to], limit=limit)


def check_promotion(state: HeroesCitiesState, seat: Seat, square: int) -> None:
    """Raise ``IllegalMoveError`` unless ``seat`` may turn the attacker on ``square`` into a hero."""
    code = promotion_problem(state, seat, square)
    if code is not None:
        sq = B.NAMES[square]
        raise _illegal(state, seat, code, f"{sq} cannot become a hero ({code})", square, None, square=sq)
