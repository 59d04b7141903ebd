"""What leaves the engine for Militakiri: the view model the renderer and the bot read.

Squares are algebraic: files ``a``.. (``a-f`` on the single board, ``a-l`` on the double
board) left to right, ranks ``1-12`` bottom to top. Seat 0 (red) sets up on ranks 1-3 at
the bottom, seat 1 (blue) on ranks 12-10 at the top.

The game has no hidden information once play starts; only the setup choices are secret
while the other seat has not chosen yet (``setup_choice`` holds the viewer's own choice,
never the other seat's). Names here are stable: the renderer is written against them.
"""

from __future__ import annotations

from typing import Literal

from engines.core.contract import Frozen, Result, Seat

Shape = Literal["plus", "cross", "star"]
"""Plus moves orthogonally and captures diagonally, cross the reverse, star both ways."""
PieceKind = Literal["pawn", "rank", "tower"]
"""``pawn``: one pawn (rank 1); ``rank``: 2-4 stacked pawns; ``tower``: a tower."""
BoardKind = Literal["single", "double"]
Phase = Literal["setup", "roll", "play"]
"""``setup``: seats choose their tower squares; ``roll``: the start roll; ``play``: the game
(also after it ended: see ``result``)."""
LastMoveKind = Literal["setup", "move", "capture", "place", "pass"]


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


class LastMoveView(Frozen):
    seat: Seat
    kind: LastMoveKind
    text: str
    """The turn in notation, e.g. ``b2-c3``, ``b2xc4``, ``T@a1``, ``pass``; placements of the same
    turn are joined to it (``c5xd6 T@c2``, ``T@a3 b3-c4``). Setups leave no last move: they
    show on the board itself once both are made (kind ``setup`` is not used)."""
    frm: str | None = None
    to: str | None = None
    capture: bool = False
    placement: str | None = None
    """The square a reserve tower was placed on (``kind='place'``)."""
    promotion: Shape | None = None
    """Shape of the reserve tower a rank was exchanged for by this move (it then left the
    board: the tower is placed now or waits, see ``pending``)."""


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
