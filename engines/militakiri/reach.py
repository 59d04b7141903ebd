"""Section 25: the squares a piece can go to, drawn for players below Beginneling.

>>> from engines.militakiri.position import from_position
>>> state = from_position("5ts/5p/6/6/6/6/6/6/6/2(pS)3/6/TP5 r 2,2,1/2,2,1 -/- - 9 0 0")
>>> reachable_squares(state, 0, "c3")   # a red star rank 2: 2 squares every way
('a3', 'a5', 'b2', 'b3', 'b4', 'c1', 'c2', 'c4', 'c5', 'd2', 'd3', 'd4', 'e1', 'e3', 'e5')
>>> reachable_squares(state, 0, "a1")   # the plus tower: orthogonally any distance
('a2', 'a3', 'a4', 'a5', 'a6', 'a7', 'a8', 'a9', 'a10', 'a11', 'a12', 'b1', 'c1', 'd1', 'e1', 'f1')
"""

from __future__ import annotations

from engines.core.contract import Seat
from engines.core.errors import IllegalMoveError, InvalidMoveError
from engines.militakiri.pieces import owner
from engines.militakiri.rules import breaks_blockade_rule, piece_targets
from engines.militakiri.state import MilitakiriState


def reachable_squares(state: MilitakiriState, seat: Seat, square: str) -> tuple[str, ...]:
    """The squares (by file, then rank) the piece of ``seat`` on ``square`` can move to or
    capture on, whoever's turn it is, without those the blockade rule forbids; ``()`` for a
    piece that cannot move, or outside play. A square the board does not have, or one without a
    piece of ``seat``, is refused with the reason (never silently drawn as "nowhere").

    >>> from engines.militakiri.position import from_position
    >>> state = from_position("5ts/5p/6/6/6/6/6/6/6/2(pS)3/6/TP5 r 2,2,1/2,2,1 -/- - 9 0 0")
    >>> reachable_squares(state, 0, "zz99")
    Traceback (most recent call last):
    engines.core.errors.InvalidMoveError: zz99 is not a square of this board
    >>> reachable_squares(state, 0, "d4")
    Traceback (most recent call last):
    engines.core.errors.IllegalMoveError: no piece of yours on d4
    """
    g = state.geometry
    if not g.is_square(square):
        last = g.names[-1]
        raise InvalidMoveError("militakiri.reach_no_such_square", f"{square} is not a square of this board",
                               square=square, last=last)
    if state.phase != "play" or state.result is not None:
        return ()
    sq = g.index(square)
    cell = state.board[sq]
    if not cell or owner(cell) != seat:
        raise IllegalMoveError("militakiri.reach_no_own_piece", f"no piece of yours on {square}", square=square)
    moves, captures = piece_targets(state.board, g, sq, state.endgame is not None)
    out = []
    for to in sorted(moves + captures):
        if breaks_blockade_rule(state, seat, sq, to):
            continue
        out.append(g.names[to])
    return tuple(sorted(out, key=lambda n: (n[0], int(n[1:]))))
