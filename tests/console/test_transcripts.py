"""Console transcripts: a script of commands in, the replies out, compared with a golden file.

Regenerate after an intended change with ``SCHEIDS_REGEN_GOLDEN=1`` and read the diff.
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

from datetime import UTC, datetime

import pytest

from bot.clock import ManualClock
from bot.console.app import run_console

ROOT = Path(__file__).resolve().parents[2]
SEED = bytes(32)


async def transcript(script: Path, tmp_path: Path) -> str:
    out = io.StringIO()
    clock = ManualClock(datetime(2026, 1, 1, tzinfo=UTC))
    await run_console(
        str(tmp_path / "db.sqlite3"), str(tmp_path / "out"), io.StringIO(script.read_text()), out, seed=SEED, clock=clock
    )
    return out.getvalue().replace(str(tmp_path), "<tmp>")


EXAMPLES = sorted((ROOT / "examples").glob("*.txt"))


async def golden_transcript(script: Path, tmp_path: Path) -> str:
    text = await transcript(script, tmp_path)
    golden = ROOT / "tests" / "console" / f"{script.stem}.transcript"
    if os.environ.get("SCHEIDS_REGEN_GOLDEN"):
        golden.write_text(text)
    assert text == golden.read_text()
    return text


def ordered(line: str) -> int:
    """Moves a script line orders: one for ``/move``, one per order of ``/orders`` (``;`` between)."""
    if "/orders " in line:
        return len([part for part in line.split("/orders ", 1)[1].split(";") if part.strip()])
    return int("/move" in line)


@pytest.mark.parametrize("script", EXAMPLES, ids=[path.stem for path in EXAMPLES])
async def test_every_example_plays_to_a_result(script: Path, tmp_path):
    """Each shipped example is a whole match for the console that ends with a result: a winner,
    or (Axis & Allies' example, one round under the ``round_limit`` option) the agreed draw."""
    text = await golden_transcript(script, tmp_path)
    assert "Game over:" in text and (" wins." in text or "Game over: a draw. The round limit (1)" in text)
    assert "Every roll matches" in text
    assert (tmp_path / "out" / f"scheids-{script.stem}-1.json").exists()
    # Every move is accepted except the deliberate mistakes a script announces in a comment.
    source = script.read_text()
    deliberate = sum(int(line.split(":")[1]) for line in source.splitlines() if line.startswith("# expect-refused:"))
    moves = sum(ordered(line) for line in source.splitlines() if not line.startswith("#"))
    # Counted in the record (a run of orders is said in one line, written together): every move
    # there but the standing orders' is one the script typed.
    exported = json.loads((tmp_path / "out" / f"scheids-{script.stem}-1.json").read_text())
    recorded = sum(1 for entry in exported["entries"] if entry["event"]["type"] == "move")
    accepted = recorded - text.count("standing order played `")
    assert accepted == moves - deliberate


async def test_the_heroes_cities_example_plays_to_its_end(tmp_path):
    script = ROOT / "examples" / "heroes_cities.txt"
    text = await golden_transcript(script, tmp_path)
    assert "Game over: alice wins." in text
    assert "Every roll matches" in text
    # Exactly the two deliberate mistakes were refused; every other move was played.
    assert text.count("only you]") == 3  # the out-of-turn move, the typo, and /match status
    moves = [line for line in script.read_text().splitlines() if "/move" in line]
    assert text.count(" played `") == len(moves) - 2
    boards = sorted((tmp_path / "out").glob("heroes_cities-1-*-board.png"))
    assert len(boards) == len(moves) - 2 + 1
    assert all(path.read_bytes().startswith(b"\x89PNG") for path in boards)


async def test_threads_and_channels_in_the_console(tmp_path):
    script = tmp_path / "script.txt"
    script.write_text(
        "as alice: /match create game:heroes_cities thread:true quiet_move_limit:50\n"
        "as bob in thread-1: /match join\n"
        "as alice in thread-1: /match start\n"
        "as carol: /match create game:heroes_cities mixed_lines:whole_run deadline:custom deadline_hours:6\n"
        "as carol: /match status\n"
        "as carol: /match create game:heroes_cities deadline:custom\n"
        "as dave: /match join extra words\n"
        "as dave: /nonsense\n"
    )
    text = await transcript(script, tmp_path)
    assert "new thread #thread-1" in text
    assert "[alice] The match starts" in text
    assert "carol opened match #2" in text and "6 h per move" in text
    assert "deadline_hours" in text  # custom without hours is explained
    assert "unexpected words" in text and "unknown command /nonsense" in text


def test_python_m_bot_runs_the_console_from_a_pipe(tmp_path):
    """What `make run` does without a token, fed by a pipe."""
    env = {key: value for key, value in os.environ.items() if key != "DISCORD_TOKEN"}
    done = subprocess.run(
        [sys.executable, "-m", "bot", "--db", str(tmp_path / "db.sqlite3"), "--out", str(tmp_path / "out"), "--lang", "nl"],
        input="as alice: /match create game:heroes_cities\nas bob: /match join\n/help\n",
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env={**env, "PYTHONPATH": str(ROOT)},
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert "alice opende partij #1" in done.stdout
    assert "bob doet mee" in done.stdout
    assert "/match create game:heroes_cities" in done.stdout
