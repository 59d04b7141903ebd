"""Per-move deadlines and total-time clocks, generic over every engine.

A match has either, both or neither: ``per_move`` (a correspondence deadline for each
turn: 24 h, 48 h, 72 h or custom) and ``clock`` (total thinking time per player, like a
chess clock). Time used is derived from the event timestamps (the record is the truth);
timers in the database only say when the scheduler must look again.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from datetime import datetime, time, timedelta
from typing import Literal
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from pydantic import BaseModel, ConfigDict, Field, field_validator

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
    grace_hours: float = Field(0, ge=0, le=24 * 30)
    """How far a grace moves the missed deadline on, in hours (0: one deadline period); the
    server's grace (``/settings``)."""
    absent: Literal["lose", "computer"] = "lose"
    """What a missed deadline does once the graces are used up: the loss on time (or the team's
    choice), or the computer takes the seat."""
    daily: str | None = None
    """A fixed daily deadline ``HH:MM`` in ``timezone`` (instead of hours per move): the turn
    ends at the first such moment at least ``DAILY_GAP`` of counted time after it began."""
    timezone: str | None = None
    """The zone of ``daily`` and of the weekends (``None``: UTC)."""
    weekends: bool = True
    """``False``: Saturdays and Sundays (in ``timezone``) do not count for the correspondence
    deadline, and a daily deadline never falls on them."""
    vacation: bool = True
    """``False`` (leagues): a player's absence (``/away``) does not move the deadlines."""
    quiet_deadlines: bool = False
    """``True``: no correspondence deadline falls in the quiet hours of the player to move
    (``/notify quiet:``); it moves to their end."""

    @field_validator("daily")
    @classmethod
    def _daily(cls, value: str | None) -> str | None:
        if value is not None:
            daily_time(value)
        return value

    @field_validator("timezone")
    @classmethod
    def _zone(cls, value: str | None) -> str | None:
        if value is not None:
            zone_of(value)
        return value

    def stored(self) -> dict[str, object]:
        """As the match row keeps it: the newer fields only when they differ from their default,
        so a match without them is stored as before."""
        data = self.model_dump(mode="json")
        for name in NEWER_FIELDS:
            if data[name] == TimeControl.model_fields[name].default:
                del data[name]
        return data

    def sets_time(self) -> bool:
        """Whether these options set time of their own: a correspondence deadline, a clock, or the
        calendar a deadline counts by (weekends off, a zone). A game whose rulebook sets its time
        refuses that, and takes the options that only say what a missed deadline does or what
        moves one (``grace``, ``absent``, ``vacation``, ``quiet_deadlines``).

        Not the same question as ``correspondence`` (whether turns have a deadline, which the
        reminders, absences and graces count on): a clock alone sets time without one.

        >>> TimeControl(clock_minutes=30).sets_time(), TimeControl(clock_minutes=30).correspondence
        (True, False)
        >>> TimeControl(weekends=False).sets_time(), TimeControl(grace=0, absent="computer").sets_time()
        (True, False)
        """
        return self.correspondence or bool(self.clock_minutes or not self.weekends or self.timezone)

    def without_time(self) -> TimeControl:
        """These options less the time they set (``sets_time``): what a game whose rulebook sets
        its time keeps of them, at its creation and in its rematch (which must not hand the
        rulebook's stored hours back as if the players had set them).

        >>> TimeControl(per_move_hours=48, grace=2, quiet_deadlines=True).without_time().stored()
        {'per_move_hours': 0.0, 'clock_minutes': 0.0, 'grace': 2, 'quiet_deadlines': True}
        """
        return TimeControl(grace=self.grace, grace_hours=self.grace_hours, absent=self.absent,
                           vacation=self.vacation, quiet_deadlines=self.quiet_deadlines)

    @property
    def correspondence(self) -> bool:
        """Whether turns have a correspondence deadline (hours per move or a daily time); a clock
        is not one (``sets_time`` asks for any time set)."""
        return bool(self.per_move_hours or self.daily)

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
            return DAILY_GAP * REMINDER_SHARE if self.daily is not None else None
        return min(self.per_move * REMINDER_SHARE, REMINDER_MAX)


