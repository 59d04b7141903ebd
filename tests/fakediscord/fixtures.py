"""pytest fixtures for the fake Discord.

Use them from a conftest.py (``from tests.fakediscord.fixtures import fake_discord``) or a test module.
A bot fixture then wraps its client in a harness::

    @pytest_asyncio.fixture
    async def bot(fake_discord):
        client = make_client()
        async with DiscordHarness(client, fake_discord) as h:
            yield h
"""

from __future__ import annotations

from typing import AsyncIterator

import pytest_asyncio

from .server import FakeDiscord


@pytest_asyncio.fixture
async def fake_discord() -> AsyncIterator[FakeDiscord]:
    """A running :class:`FakeDiscord`; discord.py points at it for the test. Fails the test if the bot
    called a route the fake does not know, or sent a request Discord would refuse (its OpenAPI description
    and documented limits, :mod:`tests.fakediscord.conformance`), or used a deprecated call."""
    async with FakeDiscord() as fake:
        yield fake
        fake.assert_no_unhandled()
        fake.assert_conformant()
