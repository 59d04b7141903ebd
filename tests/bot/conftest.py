"""Fixtures for the services: a SQLite file per test, a hand-moved clock, a fixed seed.

A harness test marked ``@on_both_backends`` runs on both storage backends; PostgreSQL then gets
a fresh database on the shared test server (tests/conftest.py).
"""

from __future__ import annotations

import re
import sqlite3
from datetime import UTC, datetime

import pytest

from bot.clock import ManualClock
from bot.i18n import catalog
from bot.services.delivery import Delivery
from bot.services.matches import MatchService
from bot.services.people import Actor, Place
from bot.services.scheduler import Scheduler
from bot.storage.repository import Repository
from bot.storage.sqlite import SqliteRepository

START = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
SEED = bytes(range(32))
PLACE = Place("guild-1", "chan-1", "en")
ALICE = Actor("alice", "Alice", "en")
BOB = Actor("bob", "Bob", "nl")
CAROL = Actor("carol", "Carol", "en")
BACKENDS = ["sqlite", "postgres"]
on_both_backends = pytest.mark.parametrize("harness", BACKENDS, indirect=True)


class Storage:
    """One empty database on one backend: a SQLite file, or a fresh PostgreSQL database.
    ``open()`` gives one more repository on it (its own connections, as another process has);
    ``execute`` edits it by hand (``$1``-style parameters on both backends)."""

    def __init__(self, backend: str, location: str) -> None:
        self.backend = backend
        self.location = location
        self._opened: list[Repository] = []

    async def open(self, **options) -> Repository:
        if self.backend == "postgres":
            from bot.storage.postgres import PostgresRepository

            repo = await PostgresRepository.open(self.location, **options)
        else:
            repo = await SqliteRepository.open(self.location, **options)
        self._opened.append(repo)
        return repo

    async def execute(self, sql: str, *args) -> None:
        if self.backend == "postgres":
            import asyncpg

            connection = await asyncpg.connect(self.location)
            try:
                await connection.execute(sql, *args)
            finally:
                await connection.close()
        else:
            with sqlite3.connect(self.location) as connection:
                connection.execute(re.sub(r"\$\d+", "?", sql), args)
            connection.close()

    async def close(self) -> None:
        for repo in self._opened:
            await repo.close()


def storage_on(request, tmp_path) -> Storage:
    """The ``Storage`` of ``request.param`` (SQLite when the test is not parametrised)."""
    backend = getattr(request, "param", "sqlite")
    if backend == "postgres":
        return Storage("postgres", request.getfixturevalue("postgres_url"))
    return Storage("sqlite", str(tmp_path / "scheids.sqlite3"))


@pytest.fixture(params=BACKENDS)
async def storage(request, tmp_path):
    """An empty database on each backend in turn; every repository opened on it is closed after."""
    store = storage_on(request, tmp_path)
    yield store
    await store.close()


def words(deliveries: list[Delivery]) -> str:
    """Every delivery worded in its own language, one per line, for assertions."""
    return "\n".join(
        " ".join(catalog().render(line, d.language) for line in d.lines) for d in deliveries
    )


class Harness:
    """A service with its repository, clock and scheduler, and the deliveries timers made."""

    def __init__(self, repo: Repository, clock: ManualClock) -> None:
        self.repo = repo
        self.clock = clock
        self.service = MatchService(repo, clock, seed_source=lambda: SEED)
        self.delivered: list[Delivery] = []
        self.scheduler = Scheduler(self.service, repo, clock, self._collect)

    async def _collect(self, deliveries: list[Delivery]) -> None:
        self.delivered.extend(deliveries)

    async def started_match(self, **create: object) -> int:
        """Alice creates a heroes_cities match, Bob joins, Alice starts; returns the match id."""
        await self.service.create(PLACE, ALICE, "heroes_cities", opponent=BOB, **create)
        await self.service.join(PLACE, BOB)
        await self.service.start(PLACE, ALICE)
        row = await self.repo.live_match_in(PLACE.channel_id)
        return row.id

    async def match(self, match_id: int):
        return await self.service.book.load(match_id)

    async def to_move(self, match_id: int) -> Actor:
        match = await self.match(match_id)
        (seat,) = match.to_act()
        return {"alice": ALICE, "bob": BOB}[match.seats[seat].user_id]

    async def play_random(self, match_id: int, rng, moves: int, think_seconds: int = 0) -> int:
        """Up to ``moves`` random legal moves through the service (each must be accepted), with
        up to ``think_seconds`` on the clock before each; stops at the end. Returns moves played."""
        for played in range(moves):
            match = await self.match(match_id)
            if match.result() is not None:
                return played
            (seat,) = match.to_act()
            if think_seconds:
                self.clock.advance(seconds=rng.randint(1, think_seconds))
            move = rng.choice(list(match.engine.legal_moves(match.state, seat)))
            actor = {"alice": ALICE, "bob": BOB}[match.seats[seat].user_id]
            answer = await self.service.submit(PLACE, actor, match.engine.format_move(move, match.state))
            assert not answer[0].target.ephemeral, words(answer)
        return moves

    async def first_legal(self, match_id: int) -> str:
        match = await self.match(match_id)
        (seat,) = match.to_act()
        move = match.engine.legal_moves(match.state, seat)[0]
        return match.engine.format_move(move, match.state)


@pytest.fixture
async def harness(request, tmp_path):
    """SQLite unless the test is parametrised over ``BACKENDS`` (indirectly)."""
    store = storage_on(request, tmp_path)
    h = Harness(await store.open(), ManualClock(START))
    yield h
    await store.close()
