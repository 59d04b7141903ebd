"""The local console adapter: reads commands from a stream, prints every delivery.

Each line acts as a user (``as alice: ...``) in a channel (default ``general``; ``as
alice in t1: ...`` for another one, e.g. a thread made with ``thread:true``). Replies are
printed as ``[alice] ...`` (``[alice, only you] ...`` for ephemeral ones), channel posts
as ``[#general] ...`` and DMs as ``[DM to alice] ...``; images go to ``out/``.
"""

from __future__ import annotations

import asyncio
import logging
import re
import shlex
import sys
from collections.abc import Awaitable, Callable
from datetime import datetime
from pathlib import Path
from typing import Any, TextIO

from bot.clock import Clock
from bot.console.commands import (
    ConsoleLine,
    ConsoleSyntaxError,
    number,
    parse_line,
    schedule_only,
    whole_number,
)
from bot.i18n import Msg, catalog
from bot.services import guide
from bot.services.delivery import (
    Button,
    ChannelPost,
    ChannelRef,
    Delivery,
    DirectMessage,
    Reply,
    reply,
)
from bot.services.match.teams import until_from
from bot.services.matches import outdated_reply
from bot.services.people import COMPUTER_LEVELS, Actor, Place, computer_actor
from bot.services.time_control import TimeControlError, time_control_given
from bot.storage.repository import OutdatedMatchError
from bot.wiring import Services, open_services

GUILD = "console"
DEFAULT_CHANNEL = "general"
DEFAULT_USER = "player"
"""Who acts before any `as NAME:`: a name, because the messages speak of players in the third
person ("player (red) is to move"; "you" would read "you is to move")."""
BUTTON_LABELS = {
    "view_pieces": "core.button_view", "draw_accept": "core.button_draw_accept", "draw_decline": "core.button_draw_decline",
    "team_takeover": "teams.button_takeover", "team_computer": "teams.button_computer",
    "team_concede": "teams.button_concede", "team_substitute": "teams.button_substitute",
}
"""The catalog keys of the buttons' labels, as the Discord adapter shows them."""
MAX_LINE = 5000
"""The longest line the console reads: a ``/orders`` text as long as Discord's box takes (4,000
characters) with the user, channel and command around it. Longer lines are refused before they
are split (shlex takes time that grows with the square of the length: seconds for a megabyte)."""
ECHO = 80
"""Characters of an over-long line echoed back."""

log = logging.getLogger(__name__)

DISCORD_EMPHASIS = re.compile(r"(\*\*|__|~~)(?=\S)(.+?)(?<=\S)\1")


def plain(text: str) -> str:
    """Discord's bold, underline and strike-through marks taken out: a terminal shows them as typed.
    Backticks stay: they set moves and commands apart, in plain text too.

    >>> plain("Militakiri in #general: **your move** at `e10-d9`")
    'Militakiri in #general: your move at `e10-d9`'
    """
    return DISCORD_EMPHASIS.sub(r"\2", text)


def format_value(value: Any) -> str | None:
    """How the console words parameter values the catalog does not know."""
    if isinstance(value, datetime):
        return value.strftime("%Y-%m-%d %H:%M UTC")
    if isinstance(value, ChannelRef):
        return f"#{value.channel_id}"
    if value is None:
        return ""
    return None


