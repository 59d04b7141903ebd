"""The one path every interaction takes: run the service call, defer when it is slow, deliver,
and answer every failure with a short ephemeral message (logged with its context).

Commands, buttons and the thread path of ``/match create`` all go through :func:`respond`;
``tree_error`` answers what fails before our callbacks run (checks, option conversion).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import replace
from typing import Any, Protocol, TypeVar

import discord
from discord import app_commands

from bot.discord_app.people import DmMemory, actor_of
from bot.i18n import Msg, catalog, locale_of
from bot.services.delivery import ChannelPost, Delivery, Reply
from bot.services.matches import outdated_reply
from bot.storage.repository import OutdatedMatchError
from bot.wiring import Services

log = logging.getLogger(__name__)

DEFER_AFTER = 1.5
"""Seconds to wait for the services before deferring (Discord allows 3 for the first answer)."""

STILL_WORKING_AFTER = 8.0
"""Seconds after the deferral before the deferred response says the command is still working."""
ANSWER_LIMIT = 13 * 60.0
"""Seconds an interaction waits for its work: then the player hears it takes too long and the
result goes to the channel, before the interaction's token (15 minutes) is spent."""
AUTOCOMPLETE_BUDGET = 2.0
"""Seconds autocomplete may take: what is not ready by then is answered with no choices, in time,
rather than with choices Discord no longer takes (autocomplete cannot be deferred)."""

NO_PINGS = discord.AllowedMentions.none()
Work = Callable[[], Awaitable[list[Delivery]]]


class Sender(Protocol):
    """What sends the services' deliveries (``delivery.Deliverer``)."""

    async def deliver(self, deliveries: list[Delivery], answer: Answer | None = None) -> None: ...

    async def try_dm(self, user_id: str, language: str) -> bool: ...


class BotHost(Protocol):
    """What the cogs, buttons and delivery need of the running bot (``client.ScheidsBot``): they
    are typed against this, so only client.py knows the bot class and imports run one way."""

    @property
    def services(self) -> Services: ...

    @property
    def dms(self) -> DmMemory: ...

    @property
    def deliverer(self) -> Sender: ...

    def get_channel(self, id: int, /) -> Any: ...

    async def fetch_channel(self, channel_id: int, /) -> Any: ...

    async def create_dm(self, user: discord.abc.Snowflake) -> discord.DMChannel: ...


class Answer:
    """How far one interaction has been answered, so every message goes by the right route:
    the response itself, then (after a deferral) an edit of the original response, then followups.
    """

    def __init__(self, interaction: discord.Interaction, *, updates: bool = False) -> None:
        self.interaction = interaction
        self.thinking = False  # deferred publicly, the "thinking…" message not yet replaced
        self.updates = updates
        """A button whose answer replaces its own message (a replay stepper): a deferral keeps that
        message (Discord's deferred update) instead of making a "thinking…" one."""
        self.updating = False  # deferred as an update, the pressed message not yet replaced
        self.sent = 0

    @property
    def language(self) -> str:
        return locale_of(str(self.interaction.locale))

    async def note(self, text: str) -> None:
        """Put ``text`` in the deferred response while the result is not there yet (it replaces it)."""
        if self.thinking:
            await self.interaction.edit_original_response(content=text, allowed_mentions=NO_PINGS)

    async def defer(self) -> None:
        if self.interaction.response.is_done():
            return
        if self.updates and self.interaction.message is not None:
            await self.interaction.response.defer()
            self.updating = True
        else:
            await self.interaction.response.defer(thinking=True)
            self.thinking = True

    async def send(
        self,
        content: str,
        *,
        ephemeral: bool,
        files: list[discord.File] | None = None,
        view: discord.ui.View | None = None,
        in_place: bool = False,
    ) -> None:
        """Send ``content`` by the route the interaction is at; ``in_place``: replace the message
        of the pressed button (its text, files and buttons) where there is one to replace."""
        interaction = self.interaction
        files = files or []
        extra: dict[str, Any] = {"view": view} if view is not None else {}
        if in_place and interaction.message is not None and (self.updating or not interaction.response.is_done()):
            if self.updating:
                self.updating = False
                await interaction.edit_original_response(content=content, attachments=files, view=view,
                                                         allowed_mentions=NO_PINGS)
            else:
                await interaction.response.edit_message(content=content, attachments=files, view=view,
                                                        allowed_mentions=NO_PINGS)
        elif not interaction.response.is_done():
            await interaction.response.send_message(
                content=content, ephemeral=ephemeral, files=files, allowed_mentions=NO_PINGS, **extra
            )
        elif self.thinking:
            self.thinking = False
            if ephemeral:
                # A public "thinking…" cannot turn ephemeral. It is completed (edited: a followup right
                # after a deferral is deprecated) and removed, so the followup is a new, private message.
                await interaction.edit_original_response(content="…")
                await interaction.delete_original_response()
                await interaction.followup.send(
                    content=content, ephemeral=True, files=files, allowed_mentions=NO_PINGS, **extra
                )
            else:
                await interaction.edit_original_response(
                    content=content, attachments=files, allowed_mentions=NO_PINGS, **extra
                )
        else:
            await interaction.followup.send(
                content=content, ephemeral=ephemeral, files=files, allowed_mentions=NO_PINGS, **extra
            )
        self.sent += 1


