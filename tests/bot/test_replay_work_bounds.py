"""The catch-up and ``/match history at:`` replay the record from the match's stored snapshot when it
lies before the moves they show, and no further than they show: bounded by events replayed (work
done), never by time. The answer is the same as a replay from the first event."""

from __future__ import annotations

import random

import pytest

from bot.services import checkpoints
from bot.services.match import replays as replay_work
from bot.services.replays import WINDOW
from engines.core.record import MoveEvent
from tests.bot.conftest import CAROL, PLACE, words


@pytest.fixture
def replayed(monkeypatch) -> list[int]:
    """Every event the replay work replays (``replay_step`` calls), counted."""
    calls: list[int] = []
    real = replay_work.replay_step

    def counted(engine, options, state, event):
        calls.append(1)
        return real(engine, options, state, event)

    monkeypatch.setattr(replay_work, "replay_step", counted)
    return calls


async def long_match(harness, moves: int) -> tuple[int, int, int]:
    """A Helden & Steden match of about ``moves`` random moves whose stored snapshot lies before its
    last two moves: (match id, events, seq of the snapshot)."""
    match_id = await harness.started_match()
    rng = random.Random(5)
    await harness.play_random(match_id, rng, moves)
    while True:
        snapshot = await harness.repo.snapshot(match_id)
        entries = await harness.repo.entries(match_id)
        assert snapshot is not None, "a long match has a stored snapshot"
        moves_after = sum(isinstance(e.event, MoveEvent) for e in entries[snapshot[0]:])
        if moves_after >= 2:
            return match_id, len(entries), snapshot[0]
        assert await harness.play_random(match_id, rng, 1) == 1


def from_the_start(harness, match_id: int, monkeypatch) -> None:
    """No stored snapshot and no state kept: what follows replays from the first event."""

    async def no_snapshot(match_id):
        return None

    monkeypatch.setattr(harness.repo, "snapshot", no_snapshot)
    checkpoints.kept(harness.service).forget(match_id)


def pictures(deliveries) -> list[bytes]:
    return [a.data for d in deliveries for a in d.attachments]


async def test_the_catch_up_replays_from_the_snapshot_before_the_last_move(harness, replayed, monkeypatch):
    match_id, events, snapshot_seq = await long_match(harness, 60)
    assert snapshot_seq >= 25
    mover = await harness.to_move(match_id)
    checkpoints.kept(harness.service).forget(match_id)  # the turn notices' states: the snapshot alone here
    replayed.clear()
    caught = await harness.service.catchup(PLACE, mover)
    assert pictures(caught), words(caught)
    # Each of the catch-up's two passes (the moves, the picture) replays the events after the
    # snapshot at most: from the first event it was every event, twice.
    assert 0 < len(replayed) <= 2 * (events - snapshot_seq)
    from_the_start(harness, match_id, monkeypatch)
    replayed.clear()
    again = await harness.service.catchup(PLACE, mover)
    assert len(replayed) >= events  # the whole record without a snapshot
    assert words(again) == words(caught) and pictures(again) == pictures(caught)


async def test_history_at_replays_no_further_than_the_moves_it_lists(harness, replayed, monkeypatch):
    match_id, events, snapshot_seq = await long_match(harness, 60)
    entries = await harness.repo.entries(match_id)
    total = sum(isinstance(e.event, MoveEvent) for e in entries)
    early = 5
    checkpoints.kept(harness.service).forget(match_id)  # the turn notices' states: the snapshot alone here
    replayed.clear()
    shown_early = await harness.service.history_at(PLACE, CAROL, early)
    # Before the snapshot: from the first event, but only up to the last move it lists.
    last_listed = next(i for i, e in enumerate(entries, start=1)
                       if isinstance(e.event, MoveEvent) and sum(isinstance(x.event, MoveEvent) for x in entries[:i]) == early + WINDOW + 1)
    assert 0 < len(replayed) <= 2 * last_listed < events
    late = total - 1
    replayed.clear()
    shown_late = await harness.service.history_at(PLACE, CAROL, late)
    assert 0 < len(replayed) <= 2 * (events - snapshot_seq)
    from_the_start(harness, match_id, monkeypatch)
    for position, shown in ((early, shown_early), (late, shown_late)):
        again = await harness.service.history_at(PLACE, CAROL, position)
        assert words(again) == words(shown) and pictures(again) == pictures(shown)
        assert f"after move {position} of {total}" in words(shown)


