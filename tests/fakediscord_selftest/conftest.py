"""The self-tests' throwaway bot shows Discord's behaviour also for the deprecated "followup fills the
deferred response" path, so its fake allows that one (every request is still checked against the spec)."""

from __future__ import annotations

from typing import AsyncIterator

import pytest_asyncio

from tests.fakediscord import FakeDiscord


@pytest_asyncio.fixture
async def fake_discord() -> AsyncIterator[FakeDiscord]:
    async with FakeDiscord(deprecated_followups=True) as fake:
        yield fake
        fake.assert_no_unhandled()
        fake.assert_conformant()
