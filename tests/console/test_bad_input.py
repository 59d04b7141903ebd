"""Bad input at the console: every line gets a clear answer and the console
keeps going. Numbers given as text, lines that are not UTF-8, and a command that fails inside."""

from __future__ import annotations

import io
import logging
import os
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

from bot.clock import ManualClock
from bot.console.app import run_console

ROOT = Path(__file__).resolve().parents[2]
SEED = bytes(32)


async def console(script: str, tmp_path: Path, language: str = "en") -> str:
    out = io.StringIO()
    await run_console(
        str(tmp_path / "db.sqlite3"),
        str(tmp_path / "out"),
        io.StringIO(script),
        out,
        seed=SEED,
        language=language,
        clock=ManualClock(datetime(2026, 1, 1, tzinfo=UTC)),
    )
    return out.getvalue()


async def test_numbers_given_as_text_are_explained_and_the_console_goes_on(tmp_path):
    text = await console(
        "as alice: /match create game:heroes_cities deadline:custom deadline_hours:abc\n"
        "as alice: /match create game:heroes_cities clock_minutes:ten\n"
        "as alice: /match create game:heroes_cities deadline:custom deadline_hours:nan\n"
        "as alice: /match create game:heroes_cities deadline:custom deadline_hours:6\n"
        "as bob: /match join\n"
        "as alice: /match start\n"
        "as carol: /match history page:abc\n"
        "as carol: /match history page:1.5\n"
        "as carol: /match history page:2\n",
        tmp_path,
    )
    assert "[console] `deadline_hours` must be a number, like `deadline_hours:6` (a point before decimals); `abc` is not one." in text
    assert "[console] `clock_minutes` must be a number, like `clock_minutes:30`" in text and "`ten` is not one" in text
    assert "`nan` is not one" in text
    assert "alice opened match #1" in text and "6 h per move" in text  # only the good line made a match
    assert "[console] `page` must be a whole number, like `page:2`; `abc` is not one." in text
    assert "`1.5` is not one" in text
    assert text.split("page:2")[-1].strip() == "[carol, only you] No moves yet."  # a good page still works


async def test_the_answers_are_dutch_for_a_dutch_console(tmp_path):
    text = await console(
        "as alice: /match history page:abc\nas alice: /nonsense\nas alice: /match join extra words\n/help\n",
        tmp_path,
        language="nl",
    )
    assert "[console] `page` moet een geheel getal zijn, zoals `page:2`; `abc` is dat niet." in text
    assert "[console] onbekende opdracht /nonsense. Typ /help." in text
    assert "onverwachte woorden 'extra words'" in text
    assert "Opdrachten (begin een regel met `as NAAM:`" in text


async def test_a_command_that_fails_inside_is_answered_logged_and_the_console_goes_on(tmp_path, monkeypatch, caplog):
    from bot.services.matches import MatchService

    async def broken(self, place, actor):
        raise RuntimeError("boom")

    monkeypatch.setattr(MatchService, "status", broken)
    with caplog.at_level(logging.ERROR, logger="bot.console.app"):
        text = await console(
            "as alice: /match status\nas alice: /match create game:heroes_cities\n", tmp_path
        )
    assert "[console] this command failed inside Scheids (RuntimeError)" in text
    assert "alice opened match #1" in text  # the next line still ran
    (record,) = [r for r in caplog.records if r.name == "bot.console.app"]
    assert "/match status of alice in #general failed" in record.getMessage() and record.exc_info


def run_bot(tmp_path: Path, data: bytes) -> subprocess.CompletedProcess:
    env = {key: value for key, value in os.environ.items() if key != "DISCORD_TOKEN"}
    return subprocess.run(
        [sys.executable, "-m", "bot", "--db", str(tmp_path / "db.sqlite3"), "--out", str(tmp_path / "out")],
        input=data,
        capture_output=True,
        cwd=tmp_path,
        env={**env, "PYTHONPATH": str(ROOT)},
        timeout=120,
    )


def test_invalid_utf8_on_stdin_is_reported_and_never_ends_the_console(tmp_path):
    """A line of Latin-1 bytes (``é`` as 0xE9) between good lines: answered, skipped, and the rest runs."""
    data = (
        b"as alice: /match create game:heroes_cities\n"
        b"as bob: /move caf\xe9\n"
        b"as bob: /match join\n"
        b"\xff\xfe\n"
    )
    done = run_bot(tmp_path, data)
    assert done.returncode == 0, done.stderr.decode()
    out = done.stdout.decode("utf-8")
    assert "[console] line 2 is not valid UTF-8 (byte 0xe9 at position 18) and was skipped" in out
    assert "> as bob: /move caf\ufffd" in out  # which line: the bad byte shown as U+FFFD
    assert "bob joins" in out  # the console went on
    assert "[console] line 4 is not valid UTF-8 (byte 0xff at position 1)" in out
    assert b"Traceback" not in done.stderr


def test_a_bad_seed_flag_is_a_usage_error_not_a_traceback(tmp_path):
    env = {key: value for key, value in os.environ.items() if key != "DISCORD_TOKEN"}
    done = subprocess.run(
        [sys.executable, "-m", "bot", "--db", str(tmp_path / "db.sqlite3"), "--seed", "xyz"],
        input=b"",
        capture_output=True,
        cwd=tmp_path,
        env={**env, "PYTHONPATH": str(ROOT)},
        timeout=120,
    )
    assert done.returncode == 2 and b"--seed must be 64 hex digits" in done.stderr
    assert b"Traceback" not in done.stderr


async def test_a_match_against_the_computer_is_created_as_the_rules_say(tmp_path):
    """The rules' setup says `/match create heroes_cities` with `computer:` a level (Discord's
    words): the console takes them as written, the game bare and the level as `computer:`."""
    text = await console(
        "as alice: /match create heroes_cities computer:easy\n"
        "as bob in t2: /match create game:militakiri computer:hard\n"
        "as carol in t3: /match create game:militakiri computer:clever\n",
        tmp_path,
    )
    assert "unexpected words" not in text and "has no option `computer`" not in text
    assert "alice opened match #1: Heroes & Cities" in text and "Computer (easy) joins" in text
    assert "bob opened match #2: Militakiri" in text and "Computer (hard) joins" in text
    assert "clever" in text.split("computer:clever", 1)[1] and "match #3" not in text  # a wrong level is refused
