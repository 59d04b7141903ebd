"""What an attack on the bot broke, each reproduced and shown fixed.

Kills at the worst moment, a scheduler meeting errors, simultaneous endings, two processes on
one file, hand-edited and damaged records, databases from a newer version or of garbage, and a
full disk. Throughout: no acknowledged write is lost or doubled, and every command gets an answer.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import random
import sqlite3
import subprocess
import sys
import textwrap
from datetime import timedelta
from pathlib import Path

import pytest

from bot.clock import ManualClock
from bot.services import book as book_module
from bot.services.delivery import ChannelPost
from bot.services.matches import MatchService
from bot.services.people import Actor, Place
from bot.services.time_control import TimeControl
from bot.storage.models import UserRow
from bot.storage.repository import (
    DatabaseTooNewError,
    DatabaseUnusableError,
    SeatRefusedError,
    StaleWriteError,
    StorageBusyError,
    StorageFullError,
    StorageIOError,
)
from bot.storage.sqlite import SqliteRepository, migrations
from engines.core.record import Record, ResignEvent, StartEvent, chain_break, chain_hash
from tests.bot.conftest import ALICE, BOB, PLACE, SEED, START, Harness, words
from tests.bot.test_ratings import ToyRated, render_toy

ROOT = Path(__file__).resolve().parents[2]
ADMIN = Actor("mod", "Mod", "en", is_admin=True)
CHILD_TIMEOUT = 120
"""A bound on every child process (a hang fails the test instead of stalling the suite)."""


def run_child(script: str, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-c", script, *args], cwd=ROOT, capture_output=True, text=True, timeout=CHILD_TIMEOUT
    )


async def event_types(repo: SqliteRepository, match_id: int) -> list[str]:
    return [entry.event.type for entry in await repo.entries(match_id)]


# ------------------------------------------------------------------ 1. a timeout lost for good

TIMEOUT_CHILD = textwrap.dedent(
    """
    import asyncio, os, sys
    from datetime import timedelta
    from bot.clock import ManualClock
    from bot.storage.sqlite import SqliteRepository
    from tests.bot.conftest import START, Harness

    async def main(database, when):
        repo = await SqliteRepository.open(database)
        harness = Harness(repo, ManualClock(START + timedelta(hours=25)))
        append = harness.service.book.append

        async def die_around_the_timeout(match, events, *args, **kwargs):
            if events and events[0].type == "timeout":
                if when == "before":
                    os._exit(9)  # the timer is taken, the loss on time not yet recorded
                await append(match, events, *args, **kwargs)
                os._exit(9)  # recorded, nothing delivered
            return await append(match, events, *args, **kwargs)

        harness.service.book.append = die_around_the_timeout
        await harness.scheduler.run_due()
        sys.exit("not reached")

    asyncio.run(main(*sys.argv[1:]))
    """
)


@pytest.mark.parametrize("when", ["before", "after"])
async def test_a_kill_while_a_timeout_is_recorded_loses_no_timeout_and_doubles_none(tmp_path, when):
    """firing a timer and recording its effect are one transaction. Killed before the
    commit, the timer is still there and a restarted scheduler times the match out; killed after
    it, the timeout stands and nothing fires again. Either way exactly one timeout."""
    database = tmp_path / "scheids.sqlite3"
    repo = await SqliteRepository.open(database)
    match_id = await Harness(repo, ManualClock(START)).started_match(time_control=TimeControl(per_move_hours=24, grace=0))
    await repo.close()

    child = run_child(TIMEOUT_CHILD, str(database), when)
    assert child.returncode == 9, child.stderr

    repo = await SqliteRepository.open(database)
    restarted = Harness(repo, ManualClock(START + timedelta(hours=25)))
    await restarted.scheduler.run_due()
    await restarted.scheduler.run_due()
    assert (await repo.get_match(match_id)).status == "finished"
    assert (await event_types(repo, match_id)).count("timeout") == 1
    assert await repo.next_timer() is None
    await repo.close()


async def test_a_timeout_recorded_just_before_a_kill_is_posted_after_the_restart_once(tmp_path):
    """Killed after the timeout's commit and before its post: the record has it, the channel
    never heard it. The restarted bot posts it, once; another restart (or another process)
    posts nothing more, and a timeout posted as usual leaves nothing to post."""
    database = tmp_path / "scheids.sqlite3"
    repo = await SqliteRepository.open(database)
    match_id = await Harness(repo, ManualClock(START)).started_match(time_control=TimeControl(per_move_hours=24, grace=0))
    await repo.close()

    child = run_child(TIMEOUT_CHILD, str(database), "after")
    assert child.returncode == 9, child.stderr

    posted = []
    for _ in range(2):  # two restarts, each looking twice
        repo = await SqliteRepository.open(database)
        restarted = Harness(repo, ManualClock(START + timedelta(hours=25)))
        await restarted.scheduler.run_due()
        await restarted.scheduler.run_due()
        posted += [d for d in restarted.delivered if "ran out of time" in words([d])]
        await repo.close()
    assert len(posted) == 1 and isinstance(posted[0].target, ChannelPost)
    assert f"#{match_id}" in words(posted) or "ran out of time" in words(posted)
    repo = await SqliteRepository.open(database)
    assert (await event_types(repo, match_id)).count("timeout") == 1
    await repo.close()


async def test_a_timeout_posted_as_usual_is_not_posted_again(harness):
    match_id = await harness.started_match(time_control=TimeControl(per_move_hours=1, grace=0))
    harness.clock.advance(hours=2)
    await harness.scheduler.run_due()
    await harness.scheduler.run_due()
    again = Harness(harness.repo, harness.clock)  # another process on the same database
    await again.scheduler.run_due()
    assert len([d for d in harness.delivered + again.delivered if "ran out of time" in words([d])]) == 1
    assert (await harness.repo.get_match(match_id)).status == "finished"


@pytest.mark.parametrize("control", [TimeControl(per_move_hours=24, grace=0), TimeControl(clock_minutes=10)])
async def test_a_late_move_is_refused_and_the_loss_on_time_recorded_first(harness, control):
    """with no scheduler running at all, a move after the deadline (or with the clock
    run out) is not played: the loss on time is recorded first, and the player is told."""
    match_id = await harness.started_match(time_control=control)
    mover = await harness.to_move(match_id)
    move = await harness.first_legal(match_id)
    late_seat = (await harness.match(match_id)).seat_of(mover.user_id)
    harness.clock.advance(hours=24, seconds=1)
    answer = await harness.service.submit(PLACE, mover, move)
    assert answer[0].target.ephemeral
    assert "Too late" in words(answer[:1]) or "Te laat" in words(answer[:1])
    assert isinstance(answer[1].target, ChannelPost) and "ran out of time" in words(answer[1:])
    assert await event_types(harness.repo, match_id) == ["start", "chance", "timeout"]
    row = await harness.repo.get_match(match_id)
    assert row.status == "finished" and row.result["params"]["seat"] == late_seat
    again = await harness.service.submit(PLACE, mover, move)
    assert (await event_types(harness.repo, match_id)).count("timeout") == 1 and again[0].target.ephemeral


async def test_the_other_player_acting_after_the_deadline_meets_the_timeout_first(harness):
    """whoever acts first after the deadline, the late player's loss is recorded
    before that command (here a resignation that would otherwise have decided the match)."""
    match_id = await harness.started_match(time_control=TimeControl(per_move_hours=24, grace=0))
    mover = await harness.to_move(match_id)
    other = BOB if mover is ALICE else ALICE
    harness.clock.advance(hours=30)
    await harness.service.resign(PLACE, other)
    row = await harness.repo.get_match(match_id)
    assert row.result["reason"] == "core.timeout"
    assert row.result["winners"] == [(await harness.match(match_id)).seat_of(other.user_id)]


# ------------------------------------------------------------ 2. the scheduler dies on one error


async def test_the_scheduler_logs_backs_off_and_goes_on_after_errors(harness, caplog):
    """an ``OperationalError`` (twice) no longer ends the scheduler's task; it logs,
    waits a little longer each time, fires the timeout once the database answers, and stopping
    it raises nothing, so the database can be closed."""
    match_id = await harness.started_match(time_control=TimeControl(per_move_hours=1, grace=0))
    harness.clock.advance(hours=2)
    real_due = harness.repo.due_timers
    failures = 2

    async def flaky_due(now):
        nonlocal failures
        if failures:
            failures -= 1
            raise sqlite3.OperationalError("database is locked")
        return await real_due(now)

    harness.repo.due_timers = flaky_due
    harness.scheduler.backoff_first = 0.01
    caplog.set_level(logging.ERROR, logger="bot.services.scheduler")
    harness.scheduler.start()

    async def timeout_posted() -> None:
        while not any("ran out of time" in words([d]) for d in harness.delivered):
            await asyncio.sleep(0.01)

    await asyncio.wait_for(timeout_posted(), timeout=30)
    await harness.scheduler.stop()
    assert sum("reading the timers failed" in r.getMessage() for r in caplog.records) == 2
    assert (await harness.repo.get_match(match_id)).status == "finished"
    assert (await event_types(harness.repo, match_id)).count("timeout") == 1


# ------------------------------------------------------------------ 3. lost rating updates


def rated_service(repo: SqliteRepository, clock: ManualClock) -> MatchService:
    return MatchService(repo, clock, engines={"toy_rated": ToyRated()}, seed_source=lambda: SEED)


async def six_matches_of_alice(services: list[MatchService]) -> list[tuple[MatchService, Place, Actor]]:
    """Alice against six opponents in six channels, each match started (service i % len)."""
    matches = []
    for i in range(6):
        service = services[i % len(services)]
        place = Place("guild-1", f"chan-{i}", "en")
        opponent = Actor(f"p{i}", f"P{i}", "en")
        await service.create(place, ALICE, "toy_rated", opponent=opponent)
        await service.join(place, opponent)
        await service.start(place, ALICE)
        matches.append((service, place, opponent))
    return matches


@pytest.fixture
def toy_renderer(monkeypatch):
    from render import registry

    monkeypatch.setitem(registry.RENDERERS, "toy_rated", render_toy)


async def test_six_simultaneous_resignations_all_count(harness, toy_renderer):
    """six opponents of Alice resign at the same moment: 6 x 10 points, not 10."""
    service = rated_service(harness.repo, harness.clock)
    matches = await six_matches_of_alice([service])
    posts = await asyncio.gather(*(s.resign(place, opponent) for s, place, opponent in matches))
    alice = await harness.repo.rating("guild-1", "alice", "toy_rated", "single")
    assert (alice.points, alice.wins) == (60, 6)
    # Each post shows what its own transaction did: +10 each time, from 10 up to 60 points.
    text = words([delivery for post in posts for delivery in post])
    assert sorted(p for p in range(10, 70, 10) if f"Alice: {p} points (+10)" in text) == [10, 20, 30, 40, 50, 60]


async def test_simultaneous_resignations_through_two_connections_all_count(tmp_path, toy_renderer):
    """Across processes: two services on two connections to one file."""
    path = tmp_path / "scheids.sqlite3"
    clock = ManualClock(START)
    repo_a = await SqliteRepository.open(path)
    repo_b = await SqliteRepository.open(path)
    matches = await six_matches_of_alice([rated_service(repo_a, clock), rated_service(repo_b, clock)])
    await asyncio.gather(*(s.resign(place, opponent) for s, place, opponent in matches))
    alice = await repo_a.rating("guild-1", "alice", "toy_rated", "single")
    assert (alice.points, alice.wins) == (60, 6)
    await repo_a.close()
    await repo_b.close()


# ------------------------------------------------------------------ 4. two processes, one file


async def test_an_open_read_never_makes_a_write_fail_on_a_shared_file(tmp_path):
    """reads and writes of one connection interleaved with writes of another. A read
    left open on the shared connection used to make ``BEGIN IMMEDIATE`` fail at once with
    "database is locked"; now every read is fetched whole and nothing escapes."""
    path = tmp_path / "scheids.sqlite3"
    a = await SqliteRepository.open(path)
    b = await SqliteRepository.open(path)
    for tag in ("a", "b"):
        for i in range(5):
            await a.remember_user(UserRow(user_id=f"{tag}{i}", name="x", language="en"))

    async def reads(repo):
        for _ in range(600):
            assert await repo.user("a1") is not None
            assert await repo.user("b2") is not None

    async def writes(repo, tag):
        for i in range(600):
            await repo.remember_user(UserRow(user_id=f"{tag}{i % 5}", name=f"n{i}", language="en"))

    await asyncio.gather(reads(a), reads(a), writes(a, "a"), writes(b, "b"), reads(b), reads(b))
    assert (await b.user("a4")).name == "n599"
    await a.close()
    await b.close()


async def test_seats_and_the_start_are_checked_inside_the_write(harness):
    """At the repository: ``add_seat`` refuses a full, started or repeated seat, and
    a start committed for another number of seats than the match has is stale."""
    await harness.service.create(PLACE, ALICE, "heroes_cities")
    match_id = (await harness.repo.live_match_in(PLACE.channel_id)).id
    with pytest.raises(SeatRefusedError, match="seated"):
        await harness.repo.add_seat(match_id, "alice", "Alice", max_seats=2)
    await harness.repo.add_seat(match_id, "bob", "Bob", max_seats=2)
    with pytest.raises(SeatRefusedError, match="full"):
        await harness.repo.add_seat(match_id, "carol", "Carol", max_seats=2)
    with pytest.raises(StaleWriteError):
        await harness.repo.append(match_id, 0, [StartEvent(players=3)], START, status="active", seats=3)
    await harness.repo.append(match_id, 0, [StartEvent(players=2)], START, status="active", seats=2)
    with pytest.raises(SeatRefusedError, match="not_open"):
        await harness.repo.remove_seat(match_id, "bob")


async def test_a_locked_database_is_retried_then_answered(tmp_path):
    """another process holds the write lock. Within the retry bound the command
    waits and succeeds; past it, the user hears the database is busy and nothing is applied."""
    path = tmp_path / "scheids.sqlite3"
    repo = await SqliteRepository.open(path, busy_timeout_ms=20, begin_attempts=2)
    service = MatchService(repo, ManualClock(START), seed_source=lambda: SEED)
    await service.create(PLACE, ALICE, "heroes_cities", opponent=BOB)
    other = sqlite3.connect(path, isolation_level=None)
    try:
        other.execute("BEGIN IMMEDIATE")
        refused = await service.join(PLACE, BOB)
        assert "De database is bezet" in words(refused) and refused[0].target.ephemeral  # Bob reads Dutch
        assert len(await repo.seats((await repo.live_match_in(PLACE.channel_id)).id)) == 1

        repo.begin_attempts = 1000  # now a bound the other process's short write fits in

        async def release_soon():
            await asyncio.sleep(0.2)
            other.execute("COMMIT")

        joined, _ = await asyncio.gather(service.join(PLACE, BOB), release_soon())
        assert "Bob joins" in words(joined)
    finally:
        if other.in_transaction:
            other.execute("ROLLBACK")
        other.close()
        await repo.close()


SECOND_PROCESS_CHILD = textwrap.dedent(
    """
    import asyncio, sys
    from datetime import timedelta
    from bot.clock import ManualClock
    from bot.services.people import Actor
    from bot.storage.sqlite import SqliteRepository
    from tests.bot.conftest import PLACE, START, Harness, words

    async def main(database, *users):
        repo = await SqliteRepository.open(database)
        harness = Harness(repo, ManualClock(START + timedelta(hours=25)))
        for user in users:
            answer = await harness.service.join(PLACE, Actor(user, user, "en"))
            print(user, "joined" if not answer[0].target.ephemeral else words(answer))
        await repo.close()

    asyncio.run(main(*sys.argv[1:]))
    """
)


async def test_a_second_process_on_the_same_file_is_safe(tmp_path):
    """two real processes join six people at once into a two-seat match: exactly one
    gets the seat, and both processes end cleanly (documented in docs/operations.md)."""
    database = tmp_path / "scheids.sqlite3"
    repo = await SqliteRepository.open(database)
    service = MatchService(repo, ManualClock(START), seed_source=lambda: SEED)
    await service.create(PLACE, ALICE, "heroes_cities")
    await repo.close()
    command = [sys.executable, "-c", SECOND_PROCESS_CHILD, str(database)]
    children = [
        subprocess.Popen([*command, *users], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        for users in (("u1", "u2", "u3"), ("v1", "v2", "v3"))
    ]
    outputs = [child.communicate(timeout=CHILD_TIMEOUT) for child in children]
    assert [child.returncode for child in children] == [0, 0], [err for _, err in outputs]
    joined = [line for out, _ in outputs for line in out.splitlines() if line.endswith(" joined")]
    assert len(joined) == 1
    repo = await SqliteRepository.open(database)
    row = await repo.live_match_in(PLACE.channel_id)
    assert [seat.user_id for seat in await repo.seats(row.id)] == ["alice", joined[0].split()[0]]
    await repo.close()


# ------------------------------------------------------------ 5. a tamper-evident record


async def test_every_event_is_chained_and_the_hash_is_shown_and_exported(harness):
    """each stored event's hash is SHA-256(previous hash + canonical JSON), starting
    from the seed commitment; status and the final post show the latest, the export carries
    them all, and the check of docs/games/core.md passes on the exported file."""
    match_id = await harness.started_match()
    await harness.play_random(match_id, random.Random(5), 6)
    entries = await harness.repo.entries(match_id)
    row = await harness.repo.get_match(match_id)
    assert chain_break(row.commitment, entries) is None
    assert entries[0].hash == chain_hash(row.commitment, entries[0])
    assert entries[-1].hash in words(await harness.service.status(PLACE, ALICE))
    ended = await harness.service.resign(PLACE, BOB)
    last = (await harness.repo.entries(match_id))[-1]
    assert isinstance(last.event, ResignEvent) and f"`{last.hash}`" in words(ended)

    exported = (await harness.service.export(PLACE, ALICE))[0].attachments[0].data
    assert Record.model_validate_json(exported).entries[-1].hash == last.hash
    # The by-hand check, exactly as docs/games/core.md prints it:
    record = json.loads(exported)
    previous = record["seed_commitment"]
    for entry in record["entries"]:
        body = {key: value for key, value in entry.items() if key != "hash"}
        canonical = json.dumps(body, sort_keys=True, separators=(",", ":"))
        previous = hashlib.sha256((previous + canonical).encode()).hexdigest()
        assert previous == entry["hash"], entry["seq"]
    assert previous == last.hash


async def test_the_hash_stays_hidden_while_secret_events_are_in_play(harness, toy_renderer):
    """With secrets: the hash is computed over secret moves, and a secret with few
    possibilities could be found from it by trying them all, so it is shown only after the end."""
    service = rated_service(harness.repo, harness.clock)
    await service.create(PLACE, ALICE, "toy_rated", opponent=BOB)
    await service.join(PLACE, BOB)
    await service.start(PLACE, ALICE)
    await service.submit(PLACE, ALICE, "1")
    assert "Record hash" not in words(await service.status(PLACE, ALICE))
    await service.resign(PLACE, BOB)
    assert "Record hash" in words(await service.status(PLACE, ALICE))


async def edit_move(repo: SqliteRepository, match_id: int, seq: int, move: dict, *, rehash: bool = False) -> None:
    """Change a stored move by hand (as an operator with a SQLite shell could); with ``rehash``,
    also recompute every hash after it, as someone who knows the algorithm would."""
    (payload,) = (await repo.db.execute_fetchall("SELECT payload FROM events WHERE match_id = ? AND seq = ?", (match_id, seq)))[0]
    event = json.loads(payload)
    event["move"] = move
    await repo.db.execute("UPDATE events SET payload = ? WHERE match_id = ? AND seq = ?", (json.dumps(event), match_id, seq))
    if rehash:
        entries = await repo.entries(match_id)
        previous = (await repo.get_match(match_id)).commitment
        for entry in entries:
            previous = chain_hash(previous, entry)
            await repo.db.execute("UPDATE events SET hash = ? WHERE match_id = ? AND seq = ?", (previous, match_id, entry.seq))


ILLEGAL = {"kind": "move", "frm": "a1", "to": "j10"}


async def test_an_edited_event_marks_the_match_damaged_and_an_admin_can_still_abort(harness):
    """an event edited to an illegal move no longer makes status, board, move,
    history, verify and abort raise: they say where the record is damaged; moves are refused;
    an admin closes the match, and verify still reports instead of raising."""
    match_id = await harness.started_match()
    await harness.play_random(match_id, random.Random(3), 3)
    mover = await harness.to_move(match_id)
    await edit_move(harness.repo, match_id, 4, ILLEGAL)
    harness.service.book.forget(match_id)  # a restart, or another process, reads it cold
    damaged = "damaged at event 4"
    for answer in (
        await harness.service.status(PLACE, ALICE),
        await harness.service.board(PLACE, ALICE),
        await harness.service.history(PLACE, ALICE),
        await harness.service.submit(PLACE, mover, "pass"),
        await harness.service.resign(PLACE, mover),
        await harness.service.export(PLACE, ALICE),
    ):
        assert damaged in words(answer), words(answer)
    assert "beschadigd bij gebeurtenis 4" in words(await harness.service.status(PLACE, BOB))
    assert "changed after it was recorded" in words(await harness.service.status(PLACE, ALICE))
    assert await event_types(harness.repo, match_id) == ["start", "chance", "move", "move", "move"]
    refused = await harness.service.abort(PLACE, ALICE)
    assert "Manage Server" in words(refused) and refused[0].target.ephemeral
    closed = await harness.service.abort(PLACE, ADMIN)
    assert "aborted" in words(closed)
    assert (await harness.repo.get_match(match_id)).status == "aborted"
    verified = await harness.service.verify(PLACE, ALICE)
    assert damaged in words(verified) and "MISMATCH" in words(verified)


async def test_an_edit_behind_a_snapshot_with_recomputed_hashes_is_reported_by_verify(harness, monkeypatch):
    """an edit with every later hash recomputed, behind a snapshot (so loading does
    not replay it): verify replays the whole record and names the event, instead of raising.
    (The hash the players kept from the final post no longer matches the record either.)"""
    monkeypatch.setattr(book_module, "SNAPSHOT_EVERY", 4)
    match_id = await harness.started_match()
    await harness.play_random(match_id, random.Random(3), 8)
    ended = await harness.service.resign(PLACE, BOB)
    kept = (await harness.repo.entries(match_id))[-1].hash
    assert kept in words(ended)
    await edit_move(harness.repo, match_id, 4, ILLEGAL, rehash=True)
    harness.service.book.forget(match_id)
    verified = await harness.service.verify(PLACE, ALICE)
    assert "damaged at event 4" in words(verified) and "rules do not allow" in words(verified)
    assert (await harness.repo.entries(match_id))[-1].hash != kept


async def test_an_unreadable_event_is_reported_not_raised(harness):
    match_id = await harness.started_match()
    await harness.play_random(match_id, random.Random(3), 2)
    await harness.repo.db.execute("UPDATE events SET payload = '{broken' WHERE match_id = ? AND seq = 3", (match_id,))
    harness.service.book.forget(match_id)
    for answer in (await harness.service.status(PLACE, ALICE), await harness.service.history(PLACE, ALICE)):
        assert "damaged at event 3: the stored event cannot be read" in words(answer)
    assert await harness.service.suggest_moves(PLACE, ALICE, "") == []
    assert "aborted" in words(await harness.service.abort(PLACE, ADMIN))


async def test_a_deleted_last_event_is_a_gap(harness):
    match_id = await harness.started_match()
    await harness.play_random(match_id, random.Random(3), 2)
    await harness.repo.db.execute("DELETE FROM events WHERE match_id = ? AND seq = 4", (match_id,))
    harness.service.book.forget(match_id)
    assert "damaged at event 4: an event is missing" in words(await harness.service.status(PLACE, ALICE))


def _tables_of_version(version: int) -> dict[str, set[str]]:
    """Table -> columns of a database that the migrations up to ``version`` made."""
    db = sqlite3.connect(":memory:")
    for number, sql in migrations():
        if number <= version:
            db.executescript(sql)
    tables = [row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
    return {table: {row[1] for row in db.execute(f"PRAGMA table_info({table})")} for table in tables}


async def test_migration_3_chains_the_events_of_an_existing_database(tmp_path):
    """a database of schema version 2 (events without hashes) is migrated: every
    stored event gets the hash it would have had, and its matches load and play on."""
    path = tmp_path / "scheids.sqlite3"
    repo = await SqliteRepository.open(path)
    harness = Harness(repo, ManualClock(START))
    match_id = await harness.started_match()
    await harness.play_random(match_id, random.Random(9), 4)
    hashes = [entry.hash for entry in await repo.entries(match_id)]
    # Back to version 2's shape, as an older bot left it: every later table and column dropped.
    version_2 = _tables_of_version(2)
    tables = [row[0] for row in await repo.db.execute_fetchall("SELECT name FROM sqlite_master WHERE type = 'table'")]
    for table in tables:
        if table.startswith("sqlite_"):
            continue
        if table not in version_2:
            await repo.db.execute(f"DROP TABLE {table}")
            continue
        for column in [row[1] for row in await repo.db.execute_fetchall(f"PRAGMA table_info({table})")]:
            if column not in version_2[table]:
                # A later index on the column goes with it (SQLite refuses to drop an indexed column).
                for index in [row[1] for row in await repo.db.execute_fetchall(f"PRAGMA index_list({table})")]:
                    if column in [row[2] for row in await repo.db.execute_fetchall(f"PRAGMA index_info({index})")]:
                        await repo.db.execute(f"DROP INDEX {index}")
                await repo.db.execute(f"ALTER TABLE {table} DROP COLUMN {column}")
    await repo.db.execute("PRAGMA user_version = 2")
    await repo.close()

    repo = await SqliteRepository.open(path)
    assert [entry.hash for entry in await repo.entries(match_id)] == hashes
    again = Harness(repo, ManualClock(START))
    assert (await again.match(match_id)).damage is None
    assert await again.play_random(match_id, random.Random(1), 2) == 2
    await repo.close()


# ------------------------------------------------- 6, 7. refused at start, with a clear reason


def start_console(database: Path) -> subprocess.CompletedProcess:
    """``python -m bot --console`` on ``database`` with stdin closed, bounded by a timeout."""
    return subprocess.run(
        [sys.executable, "-m", "bot", "--console", "--config", str(database.parent / "none.toml"), "--db", str(database)],
        cwd=ROOT,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=CHILD_TIMEOUT,
        env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)},
    )


async def test_a_database_of_a_newer_version_is_refused_at_start(tmp_path):
    """``user_version`` above ours: refused when opened, and the bot exits non-zero
    with a message naming both versions instead of failing on every command."""
    path = tmp_path / "newer.sqlite3"
    repo = await SqliteRepository.open(path)
    await repo.db.execute("PRAGMA user_version = 99")
    await repo.close()
    ours = migrations()[-1][0]
    with pytest.raises(DatabaseTooNewError) as refused:
        await SqliteRepository.open(path)
    assert (refused.value.found, refused.value.supported) == (99, ours)
    started = start_console(path)
    assert started.returncode == 2
    assert "schema version 99" in started.stderr and f"up to {ours}" in started.stderr


@pytest.mark.parametrize("damage", ["garbage", "truncated"])
async def test_a_garbage_or_truncated_database_exits_with_a_clear_message(tmp_path, damage):
    """not a database at all, or one cut short: the bot says so and exits non-zero
    (it used to print a traceback and then hang on the database's thread)."""
    path = tmp_path / "broken.sqlite3"
    if damage == "garbage":
        path.write_bytes(random.Random(7).randbytes(8192))
    else:
        repo = await SqliteRepository.open(path)
        for i in range(300):
            await repo.remember_user(UserRow(user_id=f"u{i}", name="N" * 300, language="en"))
        await repo.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        await repo.close()
        path.write_bytes(path.read_bytes()[:20000])
    with pytest.raises(DatabaseUnusableError):
        await SqliteRepository.open(path, check=True)
    started = start_console(path)
    assert started.returncode == 2, started.stderr
    assert "cannot be used" in started.stderr and "Traceback" not in started.stderr


# ------------------------------------------------------------------------ 8. disk full, I/O


async def test_a_full_disk_is_reported_as_such_and_changes_nothing(harness):
    """SQLite rolls back by itself on a full disk; our ROLLBACK used to hide that
    behind "cannot rollback - no transaction is active". Now the user hears the disk is full,
    and nothing of the command was stored."""
    ((pages,),) = await harness.repo.db.execute_fetchall("PRAGMA page_count")
    await harness.repo.db.execute(f"PRAGMA max_page_count = {pages}")
    with pytest.raises(StorageFullError):
        await harness.repo.remember_user(UserRow(user_id="big", name="B" * 200_000, language="en"))
    big = Actor("big", "B" * 200_000, "en")
    answer = await harness.service.create(PLACE, big, "heroes_cities")
    assert "disk is full" in words(answer) and answer[0].target.ephemeral
    assert await harness.repo.live_match_in(PLACE.channel_id) is None
    assert await harness.repo.user("big") is None
    await harness.repo.db.execute("PRAGMA max_page_count = 1073741823")
    assert "opened match" in words(await harness.service.create(PLACE, ALICE, "heroes_cities"))


async def test_a_write_refused_by_the_file_is_an_io_error(harness):
    """a database that cannot be written (here SQLite's read-only switch) is
    reported as a read/write failure; the move is not applied."""
    match_id = await harness.started_match()
    mover = await harness.to_move(match_id)
    move = await harness.first_legal(match_id)
    await harness.repo.db.execute("PRAGMA query_only = 1")
    with pytest.raises(StorageIOError):
        await harness.repo.remember_user(UserRow(user_id="x", name="x", language="en"))
    answer = await harness.service.submit(PLACE, mover, move)
    assert "could not read or write" in words(answer) or "niet lezen of schrijven" in words(answer)
    await harness.repo.db.execute("PRAGMA query_only = 0")
    harness.service.book.forget(match_id)
    assert "move" not in await event_types(harness.repo, match_id)
    assert not (await harness.service.submit(PLACE, mover, move))[0].target.ephemeral


async def test_busy_is_its_own_error(tmp_path):
    path = tmp_path / "scheids.sqlite3"
    repo = await SqliteRepository.open(path, busy_timeout_ms=10, begin_attempts=1)
    other = sqlite3.connect(path, isolation_level=None)
    try:
        other.execute("BEGIN IMMEDIATE")
        with pytest.raises(StorageBusyError):
            await repo.remember_user(UserRow(user_id="x", name="x", language="en"))
    finally:
        other.execute("ROLLBACK")
        other.close()
        await repo.close()


@pytest.mark.parametrize(("table", "column"), [("events", "hash"), ("matches", "options"), ("timers", "due_at")])
async def test_a_column_renamed_by_hand_is_named_at_start(tmp_path, table, column):
    """A column renamed by hand at the current schema version used to pass the start and then
    fail every command with a traceback. The start compares the file's tables with what the
    migrations make, names what is missing and exits 2."""
    path = tmp_path / "renamed.sqlite3"
    repo = await SqliteRepository.open(path)
    await repo.db.execute(f"ALTER TABLE {table} RENAME COLUMN {column} TO {column}_old")
    await repo.close()
    with pytest.raises(DatabaseUnusableError, match=f"{table}.*{column}"):
        await SqliteRepository.open(path, check=True)
    started = start_console(path)
    assert started.returncode == 2, started.stderr
    assert "cannot be used" in started.stderr and f"{table}" in started.stderr and column in started.stderr
    assert "Traceback" not in started.stderr


LAPSE_CHILD = textwrap.dedent(
    """
    import asyncio, os, sys
    from datetime import timedelta
    from bot.clock import ManualClock
    from bot.storage.sqlite import SqliteRepository
    from tests.bot.conftest import START, Harness

    async def main(database, kind, when, hours):
        repo = await SqliteRepository.open(database)
        harness = Harness(repo, ManualClock(START + timedelta(hours=float(hours))))
        append = harness.service.book.append

        async def die_around(match, events, *args, **kwargs):
            if events and events[0].type == kind:
                if when == "before":
                    os._exit(9)
                await append(match, events, *args, **kwargs)
                os._exit(9)
            return await append(match, events, *args, **kwargs)

        harness.service.book.append = die_around
        await harness.scheduler.run_due()
        sys.exit("not reached")

    asyncio.run(main(*sys.argv[1:]))
    """
)


@pytest.mark.parametrize("when", ["before", "after"])
@pytest.mark.parametrize("kind", ["grace", "autopilot"])
async def test_a_kill_around_a_grace_or_the_computer_taking_over_records_it_once(tmp_path, kind, when):
    """A missed deadline's grace (and, with ``absent: computer``, the computer taking the seat once
    the grace is used) is recorded by the transaction that takes the timer, like a timeout: killed
    before the commit, a restarted scheduler records it; killed after it, the restart posts its
    warning once and records nothing more."""
    database = tmp_path / "scheids.sqlite3"
    repo = await SqliteRepository.open(database)
    harness = Harness(repo, ManualClock(START))
    match_id = await harness.started_match(time_control=TimeControl(per_move_hours=24, absent="computer"))
    hours = 25.0
    if kind == "autopilot":  # the grace first, then the second miss
        harness.clock.advance(hours=25)
        await harness.scheduler.run_due()
        hours = 49.0
    await repo.close()

    child = run_child(LAPSE_CHILD, str(database), kind, when, str(hours))
    assert child.returncode == 9, child.stderr

    posted = []
    for _ in range(2):  # two restarts, each looking twice
        repo = await SqliteRepository.open(database)
        restarted = Harness(repo, ManualClock(START + timedelta(hours=hours)))
        await restarted.scheduler.run_due()
        await restarted.scheduler.run_due()
        posted += [d for d in restarted.delivered if isinstance(d.target, ChannelPost)]
        await repo.close()
    repo = await SqliteRepository.open(database)
    types = await event_types(repo, match_id)
    assert types.count(kind) == 1 and types.count("timeout") == 0
    assert (await repo.get_match(match_id)).status == "active"
    await repo.close()
    said = words(posted)
    assert said.count("Grace: the deadline moves" if kind == "grace" else "the computer plays the seat") == 1
