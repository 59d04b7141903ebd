"""The soak's parent: plays the matches, kills and restarts the bots, then checks and reports.

Each match has its own channel and players and is played one command at a time (matches run
concurrently). A command is a random legal move (from the bot's ``peek``: ``legal_moves`` of a
seat to act) or, now and then, an illegal (a legal move altered), malformed, out-of-turn or
duplicate one, or a status/history request. Some matches are abandoned part-way so their
deadlines fire: each player's first miss is forgiven (a grace), the next one is the loss on time
or, in a match with ``absent: computer``, the computer taking the seat. A killer task per bot SIGKILLs it at random moments and starts it again.

By default each bot has its own SQLite file. With ``database`` (a ``postgresql://`` URL) every
bot works on that one database, and ``service_bots`` bots share the service matches: each step
of a match goes to one of them at random, while every bot's scheduler fires the timers.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import statistics
import sys
import time
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from bot.services.time_control import TimeControl
from engines.militakiri import timing
from engines.registry import ENGINES, get_engine
from soak.checks import Command, Findings, check_database
from soak.child import CHANNEL_BASE, USER_BASE
from soak.clock import ScaledClock

ROOT = Path(__file__).resolve().parents[1]
GAMES = tuple(sorted(ENGINES))
MALFORMED = ("", "   ", "\x00\x01", "🙂🙂🙂", "x" * 500, "'; DROP TABLE events; --", "a1-", "setup", "move move move")
DISCORD_MALFORMED = tuple(text for text in MALFORMED if 1 <= len(text) <= 200)
"""Discord itself refuses option texts outside 1..200 characters: the bot never sees them."""


@dataclass
class Settings:
    matches: int = 10
    seconds: float = 30.0
    """Wall time for playing; then the bots settle, stop and are checked."""
    moves: int = 40
    """At most this many moves per match (then it is left for its deadline)."""
    discord_share: float = 0.2
    """Share of the matches played through discord.py and the fake Discord (at least one)."""
    kill_every: tuple[float, float] = (2.0, 6.0)
    """Wall seconds between SIGKILLs of a bot, drawn uniformly."""
    factor: float = 120.0
    """Clock seconds per wall second: a 15-minute deadline passes in 7.5 s, Militakiri's
    60-minute clock in 30 s of a player's thinking (answers and restarts included)."""
    deadline_hours: float = 0.25
    """The per-move deadline of every game without its own time rule (Militakiri: ``militakiri_clock``)."""
    militakiri_clock: str = "60m"
    """Militakiri's own time rule (section 24): its default, an hour a player (30 wall seconds).
    Its shortest, 10m, is 5 wall seconds a player, which a few kills and slow restarts in a row
    use up before the first move."""
    until_acked: int = 0
    """Play on past ``seconds`` while fewer moves than this were acknowledged, or (when above 0)
    a game has none yet: a loaded machine answers slower. Up to ``max_seconds``; matches that
    ended or were left stay so."""
    max_seconds: float = 120.0
    abandon: float = 0.3
    """Share of matches left alone part-way, so their deadline must fire. A game's only match
    played on is never abandoned: every game is played."""
    played_deadline_hours: float | None = None
    """The deadline of the matches that are not abandoned (``None``: ``deadline_hours``). Long,
    a run's play is bounded by its moves: a loaded machine's slow answers and restarts then do
    not end those matches on time before they are played; the abandoned ones keep the short
    deadline, so timeouts still fire."""
    played_militakiri_clock: str | None = None
    """Militakiri's clock in a match that is not abandoned (``None``: ``militakiri_clock``)."""
    absent_computer: float = 0.5
    """Share of the abandoned matches with a per-move deadline (not Axis & Allies, whose computer
    is slow) created with ``absent: computer``: after each seat's grace, the computer takes it
    and plays on. Every match has the default grace (one missed deadline forgiven per player)."""
    teams: float = 0.0
    """Share of the abandoned Axis & Allies matches played by five players, in which the UK resigns
    right after the start and the Allies never answer: the team's time to choose (the match's
    deadline) runs out and the match's default is recorded, once. ``python -m soak``: 0.5
    (``SOAK_TEAMS``); none here, so the short soak of the tests stays as it was."""
    think: float = 0.15
    """At most this many wall seconds between two commands of a match."""
    seed: int = 1
    settle: float = 20.0
    """At most this many wall seconds for the bots to fire every due timeout at the end."""
    folder: Path = field(default_factory=lambda: Path("out/soak"))
    database: str | None = None
    """A PostgreSQL URL that every bot uses; ``None``: a SQLite file per bot in ``folder``."""
    service_bots: int = 1
    """Bots that take the commands of the matches not played through Discord."""


