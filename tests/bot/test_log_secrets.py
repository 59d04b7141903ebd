"""No secret in the logs at any level.

Whole matches of the two games with secrets (Masters Victory's back-numbers set up in secret,
Battle for the Island's sealed layout of live blocks) run with the root logger at DEBUG and a
handler that keeps every record; then the dice seed and every secret of the record (secret moves'
texts, secret chance events) are looked for in what was logged. The control run, with the
library loggers left at DEBUG, shows the needles do reach the log without our set-up.
"""

from __future__ import annotations

import io
import logging
from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot import logging_setup
from bot.clock import ManualClock
from bot.console.app import run_console
from bot.storage.sqlite import SqliteRepository
from engines.core.record import ChanceEvent, MoveEvent

ROOT = Path(__file__).resolve().parents[2]
SEED = bytes(range(101, 133))  # a seed no other text in the log looks like


class Keep(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(f"{record.name} {record.getMessage()}")
        if record.exc_info:
            self.lines.append(logging.Formatter().formatException(record.exc_info))


@pytest.fixture
def debug_log():
    """The root logger at DEBUG with a handler that keeps everything; levels restored after."""
    root = logging.getLogger()
    keep = Keep()
    saved = root.level, {name: logging.getLogger(name).level for name in logging_setup.SECRET_LOGGERS}
    root.addHandler(keep)
    root.setLevel(logging.DEBUG)
    yield keep
    root.removeHandler(keep)
    root.setLevel(saved[0])
    for name, level in saved[1].items():
        logging.getLogger(name).setLevel(level)


async def play_example(game: str, tmp_path: Path) -> Path:
    database = tmp_path / f"{game}.sqlite3"
    script = (ROOT / "examples" / f"{game}.txt").read_text()
    await run_console(
        str(database), str(tmp_path / "out"), io.StringIO(script), io.StringIO(), seed=SEED,
        clock=ManualClock(datetime(2026, 1, 1, tzinfo=UTC)),
    )
    return database


async def secrets_of(database: Path) -> list[str]:
    """The seed (hex and as Python prints bytes) and every secret the record holds."""
    repo = await SqliteRepository.open(database)
    needles = [SEED.hex(), repr(SEED)[2:-1]]
    try:
        for row in await repo._matches("", ()):
            for entry in await repo.entries(row.id):
                event = entry.event
                if isinstance(event, MoveEvent) and event.secret:
                    needles += [event.text, event.model_dump_json()]
                if isinstance(event, ChanceEvent) and event.secret:
                    needles.append(event.model_dump_json())
                    needles += [str(value) for value in event.values if value >= 10**6]  # salts
    finally:
        await repo.close()
    return needles


@pytest.mark.parametrize("game", ["masters_victory", "battle_island"])
async def test_no_secret_reaches_the_log_at_debug(game, tmp_path, debug_log):
    database = await play_example(game, tmp_path)
    needles = await secrets_of(database)
    assert len(needles) > 3, "the example has secrets to look for"
    assert debug_log.lines, "the log was captured"
    log = "\n".join(debug_log.lines)
    leaked = [needle for needle in needles if needle in log]
    assert not leaked, f"in the log: {leaked[:3]}"


async def test_control_without_the_setup_the_library_logs_the_secrets(tmp_path, debug_log, monkeypatch):
    """The check above can fail: with aiosqlite left at DEBUG, statements and their parameters
    (the seed, the secret setup) are in the log."""
    monkeypatch.setattr(logging_setup, "SECRET_LOGGERS", ())
    logging.getLogger("aiosqlite").setLevel(logging.NOTSET)
    database = await play_example("masters_victory", tmp_path)
    log = "\n".join(debug_log.lines)
    needles = await secrets_of(database)
    assert repr(SEED)[2:-1] in log
    assert any(needle in log for needle in needles if needle.startswith("setup "))


def test_configure_logging_holds_the_secret_loggers_at_info(debug_log):
    for name in logging_setup.SECRET_LOGGERS:
        logging.getLogger(name).setLevel(logging.NOTSET)
    logging_setup.configure_logging("DEBUG")
    assert logging.getLogger().level == logging.DEBUG
    for name in logging_setup.SECRET_LOGGERS:
        assert not logging.getLogger(name).isEnabledFor(logging.DEBUG), name
    assert logging.getLogger("discord.http.something").getEffectiveLevel() == logging.INFO


SECRET_ACTIONS = {
    # game: (options, moves before the secret one (by whoever is to move), (user, secret text))
    "masters_victory": ({}, [], ("bob", "setup f11223m t11223m s11223m")),
    "militakiri": ({}, [], ("alice", "towers b1 f2 c3")),
    # The blocks go down in turns (whoever the start roll picked first), then each arms three of theirs.
    "battle_island": (
        {"blocks": "armed_by_owner"},
        ["block l1", "block b11", "block h8", "block i3", "block c6", "block g7", "block j9", "block d10",
         "block e5", "block k2"],
        ("alice", "arm {0} {1} {2}"),
    ),
}


@pytest.mark.parametrize("game", sorted(SECRET_ACTIONS))
async def test_a_secret_action_the_database_fails_on_is_logged_without_its_text(game, tmp_path, debug_log):
    """Masters Victory's setup, Militakiri's towers, Battle for the Island's armed blocks: the
    database fails while the secret move is recorded. The player hears so, and the log names
    the command and the match, at every level, but never the secret text."""
    from bot.services.matches import MatchService
    from bot.services.people import Actor, Place
    from bot.storage.repository import StorageIOError
    from tests.bot.conftest import words

    logging_setup.configure_logging("DEBUG")  # as the bot sets it up, at its most verbose
    options, before, (user, secret) = SECRET_ACTIONS[game]
    repo = await SqliteRepository.open(tmp_path / "scheids.sqlite3")
    service = MatchService(repo, ManualClock(datetime(2026, 1, 1, tzinfo=UTC)), seed_source=lambda: SEED)
    place = Place("guild-1", "chan-1", "en")
    people = {name: Actor(name, name.title(), "en") for name in ("alice", "bob")}
    try:
        await service.create(place, people["alice"], game, options, opponent=people["bob"])
        await service.join(place, people["bob"])
        await service.start(place, people["alice"])
        placed: dict[str, list[str]] = {"alice": [], "bob": []}
        for text in before:
            match = await service.book.load((await repo.live_match_in(place.channel_id)).id)
            (seat,) = match.to_act()
            mover = match.seats[seat].user_id
            answer = await service.submit(place, people[mover], text)
            assert not answer[0].target.ephemeral, (text, words(answer))
            placed[mover].append(text.split()[-1])
        secret = secret.format(*placed[user])

        async def failing_append(*args, **kwargs):
            raise StorageIOError("disk I/O error")

        repo.append = failing_append
        debug_log.lines.clear()
        answer = await service.submit(place, people[user], secret)
        assert "could not read or write" in words(answer)
        logged = "\n".join(debug_log.lines)
        assert "submit" in logged and "failed on the database" in logged, logged
        secret_part = secret.split(" ", 1)[1]
        assert secret_part not in logged and secret not in logged, logged
    finally:
        await repo.close()
