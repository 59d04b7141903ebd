"""``python -m soak.child``: the bot under test in a soak, one process the parent may SIGKILL.

It opens the services on a SQLite file with a ``ScaledClock`` and its deadline scheduler, then
reads one JSON request per line on stdin and answers one JSON line on stdout, in any order
(requests run concurrently; the ``id`` pairs them). With ``--discord`` the commands go through
the real discord.py against the fake Discord of ``tests/fakediscord`` (on 127.0.0.1), one at a
time; otherwise straight to the ``MatchService``. End of input stops it cleanly.

Requests: ``create`` (game, options, hours), ``join``, ``start``, ``submit`` (text), ``status``,
``history`` (page), each with ``channel`` and ``user``; answered with what the user was told
(``answered``, the message ``keys``, the canonical ``move`` when one was played) or ``error``.
``peek`` (channel, pick) reads a match for the parent (who is to act, one legal move each);
``due`` counts the timeouts due now that are not fired yet. ``stats`` reports the event loop's
lag since the last ``stats`` (how late a 50 ms sleep woke, p50/p99/max) and the process's resident
memory, for ``make bench-load``. Logs go to stderr.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import os
import sys
from typing import Any

from bot.i18n import Msg
from bot.logging_setup import configure_logging
from bot.services.delivery import Delivery, Reply
from bot.services.people import Actor, Place
from bot.services.time_control import TimeControl
from bot.wiring import Services, open_services
from soak.clock import ScaledClock

log = logging.getLogger("soak.child")

GUILD = "soak"
ACKS = ("core.move_played", "core.secret_move_recorded")
"""The replies that tell a user their move was played (the secret one only to them)."""
WAKE_EVERY = 0.2
"""The scheduler sleeps in clock seconds; under a fast clock it is woken this often (wall seconds)."""
GUILD_ID = 10**18
CHANNEL_BASE = 2 * 10**18
USER_BASE = 3 * 10**18


def summary(deliveries: list[Delivery]) -> dict[str, Any]:
    """What the acting user was told: their replies' message keys and the move played, if any."""
    replies = [d for d in deliveries if isinstance(d.target, Reply)]
    lines = [line for d in replies for line in d.lines if isinstance(line, Msg)]
    move = next((line.params.get("move") for line in lines if line.key in ACKS), None)
    return {"answered": bool(replies), "keys": [line.key for line in lines], "move": move}


async def peek(services: Services, channel: str, pick: int) -> dict[str, Any]:
    """The newest match of ``channel`` as the parent needs it: over or not, and for each seat to
    act its user and one legal move (``legal_moves[pick % n]``, in the engine's notation)."""
    row = await services.repo.latest_match_in(channel)
    if row is None:
        return {"match": None}
    match = await services.matches.book.load(row.id)
    over = row.status in ("finished", "aborted") or match.result() is not None
    found: dict[str, Any] = {
        "match": row.id,
        "status": row.status,
        "over": over,
        "seats": [seat.user_id for seat in match.seats],
        "to_act": [],
        "undecided": match.progress.meta.undecided,
    }
    if row.status == "active" and not over:
        for seat in sorted(match.to_act()):
            legal = match.engine.legal_moves(match.state, seat)
            if legal:
                move = legal[pick % len(legal)]
                found["to_act"].append(
                    {"seat": seat, "user": match.seats[seat].user_id, "move": match.engine.format_move(move, match.state)}
                )
    return found


async def due(services: Services, clock: ScaledClock) -> dict[str, Any]:
    timers = await services.repo.due_timers(clock.now())
    return {"due": sum(1 for timer in timers if timer.kind in ("timeout", "team"))}


