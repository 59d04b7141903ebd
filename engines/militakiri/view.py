"""What leaves the engine for Militakiri: the view model the renderer and the bot read.

Squares are algebraic: files ``a``.. (``a-f`` on the single board, ``a-l`` on the double
board) left to right, ranks ``1-12`` bottom to top. Seat 0 (red) sets up on ranks 1-3 at
the bottom, seat 1 (blue) on ranks 12-10 at the top.

The game has no hidden information once play starts; only the setup choices are secret
while the other seat has not chosen yet (``setup_choice`` holds the viewer's own choice,
never the other seat's). Names here are stable: the renderer is written against them.

``build_view`` builds the view from a state. Only the setup is secret: while the phase is
``setup`` a viewer sees the own chosen towers (with the pawns as they will be filled in) and
nothing of the other seat's choice but whether it was made.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from typing import Literal

from engines.core.contract import Frozen, Result, Seat
from engines.militakiri.board import ENDGAME_MOVES, GEOMETRY, RANKS, RESERVES
from engines.militakiri.pieces import SHAPE_INDEX, SHAPE_NAMES, info, is_tower
from engines.militakiri.rules import lone_seats, placement_squares
from engines.militakiri.setup import all_setups, fill, squares_of
from engines.militakiri.state import LastMoveView, MilitakiriState, Shape

PieceKind = Literal["pawn", "rank", "tower"]
"""``pawn``: one pawn (rank 1); ``rank``: 2-4 stacked pawns; ``tower``: a tower."""
BoardKind = Literal["single", "double"]
Phase = Literal["setup", "roll", "play"]
"""``setup``: seats choose their tower squares; ``roll``: the start roll; ``play``: the game
(also after it ended: see ``result``)."""


class PawnView(Frozen):
    """One pawn of a stack."""

    owner: Seat
    shape: Shape


class PieceView(Frozen):
    square: str
    owner: Seat
    """For a rank: the colour of the top pawn (it rules the rank)."""
    kind: PieceKind
    shape: Shape
    """The tower's shape, or the top pawn's shape (it gives the directions)."""
    height: int
    """Pawns in the stack, 1-4 (the rank number); 0 for a tower (drawn as ``T``)."""
    stack: tuple[PawnView, ...] = ()
    """The pawns bottom to top (``stack[-1]`` is the top); empty for a tower."""
    reach: int
    """How many squares it may move or capture now: its height, a tower 0 (= unlimited),
    1 for everything while the endgame rule is active."""


class ReserveView(Frozen):
    """Reserve towers not yet in play, per shape."""

    plus: int
    cross: int
    star: int


class ShapeCountView(Frozen):
    """A count per shape."""

    plus: int = 0
    cross: int = 0
    star: int = 0


class LostView(Frozen):
    """A seat's pieces the opponent took off the board (sections 6, 9-18).

    ``towers``: its towers no longer on the board (a tower leaves the board only when taken).
    ``pawns``: its pawns no longer on the board, less the pawn on top of each of its ranks
    exchanged for a reserve tower (sections 7, 12, 13: that pawn was not taken, it left with
    its rank). Pawns taken but still on the board, under an enemy rank, are not counted: the
    board shows them. Counted against the starting material, so zero during the setup.
    """

    pawns: ShapeCountView = ShapeCountView()
    towers: ShapeCountView = ShapeCountView()


class EndgameView(Frozen):
    """Section 21: active once a seat has one tower and no pawns or ranks on the board."""

    lone: tuple[Seat, ...]
    """Seats that have exactly one tower and no pawns or ranks on the board now."""
    limit: int
    """Moves each seat gets after the rule became active (50 single, 100 double board)."""
    moves_left: tuple[int, int]
    """Moves left per seat; when both reach 0 the game is a draw."""


class MilitakiriView(Frozen):
    viewer: Seat | None
    board: BoardKind
    files: int
    """Board width: 6 (single) or 12 (double)."""
    ranks: int
    """Board length: 12."""
    phase: Phase
    pieces: tuple[PieceView, ...]
    """Every piece on the board; during setup only the viewer's own chosen setup (a preview)."""
    setup_zones: tuple[tuple[str, ...], tuple[str, ...]]
    """Per seat the squares of its setup zone (its first three ranks)."""
    setup_done: tuple[bool, bool]
    """Per seat whether it has chosen its setup (not what it chose)."""
    setup_choice: tuple[str, ...] = ()
    """The viewer's own chosen tower squares while the setup is secret; ``("random",)`` for
    a random setup not yet drawn; empty otherwise."""
    reserves: tuple[ReserveView, ReserveView]
    pending: tuple[tuple[Shape, ...], tuple[Shape, ...]]
    """Per seat the reserve towers earned but waiting for a free square of the setup zone,
    oldest first (the oldest is placed first)."""
    lost: tuple[LostView, LostView] = (LostView(), LostView())
    """Per seat the pieces it lost off the board (see ``LostView``)."""
    placing: bool = False
    """The seat to act must place a reserve tower now (``T@square``) before anything else."""
    placement_squares: tuple[str, ...] = ()
    """Where that reserve tower may go (when ``placing``)."""
    endgame: EndgameView | None = None
    to_act: tuple[Seat, ...]
    first_player: Seat | None
    turn: int
    """Moves (not placements) played."""
    quiet_moves: int
    """Moves since the last capture (for the ``quiet_move_limit`` option)."""
    last_move: LastMoveView | None = None
    result: Result | None = None
    highlights: tuple[str, ...] = ()
    """Squares to mark (the bot fills it with ``reachable_squares`` for beginners)."""


_PAWNS: dict[str, PawnView] = {
    letter: PawnView(owner=0 if letter.isupper() else 1, shape=SHAPE_NAMES[letter.lower()])
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
        shape=SHAPE_NAMES[shape],
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
