"""Per-move deadlines and total-time clocks, generic over every engine.

A match has either, both or neither: ``per_move`` (a correspondence deadline for each
turn: 24 h, 48 h, 72 h or custom) and ``clock`` (total thinking time per player, like a
chess clock). Time used is derived from the event timestamps (the record is the truth);
timers in the database only say when the scheduler must look again.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Literal

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
    grace: int = Field(1, ge=0, le=10)
    """Missed move deadlines per player per match that warn and extend once before the loss on
    time (never a clock's end, nor a time the game's rulebook sets)."""
    absent: Literal["lose", "computer"] = "lose"
    """What a missed deadline does once the graces are used up: the loss on time (or the team's
    choice), or the computer takes the seat."""

    @property
    def per_move(self) -> timedelta | None:
        return timedelta(hours=self.per_move_hours) if self.per_move_hours else None

    @property
    def clock(self) -> timedelta | None:
        return timedelta(minutes=self.clock_minutes) if self.clock_minutes else None

    def stored(self) -> dict[str, object]:
        """As the match row keeps it: ``grace`` and ``absent`` only when not their defaults, so a
        match without them is stored as before they existed."""
        defaults = {"grace": 1, "absent": "lose"}
        return self.model_dump(mode="json", exclude={k for k, v in defaults.items() if getattr(self, k) == v})

    def sets_time(self) -> bool:
        """Whether a time was given (a deadline or a clock, ``none`` too), not only the grace and
        absence options (which a game whose rulebook sets the time takes as well)."""
        return bool(self.model_fields_set & {"per_move_hours", "clock_minutes"})

    def reminder_lead(self) -> timedelta | None:
        """How long before a per-move deadline the DM reminder goes out: a quarter of
        the period, at most 12 hours. Clocks get no reminder (they run in minutes)."""
        if self.per_move is None:
            return None
        return min(self.per_move * REMINDER_SHARE, REMINDER_MAX)


def deadline_for(
    control: TimeControl, turn_started: datetime, last_event_at: datetime, used: timedelta,
    extension: timedelta = timedelta(0),
) -> datetime | None:
    """When the seat to act loses on time: the earlier of the move deadline (counted from
    the start of the turn, ``extension`` later after a grace) and the end of its clock (``used``
    counts up to the last event; a grace never extends it)."""
    candidates = []
    if control.per_move is not None:
        candidates.append(turn_started + control.per_move + extension)
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


ABSENT_CHOICES = ("lose", "computer")


def with_absence(control: TimeControl | None, grace: int | None = None, absent: str | None = None) -> TimeControl | None:
    """``control`` with the match options ``grace`` (graces per player) and ``absent`` (what a
    missed deadline does once they are used up) when given; ``None`` stays ``None`` without them.

    >>> with_absence(TimeControl(per_move_hours=24), 2, "computer").absent
    'computer'
    >>> with_absence(None) is None
    True
    """
    if grace is None and absent in (None, ""):
        return control
    if absent not in (None, "") and absent not in ABSENT_CHOICES:
        raise TimeControlError("teams.bad_absent", value=absent, choices=list(ABSENT_CHOICES))
    if grace is not None and not 0 <= grace <= 10:
        raise TimeControlError("teams.bad_grace", value=grace)
    update: dict[str, object] = {}
    if grace is not None:
        update["grace"] = grace
    if absent:
        update["absent"] = absent
    return (control or TimeControl()).model_copy(update=update)
