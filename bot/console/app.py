"""The local console adapter: reads commands from a stream, prints every delivery.

Each line acts as a user (``as alice: ...``) in a channel (default ``general``; ``as
alice in t1: ...`` for another one, e.g. a thread made with ``thread:true``). Replies are
printed as ``[alice] ...`` (``[alice, only you] ...`` for ephemeral ones), channel posts
as ``[#general] ...`` and DMs as ``[DM to alice] ...``; images go to ``out/``.
"""

from __future__ import annotations

import asyncio
import shlex
import sys
from collections.abc import Awaitable, Callable
from datetime import datetime
from pathlib import Path
from typing import Any, TextIO

from bot.clock import Clock
from bot.console.commands import ConsoleLine, ConsoleSyntaxError, parse_line
from bot.i18n import Msg, catalog
from bot.services.delivery import Button, ChannelPost, ChannelRef, Delivery, DirectMessage, Reply
from bot.services.people import Actor, Place
from bot.services.matches import outdated_reply
from bot.services.time_control import TimeControlError, time_control_given
from bot.storage.repository import OutdatedMatchError
from bot.wiring import Services, open_services

GUILD = "console"
DEFAULT_CHANNEL = "general"
DEFAULT_USER = "you"
HELP = """Commands (prefix a line with `as NAME:` to act as NAME, `as NAME in CHANNEL:` elsewhere):
  /match create game:heroes_cities [opponent:NAME] [deadline:none|24h|48h|72h|custom]
                [deadline_hours:N] [clock_minutes:N] [thread:true] [game options as name:value]
  /match join | leave | start | status | history [page:N] | resign | draw | abort | verify | export
  /move text:MOVE   (or /move MOVE)      /board      /view [piece:SQUARE]      /games
  /profile [user:NAME]      /leaderboard game:GAME [board:BOARD]
  /button draw_accept | draw_decline | view_pieces | move:TEXT      /help      /quit"""


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

    async def open(self, database: str, **kwargs: Any) -> None:
        self.services = await open_services(database, self.deliver, **kwargs)

    # ----------------------------------------------------------------- output

    def say(self, text: str) -> None:
        self.out.write(text + "\n")
        self.out.flush()

    async def deliver(self, deliveries: list[Delivery], actor: Actor | None = None) -> None:
        for delivery in deliveries:
            target = delivery.target
            if isinstance(target, Reply):
                who = actor.name if actor else "?"
                head = f"[{who}, only you]" if target.ephemeral else f"[{who}]"
            elif isinstance(target, ChannelPost):
                head = f"[#{target.channel_id}]"
            elif isinstance(target, DirectMessage):
                head = f"[DM to {target.user_id}]"
            else:  # pragma: no cover - the union is closed
                head = "[?]"
            words = catalog()
            text = "\n  ".join(words.render(line, delivery.language, format_value) for line in delivery.lines)
            self.say(f"{head} {text}")
            for attachment in delivery.attachments:
                path = self.out_dir / attachment.filename
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_bytes(attachment.data)
                self.say(f"  (file: {path})")
            if delivery.buttons:
                labels = ", ".join(self._button_label(b, delivery.language) for b in delivery.buttons)
                self.say(f"  [buttons: {labels}]")

    @staticmethod
    def _button_label(button: Button, language: str) -> str:
        """How to press ``button`` here: ``kind (/button kind)``, a move button by its label."""
        if button.kind == "move":
            label = catalog().render(Msg(button.label), language) if button.label else button.text
            return f"{label} (/button move:{shlex.quote(button.text)})"
        return f"{button.kind} (/button {button.kind})"

    # ---------------------------------------------------------------- commands

    async def handle(self, text: str) -> bool:
        """Run one line; ``False`` when the console should stop."""
        try:
            line = parse_line(text)
        except ConsoleSyntaxError as error:
            self.say(f"[console] {error}. Type /help.")
            return True
        if line is None:
            return True
        if line.command == ("quit",):
            return False
        if line.command == ("help",):
            self.say(HELP)
            return True
        if line.user:
            self.current_user = line.user
        actor = Actor(user_id=self.current_user, name=self.current_user, language=self.language)
        place = Place(GUILD, line.channel or DEFAULT_CHANNEL, self.language)
        handler = self._handler(line)
        if handler is None:
            self.say(f"[console] unknown command /{' '.join(line.command)}. Type /help.")
            return True
        try:
            deliveries = await handler(place, actor, line)
        except TimeControlError as error:
            deliveries = [Delivery(Reply(), (Msg(error.code, error.params),), actor.language)]
        except OutdatedMatchError as error:
            deliveries = outdated_reply(error, actor.language)
        await self.deliver(deliveries, actor)
        return True

    def _handler(self, line: ConsoleLine) -> Callable[[Place, Actor, ConsoleLine], Awaitable[list[Delivery]]] | None:
        assert self.services is not None
        m = self.services.matches
        simple = {
            ("match", "join"): m.join,
            ("match", "leave"): m.leave,
            ("match", "start"): m.start,
            ("match", "status"): m.status,
            ("match", "resign"): m.resign,
            ("match", "draw"): m.offer_draw,
            ("match", "abort"): m.abort,
            ("match", "verify"): m.verify,
            ("match", "export"): m.export,
            ("board",): m.board,
        }
        if line.command in simple:
            call = simple[line.command]
            return lambda place, actor, _line: call(place, actor)
        return {
            ("match", "create"): self._create,
            ("match", "history"): lambda p, a, l: m.history(p, a, int(l.options.get("page", 1))),
            ("move",): lambda p, a, l: m.submit(p, a, l.options.get("text", "")),
            ("view",): lambda p, a, l: m.my_view(a, place=p, piece=l.options.get("piece")),
            ("profile",): lambda p, a, l: m.profile(p.guild_id, a, _named(l.options.get("user"), a.language)),
            ("leaderboard",): lambda p, a, l: m.leaderboard(p.guild_id, a, l.options.get("game", ""), l.options.get("board")),
            ("games",): lambda p, a, l: m.my_games(p.guild_id, a),
            ("button",): self._button,
        }.get(line.command)

    async def _create(self, place: Place, actor: Actor, line: ConsoleLine) -> list[Delivery]:
        assert self.services is not None
        options = dict(line.options)
        game = options.pop("game", "")
        opponent = options.pop("opponent", None)
        thread = options.pop("thread", "false").lower() in ("true", "yes", "1")
        hours = options.pop("deadline_hours", None)
        clock = options.pop("clock_minutes", None)
        control = time_control_given(
            options.pop("deadline", None),
            float(hours) if hours else None,
            float(clock) if clock else None,
        )
        if thread:
            self.threads += 1
            place = Place(place.guild_id, f"thread-{self.threads}", place.language)
            self.say(f"[console] new thread #{place.channel_id}: act there with `as NAME in {place.channel_id}: ...`")
        opponent_actor = Actor(opponent, opponent, self.language) if opponent else None
        return await self.services.matches.create(
            place, actor, game, options, opponent=opponent_actor, time_control=control
        )

    async def _button(self, place: Place, actor: Actor, line: ConsoleLine) -> list[Delivery]:
        assert self.services is not None
        if "move" in line.options:
            return await self.services.matches.press(place, actor, "move", line.options["move"])
        return await self.services.matches.press(place, actor, line.options.get("kind", ""))


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
    app.services.scheduler.start()
    interactive = stream.isatty()
    if interactive:
        app.say("Scheids console. Type /help for the commands, /quit to stop.")
    loop = asyncio.get_running_loop()
    try:
        while True:
            if interactive:
                out.write(f"{app.current_user}> ")
                out.flush()
            text = await loop.run_in_executor(None, stream.readline)
            if not text:
                break
            if not interactive and text.strip() and not text.lstrip().startswith("#"):
                app.say(f"> {text.rstrip()}")
            if not await app.handle(text):
                break
    finally:
        await app.services.close()
