"""Opening the services on a database: shared by the Discord and console adapters."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from bot.clock import Clock, SystemClock
from bot.logging_setup import quiet_secret_loggers
from bot.services.matches import MatchService
from bot.services.scheduler import Deliver, Scheduler
from bot.storage.sqlite import SqliteRepository


@dataclass
class Services:
    repo: SqliteRepository
    matches: MatchService
    scheduler: Scheduler

    async def close(self) -> None:
        await self.scheduler.stop()
        await self.repo.close()


async def open_services(
    database: str,
    deliver: Deliver,
    *,
    clock: Clock | None = None,
    seed_source: Callable[[], bytes] | None = None,
) -> Services:
    quiet_secret_loggers()  # before the first statement: whoever set up logging, no seed reaches it
    repo = await SqliteRepository.open(database)
    clock = clock or SystemClock()
    extra = {"seed_source": seed_source} if seed_source is not None else {}
    matches = MatchService(repo, clock, **extra)
    scheduler = Scheduler(matches, repo, clock, deliver)
    return Services(repo, matches, scheduler)
