"""``/settings``: the server's settings, shown to its admins (Manage Server) in the server's language
with a menu for each (as Avrae's server settings): language, games, the channel for match threads,
the organizer role, and one menu for the default deadline, grace, vacation allowance and rating.

The menus name only the setting they change (``scheids:settings:<setting>``): they work after a
restart. Each choice is answered at once (a deferred update: nothing waits on storage first), then
the message is edited to the settings after the change, which is stored and logged with who made
it (``bot.services.settings.change``)."""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Awaitable, Callable
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_app.answering import NO_PINGS, BotHost, context_of
from bot.discord_app.delivery import format_value
from bot.discord_app.options import text
from bot.discord_app.people import actor_of
from bot.i18n import Msg, catalog, locale_of
from bot.services import presenter
from bot.services.settings import (
    CHANGES_SHOWN,
    DEADLINE_CHOICES,
    GRACE_CHOICES,
    KEYS,
    VACATION_CHOICES,
    ServerSettings,
    SettingError,
    change,
    settings_of,
)
from bot.storage.models import SettingChangeRow
from engines.registry import ENGINES

log = logging.getLogger(__name__)

MENUS = ("language", "games", "match_channel", "organizer_role", "defaults")
DISCORD_LANGUAGE = "discord"
"""The language menu's choice for "the server's Discord language" (stored as no language)."""
DEFAULTS = {"deadline_hours": DEADLINE_CHOICES, "grace_hours": GRACE_CHOICES, "vacation_days": VACATION_CHOICES, "rated": (1, 0)}
"""The settings of the fifth menu and their choices: ``<setting>:<value>``."""
PERIOD = "period"
"""The grace choice of one deadline period (the grace setting's ``None``)."""


def language_here(interaction: discord.Interaction, settings: ServerSettings) -> str:
    """The server's language: its setting, else its Discord language."""
    if settings.language is not None:
        return settings.language
    server = interaction.guild_locale
    return locale_of(str(server)) if server is not None else locale_of(str(interaction.locale))


def worded(key: str, value: Any) -> Msg | str:
    """A setting's value as the panel shows it."""
    if key == "language":
        return Msg(f"settings.language_{value}") if value else Msg("settings.language_discord")
    if key == "games":
        return [presenter.game_name(game) for game in value]  # type: ignore[return-value]
    if key == "grace_hours" and value is None:
        return Msg("settings.grace_period")
    if key in ("deadline_hours", "grace_hours"):
        return Msg("settings.hours", {"hours": f"{value:g}"}) if value else Msg("settings.none")
    if key == "vacation_days":
        return Msg("settings.days", {"days": value})
    if key == "match_channel":
        return f"<#{value}>" if value else Msg("settings.channel_here")
    if key == "organizer_role":
        return f"<@&{value}>" if value else Msg("settings.role_none")
    if key == "rated":
        return Msg("settings.yes" if value else "settings.no")
    return str(value)


def stored_value(key: str, stored: str | None) -> Any:
    return json.loads(stored) if stored is not None else ServerSettings().model_dump()[key]


def panel_text(settings: ServerSettings, changes: list[SettingChangeRow], language: str, note: Msg | None = None) -> str:
    words = catalog()
    lines: list[Msg] = [] if note is None else [note]
    lines += [
        Msg("settings.head"),
        Msg("settings.language_line", {"language": worded("language", settings.language)}),
        Msg("settings.games_line", {"games": worded("games", settings.games)}),
        Msg("settings.deadline_line", {"deadline": worded("deadline_hours", settings.deadline_hours)}),
        Msg("settings.grace_line", {"grace": worded("grace_hours", settings.grace_hours)}),
        Msg("settings.vacation_line", {"days": settings.vacation_days}),
        Msg("settings.channel_line", {"channel": worded("match_channel", settings.match_channel)}),
        Msg("settings.rated_line", {"rated": worded("rated", settings.rated)}),
        Msg("settings.organizer_line", {"role": worded("organizer_role", settings.organizer_role)}),
    ]
    if changes:
        lines.append(Msg("settings.changes_head"))
        lines += [change_line(c) for c in changes[:CHANGES_SHOWN]]
    return "\n".join(words.render(line, language, format_value) for line in lines)


def change_line(done: SettingChangeRow) -> Msg:
    return Msg("settings.change_line", {
        "at": done.at, "player": discord.utils.escape_markdown(done.user_name),
        "setting": Msg(f"settings.name_{done.key}"), "value": worded(done.key, stored_value(done.key, done.new_value)),
    })


def panel_view(settings: ServerSettings, language: str) -> discord.ui.View:
    words = catalog()

    def say(key: str, **params: Any) -> str:
        return words.render(Msg(key, params), language, format_value)[:100]

    view = discord.ui.View(timeout=None)
    current = settings.language or DISCORD_LANGUAGE
    view.add_item(discord.ui.Select(custom_id="scheids:settings:language", placeholder=say("settings.pick_language"), options=[
        discord.SelectOption(label=say(f"settings.language_{choice}"), value=choice, default=choice == current)
        for choice in (DISCORD_LANGUAGE, "en", "nl")
    ]))
    games = sorted(ENGINES)
    view.add_item(discord.ui.Select(
        custom_id="scheids:settings:games", placeholder=say("settings.pick_games"), min_values=1, max_values=len(games),
        options=[discord.SelectOption(label=words.render(presenter.game_name(g), language)[:100], value=g,
                                      default=g in settings.games) for g in games],
    ))
    view.add_item(discord.ui.ChannelSelect(
        custom_id="scheids:settings:match_channel", placeholder=say("settings.pick_channel"),
        channel_types=[discord.ChannelType.text], min_values=0, max_values=1,
    ))
    view.add_item(discord.ui.RoleSelect(
        custom_id="scheids:settings:organizer_role", placeholder=say("settings.pick_role"), min_values=0, max_values=1,
    ))
    choices = []
    for key, values in DEFAULTS.items():
        for value in values:
            shown = worded(key, bool(value) if key == "rated" else value)
            choices.append(discord.SelectOption(label=say(f"settings.choice_{key.split('_')[0]}", value=shown),
                                                value=f"{key}:{PERIOD if value is None else value}"))
    view.add_item(discord.ui.Select(custom_id="scheids:settings:defaults", placeholder=say("settings.pick_defaults"), options=choices))
    return view


