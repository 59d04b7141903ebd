"""Time as a dependency: nothing in the services reads the wall clock directly."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Protocol


class Clock(Protocol):
    def now(self) -> datetime:
        """The current time, timezone-aware UTC."""
        ...


class SystemClock:
    def now(self) -> datetime:
        return datetime.now(UTC)


class ManualClock:
    """A clock the tests move by hand.

    >>> clock = ManualClock(datetime(2026, 1, 1, tzinfo=UTC))
    >>> clock.advance(hours=2).isoformat()
    '2026-01-01T02:00:00+00:00'
    """

    def __init__(self, start: datetime) -> None:
        self.current = start

    def now(self) -> datetime:
        return self.current

    def advance(self, **delta: float) -> datetime:
        self.current += timedelta(**delta)
        return self.current
