"""Building the view model (``view.MilitakiriView``) from a state.

Only the setup is secret: while the phase is ``setup`` a viewer sees the own chosen towers
(with the pawns as they will be filled in) and nothing of the other seat's choice but
whether it was made.
"""

from __future__ import annotations

from engines.core.contract import Seat
from engines.militakiri.board import ENDGAME_MOVES, RANKS
from engines.militakiri.moves import lone_seats, placement_squares
from engines.militakiri.pieces import SHAPE_NAMES, info
from engines.militakiri.setup import fill
from engines.militakiri.state import MilitakiriState
from engines.militakiri.view import (
    EndgameView,
    MilitakiriView,
    PawnView,
    PieceView,
    ReserveView,
)

_PAWNS: dict[str, PawnView] = {
    letter: PawnView(owner=0 if letter.isupper() else 1, shape=SHAPE_NAMES[letter.lower()])  # type: ignore[arg-type]
    for letter in "PXSpxs"
}


def piece_view(square: str, cell: str, endgame: bool) -> PieceView:
    seat, shape, is_tower, height = info(cell)
    if is_tower:
        return PieceView(square=square, owner=seat, kind="tower", shape=SHAPE_NAMES[shape], height=0,
                         reach=1 if endgame else 0)
    return PieceView(
        square=square,
        owner=seat,
        kind="pawn" if height == 1 else "rank",
        shape=SHAPE_NAMES[shape],  # type: ignore[arg-type]
        height=height,
        stack=tuple(_PAWNS[c] for c in cell),
        reach=1 if endgame else min(height, RANKS),
    )


def build_view(state: MilitakiriState, viewer: Seat | None) -> MilitakiriView:
    g = state.geometry
    names = g.names
    endgame = state.endgame is not None
    setup_choice: tuple[str, ...] = ()
    if state.phase == "setup":
        board = [""] * g.cells
        if viewer is not None and state.setups[viewer]:
            if state.setups[viewer] == "random":
                setup_choice = ("random",)
            else:
                setup_choice = tuple(state.setups[viewer].split())
                fill(board, g, viewer, tuple(g.index(n) for n in setup_choice))
        setup_done = (bool(state.setups[0]), bool(state.setups[1]))
    else:
        board = list(state.board)
        setup_done = (True, True)
    pieces = tuple(piece_view(names[sq], cell, endgame) for sq, cell in enumerate(board) if cell)
    placing = False
    places: tuple[str, ...] = ()
    if state.phase == "play" and state.result is None and state.to_move is not None:
        squares = placement_squares(state, state.to_move)
        if squares:
            placing = True
            places = tuple(names[sq] for sq in squares)
    endgame_view = None
    if state.endgame is not None:
        limit = ENDGAME_MOVES[state.options.board]
        endgame_view = EndgameView(
            lone=lone_seats(state.board),
            limit=limit,
            moves_left=(max(0, limit - state.endgame[0]), max(0, limit - state.endgame[1])),
        )
    to_act: tuple[Seat, ...]
    if state.result is not None:
        to_act = ()
    elif state.phase == "setup":
        to_act = tuple(s for s in (0, 1) if not state.setups[s])
    elif state.phase == "play":
        to_act = (state.to_move,)  # type: ignore[assignment]
    else:
        to_act = ()
    return MilitakiriView(
        viewer=viewer,
        board=state.options.board,
        files=g.files,
        ranks=RANKS,
        phase=state.phase,
        pieces=pieces,
        setup_zones=tuple(tuple(names[sq] for sq in g.zones[s]) for s in (0, 1)),  # type: ignore[arg-type]
        setup_done=setup_done,
        setup_choice=setup_choice,
        reserves=tuple(ReserveView(plus=r[0], cross=r[1], star=r[2]) for r in state.reserves),  # type: ignore[arg-type]
        pending=tuple(tuple(SHAPE_NAMES[c] for c in p) for p in state.pending),  # type: ignore[arg-type]
        placing=placing,
        placement_squares=places,
        endgame=endgame_view,
        to_act=to_act,
        first_player=state.first_player,
        turn=state.turn,
        quiet_moves=state.quiet,
        last_move=state.last_move,
        result=state.result,
    )
