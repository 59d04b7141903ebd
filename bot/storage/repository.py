"""The small interface between services and storage, so another backend can follow."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Protocol

from bot.storage.models import (
    AwayRow,
    EndingUpdate,
    GlickoRow,
    HistoryRow,
    LeagueEntryRow,
    LeagueRow,
    LeagueStatus,
    MatchRow,
    NewLeague,
    NewMatch,
    NewPairing,
    NoteRow,
    NoticeRow,
    PairingRow,
    RatingRow,
    SeatRow,
    SettingChangeRow,
    Status,
    TimerRow,
    UserRow,
)
from engines.core.record import Entry


@dataclass(frozen=True)
class StoredMatch:
    """A match as one consistent read found it (``Repository.read_match``): no commit of any
    process falls between its row, its seats, its events and its snapshot."""

    row: MatchRow
    seats: tuple[SeatRow, ...]
    entries: tuple[Entry, ...] | None
    """The events that read, in order, stopping before ``unreadable``; ``None`` when they were not
    read because the row's ``last_seq`` is the ``known_seq`` the caller already has."""
    unreadable: int | None = None
    """The first event whose payload no longer reads as an event, if any."""
    snapshot: tuple[int, int, str] | None = None
    """(seq, engine_version, payload) of the cached state, read with the events."""


class StaleWriteError(Exception):
    """Someone else appended to this match first (or changed its seats); nothing of this write was applied."""


class StorageError(Exception):
    """The database could not do what was asked and nothing of it was applied. ``code`` is the
    message that words it for the user; the adapters' answer says so instead of crashing."""

    code = "core.storage_failed"

    def __init__(self, detail: str) -> None:
        super().__init__(detail)
        self.detail = detail


class StorageBusyError(StorageError):
    """Another process kept the database locked longer than we wait (retries included)."""

    code = "core.storage_busy"


class StorageFullError(StorageError):
    """The disk (or the database's size limit) is full."""

    code = "core.storage_full"


class StorageIOError(StorageError):
    """The disk failed to read or write, the file is read-only, or its pages are damaged."""

    code = "core.storage_io"


class DatabaseTooNewError(Exception):
    """The database was written by a newer Scheids (its schema version is above ours): refused at
    start, because our code would misread it."""

    def __init__(self, found: int, supported: int) -> None:
        super().__init__(f"database schema version {found} is newer than this bot's {supported}")
        self.found = found
        self.supported = supported


class DatabaseUnusableError(Exception):
    """The file is not a database we can open (garbage, truncated, unreadable): refused at start."""

    def __init__(self, path: str, reason: str) -> None:
        super().__init__(f"{path}: {reason}")
        self.path = path
        self.reason = reason


class DamagedRecordError(Exception):
    """A stored event cannot be read back, or its hash does not continue the chain.

    ``seq`` is the first event that fails; ``reason`` is ``"unreadable"``, ``"hash"``, ``"gap"`` or
    ``"replay"`` (it reads, but the rules refuse it)."""

    def __init__(self, match_id: int, seq: int, reason: str, readable: Sequence[Entry] = ()) -> None:
        super().__init__(f"match {match_id} is damaged at event {seq} ({reason})")
        self.match_id = match_id
        self.seq = seq
        self.reason = reason
        self.readable = list(readable)
        """The entries before ``seq`` that did read."""


