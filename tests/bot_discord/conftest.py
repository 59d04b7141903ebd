"""The real Scheids bot (discord.py 2.7.1) against the fake Discord on 127.0.0.1."""

from __future__ import annotations

from collections.abc import AsyncIterator

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
