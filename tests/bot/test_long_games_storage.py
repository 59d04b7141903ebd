"""The repository's long-game tables (migration 0007) behave alike on SQLite and PostgreSQL:
absences, notice preferences, nudges claimed once, notices claimed once (a digest moved to its
next day in the same write)."""

from __future__ import annotations

from datetime import timedelta

from bot.storage.models import NoticeRow
from tests.bot.conftest import START

DAY = timedelta(days=1)


async def test_absences_and_preferences_are_kept(storage):
    repo = await storage.open()
    first = await repo.add_away("alice", START, START + DAY)
    second = await repo.add_away("alice", START + 3 * DAY, START + 5 * DAY)
    await repo.add_away("bob", START, START + DAY)
    assert await repo.away_periods("alice") == [first, second]
    await repo.end_away(second.id, second.start)
    assert (await repo.away_periods("alice"))[1].until == second.start
    assert await repo.notify_prefs(["alice"]) == {}
    await repo.set_notify_prefs("alice", {"how": "ping", "quiet": [23, 8]})
    await repo.set_notify_prefs("alice", {"how": "none", "quiet": [22, 7]})
    assert await repo.notify_prefs(["alice", "bob"]) == {"alice": {"how": "none", "quiet": [22, 7]}}


async def test_a_nudge_is_recorded_once_a_day(storage):
    from bot.storage.models import NewMatch

    repo = await storage.open()
    row = await repo.create_match(NewMatch(
        guild_id="g", channel_id="c", game="heroes_cities", engine_version=1, options={}, time_control={},
        creator_id="alice", invited_id=None, seed=b"0" * 32, commitment="x", language="en"), "Alice", START)
    assert await repo.last_nudge(row.id, 1) is None
    assert await repo.claim_nudge(row.id, 1, START, START - DAY)
    assert not await repo.claim_nudge(row.id, 1, START + timedelta(hours=1), START + timedelta(hours=1) - DAY)
    assert await repo.last_nudge(row.id, 1) == START
    assert await repo.claim_nudge(row.id, 1, START + DAY, START)
    assert await repo.last_nudge(row.id, 1) == START + DAY


async def test_a_notice_is_claimed_once_and_a_digest_moves_on(storage):
    repo = await storage.open()
    other = await storage.open()  # another process on the same database
    await repo.add_notice(NoticeRow(user_id="alice", kind="digest", due_at=START))
    await repo.add_notice(NoticeRow(user_id="alice", kind="digest", due_at=START + timedelta(hours=1)))  # replaces
    await repo.add_notice(NoticeRow(user_id="bob", kind="turn", match_id=None, seq=2, due_at=START))
    await repo.add_notice(NoticeRow(user_id="bob", kind="turn", match_id=None, seq=3, due_at=START))  # replaces
    assert (await repo.next_notice()).user_id == "bob"
    due = await repo.due_notices(START + timedelta(hours=1))
    assert [(n.user_id, n.kind) for n in due] == [("bob", "turn"), ("alice", "digest")]
    turn, digest = due
    assert await repo.claim_notice(turn) and not await other.claim_notice(turn)
    assert await other.claim_notice(digest, START + DAY) and not await repo.claim_notice(digest, START + DAY)
    (moved,) = await repo.due_notices(START + 2 * DAY)
    assert moved.due_at == START + DAY and moved.kind == "digest"
    await repo.drop_digest("alice")
    assert await repo.next_notice() is None
