"""Deadlines, clocks, restarts and racing writers: what must survive and what must not repeat."""

from __future__ import annotations

import asyncio
import random

import pytest

from bot.clock import ManualClock
from bot.services import book as book_module
from bot.services.delivery import DirectMessage
from bot.services.matches import MatchService
from bot.services.time_control import TimeControl
from bot.services.people import Actor
from bot.storage.repository import OutdatedMatchError, StaleWriteError
from bot.storage.sqlite import SqliteRepository
from engines.core.record import MoveEvent, TimeoutEvent, replay
from tests.bot.conftest import ALICE, BOB, PLACE, SEED, START, Harness, words


async def test_reminder_then_loss_on_time(harness):
    match_id = await harness.started_match(time_control=TimeControl(per_move_hours=24, grace=0))
    mover = await harness.to_move(match_id)
    harness.clock.advance(hours=17)
    assert await harness.scheduler.run_due() == 0
    harness.clock.advance(hours=1, seconds=1)  # 18 h: 6 h (a quarter) before the deadline
    assert await harness.scheduler.run_due() == 1
    (reminder,) = harness.delivered
    assert isinstance(reminder.target, DirectMessage) and reminder.target.user_id == mover.user_id
    assert "Reminder" in words([reminder]) or "Herinnering" in words([reminder])
    harness.clock.advance(hours=6)
    assert await harness.scheduler.run_due() == 1
    row = await harness.repo.get_match(match_id)
    assert row.status == "finished"
    assert row.result["reason"] == "core.timeout"
    entries = await harness.repo.entries(match_id)
    assert isinstance(entries[-1].event, TimeoutEvent) and entries[-1].event.seat is not None
    assert "ran out of time" in words(harness.delivered[1:])
    assert await harness.repo.next_timer() is None


async def test_a_move_replaces_the_timers(harness):
    match_id = await harness.started_match(time_control=TimeControl(per_move_hours=24))
    harness.clock.advance(hours=20)
    mover = await harness.to_move(match_id)
    await harness.service.submit(PLACE, mover, await harness.first_legal(match_id))
    harness.clock.advance(hours=5)  # the first player's old deadline has passed: nothing fires
    await harness.scheduler.run_due()
    assert (await harness.repo.get_match(match_id)).status == "active"
    timer = await harness.repo.next_timer()
    match = await harness.match(match_id)
    (seat,) = match.to_act()
    assert timer.seat == seat
    assert timer.kind == "reminder"
    assert timer.due_at == match.deadline(seat) - TimeControl(per_move_hours=24).reminder_lead()


async def test_chess_clock_runs_only_for_the_player_to_move(harness):
    match_id = await harness.started_match(time_control=TimeControl(clock_minutes=10))
    first = await harness.to_move(match_id)
    harness.clock.advance(minutes=4)
    await harness.service.submit(PLACE, first, await harness.first_legal(match_id))
    second = await harness.to_move(match_id)
    harness.clock.advance(minutes=9)
    await harness.service.submit(PLACE, second, await harness.first_legal(match_id))
    match = await harness.match(match_id)
    first_seat = match.seat_of(first.user_id)
    second_seat = match.seat_of(second.user_id)
    assert match.used(first_seat, harness.clock.now()).total_seconds() == 240
    assert match.used(second_seat, harness.clock.now()).total_seconds() == 540
    status = words(await harness.service.status(PLACE, ALICE))
    assert "6:00" in status and "1:00" in status
    harness.clock.advance(minutes=6, seconds=1)
    await harness.scheduler.run_due()
    row = await harness.repo.get_match(match_id)
    assert row.result["reason"] == "core.timeout" and row.result["params"]["seat"] == first_seat


