"""The game state of Slag om het Eiland and the start state.

Characters and blocks keep a fixed id (their place in the tuple) for the whole game: a
character's pad slot (rule 6) and a block's hidden content are tied to that id. ``live`` is
the secret (which blocks are bombs); views strip it (``view.py``).

>>> from engines.battle_island.options import BattleIslandOptions
>>> s = initial_state(BattleIslandOptions())
>>> s.phase, len(s.characters), s.reserve(0)
('seal', 20, ('soldier', 'soldier', 'soldier', 'soldier', 'soldier', 'jeep', 'jeep', 'jeep', 'tank', 'tank'))
"""

from __future__ import annotations

from typing import Literal

from engines.battle_island.board import PAD_START, Direction
from engines.battle_island.options import BattleIslandOptions, Kind
from engines.core.contract import Frozen, Result, Seat

Phase = Literal["seal", "start_roll", "blocks", "arm", "characters", "pads", "play"]
"""Setup runs ``seal`` (the referee fixes the hidden layout) → ``start_roll`` → ``blocks``
(placed in turns) → ``arm`` (only ``armed_by_owner``) → ``characters`` (5 each on the
island in turns) → ``pads`` (the rest onto the pads) → ``play`` (also after the end)."""
Step = Literal["bring_on", "roll", "zero", "move", "moved", "free_removal", "rolling", "over", "setup"]
"""Within a turn: ``bring_on`` (rule 4), ``roll``, ``rolling`` (the die is being rolled),
``zero`` (choose a zero option), ``move`` (move with the roll), ``moved`` (shoot or end),
``free_removal`` (rules 1a/1b: the opponent removes a character)."""
ActionKind = Literal["roll", "move", "shoot", "reinforce", "pad", "turn", "remove", "lost_roll"]


class ActionView(Frozen):
    """One action as the state logs it and every view shows it (``view.py`` passes it on)."""

    seat: Seat
    kind: ActionKind
    text: str
    """The action in notation (``c2-c5``, ``shoot c5 c8``, ``roll 3``...)."""
    frm: str | None = None
    to: str | None = None
    caught: tuple[str, ...] = ()
    """A shot: the squares on its line of fire whose characters were caught in the crossfire
    and removed (rule 10)."""


Where = Literal["reserve", "island", "pad", "gone"]


class Character(Frozen):
    owner: Seat
    kind: Kind
    where: Where = "reserve"
    """``reserve`` until placed during setup, then ``island``/``pad``, ``gone`` once removed."""
    square: int | None = None
    facing: Direction | None = None
    slot: int | None = None
    """Pad slot 1-5 it was placed on (rule 6: it leaves the pad from there)."""


class Block(Frozen):
    owner: Seat
    square: int
    active: bool = False
    """Activated (and so removed from the island)."""


class Revealed(Frozen):
    square: int
    live: bool
    blast: tuple[int, ...] = ()
    turn: int


class BattleIslandState(Frozen):
    options: BattleIslandOptions
    phase: Phase
    step: Step = "setup"
    characters: tuple[Character, ...]
    """Seat 0's ten characters, then seat 1's, each side in the options' order."""
    blocks: tuple[Block, ...] = ()
    """In placement order."""
    live: tuple[bool, ...] = ()
    """SECRET: per block id whether it is live. Fixed at the start (or by the owners' arming)."""
    salt: str = ""
    """SECRET until the end: the random salt hashed with the layout into ``seal``."""
    seal: str | None = None
    """Public: sha256 of ``opening`` (see ``rules.opening``), once the layout is fixed."""
    armed: tuple[bool, bool] = (False, False)
    """With ``armed_by_owner``: each seat has marked its live blocks."""
    revealed: tuple[Revealed, ...] = ()
    pads: tuple[int, int] = PAD_START
    """File beside the west end of each seat's pad (-2 .. SIZE-3: the outer slots may hang past a
    corner, the rocket in the middle may not)."""
    first_player: Seat | None = None
    to_move: Seat | None = None
    die: int | None = None
    last_roll: int | None = None
    restricted: int | None = None
    """Character id: after a zero option, the only one that may move (rule 2a)."""
    pad_move: bool = False
    """Zero option 2 chosen: the next roll moves the pad."""
    moved: bool = False
    """A character (or the pad) moved with the current roll."""
    removal: Literal["island", "pad"] | None = None
    """Rule 1a (``island``) or 1b (``pad``): the opponent removes one of ``to_move``'s characters."""
    turn: int = 0
    """Turns begun in play."""
    quiet_turns: int = 0
    """Turns in a row in which no character was lost (``quiet_turn_limit``)."""
    lost_this_turn: bool = False
    actions: tuple[ActionView, ...] = ()
    previous_actions: tuple[ActionView, ...] = ()
    result: Result | None = None

    def reserve(self, seat: Seat) -> tuple[Kind, ...]:
        """Kinds ``seat`` has not placed yet (setup)."""
        return tuple(c.kind for c in self.characters if c.owner == seat and c.where == "reserve")

    def index_of(self, square: int) -> int | None:
        """The id of the island character on ``square``."""
        for i, c in enumerate(self.characters):
            if c.where == "island" and c.square == square:
                return i
        return None

    def block_at(self, square: int) -> int | None:
        """The id of the unactivated block on ``square``."""
        for i, b in enumerate(self.blocks):
            if not b.active and b.square == square:
                return i
        return None


def initial_state(options: BattleIslandOptions) -> BattleIslandState:
    army = options.army
    return BattleIslandState(
        options=options,
        phase="seal",
        characters=tuple(Character(owner=seat, kind=kind) for seat in (0, 1) for kind in army),
    )
