"""``make bench``: speed and memory figures for every game, with floors from the same run.

Prints every figure and its ratio to the floors: a bare SQLite insert+commit (same pragmas
as the bot) and a bare PNG encode of a blank image of the board's size. The aim: the whole
move path (``MatchService.submit`` with SQLite and rendering) under 3x the sum of the floors.
Then the resident memory of a process that restored 1,000 stored matches against one that
restored 10: idle matches must not stay in memory.

Then the catch-up and ``/match history at:`` on a long match, from the first event (the baseline)
and from the stored snapshot (``bench/replays.py``).

Figures, not tests: nothing here fails a build. ``BENCH_MOVES`` sets the number of moves per
game, ``BENCH_GAMES`` a comma-separated list of slugs (default: all), ``BENCH_REPLAY_MOVES`` the
length of the long match (default 200), ``BENCH_REPLAY_AA_MOVES`` of the Axis & Allies one.
"""

from __future__ import annotations

import asyncio
import io
import os
import random
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from pathlib import Path

from PIL import Image

from bench import axis_allies, rendering, replays
from bench.stored import STORED_GAME, fill_stored_matches
from bot.clock import ManualClock
from bot.services.matches import MatchService
from bot.services.people import Actor, Place
from bot.storage.sqlite import SqliteRepository
from engines.core.record import resolve_chance
from engines.registry import ENGINES, get_engine
from render.common import encode_png
from render.registry import render_view

MOVES = int(os.environ.get("BENCH_MOVES", "300"))
GAMES = [slug for slug in os.environ.get("BENCH_GAMES", ",".join(sorted(ENGINES))).split(",") if slug]
MEMORY_GAME = STORED_GAME
START = datetime(2026, 1, 1, tzinfo=UTC)


