"""The real Scheids bot (discord.py 2.7.1) against the fake Discord on 127.0.0.1."""

from __future__ import annotations

import asyncio
import inspect
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from typing import Any

import pytest
import pytest_asyncio

from bot.clock import ManualClock
from bot.discord_app.client import ScheidsBot
from tests.bot.conftest import SEED, START
from tests.fakediscord import DiscordHarness, FakeDiscord
from tests.fakediscord.fixtures import fake_discord  # noqa: F401  (fixture)


class BotWorld:
    """One bot process on a database file; ``restart()`` stops it and starts a new one on the same file."""

    def __init__(self, fake: FakeDiscord, database: str) -> None:
        self.fake = fake
        self.database = database
        self.clock = ManualClock(START)
        self.h: DiscordHarness | None = None

    def make_bot(self) -> ScheidsBot:
        return ScheidsBot(self.database, sync_commands=True, clock=self.clock, seed_source=lambda: SEED)

    async def start(self) -> DiscordHarness:
        self.h = DiscordHarness(self.make_bot(), self.fake)
        await self.h.start()
        return self.h

    async def stop(self) -> None:
        if self.h is not None:
            await self.h.close()
            self.h = None

    async def restart(self) -> DiscordHarness:
        await self.stop()
        return await self.start()

    @property
    def bot(self) -> ScheidsBot:
        return self.h.client


@pytest_asyncio.fixture
async def world(fake_discord, tmp_path) -> AsyncIterator[BotWorld]:  # noqa: F811
    world = BotWorld(fake_discord, str(tmp_path / "scheids.sqlite3"))
    await world.start()
    yield world
    await world.stop()


def hold_storage(repo: Any, monkeypatch: Any) -> asyncio.Event:
    """Make every storage call of ``repo`` wait until the returned event is set: a database that is
    slow for as long as the test says, with no time in it."""
    gate = asyncio.Event()
    for name, method in inspect.getmembers(repo, inspect.iscoroutinefunction):
        if name.startswith("_") or name == "close":
            continue

        def held(method: Callable[..., Awaitable[Any]] = method) -> Callable[..., Awaitable[Any]]:
            async def call(*args: Any, **kwargs: Any) -> Any:
                await gate.wait()
                return await method(*args, **kwargs)

            return call

        monkeypatch.setattr(repo, name, held())
    return gate


@asynccontextmanager
async def storage_held(world: BotWorld, step: Callable[[], Awaitable[Any]]) -> AsyncIterator[Any]:
    """Run ``step`` (one interaction) while storage waits; yields the interaction's record once the fake
    Discord has its first answer or Discord's window has passed (the fake's clock), then lets storage
    go on and waits for the step."""
    with pytest.MonkeyPatch.context() as patch:
        gate = hold_storage(world.bot.services.repo, patch)
        task = asyncio.ensure_future(step())
        await asyncio.sleep(0)  # the step delivers its interaction before its first wait
        try:
            yield await world.fake.first_answer()
        finally:
            gate.set()
            await task
