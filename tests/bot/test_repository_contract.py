"""The repository contract (bot/storage/repository.py), run on both backends: the SQLite file and
a real PostgreSQL server (tests/conftest.py). Each test gets an empty database; ``storage.open()``
gives one more repository on it, with connections of its own, as a second bot process has."""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
from datetime import timedelta

import pytest

from bot.clock import ManualClock
from bot.services.matches import MatchService
from bot.storage.models import GlickoRow, GlickoUpdate, NewMatch, RatingRow, RatingUpdate, SettingChangeRow, TimerRow, UserRow
from bot.storage.repository import (
    DamagedRecordError,
    DatabaseTooNewError,
    DatabaseUnusableError,
    LiveMatchExistsError,
    SeatRefusedError,
    StaleWriteError,
    StorageBusyError,
    StorageError,
)
from engines.core.record import ResignEvent, StartEvent, chain_break
from tests.bot.conftest import ALICE, BOB, CAROL, PLACE, SEED, START, words

COMMITMENT = hashlib.sha256(SEED).hexdigest()


def new_match(channel: str = "chan-1", guild: str | None = "guild-1") -> NewMatch:
    return NewMatch(
        guild_id=guild,
        channel_id=channel,
        game="heroes_cities",
        engine_version=1,
        options={"board": "small", "extra": [1, 2]},
        time_control={"per_move_hours": 24},
        creator_id="alice",
        invited_id="bob",
        seed=SEED,
        commitment=COMMITMENT,
        language="en",
    )


def timer(match_id: int, kind: str, hours: int, seq: int, seat: int = 0) -> TimerRow:
    return TimerRow(match_id=match_id, kind=kind, seat=seat, due_at=START + timedelta(hours=hours), seq=seq)


async def started(repo, channel: str = "chan-1") -> int:
    """A match of Alice and Bob with its start event recorded; returns its id."""
    row = await repo.create_match(new_match(channel), "Alice", START)
    await repo.add_seat(row.id, "bob", "Bob", max_seats=2)
    await repo.append(row.id, 0, [StartEvent(players=2)], START, status="active", seats=2)
    return row.id


async def test_a_match_is_created_with_its_creator_seated_and_read_back_as_written(storage):
    repo = await storage.open()
    row = await repo.create_match(new_match(), "Alice", START)
    assert (row.status, row.last_seq, row.result, row.seed, row.commitment) == ("open", 0, None, SEED, COMMITMENT)
    assert (row.options, row.time_control, row.created_at) == ({"board": "small", "extra": [1, 2]}, {"per_move_hours": 24}, START)
    assert [(s.seat, s.user_id, s.name, s.dm_closed) for s in await repo.seats(row.id)] == [(0, "alice", "Alice", False)]
    assert await repo.get_match(row.id) == row
    assert await repo.live_match_in("chan-1") == row
    assert await repo.get_match(row.id + 1000) is None


async def test_one_live_match_per_channel_and_the_listings(storage):
    repo = await storage.open()
    first = await repo.create_match(new_match(), "Alice", START)
    with pytest.raises(LiveMatchExistsError):
        await repo.create_match(new_match(), "Alice", START)
    await repo.append(first.id, 0, [StartEvent(players=2)], START, status="aborted")
    assert await repo.live_match_in("chan-1") is None
    second = await repo.create_match(new_match(), "Alice", START + timedelta(minutes=1))
    other_guild = await repo.create_match(new_match("chan-2", guild="guild-2"), "Alice", START)
    assert (await repo.latest_match_in("chan-1")).id == second.id
    assert [m.id for m in await repo.live_matches()] == [second.id, other_guild.id]
    assert {m.id for m in await repo.matches_of_user("alice", None, live_only=False)} == {first.id, second.id, other_guild.id}
    assert [m.id for m in await repo.matches_of_user("alice", "guild-1", live_only=True)] == [second.id]
    assert await repo.matches_of_user("bob", None, live_only=False) == []


async def test_seats_are_refused_when_full_taken_twice_or_after_the_start(storage):
    repo = await storage.open()
    row = await repo.create_match(new_match(), "Alice", START)
    assert (await repo.add_seat(row.id, "bob", "Bob", max_seats=2)).seat == 1
    with pytest.raises(SeatRefusedError) as seated:
        await repo.add_seat(row.id, "bob", "Bob", max_seats=3)
    with pytest.raises(SeatRefusedError) as full:
        await repo.add_seat(row.id, "carol", "Carol", max_seats=2)
    assert (seated.value.reason, full.value.reason) == ("seated", "full")
    await repo.append(row.id, 0, [StartEvent(players=2)], START, status="active", seats=2)
    for attempt in (repo.add_seat(row.id, "carol", "Carol"), repo.remove_seat(row.id, "bob")):
        with pytest.raises(SeatRefusedError) as late:
            await attempt
        assert late.value.reason == "not_open"
    assert len(await repo.seats(row.id)) == 2


async def test_a_removed_seat_moves_the_later_seats_up(storage):
    repo = await storage.open()
    row = await repo.create_match(new_match(), "Alice", START)
    for user in ("bob", "carol", "dave"):
        await repo.add_seat(row.id, user, user.title())
    await repo.remove_seat(row.id, "bob")
    await repo.remove_seat(row.id, "nobody")
    assert [(s.seat, s.user_id) for s in await repo.seats(row.id)] == [(0, "alice"), (1, "carol"), (2, "dave")]


