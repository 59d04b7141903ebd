"""Damage stays with its match: an unreadable snapshot or match row harms no other match.

A snapshot that is not JSON (or not the state its model takes) used to make every command of its
match raise, the admin's abort too, and the scheduler spin on the match's due timer; one match
row with bad JSON or a bad time kept the whole bot from starting. Now a snapshot that fails is
passed over (the match replays from its events), a row that fails loads its match as damaged
(abortable; everything else plays on), and a timer whose handling raises waits longer each time.
"""

from __future__ import annotations

import io
import logging
import random
from datetime import UTC, datetime

import pytest

from bot.clock import ManualClock
from bot.console.app import run_console
from bot.services import book as book_module
from bot.services.people import Actor, Place
from bot.services.time_control import TimeControl
from bot.storage.sqlite import SqliteRepository
from tests.bot.conftest import ALICE, BOB, PLACE, Harness, words

ADMIN = Actor("mod", "Mod", "en", is_admin=True)
OTHER = Place("guild-1", "chan-2", "en")


async def two_matches(harness: Harness) -> tuple[int, int]:
    """The match of ``PLACE`` (three moves in, an hour a move) and one in ``OTHER``."""
    first = await harness.started_match(time_control=TimeControl(per_move_hours=1, grace=0))
    await harness.play_random(first, random.Random(1), 3)
    await harness.service.create(OTHER, ALICE, "heroes_cities", opponent=BOB)
    await harness.service.join(OTHER, BOB)
    await harness.service.start(OTHER, ALICE)
    second = (await harness.repo.live_match_in(OTHER.channel_id)).id
    return first, second


@pytest.mark.parametrize(
    "payload",
    ["{not json", '{"state": {"cities": "ten"}, "seq": 2}', '"a string"', '{"seq": 2}'],
)
async def test_a_snapshot_that_does_not_read_is_passed_over_and_the_match_replays(harness, monkeypatch, payload):
    monkeypatch.setattr(book_module, "SNAPSHOT_EVERY", 2)
    first, _ = await two_matches(harness)
    assert await harness.repo.snapshot(first) is not None
    before = (await harness.match(first)).state
    await harness.repo.db.execute("UPDATE snapshots SET payload = ? WHERE match_id = ?", (payload, first))
    harness.service.book.forget(first)
    loaded = await harness.match(first)
    assert loaded.damage is None and loaded.state == before
    status = words(await harness.service.status(PLACE, ALICE))
    assert "damaged" not in status, status
    assert await harness.play_random(first, random.Random(2), 2) == 2
    # The timeout of that match fires as any other.
    harness.clock.advance(hours=2)
    assert await harness.scheduler.run_due() >= 1
    assert (await harness.repo.get_match(first)).status == "finished"


@pytest.mark.parametrize(
    ("column", "garbage"),
    [("options", "{not json"), ("time_control", "[1, 2"), ("result", "{oops"), ("created_at", "yesterday"),
     ("options", '"a string"')],
)
async def test_a_match_row_that_does_not_read_is_damaged_alone(harness, column, garbage, caplog):
    first, second = await two_matches(harness)
    mover = await harness.to_move(first)
    await harness.repo.db.execute(f"UPDATE matches SET {column} = ? WHERE id = ?", (garbage, first))
    harness.service.book.forget(first)
    caplog.set_level(logging.ERROR)
    listed = await harness.repo.live_matches()
    assert [row.id for row in listed] == [first, second]
    assert listed[0].unreadable == (column,) and listed[1].unreadable == ()
    assert any(str(first) in record.getMessage() and column in record.getMessage() for record in caplog.records)
    for answer in (
        await harness.service.status(PLACE, ALICE),
        await harness.service.submit(PLACE, mover, "a1-a2"),
        await harness.service.board(PLACE, BOB),
    ):
        text = words(answer)
        assert f"Match #{first} is damaged" in text or f"Partij #{first} is beschadigd" in text, text
        assert column in text, text
    # The other match plays on; the damaged one is closed by an admin.
    played = 0
    for _ in range(2):
        other = await harness.match(second)
        (seat,) = other.to_act()
        move = other.engine.format_move(other.engine.legal_moves(other.state, seat)[0], other.state)
        actor = ALICE if other.seats[seat].user_id == "alice" else BOB
        played += not (await harness.service.submit(OTHER, actor, move))[0].target.ephemeral
    assert played == 2
    assert "aborted" in words(await harness.service.abort(PLACE, ADMIN))
    assert (await harness.repo.get_match(first)).status == "aborted"


