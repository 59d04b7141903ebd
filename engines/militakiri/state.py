"""The game state of Militakiri and the start state.

``board`` is a tuple with one string per square in index order (``a1``, ``b1``, .., then
rank 2, ..; see ``board.Geometry``), each a square content as in ``pieces``. Tuples of short
strings keep the state small, hashable and cheap to copy.

>>> from engines.militakiri.options import MilitakiriOptions
>>> s = initial_state(MilitakiriOptions())
>>> s.phase, len(s.board), s.reserves, s.setups
('setup', 72, ((2, 2, 1), (2, 2, 1)), ('', ''))
"""

from __future__ import annotations

from typing import Literal

from pydantic import model_validator

from engines.core.contract import Frozen, Result, Seat
from engines.militakiri.board import GEOMETRY, RESERVES, Geometry
from engines.militakiri.options import MilitakiriOptions
from engines.militakiri.pieces import Shape, valid_cell

LastMoveKind = Literal["setup", "move", "capture", "place", "pass"]
Phase = Literal["setup", "roll", "play"]
Reserve = tuple[int, int, int]
"""Reserve towers in the order plus, cross, star."""


class LastMoveView(Frozen):
    """The last turn as the state keeps it and every view shows it (``view.py`` passes it on)."""

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


class MilitakiriState(Frozen):
    options: MilitakiriOptions
    phase: Phase
    """``setup`` until both seats chose their towers (and random setups were drawn), ``roll``
    until the start roll decided who begins, then ``play`` (also after the end)."""
    board: tuple[str, ...]
    setups: tuple[str, str]
    """Per seat: ``""`` not chosen yet, ``"random"`` (until drawn), or the tower squares in
    canonical order separated by spaces. Secret while the phase is ``setup``."""
    to_move: Seat | None
    """The seat whose turn it is (after the end: whose turn it would have been)."""
    moved: bool = False
    """``to_move`` has made its move this turn and must still place a reserve tower."""
    first_player: Seat | None
    reserves: tuple[Reserve, Reserve]
    pending: tuple[str, str] = ("", "")
    """Per seat the reserve towers earned and waiting for a free square (shape letters, oldest
    first)."""
    endgame: tuple[int, int] | None = None
    """Section 21: ``None`` until the endgame rule is active, then the moves each seat made since."""
    turn: int = 0
    """Moves and passes played (placements do not count)."""
    quiet: int = 0
    """Moves in a row without a capture (not counted during the endgame)."""
    passes: int = 0
    """Consecutive passes."""
    last_move: LastMoveView | None = None
    result: Result | None = None

    @model_validator(mode="after")
    def _shape_ok(self) -> MilitakiriState:
        if len(self.board) != self.geometry.cells:
            raise ValueError(f"the {self.options.board} board has {self.geometry.cells} squares")
        if not all(valid_cell(c) for c in self.board):
            raise ValueError("board holds an invalid square content")
        return self

    @property
    def geometry(self) -> Geometry:
        return GEOMETRY[self.options.board]


def initial_state(options: MilitakiriOptions) -> MilitakiriState:
    """Sections 1 and 3: an empty board, full reserves; the seats choose their setups first."""
    geometry = GEOMETRY[options.board]
    reserve = RESERVES[options.board]
    return MilitakiriState(
        options=options,
        phase="setup",
        board=("",) * geometry.cells,
        setups=("", ""),
        to_move=None,
        first_player=None,
        reserves=(reserve, reserve),
    )