async def test_restart_restores_matches_and_timers(tmp_path):
    path = tmp_path / "scheids.sqlite3"
    clock = ManualClock(START)
    repo = await SqliteRepository.open(path)
    first = Harness(repo, clock)
    match_id = await first.started_match(time_control=TimeControl(per_move_hours=24, grace=0))
    mover = await first.to_move(match_id)
    move = await first.first_legal(match_id)
    await first.service.submit(PLACE, mover, move)
    state_before = (await first.match(match_id)).state
    await repo.close()

    repo = await SqliteRepository.open(path)
    second = Harness(repo, clock)
    match = await second.match(match_id)
    assert match.state == state_before
    # The same command again (a retry after a crash before the reply) is refused, not applied twice.
    again = await second.service.submit(PLACE, mover, move)
    assert again[0].target.ephemeral
    assert len([e for e in await repo.entries(match_id) if isinstance(e.event, MoveEvent)]) == 1
    clock.advance(hours=25)
    await second.scheduler.run_due()
    assert (await repo.get_match(match_id)).status == "finished"
    await repo.close()


async def test_racing_writers_exactly_one_applies(tmp_path):
    """Two processes (two services on one file) load the same turn; the second append is stale."""
    path = tmp_path / "scheids.sqlite3"
    clock = ManualClock(START)
    repo_a = await SqliteRepository.open(path)
    repo_b = await SqliteRepository.open(path)
    a = Harness(repo_a, clock)
    match_id = await a.started_match()
    b_service = MatchService(repo_b, clock, seed_source=lambda: SEED)
    stale = await b_service.book.load(match_id)
    mover = await a.to_move(match_id)
    await a.service.submit(PLACE, mover, await a.first_legal(match_id))
    (stale_seat,) = stale.to_act()
    stale_move = stale.engine.legal_moves(stale.state, stale_seat)[0]
    event = MoveEvent(seat=stale_seat, text="-", move=stale_move.model_dump(mode="json"))
    with pytest.raises(StaleWriteError):
        await b_service.book.append(stale, [event], clock.now())
    # Through the service: B's cached copy is stale, its append fails and the user is told to retry.
    original_load = b_service.book.load

    async def stale_load(match_id_: int):
        return stale

    b_service.book.load = stale_load
    (seat,) = stale.to_act()
    actor = {"alice": ALICE, "bob": BOB}[stale.seats[seat].user_id]
    move = stale.engine.format_move(stale.engine.legal_moves(stale.state, seat)[0], stale.state)
    raced = await b_service.submit(PLACE, actor, move)
    assert "try again" in words(raced) or "opnieuw" in words(raced)
    b_service.book.load = original_load
    moves = [e for e in await repo_a.entries(match_id) if isinstance(e.event, MoveEvent)]
    assert len(moves) == 1
    await repo_a.close()
    await repo_b.close()


async def test_snapshot_load_equals_full_replay(harness, monkeypatch):
    monkeypatch.setattr(book_module, "SNAPSHOT_EVERY", 5)
    match_id = await harness.started_match(time_control=TimeControl(clock_minutes=600))
    assert await harness.play_random(match_id, random.Random(11), 17, think_seconds=90) == 17
    warm = await harness.match(match_id)
    snap = await harness.repo.snapshot(match_id)
    assert snap is not None and snap[0] < warm.row.last_seq
    harness.service.book.forget(match_id)
    cold = await harness.match(match_id)
    assert cold.progress == warm.progress
    entries = await harness.repo.entries(match_id)
    assert replay(warm.engine, warm.options, [e.event for e in entries]) == warm.state


async def test_scheduler_sleeps_until_the_next_timer(harness):
    await harness.started_match(time_control=TimeControl(per_move_hours=0.5))
    # The reminder comes a quarter of the period before the deadline: after 22.5 minutes.
    assert await harness.scheduler.seconds_to_next() == pytest.approx(22.5 * 60, abs=1)
    harness.clock.advance(minutes=10)
    assert await harness.scheduler.seconds_to_next() == pytest.approx(12.5 * 60, abs=1)
    harness.clock.advance(hours=30)
    assert await harness.scheduler.seconds_to_next() == 0


async def test_scheduler_looks_again_at_least_hourly(harness):
    await harness.started_match(time_control=TimeControl(per_move_hours=72))
    assert await harness.scheduler.seconds_to_next() == 3600