NEWER_FIELDS = ("grace", "grace_hours", "absent", "daily", "timezone", "weekends", "vacation", "quiet_deadlines")
DAILY_GAP = timedelta(hours=12)
"""A daily deadline leaves a turn at least this much counted time."""

Pause = tuple[datetime, datetime]
"""A stretch of time the correspondence deadline does not count (an absence, a weekend)."""
Quiet = tuple[str, int, int]
"""Quiet hours: (time zone, first hour, hour they end), local whole hours."""


def quiet_end(quiet: Quiet | None, at: datetime) -> datetime | None:
    """The end of the quiet hours ``at`` falls in, or ``None`` when it falls in none.

    >>> from datetime import UTC
    >>> quiet_end(("Europe/Amsterdam", 23, 8), datetime(2026, 3, 2, 23, 30, tzinfo=UTC))
    datetime.datetime(2026, 3, 3, 8, 0, tzinfo=zoneinfo.ZoneInfo(key='Europe/Amsterdam'))
    """
    if quiet is None or quiet[1] == quiet[2]:
        return None
    zone_name, start, end = quiet
    zone = zone_of(zone_name)
    local = at.astimezone(zone)
    hour = local.hour
    inside = start <= hour < end if start < end else hour >= start or hour < end
    if not inside:
        return None
    day = local.date() if hour < end else local.date() + timedelta(days=1)
    return datetime.combine(day, time(end), zone)


def daily_time(text: str) -> time:
    """``"18:00"`` -> 18:00; ``ValueError`` for anything else."""
    match = re.fullmatch(r"([01]?\d|2[0-3]):([0-5]\d)", text.strip())
    if match is None:
        raise ValueError(f"not a time of day: {text!r}")
    return time(int(match[1]), int(match[2]))


def zone_of(name: str | None) -> ZoneInfo:
    """The time zone ``name`` (IANA, e.g. ``Europe/Amsterdam``; ``None``: UTC); ``ValueError`` if unknown."""
    try:
        return ZoneInfo(name or "UTC")
    except (ZoneInfoNotFoundError, ValueError):
        raise ValueError(f"unknown time zone: {name!r}") from None


def present_after(start: datetime, amount: timedelta, pauses: Iterable[Pause]) -> datetime:
    """The moment at which ``amount`` of time outside ``pauses`` has passed since ``start``.

    >>> from datetime import UTC
    >>> t = datetime(2026, 1, 1, tzinfo=UTC)
    >>> present_after(t, timedelta(hours=2), [(t + timedelta(hours=1), t + timedelta(hours=5))]) - t
    datetime.timedelta(seconds=21600)
    """
    at, left = start, amount
    for begin, end in sorted(pauses):
        if end <= at:
            continue
        if begin > at:
            if begin - at >= left:
                return at + left
            left -= begin - at
        at = max(at, end)
    return at + left


def overlap(first: Iterable[Pause], second: Iterable[Pause]) -> list[Pause]:
    """The times inside a pause of ``first`` and a pause of ``second`` alike, in order.

    >>> from datetime import UTC
    >>> t = datetime(2026, 1, 1, tzinfo=UTC)
    >>> h = timedelta(hours=1)
    >>> [((a - t) / h, (b - t) / h) for a, b in overlap([(t, t + 5 * h)], [(t + 3 * h, t + 9 * h)])]
    [(3.0, 5.0)]
    """
    seconds = list(second)
    found = [(max(a, c), min(b, d)) for a, b in first for c, d in seconds]
    return sorted((begin, end) for begin, end in found if begin < end)


