"""A snapshot is bound to the hash chain and checked on load; one that does not check is replaced.

A snapshot only saves replaying events, yet an edited one (another player to move, pieces added)
used to be trusted: play went on from the changed state, later snapshots carried it, and only
``/match verify`` after the end found a move illegal. Now each snapshot holds a SHA-256 over the
hash of the event it follows and its own canonical JSON; a load that finds it not matching the
record replays the events instead, and the next move writes a sound snapshot.
"""

from __future__ import annotations

import json
import logging
import random

from bot.services import book as book_module
from tests.bot.conftest import ALICE, PLACE, words


async def snapshot_payload(repo, match_id: int) -> dict:
    snap = await repo.snapshot(match_id)
    assert snap is not None
    return json.loads(snap[2])


async def set_snapshot(repo, match_id: int, data: dict) -> None:
    await repo.db.execute("UPDATE snapshots SET payload = ? WHERE match_id = ?", (json.dumps(data), match_id))


async def test_an_edited_snapshot_is_found_on_load_and_the_match_replays_from_its_events(harness, monkeypatch, caplog):
    monkeypatch.setattr(book_module, "SNAPSHOT_EVERY", 2)
    match_id = await harness.started_match()
    await harness.play_random(match_id, random.Random(6), 3)
    honest = await harness.match(match_id)
    data = await snapshot_payload(harness.repo, match_id)
    assert data["state"]["to_move"] in (0, 1)
    data["state"]["to_move"] = 1 - data["state"]["to_move"]  # the other player to move
    await set_snapshot(harness.repo, match_id, data)
    harness.service.book.forget(match_id)
    caplog.set_level(logging.WARNING, logger="bot.services.book")
    loaded = await harness.match(match_id)
    assert loaded.damage is None
    assert loaded.state == honest.state and loaded.to_act() == honest.to_act()
    assert any("snapshot" in record.getMessage() and str(match_id) in record.getMessage() for record in caplog.records)
    assert "damaged" not in words(await harness.service.status(PLACE, ALICE))
    # The next move writes a snapshot that checks again, with the state the events give.
    assert await harness.play_random(match_id, random.Random(7), 1) == 1
    caplog.clear()
    harness.service.book.forget(match_id)
    reloaded = await harness.match(match_id)
    rewritten = await snapshot_payload(harness.repo, match_id)
    assert rewritten["seq"] == reloaded.progress.seq and rewritten != data
    assert not [record for record in caplog.records if "snapshot" in record.getMessage()]


async def test_a_snapshot_is_bound_to_the_event_it_follows(harness, monkeypatch):
    """The check holds for the event hash the snapshot follows only: the same state after
    another event (copied from another match or another point of the record) does not check,
    and neither does a changed state."""
    monkeypatch.setattr(book_module, "SNAPSHOT_EVERY", 2)
    match_id = await harness.started_match()
    await harness.play_random(match_id, random.Random(6), 3)
    data = await snapshot_payload(harness.repo, match_id)
    entries = await harness.repo.entries(match_id)
    follows = entries[data["seq"] - 1].hash
    assert book_module.snapshot_checks(data, follows)
    assert not book_module.snapshot_checks(data, entries[data["seq"] - 2].hash)
    data["moves"] += 1
    assert not book_module.snapshot_checks(data, follows)


async def test_a_snapshot_of_before_the_binding_is_replayed_over(harness, monkeypatch, caplog):
    """Decision: a snapshot written before snapshots carried a hash (no ``hash`` key) cannot be
    checked, so it is not used: the match replays from its events, which is always safe."""
    monkeypatch.setattr(book_module, "SNAPSHOT_EVERY", 2)
    match_id = await harness.started_match()
    await harness.play_random(match_id, random.Random(6), 3)
    honest = await harness.match(match_id)
    data = await snapshot_payload(harness.repo, match_id)
    del data["hash"]
    data["state"]["to_move"] = 1 - data["state"]["to_move"]
    await set_snapshot(harness.repo, match_id, data)
    harness.service.book.forget(match_id)
    assert (await harness.match(match_id)).state == honest.state
