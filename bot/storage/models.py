"""Rows as the services see them (plain pydantic models, no SQL)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

Status = Literal["open", "active", "finished", "aborted"]
LIVE: tuple[Status, ...] = ("open", "active")


class _Row(BaseModel):
    model_config = ConfigDict(frozen=True)


class NewMatch(_Row):
    guild_id: str | None
    channel_id: str
    game: str
    engine_version: int
    options: dict[str, Any]
    time_control: dict[str, Any]
    creator_id: str
    invited_id: str | None
    seed: bytes
    commitment: str
    language: str


class MatchRow(NewMatch):
    id: int
    status: Status
    result: dict[str, Any] | None
    last_seq: int
    created_at: datetime
    updated_at: datetime
    unreadable: tuple[str, ...] = ()
    """The stored fields that no longer read (bad JSON, a bad time): they hold neutral values
    here, and the match loads as damaged (``bot.storage.common.match_row``)."""


class SeatRow(_Row):
    match_id: int
    seat: int
    user_id: str
    name: str
    dm_closed: bool = False


class TimerRow(_Row):
    id: int | None = None
    match_id: int
    kind: Literal["reminder", "timeout", "question"]
    seat: int
    due_at: datetime
    seq: int
    """The match's last event seq when the timer was set: a timer whose seq is no longer the
    match's last is stale (the turn moved on) and is ignored."""


class UserRow(_Row):
    user_id: str
    name: str
    language: str


class RatingRow(_Row):
    """A player's points on one server, game and board, with the record that made them."""

    guild_id: str
    user_id: str
    game: str
    board: str
    name: str
    points: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0


@dataclass
class RatingUpdate:
    """One player's rating change at the end of a match, applied by the repository inside the
    transaction that records the end, to the row as it is then: ``change(current) -> new``
    (``current`` is a zero row for a first match). Two matches of one player ending at once
    therefore both count. The repository fills ``before`` and ``after`` for the post."""

    guild_id: str
    user_id: str
    game: str
    board: str
    name: str
    change: Callable[[RatingRow], RatingRow]
    before: RatingRow | None = None
    after: RatingRow | None = None

    def blank(self) -> RatingRow:
        return RatingRow(guild_id=self.guild_id, user_id=self.user_id, game=self.game, board=self.board, name=self.name)


LeagueFormat = Literal["round_robin", "swiss", "ladder"]
LeagueStatus = Literal["signup", "running", "finished"]
PAIRING_MARKS = ("thread_id", "match_id", "outcome", "accepted_at", "reported_at")
"""The pairing fields set once (``Repository.mark_pairing``): from empty to a value, never back."""


class NewLeague(_Row):
    guild_id: str
    channel_id: str
    """Where it was created: its sign-up post, its announcements and its pairings' threads."""
    name: str
    game: str
    format: LeagueFormat
    settings: dict[str, Any]
    """What the organizer chose (``bot.services.league.settings.LeagueSettings`` as JSON)."""
    creator_id: str
    language: str


class LeagueRow(NewLeague):
    id: int
    status: LeagueStatus
    created_at: datetime


class LeagueEntryRow(_Row):
    league_id: int
    user_id: str
    name: str
    number: int
    """Sign-up order, from 1."""
    withdrawn_at: datetime | None = None


class NewPairing(_Row):
    round: int
    board: int
    first_id: str
    """Seat 0 of the match."""
    second_id: str | None
    """Seat 1; ``None``: a bye."""
    due_at: datetime | None = None


class PairingRow(NewPairing):
    id: int
    league_id: int
    thread_id: str | None = None
    match_id: int | None = None
    outcome: dict[str, Any] | None = None
    """A result the league decided itself (a bye, an adjudication, a forfeit): it stands before the match's."""
    accepted_at: datetime | None = None
    reported_at: datetime | None = None
    created_at: datetime
