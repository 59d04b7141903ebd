"""A league whose bot is killed (kill -9: ``os._exit``) in the middle of its step: after the
restart the league goes on from its rows and its matches' records, and nothing is lost or made
twice (no second thread or match for a pairing, every game counted once, every result told: one noted
and not yet told at the kill is told after the restart, with the same nonce, which Discord makes one
message of)."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from bot.wiring import open_services
from tests.bot.test_leagues import FAST, settle

ROOT = Path(__file__).resolve().parents[2]

CHILD = textwrap.dedent(
    """
    import asyncio, json, os, sys
    from bot.services.people import Actor, Place, computer_actor
    from bot.wiring import open_services
    from tests.bot.test_leagues import FAST, HALL, ORGANIZER, SHORT, settle

    async def main(database, fmt, cut, after):
        method, _, field = cut.partition(":")
        async def deliver(deliveries):
            for d in deliveries:
                print(json.dumps({"keys": [line.key for line in d.lines], "nonce": d.nonce}), flush=True)

        services = await open_services(database, deliver, **FAST)
        calls = 0
        real = getattr(services.repo, method)

        async def then_die(*args, **kwargs):
            nonlocal calls
            done = await real(*args, **kwargs)
            calls += not field or field in args
            if calls == int(after):
                os._exit(9)  # killed right after this write, before anything else
            return done

        setattr(services.repo, method, then_die)
        await services.start()
        await deliver(await services.leagues.create(HALL, ORGANIZER, "heroes_cities", fmt, options=SHORT))
        league_id = (await services.repo.leagues("guild-1", ["signup"]))[-1].id
        for number in range(1, 5):
            await services.leagues.join(league_id, computer_actor("easy", number))
        await deliver(await services.leagues.start(HALL, ORGANIZER, league_id))
        await settle(services, league_id)
        sys.exit("not killed")

    asyncio.run(main(*sys.argv[1:]))
    """
)


def told(output: str) -> list[tuple[str, str | None]]:
    """Each message key delivered, with its delivery's nonce."""
    return [(key, said["nonce"]) for line in output.splitlines() if line.startswith("{")
            for said in [json.loads(line)] for key in said["keys"]]