def weekends(zone: ZoneInfo, start: datetime, end: datetime) -> list[Pause]:
    """Every Saturday and Sunday (midnight to midnight in ``zone``) that touches ``start``..``end``."""
    day = start.astimezone(zone).date() - timedelta(days=2)
    last = end.astimezone(zone).date() + timedelta(days=1)
    pauses: list[Pause] = []
    while day <= last:
        if day.weekday() == 5:
            begin = datetime.combine(day, time(0), zone)
            pauses.append((begin, datetime.combine(day + timedelta(days=2), time(0), zone)))
        day += timedelta(days=1)
    return pauses


def correspondence_deadline(
    control: TimeControl, turn_started: datetime, away: Sequence[Pause] = (), extra: timedelta = timedelta(0),
    quiet: Quiet | None = None,
) -> datetime | None:
    """``_counted_deadline``, moved out of the player's ``quiet`` hours when the match keeps
    deadlines out of them (``quiet_deadlines``)."""
    deadline = _counted_deadline(control, turn_started, away, extra)
    if deadline is not None and control.quiet_deadlines:
        return quiet_end(quiet, deadline) or deadline
    return deadline


def counted_pauses(control: TimeControl, start: datetime, reach: timedelta, away: Sequence[Pause]) -> list[Pause]:
    """The times a deadline counting ``reach`` from ``start`` does not count: the absences
    ``away`` and, in a match with weekends off, the Saturdays and Sundays (in its zone) on the way."""
    pauses = list(away)
    if not control.weekends:
        span = reach * 3 + sum(((end - begin) for begin, end in away), timedelta(0)) + timedelta(days=14)
        pauses += weekends(zone_of(control.timezone), start, start + span)
    return pauses


def _counted_deadline(
    control: TimeControl, turn_started: datetime, away: Sequence[Pause], extra: timedelta,
) -> datetime | None:
    """When a turn begun at ``turn_started`` ends by the correspondence deadline: ``per_move`` of
    counted time (not while the player is ``away``, nor at weekends when they are off), or the
    first daily time at least ``DAILY_GAP`` of counted time after the start, outside the pauses;
    then ``extra`` later (time given)."""
    if not control.correspondence:
        return None
    zone = zone_of(control.timezone)
    pauses = counted_pauses(control, turn_started, control.per_move or DAILY_GAP, away)
    if control.daily is None:
        return present_after(turn_started, (control.per_move or timedelta(0)) + extra, pauses)
    at = daily_time(control.daily)
    earliest = present_after(turn_started, DAILY_GAP, pauses)
    day = earliest.astimezone(zone).date()
    for _ in range(400):
        candidate = datetime.combine(day, at, zone)
        if candidate >= earliest and not any(begin <= candidate < end for begin, end in pauses):
            return candidate + extra
        day += timedelta(days=1)
    return earliest + extra  # pauses covering over a year: the counted time alone


def deadline_for(
    control: TimeControl, turn_started: datetime, last_event_at: datetime, used: timedelta,
    away: Sequence[Pause] = (), extra: timedelta = timedelta(0), quiet: Quiet | None = None,
) -> datetime | None:
    """When the seat to act loses on time: the earlier of the correspondence deadline (counted
    from the start of the turn, ``correspondence_deadline``) and the end of its clock (``used``
    counts up to the last event; a clock is not stopped by an absence)."""
    candidates = []
    correspondence = correspondence_deadline(control, turn_started, away, extra, quiet)
    if correspondence is not None:
        candidates.append(correspondence)
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


