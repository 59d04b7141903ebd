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
    rated: bool = True
    """Whether the end changes the players' ratings (``rated:false``: a casual match)."""


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
    """Who sat down first (the record's ``HolderEvent`` says who played which moves since)."""
    dm_closed: bool = False
    holder_id: str | None = None
    holder_name: str | None = None
    """The seat's player now, when it changed hands (a substitute, a teammate taking it over)."""


class TimerRow(_Row):
    id: int | None = None
    match_id: int
    kind: Literal["reminder", "timeout", "question", "team"]
    """``team``: the team deciding about ``seat`` (which left) runs out of time to choose."""
    seat: int
    due_at: datetime
    seq: int
    """The match's last event seq when the timer was set: a timer whose seq is no longer the
    match's last is stale (the turn moved on) and is ignored."""


class AwayRow(_Row):
    """One absence of a user (``/away``): from ``start`` until ``until``."""

    id: int
    user_id: str
    start: datetime
    until: datetime


class NoticeRow(_Row):
    """A notice the scheduler sends later: the user's daily ``digest`` (no match), or a ``turn``
    notice held over the user's quiet hours (stale once the seat no longer acts at ``seq``)."""

    id: int | None = None
    user_id: str
    kind: Literal["digest", "turn"]
    match_id: int | None = None
    seq: int = 0
    due_at: datetime


class UserRow(_Row):
    user_id: str
    name: str
    language: str


class SettingChangeRow(_Row):
    """One change of a server's settings (``/settings``): which, from what to what, by whom, when.
    Values are the settings' JSON (``old_value`` ``None``: the default was in force)."""

    guild_id: str
    key: str
    old_value: str | None
    new_value: str
    user_id: str
    user_name: str
    at: datetime


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


class GlickoRow(_Row):
    """A player's Glicko-2 rating for one game on one server (``bot.services.glicko2``), with the
    record of the rated matches that made it. A first match starts from the blank row."""

    guild_id: str
    user_id: str
    game: str
    name: str
    rating: float = 1500.0
    deviation: float = 350.0
    volatility: float = 0.06
    wins: int = 0
    draws: int = 0
    losses: int = 0

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses


class HistoryRow(_Row):
    """A player's rating and deviation for one game right after a rated match ended."""

    guild_id: str
    user_id: str
    game: str
    match_id: int
    at: datetime
    rating: float
    deviation: float


@dataclass
class GlickoUpdate:
    """The Glicko-2 ratings of every player of one ended match, applied by the repository inside
    the transaction that records the end: it locks and reads every player's row as it is then
    (a blank row for a first match) and writes ``change(rows) -> rows`` (both keyed by user id),
    with a history row per player at the append's time. A new rating depends on the opponents'
    ratings before this match, so all players' rows are read together; two matches of one
    player ending at once both count. The repository fills ``before`` and ``after``."""

    guild_id: str
    game: str
    match_id: int
    names: dict[str, str]
    """User id -> the name to keep on the row, for every rated player of the match."""
    change: Callable[[dict[str, GlickoRow]], dict[str, GlickoRow]]
    before: dict[str, GlickoRow] | None = None
    after: dict[str, GlickoRow] | None = None

    def blank(self, user_id: str) -> GlickoRow:
        return GlickoRow(guild_id=self.guild_id, user_id=user_id, game=self.game, name=self.names[user_id])


EndingUpdate = RatingUpdate | GlickoUpdate
"""A rating change that the append which records a match's end applies."""


LeagueFormat = Literal["round_robin", "swiss", "ladder"]
LeagueStatus = Literal["signup", "running", "finished"]
PAIRING_MARKS = ("thread_id", "match_id", "outcome", "accepted_at", "reported_at", "told_at",
                 "round_told_at", "opening_told_at")
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
    told_at: datetime | None = None
    """When its end was told (the finished post and the standings); the status is the note."""


class LeagueEntryRow(_Row):
    league_id: int
    user_id: str
    name: str
    number: int
    """Sign-up order, from 1."""
    withdrawn_at: datetime | None = None
    team: int | None = None
    """A league of teams: the team's number (``None``: none yet; a league of single players)."""


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
    """When the result was noted, to be told."""
    created_at: datetime
    told_at: datetime | None = None
    """When the result was told (``reported_at`` set and this not: to be told again after a restart)."""
    round_told_at: datetime | None = None
    """On a round's first pairing: when the line that the round is paired was told (the round's
    pairings are its note: this not set, it is told again after a restart)."""
    opening_told_at: datetime | None = None
    """When the opening of its match (the intro and the starting board) was told in its thread
    (``match_id`` set and this not: to be told again after a restart)."""