class ServiceBot:
    """Commands straight to the services (most matches of a soak). With a ``world`` (one database
    shared with a Discord bot) its channels and users go by their Discord ids, as the Discord
    bot's would, so that bot can reach them when it fires one of these matches' timers."""

    def __init__(self, services: Services, clock: ScaledClock, world: dict[str, Any]) -> None:
        self.services = services
        self.clock = clock
        self.guild = str(GUILD_ID) if world["channels"] else GUILD
        self.channels = {name: str(CHANNEL_BASE + n) for n, name in enumerate(world["channels"])}
        self.users = {name: str(USER_BASE + n) for n, name in enumerate(world["users"])}
        self.names = {user_id: name for name, user_id in self.users.items()}

    @classmethod
    async def open(cls, database: str, clock: ScaledClock, world: dict[str, Any]) -> ServiceBot:
        async def deliver(deliveries: list[Delivery]) -> None:
            """Timer deliveries (timeouts, reminders) have nobody to reach here."""

        services = await open_services(database, deliver, clock=clock)
        await services.start()
        if services.warming is not None:  # ready means ready to draw, as a bot is a moment after its start
            await services.warming
        return cls(services, clock, world)

    async def handle(self, request: dict[str, Any]) -> dict[str, Any]:
        op = request["op"]
        if op == "due":
            return await due(self.services, self.clock)
        channel = self.channels.get(request["channel"], request["channel"])
        if op == "peek":
            found = await peek(self.services, channel, request.get("pick", 0))
            found["seats"] = [self.names.get(user, user) for user in found.get("seats", [])]
            for seat in found.get("to_act", []):
                seat["user"] = self.names.get(seat["user"], seat["user"])
            return found
        m = self.services.matches
        place = Place(self.guild, channel)
        user = self.users.get(request["user"], request["user"])
        actor = Actor(user, request["user"])
        if op == "create":
            hours = request.get("hours")
            control = TimeControl(per_move_hours=hours, absent=request.get("absent", "lose")) if hours else None
            deliveries = await m.create(place, actor, request["game"], request.get("options", {}), time_control=control)
        elif op == "join":
            deliveries = await m.join(place, actor)
        elif op == "start":
            deliveries = await m.start(place, actor)
        elif op == "status":
            deliveries = await m.status(place, actor)
        elif op == "history":
            deliveries = await m.history(place, actor, request.get("page", 1))
        elif op == "submit":
            deliveries = await m.submit(place, actor, request["text"])
        elif op == "resign":
            deliveries = await m.resign(place, actor)
        else:
            raise ValueError(f"unknown op {op!r}")
        return summary(deliveries)

    async def close(self) -> None:
        await self.services.close()


class DiscordBot:
    """Commands as slash-command interactions through the real discord.py and the fake Discord.

    The guild, its channels (one per match) and members are made in the fake before the bot logs
    in, with ids derived from their names, so after a restart timers that fire at once reach them."""

    def __init__(self, harness: Any, clock: ScaledClock) -> None:
        self.h = harness
        self.clock = clock
        self.bot = harness.client
        self.told: list[Delivery] = []
        self.names = {str(user["id"]): name for name, user in harness.users.items()}
        self.step = asyncio.Lock()
        deliver = self.bot.deliverer.deliver

        async def tapped(deliveries: list[Delivery], interaction: Any = None) -> None:
            if interaction is not None:  # what the acting user is told, as the services said it
                self.told.extend(deliveries)
            await deliver(deliveries, interaction)

        self.bot.deliverer.deliver = tapped

    @classmethod
    async def open(cls, database: str, clock: ScaledClock, world: dict[str, Any]) -> DiscordBot:
        from bot.discord_app.client import ScheidsBot
        from tests.fakediscord import DiscordHarness, FakeDiscord
        from tests.fakediscord import payloads as P

        fake = FakeDiscord()
        await fake.start()
        bot = ScheidsBot(database, sync_commands=True, clock=clock)
        harness = DiscordHarness(bot, fake, world=False, guild_id=GUILD_ID)
        guild = P.guild("Soak", id=GUILD_ID)
        channels = [P.text_channel(GUILD_ID, name, id=CHANNEL_BASE + number) for number, name in enumerate(world["channels"])]
        users = [P.user(name, id=USER_BASE + number) for number, name in enumerate(world["users"])]
        fake.add_guild(guild, channels=channels, members=[P.member(user) for user in users])
        harness.guild, harness.channel = guild, channels[0]
        harness.channels = {channel["name"]: channel for channel in channels}
        harness.users = {user["username"]: user for user in users}
        await harness.start()
        if bot.services.warming is not None:
            await bot.services.warming
        return cls(harness, clock)

    @property
    def services(self) -> Services:
        return self.bot.services

    async def handle(self, request: dict[str, Any]) -> dict[str, Any]:
        op = request["op"]
        if op == "due":
            return await due(self.services, self.clock)
        channel = self.h.channels[request["channel"]]
        if op == "peek":
            found = await peek(self.services, str(channel["id"]), request.get("pick", 0))
            found["seats"] = [self.names.get(user, user) for user in found.get("seats", [])]
            for seat in found.get("to_act", []):
                seat["user"] = self.names.get(seat["user"], seat["user"])
            return found
        user = self.h.users[request["user"]]
        if op == "create":
            command, options = f"match create {request['game']}", dict(request.get("options", {}))
            if request.get("hours"):
                options.update(deadline="custom", deadline_hours=request["hours"])
            if request.get("absent"):
                options.update(schedule=f"absent {request['absent']}")  # /match create has no absent: option
        else:
            command, options = {
                "join": ("match join", {}),
                "start": ("match start", {}),
                "status": ("match status", {}),
                "history": ("match history", {"page": request.get("page", 1)}),
                "submit": ("move", {"text": request.get("text", "")}),
                "resign": ("match resign", {}),
            }[op]
        async with self.step:
            self.told = []
            result = await self.h.slash(command, options, user=user, channel=channel)
            answer = summary(self.told)
            # Answered means Discord got a message for the interaction, not only that we meant one.
            answer["answered"] = answer["answered"] and bool(result.replies)
            return answer

    async def close(self) -> None:
        await self.h.close()
        await self.h.fake.stop()


