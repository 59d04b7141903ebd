"""Builders for real-shaped Discord objects and gateway payloads (API v10, as discord.py 2.7.1 reads them).

Every builder returns plain dicts shaped like what Discord sends, with ids as strings. Nothing here imports
discord.py: the dicts are fed to discord.py's own parsers (``ConnectionState.parse_*``) by the harness.

Users, channels and guilds are built once and passed around::

    alice = payloads.user("alice")
    g = payloads.guild("Test")
    general = payloads.text_channel(g["id"], "general")
    data = payloads.slash_command("demo", subcommand="ping", user=alice, channel=general)
"""

from __future__ import annotations

import datetime as _dt
import itertools
import threading
from dataclasses import dataclass
from typing import Any, Iterable, Mapping, Optional, Sequence, Union

# --------------------------------------------------------------------------------------------------
# snowflakes

DISCORD_EPOCH_MS = 1420070400000
# 2024-01-01T00:00:00Z: every generated id is a realistic snowflake from that moment on.
_BASE_MS = 1704067200000 - DISCORD_EPOCH_MS


class Snowflakes:
    """Realistic, increasing snowflakes: ``(ms since the Discord epoch) << 22 | sequence``.

    Deterministic: a new generator started at the same ``start_ms`` yields the same ids.
    """

    def __init__(self, start_ms: int = _BASE_MS, worker: int = 0) -> None:
        self._lock = threading.Lock()
        self._counter = itertools.count()
        self._start_ms = start_ms
        self._worker = worker & 0x1F

    def __call__(self) -> int:
        with self._lock:
            n = next(self._counter)
        # one id per millisecond keeps creation times distinct and ordered
        return ((self._start_ms + n) << 22) | (self._worker << 17) | (n & 0xFFF)


#: Module-wide generator for ids of things built by the helpers below (users, interactions, ...).
snowflake = Snowflakes(worker=1)


def snowflake_time(sf: Union[int, str]) -> _dt.datetime:
    ms = (int(sf) >> 22) + DISCORD_EPOCH_MS
    return _dt.datetime.fromtimestamp(ms / 1000, tz=_dt.timezone.utc)


def iso(sf_or_time: Union[int, str, _dt.datetime, None] = None) -> str:
    """ISO 8601 timestamp as Discord writes it (``2024-01-01T00:00:00.000000+00:00``)."""
    if sf_or_time is None:
        t = _dt.datetime.now(_dt.timezone.utc)
    elif isinstance(sf_or_time, _dt.datetime):
        t = sf_or_time
    else:
        t = snowflake_time(sf_or_time)
    return t.isoformat(timespec="microseconds")


def _sid(value: Union[int, str, None]) -> Optional[str]:
    return None if value is None else str(int(value))


# --------------------------------------------------------------------------------------------------
# permissions (bit values from the Discord docs)

CREATE_INSTANT_INVITE = 1 << 0
KICK_MEMBERS = 1 << 1
BAN_MEMBERS = 1 << 2
ADMINISTRATOR = 1 << 3
MANAGE_CHANNELS = 1 << 4
MANAGE_GUILD = 1 << 5  # "Manage Server"
ADD_REACTIONS = 1 << 6
VIEW_CHANNEL = 1 << 10
SEND_MESSAGES = 1 << 11
MANAGE_MESSAGES = 1 << 13
EMBED_LINKS = 1 << 14
ATTACH_FILES = 1 << 15
READ_MESSAGE_HISTORY = 1 << 16
MENTION_EVERYONE = 1 << 17
USE_EXTERNAL_EMOJIS = 1 << 18
CHANGE_NICKNAME = 1 << 26
MANAGE_ROLES = 1 << 28
USE_APPLICATION_COMMANDS = 1 << 31
MANAGE_THREADS = 1 << 34
CREATE_PUBLIC_THREADS = 1 << 35
CREATE_PRIVATE_THREADS = 1 << 36
SEND_MESSAGES_IN_THREADS = 1 << 38

