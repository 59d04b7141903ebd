"""PostgreSQL through asyncpg: the backend for several bot processes on one database.

Chosen by ``database = "postgresql://…"`` in ``config.toml`` (bot/wiring.py); the same contract as
the SQLite file (bot/storage/repository.py), held across processes by PostgreSQL itself:

- ``append`` updates the match row ``WHERE last_seq = expected``: the update locks the row, so a
  second writer of the same match waits, then finds the seq moved on and raises
  ``StaleWriteError``. Seats, ratings, timers and the snapshot change in the same transaction.
- ``add_seat``/``remove_seat`` lock the match row first (``SELECT … FOR UPDATE``), so joins of
  two processes are counted one after the other.
- Rating rows are locked in one fixed order (guild, user, game, board), so two matches ending at
  once never deadlock; each adds to the row as the other left it.
- A timer is claimed by deleting it: of all processes, one gets ``DELETE 1``.
- ``match_lock`` holds an advisory lock per match (on a connection of a second, small pool, so
  the commands working under it never wait for their own lock's connection): commands of several
  processes on one match take turns instead of meeting ``StaleWriteError``.
- An append that changes timers sends ``NOTIFY scheids_timers`` (delivered at its commit);
  ``watch_timers`` LISTENs on its own connection and wakes this process's scheduler, so a timer
  set by another process (which may die) is fired on time here too.

A transaction that PostgreSQL rolls back for a conflict (serialization failure, deadlock, a lock
not granted within ``lock_timeout_ms``) is tried again, ``WRITE_ATTEMPTS`` times in all, then
raised as ``StorageBusyError``; every other server failure becomes the ``StorageError`` that words
it (bot/storage/repository.py).

Migrations: numbered SQL files in ``migrations/postgres`` with the same numbers as the SQLite
files, so one schema version means the same on both; the version is kept in the table
``scheids_schema`` and the runner holds an advisory lock, so processes starting together migrate once.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping, Sequence
from contextlib import asynccontextmanager
from datetime import datetime
from typing import Any, TypeVar
from urllib.parse import urlsplit, urlunsplit

import asyncpg

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
    RatingUpdate,
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

T = TypeVar("T")

WRITE_ATTEMPTS = 3
RETRY_PAUSE = 0.05
"""Seconds between attempts (times the attempt number)."""
LOCK_TIMEOUT_MS = 5000
"""How long a statement waits for a row lock another process holds, per attempt."""
STATEMENT_TIMEOUT_MS = 60000
"""How long one statement may run before the server cancels it (answered as busy): no command
waits on the database for ever."""
MATCH_LOCK_WAIT_MS = 30000
"""How long a command waits for another process's command on the same match (which may be
drawing its pictures), then answers "busy"."""
POOL_SIZE = 10
LOCK_SPACE = 0x5C4E
"""The first key of our advisory locks (the second: the match id; 0 for the migrations)."""
TIMERS_CHANNEL = "scheids_timers"
RELISTEN_PAUSE = 1.0
"""Seconds before the timer listener connects again after losing its connection (doubling, at most a minute)."""

_CONFLICT = (asyncpg.exceptions.TransactionRollbackError, asyncpg.exceptions.LockNotAvailableError)
"""Rolled back for sure, and worth another attempt."""



def redacted(url: str) -> str:
    """The URL without its password, for messages and logs.

    >>> redacted("postgresql://bot:secret@db.example:5432/scheids")
    'postgresql://bot:***@db.example:5432/scheids'
    """
    parts = urlsplit(url)
    if parts.password is None:
        return url
    netloc = parts.netloc.replace(f":{parts.password}@", ":***@", 1)
    return urlunsplit(parts._replace(netloc=netloc))


def storage_error(error: BaseException) -> StorageError | None:
    """What a PostgreSQL or connection failure means for the user, or ``None`` for errors of our
    own making (SQL, constraints), which stay as they are."""
    exceptions = asyncpg.exceptions
    detail = f"{type(error).__name__}: {error}"
    # CannotConnectNow: the server is starting or stopping.
    busy = (*_CONFLICT, exceptions.QueryCanceledError, exceptions.TooManyConnectionsError, exceptions.CannotConnectNowError)
    if isinstance(error, busy):
        return StorageBusyError(detail)
    if isinstance(error, exceptions.InsufficientResourcesError | exceptions.ProgramLimitExceededError):
        return StorageFullError(detail)
    if isinstance(
        error,
        exceptions.PostgresSystemError
        | exceptions.DataCorruptedError
        | exceptions.IndexCorruptedError
        | exceptions.ReadOnlySQLTransactionError,
    ):
        return StorageIOError(detail)
    if isinstance(
        error,
        exceptions.PostgresConnectionError
        | exceptions.OperatorInterventionError
        | exceptions.ConnectionDoesNotExistError
        | OSError
        | TimeoutError,
    ):
        return StorageError(detail)
    return None


def migrations() -> list[tuple[int, str]]:
    """(number, sql) of every PostgreSQL migration file, in order."""
    return migration_files("migrations", "postgres")


def _count(status: str) -> int:
    """The row count of a command status such as ``'DELETE 1'``."""
    return int(status.rsplit(" ", 1)[-1])


class PostgresRepository:
    """The repository on one PostgreSQL database. Open with ``await PostgresRepository.open(url)``."""

    def __init__(self, pool: asyncpg.Pool, lock_pool: asyncpg.Pool, url: str, *, attempts: int = WRITE_ATTEMPTS) -> None:
        self.pool = pool
        self.lock_pool = lock_pool
        self.url = url
        self.attempts = attempts
        self._listener: asyncpg.Connection | None = None
        self._relisten: asyncio.Task | None = None
        self._closed = False

    @classmethod
    async def open(
        cls,
        url: str,
        *,
        pool_size: int = POOL_SIZE,
        attempts: int = WRITE_ATTEMPTS,
        lock_timeout_ms: int = LOCK_TIMEOUT_MS,
        statement_timeout_ms: int = STATEMENT_TIMEOUT_MS,
        check: bool = False,
    ) -> PostgresRepository:
        """Connect to ``url`` and migrate. A server that cannot be reached or refuses us raises
        ``DatabaseUnusableError``; a database of a newer Scheids ``DatabaseTooNewError``.
        ``check`` (at start-up) also compares the tables with what the migrations make (the
        server checks its own pages)."""
        try:
            pool = await asyncpg.create_pool(
                url,
                min_size=1,
                max_size=pool_size,
                server_settings={
                    "lock_timeout": str(int(lock_timeout_ms)),
                    "statement_timeout": str(int(statement_timeout_ms)),
                    "application_name": "scheids",
                },
            )
        except (asyncpg.PostgresError, OSError, TimeoutError, ValueError) as error:
            raise DatabaseUnusableError(redacted(url), f"{type(error).__name__}: {error}") from error
        lock_pool = asyncpg.create_pool(
            url,
            min_size=0,
            max_size=pool_size,
            server_settings={"lock_timeout": str(MATCH_LOCK_WAIT_MS), "application_name": "scheids-locks"},
        )
        repo = cls(pool, lock_pool, url, attempts=attempts)
        try:
            await lock_pool  # min_size 0: connects when a lock is first taken
            await repo.migrate()
            if check:
                await repo.check_schema()
        except BaseException as error:
            await pool.close()
            await lock_pool.close()
            if isinstance(error, StorageError) and not isinstance(error, StorageBusyError):
                raise DatabaseUnusableError(redacted(url), error.detail) from error
            raise
        return repo

    async def close(self) -> None:
        self._closed = True
        if self._relisten is not None:
            self._relisten.cancel()
        if self._listener is not None:
            await self._listener.close()
        await self.lock_pool.close()
        await self.pool.close()

    async def migrate(self) -> int:
        """Apply the migrations newer than the stored version, all in one transaction under an
        advisory lock; returns the version reached. ``DatabaseTooNewError`` when the database's
        version is above every migration we know."""
        known = migrations()
        supported = known[-1][0] if known else 0

        async def run(conn: asyncpg.Connection) -> int:
            await conn.execute("SELECT pg_advisory_xact_lock($1, 0)", LOCK_SPACE)
            await conn.execute("CREATE TABLE IF NOT EXISTS scheids_schema (version INTEGER NOT NULL)")
            current = await conn.fetchval("SELECT version FROM scheids_schema")
            if current is None:
                current = 0
                await conn.execute("INSERT INTO scheids_schema (version) VALUES (0)")
            if current > supported:
                raise DatabaseTooNewError(current, supported)
            for number, sql in known:
                if number > current:
                    await conn.execute(sql)  # no arguments: the file runs as one script
                    current = number
            await conn.execute("UPDATE scheids_schema SET version = $1", current)
            return current

        return await self._write(run)

    async def check_schema(self) -> None:
        """``DatabaseUnusableError`` unless every table the migrations make is there with every
        column they give it (a column renamed or dropped by hand at the current version would
        otherwise fail every command that reads it). The migrations are run into a scratch schema
        inside a transaction that is rolled back, and their columns compared with ours; tables
        and columns added by hand are left alone."""

        async def columns(conn: asyncpg.Connection) -> dict[str, set[str]]:
            rows = await conn.fetch(
                "SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = current_schema()"
            )
            found: dict[str, set[str]] = {}
            for row in rows:
                found.setdefault(row["table_name"], set()).add(row["column_name"])
            return found

        async with self.pool.acquire() as conn:
            found = await columns(conn)
            scratch = "scheids_schema_check"
            transaction = conn.transaction()
            await transaction.start()
            try:
                await conn.execute(f"CREATE SCHEMA {scratch}")
                await conn.execute(f"SET LOCAL search_path TO {scratch}")
                for _, sql in migrations():
                    await conn.execute(sql)
                expected = await columns(conn)
            except asyncpg.exceptions.InsufficientPrivilegeError as error:
                # A bot user without the right to create a schema still starts, unchecked.
                log.warning("cannot compare the tables with the migrations (%s); not checked", error)
                return
            finally:
                await transaction.rollback()
        missing = []
        for table, wanted in sorted(expected.items()):
            if table not in found:
                missing.append(f"table {table} is missing")
            elif lacking := sorted(wanted - found[table]):
                missing.append(f"table {table} has no column {', '.join(lacking)}")
        if missing:
            raise DatabaseUnusableError(redacted(self.url), "; ".join(missing) + " (changed by hand?)")

    async def schema_version(self) -> int:
        return await self._value("SELECT version FROM scheids_schema")

    # ------------------------------------------------------------ plumbing

    async def _write(self, body: Callable[[asyncpg.Connection], Awaitable[T]]) -> T:
        """Run ``body`` in one transaction; again after a conflict PostgreSQL rolled back. A
        failure leaves nothing applied and is raised as the ``StorageError`` that says so; our
        own exceptions pass unchanged."""
        for attempt in range(1, self.attempts + 1):
            try:
                async with self.pool.acquire() as conn, conn.transaction():
                    return await body(conn)
            except _CONFLICT as error:
                if attempt == self.attempts:
                    log.error("database conflict after %d attempts: %s", attempt, error)
                    raise StorageBusyError(f"{type(error).__name__}: {error}") from error
                log.warning("database conflict (attempt %d of %d), again: %s", attempt, self.attempts, error)
                await asyncio.sleep(RETRY_PAUSE * attempt)
            except Exception as error:
                translated = storage_error(error)
                if translated is not None:
                    raise translated from error
                raise
        raise AssertionError("not reached")

    async def _read(self, sql: str, *args: Any) -> list[asyncpg.Record]:
        try:
            return await self.pool.fetch(sql, *args)
        except Exception as error:
            translated = storage_error(error)
            if translated is not None:
                raise translated from error
            raise

    async def _value(self, sql: str, *args: Any) -> Any:
        rows = await self._read(sql, *args)
        return rows[0][0] if rows else None

    # ----------------------------------------------------------------- matches

    async def create_match(self, match: NewMatch, creator_name: str, at: datetime) -> MatchRow:
        async def insert(conn: asyncpg.Connection) -> int:
            # Checked before the insert: a refused insert would still use up an id, and match
            # numbers are shown (only two creations racing can leave a gap).
            if await conn.fetchval(
                "SELECT 1 FROM matches WHERE channel_id = $1 AND status IN ('open', 'active')", match.channel_id
            ):
                raise LiveMatchExistsError(match.channel_id)
            match_id = await conn.fetchval(
                "INSERT INTO matches (guild_id, channel_id, game, engine_version, options, time_control, "
                "creator_id, invited_id, status, seed, commitment, language, created_at, updated_at, rated) "
                "VALUES ($1,$2,$3,$4,$5,$6,$7,$8,'open',$9,$10,$11,$12,$12,$13) RETURNING id",
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
                at,
                match.rated,
            )
            await conn.execute(
                "INSERT INTO seats (match_id, seat, user_id, name) VALUES ($1, 0, $2, $3)",
                match_id,
                match.creator_id,
                creator_name,
            )
            return match_id

        try:
            match_id = await self._write(insert)
        except asyncpg.exceptions.UniqueViolationError as error:
            if error.constraint_name == "matches_one_live_per_channel":
                raise LiveMatchExistsError(match.channel_id) from None
            raise
        row = await self.get_match(match_id)
        assert row is not None
        return row

    async def get_match(self, match_id: int) -> MatchRow | None:
        rows = await self._matches("WHERE id = $1", match_id)
        return rows[0] if rows else None

    async def live_match_in(self, channel_id: str) -> MatchRow | None:
        rows = await self._matches("WHERE channel_id = $1 AND status IN ('open', 'active')", channel_id)
        return rows[0] if rows else None

    async def latest_match_in(self, channel_id: str) -> MatchRow | None:
        rows = await self._matches("WHERE channel_id = $1 ORDER BY id DESC LIMIT 1", channel_id)
        return rows[0] if rows else None

    async def matches_of_user(self, user_id: str, guild_id: str | None, live_only: bool) -> list[MatchRow]:
        where = "WHERE id IN (SELECT match_id FROM seats WHERE (holder_id IS NULL AND user_id = $1) OR holder_id = $1)"
        args: list[Any] = [user_id]
        if guild_id is not None:
            args.append(guild_id)
            where += f" AND guild_id = ${len(args)}"
        if live_only:
            where += " AND status IN ('open', 'active')"
        return await self._matches(where + " ORDER BY updated_at DESC", *args)

    async def live_matches(self) -> list[MatchRow]:
        return await self._matches("WHERE status IN ('open', 'active') ORDER BY id")

    async def _matches(self, where: str, *args: Any) -> list[MatchRow]:
        rows = await self._read(f"SELECT {MATCH_COLUMNS} FROM matches {where}", *args)
        return [match_row(row) for row in rows]

    async def read_match(self, match_id: int, known_seq: int | None = None) -> StoredMatch | None:
        try:
            # REPEATABLE READ: every query of the transaction sees the snapshot its first took.
            async with self.pool.acquire() as conn, conn.transaction(isolation="repeatable_read", readonly=True):
                rows = await conn.fetch(f"SELECT {MATCH_COLUMNS} FROM matches WHERE id = $1", match_id)
                if not rows:
                    return None
                seats = await conn.fetch(
                    "SELECT match_id, seat, user_id, name, dm_closed, holder_id, holder_name FROM seats WHERE match_id = $1 ORDER BY seat",
                    match_id,
                )
                events = snapshot = None
                if rows[0]["last_seq"] != known_seq:
                    events = await conn.fetch(
                        "SELECT seq, at, payload, hash FROM events WHERE match_id = $1 ORDER BY seq", match_id
                    )
                    snapshots = await conn.fetch(
                        "SELECT seq, engine_version, payload FROM snapshots WHERE match_id = $1", match_id
                    )
                    snapshot = snapshots[0] if snapshots else None
        except Exception as error:
            translated = storage_error(error)
            if translated is not None:
                raise translated from error
            raise
        return stored_match(rows[0], seats, events, snapshot)

    # ------------------------------------------------------------------- seats

    async def seats(self, match_id: int) -> list[SeatRow]:
        rows = await self._read(
            "SELECT match_id, seat, user_id, name, dm_closed, holder_id, holder_name FROM seats WHERE match_id = $1 ORDER BY seat", match_id
        )
        return [SeatRow(**dict(row)) for row in rows]

    @staticmethod
    async def _lock_open(conn: asyncpg.Connection, match_id: int) -> None:
        """Lock the match row for this transaction; ``SeatRefusedError`` unless it is open."""
        status = await conn.fetchval("SELECT status FROM matches WHERE id = $1 FOR UPDATE", match_id)
        if status != "open":
            raise SeatRefusedError("not_open")

    async def add_seat(self, match_id: int, user_id: str, name: str, *, max_seats: int | None = None) -> SeatRow:
        async def seat(conn: asyncpg.Connection) -> int:
            await self._lock_open(conn, match_id)
            if await conn.fetchval("SELECT 1 FROM seats WHERE match_id = $1 AND user_id = $2", match_id, user_id):
                raise SeatRefusedError("seated")
            count = await conn.fetchval("SELECT COUNT(*) FROM seats WHERE match_id = $1", match_id)
            if max_seats is not None and count >= max_seats:
                raise SeatRefusedError("full")
            await conn.execute(
                "INSERT INTO seats (match_id, seat, user_id, name) VALUES ($1, $2, $3, $4)",
                match_id,
                count,
                user_id,
                name,
            )
            return count

        number = await self._write(seat)
        return SeatRow(match_id=match_id, seat=number, user_id=user_id, name=name)

    async def move_seat(self, match_id: int, user_id: str, seat: int) -> None:
        async def move(conn: asyncpg.Connection) -> None:
            await self._lock_open(conn, match_id)
            rows = await conn.fetch("SELECT user_id FROM seats WHERE match_id = $1 ORDER BY seat", match_id)
            order = [row["user_id"] for row in rows]
            if user_id not in order or not 0 <= seat < len(order):
                raise ValueError(f"no seat {seat} for {user_id!r} in match {match_id}")
            order.remove(user_id)
            order.insert(seat, user_id)
            # Through negative numbers: the primary key is checked per row.
            await conn.execute("UPDATE seats SET seat = -seat - 1 WHERE match_id = $1", match_id)
            for number, user in enumerate(order):
                await conn.execute("UPDATE seats SET seat = $1 WHERE match_id = $2 AND user_id = $3", number, match_id, user)

        await self._write(move)

    async def remove_seat(self, match_id: int, user_id: str) -> None:
        async def remove(conn: asyncpg.Connection) -> None:
            await self._lock_open(conn, match_id)
            seat = await conn.fetchval(
                "DELETE FROM seats WHERE match_id = $1 AND user_id = $2 RETURNING seat", match_id, user_id
            )
            if seat is None:
                return
            # Two steps through negative numbers: the primary key is checked per row.
            await conn.execute("UPDATE seats SET seat = -seat WHERE match_id = $1 AND seat > $2", match_id, seat)
            await conn.execute("UPDATE seats SET seat = -seat - 1 WHERE match_id = $1 AND seat < 0", match_id)

        await self._write(remove)

    async def mark_dm_closed(self, match_id: int, user_id: str) -> bool:
        async def mark(conn: asyncpg.Connection) -> bool:
            status = await conn.execute(
                "UPDATE seats SET dm_closed = TRUE WHERE match_id = $1 AND COALESCE(holder_id, user_id) = $2 AND NOT dm_closed",
                match_id,
                user_id,
            )
            return _count(status) == 1

        return await self._write(mark)

    # ------------------------------------------------------------------ events

    async def entries(self, match_id: int, after_seq: int = 0) -> list[Entry]:
        rows = await self._read(
            "SELECT seq, at, payload, hash FROM events WHERE match_id = $1 AND seq > $2 ORDER BY seq",
            match_id,
            after_seq,
        )
        entries = []
        for row in rows:
            try:
                entries.append(_entry(row))
            except (ValueError, TypeError) as error:  # pydantic's ValidationError is a ValueError
                raise DamagedRecordError(match_id, row["seq"], "unreadable", entries) from error
        return entries

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

        async def write(conn: asyncpg.Connection) -> int:
            # The update locks the match row: a second writer waits here, then finds last_seq moved.
            commitment = await conn.fetchval(
                "UPDATE matches SET last_seq = $1, updated_at = $2, status = COALESCE($3, status), "
                "result = COALESCE($4::jsonb, result) WHERE id = $5 AND last_seq = $6 RETURNING commitment",
                last,
                at,
                status,
                json.dumps(result) if result is not None else None,
                match_id,
                expected_seq,
            )
            if commitment is None:
                raise StaleWriteError(match_id)
            if seats is not None:
                count = await conn.fetchval("SELECT COUNT(*) FROM seats WHERE match_id = $1", match_id)
                if count != seats:
                    raise StaleWriteError(match_id)
            previous = commitment
            if expected_seq > 0:
                previous = await conn.fetchval(
                    "SELECT hash FROM events WHERE match_id = $1 AND seq = $2", match_id, expected_seq
                ) or ""
            rows = []
            for i, event in enumerate(events):
                entry = Entry(seq=expected_seq + 1 + i, at=at, event=event)
                previous = chain_hash(previous, entry)
                rows.append((match_id, entry.seq, at.isoformat(), event.type, event.model_dump_json(), previous))
            await conn.executemany(
                "INSERT INTO events (match_id, seq, at, type, payload, hash) VALUES ($1, $2, $3, $4, $5, $6)", rows
            )
            if holders:
                await conn.executemany(
                    "UPDATE seats SET holder_id = $1, holder_name = $2 WHERE match_id = $3 AND seat = $4",
                    [(user_id, name, match_id, seat) for seat, (user_id, name) in sorted(holders.items())],
                )
            if timers is not None or (status is not None and status not in LIVE):
                await conn.execute("DELETE FROM timers WHERE match_id = $1", match_id)
                if timers:
                    await conn.executemany(
                        "INSERT INTO timers (match_id, kind, seat, due_at, seq) VALUES ($1, $2, $3, $4, $5)",
                        [(t.match_id, t.kind, t.seat, t.due_at, t.seq) for t in timers],
                    )
                    await conn.execute("SELECT pg_notify($1, '')", TIMERS_CHANNEL)  # sent at the commit
            await self._apply_ratings(conn, [u for u in ratings if isinstance(u, RatingUpdate)])
            for update in ratings:
                if isinstance(update, GlickoUpdate):
                    await self._apply_glicko(conn, update, at)
            if snapshot is not None:
                await conn.execute(
                    "INSERT INTO snapshots (match_id, seq, engine_version, payload) VALUES ($1, $2, $3, $4) "
                    "ON CONFLICT (match_id) DO UPDATE SET seq = excluded.seq, "
                    "engine_version = excluded.engine_version, payload = excluded.payload",
                    match_id,
                    last,
                    engine_version or 0,
                    snapshot,
                )
            return last

        try:
            return await self._write(write)
        except asyncpg.exceptions.IntegrityConstraintViolationError:
            raise StaleWriteError(match_id) from None

    @staticmethod
    async def _apply_ratings(conn: asyncpg.Connection, ratings: Sequence[RatingUpdate]) -> None:
        """Each update read and written under its row's lock inside the append's transaction: a
        match of the same player ending at the same time (in any process) waits and adds to this
        result. Locked in key order, so two endings with the same players never deadlock."""
        for update in sorted(ratings, key=lambda u: (u.guild_id, u.user_id, u.game, u.board)):
            key = (update.guild_id, update.user_id, update.game, update.board)
            # Make sure the row exists, so that FOR UPDATE has something to lock even the first time.
            await conn.execute(
                "INSERT INTO ratings (guild_id, user_id, game, board, name) VALUES ($1, $2, $3, $4, $5) "
                "ON CONFLICT DO NOTHING",
                *key,
                update.name,
            )
            row = await conn.fetchrow(
                "SELECT guild_id, user_id, game, board, name, points, wins, draws, losses FROM ratings "
                "WHERE guild_id = $1 AND user_id = $2 AND game = $3 AND board = $4 FOR UPDATE",
                *key,
            )
            before = RatingRow(**dict(row))  # for a first match: the blank row just inserted
            after = update.change(before)
            await conn.execute(
                "UPDATE ratings SET name = $5, points = $6, wins = $7, draws = $8, losses = $9 "
                "WHERE guild_id = $1 AND user_id = $2 AND game = $3 AND board = $4",
                *key,
                after.name,
                after.points,
                after.wins,
                after.draws,
                after.losses,
            )
            update.before, update.after = before, after

    @staticmethod
    async def _apply_glicko(conn: asyncpg.Connection, update: GlickoUpdate, at: datetime) -> None:
        """Every player's row locked (in user id order, so two endings with the same players never
        deadlock) and read inside the append's transaction, the new rows written with a history
        row each: a match of the same player ending at the same time waits and rates from this
        result."""
        select = (
            "SELECT guild_id, user_id, game, name, rating, deviation, volatility, wins, draws, losses FROM glicko "
            "WHERE guild_id = $1 AND user_id = $2 AND game = $3 FOR UPDATE"
        )
        before = {}
        for user_id in sorted(update.names):
            key = (update.guild_id, user_id, update.game)
            await conn.execute(
                "INSERT INTO glicko (guild_id, user_id, game, name) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING",
                *key,
                update.names[user_id],
            )
            before[user_id] = GlickoRow(**dict(await conn.fetchrow(select, *key)))
        after = update.change(dict(before))
        for user_id in sorted(after):
            row = after[user_id]
            await conn.execute(
                "UPDATE glicko SET name = $4, rating = $5, deviation = $6, volatility = $7, wins = $8, draws = $9, "
                "losses = $10 WHERE guild_id = $1 AND user_id = $2 AND game = $3",
                row.guild_id, row.user_id, row.game, row.name, row.rating, row.deviation, row.volatility, row.wins,
                row.draws, row.losses,
            )
            await conn.execute(
                "INSERT INTO rating_history (guild_id, user_id, game, match_id, at, rating, deviation) "
                "VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (guild_id, user_id, game, match_id) DO UPDATE "
                "SET at = excluded.at, rating = excluded.rating, deviation = excluded.deviation",
                row.guild_id, row.user_id, row.game, update.match_id, at, row.rating, row.deviation,
            )
        update.before, update.after = before, after

    async def snapshot(self, match_id: int) -> tuple[int, int, str] | None:
        rows = await self._read("SELECT seq, engine_version, payload FROM snapshots WHERE match_id = $1", match_id)
        return (rows[0]["seq"], rows[0]["engine_version"], rows[0]["payload"]) if rows else None

    # ----------------------------------------------------------------- ratings

    async def rating(self, guild_id: str, user_id: str, game: str, board: str) -> RatingRow | None:
        rows = await self._ratings(
            "WHERE guild_id = $1 AND user_id = $2 AND game = $3 AND board = $4", guild_id, user_id, game, board
        )
        return rows[0] if rows else None

    async def ratings_of(self, guild_id: str, user_id: str) -> list[RatingRow]:
        return await self._ratings("WHERE guild_id = $1 AND user_id = $2 ORDER BY game, board", guild_id, user_id)

    async def leaderboard(self, guild_id: str, game: str, board: str, limit: int) -> list[RatingRow]:
        return await self._ratings(
            "WHERE guild_id = $1 AND game = $2 AND board = $3 ORDER BY points DESC, wins DESC, name LIMIT $4",
            guild_id,
            game,
            board,
            limit,
        )

    async def _ratings(self, where: str, *args: Any) -> list[RatingRow]:
        rows = await self._read(
            f"SELECT guild_id, user_id, game, board, name, points, wins, draws, losses FROM ratings {where}", *args
        )
        return [RatingRow(**dict(row)) for row in rows]

    async def glicko(self, guild_id: str, user_id: str, game: str) -> GlickoRow | None:
        rows = await self._glicko("WHERE guild_id = $1 AND user_id = $2 AND game = $3", guild_id, user_id, game)
        return rows[0] if rows else None

    async def glicko_of(self, guild_id: str, user_id: str) -> list[GlickoRow]:
        return await self._glicko("WHERE guild_id = $1 AND user_id = $2 ORDER BY game", guild_id, user_id)

    async def glicko_table(self, guild_id: str, game: str, limit: int) -> list[GlickoRow]:
        return await self._glicko(
            "WHERE guild_id = $1 AND game = $2 ORDER BY rating DESC, name, user_id LIMIT $3", guild_id, game, limit
        )

    async def glicko_place(self, guild_id: str, game: str, user_id: str) -> int | None:
        rows = await self._read(
            "SELECT (SELECT COUNT(*) FROM glicko o WHERE o.guild_id = g.guild_id AND o.game = g.game AND "
            "(o.rating > g.rating OR (o.rating = g.rating AND (o.name, o.user_id) < (g.name, g.user_id)))) AS ahead "
            "FROM glicko g WHERE g.guild_id = $1 AND g.game = $2 AND g.user_id = $3",
            guild_id,
            game,
            user_id,
        )
        return rows[0]["ahead"] + 1 if rows else None

    async def rating_history(self, guild_id: str, user_id: str, game: str, limit: int) -> list[HistoryRow]:
        rows = await self._read(
            "SELECT * FROM (SELECT guild_id, user_id, game, match_id, at, rating, deviation FROM rating_history "
            "WHERE guild_id = $1 AND user_id = $2 AND game = $3 ORDER BY at DESC, match_id DESC LIMIT $4) AS h "
            "ORDER BY at, match_id",
            guild_id,
            user_id,
            game,
            limit,
        )
        return [HistoryRow(**dict(row)) for row in rows]

    async def _glicko(self, where: str, *args: Any) -> list[GlickoRow]:
        rows = await self._read(
            "SELECT guild_id, user_id, game, name, rating, deviation, volatility, wins, draws, losses "
            f"FROM glicko {where}",
            *args,
        )
        return [GlickoRow(**dict(row)) for row in rows]

    # ------------------------------------------------------------------ timers

    async def next_timer(self) -> TimerRow | None:
        timers = await self._timers("ORDER BY due_at, id LIMIT 1")
        return timers[0] if timers else None

    async def due_timers(self, now: datetime) -> list[TimerRow]:
        return await self._timers("WHERE due_at <= $1 ORDER BY due_at, id", now)

    async def claim_timer(self, timer: TimerRow) -> bool:
        async def claim(conn: asyncpg.Connection) -> bool:
            return _count(await conn.execute("DELETE FROM timers WHERE id = $1 AND seq = $2", timer.id, timer.seq)) == 1

        return await self._write(claim)

    async def _timers(self, tail: str, *args: Any) -> list[TimerRow]:
        rows = await self._read(f"SELECT id, match_id, kind, seat, due_at, seq FROM timers {tail}", *args)
        return [TimerRow(**dict(row)) for row in rows]

    # ------------------------------------------------------ across processes

    @asynccontextmanager
    async def match_lock(self, match_id: int) -> AsyncIterator[None]:
        """The match's advisory lock, held on a connection of ``lock_pool`` until the block
        ends; waiting longer than ``MATCH_LOCK_WAIT_MS`` raises ``StorageBusyError``. Should
        the connection die meanwhile, the server drops the lock; the seq check inside ``append``
        still refuses a stale write."""
        try:
            conn = await self.lock_pool.acquire()
            try:
                await conn.execute("SELECT pg_advisory_lock($1, $2)", LOCK_SPACE, match_id)
            except BaseException:
                await self.lock_pool.release(conn)
                raise
        except Exception as error:
            translated = storage_error(error)
            if translated is None:
                raise
            raise translated from error
        try:
            yield
        finally:
            try:
                if not conn.is_closed():
                    await conn.execute("SELECT pg_advisory_unlock($1, $2)", LOCK_SPACE, match_id)
            except Exception:  # the server drops a lost connection's locks; released is released
                log.warning("match %s: releasing its lock failed", match_id, exc_info=True)
            finally:
                await self.lock_pool.release(conn)

    async def watch_timers(self, wake: Callable[[], None]) -> None:
        """LISTEN on a connection of its own; when it is lost, connect again in the background
        (with a growing pause) and wake once, since a notice may have been missed meanwhile."""
        if self._listener is not None and not self._listener.is_closed():
            return
        listener = await asyncpg.connect(self.url)
        await listener.add_listener(TIMERS_CHANNEL, lambda *_: wake())
        listener.add_termination_listener(lambda _: self._listen_again(wake))
        self._listener = listener

    def _listen_again(self, wake: Callable[[], None]) -> None:
        if self._closed or (self._relisten is not None and not self._relisten.done()):
            return

        async def again() -> None:
            pause = RELISTEN_PAUSE
            while not self._closed:
                await asyncio.sleep(pause)
                try:
                    await self.watch_timers(wake)
                except (asyncpg.PostgresError, OSError, TimeoutError) as error:
                    log.warning("timer listener: reconnecting failed (%s); again in %.0f s", error, pause)
                    pause = min(pause * 2, 60.0)
                    continue
                wake()
                return

        log.warning("timer listener: connection lost; reconnecting")
        self._relisten = asyncio.get_running_loop().create_task(again(), name="scheids-timer-listener")

    # ------------------------------------------------------------------- users

    async def remember_user(self, user: UserRow) -> None:
        async def remember(conn: asyncpg.Connection) -> None:
            await conn.execute(
                "INSERT INTO users (user_id, name, language) VALUES ($1, $2, $3) "
                "ON CONFLICT (user_id) DO UPDATE SET name = excluded.name, language = excluded.language",
                user.user_id,
                user.name,
                user.language,
            )

        await self._write(remember)

    async def user(self, user_id: str) -> UserRow | None:
        rows = await self._read("SELECT user_id, name, language FROM users WHERE user_id = $1", user_id)
        return UserRow(**dict(rows[0])) if rows else None

    # ------------------------------------------- adapter memory (migration 0004)

    async def dm_refused_users(self) -> set[str]:
        return {row["user_id"] for row in await self._read("SELECT user_id FROM dm_refusals")}

    async def remember_dm_refused(self, user_id: str, at: datetime) -> None:
        await self._execute(
            "INSERT INTO dm_refusals (user_id, refused_at) VALUES ($1, $2) ON CONFLICT (user_id) DO NOTHING",
            user_id,
            at,
        )

    async def forget_dm_refused(self, user_id: str) -> None:
        await self._execute("DELETE FROM dm_refusals WHERE user_id = $1", user_id)

    async def setting(self, key: str) -> str | None:
        return await self._value("SELECT value FROM bot_settings WHERE key = $1", key)

    async def set_setting(self, key: str, value: str) -> None:
        await self._execute(
            "INSERT INTO bot_settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            key,
            value,
        )

    async def settings_starting(self, prefix: str) -> dict[str, str]:
        rows = await self._read("SELECT key, value FROM bot_settings WHERE left(key, $1) = $2", len(prefix), prefix)
        return {row["key"]: row["value"] for row in rows}

    async def claim_setting(self, key: str) -> bool:
        async def claim(conn: asyncpg.Connection) -> bool:
            return _count(await conn.execute("DELETE FROM bot_settings WHERE key = $1", key)) == 1

        return await self._write(claim)

    # ------------------------------------------- server settings (migration 0010)

    async def server_settings(self, guild_id: str) -> dict[str, str]:
        rows = await self._read("SELECT key, value FROM server_settings WHERE guild_id = $1", guild_id)
        return {row["key"]: row["value"] for row in rows}

    async def change_server_setting(self, change: SettingChangeRow) -> SettingChangeRow:
        async def store(conn: asyncpg.Connection) -> SettingChangeRow:
            old = await conn.fetchval(
                "SELECT value FROM server_settings WHERE guild_id = $1 AND key = $2 FOR UPDATE", change.guild_id, change.key
            )
            done = change.model_copy(update={"old_value": old})
            await conn.execute(
                "INSERT INTO server_settings (guild_id, key, value) VALUES ($1, $2, $3) "
                "ON CONFLICT (guild_id, key) DO UPDATE SET value = excluded.value",
                change.guild_id, change.key, change.new_value,
            )
            await conn.execute(
                "INSERT INTO settings_changes (guild_id, key, old_value, new_value, user_id, user_name, at) "
                "VALUES ($1, $2, $3, $4, $5, $6, $7)",
                done.guild_id, done.key, done.old_value, done.new_value, done.user_id, done.user_name, done.at,
            )
            return done

        return await self._write(store)

    async def settings_changes(self, guild_id: str, limit: int) -> list[SettingChangeRow]:
        rows = await self._read(
            "SELECT guild_id, key, old_value, new_value, user_id, user_name, at FROM settings_changes "
            "WHERE guild_id = $1 ORDER BY id DESC LIMIT $2", guild_id, limit,
        )
        return [SettingChangeRow(**dict(row)) for row in rows]
    # ------------------------------------------------------ long games (migration 0007)

    async def away_periods(self, user_id: str) -> list[AwayRow]:
        rows = await self._read(
            "SELECT id, user_id, start_at, until_at FROM away_periods WHERE user_id = $1 ORDER BY start_at, id", user_id)
        return [AwayRow(id=row["id"], user_id=row["user_id"], start=row["start_at"], until=row["until_at"]) for row in rows]

    async def add_away(self, user_id: str, start: datetime, until: datetime) -> AwayRow:
        away_id = await self._write(lambda conn: conn.fetchval(
            "INSERT INTO away_periods (user_id, start_at, until_at) VALUES ($1, $2, $3) RETURNING id", user_id, start, until))
        return AwayRow(id=away_id, user_id=user_id, start=start, until=until)

    async def end_away(self, away_id: int, until: datetime) -> None:
        await self._execute("UPDATE away_periods SET until_at = $1 WHERE id = $2", until, away_id)

    async def notify_prefs(self, user_ids: Sequence[str]) -> dict[str, dict[str, Any]]:
        if not user_ids:
            return {}
        rows = await self._read("SELECT user_id, prefs FROM notify_prefs WHERE user_id = ANY($1::text[])", list(user_ids))
        return {row["user_id"]: json.loads(row["prefs"]) if isinstance(row["prefs"], str) else row["prefs"] for row in rows}

    async def set_notify_prefs(self, user_id: str, prefs: dict[str, Any]) -> None:
        await self._execute(
            "INSERT INTO notify_prefs (user_id, prefs) VALUES ($1, $2::jsonb) ON CONFLICT (user_id) DO UPDATE SET prefs = excluded.prefs",
            user_id, json.dumps(prefs, sort_keys=True),
        )

    async def claim_nudge(self, match_id: int, seat: int, at: datetime, since: datetime) -> bool:
        async def claim(conn: asyncpg.Connection) -> bool:
            row = await conn.fetchrow(
                "INSERT INTO nudges (match_id, seat, at) VALUES ($1, $2, $3) ON CONFLICT (match_id, seat) "
                "DO UPDATE SET at = excluded.at WHERE nudges.at <= $4 RETURNING at", match_id, seat, at, since)
            return row is not None

        return await self._write(claim)

    async def last_nudge(self, match_id: int, seat: int) -> datetime | None:
        value: datetime | None = await self._value("SELECT at FROM nudges WHERE match_id = $1 AND seat = $2", match_id, seat)
        return value

    async def add_notice(self, notice: NoticeRow) -> None:
        async def add(conn: asyncpg.Connection) -> None:
            if notice.kind == "digest":
                await conn.execute("DELETE FROM notices WHERE user_id = $1 AND kind = 'digest'", notice.user_id)
            else:  # one held turn notice per user and match
                await conn.execute("DELETE FROM notices WHERE user_id = $1 AND kind = $2 AND match_id IS NOT DISTINCT FROM $3",
                                   notice.user_id, notice.kind, notice.match_id)
            await conn.execute(
                "INSERT INTO notices (user_id, kind, match_id, seq, due_at) VALUES ($1, $2, $3, $4, $5)",
                notice.user_id, notice.kind, notice.match_id, notice.seq, notice.due_at)

        await self._write(add)

    async def drop_digest(self, user_id: str) -> None:
        await self._execute("DELETE FROM notices WHERE user_id = $1 AND kind = 'digest'", user_id)

    async def next_notice(self) -> NoticeRow | None:
        notices = await self._notices("ORDER BY due_at, id LIMIT 1")
        return notices[0] if notices else None

    async def due_notices(self, now: datetime) -> list[NoticeRow]:
        return await self._notices("WHERE due_at <= $1 ORDER BY due_at, id", now)

    async def claim_notice(self, notice: NoticeRow, next_due: datetime | None = None) -> bool:
        async def claim(conn: asyncpg.Connection) -> bool:
            if next_due is None:
                done = await conn.execute("DELETE FROM notices WHERE id = $1 AND due_at = $2", notice.id, notice.due_at)
            else:
                done = await conn.execute(
                    "UPDATE notices SET due_at = $1 WHERE id = $2 AND due_at = $3", next_due, notice.id, notice.due_at)
            return _count(done) == 1

        return await self._write(claim)

    async def _notices(self, tail: str, *args: Any) -> list[NoticeRow]:
        rows = await self._read(f"SELECT id, user_id, kind, match_id, seq, due_at FROM notices {tail}", *args)
        return [NoticeRow(**dict(row)) for row in rows]
    # ------------------------------------------------------ notes (migration 0009)

    async def add_note(self, note: NoteRow) -> None:
        await self._execute(
            "INSERT INTO match_notes (match_id, user_id, at, text) VALUES ($1, $2, $3, $4)",
            note.match_id, note.user_id, note.at, note.text,
        )

    async def notes(self, match_id: int, user_id: str) -> list[NoteRow]:
        rows = await self._read(
            "SELECT match_id, user_id, at, text FROM match_notes WHERE match_id = $1 AND user_id = $2 ORDER BY id",
            match_id, user_id,
        )
        return [NoteRow(**dict(row)) for row in rows]

    async def _execute(self, sql: str, *args: Any) -> None:
        async def run(conn: asyncpg.Connection) -> None:
            await conn.execute(sql, *args)

        await self._write(run)


    # ----------------------------------------------------- leagues (migration 0011)

    async def create_league(self, league: NewLeague, at: datetime) -> LeagueRow:
        async def insert(conn: asyncpg.Connection) -> int:
            return await conn.fetchval(
                "INSERT INTO leagues (guild_id, channel_id, name, game, format, settings, status, creator_id, "
                "language, created_at) VALUES ($1,$2,$3,$4,$5,$6,'signup',$7,$8,$9) RETURNING id",
                league.guild_id, league.channel_id, league.name, league.game, league.format,
                json.dumps(league.settings), league.creator_id, league.language, at,
            )

        row = await self.league(await self._write(insert))
        assert row is not None
        return row

    async def league(self, league_id: int) -> LeagueRow | None:
        rows = await self._read(f"SELECT {_LEAGUE_COLUMNS} FROM leagues WHERE id = $1", league_id)
        return _league(rows[0]) if rows else None

    async def leagues(self, guild_id: str | None, statuses: Sequence[LeagueStatus]) -> list[LeagueRow]:
        rows = await self._read(
            f"SELECT {_LEAGUE_COLUMNS} FROM leagues WHERE status = ANY($1::text[]) "
            "AND ($2::text IS NULL OR guild_id = $2) ORDER BY id", list(statuses), guild_id,
        )
        return [_league(row) for row in rows]

    async def set_league_status(self, league_id: int, status: LeagueStatus, *, was: LeagueStatus) -> bool:
        async def update(conn: asyncpg.Connection) -> bool:
            return _count(await conn.execute(
                "UPDATE leagues SET status = $1 WHERE id = $2 AND status = $3", status, league_id, was)) == 1

        return await self._write(update)

    async def join_league(self, league_id: int, user_id: str, name: str) -> str:
        async def join(conn: asyncpg.Connection) -> str:
            # The league's row locked: sign-ups of several processes take their numbers in turn.
            if not await conn.fetchval(
                "SELECT 1 FROM leagues WHERE id = $1 AND status = 'signup' FOR UPDATE", league_id
            ):
                return "closed"
            if await conn.fetchval(
                "SELECT 1 FROM league_entries WHERE league_id = $1 AND user_id = $2", league_id, user_id
            ):
                return "already"
            await conn.execute(
                "INSERT INTO league_entries (league_id, user_id, name, number) VALUES ($1, $2, $3, "
                "(SELECT COALESCE(MAX(number), 0) + 1 FROM league_entries WHERE league_id = $1))",
                league_id, user_id, name,
            )
            return "joined"

        return await self._write(join)

    async def league_entries(self, league_id: int) -> list[LeagueEntryRow]:
        rows = await self._read(
            "SELECT league_id, user_id, name, number, withdrawn_at, team FROM league_entries WHERE league_id = $1 "
            "ORDER BY number", league_id,
        )
        return [LeagueEntryRow(**dict(row)) for row in rows]

    async def withdraw_from_league(self, league_id: int, user_id: str, at: datetime) -> bool:
        async def withdraw(conn: asyncpg.Connection) -> bool:
            return _count(await conn.execute(
                "UPDATE league_entries SET withdrawn_at = $1 WHERE league_id = $2 AND user_id = $3 "
                "AND withdrawn_at IS NULL", at, league_id, user_id)) == 1

        return await self._write(withdraw)

    async def set_league_team(self, league_id: int, user_id: str, team: int | None) -> bool:
        async def put(conn: asyncpg.Connection) -> bool:
            return _count(await conn.execute(
                "UPDATE league_entries SET team = $1 WHERE league_id = $2 AND user_id = $3 AND withdrawn_at IS NULL",
                team, league_id, user_id)) == 1

        return await self._write(put)

    async def add_pairings(self, league_id: int, pairings: Sequence[NewPairing], at: datetime) -> bool:
        async def insert(conn: asyncpg.Connection) -> None:
            await conn.executemany(
                "INSERT INTO league_pairings (league_id, round, board, first_id, second_id, due_at, created_at) "
                "VALUES ($1,$2,$3,$4,$5,$6,$7)",
                [(league_id, p.round, p.board, p.first_id, p.second_id, p.due_at, at) for p in pairings],
            )

        try:
            await self._write(insert)
        except asyncpg.exceptions.UniqueViolationError:
            return False
        return True

    async def league_pairings(self, league_id: int) -> list[PairingRow]:
        return await self._pairings("WHERE league_id = $1 ORDER BY round, board", league_id)

    async def pairing_of_match(self, match_id: int) -> PairingRow | None:
        rows = await self._pairings("WHERE match_id = $1", match_id)
        return rows[0] if rows else None

    async def mark_pairing(self, pairing_id: int, field: str, value: Any) -> bool:
        if field not in PAIRING_MARKS:
            raise ValueError(f"not a pairing mark: {field}")
        stored = json.dumps(value) if field == "outcome" else value

        async def mark(conn: asyncpg.Connection) -> bool:
            return _count(await conn.execute(
                f"UPDATE league_pairings SET {field} = $1 WHERE id = $2 AND {field} IS NULL", stored, pairing_id)) == 1

        return await self._write(mark)

    async def mark_league_told(self, league_id: int, at: datetime) -> bool:
        async def mark(conn: asyncpg.Connection) -> bool:
            return _count(await conn.execute(
                "UPDATE leagues SET told_at = $1 WHERE id = $2 AND told_at IS NULL", at, league_id)) == 1

        return await self._write(mark)

    async def clear_pairing_due(self, pairing_id: int) -> bool:
        async def clear(conn: asyncpg.Connection) -> bool:
            return _count(await conn.execute(
                "UPDATE league_pairings SET due_at = NULL WHERE id = $1 AND due_at IS NOT NULL", pairing_id)) == 1

        return await self._write(clear)

    async def due_pairings(self, now: datetime) -> list[PairingRow]:
        return await self._pairings(
            "WHERE due_at IS NOT NULL AND due_at <= $1 AND league_id IN (SELECT id FROM leagues WHERE status = 'running') "
            "ORDER BY due_at, id", now,
        )

    async def next_pairing_due(self) -> datetime | None:
        return await self._value(
            "SELECT MIN(due_at) FROM league_pairings WHERE due_at IS NOT NULL "
            "AND league_id IN (SELECT id FROM leagues WHERE status = 'running')"
        )

    async def _pairings(self, where: str, *args: Any) -> list[PairingRow]:
        rows = await self._read(f"SELECT {_PAIRING_COLUMNS} FROM league_pairings {where}", *args)
        return [
            PairingRow(**{**dict(row), "outcome": json.loads(row["outcome"]) if row["outcome"] is not None else None})
            for row in rows
        ]


def _entry(row: Any) -> Entry:
    return entry_of(row)


_LEAGUE_COLUMNS = "id, guild_id, channel_id, name, game, format, settings, status, creator_id, language, created_at, told_at"
_PAIRING_COLUMNS = (
    "id, league_id, round, board, first_id, second_id, thread_id, match_id, outcome, due_at, accepted_at, "
    "reported_at, created_at, told_at, round_told_at, opening_told_at"
)


def _league(row: Any) -> LeagueRow:
    return LeagueRow(**{**dict(row), "settings": json.loads(row["settings"])})