async def test_a_moved_seat_shifts_the_seats_between_and_only_before_the_start(storage):
    """The creator moves behind the computer seats (``/match create … seat:``): seats stay 0..n-1."""
    repo = await storage.open()
    row = await repo.create_match(new_match(), "Alice", START)
    for user in ("bob", "carol", "dave"):
        await repo.add_seat(row.id, user, user.title())
    await repo.move_seat(row.id, "alice", 2)
    assert [(s.seat, s.user_id) for s in await repo.seats(row.id)] == [(0, "bob"), (1, "carol"), (2, "alice"), (3, "dave")]
    await repo.move_seat(row.id, "dave", 0)
    assert [s.user_id for s in await repo.seats(row.id)] == ["dave", "bob", "carol", "alice"]
    await repo.append(row.id, 0, [StartEvent(players=4)], START, status="active", seats=4)
    with pytest.raises(SeatRefusedError) as late:
        await repo.move_seat(row.id, "alice", 0)
    assert late.value.reason == "not_open"
    assert [s.user_id for s in await repo.seats(row.id)] == ["dave", "bob", "carol", "alice"]


async def test_closed_dms_are_flagged_once(storage):
    repo = await storage.open()
    match_id = await started(repo)
    assert await repo.mark_dm_closed(match_id, "bob") is True
    assert await repo.mark_dm_closed(match_id, "bob") is False
    assert [s.dm_closed for s in await repo.seats(match_id)] == [False, True]


async def test_events_are_chained_from_the_commitment_and_a_stale_append_changes_nothing(storage):
    repo = await storage.open()
    match_id = await started(repo)
    later = START + timedelta(minutes=5)
    assert await repo.append(match_id, 1, [ResignEvent(seat=1)], later, status="finished", result={"winner": 0}) == 2
    entries = await repo.entries(match_id)
    assert [(e.seq, e.event.type, e.at) for e in entries] == [(1, "start", START), (2, "resign", later)]
    assert chain_break(COMMITMENT, entries) is None
    assert [e.seq for e in await repo.entries(match_id, after_seq=1)] == [2]
    with pytest.raises(StaleWriteError):
        await repo.append(match_id, 1, [ResignEvent(seat=0)], later)
    row = await repo.get_match(match_id)
    assert (row.last_seq, row.status, row.result, row.updated_at) == (2, "finished", {"winner": 0}, later)
    assert len(await repo.entries(match_id)) == 2


async def test_an_append_with_another_seat_count_is_stale_and_applies_nothing(storage):
    repo = await storage.open()
    row = await repo.create_match(new_match(), "Alice", START)
    await repo.add_seat(row.id, "bob", "Bob")
    await repo.add_seat(row.id, "carol", "Carol")
    with pytest.raises(StaleWriteError):
        await repo.append(row.id, 0, [StartEvent(players=2)], START, status="active", seats=2)
    assert ((await repo.get_match(row.id)).status, await repo.entries(row.id)) == ("open", [])


async def test_timers_follow_the_appends_and_end_with_the_match(storage):
    repo = await storage.open()
    match_id = await started(repo)
    other_id = await started(repo, "chan-2")
    await repo.append(match_id, 1, [], START, timers=[timer(match_id, "timeout", 24, 1), timer(match_id, "reminder", 12, 1)])
    await repo.append(other_id, 1, [], START, timers=[timer(other_id, "timeout", 6, 1, seat=1)])
    assert [(t.match_id, t.kind, t.due_at) for t in await repo.due_timers(START + timedelta(hours=12))] == [
        (other_id, "timeout", START + timedelta(hours=6)),
        (match_id, "reminder", START + timedelta(hours=12)),
    ]
    assert (await repo.next_timer()).seat == 1
    # New timers replace the match's old ones; the end of a match removes them all.
    await repo.append(match_id, 1, [], START, timers=[timer(match_id, "timeout", 48, 1)])
    await repo.append(other_id, 1, [ResignEvent(seat=1)], START, status="finished")
    assert [(t.match_id, t.due_at) for t in await repo.due_timers(START + timedelta(days=9))] == [
        (match_id, START + timedelta(hours=48))
    ]


async def test_a_teams_timer_is_stored_and_read_back(storage):
    """The team deciding about a seat that left has a timer of its own kind."""
    repo = await storage.open()
    match_id = await started(repo)
    await repo.append(match_id, 1, [], START, timers=[timer(match_id, "team", 48, 1, seat=1)])
    assert [(t.kind, t.seat, t.due_at) for t in await repo.due_timers(START + timedelta(hours=48))] == [
        ("team", 1, START + timedelta(hours=48))
    ]


