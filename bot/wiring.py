"""Opening the services on a database: shared by the Discord and console adapters."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass

from bot.clock import Clock, SystemClock
from bot.i18n import Msg
from bot.logging_setup import quiet_secret_loggers
from bot.services import computer as computer_module
from bot.services import rendering
from bot.services.computer import DELAY, Computer
from bot.services.league.service import LeagueService, Places
from bot.services.matches import MatchService
from bot.services.scheduler import Deliver, Scheduler
from bot.storage.repository import (
    DatabaseTooNewError,
    DatabaseUnusableError,
    Repository,
    StorageError,
)
from bot.storage.sqlite import SqliteRepository


def is_postgres_url(database: str) -> bool:
    """Whether ``database`` names a PostgreSQL server (``postgresql://…``) rather than a SQLite file.

    >>> is_postgres_url("postgresql://bot@db.example/scheids"), is_postgres_url("data/scheids.sqlite3")
    (True, False)
    """
    return database.startswith(("postgresql://", "postgres://"))


async def open_repository(database: str, *, check: bool = False) -> Repository:
    """The repository the configuration names: PostgreSQL for a ``postgresql://`` URL (asyncpg is
    imported only then), else the SQLite file at that path (migrated either way)."""
    if is_postgres_url(database):
        from bot.storage.postgres import PostgresRepository

        return await PostgresRepository.open(database)
    return await SqliteRepository.open(database, check=check)


def shown(database: str) -> str:
    """``database`` as the operator may see it: a URL without its password."""
    if is_postgres_url(database):
        from bot.storage.postgres import redacted

        return redacted(database)
    return database


@dataclass
class Services:
    repo: Repository
    matches: MatchService
    scheduler: Scheduler
    computer: Computer
    leagues: LeagueService
    warming: asyncio.Future | None = None
    """The picture workers starting (``Services.start``); done once each has imported the renderers."""

    async def start(self) -> None:
        """The timers, the picture workers (started in the background), and the computer seats
        that owe a move (also one cut off by a restart)."""
        self.warming = self.matches.renderer.warm()
        self.scheduler.start()
        await self.computer.resume()
        self.leagues.resume_later()

    async def close(self) -> None:
        try:
            await self.computer.stop()
            await self.leagues.stop()
            await self.scheduler.stop()
        finally:
            await self.repo.close()


class StartupError(Exception):
    """The database cannot be served; ``message`` says why, for the operator."""

    def __init__(self, message: Msg) -> None:
        super().__init__(message.key)
        self.message = message


async def check_database(database: str) -> None:
    """Open, check (every page of a SQLite file) and migrate ``database``, then close it;
    ``StartupError`` when it is no usable database or one of a newer Scheids. Run before either
    adapter starts."""
    path = shown(database)
    try:
        repo = await open_repository(database, check=True)
    except DatabaseTooNewError as error:
        raise StartupError(
            Msg("core.db_too_new", {"path": path, "found": error.found, "supported": error.supported})
        ) from error
    except DatabaseUnusableError as error:
        raise StartupError(Msg("core.db_unusable", {"path": path, "reason": error.reason})) from error
    except StorageError as error:
        raise StartupError(Msg("core.db_unusable", {"path": path, "reason": error.detail})) from error
    await repo.close()


async def open_services(
    database: str,
    deliver: Deliver,
    *,
    clock: Clock | None = None,
    seed_source: Callable[[], bytes] | None = None,
    render_workers: int | None = None,
    computer_workers: int | None = None,
    computer_delay: float = DELAY,
    computer_seconds: float | None = None,
    places: Places | None = None,
) -> Services:
    """The services on ``database``; pictures are drawn by ``render_workers`` worker processes
    (default: the configured number, else one per core; 0 draws in a thread). ``places`` opens
    the threads of league pairings (the Discord adapter's; default: a channel per pairing)."""
    quiet_secret_loggers()  # before the first statement: whoever set up logging, no seed reaches it
    repo = await open_repository(database)
    clock = clock or SystemClock()
    workers = render_workers if render_workers is not None else rendering.configured_workers
    matches = MatchService(repo, clock, renderer=rendering.Renderer(workers))
    if seed_source is not None:
        matches.seed_source = seed_source
    scheduler = Scheduler(matches, repo, clock, deliver)
    computer = Computer(
        matches,
        deliver,
        workers=computer_module.configured_workers if computer_workers is None else computer_workers,
        delay=computer_delay,
        seconds=computer_module.configured_seconds if computer_seconds is None else computer_seconds,
    )
    # After the computer: the league is told of a match's end after the computer was.
    leagues = LeagueService(matches, deliver, places)
    scheduler.extra.append(leagues)
    return Services(repo, matches, scheduler, computer, leagues)
