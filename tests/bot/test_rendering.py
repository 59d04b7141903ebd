"""board pictures are drawn off the event loop, in worker processes, with a bounded
queue and a cache that never serves one view's picture for another."""

from __future__ import annotations

import asyncio
import os
import signal
import threading

import pytest

from bot.services import rendering
from bot.services.rendering import PictureCache, Renderer
from engines.registry import get_engine
from render import registry
from render.common import BoardLabels
from tests.bot.toy_bombs import ToyBombs, render_toy_bombs

LABELS = BoardLabels(title="Masters Victory", status="alice is to move", seats=("alice", "bob"))


def views(slug: str = "masters_victory"):
    engine = get_engine(slug)
    state = engine.setup(2, engine.options_model())
    return engine.view(state, 0), engine.view(state, 1), engine.view(state, None)


async def test_the_pool_draws_in_another_process_and_the_same_picture_as_here() -> None:
    seat0, _, _ = views()
    renderer = Renderer(workers=1)
    data = await renderer.render("masters_victory", seat0, LABELS)
    assert renderer.drawn_by and os.getpid() not in renderer.drawn_by
    assert data == registry.render_view("masters_victory", seat0, LABELS)


async def test_an_unchanged_picture_comes_from_the_cache_and_never_for_another_view() -> None:
    seat0, seat1, public = views()
    renderer = Renderer(workers=1)
    first = await renderer.render("masters_victory", seat0, LABELS)
    drawn = renderer.cache.misses
    assert await renderer.render("masters_victory", seat0, LABELS) is first
    assert renderer.cache.hits == 1 and renderer.cache.misses == drawn
    # Seat 1's and the channel's views of the same state are other pictures: drawn, not served from seat 0's
    other = await renderer.render("masters_victory", seat1, LABELS)
    channel = await renderer.render("masters_victory", public, LABELS)
    assert len({first, other, channel}) == 3
    assert other == registry.render_view("masters_victory", seat1, LABELS)
    # other words are another picture too
    dutch = BoardLabels(title=LABELS.title, status="alice is aan zet", seats=LABELS.seats)
    assert await renderer.render("masters_victory", seat0, dutch) != first


def test_the_cache_keeps_to_its_byte_limit_least_recently_used_out() -> None:
    cache = PictureCache(limit=10)
    cache.put(("g", "a", None, None), b"12345")
    cache.put(("g", "b", None, None), b"12345")
    assert cache.get(("g", "a", None, None)) == b"12345"  # a is now the most recent
    cache.put(("g", "c", None, None), b"123")
    assert cache.get(("g", "b", None, None)) is None and cache.get(("g", "a", None, None)) is not None
    assert cache.used <= 10
    cache.put(("g", "huge", None, None), b"x" * 11)
    assert cache.get(("g", "huge", None, None)) is None


async def test_the_queue_is_bounded_and_every_caller_is_served(monkeypatch) -> None:
    running, most = 0, 0
    gate = threading.Event()
    lock = threading.Lock()

    def slow_draw(slug, view, labels, part=None):
        nonlocal running, most
        with lock:
            running += 1
            most = max(most, running)
        gate.wait(5)
        with lock:
            running -= 1
        return registry.render_view(slug, view, labels), os.getpid()

    monkeypatch.setattr(rendering, "draw", slow_draw)
    renderer = Renderer(workers=0, max_pending=2)
    seat0, seat1, public = views()
    other = BoardLabels(status="x")
    tasks = [asyncio.create_task(renderer.render("masters_victory", v, lab))
             for v in (seat0, seat1, public) for lab in (LABELS, other)]
    await asyncio.sleep(0.2)
    assert most <= 2 and not any(t.done() for t in tasks)
    gate.set()
    pictures = await asyncio.gather(*tasks)
    assert len(set(pictures)) == 6 and most <= 2


