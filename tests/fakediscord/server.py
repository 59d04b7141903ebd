"""A fake Discord REST API on 127.0.0.1 for the real discord.py 2.7.1.

``FakeDiscord`` is an aiohttp server started as an async context manager. While it runs,
``discord.http.Route.BASE`` (used by discord.py's HTTP client *and* by its webhook adapter, which sends
interaction callbacks and followups) points at it, as does ``DiscordWebSocket.DEFAULT_GATEWAY`` and
``HTTPClient.get_from_cdn`` (see :meth:`FakeDiscord.start`), so nothing discord.py does leaves 127.0.0.1.

It records every request (:attr:`FakeDiscord.requests`), keeps the messages the bot created (channel
messages, DMs, interaction responses and followups, with their attachments' bytes), and answers like
Discord does, including the error codes a bot has to handle (closed DMs: 403/50007).
"""

from __future__ import annotations

import copy
import json
import logging
import mimetypes
import re
import time
from dataclasses import dataclass, field
from typing import Any, Awaitable, Callable, Dict, Iterable, List, Mapping, Optional, Pattern, Tuple, Union

from aiohttp import web

from . import payloads as P
from .conformance import Conformance, Violation

_log = logging.getLogger(__name__)

API_PREFIX = "/api/v10"

DM_REFUSALS = {
    50007: "Cannot send messages to this user",
    50278: "Cannot send messages to this user due to having no mutual guilds",
}
"""Discord's JSON error codes for a DM it refuses (403)."""

FIRST_ANSWER_WINDOW = 3.0
"""Seconds Discord gives an interaction's first answer (a response, a deferral, a modal, choices)."""
TOKEN_LIFE = 15 * 60.0
"""Seconds an interaction token is valid for followups and edits of the original response."""
NONCE_WINDOW = 5 * 60.0
"""How long a message's nonce with ``enforce_nonce`` is checked for uniqueness: Discord says "the
past few minutes" and no more; five minutes here."""

EPHEMERAL = 1 << 6
LOADING = 1 << 7
SUPPRESS_EMBEDS = 1 << 2
SUPPRESS_NOTIFICATIONS = 1 << 12
IS_COMPONENTS_V2 = 1 << 15
HAS_THREAD = 1 << 5

# flags a bot may set on a message it sends (anything else is dropped, as Discord does)
_CHANNEL_FLAGS = SUPPRESS_EMBEDS | SUPPRESS_NOTIFICATIONS | IS_COMPONENTS_V2
_INTERACTION_FLAGS = _CHANNEL_FLAGS | EPHEMERAL


# --------------------------------------------------------------------------------------------------
# records


@dataclass
class Part:
    """One part of a multipart/form-data request body."""

    name: str
    filename: Optional[str]
    content_type: Optional[str]
    data: bytes

    def text(self) -> str:
        return self.data.decode("utf-8")

    def json(self) -> Any:
        return json.loads(self.data)


@dataclass
class Request:
    """A request that reached the fake server.

    ``path`` is relative to ``/api/v10`` (``/channels/1/messages``) for API calls, absolute otherwise.
    ``json`` is the JSON body, or for multipart requests the parsed ``payload_json`` part; ``parts`` holds
    every multipart part (files with their bytes and filenames).
    """

    method: str
    path: str
    query: Dict[str, str]
    headers: Dict[str, str]
    json: Any = None
    parts: List[Part] = field(default_factory=list)
    raw: bytes = b""
    status: Optional[int] = None
    response: Any = None
    rate_limited: bool = False

    @property
    def files(self) -> List[Part]:
        return [p for p in self.parts if p.filename is not None]

    def __repr__(self) -> str:
        return f"<Request {self.method} {self.path} -> {self.status}>"


@dataclass
class Attachment:
    """A file the bot uploaded: ``data`` holds its bytes."""

    id: int
    filename: str
    data: bytes
    content_type: Optional[str] = None
    description: Optional[str] = None
    url: str = ""

    @property
    def size(self) -> int:
        return len(self.data)

    def to_payload(self) -> dict:
        return {
            "id": str(self.id),
            "filename": self.filename,
            "size": len(self.data),
            "url": self.url,
            "proxy_url": self.url,
            "content_type": self.content_type,
            "description": self.description,
            "flags": 0,
        }


@dataclass
class Message:
    """A message the bot created, as the fake stores it.

    ``kind`` is ``"channel"`` (guild channel or thread), ``"dm"``, ``"response"`` (the original response to
    an interaction), ``"followup"``, or ``"external"`` (a message the test made up, e.g. the one a clicked
    component sits on, which the bot never sent). ``flags`` is what Discord would store: the ephemeral bit (64) only
    for interaction messages, and for the first followup after a deferral the ephemeral state of the
    deferral. ``history`` keeps the earlier states (dicts of content/embeds/components/flags/attachments)
    each time the message was edited.
    """

    id: int
    channel_id: int
    guild_id: Optional[int]
    author: dict
    kind: str
    content: str = ""
    embeds: List[dict] = field(default_factory=list)
    components: List[dict] = field(default_factory=list)
    flags: int = 0
    attachments: List[Attachment] = field(default_factory=list)
    allowed_mentions: Optional[dict] = None
    tts: bool = False
    type: int = 0
    interaction_id: Optional[int] = None
    webhook_id: Optional[int] = None
    message_reference: Optional[dict] = None
    thread_id: Optional[int] = None
    reactions: List[str] = field(default_factory=list)
    deleted: bool = False
    edited: bool = False
    history: List[dict] = field(default_factory=list)
    body: Any = None  # the last request body that created or edited it
    interaction_metadata: Optional[dict] = None
    _fake: Optional["FakeDiscord"] = field(default=None, repr=False, compare=False)

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def loading(self) -> bool:
        return bool(self.flags & LOADING)

    @property
    def text(self) -> str:
        """Content plus the text of embeds (titles, descriptions, field names and values, footers)."""
        chunks = [self.content or ""]
        for e in self.embeds:
            chunks += [str(e.get(k, "")) for k in ("title", "description")]
            for f in e.get("fields", []):
                chunks += [str(f.get("name", "")), str(f.get("value", ""))]
            if e.get("footer"):
                chunks.append(str(e["footer"].get("text", "")))
            if e.get("author"):
                chunks.append(str(e["author"].get("name", "")))
        return "\n".join(c for c in chunks if c)

    def attachment(self, filename: Optional[str] = None) -> Attachment:
        """The (only, or named) attachment."""
        if filename is None:
            if len(self.attachments) != 1:
                raise LookupError(f"message {self.id} has {len(self.attachments)} attachments")
            return self.attachments[0]
        for a in self.attachments:
            if a.filename == filename:
                return a
        raise LookupError(f"message {self.id} has no attachment {filename!r}")

    def custom_ids(self) -> List[str]:
        """custom_ids of all components on the message (walks rows, sections and containers)."""
        out: List[str] = []

        def walk(items: Iterable[Mapping[str, Any]]) -> None:
            for c in items:
                if "custom_id" in c:
                    out.append(c["custom_id"])
                for key in ("components",):
                    if isinstance(c.get(key), list):
                        walk(c[key])
                for key in ("accessory", "component"):
                    if isinstance(c.get(key), dict):
                        walk([c[key]])

        walk(self.components)
        return out

    def _snapshot(self) -> dict:
        return {
            "content": self.content,
            "embeds": copy.deepcopy(self.embeds),
            "components": copy.deepcopy(self.components),
            "flags": self.flags,
            "attachments": [a.filename for a in self.attachments],
        }

    def to_payload(self) -> dict:
        """The message as Discord's API returns it."""
        mid = str(self.id)
        data: dict = {
            "id": mid,
            "channel_id": str(self.channel_id),
            "type": self.type,
            "content": self.content,
            "author": _public_user(self.author),
            "timestamp": P.iso(self.id),
            "edited_timestamp": P.iso() if self.edited else None,
            "tts": self.tts,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "mention_channels": [],
            "attachments": [a.to_payload() for a in self.attachments],
            "embeds": copy.deepcopy(self.embeds),
            "reactions": [],
            "pinned": False,
            "flags": self.flags,
            "components": copy.deepcopy(self.components),
        }
        if self.guild_id is not None:
            data["guild_id"] = str(self.guild_id)
        if self.webhook_id is not None:
            data["webhook_id"] = str(self.webhook_id)
            data["application_id"] = str(self.webhook_id)
        if self.interaction_metadata is not None:
            data["interaction_metadata"] = copy.deepcopy(self.interaction_metadata)
        if self.message_reference is not None:
            data["message_reference"] = dict(self.message_reference)
        if self.thread_id is not None and self._fake is not None:
            thread = self._fake.channels.get(self.thread_id)
            if thread is not None:
                data["thread"] = copy.deepcopy(thread)
        if self.reactions:
            counts: Dict[str, int] = {}
            for r in self.reactions:
                counts[r] = counts.get(r, 0) + 1
            data["reactions"] = [
                {"count": n, "count_details": {"burst": 0, "normal": n}, "me": True, "me_burst": False,
                 "burst_colors": [], "emoji": {"id": None, "name": e}}
                for e, n in counts.items()
            ]
        return data


