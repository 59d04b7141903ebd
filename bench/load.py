"""``make bench-load``: how many moves a second the bot carries, and what a player waits.

Real bot processes (``python -m soak.child``: the services, the scheduler and the picture
workers, as ``make run`` opens them) are sent a steady arrival of moves from many
matches of every game at once, a realistic correspondence mix: each arrival picks a match
nobody is waiting on, asks a bot for one legal move of a seat to act (what autocomplete does)
and submits it through another bot, chosen at random: any process must serve any match. The
rate steps up until the answer time's p99 passes one second or fewer than 9 in 10 arrivals are
played; the highest rate carried (p99 under a second, 9 in 10 played) is the figure. Then the same with many stored matches in the database
(idle correspondence matches, each a few moves in).

For each setup (SQLite with one process; PostgreSQL with 1, 2 and 4 when the backend is
there) the table shows the sustained moves/s, the answer time p50/p99 of a move at that rate,
the event loop's lag (how late a 50 ms sleep woke, p99, worst process), and the resident
memory of the bot processes (the largest, without their picture workers).

Bounded: every rate step lasts ``LOAD_STEP_SECONDS`` (default 8) and at most
``LOAD_RATES`` (default ``1,2,4,8,16,32``) are tried. ``LOAD_MATCHES`` (default 60) matches
move; ``LOAD_STORED`` (default 10000) matches are stored for the second pass; ``LOAD_SETUPS``
(default ``sqlite:1,postgresql:1,postgresql:2,postgresql:4``) picks the setups. Figures only:
nothing here fails a build.
"""

from __future__ import annotations

import asyncio
import os
import random
import shutil
import statistics
import sys
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from bench.stored import database_backends, fill_stored_matches
from engines.registry import ENGINES, get_engine
from soak.run import Child

GAMES = tuple(sorted(ENGINES))
STEP_SECONDS = float(os.environ.get("LOAD_STEP_SECONDS", "8"))
RATES = [float(rate) for rate in os.environ.get("LOAD_RATES", "1,2,4,8,16,32").split(",") if rate]
MATCHES = int(os.environ.get("LOAD_MATCHES", "60"))
STORED = int(os.environ.get("LOAD_STORED", "10000"))
SETUPS = [s for s in os.environ.get("LOAD_SETUPS", "sqlite:1,postgresql:1,postgresql:2,postgresql:4").split(",") if s]
P99_LIMIT = 1.0
"""A move must be answered within a second at p99 for a rate to count as carried."""