async def test_a_seat_that_changed_hands_is_listed_for_its_holder_now(storage):
    """The append that records a seat changing hands writes its holder now: the seats read back
    name them beside who sat down first, and the holder's listing (``matches_of_user``) finds the
    match, the leaving player's no longer does; in one transaction with the events."""
    repo = await storage.open()
    match_id = await started(repo)
    await repo.append(match_id, 1, [ResignEvent(seat=0)], START, holders={1: ("dave", "Dave")})
    seats = await repo.seats(match_id)
    assert [(s.user_id, s.name, s.holder_id, s.holder_name) for s in seats] == [
        ("alice", "Alice", None, None), ("bob", "Bob", "dave", "Dave"),
    ]
    assert [(s.holder_id or s.user_id) for s in (await repo.read_match(match_id)).seats] == ["alice", "dave"]
    assert [row.id for row in await repo.matches_of_user("dave", None, live_only=True)] == [match_id]
    assert await repo.matches_of_user("bob", None, live_only=True) == []
    # A stale append writes no holder.
    with pytest.raises(StaleWriteError):
        await repo.append(match_id, 1, [ResignEvent(seat=1)], START, holders={0: ("erin", "Erin")})
    assert (await repo.seats(match_id))[0].holder_id is None


async def test_a_timer_is_claimed_by_one_caller_of_all_processes(storage):
    repos = [await storage.open() for _ in range(3)]
    match_id = await started(repos[0])
    await repos[0].append(match_id, 1, [], START, timers=[timer(match_id, "reminder", 1, 1)])
    (due,) = await repos[1].due_timers(START + timedelta(hours=1))
    claims = await asyncio.gather(*(repo.claim_timer(due) for repo in repos for _ in range(3)))
    assert sorted(claims) == [False] * 8 + [True]
    assert await repos[2].next_timer() is None


async def test_claiming_a_timer_read_before_the_match_moved_on_leaves_the_new_ones(storage):
    # A second process read a timer; the first then recorded the timeout (or a grace) and set the
    # match's next timers. SQLite gives a new row the id of a deleted one: the second process's
    # claim of what it read, now stale, must not take the new timer with the same id.
    a, b = await storage.open(), await storage.open()
    match_id = await started(a)
    await a.append(match_id, 1, [], START, timers=[timer(match_id, "timeout", 1, 1)])
    (read,) = await b.due_timers(START + timedelta(hours=1))
    await a.append(match_id, 1, [ResignEvent(seat=0)], START, timers=[timer(match_id, "timeout", 2, 2)])
    assert not await b.claim_timer(read)
    assert [(t.kind, t.due_at) for t in await a.due_timers(START + timedelta(days=9))] == [
        ("timeout", START + timedelta(hours=2))
    ]


async def test_concurrent_appends_of_two_processes_record_one_and_refuse_the_other(storage):
    a, b = await storage.open(), await storage.open()
    match_id = await started(a)
    outcomes = await asyncio.gather(
        a.append(match_id, 1, [ResignEvent(seat=0)], START, status="finished"),
        b.append(match_id, 1, [ResignEvent(seat=1)], START, status="finished"),
        return_exceptions=True,
    )
    assert sorted(type(o).__name__ for o in outcomes) == ["StaleWriteError", "int"]
    entries = await b.entries(match_id)
    assert [e.event.type for e in entries] == ["start", "resign"] and chain_break(COMMITMENT, entries) is None


async def test_ratings_of_matches_ending_at_once_in_two_processes_all_count(storage):
    """Alice and Bob end six matches at once through two processes, their rows taken in both
    orders: every result adds to the row as the one before left it (no deadlock, none lost)."""
    a, b = await storage.open(), await storage.open()
    ids = [await started(a, f"chan-{n}") for n in range(6)]

    def won(points: int):
        def change(current: RatingRow) -> RatingRow:
            return current.model_copy(update={"points": current.points + points, "wins": current.wins + 1})

        return change

    def updates(first_alice: bool) -> list[RatingUpdate]:
        pair = [
            RatingUpdate("guild-1", "alice", "heroes_cities", "small", "Alice", won(10)),
            RatingUpdate("guild-1", "bob", "heroes_cities", "small", "Bob", won(1)),
        ]
        return pair if first_alice else pair[::-1]

    made = [updates(n % 2 == 0) for n in range(6)]
    await asyncio.gather(
        *(
            (a if n % 2 else b).append(match_id, 1, [ResignEvent(seat=0)], START, status="finished", ratings=made[n])
            for n, match_id in enumerate(ids)
        )
    )
    alice = await a.rating("guild-1", "alice", "heroes_cities", "small")
    assert (alice.points, alice.wins, alice.name) == (60, 6, "Alice")
    assert sorted(u.after.points for pair in made for u in pair if u.user_id == "alice") == [10, 20, 30, 40, 50, 60]
    assert sorted(u.before.points for pair in made for u in pair if u.user_id == "bob") == [0, 1, 2, 3, 4, 5]
    assert [r.user_id for r in await b.leaderboard("guild-1", "heroes_cities", "small", 10)] == ["alice", "bob"]
    assert [r.board for r in await b.ratings_of("guild-1", "bob")] == ["small"]
    assert await b.rating("guild-2", "bob", "heroes_cities", "small") is None


