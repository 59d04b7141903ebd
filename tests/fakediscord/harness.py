"""Drive a real discord.py client against :class:`FakeDiscord`, without a gateway connection.

::

    async with FakeDiscord() as fake, DiscordHarness(client, fake) as h:
        result = await h.slash("demo ping", user=h.alice)
        assert fake.last_reply().ephemeral

``DiscordHarness`` logs the client in over REST (``client.login``, which also runs ``setup_hook``), gives
its connection state a guild with channels and members through discord.py's own GUILD_CREATE parser, and
delivers interactions through ``ConnectionState.parse_interaction_create``, then waits for the tasks
discord.py runs them in. It never calls ``connect()``.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import time
from dataclasses import dataclass
from typing import Any, Dict, List, Mapping, Optional, Sequence, Tuple, Union

import discord
import psutil

from . import payloads as P
from .server import FakeDiscord, Interaction, Message, Request

# Names of the tasks discord.py 2.7.1 runs handlers in:
#   app_commands/tree.py   CommandTree._from_interaction     'CommandTree-invoker' (commands, autocomplete)
#   ui/view.py             View._dispatch_item               'discord-ui-view-dispatch-<view id>'
#   ui/view.py             ViewStore.dispatch_dynamic_items  'discord-ui-dynamic-item-<class>-<custom_id>'
#   ui/view.py             View._dispatch_timeout            'discord-ui-view-timeout-<view id>' (on_timeout)
#   ui/modal.py            Modal._dispatch_submit            'discord-ui-modal-dispatch-<modal id>'
#   client.py              Client._schedule_event            'discord.py: <event method>' (on_interaction, ...)
HANDLER_TASK_PREFIXES: Tuple[str, ...] = (
    "CommandTree-invoker",
    "discord-ui-view-dispatch-",
    "discord-ui-dynamic-item-",
    "discord-ui-view-timeout-",
    "discord-ui-modal-dispatch-",
    "discord.py: ",
)

STALL_SHARE = 0.02
"""A step whose process tree (this process and its workers) used less than this share of one core
over the harness's ``timeout`` is stuck: it waits for something, not on work."""


class WorkMeter:
    """Processor time used by this process and every process under it (picture and computer
    workers, living or ended), less the meter's own reading: how much work a step did, however
    loaded the machine (a wall clock only says how long it waited for a core)."""

    def __init__(self) -> None:
        self.process = psutil.Process()
        self.own = 0.0

    def used(self) -> float:
        began = time.process_time()
        total = 0.0
        for process in [self.process, *self.process.children(recursive=True)]:
            with contextlib.suppress(psutil.Error):  # a worker that ended meanwhile: its parent counts it
                times = process.cpu_times()
                total += times.user + times.system + times.children_user + times.children_system
        self.own += time.process_time() - began
        return total - self.own


# Fixed ids for the default world, so mentions (<@id>) in golden output do not depend on test order.
_WORLD_MS = 1704067200000 - P.DISCORD_EPOCH_MS - 30 * 86_400_000


class HarnessError(AssertionError):
    """The bot logged an error (an exception in a command, view, modal or event handler) during a step."""


@dataclass
class CapturedError:
    logger: str
    message: str
    exception: Optional[BaseException]

    def __str__(self) -> str:
        return f"{self.logger}: {self.message}" + (f": {self.exception!r}" if self.exception else "")


class _ErrorCapture(logging.Handler):
    def __init__(self, sink: List[CapturedError]) -> None:
        super().__init__(logging.ERROR)
        self.sink = sink

    def emit(self, record: logging.LogRecord) -> None:
        exc = record.exc_info[1] if record.exc_info else None
        self.sink.append(CapturedError(record.name, record.getMessage(), exc))


