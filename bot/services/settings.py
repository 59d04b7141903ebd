"""A server's own settings (``/settings``): what its matches start with and who organizes them.

One model, ``ServerSettings``, with the defaults every server has until an admin changes them;
``settings_of(repo, guild_id)`` reads a server's (in DMs: the defaults). Each setting is stored on
its own (``server_settings``: a server that changed one keeps the defaults of the rest, and two
admins changing two settings at once both count) and every change is logged with who made it
(``settings_changes``, and the bot's log).

Who reads what:

- ``language``: the language of the server's match posts (``lifecycle.create``); ``None``: the
  server's Discord language.
- ``games``: the games ``/match create`` offers here; another is refused (``settings.game_disabled``).
- ``deadline_hours``: the per-move deadline of a match created without time options (0: none).
- ``grace_hours``: how far a grace moves a missed per-move deadline on, in hours (``None``, the
  default: one deadline period; 0: no grace, the first miss loses on time unless the match asks
  for graces with ``schedule: grace N``). Given to each new match's time control
  (``match_time_control``, from ``lifecycle.create``; league matches too).
- ``vacation_days``: the days a year a player may be away with their deadlines stopped (default
  ``ALLOWANCE_DAYS``, 30).
  Read by ``/away`` given on this server (``absence.allowance_days``).
- ``match_channel``: the channel whose threads new matches open in (``None``: where the command
  was given).
- ``rated``: whether a match counts for the server's ratings unless its creator says otherwise
  (default yes). Read by the leagues and by `/match create` when its `rated` option is not given.
- ``organizer_role``: members holding this role may organize (``organizers.may_organize``).
"""

from __future__ import annotations

import json
import logging
from datetime import datetime
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from bot.i18n import Msg
from bot.i18n.catalog import LANGUAGES
from bot.services.people import Actor
from bot.services.time_control import TimeControl
from bot.storage.models import SettingChangeRow
from bot.storage.repository import Repository
from engines.registry import ENGINES

log = logging.getLogger(__name__)

CHANGES_SHOWN = 10
DEADLINE_CHOICES = (0, 24, 48, 72, 168)
"""The default deadlines ``/settings`` offers, in hours (0: none)."""
GRACE_CHOICES: tuple[float | None, ...] = (None, 0, 6, 12, 24, 48)
"""The graces ``/settings`` offers, in hours (``None``: one deadline period; 0: none)."""
VACATION_CHOICES = (0, 14, 30, 60, 90)
ALLOWANCE_DAYS = 30
"""Days of absence a player may take per calendar year, unless the server sets another number
(the default of ``vacation_days``, and what ``/away`` allows in a DM)."""


class ServerSettings(BaseModel):
    """A server's settings, with the defaults of a server that set none."""

    model_config = ConfigDict(frozen=True, extra="ignore")

    language: str | None = None
    games: tuple[str, ...] = Field(default_factory=lambda: tuple(sorted(ENGINES)))
    deadline_hours: float = Field(0, ge=0, le=24 * 60)
    grace_hours: float | None = Field(None, ge=0, le=24 * 30)
    vacation_days: int = Field(ALLOWANCE_DAYS, ge=0, le=366)
    match_channel: str | None = None
    rated: bool = True
    organizer_role: str | None = None

    def game_enabled(self, game: str) -> bool:
        return game in self.games

    def default_time_control(self) -> TimeControl:
        """The time control of a match created here without time options."""
        return TimeControl(per_move_hours=self.deadline_hours)

    def match_time_control(self, given: TimeControl | None) -> TimeControl:
        """The time control a new match here starts with: ``given`` (else the server's default
        deadline) with the server's grace, where the match did not ask for its own graces.

        >>> ServerSettings(grace_hours=0).match_time_control(TimeControl(per_move_hours=24)).grace
        0
        >>> ServerSettings(grace_hours=0).match_time_control(TimeControl(per_move_hours=24, grace=2)).grace
        2
        >>> ServerSettings(grace_hours=6).match_time_control(None).grace_hours
        6.0
        """
        control = given or self.default_time_control()
        if self.grace_hours is None:
            return control
        if self.grace_hours == 0:
            return control if "grace" in control.model_fields_set else control.model_copy(update={"grace": 0})
        return control.model_copy(update={"grace_hours": self.grace_hours})


KEYS = tuple(ServerSettings.model_fields)


def game_refusal(settings: ServerSettings, game: str) -> Msg | None:
    """Why ``game`` cannot be created on a server with ``settings`` (``None``: it can, or the game
    is unknown, which ``/match create`` words itself)."""
    if game in ENGINES and not settings.game_enabled(game):
        return Msg("settings.game_disabled", {"game": Msg(f"games.{game}"), "games": [Msg(f"games.{g}") for g in settings.games]})
    return None


class SettingError(ValueError):
    """A value a setting cannot take; ``code`` and ``params`` word it."""

    def __init__(self, code: str, **params: Any) -> None:
        super().__init__(code)
        self.code = code
        self.params = params


async def settings_of(repo: Repository, guild_id: str | None) -> ServerSettings:
    """The settings of server ``guild_id`` (the defaults in DMs, and for any stored value that no
    longer reads: logged, never fatal)."""
    if guild_id is None:
        return ServerSettings()
    stored = await repo.server_settings(guild_id)
    values: dict[str, Any] = {}
    for key, text in stored.items():
        if key not in KEYS:
            continue
        try:
            values[key] = json.loads(text)
        except ValueError:
            log.warning("server %s: setting %s does not read (%r); its default is used", guild_id, key, text)
    try:
        return ServerSettings.model_validate(values)
    except ValidationError as error:
        log.warning("server %s: settings do not read (%s); the defaults of the bad ones are used", guild_id, error)
        good = {k: v for k, v in values.items() if not any(e["loc"] and e["loc"][0] == k for e in error.errors())}
        return ServerSettings.model_validate(good)


def checked(key: str, value: Any) -> Any:
    """``value`` as setting ``key`` stores it; ``SettingError`` for a value it cannot take."""
    if key not in KEYS:
        raise SettingError("settings.unknown_setting", setting=key)
    if key == "language" and value is not None and value not in LANGUAGES:
        raise SettingError("settings.bad_value", setting=key, value=value)
    if key == "games":
        games = tuple(sorted(set(value)))
        unknown = [g for g in games if g not in ENGINES]
        if unknown or not games:
            raise SettingError("settings.games_needed" if not games else "settings.bad_value", setting=key, value=", ".join(unknown))
        value = games
    try:
        parsed = ServerSettings.model_validate({key: value})
    except ValidationError:
        raise SettingError("settings.bad_value", setting=key, value=str(value)) from None
    return getattr(parsed, key)


async def change(repo: Repository, guild_id: str, actor: Actor, key: str, value: Any, at: datetime) -> tuple[ServerSettings, SettingChangeRow]:
    """Set ``key`` of the server to ``value`` (checked), logged with ``actor``: the settings after,
    and the change as stored (with the value before)."""
    good = checked(key, value)
    stored = json.dumps(list(good) if isinstance(good, tuple) else good)
    done = await repo.change_server_setting(SettingChangeRow(
        guild_id=guild_id, key=key, old_value=None, new_value=stored, user_id=actor.user_id, user_name=actor.name, at=at,
    ))
    log.info("server %s: %s set %s from %s to %s", guild_id, f"{actor.name} ({actor.user_id})", key, done.old_value, stored)
    return await settings_of(repo, guild_id), done
