"""Issue 16 on the console: the computer takes the empty seats when the creator starts with
``computer:<level>`` (up to ``players:N``), and a wrong ``players`` is refused with what is right."""

from __future__ import annotations

import io
from datetime import UTC, datetime
from pathlib import Path

from bot.clock import ManualClock
from bot.console.app import run_console
from tests.console.test_transcripts import SEED

FILL = (
    "as alice: /match create game:axis_allies\n"
    "as bob: /match join\n"
    "as alice: /match start players:4\n"
    "as alice: /match start computer:easy players:seven\n"
    "as alice: /match start computer:easy players:4\n"
)


async def console(script: str, tmp_path: Path) -> str:
    out = io.StringIO()
    clock = ManualClock(datetime(2026, 1, 1, tzinfo=UTC))
    await run_console(str(tmp_path / "db.sqlite3"), str(tmp_path / "out"), io.StringIO(script), out, seed=SEED, clock=clock)
    return out.getvalue()


async def test_match_start_fills_the_empty_seats_with_the_computer(tmp_path):
    text = await console(FILL, tmp_path)
    first, rest = text.split("> as alice: /match start computer:easy players:4", 1)
    assert "give `computer:` a level" in first
    assert "players" in first.split("players:seven", 1)[1], "a players that is not a number is refused"
    assert "Computer (easy) joins" in rest and "Computer (easy) 2 joins" in rest
    assert "The match starts: Axis & Allies" in rest
