"""Match options of Militakiri (docs/games/militakiri.md, "Options").

>>> o = MilitakiriOptions()
>>> o.board, o.tower_spacing, o.quiet_move_limit, o.time_control
('single', 'row', 0, '60m')
>>> try:
...     MilitakiriOptions(board="double", time_control="10m")
... except ValueError as error:
...     print(error.errors()[0]["type"], error.errors()[0]["msg"])
militakiri.time_control_not_on_board time_control 10m is not allowed on the double board; choose one of 20m, 40m, 60m, 120m, 240m, 24h, 48h, 72h
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator
from pydantic_core import PydanticCustomError

from engines.core.contract import Frozen
from engines.militakiri.board import BoardKind
from engines.militakiri.timing import DEFAULT, TimeControlChoice, allowed

TowerSpacing = Literal["row", "around"]


class MilitakiriOptions(Frozen):
    """Choices the rulebook leaves to the players; the bot turns each field into a slash option."""

    board: BoardKind = Field("single", description="Single board (6x12, 18 pieces each) or double board (12x12, 36)")
    tower_spacing: TowerSpacing = Field(
        "row",
        description="Double-board setup: towers not side by side in a row, or not touching at all",
    )
    quiet_move_limit: int = Field(
        0,
        ge=0,
        le=1000,
        description="(our addition) Draw after this many moves without a capture, not in the endgame; 0 = off",
    )
    time_control: TimeControlChoice = Field(
        DEFAULT,
        description="Clock per player (single 10-120m, double 20-240m) or 24/48/72h per move",
    )

    @model_validator(mode="after")
    def _time_control_fits_board(self) -> MilitakiriOptions:
        if self.time_control not in allowed(self.board):
            # A catalog code, so the bot words it in the player's language (bot/services/option_errors.py).
            raise PydanticCustomError(
                "militakiri.time_control_not_on_board",
                "time_control {value} is not allowed on the {board} board; choose one of {choices}",
                {"value": self.time_control, "board": self.board, "choices": ", ".join(allowed(self.board))},
            )
        return self
