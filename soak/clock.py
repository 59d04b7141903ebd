"""A clock that runs ``factor`` times faster than the wall clock, the same in every process.

Deadlines of hours then pass in seconds, so timeouts fire during a soak. It is anchored to the
wall clock (``epoch``, seconds since 1970, shared by the parent and every bot child), so it keeps
running while a killed bot is down, as real time would.
"""

from __future__ import annotations

import time
from datetime import UTC, datetime, timedelta

GAME_EPOCH = datetime(2026, 1, 1, tzinfo=UTC)


class ScaledClock:
    """>>> clock = ScaledClock(epoch=time.time(), factor=3600.0)
    >>> clock.now() >= GAME_EPOCH
    True
    """

    def __init__(self, epoch: float, factor: float) -> None:
        self.epoch = epoch
        self.factor = factor

    def now(self) -> datetime:
        return GAME_EPOCH + timedelta(seconds=(time.time() - self.epoch) * self.factor)

    def real_seconds(self, game: timedelta) -> float:
        """How long ``game`` time takes on the wall clock."""
        return game.total_seconds() / self.factor
