"""What leaves the engine for Masters Victory: the view model the renderer and the bot read.

Hidden information: while a piece stands on the board its back-number (rugnummer) is known
only to its owner. ``view(state, seat)`` fills ``number``/``master`` of that seat's own
pieces; every other piece on the board has ``number=None`` and ``master=None``. Eliminated
pieces are public with their numbers (rulebook: "Na uitschakeling worden de pionnen en hun
rugnummers zichtbaar opgesteld voor beide spelers").

Squares are named ``<row><column>``: the row letter ``a``..``r`` (``a`` is seat 0's back
line, drawn at the bottom / south; ``r`` is seat 1's back line, north) followed by the column
number ``1``..``cols`` (1 at the left / west). ``square_coords("a1") == (0, 0)`` gives the
zero-based (row, column); row 0 is the bottom row of the picture.

``build_view`` builds the view from a state.

>>> square_coords("a1"), square_coords("r11"), square_name(3, 4)
((0, 0), (17, 10), 'd5')
"""

from __future__ import annotations

from functools import cache
from typing import Literal

from engines.core.contract import Frozen, Result, Seat
from engines.masters_victory import attack as A
from engines.masters_victory import board as B
from engines.masters_victory.board import ROW_LETTERS
from engines.masters_victory.state import (
    EMPTY,
    ActionView,
    EliminatedView,
    MastersVictoryState,
    PieceKind,
    masters_left,
    off_pieces,
)
from engines.masters_victory.turn import eliminated_view

Phase = Literal["setup", "roll", "play"]
"""``setup`` while a seat still has to place its numbers (secretly), ``roll`` during the start
roll, ``play`` after; a finished game keeps ``play`` and has a ``result``."""


def square_coords(square: str) -> tuple[int, int]:
    """``"d5"`` -> ``(3, 4)``: zero-based (row, column), row 0 = row ``a`` at the bottom."""
    name = square.strip().lower()
    return ROW_LETTERS.index(name[0]), int(name[1:]) - 1


def square_name(row: int, col: int) -> str:
    """Zero-based (row, column) -> ``"d5"``."""
    return f"{ROW_LETTERS[row]}{col + 1}"


class PieceView(Frozen):
    square: str
    owner: Seat
    kind: PieceKind
    height: int
    """Height rank 1 (lowest) .. 5 (tallest, the fighter) under the match's options; the
    defence zone compares these (a taller piece protects its smaller neighbours)."""
    number: int | None = None
    """Back-number 1..3 (the master counts as 3); ``None`` when hidden from this viewer,
    and always ``None`` for bombers and artillery (they carry no back-number)."""
    master: bool | None = None
    """``True`` for a 3M piece; ``None`` when hidden from this viewer or not a numbered type."""
    moved: bool = False
    """Already moved in the current turn (each piece moves at most once per turn)."""


class StartPlaceView(Frozen):
    square: str
    seat: Seat
    kind: PieceKind


class ZonesView(Frozen):
    bunkers: tuple[str, ...]
    """Bunker squares: ground units (tank, soldier, artillery) there are safe from aircraft and artillery."""
    mines: tuple[str, ...]
    """Mine squares: only aircraft may enter; aircraft there are safe from soldiers."""
    start_places: tuple[StartPlaceView, ...]
    """The 25 fixed start places of each seat, by type."""


class ArtilleryZoneView(Frozen):
    artillery: str
    """The square of the artillery piece."""
    squares: tuple[str, ...]
    """Its 3x3 firing zone straight ahead (north for seat 0, south for seat 1), clipped to the board."""


class TurnView(Frozen):
    """Progress of the turn being played."""

    seat: Seat
    number: int
    """Turn number, 1 for the first turn of the game."""
    moved: tuple[str, ...]
    """Current squares of the pieces moved so far this turn."""
    moves_left: int
    """Pieces that may still be moved this turn (3 minus those moved)."""
    continuation: str | None = None
    """Square of a piece that attacked and may still use its remaining movement."""
    steps_left: int = 0
    """Remaining squares of that piece."""