def percentile(samples: list[float], share: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def timed(call: Callable[[], object], repeat: int) -> list[float]:
    samples = []
    for _ in range(repeat):
        start = time.perf_counter()
        call()
        samples.append(time.perf_counter() - start)
    return samples


def line(name: str, samples: list[float], floor: float | None = None) -> None:
    p50, p99 = statistics.median(samples), percentile(samples, 0.99)
    ratio = f"   {p50 / floor:6.2f}x floors" if floor else ""
    print(f"  {name:<34} p50 {p50 * 1e3:8.3f} ms   p99 {p99 * 1e3:8.3f} ms{ratio}")


def floor_sqlite(folder: Path) -> list[float]:
    """Insert+commit of one event-sized row, with the bot's pragmas."""
    db = sqlite3.connect(folder / "floor.sqlite3", isolation_level=None)
    db.execute("PRAGMA journal_mode = WAL")
    db.execute("PRAGMA synchronous = NORMAL")
    db.execute("CREATE TABLE t (a INTEGER, b INTEGER, at TEXT, payload TEXT, PRIMARY KEY (a, b))")
    payload = '{"type":"move","seat":0,"text":"c2-d4","move":{"kind":"move","frm":"c2","to":"d4"}}'
    counter = iter(range(10**9))

    def insert() -> None:
        db.execute("BEGIN IMMEDIATE")
        db.execute("INSERT INTO t VALUES (1, ?, '2026-01-01T00:00:00+00:00', ?)", (next(counter), payload))
        db.execute("COMMIT")

    samples = timed(insert, MOVES)
    db.close()
    return samples


def floor_png(size: tuple[int, int]) -> list[float]:
    blank = Image.new("RGB", size, (255, 255, 255))
    return timed(lambda: encode_png(blank), 50)


def random_states(slug: str, seed: int) -> tuple[list[float], list[float], list]:
    """Legal-move and apply timings over the positions of seeded random games."""
    engine = get_engine(slug)
    options = engine.options_model()
    rng = random.Random(seed)
    legal_t: list[float] = []
    apply_t: list[float] = []
    states: list = []
    game = 0
    while len(states) < MOVES:
        game += 1
        state = engine.setup(engine.min_players, options)
        state, events = resolve_chance(engine, state, game.to_bytes(32, "big"), 0)
        draws = sum(len(e.values) for e in events)
        while engine.result(state) is None and len(states) < MOVES:
            seat = min(engine.to_act(state))
            start = time.perf_counter()
            moves = engine.legal_moves(state, seat)
            legal_t.append(time.perf_counter() - start)
            move = rng.choice(list(moves))
            start = time.perf_counter()
            state = engine.apply(state, seat, move)
            apply_t.append(time.perf_counter() - start)
            state, events = resolve_chance(engine, state, game.to_bytes(32, "big"), draws)
            draws += sum(len(e.values) for e in events)
            states.append(state)
    return legal_t, apply_t, states


async def paired_submit_ratios(slug: str, folder: Path, size: tuple[int, int]) -> list[float]:
    """Each move's ``submit`` time over the floors (a blank PNG encode and a SQLite commit) measured
    just before it."""
    blank = Image.new("RGB", size, (255, 255, 255))
    db = sqlite3.connect(folder / f"paired-floor-{slug}.sqlite3", isolation_level=None)
    db.execute("PRAGMA journal_mode = WAL")
    db.execute("PRAGMA synchronous = NORMAL")
    db.execute("CREATE TABLE t (a INTEGER PRIMARY KEY, payload TEXT)")
    ratios: list[float] = []

    def floors() -> float:
        start = time.perf_counter()
        encode_png(blank)
        db.execute("BEGIN IMMEDIATE")
        db.execute("INSERT INTO t (payload) VALUES (?)", ('{"type":"move"}',))
        db.execute("COMMIT")
        return time.perf_counter() - start

    async def each(seconds: float) -> None:
        ratios.append(seconds / floors())

    await submit_figures(slug, folder, on_sample=each, name=f"paired-{slug}", moves=max(20, MOVES // 3))
    db.close()
    return ratios


async def submit_figures(slug: str, folder: Path, *, on_sample: Callable[[float], Awaitable[None]] | None = None,
                         name: str = "", moves: int = MOVES) -> list[float]:
    """``MatchService.submit`` end to end: parse, apply, commit to SQLite, render the board."""
    repo = await SqliteRepository.open(folder / f"bench-{name or slug}.sqlite3")
    service = MatchService(repo, ManualClock(START), seed_source=lambda: bytes(32))
    engine = get_engine(slug)
    players = [Actor(f"p{i}", f"P{i}") for i in range(engine.min_players)]
    by_id = {p.user_id: p for p in players}
    rng = random.Random(2)
    samples: list[float] = []
    channel = 0
    while len(samples) < moves:
        channel += 1
        place = Place("g", f"c{channel}")
        await service.create(place, players[0], slug)
        for player in players[1:]:
            await service.join(place, player)
        await service.start(place, players[0])
        while len(samples) < moves:
            row = await repo.live_match_in(place.channel_id)
            if row is None:
                break
            match = await service.book.load(row.id)
            seat = min(match.to_act())
            move = rng.choice(list(match.engine.legal_moves(match.state, seat)))
            text = match.engine.format_move(move, match.state)
            start = time.perf_counter()
            await service.submit(place, by_id[match.seats[seat].user_id], text)
            samples.append(time.perf_counter() - start)
            if on_sample is not None:
                await on_sample(samples[-1])
    await repo.close()
    return samples


MEMORY_CHILD = """
import asyncio, sys, psutil
from bot.clock import SystemClock
from bot.services.matches import MatchService
from bot.storage.sqlite import SqliteRepository

async def main(path):
    repo = await SqliteRepository.open(path)
    service = MatchService(repo, SystemClock())
    for row in await repo.live_matches():          # what a restart does: restore every match
        await service.book.load(row.id)
    print(psutil.Process().memory_info().rss)
    await repo.close()

asyncio.run(main(sys.argv[1]))
"""


def resident_after_restore(path: Path) -> int:
    out = subprocess.run([sys.executable, "-c", MEMORY_CHILD, str(path)], capture_output=True, text=True, check=True)
    return int(out.stdout.strip())


EXTRA_FIGURES: dict[str, Callable[..., None]] = {"axis_allies": axis_allies.extra_figures}
"""Game-specific figures printed after the common ones."""


def bench_game(slug: str, folder: Path, sqlite_floor: list[float]) -> None:
    engine = get_engine(slug)
    legal_t, apply_t, states = random_states(slug, 1)
    sample = states[:: max(1, len(states) // 60)]
    first = render_view(slug, engine.view(states[0], None))
    size = Image.open(io.BytesIO(first)).size
    png_floor = floor_png(size)
    floors = statistics.median(sqlite_floor) + statistics.median(png_floor)
    public_t = [t for s in sample for t in timed(lambda s=s: render_view(slug, engine.view(s, None)), 1)]
    private_t = [t for s in sample for t in timed(lambda s=s: render_view(slug, engine.view(s, 0)), 1)]
    submit_t = asyncio.run(submit_figures(slug, folder))

    print(f"\n{slug} ({MOVES} moves)")
    line(f"floor: PNG encode of a blank {size[0]}x{size[1]}", png_floor)
    print(f"  sum of the floors: {floors * 1e3:.3f} ms")
    line("legal_moves", legal_t, floors)
    line("apply", apply_t, floors)
    line("render public view", public_t, floors)
    line("render private view (seat 0)", private_t, floors)
    line("submit (whole move path)", submit_t, floors)
    aim = statistics.median(submit_t) / floors
    print(f"  aim: whole move path under 3x the floors -> {aim:.2f}x ({'met' if aim < 3 else 'NOT met'}), "
          f"p99 {percentile(submit_t, 0.99) / floors:.2f}x")
    # The same path with a floor measured right before each move: on a shared machine the load
    # changes within a run, and a ratio of neighbours in time is steadier than one of medians.
    paired = asyncio.run(paired_submit_ratios(slug, folder, size))
    print(f"  whole move path / floors, paired per move: p50 {statistics.median(paired):.2f}x   "
          f"p99 {percentile(paired, 0.99):.2f}x")
    if slug in EXTRA_FIGURES:
        EXTRA_FIGURES[slug](states, line, floors)


def main() -> None:
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        sqlite_floor = floor_sqlite(folder)
        print(f"Scheids benchmarks, Python {sys.version.split()[0]}")
        line("floor: SQLite insert+commit (WAL)", sqlite_floor)
        for slug in GAMES:
            bench_game(slug, folder, sqlite_floor)
        rendering.main(GAMES)
        replays.main()

        print(f"\nmemory of a process that restored N stored {MEMORY_GAME} matches:")
        figures = {}
        for count in (10, 1000):
            path = folder / f"memory-{count}.sqlite3"
            asyncio.run(fill_stored_matches(str(path), count, moves_each=20))
            figures[count] = resident_after_restore(path)
            print(f"  {count:>5} matches: {figures[count] / 2**20:8.1f} MiB resident")
        growth = (figures[1000] - figures[10]) / 2**20
        print(
            f"  1000 vs 10: {figures[1000] / figures[10]:.2f}x, +{growth:.1f} MiB "
            f"(~{growth * 1024 / 990:.1f} KiB per extra match; the cache holds at most 64)"
        )


if __name__ == "__main__":
    main()