def percentile(samples: list[float], share: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else 0.0


@dataclass
class Step:
    rate: float
    moves: int = 0
    """Moves played (acknowledged) in the step."""
    offered: int = 0
    """Arrivals in the step."""
    missed: int = 0
    """Arrivals that found no match free to move: the offered rate was not reached."""
    failures: int = 0
    """Submissions that were not played (refused, failed or unanswered)."""
    latencies: list[float] = field(default_factory=list)
    lag_p99: float = 0.0
    rss: int = 0
    seconds: float = STEP_SECONDS
    """From the first arrival until the last move of the step was answered."""

    @property
    def carried(self) -> float:
        return self.moves / self.seconds

    @property
    def ok(self) -> bool:
        return bool(self.latencies) and percentile(self.latencies, 0.99) < P99_LIMIT and self.moves >= 0.9 * self.offered


@dataclass
class Pool:
    """The matches being played: their channels, seats, and whether someone waits on them."""

    children: list[Child]
    rng: random.Random
    channels: list[str] = field(default_factory=list)
    busy: set[str] = field(default_factory=set)
    made: int = 0

    def pick_child(self) -> Child:
        return self.rng.choice(self.children)

    async def open_match(self) -> None:
        """Create, fill and start one more match (games in turn), through random bots."""
        number = self.made
        self.made += 1
        game = GAMES[number % len(GAMES)]
        channel = f"load-{number}"
        users = [f"l{number}p{seat}" for seat in range(get_engine(game).min_players)]
        # Default options: the rulebook's game (Militakiri's 60-minute clocks outlast a run).
        await self.pick_child().request("create", channel=channel, user=users[0], game=game, options={})
        for user in users[1:]:
            await self.pick_child().request("join", channel=channel, user=user)
        await self.pick_child().request("start", channel=channel, user=users[0])
        self.channels.append(channel)

    async def move(self, step: Step) -> None:
        """One arrival: a free match gets one legal move from a seat to act."""
        free = [channel for channel in self.channels if channel not in self.busy]
        if not free:
            step.missed += 1
            return
        channel = self.rng.choice(free)
        self.busy.add(channel)
        try:
            found, _ = await self.pick_child().request("peek", channel=channel, pick=self.rng.randrange(10**9))
            if found is None or found.get("over") or not found.get("to_act"):
                self.channels.remove(channel)  # over: a new match takes its place
                await self.open_match()
                step.missed += 1
                return
            turn = self.rng.choice(found["to_act"])
            answer, seconds = await self.pick_child().request("submit", channel=channel, user=turn["user"], text=turn["move"])
            step.latencies.append(seconds)
            if answer is not None and answer.get("move") is not None:
                step.moves += 1
            else:
                step.failures += 1
        finally:
            self.busy.discard(channel)


async def run_step(pool: Pool, rate: float) -> Step:
    """Arrivals at ``rate`` a second for ``STEP_SECONDS``; then the bots' lag."""
    step = Step(rate)
    for child in pool.children:  # forget the lag of the step before
        await child.request("stats")
    started = time.monotonic()
    tasks: set[asyncio.Task] = set()
    # A steady arrival: one move every 1/rate seconds on a fixed schedule (random gaps made the
    # number offered in an 8-second step vary by a third, and with it the verdict).
    for number in range(max(1, round(rate * STEP_SECONDS))):
        await asyncio.sleep(max(0.0, started + number / rate - time.monotonic()))
        step.offered += 1
        task = asyncio.create_task(pool.move(step))
        tasks.add(task)
        task.add_done_callback(tasks.discard)
    if tasks:
        await asyncio.wait(tasks, timeout=30)
    step.seconds = time.monotonic() - started
    stats = [answer for answer, _ in [await child.request("stats") for child in pool.children] if answer]
    step.lag_p99 = max((s["lag_p99"] for s in stats), default=0.0)
    step.rss = max((s["rss"] for s in stats), default=0)
    return step


@dataclass
class Row:
    setup: str
    stored: int
    best: Step | None
    steps: list[Step]

    def line(self) -> str:
        if self.best is None:
            return f"  {self.setup:<16} {self.stored:>7}   no rate carried (lowest tried {RATES[0]:g}/s)"
        b = self.best
        return (
            f"  {self.setup:<16} {self.stored:>7} {b.carried:9.1f} {statistics.median(b.latencies) * 1e3:9.0f} "
            f"{percentile(b.latencies, 0.99) * 1e3:9.0f} {b.lag_p99 * 1e3:9.0f} {b.rss / 2**20:9.0f}"
        )


async def run_setup(backend: str, processes: int, database: str, stored: int, folder: Path) -> Row:
    epoch = time.time()
    children = [
        Child(f"{backend}-{processes}-{n}", [sys.executable, "-m", "soak.child", "--db", database,
                                              "--epoch", repr(epoch), "--factor", "1"], folder / f"{backend}-{processes}-{n}.log")
        for n in range(processes)
    ]
    await asyncio.gather(*(child.start() for child in children))
    pool = Pool(children, random.Random(7))
    try:
        for _ in range(MATCHES):
            await pool.open_match()
        steps: list[Step] = []
        for rate in RATES:
            step = await run_step(pool, rate)
            steps.append(step)
            print(f"    {backend} x{processes}, {stored} stored, {rate:g}/s offered: {step.carried:.1f}/s played, "
                  f"p50 {statistics.median(step.latencies or [0]) * 1e3:.0f} ms, p99 {percentile(step.latencies, 0.99) * 1e3:.0f} ms, "
                  f"lag p99 {step.lag_p99 * 1e3:.0f} ms, {step.failures} not played, {step.missed} missed", flush=True)
            if not step.ok:
                break
    finally:
        for child in children:
            await child.stop()
    carried = [step for step in steps if step.ok]
    return Row(f"{backend} x{processes}", stored, max(carried, key=lambda s: s.carried) if carried else None, steps)


async def main() -> None:
    folder = Path(os.environ.get("LOAD_DIR", "out/bench-load"))
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    print(f"Scheids load benchmark, Python {sys.version.split()[0]}, {os.cpu_count()} cores; "
          f"{MATCHES} matches moving, rate steps {RATES} of {STEP_SECONDS:g} s", flush=True)
    rows: list[Row] = []
    async with database_backends(folder) as backends:
        for setup in SETUPS:
            backend, processes = setup.split(":")
            if backend not in backends:
                print(f"  {setup}: skipped ({backends.missing(backend)})")
                continue
            for stored in (0, STORED):
                database = await backends[backend].fresh(stored, fill_stored_matches)
                rows.append(await run_setup(backend, int(processes), database, stored, folder))
    print(f"\nsustained moves/s with a move's answer p99 under {P99_LIMIT:g} s ({datetime.now(UTC):%Y-%m-%d}):")
    print(f"  {'setup':<16} {'stored':>7} {'moves/s':>9} {'p50 ms':>9} {'p99 ms':>9} {'lag p99':>9} {'RSS MiB':>9}")
    for row in rows:
        print(row.line())
    best = max((row for row in rows if row.best is not None), key=lambda row: row.best.carried, default=None)
    if best is not None:
        per_hour = best.best.carried * 3600
        print(f"\n  {best.setup}: {best.best.carried:.1f} moves/s is about {per_hour:,.0f} active correspondence matches "
              f"at one move an hour each (a move per seat-turn; answers p99 under {P99_LIMIT:g} s)")


if __name__ == "__main__":
    asyncio.run(main())
