"""The slash commands: ``/match …`` (a GroupCog) and the play commands ``/move``, ``/board``,
``/view``, ``/games``. Each command reads its options, calls one service method and hands
the deliveries to the deliverer; the services decide everything else.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_app.options import create_command
from bot.discord_app.people import actor_of, place_of, user_actor
from bot.i18n import Msg, catalog
from bot.services.delivery import ChannelPost, ChannelRef, Delivery, Reply, reply
from bot.services.matches import outdated_reply
from bot.services.time_control import TimeControlError, time_control_given
from bot.storage.repository import OutdatedMatchError
from engines.core.contract import TimedGame
from engines.registry import ENGINES

if TYPE_CHECKING:
    from bot.discord_app.client import ScheidsBot

DEFER_AFTER = 1.5
"""Seconds to wait for the services before deferring (Discord allows 3 for the first answer)."""

THREAD_ARCHIVE_MINUTES = 10080


def _text(key: str) -> app_commands.locale_str:
    """A command or option description, translated by ``CatalogTranslator`` (``commands`` namespace)."""
    return app_commands.locale_str(catalog().render(Msg(f"commands.{key}"), "en"), key=f"commands.{key}")


async def answer(bot: ScheidsBot, interaction: discord.Interaction, work: Awaitable[list[Delivery]]) -> None:
    """Run the service call; if it takes longer than ``DEFER_AFTER``, defer first so the
    interaction does not expire, then deliver what it returned."""
    task = asyncio.ensure_future(_guarded(work, interaction))
    done, _ = await asyncio.wait({task}, timeout=DEFER_AFTER)
    if not done:
        await interaction.response.defer(thinking=True)
        deliveries = await task
        first = next((d for d in deliveries if isinstance(d.target, Reply)), None)
        if first is not None and first.target.ephemeral:
            # A public "thinking…" message cannot turn ephemeral. Completing it (edit) before
            # deleting it makes the next followup a new message with its own ephemeral flag.
            await interaction.edit_original_response(content="…")
            await interaction.delete_original_response()
    else:
        deliveries = task.result()
    await bot.deliverer.deliver(deliveries, interaction)


async def _guarded(work: Awaitable[list[Delivery]], interaction: discord.Interaction) -> list[Delivery]:
    try:
        return await work
    except OutdatedMatchError as error:
        return outdated_reply(error, actor_of(interaction).language)


class MatchCog(commands.GroupCog, group_name="match", group_description=_text("match")):
    """``/match``: create, join, leave, start, status, history, resign, draw, abort, verify, export."""

    create = app_commands.Group(name="create", description=_text("match_create"))

    def __init__(self, bot: ScheidsBot) -> None:
        self.bot = bot
        super().__init__()
        group = self.__cog_app_commands_group__.get_command("create")
        for slug, engine in sorted(ENGINES.items()):
            description = catalog().render(Msg(f"commands.create_{slug}"), "en")
            timed = isinstance(engine, TimedGame)
            group.add_command(create_command(slug, description, engine.options_model, self._create, timed))

    @property
    def matches(self):
        return self.bot.services.matches

    async def _create(self, interaction: discord.Interaction, game: str, **options: Any) -> None:
        actor = actor_of(interaction)
        opponent = options.pop("opponent", None)
        thread = options.pop("thread", False)
        try:
            control = time_control_given(
                options.pop("deadline", None), options.pop("deadline_hours", None), options.pop("clock_minutes", None)
            )
        except TimeControlError as error:
            await self.bot.deliverer.deliver([reply(actor.language, Msg(error.code, error.params))], interaction)
            return
        game_options = {name: value for name, value in options.items() if value is not None}
        place = place_of(interaction)
        invited = user_actor(opponent, place.language) if opponent is not None else None
        if not thread:
            await answer(self.bot, interaction, self.matches.create(place, actor, game, game_options, opponent=invited, time_control=control))
            return
        channel = interaction.channel
        if not isinstance(channel, discord.TextChannel):
            await self.bot.deliverer.deliver([reply(actor.language, Msg("core.thread_needs_text_channel"))], interaction)
            return
        name = catalog().render(Msg("core.thread_name", {"game": Msg(f"games.{game}"), "player": actor.name}), place.language)
        new_thread = await channel.create_thread(
            name=name[:100], type=discord.ChannelType.public_thread, auto_archive_duration=THREAD_ARCHIVE_MINUTES
        )
        thread_place = place_of(interaction, new_thread.id)
        deliveries = await self.matches.create(thread_place, actor, game, game_options, opponent=invited, time_control=control)
        moved = [
            Delivery(ChannelPost(str(new_thread.id)), d.lines, d.language, d.attachments, d.buttons)
            if isinstance(d.target, Reply) and not d.target.ephemeral
            else d
            for d in deliveries
        ]
        note = reply(actor.language, Msg("core.opened_in_thread", {"channel": ChannelRef(str(new_thread.id))}), ephemeral=False)
        await self.bot.deliverer.deliver([note, *moved], interaction)

    @app_commands.command(name="join", description=_text("match_join"))
    async def join(self, interaction: discord.Interaction) -> None:
        await answer(self.bot, interaction, self.matches.join(place_of(interaction), actor_of(interaction)))

    @app_commands.command(name="leave", description=_text("match_leave"))
    async def leave(self, interaction: discord.Interaction) -> None:
        await answer(self.bot, interaction, self.matches.leave(place_of(interaction), actor_of(interaction)))

    @app_commands.command(name="start", description=_text("match_start"))
    async def start(self, interaction: discord.Interaction) -> None:
        await answer(self.bot, interaction, self.matches.start(place_of(interaction), actor_of(interaction)))

    @app_commands.command(name="status", description=_text("match_status"))
    async def status(self, interaction: discord.Interaction) -> None:
        await answer(self.bot, interaction, self.matches.status(place_of(interaction), actor_of(interaction)))

    @app_commands.command(name="history", description=_text("match_history"))
    @app_commands.describe(page=_text("option_page"))
    async def history(self, interaction: discord.Interaction, page: app_commands.Range[int, 1, 1000] = 1) -> None:
        await answer(self.bot, interaction, self.matches.history(place_of(interaction), actor_of(interaction), page))

    @app_commands.command(name="resign", description=_text("match_resign"))
    async def resign(self, interaction: discord.Interaction) -> None:
        await answer(self.bot, interaction, self.matches.resign(place_of(interaction), actor_of(interaction)))

    @app_commands.command(name="draw", description=_text("match_draw"))
    async def draw(self, interaction: discord.Interaction) -> None:
        await answer(self.bot, interaction, self.matches.offer_draw(place_of(interaction), actor_of(interaction)))

    @app_commands.command(name="abort", description=_text("match_abort"))
    async def abort(self, interaction: discord.Interaction) -> None:
        await answer(self.bot, interaction, self.matches.abort(place_of(interaction), actor_of(interaction)))

    @app_commands.command(name="verify", description=_text("match_verify"))
    async def verify(self, interaction: discord.Interaction) -> None:
        await answer(self.bot, interaction, self.matches.verify(place_of(interaction), actor_of(interaction)))

    @app_commands.command(name="export", description=_text("match_export"))
    async def export(self, interaction: discord.Interaction) -> None:
        await answer(self.bot, interaction, self.matches.export(place_of(interaction), actor_of(interaction)))


class PlayCog(commands.Cog):
    """``/move``, ``/board``, ``/view``, ``/games``, ``/profile`` and ``/leaderboard``."""

    def __init__(self, bot: ScheidsBot) -> None:
        self.bot = bot

    @property
    def matches(self):
        return self.bot.services.matches

    @app_commands.command(name="move", description=_text("move"))
    @app_commands.describe(text=_text("option_move_text"))
    async def move(self, interaction: discord.Interaction, text: app_commands.Range[str, 1, 200]) -> None:
        await answer(self.bot, interaction, self.matches.submit(place_of(interaction), actor_of(interaction), text))

    @app_commands.command(name="setup", description=_text("setup"))
    @app_commands.describe(text=_text("option_setup_text"))
    async def setup(self, interaction: discord.Interaction, text: app_commands.Range[str, 1, 200]) -> None:
        """The same as ``/move``, named for the secret setups: what you choose is answered only to you."""
        await answer(self.bot, interaction, self.matches.submit(place_of(interaction), actor_of(interaction), text))

    @setup.autocomplete("text")
    @move.autocomplete("text")
    async def move_autocomplete(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        moves = await self.matches.suggest_moves(place_of(interaction), actor_of(interaction), current)
        return [app_commands.Choice(name=move[:100], value=move[:100]) for move in moves]

    @app_commands.command(name="board", description=_text("board"))
    async def board(self, interaction: discord.Interaction) -> None:
        await answer(self.bot, interaction, self.matches.board(place_of(interaction), actor_of(interaction)))

    @app_commands.command(name="view", description=_text("view"))
    @app_commands.describe(piece=_text("option_piece"))
    async def view(self, interaction: discord.Interaction, piece: app_commands.Range[str, 2, 3] | None = None) -> None:
        work = self.matches.my_view(actor_of(interaction), place=place_of(interaction), piece=piece)
        await answer(self.bot, interaction, work)

    @app_commands.command(name="profile", description=_text("profile"))
    @app_commands.describe(user=_text("option_user"))
    async def profile(self, interaction: discord.Interaction, user: discord.User | None = None) -> None:
        actor = actor_of(interaction)
        who = user_actor(user, actor.language) if user is not None else None
        guild = str(interaction.guild_id) if interaction.guild_id else None
        await answer(self.bot, interaction, self.matches.profile(guild, actor, who))

    @app_commands.command(name="leaderboard", description=_text("leaderboard"))
    @app_commands.describe(game=_text("option_game"), board=_text("option_board"))
    async def leaderboard(self, interaction: discord.Interaction, game: str, board: str | None = None) -> None:
        guild = str(interaction.guild_id) if interaction.guild_id else None
        await answer(self.bot, interaction, self.matches.leaderboard(guild, actor_of(interaction), game, board))

    @leaderboard.autocomplete("game")
    async def leaderboard_games(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=slug, value=slug) for slug in self.matches.rated_games() if current.lower() in slug]

    @leaderboard.autocomplete("board")
    async def leaderboard_boards(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        boards = self.matches.rated_games().get(interaction.namespace.game or "", ())
        return [app_commands.Choice(name=board, value=board) for board in boards if current.lower() in board]

    @app_commands.command(name="games", description=_text("games"))
    async def games(self, interaction: discord.Interaction) -> None:
        guild = str(interaction.guild_id) if interaction.guild_id else None
        await answer(self.bot, interaction, self.matches.my_games(guild, actor_of(interaction)))