async def test_a_catch_up_after_the_snapshot_moved_past_the_last_move_starts_where_the_last_one_ended(
        harness, replayed, monkeypatch):
    """The match's one stored snapshot is rewritten every 25 events, so it can lie after a
    player's last move (an Axis & Allies round, or a move that crossed the 25): then the catch-up
    starts from the state the match was at when the previous catch-up was made (kept in memory),
    which is where that player moved, not from the first event."""
    from bot.services.book import SNAPSHOT_EVERY

    match_id = await harness.started_match()
    rng = random.Random(5)
    await harness.play_random(match_id, rng, 30)
    while (await harness.match(match_id)).row.last_seq % SNAPSHOT_EVERY != SNAPSHOT_EVERY - 1:
        assert await harness.play_random(match_id, rng, 1) == 1
    mover = await harness.to_move(match_id)
    checkpoints.kept(harness.service).forget(match_id)  # only what this catch-up keeps
    await harness.service.catchup(PLACE, mover)  # the turn notice of the player to move
    waiting = await harness.to_move(match_id)
    assert waiting == mover
    await harness.play_random(match_id, rng, 1)  # the move that writes the snapshot, after the other's last move
    other = await harness.to_move(match_id)
    assert other != mover
    snapshot = await harness.repo.snapshot(match_id)
    events = len(await harness.repo.entries(match_id))
    assert snapshot is not None and snapshot[0] == events  # after the other player's last move
    replayed.clear()
    caught = await harness.service.catchup(PLACE, other)
    assert pictures(caught) and caught[0].lines[0].params["count"] == 1  # one move since
    assert 0 < len(replayed) <= 2  # the one move since, once for the list, once for the picture

    from_the_start(harness, match_id, monkeypatch)
    replayed.clear()
    again = await harness.service.catchup(PLACE, other)
    assert len(replayed) >= events
    assert words(again) == words(caught) and pictures(again) == pictures(caught)


async def test_a_catch_up_words_only_the_moves_it_lists(harness, monkeypatch):
    """A player back after many moves (an Axis & Allies round; a week away) gets the latest
    ``CATCHUP_MOVES`` listed with their marks: only those are worded (``describe_move``, the slow
    part), however many happened since."""
    from bot.services import catchup

    match_id = await harness.started_match()
    await harness.play_random(match_id, random.Random(5), 40)
    monkeypatch.setattr(catchup, "_since", lambda entries, seat: 0)  # as if the seat had not moved yet
    monkeypatch.setattr(catchup, "CATCHUP_MOVES", 5)
    engine = (await harness.match(match_id)).engine
    worded: list[int] = []
    real = type(engine).describe_move

    def counted(self, *args):
        worded.append(1)
        return real(self, *args)

    monkeypatch.setattr(type(engine), "describe_move", counted)
    caught = await harness.service.catchup(PLACE, await harness.to_move(match_id))
    assert caught[0].lines[0].params["count"] == 40 and caught[0].lines[1].params["count"] == 35  # 35 left out
    assert len(worded) <= 5


async def test_each_stepper_press_starts_near_where_the_last_one_was(harness, replayed):
    """A stepper walked one move at a time (next, next, back) far from the snapshot: each press
    keeps the state a little before what it listed, and the next press starts there instead of at
    the first event."""
    match_id = await harness.started_match()
    await harness.play_random(match_id, random.Random(5), 60)
    checkpoints.kept(harness.service).forget(match_id)  # no turn notices' states: the stepper's own
    snapshot = await harness.repo.snapshot(match_id)
    assert snapshot is not None and snapshot[0] > 45  # after every position pressed here
    replayed.clear()
    first = await harness.service.replay_step(match_id, CAROL, 40)
    assert "after move 40 of 60" in words(first) and len(replayed) > 40  # from the first event
    for position in (41, 42, 41, 40, 39):
        replayed.clear()
        shown = await harness.service.replay_step(match_id, CAROL, position)
        assert f"after move {position} of 60" in words(shown)
        assert 0 < len(replayed) <= 2 * (3 * WINDOW + 2)