def context_of(interaction: discord.Interaction) -> str:
    """What a log line needs to find the interaction again."""
    data: dict[str, Any] = interaction.data or {}  # type: ignore[assignment]
    what = interaction.command.qualified_name if interaction.command else data.get("custom_id") or data.get("name")
    return (
        f"interaction {interaction.id} ({what!r}) by user {interaction.user.id} "
        f"in guild {interaction.guild_id} channel {interaction.channel_id}"
    )


def allowed_here(interaction: discord.Interaction) -> bool:
    """Whether the command may run where it was sent. Discord offers a guild-only command only in
    servers, but a client with an older command list may still send it from a DM."""
    command = interaction.command
    if command is None or interaction.guild_id is not None:
        return True
    contexts = getattr(command, "allowed_contexts", None)
    parent = getattr(command, "root_parent", None) or getattr(command, "parent", None)
    if contexts is None and parent is not None:
        contexts = parent.allowed_contexts
    return contexts is None or contexts.dm_channel


async def respond(bot: BotHost, interaction: discord.Interaction, work: Work, *, defer_first: bool = False,
                  updates: bool = False) -> None:
    """Run ``work`` (a service call); if it takes longer than ``DEFER_AFTER``, defer first so the
    interaction does not expire (``defer_first``: work known to be long defers at once); deliver
    what it returned. Anything that fails is answered. ``updates``: a button whose answer replaces
    its own message (``Answer.updates``)."""
    answer = Answer(interaction, updates=updates)
    task: asyncio.Future[list[Delivery]] | None = None
    if not allowed_here(interaction):
        log.info("guild-only command outside a server: %s", context_of(interaction))
        await answer_failure(answer, None, "core.guild_only")
        return
    try:
        if defer_first:
            await answer.defer()
        # Nothing before the first answer waits on storage: noticing open DMs is part of the work.
        task = asyncio.ensure_future(_guarded(_noticed_then(bot, interaction, work), interaction))
        started = asyncio.get_running_loop().time()
        done, _ = await asyncio.wait({task}, timeout=DEFER_AFTER)
        if not done:
            await answer.defer()
            done, _ = await asyncio.wait({task}, timeout=STILL_WORKING_AFTER)
        if not done:
            await answer.note(catalog().render(Msg("core.still_working"), answer.language))
            left = ANSWER_LIMIT - (asyncio.get_running_loop().time() - started)
            done, _ = await asyncio.wait({task}, timeout=max(left, 0))
        if not done:
            # The token will not outlive the work: say so while it lives, and let the work finish
            # whole (the services commit all of a command or nothing); its public result goes to the channel.
            log.warning("no result within %s s, the result goes to the channel: %s", ANSWER_LIMIT, context_of(interaction))
            await answer.note(catalog().render(Msg("core.too_long"), answer.language))
            await _finish_late(bot, task, interaction)
            return
        deliveries = await task
        await bot.deliverer.deliver(deliveries, answer)
    except Exception as error:  # every failure gets an answer; nothing may leave "thinking…" behind
        log.exception("failed to answer %s", context_of(interaction))
        if task is not None and not task.done():
            # The work may still commit: let it, and send what it has for the channel and DMs.
            await _finish_quietly(bot, task)
        await answer_failure(answer, error)


