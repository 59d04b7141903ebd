"""A process killed between the commit and the reply: the move stands, exactly once."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

from bot.clock import ManualClock
from bot.storage.sqlite import SqliteRepository
from engines.core.record import MoveEvent
from tests.bot.conftest import PLACE, START, Harness

ROOT = Path(__file__).resolve().parents[2]

CHILD = textwrap.dedent(
    """
    import asyncio, os, sys
    from bot.clock import ManualClock
    from bot.storage.sqlite import SqliteRepository
    from tests.bot.conftest import ALICE, BOB, PLACE, START, Harness

    async def main(database, user, move):
        repo = await SqliteRepository.open(database)
        harness = Harness(repo, ManualClock(START))
        append = harness.service.book.append

        async def append_then_die(*args, **kwargs):
            await append(*args, **kwargs)
            os._exit(9)  # killed after the commit, before anything is delivered

        harness.service.book.append = append_then_die
        await harness.service.submit(PLACE, {"alice": ALICE, "bob": BOB}[user], move)
        sys.exit("not reached")

    asyncio.run(main(*sys.argv[1:]))
    """
)


async def test_kill_between_commit_and_reply(tmp_path):
    database = tmp_path / "scheids.sqlite3"
    repo = await SqliteRepository.open(database)
    harness = Harness(repo, ManualClock(START))
    match_id = await harness.started_match()
    mover = await harness.to_move(match_id)
    move = await harness.first_legal(match_id)
    await repo.close()

    child = subprocess.run(
        [sys.executable, "-c", CHILD, str(database), mover.user_id, move],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert child.returncode == 9, child.stderr

    repo = await SqliteRepository.open(database)
    restarted = Harness(repo, ManualClock(START))
    moves = [e for e in await repo.entries(match_id) if isinstance(e.event, MoveEvent)]
    assert [m.event.text for m in moves] == [move]
    match = await restarted.match(match_id)
    assert match.engine.view(match.state, None).last_move.text == move
    retried = await restarted.service.submit(PLACE, mover, move)  # the player saw no reply and tries again
    assert retried[0].target.ephemeral
    assert len([e for e in await repo.entries(match_id) if isinstance(e.event, MoveEvent)]) == 1
    await repo.close()