async def test_history_at_a_move_near_the_snapshot_replays_the_record_once(harness, replayed, monkeypatch):
    """The one stored snapshot falls among the moves ``/match history at:`` lists (it is
    rewritten every 25 events, so a recent move often has it close by): the moves listed are
    replayed from the nearest point before the first of them, and the board at the move asked
    for is the state that same replay passed, not a second replay from the first event."""
    match_id = await harness.started_match()
    rng = random.Random(5)
    await harness.play_random(match_id, rng, 60)
    entries = await harness.repo.entries(match_id)
    snapshot = await harness.repo.snapshot(match_id)
    assert snapshot is not None
    at_snapshot = sum(isinstance(e.event, MoveEvent) for e in entries[:snapshot[0]])
    total = sum(isinstance(e.event, MoveEvent) for e in entries)
    position = at_snapshot - 1  # the snapshot among the moves listed after it
    assert WINDOW < position and position + WINDOW <= total
    first = position - 1 - WINDOW
    assert first < at_snapshot <= position + WINDOW
    last_listed = next(i for i, e in enumerate(entries, start=1)
                       if isinstance(e.event, MoveEvent) and sum(isinstance(x.event, MoveEvent) for x in entries[:i]) == position + WINDOW + 1)
    checkpoints.kept(harness.service).forget(match_id)  # the turn notices' states: none here
    replayed.clear()
    shown = await harness.service.history_at(PLACE, CAROL, position)
    assert f"after move {position} of {total}" in words(shown)
    # The moves listed need the states before them (the snapshot lies after the first): one
    # replay from the first event up to the last move listed, and none more for the board.
    assert 0 < len(replayed) <= last_listed
    # A press one move on starts from the state that replay kept, near the moves it lists.
    replayed.clear()
    on = await harness.service.replay_step(match_id, CAROL, position + 1)
    assert f"after move {position + 1} of {total}" in words(on)
    assert 0 < len(replayed) <= 2 * (3 * WINDOW + 2)
    from_the_start(harness, match_id, monkeypatch)
    again = await harness.service.history_at(PLACE, CAROL, position)
    assert words(again) == words(shown) and pictures(again) == pictures(shown)


async def test_a_pinged_player_s_catch_up_starts_near_their_last_move_and_reads_the_same_after_a_restart(
        harness, replayed, monkeypatch):
    """Players told of their turn by a ping in the channel (``/notify how:ping``) get no catch-up
    with it, so nothing was made then; the states their turn notices stand at are kept all the
    same, and ``/match catchup`` starts near their last move as a DM-notified player's does.
    Those states live in memory: after a restart the catch-up is read from the record again
    (the snapshot or the first event), and says and shows the same."""
    from bot.services.matches import MatchService
    from tests.bot.conftest import ALICE, BOB, SEED

    for player in (ALICE, BOB):
        await harness.service.notify(player, how="ping")
    match_id = await harness.started_match()
    await harness.play_random(match_id, random.Random(5), 40)
    real_snapshot = harness.repo.snapshot

    async def no_snapshot(match_id):
        return None

    monkeypatch.setattr(harness.repo, "snapshot", no_snapshot)  # the states kept alone
    mover = await harness.to_move(match_id)
    entries = await harness.repo.entries(match_id)
    seat = (await harness.match(match_id)).seat_of(mover.user_id)
    last_move = max(i for i, e in enumerate(entries) if isinstance(e.event, MoveEvent) and e.event.seat == seat)
    replayed.clear()
    caught = await harness.service.catchup(PLACE, mover)
    assert pictures(caught) and caught[0].lines[0].params["count"] == 1, words(caught)
    # Each of its two passes (the moves, the picture) from the player's last move at most; from
    # the first event it was every event, twice.
    assert 0 < len(replayed) <= 2 * (len(entries) - last_move)

    monkeypatch.setattr(harness.repo, "snapshot", real_snapshot)
    restarted = MatchService(harness.repo, harness.clock, seed_source=lambda: SEED)
    again = await restarted.catchup(PLACE, mover)
    assert words(again) == words(caught) and pictures(again) == pictures(caught)