def chosen(menu: str, values: list[str]) -> tuple[str, Any]:
    """The setting and value a choice in ``menu`` sets."""
    if menu == "language":
        return "language", None if not values or values[0] == DISCORD_LANGUAGE else values[0]
    if menu == "games":
        return "games", list(values)
    if menu in ("match_channel", "organizer_role"):
        return menu, values[0] if values else None
    key, _, value = (values[0] if values else "").partition(":")
    if key not in DEFAULTS:
        raise SettingError("settings.unknown_setting", setting=key or "?")
    if key == "grace_hours" and value == PERIOD:
        return key, None
    try:
        return key, bool(int(value)) if key == "rated" else float(value) if key.endswith("hours") else int(value)
    except ValueError:
        raise SettingError("settings.bad_value", setting=key, value=value) from None


async def show_panel(
    interaction: discord.Interaction, work: Callable[[], Awaitable[tuple[ServerSettings, Msg | None]]], *, update: bool,
) -> None:
    """Answer at once (a deferral), then edit the answer to the panel ``work`` leads to."""
    bot: BotHost = interaction.client  # type: ignore[assignment]
    if update:
        await interaction.response.defer()
    else:
        await interaction.response.defer(ephemeral=True, thinking=True)
    guild_id = str(interaction.guild_id)
    try:
        settings, note = await work()
        changes = await bot.services.repo.settings_changes(guild_id, CHANGES_SHOWN)
        language = language_here(interaction, settings)
        content, view = panel_text(settings, changes, language, note), panel_view(settings, language)
    except Exception:
        log.exception("the settings could not be shown: %s", context_of(interaction))
        content, view = catalog().render(Msg("core.interaction_failed"), actor_of(interaction).language), None
    try:
        await interaction.edit_original_response(content=content[:2000], view=view, allowed_mentions=NO_PINGS)
    except discord.HTTPException:
        log.exception("could not show the settings: %s", context_of(interaction))


async def refuse(interaction: discord.Interaction) -> None:
    language = actor_of(interaction).language
    await interaction.response.send_message(catalog().render(Msg("settings.not_admin"), language), ephemeral=True,
                                            allowed_mentions=NO_PINGS)


class SettingsMenu(discord.ui.DynamicItem[discord.ui.Select], template=r"scheids:settings:(?P<menu>[a-z_]{1,20})"):
    """A choice in one of the panel's menus (any of them: the custom_id names the menu)."""

    def __init__(self, menu: str) -> None:
        super().__init__(discord.ui.Select(custom_id=f"scheids:settings:{menu}", options=[discord.SelectOption(label="-")]))
        self.menu = menu

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]) -> Any:
        return cls(match["menu"])

    def _refresh_state(self, interaction: discord.Interaction, data: dict[str, Any]) -> None:
        """The chosen values are read from the raw data (``callback``): channel and role menus
        arrive in the shape of a text menu's here."""

    async def callback(self, interaction: discord.Interaction) -> None:
        if interaction.guild_id is None or not actor_of(interaction).is_admin:
            await refuse(interaction)
            return
        data: dict[str, Any] = dict(interaction.data or {})
        values = [str(v) for v in data.get("values", [])]
        bot: BotHost = interaction.client  # type: ignore[assignment]
        actor = actor_of(interaction)
        guild_id = str(interaction.guild_id)

        async def work() -> tuple[ServerSettings, Msg | None]:
            try:
                if self.menu not in MENUS:
                    raise SettingError("settings.unknown_setting", setting=self.menu)
                key, value = chosen(self.menu, values)
                after, _ = await change(bot.services.repo, guild_id, actor, key, value, bot.services.matches.clock.now())
            except SettingError as error:
                params = {**error.params, "setting": Msg(f"settings.name_{error.params.get('setting')}")
                          if error.params.get("setting") in KEYS else error.params.get("setting")}
                return await settings_of(bot.services.repo, guild_id), Msg(error.code, params)
            return after, Msg("settings.changed", {
                "player": discord.utils.escape_markdown(actor.name), "setting": Msg(f"settings.name_{key}"),
                "value": worded(key, getattr(after, key)),
            })

        await show_panel(interaction, work, update=True)


class SettingsCog(commands.Cog):
    """``/settings``."""

    def __init__(self, bot: BotHost) -> None:
        self.bot = bot

    @app_commands.command(name="settings", description=text("commands.settings"))
    @app_commands.guild_only()
    @app_commands.default_permissions(manage_guild=True)
    async def settings(self, interaction: discord.Interaction) -> None:
        if not actor_of(interaction).is_admin:
            await refuse(interaction)
            return

        async def work() -> tuple[ServerSettings, Msg | None]:
            return await settings_of(self.bot.services.repo, str(interaction.guild_id)), None

        await show_panel(interaction, work, update=False)
