"""The game state of Masters Victory and the start position.

Compact on purpose (it is copied after every action):

* ``board``: 198 characters, one per square in index order (``a1``, ``a2``, .., ``a11``,
  ``b1``, .., ``r11``): ``.`` empty, ``F B T S A`` a fighter, bomber, tank, soldier or
  artillery of seat 0 (red, south), ``f b t s a`` the same of seat 1 (green, north);
* ``numbers``: 198 characters, the hidden back-numbers: ``1``, ``2``, ``3`` or ``m`` (3M)
  under every fighter, tank and soldier once its owner has set up, ``.`` elsewhere.

The state is the referee's: it holds every secret. Only ``engine.view`` decides what a
viewer may see; nothing the rules decide (legal moves, errors) ever reads ``numbers``
except R1 and the switch (which reads the owner's own public tray).

>>> s = initial_state(MastersVictoryOptions())
>>> s.phase, s.board.count("F"), s.board.count("t"), set(s.numbers)
('setup', 6, 6, {'.'})
"""

from __future__ import annotations

from typing import Literal

from pydantic import field_validator

from engines.core.contract import Frozen, Result, Seat
from engines.masters_victory import board as B
from engines.masters_victory.board import PieceKind
from engines.masters_victory.options import MastersVictoryOptions

EMPTY = "."
PIECE_CHARS = "FBTSAfbtsa"
NUMBER_CHARS = "123m"
NUMBERS_PER_TYPE = "11223m"
"""The six back-numbers of the fighters, the tanks and the soldiers of one side (decision 2)."""
MOVES_PER_TURN = 3

Phase = Literal["setup", "roll", "play"]
ActionKind = Literal["move", "attack", "continue", "fire", "switch", "end", "setup"]
"""``continue``: an attacker using its remaining squares; ``setup`` never appears in a view
(the setup is secret: ``ready`` tells who has set up)."""


class EliminatedView(Frozen):
    """A piece off the board: public, with its back-number."""

    owner: Seat
    kind: PieceKind
    number: int | None = None
    """``None`` for bombers and artillery."""
    master: bool = False
    switched: bool = False
    """Left the board by a triple switch (a soldier), not by an attack."""


class ActionView(Frozen):
    """One action of a turn, as everyone may see it (never a hidden back-number); the state
    keeps the last and the current turn of these and every view shows them (``view.py``)."""

    seat: Seat
    kind: ActionKind
    text: str
    """The action in notation, e.g. ``d3-g3xh3-h5``, ``fire c4``, ``switch r5 f1@b2``, ``end``;
    empty for a (secret) setup."""
    path: tuple[str, ...] = ()
    """Every square the piece passed, start first, up to where it stopped (or was removed)."""
    attack: str | None = None
    """The square attacked by R1/R2, if any."""
    swept: tuple[str, ...] = ()
    """Artillery: every square of the firing zones swept by this action (R3)."""
    removed: tuple[EliminatedView, ...] = ()
    """Pieces removed by this action (both sides), public with their numbers."""
    removed_squares: tuple[str, ...] = ()
    """Where the removed pieces stood, in the order of ``removed``."""
    placed: tuple[str, ...] = ()
    """Triple switch: the start places where the returning pieces entered."""


class MastersVictoryState(Frozen):
    options: MastersVictoryOptions
    phase: Phase
    board: str
    numbers: str
    ready: tuple[bool, bool]
    """Setup: which seats have placed their pieces (a random setup is ready after its shuffle)."""
    pending: tuple[Seat, ...]
    """Setup: seats that chose ``setup random`` and wait for their shuffle (a chance node)."""
    to_move: Seat | None
    first_player: Seat | None
    turns: int
    """Complete turns played."""
    moved: tuple[int, ...]
    """Squares of the pieces moved in the current turn (where they stand now)."""
    used: int
    """Pieces moved in the current turn (removed ones included), at most 3."""
    cont: tuple[int, int, int] | None
    """A piece that attacked and may still use its remaining movement:
    (square, squares left, direction index 0-3 of its last step, used by ``straight``)."""
    removed_in_turn: bool
    """Whether any piece left the board in the current turn (for the quiet-turn counter)."""
    quiet: int
    """Consecutive complete turns without any piece removed."""
    off: tuple[str, str]
    """Per seat, the pieces off the board in the order they left, 3 characters each:
    type letter (upper case), back-number (``.`` for bombers and artillery), and how it left
    (``x`` removed by an attack or artillery, ``s`` switched away by a triple switch)."""
    last_turn: tuple[ActionView, ...]
    current: tuple[ActionView, ...]
    result: Result | None

    @field_validator("board")
    @classmethod
    def _board_ok(cls, value: str) -> str:
        if len(value) != B.CELLS or set(value) - set(EMPTY + PIECE_CHARS):
            raise ValueError(f"board must be {B.CELLS} characters of '.FBTSAfbtsa'")
        return value

    @field_validator("numbers")
    @classmethod
    def _numbers_ok(cls, value: str) -> str:
        if len(value) != B.CELLS or set(value) - set(EMPTY + NUMBER_CHARS):
            raise ValueError(f"numbers must be {B.CELLS} characters of '.123m'")
        return value


def start_board() -> str:
    """Every piece on a start place of its type (rulebook: "de 50 pionnen over deze 50
    startplaatsen verdeeld"; layout: decision 1)."""
    cells = [EMPTY] * B.CELLS
    for seat in (0, 1):
        for kind, squares in B.START[seat].items():
            for sq in squares:
                cells[sq] = kind if seat == 0 else kind.lower()
    return "".join(cells)


START_BOARD = start_board()


def initial_state(options: MastersVictoryOptions) -> MastersVictoryState:
    """The setup phase: types on their start places, no back-numbers placed yet."""
    return MastersVictoryState(
        options=options,
        phase="setup",
        board=START_BOARD,
        numbers=EMPTY * B.CELLS,
        ready=(False, False),
        pending=(),
        to_move=None,
        first_player=None,
        turns=0,
        moved=(),
        used=0,
        cont=None,
        removed_in_turn=False,
        quiet=0,
        off=("", ""),
        last_turn=(),
        current=(),
        result=None,
    )


def masters_left(state: MastersVictoryState, seat: Seat) -> int:
    """Masters of ``seat`` still on the board: 3 minus those off the board (they never return)."""
    off = state.off[seat]
    return 3 - sum(1 for i in range(1, len(off), 3) if off[i] == "m")


def off_pieces(off: str) -> list[str]:
    """The 3-character records of an ``off`` string."""
    return [off[i:i + 3] for i in range(0, len(off), 3)]