def _noticed_then(bot: BotHost, interaction: discord.Interaction, work: Work) -> Work:
    async def noticed_then() -> list[Delivery]:
        await bot.dms.noticed(interaction)
        return await work()

    return noticed_then


T = TypeVar("T")


async def within_budget(work: Awaitable[list[T]], interaction: discord.Interaction) -> list[T]:
    """Autocomplete's choices if they are ready within ``AUTOCOMPLETE_BUDGET``, else none (logged)."""
    try:
        return await asyncio.wait_for(work, AUTOCOMPLETE_BUDGET)
    except TimeoutError:
        log.warning("autocomplete not ready in %s s, answered with no choices: %s", AUTOCOMPLETE_BUDGET, context_of(interaction))
        return []


async def _guarded(work: Work, interaction: discord.Interaction) -> list[Delivery]:
    try:
        return await work()
    except OutdatedMatchError as error:
        return outdated_reply(error, actor_of(interaction).language)


async def _finish_late(bot: BotHost, task: asyncio.Future[list[Delivery]], interaction: discord.Interaction) -> None:
    """The work of an interaction whose token is (nearly) spent: its public replies become posts in
    the interaction's channel; what only the user was to see is not sent (logged)."""
    try:
        deliveries = await task
    except Exception:
        log.exception("the late work of %s failed", context_of(interaction))
        return
    here = ChannelPost(str(interaction.channel_id))
    late: list[Delivery] = []
    for delivery in deliveries:
        if isinstance(delivery.target, Reply):
            if delivery.target.ephemeral:
                log.info("a private answer of %s came after its time and is not sent", context_of(interaction))
                continue
            delivery = replace(delivery, target=here)
        late.append(delivery)
    try:
        await bot.deliverer.deliver(late)
    except Exception:
        log.exception("the late result of %s could not be delivered", context_of(interaction))


async def _finish_quietly(bot: BotHost, task: asyncio.Future[list[Delivery]]) -> None:
    try:
        deliveries = await task
        await bot.deliverer.deliver(deliveries)
    except Exception:
        log.exception("the service call behind a failed answer failed too")


async def answer_failure(answer: Answer, error: BaseException | None = None, key: str = "core.interaction_failed") -> None:
    """A short ephemeral answer in the user's language; logged (not raised) if even that fails."""
    interaction = answer.interaction
    text = catalog().render(Msg(key), answer.language)
    try:
        if interaction.type == discord.InteractionType.autocomplete:
            if not interaction.response.is_done():
                await interaction.response.autocomplete([])
            return
        await answer.send(text, ephemeral=True)
    except Exception:
        log.exception("could not even tell the user that %s failed", context_of(interaction))


async def tree_error(interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
    """``CommandTree.on_error``: what fails outside :func:`respond` (option conversion, checks, a
    command in the wrong place)."""
    if isinstance(error, app_commands.NoPrivateMessage):
        log.info("guild-only command in DMs: %s", context_of(interaction))
        await answer_failure(Answer(interaction), error, "core.guild_only")
        return
    log.error("command failed: %s", context_of(interaction), exc_info=error)
    await answer_failure(Answer(interaction), error)
