"""What leaves the engine for Slag om het Eiland: the view model the renderer and bot read.

Squares are algebraic (``a1`` south-west .. ``l12`` north-east); seat 0 (red) sits at the
south edge with its pad below rank 1, seat 1 (blue) at the north edge with its pad above
rank 12. The one secret is which obstacle blocks are live: ``BlockView.live`` is ``None``
unless the viewer may know it (their own armed blocks with ``armed_by_owner``, or after the
end when the layout is revealed). Names here are stable: the renderer is written against them.
"""

from __future__ import annotations

from typing import Literal

from engines.core.contract import Frozen, Result, Seat

Kind = Literal["soldier", "jeep", "tank"]
Direction = Literal["n", "e", "s", "w"]
Phase = Literal["seal", "start_roll", "blocks", "arm", "characters", "pads", "play"]
"""Setup runs ``seal`` (the referee fixes the hidden layout) → ``start_roll`` → ``blocks``
(placed in turns) → ``arm`` (only ``armed_by_owner``) → ``characters`` (5 each on the
island in turns) → ``pads`` (the rest onto the pads) → ``play`` (also after the end)."""
Step = Literal["bring_on", "roll", "zero", "move", "moved", "free_removal", "rolling", "over", "setup"]
"""Within a turn: ``bring_on`` (rule 4), ``roll``, ``rolling`` (the die is being rolled),
``zero`` (choose a zero option), ``move`` (move with the roll), ``moved`` (shoot or end),
``free_removal`` (rules 1a/1b: the opponent removes a character)."""
ActionKind = Literal["roll", "move", "shoot", "reinforce", "pad", "turn", "remove", "lost_roll"]


class CharacterView(Frozen):
    owner: Seat
    kind: Kind
    range: int
    """Exact shooting range: soldier 2, jeep 3, tank 4."""
    square: str | None
    """Island square, or ``None`` while on the pad."""
    facing: Direction | None
    """Facing on the island (``n`` is towards rank 12); ``None`` on the pad."""
    slot: int | None
    """Pad slot 1-5 (from the owner's left) it stands on or will leave from (rule 6);
    ``None`` for characters that started on the island."""


class BlockView(Frozen):
    square: str
    owner: Seat
    """Who placed it."""
    live: bool | None
    """``None`` when the viewer does not know (the secret)."""


class RevealedBlockView(Frozen):
    """A block activated this turn or the previous one (drawn with its blast area)."""

    square: str
    live: bool
    blast: tuple[str, ...] = ()
    """The squares around a live block whose characters were removed with it."""


class PadView(Frozen):
    owner: Seat
    files: tuple[str | None, ...]
    """The island files beside slots 1-5 (from the owner's left); ``None`` for a slot hanging
    past the island's corner (only the rocket must stay beside the island)."""
    slots: tuple[Kind | None, ...]
    """What stands on each slot, 1-5 from the owner's left."""
    rocket: str
    """The file of the rocket square (the middle of the pad, against the island)."""


class ShotView(Frozen):
    frm: str
    to: str


class ActionView(Frozen):
    seat: Seat
    kind: ActionKind
    text: str
    """The action in notation (``c2-c5``, ``shoot c5 c8``, ``roll 3``...)."""
    frm: str | None = None
    to: str | None = None
    caught: tuple[str, ...] = ()
    """A shot: the squares on its line of fire whose characters were caught in the crossfire
    and removed (rule 10)."""


class BattleIslandView(Frozen):
    viewer: Seat | None
    size: int
    phase: Phase
    step: Step
    characters: tuple[CharacterView, ...]
    """Every character still in the game (island and pads)."""
    blocks: tuple[BlockView, ...]
    """Unactivated blocks on the island."""
    revealed: tuple[RevealedBlockView, ...]
    pads: tuple[PadView, ...]
    """Empty with the ``carrier_pads`` option off."""
    to_act: tuple[Seat, ...]
    to_move: Seat | None
    """Whose turn it is (after the start roll)."""
    die: int | None
    """The roll being played (0-5); ``None`` before the roll."""
    last_roll: int | None
    """The most recent face rolled (shown as a die face), this turn or the last."""
    restricted: str | None = None
    """After a zero option: the only character that may move (rule 2a)."""
    pad_move: bool = False
    """After a zero: the roll moves the pad (zero option 2)."""
    movable: tuple[str, ...] = ()
    """Characters of the seat to move that can use the current roll."""
    shots: tuple[ShotView, ...] = ()
    """Shots the seat to move can make now (exact range, facing, no block between)."""
    entry: tuple[str, ...] = ()
    """Squares a reinforcement may enter on now (``bring_on``/``zero``)."""
    lost: tuple[int, int]
    """Characters each seat has lost."""
    win_at: int
    blocks_left: int
    live_left: int | None
    """Live blocks still on the island, when that is public (``all_live``, or after the end)."""
    seal: str | None = None
    """The published sha256 of the hidden layout (``None`` before it is fixed)."""
    opening: str | None = None
    """The layout and salt, revealed after the end (``sha256(opening) == seal``)."""
    actions: tuple[ActionView, ...] = ()
    """This turn's actions so far, or the previous turn's before the roll."""
    turn: int
    quiet_turns: int
    result: Result | None = None