#: What an ordinary member may do in an ordinary text channel.
MEMBER_PERMISSIONS = (
    CREATE_INSTANT_INVITE
    | ADD_REACTIONS
    | VIEW_CHANNEL
    | SEND_MESSAGES
    | EMBED_LINKS
    | ATTACH_FILES
    | READ_MESSAGE_HISTORY
    | USE_EXTERNAL_EMOJIS
    | CHANGE_NICKNAME
    | USE_APPLICATION_COMMANDS
    | CREATE_PUBLIC_THREADS
    | CREATE_PRIVATE_THREADS
    | SEND_MESSAGES_IN_THREADS
)
#: A member who may manage the server (what ``has_permissions(manage_guild=True)`` checks).
MANAGER_PERMISSIONS = MEMBER_PERMISSIONS | MANAGE_GUILD | MANAGE_CHANNELS | MANAGE_MESSAGES | MANAGE_THREADS
#: What the bot is granted in the channel of an interaction (``app_permissions``).
BOT_PERMISSIONS = MEMBER_PERMISSIONS | MANAGE_MESSAGES | MANAGE_THREADS

DEFAULT_ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024

# --------------------------------------------------------------------------------------------------
# users, application

#: Ids the fake server and the builders agree on when nothing else is said.
DEFAULT_APPLICATION_ID = 1190000000000000001
DEFAULT_BOT_ID = DEFAULT_APPLICATION_ID  # bots made in the developer portal share their application's id
DEFAULT_OWNER_ID = 1190000000000000002


def user(
    username: str,
    *,
    id: Union[int, str, None] = None,
    global_name: Optional[str] = None,
    bot: bool = False,
    avatar: Optional[str] = None,
) -> dict:
    """A user object. ``global_name`` defaults to the capitalised username (the display name)."""
    data = {
        "id": _sid(id if id is not None else snowflake()),
        "username": username,
        "discriminator": "0",
        "global_name": global_name if global_name is not None else (None if bot else username.capitalize()),
        "avatar": avatar,
        "avatar_decoration_data": None,
        "banner": None,
        "accent_color": None,
        "collectibles": None,
        "display_name_styles": None,
        "primary_guild": None,
        "clan": None,
        "public_flags": 0,
        "flags": 0,
    }
    if bot:
        data["bot"] = True
    return data


def bot_user(username: str = "Scheids", *, id: Union[int, str] = DEFAULT_BOT_ID) -> dict:
    """The bot's own user object, as ``GET /users/@me`` answers it."""
    data = user(username, id=id, bot=True)
    data.update({"verified": True, "mfa_enabled": False, "email": None, "locale": "en-US", "premium_type": 0})
    return data


def application(
    bot: Mapping[str, Any],
    *,
    id: Union[int, str] = DEFAULT_APPLICATION_ID,
    owner: Optional[Mapping[str, Any]] = None,
    name: Optional[str] = None,
) -> dict:
    """An application object as ``GET /oauth2/applications/@me`` answers it."""
    owner = dict(owner) if owner is not None else user("owner", id=DEFAULT_OWNER_ID)
    return {
        "id": _sid(id),
        "name": name or bot["username"],
        "icon": None,
        "description": "",
        "summary": "",
        "type": None,
        "rpc_origins": [],
        "bot_public": True,
        "bot_require_code_grant": False,
        "verify_key": "0" * 64,
        "flags": (1 << 19) | (1 << 23),  # GATEWAY_GUILD_MEMBERS_LIMITED | APPLICATION_COMMAND_BADGE
        "owner": owner,
        "team": None,
        "bot": dict(bot),
        "hook": True,
        "is_monetized": False,
        "redirect_uris": [],
        "interactions_endpoint_url": None,  # must be None or discord.py warns that gateway interactions are off
        "role_connections_verification_url": None,
        "tags": [],
        "install_params": None,
        "integration_types_config": {"0": {}},
        "approximate_guild_count": 1,
        "approximate_user_install_count": 0,
    }


# --------------------------------------------------------------------------------------------------
# guilds, roles, members, channels


