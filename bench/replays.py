"""``make bench`` section: the catch-up and ``/match history at:`` on a long match.

One Helden & Steden match of ``BENCH_REPLAY_MOVES`` random moves (default 200) is stored through
the book (which writes its snapshot every ``SNAPSHOT_EVERY`` events). The work each answer hands to
a worker is timed two ways in this process: from the first event (the baseline: what the bot did
before, every event replayed for the move list, every move worded for its marks, and the record
replayed again for the picture; the baseline board already stops at its position) and from the
stored snapshot or the state kept at the player's last move (``bot.services.checkpoints``), no
further than the moves shown (what it does now). The ratio is now / baseline, both measured in
this run. Where the snapshot lies among the moves a ``history at:`` lists, its list is replayed
from event 0 (the line says ``from 0``); the board still starts at the snapshot.

Then the same for the catch-up of an Axis & Allies game of ``BENCH_REPLAY_AA_MOVES`` random moves
(default 200), where replaying is the dear part.
"""

from __future__ import annotations

import asyncio
import os
import random
import statistics
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

from pydantic import BaseModel

from bench.stored import NoPictures, random_match
from bot.clock import ManualClock
from bot.services.match.replays import Snapshot, Start, start_before, states_at, steps_work
from bot.services.matches import MatchService
from bot.services.people import Actor, Place
from bot.services.replay_pictures import board_work, catchup_work
from bot.services.replays import WINDOW
from bot.storage.sqlite import SqliteRepository
from engines.core.contract import Engine
from engines.core.record import Entry, MoveEvent, StartEvent, resolve_chance
from engines.registry import get_engine
from render.common import BoardLabels

GAME = "heroes_cities"
MOVES = int(os.environ.get("BENCH_REPLAY_MOVES", "200"))
AA_MOVES = int(os.environ.get("BENCH_REPLAY_AA_MOVES", "200"))
REPEAT = int(os.environ.get("BENCH_REPLAY_REPEAT", "3"))
START = datetime(2026, 1, 1, tzinfo=UTC)
LABELS = BoardLabels(title="Replay", seats=("A", "B"))


async def long_match(path: Path, moves: int) -> tuple[list[Entry], Snapshot | None]:
    """A stored match of ``moves`` random moves (fewer if it ends): its entries and snapshot."""
    repo = await SqliteRepository.open(path)
    clock = ManualClock(START)
    service = MatchService(repo, clock, seed_source=lambda: bytes(32), renderer=NoPictures(0))
    match_id = await random_match(service, Place("bench", "replays"), Actor("a", "A"), Actor("b", "B"), GAME, moves,
                                  random.Random(7))
    entries, snapshot = await repo.entries(match_id), await repo.snapshot(match_id)
    await repo.close()
    return entries, snapshot


def timed(call: Callable[[], object]) -> list[float]:
    samples = []
    for _ in range(REPEAT):
        start = time.perf_counter()
        call()
        samples.append(time.perf_counter() - start)
    return samples


def pair(name: str, before: list[float], after: list[float]) -> None:
    b, a = statistics.median(before), statistics.median(after)
    print(f"  {name:<44} from event 0 {b * 1e3:9.2f} ms   from the nearest point {a * 1e3:9.2f} ms   {a / b:5.2f}x")


