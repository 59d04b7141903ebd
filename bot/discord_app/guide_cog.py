"""``/help`` and ``/rules``: short, private answers in the reader's language, anywhere (servers and
DMs). The texts come from ``bot.services.guide``, as in the console."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_app.answering import BotHost, respond
from bot.discord_app.options import text
from bot.discord_app.people import actor_of
from bot.services import guide
from bot.services.delivery import Delivery
from engines.registry import ENGINES

GAME_CHOICES = [app_commands.Choice(name=text(f"games.{slug}"), value=slug) for slug in ENGINES]
TOPIC_CHOICES = [app_commands.Choice(name=text(f"commands.choice_topic_{topic}"), value=topic) for topic in (*guide.TOPICS, guide.ALL)]


class GuideCog(commands.Cog):
    """``/help`` (the commands and the games) and ``/rules game [topic]`` (every topic of ``guide.TOPICS``, and ``all``)."""

    def __init__(self, bot: BotHost) -> None:
        self.bot = bot

    @app_commands.command(name="help", description=text("commands.help"))
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=False)
    async def help(self, interaction: discord.Interaction) -> None:
        await respond(self.bot, interaction, lambda: _done(guide.help_reply(actor_of(interaction).language)))

    @app_commands.command(name="rules", description=text("commands.rules"))
    @app_commands.describe(game=text("commands.option_game"), topic=text("commands.option_topic"))
    @app_commands.choices(game=GAME_CHOICES, topic=TOPIC_CHOICES)
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=False)
    async def rules(self, interaction: discord.Interaction, game: str, topic: str | None = None) -> None:
        await respond(self.bot, interaction, lambda: _done(guide.rules(actor_of(interaction).language, game, topic)))


async def _done(deliveries: list[Delivery]) -> list[Delivery]:
    return deliveries