class InvokeResult(List[Request]):
    """The requests the bot made while handling one step (a list), plus what came of them."""

    interaction: Optional[Interaction]
    messages: List[Message]  # messages created during the step, any kind, oldest first
    errors: List[CapturedError]
    _fake: FakeDiscord

    @property
    def replies(self) -> List[Message]:
        """The interaction's messages (original response / updated message, then followups)."""
        if self.interaction is None:
            return []
        return self._fake.interaction_replies(self.interaction.id)

    @property
    def reply(self) -> Message:
        """The interaction's only or last message."""
        replies = self.replies
        if not replies:
            raise LookupError("the interaction produced no message")
        return replies[-1]

    @property
    def choices(self) -> List[dict]:
        assert self.interaction is not None
        return self._fake.autocomplete_choices(self.interaction.id)


class DiscordHarness:
    """Logs ``client`` in against ``fake`` and delivers interactions to it.

    - ``fake``: a started :class:`FakeDiscord`; if ``None`` the harness starts (and stops) its own.
    - ``world``: register a default guild (``h.guild``) with text channels ``h.channel`` (#general) and
      ``h.channels[name]`` (#general, #games), users ``h.alice``, ``h.bob``, ``h.carol``, ``h.dave``
      (members of the guild), with fixed ids; the bot is a member too. ``guild_id`` fixes the guild's id
      (e.g. the development guild a bot syncs its commands to in ``setup_hook``). The fake knows the world
      before ``login``; the client gets its GUILD_CREATE right after.
    - ``ready``: set the client's ready flag (``is_ready()``, ``wait_until_ready()``); ``on_ready`` is not
      dispatched (call ``await h.dispatch("ready")`` for that).
    - ``raise_errors``: after each step, raise :class:`HarnessError` if discord.py logged an error (the
      default ``CommandTree.on_error`` / ``View.on_error`` / ``Client.on_error`` log exceptions) or a handler
      task died; per call, ``invoke(..., raise_errors=False)``. Everything is kept in ``h.errors``.
    - ``timeout``: when a step is stuck: its process tree did no work for this many seconds, or this
      many seconds of work on every core (``_wait_handlers``); slow work on a loaded machine is waited for.
    - ``thread_events``: feed THREAD_CREATE to the client when the bot creates a thread (Discord sends it
      over the gateway), so ``guild.get_thread`` finds it.
    """

    def __init__(
        self,
        client: discord.Client,
        fake: Optional[FakeDiscord] = None,
        *,
        token: str = "fake-token",
        world: bool = True,
        ready: bool = True,
        raise_errors: bool = True,
        timeout: float = 10.0,
        thread_events: bool = True,
        guild_id: Optional[int] = None,
    ) -> None:
        self.client = client
        self.fake = fake if fake is not None else FakeDiscord()
        self._owns_fake = fake is None
        self.token = token
        self.world = world
        self.ready = ready
        self.raise_errors = raise_errors
        self.timeout = timeout
        self.thread_events = thread_events
        self.guild_id = guild_id
        self.errors: List[CapturedError] = []
        self._capture = _ErrorCapture(self.errors)
        self._tasks_at_start: set = set()
        self._ids = P.Snowflakes(start_ms=_WORLD_MS, worker=3)
        self.guild: Optional[dict] = None
        self.channel: Optional[dict] = None
        self.channels: Dict[str, dict] = {}
        self.users: Dict[str, dict] = {}
        self._started = False

    # ------------------------------------------------------------------ lifecycle

    async def __aenter__(self) -> "DiscordHarness":
        await self.start()
        return self

    async def __aexit__(self, *exc: Any) -> None:
        await self.close()

    @property
    def state(self) -> Any:
        return self.client._connection

    async def start(self) -> None:
        """Log in (runs ``setup_hook``), build the world, wait for the handlers that started."""
        try:
            await self._start()
        except BaseException:
            await self.close()
            raise

    async def _start(self) -> None:
        if self._owns_fake:
            await self.fake.start()
        if self.fake.port is None:
            raise RuntimeError("start the FakeDiscord before the harness (async with FakeDiscord() as fake)")
        self._tasks_at_start = set(asyncio.all_tasks())
        logging.getLogger("discord").addHandler(self._capture)
        self._started = True
        mark = len(self.errors)
        if self.world:
            # the fake knows the world before login, so REST calls from setup_hook (e.g. a guild sync) work
            self._build_world()
        # GET /users/@me, GET /oauth2/applications/@me, sets application_id, then awaits setup_hook()
        await self.client.login(self.token)
        if self.state.application_id is None:
            self.state.application_id = self.fake.application_id
        if self.thread_events:
            self.fake.on_thread_create.append(self._feed_thread_create)
        if self.guild is not None:
            self.register_guild(self.guild)  # GUILD_CREATE needs the logged-in user (guild.me)
        if self.ready:
            self.client._ready.set()
        await self.settle()
        self._check(mark, self.raise_errors)

    async def close(self) -> None:
        """Stop the client's views, cancel discord.py tasks it left running, ``client.close()`` (closes its
        HTTP session), and stop the fake if the harness started it."""
        if not self._started:
            if self._owns_fake:
                await self.fake.stop()
            return
        self._started = False
        try:
            if self._feed_thread_create in self.fake.on_thread_create:
                self.fake.on_thread_create.remove(self._feed_thread_create)
            self._stop_views()
            await self._cancel_leftover_tasks()
            await self.client.close()
        finally:
            logging.getLogger("discord").removeHandler(self._capture)
            if self._owns_fake:
                await self.fake.stop()

    def _stop_views(self) -> None:
        store = self.state._view_store
        views = {}
        for items in list(store._views.values()):
            for item in list(items.values()):
                if item.view is not None:
                    views[id(item.view)] = item.view
        for view in list(store._synced_message_views.values()) + list(store._modals.values()):
            views[id(view)] = view
        for view in views.values():
            view.stop()

    async def _cancel_leftover_tasks(self) -> None:
        current = asyncio.current_task()
        leftovers = []
        for task in asyncio.all_tasks():
            if task is current or task.done() or task in self._tasks_at_start:
                continue
            coro = task.get_coro()
            code = getattr(coro, "cr_code", None) or getattr(coro, "gi_code", None)
            filename = getattr(code, "co_filename", "") or ""
            if task.get_name().startswith(HANDLER_TASK_PREFIXES) or "/discord/" in filename.replace("\\", "/"):
                task.cancel()
                leftovers.append(task)
        if leftovers:
            await asyncio.gather(*leftovers, return_exceptions=True)

    # ------------------------------------------------------------------ world

    def _build_world(self) -> None:
        gid = self.guild_id if self.guild_id is not None else self._ids()
        guild = P.guild("Scheids Test", id=gid)
        general = P.text_channel(gid, "general", id=self._ids(), position=0)
        games = P.text_channel(gid, "games", id=self._ids(), position=1)
        users = [P.user(name, id=self._ids()) for name in ("alice", "bob", "carol", "dave")]
        self.fake.add_guild(guild, channels=[general, games], members=[P.member(u) for u in users])
        self.guild, self.channel = guild, general
        self.channels = {"general": general, "games": games}
        self.users = {u["username"]: u for u in users}

    def register_guild(self, guild: Mapping[str, Any]) -> Any:
        """Feed GUILD_CREATE for a guild registered in the fake (its channels, threads, members) to the client;
        returns the client's ``discord.Guild``."""
        gid = int(guild["id"])
        channels = [c for c in self.fake.guild_channels(gid) if c["type"] not in (P.PUBLIC_THREAD, P.PRIVATE_THREAD, P.NEWS_THREAD)]
        threads = [c for c in self.fake.guild_channels(gid) if c["type"] in (P.PUBLIC_THREAD, P.PRIVATE_THREAD, P.NEWS_THREAD)]
        data = P.guild_create(guild, channels=channels, threads=threads, members=self.fake.guild_members(gid))
        self.state.parse_guild_create(data)
        return self.client.get_guild(gid)

    def __getattr__(self, name: str) -> Any:
        users = self.__dict__.get("users") or {}
        if name in users:
            return users[name]
        raise AttributeError(name)

    def user(self, name: str, *, member: bool = True, **kwargs: Any) -> dict:
        """The user called ``name``, made (and, with ``member``, added to ``h.guild``) if new."""
        if name in self.users:
            return self.users[name]
        u = P.user(name, id=kwargs.pop("id", None) or self._ids(), **kwargs)
        self.fake.add_user(u)
        self.users[name] = u
        if member and self.guild is not None:
            m = self.fake.add_member(self.guild["id"], P.member(u))
            g = self.client.get_guild(int(self.guild["id"]))
            if g is not None and self.state.member_cache_flags.joined:
                g._add_member(discord.Member(data=m, guild=g, state=self.state))
        return u

    def add_channel(self, name: str, *, guild: Optional[Mapping[str, Any]] = None, **kwargs: Any) -> dict:
        """A new text channel in ``h.guild`` (or ``guild``), known to the fake and the client."""
        g = guild or self.guild
        assert g is not None, "no guild"
        c = P.text_channel(g["id"], name, id=kwargs.pop("id", None) or self._ids(), **kwargs)
        self.fake.add_channel(c, guild_id=g["id"])
        self.state.parse_channel_create(dict(c))
        self.channels[name] = c
        return c

    def dm_channel(self, user: Mapping[str, Any]) -> dict:
        """The bot's DM channel with ``user`` (for interactions in DMs)."""
        uid = int(user["id"])
        existing = self.fake.dm_channels.get(uid)
        if existing is not None:
            return existing
        self.fake.add_user(dict(user))
        return self.fake.add_channel(P.dm_channel(user, id=self._ids()))

    def _feed_thread_create(self, thread: dict) -> None:
        self.state.parse_thread_create(thread)

    # ------------------------------------------------------------------ steps

    async def invoke(
        self,
        payload: Mapping[str, Any],
        *,
        raise_errors: Optional[bool] = None,
        wait_for: Sequence[str] = (),
        timeout: Optional[float] = None,
    ) -> InvokeResult:
        """Deliver an INTERACTION_CREATE payload (see :mod:`payloads`) and wait until discord.py's handler
        tasks (and any new task whose name starts with a prefix in ``wait_for``) are done.

        Returns the requests the bot made meanwhile, with ``.interaction``, ``.replies``, ``.reply``,
        ``.messages``, ``.errors``.
        """
        data = dict(payload)
        self.fake.register_interaction(data)
        mark, msg_mark, err_mark = len(self.fake.requests), self._message_mark(), len(self.errors)
        before = set(asyncio.all_tasks())
        self.state.parse_interaction_create(data)
        await self._wait_handlers(before, wait_for, timeout)
        result = self._result(mark, msg_mark, err_mark)
        result.interaction = self.fake.interactions.get(int(data["id"]))
        self._check(err_mark, raise_errors)
        return result

    async def dispatch(self, event: str, *args: Any, raise_errors: Optional[bool] = None, **kwargs: Any) -> InvokeResult:
        """``client.dispatch(event, ...)`` (e.g. ``"ready"``), then wait for the handlers."""
        mark, msg_mark, err_mark = len(self.fake.requests), self._message_mark(), len(self.errors)
        before = set(asyncio.all_tasks())
        self.client.dispatch(event, *args, **kwargs)
        await self._wait_handlers(before, (), None)
        result = self._result(mark, msg_mark, err_mark)
        self._check(err_mark, raise_errors)
        return result

    async def settle(self, wait_for: Sequence[str] = (), timeout: Optional[float] = None) -> None:
        """Wait for every discord.py handler task that is running now."""
        await self._wait_handlers(set(), wait_for, timeout)

    def _message_mark(self) -> set:
        return set(self.fake._messages)

    def _result(self, mark: int, msg_mark: set, err_mark: int) -> InvokeResult:
        result = InvokeResult(self.fake.requests[mark:])
        result._fake = self.fake
        result.interaction = None
        result.messages = [m for m in self.fake.messages(include_deleted=True) if m.id not in msg_mark]
        result.errors = self.errors[err_mark:]
        return result

    def _check(self, err_mark: int, raise_errors: Optional[bool]) -> None:
        if raise_errors is None:
            raise_errors = self.raise_errors
        new = self.errors[err_mark:]
        if raise_errors and new:
            first = next((e.exception for e in new if e.exception is not None), None)
            raise HarnessError("the bot failed:\n  " + "\n  ".join(str(e) for e in new)) from first

    async def _wait_handlers(self, before: set, wait_for: Sequence[str], timeout: Optional[float]) -> None:
        """Wait until the handler tasks are done. ``timeout`` bounds work, not the wall clock: the step
        fails when its process tree did no work (``STALL_SHARE`` of a core) for ``timeout`` seconds,
        or did ``timeout`` seconds of work on every core (a runaway); a step that works on slowly on a
        loaded machine is waited for."""
        prefixes = HANDLER_TASK_PREFIXES + tuple(wait_for)
        loop = asyncio.get_running_loop()
        limit = self.timeout if timeout is None else timeout
        meter = WorkMeter()
        worked_at = loop.time()
        first: Optional[float] = None  # read after the first wait: a quick step costs no reading
        worked = 0.0
        waited = False
        current = asyncio.current_task()
        seen: set = set()
        idle_rounds = 0
        while True:
            pending = [
                t for t in asyncio.all_tasks()
                if t is not current and t not in before and not t.done() and t.get_name().startswith(prefixes)
            ]
            seen.update(pending)
            if not pending:
                # let freshly finished handlers' callbacks run and schedule follow-up tasks, then look again
                idle_rounds += 1
                if idle_rounds > 3:
                    break
                await asyncio.sleep(0)
                continue
            idle_rounds = 0
            now = loop.time()
            if first is None:
                if waited:
                    first = worked = meter.used()
            else:
                used = meter.used()
                if used - worked >= STALL_SHARE * limit:
                    worked_at, worked = now, used
                if now - worked_at >= limit or used - first >= limit * (os.cpu_count() or 1):
                    names = ", ".join(sorted(t.get_name() for t in pending))
                    raise TimeoutError(f"discord.py handler tasks still running after the timeout: {names}")
            await asyncio.wait(pending, timeout=limit / 10)
            waited = True
        for t in seen:
            if t.done() and not t.cancelled() and t.exception() is not None:
                exc = t.exception()
                self.errors.append(CapturedError(f"task {t.get_name()}", "handler task died", exc))

    # ------------------------------------------------------------------ shortcuts

    def _where(self, user: Optional[Mapping[str, Any]], channel: Optional[Mapping[str, Any]]) -> Tuple[dict, dict]:
        u = dict(user) if user is not None else (self.users.get("alice") if self.users else None)
        c = dict(channel) if channel is not None else self.channel
        if u is None or c is None:
            raise ValueError("pass user= and channel= (no default world)")
        return u, c

    @staticmethod
    def _split(command: str) -> Dict[str, Optional[str]]:
        parts = command.strip().lstrip("/").split()
        if not 1 <= len(parts) <= 3:
            raise ValueError(f"bad command path {command!r}")
        return {
            "name": parts[0],
            "group": parts[1] if len(parts) == 3 else None,
            "subcommand": parts[-1] if len(parts) >= 2 else None,
        }

    def slash_payload(
        self,
        command: str,
        options: Optional[Mapping[str, Any]] = None,
        *,
        user: Optional[Mapping[str, Any]] = None,
        channel: Optional[Mapping[str, Any]] = None,
        **kwargs: Any,
    ) -> dict:
        u, c = self._where(user, channel)
        kwargs.setdefault("application_id", self.fake.application_id)
        return P.slash_command(options=options, user=u, channel=c, **self._split(command), **kwargs)

    async def slash(
        self,
        command: str,
        options: Optional[Mapping[str, Any]] = None,
        *,
        user: Optional[Mapping[str, Any]] = None,
        channel: Optional[Mapping[str, Any]] = None,
        raise_errors: Optional[bool] = None,
        **kwargs: Any,
    ) -> InvokeResult:
        """Run ``/command`` (``"demo ping"``: command and subcommand; ``"game admin reset"``: with group) as
        ``user`` (default alice) in ``channel`` (default #general). ``kwargs`` go to
        :func:`payloads.slash_command` (``permissions=P.MANAGER_PERMISSIONS``, ``locale="nl"``, ...)."""
        payload = self.slash_payload(command, options, user=user, channel=channel, **kwargs)
        return await self.invoke(payload, raise_errors=raise_errors)

    async def autocomplete(
        self,
        command: str,
        options: Mapping[str, Any],
        focused: str,
        *,
        user: Optional[Mapping[str, Any]] = None,
        channel: Optional[Mapping[str, Any]] = None,
        raise_errors: Optional[bool] = None,
        **kwargs: Any,
    ) -> List[dict]:
        """Type into option ``focused`` of ``/command``; returns the choices the bot answered with."""
        u, c = self._where(user, channel)
        kwargs.setdefault("application_id", self.fake.application_id)
        payload = P.autocomplete(options=options, focused=focused, user=u, channel=c, **self._split(command), **kwargs)
        result = await self.invoke(payload, raise_errors=raise_errors)
        return result.choices

    async def click(
        self,
        custom_id: str,
        message: Union[Message, Mapping[str, Any], None] = None,
        *,
        user: Optional[Mapping[str, Any]] = None,
        channel: Optional[Mapping[str, Any]] = None,
        component_type: int = P.BUTTON,
        values: Optional[Sequence[Any]] = None,
        raise_errors: Optional[bool] = None,
        **kwargs: Any,
    ) -> InvokeResult:
        """Click the component ``custom_id`` on ``message`` (a message recorded by the fake, or a dict); the
        channel defaults to the message's. Without a message, a bot message holding just that component is
        made up (fine for persistent views and dynamic items)."""
        if channel is None and message is not None:
            cid = message.channel_id if isinstance(message, Message) else message["channel_id"]
            channel = self.fake.channels.get(int(cid))
        u, c = self._where(user, channel)
        kwargs.setdefault("application_id", self.fake.application_id)
        payload = P.component(
            custom_id, message, user=u, channel=c, component_type=component_type, values=values, **kwargs
        )
        return await self.invoke(payload, raise_errors=raise_errors)

    async def select(
        self,
        custom_id: str,
        values: Sequence[Any],
        message: Union[Message, Mapping[str, Any], None] = None,
        **kwargs: Any,
    ) -> InvokeResult:
        """Choose ``values`` in the string select ``custom_id``."""
        return await self.click(custom_id, message, component_type=P.STRING_SELECT, values=values, **kwargs)

    async def submit_modal(
        self,
        custom_id: str,
        fields: Mapping[str, str],
        *,
        user: Optional[Mapping[str, Any]] = None,
        channel: Optional[Mapping[str, Any]] = None,
        raise_errors: Optional[bool] = None,
        **kwargs: Any,
    ) -> InvokeResult:
        """Submit the modal ``custom_id`` (the bot must have sent it: ``fake.interaction().modal``)."""
        u, c = self._where(user, channel)
        kwargs.setdefault("application_id", self.fake.application_id)
        payload = P.modal_submit(custom_id, fields, user=u, channel=c, **kwargs)
        return await self.invoke(payload, raise_errors=raise_errors)
