"""Section 24, "Tijdsklokken": the time controls a match may use, as data.

Per player on the single board 10/20/30/60/120 minutes, on the double board
20/40/60/120/240 minutes; for correspondence play (both boards) 24, 48 or 72 hours per
move. The match option ``time_control`` names one of them; the bot reads the pair
``(hours per move, minutes per player)`` from ``time_control_of`` (0 = none).

>>> from engines.militakiri.options import MilitakiriOptions
>>> time_control_of(MilitakiriOptions(board="single", time_control="30m"))
(0.0, 30.0)
>>> time_control_of(MilitakiriOptions(board="double", time_control="48h"))
(48.0, 0.0)
>>> allowed("double")
('20m', '40m', '60m', '120m', '240m', '24h', '48h', '72h')
"""

from __future__ import annotations

from typing import Literal, Protocol

TimeControlChoice = Literal["10m", "20m", "30m", "40m", "60m", "120m", "240m", "24h", "48h", "72h"]

CLOCK_MINUTES: dict[str, dict[str, int]] = {
    "single": {"ultra_fast": 10, "very_fast": 20, "fast": 30, "standard": 60, "long": 120},
    "double": {"ultra_fast": 20, "very_fast": 40, "fast": 60, "standard": 120, "long": 240},
}
"""Section 24, per player: "Ultra snel", "Zeer snel", "Snel", "Standaard", "Lang"."""
CORRESPONDENCE_HOURS: dict[str, int] = {"fast": 24, "standard": 48, "long": 72}
"""Section 24, correspondence, per move, both boards: "Snel", "Standaard", "Lang"."""
DEFAULT: TimeControlChoice = "60m"
"""Allowed on both boards (single "Standaard", double "Snel")."""


def allowed(board: str) -> tuple[str, ...]:
    """The ``time_control`` values allowed on ``board``, clocks first."""
    return tuple(f"{m}m" for m in CLOCK_MINUTES[board].values()) + tuple(
        f"{h}h" for h in CORRESPONDENCE_HOURS.values()
    )


def parse(choice: str) -> tuple[float, float]:
    """``"30m"`` -> (0, 30); ``"48h"`` -> (48, 0)."""
    amount = float(choice[:-1])
    return (amount, 0.0) if choice.endswith("h") else (0.0, amount)


class TimedOptions(Protocol):
    """What ``time_control_of`` reads of ``MilitakiriOptions`` (whose module imports this one)."""

    @property
    def board(self) -> str: ...

    @property
    def time_control(self) -> str: ...


def time_control_of(options: TimedOptions) -> tuple[float, float]:
    """``(per_move_hours, clock_minutes)`` of the match options; ``ValueError`` when the choice is
    not allowed on the options' board (the options model refuses that already)."""
    board, choice = options.board, options.time_control
    if choice not in allowed(board):
        raise ValueError(f"time control {choice} is not allowed on the {board} board: {', '.join(allowed(board))}")
    return parse(choice)
