"""``make bench`` section: board pictures off the event loop.

For each game a few mid-game views are drawn three ways: in this process (the baseline, as the
bot did before: a thread of the event loop's process), in the worker pool, and from the cache.
While the pool draws, a ticker on the event loop measures how late it runs (event-loop lag):
with the pool the loop stays free; drawing in a thread holds the GIL.
"""

from __future__ import annotations

import asyncio
import random
import time

from bot.services.rendering import Renderer, shutdown_pools
from engines.core.contract import Outcome
from engines.registry import ENGINES
from render.registry import render_view

VIEWS = 12


def mid_game_views(slug: str, seed: int = 1) -> list:
    engine = ENGINES[slug]
    rng = random.Random(seed)
    state = engine.setup(2, engine.options_model())
    views = []
    for step in range(600):
        if engine.result(state) is not None or len(views) >= VIEWS:
            break
        chance = engine.chance(state)
        if chance is not None:
            state = engine.apply_chance(state, Outcome(kind=chance.kind, values=tuple(rng.randrange(n) for n in chance.sizes)))
            continue
        seat = min(engine.to_act(state))
        state = engine.apply(state, seat, rng.choice(list(engine.legal_moves(state, seat))))
        if step % 7 == 0:
            views.append(engine.view(state, None))
    return views


async def loop_lag(work) -> tuple[list[float], float]:
    """Run ``work`` while a 10 ms ticker measures how late the loop wakes it; (lags, work seconds)."""
    lags: list[float] = []
    done = False

    async def ticker() -> None:
        while not done:
            start = time.perf_counter()
            await asyncio.sleep(0.01)
            lags.append(time.perf_counter() - start - 0.01)

    task = asyncio.create_task(ticker())
    start = time.perf_counter()
    await work()
    elapsed = time.perf_counter() - start
    done = True
    await task
    return lags, elapsed


def percentile(samples: list[float], share: float) -> float:
    ordered = sorted(samples) or [0.0]
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


async def bench_game(slug: str) -> None:
    views = mid_game_views(slug)
    thread, pool = Renderer(workers=0), Renderer()

    async def draw_all(renderer: Renderer) -> list[float]:
        samples = []
        for view in views:
            start = time.perf_counter()
            await renderer.render(slug, view)
            samples.append(time.perf_counter() - start)
        return samples

    await Renderer().render(slug, views[0])  # start the shared workers outside the figures
    thread_lag, _ = await loop_lag(lambda: draw_all(thread))
    thread_times = await draw_all(Renderer(workers=0))
    pool_lag, _ = await loop_lag(lambda: draw_all(pool))
    pool_times = await draw_all(Renderer())
    cached = await draw_all(pool)
    here = []
    for view in views:
        start = time.perf_counter()
        render_view(slug, view)
        here.append(time.perf_counter() - start)
    base = percentile(here, 0.5)
    print(f"  {slug:<16} in process p50 {base * 1e3:7.1f} ms | thread p50 {percentile(thread_times, 0.5) * 1e3:7.1f} ms"
          f" loop lag p99 {percentile(thread_lag, 0.99) * 1e3:6.1f} ms | pool p50 {percentile(pool_times, 0.5) * 1e3:7.1f} ms"
          f" ({percentile(pool_times, 0.5) / base:4.2f}x) loop lag p99 {percentile(pool_lag, 0.99) * 1e3:6.1f} ms"
          f" | cache hit p50 {percentile(cached, 0.5) * 1e3:6.2f} ms")


def main(games: list[str]) -> None:
    print(f"\nboard pictures off the event loop ({VIEWS} mid-game views per game; baseline: drawn in this process):")
    try:
        for slug in games:
            asyncio.run(bench_game(slug))
    finally:
        shutdown_pools()
