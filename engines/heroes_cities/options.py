"""Match options of Helden & Steden (docs/games/heroes_cities.md, "Options").

>>> HeroesCitiesOptions().mixed_lines, HeroesCitiesOptions().quiet_move_limit
('enclosed', 0)
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from engines.core.contract import Frozen

MixedLines = Literal["enclosed", "whole_run"]


class HeroesCitiesOptions(Frozen):
    """Choices the rulebook leaves open; the bot turns each field into a slash-command option."""

    mixed_lines: MixedLines = Field(
        "enclosed",
        description="Line with enclosed pieces of both colours: take the enclosed ones or the whole run",
    )
    quiet_move_limit: int = Field(
        0,
        ge=0,
        le=1000,
        description="(our addition) End on cities after this many turns without capture or promotion; 0 = off",
    )