@dataclass
class Figures:
    findings: Findings
    kills: int
    commands: int
    bad_commands: int
    bad_refused: int
    unanswered: list[str]
    accepted_wrongly: list[str]
    latencies: list[float]
    child_errors: list[str]
    false_damaged: list[str] = field(default_factory=list)
    """Answers that called a match damaged: the soak damages no record (the end checks say
    whether every record is sound), so each of them is false."""

    @property
    def ok(self) -> bool:
        f = self.findings
        return not (
            f.lost or f.doubled or f.timeouts_lost or f.timeouts_doubled or f.timeouts_early or f.replay_failures
            or f.graces_doubled or f.graces_early or f.takeovers_doubled or f.takeovers_early
            or f.after_end or f.chain.startswith("broken") or self.unanswered or self.accepted_wrongly or self.child_errors
            or self.false_damaged
        )

    def table(self) -> str:
        f = self.findings
        p50 = statistics.median(self.latencies) * 1e3 if self.latencies else 0.0
        p99 = sorted(self.latencies)[min(len(self.latencies) - 1, int(0.99 * len(self.latencies)))] * 1e3 if self.latencies else 0.0
        rows = [
            ("matches", f.matches),
            ("commands sent", self.commands),
            ("moves acknowledged", f.acked),
            ("moves stored", f.stored),
            ("moves in doubt (killed before the answer)", f.in_doubt),
            ("bot kills (SIGKILL) and restarts", self.kills),
            ("lost (acknowledged, not stored)", f.lost),
            ("doubled (stored, no command explains it)", f.doubled),
            ("timers fired (timeouts recorded)", f.timeouts),
            ("timeouts due but not recorded", f.timeouts_lost),
            ("timeouts recorded twice / early", f"{f.timeouts_doubled} / {f.timeouts_early}"),
            ("graces (missed deadlines forgiven)", f.graces),
            ("graces beyond the match's / early", f"{f.graces_doubled} / {f.graces_early}"),
            ("times the computer took a seat (absent: computer)", f.takeovers),
            ("a seat taken while taken / early", f"{f.takeovers_doubled} / {f.takeovers_early}"),
            ("teams that did not choose in time (their default)", f.team_defaults),
            ("a team's default early or twice / not recorded", f"{f.team_defaults_wrong} / {f.team_defaults_lost}"),
            ("matches that do not load or replay", f.replay_failures),
            ("events after the end", f.after_end),
            ("hash chain", f.chain),
            ("bad commands sent / refused", f"{self.bad_commands} / {self.bad_refused}"),
            ("commands not answered or failing", len(self.unanswered)),
            ("false damaged", len(self.false_damaged)),
            ("bad commands accepted wrongly", len(self.accepted_wrongly)),
            ("errors logged by the bots", len(self.child_errors)),
            ("answer time p50 / p99 (ms)", f"{p50:.0f} / {p99:.0f}"),
        ]
        width = max(len(name) for name, _ in rows)
        lines = [f"  {name:<{width}}  {value}" for name, value in rows]
        lines.append(f"  {'result':<{width}}  {'PASS' if self.ok else 'FAIL'}")
        return "\n".join(lines)

    def problems(self) -> list[str]:
        return self.findings.problems + self.unanswered + self.accepted_wrongly + self.child_errors + self.false_damaged