class SeatRefusedError(Exception):
    """``add_seat``/``remove_seat`` checked the match inside the write transaction and said no:
    ``reason`` is ``"full"``, ``"not_open"`` (started or over) or ``"seated"`` (already in)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


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
    async def read_match(self, match_id: int, known_seq: int | None = None) -> StoredMatch | None:
        """The match row, its seats, events and snapshot in one consistent read (one read
        transaction), or ``None`` when no such match is stored. Events and snapshot are left out
        (``entries`` is ``None``) when the row's ``last_seq`` equals ``known_seq``."""
        ...

    async def live_match_in(self, channel_id: str) -> MatchRow | None: ...
    async def latest_match_in(self, channel_id: str) -> MatchRow | None:
        """The newest match of the channel, live or not."""
        ...
    async def matches_of_user(self, user_id: str, guild_id: str | None, live_only: bool) -> list[MatchRow]:
        """The matches in which the user holds a seat now (a seat that changed hands is its
        holder's, no longer its first player's), most recently updated first."""
        ...

    async def live_matches(self) -> list[MatchRow]: ...

    async def seats(self, match_id: int) -> list[SeatRow]: ...
    async def add_seat(self, match_id: int, user_id: str, name: str, *, max_seats: int | None = None) -> SeatRow:
        """Seat the user in the next free seat. Inside the write transaction: the match must be
        open and have fewer than ``max_seats`` seats, else ``SeatRefusedError`` (so two processes
        joining at once never seat more than the game takes)."""
        ...

    async def move_seat(self, match_id: int, user_id: str, seat: int) -> None:
        """Before the start: move the user's seat to ``seat`` (``0 <= seat <`` the seats there
        are), the seats between moving one place, so seats stay 0..n-1; ``SeatRefusedError``
        (``"not_open"``) once the match has started."""
        ...

    async def remove_seat(self, match_id: int, user_id: str) -> None:
        """Remove a seat before the start; later seats move up so seats stay 0..n-1.
        ``SeatRefusedError("not_open")`` once the match started."""
        ...

    async def mark_dm_closed(self, match_id: int, user_id: str) -> bool:
        """Flag the seat's DMs as closed; True only the first time (the channel is told once)."""
        ...

    async def entries(self, match_id: int, after_seq: int = 0) -> list[Entry]:
        """Stored entries after ``after_seq``, each with its ``hash``. ``DamagedRecordError`` at
        the first event whose payload no longer reads as an event. The chain itself is checked
        by the caller (``engines.core.record.chain_break``, starting from the seed commitment)."""
        ...

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
        ratings: Sequence[EndingUpdate] = (),
        seats: int | None = None,
        holders: Mapping[int, tuple[str, str]] | None = None,
    ) -> int:
        """Append events after ``expected_seq`` in one transaction, with the match's new status,
        result, timers (replacing the match's timers when given; a match that is over loses them
        all), an optional snapshot of the state after the last event, and the players' rating
        changes when the match ended: each ``RatingUpdate`` (points) and ``GlickoUpdate`` (every
        player's Glicko-2 rating, with a history row each at ``at``) is applied to the rows as they
        are inside this transaction, and gets its ``before`` and ``after`` filled. Each event is stored with
        its ``chain_hash``, chained to the stored hash of ``expected_seq`` (the seed commitment
        for the first). Returns the new last seq. ``StaleWriteError`` when ``expected_seq`` is not
        the last seq any more, or the match does not have exactly ``seats`` seats (when given).
        ``holders``: seats that changed hands with these events, and their player now (user id,
        name): written as each seat's holder (``SeatRow.holder_id``), which the listings of a
        user's matches (``matches_of_user``) go by."""
        ...

    async def rating(self, guild_id: str, user_id: str, game: str, board: str) -> RatingRow | None: ...
    async def ratings_of(self, guild_id: str, user_id: str) -> list[RatingRow]: ...
    async def leaderboard(self, guild_id: str, game: str, board: str, limit: int) -> list[RatingRow]: ...

    # Glicko-2 ratings (every game): a player's row, their rows per game, the server's table best
    # first, a player's place in it (1 = first; ties by name), the last ``limit`` ratings after
    # each rated match, oldest first.
    async def glicko(self, guild_id: str, user_id: str, game: str) -> GlickoRow | None: ...
    async def glicko_of(self, guild_id: str, user_id: str) -> list[GlickoRow]: ...
    async def glicko_table(self, guild_id: str, game: str, limit: int) -> list[GlickoRow]: ...
    async def glicko_place(self, guild_id: str, game: str, user_id: str) -> int | None: ...
    async def rating_history(self, guild_id: str, user_id: str, game: str, limit: int) -> list[HistoryRow]: ...

    async def snapshot(self, match_id: int) -> tuple[int, int, str] | None:
        """(seq, engine_version, payload) of the cached state, if any."""
        ...

    async def next_timer(self) -> TimerRow | None: ...
    async def due_timers(self, now: datetime) -> list[TimerRow]: ...
    async def claim_timer(self, timer: TimerRow) -> bool:
        """Delete the timer as it was read (its id and its ``seq``: SQLite gives a new row the id
        of a deleted one, so a timer read before the match moved on must not take the match's
        next timer with it); True only for the one caller (of any process) that deleted it. A
        timeout is not claimed this way: the ``append`` that records it removes the match's
        timers in the same transaction, so a crash in between leaves the timer to fire again."""
        ...

    def match_lock(self, match_id: int) -> AbstractAsyncContextManager[None]:
        """Held (with the process's own lock) while a command works on the match, so commands of
        several processes on one match take turns: PostgreSQL holds an advisory lock; SQLite
        holds nothing (its processes rely on the seq check inside ``append`` alone)."""
        ...

    async def watch_timers(self, wake: Callable[[], None]) -> None:
        """From now on call ``wake`` whenever any process changed the timers (PostgreSQL:
        LISTEN/NOTIFY). SQLite does nothing: another process's timers are seen at the next look."""
        ...

    async def remember_user(self, user: UserRow) -> None: ...
    async def user(self, user_id: str) -> UserRow | None: ...

    # What the Discord adapter remembers: users whose DMs refused us; small named settings.
    async def dm_refused_users(self) -> set[str]: ...
    async def remember_dm_refused(self, user_id: str, at: datetime) -> None: ...
    async def forget_dm_refused(self, user_id: str) -> None: ...
    async def setting(self, key: str) -> str | None: ...
    async def set_setting(self, key: str, value: str) -> None: ...
    async def settings_starting(self, prefix: str) -> dict[str, str]:
        """Every setting whose key starts with ``prefix``."""
        ...

    async def claim_setting(self, key: str) -> bool:
        """Delete a setting; True only for the one caller (of any process) that deleted it."""
        ...

    # Each server's settings (``bot.services.settings``; migration 0010).
    async def server_settings(self, guild_id: str) -> dict[str, str]:
        """Key -> JSON value of every setting the server changed from its default."""
        ...

    async def change_server_setting(self, change: SettingChangeRow) -> SettingChangeRow:
        """Store ``change.new_value`` under ``change.key`` and log the change, in one transaction;
        returns the change with ``old_value`` as it was inside that transaction."""
        ...

    async def settings_changes(self, guild_id: str, limit: int) -> list[SettingChangeRow]:
        """The server's latest setting changes, newest first."""
        ...

    # Long games (migration 0007): absences, notice preferences, nudges, notices due.
    async def away_periods(self, user_id: str) -> list[AwayRow]:
        """The user's absences, by start."""
        ...

    async def add_away(self, user_id: str, start: datetime, until: datetime) -> AwayRow: ...
    async def end_away(self, away_id: int, until: datetime) -> None:
        """The absence ends at ``until`` instead (called off: ``until`` is its start)."""
        ...

    async def notify_prefs(self, user_ids: Sequence[str]) -> dict[str, dict[str, Any]]:
        """The stored notice preferences of those of ``user_ids`` that set any."""
        ...

    async def set_notify_prefs(self, user_id: str, prefs: dict[str, Any]) -> None: ...
    async def claim_nudge(self, match_id: int, seat: int, at: datetime, since: datetime) -> bool:
        """Record a nudge of ``seat`` at ``at`` unless one was recorded after ``since`` (then
        ``False``): checked inside the write, so two processes never both nudge."""
        ...

    async def last_nudge(self, match_id: int, seat: int) -> datetime | None: ...
    async def add_notice(self, notice: NoticeRow) -> None:
        """A notice to send at its ``due_at``; a ``digest`` replaces the user's digest, a ``turn``
        notice the user's held notice of the same match."""
        ...

    async def drop_digest(self, user_id: str) -> None: ...
    async def next_notice(self) -> NoticeRow | None: ...
    async def due_notices(self, now: datetime) -> list[NoticeRow]: ...
    async def claim_notice(self, notice: NoticeRow, next_due: datetime | None = None) -> bool:
        """Take ``notice`` to send it: deleted, or with ``next_due`` moved there (the next
        digest) in the same write. ``False`` when another process took it first."""
    # Private notes (migration 0009): read back only for their author.
    async def add_note(self, note: NoteRow) -> None: ...
    async def notes(self, match_id: int, user_id: str) -> list[NoteRow]:
        """``user_id``'s notes on the match, oldest first."""
        ...

    async def close(self) -> None: ...

    # Leagues (migration 0011): a league, its sign-ups, its pairings. Every change is a single
    # conditional write, so a step repeated after a crash changes nothing twice.
    async def create_league(self, league: NewLeague, at: datetime) -> LeagueRow: ...
    async def league(self, league_id: int) -> LeagueRow | None: ...
    async def leagues(self, guild_id: str | None, statuses: Sequence[LeagueStatus]) -> list[LeagueRow]:
        """The leagues of a server (every server with ``None``) in these statuses, oldest first."""
        ...

    async def set_league_status(self, league_id: int, status: LeagueStatus, *, was: LeagueStatus) -> bool:
        """Move the league from ``was`` to ``status``; True only for the one caller that did."""
        ...

    async def join_league(self, league_id: int, user_id: str, name: str) -> str:
        """Sign the user up, next in order, while the league takes sign-ups: ``"joined"``,
        ``"already"`` (signed up before) or ``"closed"`` (started, finished or no such league)."""
        ...

    async def league_entries(self, league_id: int) -> list[LeagueEntryRow]:
        """In sign-up order."""
        ...

    async def withdraw_from_league(self, league_id: int, user_id: str, at: datetime) -> bool:
        """True only the first time (for a player signed up)."""
        ...

    async def set_league_team(self, league_id: int, user_id: str, team: int | None) -> bool:
        """Put a signed-up player (not withdrawn) in ``team`` (``None``: in none); False when the
        user is not such a player."""
        ...

    async def add_pairings(self, league_id: int, pairings: Sequence[NewPairing], at: datetime) -> bool:
        """Insert every pairing or none: False (nothing written) when any of their (round, board)
        is taken already, so pairing a round twice leaves the first."""
        ...

    async def league_pairings(self, league_id: int) -> list[PairingRow]:
        """By round, then board."""
        ...

    async def pairing_of_match(self, match_id: int) -> PairingRow | None: ...
    async def mark_pairing(self, pairing_id: int, field: str, value: Any) -> bool:
        """Set one of ``models.PAIRING_MARKS`` while it is empty; True only for the one caller that did."""
        ...

    async def mark_league_told(self, league_id: int, at: datetime) -> bool:
        """Mark the league's end told (migration 0014); True only for the one caller that did."""
        ...

    async def clear_pairing_due(self, pairing_id: int) -> bool:
        """Take the pairing's due time away; True only for the one caller that did."""
        ...

    async def due_pairings(self, now: datetime) -> list[PairingRow]:
        """Pairings of running leagues whose due time has passed, soonest first."""
        ...

    async def next_pairing_due(self) -> datetime | None: ...
