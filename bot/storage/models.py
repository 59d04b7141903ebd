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


class NoteRow(_Row):
    """A player's private note on a match (``/note``): only its author ever reads it."""

    match_id: int
    user_id: str
    at: datetime
    text: str


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
