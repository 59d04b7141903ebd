"""One task that sleeps until the next timer in the database (RoboDanny's timer pattern).

Timers live in the database, so a restart loses none: the scheduler simply reads the next
one again. The service wakes it when timers change (a move sets new deadlines), and so does the
repository when another process changed them (PostgreSQL's LISTEN/NOTIFY). A failure
(the database busy or briefly gone) is logged and retried after a growing pause: the task
never ends on an error, so timers keep firing once the database answers again. So is one timer
whose handling raises: it waits, longer after each failure, while the other timers fire.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from datetime import datetime, timedelta
from typing import Protocol

from bot.clock import Clock
from bot.services.delivery import Delivery
from bot.services.matches import MatchService
from bot.storage.repository import Repository

log = logging.getLogger(__name__)

MAX_SLEEP = 3600.0
"""Look again at least hourly, so a wall-clock jump never strands a timer for long."""
STOP_RETRY = 0.2
"""Seconds between cancellations while stopping (see ``stop``)."""
BACKOFF_FIRST = 1.0
BACKOFF_MAX = 300.0
"""Seconds before looking again after a failure: doubling from the first to the most."""

Deliver = Callable[[list[Delivery]], Awaitable[None]]


class MoreTimers(Protocol):
    """Timers kept elsewhere than the matches' (a league's round deadline): fired with the
    matches' own, looked at again by ``next_due``."""

    async def due(self, now: datetime) -> list[Delivery]: ...
    async def next_due(self) -> datetime: ...


class Scheduler:
    def __init__(self, service: MatchService, repo: Repository, clock: Clock, deliver: Deliver) -> None:
        self.service = service
        self.repo = repo
        self.clock = clock
        self.deliver = deliver
        self.backoff_first = BACKOFF_FIRST
        self.backoff_max = BACKOFF_MAX
        self.failures = 0
        """Failed looks in a row (0 once a look succeeds)."""
        self.monotonic: Callable[[], float] = time.monotonic
        self._timer_failures: dict[int, tuple[int, float]] = {}
        """Per timer that failed: (failures in a row, monotonic time before which it waits)."""
        self._wake = asyncio.Event()
        self._watching = False
        self._task: asyncio.Task | None = None
        self.extra: list[MoreTimers] = []
        """More timers fired by the same task (``bot.wiring`` adds the leagues')."""
        service.on_timers_changed = self.wake

    def wake(self) -> None:
        self._wake.set()

    async def run_due(self) -> int:
        """Fire every timer that is due now, except those waiting after a failure; returns how
        many were tried."""
        await self.deliver(await self.service.unposted_timeouts())
        await self.deliver(await self.service.fire_notices())
        timers = await self.repo.due_timers(self.clock.now())
        due = {timer.id for timer in timers}
        self._timer_failures = {key: value for key, value in self._timer_failures.items() if key in due}
        tried = 0
        for timer in timers:
            failed = self._timer_failures.get(timer.id) if timer.id is not None else None
            if failed is not None and failed[1] > self.monotonic():
                continue
            tried += 1
            try:
                deliveries = await self.service.fire_timer(timer)
                await self.deliver(deliveries)
            except Exception:
                count = (failed[0] if failed is not None else 0) + 1
                pause = min(self.backoff_first * 2 ** (count - 1), self.backoff_max)
                if timer.id is not None:
                    self._timer_failures[timer.id] = (count, self.monotonic() + pause)
                # The traceback the first time; then one line per failure.
                log.error("timer %s of match %s failed (%d in a row); trying it again in %.0f s",
                          timer.id, timer.match_id, count, pause, exc_info=count == 1)
            else:
                self._timer_failures.pop(timer.id or 0, None)
        for more in self.extra:
            try:
                await self.deliver(await more.due(self.clock.now()))
            except Exception:
                log.exception("scheduler: the timers of %s failed; looking again at the next wake-up", type(more).__name__)
        return tried

    async def seconds_to_next(self) -> float:
        """Until the next timer is due, or, while the due ones wait after a failure, until the
        first of them may be tried again or another falls due."""
        now = self.clock.now()
        timer = await self.repo.next_timer()
        more = MAX_SLEEP
        notice = await self.repo.next_notice()
        if notice is not None:
            # A notice (``notices``) wakes the scheduler when due (it never waits after a failure).
            more = min(more, max((notice.due_at - now).total_seconds(), 0.0))
        for extra in self.extra:
            more = min(more, max((await extra.next_due() - now).total_seconds(), 0.0))
        if timer is None:
            return more
        wait = min(max((timer.due_at - now).total_seconds(), 0.0), MAX_SLEEP)
        if wait > 0 or timer.id not in self._timer_failures:
            return min(wait, more)
        wait = max(min(until for _, until in self._timer_failures.values()) - self.monotonic(), 0.0)
        ready = [t for t in await self.repo.due_timers(now + timedelta(seconds=wait)) if t.id not in self._timer_failures]
        if ready:
            wait = min(wait, max((ready[0].due_at - now).total_seconds(), 0.0))
        return min(wait, more, MAX_SLEEP)

    async def run_forever(self) -> None:
        while True:
            self._wake.clear()
            await self._watch()
            try:
                await self.run_due()
                delay = await self.seconds_to_next()
            except Exception:
                self.failures += 1
                pause = min(self.backoff_first * 2 ** (self.failures - 1), self.backoff_max)
                log.exception("scheduler: reading the timers failed (%d in a row); again in %.1f s", self.failures, pause)
                await asyncio.sleep(pause)
                continue
            self.failures = 0
            try:
                await asyncio.wait_for(self._wake.wait(), timeout=delay)
            except TimeoutError:
                pass

    async def _watch(self) -> None:
        """Ask the repository to wake us on other processes' timers, until that once worked. A
        failure is logged and tried again at the next look: the timers themselves never wait
        for it (without it, another process's timer is found at the next look)."""
        if self._watching:
            return
        try:
            await self.repo.watch_timers(self.wake)
            self._watching = True
        except Exception:
            log.warning("scheduler: cannot listen for other processes' timers; looking again later", exc_info=True)

    def start(self) -> asyncio.Task:
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self.run_forever(), name="scheids-scheduler")
        return self._task

    async def stop(self) -> None:
        """Stop the task; never raises, so shutdown always goes on to close the database."""
        if self._task is not None:
            task = self._task
            while not task.done():
                task.cancel()
                # Python 3.11's wait_for swallows a cancellation that meets the wake-up it waits
                # for (a move's new timers right before shutdown): then the task would sleep on
                # for up to MAX_SLEEP. Cancel again until it has ended.
                await asyncio.wait({task}, timeout=STOP_RETRY)
            try:
                task.result()
            except asyncio.CancelledError:
                pass
            except Exception:
                log.exception("scheduler task had failed")
            self._task = None
