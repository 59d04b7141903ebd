"""Work a kill must not lose: noted before, claimed after.

A timer's missed deadline (``match.timers``) and a league's announcements (``league.telling``)
are done this way: the note is written first, then the work, then the note is claimed (taken back,
or marked done). A bot that dies between the note and the claim finds the note at its restart and
does the work again, so the work done twice must count once: a commit the record refuses as
stale, a post under the same nonce (which Discord makes one message of).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TypeVar

T = TypeVar("T")


async def noted(
    note: Callable[[], Awaitable[bool]], work: Callable[[], Awaitable[T | None]], claim: Callable[[], Awaitable[bool]],
) -> T | None:
    """``note``, then ``work``, then ``claim``; what the work gave. ``None``: the note was another's
    (``note`` said False: nothing done), the work gave nothing (the note stays, for whoever comes
    next), or the claim was another's (another process finished it)."""
    if not await note():
        return None
    done = await work()
    if done is None:
        return None
    if not await claim():
        return None
    return done