@pytest.mark.parametrize(("fmt", "method", "after"), [
    ("round_robin", "mark_pairing", 1),  # the first pairing's thread noted, its match not made
    ("round_robin", "create_match", 2),  # the second match made with only its first player seated
    ("round_robin", "add_seat", 3),  # the third match's players seated, not started
    ("round_robin", "mark_pairing", 8),  # a match started, not yet linked to its pairing (or a result noted, not told)
    ("round_robin", "append", 30),  # in the middle of the games
    ("round_robin", "mark_pairing", 14),  # late: results being reported
    ("swiss", "add_pairings", 2),  # the second Swiss round paired, none of its games opened
    ("swiss", "create_match", 3),  # the second round's first match made, not started
    ("round_robin", "mark_pairing:reported_at", 1),  # the first result noted, not told
    ("round_robin", "mark_pairing:reported_at", 6),  # the last result noted, not told
    ("round_robin", "set_league_status:finished", 1),  # the league's end noted, not told
    ("swiss", "mark_pairing:reported_at", 3),  # a second round's result noted, not told
    ("round_robin", "mark_pairing:match_id", 1),  # the first match started and linked, its opening not told
    ("round_robin", "mark_pairing:match_id", 4),  # the fourth likewise, three openings told
    ("round_robin", "add_pairings", 1),  # every round paired, the round line not told
    ("swiss", "add_pairings", 1),  # the first Swiss round paired, its line not told
    ("swiss", "mark_pairing:match_id", 3),  # the second round's first match started, its opening not told
])
async def test_a_kill_in_the_middle_loses_and_doubles_nothing(tmp_path, fmt, method, after) -> None:
    database = str(tmp_path / "db.sqlite3")
    child = await asyncio.to_thread(subprocess.run, [sys.executable, "-c", CHILD, database, fmt, method, str(after)],
                                    check=False, cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert child.returncode == 9, child.stderr[-2000:]
    before = told(child.stdout)
    after_restart: list[tuple[str, str | None]] = []

    async def deliver(deliveries) -> None:
        after_restart.extend((line.key, d.nonce) for d in deliveries for line in d.lines)

    services = await open_services(database, deliver, **FAST)
    try:
        await services.start()  # the step of every running league, at once
        league = (await services.repo.leagues("guild-1", ["running", "finished"]))[-1]
        assert await settle(services, league.id) == "finished"
        games, each = (6, 3) if fmt == "round_robin" else (4, 2)  # a Swiss of four plays two rounds
        pairings = await services.repo.league_pairings(league.id)
        assert len(pairings) == games and len({p.thread_id for p in pairings}) == games
        for p in pairings:
            assert p.reported_at is not None
            latest = await services.repo.latest_match_in(p.thread_id)
            assert latest is not None and latest.id == p.match_id and latest.status == "finished"
        all_matches = [row for p in pairings for row in await services.repo.matches_of_user(p.first_id, "guild-1", False)
                       if row.channel_id == p.thread_id]
        assert len(all_matches) == games, "one match per pairing, none made twice"
        said = before + after_restart
        results = [nonce for key, nonce in said if key == "league.result"]
        assert all(results) and len(set(results)) == games, f"each result told, each under a nonce of its own: {results}"
        assert len(results) <= games + 1, "told again only what the kill cut off"
        ends = {key: {nonce for k, nonce in said if k == key} for key in ("league.finished", "league.standings_head")}
        assert all(len(nonces) == 1 and None not in nonces for nonces in ends.values()), ends
        for key in ("league.match_intro", "core.started"):  # each pairing's opening in its thread
            openings = [nonce for k, nonce in said if k == key]
            assert all(openings) and len(set(openings)) == games, f"each opening told under its own nonce: {key} {openings}"
            assert len(openings) <= games + 1, "told again only what the kill cut off"
        rounds = [nonce for key, nonce in said if key == "league.round_paired"]
        assert all(rounds) and len(set(rounds)) == (1 if fmt == "round_robin" else 2), rounds
        assert len(rounds) <= len(set(rounds)) + 1, "told again only what the kill cut off"
        rows = await services.leagues.table(league)
        assert sum(row.points for row in rows) == games and all(row.played == each for row in rows)
    finally:
        await services.close()


def test_a_nonce_is_the_same_for_the_same_post_and_fits_discord() -> None:
    """Discord's create message takes a nonce of at most 25 characters; ours keeps 20 or fewer, so
    the adapter can number the parts of a long post within the 25."""
    from bot.services.delivery import NONCE_MAX, nonce

    assert nonce("L", 7, "r", 12) == nonce("L", 7, "r", 12) != nonce("L", 7, "r", 13)
    huge = nonce("L", 10**18, "r", 10**18 + 1)
    assert len(huge) <= NONCE_MAX and huge == nonce("L", 10**18, "r", 10**18 + 1) != nonce("L", 10**18, "r", 10**18)
    assert len(nonce("L", 1, "table") + ".9") <= 25


async def test_announcements_told_before_the_told_marks_existed_are_not_told_again(tmp_path) -> None:
    """A database of before migration 0014: its reported results and its finished leagues were told
    then (marked before the post). Migrated, they count as told: a start-up does not tell them again."""
    from bot.storage.models import NewLeague, NewPairing
    from bot.storage.sqlite import SqliteRepository
    from tests.bot.conftest import START

    path = tmp_path / "db.sqlite3"
    repo = await SqliteRepository.open(path)
    ended = await repo.create_league(NewLeague(guild_id="guild-1", channel_id="hall", name="Old", game="heroes_cities",
                                               format="round_robin", settings={}, creator_id="org", language="en"), START)
    await repo.add_pairings(ended.id, [NewPairing(round=1, board=1, first_id="a", second_id="b")], START)
    (pairing,) = await repo.league_pairings(ended.id)
    await repo.mark_pairing(pairing.id, "reported_at", START)
    await repo.set_league_status(ended.id, "running", was="signup")
    await repo.set_league_status(ended.id, "finished", was="running")
    for table, column in (("league_pairings", "told_at"), ("leagues", "told_at"),  # back to the shape an older bot left
                          ("league_pairings", "round_told_at"), ("league_pairings", "opening_told_at")):
        await repo.db.execute(f"ALTER TABLE {table} DROP COLUMN {column}")
    await repo.db.execute("PRAGMA user_version = 13")
    await repo.close()

    said: list[str] = []

    async def deliver(deliveries) -> None:
        said.extend(line.key for d in deliveries for line in d.lines)

    services = await open_services(str(path), deliver, **FAST)
    try:
        (pairing,) = await services.repo.league_pairings(ended.id)
        assert pairing.told_at == START
        league = await services.repo.league(ended.id)
        assert league is not None and league.told_at is not None
        await services.start()
        await services.leagues.idle()
        assert said == []
    finally:
        await services.close()


async def test_a_league_the_organizer_finished_is_not_told_over_again_at_a_restart(tmp_path) -> None:
    """``/league finish`` answers with the end and the standings itself: that is its telling, and a
    later step or start-up tells nothing more."""
    from bot.services.people import computer_actor
    from tests.bot.test_leagues import HALL, ORGANIZER

    database = str(tmp_path / "db.sqlite3")
    said: list[str] = []

    async def deliver(deliveries) -> None:
        said.extend(line.key for d in deliveries for line in d.lines)

    services = await open_services(database, deliver, **FAST)
    try:
        await services.leagues.create(HALL, ORGANIZER, "heroes_cities", "ladder", name="Ladder")
        league_id = (await services.repo.leagues("guild-1", ["signup"]))[-1].id
        for number in (1, 2):
            await services.leagues.join(league_id, computer_actor("easy", number))
        await services.leagues.start(HALL, ORGANIZER, league_id)
        answer = await services.leagues.finish(HALL, ORGANIZER, league_id)
        assert [line.key for d in answer for line in d.lines][0] == "league.finished"
        said.clear()
        await services.leagues.deliver(await services.leagues.advance(league_id))
    finally:
        await services.close()
    services = await open_services(database, deliver, **FAST)
    try:
        await services.start()
        await services.leagues.idle()
        assert said == []
    finally:
        await services.close()