class ConsoleApp:
    def __init__(self, out: TextIO, out_dir: Path, language: str = "en") -> None:
        self.out = out
        self.out_dir = out_dir
        self.language = language
        self.services: Services | None = None
        self.current_user = DEFAULT_USER
        self.threads = 0
        self.answering = False
        """A command is being answered: what the services send on their own waits (``later``)."""
        self.later: list[tuple[list[Delivery], Actor | None]] = []

    async def open(self, database: str, **kwargs: Any) -> None:
        self.services = await open_services(database, self.deliver_unasked, **kwargs)

    async def deliver_unasked(self, deliveries: list[Delivery], actor: Actor | None = None) -> None:
        """What the services send on their own (the computer's moves, a deadline's notices, a
        league's step): while a command is being answered it waits, and is printed after that
        answer, so a player's move comes before the computer's reply to it."""
        if self.answering:
            self.later.append((deliveries, actor))
            return
        await self.deliver(deliveries, actor)

    async def _answered(self) -> None:
        """The command's answer is printed: what waited meanwhile follows it."""
        self.answering = False
        while self.later:
            deliveries, actor = self.later.pop(0)
            await self.deliver(deliveries, actor)

    # ----------------------------------------------------------------- output

    def say(self, text: str) -> None:
        self.out.write(text + "\n")
        self.out.flush()

    def note(self, msg: Msg) -> None:
        """A message of the console itself (not of a service), in the console's language."""
        self.say(f"[console] {catalog().render(msg, self.language)}")

    def frame(self, key: str, **params: Any) -> str:
        """The console's own words around a delivery (who it is for, files, buttons), in its language."""
        return catalog().render(Msg(f"console.{key}", params), self.language)

    async def deliver(self, deliveries: list[Delivery], actor: Actor | None = None) -> None:
        for delivery in deliveries:
            target = delivery.target
            if isinstance(target, Reply):
                who = actor.name if actor else "?"
                head = self.frame("head_private", user=who) if target.ephemeral else f"[{who}]"
            elif isinstance(target, ChannelPost):
                head = f"[#{target.channel_id}]" + (f" @{target.ping}" if target.ping else "")
            elif isinstance(target, DirectMessage):
                head = self.frame("head_dm", user=target.user_id)
            else:  # pragma: no cover - the union is closed
                head = "[?]"
            words = catalog()
            text = "\n  ".join(
                words.render(line, delivery.language, format_value).replace("\n", "\n  ") for line in delivery.lines
            )
            self.say(plain(f"{head} {text}"))
            for attachment in delivery.attachments:
                path = self.out_dir / attachment.filename
                try:
                    path.parent.mkdir(parents=True, exist_ok=True)
                    path.write_bytes(attachment.data)
                except OSError as error:  # a full disk, a folder we may not write: play goes on
                    log.warning("console: picture %s not written: %s", path, error.strerror or type(error).__name__)
                    self.note(Msg("console.picture_failed", {"path": str(path), "error": error.strerror or type(error).__name__}))
                    continue
                self.say("  " + self.frame("file", path=str(path)))
            if delivery.buttons:
                labels = ", ".join(self._button_label(b, delivery.language) for b in delivery.buttons)
                self.say("  " + self.frame("buttons", labels=labels))

    def _count(self, number: int) -> str:
        """A count with thousands marked as the console's language does (1,200 / 1.200)."""
        return f"{number:,}".replace(",", "." if self.language == "nl" else ",")

    @staticmethod
    def _button_label(button: Button, language: str) -> str:
        """How to press ``button`` here: its label as Discord shows it, and the command."""
        if button.kind == "choose":
            label = catalog().render(Msg(button.label), language)
            return f"{label}: " + " | ".join(button.options) + " (/button move:<choice>)"
        if button.kind == "move":
            label = catalog().render(Msg(button.label), language) if button.label else button.text
            return f"{label} (/button move:{shlex.quote(button.text)})"
        if button.kind == "replay":
            return f"{catalog().render(Msg(button.label), language)} (/button replay at:{button.seq})"
        if button.kind == "rematch":
            return f"{catalog().render(Msg(button.label), language)} (/button rematch)"
        if button.kind == "league_join":
            label = catalog().render(Msg("league.button_join"), language)
            return f"{label} (/league join league:{button.match_id})"
        label = catalog().render(Msg(BUTTON_LABELS[button.kind]), language)
        if button.kind == "team_substitute":  # the offer travels with the press, as in its custom_id
            return f"{label} (/button {button.kind} offer:{button.text})"
        return f"{label} (/button {button.kind})"

    # ---------------------------------------------------------------- commands

    async def handle(self, text: str) -> bool:
        """Run one line; ``False`` when the console should stop."""
        if len(text.rstrip("\r\n")) > MAX_LINE:
            self.note(Msg("console.line_too_long", {"length": self._count(len(text.rstrip("\r\n"))), "limit": self._count(MAX_LINE)}))
            return True
        try:
            line = parse_line(text)
        except ConsoleSyntaxError as error:
            self.note(error.msg)
            return True
        if line is None:
            return True
        if line.command == ("quit",):
            return False
        if line.command == ("help",):
            self.say(self._help())
            return True
        if line.user:
            self.current_user = line.user
        actor = Actor(user_id=self.current_user, name=self.current_user, language=self.language)
        place = Place(GUILD, line.channel or DEFAULT_CHANNEL, self.language)
        handler = self._handler(line)
        if handler is None:
            self.note(Msg("console.unknown_command", {"command": " ".join(line.command)}))
            return True
        self.answering = True
        try:
            try:
                deliveries = await handler(place, actor, line)
            except ConsoleSyntaxError as error:
                self.note(error.msg)
                return True
            except TimeControlError as error:
                deliveries = [Delivery(Reply(), (Msg(error.code, error.params),), actor.language)]
            except OutdatedMatchError as error:
                deliveries = outdated_reply(error, actor.language)
            except Exception as error:
                # Every line gets an answer and the console goes on. The log names the command and
                # the user, never the line itself: a move text may be a secret setup.
                log.exception("console command /%s of %s in #%s failed", " ".join(line.command), actor.user_id, place.channel_id)
                self.note(Msg("console.failed", {"error": type(error).__name__}))
                return True
            await self.deliver(deliveries, actor)
        finally:
            await self._answered()
        # One command at a time: a league's step that this command set off (a round's games
        # opening, a result told) is shown before the next line is read.
        assert self.services is not None
        await self.services.leagues.idle()
        return True

    def _handler(self, line: ConsoleLine) -> Callable[[Place, Actor, ConsoleLine], Awaitable[list[Delivery]]] | None:
        assert self.services is not None
        m = self.services.matches
        simple = {
            ("match", "join"): m.join,
            ("match", "leave"): m.leave,
            ("match", "status"): m.status,
            ("match", "resign"): m.resign,
            ("match", "draw"): m.offer_draw,
            ("match", "claim"): m.claim,
            ("match", "verify"): m.verify,
            ("match", "export"): m.export,
            ("match", "replay"): m.replay,
            ("match", "catchup"): m.catchup,
        }
        if line.command in simple:
            call = simple[line.command]
            return lambda place, actor, _line: call(place, actor)
        return {
            ("match", "create"): self._create,
            ("match", "start"): lambda p, a, l: m.start(p, a, l.options.get("computer"), whole_number(l.options, "players", 5),
                                                         l.options.get("seat", 0)),
            ("match", "history"): lambda p, a, l: (
                m.history_at(p, a, at) if (at := whole_number(l.options, "at", 3)) is not None else m.history(p, a, _page(l))
            ),
            ("odds",): lambda p, a, l: m.odds(p, a, l.options.get("attack", ""), l.options.get("defend", ""), l.options.get("territory", "")),
            ("note",): lambda p, a, l: m.note(p, a, l.options.get("text", "")),
            ("move",): lambda p, a, l: m.submit(p, a, l.options.get("text", "")),
            ("setup",): lambda p, a, l: m.submit(p, a, l.options.get("text", "")),
            ("orders",): lambda p, a, l: m.submit_orders(p, a, l.options.get("text", "")),
            ("standing",): lambda p, a, l: m.standing_orders(p, a, l.options.get("text", "")),
            ("rules",): lambda p, a, l: done(guide.rules(a.language, l.options.get("game", ""), l.options.get("topic"))),
            ("view",): lambda p, a, l: m.my_view(a, place=p, piece=l.options.get("piece")),
            ("profile",): lambda p, a, l: m.profile(p.guild_id, a, _named(l.options.get("user"), a.language)),
            ("leaderboard",): lambda p, a, l: m.leaderboard(p.guild_id, a, l.options.get("game", ""), l.options.get("board")),
            ("games",): lambda p, a, l: m.my_games(p.guild_id, a),
            ("board",): lambda p, a, l: m.board(p, a, l.options.get("region")),
            ("territory",): lambda p, a, l: m.territory(p, a, l.options.get("name", "")),
            ("button",): self._button,
            ("away",): self._away,
            ("notify",): lambda p, a, l: m.notify(a, **{k: l.options.get(k) for k in NOTIFY_OPTIONS}),
            ("match", "abort"): lambda p, a, l: m.abort(p, a, None, l.options.get("reason", "")),
            ("match", "give-time"): lambda p, a, l: m.give_time(p, a, _user_id(l.options.get("player")),
                                                                  number(l.options, "hours", "24"), l.options.get("reason", "")),
            ("match", "nudge"): lambda p, a, l: m.nudge(p, a),
            ("match", "substitute"): lambda p, a, l: m.substitute(
                p, a, _named(l.options.get("seat"), a.language) or a, _named(l.options.get("new"), a.language) or a,
                l.options.get("reason", "")),
            ("autopilot",): self._autopilot,
        }.get(line.command) or self._league_handler(line)

    def _league_handler(self, line: ConsoleLine) -> Callable[[Place, Actor, ConsoleLine], Awaitable[list[Delivery]]] | None:
        """``/league …``. The console is its operator's own server: its users act as its organizers."""
        if not line.command or line.command[0] != "league":
            return None
        assert self.services is not None
        leagues = self.services.leagues

        def organizer(actor: Actor) -> Actor:
            return Actor(actor.user_id, actor.name, actor.language, is_admin=True)

        def number_of(options: dict[str, str]) -> int | None:
            return whole_number(options, "league", 1)

        async def join(place: Place, actor: Actor, line: ConsoleLine) -> list[Delivery]:
            league = number_of(line.options)
            if league is None:
                chosen = await leagues.signing_up(place, actor)
                if isinstance(chosen, list):
                    return chosen
                league = chosen
            return await leagues.join(league, actor)

        handlers: dict[str, Callable[[Place, Actor, ConsoleLine], Awaitable[list[Delivery]]]] = {
            "create": lambda p, a, l: self._league_create(p, organizer(a), l),
            "join": join,
            "start": lambda p, a, l: leagues.start(p, organizer(a), number_of(l.options)),
            "team": lambda p, a, l: leagues.team(
                p, organizer(a), _named(l.options.get("player"), a.language) or a, whole_number(l.options, "team", 1),
                number_of(l.options)),
            "standings": lambda p, a, l: leagues.standings(p, a, number_of(l.options)),
            "pairings": lambda p, a, l: leagues.pairings(p, a, number_of(l.options)),
            "withdraw": lambda p, a, l: leagues.withdraw(
                p, organizer(a) if "player" in l.options else a, number_of(l.options), _named(l.options.get("player"), a.language)),
            "list": lambda p, a, l: leagues.all_leagues(p, a),
            "adjudicate": lambda p, a, l: leagues.adjudicate(
                p, organizer(a), whole_number(l.options, "pairing", 3) or 0, l.options.get("result", ""), l.options.get("reason", "")),
            "challenge": lambda p, a, l: leagues.challenge(
                p, a, _named(l.options.get("player"), a.language) or a, number_of(l.options)),
            "accept": lambda p, a, l: leagues.accept(p, a, number_of(l.options)),
            "finish": lambda p, a, l: leagues.finish(p, organizer(a), number_of(l.options)),
        }
        return handlers.get(line.command[1]) if len(line.command) > 1 else None

    async def _league_create(self, place: Place, actor: Actor, line: ConsoleLine) -> list[Delivery]:
        """``/league create game:G format:F [rounds:N] [deadline:…] [deadline_hours:N] [schedule:…] [rated:false]
        [name:…] [round_hours:N] [reach:N] [accept_hours:N] [team_size:N]``; other options are the game's."""
        assert self.services is not None
        options = dict(line.options)
        game, fmt = options.pop("game", ""), options.pop("format", "")
        rounds = whole_number(options, "rounds", 4)
        reach = whole_number(options, "reach", 3)
        round_hours, accept_hours = number(options, "round_hours", "48"), number(options, "accept_hours", "48")
        schedule = schedule_only(options)
        control = time_control_given(options.pop("deadline", None), number(options, "deadline_hours", "6"), None,
                                     schedule=schedule)
        said_rated = options.pop("rated", None)  # not given: the server's default
        rated = None if said_rated is None else said_rated.lower() not in ("false", "no", "0")
        name = options.pop("name", None)
        team_size = whole_number(options, "team_size", 1) or 1
        for used in ("rounds", "reach", "round_hours", "accept_hours", "deadline_hours", "team_size"):
            options.pop(used, None)
        return await self.services.leagues.create(
            place, actor, game, fmt, rounds=rounds, time_control=control, rated=rated, name=name,
            round_hours=round_hours, reach=reach, accept_hours=accept_hours, options=options or None,
            team_size=team_size)

    async def _away(self, place: Place, actor: Actor, line: ConsoleLine) -> list[Delivery]:
        """``/away [from:DATE] [until:DATE | days:N]``, ``/away cancel``, ``/away``."""
        assert self.services is not None
        options = line.options
        cancel = options.get("action", "").lower() == "cancel"
        if options.get("action") and not cancel:
            raise ConsoleSyntaxError("console.unexpected_words", words=repr(options["action"]))
        return await self.services.matches.away(
            place.guild_id, actor, start=options.get("from"), until=options.get("until"),
            days=whole_number(options, "days", 7), cancel=cancel,
        )

    async def _autopilot(self, place: Place, actor: Actor, line: ConsoleLine) -> list[Delivery]:
        """``/autopilot level:LEVEL [until:3d|12h|2026-03-05 18:00]``."""
        assert self.services is not None
        until = until_from(line.options.get("until"), self.services.matches.clock.now())
        if isinstance(until, str):
            return [reply(actor.language, Msg("teams.bad_until", {"until": until}))]
        return await self.services.matches.autopilot(place, actor, line.options.get("level", "normal"), until)

    async def _create(self, place: Place, actor: Actor, line: ConsoleLine) -> list[Delivery]:
        assert self.services is not None
        options = dict(line.options)
        game = options.pop("game", "")
        opponent = options.pop("opponent", None)
        thread = options.pop("thread", "false").lower() in ("true", "yes", "1")
        rated = options.pop("rated", "true").lower() not in ("false", "no", "0")
        hours = number(options, "deadline_hours", "6")
        clock = number(options, "clock_minutes", "30")
        options.pop("deadline_hours", None)
        options.pop("clock_minutes", None)
        schedule = schedule_only(options)
        control = time_control_given(options.pop("deadline", None), hours, clock, schedule=schedule)
        if thread:
            place = Place(place.guild_id, await self._new_thread(), place.language)
            self.note(Msg("console.new_thread", {"channel": place.channel_id}))
        level = options.pop("level", "normal")
        computer = options.pop("computer", None)
        if computer is not None:  # Discord's spelling, as /rules gives it: computer:easy
            opponent, level = "computer", computer
        players = whole_number(options, "players", 5)
        options.pop("players", None)
        seat = options.pop("seat", None)
        if opponent == "computer" and level not in COMPUTER_LEVELS:
            return [reply(self.language, Msg("core.unknown_level", {"level": level, "levels": ", ".join(COMPUTER_LEVELS)}))]
        opponent_actor: Actor | None
        if opponent == "computer":
            opponent_actor = computer_actor(level)
        else:
            opponent_actor = Actor(opponent, opponent, self.language) if opponent else None
        return await self.services.matches.create(
            place, actor, game, options, opponent=opponent_actor, time_control=control, players=players, rated=rated,
            seat=seat,
        )

    async def _new_thread(self) -> str:
        """The next ``thread-N`` that no match has used, also in the database of an earlier run."""
        assert self.services is not None
        while True:
            self.threads += 1
            name = f"thread-{self.threads}"
            if await self.services.repo.latest_match_in(name) is None:
                return name

    def _help(self) -> str:
        """The console's commands, then the games (slug and name) and how to read their rules."""
        words = catalog()
        games = [words.render(line, self.language) for line in guide.game_lines()]
        return "\n".join(
            [
                words.render(Msg("console.help"), self.language),
                words.render(Msg("core.help_games"), self.language),
                *(f"  {g}" for g in games),
                words.render(Msg("core.help_rules"), self.language),
            ]
        )

    async def _button(self, place: Place, actor: Actor, line: ConsoleLine) -> list[Delivery]:
        assert self.services is not None
        if "move" in line.options:
            return await self.services.matches.press(place, actor, "move", line.options["move"])
        kind = line.options.get("kind", "")
        given = line.options.get("at", "") if kind == "replay" else line.options.get("offer", "")
        return await self.services.matches.press(place, actor, kind, given)


