"""Drawing board pictures off the event loop: a pool of worker processes and a cache of PNGs.

The event loop never draws or encodes: ``Renderer.render`` sends the view and the
labels (plain, picklable data) to a ``ProcessPoolExecutor`` sized to the cores and awaits the PNG;
``Renderer.run`` sends work on a record (a replay, a catch-up's strip) the same way. At most
``max_pending`` pieces of work (pictures and records together) wait for a worker at a time; more
callers wait their turn (never dropped). Finished PNGs are kept in a cache bounded by bytes, keyed by the game, the view and the
labels themselves: ``/board``, ``/view`` and button presses on an unchanged match get the same bytes
without a redraw, and a picture can only ever be served for the very view it was drawn from, so
one viewer's picture never reaches another.

The pool is shared by every ``Renderer`` of the process (tests open many services) and started
lazily; ``shutdown_pools`` (also run at exit) stops it. Worker processes come from a forkserver
that has already imported the renderers, so a new worker starts in milliseconds and the static
parts each renderer caches (the Axis & Allies ocean and borders, fonts, sprites) are drawn once per
worker. Renderers the project does not ship (a test's toy game) are drawn in a thread instead, as
a worker process could not import them.
"""

from __future__ import annotations

import asyncio
import logging
import os
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import Any, TypeVar

from pydantic import BaseModel

from bot.services.workers import default_workers, forget, pool, shutdown_pools  # noqa: F401 (shutdown_pools: tests)
from render import registry
from render.common import BoardLabels
from render.registry import Part

log = logging.getLogger(__name__)
T = TypeVar("T")

CACHE_BYTES = 64 * 1024 * 1024
"""The PNG cache holds at most this many bytes (a busy server's last few hundred pictures)."""
SHIPPED = frozenset(fn.__module__ for fn in registry.RENDERERS.values())
"""Modules whose renderers a worker process can import: the project's own."""

CacheKey = tuple[str, str, BoardLabels | None, Part | None]
"""(game, view JSON, labels, part: ``None`` for the board, else a ``render.registry.Part``)."""

configured_workers: int | None = None
"""The ``[render] workers`` setting, set once at start-up by ``bot.__main__`` (None: one per core)."""



def _pool(workers: int) -> ProcessPoolExecutor:
    return pool(workers, ("render.registry",))


def draw(slug: str, view: BaseModel, labels: BoardLabels | None, part: Part | None = None) -> tuple[bytes, int]:
    """In a worker: the PNG, and the id of the process that drew it (for the tests)."""
    return registry.render_view(slug, view, labels, part), os.getpid()


@dataclass
class PictureCache:
    """PNGs by (game, view JSON, labels, part), least recently used first out, at most ``limit`` bytes."""

    limit: int = CACHE_BYTES
    used: int = 0
    hits: int = 0
    misses: int = 0
    _items: OrderedDict[CacheKey, bytes] = field(default_factory=OrderedDict)

    def get(self, key: CacheKey) -> bytes | None:
        data = self._items.get(key)
        if data is None:
            self.misses += 1
            return None
        self._items.move_to_end(key)
        self.hits += 1
        return data

    def put(self, key: CacheKey, data: bytes) -> None:
        if len(data) > self.limit:
            return
        old = self._items.pop(key, None)
        if old is not None:
            self.used -= len(old)
        self._items[key] = data
        self.used += len(data)
        while self.used > self.limit:
            _, dropped = self._items.popitem(last=False)
            self.used -= len(dropped)


class Renderer:
    """Board pictures for the services: in worker processes (``workers`` > 0, default one per
    core) or, with ``workers=0``, in a thread of this process; cached either way."""

    def __init__(self, workers: int | None = None, *, max_pending: int | None = None,
                 cache_bytes: int = CACHE_BYTES) -> None:
        self.workers = default_workers() if workers is None else workers
        self.max_pending = max_pending or max(2, 4 * max(self.workers, 1))
        self._slots: asyncio.Semaphore | None = None
        self.cache = PictureCache(cache_bytes)
        self.drawn_by: set[int] = set()
        """Ids of the processes that drew this renderer's pictures (tests check it is not ours)."""

    def _executor(self, slug: str) -> Executor | None:
        if self.workers <= 0 or registry.RENDERERS[slug].__module__ not in SHIPPED:
            return None
        return _pool(self.workers)

    def warm(self) -> asyncio.Future | None:
        """Start the worker processes now, in the background: each imports the renderers once, so
        the first picture after a (re)start does not wait for them. ``None`` when drawing in a
        thread. Awaiting the future is optional; it never raises (a failure shows at the next
        ``render``, which starts a fresh pool)."""
        if self.workers <= 0:
            return None
        executor = _pool(self.workers)
        loop = asyncio.get_running_loop()
        started = [loop.run_in_executor(executor, os.getpid) for _ in range(self.workers)]
        return asyncio.gather(*started, return_exceptions=True)

    def _queue(self) -> asyncio.Semaphore:
        if self._slots is None:
            self._slots = asyncio.Semaphore(self.max_pending)
        return self._slots

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` off the event loop, in this renderer's workers (``fn`` a module-level
        function of the project, its arguments plain data), or in a thread with ``workers=0``:
        work on a whole record (a history's replay) that would hold the loop for a while. It
        waits in the pictures' bounded queue: at most ``max_pending`` pieces of work (pictures
        and these) are handed to the workers at a time; more callers wait their turn."""
        async with self._queue():
            if self.workers <= 0:
                return await asyncio.to_thread(fn, *args)
            loop = asyncio.get_running_loop()
            executor = _pool(self.workers)
            try:
                return await loop.run_in_executor(executor, fn, *args)
            except BrokenProcessPool:
                log.warning("worker pool broken; starting a new one")
                forget(executor)
                return await loop.run_in_executor(_pool(self.workers), fn, *args)

    async def render(self, slug: str, view: BaseModel, labels: BoardLabels | None = None,
                     part: Part | None = None) -> bytes:
        """The PNG of ``view`` (the board, or the picture ``part`` names: ``render.registry.PARTS``):
        from the cache, else drawn off the event loop."""
        key = (slug, view.model_dump_json(), labels, part)
        cached = self.cache.get(key)
        if cached is not None:
            return cached
        async with self._queue():  # a bounded queue: callers past it wait, none is dropped
            executor = self._executor(slug)
            loop = asyncio.get_running_loop()
            if executor is None:
                data, pid = await asyncio.to_thread(draw, slug, view, labels, part)
            else:
                try:
                    data, pid = await loop.run_in_executor(executor, draw, slug, view, labels, part)
                except BrokenProcessPool:
                    # a worker died (killed, out of memory): start a fresh pool and draw again once
                    log.warning("render pool broken; starting a new one", extra={"game": slug})
                    forget(executor)
                    data, pid = await loop.run_in_executor(_pool(self.workers), draw, slug, view, labels, part)
        self.drawn_by.add(pid)
        self.cache.put(key, data)
        return data