def parse_schedule(text: str) -> dict[str, object]:
    """The ``schedule`` option: ``daily HH:MM``, a time zone, ``weekends off``, ``vacation off``,
    ``quiet_deadlines on``, ``grace N``, ``absent computer`` (any of them, separated by commas or
    spaces) as ``TimeControl`` fields. One text option, not one option each: Discord allows a
    command 8,000 characters of names and descriptions, and ``/match`` has a create command a game.

    >>> parse_schedule("daily 18:00 Europe/Amsterdam, weekends off")
    {'daily': '18:00', 'timezone': 'Europe/Amsterdam', 'weekends': False}
    >>> parse_schedule("vacation off")
    {'vacation': False}
    >>> parse_schedule("grace 2, absent computer")
    {'grace': 2, 'absent': 'computer'}
    """
    words = [word for word in re.split(r"[,\s]+", text.strip()) if word]
    fields: dict[str, object] = {}
    index = 0
    while index < len(words):
        word, following = words[index], words[index + 1] if index + 1 < len(words) else ""
        if word.casefold() == "daily":
            try:
                at = daily_time(following)
            except ValueError:
                raise TimeControlError("absence.bad_daily_time", value=following or text) from None
            fields["daily"] = f"{at.hour:02d}:{at.minute:02d}"
            index += 2
        elif word.casefold() in ("weekends", "vacation", "quiet_deadlines") and following.casefold() in ("off", "on"):
            fields[word.casefold()] = following.casefold() == "on"
            index += 2
        elif word.casefold() == "grace":
            if not following.isdigit() or not 0 <= int(following) <= 10:
                raise TimeControlError("teams.bad_grace", value=following or text)
            fields["grace"] = int(following)
            index += 2
        elif word.casefold() == "absent":
            if following.casefold() not in ABSENT_CHOICES:
                raise TimeControlError("teams.bad_absent", value=following or text, choices=list(ABSENT_CHOICES))
            fields["absent"] = following.casefold()
            index += 2
        elif "/" in word or word.upper() == "UTC":
            try:
                zone_of(word)
            except ValueError:
                raise TimeControlError("absence.bad_timezone", value=word) from None
            fields["timezone"] = word
            index += 1
        else:
            raise TimeControlError("absence.bad_schedule", value=text, word=word)
    return fields


def time_control_from(
    deadline: str = "none", hours: float | None = None, clock_minutes: float | None = None, *,
    schedule: str | None = None,
) -> TimeControl:
    """The adapters' shared reading of ``deadline:<choice> [hours:N] [clock:N] [schedule:…]``.

    >>> time_control_from("48h").per_move_hours
    48.0
    >>> time_control_from("custom", hours=6, clock_minutes=30).clock_minutes
    30.0
    >>> time_control_from(schedule="daily 18:00 Europe/Amsterdam").daily
    '18:00'
    """
    if deadline not in DEADLINE_CHOICES:
        raise TimeControlError("core.bad_deadline", value=deadline, choices=list(DEADLINE_CHOICES))
    per_move = DEADLINE_CHOICES[deadline]
    if per_move is None:
        if hours is None or hours <= 0:
            raise TimeControlError("core.custom_needs_hours")
        per_move = hours
    fields = parse_schedule(schedule) if schedule else {}
    if fields.get("daily") and per_move:
        raise TimeControlError("absence.daily_and_hours")
    try:
        return TimeControl.model_validate({"per_move_hours": per_move, "clock_minutes": clock_minutes or 0, **fields})
    except ValueError:
        raise TimeControlError("core.bad_time_values", hours=per_move, minutes=clock_minutes or 0) from None


def time_control_given(
    deadline: str | None = None, hours: float | None = None, clock_minutes: float | None = None, *,
    schedule: str | None = None,
) -> TimeControl | None:
    """``None`` when the user gave no time option at all (the game's own rule or no limit applies).

    >>> time_control_given() is None, time_control_given("24h").per_move_hours
    (True, 24.0)
    >>> time_control_given(schedule="vacation off").sets_time()
    False
    """
    if deadline in (None, "") and hours is None and clock_minutes is None and not schedule:
        return None
    return time_control_from(deadline or "none", hours, clock_minutes, schedule=schedule)


ABSENT_CHOICES = ("lose", "computer")