def role(
    guild_id: Union[int, str],
    name: str,
    *,
    id: Union[int, str, None] = None,
    permissions: int = 0,
    position: int = 1,
    color: int = 0,
    managed: bool = False,
    tags: Optional[dict] = None,
) -> dict:
    data = {
        "id": _sid(id if id is not None else snowflake()),
        "name": name,
        "description": None,
        "permissions": str(permissions),
        "position": position,
        "color": color,
        "colors": {"primary_color": color, "secondary_color": None, "tertiary_color": None},
        "hoist": False,
        "managed": managed,
        "mentionable": False,
        "icon": None,
        "unicode_emoji": None,
        "flags": 0,
    }
    if tags is not None:
        data["tags"] = tags
    return data


def everyone_role(guild_id: Union[int, str], permissions: int = MEMBER_PERMISSIONS) -> dict:
    """The @everyone role: its id is the guild's id, position 0."""
    return role(guild_id, "@everyone", id=guild_id, permissions=permissions, position=0)


def guild(
    name: str = "Test Guild",
    *,
    id: Union[int, str, None] = None,
    owner_id: Union[int, str] = DEFAULT_OWNER_ID,
    roles: Sequence[dict] = (),
    everyone_permissions: int = MEMBER_PERMISSIONS,
    preferred_locale: str = "en-US",
    features: Sequence[str] = (),
) -> dict:
    """A guild object as ``GET /guilds/{id}`` answers it (no channels or members; see :func:`guild_create`).

    The @everyone role is added first unless ``roles`` already holds a role whose id is the guild's.
    """
    gid = _sid(id if id is not None else snowflake())
    all_roles = list(roles)
    if not any(r["id"] == gid for r in all_roles):
        all_roles.insert(0, everyone_role(gid, everyone_permissions))
    return {
        "id": gid,
        "name": name,
        "icon": None,
        "icon_hash": None,
        "splash": None,
        "discovery_splash": None,
        "banner": None,
        "description": None,
        "owner_id": _sid(owner_id),
        "region": None,
        "afk_channel_id": None,
        "afk_timeout": 300,
        "widget_enabled": False,
        "widget_channel_id": None,
        "verification_level": 1,
        "default_message_notifications": 1,
        "explicit_content_filter": 0,
        "roles": all_roles,
        "emojis": [],
        "stickers": [],
        "features": list(features),
        "mfa_level": 0,
        "application_id": None,
        "system_channel_id": None,
        "system_channel_flags": 0,
        "rules_channel_id": None,
        "public_updates_channel_id": None,
        "safety_alerts_channel_id": None,
        "max_presences": None,
        "max_members": 500000,
        "max_video_channel_users": 25,
        "max_stage_video_channel_users": 50,
        "vanity_url_code": None,
        "premium_tier": 0,
        "premium_subscription_count": 0,
        "premium_progress_bar_enabled": False,
        "preferred_locale": preferred_locale,
        "nsfw_level": 0,
        "nsfw": False,
        "incidents_data": None,
        "latest_onboarding_question_id": None,
    }


def member(
    user: Mapping[str, Any],
    *,
    roles: Iterable[Union[int, str]] = (),
    nick: Optional[str] = None,
    joined_at: Optional[str] = None,
    permissions: Optional[int] = None,
) -> dict:
    """A guild member object with its ``user``.

    ``permissions`` (the member's permissions in the channel, as Discord puts it in interaction payloads)
    is only added when given; :func:`slash_command` and friends add it for the invoking member.
    """
    data = {
        "user": dict(user),
        "roles": [_sid(r) for r in roles],
        "nick": nick,
        "avatar": None,
        "banner": None,
        "avatar_decoration_data": None,
        "collectibles": None,
        "premium_since": None,
        "joined_at": joined_at or iso(DEFAULT_OWNER_ID),
        "pending": False,
        "mute": False,
        "deaf": False,
        "flags": 0,
        "communication_disabled_until": None,
        "unusual_dm_activity_until": None,
    }
    if permissions is not None:
        data["permissions"] = str(permissions)
    return data


_make_member = member

TEXT, DM, VOICE, CATEGORY, NEWS, NEWS_THREAD, PUBLIC_THREAD, PRIVATE_THREAD, FORUM = 0, 1, 2, 4, 5, 10, 11, 12, 15