class Child:
    """One bot process, restartable; ``request`` returns ``None`` when it died before answering."""

    def __init__(self, name: str, argv: list[str], log_path: Path) -> None:
        self.name = name
        self.argv = argv
        self.log_path = log_path
        self.proc: asyncio.subprocess.Process | None = None
        self.reader: asyncio.Task | None = None
        self.pending: dict[int, asyncio.Future] = {}
        self.up = asyncio.Event()
        self.ids = 0
        self.kills = 0
        self.leaving = False
        """Set while we kill or stop it: any other end of the process is a crash."""
        self.crashes: list[str] = []
        self.answered = 0
        """Commands (not peeks) this bot answered."""
        self.progressed = asyncio.Event()
        """Set once the bot answered a command since its last start (see ``Soak.killer``)."""

    async def start(self) -> None:
        with self.log_path.open("ab") as log:
            self.proc = await asyncio.create_subprocess_exec(
                *self.argv, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, stderr=log, cwd=ROOT,
                env={**os.environ, "PYTHONPATH": str(ROOT)}, limit=2**24,
            )
        line = await asyncio.wait_for(self.proc.stdout.readline(), timeout=120)
        if not line or "ready" not in json.loads(line):
            raise RuntimeError(f"bot {self.name} did not start; see {self.log_path}")
        self.leaving = False
        self.progressed.clear()
        self.reader = asyncio.create_task(self._read(self.proc))
        self.up.set()

    async def _read(self, proc: asyncio.subprocess.Process) -> None:
        while line := await proc.stdout.readline():
            answer = json.loads(line)
            future = self.pending.pop(answer.get("id"), None)
            if future is not None and not future.done():
                future.set_result(answer)
        for future in self.pending.values():  # the process ended: these are in doubt
            if not future.done():
                future.set_result(None)
        self.pending.clear()
        if not self.leaving:  # it ended by itself: a crash, reported; the bot is started again
            self.up.clear()
            self.crashes.append(f"bot {self.name} exited by itself (code {await proc.wait()}); see {self.log_path}")
            await self.start()

    async def request(self, op: str, **fields: Any) -> tuple[dict[str, Any] | None, float]:
        await self.up.wait()
        self.ids += 1
        number = self.ids
        future = asyncio.get_running_loop().create_future()
        self.pending[number] = future
        start = time.perf_counter()
        try:
            self.proc.stdin.write((json.dumps({"id": number, "op": op, **fields}) + "\n").encode())
            await self.proc.stdin.drain()
        except (BrokenPipeError, ConnectionResetError):
            self.pending.pop(number, None)
            return None, 0.0
        answer = await future
        return answer, time.perf_counter() - start

    async def kill(self) -> None:
        """SIGKILL: no chance to finish anything; what was in flight is in doubt."""
        self.up.clear()
        self.leaving = True
        self.proc.send_signal(signal.SIGKILL)
        await self.proc.wait()
        await self.reader
        self.kills += 1

    async def stop(self) -> None:
        """End of input: the bot finishes what it was doing and closes."""
        self.up.clear()
        self.leaving = True
        self.proc.stdin.close()
        try:
            await asyncio.wait_for(self.proc.wait(), timeout=60)
        except TimeoutError:
            self.proc.kill()
            await self.proc.wait()
        await self.reader


