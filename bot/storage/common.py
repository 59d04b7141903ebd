"""What both storage backends read the same way: migration files and stored events."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from importlib import resources
from typing import Any

from pydantic import TypeAdapter

from engines.core.record import Entry, Event

EVENT = TypeAdapter(Event)


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