async def test_work_on_a_record_waits_in_the_same_bounded_queue() -> None:
    """``Renderer.run`` (a catch-up's strip, a replay, a history's board) takes a place in the queue
    the pictures wait in: however many turn notices come at once, at most ``max_pending`` pieces of
    work are handed to the workers at a time, and every caller is served."""
    running, most = 0, 0
    gate = threading.Event()
    lock = threading.Lock()

    def slow(number: int) -> int:
        nonlocal running, most
        with lock:
            running += 1
            most = max(most, running)
        gate.wait(5)
        with lock:
            running -= 1
        return number

    renderer = Renderer(workers=0, max_pending=2)
    seat0, _, _ = views()
    tasks = [asyncio.create_task(renderer.run(slow, n)) for n in range(5)]
    tasks.append(asyncio.create_task(renderer.render("masters_victory", seat0, LABELS)))
    await asyncio.sleep(0.2)
    assert most <= 2 and not any(t.done() for t in tasks)
    gate.set()
    done = await asyncio.gather(*tasks)
    assert done[:5] == list(range(5)) and most <= 2


async def test_a_renderer_the_workers_cannot_import_is_drawn_in_a_thread(monkeypatch) -> None:
    monkeypatch.setitem(registry.RENDERERS, "toy_bombs", render_toy_bombs)
    engine = ToyBombs()
    view = engine.view(engine.setup(2, engine.options_model()), None)
    renderer = Renderer(workers=1)
    assert await renderer.render("toy_bombs", view) == render_toy_bombs(view)
    assert renderer.drawn_by == {os.getpid()}


async def test_a_killed_worker_is_replaced_and_the_picture_still_drawn() -> None:
    seat0, seat1, _ = views()
    renderer = Renderer(workers=1)
    await renderer.render("masters_victory", seat0, LABELS)
    (worker,) = renderer.drawn_by
    os.kill(worker, signal.SIGKILL)
    await asyncio.sleep(0.2)
    data = await renderer.render("masters_victory", seat1, LABELS)
    assert data == registry.render_view("masters_victory", seat1, LABELS)
    assert len(renderer.drawn_by - {worker}) == 1


@pytest.fixture(autouse=True, scope="module")
def _stop_pools():
    yield
    rendering.shutdown_pools()


async def test_the_services_the_bot_opens_draw_every_board_in_a_worker(tmp_path) -> None:
    from bot.wiring import open_services
    from tests.bot.conftest import ALICE, BOB, PLACE

    async def deliver(deliveries) -> None:
        return None

    services = await open_services(str(tmp_path / "db.sqlite3"), deliver, render_workers=1)
    try:
        await services.matches.create(PLACE, ALICE, "heroes_cities", opponent=BOB)
        await services.matches.join(PLACE, BOB)
        started = await services.matches.start(PLACE, ALICE)
        assert any(d.attachments for d in started)
        drawn = services.matches.renderer.drawn_by
        assert drawn and os.getpid() not in drawn
    finally:
        await services.close()


def test_workers_end_when_the_bot_is_killed(tmp_path) -> None:
    """kill -9 of the bot leaves no worker behind (nor its forkserver, nor pipes held open)."""
    import subprocess
    import sys
    import time

    import psutil

    script = tmp_path / "owner.py"
    script.write_text(
        "import asyncio, sys, time\n"
        "from bot.services.rendering import Renderer\n"
        "from engines.registry import get_engine\n"
        "async def main():\n"
        "    engine = get_engine('militakiri')\n"
        "    renderer = Renderer(workers=1)\n"
        "    await renderer.render('militakiri', engine.view(engine.setup(2, engine.options_model()), None))\n"
        "    print(*renderer.drawn_by, flush=True)\n"
        "    time.sleep(60)\n"
        "if __name__ == '__main__':\n"
        "    asyncio.run(main())\n"
    )
    owner = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE, text=True,
                             env={**os.environ, "PYTHONPATH": os.getcwd()})
    try:
        worker = int(owner.stdout.readline())
        helpers = [p.pid for p in psutil.Process(owner.pid).children(recursive=True)]
        assert worker in helpers
        owner.kill()
        owner.wait()
        deadline = time.monotonic() + 30  # a bound for the check, not a speed target
        while any(psutil.pid_exists(pid) and psutil.Process(pid).status() != psutil.STATUS_ZOMBIE for pid in helpers):
            assert time.monotonic() < deadline, "a render worker outlived the bot"
            time.sleep(0.2)
    finally:
        owner.kill()
