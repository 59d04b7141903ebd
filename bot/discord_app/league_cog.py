"""``/league``: create, join, team, start, standings, pairings, withdraw, list, adjudicate, challenge,
accept, finish. Each command hands one ``LeagueService`` call to ``respond``; the sign-up button
(``LeagueJoinButton``, in ``buttons``) works after a restart. ``DiscordThreads`` opens the thread
of each pairing under the league's channel."""

from __future__ import annotations

import logging

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_app.answering import BotHost, respond
from bot.discord_app.cogs import THREAD_ARCHIVE_MINUTES, lacking_permissions
from bot.discord_app.options import text
from bot.discord_app.people import actor_of, place_of, user_actor
from bot.discord_app.permissions import OPEN_THREAD
from bot.i18n import Msg
from bot.services.delivery import Delivery, reply
from bot.services.league.service import FORMATS, SCORES, LeagueService
from bot.services.option_text import OptionTextError, parse_option_text
from bot.services.time_control import DEADLINE_CHOICES, TimeControlError, time_control_given
from engines.registry import ENGINES

log = logging.getLogger(__name__)


def _text(key: str) -> app_commands.locale_str:
    return text(f"league.cmd_{key}")


GAME_CHOICES = [app_commands.Choice(name=text(f"games.{slug}"), value=slug) for slug in sorted(ENGINES)]
FORMAT_CHOICES = [app_commands.Choice(name=text(f"league.format_{fmt}"), value=fmt) for fmt in FORMATS]
DEADLINE = [app_commands.Choice(name=text(f"commands.choice_deadline_{name}"), value=name) for name in DEADLINE_CHOICES]
RESULT_CHOICES = [app_commands.Choice(name=text(f"league.cmd_result_{key.replace('-', '_')}"), value=key) for key in SCORES]


class DiscordThreads:
    """A pairing's thread: a public thread of the league's channel, named after the league, the
    round and the players. Asked again after a crash, the thread of that name made before is given
    back instead of a second one."""

    def __init__(self, bot: discord.Client) -> None:
        self.bot = bot

    async def open_thread(self, guild_id: str, parent_id: str, name: str) -> str:
        # The threads made before a restart are known once the gateway has sent the server.
        await self.bot.wait_until_ready()
        channel = self.bot.get_channel(int(parent_id)) or await self.bot.fetch_channel(int(parent_id))
        if not isinstance(channel, discord.TextChannel):
            raise TypeError(f"league channel {parent_id} takes no threads")
        for thread in channel.threads:
            if thread.name == name:
                return str(thread.id)
        made = await channel.create_thread(
            name=name, type=discord.ChannelType.public_thread, auto_archive_duration=THREAD_ARCHIVE_MINUTES)
        return str(made.id)


async def done(deliveries: list[Delivery]) -> list[Delivery]:
    return deliveries