async def test_glicko_ratings_of_matches_ending_at_once_in_two_processes_all_count(storage):
    """Alice and Bob end six matches at once through two processes: each change reads both rows
    as the ending before left them (a rating depends on the opponent's), so every match counts,
    in some order, and each history row holds the rating that ending wrote."""
    a, b = await storage.open(), await storage.open()
    ids = [await started(a, f"chan-{n}") for n in range(6)]

    def alice_wins(rows: dict[str, GlickoRow]) -> dict[str, GlickoRow]:
        alice, bob = rows["alice"], rows["bob"]
        gap = bob.rating - alice.rating  # depends on both rows as they are now
        return {
            "alice": alice.model_copy(update={"rating": alice.rating + 10 + gap / 100, "wins": alice.wins + 1}),
            "bob": bob.model_copy(update={"rating": bob.rating - 10 - gap / 100, "losses": bob.losses + 1}),
        }

    made = [GlickoUpdate("guild-1", "heroes_cities", match_id, {"bob": "Bob", "alice": "Alice"}, alice_wins) for match_id in ids]
    await asyncio.gather(
        *(
            (a if n % 2 else b).append(match_id, 1, [ResignEvent(seat=1)], START + timedelta(minutes=n),
                                       status="finished", ratings=[made[n]])
            for n, match_id in enumerate(ids)
        )
    )
    alice = await a.glicko("guild-1", "alice", "heroes_cities")
    bob = await b.glicko("guild-1", "bob", "heroes_cities")
    assert (alice.wins, bob.losses, alice.name, bob.name) == (6, 6, "Alice", "Bob")
    # Replaying the six changes one after another gives the same rows: none was lost or read stale.
    rows = {"alice": made[0].blank("alice"), "bob": made[0].blank("bob")}
    for _ in range(6):
        rows = alice_wins(rows)
    assert alice.rating == pytest.approx(rows["alice"].rating) and bob.rating == pytest.approx(rows["bob"].rating)
    befores = sorted(u.before["alice"].wins for u in made)
    assert befores == [0, 1, 2, 3, 4, 5]
    assert [r.user_id for r in await b.glicko_table("guild-1", "heroes_cities", 10)] == ["alice", "bob"]
    assert (await a.glicko_place("guild-1", "heroes_cities", "bob"), await a.glicko_place("guild-1", "heroes_cities", "carol")) == (2, None)
    history = await a.rating_history("guild-1", "alice", "heroes_cities", 10)
    assert sorted(h.match_id for h in history) == sorted(ids)
    assert {h.match_id: h.rating for h in history} == pytest.approx({u.match_id: u.after["alice"].rating for u in made})
    assert [h.match_id for h in await a.rating_history("guild-1", "alice", "heroes_cities", 2)] == ids[-2:]
    assert [r.game for r in await b.glicko_of("guild-1", "bob")] == ["heroes_cities"]
    assert await b.glicko("guild-2", "bob", "heroes_cities") is None


async def test_a_casual_match_is_stored_as_unrated(storage):
    repo = await storage.open()
    casual = await repo.create_match(new_match().model_copy(update={"rated": False}), "Alice", START)
    rated = await repo.create_match(new_match("chan-2"), "Alice", START)
    assert (await repo.get_match(casual.id)).rated is False and rated.rated is True


async def test_a_snapshot_is_kept_with_the_seq_it_follows(storage):
    repo = await storage.open()
    match_id = await started(repo)
    assert await repo.snapshot(match_id) is None
    await repo.append(match_id, 1, [], START, snapshot='{"a": 1}', engine_version=3)
    await repo.append(match_id, 1, [ResignEvent(seat=0)], START, snapshot='{"a": 2}', engine_version=3)
    assert await repo.snapshot(match_id) == (2, 3, '{"a": 2}')


async def test_users_settings_and_dm_refusals_are_remembered(storage):
    repo = await storage.open()
    await repo.remember_user(UserRow(user_id="alice", name="Alice", language="en"))
    await repo.remember_user(UserRow(user_id="alice", name="Alicia", language="nl"))
    assert await repo.user("alice") == UserRow(user_id="alice", name="Alicia", language="nl")
    assert await repo.user("bob") is None
    await repo.remember_dm_refused("bob", START)
    await repo.remember_dm_refused("bob", START)
    await repo.remember_dm_refused("carol", START)
    await repo.forget_dm_refused("carol")
    assert await repo.dm_refused_users() == {"bob"}
    assert await repo.setting("commands") is None
    await repo.set_setting("commands", "one")
    await repo.set_setting("commands", "two")
    assert await (await storage.open()).setting("commands") == "two"


async def test_an_event_that_no_longer_reads_is_reported_with_the_ones_before(storage):
    repo = await storage.open()
    match_id = await started(repo)
    await repo.append(match_id, 1, [ResignEvent(seat=0)], START)
    await storage.execute("UPDATE events SET payload = $1 WHERE match_id = $2 AND seq = 2", '{"type": "?"}', match_id)
    with pytest.raises(DamagedRecordError) as damaged:
        await repo.entries(match_id)
    assert (damaged.value.seq, damaged.value.reason) == (2, "unreadable")
    assert [e.seq for e in damaged.value.readable] == [1]


async def test_a_database_of_a_newer_scheids_is_refused(storage):
    await (await storage.open()).close()
    if storage.backend == "postgres":
        await storage.execute("UPDATE scheids_schema SET version = 99")
    else:
        await storage.execute("PRAGMA user_version = 99")
    with pytest.raises(DatabaseTooNewError) as refused:
        await storage.open()
    assert refused.value.found == 99


async def test_processes_starting_together_migrate_once(storage):
    repos = await asyncio.gather(*(storage.open() for _ in range(3)))
    match_id = await started(repos[0])
    assert [e.seq for e in await repos[2].entries(match_id)] == [1]


