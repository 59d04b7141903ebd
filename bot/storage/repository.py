"""The small interface between services and storage, so another backend can follow."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any, Protocol

from engines.core.record import Entry
from bot.storage.models import MatchRow, NewMatch, RatingRow, SeatRow, Status, TimerRow, UserRow


class StaleWriteError(Exception):
    """Someone else appended to this match first; nothing of this write was applied."""


class OutdatedMatchError(Exception):
    """The match was recorded under another version of its engine's rules: it cannot replay.

    Raised on load, so nothing is applied to it; adapters say so instead of crashing."""

    def __init__(self, match_id: int, recorded: int, current: int) -> None:
        super().__init__(f"match {match_id} was recorded with rules version {recorded}, this bot has {current}")
        self.match_id = match_id
        self.recorded = recorded
        self.current = current


class LiveMatchExistsError(Exception):
    """The channel already has an open or active match."""


class Repository(Protocol):
    async def create_match(self, match: NewMatch, creator_name: str, at: datetime) -> MatchRow:
        """Insert the match with its creator in seat 0; ``LiveMatchExistsError`` if the place is taken."""
        ...

    async def get_match(self, match_id: int) -> MatchRow | None: ...
    async def live_match_in(self, channel_id: str) -> MatchRow | None: ...
    async def latest_match_in(self, channel_id: str) -> MatchRow | None:
        """The newest match of the channel, live or not."""
        ...
    async def matches_of_user(self, user_id: str, guild_id: str | None, live_only: bool) -> list[MatchRow]: ...
    async def live_matches(self) -> list[MatchRow]: ...

    async def seats(self, match_id: int) -> list[SeatRow]: ...
    async def add_seat(self, match_id: int, user_id: str, name: str) -> SeatRow: ...
    async def remove_seat(self, match_id: int, user_id: str) -> None:
        """Remove a seat before the start; later seats move up so seats stay 0..n-1."""
        ...

    async def mark_dm_closed(self, match_id: int, user_id: str) -> bool:
        """Flag the seat's DMs as closed; True only the first time (the channel is told once)."""
        ...

    async def entries(self, match_id: int, after_seq: int = 0) -> list[Entry]: ...

    async def append(
        self,
        match_id: int,
        expected_seq: int,
        events: Sequence[Any],
        at: datetime,
        *,
        status: Status | None = None,
        result: dict[str, Any] | None = None,
        timers: Sequence[TimerRow] | None = None,
        snapshot: str | None = None,
        engine_version: int | None = None,
        ratings: Sequence[RatingRow] = (),
    ) -> int:
        """Append events after ``expected_seq`` in one transaction, with the match's new status,
        result, timers (replacing the match's timers when given), an optional snapshot of the
        state after the last event, and the players' new ratings when the match ended. Returns
        the new last seq. ``StaleWriteError`` when ``expected_seq`` is not the last seq any more."""
        ...

    async def rating(self, guild_id: str, user_id: str, game: str, board: str) -> RatingRow | None: ...
    async def ratings_of(self, guild_id: str, user_id: str) -> list[RatingRow]: ...
    async def leaderboard(self, guild_id: str, game: str, board: str, limit: int) -> list[RatingRow]: ...

    async def snapshot(self, match_id: int) -> tuple[int, int, str] | None:
        """(seq, engine_version, payload) of the cached state, if any."""
        ...

    async def next_timer(self) -> TimerRow | None: ...
    async def due_timers(self, now: datetime) -> list[TimerRow]: ...
    async def delete_timer(self, timer_id: int) -> None: ...

    async def remember_user(self, user: UserRow) -> None: ...
    async def user(self, user_id: str) -> UserRow | None: ...

    # What the Discord adapter remembers: users whose DMs refused us; small named settings.
    async def dm_refused_users(self) -> set[str]: ...
    async def remember_dm_refused(self, user_id: str, at: datetime) -> None: ...
    async def forget_dm_refused(self, user_id: str) -> None: ...
    async def setting(self, key: str) -> str | None: ...
    async def set_setting(self, key: str, value: str) -> None: ...

    async def close(self) -> None: ...
