"""A league whose bot process is killed (``os._exit``, as kill -9) in the middle: the real bot
(discord.py) runs in a child process against the fake Discord of this test on 127.0.0.1, which
outlives it as Discord does. A second bot process on the same database goes on; the league runs
to its standings with one thread per pairing and every result posted exactly once in the league's
channel: one noted and not told at the kill is told after the restart, one told and not marked
told is told again under the same nonce, and the fake Discord (as Discord) makes no second message
of it."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tests.fakediscord import FakeDiscord
from tests.fakediscord import payloads as P

ROOT = Path(__file__).resolve().parents[2]
GUILD_ID, CHANNEL_ID, ORGANIZER_ID = 10**18 + 1, 10**18 + 2, 10**18 + 3

CHILD = textwrap.dedent(
    """
    import asyncio, json, os, sys
    from discord import http
    from bot.discord_app.client import ScheidsBot
    from bot.services import computer as thinking, rendering
    from bot.services.people import Actor, Place, computer_actor

    # No worker processes: nothing the kill leaves behind (a worker would hold the parent's pipes).
    rendering.configured_workers = thinking.configured_workers = 0

    async def main(database, base, world_file, cut, when, after):
        http.Route.BASE = base  # the parent's fake Discord
        world = json.loads(open(world_file).read())
        method, _, field = cut.partition(":")
        bot = ScheidsBot(database, sync_commands=False)
        await bot.login("fake-token")  # setup_hook: the services, the league step of a restart
        bot._connection.application_id = bot._connection.application_id or world["application_id"]
        bot._connection.parse_guild_create(world["guild_create"])  # the gateway's server, threads included
        bot._ready.set()
        services = bot.services
        computer = services.computer
        computer.delay, computer.seconds = 0.0, 0.02
        real, calls = getattr(services.repo, method), 0

        async def cut_off(*args, **kwargs):
            nonlocal calls
            counted = not field or field in args
            if counted and when == "before" and calls + 1 == int(after):
                os._exit(9)  # killed before this write
            done = await real(*args, **kwargs)
            calls += counted
            if counted and when == "after" and calls == int(after):
                os._exit(9)  # killed right after this write
            return done

        setattr(services.repo, method, cut_off)
        if world["fresh"]:
            hall = Place(str(world["guild_id"]), str(world["channel_id"]), "en")
            organizer = Actor(str(world["organizer_id"]), "Olga", "en", is_admin=True)
            await services.leagues.create(hall, organizer, "heroes_cities", "round_robin", name="Spring",
                                          options={"quiet_move_limit": 4})
            league_id = (await services.repo.leagues(hall.guild_id, ["signup"]))[-1].id
            for number in range(1, 5):
                await services.leagues.join(league_id, computer_actor("easy", number))
            await services.leagues.start(hall, organizer, league_id)
        league_id = (await services.repo.leagues(None, ["running", "finished"]))[-1].id
        status = ""
        for _ in range(400):  # bounded by work: each pass waits for the computers and the league
            await services.computer.idle()
            await services.leagues.idle()
            status = (await services.repo.league(league_id)).status
            if status == "finished" and (await services.repo.league(league_id)).told_at is not None:
                break
            await services.leagues.deliver(await services.leagues.advance(league_id))
        print(json.dumps({"status": status}), flush=True)
        await bot.close()

    asyncio.run(main(*sys.argv[1:]))
    """
)


def world(fake: FakeDiscord, *, fresh: bool) -> dict:
    """What the child needs of "Discord": the server as the gateway sends it (its threads too)."""
    channels = fake.guild_channels(GUILD_ID)
    threads = [c for c in channels if c["type"] in (P.PUBLIC_THREAD, P.PRIVATE_THREAD, P.NEWS_THREAD)]
    rest = [c for c in channels if c not in threads]
    data = P.guild_create(fake.guilds[GUILD_ID], channels=rest, threads=threads, members=fake.guild_members(GUILD_ID))
    return {"guild_create": data, "application_id": fake.application_id, "fresh": fresh, "guild_id": GUILD_ID,
            "channel_id": CHANNEL_ID, "organizer_id": ORGANIZER_ID}


async def bot_process(fake: FakeDiscord, tmp_path: Path, cut: str, when: str, after: int, *, fresh: bool):
    state = tmp_path / ("first.json" if fresh else "second.json")
    state.write_text(json.dumps(world(fake, fresh=fresh)))
    command = [sys.executable, "-c", CHILD, str(tmp_path / "db.sqlite3"), fake.api_base, str(state), cut, when, str(after)]
    return await asyncio.to_thread(subprocess.run, command, check=False, cwd=ROOT, capture_output=True, text=True,
                                   timeout=600)


@pytest.mark.parametrize(("cut", "when", "after"), [
    ("mark_pairing:told_at", "before", 2),  # the second result posted, not marked told
    ("mark_pairing:reported_at", "after", 3),  # the third result noted, not posted
    ("mark_league_told", "before", 1),  # the end and the standings posted, not marked told
])
async def test_a_bot_killed_in_a_league_posts_every_result_once_after_its_restart(
        fake_discord, tmp_path, cut, when, after) -> None:
    fake = fake_discord
    guild = P.guild("League Server", id=GUILD_ID)
    hall = P.text_channel(GUILD_ID, "league-hall", id=CHANNEL_ID)
    fake.add_guild(guild, channels=[hall], members=[P.member(P.user("olga", id=ORGANIZER_ID))])
    killed = await bot_process(fake, tmp_path, cut, when, after, fresh=True)
    assert killed.returncode == 9, killed.stderr[-3000:]
    sent_before = len(fake.find_requests("POST", rf"/channels/{CHANNEL_ID}/messages$"))
    again = await bot_process(fake, tmp_path, "league", "never", 0, fresh=False)
    assert again.returncode == 0, again.stderr[-3000:]
    assert json.loads(again.stdout.splitlines()[-1]) == {"status": "finished"}
    asked = fake.find_requests("POST", rf"/channels/{CHANNEL_ID}/messages$")
    assert sent_before < len(asked), "the restart told what the kill cut off"

    assert len(fake.find_requests("POST", r"/threads$")) == 6 and len(fake.threads()) == 6, "one thread per pairing"
    said = [m.content for m in fake.messages(CHANNEL_ID, kind="channel")]
    results = [text for text in said if "Spring, round" in text]
    assert len(results) == 6 and len(set(results)) == 6, results
    assert sum("Spring** is over" in text for text in said) == 1
    standings = [m for m in fake.messages(CHANNEL_ID, kind="channel") if m.attachments]
    assert len(standings) == 1
    if when == "before":  # told again after the restart: Discord gave the first message back
        assert len(asked) > len(said)
