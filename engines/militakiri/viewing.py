"""Building the view model (``view.MilitakiriView``) from a state.

Only the setup is secret: while the phase is ``setup`` a viewer sees the own chosen towers
(with the pawns as they will be filled in) and nothing of the other seat's choice but
whether it was made.
"""

from __future__ import annotations

from collections import Counter
from functools import cache

from engines.core.contract import Seat
from engines.militakiri.board import ENDGAME_MOVES, GEOMETRY, RANKS, RESERVES
from engines.militakiri.moves import lone_seats, placement_squares
from engines.militakiri.pieces import SHAPE_INDEX, SHAPE_NAMES, info, is_tower
from engines.militakiri.setup import all_setups, fill, squares_of
from engines.militakiri.state import MilitakiriState
from engines.militakiri.view import (
    EndgameView,
    LostView,
    MilitakiriView,
    PawnView,
    PieceView,
    ReserveView,
    ShapeCountView,
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


@cache
def starting_material(kind: str) -> tuple[Counter[str], Counter[str]]:
    """``(pawns, towers)`` per shape letter a seat starts with on the ``kind`` board (section 3:
    the same whatever the tower squares, so any valid setup tells).

    >>> [sorted(c.items()) for c in starting_material("single")]
    [[('p', 5), ('s', 5), ('x', 5)], [('p', 1), ('s', 1), ('x', 1)]]
    >>> [sorted(c.items()) for c in starting_material("double")]
    [[('p', 10), ('s', 10), ('x', 10)], [('p', 2), ('s', 2), ('x', 2)]]
    """
    g = GEOMETRY[kind]
    cells = [""] * g.cells
    fill(cells, g, 0, squares_of(g, 0, all_setups(kind, "row")[0]))
    pawns = Counter(c.lower() for c in cells if c and not is_tower(c))
    towers = Counter(c[1].lower() for c in cells if is_tower(c))
    return pawns, towers


def lost_pieces(state: MilitakiriState, seat: Seat) -> LostView:
    """``seat``'s pieces taken off the board, as ``LostView`` defines them: the starting
    material and the reserve towers brought in, less what stands on the board now and the top
    pawn of each rank exchanged for a reserve tower."""
    if state.phase == "setup":
        return LostView()
    start_pawns, start_towers = starting_material(state.options.board)
    full = RESERVES[state.options.board]
    pending = Counter(state.pending[seat])
    on_board_pawns: Counter[str] = Counter()
    on_board_towers: Counter[str] = Counter()
    for cell in state.board:
        if not cell:
            continue
        if is_tower(cell):
            if info(cell)[0] == seat:
                on_board_towers[cell[1].lower()] += 1
        else:
            on_board_pawns.update(c.lower() for c in cell if (c.isupper()) == (seat == 0))
    pawns, towers = {}, {}
    for letter, name in SHAPE_NAMES.items():
        exchanged = full[SHAPE_INDEX[letter]] - state.reserves[seat][SHAPE_INDEX[letter]]
        brought_in = exchanged - pending[letter]
        # never below zero, also for positions built by hand with more than a setup gives
        pawns[name] = max(0, start_pawns[letter] - on_board_pawns[letter] - exchanged)
        towers[name] = max(0, start_towers[letter] + brought_in - on_board_towers[letter])
    return LostView(pawns=ShapeCountView(**pawns), towers=ShapeCountView(**towers))


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
        lost=(lost_pieces(state, 0), lost_pieces(state, 1)),
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
