"""Every deadline fires exactly once across a kill -9 (``os._exit``) of the bot: a match whose
player misses a deadline (a grace, then the computer taking the seat: ``absent: computer``) and a
five-player match whose team never answers (the team's time to choose runs out) are left to their
timers; the bot is killed right after one of those writes, restarted on the same database, and
the record holds each timer's event once, and each is told once (a post being sent at the kill
may be lost, never doubled).

Bounded by work: a fixed schedule of clock times, each followed by one pass of the scheduler.
The soak (``make soak``) plays the longer, random variant with kills at random moments."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import textwrap
from datetime import timedelta
from pathlib import Path

import pytest

from bot.clock import ManualClock
from bot.services.people import Actor, Place
from bot.services.time_control import TimeControl
from bot.storage.sqlite import SqliteRepository
from engines.core.record import AutopilotEvent, GraceEvent, TeamChoiceEvent, TimeoutEvent
from tests.bot.conftest import ALICE, BOB, CAROL, START, Harness

ROOT = Path(__file__).resolve().parents[2]
TEAM_PLACE = Place("guild-1", "chan-2", "en")
PLAYERS = (ALICE, BOB, CAROL, Actor("dave", "Dave", "en"), Actor("erin", "Erin", "en"))
SCHEDULE = (24.01, 36.01, 48.01, 100.0)
"""Hours after the start at which the scheduler runs: the first match's grace (24 h), the team's
time to choose (36 h: the second match's hours per move), the first match's second miss (48 h:
the computer takes the seat), and long after."""

CHILD = textwrap.dedent(
    """
    import asyncio, json, os, sys
    from datetime import timedelta
    from bot.clock import ManualClock
    from bot.storage.sqlite import SqliteRepository
    from tests.bot.conftest import START, Harness
    from tests.bot.test_deadline_crash import SCHEDULE

    async def main(database, method, after):
        repo = await SqliteRepository.open(database)
        harness = Harness(repo, ManualClock(START))

        async def deliver(deliveries):
            for d in deliveries:
                print(json.dumps([line.key for line in d.lines]), flush=True)

        harness.scheduler.deliver = deliver
        real = getattr(repo, method)
        calls = 0

        async def then_die(*args, **kwargs):
            nonlocal calls
            done = await real(*args, **kwargs)
            calls += 1
            if calls == int(after):
                os._exit(9)  # killed right after this write, before anything else
            return done

        setattr(repo, method, then_die)
        for hours in SCHEDULE:
            harness.clock.current = START + timedelta(hours=hours)
            await harness.scheduler.run_due()
        sys.exit("not killed")

    asyncio.run(main(*sys.argv[1:]))
    """
)

LAPSES = ("teams.grace_table", "teams.absent_computer", "teams.no_choice_concede")
"""What each timer's event tells the table."""


async def set_up(database: Path) -> tuple[int, int]:
    """The two matches, left to their timers: Bob (to move first with this seed) never moves in
    the first; Carol resigns in the second and her team never answers."""
    repo = await SqliteRepository.open(database)
    harness = Harness(repo, ManualClock(START))
    first = await harness.started_match(time_control=TimeControl(per_move_hours=24, absent="computer"))
    await harness.service.create(TEAM_PLACE, ALICE, "axis_allies", time_control=TimeControl(per_move_hours=36))
    for actor in PLAYERS[1:]:
        await harness.service.join(TEAM_PLACE, actor)
    await harness.service.start(TEAM_PLACE, ALICE)
    second = (await repo.live_match_in(TEAM_PLACE.channel_id)).id
    await harness.service.resign(TEAM_PLACE, CAROL)
    assert (await harness.match(second)).progress.meta.undecided == 2
    await repo.close()
    return first, second


def told(output: str) -> list[str]:
    return [key for line in output.splitlines() if line.startswith("[") for key in json.loads(line)]


KILLS = [
    ("append", 1),  # the grace recorded, not told
    ("append", 3),  # the computer's takeover recorded, not told
]
"""Where ``make test`` kills the bot; ``make soak`` (``SCHEIDS_DEADLINE_KILLS=all``) also kills it
after every other write of the timers' path."""
if os.environ.get("SCHEIDS_DEADLINE_KILLS") == "all":
    KILLS += [
        ("append", 2),  # the team's default recorded, not told
        *[("set_setting", n) for n in (1, 2, 3)],  # a note written, its event not yet recorded
        *[("claim_setting", n) for n in (1, 2, 3)],  # recorded and claimed, its post being sent
    ]


@pytest.mark.parametrize(("method", "after"), KILLS)
async def test_each_deadline_fires_once_across_a_kill(tmp_path, method, after) -> None:
    database = tmp_path / "db.sqlite3"
    first, second = await set_up(database)
    child = await asyncio.to_thread(subprocess.run, [sys.executable, "-c", CHILD, str(database), method, str(after)],
                                    check=False, cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert child.returncode == 9, child.stderr[-2000:]  # killed at that write: it happened
    before = told(child.stdout)

    repo = await SqliteRepository.open(database)
    try:
        restarted = Harness(repo, ManualClock(START))
        for hours in SCHEDULE:  # the restarted bot's scheduler, from the start of the same times
            restarted.clock.current = START + timedelta(hours=hours)
            await restarted.scheduler.run_due()
        now = [line.key for d in restarted.delivered for line in d.lines]
        events = [e.event for match_id in (first, second) for e in await repo.entries(match_id)]
        assert [e for e in events if isinstance(e, GraceEvent)] == [GraceEvent(seat=1, hours=24.0)]
        assert [e for e in events if isinstance(e, AutopilotEvent)] == [
            AutopilotEvent(seat=1, level="normal", why="absent")]
        assert [e for e in events if isinstance(e, TeamChoiceEvent)] == [TeamChoiceEvent(seat=2, choice="concede", by=2)]
        assert not [e for e in events if isinstance(e, TimeoutEvent)]
        assert (await repo.get_match(second)).status == "finished"
        assert not await repo.due_timers(restarted.clock.now())
        for key in LAPSES:
            count = (before + now).count(key)
            assert count <= 1, f"{key} told {count} times"
            if method == "append":  # killed before the note was taken back: the restart tells it
                assert count == 1, f"{key} not told"
    finally:
        await repo.close()