# ------------------------------------------------- the services on two processes, both backends


async def test_concurrent_joins_through_two_processes_never_over_seat(storage):
    """Bob joins through one process while Carol joins through another, both
    past the service's own seat check: the repository seats one of them and refuses the other
    ("all seats are taken"), and start and status work. (Without the match
    lock across processes, which on PostgreSQL would make the second join wait for the first and
    never reach that window.)"""
    clock = ManualClock(START)
    repo_a, repo_b = await storage.open(), await storage.open()
    for repo in (repo_a, repo_b):
        repo.match_lock = lambda match_id: contextlib.nullcontext()
    a = MatchService(repo_a, clock, seed_source=lambda: SEED)
    b = MatchService(repo_b, clock, seed_source=lambda: SEED)
    await a.create(PLACE, ALICE, "heroes_cities")
    both_checked = asyncio.Barrier(2)
    for repo in (repo_a, repo_b):
        add_seat = repo.add_seat

        async def add_seat_after_both_checked(*args, _add_seat=add_seat, **kwargs):
            await both_checked.wait()
            return await _add_seat(*args, **kwargs)

        repo.add_seat = add_seat_after_both_checked
    answers = await asyncio.gather(a.join(PLACE, BOB), b.join(PLACE, CAROL))
    row = await repo_a.live_match_in(PLACE.channel_id)
    assert len(await repo_a.seats(row.id)) == 2
    assert sorted(answer[0].target.ephemeral for answer in answers) == [False, True]
    refusal = words([answer[0] for answer in answers])  # in the language of whoever was refused
    assert "All seats are taken" in refusal or "Alle plaatsen zijn bezet" in refusal
    started_answer = await a.start(PLACE, ALICE)
    assert not started_answer[0].target.ephemeral, words(started_answer)
    assert "in play" in words(await b.status(PLACE, CAROL))


async def test_a_move_sent_through_two_processes_at_once_is_played_once(storage):
    """The same move through two processes (each with its own per-match lock): one is recorded,
    the other is refused or finds the turn passed; the record stays one unbroken chain."""
    clock = ManualClock(START)
    repo_a, repo_b = await storage.open(), await storage.open()
    a = MatchService(repo_a, clock, seed_source=lambda: SEED)
    b = MatchService(repo_b, clock, seed_source=lambda: SEED)
    await a.create(PLACE, ALICE, "heroes_cities", opponent=BOB)
    await a.join(PLACE, BOB)
    await a.start(PLACE, ALICE)
    match = await a.book.load((await repo_a.live_match_in(PLACE.channel_id)).id)
    (seat,) = match.to_act()
    mover = {"alice": ALICE, "bob": BOB}[match.seats[seat].user_id]
    text = match.engine.format_move(match.engine.legal_moves(match.state, seat)[0], match.state)
    answers = await asyncio.gather(a.submit(PLACE, mover, text), b.submit(PLACE, mover, text))
    assert sorted(answer[0].target.ephemeral for answer in answers) == [False, True], words([x for a in answers for x in a])
    entries = await repo_b.entries(match.row.id)
    assert [e.event.type for e in entries].count("move") == 1
    assert chain_break(match.row.commitment, entries) is None


def test_both_backends_know_the_same_schema_versions():
    from bot.storage import postgres, sqlite

    assert [n for n, _ in postgres.migrations()] == [n for n, _ in sqlite.migrations()]



# ------------------------------------------------------------------------- PostgreSQL only


async def test_a_row_lock_held_elsewhere_is_busy_after_the_retries_and_applies_nothing(postgres_url):
    import asyncpg

    from bot.storage.postgres import PostgresRepository

    repo = await PostgresRepository.open(postgres_url, lock_timeout_ms=50, attempts=2)
    match_id = await started(repo)
    other = await asyncpg.connect(postgres_url)
    try:
        async with other.transaction():
            await other.execute("SELECT 1 FROM matches WHERE id = $1 FOR UPDATE", match_id)
            with pytest.raises(StorageBusyError):
                await repo.append(match_id, 1, [ResignEvent(seat=0)], START, status="finished")
        assert [e.seq for e in await repo.entries(match_id)] == [1]
        assert await repo.append(match_id, 1, [ResignEvent(seat=0)], START, status="finished") == 2
    finally:
        await other.close()
        await repo.close()


async def test_a_statement_that_runs_too_long_is_cancelled_by_the_server(postgres_url):
    """Every statement has a time limit (as every lock wait has): a command never waits on one for ever."""
    import asyncpg

    from bot.storage.postgres import STATEMENT_TIMEOUT_MS, PostgresRepository

    repo = await PostgresRepository.open(postgres_url, statement_timeout_ms=100)
    try:
        with pytest.raises(asyncpg.exceptions.QueryCanceledError):
            await repo.pool.execute("SELECT pg_sleep(5)")
        assert STATEMENT_TIMEOUT_MS <= 60_000
    finally:
        await repo.close()