def text_channel(
    guild_id: Union[int, str],
    name: str = "general",
    *,
    id: Union[int, str, None] = None,
    position: int = 0,
    parent_id: Union[int, str, None] = None,
    topic: Optional[str] = None,
    permission_overwrites: Sequence[dict] = (),
    type: int = TEXT,
) -> dict:
    return {
        "id": _sid(id if id is not None else snowflake()),
        "type": type,
        "guild_id": _sid(guild_id),
        "name": name,
        "position": position,
        "parent_id": _sid(parent_id),
        "topic": topic,
        "nsfw": False,
        "last_message_id": None,
        "last_pin_timestamp": None,
        "rate_limit_per_user": 0,
        "default_auto_archive_duration": 1440,
        "default_thread_rate_limit_per_user": 0,
        "permission_overwrites": list(permission_overwrites),
        "flags": 0,
        "icon_emoji": None,
        "theme_color": None,
    }


def category(guild_id: Union[int, str], name: str, *, id: Union[int, str, None] = None, position: int = 0) -> dict:
    return {
        "id": _sid(id if id is not None else snowflake()),
        "type": CATEGORY,
        "guild_id": _sid(guild_id),
        "name": name,
        "position": position,
        "parent_id": None,
        "nsfw": False,
        "permission_overwrites": [],
        "flags": 0,
    }


def thread_channel(
    guild_id: Union[int, str],
    parent_id: Union[int, str],
    name: str,
    *,
    id: Union[int, str, None] = None,
    owner_id: Union[int, str] = DEFAULT_BOT_ID,
    type: int = PUBLIC_THREAD,
    auto_archive_duration: int = 1440,
    invitable: bool = True,
    rate_limit_per_user: int = 0,
    archived: bool = False,
    locked: bool = False,
) -> dict:
    tid = _sid(id if id is not None else snowflake())
    data = {
        "id": tid,
        "type": type,
        "guild_id": _sid(guild_id),
        "parent_id": _sid(parent_id),
        "owner_id": _sid(owner_id),
        "name": name,
        "last_message_id": None,
        "rate_limit_per_user": rate_limit_per_user,
        "message_count": 0,
        "member_count": 1,
        "total_message_sent": 0,
        "flags": 0,
        "applied_tags": [],
        "thread_metadata": {
            "archived": archived,
            "auto_archive_duration": auto_archive_duration,
            "archive_timestamp": iso(tid),
            "locked": locked,
            "create_timestamp": iso(tid),
        },
        "member": {
            "id": tid,
            "user_id": _sid(owner_id),
            "join_timestamp": iso(tid),
            "flags": 1,
        },
    }
    if type == PRIVATE_THREAD:
        data["thread_metadata"]["invitable"] = invitable
    return data


def dm_channel(recipient: Mapping[str, Any], *, id: Union[int, str, None] = None) -> dict:
    """A DM channel object (type 1) as ``POST /users/@me/channels`` answers it."""
    return {
        "id": _sid(id if id is not None else snowflake()),
        "type": DM,
        "last_message_id": None,
        "flags": 0,
        "recipients": [dict(recipient)],
    }


def guild_create(
    guild_data: Mapping[str, Any],
    *,
    channels: Sequence[Mapping[str, Any]] = (),
    members: Sequence[Mapping[str, Any]] = (),
    threads: Sequence[Mapping[str, Any]] = (),
    joined_at: Optional[str] = None,
) -> dict:
    """A GUILD_CREATE gateway event for an available guild.

    ``member_count`` equals the members given, so discord.py counts the guild as chunked and never asks the
    gateway (there is none) for members.
    """
    data = dict(guild_data)
    # Discord leaves guild_id out of channels in GUILD_CREATE
    data["channels"] = [{k: v for k, v in c.items() if k != "guild_id"} for c in channels]
    data["threads"] = [dict(t) for t in threads]
    data["members"] = [{k: v for k, v in m.items() if k != "permissions"} for m in members]
    data.update(
        {
            "unavailable": False,
            "large": False,
            "lazy": True,
            "member_count": len(members),
            "joined_at": joined_at or iso(guild_data["id"]),
            "voice_states": [],
            "presences": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
            "embedded_activities": [],
            "application_command_counts": {},
        }
    )
    return data