def main() -> None:
    engine = get_engine(GAME)
    options = engine.options_model()
    with tempfile.TemporaryDirectory() as folder:
        entries, snapshot = asyncio.run(long_match(Path(folder) / "replays.sqlite3", MOVES))
    moves = sum(isinstance(e.event, MoveEvent) for e in entries)
    print(f"\ncatch-up and history at: on a {GAME} match of {moves} moves, {len(entries)} events "
          f"(snapshot after event {snapshot[0] if snapshot else '-'}), median of {REPEAT}")
    # The catch-up of the seat to move (it moved just before the last move): its moves and its picture.
    played = [e.event for e in entries if isinstance(e.event, MoveEvent)]
    since = max(n for n, event in enumerate(played, start=1) if event.seat != played[-1].seat)
    pair("catch-up: moves since the last one", timed(lambda: steps_work(engine, options, entries, False, since)),
         timed(lambda: steps_work(engine, options, entries, False, since, snapshot)))
    pair("catch-up: picture (strip)", timed(lambda: catchup_work(engine, options, entries, since, LABELS)),
         timed(lambda: catchup_work(engine, options, entries, since, LABELS, snapshot)))
    # A catch-up of ten moves (an Axis & Allies round is many): the snapshot lies after the seat's
    # last move, so it starts from the state kept when the seat moved (``bot.services.checkpoints``).
    far = moves - 10
    kept = Start(next(i for i, e in enumerate(entries) if isinstance(e.event, MoveEvent) and e.event is played[far]), far,
                 states_at(engine, options, entries, [far])[far])
    pair("catch-up of 10 moves: moves since", timed(lambda: steps_work(engine, options, entries, False, far)),
         timed(lambda: steps_work(engine, options, entries, False, far, kept)))
    pair("catch-up of 10 moves: picture (strip)", timed(lambda: catchup_work(engine, options, entries, far, LABELS)),
         timed(lambda: catchup_work(engine, options, entries, far, LABELS, kept)))
    for position in (moves, moves - 10, moves // 2):
        history_at(engine, options, entries, snapshot, position)
    axis_allies_catch_up(AA_MOVES)


def record_of(engine: Engine, options: BaseModel, moves: int, seed: int) -> list[Entry]:
    """The entries of a random game of ``moves`` moves (fewer if it ends), with its dice, in memory."""
    rng = random.Random(seed)
    events: list = [StartEvent(players=engine.min_players)]
    state = engine.setup(engine.min_players, options)
    state, rolled = resolve_chance(engine, state, bytes(32), 0)
    events += rolled
    draws = sum(len(e.values) for e in rolled)
    for _ in range(moves):
        if engine.result(state) is not None:
            break
        seat = min(engine.to_act(state))
        move = rng.choice(list(engine.legal_moves(state, seat)))
        events.append(MoveEvent(seat=seat, text=engine.format_move(move, state), move=move.model_dump(mode="json"),
                                secret=engine.is_secret(move, state)))
        state = engine.apply(state, seat, move)
        state, rolled = resolve_chance(engine, state, bytes(32), draws)
        events += rolled
        draws += sum(len(e.values) for e in rolled)
    return [Entry(seq=n, at=START, event=event) for n, event in enumerate(events, start=1)]


def axis_allies_catch_up(moves: int) -> None:
    """The catch-up of the seat to act in an Axis & Allies game of ``moves`` random moves: every
    move since its last (a round of the other side), from event 0 and from the state kept when
    it last moved (``bot.services.checkpoints``)."""
    engine = get_engine("axis_allies")
    options = engine.options_model()
    entries = record_of(engine, options, moves, 3)
    played = [e.event for e in entries if isinstance(e.event, MoveEvent)]
    last = played[-1].seat
    since = max((n for n, event in enumerate(played, start=1) if event.seat != last), default=0)
    index = next(i for i, e in enumerate(entries) if isinstance(e.event, MoveEvent) and e.event is played[since])
    kept = Start(index, since, states_at(engine, options, entries, [since])[since])
    print(f"\ncatch-up on an axis_allies game of {len(played)} random moves, {len(entries)} events: "
          f"{len(played) - since} moves since the seat's last, median of {REPEAT}")
    pair("catch-up: moves since", timed(lambda: steps_work(engine, options, entries, False, since)),
         timed(lambda: steps_work(engine, options, entries, False, since, kept)))
    pair("catch-up: picture (changes ringed)", timed(lambda: catchup_work(engine, options, entries, since, LABELS)),
         timed(lambda: catchup_work(engine, options, entries, since, LABELS, kept)))


def history_at(engine: Engine, options: BaseModel, entries: list[Entry], snapshot: Snapshot | None, position: int) -> None:
    """``/match history at:<position>``: the moves it lists and the board it draws (the list starts
    from event 0 when the snapshot lies among the moves it lists)."""
    first = max(position - 1 - WINDOW, 0)
    start = start_before(engine, entries, first, snapshot).index
    pair(f"history at:{position}: moves listed (from {start})", timed(lambda: steps_work(engine, options, entries, False)),
         timed(lambda: steps_work(engine, options, entries, False, first, snapshot, position + WINDOW)))
    pair(f"history at:{position}: board", timed(lambda: board_work(engine, options, entries, position, LABELS)),
         timed(lambda: board_work(engine, options, entries, position, LABELS, False, snapshot)))
