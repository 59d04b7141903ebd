"""Carrying out a legal move (sections 6-21) and the end of the game (sections 21, 27).

``play`` assumes the move was checked (``moves.check_*``). A turn is one move, capture or
pass, with reserve-tower placements before it (a tower that waited for a free square) or
after it (a tower earned by this move): placements never end a turn by themselves.
"""

from __future__ import annotations

from engines.core.contract import Result, Seat
from engines.militakiri.board import ENDGAME_MOVES
from engines.militakiri.moves import BoardMove, MilitakiriMove, PassMove, PlaceMove, format_move
from engines.militakiri.options import MilitakiriOptions
from engines.militakiri.pieces import SHAPE_INDEX, SHAPE_NAMES, tower
from engines.militakiri.rules import (
    after_board_move,
    census,
    lone_seats,
    must_place,
)
from engines.militakiri.state import LastMoveView, MilitakiriState


def result_of(
    board: tuple[str, ...] | list[str],
    endgame: tuple[int, int] | None,
    quiet: int,
    passes: int,
    options: MilitakiriOptions,
    towers_may_change: bool = True,
) -> Result | None:
    """How the game ended, or ``None``; tried in this order:

    a. section 27: a seat without towers on the board loses, whatever its reserve
       (``militakiri.all_towers``, ``seat`` the winner, ``loser``);
    b. section 21: the endgame rule is active and both seats used all their moves: a draw
       (``militakiri.endgame_draw``, ``limit``);
    c. decision 17: both seats passed in a row (nobody can move): a draw (``militakiri.no_moves``);
    d. decision 18: ``quiet_move_limit`` moves in a row without a capture, outside the endgame
       rule: a draw (``militakiri.quiet_limit``, ``limit``).

    ``towers_may_change=False`` skips (a) after a move that captured nothing.

    Clocks, correspondence deadlines and resignation (section 27) are the referee's: the core
    records them as ``core.timeout`` and ``core.resigned``.
    """
    towers, _ = census(board) if towers_may_change else ((1, 1), (0, 0))
    for loser in (0, 1):
        if towers[loser] == 0:
            return Result(winners=(1 - loser,), reason="militakiri.all_towers", params={"seat": 1 - loser, "loser": loser})
    limit = ENDGAME_MOVES[options.board]
    if endgame is not None and min(endgame) >= limit:
        return Result(draw=True, reason="militakiri.endgame_draw", params={"limit": limit})
    if passes >= 2:
        return Result(draw=True, reason="militakiri.no_moves")
    quiet_limit = options.quiet_move_limit
    if endgame is None and quiet_limit and quiet >= quiet_limit:
        return Result(draw=True, reason="militakiri.quiet_limit", params={"limit": quiet_limit})
    return None


def _text(move: MilitakiriMove) -> str:
    return format_move(move)


def play(state: MilitakiriState, seat: Seat, move: BoardMove | PlaceMove | PassMove) -> MilitakiriState:
    """The state after ``seat`` plays the checked ``move`` (a move, capture, pass or placement)."""
    if isinstance(move, PlaceMove):
        return _place(state, seat, move)
    g = state.geometry
    board: tuple[str, ...] | list[str] = state.board
    reserves, pending = state.reserves, state.pending
    earned = None
    captured = move.kind == "capture"
    squares = (move.frm, move.to) if isinstance(move, BoardMove) else (None, None)
    if isinstance(move, BoardMove):
        frm, to = g.index_of[move.frm], g.index_of[move.to]
        board, earned = after_board_move(state, seat, frm, to)
        if earned is not None:
            reserve = list(reserves[seat])
            reserve[SHAPE_INDEX[earned]] -= 1
            reserves = _with(reserves, seat, tuple(reserve))
            pending = _with(pending, seat, pending[seat] + earned)
    board = tuple(board)
    # Section 7: an earned tower goes on the board in this turn when a free square takes it;
    # its owner is then never lone, only when the tower must wait.
    places_now = earned is not None and must_place(
        state.model_copy(update={"board": board, "pending": pending, "moved": True}), seat
    )
    endgame = state.endgame
    if endgame is None:
        if captured and any(s != seat or not places_now for s in lone_seats(board)):
            endgame = (0, 0)  # section 21: active from now on; this move does not count
    else:
        endgame = _with(endgame, seat, endgame[seat] + 1)
    quiet = 0 if captured else state.quiet + 1
    passes = state.passes + 1 if move.kind == "pass" else 0
    last = LastMoveView(
        seat=seat,
        kind=move.kind,
        text=_text(move),
        frm=squares[0],
        to=squares[1],
        capture=captured,
        promotion=SHAPE_NAMES[earned] if earned else None,
    )
    previous = state.last_move
    if previous is not None and previous.seat == seat and previous.kind == "place":
        last = last.model_copy(update={"placement": previous.placement, "text": f"{previous.text} {last.text}"})
    result = result_of(board, endgame, quiet, passes, state.options, towers_may_change=captured)
    update = {
        "board": board,
        "reserves": reserves,
        "pending": pending,
        "endgame": endgame,
        "turn": state.turn + 1,
        "quiet": quiet,
        "passes": passes,
        "moved": False,
        "to_move": 1 - seat,
        "last_move": last,
        "result": result,
    }
    if result is None and places_now:
        # the mover places the tower it just earned, then the turn passes
        return state.model_copy(update={**update, "moved": True, "to_move": seat})
    return state.model_copy(update=update)


def _place(state: MilitakiriState, seat: Seat, move: PlaceMove) -> MilitakiriState:
    """Section 7: a reserve tower goes on the free square ``move.to``: right after the move, the
    one this move earned (the last); at the start of a turn, the oldest waiting one."""
    sq = state.geometry.index_of[move.to]
    waiting = state.pending[seat]
    board = list(state.board)
    if state.moved:
        board[sq] = tower(seat, waiting[-1])
        rest = waiting[:-1]
    else:
        board[sq] = tower(seat, waiting[0])
        rest = waiting[1:]
    text = _text(move)
    previous = state.last_move
    if previous is not None and previous.seat == seat:
        last = previous.model_copy(update={"placement": move.to, "text": f"{previous.text} {text}"})
    else:
        last = LastMoveView(seat=seat, kind="place", text=text, placement=move.to)
    update = {"board": tuple(board), "pending": _with(state.pending, seat, rest), "last_move": last}
    if state.moved:  # the tower this turn's move earned: the turn passes
        update["to_move"], update["moved"] = 1 - seat, False
    return state.model_copy(update=update)


def _with(pair: tuple, seat: Seat, value: object) -> tuple:
    return (value, pair[1]) if seat == 0 else (pair[0], value)
