"""Per-move deadlines and total-time clocks, generic over every engine.

A match has either, both or neither: ``per_move`` (a correspondence deadline for each
turn: 24 h, 48 h, 72 h or custom) and ``clock`` (total thinking time per player, like a
chess clock). Time used is derived from the event timestamps (the record is the truth);
timers in the database only say when the scheduler must look again.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from pydantic import BaseModel, ConfigDict, Field

REMINDER_SHARE = 0.25
REMINDER_MAX = timedelta(hours=12)


class TimeControl(BaseModel):
    """``per_move_hours`` and ``clock_minutes``: 0 means none.

    >>> TimeControl(per_move_hours=24).reminder_lead()
    datetime.timedelta(seconds=21600)
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    per_move_hours: float = Field(0, ge=0, le=24 * 60)
    clock_minutes: float = Field(0, ge=0, le=60 * 24 * 30)

    @property
    def per_move(self) -> timedelta | None:
        return timedelta(hours=self.per_move_hours) if self.per_move_hours else None

    @property
    def clock(self) -> timedelta | None:
        return timedelta(minutes=self.clock_minutes) if self.clock_minutes else None

    def reminder_lead(self) -> timedelta | None:
        """How long before a per-move deadline the DM reminder goes out: a quarter of
        the period, at most 12 hours. Clocks get no reminder (they run in minutes)."""
        if self.per_move is None:
            return None
        return min(self.per_move * REMINDER_SHARE, REMINDER_MAX)


def deadline_for(
    control: TimeControl, turn_started: datetime, last_event_at: datetime, used: timedelta
) -> datetime | None:
    """When the seat to act loses on time: the earlier of the move deadline (counted from
    the start of the turn) and the end of its clock (``used`` counts up to the last event)."""
    candidates = []
    if control.per_move is not None:
        candidates.append(turn_started + control.per_move)
    if control.clock is not None:
        candidates.append(last_event_at + max(control.clock - used, timedelta(0)))
    return min(candidates) if candidates else None


DEADLINE_CHOICES: dict[str, float | None] = {"none": 0, "24h": 24, "48h": 48, "72h": 72, "custom": None}


class TimeControlError(ValueError):
    """Bad time options; ``code`` and ``params`` word it."""

    def __init__(self, code: str, **params: object) -> None:
        super().__init__(code)
        self.code = code
        self.params = params


def time_control_from(
    deadline: str = "none", hours: float | None = None, clock_minutes: float | None = None
) -> TimeControl:
    """The adapters' shared reading of ``deadline:<choice> [hours:N] [clock:N]``.

    >>> time_control_from("48h").per_move_hours
    48.0
    >>> time_control_from("custom", hours=6, clock_minutes=30).clock_minutes
    30.0
    """
    if deadline not in DEADLINE_CHOICES:
        raise TimeControlError("core.bad_deadline", value=deadline, choices=list(DEADLINE_CHOICES))
    per_move = DEADLINE_CHOICES[deadline]
    if per_move is None:
        if hours is None or hours <= 0:
            raise TimeControlError("core.custom_needs_hours")
        per_move = hours
    try:
        return TimeControl(per_move_hours=per_move, clock_minutes=clock_minutes or 0)
    except ValueError:
        raise TimeControlError("core.bad_time_values", hours=per_move, minutes=clock_minutes or 0) from None


def time_control_given(
    deadline: str | None = None, hours: float | None = None, clock_minutes: float | None = None
) -> TimeControl | None:
    """``None`` when the user gave no time option at all (the game's own rule or no limit applies).

    >>> time_control_given() is None, time_control_given("24h").per_move_hours
    (True, 24.0)
    """
    if deadline in (None, "") and hours is None and clock_minutes is None:
        return None
    return time_control_from(deadline or "none", hours, clock_minutes)