# --------------------------------------------------------------------------------------------------
# command options


@dataclass(frozen=True)
class Opt:
    """An option value with an explicit Discord option type (3 string, 4 integer, 5 boolean, 6 user,
    7 channel, 8 role, 9 mentionable, 10 number, 11 attachment).

    For user/channel/role options, ``resolved`` is the object (user, channel or role dict) that goes into
    ``data.resolved``; ``member`` is the member dict (for user options in guilds).
    """

    type: int
    value: Any
    resolved: Optional[Mapping[str, Any]] = None
    member: Optional[Mapping[str, Any]] = None


STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER, ATTACHMENT = 3, 4, 5, 6, 7, 8, 9, 10, 11


def user_option(user_data: Mapping[str, Any], member: Optional[Mapping[str, Any]] = None) -> Opt:
    return Opt(USER, user_data["id"], resolved=user_data, member=member)


def channel_option(channel: Mapping[str, Any]) -> Opt:
    return Opt(CHANNEL, channel["id"], resolved=channel)


def role_option(role_data: Mapping[str, Any]) -> Opt:
    return Opt(ROLE, role_data["id"], resolved=role_data)


def _to_opt(value: Any) -> Opt:
    if isinstance(value, Opt):
        return value
    if isinstance(value, bool):
        return Opt(BOOLEAN, value)
    if isinstance(value, int):
        return Opt(INTEGER, value)
    if isinstance(value, float):
        return Opt(NUMBER, value)
    if isinstance(value, str):
        return Opt(STRING, value)
    if isinstance(value, Mapping):
        if "username" in value:
            return user_option(value)
        if "user" in value and "roles" in value:  # a member dict
            return user_option(value["user"], member=value)
        if "type" in value and "name" in value:
            return channel_option(value)
        if "permissions" in value and "position" in value:
            return role_option(value)
    raise TypeError(f"cannot infer an option type for {value!r}; wrap it in payloads.Opt(type, value)")


def _options(
    values: Optional[Mapping[str, Any]], resolved: dict, guild_id: Optional[str], focused: Optional[str] = None
) -> list:
    out = []
    for name, raw in (values or {}).items():
        opt = _to_opt(raw)
        entry: dict = {"name": name, "type": opt.type}
        value = opt.value
        if opt.type in (USER, CHANNEL, ROLE, MENTIONABLE, ATTACHMENT):
            value = _sid(value)
        if focused == name:
            entry["focused"] = True
            # while typing, Discord sends what the user typed so far, as typed
            value = str(value) if opt.type in (INTEGER, NUMBER) else value
        entry["value"] = value
        if opt.resolved is not None:
            if opt.type == USER or (opt.type == MENTIONABLE and "username" in opt.resolved):
                resolved.setdefault("users", {})[value] = dict(opt.resolved)
                if guild_id is not None:
                    m = opt.member if opt.member is not None else member(opt.resolved)
                    m = {k: v for k, v in m.items() if k not in ("user", "mute", "deaf")}
                    m.setdefault("permissions", str(MEMBER_PERMISSIONS))
                    resolved.setdefault("members", {})[value] = m
            elif opt.type == CHANNEL:
                c = opt.resolved
                partial = {"id": c["id"], "name": c.get("name"), "type": c["type"], "permissions": str(MEMBER_PERMISSIONS)}
                for key in ("parent_id", "thread_metadata", "guild_id"):
                    if key in c:
                        partial[key] = c[key]
                resolved.setdefault("channels", {})[value] = partial
            elif opt.type in (ROLE, MENTIONABLE):
                resolved.setdefault("roles", {})[value] = dict(opt.resolved)
            elif opt.type == ATTACHMENT:
                resolved.setdefault("attachments", {})[value] = dict(opt.resolved)
        out.append(entry)
    return out


