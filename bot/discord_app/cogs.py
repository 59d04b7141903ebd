"""The slash commands: ``/match …`` (a GroupCog) and the play commands ``/move``, ``/board``,
``/view``, ``/games``, ``/dms``. Each command reads its options and hands one service call to
``respond`` (the one path: defer when slow, deliver, answer failures); the services decide the rest.

Where a command may run: what needs a match in a server channel is guild-only (Discord does not
offer it in DMs); ``/games``, ``/view`` (private, of your own match) and ``/dms`` work in DMs too.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Awaitable, Callable
from typing import Any, Concatenate, Final, ParamSpec

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_app import replays_cog, suggestions
from bot.discord_app.answering import BotHost, respond, within_budget
from bot.discord_app.buttons import known_match
from bot.discord_app.options import COMPUTER_CHOICES, create_command, seat_names, text
from bot.discord_app.people import actor_of, place_of, user_actor
from bot.discord_app.permissions import OPEN_THREAD, match_needs, missing, worded
from bot.i18n import Msg, catalog
from bot.services.delivery import ChannelPost, ChannelRef, Delivery, Reply, reply
from bot.services.matches import MatchService
from bot.services.people import Actor, Place, computer_actor
from bot.services.settings import game_refusal, settings_of
from bot.services.time_control import TimeControlError, time_control_given
from bot.storage.repository import StorageError
from engines.core import capabilities as offers
from engines.registry import ENGINES

P = ParamSpec("P")

log = logging.getLogger(__name__)

THREAD_ARCHIVE_MINUTES: Final = 10080
REGION_CHOICES = [
    app_commands.Choice(name=text(f"commands.choice_region_{region}"), value=region)
    for region in dict.fromkeys(r for engine in ENGINES.values() if offers.regions(engine) for r in engine.regions)
]
"""``/board region:``: every game's regions (only Axis & Allies has any); another game says it has none."""
CLOSEST_ON_OUTDATED = 5


def _text(key: str) -> app_commands.locale_str:
    """A command or option description (``commands`` namespace), translated by ``CatalogTranslator``."""
    return text(f"commands.{key}")


async def done(deliveries: list[Delivery]) -> list[Delivery]:
    return deliveries


def lacking_permissions(
    interaction: discord.Interaction, needs: tuple[str, ...], channel: discord.abc.GuildChannel | None = None,
) -> list[Delivery]:
    """The refusal naming what the bot lacks in this channel (``app_permissions``), or in
    ``channel`` (another one: the server's match channel), or nothing."""
    where: int | None
    if channel is not None and channel.id != interaction.channel_id and interaction.guild is not None:
        granted, where = channel.permissions_for(interaction.guild.me), channel.id
    else:
        granted, where = interaction.app_permissions, interaction.channel_id
    lacking = missing(granted, needs)
    if not lacking:
        return []
    params = {"channel": ChannelRef(str(where)), "permissions": worded(lacking)}
    return [reply(actor_of(interaction).language, Msg("core.missing_permissions", params))]