@dataclass
class Interaction:
    """What the fake knows about an interaction the harness delivered, and how the bot answered it.

    ``callbacks`` are the bodies POSTed to ``/interactions/{id}/{token}/callback`` (normally one);
    ``response_type`` the callback type (4 message, 5 deferred, 6 deferred update, 7 update, 8 autocomplete
    result, 9 modal); ``choices`` the autocomplete choices; ``modal`` the modal's data.
    """

    id: int
    token: str
    type: int
    application_id: int
    channel_id: Optional[int]
    guild_id: Optional[int]
    user_id: Optional[int]
    payload: dict
    source_message_id: Optional[int] = None  # the message a component sits on
    callbacks: List[dict] = field(default_factory=list)
    response_type: Optional[int] = None
    original_message_id: Optional[int] = None
    message_ids: List[int] = field(default_factory=list)
    choices: Optional[List[dict]] = None
    modal: Optional[dict] = None
    deferred_ephemeral: bool = False
    first_followup_done: bool = False
    received_at: float = 0.0  # the fake's clock when the interaction was dispatched to the bot
    answered_at: Optional[float] = None  # the fake's clock at the first callback

    @property
    def responded(self) -> bool:
        return self.response_type is not None


@dataclass
class _FailureRule:
    method: Optional[str]
    path: Optional[Pattern[str]]
    status: int
    code: int
    message: str
    count: int
    every: int
    seen: int = 0


@dataclass
class _RateLimitRule:
    method: Optional[str]
    path: Optional[Pattern[str]]
    count: int
    retry_after: float
    is_global: bool
    bucket: str


class DiscordError(Exception):
    """Raised inside a handler to answer with a Discord JSON error."""

    def __init__(self, status: int, code: int, message: str, errors: Optional[dict] = None) -> None:
        super().__init__(message)
        self.status, self.code, self.message, self.errors = status, code, message, errors


def _not_found(code: int, what: str) -> DiscordError:
    return DiscordError(404, code, f"Unknown {what}")


Handler = Callable[..., Awaitable[Any]]

_NO_CONTENT = object()


def _json_response(data: Any, status: int = 200, headers: Optional[Mapping[str, str]] = None) -> web.Response:
    # Exactly "application/json": aiohttp's json_response adds "; charset=utf-8", which discord.py reads
    # as text, not JSON.
    h = {"Content-Type": "application/json"}
    if headers:
        h.update(headers)
    return web.Response(body=json.dumps(data).encode("utf-8"), status=status, headers=h)


def _int(value: Any) -> Optional[int]:
    return None if value is None else int(value)


_MENTION = re.compile(r"<@!?(\d+)>")

_PRIVATE_USER_FIELDS = ("verified", "mfa_enabled", "email", "locale", "premium_type", "flags")


def _what(interaction: "Interaction") -> str:
    data = interaction.payload.get("data") or {}
    return str(data.get("custom_id") or data.get("name") or f"type {interaction.type}")


def _public_user(user: Mapping[str, Any]) -> dict:
    """A user as other users see it (message authors): without the fields only ``/users/@me`` has."""
    return {k: v for k, v in user.items() if k not in _PRIVATE_USER_FIELDS}


# --------------------------------------------------------------------------------------------------
# the server


