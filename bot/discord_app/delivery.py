"""Sending the services' deliveries through discord.py.

Every message goes out with ``AllowedMentions.none()``: move texts and player names are
echoed as typed and must never ping anyone. A refused DM (``discord.Forbidden``) is
reported to the services, which tell the channel once and offer the view button instead.
"""

from __future__ import annotations

import io
import logging
from datetime import datetime
from typing import TYPE_CHECKING, Any

import discord

from bot.discord_app.buttons import view_for
from bot.i18n import catalog
from bot.services.delivery import ChannelPost, ChannelRef, Delivery, DirectMessage, Reply

if TYPE_CHECKING:
    from bot.discord_app.client import ScheidsBot

log = logging.getLogger(__name__)

MESSAGE_LIMIT = 2000
NO_PINGS = discord.AllowedMentions.none()


def format_value(value: Any) -> str | None:
    """Discord's own wording for values the catalog leaves to adapters."""
    if isinstance(value, datetime):
        return discord.utils.format_dt(value, "R")
    if isinstance(value, ChannelRef):
        return f"<#{value.channel_id}>"
    if value is None:
        return ""
    return None


def render_text(delivery: Delivery) -> str:
    words = catalog()
    return "\n".join(words.render(line, delivery.language, format_value) for line in delivery.lines)


def chunks(text: str, limit: int = MESSAGE_LIMIT) -> list[str]:
    """Split at line breaks into messages Discord accepts.

    >>> [len(part) for part in chunks("a" * 10 + "\\n" + "b" * 10, limit=12)]
    [10, 10]
    """
    parts: list[str] = []
    current = ""
    for line in text.split("\n"):
        while len(line) > limit:
            if current:
                parts.append(current)
                current = ""
            parts.append(line[:limit])
            line = line[limit:]
        candidate = f"{current}\n{line}" if current else line
        if len(candidate) > limit:
            parts.append(current)
            current = line
        else:
            current = candidate
    if current or not parts:
        parts.append(current)
    return parts


def files_of(delivery: Delivery) -> list[discord.File]:
    return [discord.File(io.BytesIO(a.data), filename=a.filename) for a in delivery.attachments]


class Deliverer:
    def __init__(self, bot: ScheidsBot) -> None:
        self.bot = bot

    async def deliver(self, deliveries: list[Delivery], interaction: discord.Interaction | None = None) -> None:
        """Send everything in order; a reply needs the interaction it answers."""
        for delivery in deliveries:
            target = delivery.target
            try:
                if isinstance(target, Reply):
                    if interaction is None:
                        log.warning("a reply without an interaction was dropped")
                        continue
                    await self._reply(interaction, delivery, target.ephemeral)
                elif isinstance(target, ChannelPost):
                    await self._post(int(target.channel_id), delivery)
                elif isinstance(target, DirectMessage):
                    await self._dm(target, delivery)
            except discord.HTTPException:
                log.exception("delivery to %s failed", target)

    async def _reply(self, interaction: discord.Interaction, delivery: Delivery, ephemeral: bool) -> None:
        parts = chunks(render_text(delivery))
        view = view_for(delivery.buttons, delivery.language)
        for index, part in enumerate(parts):
            last = index == len(parts) - 1
            kwargs: dict[str, Any] = {"content": part, "ephemeral": ephemeral, "allowed_mentions": NO_PINGS}
            if last:
                kwargs["files"] = files_of(delivery)
                if view is not None:
                    kwargs["view"] = view
            if not interaction.response.is_done():
                await interaction.response.send_message(**kwargs)
            else:
                await interaction.followup.send(**kwargs)

    async def _post(self, channel_id: int, delivery: Delivery) -> None:
        channel = self.bot.get_channel(channel_id) or await self.bot.fetch_channel(channel_id)
        parts = chunks(render_text(delivery))
        view = view_for(delivery.buttons, delivery.language)
        for index, part in enumerate(parts):
            last = index == len(parts) - 1
            kwargs: dict[str, Any] = {"content": part, "allowed_mentions": NO_PINGS}
            if last:
                kwargs["files"] = files_of(delivery)
                if view is not None:
                    kwargs["view"] = view
            await channel.send(**kwargs)

    async def _dm(self, target: DirectMessage, delivery: Delivery) -> None:
        user = self.bot.get_user(int(target.user_id)) or await self.bot.fetch_user(int(target.user_id))
        try:
            for index, part in enumerate(parts := chunks(render_text(delivery))):
                files = files_of(delivery) if index == len(parts) - 1 else []
                await user.send(content=part, files=files, allowed_mentions=NO_PINGS)
        except discord.Forbidden:
            fallback = await self.bot.services.matches.dm_refused(target.match_id, target.user_id)
            await self.deliver(fallback)