def attachment_option(filename: str, data: bytes = b"", *, url: str = "", content_type: Optional[str] = None) -> Opt:
    """An attachment option (type 11). The attachment's url is for show unless the test serves it."""
    aid = str(snowflake())
    return Opt(
        ATTACHMENT,
        aid,
        resolved={
            "id": aid,
            "filename": filename,
            "size": len(data),
            "url": url or f"http://127.0.0.1/attachments/0/{aid}/{filename}",
            "proxy_url": url or f"http://127.0.0.1/attachments/0/{aid}/{filename}",
            "content_type": content_type,
            "ephemeral": True,
        },
    )


# --------------------------------------------------------------------------------------------------
# interactions

APPLICATION_COMMAND, MESSAGE_COMPONENT, AUTOCOMPLETE, MODAL_SUBMIT = 2, 3, 4, 5
CONTEXT_GUILD, CONTEXT_BOT_DM, CONTEXT_PRIVATE_CHANNEL = 0, 1, 2


@dataclass(frozen=True)
class Envelope:
    """Who sends an interaction, from where, and the other fields every interaction type shares:
    each builder below takes these as keyword arguments (``user=``, ``channel=``, ``locale=``, ...)
    besides its own, so the list is written once.

    In a guild channel (a channel with ``guild_id``, or ``guild_id`` given) the invoker is a
    ``member`` with ``permissions`` (default :data:`MEMBER_PERMISSIONS`); in a DM a ``user``."""

    user: Mapping[str, Any]
    channel: Mapping[str, Any]
    member: Optional[Mapping[str, Any]] = None
    permissions: Optional[int] = None
    guild_id: Union[int, str, None] = None
    locale: str = "en-US"
    guild_locale: Optional[str] = "en-US"
    application_id: Union[int, str] = DEFAULT_APPLICATION_ID
    app_permissions: int = BOT_PERMISSIONS
    id: Union[int, str, None] = None
    token: Optional[str] = None
    guild_features: Sequence[str] = ()
    attachment_size_limit: int = DEFAULT_ATTACHMENT_SIZE_LIMIT

    @property
    def gid(self) -> Optional[str]:
        return _sid(self.guild_id if self.guild_id is not None else self.channel.get("guild_id"))

    def payload(self, type: int, data: dict) -> dict:
        """INTERACTION_CREATE of ``type`` carrying ``data``."""
        user, channel = self.user, self.channel
        iid = _sid(self.id if self.id is not None else snowflake())
        gid = self.gid
        payload: dict = {
            "id": iid,
            "application_id": _sid(self.application_id),
            "type": type,
            "data": data,
            "token": self.token or f"fake-interaction-token-{iid}",
            "version": 1,
            "channel_id": channel["id"],
            "channel": dict(channel),
            "app_permissions": str(self.app_permissions),
            "locale": self.locale,
            "entitlements": [],
            "entitlement_sku_ids": [],
            "attachment_size_limit": self.attachment_size_limit,
        }
        if gid is not None:
            m = dict(self.member) if self.member is not None else _make_member(user)
            m["user"] = dict(m.get("user") or user)
            if self.permissions is not None:
                m["permissions"] = str(self.permissions)
            else:
                m.setdefault("permissions", str(MEMBER_PERMISSIONS))
            payload.update(
                {
                    "guild_id": gid,
                    "guild": {"id": gid, "locale": self.guild_locale or "en-US", "features": list(self.guild_features)},
                    "guild_locale": self.guild_locale or "en-US",
                    "member": m,
                    "authorizing_integration_owners": {"0": gid},
                    "context": CONTEXT_GUILD,
                }
            )
            payload["channel"].setdefault("guild_id", gid)
        else:
            payload.update(
                {
                    "user": dict(user),
                    "authorizing_integration_owners": {"0": "0"},
                    "context": CONTEXT_BOT_DM if channel.get("type") == DM else CONTEXT_PRIVATE_CHANNEL,
                }
            )
        return payload


