"""``/organize``: what an organizer of the server (Manage Server, or its organizer role set in
``/settings``) may do in any of its matches, named by number (autocomplete: the server's matches
in play): ``matches`` (the list, with the last move and who is waited on), ``pause``,
``resume``, ``abort`` and ``adjudicate`` (a result with a reason). The services decide who may
(``organizers.may_organize``) and record every action in the match's record."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_app.answering import BotHost, respond, within_budget
from bot.discord_app.options import text
from bot.discord_app.people import actor_of
from bot.i18n import catalog
from bot.services.matches import MatchService

MatchNumber = app_commands.Range[int, 1, 2**53 - 1]
Reason = app_commands.Range[str, 1, 200]


def _text(key: str) -> app_commands.locale_str:
    return text(f"commands.{key}")


def _guild(interaction: discord.Interaction) -> str | None:
    return str(interaction.guild_id) if interaction.guild_id else None


@app_commands.guild_only()
class OrganizeCog(commands.GroupCog, group_name="organize", group_description=_text("organize")):
    """``/organize matches|pause|resume|abort|adjudicate``."""

    def __init__(self, bot: BotHost) -> None:
        self.bot = bot
        super().__init__()

    @property
    def matches(self) -> MatchService:
        return self.bot.services.matches

    @app_commands.command(name="matches", description=_text("organize_matches"))
    async def list_matches(self, interaction: discord.Interaction) -> None:
        await respond(self.bot, interaction, lambda: self.matches.organized_matches(_guild(interaction), actor_of(interaction)))

    @app_commands.command(name="pause", description=_text("organize_pause"))
    @app_commands.describe(match=_text("option_organize_match"), reason=_text("option_reason"))
    async def pause(self, interaction: discord.Interaction, match: MatchNumber, reason: Reason) -> None:
        await respond(self.bot, interaction, lambda: self.matches.pause(_guild(interaction), actor_of(interaction), match, reason))

    @app_commands.command(name="resume", description=_text("organize_resume"))
    @app_commands.describe(match=_text("option_organize_match"), reason=_text("option_reason"))
    async def resume(self, interaction: discord.Interaction, match: MatchNumber, reason: app_commands.Range[str, 0, 200] = "") -> None:
        await respond(self.bot, interaction, lambda: self.matches.resume(_guild(interaction), actor_of(interaction), match, reason))

    @app_commands.command(name="abort", description=_text("organize_abort"))
    @app_commands.describe(match=_text("option_organize_match"), reason=_text("option_reason"))
    async def abort(self, interaction: discord.Interaction, match: MatchNumber, reason: Reason) -> None:
        await respond(
            self.bot, interaction, lambda: self.matches.organizer_abort(_guild(interaction), actor_of(interaction), match, reason)
        )

    @app_commands.command(name="adjudicate", description=_text("organize_adjudicate"))
    @app_commands.describe(match=_text("option_organize_match"), result=_text("option_result"), reason=_text("option_reason"))
    async def adjudicate(
        self, interaction: discord.Interaction, match: MatchNumber, result: app_commands.Range[str, 1, 40], reason: Reason,
    ) -> None:
        await respond(
            self.bot, interaction,
            lambda: self.matches.adjudicate(_guild(interaction), actor_of(interaction), match, result, reason),
        )

    @pause.autocomplete("match")
    @resume.autocomplete("match")
    @abort.autocomplete("match")
    @adjudicate.autocomplete("match")
    async def match_numbers(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
        return await within_budget(self._match_numbers(interaction, current), interaction)

    async def _match_numbers(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
        choices = await self.matches.server_match_choices(_guild(interaction), str(current or ""))
        return [app_commands.Choice(name=name[:100], value=number) for number, name in choices]

    @adjudicate.autocomplete("result")
    async def results(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await within_budget(self._results(interaction, current), interaction)

    async def _results(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        try:
            number = int(interaction.namespace.match)
        except (TypeError, ValueError):
            return []
        language = actor_of(interaction).language
        words = catalog()
        choices = await self.matches.result_choices(_guild(interaction), number)
        shown = [(value, words.render(msg, language)) for value, msg in choices]
        return [app_commands.Choice(name=name[:100], value=value) for value, name in shown if current.lower() in name.lower()]