async def test_a_lost_connection_is_a_storage_error_and_the_next_call_reconnects(postgres_url, postgres_server):
    from bot.storage.postgres import PostgresRepository
    from tests.conftest import run_admin_sql

    repo = await PostgresRepository.open(postgres_url, pool_size=1)
    await repo.remember_user(UserRow(user_id="alice", name="Alice", language="en"))
    database = postgres_url.split("?")[0].rsplit("/", 1)[1]
    run_admin_sql(
        postgres_server.get_uri(),
        f"SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '{database}'",
    )
    with pytest.raises(StorageError) as failed:
        await repo.user("alice")
    assert failed.value.code == "core.storage_failed"
    assert (await repo.user("alice")).name == "Alice"
    await repo.close()


async def test_an_unreachable_server_is_refused_at_start_without_showing_the_password():
    from bot.wiring import StartupError, check_database

    with pytest.raises(StartupError) as refused:
        await check_database("postgresql://scheids:s3cret@127.0.0.1:1/scheids")
    assert refused.value.message.key == "core.db_unusable"
    assert refused.value.message.params["path"] == "postgresql://scheids:***@127.0.0.1:1/scheids"
    assert "s3cret" not in str(refused.value.message.params)


@pytest.mark.parametrize(
    ("name", "code"),
    [
        ("SerializationError", "core.storage_busy"),
        ("DeadlockDetectedError", "core.storage_busy"),
        ("LockNotAvailableError", "core.storage_busy"),
        ("TooManyConnectionsError", "core.storage_busy"),
        ("DiskFullError", "core.storage_full"),
        ("PostgresIOError", "core.storage_io"),
        ("DataCorruptedError", "core.storage_io"),
        ("ReadOnlySQLTransactionError", "core.storage_io"),
        ("AdminShutdownError", "core.storage_failed"),
        ("ConnectionDoesNotExistError", "core.storage_failed"),
        ("UniqueViolationError", None),
        ("PostgresSyntaxError", None),
    ],
)
def test_postgres_failures_are_worded_like_sqlite_ones(name, code):
    import asyncpg

    from bot.storage.postgres import storage_error

    translated = storage_error(getattr(asyncpg.exceptions, name)("server said no"))
    assert (translated.code if translated else None) == code


async def test_commands_of_two_processes_on_one_match_take_turns(postgres_url):
    """The advisory lock per match: the second process enters only after the first left; another
    match is not held up meanwhile."""
    from bot.storage.postgres import PostgresRepository

    a, b = await PostgresRepository.open(postgres_url), await PostgresRepository.open(postgres_url)
    order: list[str] = []

    async def second() -> None:
        async with b.match_lock(1):
            order.append("b in")

    try:
        async with a.match_lock(1):
            order.append("a in")
            waiting = asyncio.create_task(second())
            async with b.match_lock(2):  # another match: free
                order.append("b in match 2")
            await asyncio.sleep(0.3)  # time for b to get in, were the lock not held
            order.append("a out")
        await asyncio.wait_for(waiting, 30)
        assert order == ["a in", "b in match 2", "a out", "b in"]
    finally:
        await a.close()
        await b.close()


async def test_timers_set_by_one_process_wake_the_scheduler_of_another(postgres_url):
    from bot.storage.postgres import PostgresRepository

    a, b = await PostgresRepository.open(postgres_url), await PostgresRepository.open(postgres_url)
    woken = asyncio.Event()
    try:
        await b.watch_timers(woken.set)
        match_id = await started(a)
        await a.append(match_id, 1, [], START, timers=[timer(match_id, "timeout", 1, 1)])
        await asyncio.wait_for(woken.wait(), 30)
    finally:
        await a.close()
        await b.close()


async def test_a_match_is_read_whole_in_one_read_and_its_events_only_when_new(storage):
    """``read_match``: row, seats, events and snapshot together; with the ``known_seq`` the
    caller already has, only row and seats; a payload that no longer reads stops the events."""
    repo = await storage.open()
    match_id = await started(repo)
    await repo.append(match_id, 1, [ResignEvent(seat=0)], START, snapshot='{"a": 2}', engine_version=3)
    stored = await repo.read_match(match_id)
    assert stored.row == await repo.get_match(match_id) and stored.row.last_seq == 2
    assert [seat.user_id for seat in stored.seats] == ["alice", "bob"]
    assert [entry.event.type for entry in stored.entries] == ["start", "resign"]
    assert stored.entries == tuple(await repo.entries(match_id)) and stored.unreadable is None
    assert stored.snapshot == (2, 3, '{"a": 2}')
    known = await repo.read_match(match_id, known_seq=2)
    assert known.entries is None and known.row.last_seq == 2 and len(known.seats) == 2
    assert await repo.read_match(match_id + 1) is None
    await storage.execute("UPDATE events SET payload = '{broken' WHERE match_id = $1 AND seq = 2", match_id)
    broken = await repo.read_match(match_id)
    assert broken.unreadable == 2 and [entry.seq for entry in broken.entries] == [1]


async def test_settings_are_listed_by_prefix_and_claimed_once(storage):
    a, b = await storage.open(), await storage.open()
    await a.set_setting("note:1", "5")
    await a.set_setting("note:2", "7")
    await a.set_setting("other", "x")
    assert await b.settings_starting("note:") == {"note:1": "5", "note:2": "7"}
    claims = await asyncio.gather(a.claim_setting("note:1"), b.claim_setting("note:1"))
    assert sorted(claims) == [False, True]
    assert await a.settings_starting("note:") == {"note:2": "7"} and await a.setting("other") == "x"


