"""``/away`` and ``/notify``: a player's absence and how they hear that a match waits on them
(docs/long-games.md). Both work in servers and in DMs; the services decide the rest
(``MatchService.away``, ``MatchService.notify``). ``/match give-time`` and ``/match nudge`` live
with the other ``/match`` commands (``cogs.MatchCog``)."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_app.answering import BotHost, respond
from bot.discord_app.options import text
from bot.discord_app.people import actor_of
from bot.services.matches import MatchService

HOW_CHOICES = [app_commands.Choice(name=text(f"absence.how_{how}"), value=how) for how in ("dm", "ping", "none")]


class AbsenceCog(commands.Cog):
    """``/away [from] [until | days] [cancel]`` and ``/notify [how] [reminders] [digest] [timezone] [quiet]``."""

    def __init__(self, bot: BotHost) -> None:
        self.bot = bot

    @property
    def matches(self) -> MatchService:
        return self.bot.services.matches

    @app_commands.command(name="away", description=text("absence.command_away"))
    @app_commands.rename(start="from")
    @app_commands.describe(
        start=text("absence.option_away_from"), until=text("absence.option_away_until"),
        days=text("absence.option_away_days"), cancel=text("absence.option_away_cancel"),
    )
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=False)
    async def away(
        self, interaction: discord.Interaction, start: app_commands.Range[str, 1, 40] | None = None,
        until: app_commands.Range[str, 1, 40] | None = None, days: app_commands.Range[int, 1, 366] | None = None,
        cancel: bool = False,
    ) -> None:
        guild_id = str(interaction.guild_id) if interaction.guild_id is not None else None
        await respond(self.bot, interaction, lambda: self.matches.away(
            guild_id, actor_of(interaction), start=start, until=until, days=days, cancel=cancel))

    @app_commands.command(name="notify", description=text("absence.command_notify"))
    @app_commands.describe(
        how=text("absence.option_notify_how"), reminders=text("absence.option_notify_reminders"),
        digest=text("absence.option_notify_digest"), timezone=text("absence.option_notify_timezone"),
        quiet=text("absence.option_notify_quiet"),
    )
    @app_commands.choices(how=HOW_CHOICES)
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=False)
    async def notify(
        self, interaction: discord.Interaction, how: str | None = None, reminders: app_commands.Range[str, 1, 60] | None = None,
        digest: app_commands.Range[str, 1, 10] | None = None, timezone: app_commands.Range[str, 1, 60] | None = None,
        quiet: app_commands.Range[str, 1, 20] | None = None,
    ) -> None:
        await respond(self.bot, interaction, lambda: self.matches.notify(
            actor_of(interaction), how=how, reminders=reminders, digest=digest, timezone=timezone, quiet=quiet))
