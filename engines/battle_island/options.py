"""Match options of Slag om het Eiland (docs/games/battle_island.md, "Options").

>>> o = BattleIslandOptions()
>>> (o.soldiers, o.jeeps, o.tanks), o.win_at, o.carrier_pads, o.blocks
((5, 3, 2), 10, True, 'hidden')
>>> o.shots_blocked_by_characters, o.long_chains, o.quiet_turn_limit
(False, False, 0)
>>> try:
...     BattleIslandOptions(soldiers=5, jeeps=5, tanks=2)
... except ValueError as error:
...     print(error.errors()[0]["msg"])
a side has 10 characters: soldiers + jeeps + tanks is 12, it must be 10
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator
from pydantic_core import PydanticCustomError

from engines.core.contract import Frozen

CHARACTERS_PER_SIDE = 10
"""The rulebook's first sentence: each player begins with ten characters."""

Kind = Literal["soldier", "jeep", "tank"]
"""A character's kind (``engines.battle_island.state`` uses it too; it imports this module)."""

BlockMode = Literal["hidden", "armed_by_owner", "all_live"]
"""``hidden``: 6 live and 4 safe blocks, unknown to both (the rulebook); ``armed_by_owner``:
each player secretly arms 3 of the 5 blocks they placed; ``all_live``: every block is live."""


class BattleIslandOptions(Frozen):
    """Choices the rulebook leaves open, the published game's variants, and our additions
    (off by default: the default game is the rulebook's)."""

    soldiers: int = Field(5, ge=0, le=10, description="Soldiers per side (range 2); soldiers + jeeps + tanks = 10")
    jeeps: int = Field(3, ge=0, le=10, description="Jeeps per side (range 3)")
    tanks: int = Field(2, ge=0, le=10, description="Tanks per side (range 4)")
    win_at: Literal[10, 5] = Field(10, description="A player loses after losing this many characters (10 = all)")
    carrier_pads: bool = Field(True, description="Play with carrier pads (off: all 10 characters start on the island)")
    blocks: BlockMode = Field(
        "hidden", description="Bombs: hidden 6 of 10 (rulebook), armed_by_owner (3 of your 5), or all_live"
    )
    shots_blocked_by_characters: bool = Field(
        False, description="(our variant) characters stop a shot as blocks do; off: shots pass over them (crossfire)"
    )
    long_chains: bool = Field(
        False, description="(our variant) a block set off by a block sets off its neighbours too; off: one step"
    )
    quiet_turn_limit: int = Field(
        0,
        ge=0,
        le=500,
        description="(our addition) draw after this many turns in a row with no character lost; 0 = off",
    )

    @model_validator(mode="after")
    def _ten_characters(self) -> BattleIslandOptions:
        total = self.soldiers + self.jeeps + self.tanks
        if total != CHARACTERS_PER_SIDE:
            # A catalog code, so the bot words it in the player's language (bot/services/option_errors.py).
            raise PydanticCustomError(
                "battle_island.army_not_ten",
                "a side has {need} characters: soldiers + jeeps + tanks is {total}, it must be {need}",
                {"need": CHARACTERS_PER_SIDE, "total": total},
            )
        return self

    @property
    def army(self) -> tuple[Kind, ...]:
        """The kinds of one side's characters, soldiers first."""
        counts: tuple[tuple[Kind, int], ...] = (("soldier", self.soldiers), ("jeep", self.jeeps), ("tank", self.tanks))
        return tuple(kind for kind, count in counts for _ in range(count))