async def test_a_column_renamed_by_hand_is_refused_at_a_checked_open(storage):
    """At start-up (``check``) the tables are compared with what the migrations make: a fresh
    database passes, one with a column renamed by hand at the current version is refused."""
    await storage.open(check=True)
    await storage.execute("ALTER TABLE events RENAME COLUMN hash TO hash_old")
    with pytest.raises(DatabaseUnusableError, match="events has no column hash"):
        await storage.open(check=True)


async def test_server_settings_are_kept_per_server_and_every_change_is_logged_with_who_made_it(storage):
    a = await storage.open()
    b = await storage.open()  # a second process on the same database
    assert await a.server_settings("guild-1") == {}
    first = await a.change_server_setting(SettingChangeRow(
        guild_id="guild-1", key="language", old_value=None, new_value='"nl"', user_id="alice", user_name="Alice", at=START))
    assert first.old_value is None
    second = await b.change_server_setting(SettingChangeRow(
        guild_id="guild-1", key="language", old_value=None, new_value='"en"', user_id="bob", user_name="Bob",
        at=START + timedelta(minutes=1)))
    assert second.old_value == '"nl"'  # read inside the write, whatever the caller passed
    await a.change_server_setting(SettingChangeRow(
        guild_id="guild-2", key="rated", old_value=None, new_value="false", user_id="carol", user_name="Carol", at=START))
    assert await b.server_settings("guild-1") == {"language": '"en"'}
    assert await a.server_settings("guild-2") == {"rated": "false"}
    log = await a.settings_changes("guild-1", 10)
    assert [(c.user_name, c.old_value, c.new_value) for c in log] == [("Bob", '"nl"', '"en"'), ("Alice", None, '"nl"')]
    assert log[0].at == START + timedelta(minutes=1)
    assert len(await a.settings_changes("guild-1", 1)) == 1


async def test_notes_are_kept_per_match_and_read_back_for_their_author_only(storage):
    """``/note``: a player's notes come back to that player, oldest first, and to nobody else."""
    from bot.storage.models import NoteRow

    repo = await storage.open()
    first = await started(repo)
    second = await started(repo, "chan-2")
    await repo.add_note(NoteRow(match_id=first, user_id="alice", at=START, text="watch the left flank"))
    await repo.add_note(NoteRow(match_id=first, user_id="bob", at=START, text="bob's secret plan"))
    await repo.add_note(NoteRow(match_id=first, user_id="alice", at=START + timedelta(minutes=1), text="ééé ✓"))
    other = await storage.open()
    mine = await other.notes(first, "alice")
    assert [(n.text, n.at) for n in mine] == [("watch the left flank", START), ("ééé ✓", START + timedelta(minutes=1))]
    assert [n.text for n in await repo.notes(first, "bob")] == ["bob's secret plan"]
    assert await repo.notes(second, "alice") == [] and await repo.notes(first, "carol") == []


# ------------------------------------------------------------- leagues (migration 0011)


def new_league(guild: str = "guild-1"):
    from bot.storage.models import NewLeague

    return NewLeague(guild_id=guild, channel_id="chan-1", name="Spring", game="heroes_cities", format="swiss",
                     settings={"rounds": 3}, creator_id="alice", language="en")


async def test_a_league_takes_sign_ups_in_order_until_it_starts(storage):
    repo = await storage.open()
    league = await repo.create_league(new_league(), START)
    assert (league.status, league.settings, league.created_at) == ("signup", {"rounds": 3}, START)
    assert await repo.join_league(league.id, "bob", "Bob") == "joined"
    assert await repo.join_league(league.id, "alice", "Alice") == "joined"
    assert await repo.join_league(league.id, "bob", "Bob") == "already"
    assert [(e.user_id, e.number) for e in await repo.league_entries(league.id)] == [("bob", 1), ("alice", 2)]
    assert await repo.set_league_status(league.id, "running", was="signup")
    assert not await repo.set_league_status(league.id, "running", was="signup")  # only once
    assert await repo.join_league(league.id, "carol", "Carol") == "closed"
    assert await repo.join_league(league.id + 99, "carol", "Carol") == "closed"
    assert [row.id for row in await repo.leagues("guild-1", ["running"])] == [league.id]
    assert await repo.leagues("guild-2", ["running"]) == []
    assert [row.id for row in await repo.leagues(None, ["running", "signup"])] == [league.id]
    assert await repo.withdraw_from_league(league.id, "bob", START)
    assert not await repo.withdraw_from_league(league.id, "bob", START)
    assert [e.withdrawn_at for e in await repo.league_entries(league.id)] == [START, None]


async def test_a_league_entry_takes_a_team_and_keeps_it(storage):
    """Migration 0013: an organizer sets a player's team (or none again); sign-ups without one
    read ``None``; a player not signed up, or withdrawn, takes no team."""
    repo = await storage.open()
    league = await repo.create_league(new_league(), START)
    for user in ("ann", "ben", "cas"):
        assert await repo.join_league(league.id, user, user.title()) == "joined"
    assert [e.team for e in await repo.league_entries(league.id)] == [None, None, None]
    assert await repo.set_league_team(league.id, "ben", 2)
    assert await repo.set_league_team(league.id, "ann", 1)
    assert await repo.set_league_team(league.id, "ann", None)
    assert not await repo.set_league_team(league.id, "dan", 1)  # not signed up
    assert await repo.withdraw_from_league(league.id, "cas", START)
    assert not await repo.set_league_team(league.id, "cas", 1)  # withdrawn
    assert [(e.user_id, e.team) for e in await repo.league_entries(league.id)] == [("ann", None), ("ben", 2), ("cas", None)]


