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

>>> square_coords("a1"), square_coords("r11"), square_name(3, 4)
((0, 0), (17, 10), 'd5')
"""

from __future__ import annotations

from typing import Literal

from engines.core.contract import Frozen, Result, Seat

ROW_LETTERS = "abcdefghijklmnopqr"
"""Row names, south (seat 0's back line ``a``) to north (seat 1's back line ``r``)."""

PieceKind = Literal["fighter", "bomber", "tank", "soldier", "artillery"]
"""Jager, bommenwerper, tank, soldaat, artillerie."""

Phase = Literal["setup", "roll", "play"]
"""``setup`` while a seat still has to place its numbers (secretly), ``roll`` during the start
roll, ``play`` after; a finished game keeps ``play`` and has a ``result``."""

ActionKind = Literal["move", "attack", "continue", "fire", "switch", "end", "setup"]
"""``continue``: an attacker using its remaining squares; ``setup`` never appears in a view
(the setup is secret: ``ready`` tells who has set up)."""


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


class EliminatedView(Frozen):
    """A piece off the board: public, with its back-number."""

    owner: Seat
    kind: PieceKind
    number: int | None = None
    """``None`` for bombers and artillery."""
    master: bool = False
    switched: bool = False
    """Left the board by a triple switch (a soldier), not by an attack."""


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


class ActionView(Frozen):
    """One action of a turn, as everyone may see it (never a hidden back-number)."""

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
