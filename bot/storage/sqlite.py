"""SQLite through aiosqlite: the embedded default backend.

WAL journal, foreign keys on, numbered migrations tracked with ``PRAGMA user_version``.

One aiosqlite connection is shared by every coroutine of the process, so it does one thing at a
time (an asyncio lock): a write is one ``BEGIN IMMEDIATE`` transaction, a read is fetched whole
in one call. No read is ever left open on the connection, because an open read pins an old
snapshot and makes the next ``BEGIN IMMEDIATE`` fail at once when another process wrote
meanwhile, whatever the busy timeout.

Several processes on one file are safe (docs/operations.md): everything that must hold across
them is checked inside the write transaction (the event sequence, seats, the rating a match
adds to, a timeout recorded once), and SQLite's lock lets one writer in at a time. A writer that
finds the file locked waits ``busy_timeout_ms`` per attempt, ``BEGIN_ATTEMPTS`` times, then
raises ``StorageBusyError``.
"""

from __future__ import annotations

import asyncio
import json
import logging
import sqlite3
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import aiosqlite

from bot.storage.common import MATCH_COLUMNS, entry_of, match_row, migration_files, stored_match
from bot.storage.models import (
    LIVE,
    PAIRING_MARKS,
    AwayRow,
    EndingUpdate,
    GlickoRow,
    GlickoUpdate,
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
from bot.storage.repository import (
    DamagedRecordError,
    DatabaseTooNewError,
    DatabaseUnusableError,
    LiveMatchExistsError,
    SeatRefusedError,
    StaleWriteError,
    StorageBusyError,
    StorageError,
    StorageFullError,
    StorageIOError,
    StoredMatch,
)
from engines.core.record import Entry, chain_hash

log = logging.getLogger(__name__)

BUSY_TIMEOUT_MS = 5000
"""How long SQLite itself waits for another process's write lock, per attempt."""
BEGIN_ATTEMPTS = 3
RETRY_PAUSE = 0.05
"""Seconds between attempts (times the attempt number), on top of the busy timeout."""

# SQLite's primary result codes (the low byte of an extended code).
_BUSY_CODES = {5, 6}  # SQLITE_BUSY, SQLITE_LOCKED
_FULL_CODES = {13}  # SQLITE_FULL
_IO_CODES = {8, 10, 11, 14, 26}  # READONLY, IOERR, CORRUPT, CANTOPEN, NOTADB


def storage_error(error: sqlite3.Error) -> StorageError | None:
    """What a SQLite error means for the user, or ``None`` for errors of our own making (SQL,
    constraints), which stay as they are."""
    code = getattr(error, "sqlite_errorcode", None)
    if code is None:
        return None
    primary = code & 0xFF
    detail = f"{getattr(error, 'sqlite_errorname', code)}: {error}"
    if primary in _BUSY_CODES:
        return StorageBusyError(detail)
    if primary in _FULL_CODES:
        return StorageFullError(detail)
    if primary in _IO_CODES:
        return StorageIOError(detail)
    return None


def migrations() -> list[tuple[int, str]]:
    """(number, sql) of every migration file, in order: ``0001_initial.sql`` is number 1."""
    return migration_files("migrations")


def _ts(moment: datetime) -> float:
    return moment.timestamp()


def _from_ts(value: float) -> datetime:
    return datetime.fromtimestamp(value, UTC)


class SqliteRepository:
    """The repository on one SQLite file. Open with ``await SqliteRepository.open(path)``."""

    def __init__(self, db: aiosqlite.Connection, *, begin_attempts: int = BEGIN_ATTEMPTS) -> None:
        self.db = db
        self.begin_attempts = begin_attempts
        self._lock = asyncio.Lock()

    @classmethod
    async def open(
        cls,
        path: str | Path,
        *,
        busy_timeout_ms: int = BUSY_TIMEOUT_MS,
        begin_attempts: int = BEGIN_ATTEMPTS,
        check: bool = False,
    ) -> SqliteRepository:
        """Open (and migrate) the database at ``path``. ``check`` also reads every page first
        (``PRAGMA quick_check``, for start-up). A file that is no usable database raises
        ``DatabaseUnusableError``, one of a newer Scheids ``DatabaseTooNewError``; either way the
        connection is closed again (its thread would otherwise keep the process alive)."""
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        try:
            db = await aiosqlite.connect(str(path), isolation_level=None)
        except sqlite3.Error as error:
            raise DatabaseUnusableError(str(path), str(error)) from error
        try:
            db.row_factory = sqlite3.Row
            await db.execute(f"PRAGMA busy_timeout = {int(busy_timeout_ms)}")
            await _set_wal(db, begin_attempts)
            await db.execute("PRAGMA synchronous = NORMAL")
            await db.execute("PRAGMA foreign_keys = ON")
            repo = cls(db, begin_attempts=begin_attempts)
            if check:
                await repo.check_pages()
            await repo.migrate()
            if check:
                await repo.check_schema()
        except BaseException as error:
            await db.close()
            if isinstance(error, sqlite3.DatabaseError) and not isinstance(storage_error(error), StorageBusyError):
                raise DatabaseUnusableError(str(path), str(error)) from error
            if isinstance(error, StorageIOError):
                raise DatabaseUnusableError(str(path), error.detail) from error
            raise
        return repo

    async def close(self) -> None:
        await self.db.close()

    async def check_pages(self) -> None:
        """``DatabaseUnusableError`` unless SQLite's ``quick_check`` finds every page sound."""
        rows = await self._read("PRAGMA quick_check")
        problems = [row[0] for row in rows if row[0] != "ok"]
        if problems:
            raise DatabaseUnusableError("database", "; ".join(problems[:3]))

    async def check_schema(self) -> None:
        """``DatabaseUnusableError`` unless every table the migrations make is there with every
        column they give it (a column renamed or dropped by hand at the current version would
        otherwise fail every command that reads it). Compared with the migrations applied to an
        empty database in memory; tables and columns added by hand are left alone."""
        expected = await _schema_of_migrations()
        found = await self._columns()
        missing = []
        for table, columns in expected.items():
            if table not in found:
                missing.append(f"table {table} is missing")
                continue
            lacking = [column for column in columns if column not in found[table]]
            if lacking:
                missing.append(f"table {table} has no column {', '.join(lacking)}")
        if missing:
            raise DatabaseUnusableError("database", "; ".join(missing) + " (changed by hand?)")

    async def _columns(self) -> dict[str, list[str]]:
        tables = await self._read("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
        return {
            row["name"]: [column["name"] for column in await self._read(f"PRAGMA table_info({row['name']})")]
            for row in tables
        }

    async def migrate(self) -> int:
        """Apply the migrations newer than ``user_version``; returns the version reached.
        ``DatabaseTooNewError`` when the file's version is above every migration we know."""
        known = migrations()
        supported = known[-1][0] if known else 0
        ((current,),) = await self._read("PRAGMA user_version")
        if current > supported:
            raise DatabaseTooNewError(current, supported)
        for number, sql in known:
            if number <= current:
                continue
            async with self._transaction():
                # Another process may have applied it while we waited for the lock.
                ((now,),) = await self._fetch("PRAGMA user_version")
                if now >= number:
                    continue
                for statement in _statements(sql):
                    await self.db.execute(statement)
                after = _AFTER_MIGRATION.get(number)
                if after is not None:
                    await after(self)
                await self.db.execute(f"PRAGMA user_version = {number}")
            current = number
        return current

    @asynccontextmanager
    async def _transaction(self):
        """One write transaction. A SQLite failure (busy, disk full, I/O) leaves nothing applied
        and is raised as the ``StorageError`` that says so; our own exceptions pass unchanged."""
        async with self._lock:
            await self._begin()
            try:
                yield
                await self.db.execute("COMMIT")
            except BaseException as error:
                await self._roll_back(error)
                translated = storage_error(error) if isinstance(error, sqlite3.Error) else None
                if translated is not None:
                    raise translated from error
                raise

    async def _begin(self) -> None:
        for attempt in range(1, self.begin_attempts + 1):
            try:
                await self.db.execute("BEGIN IMMEDIATE")
                return
            except sqlite3.Error as error:
                translated = storage_error(error)
                if not isinstance(translated, StorageBusyError):
                    if translated is not None:
                        raise translated from error
                    raise
                if attempt == self.begin_attempts:
                    log.error("database still locked after %d attempts: %s", attempt, error)
                    raise translated from error
                log.warning("database locked (attempt %d of %d), waiting: %s", attempt, self.begin_attempts, error)
                await asyncio.sleep(RETRY_PAUSE * attempt)

    async def _roll_back(self, error: BaseException) -> None:
        """Roll back after ``error``, unless SQLite already did (it does on a full disk or an
        I/O error, and a ROLLBACK then would only hide the real error behind its own)."""
        if not self.db.in_transaction:
            return
        try:
            await self.db.execute("ROLLBACK")
        except sqlite3.Error:
            log.exception("rollback after %r failed", error)

    async def _read(self, sql: str, params: tuple[Any, ...] = ()) -> list[sqlite3.Row]:
        """A read outside a transaction: waits for the connection, fetches everything at once."""
        async with self._lock:
            return await self._fetch(sql, params)

    async def _fetch(self, sql: str, params: tuple[Any, ...] = ()) -> list[sqlite3.Row]:
        """Every row of a query in one call on the connection's thread (inside a transaction, or
        from ``_read``), so the statement is finished before anything else runs on it."""
        try:
            return list(await self.db.execute_fetchall(sql, params))
        except sqlite3.Error as error:
            translated = storage_error(error)
            if translated is not None:
                raise translated from error
            raise

    # ----------------------------------------------------------------- matches

    async def create_match(self, match: NewMatch, creator_name: str, at: datetime) -> MatchRow:
        try:
            async with self._transaction():
                cursor = await self.db.execute(
                    "INSERT INTO matches (guild_id, channel_id, game, engine_version, options, "
                    "time_control, creator_id, invited_id, status, seed, commitment, language, "
                    "created_at, updated_at, rated) VALUES (?,?,?,?,?,?,?,?,'open',?,?,?,?,?,?)",
                    (
                        match.guild_id,
                        match.channel_id,
                        match.game,
                        match.engine_version,
                        json.dumps(match.options),
                        json.dumps(match.time_control),
                        match.creator_id,
                        match.invited_id,
                        match.seed,
                        match.commitment,
                        match.language,
                        at.isoformat(),
                        at.isoformat(),
                        int(match.rated),
                    ),
                )
                match_id = cursor.lastrowid
                assert match_id is not None  # sqlite sets it on every INSERT
                await self.db.execute(
                    "INSERT INTO seats (match_id, seat, user_id, name) VALUES (?, 0, ?, ?)",
                    (match_id, match.creator_id, creator_name),
                )
        except sqlite3.IntegrityError as error:
            if "matches.channel_id" in str(error):
                raise LiveMatchExistsError(match.channel_id) from None
            raise
        row = await self.get_match(match_id)
        assert row is not None
        return row

    async def get_match(self, match_id: int) -> MatchRow | None:
        rows = await self._matches("WHERE id = ?", (match_id,))
        return rows[0] if rows else None

    async def live_match_in(self, channel_id: str) -> MatchRow | None:
        rows = await self._matches(
            "WHERE channel_id = ? AND status IN ('open', 'active')", (channel_id,)
        )
        return rows[0] if rows else None

    async def latest_match_in(self, channel_id: str) -> MatchRow | None:
        rows = await self._matches("WHERE channel_id = ? ORDER BY id DESC LIMIT 1", (channel_id,))
        return rows[0] if rows else None

    async def matches_of_user(
        self, user_id: str, guild_id: str | None, live_only: bool
    ) -> list[MatchRow]:
        where = "WHERE id IN (SELECT match_id FROM seats WHERE (holder_id IS NULL AND user_id = ?) OR holder_id = ?)"
        params: list[Any] = [user_id, user_id]
        if guild_id is not None:
            where += " AND guild_id = ?"
            params.append(guild_id)
        if live_only:
            where += " AND status IN ('open', 'active')"
        return await self._matches(where + " ORDER BY updated_at DESC", tuple(params))

    async def live_matches(self) -> list[MatchRow]:
        return await self._matches("WHERE status IN ('open', 'active') ORDER BY id", ())

    async def _matches(self, where: str, params: tuple[Any, ...]) -> list[MatchRow]:
        rows = await self._read(f"SELECT {MATCH_COLUMNS} FROM matches {where}", params)
        return [match_row(row) for row in rows]

    async def read_match(self, match_id: int, known_seq: int | None = None) -> StoredMatch | None:
        async with self._lock:
            # A deferred transaction that only reads: every SELECT in it sees the one snapshot
            # its first took (WAL), whatever other connections commit meanwhile. It ends before
            # the lock is released, so it never pins that snapshot for a later write.
            await self.db.execute("BEGIN")
            try:
                rows = await self._fetch(f"SELECT {MATCH_COLUMNS} FROM matches WHERE id = ?", (match_id,))
                if not rows:
                    return None
                seats = await self._fetch(
                    "SELECT match_id, seat, user_id, name, dm_closed, holder_id, holder_name FROM seats WHERE match_id = ? ORDER BY seat",
                    (match_id,),
                )
                events = snapshot = None
                if rows[0]["last_seq"] != known_seq:
                    events = await self._fetch(
                        "SELECT seq, at, payload, hash FROM events WHERE match_id = ? ORDER BY seq", (match_id,)
                    )
                    snapshots = await self._fetch(
                        "SELECT seq, engine_version, payload FROM snapshots WHERE match_id = ?", (match_id,)
                    )
                    snapshot = snapshots[0] if snapshots else None
            finally:
                if self.db.in_transaction:
                    await self.db.execute("COMMIT")
        return stored_match(rows[0], seats, events, snapshot)

    # ------------------------------------------------------------------- seats

    async def seats(self, match_id: int) -> list[SeatRow]:
        rows = await self._read(
            "SELECT match_id, seat, user_id, name, dm_closed, holder_id, holder_name FROM seats WHERE match_id = ? ORDER BY seat",
            (match_id,),
        )
        return [SeatRow(**dict(row)) for row in rows]

    async def _require_open(self, match_id: int) -> None:
        rows = await self._fetch("SELECT status FROM matches WHERE id = ?", (match_id,))
        if not rows or rows[0]["status"] != "open":
            raise SeatRefusedError("not_open")

    async def add_seat(self, match_id: int, user_id: str, name: str, *, max_seats: int | None = None) -> SeatRow:
        async with self._transaction():
            await self._require_open(match_id)
            ((count,),) = await self._fetch("SELECT COUNT(*) FROM seats WHERE match_id = ?", (match_id,))
            if (await self._fetch("SELECT 1 FROM seats WHERE match_id = ? AND user_id = ?", (match_id, user_id))):
                raise SeatRefusedError("seated")
            if max_seats is not None and count >= max_seats:
                raise SeatRefusedError("full")
            await self.db.execute(
                "INSERT INTO seats (match_id, seat, user_id, name) VALUES (?, ?, ?, ?)",
                (match_id, count, user_id, name),
            )
        return SeatRow(match_id=match_id, seat=count, user_id=user_id, name=name)

    async def move_seat(self, match_id: int, user_id: str, seat: int) -> None:
        async with self._transaction():
            await self._require_open(match_id)
            rows = await self._fetch("SELECT user_id FROM seats WHERE match_id = ? ORDER BY seat", (match_id,))
            order = [row["user_id"] for row in rows]
            if user_id not in order or not 0 <= seat < len(order):
                raise ValueError(f"no seat {seat} for {user_id!r} in match {match_id}")
            order.remove(user_id)
            order.insert(seat, user_id)
            # Through negative numbers: SQLite checks the primary key per row.
            await self.db.execute("UPDATE seats SET seat = -seat - 1 WHERE match_id = ?", (match_id,))
            for number, user in enumerate(order):
                await self.db.execute(
                    "UPDATE seats SET seat = ? WHERE match_id = ? AND user_id = ?", (number, match_id, user)
                )

    async def remove_seat(self, match_id: int, user_id: str) -> None:
        async with self._transaction():
            await self._require_open(match_id)
            rows = await self._fetch("SELECT seat FROM seats WHERE match_id = ? AND user_id = ?", (match_id, user_id))
            if not rows:
                return
            row = rows[0]
            await self.db.execute(
                "DELETE FROM seats WHERE match_id = ? AND user_id = ?", (match_id, user_id)
            )
            # Two steps through negative numbers: SQLite checks the primary key per row.
            await self.db.execute(
                "UPDATE seats SET seat = -seat WHERE match_id = ? AND seat > ?",
                (match_id, row["seat"]),
            )
            await self.db.execute(
                "UPDATE seats SET seat = -seat - 1 WHERE match_id = ? AND seat < 0", (match_id,)
            )

    async def mark_dm_closed(self, match_id: int, user_id: str) -> bool:
        async with self._transaction():
            cursor = await self.db.execute(
                "UPDATE seats SET dm_closed = 1 WHERE match_id = ? AND COALESCE(holder_id, user_id) = ? AND dm_closed = 0",
                (match_id, user_id),
            )
            return cursor.rowcount == 1

    # ------------------------------------------------------------------ events

    async def entries(self, match_id: int, after_seq: int = 0) -> list[Entry]:
        rows = await self._read(
            "SELECT seq, at, payload, hash FROM events WHERE match_id = ? AND seq > ? ORDER BY seq",
            (match_id, after_seq),
        )
        entries = []
        for row in rows:
            try:
                entries.append(_entry(row))
            except (ValueError, TypeError) as error:  # pydantic's ValidationError is a ValueError
                raise DamagedRecordError(match_id, row["seq"], "unreadable", entries) from error
        return entries

    async def _previous_hash(self, match_id: int, seq: int) -> str:
        """The hash the event after ``seq`` chains to: the seed commitment before the first."""
        if seq == 0:
            rows = await self._fetch("SELECT commitment FROM matches WHERE id = ?", (match_id,))
            return rows[0]["commitment"]
        rows = await self._fetch("SELECT hash FROM events WHERE match_id = ? AND seq = ?", (match_id, seq))
        return (rows[0]["hash"] if rows else None) or ""

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
        last = expected_seq + len(events)
        try:
            async with self._transaction():
                cursor = await self.db.execute(
                    "UPDATE matches SET last_seq = ?, updated_at = ?, "
                    "status = COALESCE(?, status), result = COALESCE(?, result) "
                    "WHERE id = ? AND last_seq = ?",
                    (
                        last,
                        at.isoformat(),
                        status,
                        json.dumps(result) if result is not None else None,
                        match_id,
                        expected_seq,
                    ),
                )
                if cursor.rowcount != 1:
                    raise StaleWriteError(match_id)
                if seats is not None:
                    ((count,),) = await self._fetch("SELECT COUNT(*) FROM seats WHERE match_id = ?", (match_id,))
                    if count != seats:
                        raise StaleWriteError(match_id)
                previous = await self._previous_hash(match_id, expected_seq)
                rows = []
                for i, event in enumerate(events):
                    entry = Entry(seq=expected_seq + 1 + i, at=at, event=event)
                    previous = chain_hash(previous, entry)
                    rows.append((match_id, entry.seq, at.isoformat(), event.type, event.model_dump_json(), previous))
                await self.db.executemany(
                    "INSERT INTO events (match_id, seq, at, type, payload, hash) VALUES (?, ?, ?, ?, ?, ?)", rows
                )
                if holders:
                    await self.db.executemany(
                        "UPDATE seats SET holder_id = ?, holder_name = ? WHERE match_id = ? AND seat = ?",
                        [(user_id, name, match_id, seat) for seat, (user_id, name) in sorted(holders.items())],
                    )
                if timers is not None or (status is not None and status not in LIVE):
                    await self.db.execute("DELETE FROM timers WHERE match_id = ?", (match_id,))
                    if timers:
                        await self.db.executemany(
                            "INSERT INTO timers (match_id, kind, seat, due_at, seq) VALUES (?,?,?,?,?)",
                            [(t.match_id, t.kind, t.seat, _ts(t.due_at), t.seq) for t in timers],
                        )
                for update in ratings:
                    if isinstance(update, GlickoUpdate):
                        await self._apply_glicko(update, at)
                        continue
                    # Read and written inside this transaction: a match of the same player ending
                    # at the same time (here or in another process) waits and adds to this result.
                    current = await self._ratings_in(
                        "WHERE guild_id = ? AND user_id = ? AND game = ? AND board = ?",
                        (update.guild_id, update.user_id, update.game, update.board),
                    )
                    before = current[0] if current else update.blank()
                    after = update.change(before)
                    await self.db.execute(
                        "INSERT OR REPLACE INTO ratings (guild_id, user_id, game, board, name, points, wins, "
                        "draws, losses) VALUES (?,?,?,?,?,?,?,?,?)",
                        (after.guild_id, after.user_id, after.game, after.board, after.name, after.points, after.wins, after.draws, after.losses),
                    )
                    update.before, update.after = before, after
                if snapshot is not None:
                    await self.db.execute(
                        "INSERT OR REPLACE INTO snapshots (match_id, seq, engine_version, payload) "
                        "VALUES (?, ?, ?, ?)",
                        (match_id, last, engine_version or 0, snapshot),
                    )
        except sqlite3.IntegrityError:
            raise StaleWriteError(match_id) from None
        return last

    async def _apply_glicko(self, update: GlickoUpdate, at: datetime) -> None:
        """Inside ``append``'s transaction (which holds the database's write lock): every player's
        row as it is now, the new rows written, and a history row each."""
        before = {}
        for user_id in sorted(update.names):
            rows = await self._glicko_in("WHERE guild_id = ? AND user_id = ? AND game = ?", (update.guild_id, user_id, update.game))
            before[user_id] = rows[0] if rows else update.blank(user_id)
        after = update.change(dict(before))
        for user_id in sorted(after):
            row = after[user_id]
            await self.db.execute(
                "INSERT OR REPLACE INTO glicko (guild_id, user_id, game, name, rating, deviation, volatility, wins, "
                "draws, losses) VALUES (?,?,?,?,?,?,?,?,?,?)",
                (row.guild_id, row.user_id, row.game, row.name, row.rating, row.deviation, row.volatility, row.wins,
                 row.draws, row.losses),
            )
            await self.db.execute(
                "INSERT OR REPLACE INTO rating_history (guild_id, user_id, game, match_id, at, rating, deviation) "
                "VALUES (?,?,?,?,?,?,?)",
                (row.guild_id, row.user_id, row.game, update.match_id, at.isoformat(), row.rating, row.deviation),
            )
        update.before, update.after = before, after

    async def snapshot(self, match_id: int) -> tuple[int, int, str] | None:
        rows = await self._read("SELECT seq, engine_version, payload FROM snapshots WHERE match_id = ?", (match_id,))
        return (rows[0]["seq"], rows[0]["engine_version"], rows[0]["payload"]) if rows else None

    # ----------------------------------------------------------------- ratings

    async def rating(self, guild_id: str, user_id: str, game: str, board: str) -> RatingRow | None:
        rows = await self._ratings(
            "WHERE guild_id = ? AND user_id = ? AND game = ? AND board = ?", (guild_id, user_id, game, board)
        )
        return rows[0] if rows else None

    async def ratings_of(self, guild_id: str, user_id: str) -> list[RatingRow]:
        return await self._ratings("WHERE guild_id = ? AND user_id = ? ORDER BY game, board", (guild_id, user_id))

    async def leaderboard(self, guild_id: str, game: str, board: str, limit: int) -> list[RatingRow]:
        return await self._ratings(
            "WHERE guild_id = ? AND game = ? AND board = ? ORDER BY points DESC, wins DESC, name LIMIT ?",
            (guild_id, game, board, limit),
        )

    async def _ratings(self, where: str, params: tuple[Any, ...]) -> list[RatingRow]:
        async with self._lock:
            return await self._ratings_in(where, params)

    async def _ratings_in(self, where: str, params: tuple[Any, ...]) -> list[RatingRow]:
        rows = await self._fetch(
            f"SELECT guild_id, user_id, game, board, name, points, wins, draws, losses FROM ratings {where}", params
        )
        return [RatingRow(**dict(row)) for row in rows]

    async def glicko(self, guild_id: str, user_id: str, game: str) -> GlickoRow | None:
        async with self._lock:
            rows = await self._glicko_in("WHERE guild_id = ? AND user_id = ? AND game = ?", (guild_id, user_id, game))
        return rows[0] if rows else None

    async def glicko_of(self, guild_id: str, user_id: str) -> list[GlickoRow]:
        async with self._lock:
            return await self._glicko_in("WHERE guild_id = ? AND user_id = ? ORDER BY game", (guild_id, user_id))

    async def glicko_table(self, guild_id: str, game: str, limit: int) -> list[GlickoRow]:
        async with self._lock:
            return await self._glicko_in(
                "WHERE guild_id = ? AND game = ? ORDER BY rating DESC, name, user_id LIMIT ?", (guild_id, game, limit)
            )

    async def glicko_place(self, guild_id: str, game: str, user_id: str) -> int | None:
        rows = await self._read(
            "SELECT (SELECT COUNT(*) FROM glicko o WHERE o.guild_id = g.guild_id AND o.game = g.game AND "
            "(o.rating > g.rating OR (o.rating = g.rating AND (o.name < g.name OR (o.name = g.name AND o.user_id < g.user_id))))) "
            "AS ahead FROM glicko g WHERE g.guild_id = ? AND g.game = ? AND g.user_id = ?",
            (guild_id, game, user_id),
        )
        return rows[0]["ahead"] + 1 if rows else None

    async def rating_history(self, guild_id: str, user_id: str, game: str, limit: int) -> list[HistoryRow]:
        rows = await self._read(
            "SELECT * FROM (SELECT guild_id, user_id, game, match_id, at, rating, deviation FROM rating_history "
            "WHERE guild_id = ? AND user_id = ? AND game = ? ORDER BY at DESC, match_id DESC LIMIT ?) "
            "ORDER BY at, match_id",
            (guild_id, user_id, game, limit),
        )
        return [HistoryRow(**{**dict(row), "at": datetime.fromisoformat(row["at"])}) for row in rows]

    async def _glicko_in(self, where: str, params: tuple[Any, ...]) -> list[GlickoRow]:
        rows = await self._fetch(
            "SELECT guild_id, user_id, game, name, rating, deviation, volatility, wins, draws, losses "
            f"FROM glicko {where}",
            params,
        )
        return [GlickoRow(**dict(row)) for row in rows]

    # ------------------------------------------------------------------ timers

    async def next_timer(self) -> TimerRow | None:
        timers = await self._timers("ORDER BY due_at LIMIT 1", ())
        return timers[0] if timers else None

    async def due_timers(self, now: datetime) -> list[TimerRow]:
        return await self._timers("WHERE due_at <= ? ORDER BY due_at", (_ts(now),))

    async def claim_timer(self, timer: TimerRow) -> bool:
        async with self._transaction():
            cursor = await self.db.execute("DELETE FROM timers WHERE id = ? AND seq = ?", (timer.id, timer.seq))
            return cursor.rowcount == 1

    async def _timers(self, tail: str, params: tuple[Any, ...]) -> list[TimerRow]:
        rows = await self._read(f"SELECT id, match_id, kind, seat, due_at, seq FROM timers {tail}", params)
        return [
            TimerRow(
                id=row["id"],
                match_id=row["match_id"],
                kind=row["kind"],
                seat=row["seat"],
                due_at=_from_ts(row["due_at"]),
                seq=row["seq"],
            )
            for row in rows
        ]

    # ------------------------------------- across processes (see the module docstring)

    @asynccontextmanager
    async def match_lock(self, match_id: int) -> AsyncIterator[None]:
        """Nothing to hold: processes on one file are kept apart by the write transaction."""
        yield

    async def watch_timers(self, wake: Callable[[], None]) -> None:
        """SQLite cannot tell us; another process's new timers are seen at the next look."""

    # ------------------------------------------------------------------- users

    async def remember_user(self, user: UserRow) -> None:
        async with self._transaction():
            await self.db.execute(
                "INSERT INTO users (user_id, name, language) VALUES (?, ?, ?) "
                "ON CONFLICT (user_id) DO UPDATE SET name = excluded.name, language = excluded.language",
                (user.user_id, user.name, user.language),
            )

    async def user(self, user_id: str) -> UserRow | None:
        rows = await self._read("SELECT user_id, name, language FROM users WHERE user_id = ?", (user_id,))
        return UserRow(**dict(rows[0])) if rows else None


    # ------------------------------------------- adapter memory (migration 0004)

    async def dm_refused_users(self) -> set[str]:
        return {row["user_id"] for row in await self._read("SELECT user_id FROM dm_refusals")}

    async def remember_dm_refused(self, user_id: str, at: datetime) -> None:
        async with self._transaction():
            await self.db.execute(
                "INSERT INTO dm_refusals (user_id, refused_at) VALUES (?, ?) ON CONFLICT (user_id) DO NOTHING",
                (user_id, _ts(at)),
            )

    async def forget_dm_refused(self, user_id: str) -> None:
        async with self._transaction():
            await self.db.execute("DELETE FROM dm_refusals WHERE user_id = ?", (user_id,))

    async def setting(self, key: str) -> str | None:
        rows = await self._read("SELECT value FROM bot_settings WHERE key = ?", (key,))
        return rows[0]["value"] if rows else None

    async def set_setting(self, key: str, value: str) -> None:
        async with self._transaction():
            await self.db.execute(
                "INSERT INTO bot_settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                (key, value),
            )


    async def settings_starting(self, prefix: str) -> dict[str, str]:
        rows = await self._read("SELECT key, value FROM bot_settings WHERE substr(key, 1, ?) = ?", (len(prefix), prefix))
        return {row["key"]: row["value"] for row in rows}

    async def claim_setting(self, key: str) -> bool:
        async with self._transaction():
            cursor = await self.db.execute("DELETE FROM bot_settings WHERE key = ?", (key,))
            return cursor.rowcount == 1

    # ------------------------------------------- server settings (migration 0010)

    async def server_settings(self, guild_id: str) -> dict[str, str]:
        rows = await self._read("SELECT key, value FROM server_settings WHERE guild_id = ?", (guild_id,))
        return {row["key"]: row["value"] for row in rows}

    async def change_server_setting(self, change: SettingChangeRow) -> SettingChangeRow:
        async with self._transaction():
            rows = await self._fetch(
                "SELECT value FROM server_settings WHERE guild_id = ? AND key = ?", (change.guild_id, change.key)
            )
            done = change.model_copy(update={"old_value": rows[0]["value"] if rows else None})
            await self.db.execute(
                "INSERT INTO server_settings (guild_id, key, value) VALUES (?, ?, ?) "
                "ON CONFLICT (guild_id, key) DO UPDATE SET value = excluded.value",
                (change.guild_id, change.key, change.new_value),
            )
            await self.db.execute(
                "INSERT INTO settings_changes (guild_id, key, old_value, new_value, user_id, user_name, at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                (done.guild_id, done.key, done.old_value, done.new_value, done.user_id, done.user_name, _ts(done.at)),
            )
        return done

    async def settings_changes(self, guild_id: str, limit: int) -> list[SettingChangeRow]:
        rows = await self._read(
            "SELECT guild_id, key, old_value, new_value, user_id, user_name, at FROM settings_changes "
            "WHERE guild_id = ? ORDER BY id DESC LIMIT ?", (guild_id, limit),
        )
        return [SettingChangeRow(**{**dict(row), "at": _from_ts(row["at"])}) for row in rows]
    # ------------------------------------------------------ long games (migration 0007)

    async def away_periods(self, user_id: str) -> list[AwayRow]:
        rows = await self._read(
            "SELECT id, user_id, start_at, until_at FROM away_periods WHERE user_id = ? ORDER BY start_at, id", (user_id,))
        return [AwayRow(id=row["id"], user_id=row["user_id"], start=_from_ts(row["start_at"]), until=_from_ts(row["until_at"]))
                for row in rows]

    async def add_away(self, user_id: str, start: datetime, until: datetime) -> AwayRow:
        async with self._transaction():
            cursor = await self.db.execute(
                "INSERT INTO away_periods (user_id, start_at, until_at) VALUES (?, ?, ?)", (user_id, _ts(start), _ts(until)))
            away_id = cursor.lastrowid
        assert away_id is not None
        return AwayRow(id=away_id, user_id=user_id, start=start, until=until)

    async def end_away(self, away_id: int, until: datetime) -> None:
        async with self._transaction():
            await self.db.execute("UPDATE away_periods SET until_at = ? WHERE id = ?", (_ts(until), away_id))

    async def notify_prefs(self, user_ids: Sequence[str]) -> dict[str, dict[str, Any]]:
        if not user_ids:
            return {}
        marks = ", ".join("?" for _ in user_ids)
        rows = await self._read(f"SELECT user_id, prefs FROM notify_prefs WHERE user_id IN ({marks})", tuple(user_ids))
        return {row["user_id"]: json.loads(row["prefs"]) for row in rows}

    async def set_notify_prefs(self, user_id: str, prefs: dict[str, Any]) -> None:
        async with self._transaction():
            await self.db.execute(
                "INSERT INTO notify_prefs (user_id, prefs) VALUES (?, ?) ON CONFLICT (user_id) DO UPDATE SET prefs = excluded.prefs",
                (user_id, json.dumps(prefs, sort_keys=True)),
            )

    async def claim_nudge(self, match_id: int, seat: int, at: datetime, since: datetime) -> bool:
        async with self._transaction():
            rows = await self._fetch("SELECT at FROM nudges WHERE match_id = ? AND seat = ?", (match_id, seat))
            if rows and rows[0]["at"] > _ts(since):
                return False
            await self.db.execute(
                "INSERT INTO nudges (match_id, seat, at) VALUES (?, ?, ?) ON CONFLICT (match_id, seat) DO UPDATE SET at = excluded.at",
                (match_id, seat, _ts(at)),
            )
            return True

    async def last_nudge(self, match_id: int, seat: int) -> datetime | None:
        rows = await self._read("SELECT at FROM nudges WHERE match_id = ? AND seat = ?", (match_id, seat))
        return _from_ts(rows[0]["at"]) if rows else None

    async def add_notice(self, notice: NoticeRow) -> None:
        async with self._transaction():
            if notice.kind == "digest":
                await self.db.execute("DELETE FROM notices WHERE user_id = ? AND kind = 'digest'", (notice.user_id,))
            else:  # one held turn notice per user and match
                await self.db.execute("DELETE FROM notices WHERE user_id = ? AND kind = ? AND match_id IS ?",
                                      (notice.user_id, notice.kind, notice.match_id))
            await self.db.execute(
                "INSERT INTO notices (user_id, kind, match_id, seq, due_at) VALUES (?, ?, ?, ?, ?)",
                (notice.user_id, notice.kind, notice.match_id, notice.seq, _ts(notice.due_at)),
            )

    async def drop_digest(self, user_id: str) -> None:
        async with self._transaction():
            await self.db.execute("DELETE FROM notices WHERE user_id = ? AND kind = 'digest'", (user_id,))

    async def next_notice(self) -> NoticeRow | None:
        notices = await self._notices("ORDER BY due_at, id LIMIT 1", ())
        return notices[0] if notices else None

    async def due_notices(self, now: datetime) -> list[NoticeRow]:
        return await self._notices("WHERE due_at <= ? ORDER BY due_at, id", (_ts(now),))

    async def claim_notice(self, notice: NoticeRow, next_due: datetime | None = None) -> bool:
        async with self._transaction():
            if next_due is None:
                cursor = await self.db.execute("DELETE FROM notices WHERE id = ? AND due_at = ?", (notice.id, _ts(notice.due_at)))
            else:
                cursor = await self.db.execute(
                    "UPDATE notices SET due_at = ? WHERE id = ? AND due_at = ?", (_ts(next_due), notice.id, _ts(notice.due_at)))
            return cursor.rowcount == 1

    async def _notices(self, tail: str, params: tuple[Any, ...]) -> list[NoticeRow]:
        rows = await self._read(f"SELECT id, user_id, kind, match_id, seq, due_at FROM notices {tail}", params)
        return [NoticeRow(id=row["id"], user_id=row["user_id"], kind=row["kind"], match_id=row["match_id"], seq=row["seq"],
                          due_at=_from_ts(row["due_at"])) for row in rows]
    # ------------------------------------------------------ notes (migration 0009)

    async def add_note(self, note: NoteRow) -> None:
        async with self._transaction():
            await self.db.execute(
                "INSERT INTO match_notes (match_id, user_id, at, text) VALUES (?, ?, ?, ?)",
                (note.match_id, note.user_id, _ts(note.at), note.text),
            )

    async def notes(self, match_id: int, user_id: str) -> list[NoteRow]:
        rows = await self._read(
            "SELECT match_id, user_id, at, text FROM match_notes WHERE match_id = ? AND user_id = ? ORDER BY id",
            (match_id, user_id),
        )
        return [NoteRow(match_id=row["match_id"], user_id=row["user_id"], at=_from_ts(row["at"]), text=row["text"]) for row in rows]


    # ----------------------------------------------------- leagues (migration 0011)

    async def create_league(self, league: NewLeague, at: datetime) -> LeagueRow:
        async with self._transaction():
            cursor = await self.db.execute(
                "INSERT INTO leagues (guild_id, channel_id, name, game, format, settings, status, creator_id, "
                "language, created_at) VALUES (?,?,?,?,?,?,'signup',?,?,?)",
                (league.guild_id, league.channel_id, league.name, league.game, league.format,
                 json.dumps(league.settings), league.creator_id, league.language, _ts(at)),
            )
            league_id = cursor.lastrowid
        assert league_id is not None
        row = await self.league(league_id)
        assert row is not None
        return row

    async def league(self, league_id: int) -> LeagueRow | None:
        rows = await self._read(f"SELECT {_LEAGUE_COLUMNS} FROM leagues WHERE id = ?", (league_id,))
        return _league(rows[0]) if rows else None

    async def leagues(self, guild_id: str | None, statuses: Sequence[LeagueStatus]) -> list[LeagueRow]:
        marks = ",".join("?" for _ in statuses) or "NULL"
        where, params = f"status IN ({marks})", list[Any](statuses)
        if guild_id is not None:
            where += " AND guild_id = ?"
            params.append(guild_id)
        rows = await self._read(f"SELECT {_LEAGUE_COLUMNS} FROM leagues WHERE {where} ORDER BY id", tuple(params))
        return [_league(row) for row in rows]

    async def set_league_status(self, league_id: int, status: LeagueStatus, *, was: LeagueStatus) -> bool:
        async with self._transaction():
            cursor = await self.db.execute(
                "UPDATE leagues SET status = ? WHERE id = ? AND status = ?", (status, league_id, was)
            )
            return cursor.rowcount == 1

    async def join_league(self, league_id: int, user_id: str, name: str) -> str:
        async with self._transaction():
            if not await self._fetch("SELECT 1 FROM leagues WHERE id = ? AND status = 'signup'", (league_id,)):
                return "closed"
            if await self._fetch(
                "SELECT 1 FROM league_entries WHERE league_id = ? AND user_id = ?", (league_id, user_id)
            ):
                return "already"
            await self.db.execute(
                "INSERT INTO league_entries (league_id, user_id, name, number) VALUES (?, ?, ?, "
                "(SELECT COALESCE(MAX(number), 0) + 1 FROM league_entries WHERE league_id = ?))",
                (league_id, user_id, name, league_id),
            )
            return "joined"

    async def league_entries(self, league_id: int) -> list[LeagueEntryRow]:
        rows = await self._read(
            "SELECT league_id, user_id, name, number, withdrawn_at, team FROM league_entries WHERE league_id = ? "
            "ORDER BY number", (league_id,),
        )
        return [
            LeagueEntryRow(**{**dict(row), "withdrawn_at": _from_ts(row["withdrawn_at"]) if row["withdrawn_at"] else None})
            for row in rows
        ]

    async def withdraw_from_league(self, league_id: int, user_id: str, at: datetime) -> bool:
        async with self._transaction():
            cursor = await self.db.execute(
                "UPDATE league_entries SET withdrawn_at = ? WHERE league_id = ? AND user_id = ? AND withdrawn_at IS NULL",
                (_ts(at), league_id, user_id),
            )
            return cursor.rowcount == 1

    async def set_league_team(self, league_id: int, user_id: str, team: int | None) -> bool:
        async with self._transaction():
            cursor = await self.db.execute(
                "UPDATE league_entries SET team = ? WHERE league_id = ? AND user_id = ? AND withdrawn_at IS NULL",
                (team, league_id, user_id),
            )
            return cursor.rowcount == 1

    async def add_pairings(self, league_id: int, pairings: Sequence[NewPairing], at: datetime) -> bool:
        try:
            async with self._transaction():
                await self.db.executemany(
                    "INSERT INTO league_pairings (league_id, round, board, first_id, second_id, due_at, created_at) "
                    "VALUES (?,?,?,?,?,?,?)",
                    [(league_id, p.round, p.board, p.first_id, p.second_id,
                      _ts(p.due_at) if p.due_at else None, _ts(at)) for p in pairings],
                )
        except sqlite3.IntegrityError as error:
            if "league_pairings" in str(error):
                return False
            raise
        return True

    async def league_pairings(self, league_id: int) -> list[PairingRow]:
        return await self._pairings("WHERE league_id = ? ORDER BY round, board", (league_id,))

    async def pairing_of_match(self, match_id: int) -> PairingRow | None:
        rows = await self._pairings("WHERE match_id = ?", (match_id,))
        return rows[0] if rows else None

    async def mark_pairing(self, pairing_id: int, field: str, value: Any) -> bool:
        if field not in PAIRING_MARKS:
            raise ValueError(f"not a pairing mark: {field}")
        stored = json.dumps(value) if field == "outcome" else _ts(value) if isinstance(value, datetime) else value
        async with self._transaction():
            cursor = await self.db.execute(
                f"UPDATE league_pairings SET {field} = ? WHERE id = ? AND {field} IS NULL", (stored, pairing_id)
            )
            return cursor.rowcount == 1

    async def mark_league_told(self, league_id: int, at: datetime) -> bool:
        async with self._transaction():
            cursor = await self.db.execute(
                "UPDATE leagues SET told_at = ? WHERE id = ? AND told_at IS NULL", (_ts(at), league_id)
            )
            return cursor.rowcount == 1

    async def clear_pairing_due(self, pairing_id: int) -> bool:
        async with self._transaction():
            cursor = await self.db.execute(
                "UPDATE league_pairings SET due_at = NULL WHERE id = ? AND due_at IS NOT NULL", (pairing_id,)
            )
            return cursor.rowcount == 1

    async def due_pairings(self, now: datetime) -> list[PairingRow]:
        return await self._pairings(
            "WHERE due_at IS NOT NULL AND due_at <= ? AND league_id IN (SELECT id FROM leagues WHERE status = 'running') "
            "ORDER BY due_at, id", (_ts(now),),
        )

    async def next_pairing_due(self) -> datetime | None:
        rows = await self._read(
            "SELECT MIN(due_at) AS due FROM league_pairings WHERE due_at IS NOT NULL "
            "AND league_id IN (SELECT id FROM leagues WHERE status = 'running')"
        )
        return _from_ts(rows[0]["due"]) if rows and rows[0]["due"] is not None else None

    async def _pairings(self, where: str, params: tuple[Any, ...]) -> list[PairingRow]:
        rows = await self._read(f"SELECT {_PAIRING_COLUMNS} FROM league_pairings {where}", params)
        return [_pairing(row) for row in rows]


def _entry(row: Any) -> Entry:
    return entry_of(row)


async def _fill_event_hashes(repo: SqliteRepository) -> None:
    """Migration 3: chain the events stored before it. An event that no longer reads stops its
    match's chain there (it and the rest keep no hash), so loading reports that match damaged."""
    for match in await repo._fetch("SELECT id, commitment FROM matches ORDER BY id"):
        rows = await repo._fetch(
            "SELECT seq, at, payload, NULL AS hash FROM events WHERE match_id = ? ORDER BY seq", (match["id"],)
        )
        previous = match["commitment"]
        hashes = []
        for row in rows:
            try:
                entry = _entry(row)
            except (ValueError, TypeError):
                log.warning("migration 3: event %s of match %s does not read; left without hash", row["seq"], match["id"])
                break
            previous = chain_hash(previous, entry)
            hashes.append((previous, match["id"], row["seq"]))
        await repo.db.executemany("UPDATE events SET hash = ? WHERE match_id = ? AND seq = ?", hashes)


_AFTER_MIGRATION = {3: _fill_event_hashes}
"""Work a migration needs beyond SQL, done in the same transaction right after its file."""

async def _schema_of_migrations() -> dict[str, list[str]]:
    """Table -> columns, as the migrations make them on an empty database."""
    db = await aiosqlite.connect(":memory:", isolation_level=None)
    try:
        db.row_factory = sqlite3.Row
        fresh = SqliteRepository(db)
        await fresh.migrate()
        return await fresh._columns()
    finally:
        await db.close()


def _statements(sql: str) -> list[str]:
    """Split a migration into statements (our migrations hold no ';' inside literals)."""
    lines = [line for line in sql.splitlines() if not line.strip().startswith("--")]
    return [part.strip() for part in "\n".join(lines).split(";") if part.strip()]


async def _set_wal(db: aiosqlite.Connection, attempts: int) -> None:
    """Switch the file to WAL. Processes opening a new file together may meet SQLite's "database is
    locked" here without its busy wait (the switch needs the file to itself), so it is tried again
    a little later; once one of them switched, the file stays WAL and the others find it so."""
    for attempt in range(1, attempts + 1):
        try:
            await db.execute("PRAGMA journal_mode = WAL")
            return
        except sqlite3.OperationalError as error:
            if attempt == attempts or not isinstance(storage_error(error), StorageBusyError):
                raise
            await asyncio.sleep(0.05 * attempt)


_LEAGUE_COLUMNS = "id, guild_id, channel_id, name, game, format, settings, status, creator_id, language, created_at, told_at"
_PAIRING_COLUMNS = (
    "id, league_id, round, board, first_id, second_id, thread_id, match_id, outcome, due_at, accepted_at, "
    "reported_at, created_at, told_at, round_told_at, opening_told_at"
)


def _league(row: Any) -> LeagueRow:
    data = dict(row)
    told = _from_ts(data["told_at"]) if data["told_at"] is not None else None
    return LeagueRow(**{**data, "settings": json.loads(data["settings"]), "created_at": _from_ts(data["created_at"]),
                        "told_at": told})


def _pairing(row: Any) -> PairingRow:
    data = dict(row)
    for key in ("due_at", "accepted_at", "reported_at", "created_at", "told_at", "round_told_at", "opening_told_at"):
        data[key] = _from_ts(data[key]) if data[key] is not None else None
    data["outcome"] = json.loads(data["outcome"]) if data["outcome"] is not None else None
    return PairingRow(**data)
