"""Shutdown never hangs on the scheduler (found in the console checks: a console whose
last line was a move or `/match draw` sometimes never ended after its input)."""

from __future__ import annotations

import asyncio


async def test_stop_ends_the_scheduler_even_right_after_a_wake_up(harness):
    """A commit wakes the scheduler (new timers); a stop in the same moment was swallowed by
    Python 3.11's ``wait_for`` (the wake-up won), and the task slept on for up to an hour."""
    harness.scheduler.start()
    await asyncio.sleep(0.05)  # the task now waits in wait_for for a wake-up or the next timer
    task = harness.scheduler._task
    harness.scheduler.wake()
    done, _ = await asyncio.wait({asyncio.ensure_future(harness.scheduler.stop())}, timeout=10)
    assert done, "stop() did not return: the cancellation was swallowed"
    assert task.done() and harness.scheduler._task is None