class Soak:
    def __init__(self, settings: Settings) -> None:
        self.s = settings
        self.rng = random.Random(settings.seed)
        self.clock = ScaledClock(time.time(), settings.factor)
        self.ledger: dict[str, list[Command]] = {}
        self.latencies: list[float] = []
        self.commands = 0
        self.bad_commands = 0
        self.bad_refused = 0
        self.unanswered: list[str] = []
        self.accepted_wrongly: list[str] = []
        self.false_damaged: list[str] = []
        self.ends_at = 0.0
        self.hard_end = 0.0
        self.draining = False
        count = min(settings.matches, max(1, round(settings.matches * settings.discord_share))) if settings.discord_share > 0 else 0
        self.through_discord = set(range(settings.matches - count, settings.matches))
        """The last matches (consecutive: one of each game in turn) go through discord.py."""
        self.players = {k: get_engine(GAMES[k % len(GAMES)]).min_players for k in range(settings.matches)}
        drawn = {k for k in range(settings.matches) if self._match_rng(k).random() < settings.abandon}
        kept = {min(j for j in range(settings.matches) if j % len(GAMES) == k % len(GAMES)) for k in drawn
                if all(j in drawn for j in range(settings.matches) if j % len(GAMES) == k % len(GAMES))}
        self.abandoned = drawn - kept
        """The matches left part-way (drawn at the share ``abandon``, keeping one of each game played)."""
        self.team_matches = {k for k in sorted(self.abandoned) if GAMES[k % len(GAMES)] == "axis_allies"
                             and random.Random(settings.seed * 4_391 + k).random() < settings.teams}
        """The abandoned five-player Axis & Allies matches whose UK resigns (``teams``)."""
        for k in self.team_matches:
            self.players[k] = 5

    # --------------------------------------------------------------- bots

    def _child(self, name: str, discord: bool) -> Child:
        database = self.s.database or str(self.s.folder / f"{name}.sqlite3")
        argv = [sys.executable, "-m", "soak.child", "--db", database,
                "--epoch", repr(self.clock.epoch), "--factor", repr(self.s.factor)]
        if discord or self.shared_world():
            argv += ["--world", json.dumps(self.world())]
        if discord:
            argv.append("--discord")
        return Child(name, argv, self.s.folder / f"{name}.log")

    def shared_world(self) -> bool:
        """One database and a Discord bot: every bot fires every match's timers, so every match
        has Discord's kind of ids (the Discord bot can reach its players and channel)."""
        return self.s.database is not None and bool(self.through_discord)

    def world_matches(self) -> list[int]:
        return list(range(self.s.matches)) if self.shared_world() else sorted(self.through_discord)

    def world(self) -> dict[str, list[str]]:
        """The channels and users that have Discord ids (``CHANNEL_BASE``/``USER_BASE`` + their place here)."""
        matches = self.world_matches()
        return {
            "channels": [self.channel(k) for k in matches],
            "users": [self.user(k, i) for k in matches for i in range(self.players[k])] + ["spectator"],
        }

    @staticmethod
    def channel(k: int) -> str:
        return f"soak-{k}"

    @staticmethod
    def user(k: int, seat: int) -> str:
        return f"m{k}p{seat}"

    async def killer(self, child: Child, rng: random.Random) -> None:
        """SIGKILL ``child`` at random moments, each at least ``kill_every[0]`` after it came up and
        after it answered a command: on a loaded machine a restart takes seconds, and kills
        faster than that would leave no time to play at all."""
        while True:
            await asyncio.sleep(rng.uniform(*self.s.kill_every))
            while not child.progressed.is_set() and not self.stopping():
                await asyncio.sleep(0.05)
            if self.stopping():
                return
            await child.kill()
            await child.start()

    def drain_seconds(self) -> float:
        """Wall time in which every deadline set before it passes: the per-move deadline, or
        Militakiri's whole clock (or its per-move hours), whichever is longer, and a second."""
        hours, minutes = timing.parse(self.s.militakiri_clock)
        # A missed per-move deadline is forgiven once (the default grace): two periods pass.
        deadline = timedelta(hours=self.s.deadline_hours) * (1 + TimeControl().grace)
        longest = max(deadline, timedelta(hours=hours, minutes=minutes))
        return self.clock.real_seconds(longest) + 1.0

    def played_enough(self) -> bool:
        if self.s.until_acked <= 0:
            return True
        acked = [channel for channel, commands in self.ledger.items() for c in commands if c.outcome == "acked"]
        games = {GAMES[int(channel.split("-")[1]) % len(GAMES)] for channel in acked}
        return len(acked) >= self.s.until_acked and games == set(GAMES[: self.s.matches])

    def stopping(self) -> bool:
        now = time.monotonic()
        if now < self.ends_at:
            return False
        return self.draining or now >= self.hard_end or self.played_enough()

    # ------------------------------------------------------------- commands

    async def send(self, child: Child, op: str, **fields: Any) -> dict[str, Any] | None:
        answer, seconds = await child.request(op, **fields)
        if op != "peek" and op != "due":
            self.commands += 1
            where = f"{child.name} #{fields.get('channel')} {op} {fields.get('text', '')!r}"[:120]
            if answer is not None and "error" in answer:
                self.unanswered.append(f"{where}: the bot raised {answer['error']}")
            elif answer is not None and not answer.get("answered"):
                self.unanswered.append(f"{where}: no answer")
            elif answer is not None:
                if "core.damaged" in answer.get("keys", ()):
                    self.false_damaged.append(f"{where}: said the match is damaged")
                self.latencies.append(seconds)
                child.answered += 1
                child.progressed.set()
        return answer

    async def submit(self, child: Child, k: int, user: str, text: str, kind: str) -> Command:
        command = Command(self.channel(k), user, text, kind)
        self.ledger.setdefault(command.match, []).append(command)
        answer = await self.send(child, "submit", channel=command.match, user=user, text=text)
        if answer is None:
            command.outcome = "doubt"
        elif "error" in answer:
            command.outcome = "error"
        elif not answer.get("answered"):
            command.outcome = "unanswered"
        elif answer.get("move") is not None:
            command.outcome, command.move = "acked", answer["move"]
        else:
            command.outcome = "refused"
        if kind != "legal":
            self.bad_commands += 1
            self.bad_refused += command.outcome == "refused"
            if command.outcome == "acked" and kind in ("malformed", "out_of_turn"):
                self.accepted_wrongly.append(f"#{command.match}: {kind} {text!r} by {user} was played as {command.move!r}")
        return command

    # ---------------------------------------------------------------- play

    def create_fields(self, k: int, abandoned: bool = True) -> dict[str, Any]:
        """The match's game and time: the short deadline for a match that will be abandoned,
        the ``played_…`` ones (when given) for the others."""
        game = GAMES[k % len(GAMES)]
        if game == "militakiri":  # its time rule is its own (section 24): the shortest clock
            clock = self.s.militakiri_clock if abandoned else self.s.played_militakiri_clock or self.s.militakiri_clock
            return {"game": game, "options": {"time_control": clock}}
        hours = self.s.deadline_hours if abandoned or self.s.played_deadline_hours is None else self.s.played_deadline_hours
        fields: dict[str, Any] = {"game": game, "options": {}, "hours": hours}
        if abandoned and game != "axis_allies" and random.Random(self.s.seed * 7919 + k).random() < self.s.absent_computer:
            fields["absent"] = "computer"
        return fields

    def _match_rng(self, k: int) -> random.Random:
        return random.Random(self.s.seed * 100_003 + k)

    async def play(self, k: int, services: list[Child], discord: Child | None) -> None:
        rng = self._match_rng(k)
        route = random.Random(self.s.seed * 7 + k)  # apart from ``rng``: one bot plays as before

        def pick() -> Child:
            """The bot for the next step: the Discord bot for its matches, else any service bot."""
            if discord is not None and k in self.through_discord:
                return discord
            return services[0] if len(services) == 1 else route.choice(services)

        child = pick()
        channel, users = self.channel(k), [self.user(k, seat) for seat in range(self.players[k])]
        abandon_after = rng.randint(min(3, self.s.moves), self.s.moves) if rng.random() < self.s.abandon else None
        if k not in self.abandoned:
            abandon_after = None
        # Open, fill and start the match; every step is retried after a kill.
        while not self.stopping():
            found = await child.request("peek", channel=channel, pick=0)
            found = found[0]
            if found is None:
                continue
            if found["match"] is None:
                await self.send(child, "create", channel=channel, user=users[0], **self.create_fields(k, abandon_after is not None))
            elif found["status"] == "open":
                for user in users:
                    if user not in found["seats"]:
                        await self.send(child, "join", channel=channel, user=user)
                await self.send(child, "start", channel=channel, user=users[0])
            else:
                break
        if k in self.team_matches:
            # The UK (seat 2) resigns; the Allies never answer: the team's timer decides.
            while not self.stopping():
                found, _ = await child.request("peek", channel=channel, pick=0)
                if found is None:
                    continue
                if found["over"] or found["status"] != "active" or found.get("undecided") is not None:
                    return
                await self.send(child, "resign", channel=channel, user=users[2])
            return
        played = 0
        last: Command | None = None
        while not self.stopping() and played < self.s.moves and (abandon_after is None or played < abandon_after):
            child = pick()
            found, _ = await child.request("peek", channel=channel, pick=rng.randrange(10**9))
            if found is None:
                continue
            if found["over"] or found["status"] != "active" or not found["to_act"]:
                break
            turn = rng.choice(found["to_act"])
            roll = rng.random()
            if roll < 0.05 and last is not None and last.outcome == "acked":
                await self.submit(child, k, last.user, last.text, "duplicate")
            elif roll < 0.10:
                acting = {seat["user"] for seat in found["to_act"]}
                waiting = [user for user in users if user not in acting]
                await self.submit(child, k, rng.choice(waiting) if waiting else "spectator", turn["move"], "out_of_turn")
            elif roll < 0.15:
                texts = DISCORD_MALFORMED if child is discord else MALFORMED
                await self.submit(child, k, turn["user"], rng.choice(texts), "malformed")
            elif roll < 0.20:
                await self.submit(child, k, turn["user"], altered(turn["move"], rng), "illegal")
            elif roll < 0.23:
                if rng.random() < 0.5:
                    await self.send(child, "status", channel=channel, user=rng.choice(users))
                else:
                    await self.send(child, "history", channel=channel, user=rng.choice(users), page=rng.choice([0, -3, 1, 2, 10**6]))
            else:
                last = await self.submit(child, k, turn["user"], turn["move"], "legal")
                played += last.outcome == "acked"
            await asyncio.sleep(rng.uniform(0, self.s.think))

    async def settle(self, child: Child) -> datetime:
        """Wait until the bot has no due timeout left (two looks in a row); returns the clock time
        of the last look, less a margin: every deadline before it must be recorded."""
        quiet = 0
        give_up = time.monotonic() + self.s.settle
        looked = self.clock.now()
        while quiet < 2 and time.monotonic() < give_up:
            looked = self.clock.now()
            answer, _ = await child.request("due")
            quiet = quiet + 1 if answer is not None and answer.get("due") == 0 else 0
            await asyncio.sleep(0.3)
        await asyncio.sleep(0.5)  # a timer being fired at the last look has time to commit
        return looked - timedelta(seconds=0.5 * self.s.factor)

    async def run(self) -> Figures:
        self.s.folder.mkdir(parents=True, exist_ok=True)
        for old in self.s.folder.glob("*"):
            if old.suffix in (".sqlite3", ".log") or old.name.endswith(("-wal", "-shm")):
                old.unlink()
        services = [self._child(f"service{n}" if n else "service", discord=False) for n in range(self.s.service_bots)]
        discord = self._child("discord", discord=True) if self.through_discord else None
        children = [*services, *([discord] if discord is not None else [])]
        self.children = children
        await asyncio.gather(*(child.start() for child in children))
        self.ends_at = time.monotonic() + self.s.seconds
        self.hard_end = time.monotonic() + max(self.s.seconds, self.s.max_seconds)
        killers = [asyncio.create_task(self.killer(child, random.Random(self.s.seed + n))) for n, child in enumerate(children)]
        try:
            await asyncio.gather(*(self.play(k, services, discord) for k in range(self.s.matches)))
            # Every match left unfinished is now abandoned: its deadline passes while the bots
            # are still being killed, so timeouts fire (and may be interrupted) during the run.
            self.ends_at, self.draining = time.monotonic() + self.drain_seconds(), True
            await asyncio.sleep(self.drain_seconds())
        finally:
            for task in killers:
                task.cancel()
            await asyncio.gather(*killers, return_exceptions=True)
        for child in children:
            if not child.up.is_set():  # cancelled between a kill and its restart
                await child.start()
        checked_at = min([await self.settle(child) for child in children])
        for child in children:
            await child.stop()
        world = self.world()
        channels = {str(CHANNEL_BASE + n): name for n, name in enumerate(world["channels"])}
        users = {str(USER_BASE + n): name for n, name in enumerate(world["users"])}
        if self.s.database is not None:  # one database for all: Discord's ids and the soak's names side by side
            findings = await check_database(
                self.s.database, self.ledger, checked_at, lambda c: channels.get(c, c), lambda u: users.get(u, u)
            )
        else:
            findings = await check_database(self.s.folder / "service.sqlite3", self.ledger, checked_at)
        if discord is not None and self.s.database is None:
            findings.add(
                await check_database(
                    self.s.folder / "discord.sqlite3", self.ledger, checked_at, channels.get, lambda u: users.get(u, u)
                )
            )
        return Figures(
            findings=findings,
            kills=sum(child.kills for child in children),
            commands=self.commands,
            bad_commands=self.bad_commands,
            bad_refused=self.bad_refused,
            unanswered=self.unanswered,
            accepted_wrongly=self.accepted_wrongly,
            latencies=self.latencies,
            false_damaged=self.false_damaged,
            child_errors=[crash for child in children for crash in child.crashes]
            + errors_logged([child.log_path for child in children]),
        )


def altered(move: str, rng: random.Random) -> str:
    """A legal move's text changed a little: usually illegal or unreadable, sometimes legal."""
    if not move:
        return "zz9"
    choice = rng.randrange(4)
    if choice == 0:
        return move[::-1]
    if choice == 1:
        return move + " z9"
    if choice == 2:
        at = rng.randrange(len(move))
        return move[:at] + rng.choice("0123456789xyz") + move[at + 1 :]
    return move.upper().replace("-", "--")


def errors_logged(paths: list[Path]) -> list[str]:
    """ERROR lines and tracebacks in the bots' logs."""
    found = []
    for path in paths:
        if not path.exists():
            continue
        for line in path.read_text(errors="replace").splitlines():
            if " ERROR " in line or line.startswith("Traceback"):
                found.append(f"{path.name}: {line[:200]}")
    return found