def _command_id(name: str) -> str:
    # stable per name, so ``interaction.command_id`` is the same for every invocation of a command
    h = 0
    for ch in name:
        h = (h * 131 + ord(ch)) & 0x3FFFFF
    return str(((_BASE_MS - 86_400_000) << 22) | h)


def _command_data(
    name: str,
    options: Optional[Mapping[str, Any]],
    *,
    group: Optional[str],
    subcommand: Optional[str],
    guild_id: Optional[str],
    command_guild_id: Union[int, str, None],
    command_id: Union[int, str, None],
    focused: Optional[str] = None,
) -> dict:
    resolved: dict = {}
    opts = _options(options, resolved, guild_id, focused)
    if subcommand is not None:
        opts = [{"name": subcommand, "type": 1, "options": opts}]
        if group is not None:
            opts = [{"name": group, "type": 2, "options": opts}]
    elif group is not None:
        raise ValueError("a subcommand group needs a subcommand")
    data: dict = {
        "id": _sid(command_id) if command_id is not None else _command_id(name),
        "name": name,
        "type": 1,
        "options": opts,
    }
    if resolved:
        data["resolved"] = resolved
    if command_guild_id is not None:
        data["guild_id"] = _sid(command_guild_id)
    return data


def slash_command(
    name: str,
    options: Optional[Mapping[str, Any]] = None,
    *,
    group: Optional[str] = None,
    subcommand: Optional[str] = None,
    command_guild_id: Union[int, str, None] = None,
    command_id: Union[int, str, None] = None,
    **envelope: Any,
) -> dict:
    """INTERACTION_CREATE for a chat-input command (type 2).

    ``/game admin reset force:true`` is ``slash_command("game", {"force": True}, group="admin",
    subcommand="reset", ...)``. Option types come from the Python values (str, int, float, bool; a user
    dict becomes a user option with ``resolved`` users, and members in guilds); use :class:`Opt` to be
    explicit. ``envelope`` is :class:`Envelope`'s fields: in a guild channel (a channel with
    ``guild_id``) the invoker is a ``member`` with ``permissions`` (default :data:`MEMBER_PERMISSIONS`;
    pass ``permissions=MANAGER_PERMISSIONS`` or ``MANAGE_GUILD | ...`` for admin checks). In a DM channel
    the invoker is a ``user``. ``command_guild_id`` marks the command as registered in that guild
    (``data.guild_id``).
    """
    env = Envelope(**envelope)
    gid = env.gid
    data = _command_data(
        name,
        options,
        group=group,
        subcommand=subcommand,
        guild_id=gid,
        command_guild_id=command_guild_id,
        command_id=command_id,
    )
    return env.payload(APPLICATION_COMMAND, data)


def autocomplete(
    name: str,
    options: Optional[Mapping[str, Any]] = None,
    *,
    focused: str,
    group: Optional[str] = None,
    subcommand: Optional[str] = None,
    command_guild_id: Union[int, str, None] = None,
    command_id: Union[int, str, None] = None,
    **envelope: Any,
) -> dict:
    """INTERACTION_CREATE for autocomplete (type 4): the options typed so far, ``focused`` names the one
    being typed (it must be in ``options``; its value is the partial text)."""
    if focused not in (options or {}):
        raise ValueError(f"focused option {focused!r} must be among the options")
    env = Envelope(**envelope)
    gid = env.gid
    data = _command_data(
        name,
        options,
        group=group,
        subcommand=subcommand,
        guild_id=gid,
        command_guild_id=command_guild_id,
        command_id=command_id,
        focused=focused,
    )
    data.pop("resolved", None)  # Discord sends no resolved data while typing
    return env.payload(AUTOCOMPLETE, data)


BUTTON, STRING_SELECT, TEXT_INPUT, USER_SELECT, ROLE_SELECT, MENTIONABLE_SELECT, CHANNEL_SELECT = 2, 3, 4, 5, 6, 7, 8


