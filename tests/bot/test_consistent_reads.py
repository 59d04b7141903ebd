"""A match is read in one consistent read: a spectator never hears "damaged" about a healthy match.

The match row and its events used to be read one after the other; a move committed in between
left more events than the row's ``last_seq``, read as a gap, and the spectator was told the match
was damaged and could only be aborted. Now row, seats, events and snapshot come from one read
transaction (SQLite: one ``BEGIN`` … ``COMMIT``; PostgreSQL: ``REPEATABLE READ``), and damage is
read a second time before it is said.
"""

from __future__ import annotations

import asyncio
import random
from dataclasses import replace

import aiosqlite
import asyncpg

from bot.clock import ManualClock
from bot.services.matches import MatchService
from bot.services.people import Actor
from tests.bot.conftest import ALICE, BOB, PLACE, SEED, START, Harness, on_both_backends, words

SPECTATOR = Actor("spectator", "Sam", "en")


def hook_event_reads(monkeypatch, backend: str, between) -> list[int]:
    """Run ``between()`` once, right before the next query on the events table (of any
    connection) runs: as another process committing between two reads of a load. Returns a list
    that gets one element when it ran."""
    ran: list[int] = []
    cls, name = (aiosqlite.Connection, "execute_fetchall") if backend == "sqlite" else (asyncpg.connection.Connection, "fetch")
    original = getattr(cls, name)

    async def hooked(self, sql, *args, **kwargs):
        if not ran and "FROM events" in sql:
            ran.append(1)
            await between()
        return await original(self, sql, *args, **kwargs)

    monkeypatch.setattr(cls, name, hooked)
    return ran


async def test_a_move_committed_between_the_reads_of_a_load_is_not_a_gap(storage, monkeypatch):
    """Another process commits a move while the spectator's process reads the match (between
    the match row and its events): the spectator sees the match before that move, whole."""
    players = Harness(await storage.open(), ManualClock(START))
    match_id = await players.started_match()
    await players.play_random(match_id, random.Random(2), 3)
    mover = await players.to_move(match_id)
    move = await players.first_legal(match_id)
    spectator = MatchService(await storage.open(), ManualClock(START), seed_source=lambda: SEED)
    before = (await players.repo.get_match(match_id)).last_seq

    async def move_elsewhere() -> None:
        assert not (await players.service.submit(PLACE, mover, move))[0].target.ephemeral

    ran = hook_event_reads(monkeypatch, storage.backend, move_elsewhere)
    seen = await spectator.status(PLACE, SPECTATOR)
    assert ran, "the move was committed during the load"
    assert "damaged" not in words(seen), words(seen)
    assert (await players.repo.get_match(match_id)).last_seq == before + 1
    loaded = await spectator.book.load(match_id)
    assert loaded.damage is None and loaded.progress.seq == before + 1


async def play_and_watch(players: Harness, watcher: MatchService, match_id: int, moves: int) -> list[str]:
    """``moves`` random moves by the players while ``watcher`` asks for the status and the
    history as often as it gets to; returns every answer the watcher got (bounded by the moves)."""
    done = asyncio.Event()
    answers: list[str] = []

    async def play() -> None:
        try:
            rng = random.Random(7)
            for _ in range(moves):
                await players.play_random(match_id, rng, 1)
                await asyncio.sleep(0)
        finally:
            done.set()

    async def watch() -> None:
        while not done.is_set():
            answers.append(words(await watcher.status(PLACE, SPECTATOR)))
            watcher.book.forget(match_id)  # as a process that does not keep the match
            answers.append(words(await watcher.history(PLACE, ALICE)))
            await asyncio.sleep(0)

    await asyncio.gather(play(), watch())
    return answers


async def test_a_spectator_in_the_same_process_never_hears_damaged(harness):
    """One process (one SQLite connection): status and view asked between moves, as concurrent tasks."""
    match_id = await harness.started_match()
    watcher = MatchService(harness.repo, harness.clock, seed_source=lambda: SEED)
    answers = await play_and_watch(harness, watcher, match_id, 30)
    assert len(answers) > 10
    assert not [answer for answer in answers if "damaged" in answer]


@on_both_backends
async def test_a_spectator_of_another_process_never_hears_damaged(harness, request, tmp_path):
    """Two processes (two repositories on one SQLite file or one PostgreSQL database)."""
    from tests.bot.conftest import storage_on

    match_id = await harness.started_match()
    other = storage_on(request, tmp_path)
    try:
        watcher = MatchService(await other.open(), harness.clock, seed_source=lambda: SEED)
        answers = await play_and_watch(harness, watcher, match_id, 30)
    finally:
        await other.close()
    assert len(answers) > 10
    assert not [answer for answer in answers if "damaged" in answer]


async def test_damage_is_read_again_before_it_is_said(harness):
    """A read that finds damage is done once more, fresh, before the match is called damaged:
    a torn first read (here made by hand: the row of before the last move) is not believed."""
    match_id = await harness.started_match()
    await harness.play_random(match_id, random.Random(4), 2)
    repo = harness.repo
    real = repo.read_match
    torn: list[int] = []

    async def torn_once(match_id, known_seq=None):
        stored = await real(match_id, known_seq)
        if not torn:
            torn.append(1)
            stored = replace(stored, row=stored.row.model_copy(update={"last_seq": stored.row.last_seq - 1}))
        return stored

    repo.read_match = torn_once
    service = MatchService(repo, harness.clock, seed_source=lambda: SEED)
    answer = words(await service.status(PLACE, BOB))
    assert torn and "damaged" not in answer and "beschadigd" not in answer, answer
