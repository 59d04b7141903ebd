"""One event about a player written into each of their running matches (an absence, quiet hours
a match's deadlines keep out of): the record of every match says what moved its deadlines."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from bot.services.progress import LoadedMatch
from bot.storage.repository import StaleWriteError
from engines.core.contract import Seat

if TYPE_CHECKING:
    from bot.services.match.core import Core

ATTEMPTS = 3
"""Another write to a match may come first: read it again and retry this often."""


async def write_to_running_matches(
    core: Core, user_id: str, event_for: Callable[[LoadedMatch, Seat], Any | None],
) -> int:
    """Append ``event_for(match, seat)`` (``None``: nothing) to every started, unfinished match
    of ``user_id``; how many matches got one. An open match gets its events when it starts."""
    count = 0
    for row in await core.repo.matches_of_user(user_id, None, live_only=True):
        if row.status != "active":
            continue
        for _ in range(ATTEMPTS):
            async with core.book.lock(row.id):
                match = await core.book.load(row.id)
                seat = match.seat_of(user_id) if match is not None else None
                if match is None or seat is None or match.damage is not None or match.result() is not None:
                    break
                event = event_for(match, seat)
                if event is None:
                    break
                try:
                    await core.commit(match, [event])
                except StaleWriteError:
                    continue
                count += 1
                break
    return count