@app_commands.guild_only()
class LeagueCog(commands.GroupCog, group_name="league", group_description=_text("league")):
    def __init__(self, bot: BotHost) -> None:
        self.bot = bot
        super().__init__()

    @property
    def leagues(self) -> LeagueService:
        return self.bot.services.leagues

    @app_commands.command(name="create", description=_text("create"))
    @app_commands.describe(
        game=_text("option_game"), format=_text("option_format"), rounds=_text("option_rounds"),
        deadline=_text("option_deadline"), deadline_hours=_text("option_deadline_hours"), schedule=_text("option_schedule"),
        rated=_text("option_rated"),
        name=_text("option_name"), round_hours=_text("option_round_hours"), reach=_text("option_reach"),
        accept_hours=_text("option_accept_hours"), options=_text("option_options"), team_size=_text("option_team_size"),
    )
    @app_commands.choices(game=GAME_CHOICES, format=FORMAT_CHOICES, deadline=DEADLINE)
    async def create(
        self, interaction: discord.Interaction, game: str, format: str,
        rounds: app_commands.Range[int, 1, 50] | None = None, deadline: str | None = None,
        deadline_hours: app_commands.Range[float, 0.25, 1440.0] | None = None, rated: bool | None = None,
        name: app_commands.Range[str, 1, 80] | None = None, round_hours: app_commands.Range[float, 1.0, 1440.0] | None = None,
        reach: app_commands.Range[int, 1, 50] | None = None, accept_hours: app_commands.Range[float, 1.0, 1440.0] | None = None,
        options: app_commands.Range[str, 1, 400] | None = None, schedule: app_commands.Range[str, 1, 200] | None = None,
        team_size: app_commands.Range[int, 1, 2] = 1,
    ) -> None:
        actor = actor_of(interaction)
        # Asked before the league exists, as for `/match create thread:true`: its games open as
        # threads of this channel.
        refusal = lacking_permissions(interaction, OPEN_THREAD)
        if not isinstance(interaction.channel, discord.TextChannel):
            refusal = [reply(actor.language, Msg("core.thread_needs_text_channel"))]
        try:
            control = time_control_given(deadline, deadline_hours, None, schedule=schedule)
        except TimeControlError as error:
            refusal = refusal or [reply(actor.language, Msg(error.code, error.params))]
        try:
            game_options = parse_option_text(options or "")
        except OptionTextError as error:
            refusal = refusal or [reply(actor.language, Msg(error.code, error.params))]
        if refusal:
            await respond(self.bot, interaction, lambda: done(refusal))
            return
        await respond(self.bot, interaction, lambda: self.leagues.create(
            place_of(interaction), actor, game, format, rounds=rounds, time_control=control, rated=rated, name=name,
            round_hours=round_hours, reach=reach, accept_hours=accept_hours, options=game_options or None,
            team_size=team_size))

    @app_commands.command(name="join", description=_text("join"))
    @app_commands.describe(league=_text("option_league"))
    async def join(self, interaction: discord.Interaction, league: app_commands.Range[int, 1] | None = None) -> None:
        place, actor = place_of(interaction), actor_of(interaction)
        await respond(self.bot, interaction, lambda: self._join(place, actor, league))

    async def _join(self, place, actor, league: int | None) -> list[Delivery]:
        if league is None:
            chosen = await self.leagues.signing_up(place, actor)
            if isinstance(chosen, list):
                return chosen
            league = chosen
        return await self.leagues.join(league, actor)

    @app_commands.command(name="start", description=_text("start"))
    @app_commands.describe(league=_text("option_league"))
    async def start(self, interaction: discord.Interaction, league: app_commands.Range[int, 1] | None = None) -> None:
        await respond(self.bot, interaction, lambda: self.leagues.start(place_of(interaction), actor_of(interaction), league))

    @app_commands.command(name="team", description=_text("team"))
    @app_commands.describe(player=_text("option_team_player"), team=_text("option_team_number"), league=_text("option_league"))
    async def team(self, interaction: discord.Interaction, player: discord.User,
                   team: app_commands.Range[int, 1, 50] | None = None,
                   league: app_commands.Range[int, 1] | None = None) -> None:
        place = place_of(interaction)
        await respond(self.bot, interaction, lambda: self.leagues.team(
            place, actor_of(interaction), user_actor(player, place.language), team, league))

    @app_commands.command(name="standings", description=_text("standings"))
    @app_commands.describe(league=_text("option_league"))
    async def standings(self, interaction: discord.Interaction, league: app_commands.Range[int, 1] | None = None) -> None:
        await respond(self.bot, interaction, lambda: self.leagues.standings(place_of(interaction), actor_of(interaction), league))

    @app_commands.command(name="pairings", description=_text("pairings"))
    @app_commands.describe(league=_text("option_league"))
    async def pairings(self, interaction: discord.Interaction, league: app_commands.Range[int, 1] | None = None) -> None:
        await respond(self.bot, interaction, lambda: self.leagues.pairings(place_of(interaction), actor_of(interaction), league))

    @app_commands.command(name="withdraw", description=_text("withdraw"))
    @app_commands.describe(league=_text("option_league"), player=_text("option_withdraw_player"))
    async def withdraw(self, interaction: discord.Interaction, league: app_commands.Range[int, 1] | None = None,
                       player: discord.User | None = None) -> None:
        place = place_of(interaction)
        leaving = user_actor(player, place.language) if player is not None else None
        await respond(self.bot, interaction, lambda: self.leagues.withdraw(place, actor_of(interaction), league, leaving))

    @app_commands.command(name="list", description=_text("list"))
    async def list_leagues(self, interaction: discord.Interaction) -> None:
        await respond(self.bot, interaction, lambda: self.leagues.all_leagues(place_of(interaction), actor_of(interaction)))

    @app_commands.command(name="adjudicate", description=_text("adjudicate"))
    @app_commands.describe(pairing=_text("option_pairing"), result=_text("option_result"), reason=_text("option_reason"))
    @app_commands.choices(result=RESULT_CHOICES)
    async def adjudicate(self, interaction: discord.Interaction, pairing: app_commands.Range[int, 1], result: str,
                         reason: app_commands.Range[str, 1, 200]) -> None:
        await respond(self.bot, interaction, lambda: self.leagues.adjudicate(
            place_of(interaction), actor_of(interaction), pairing, result, reason))

    @app_commands.command(name="challenge", description=_text("challenge"))
    @app_commands.describe(player=_text("option_player"), league=_text("option_league"))
    async def challenge(self, interaction: discord.Interaction, player: discord.User,
                        league: app_commands.Range[int, 1] | None = None) -> None:
        place = place_of(interaction)
        await respond(self.bot, interaction, lambda: self.leagues.challenge(
            place, actor_of(interaction), user_actor(player, place.language), league))

    @app_commands.command(name="accept", description=_text("accept"))
    @app_commands.describe(league=_text("option_league"))
    async def accept(self, interaction: discord.Interaction, league: app_commands.Range[int, 1] | None = None) -> None:
        await respond(self.bot, interaction, lambda: self.leagues.accept(place_of(interaction), actor_of(interaction), league))

    @app_commands.command(name="finish", description=_text("finish"))
    @app_commands.describe(league=_text("option_league"))
    async def finish(self, interaction: discord.Interaction, league: app_commands.Range[int, 1] | None = None) -> None:
        await respond(self.bot, interaction, lambda: self.leagues.finish(place_of(interaction), actor_of(interaction), league))
