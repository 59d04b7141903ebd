"""Match options of Axis & Allies (docs/games/axis_allies.md, "Options")."""

from __future__ import annotations

from pydantic import Field

from engines.core.contract import Frozen


class AxisAlliesOptions(Frozen):
    """Match options (docs/games/axis_allies.md, "Options")."""

    economic_victory: bool = Field(
        True, description="Also win on national production: the Axis at 84 IPCs, the Allies at 140 (TripleA classic)"
    )
    total_victory: bool = Field(False, description="Win only by taking every enemy capital (Appendix IV)")
    round_limit: int = Field(0, ge=0, le=200, description="Draw after this many rounds (0 = no limit)")
    even_sides: bool = Field(
        False, description="4 players, 2 a side: USSR+UK; Germany; Japan; USA"
    )