async def test_a_league_announcement_noted_then_told_is_marked_told_once(storage):
    """Migration 0014: a pairing's result is noted (``reported_at``), told, then marked told
    (``told_at``); a league's end likewise (its status, then ``told_at``). Each mark once."""
    from bot.storage.models import NewPairing

    repo = await storage.open()
    league = await repo.create_league(new_league(), START)
    assert league.told_at is None
    assert await repo.add_pairings(league.id, [NewPairing(round=1, board=1, first_id="a", second_id="b")], START)
    (pairing,) = await repo.league_pairings(league.id)
    assert pairing.told_at is None
    assert await repo.mark_pairing(pairing.id, "reported_at", START)
    assert await repo.mark_pairing(pairing.id, "told_at", START + timedelta(seconds=1))
    assert not await repo.mark_pairing(pairing.id, "told_at", START + timedelta(seconds=2))
    (pairing,) = await repo.league_pairings(league.id)
    assert (pairing.reported_at, pairing.told_at) == (START, START + timedelta(seconds=1))
    assert await repo.mark_league_told(league.id, START)
    assert not await repo.mark_league_told(league.id, START + timedelta(seconds=1))
    told = await repo.league(league.id)
    assert told is not None and told.told_at == START
    assert not await repo.mark_league_told(league.id + 99, START)


async def test_a_round_line_and_an_opening_noted_then_told_are_marked_told_once(storage):
    """Migration 0015: a round's line is marked told on its first pairing (``round_told_at``), a
    pairing's opening in its thread (``opening_told_at``) once its match is linked. Each mark once."""
    from bot.storage.models import NewPairing

    repo = await storage.open()
    league = await repo.create_league(new_league(), START)
    assert await repo.add_pairings(league.id, [NewPairing(round=1, board=1, first_id="a", second_id="b")], START)
    (pairing,) = await repo.league_pairings(league.id)
    assert (pairing.round_told_at, pairing.opening_told_at) == (None, None)
    assert await repo.mark_pairing(pairing.id, "round_told_at", START)
    assert not await repo.mark_pairing(pairing.id, "round_told_at", START + timedelta(seconds=1))
    assert await repo.mark_pairing(pairing.id, "opening_told_at", START + timedelta(seconds=2))
    assert not await repo.mark_pairing(pairing.id, "opening_told_at", START + timedelta(seconds=3))
    (pairing,) = await repo.league_pairings(league.id)
    assert (pairing.round_told_at, pairing.opening_told_at) == (START, START + timedelta(seconds=2))


async def test_a_round_is_paired_once_and_each_pairing_mark_is_set_once(storage):
    from bot.storage.models import NewPairing

    repo = await storage.open()
    league = await repo.create_league(new_league(), START)
    round_one = [NewPairing(round=1, board=1, first_id="alice", second_id="bob", due_at=START + timedelta(hours=2)),
                 NewPairing(round=1, board=2, first_id="carol", second_id=None)]
    assert await repo.add_pairings(league.id, round_one, START)
    again = [NewPairing(round=1, board=3, first_id="x", second_id="y"), NewPairing(round=1, board=1, first_id="y", second_id="x")]
    assert not await repo.add_pairings(league.id, again, START)  # all or none
    pairings = await repo.league_pairings(league.id)
    assert [(p.board, p.first_id, p.second_id) for p in pairings] == [(1, "alice", "bob"), (2, "carol", None)]
    first = pairings[0]
    match_id = await started(repo)
    assert await repo.mark_pairing(first.id, "thread_id", "t-1")
    assert not await repo.mark_pairing(first.id, "thread_id", "t-2")
    assert await repo.mark_pairing(first.id, "match_id", match_id)
    assert await repo.mark_pairing(first.id, "outcome", {"score": [1, 0], "reason": "adjudicated"})
    assert not await repo.mark_pairing(first.id, "outcome", {"score": [0, 1]})
    assert await repo.mark_pairing(first.id, "reported_at", START)
    with pytest.raises(ValueError):
        await repo.mark_pairing(first.id, "first_id", "mallory")
    found = await repo.pairing_of_match(match_id)
    assert found is not None and (found.id, found.thread_id, found.outcome, found.reported_at) == (
        first.id, "t-1", {"score": [1, 0], "reason": "adjudicated"}, START)
    assert await repo.pairing_of_match(match_id + 1) is None
    # Due times count only while the league runs.
    assert await repo.due_pairings(START + timedelta(hours=3)) == []
    assert await repo.next_pairing_due() is None
    await repo.set_league_status(league.id, "running", was="signup")
    assert await repo.next_pairing_due() == START + timedelta(hours=2)
    assert await repo.due_pairings(START + timedelta(hours=1)) == []
    assert [p.id for p in await repo.due_pairings(START + timedelta(hours=3))] == [first.id]
    assert await repo.clear_pairing_due(first.id)
    assert not await repo.clear_pairing_due(first.id)
    assert await repo.next_pairing_due() is None