@app_commands.guild_only()
class MatchCog(commands.GroupCog, group_name="match", group_description=_text("match")):
    """``/match``: create, join, leave, start, status, history, resign, draw, claim, abort, verify, export."""

    create = app_commands.Group(name="create", description=_text("match_create"))

    def __init__(self, bot: BotHost) -> None:
        self.bot = bot
        super().__init__()
        group = self.app_command.get_command("create")  # type: ignore[union-attr]
        for slug, engine in sorted(ENGINES.items()):
            timed = offers.capabilities(engine).timed
            group.add_command(create_command(slug, _text(f"create_{slug}"), engine.options_model, self._create, timed,  # type: ignore[union-attr]
                                             seat_names(engine), (engine.min_players, engine.max_players)))
        for command in replays_cog.match_commands(bot):  # /match replay, /match catchup
            self.app_command.add_command(command)  # type: ignore[union-attr]

    @property
    def matches(self) -> MatchService:
        return self.bot.services.matches

    async def _create(self, interaction: discord.Interaction, game: str, **options: Any) -> None:
        await respond(self.bot, interaction, lambda: self._created(interaction, game, options))

    async def _created(self, interaction: discord.Interaction, game: str, options: dict[str, Any]) -> list[Delivery]:
        actor = actor_of(interaction)
        opponent = options.pop("opponent", None)
        level = options.pop("computer", None)
        thread = options.pop("thread", False)
        rated = options.pop("rated", None)
        seat = options.pop("seat", None)
        players = options.pop("players", None)
        try:
            control = time_control_given(
                options.pop("deadline", None), options.pop("deadline_hours", None), options.pop("clock_minutes", None),
                schedule=options.pop("schedule", None),
            )
        except TimeControlError as error:
            return [reply(actor.language, Msg(error.code, error.params))]
        game_options = {name: value for name, value in options.items() if value is not None}
        place = place_of(interaction)
        invited = user_actor(opponent, place.language) if opponent is not None else None
        if level is not None:
            invited = computer_actor(level)
        here = await settings_of(self.bot.services.repo, place.guild_id)
        if rated is None:  # the server's default, unless the creator said
            rated = here.rated
        disabled = game_refusal(here, game)
        if disabled is not None:
            return [reply(actor.language, disabled)]
        channel: Any = interaction.channel
        if here.match_channel is not None and not isinstance(channel, discord.Thread):
            # The server opens every new match in a thread of its match channel.
            thread, channel = True, interaction.guild.get_channel(int(here.match_channel)) if interaction.guild else None
            if not isinstance(channel, discord.TextChannel):
                return [reply(actor.language, Msg("settings.match_channel_gone", {"channel": ChannelRef(here.match_channel)}))]
        if not thread:
            refusal = lacking_permissions(interaction, match_needs(interaction.channel))
            if refusal:
                return refusal
            return await self.matches.create(place, actor, game, game_options, opponent=invited, time_control=control, rated=rated,
                                             seat=seat, players=players)
        if not isinstance(channel, discord.TextChannel):
            return [reply(actor.language, Msg("core.thread_needs_text_channel"))]
        # Everything that could refuse is asked before the thread exists: no empty thread is left behind.
        refusal = lacking_permissions(interaction, OPEN_THREAD, channel) or self.matches.create_refusal(
            actor, game, game_options, opponent=invited, time_control=control, seat=seat, players=players
        )
        if refusal:
            return refusal
        name = catalog().render(Msg("core.thread_name", {"game": Msg(f"games.{game}"), "player": actor.name}), place.language)
        new_thread = await channel.create_thread(
            name=name[:100], type=discord.ChannelType.public_thread, auto_archive_duration=THREAD_ARCHIVE_MINUTES
        )
        thread_place = place_of(interaction, new_thread.id)
        deliveries = await self.matches.create(
            thread_place, actor, game, game_options, opponent=invited, time_control=control, rated=rated, seat=seat,
            players=players,
        )
        moved = [
            Delivery(ChannelPost(str(new_thread.id)), d.lines, d.language, d.attachments, d.buttons)
            if isinstance(d.target, Reply) and not d.target.ephemeral
            else d
            for d in deliveries
        ]
        note = reply(actor.language, Msg("core.opened_in_thread", {"channel": ChannelRef(str(new_thread.id))}), ephemeral=False)
        return [note, *moved]

    async def _run(
        self, interaction: discord.Interaction, method: Callable[Concatenate[Place, Actor, P], Awaitable[list[Delivery]]],
        *args: P.args, **kwargs: P.kwargs,
    ) -> None:
        """Answer ``interaction`` with the service ``method`` for the place and the member here
        (typed: mypy checks each command's arguments against the service's signature)."""
        await respond(self.bot, interaction, lambda: method(place_of(interaction), actor_of(interaction), *args, **kwargs))

    @app_commands.command(name="join", description=_text("match_join"))
    async def join(self, interaction: discord.Interaction) -> None:
        await self._run(interaction, self.matches.join)

    @app_commands.command(name="leave", description=_text("match_leave"))
    async def leave(self, interaction: discord.Interaction) -> None:
        await self._run(interaction, self.matches.leave)

    @app_commands.command(name="start", description=_text("match_start"))
    @app_commands.describe(computer=_text("option_fill_computer"), players=_text("option_fill_players"),
                           seat=_text("option_seat"))
    @app_commands.choices(computer=COMPUTER_CHOICES)
    async def start(self, interaction: discord.Interaction, computer: str | None = None,
                    players: app_commands.Range[int, 2, 5] | None = None, seat: str | None = None) -> None:
        refusal = lacking_permissions(interaction, match_needs(interaction.channel))
        if refusal:
            await respond(self.bot, interaction, lambda: done(refusal))
            return
        await self._run(interaction, self.matches.start, computer, players, 0 if seat is None else seat)

    @start.autocomplete("seat")
    async def start_seat_names(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await within_budget(self._start_seats(interaction, current), interaction)

    async def _start_seats(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        """The seat names of the match open here, for the players ``players:`` says (or the most)."""
        players = getattr(interaction.namespace, "players", None)
        choices = await self.matches.start_seat_choices(place_of(interaction), actor_of(interaction), str(current or ""),
                                                        players if isinstance(players, int) else None)
        return [app_commands.Choice(name=name[:100], value=value) for name, value in choices]

    @app_commands.command(name="status", description=_text("match_status"))
    async def status(self, interaction: discord.Interaction) -> None:
        await self._run(interaction, self.matches.status)

    @app_commands.command(name="history", description=_text("match_history"))
    @app_commands.describe(page=_text("option_page"), at=_text("option_history_at"))
    async def history(self, interaction: discord.Interaction, page: app_commands.Range[int, 1, 1000] = 1,
                      at: app_commands.Range[int, 0, 100000] | None = None) -> None:
        if at is not None:  # the board after that move (drawn in a worker)
            await self._run(interaction, self.matches.history_at, at)
            return
        await self._run(interaction, self.matches.history, page)

    @app_commands.command(name="resign", description=_text("match_resign"))
    async def resign(self, interaction: discord.Interaction) -> None:
        await self._run(interaction, self.matches.resign)

    @app_commands.command(name="draw", description=_text("match_draw"))
    async def draw(self, interaction: discord.Interaction) -> None:
        await self._run(interaction, self.matches.offer_draw)

    @app_commands.command(name="claim", description=_text("match_claim"))
    @app_commands.describe(match=_text("option_match_number"))
    async def claim(self, interaction: discord.Interaction, match: app_commands.Range[int, 1, 2**53 - 1] | None = None) -> None:
        await self._run(interaction, self.matches.claim, match)

    @app_commands.command(name="abort", description=_text("match_abort"))
    @app_commands.describe(match=_text("option_match_number"), reason=text("records2.option_reason"))
    async def abort(self, interaction: discord.Interaction, match: app_commands.Range[int, 1, 2**53 - 1] | None = None,
                    reason: app_commands.Range[str, 1, 200] = "") -> None:
        await self._run(interaction, self.matches.abort, match, reason)

    @claim.autocomplete("match")
    @abort.autocomplete("match")
    async def my_match_numbers(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
        return await within_budget(self._my_matches(interaction, current), interaction)

    async def _my_matches(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
        """The user's live matches (any server's channel, deleted ones too), by number."""
        actor = actor_of(interaction)
        choices = await self.matches.my_match_choices(actor, str(current or ""))
        return [app_commands.Choice(name=name[:100], value=number) for number, name in choices]

    @app_commands.command(name="verify", description=_text("match_verify"))
    async def verify(self, interaction: discord.Interaction) -> None:
        # A whole record is replayed (in a worker): deferred at once.
        await respond(self.bot, interaction, lambda: self.matches.verify(place_of(interaction), actor_of(interaction)),
                      defer_first=True)

    @app_commands.command(name="export", description=_text("match_export"))
    async def export(self, interaction: discord.Interaction) -> None:
        await self._run(interaction, self.matches.export)

    @app_commands.command(name="give-time", description=text("absence.command_give_time"))
    @app_commands.describe(player=text("absence.option_give_time_player"), hours=text("absence.option_give_time_hours"),
                           reason=text("records2.option_reason"))
    async def give_time(self, interaction: discord.Interaction, player: discord.User | None = None,
                        hours: app_commands.Range[float, 0.25, 720.0] | None = None,
                        reason: app_commands.Range[str, 1, 200] = "") -> None:
        await self._run(interaction, self.matches.give_time, str(player.id) if player is not None else None, hours, reason)

    @app_commands.command(name="nudge", description=text("absence.command_nudge"))
    async def nudge(self, interaction: discord.Interaction) -> None:
        await self._run(interaction, self.matches.nudge)


ORDERS_MAX = 4000
"""Discord's limit of a text input's value."""
ORDERS_INPUT = "orders"
ORDERS_FORM = re.compile(r"scheids:orders(?::(?P<match>\d{1,20}):(?P<form>\d{1,20}))?")
"""A form's custom_id: ``scheids:orders:<match>:<form>`` (``match`` 0: none named; ``form``: the id of
the ``/orders`` that opened it, so each form is its own); plain ``scheids:orders`` from older versions."""
ORDERS_LOOKUP = 1.0
"""Seconds ``/orders`` waits for the match's id before it opens a form naming none: the form is the
first answer, which Discord wants within 3 seconds."""


def orders_form_id(match_id: int | None, form: int) -> str:
    return f"scheids:orders:{match_id or 0}:{form}"


class OrdersModal(discord.ui.Modal):
    """``/orders``: one multi-line text of orders, played all or nothing. The form is
    sent and forgotten: its submit is answered by ``PlayCog.orders_submitted`` from its custom_id,
    by whichever process gets it, however late (discord.py would drop a submit of a form it does not
    hold: after a restart, after the form's timeout, or for the older of two forms of one id)."""

    def __init__(self, language: str, custom_id: str) -> None:
        words = catalog()
        super().__init__(title=words.render(Msg("core.orders_title"), language)[:45], custom_id=custom_id, timeout=None)
        self.text: discord.ui.TextInput = discord.ui.TextInput(
            custom_id=ORDERS_INPUT, style=discord.TextStyle.paragraph, max_length=ORDERS_MAX,
            placeholder=words.render(Msg("core.orders_placeholder"), language)[:100],
        )
        self.add_item(discord.ui.Label(text=words.render(Msg("core.orders_label"), language)[:45], component=self.text))
        self.stop()  # a stopped modal is not kept by discord.py: no submit reaches this object


def typed_value(components: Any, custom_id: str) -> str | None:
    """The value of the text input ``custom_id`` in a modal submit's components (inside labels or rows)."""
    for component in components or []:
        if component.get("custom_id") == custom_id and "value" in component:
            return str(component["value"])
        inner = [component["component"]] if isinstance(component.get("component"), dict) else component.get("components")
        found = typed_value(inner, custom_id)
        if found is not None:
            return found
    return None


class PlayCog(commands.Cog):
    """``/move``, ``/setup``, ``/board``, ``/view``, ``/games``, ``/profile``, ``/leaderboard``, ``/dms``."""

    def __init__(self, bot: BotHost) -> None:
        self.bot = bot

    @property
    def matches(self) -> MatchService:
        return self.bot.services.matches

    async def _submit(self, interaction: discord.Interaction, typed: str) -> list[Delivery]:
        """A move as typed, or a suggestion's token mapped back to the full move it was made for."""
        place, actor = place_of(interaction), actor_of(interaction)
        if suggestions.is_token(typed):
            seq, legal = await self.matches.legal_texts_at(place, actor)
            full = suggestions.resolve(typed, seq, legal)
            if full is None:
                lines = [Msg("core.suggestion_outdated")]
                if legal:
                    lines.append(Msg("core.closest_moves", {"moves": legal[:CLOSEST_ON_OUTDATED]}))
                return [reply(actor.language, *lines)]
            typed = full
        return await self.matches.submit(place, actor, typed)

    @app_commands.command(name="move", description=_text("move"))
    @app_commands.describe(text=_text("option_move_text"))
    @app_commands.guild_only()
    async def move(self, interaction: discord.Interaction, text: app_commands.Range[str, 1, 200]) -> None:
        await respond(self.bot, interaction, lambda: self._submit(interaction, text))

    @app_commands.command(name="setup", description=_text("setup"))
    @app_commands.describe(text=_text("option_setup_text"))
    @app_commands.guild_only()
    async def setup(self, interaction: discord.Interaction, text: app_commands.Range[str, 1, 200]) -> None:
        """The same as ``/move``, named for the secret setups: what you choose is answered only to you."""
        await respond(self.bot, interaction, lambda: self._submit(interaction, text))

    @setup.autocomplete("text")
    @move.autocomplete("text")
    async def move_autocomplete(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await within_budget(self._move_choices(interaction, current), interaction)

    async def _move_choices(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        seq, texts = await self.matches.suggestions_at(place_of(interaction), actor_of(interaction), current)
        return [app_commands.Choice(name=name, value=value) for name, value in suggestions.choices(seq, texts)]

    @app_commands.command(name="orders", description=_text("orders"))
    @app_commands.guild_only()
    async def orders(self, interaction: discord.Interaction) -> None:
        """A form (modal) for all the orders of a phase at once, naming the match live here (if
        storage tells it in time); its text goes to ``submit_orders``."""
        try:
            match_id = await asyncio.wait_for(self.matches.live_match_id(place_of(interaction)), ORDERS_LOOKUP)
        except (TimeoutError, StorageError) as error:  # slow or failing storage: the form names no match
            log.warning("/orders opens a form naming no match: %r", error)
            match_id = None
        form = OrdersModal(actor_of(interaction).language, orders_form_id(match_id, interaction.id))
        await interaction.response.send_modal(form)

    @commands.Cog.listener("on_interaction")
    async def orders_submitted(self, interaction: discord.Interaction) -> None:
        """Every ``/orders`` form submitted, also after a restart: played in the match it names."""
        if interaction.type != discord.InteractionType.modal_submit:
            return
        data: dict[str, Any] = dict(interaction.data or {})
        found = ORDERS_FORM.fullmatch(str(data.get("custom_id", "")))
        if found is None:
            return
        text = typed_value(data.get("components"), ORDERS_INPUT) or ""
        named = int(found["match"]) if found["match"] else 0
        match_id = named if known_match(named) else None
        if named and match_id is None:
            match_id = 0  # a mangled id names no match: answered as such, with the text back
        await respond(
            self.bot, interaction,
            lambda: self.matches.submit_orders(place_of(interaction), actor_of(interaction), text, match_id),
        )

    @app_commands.command(name="standing", description=_text("standing"))
    @app_commands.describe(text=_text("option_standing_text"))
    @app_commands.guild_only()
    async def standing(self, interaction: discord.Interaction, text: app_commands.Range[str, 0, 200] = "") -> None:
        await respond(self.bot, interaction, lambda: self.matches.standing_orders(place_of(interaction), actor_of(interaction), text))

    @app_commands.command(name="board", description=_text("board"))
    @app_commands.describe(region=_text("option_region"))
    @app_commands.choices(region=REGION_CHOICES)
    @app_commands.guild_only()
    async def board(self, interaction: discord.Interaction, region: str | None = None) -> None:
        await respond(self.bot, interaction,
                      lambda: self.matches.board(place_of(interaction), actor_of(interaction), region))

    @app_commands.command(name="territory", description=_text("territory"))
    @app_commands.describe(name=_text("option_territory_name"))
    @app_commands.guild_only()
    async def territory(self, interaction: discord.Interaction, name: app_commands.Range[str, 1, 100]) -> None:
        await respond(self.bot, interaction,
                      lambda: self.matches.territory(place_of(interaction), actor_of(interaction), name))

    @territory.autocomplete("name")
    async def territory_names(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await within_budget(self._territory_choices(interaction, current), interaction)

    async def _territory_choices(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        choices = await self.matches.place_choices(place_of(interaction), actor_of(interaction), current)
        return [app_commands.Choice(name=name[:100], value=value) for name, value in choices]

    @app_commands.command(name="view", description=_text("view"))
    @app_commands.describe(piece=_text("option_piece"), match=_text("option_view_match"))
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=False)
    async def view(
        self,
        interaction: discord.Interaction,
        piece: app_commands.Range[str, 2, 3] | None = None,
        match: app_commands.Range[int, 1, 2**53 - 1] | None = None,
    ) -> None:
        await respond(self.bot, interaction, lambda: self._view(interaction, piece, match))

    async def _view(self, interaction: discord.Interaction, piece: str | None, match_id: int | None) -> list[Delivery]:
        actor = actor_of(interaction)
        if interaction.guild_id is not None and match_id is None:
            return await self.matches.my_view(actor, place=place_of(interaction), piece=piece)
        # In DMs (or with a number): one of your own matches, never someone else's.
        mine = await self.bot.services.repo.matches_of_user(actor.user_id, None, live_only=match_id is None)
        if match_id is None:
            if len(mine) != 1:
                listing = await self.matches.my_games(None, actor)
                return [reply(actor.language, Msg("core.view_which_match")), *listing] if mine else listing
            match_id = mine[0].id
        if match_id not in {row.id for row in mine}:
            return [reply(actor.language, Msg("core.not_seated"))]
        return await self.matches.my_view(actor, match_id=match_id, piece=piece)

    @app_commands.command(name="profile", description=_text("profile"))
    @app_commands.describe(user=_text("option_user"))
    @app_commands.guild_only()
    async def profile(self, interaction: discord.Interaction, user: discord.User | None = None) -> None:
        actor = actor_of(interaction)
        who = user_actor(user, actor.language) if user is not None else None
        guild = str(interaction.guild_id) if interaction.guild_id else None
        await respond(self.bot, interaction, lambda: self.matches.profile(guild, actor, who))

    @app_commands.command(name="leaderboard", description=_text("leaderboard"))
    @app_commands.describe(game=_text("option_game"), board=_text("option_board"))
    @app_commands.guild_only()
    async def leaderboard(self, interaction: discord.Interaction, game: str, board: str | None = None) -> None:
        guild = str(interaction.guild_id) if interaction.guild_id else None
        await respond(self.bot, interaction, lambda: self.matches.leaderboard(guild, actor_of(interaction), game, board))

    @leaderboard.autocomplete("game")
    async def leaderboard_games(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=slug, value=slug) for slug in sorted(ENGINES) if current.lower() in slug]

    @leaderboard.autocomplete("board")
    async def leaderboard_boards(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        boards = self.matches.rated_games().get(interaction.namespace.game or "", ())
        return [app_commands.Choice(name=board, value=board) for board in boards if current.lower() in board]

    @app_commands.command(name="games", description=_text("games"))
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=False)
    async def games(self, interaction: discord.Interaction) -> None:
        guild = str(interaction.guild_id) if interaction.guild_id else None
        await respond(self.bot, interaction, lambda: self.matches.my_games(guild, actor_of(interaction)))

    @app_commands.command(name="dms", description=_text("dms"))
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=False)
    async def dms(self, interaction: discord.Interaction) -> None:
        await respond(self.bot, interaction, lambda: self._dms(interaction))

    async def _dms(self, interaction: discord.Interaction) -> list[Delivery]:
        actor = actor_of(interaction)
        arrived = await self.bot.deliverer.try_dm(actor.user_id, actor.language)
        return [reply(actor.language, Msg("core.dms_open" if arrived else "core.dms_still_closed"))]