async def test_a_match_of_older_rules_is_refused_not_replayed(harness):
    """After a rules version bump, an old live match cannot be continued, only closed by an admin."""
    match_id = await harness.started_match()
    await harness.repo.db.execute("UPDATE matches SET engine_version = 0 WHERE id = ?", (match_id,))
    harness.service.book.forget(match_id)
    with pytest.raises(OutdatedMatchError):
        await harness.service.status(PLACE, ALICE)
    not_admin = await harness.service.abort(PLACE, ALICE)
    assert "rules version 0" in words(not_admin)
    closed = await harness.service.abort(PLACE, Actor("mod", "Mod", "en", is_admin=True))
    assert "aborted" in words(closed)
    assert (await harness.repo.get_match(match_id)).status == "aborted"


async def test_a_match_of_an_older_version_the_engine_still_replays_goes_on(harness, monkeypatch):
    """An engine that lists an older version in ``replays`` loads a match of that version from its
    record and plays on; one of a version not listed is refused. Axis & Allies 4 replayed version 3
    (docs/games/axis_allies.md, decision 23); here it is told to replay 3 as it did."""
    from engines.axis_allies.engine import AxisAllies

    monkeypatch.setattr(AxisAllies, "replays", frozenset({3}))
    await harness.service.create(PLACE, ALICE, "axis_allies", opponent=BOB)
    await harness.service.join(PLACE, BOB)
    await harness.service.start(PLACE, ALICE)
    match_id = (await harness.repo.live_match_in(PLACE.channel_id)).id
    mover = await harness.to_move(match_id)
    start = (await harness.match(match_id)).progress.seq
    await harness.service.submit(PLACE, mover, "buy 8 inf")
    assert (await harness.match(match_id)).progress.seq > start
    await harness.repo.db.execute("UPDATE matches SET engine_version = 3 WHERE id = ?", (match_id,))
    harness.service.book.forget(match_id)
    before = (await harness.match(match_id)).progress.seq
    await harness.service.submit(PLACE, mover, "end")
    assert (await harness.match(match_id)).progress.seq > before
    harness.service.book.forget(match_id)
    assert (await harness.match(match_id)).row.engine_version == 3
    await harness.repo.db.execute("UPDATE matches SET engine_version = 2 WHERE id = ?", (match_id,))
    harness.service.book.forget(match_id)
    with pytest.raises(OutdatedMatchError):
        await harness.service.status(PLACE, ALICE)


async def test_an_axis_allies_match_of_version_4_is_refused_with_the_outdated_explanation(harness):
    """Axis & Allies 5 refuses orders version 4 took and rolls an AA gun version 4 did not
    (docs/games/axis_allies.md, decision 26): a version-4 or version-3 match is not replayed under
    the new rules but refused, and an admin may close it."""
    from engines.axis_allies.engine import AxisAllies

    assert AxisAllies.version == 5 and AxisAllies.replays == frozenset()
    await harness.service.create(PLACE, ALICE, "axis_allies", opponent=BOB)
    await harness.service.join(PLACE, BOB)
    await harness.service.start(PLACE, ALICE)
    match_id = (await harness.repo.live_match_in(PLACE.channel_id)).id
    for old in (4, 3):
        await harness.repo.db.execute("UPDATE matches SET engine_version = ? WHERE id = ?", (old, match_id))
        harness.service.book.forget(match_id)
        with pytest.raises(OutdatedMatchError):
            await harness.service.status(PLACE, ALICE)
    not_admin = await harness.service.abort(PLACE, ALICE)
    assert "rules version 3" in words(not_admin) and "version 5" in words(not_admin)


async def test_timers_fire_even_when_listening_for_other_processes_fails(harness, caplog):
    """The scheduler's wake-up from other processes (PostgreSQL's LISTEN) is a help, not a
    condition: when it cannot be set up, due timers still fire and the failure is logged."""
    match_id = await harness.started_match(time_control=TimeControl(per_move_hours=24, grace=0))

    async def refuse(wake):
        raise OSError("no LISTEN here")

    harness.repo.watch_timers = refuse
    harness.clock.advance(hours=25)
    harness.scheduler.start()
    try:
        for _ in range(1200):  # a bound on the wait, not a timing assertion
            if (await harness.repo.get_match(match_id)).status == "finished":
                break
            await asyncio.sleep(0.05)
    finally:
        await harness.scheduler.stop()
    assert (await harness.repo.get_match(match_id)).status == "finished"
    assert "cannot listen for other processes' timers" in caplog.text
