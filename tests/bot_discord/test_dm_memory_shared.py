"""Refused DMs are read from storage, so every bot process on one database answers alike."""

from __future__ import annotations

from datetime import UTC, datetime

from bot.clock import ManualClock
from bot.discord_app.people import DmMemory
from bot.storage.sqlite import SqliteRepository


async def test_a_refusal_one_process_learnt_is_known_to_another_and_forgotten_by_either(tmp_path):
    path = tmp_path / "shared.sqlite3"
    first_repo, second_repo = await SqliteRepository.open(path), await SqliteRepository.open(path)
    clock = ManualClock(datetime(2026, 1, 1, tzinfo=UTC))
    first, second = DmMemory(first_repo, clock), DmMemory(second_repo, clock)
    try:
        assert not await second.refused("42")
        await first.remember("42")
        await first.remember("42")  # a second refusal changes nothing
        assert await second.refused("42")
        await second.forget("42")
        assert not await first.refused("42")
    finally:
        await first_repo.close()
        await second_repo.close()