async def test_the_bot_starts_with_an_unreadable_match_row_and_plays_the_others(tmp_path):
    """The console (the whole bot: services, scheduler, computer seats) starts on a database
    with a row whose options are no JSON, and the other channel's match is played."""
    database = tmp_path / "scheids.sqlite3"
    repo = await SqliteRepository.open(database)
    harness = Harness(repo, ManualClock(datetime(2026, 1, 1, tzinfo=UTC)))
    first, _ = await two_matches(harness)
    await repo.db.execute("UPDATE matches SET options = '{broken' WHERE id = ?", (first,))
    await repo.close()
    script = (
        "as alice: /match create game:heroes_cities opponent:bob\n"
        "as bob: /match join\n"
        "as alice: /match start\n"
        "as alice: /match status"
    )
    out = io.StringIO()
    await run_console(str(database), str(tmp_path / "out"), io.StringIO(script + "\n"), out,
                      clock=ManualClock(datetime(2026, 1, 1, tzinfo=UTC)))
    text = out.getvalue()
    assert "Traceback" not in text
    assert "The match starts" in text and "is to move" in text.split("/match status")[-1], text[-2000:]


async def test_a_timer_that_keeps_failing_waits_longer_each_time_and_the_others_fire(harness, caplog):
    """A due timer whose handling raises used to be tried again at once, forever (hundreds of
    tracebacks a second). Now it waits, twice as long after each failure, with one log line per
    failure, and the other matches' timers fire meanwhile. (The scheduler's own monotonic time
    is moved by hand here.)"""
    first = await harness.started_match(time_control=TimeControl(per_move_hours=1, grace=0))
    await harness.service.create(OTHER, ALICE, "heroes_cities", opponent=BOB, time_control=TimeControl(per_move_hours=1, grace=0))
    await harness.service.join(OTHER, BOB)
    await harness.service.start(OTHER, ALICE)
    second = (await harness.repo.live_match_in(OTHER.channel_id)).id
    harness.clock.advance(hours=2)
    real = harness.service.fire_timer
    tried: list[int] = []

    async def failing(timer):
        if timer.match_id == first:
            tried.append(timer.id)
            raise RuntimeError("the handling of this timer fails")
        return await real(timer)

    harness.service.fire_timer = failing
    now = [100.0]
    harness.scheduler.monotonic = lambda: now[0]
    caplog.set_level(logging.ERROR, logger="bot.services.scheduler")
    await harness.scheduler.run_due()
    assert (await harness.repo.get_match(second)).status == "finished"
    failing_timers = len(tried)
    assert failing_timers >= 1
    assert await harness.scheduler.seconds_to_next() == pytest.approx(harness.scheduler.backoff_first)
    await harness.scheduler.run_due()
    assert len(tried) == failing_timers, "not tried again before its pause is over"
    now[0] += harness.scheduler.backoff_first
    await harness.scheduler.run_due()
    assert len(tried) == 2 * failing_timers
    assert await harness.scheduler.seconds_to_next() == pytest.approx(2 * harness.scheduler.backoff_first)
    assert len([r for r in caplog.records if "failed" in r.getMessage()]) == len(tried)
    # Once it works again, it fires and is forgotten.
    harness.service.fire_timer = real
    now[0] += 2 * harness.scheduler.backoff_first
    await harness.scheduler.run_due()
    assert (await harness.repo.get_match(first)).status == "finished"
    assert await harness.scheduler.seconds_to_next() == pytest.approx(3600.0)
