"""``/autopilot`` and ``/match substitute`` (added to the ``/match`` group), and the persistent
buttons of a team's choice and a substitute's acceptance.

The buttons name the state they were made for, like the move buttons: a team's choice
``scheids:team:<choice>:<match>:<seq>``, a substitution ``scheids:sub:<match>:<seq>:<seat>:<user>``
(the offer lives in the button: nothing of it is kept elsewhere, and it works after a restart).
"""

from __future__ import annotations

import re
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_app.answering import BotHost, respond
from bot.discord_app.buttons import MORE_ITEMS, pressed_at, respond_in_match
from bot.discord_app.options import COMPUTER_CHOICES, text
from bot.discord_app.people import actor_of, place_of, user_actor
from bot.i18n import Msg, catalog
from bot.services.delivery import Button, Delivery, reply
from bot.services.match.teams import until_from

TEAM_FORM = r"scheids:team:(?P<choice>takeover|computer|concede):(?P<match>\d+):(?P<seq>\d{1,15})"
SUB_FORM = r"scheids:sub:(?P<match>\d+):(?P<seq>\d{1,15}):(?P<seat>\d{1,2}):(?P<user>\d{1,20})"
FORMS = (TEAM_FORM, SUB_FORM)
"""Every custom_id this module answers (``buttons.UnknownButton`` leaves them alone)."""


def _text(key: str) -> app_commands.locale_str:
    return text(f"commands.{key}")


class TeamButton(discord.ui.DynamicItem[discord.ui.Button], template=TEAM_FORM):
    """A team's answer after one of its seats resigned or lost on time, for the state at ``seq``."""

    def __init__(self, match_id: int, choice: str, seq: int, label: str | None = None) -> None:
        style = discord.ButtonStyle.danger if choice == "concede" else discord.ButtonStyle.primary
        super().__init__(discord.ui.Button(label=label or choice, style=style,
                                           custom_id=f"scheids:team:{choice}:{match_id}:{seq}"))
        self.match_id, self.choice, self.seq = match_id, choice, seq

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]) -> Any:
        return cls(int(match["match"]), match["choice"], int(match["seq"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await respond_in_match(
            interaction, self.match_id,
            lambda bot: bot.services.matches.team_choice(
                self.match_id, actor_of(interaction), self.choice, pressed_at(interaction, self.seq)
            ),
            lambda bot: bot.services.matches.button_current(self.match_id, self.seq),
        )


class SubstituteButton(discord.ui.DynamicItem[discord.ui.Button], template=SUB_FORM):
    """The invited player's acceptance of a seat offered at ``seq``."""

    def __init__(self, match_id: int, seq: int, seat: int, user_id: str, label: str | None = None) -> None:
        super().__init__(discord.ui.Button(label=label or "accept", style=discord.ButtonStyle.success,
                                           custom_id=f"scheids:sub:{match_id}:{seq}:{seat}:{user_id}"))
        self.match_id, self.seq, self.seat, self.user_id = match_id, seq, seat, user_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]) -> Any:
        return cls(int(match["match"]), int(match["seq"]), int(match["seat"]), match["user"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await respond_in_match(
            interaction, self.match_id,
            lambda bot: bot.services.matches.accept_substitute(
                self.match_id, actor_of(interaction), self.seat, self.user_id, pressed_at(interaction, self.seq)
            ),
        )


TEAM_ITEMS = (TeamButton, SubstituteButton)


def team_item(button: Button, language: str) -> TeamButton | SubstituteButton:
    """The Discord item of a service's team or substitute button, labelled in ``language``."""
    words = catalog()
    choice = button.kind.removeprefix("team_")
    label = words.render(Msg(f"teams.button_{choice}"), language)
    if choice == "substitute":
        seat, _, user_id = button.text.partition(":")
        return SubstituteButton(button.match_id, button.seq, int(seat), user_id, label)
    return TeamButton(button.match_id, choice, button.seq, label)


for _kind in ("team_takeover", "team_computer", "team_concede", "team_substitute"):
    MORE_ITEMS[_kind] = team_item


async def _answer(deliveries: list[Delivery]) -> list[Delivery]:
    return deliveries


class TeamsCog(commands.Cog):
    """``/autopilot`` (and ``/match substitute``, put into the ``/match`` group by ``add_to``)."""

    def __init__(self, bot: BotHost) -> None:
        self.bot = bot

    @app_commands.command(name="autopilot", description=_text("autopilot"))
    @app_commands.describe(level=_text("option_autopilot_level"), until=_text("option_autopilot_until"))
    @app_commands.choices(level=COMPUTER_CHOICES)
    @app_commands.guild_only()
    async def autopilot(self, interaction: discord.Interaction, level: str, until: str | None = None) -> None:
        actor = actor_of(interaction)
        at = until_from(until, self.bot.services.matches.clock.now())
        if isinstance(at, str):
            await respond(self.bot, interaction, lambda: _answer([reply(actor.language, Msg("teams.bad_until", {"until": at}))]))
            return
        await respond(self.bot, interaction,
                      lambda: self.bot.services.matches.autopilot(place_of(interaction), actor, level, at))


@app_commands.command(name="substitute", description=_text("match_substitute"))
@app_commands.describe(seat=_text("option_substitute_seat"), new=_text("option_substitute_new"),
                       reason=text("records2.option_substitute_reason"))
async def substitute(interaction: discord.Interaction, seat: discord.User, new: discord.User,
                     reason: app_commands.Range[str, 1, 200] = "") -> None:
    """``/match substitute seat:@player new:@player [reason:]``."""
    bot: BotHost = interaction.client  # type: ignore[assignment]
    place = place_of(interaction)
    leaving, coming = user_actor(seat, place.language), user_actor(new, place.language)
    await respond(bot, interaction,
                  lambda: bot.services.matches.substitute(place, actor_of(interaction), leaving, coming, reason))


async def add_to(bot: commands.AutoShardedBot) -> None:
    """Register the cog, ``/match substitute`` in the ``/match`` group, and the buttons."""
    await bot.add_cog(TeamsCog(bot))  # type: ignore[arg-type]  # the bot is a BotHost (client.ScheidsBot)
    match_group = bot.tree.get_command("match")
    if isinstance(match_group, app_commands.Group):
        match_group.add_command(substitute)
    bot.add_dynamic_items(*TEAM_ITEMS)
