"""config.toml: every key optional; shard settings checked before the bot starts."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from bot.config import Config, ConfigError, load_config
from bot.discord_app.client import ScheidsBot

ROOT = Path(__file__).resolve().parents[2]


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "config.toml"
    path.write_text(text)
    return path


def test_the_example_config_reads_as_the_defaults() -> None:
    assert load_config(ROOT / "config.example.toml") == Config()


def test_a_missing_file_gives_the_defaults(tmp_path: Path) -> None:
    assert load_config(tmp_path / "absent.toml") == Config()


def test_shards_are_read_and_only_the_process_with_shard_0_syncs_commands(tmp_path: Path) -> None:
    first = load_config(write(tmp_path, "[discord]\nshard_count = 4\nshard_ids = [0, 1]\n"))
    assert (first.shard_count, first.shard_ids, first.syncs_commands) == (4, (0, 1), True)
    second = load_config(write(tmp_path, "[discord]\nshard_count = 4\nshard_ids = [2, 3]\n"))
    assert (second.shard_ids, second.syncs_commands) == ((2, 3), False)
    assert Config().syncs_commands


@pytest.mark.parametrize(
    "text, words",
    [
        ("shard_ids = [0]", "needs shard_count"),
        ("shard_count = 2\nshard_ids = [2]", "from 0 to 1"),
        ("shard_count = 2\nshard_ids = [1, 1]", "different numbers"),
        ("shard_count = 2\nshard_ids = []", "different numbers"),
        ("shard_count = 0", "1 or more"),
    ],
)
def test_wrong_shard_settings_are_refused_with_what_is_right(tmp_path: Path, text: str, words: str) -> None:
    with pytest.raises(ConfigError, match=words):
        load_config(write(tmp_path, f"[discord]\n{text}\n"))


def test_the_bot_refuses_to_start_on_a_wrong_config_and_says_why(tmp_path: Path) -> None:
    config = write(tmp_path, "[discord]\nshard_count = 2\nshard_ids = [5]\n")
    run = subprocess.run(
        [sys.executable, "-m", "bot", "--config", str(config), "--db", str(tmp_path / "db.sqlite3")],
        input="", capture_output=True, text=True, cwd=ROOT, timeout=120,
    )
    assert run.returncode == 2
    assert "shard_ids [5]" in run.stderr and "from 0 to 1" in run.stderr


def test_the_bot_runs_the_configured_shards(tmp_path: Path) -> None:
    bot = ScheidsBot(str(tmp_path / "db.sqlite3"), shard_count=4, shard_ids=(2, 3))
    assert (bot.shard_count, bot.shard_ids) == (4, [2, 3])


def test_the_days_a_match_may_stand_still_are_an_option(tmp_path: Path) -> None:
    assert Config().idle_days == 14
    assert load_config(write(tmp_path, "[matches]\nidle_days = 30\n")).idle_days == 30
    with pytest.raises(ConfigError, match="idle_days"):
        load_config(write(tmp_path, "[matches]\nidle_days = 0\n"))