class LoopLag:
    """How late the event loop wakes a task that sleeps ``TICK``: what every other user waits
    on top of their own work while the loop is busy."""

    TICK = 0.05

    def __init__(self) -> None:
        self.samples: list[float] = []

    async def watch(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            start = loop.time()
            await asyncio.sleep(self.TICK)
            self.samples.append(max(0.0, loop.time() - start - self.TICK))

    def report(self) -> dict[str, Any]:
        """Lag percentiles (seconds) since the last report, and the resident memory (bytes)."""
        import psutil

        ordered, self.samples = sorted(self.samples), []

        def at(share: float) -> float:
            return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else 0.0

        return {
            "lag_p50": at(0.5), "lag_p99": at(0.99), "lag_max": ordered[-1] if ordered else 0.0,
            "rss": psutil.Process().memory_info().rss,
        }


async def serve(bot: ServiceBot | DiscordBot) -> None:
    loop = asyncio.get_running_loop()
    lag = LoopLag()
    reader = asyncio.StreamReader(limit=2**24)
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)

    def send(message: dict[str, Any]) -> None:
        sys.stdout.write(json.dumps(message) + "\n")
        sys.stdout.flush()

    async def one(request: dict[str, Any]) -> None:
        try:
            answer = lag.report() if request.get("op") == "stats" else await bot.handle(request)
        except Exception as error:  # reported to the parent, which counts it as a command not answered
            log.exception("soak request %s (%s) failed", request.get("id"), request.get("op"))
            answer = {"error": f"{type(error).__name__}: {error}"}
        send({"id": request["id"], **answer})

    async def wake() -> None:
        while True:
            await asyncio.sleep(WAKE_EVERY)
            bot.services.scheduler.wake()

    waker = asyncio.create_task(wake())
    watcher = asyncio.create_task(lag.watch())
    running: set[asyncio.Task] = set()
    send({"ready": os.getpid()})
    while line := await reader.readline():
        task = asyncio.create_task(one(json.loads(line)))
        running.add(task)
        task.add_done_callback(running.discard)
    if running:
        await asyncio.wait(running)
    waker.cancel()
    watcher.cancel()


async def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m soak.child", description=__doc__)
    parser.add_argument("--db", required=True)
    parser.add_argument("--epoch", type=float, required=True, help="the ScaledClock's anchor (wall seconds)")
    parser.add_argument("--factor", type=float, required=True, help="clock seconds per wall second")
    parser.add_argument("--discord", action="store_true", help="through discord.py and the fake Discord")
    parser.add_argument("--world", default='{"channels": [], "users": []}', help="channel and user names with Discord ids (JSON): the Discord bot's world, or every match's on a shared database")
    args = parser.parse_args(argv)
    configure_logging("INFO")
    clock = ScaledClock(args.epoch, args.factor)
    world = json.loads(args.world)
    bot = await (DiscordBot if args.discord else ServiceBot).open(args.db, clock, world)
    try:
        await serve(bot)
    finally:
        await bot.close()


if __name__ == "__main__":
    asyncio.run(main())
