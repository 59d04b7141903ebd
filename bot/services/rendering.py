"""Drawing board pictures off the event loop: a pool of worker processes and a cache of PNGs.

The event loop never draws or encodes (issue 14): ``Renderer.render`` sends the view and the
labels (plain, picklable data) to a ``ProcessPoolExecutor`` sized to the cores and awaits the PNG.
At most ``max_pending`` pictures wait for a worker at a time; more callers wait their turn (never
dropped). Finished PNGs are kept in a cache bounded by bytes, keyed by the game, the view and the
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
import atexit
import logging
import multiprocessing
import os
import threading
import time
from collections import OrderedDict
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field

from pydantic import BaseModel

from render import registry
from render.common import BoardLabels

log = logging.getLogger(__name__)

CACHE_BYTES = 64 * 1024 * 1024
"""The PNG cache holds at most this many bytes (a busy server's last few hundred pictures)."""
SHIPPED = frozenset(fn.__module__ for fn in registry.RENDERERS.values())
"""Modules whose renderers a worker process can import: the project's own."""

CacheKey = tuple[str, str, BoardLabels | None, str]
"""(game, view JSON, labels, part: ``""`` for the board, else ``render.registry.PARTS``' name)."""

configured_workers: int | None = None
"""The ``[render] workers`` setting, set once at start-up by ``bot.__main__`` (None: one per core)."""

OWNER_POLL = 0.5
"""Seconds between a worker's checks that the bot process is still there."""

_pools: dict[int, ProcessPoolExecutor] = {}
_pools_lock = threading.Lock()


def default_workers() -> int:
    """One worker per core the process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def _pool(workers: int) -> ProcessPoolExecutor:
    with _pools_lock:
        pool = _pools.get(workers)
        if pool is None:
            context = multiprocessing.get_context("forkserver")
            context.set_forkserver_preload(["render.registry"])
            pool = ProcessPoolExecutor(max_workers=workers, mp_context=context, initializer=_watch_owner,
                                       initargs=(os.getpid(),))
            _pools[workers] = pool
        return pool


def _watch_owner(owner: int) -> None:
    """In a worker: end as soon as the bot process that owns the pool is gone (killed with
    SIGKILL, say), so no worker, and then no forkserver, outlives it holding its pipes."""

    def watch() -> None:
        while True:
            time.sleep(OWNER_POLL)
            try:
                os.kill(owner, 0)
            except ProcessLookupError:
                os._exit(0)

    threading.Thread(target=watch, name="owner-watch", daemon=True).start()


def _forget(pool: Executor) -> None:
    with _pools_lock:
        for workers, known in list(_pools.items()):
            if known is pool:
                del _pools[workers]
    pool.shutdown(wait=False, cancel_futures=True)


def shutdown_pools() -> None:
    """Stop every worker process of this process's pools (at exit, and for tests)."""
    with _pools_lock:
        pools = list(_pools.values())
        _pools.clear()
    for pool in pools:
        pool.shutdown(wait=True, cancel_futures=True)


atexit.register(shutdown_pools)


def draw(slug: str, view: BaseModel, labels: BoardLabels | None, part: str = "") -> tuple[bytes, int]:
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

    async def render(self, slug: str, view: BaseModel, labels: BoardLabels | None = None, part: str = "") -> bytes:
        """The PNG of ``view`` (the board, or the picture ``part`` names: ``render.registry.PARTS``):
        from the cache, else drawn off the event loop."""
        key = (slug, view.model_dump_json(), labels, part)
        cached = self.cache.get(key)
        if cached is not None:
            return cached
        if self._slots is None:
            self._slots = asyncio.Semaphore(self.max_pending)
        async with self._slots:  # a bounded queue: callers past it wait, none is dropped
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
                    _forget(executor)
                    data, pid = await loop.run_in_executor(_pool(self.workers), draw, slug, view, labels, part)
        self.drawn_by.add(pid)
        self.cache.put(key, data)
        return data