async def done(deliveries: list[Delivery]) -> list[Delivery]:
    return deliveries


NOTIFY_OPTIONS = ("how", "reminders", "digest", "timezone", "quiet")


def _user_id(name: str | None) -> str | None:
    """Console users are their names (``@`` allowed)."""
    return name.lstrip("@") if name else None


def _page(line: ConsoleLine) -> int:
    page = whole_number(line.options, "page", 2)
    return 1 if page is None else page


def _named(name: str | None, language: str) -> Actor | None:
    """Console users are their names."""
    return Actor(name, name, language) if name else None


async def run_console(
    database: str,
    out_dir: str,
    stream: TextIO = sys.stdin,
    out: TextIO = sys.stdout,
    *,
    seed: bytes | None = None,
    language: str = "en",
    clock: Clock | None = None,
) -> None:
    """Read commands until end of input (or /quit), with the deadline scheduler running.
    ``clock`` is for transcripts: a clock that stands still makes clocks and deadlines repeatable."""
    app = ConsoleApp(out, Path(out_dir), language)
    await app.open(database, seed_source=(lambda: seed) if seed is not None else None, clock=clock)
    assert app.services is not None
    await app.services.start()
    interactive = stream.isatty()
    if interactive:
        app.say(app.frame("welcome"))
    loop = asyncio.get_running_loop()
    read = _line_reader(stream)
    number = 0
    try:
        while True:
            if interactive:
                out.write(f"{app.current_user}> ")
                out.flush()
            text, undecodable = await loop.run_in_executor(None, read)
            number += 1
            if text is None:
                break
            if not interactive and text.strip() and not text.lstrip().startswith("#"):
                shown = text.rstrip()
                app.say(f"> {shown if len(shown) <= MAX_LINE else shown[:ECHO] + '…'}")
            if undecodable is not None:
                app.note(Msg("console.not_utf8", {"line": number, **undecodable}))
                continue
            if not await app.handle(text):
                break
    finally:
        await app.services.close()


def _line_reader(stream: TextIO) -> Callable[[], tuple[str | None, dict[str, Any] | None]]:
    """Reads one line: ``(text, None)``, ``(None, None)`` at the end, or for a line that is not
    UTF-8 the line with U+FFFD for the bad bytes (to show which) and where the first bad byte is.
    A stream with bytes underneath (stdin) is read as bytes, so a bad line never ends the console."""
    raw = getattr(stream, "buffer", None)
    if raw is None:
        return lambda: (stream.readline() or None, None)

    def read() -> tuple[str | None, dict[str, Any] | None]:
        data = raw.readline()
        if not data:
            return None, None
        try:
            return data.decode("utf-8"), None
        except UnicodeDecodeError as error:
            where = {"byte": f"0x{data[error.start]:02x}", "position": error.start + 1}
            return data.decode("utf-8", errors="replace"), where

    return read
