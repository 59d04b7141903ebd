"""Worker processes for work that must not run on the event loop (pictures, the computer's
thinking): one ``ProcessPoolExecutor`` per (size, preloaded modules), shared by the process.

Workers come from a forkserver that has already imported ``preload``, so a new worker starts in
milliseconds. Each worker watches the bot process and ends when it is gone (killed with SIGKILL,
say), so no worker outlives it holding its pipes. A broken pool (a worker killed, out of memory)
is ``forget``-ten and the next ``pool`` call starts a fresh one. ``shutdown_pools`` (also run at
exit) stops them all.
"""

from __future__ import annotations

import atexit
import multiprocessing
import os
import threading
import time
from concurrent.futures import Executor, ProcessPoolExecutor

OWNER_POLL = 0.5
"""Seconds between a worker's checks that the bot process is still there."""

_pools: dict[tuple[int, tuple[str, ...]], ProcessPoolExecutor] = {}
_pools_lock = threading.Lock()


def default_workers() -> int:
    """One worker per core the process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def pool(workers: int, preload: tuple[str, ...]) -> ProcessPoolExecutor:
    with _pools_lock:
        key = (workers, preload)
        found = _pools.get(key)
        if found is None:
            context = multiprocessing.get_context("forkserver")
            context.set_forkserver_preload(list(preload))
            found = ProcessPoolExecutor(max_workers=workers, mp_context=context, initializer=_watch_owner,
                                        initargs=(os.getpid(),))
            _pools[key] = found
        return found


def _watch_owner(owner: int) -> None:
    """In a worker: end as soon as the process that owns the pool is gone."""

    def watch() -> None:
        while True:
            time.sleep(OWNER_POLL)
            try:
                os.kill(owner, 0)
            except ProcessLookupError:
                os._exit(0)

    threading.Thread(target=watch, name="owner-watch", daemon=True).start()


def forget(executor: Executor) -> None:
    with _pools_lock:
        for key, known in list(_pools.items()):
            if known is executor:
                del _pools[key]
    executor.shutdown(wait=False, cancel_futures=True)


def shutdown_pools() -> None:
    """Stop every worker process of this process's pools (at exit, and for tests)."""
    with _pools_lock:
        pools = list(_pools.values())
        _pools.clear()
    for executor in pools:
        executor.shutdown(wait=True, cancel_futures=True)


atexit.register(shutdown_pools)