def message(
    channel: Mapping[str, Any],
    *,
    id: Union[int, str, None] = None,
    content: str = "",
    author: Optional[Mapping[str, Any]] = None,
    components: Sequence[dict] = (),
    embeds: Sequence[dict] = (),
    flags: int = 0,
    application_id: Union[int, str, None] = None,
) -> dict:
    """A message object (default author: the default bot user)."""
    mid = _sid(id if id is not None else snowflake())
    data = {
        "id": mid,
        "channel_id": channel["id"],
        "type": 0,
        "content": content,
        "author": dict(author) if author is not None else bot_user(),
        "timestamp": iso(mid),
        "edited_timestamp": None,
        "tts": False,
        "mention_everyone": False,
        "mentions": [],
        "mention_roles": [],
        "mention_channels": [],
        "attachments": [],
        "embeds": list(embeds),
        "reactions": [],
        "pinned": False,
        "flags": flags,
        "components": list(components),
    }
    if channel.get("guild_id") is not None:
        data["guild_id"] = channel["guild_id"]
    if application_id is not None:
        data["application_id"] = _sid(application_id)
    return data


_make_message = message


def button(custom_id: str, label: str = "", *, style: int = 1) -> dict:
    """A button component as it comes back from Discord inside a message."""
    return {"type": BUTTON, "custom_id": custom_id, "label": label, "style": style, "disabled": False}


def action_row(*components: dict) -> dict:
    return {"type": 1, "components": list(components)}


def component(
    custom_id: str,
    message: Optional[Mapping[str, Any]] = None,
    *,
    component_type: int = BUTTON,
    values: Optional[Sequence[Any]] = None,
    resolved: Optional[dict] = None,
    **envelope: Any,
) -> dict:
    """INTERACTION_CREATE for a message component (type 3): a button click, or a select with ``values``.

    ``message`` is the message the component sits on (a dict as Discord sends it, or anything with a
    ``to_payload()`` such as a message recorded by the fake server). Without one, a bot message in
    ``channel`` holding just that button is made up (enough for persistent views and dynamic items).
    ``envelope``: :class:`Envelope`'s fields.
    """
    env = Envelope(**envelope)
    channel, application_id = env.channel, env.application_id
    if message is None:
        kind = component_type
        if kind == BUTTON:
            comp = button(custom_id, "button")
        else:
            comp = {"type": kind, "custom_id": custom_id, "options": [], "min_values": 1, "max_values": 1}
            if kind == STRING_SELECT:
                comp["options"] = [{"label": str(v), "value": str(v)} for v in values or []]
        msg = _make_message(channel, components=[action_row(comp)], application_id=application_id)
    elif hasattr(message, "to_payload"):
        msg = message.to_payload()  # type: ignore[union-attr]
    else:
        msg = dict(message)
    data: dict = {"custom_id": custom_id, "component_type": component_type}
    if component_type != BUTTON:
        data["values"] = [str(v) for v in values or []]
        if resolved:
            data["resolved"] = resolved
    payload = env.payload(MESSAGE_COMPONENT, data)
    payload["message"] = msg
    return payload


def modal_submit(
    custom_id: str,
    fields: Mapping[str, str],
    *,
    message: Optional[Mapping[str, Any]] = None,
    labelled: bool = True,
    **envelope: Any,
) -> dict:
    """INTERACTION_CREATE for a modal submit (type 5): ``fields`` maps text inputs' custom_ids to values.

    ``labelled=True`` sends each input inside a Label (type 18), as Discord does for modals built with
    ``discord.ui.Label``; ``False`` sends the older action-row form (``discord.ui.TextInput`` added
    directly to the modal). ``envelope``: :class:`Envelope`'s fields.
    """
    comps = []
    for i, (cid, value) in enumerate(fields.items(), start=1):
        text_input = {"type": TEXT_INPUT, "id": i * 2, "custom_id": cid, "value": value}
        if labelled:
            comps.append({"type": 18, "id": i * 2 - 1, "component": text_input})
        else:
            comps.append({"type": 1, "id": i * 2 - 1, "components": [text_input]})
    payload = Envelope(**envelope).payload(MODAL_SUBMIT, {"custom_id": custom_id, "components": comps})
    if message is not None:
        payload["message"] = message.to_payload() if hasattr(message, "to_payload") else dict(message)  # type: ignore
    return payload
