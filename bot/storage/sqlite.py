"""SQLite through aiosqlite: the embedded default backend.

WAL journal, foreign keys on, numbered migrations tracked with ``PRAGMA user_version``.
Writes go through one transaction each (``BEGIN IMMEDIATE``) under an asyncio lock,
because one aiosqlite connection is shared by every coroutine of the process; other
processes on the same file are kept apart by SQLite itself and the events primary key.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
from collections.abc import Sequence
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from importlib import resources
from pathlib import Path
from typing import Any

import aiosqlite
from pydantic import TypeAdapter

from bot.storage.models import LIVE, MatchRow, NewMatch, RatingRow, SeatRow, Status, TimerRow, UserRow
from bot.storage.repository import LiveMatchExistsError, StaleWriteError
from engines.core.record import Entry, Event

_EVENT = TypeAdapter(Event)
_MATCH_COLUMNS = (
    "id, guild_id, channel_id, game, engine_version, options, time_control, creator_id, "
    "invited_id, status, seed, commitment, language, result, last_seq, created_at, updated_at"
)


def migrations() -> list[tuple[int, str]]:
    """(number, sql) of every migration file, in order: ``0001_initial.sql`` is number 1."""
    folder = resources.files("bot.storage") / "migrations"
    found = []
    for item in folder.iterdir():
        if item.name.endswith(".sql"):
            found.append((int(item.name.split("_", 1)[0]), item.read_text(encoding="utf-8")))
    return sorted(found)


def _ts(moment: datetime) -> float:
    return moment.timestamp()


def _from_ts(value: float) -> datetime:
    return datetime.fromtimestamp(value, UTC)


class SqliteRepository:
    """The repository on one SQLite file. Open with ``await SqliteRepository.open(path)``."""

    def __init__(self, db: aiosqlite.Connection) -> None:
        self.db = db
        self._write_lock = asyncio.Lock()

    @classmethod
    async def open(cls, path: str | Path) -> SqliteRepository:
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        db = await aiosqlite.connect(str(path), isolation_level=None)
        db.row_factory = sqlite3.Row
        await db.execute("PRAGMA journal_mode = WAL")
        await db.execute("PRAGMA synchronous = NORMAL")
        await db.execute("PRAGMA foreign_keys = ON")
        await db.execute("PRAGMA busy_timeout = 5000")
        repo = cls(db)
        await repo.migrate()
        return repo

    async def close(self) -> None:
        await self.db.close()

    async def migrate(self) -> int:
        """Apply the migrations newer than ``user_version``; returns the version reached."""
        async with self.db.execute("PRAGMA user_version") as cursor:
            (current,) = await cursor.fetchone()
        for number, sql in migrations():
            if number <= current:
                continue
            async with self._transaction():
                for statement in _statements(sql):
                    await self.db.execute(statement)
                await self.db.execute(f"PRAGMA user_version = {number}")
            current = number
        return current

    @asynccontextmanager
    async def _transaction(self):
        async with self._write_lock:
            await self.db.execute("BEGIN IMMEDIATE")
            try:
                yield
            except BaseException:
                await self.db.execute("ROLLBACK")
                raise
            else:
                await self.db.execute("COMMIT")

    # ----------------------------------------------------------------- matches

    async def create_match(self, match: NewMatch, creator_name: str, at: datetime) -> MatchRow:
        try:
            async with self._transaction():
                cursor = await self.db.execute(
                    "INSERT INTO matches (guild_id, channel_id, game, engine_version, options, "
                    "time_control, creator_id, invited_id, status, seed, commitment, language, "
                    "created_at, updated_at) VALUES (?,?,?,?,?,?,?,?,'open',?,?,?,?,?)",
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
                    ),
                )
                match_id = cursor.lastrowid
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
        where = "WHERE id IN (SELECT match_id FROM seats WHERE user_id = ?)"
        params: list[Any] = [user_id]
        if guild_id is not None:
            where += " AND guild_id = ?"
            params.append(guild_id)
        if live_only:
            where += " AND status IN ('open', 'active')"
        return await self._matches(where + " ORDER BY updated_at DESC", tuple(params))

    async def live_matches(self) -> list[MatchRow]:
        return await self._matches("WHERE status IN ('open', 'active') ORDER BY id", ())

    async def _matches(self, where: str, params: tuple[Any, ...]) -> list[MatchRow]:
        async with self.db.execute(f"SELECT {_MATCH_COLUMNS} FROM matches {where}", params) as cur:
            rows = await cur.fetchall()
        return [
            MatchRow(
                id=row["id"],
                guild_id=row["guild_id"],
                channel_id=row["channel_id"],
                game=row["game"],
                engine_version=row["engine_version"],
                options=json.loads(row["options"]),
                time_control=json.loads(row["time_control"]),
                creator_id=row["creator_id"],
                invited_id=row["invited_id"],
                status=row["status"],
                seed=row["seed"],
                commitment=row["commitment"],
                language=row["language"],
                result=json.loads(row["result"]) if row["result"] else None,
                last_seq=row["last_seq"],
                created_at=datetime.fromisoformat(row["created_at"]),
                updated_at=datetime.fromisoformat(row["updated_at"]),
            )
            for row in rows
        ]

    # ------------------------------------------------------------------- seats

    async def seats(self, match_id: int) -> list[SeatRow]:
        async with self.db.execute(
            "SELECT match_id, seat, user_id, name, dm_closed FROM seats WHERE match_id = ? "
            "ORDER BY seat",
            (match_id,),
        ) as cursor:
            rows = await cursor.fetchall()
        return [SeatRow(**dict(row)) for row in rows]

    async def add_seat(self, match_id: int, user_id: str, name: str) -> SeatRow:
        async with self._transaction():
            async with self.db.execute(
                "SELECT COUNT(*) FROM seats WHERE match_id = ?", (match_id,)
            ) as cursor:
                (count,) = await cursor.fetchone()
            await self.db.execute(
                "INSERT INTO seats (match_id, seat, user_id, name) VALUES (?, ?, ?, ?)",
                (match_id, count, user_id, name),
            )
        return SeatRow(match_id=match_id, seat=count, user_id=user_id, name=name)

    async def remove_seat(self, match_id: int, user_id: str) -> None:
        async with self._transaction():
            async with self.db.execute(
                "SELECT seat FROM seats WHERE match_id = ? AND user_id = ?", (match_id, user_id)
            ) as cursor:
                row = await cursor.fetchone()
            if row is None:
                return
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
                "UPDATE seats SET dm_closed = 1 WHERE match_id = ? AND user_id = ? AND dm_closed = 0",
                (match_id, user_id),
            )
            return cursor.rowcount == 1

    # ------------------------------------------------------------------ events

    async def entries(self, match_id: int, after_seq: int = 0) -> list[Entry]:
        async with self.db.execute(
            "SELECT seq, at, payload FROM events WHERE match_id = ? AND seq > ? ORDER BY seq",
            (match_id, after_seq),
        ) as cursor:
            rows = await cursor.fetchall()
        return [
            Entry(
                seq=row["seq"],
                at=datetime.fromisoformat(row["at"]),
                event=_EVENT.validate_json(row["payload"]),
            )
            for row in rows
        ]

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
                await self.db.executemany(
                    "INSERT INTO events (match_id, seq, at, type, payload) VALUES (?, ?, ?, ?, ?)",
                    [
                        (match_id, expected_seq + 1 + i, at.isoformat(), e.type, e.model_dump_json())
                        for i, e in enumerate(events)
                    ],
                )
                if timers is not None or (status is not None and status not in LIVE):
                    await self.db.execute("DELETE FROM timers WHERE match_id = ?", (match_id,))
                    if timers:
                        await self.db.executemany(
                            "INSERT INTO timers (match_id, kind, seat, due_at, seq) VALUES (?,?,?,?,?)",
                            [(t.match_id, t.kind, t.seat, _ts(t.due_at), t.seq) for t in timers],
                        )
                if ratings:
                    await self.db.executemany(
                        "INSERT OR REPLACE INTO ratings (guild_id, user_id, game, board, name, points, wins, "
                        "draws, losses) VALUES (?,?,?,?,?,?,?,?,?)",
                        [
                            (r.guild_id, r.user_id, r.game, r.board, r.name, r.points, r.wins, r.draws, r.losses)
                            for r in ratings
                        ],
                    )
                if snapshot is not None:
                    await self.db.execute(
                        "INSERT OR REPLACE INTO snapshots (match_id, seq, engine_version, payload) "
                        "VALUES (?, ?, ?, ?)",
                        (match_id, last, engine_version or 0, snapshot),
                    )
        except sqlite3.IntegrityError:
            raise StaleWriteError(match_id) from None
        return last

    async def snapshot(self, match_id: int) -> tuple[int, int, str] | None:
        async with self.db.execute(
            "SELECT seq, engine_version, payload FROM snapshots WHERE match_id = ?", (match_id,)
        ) as cursor:
            row = await cursor.fetchone()
        return (row["seq"], row["engine_version"], row["payload"]) if row else None

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
        async with self.db.execute(
            f"SELECT guild_id, user_id, game, board, name, points, wins, draws, losses FROM ratings {where}", params
        ) as cursor:
            rows = await cursor.fetchall()
        return [RatingRow(**dict(row)) for row in rows]

    # ------------------------------------------------------------------ timers

    async def next_timer(self) -> TimerRow | None:
        timers = await self._timers("ORDER BY due_at LIMIT 1", ())
        return timers[0] if timers else None

    async def due_timers(self, now: datetime) -> list[TimerRow]:
        return await self._timers("WHERE due_at <= ? ORDER BY due_at", (_ts(now),))

    async def delete_timer(self, timer_id: int) -> None:
        async with self._transaction():
            await self.db.execute("DELETE FROM timers WHERE id = ?", (timer_id,))

    async def _timers(self, tail: str, params: tuple[Any, ...]) -> list[TimerRow]:
        async with self.db.execute(
            f"SELECT id, match_id, kind, seat, due_at, seq FROM timers {tail}", params
        ) as cursor:
            rows = await cursor.fetchall()
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

    # ------------------------------------------------------------------- users

    async def remember_user(self, user: UserRow) -> None:
        async with self._transaction():
            await self.db.execute(
                "INSERT INTO users (user_id, name, language) VALUES (?, ?, ?) "
                "ON CONFLICT (user_id) DO UPDATE SET name = excluded.name, language = excluded.language",
                (user.user_id, user.name, user.language),
            )

    async def user(self, user_id: str) -> UserRow | None:
        async with self.db.execute(
            "SELECT user_id, name, language FROM users WHERE user_id = ?", (user_id,)
        ) as cursor:
            row = await cursor.fetchone()
        return UserRow(**dict(row)) if row else None

    # ------------------------------------------- adapter memory (migration 0004)

    async def dm_refused_users(self) -> set[str]:
        async with self.db.execute("SELECT user_id FROM dm_refusals") as cursor:
            return {row["user_id"] for row in await cursor.fetchall()}

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
        async with self.db.execute("SELECT value FROM bot_settings WHERE key = ?", (key,)) as cursor:
            row = await cursor.fetchone()
        return row["value"] if row else None

    async def set_setting(self, key: str, value: str) -> None:
        async with self._transaction():
            await self.db.execute(
                "INSERT INTO bot_settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                (key, value),
            )


def _statements(sql: str) -> list[str]:
    """Split a migration into statements (our migrations hold no ';' inside literals)."""
    lines = [line for line in sql.splitlines() if not line.strip().startswith("--")]
    return [part.strip() for part in "\n".join(lines).split(";") if part.strip()]