class MastersVictoryView(Frozen):
    viewer: Seat | None
    rows: int = 18
    cols: int = 11
    zones: ZonesView
    pieces: tuple[PieceView, ...]
    eliminated: tuple[tuple[EliminatedView, ...], tuple[EliminatedView, ...]]
    """Per seat: that seat's pieces off the board, in the order they left, public."""
    masters_left: tuple[int, int]
    """Masters of each seat still on the board (the game is lost at 0)."""
    ready: tuple[bool, bool]
    """Setup: whether each seat has placed its pieces (all anyone learns of the other's setup)."""
    last_turn: tuple[ActionView, ...]
    """The actions of the previous complete turn."""
    current_turn: tuple[ActionView, ...]
    """The actions played so far in the turn being played."""
    turn: TurnView | None
    """``None`` outside play or after the end."""
    artillery_zones: tuple[ArtilleryZoneView, ...]
    """Firing zones of the side to move's artillery (they act only in their owner's turn)."""
    phase: Phase
    to_act: tuple[Seat, ...]
    first_player: Seat | None
    quiet_turns: int
    """Consecutive complete turns without any piece removed (for the quiet-turn limit)."""
    result: Result | None


@cache
def zones_view() -> ZonesView:
    return ZonesView(
        bunkers=tuple(B.NAMES[s] for s in sorted(B.BUNKERS)),
        mines=tuple(B.NAMES[s] for s in sorted(B.MINES)),
        start_places=tuple(
            StartPlaceView(square=B.NAMES[sq], seat=seat, kind=B.KIND_NAME[kind])
            for seat in (0, 1)
            for kind in B.KINDS
            for sq in B.START[seat][kind]
        ),
    )


def build_view(state: MastersVictoryState, viewer: Seat | None, to_act: frozenset[Seat], reveal: bool = False) -> MastersVictoryView:
    """What ``viewer`` may see: back-numbers only of the viewer's own pieces on the board;
    the pieces off the board with their numbers for everyone; nothing else of ``numbers``
    (``reveal``: every piece's back-number, for a replay after the end)."""
    board, numbers = state.board, state.numbers
    high = A.heights(state.options)
    moved = set(state.moved)
    pieces = []
    for sq, piece in enumerate(board):
        if piece == EMPTY:
            continue
        seat = A.owner(piece)
        kind = A.kind(piece)
        number: int | None = None
        master: bool | None = None
        if (reveal or seat == viewer) and numbers[sq] != EMPTY:
            number = A.NUMBER_VALUE[numbers[sq]]
            master = numbers[sq] == "m"
        pieces.append(
            PieceView(
                square=B.NAMES[sq],
                owner=seat,
                kind=B.KIND_NAME[kind],
                height=high[kind],
                number=number,
                master=master,
                moved=sq in moved and seat == state.to_move,
            )
        )
    playing = state.phase == "play" and state.result is None
    turn = None
    zones: tuple[ArtilleryZoneView, ...] = ()
    if playing:
        mover = state.to_move
        cont = state.cont
        turn = TurnView(
            seat=mover,  # type: ignore[arg-type]
            number=state.turns + 1,
            moved=tuple(B.NAMES[s] for s in state.moved),
            moves_left=3 - state.used,
            continuation=B.NAMES[cont[0]] if cont else None,
            steps_left=cont[1] if cont else 0,
        )
        letter = A.letter("A", mover)  # type: ignore[arg-type]
        zones = tuple(
            ArtilleryZoneView(artillery=B.NAMES[sq], squares=tuple(B.NAMES[z] for z in B.ZONE[mover][sq]))  # type: ignore[index]
            for sq, piece in enumerate(board)
            if piece == letter
        )
    return MastersVictoryView(
        viewer=viewer,
        rows=B.ROWS,
        cols=B.COLS,
        zones=zones_view(),
        pieces=tuple(pieces),
        eliminated=(
            tuple(eliminated_view(0, r) for r in off_pieces(state.off[0])),
            tuple(eliminated_view(1, r) for r in off_pieces(state.off[1])),
        ),
        masters_left=(masters_left(state, 0), masters_left(state, 1)),
        ready=state.ready,
        last_turn=state.last_turn,
        current_turn=state.current,
        turn=turn,
        artillery_zones=zones,
        phase=state.phase,
        to_act=tuple(sorted(to_act)),
        first_player=state.first_player,
        quiet_turns=state.quiet,
        result=state.result,
    )
