"""``/match replay``, ``/match catchup`` (added to the ``/match`` group by ``match_commands``),
``/odds`` and ``/note``: each reads its options and hands one service call to ``respond``."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_app.answering import BotHost, respond
from bot.discord_app.options import text
from bot.discord_app.people import actor_of, place_of


def _text(key: str) -> app_commands.locale_str:
    return text(f"commands.{key}")


def match_commands(bot: BotHost) -> list[app_commands.Command]:
    """``/match replay`` and ``/match catchup``, for ``MatchCog`` to add to its group."""

    async def replay(interaction: discord.Interaction) -> None:
        # A whole record replayed and drawn frame by frame (in a worker): deferred at once.
        await respond(bot, interaction, lambda: bot.services.matches.replay(
            place_of(interaction), actor_of(interaction), interaction.filesize_limit), defer_first=True)

    async def catchup(interaction: discord.Interaction) -> None:
        await respond(bot, interaction, lambda: bot.services.matches.catchup(place_of(interaction), actor_of(interaction)))

    return [
        app_commands.Command(name="replay", description=_text("match_replay"), callback=replay),
        app_commands.Command(name="catchup", description=_text("match_catchup"), callback=catchup),
    ]


class ReplaysCog(commands.Cog):
    """``/odds`` (Axis & Allies battle odds) and ``/note`` (private notes on the match here)."""

    def __init__(self, bot: BotHost) -> None:
        self.bot = bot

    @app_commands.command(name="odds", description=_text("odds"))
    @app_commands.describe(attack=_text("option_odds_attack"), defend=_text("option_odds_defend"),
                           territory=_text("option_odds_territory"))
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=False)
    async def odds(self, interaction: discord.Interaction, attack: app_commands.Range[str, 0, 300] = "",
                   defend: app_commands.Range[str, 0, 300] = "", territory: app_commands.Range[str, 0, 100] = "") -> None:
        place = place_of(interaction) if interaction.guild_id is not None else None
        await respond(self.bot, interaction,
                      lambda: self.bot.services.matches.odds(place, actor_of(interaction), attack, defend, territory))

    @app_commands.command(name="note", description=_text("note"))
    @app_commands.describe(text=_text("option_note_text"))
    @app_commands.guild_only()
    async def note(self, interaction: discord.Interaction, text: app_commands.Range[str, 0, 1000] = "") -> None:
        await respond(self.bot, interaction, lambda: self.bot.services.matches.note(place_of(interaction), actor_of(interaction), text))