class FakeDiscord:
    """A fake Discord REST API on 127.0.0.1, random free port.

    ::

        async with FakeDiscord() as fake:
            ...  # discord.py now talks to fake.base_url
            fake.messages(channel_id=...), fake.dms(user_id), fake.interaction_replies(iid), fake.last_reply()

    ``require_auth`` answers 401 to API calls without ``Authorization: Bot ...`` (interaction callbacks and
    webhooks excepted, as on Discord). ``patch_discord=False`` leaves discord.py's URLs alone (then nothing reaches the fake unless the test
    points discord.py at :attr:`api_base` itself).
    """

    _patch_stack: List[Tuple[Any, ...]] = []

    def __init__(
        self,
        *,
        bot: Optional[dict] = None,
        application: Optional[dict] = None,
        patch_discord: bool = True,
        require_auth: bool = True,
        conformance: bool = True,
        deprecated_followups: bool = False,
        clock: Callable[[], float] = time.monotonic,
        first_answer_window: float = FIRST_ANSWER_WINDOW,
        token_life: float = TOKEN_LIFE,
    ) -> None:
        self.bot_user: dict = bot or P.bot_user()
        self.application: dict = application or P.application(self.bot_user, id=self.bot_user["id"])
        self.patch_discord = patch_discord
        self.require_auth = require_auth
        #: validate every request against Discord's OpenAPI description and documented limits
        self.conformance = Conformance.load() if conformance else None
        #: allow the deprecated "first followup fills the deferred response" (else it is a violation)
        self.deprecated_followups = deprecated_followups
        #: requests Discord would refuse or calls it documents as deprecated (see :mod:`conformance`)
        self.violations: List[Violation] = []
        self._failures: List[_FailureRule] = []
        #: Discord's clock rules, measured on the fake's own clock (``now``; tests move it with ``advance``):
        #: the first answer (callback) within ``first_answer_window`` seconds of the dispatch, followups and
        #: edits of the original response within ``token_life``; every interaction answered at all.
        self._clock = clock
        self._offset = 0.0
        self.first_answer_window = first_answer_window
        self.token_life = token_life
        self.ids = P.Snowflakes(worker=2)

        self.requests: List[Request] = []
        self.unhandled: List[Request] = []
        self.errors: List[Request] = []  # requests answered with a deliberate Discord error (4xx)
        self.crashes: List[Tuple[Request, BaseException]] = []  # bugs in the fake itself (also in unhandled)

        self.users: Dict[int, dict] = {int(self.bot_user["id"]): self.bot_user}
        self.guilds: Dict[int, dict] = {}
        self.members: Dict[Tuple[int, int], dict] = {}
        self.channels: Dict[int, dict] = {}
        self.dm_channels: Dict[int, dict] = {}  # recipient user id -> DM channel
        self.closed_dms: set = set()
        self.dm_refusals: Dict[int, Tuple[int, str]] = {}  # user id -> (code, message) of a refused DM
        self.thread_members: Dict[int, set] = {}
        self.interactions: Dict[int, Interaction] = {}
        self._interactions_by_token: Dict[str, Interaction] = {}
        self._messages: Dict[int, Message] = {}
        #: (author id, channel id, nonce) -> (message id, when) of messages created with ``enforce_nonce``
        self._nonces: Dict[Tuple[int, int, str], Tuple[int, float]] = {}
        #: how long a nonce is checked for uniqueness (Discord: "the past few minutes")
        self.nonce_window = NONCE_WINDOW
        self._reply_log: List[int] = []
        self.commands: Dict[Optional[int], List[dict]] = {}
        self.cdn: Dict[str, bytes] = {}
        self._rate_limits: List[_RateLimitRule] = []
        #: called with the thread dict each time the bot creates a thread (the harness feeds THREAD_CREATE)
        self.on_thread_create: List[Callable[[dict], None]] = []

        self._runner: Optional[web.AppRunner] = None
        self.port: Optional[int] = None
        self._routes: List[Tuple[str, Pattern[str], Handler]] = []
        self._build_routes()

    # ------------------------------------------------------------------ lifecycle

    def now(self) -> float:
        """The fake's clock (seconds): the given ``clock`` plus everything :meth:`advance` added."""
        return self._clock() + self._offset

    def advance(self, seconds: float) -> None:
        """Move the fake's clock on (the 15 minutes of an interaction token, without waiting for them)."""
        self._offset += seconds

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def api_base(self) -> str:
        return f"{self.base_url}{API_PREFIX}"

    @property
    def application_id(self) -> int:
        return int(self.application["id"])

    @property
    def bot_id(self) -> int:
        return int(self.bot_user["id"])

    async def __aenter__(self) -> "FakeDiscord":
        await self.start()
        return self

    async def __aexit__(self, *exc: Any) -> None:
        await self.stop()

    async def start(self) -> None:
        """Serve on 127.0.0.1 (random free port) and point discord.py at it.

        Patched for the duration, restored by :meth:`stop`:

        - ``discord.http.Route.BASE``: every REST call, and (through the same ``Route``) the webhook
          adapter's interaction callbacks, followups and ``@original`` edits;
        - ``discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY``: ``Client.connect()`` would otherwise open
          ``wss://gateway.discord.gg`` directly, without asking the REST API first; here it fails locally;
        - ``discord.http.HTTPClient.get_from_cdn`` (``Asset.read()``, ``Attachment.read()``): URLs that are not
          on this server are fetched from ``/cdn-proxy/<host>/<path>`` here (404 unless put in :attr:`cdn`).
        """
        if self._runner is not None:
            raise RuntimeError("FakeDiscord already started")
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_route("*", "/{tail:.*}", self._dispatch)
        runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await runner.setup()
        site = web.TCPSite(runner, "127.0.0.1", 0)
        await site.start()
        self._runner = runner
        self.port = runner.addresses[0][1]
        if self.patch_discord:
            self._patch()

    async def stop(self) -> None:
        if self._runner is None:
            return
        if self.patch_discord:
            self._unpatch()
        runner, self._runner = self._runner, None
        await runner.cleanup()

    def _patch(self) -> None:
        import yarl
        from discord import gateway, http

        fake = self
        original_cdn = http.HTTPClient.get_from_cdn

        async def get_from_cdn(client_self: Any, url: str) -> bytes:
            return await original_cdn(client_self, fake._cdn_url(url))

        saved = (http.Route.BASE, gateway.DiscordWebSocket.DEFAULT_GATEWAY, http.HTTPClient.get_from_cdn)
        FakeDiscord._patch_stack.append((self, saved))
        http.Route.BASE = self.api_base
        gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(f"ws://127.0.0.1:{self.port}/gateway/")
        http.HTTPClient.get_from_cdn = get_from_cdn  # type: ignore[method-assign]

    def _unpatch(self) -> None:
        from discord import gateway, http

        for i in range(len(FakeDiscord._patch_stack) - 1, -1, -1):
            owner, saved = FakeDiscord._patch_stack[i]
            if owner is self:
                del FakeDiscord._patch_stack[i]
                if i == len(FakeDiscord._patch_stack):  # it was the innermost: restore what it replaced
                    http.Route.BASE, gateway.DiscordWebSocket.DEFAULT_GATEWAY, http.HTTPClient.get_from_cdn = saved
                else:  # an inner fake still runs: it restores our originals when it stops
                    FakeDiscord._patch_stack[i] = (FakeDiscord._patch_stack[i][0], saved)
                return

    def _cdn_url(self, url: str) -> str:
        from yarl import URL

        u = URL(url)
        if u.host == "127.0.0.1" and u.port == self.port:
            return url
        return f"{self.base_url}/cdn-proxy/{u.host}{u.raw_path}"

    # ------------------------------------------------------------------ test data

    def add_user(self, user: dict) -> dict:
        self.users[int(user["id"])] = user
        return user

    def add_guild(
        self,
        guild: dict,
        *,
        channels: Iterable[dict] = (),
        members: Iterable[dict] = (),
        add_bot: bool = True,
    ) -> dict:
        """Register a guild (a :func:`payloads.guild` dict) with its channels and members.

        The bot becomes a member too unless ``add_bot=False``.
        """
        gid = int(guild["id"])
        self.guilds[gid] = guild
        for c in channels:
            self.add_channel(c, guild_id=gid)
        for m in members:
            self.add_member(gid, m)
        if add_bot and (gid, self.bot_id) not in self.members:
            self.add_member(gid, P.member(self.bot_user))
        return guild

    def add_member(self, guild_id: Union[int, str], member: dict) -> dict:
        m = {k: v for k, v in member.items() if k != "permissions"}
        self.members[(int(guild_id), int(m["user"]["id"]))] = m
        self.add_user(m["user"])
        return m

    def add_channel(self, channel: dict, *, guild_id: Union[int, str, None] = None) -> dict:
        if guild_id is not None:
            channel.setdefault("guild_id", str(int(guild_id)))
        self.channels[int(channel["id"])] = channel
        if channel.get("type") == P.DM:
            for r in channel.get("recipients", []):
                self.dm_channels[int(r["id"])] = channel
                self.add_user(r)
        if channel.get("type") in (P.PUBLIC_THREAD, P.PRIVATE_THREAD, P.NEWS_THREAD):
            self.thread_members.setdefault(int(channel["id"]), set()).add(int(channel.get("owner_id") or self.bot_id))
        return channel

    def close_dms(self, user_id: Union[int, str], code: int = 50007) -> None:
        """From now on, DMs to this user fail with 403 / code 50007 (``discord.Forbidden``); ``code=50278`` is
        Discord's other refusal, "no mutual guilds" (the user left every server the bot shares)."""
        self.closed_dms.add(int(user_id))
        self.dm_refusals[int(user_id)] = (code, DM_REFUSALS[code])

    def open_dms(self, user_id: Union[int, str]) -> None:
        self.closed_dms.discard(int(user_id))

    def guild_members(self, guild_id: Union[int, str]) -> List[dict]:
        gid = int(guild_id)
        return [m for (g, _), m in self.members.items() if g == gid]

    def guild_channels(self, guild_id: Union[int, str]) -> List[dict]:
        gid = str(int(guild_id))
        return [c for c in self.channels.values() if c.get("guild_id") == gid]

    def register_interaction(self, payload: Mapping[str, Any]) -> Interaction:
        """Tell the fake about an interaction delivered to the bot, so it accepts the callback, followups and
        ``@original`` edits for its token. The harness does this in ``invoke``."""
        iid = int(payload["id"])
        if iid in self.interactions:  # delivered again: Discord keeps one state per interaction
            return self.interactions[iid]
        user = (payload.get("member") or {}).get("user") or payload.get("user")
        src = payload.get("message")
        rec = Interaction(
            id=iid,
            token=payload["token"],
            type=int(payload["type"]),
            application_id=int(payload["application_id"]),
            channel_id=_int(payload.get("channel_id") or (payload.get("channel") or {}).get("id")),
            guild_id=_int(payload.get("guild_id")),
            user_id=_int(user["id"]) if user else None,
            payload=dict(payload),
            source_message_id=_int(src["id"]) if src else None,
            received_at=self.now(),
        )
        self.interactions[iid] = rec
        self._interactions_by_token[rec.token] = rec
        if user:
            self.users.setdefault(int(user["id"]), dict(user))
            if rec.guild_id is not None and payload.get("member"):
                self.members.setdefault((rec.guild_id, int(user["id"])), self._strip_member(payload["member"]))
        for uid, u in ((payload.get("data") or {}).get("resolved") or {}).get("users", {}).items():
            self.users.setdefault(int(uid), dict(u))
        if rec.channel_id is not None and rec.channel_id not in self.channels and payload.get("channel"):
            self.add_channel(dict(payload["channel"]), guild_id=rec.guild_id)
        if src and rec.source_message_id not in self._messages:
            # a message the fake never saw (made up by the test): keep a copy so updates have a target
            self._messages[rec.source_message_id] = self._message_from_payload(src)
        return rec

    @staticmethod
    def _strip_member(m: Mapping[str, Any]) -> dict:
        return {k: v for k, v in m.items() if k != "permissions"}

    def _message_from_payload(self, data: Mapping[str, Any]) -> Message:
        cid = int(data["channel_id"])
        return Message(
            id=int(data["id"]),
            channel_id=cid,
            guild_id=_int(data.get("guild_id") or self.channels.get(cid, {}).get("guild_id")),
            author=dict(data.get("author") or self.bot_user),
            kind="external",
            content=data.get("content", ""),
            embeds=list(data.get("embeds", [])),
            components=list(data.get("components", [])),
            flags=int(data.get("flags", 0)),
            type=int(data.get("type", 0)),
            _fake=self,
        )

    # ------------------------------------------------------------------ switches

    def rate_limit(
        self,
        method: Optional[str] = None,
        path: Optional[str] = None,
        *,
        count: int = 1,
        retry_after: float = 0.05,
        is_global: bool = False,
    ) -> None:
        """Answer the next ``count`` matching requests with 429 (``Retry-After``, ``X-RateLimit-*`` and
        ``Via`` headers, JSON ``retry_after``), as Discord's rate limiter does; discord.py sleeps and retries.

        ``path`` is a regular expression searched in the path relative to ``/api/v10``
        (``r"^/channels/\\d+/messages$"``); ``method`` an HTTP method. Both ``None`` match anything.
        """
        self._rate_limits.append(
            _RateLimitRule(
                method.upper() if method else None,
                re.compile(path) if path else None,
                count,
                retry_after,
                is_global,
                bucket=f"fake{len(self._rate_limits):04d}",
            )
        )

    def fail(
        self,
        method: Optional[str] = None,
        path: Optional[str] = None,
        *,
        status: int = 403,
        code: int = 50013,
        message: Optional[str] = None,
        count: int = 1,
        every: int = 1,
    ) -> None:
        """Answer matching requests with a Discord error: ``count`` of them (``-1``: all from now on),
        each ``every``-th match (``every=3``: the 3rd, 6th, ...). Defaults: 403 / 50013 "Missing
        Permissions"; 403 / 50001 is "Missing Access"; ``status=500`` a server error (discord.py retries
        5xx after a second). ``path`` is a regular expression searched in the path relative to ``/api/v10``.
        """
        default = {50013: "Missing Permissions", 50001: "Missing Access"}.get(code, "Internal Server Error")
        self._failures.append(
            _FailureRule(
                method.upper() if method else None,
                re.compile(path) if path else None,
                status,
                code,
                message or default,
                count,
                max(1, every),
            )
        )

    def stop_failing(self) -> None:
        """Forget every :meth:`fail` rule."""
        self._failures.clear()

    # ------------------------------------------------------------------ queries

    def messages(
        self,
        channel_id: Union[int, str, None] = None,
        *,
        kind: Optional[str] = None,
        include_deleted: bool = False,
    ) -> List[Message]:
        """Messages the bot created, oldest first; only in ``channel_id`` / of ``kind`` if given."""
        out = []
        for m in self._messages.values():
            if m.kind == "external" and kind != "external":
                continue  # messages the test made up (e.g. under a component) were not sent by the bot
            if channel_id is not None and m.channel_id != int(channel_id):
                continue
            if kind is not None and m.kind != kind:
                continue
            if m.deleted and not include_deleted:
                continue
            out.append(m)
        return sorted(out, key=lambda m: m.id)

    def message(self, message_id: Union[int, str]) -> Message:
        return self._messages[int(message_id)]

    def dm_channel_id(self, user_id: Union[int, str]) -> Optional[int]:
        ch = self.dm_channels.get(int(user_id))
        return int(ch["id"]) if ch else None

    def dms(self, user_id: Union[int, str], *, include_deleted: bool = False) -> List[Message]:
        """Messages the bot sent in its DM channel with this user."""
        cid = self.dm_channel_id(user_id)
        if cid is None:
            return []
        return self.messages(cid, include_deleted=include_deleted)

    def interaction(self, interaction_id: Union[int, str, None] = None) -> Interaction:
        """The record of an interaction (the latest one if no id)."""
        if interaction_id is None:
            return list(self.interactions.values())[-1]
        return self.interactions[int(interaction_id)]

    def interaction_replies(self, interaction_id: Union[int, str], *, include_deleted: bool = False) -> List[Message]:
        """The messages an interaction produced: its original response (or, for components answered with
        type 6/7, the updated message the component sits on), then its followups; edits are applied."""
        rec = self.interactions[int(interaction_id)]
        out = [self._messages[i] for i in rec.message_ids]
        return [m for m in out if include_deleted or not m.deleted]

    def last_reply(self) -> Message:
        """The message most recently created or edited through an interaction (callback, followup, edit)."""
        if not self._reply_log:
            raise LookupError("no interaction reply yet")
        return self._messages[self._reply_log[-1]]

    def autocomplete_choices(self, interaction_id: Union[int, str, None] = None) -> List[dict]:
        """The choices the bot answered an autocomplete with (the latest autocomplete if no id)."""
        if interaction_id is None:
            recs = [r for r in self.interactions.values() if r.type == P.AUTOCOMPLETE]
            if not recs:
                raise LookupError("no autocomplete interaction")
            rec = recs[-1]
        else:
            rec = self.interactions[int(interaction_id)]
        if rec.choices is None:
            raise LookupError(f"interaction {rec.id} was not answered with autocomplete choices")
        return rec.choices

    def synced_commands(self, guild_id: Union[int, str, None] = None) -> List[dict]:
        """The command JSON the bot last synced (globally, or to a guild)."""
        return self.commands.get(_int(guild_id), [])

    def threads(self) -> List[dict]:
        return [c for c in self.channels.values() if c.get("type") in (P.PUBLIC_THREAD, P.PRIVATE_THREAD, P.NEWS_THREAD)]

    def audience(self, message: Message) -> Optional[set]:
        """Who can read a message: ``None`` for everyone in the guild, else a set of user ids (ephemeral:
        the invoking user; DM: the recipient; private thread: its members, counting users the bot
        mentioned in it, which Discord adds to the thread)."""
        if message.ephemeral:
            rec = self.interactions.get(message.interaction_id or -1)
            return {rec.user_id} if rec and rec.user_id is not None else set()
        channel = self.channels.get(message.channel_id, {})
        if channel.get("type") == P.DM:
            return {int(r["id"]) for r in channel.get("recipients", [])}
        if channel.get("type") == P.PRIVATE_THREAD:
            return set(self.thread_members.get(message.channel_id, set()))
        return None

    def visible_to(self, user_id: Union[int, str]) -> List[Message]:
        """Every (not deleted) bot message this user can read."""
        uid = int(user_id)
        out = []
        for m in self.messages():
            aud = self.audience(m)
            if aud is None or uid in aud:
                out.append(m)
        return out

    def mark(self) -> int:
        """A position in :attr:`requests`; ``requests_since(mark)`` gives what came after."""
        return len(self.requests)

    def requests_since(self, mark: int) -> List[Request]:
        return self.requests[mark:]

    def find_requests(self, method: Optional[str] = None, path: Optional[str] = None) -> List[Request]:
        """Recorded requests by method and a regular expression searched in the path."""
        rx = re.compile(path) if path else None
        return [
            r for r in self.requests
            if (method is None or r.method == method.upper()) and (rx is None or rx.search(r.path))
        ]

    async def first_answer(self, interaction_id: Union[int, str, None] = None, poll: float = 0.01) -> Interaction:
        """Wait until the interaction (the latest if no id) has its first answer or its window has passed on
        the fake's clock, whichever comes first; its record tells which (``answered_at``). For tests that
        hold the bot's slow work (storage behind a gate) and release it only after this returns."""
        import asyncio

        rec = self.interaction(interaction_id)
        while not rec.responded and self.now() - rec.received_at <= self.first_answer_window:
            await asyncio.sleep(poll)
        return rec

    def answered_in_time(self, rec: Interaction) -> bool:
        return rec.answered_at is not None and rec.answered_at - rec.received_at <= self.first_answer_window

    def unanswered(self) -> List[Interaction]:
        """Interactions the bot never answered (no callback): the user saw "the application did not respond"."""
        return [i for i in self.interactions.values() if not i.responded]

    def excuse_unanswered(self) -> None:
        """Accept the interactions unanswered so far (a test of a bot that fails on purpose)."""
        for i in self.unanswered():
            i.response_type = -1

    def assert_conformant(self) -> None:
        """Fail if the bot sent a request Discord would refuse (route, field, rule for each), answered an
        interaction late, or left one unanswered."""
        for i in self.unanswered():
            self._violate([Violation(
                "POST /interactions/{interaction_id}/{interaction_token}/callback", "",
                f"interaction {i.id} ({_what(i)}) was never answered",
            )])
            i.response_type = -1  # reported once
        assert not self.violations, "requests Discord would refuse:\n  " + "\n  ".join(map(str, self.violations))

    def _violate(self, violations: List[Violation]) -> None:
        self.violations.extend(violations)
        for v in violations:
            _log.error("not what Discord accepts: %s", v)

    def assert_no_unhandled(self) -> None:
        assert not self.unhandled, "requests the fake Discord does not know: " + ", ".join(
            f"{r.method} {r.path}" for r in self.unhandled
        )

    # ------------------------------------------------------------------ dispatch

    def _build_routes(self) -> None:
        S = r"(?P<{}>\d+)"
        T = r"(?P<token>[^/]+)"
        add = self._routes.append
        add(("GET", re.compile(r"^/users/@me$"), self._get_me))
        add(("GET", re.compile(r"^/users/" + S.format("user_id") + "$"), self._get_user))
        add(("POST", re.compile(r"^/users/@me/channels$"), self._create_dm))
        add(("GET", re.compile(r"^/oauth2/applications/@me$"), self._get_application))
        add(("GET", re.compile(r"^/applications/@me$"), self._get_application))
        add(("GET", re.compile(r"^/gateway(/bot)?$"), self._get_gateway))
        # interactions
        add(("POST", re.compile(r"^/interactions/" + S.format("iid") + "/" + T + "/callback$"), self._callback))
        wh = r"^/webhooks/" + S.format("app_id") + "/" + T
        add(("POST", re.compile(wh + "$"), self._followup))
        msg_ref = r"/messages/(?P<mid>@original|\d+)$"
        add(("GET", re.compile(wh + msg_ref), self._webhook_get_message))
        add(("PATCH", re.compile(wh + msg_ref), self._webhook_edit_message))
        add(("DELETE", re.compile(wh + msg_ref), self._webhook_delete_message))
        # channels
        ch = r"^/channels/" + S.format("cid")
        add(("GET", re.compile(ch + "$"), self._get_channel))
        add(("PATCH", re.compile(ch + "$"), self._edit_channel))
        add(("DELETE", re.compile(ch + "$"), self._delete_channel))
        add(("POST", re.compile(ch + "/messages$"), self._create_message))
        add(("GET", re.compile(ch + "/messages$"), self._list_messages))
        add(("GET", re.compile(ch + "/messages/" + S.format("mid") + "$"), self._get_message))
        add(("PATCH", re.compile(ch + "/messages/" + S.format("mid") + "$"), self._edit_message))
        add(("DELETE", re.compile(ch + "/messages/" + S.format("mid") + "$"), self._delete_message))
        add(("POST", re.compile(ch + "/threads$"), self._create_thread))
        add(("POST", re.compile(ch + "/messages/" + S.format("mid") + "/threads$"), self._create_thread_from_message))
        add(("PUT", re.compile(ch + "/thread-members/(?P<uid>@me|\\d+)$"), self._add_thread_member))
        add(("DELETE", re.compile(ch + "/thread-members/(?P<uid>@me|\\d+)$"), self._remove_thread_member))
        add(("POST", re.compile(ch + "/typing$"), self._typing))
        react = ch + "/messages/" + S.format("mid") + "/reactions/(?P<emoji>[^/]+)/@me$"
        add(("PUT", re.compile(react), self._add_reaction))
        add(("DELETE", re.compile(react), self._remove_reaction))
        # guilds
        g = r"^/guilds/" + S.format("gid")
        add(("GET", re.compile(g + "$"), self._get_guild))
        add(("GET", re.compile(g + "/channels$"), self._get_guild_channels))
        add(("GET", re.compile(g + "/roles$"), self._get_guild_roles))
        add(("GET", re.compile(g + "/members/" + S.format("uid") + "$"), self._get_member))
        # application commands
        cmds = r"^/applications/" + S.format("app_id") + r"(?:/guilds/" + S.format("gid") + ")?/commands$"
        add(("PUT", re.compile(cmds), self._bulk_commands))
        add(("GET", re.compile(cmds), self._get_commands))

    async def _dispatch(self, request: web.Request) -> web.StreamResponse:
        rec = await self._record(request)
        try:
            response = await self._answer(request, rec)
        except DiscordError as e:
            body: dict = {"message": e.message, "code": e.code}
            if e.errors:
                body["errors"] = e.errors
            rec.status, rec.response = e.status, body
            self.errors.append(rec)
            return _json_response(body, e.status)
        except Exception as e:
            # A bug in the fake. Answer 400, not 500: discord.py retries 5xx with back-off for ~25 seconds.
            _log.exception("fake Discord crashed on %s %s", rec.method, rec.path)
            body = {"message": f"fake Discord crashed: {e!r}", "code": 0}
            rec.status, rec.response = 400, body
            self.crashes.append((rec, e))
            self.unhandled.append(rec)
            return _json_response(body, 400)
        if isinstance(response, web.StreamResponse):
            rec.status = response.status
            return response
        if response is _NO_CONTENT:
            rec.status = 204
            return web.Response(status=204)
        rec.status, rec.response = 200, response
        return _json_response(response)

    async def _record(self, request: web.Request) -> Request:
        raw_path = request.path
        path = raw_path[len(API_PREFIX):] if raw_path.startswith(API_PREFIX + "/") else raw_path
        rec = Request(
            method=request.method,
            path=path,
            query={k: v for k, v in request.query.items()},
            headers={k: v for k, v in request.headers.items()},
        )
        ctype = request.content_type
        if ctype.startswith("multipart/"):
            reader = await request.multipart()
            while True:
                part = await reader.next()
                if part is None:
                    break
                data = bytes(await part.read(decode=False))  # type: ignore[union-attr]
                rec.parts.append(
                    Part(
                        name=part.name or "",  # type: ignore[union-attr]
                        filename=part.filename,  # type: ignore[union-attr]
                        content_type=part.headers.get("Content-Type"),
                        data=data,
                    )
                )
            for p in rec.parts:
                if p.name == "payload_json":
                    rec.json = p.json()
        elif request.can_read_body:
            rec.raw = await request.read()
            if rec.raw and ctype == "application/json":
                rec.json = json.loads(rec.raw)
        self.requests.append(rec)
        return rec

    async def _answer(self, request: web.Request, rec: Request) -> Any:
        raw_path = request.path
        if raw_path.startswith("/attachments/"):
            return self._serve_attachment(raw_path, rec)
        if raw_path.startswith("/cdn-proxy/"):
            data = self.cdn.get(raw_path[len("/cdn-proxy"):])
            if data is None:
                rec.status = 404
                return web.Response(status=404, text="not found")
            return web.Response(body=data, headers={"Content-Type": "application/octet-stream"})
        if not raw_path.startswith(API_PREFIX + "/"):
            return self._unhandled(rec)
        if self.require_auth and not rec.path.startswith(("/interactions/", "/webhooks/", "/gateway")):
            # interaction callbacks and webhook calls are authorised by their token; everything else by the bot's
            if not rec.headers.get("Authorization", "").startswith("Bot "):
                raise DiscordError(401, 0, "401: Unauthorized")
        if self.conformance is not None and rec.path.startswith("/"):
            problems = self.conformance.check(rec.method, rec.path, rec.json)
            if problems:
                self._violate(problems)
                errors = {v.field or "_body": {"_errors": [{"code": "BASE_TYPE_INVALID", "message": v.rule}]} for v in problems}
                raise DiscordError(400, 50035, "Invalid Form Body", errors)
        for rule in self._failures:
            if rule.count != 0 and (rule.method is None or rule.method == rec.method) and (
                rule.path is None or rule.path.search(rec.path)
            ):
                rule.seen += 1
                if rule.seen % rule.every == 0:
                    rule.count -= 1 if rule.count > 0 else 0
                    raise DiscordError(rule.status, rule.code, rule.message)
        for rule in self._rate_limits:
            if rule.count > 0 and (rule.method is None or rule.method == rec.method) and (
                rule.path is None or rule.path.search(rec.path)
            ):
                rule.count -= 1
                return self._too_many(rec, rule)
        for method, rx, handler in self._routes:
            if method != rec.method:
                continue
            m = rx.match(rec.path)
            if m:
                return await handler(rec, **m.groupdict())
        return self._unhandled(rec)

    def _unhandled(self, rec: Request) -> web.Response:
        self.unhandled.append(rec)
        return _json_response({"message": "404: Not Found", "code": 0}, 404)

    def _too_many(self, rec: Request, rule: _RateLimitRule) -> web.Response:
        rec.rate_limited = True
        body = {"message": "You are being rate limited.", "retry_after": rule.retry_after, "global": rule.is_global}
        headers = {
            "Retry-After": str(max(1, int(rule.retry_after + 0.999))),  # whole seconds, as Discord sends
            "X-RateLimit-Limit": "5",
            "X-RateLimit-Remaining": "0",
            "X-RateLimit-Reset": "%.3f" % (time.time() + rule.retry_after),
            "X-RateLimit-Reset-After": "%.3f" % rule.retry_after,
            "X-RateLimit-Bucket": rule.bucket,
            "X-RateLimit-Scope": "global" if rule.is_global else "user",
            # discord.py treats a 429 without "Via" as a Cloudflare ban and raises instead of retrying
            "Via": "1.1 google",
        }
        if rule.is_global:
            headers["X-RateLimit-Global"] = "true"
        rec.response = body
        return _json_response(body, 429, headers)

    def _serve_attachment(self, raw_path: str, rec: Request) -> web.Response:
        parts = raw_path.split("/")  # "", "attachments", cid, aid, filename
        if len(parts) >= 5 and parts[3].isdigit():
            aid = int(parts[3])
            for m in self._messages.values():
                for a in m.attachments:
                    if a.id == aid:
                        return web.Response(body=a.data, headers={"Content-Type": a.content_type or "application/octet-stream"})
        return web.Response(status=404, text="not found")

    # ------------------------------------------------------------------ users, application, gateway

    async def _get_me(self, rec: Request) -> Any:
        return self.bot_user

    async def _get_user(self, rec: Request, user_id: str) -> Any:
        u = self.users.get(int(user_id))
        if u is None:
            raise _not_found(10013, "User")
        return u

    async def _get_application(self, rec: Request) -> Any:
        return self.application

    async def _get_gateway(self, rec: Request) -> Any:
        url = f"ws://127.0.0.1:{self.port}/gateway"
        if rec.path.endswith("/bot"):
            return {
                "url": url,
                "shards": 1,
                "session_start_limit": {"total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1},
            }
        return {"url": url}

    async def _create_dm(self, rec: Request) -> Any:
        uid = int((rec.json or {}).get("recipient_id", 0))
        existing = self.dm_channels.get(uid)
        if existing is not None:
            return existing
        u = self.users.get(uid)
        if u is None:
            raise _not_found(10013, "User")
        return self.add_channel(P.dm_channel(u, id=self.ids()))

    # ------------------------------------------------------------------ messages

    def _files_by_index(self, rec: Request) -> Dict[int, Part]:
        out = {}
        for p in rec.parts:
            m = re.fullmatch(r"files\[(\d+)\]", p.name)
            if m:
                out[int(m.group(1))] = p
        return out

    def _attachments(
        self, rec: Request, body: Mapping[str, Any], channel_id: int, existing: Iterable[Attachment] = ()
    ) -> Optional[List[Attachment]]:
        """Attachments per the body's ``attachments`` list and the uploaded ``files[n]``; None if the body
        says nothing about attachments (then an edit keeps them)."""
        files = self._files_by_index(rec)
        old = {a.id: a for a in existing}
        if "attachments" not in body:
            if not files:
                return None
            listed = [{"id": i} for i in sorted(files)]
        else:
            listed = body["attachments"] or []
        out = []
        for entry in listed:
            key = int(entry["id"])
            if key in old:
                out.append(old[key])
                continue
            part = files.get(key)
            if part is None:
                raise DiscordError(
                    400, 50035, "Invalid Form Body",
                    {"attachments": {"_errors": [{"code": "ATTACHMENT_NOT_FOUND", "message": f"no file for {key}"}]}},
                )
            filename = entry.get("filename") or part.filename or f"file{key}"
            limit = self._upload_limit(rec)
            if len(part.data) > limit:
                # Discord refuses a file over the limit of where it is sent (the interaction's
                # attachment_size_limit, else the guild's): 413 / 40005.
                self._violate([Violation(
                    f"{rec.method} {rec.path}", f"files[{key}]",
                    f"{filename} has {len(part.data)} bytes; the limit here is {limit}",
                )])
                raise DiscordError(413, 40005, "Request entity too large")
            aid = self.ids()
            out.append(
                Attachment(
                    id=aid,
                    filename=filename,
                    data=part.data,
                    content_type=mimetypes.guess_type(filename)[0],
                    description=entry.get("description"),
                    url=f"{self.base_url}/attachments/{channel_id}/{aid}/{filename}",
                )
            )
        return out

    def _upload_limit(self, rec: Request) -> int:
        """The largest file a request may upload: through an interaction (callback, followup, edit of a
        response) the interaction's ``attachment_size_limit``, otherwise the default of a guild."""
        found = re.match(r"^/interactions/(\d+)/", rec.path) or re.match(r"^/webhooks/\d+/([^/]+)", rec.path)
        if found:
            key = found.group(1)
            interaction = self.interactions.get(int(key)) if key.isdigit() else None
            interaction = interaction or self._interactions_by_token.get(key)
            if interaction is not None:
                return int(interaction.payload.get("attachment_size_limit") or P.DEFAULT_ATTACHMENT_SIZE_LIMIT)
        return P.DEFAULT_ATTACHMENT_SIZE_LIMIT

    def _new_message(
        self,
        rec: Request,
        channel_id: int,
        body: Mapping[str, Any],
        *,
        kind: str,
        allowed_flags: int,
        interaction: Optional[Interaction] = None,
        forced_flags: int = 0,
        msg_type: int = 0,
    ) -> Message:
        channel = self.channels.get(channel_id, {})
        mid = self.ids()
        flags = (int(body.get("flags") or 0) & allowed_flags) | forced_flags
        m = Message(
            id=mid,
            channel_id=channel_id,
            guild_id=_int(channel.get("guild_id") or (interaction.guild_id if interaction else None)),
            author=self.bot_user,
            kind=kind,
            content=body.get("content") or "",
            embeds=list(body.get("embeds") or []),
            components=list(body.get("components") or []),
            flags=flags,
            allowed_mentions=body.get("allowed_mentions"),
            tts=bool(body.get("tts", False)),
            type=msg_type,
            interaction_id=interaction.id if interaction else None,
            webhook_id=interaction.application_id if interaction else None,
            message_reference=body.get("message_reference"),
            body=body,
            _fake=self,
        )
        m.attachments = self._attachments(rec, body, channel_id) or []
        if interaction is not None:
            user = self.users.get(interaction.user_id or -1, {"id": str(interaction.user_id), "username": "?"})
            m.interaction_metadata = {
                "id": str(interaction.id),
                "type": interaction.type,
                "user": user,
                "authorizing_integration_owners": interaction.payload.get("authorizing_integration_owners", {}),
            }
            if interaction.type == P.APPLICATION_COMMAND:
                m.interaction_metadata["name"] = (interaction.payload.get("data") or {}).get("name")
                m.interaction_metadata["command_type"] = 1
        self._messages[mid] = m
        self._note_mentions(m)
        return m

    def _note_mentions(self, m: Message) -> None:
        # users mentioned (and allowed to be) in a private thread are added to it, as Discord does
        channel = self.channels.get(m.channel_id, {})
        if channel.get("type") != P.PRIVATE_THREAD:
            return
        am = m.allowed_mentions
        for uid in _MENTION.findall(m.content or ""):
            if am is not None and "users" not in (am.get("parse") or []) and uid not in (am.get("users") or []):
                continue
            self.thread_members.setdefault(m.channel_id, set()).add(int(uid))

    def _edit(self, rec: Request, m: Message, body: Mapping[str, Any], *, allowed_flags: int) -> Message:
        m.history.append(m._snapshot())
        if "content" in body:
            m.content = body["content"] or ""
        if "embeds" in body:
            m.embeds = list(body["embeds"] or [])
        if "components" in body:
            m.components = list(body["components"] or [])
        if "allowed_mentions" in body:
            m.allowed_mentions = body["allowed_mentions"]
        if body.get("flags") is not None:
            # the ephemeral and loading bits cannot change through an edit
            keep = m.flags & (EPHEMERAL | HAS_THREAD)
            m.flags = (int(body["flags"]) & allowed_flags & ~EPHEMERAL) | keep
        m.flags &= ~LOADING
        attachments = self._attachments(rec, body, m.channel_id, m.attachments)
        if attachments is not None:
            m.attachments = attachments
        m.edited = True
        m.body = body
        self._note_mentions(m)
        return m

    def _channel(self, cid: str) -> dict:
        channel = self.channels.get(int(cid))
        if channel is None:
            raise _not_found(10003, "Channel")
        return channel

    def _channel_message(self, cid: str, mid: str) -> Message:
        self._channel(cid)
        m = self._messages.get(int(mid))
        if m is None or m.channel_id != int(cid) or m.deleted:
            raise _not_found(10008, "Message")
        return m

    async def _create_message(self, rec: Request, cid: str) -> Any:
        channel = self._channel(cid)
        body = rec.json or {}
        is_dm = channel.get("type") == P.DM
        if is_dm:
            recipients = {int(r["id"]) for r in channel.get("recipients", [])}
            if recipients & self.closed_dms:
                code, message = self.dm_refusals.get(min(recipients & self.closed_dms), (50007, DM_REFUSALS[50007]))
                raise DiscordError(403, code, message)
        if not (body.get("content") or body.get("embeds") or body.get("components") or self._files_by_index(rec)
                or body.get("sticker_ids") or body.get("poll")):
            raise DiscordError(400, 50006, "Cannot send an empty message")
        key = (int(self.bot_user["id"]), int(cid), str(body.get("nonce")))
        if body.get("nonce") is not None and body.get("enforce_nonce"):
            # "If another message was created by the same author with the same nonce, that message
            # will be returned and no new message will be created" (within the past few minutes).
            earlier = self._nonces.get(key)
            if earlier is not None and self.now() - earlier[1] <= self.nonce_window:
                return self._messages[earlier[0]].to_payload()
        msg_type = 19 if body.get("message_reference") else 0
        m = self._new_message(
            rec, int(cid), body, kind="dm" if is_dm else "channel", allowed_flags=_CHANNEL_FLAGS, msg_type=msg_type
        )
        channel["last_message_id"] = str(m.id)
        if body.get("nonce") is not None and body.get("enforce_nonce"):
            self._nonces[key] = (m.id, self.now())
        return m.to_payload()

    async def _list_messages(self, rec: Request, cid: str) -> Any:
        self._channel(cid)
        limit = int(rec.query.get("limit", 50))
        msgs = [m for m in self._messages.values() if m.channel_id == int(cid) and not m.deleted]
        msgs.sort(key=lambda m: m.id, reverse=True)
        return [m.to_payload() for m in msgs[:limit]]

    async def _get_message(self, rec: Request, cid: str, mid: str) -> Any:
        return self._channel_message(cid, mid).to_payload()

    async def _edit_message(self, rec: Request, cid: str, mid: str) -> Any:
        m = self._channel_message(cid, mid)
        if m.author.get("id") != self.bot_user["id"]:
            raise DiscordError(403, 50005, "Cannot edit a message authored by another user")
        return self._edit(rec, m, rec.json or {}, allowed_flags=_CHANNEL_FLAGS).to_payload()

    async def _delete_message(self, rec: Request, cid: str, mid: str) -> Any:
        m = self._channel_message(cid, mid)
        m.deleted = True
        return _NO_CONTENT

    async def _add_reaction(self, rec: Request, cid: str, mid: str, emoji: str) -> Any:
        from urllib.parse import unquote

        self._channel_message(cid, mid).reactions.append(unquote(emoji))
        return _NO_CONTENT

    async def _remove_reaction(self, rec: Request, cid: str, mid: str, emoji: str) -> Any:
        from urllib.parse import unquote

        m = self._channel_message(cid, mid)
        if unquote(emoji) in m.reactions:
            m.reactions.remove(unquote(emoji))
        return _NO_CONTENT

    async def _typing(self, rec: Request, cid: str) -> Any:
        self._channel(cid)
        return _NO_CONTENT

    # ------------------------------------------------------------------ channels, threads

    async def _get_channel(self, rec: Request, cid: str) -> Any:
        return self._channel(cid)

    async def _edit_channel(self, rec: Request, cid: str) -> Any:
        channel = self._channel(cid)
        body = rec.json or {}
        for key, value in body.items():
            if key in ("archived", "locked", "auto_archive_duration", "invitable") and "thread_metadata" in channel:
                channel["thread_metadata"][key] = value
            else:
                channel[key] = value
        return channel

    async def _delete_channel(self, rec: Request, cid: str) -> Any:
        channel = self._channel(cid)
        del self.channels[int(cid)]
        return channel

    def _register_thread(self, thread: dict) -> dict:
        self.add_channel(thread)
        created = dict(thread, newly_created=True)
        for callback in list(self.on_thread_create):
            callback(created)
        return thread

    async def _create_thread(self, rec: Request, cid: str) -> Any:
        parent = self._channel(cid)
        body = rec.json or {}
        if parent.get("type") not in (P.TEXT, P.NEWS, P.FORUM):
            raise DiscordError(400, 50024, "Cannot execute action on this channel type")
        default_type = P.PUBLIC_THREAD if parent.get("type") == P.FORUM else P.PRIVATE_THREAD
        ttype = int(body.get("type") or default_type)
        thread = P.thread_channel(
            parent["guild_id"],
            parent["id"],
            body.get("name", "thread"),
            id=self.ids(),
            owner_id=self.bot_id,
            type=ttype,
            auto_archive_duration=int(body.get("auto_archive_duration") or 1440),
            invitable=bool(body.get("invitable", True)),
            rate_limit_per_user=int(body.get("rate_limit_per_user") or 0),
        )
        self._register_thread(thread)
        if parent.get("type") == P.FORUM and body.get("message"):
            # a forum post: the starter message has the thread's id
            first = self._new_message(rec, int(thread["id"]), body["message"], kind="channel", allowed_flags=_CHANNEL_FLAGS)
            self._messages.pop(first.id)
            first.id = int(thread["id"])
            self._messages[first.id] = first
            return dict(thread, message=first.to_payload())
        return thread

    async def _create_thread_from_message(self, rec: Request, cid: str, mid: str) -> Any:
        parent = self._channel(cid)
        m = self._messages.get(int(mid))
        if m is None or m.channel_id != int(cid):
            raise _not_found(10008, "Message")
        if m.thread_id is not None:
            raise DiscordError(400, 160004, "A thread has already been created for this message")
        body = rec.json or {}
        thread = P.thread_channel(
            parent["guild_id"],
            parent["id"],
            body.get("name", "thread"),
            id=m.id,  # a thread started from a message has the message's id
            owner_id=self.bot_id,
            type=P.NEWS_THREAD if parent.get("type") == P.NEWS else P.PUBLIC_THREAD,
            auto_archive_duration=int(body.get("auto_archive_duration") or 1440),
            rate_limit_per_user=int(body.get("rate_limit_per_user") or 0),
        )
        m.thread_id = m.id
        m.flags |= HAS_THREAD
        self._register_thread(thread)
        return thread

    def _thread(self, cid: str) -> dict:
        channel = self._channel(cid)
        if channel.get("type") not in (P.PUBLIC_THREAD, P.PRIVATE_THREAD, P.NEWS_THREAD):
            raise DiscordError(400, 50024, "Cannot execute action on this channel type")
        return channel

    async def _add_thread_member(self, rec: Request, cid: str, uid: str) -> Any:
        self._thread(cid)
        user_id = self.bot_id if uid == "@me" else int(uid)
        self.thread_members.setdefault(int(cid), set()).add(user_id)
        return _NO_CONTENT

    async def _remove_thread_member(self, rec: Request, cid: str, uid: str) -> Any:
        self._thread(cid)
        user_id = self.bot_id if uid == "@me" else int(uid)
        self.thread_members.setdefault(int(cid), set()).discard(user_id)
        return _NO_CONTENT

    # ------------------------------------------------------------------ guilds

    def _guild(self, gid: str) -> dict:
        g = self.guilds.get(int(gid))
        if g is None:
            raise _not_found(10004, "Guild")
        return g

    async def _get_guild(self, rec: Request, gid: str) -> Any:
        g = dict(self._guild(gid))
        if rec.query.get("with_counts") in ("1", "true", "True"):
            g["approximate_member_count"] = len(self.guild_members(gid))
            g["approximate_presence_count"] = 0
        return g

    async def _get_guild_channels(self, rec: Request, gid: str) -> Any:
        self._guild(gid)
        return [c for c in self.guild_channels(gid) if c.get("type") not in (P.PUBLIC_THREAD, P.PRIVATE_THREAD, P.NEWS_THREAD)]

    async def _get_guild_roles(self, rec: Request, gid: str) -> Any:
        return self._guild(gid).get("roles", [])

    async def _get_member(self, rec: Request, gid: str, uid: str) -> Any:
        self._guild(gid)
        m = self.members.get((int(gid), int(uid)))
        if m is None:
            raise _not_found(10007, "Member")
        return m

    # ------------------------------------------------------------------ application commands

    async def _bulk_commands(self, rec: Request, app_id: str, gid: Optional[str] = None) -> Any:
        if int(app_id) != self.application_id:
            raise DiscordError(403, 50001, "Missing Access")
        # any guild id is accepted: a bot may sync to its development guild before the test registers it
        old = {c["name"]: c for c in self.commands.get(_int(gid), [])}
        out = []
        for cmd in rec.json or []:
            data = copy.deepcopy(cmd)
            prev = old.get(cmd["name"])
            data.setdefault("type", 1)
            data.setdefault("options", [])
            data.setdefault("default_member_permissions", None)
            data.setdefault("nsfw", False)
            data.update(
                {
                    "id": prev["id"] if prev else str(self.ids()),
                    "application_id": str(self.application_id),
                    "version": str(self.ids()),
                }
            )
            if gid is not None:
                data["guild_id"] = str(int(gid))
            out.append(data)
        self.commands[_int(gid)] = out
        return out

    async def _get_commands(self, rec: Request, app_id: str, gid: Optional[str] = None) -> Any:
        return self.commands.get(_int(gid), [])

    # ------------------------------------------------------------------ interactions

    def _by_token(self, app_id: str, token: str) -> Interaction:
        rec = self._interactions_by_token.get(token)
        if rec is None or rec.application_id != int(app_id):
            raise _not_found(10015, "Webhook")
        age = self.now() - rec.received_at
        if age > self.token_life:
            self._violate([Violation(
                "/webhooks/{application_id}/{interaction_token}", "",
                f"interaction {rec.id} ({_what(rec)}): token used {age / 60:.1f} min after the interaction "
                f"(Discord keeps it {self.token_life / 60:g} min)",
            )])
            raise DiscordError(401, 50027, "Invalid Webhook Token")
        return rec

    def _log_reply(self, m: Message, interaction: Interaction) -> None:
        if m.id not in interaction.message_ids:
            interaction.message_ids.append(m.id)
        self._reply_log.append(m.id)

    def _source_message(self, interaction: Interaction) -> Message:
        if interaction.source_message_id is None or interaction.source_message_id not in self._messages:
            raise DiscordError(400, 50035, "Invalid Form Body: this interaction has no message to update")
        return self._messages[interaction.source_message_id]

    def _callback_answer(self, interaction: Interaction, resource_type: int, message: Optional[Message]) -> dict:
        info: dict = {"id": str(interaction.id), "type": interaction.type}
        out: dict = {"interaction": info}
        if message is not None:
            info.update(
                {
                    "response_message_id": str(message.id),
                    "response_message_loading": message.loading,
                    "response_message_ephemeral": message.ephemeral,
                }
            )
            out["resource"] = {"type": resource_type, "message": message.to_payload()}
        return out

    async def _callback(self, rec: Request, iid: str, token: str) -> Any:
        interaction = self.interactions.get(int(iid))
        if interaction is None or interaction.token != token:
            raise _not_found(10062, "interaction")
        if interaction.responded:
            raise DiscordError(400, 40060, "Interaction has already been acknowledged.")
        late = self.now() - interaction.received_at
        if late > self.first_answer_window:
            # Discord forgets an interaction not answered in time: the callback is refused, the user saw
            # "the application did not respond".
            self._violate([Violation(
                "POST /interactions/{interaction_id}/{interaction_token}/callback", "",
                f"interaction {interaction.id} ({_what(interaction)}) answered {late:.1f} s after it was sent "
                f"(Discord allows {self.first_answer_window:g} s)",
            )])
            interaction.response_type = -1
            raise _not_found(10062, "interaction")
        interaction.answered_at = self.now()
        body = rec.json or {}
        ctype = int(body.get("type", 0))
        data = body.get("data") or {}
        itype = interaction.type
        allowed = {
            P.APPLICATION_COMMAND: {4, 5, 9},
            P.MESSAGE_COMPONENT: {4, 5, 6, 7, 9},
            P.MODAL_SUBMIT: {4, 5, 6, 7},
            P.AUTOCOMPLETE: {8},
        }.get(itype, {1})
        if ctype not in allowed:
            raise DiscordError(400, 50035, f"Invalid Form Body: callback type {ctype} for interaction type {itype}")
        interaction.callbacks.append(body)
        msg_type = 20 if itype == P.APPLICATION_COMMAND else 0
        channel_id = interaction.channel_id or 0

        if ctype == 4:  # CHANNEL_MESSAGE_WITH_SOURCE
            m = self._new_message(
                rec, channel_id, data, kind="response", allowed_flags=_INTERACTION_FLAGS, interaction=interaction,
                msg_type=msg_type,
            )
            interaction.response_type = 4
            interaction.original_message_id = m.id
            self._log_reply(m, interaction)
            return self._callback_answer(interaction, 4, m)
        if ctype == 5:  # DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE: a "thinking..." message
            ephemeral = bool(int(data.get("flags") or 0) & EPHEMERAL)
            m = self._new_message(
                rec, channel_id, {}, kind="response", allowed_flags=0, interaction=interaction,
                forced_flags=LOADING | (EPHEMERAL if ephemeral else 0), msg_type=msg_type,
            )
            interaction.response_type = 5
            interaction.deferred_ephemeral = ephemeral
            interaction.original_message_id = m.id
            self._log_reply(m, interaction)
            return self._callback_answer(interaction, 5, m)
        if ctype == 6:  # DEFERRED_UPDATE_MESSAGE: @original is now the component's message
            src = self._source_message(interaction)
            interaction.response_type = 6
            interaction.original_message_id = src.id
            return self._callback_answer(interaction, 6, None)
        if ctype == 7:  # UPDATE_MESSAGE
            src = self._source_message(interaction)
            self._edit(rec, src, data, allowed_flags=_CHANNEL_FLAGS)
            interaction.response_type = 7
            interaction.original_message_id = src.id
            self._log_reply(src, interaction)
            return self._callback_answer(interaction, 7, src)
        if ctype == 8:  # APPLICATION_COMMAND_AUTOCOMPLETE_RESULT
            choices = data.get("choices")
            if choices is None or len(choices) > 25:
                raise DiscordError(400, 50035, "Invalid Form Body: choices")
            interaction.response_type = 8
            interaction.choices = list(choices)
            return self._callback_answer(interaction, 8, None)
        if ctype == 9:  # MODAL
            interaction.response_type = 9
            interaction.modal = data
            return self._callback_answer(interaction, 9, None)
        interaction.response_type = ctype  # PONG
        return self._callback_answer(interaction, ctype, None)

    async def _followup(self, rec: Request, app_id: str, token: str) -> Any:
        interaction = self._by_token(app_id, token)
        if not interaction.responded or interaction.response_type in (8, 9):
            raise _not_found(10015, "Webhook")
        body = rec.json or {}
        original = self._messages.get(interaction.original_message_id or -1)
        if (
            interaction.response_type == 5
            and not interaction.first_followup_done
            and original is not None
            and original.loading
            and not original.deleted
        ):
            # The first followup after a deferral fills the "thinking..." message; its ephemeral state is the
            # deferral's, whatever flags the followup asks for (discord-api-docs #3466). Once the bot has
            # deleted that message, a followup is a new message with its own flags.
            if not self.deprecated_followups:
                self._violate([Violation(
                    f"POST /webhooks/{{webhook_id}}/{{webhook_token}}", "",
                    "a followup right after a deferred response is deprecated: edit the original response",
                )])
            interaction.first_followup_done = True
            self._edit(rec, original, dict(body, flags=body.get("flags") or 0), allowed_flags=_CHANNEL_FLAGS)
            original.edited = False
            original.body = body
            self._log_reply(original, interaction)
            return original.to_payload()
        interaction.first_followup_done = True
        m = self._new_message(
            rec, interaction.channel_id or 0, body, kind="followup", allowed_flags=_INTERACTION_FLAGS,
            interaction=interaction,
        )
        self._log_reply(m, interaction)
        return m.to_payload() if rec.query.get("wait", "1") not in ("0", "false") else _NO_CONTENT

    def _webhook_message(self, interaction: Interaction, mid: str) -> Message:
        if mid == "@original":
            m = self._messages.get(interaction.original_message_id or -1)
        else:
            m = self._messages.get(int(mid))
            if m is not None and m.id not in interaction.message_ids and m.id != interaction.original_message_id:
                m = None
        if m is None or m.deleted:
            raise _not_found(10008, "Message")
        return m

    async def _webhook_get_message(self, rec: Request, app_id: str, token: str, mid: str) -> Any:
        return self._webhook_message(self._by_token(app_id, token), mid).to_payload()

    async def _webhook_edit_message(self, rec: Request, app_id: str, token: str, mid: str) -> Any:
        interaction = self._by_token(app_id, token)
        m = self._webhook_message(interaction, mid)
        self._edit(rec, m, rec.json or {}, allowed_flags=_CHANNEL_FLAGS)
        self._log_reply(m, interaction)
        return m.to_payload()

    async def _webhook_delete_message(self, rec: Request, app_id: str, token: str, mid: str) -> Any:
        m = self._webhook_message(self._by_token(app_id, token), mid)
        m.deleted = True
        return _NO_CONTENT
