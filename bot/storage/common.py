"""What both storage backends read the same way: migration files and stored events."""

from __future__ import annotations

import json
import logging
from collections.abc import Callable, Mapping, Sequence
from datetime import UTC, datetime
from importlib import resources
from typing import Any

from pydantic import TypeAdapter

from bot.storage.models import MatchRow, SeatRow
from bot.storage.repository import StoredMatch
from engines.core.record import Entry, Event

log = logging.getLogger(__name__)

EVENT = TypeAdapter(Event)
MATCH_COLUMNS = (
    "id, guild_id, channel_id, game, engine_version, options, time_control, creator_id, "
    "invited_id, status, seed, commitment, language, result, last_seq, created_at, updated_at, rated"
)
Row = Any
"""A fetched row read by column name: a ``sqlite3.Row`` or an ``asyncpg.Record``."""
NO_TIME = datetime(1970, 1, 1, tzinfo=UTC)
"""The time a match row gets for a stored time that no longer reads."""
_REPORTED: set[tuple[int, tuple[str, ...], int]] = set()
"""Rows whose unreadable fields were logged (by their stored text): once per process, not at every read."""


def migration_files(*folder: str) -> list[tuple[int, str]]:
    """(number, sql) of every migration file in ``bot/storage/<folder…>``, in order:
    ``0001_initial.sql`` is number 1."""
    directory = resources.files("bot.storage").joinpath(*folder)
    found = []
    for item in directory.iterdir():
        if item.name.endswith(".sql"):
            found.append((int(item.name.split("_", 1)[0]), item.read_text(encoding="utf-8")))
    return sorted(found)


def entry_of(row: Mapping[str, Any]) -> Entry:
    """A stored event row (seq, at, payload, hash) as an ``Entry``; raises ``ValueError`` when
    the payload no longer reads as an event."""
    return Entry(seq=row["seq"], at=datetime.fromisoformat(row["at"]), event=EVENT.validate_json(row["payload"]),
                 hash=row["hash"])


def _json_object(value: Any) -> dict[str, Any]:
    """A JSON object as stored: text (SQLite; PostgreSQL's JSONB arrives as text) or already read."""
    data = json.loads(value) if isinstance(value, str | bytes) else value
    if not isinstance(data, dict):
        raise TypeError(f"not a JSON object: {type(data).__name__}")
    return data


def _time(value: Any) -> datetime:
    return value if isinstance(value, datetime) else datetime.fromisoformat(value)


def match_row(values: Row) -> MatchRow:
    """A stored match row (``MATCH_COLUMNS``) as a ``MatchRow``. A field that no longer reads
    (options, time control or result that are not JSON objects, a time that is not one) does
    not raise: it gets a neutral value and its name goes into ``unreadable``, so that one match
    loads as damaged while every other match reads as before."""
    bad: list[str] = []

    def read(field: str, parse: Callable[[Any], Any], fallback: Any) -> Any:
        try:
            return parse(values[field])
        except (ValueError, TypeError):
            bad.append(field)
            return fallback

    options = read("options", _json_object, {})
    time_control = read("time_control", _json_object, {})
    result = read("result", lambda v: None if v is None or v == "" else _json_object(v), None)
    created_at = read("created_at", _time, NO_TIME)
    updated_at = read("updated_at", _time, created_at)
    seen = (values["id"], tuple(bad), hash(tuple(str(values[field]) for field in bad)))
    if bad and seen not in _REPORTED:
        _REPORTED.add(seen)
        log.error("match %s: its stored %s cannot be read; the match is damaged", values["id"], ", ".join(bad))
    return MatchRow(
        id=values["id"],
        guild_id=values["guild_id"],
        channel_id=values["channel_id"],
        game=values["game"],
        engine_version=values["engine_version"],
        options=options,
        time_control=time_control,
        creator_id=values["creator_id"],
        invited_id=values["invited_id"],
        status=values["status"],
        seed=values["seed"],
        commitment=values["commitment"],
        language=values["language"],
        rated=bool(values["rated"]),
        result=result,
        last_seq=values["last_seq"],
        created_at=created_at,
        updated_at=updated_at,
        unreadable=tuple(bad),
    )


def stored_match(
    row: Row,
    seats: Sequence[Row],
    events: Sequence[Row] | None,
    snapshot: Row | None,
) -> StoredMatch:
    """What one consistent read of a match fetched, read into a ``StoredMatch`` (the events up
    to the first that no longer reads)."""
    entries: list[Entry] | None = None
    unreadable = None
    if events is not None:
        entries = []
        for event in events:
            try:
                entries.append(entry_of(event))
            except (ValueError, TypeError):  # pydantic's ValidationError is a ValueError
                unreadable = event["seq"]
                break
    return StoredMatch(
        row=match_row(row),
        seats=tuple(SeatRow(**dict(seat)) for seat in seats),
        entries=tuple(entries) if entries is not None else None,
        unreadable=unreadable,
        snapshot=(snapshot["seq"], snapshot["engine_version"], snapshot["payload"]) if snapshot is not None else None,
    )
