"""Match options of Masters Victory (docs/games/masters_victory.md, "Options").

The rulebook's figures with the per-type maximum moves, the attack table (R2) and the piece
heights are lost; the choices players could reasonably disagree on are options here.

>>> o = MastersVictoryOptions()
>>> o.movement, o.fighter_moves, o.bomber_moves, o.soldier_moves, o.fighter_vs_ground
('turning', 10, 6, 4, 'soldier_artillery')
>>> o.artillery_height, o.quiet_turn_limit, o.turn_limit
('below_tank', 0, 0)
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from engines.core.contract import Frozen

Movement = Literal["turning", "straight"]
FighterVsGround = Literal["soldier_artillery", "none", "all"]
ArtilleryHeight = Literal["below_tank", "above_tank", "lowest"]


class MastersVictoryOptions(Frozen):
    """Choices the rulebook leaves open; the bot turns each field into a slash-command option."""

    movement: Movement = Field(
        "turning",
        description="Paths may turn between steps (turning) or go in one straight line (straight)",
    )
    fighter_moves: int = Field(10, ge=1, le=17, description="Maximum squares a fighter (jager) moves")
    bomber_moves: int = Field(6, ge=1, le=17, description="Maximum squares a bomber (bommenwerper) moves")
    soldier_moves: int = Field(4, ge=1, le=17, description="Maximum squares a soldier (soldaat) moves")
    # Decision 6: "a fighter may not take a tank" rests only on example 3, where a bomber takes it.
    fighter_vs_ground: FighterVsGround = Field(
        "soldier_artillery",
        description="Ground units a fighter may take by R2: soldier+artillery, none, or all (also tanks)",
    )
    artillery_height: ArtilleryHeight = Field(
        "below_tank",
        description="Artillery height for the defence zone: below tank, above tank, or lowest of all",
    )
    quiet_turn_limit: int = Field(
        0,
        ge=0,
        le=1000,
        description="(our addition) Draw after this many turns in a row without a piece removed; 0 = off",
    )
    turn_limit: int = Field(
        0,
        ge=0,
        le=10000,
        description="(our addition) Draw after this many turns in all; 0 = off",
    )
