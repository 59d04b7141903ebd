"""The long-game commands at the console: ``/away``, ``/notify``, ``/match give-time``,
``/match nudge`` and ``schedule:`` when creating a match."""

from __future__ import annotations

from pathlib import Path

from tests.console.test_bad_input import console

MATCH = (
    "as alice: /match create game:heroes_cities opponent:bob deadline:24h schedule:\"weekends off\"\n"
    "as bob: /match join\n"
    "as alice: /match start\n"
)


async def test_away_notify_give_time_and_nudge_at_the_console(tmp_path: Path):
    text = await console(
        MATCH
        + "as alice: /away days:3\n"
        "as alice: /away\n"
        "as bob: /match status\n"
        "as alice: /away cancel\n"
        "as alice: /away later\n"
        "as carol: /away days:31\n"
        "as alice: /notify timezone:Nowhere/Land\n"
        "as alice: /notify quiet:23-08 timezone:Europe/Amsterdam\n"
        "as carol: /match give-time\n"
        "as alice: /match nudge\n",
        tmp_path,
    )
    assert "Time: 24 h per move, weekends off." in text
    assert "You are away from 2026-01-01 00:00 UTC until 2026-01-04 00:00 UTC" in text
    assert "alice is away until 2026-01-04 00:00 UTC." in text
    assert "Your absence is over" in text
    assert "'later'" in text  # not a word /away knows: refused, never guessed
    assert "Not enough days of absence left in 2026: you asked for 31, 30 of 30 are left." in text
    assert "`Nowhere/Land` is not a time zone" in text
    assert "quiet hours: 23:00-08:00" in text
    assert "You have no seat in this match." in text
    assert "This match has a deadline" in text
