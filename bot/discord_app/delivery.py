"""Sending the services' deliveries through discord.py.

- Every message goes out with ``AllowedMentions.none()``, and every text a user gave us (names,
  move texts, anything in a message's parameters) is escaped: ``[x](https://y) ||z||`` as a name
  shows as typed, never as a masked link or a spoiler.
- Replies go through the interaction's :class:`Answer` (response, edit of a deferral, followups).
- A refused DM (``DM_REFUSALS``: closed DMs, or no server shared any more) is remembered per user (``DmMemory``): the services tell the
  channel once per match and offer the view button; no DM is tried again until the user shows
  their DMs are open.
- A channel post that Discord refuses (missing permissions, a deleted channel) is not lost: the
  user who acted gets it privately, each seat of the match by DM, with what was missing.
"""

from __future__ import annotations

import gzip
import io
import logging
from dataclasses import replace
from datetime import datetime
from typing import Any

import discord

from bot.discord_app.answering import NO_PINGS, Answer, BotHost
from bot.discord_app.buttons import view_for
from bot.discord_app.permissions import match_needs, missing, worded
from bot.i18n import Msg, catalog
from bot.services.channels import mark_deleted
from bot.services.delivery import (
    Attachment,
    ChannelPost,
    ChannelRef,
    Delivery,
    DirectMessage,
    Reply,
)

log = logging.getLogger(__name__)

MESSAGE_LIMIT = 2000
UNKNOWN_CHANNEL = 10003
"""Discord's code for a channel that does not exist (any more): deleted."""
FILES_PER_MESSAGE = 10
DEFAULT_FILE_LIMIT = 10 * 1024 * 1024
"""Discord's file size limit where a server's is not known (DMs): 10 MiB."""
DM_REFUSALS = frozenset({50007, 50278})
"""Discord's documented refusals of a DM: 50007 "Cannot send messages to this user" (DMs closed,
the bot blocked) and 50278 "... due to having no mutual guilds" (the user left every server the
bot shares). Both are remembered alike: no DM is tried again until the user shows they are open."""
CODE_SPAN_SAFE_BACKTICK = "ˋ"  # a backtick cannot be escaped inside `code`: shown as U+02CB instead


def format_value(value: Any) -> str | None:
    """Discord's own wording for values the catalog leaves to adapters."""
    if isinstance(value, datetime):
        return discord.utils.format_dt(value, "R")
    if isinstance(value, ChannelRef):
        return f"<#{value.channel_id}>"
    if value is None:
        return ""
    return None


def escaped(msg: Msg, language: str) -> Msg:
    """``msg`` with every text parameter made inert for Discord's markdown.

    A parameter the template shows in a code span (`` `{move}` ``) only loses its backticks; any
    other is escaped with ``discord.utils.escape_markdown``.

    >>> from bot.i18n import catalog
    >>> catalog().render(escaped(Msg("core.left", {"player": "[claim nitro](https://x) ||x||"}), "en"), "en")
    '\\\\[claim nitro](https://x) \\\\|\\\\|x\\\\|\\\\| left the match.'
    """
    template = (catalog().messages.get(msg.key) or {}).get(language) or (catalog().messages.get(msg.key) or {}).get("en", "")

    def clean(name: str, value: Any) -> Any:
        if isinstance(value, Msg):
            return escaped(value, language)
        if isinstance(value, (list, tuple)):
            return [clean(name, item) for item in value]
        if isinstance(value, str):
            if f"`{{{name}}}`" in template:
                return value.replace("`", CODE_SPAN_SAFE_BACKTICK)
            return discord.utils.escape_markdown(value)
        return value

    return Msg(msg.key, {name: clean(name, value) for name, value in msg.params.items()})


def render_text(delivery: Delivery) -> str:
    words = catalog()
    language = delivery.language
    return "\n".join(words.render(escaped(line, language), language, format_value) for line in delivery.lines)


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


def fitted(delivery: Delivery, limit: int) -> Delivery:
    """``delivery`` with every attachment within ``limit`` bytes (Discord refuses a larger file): a
    larger one gzip-compressed, and if that is still too large, cut into numbered parts
    (``name.gz.001``, ...) to join in order; a line says what was done.

    >>> from bot.services.delivery import Attachment, reply
    >>> big = reply("en", attachments=(Attachment("r.json", bytes(range(256)) * 40),))
    >>> [a.filename for a in fitted(big, 4000).attachments]
    ['r.json.gz']
    >>> parts = fitted(big, 200).attachments
    >>> [a.filename for a in parts][:2], all(len(a.data) <= 200 for a in parts)
    (['r.json.gz.001', 'r.json.gz.002'], True)
    """
    files: list[Attachment] = []
    notes: list[Msg] = []
    for attachment in delivery.attachments:
        if len(attachment.data) <= limit:
            files.append(attachment)
            continue
        packed, name = gzip.compress(attachment.data, mtime=0), f"{attachment.filename}.gz"
        if len(packed) <= limit:
            files.append(Attachment(name, packed))
            notes.append(Msg("core.file_compressed", {"file": name}))
            continue
        parts = [packed[start : start + limit] for start in range(0, len(packed), limit)]
        files += [Attachment(f"{name}.{number:03d}", part) for number, part in enumerate(parts, start=1)]
        notes.append(Msg("core.file_split", {"file": name, "parts": len(parts)}))
    if not notes:
        return delivery
    return replace(delivery, lines=(*delivery.lines, *notes), attachments=tuple(files))


def part_nonce(nonce: str, index: int) -> str:
    """The nonce of a post's ``index``-th message (a long post is sent in several): its own nonce,
    then numbered, each within Discord's 25 characters (``NONCE_MAX`` leaves the room)."""
    return nonce if index == 0 else f"{nonce}.{index}"


def batches(files: list[discord.File]) -> list[list[discord.File]]:
    """Discord's 10 files a message: the first ten, then the next ten, ... (at least one batch)."""
    return [files[start : start + FILES_PER_MESSAGE] for start in range(0, len(files), FILES_PER_MESSAGE)] or [[]]


class Deliverer:
    def __init__(self, bot: BotHost) -> None:
        self.bot = bot

    async def deliver(self, deliveries: list[Delivery], answer: Answer | None = None) -> None:
        """Send everything in order; a reply needs the interaction it answers. A failed reply is
        raised (the caller answers the failure) after the other deliveries went out."""
        failed_reply: BaseException | None = None
        for delivery in deliveries:
            target = delivery.target
            try:
                if isinstance(target, Reply):
                    if answer is None:
                        log.warning("a reply without an interaction was dropped: %s", delivery.lines[:1])
                        continue
                    await self._reply(answer, delivery, target.ephemeral, target.in_place)
                elif isinstance(target, ChannelPost):
                    await self._post(int(target.channel_id), delivery, answer)
                elif isinstance(target, DirectMessage):
                    await self._dm(target, delivery)
            except discord.HTTPException as error:
                if isinstance(target, Reply) and failed_reply is None:
                    failed_reply = error
                log.exception("delivery to %s failed", target)
        if failed_reply is not None:
            raise failed_reply

    async def _reply(self, answer: Answer, delivery: Delivery, ephemeral: bool, in_place: bool = False) -> None:
        delivery = fitted(delivery, answer.interaction.filesize_limit)
        parts = chunks(render_text(delivery))
        groups = batches(files_of(delivery))
        for index, part in enumerate(parts):
            last = index == len(parts) - 1
            await answer.send(
                part,
                ephemeral=ephemeral,
                files=groups[0] if last else None,
                view=view_for(delivery.buttons, delivery.language) if last else None,
                in_place=in_place and index == 0 and len(parts) == 1,
            )
        for more in groups[1:]:
            await answer.send("", ephemeral=ephemeral, files=more)

    async def _post(self, channel_id: int, delivery: Delivery, answer: Answer | None) -> None:
        try:
            channel = self.bot.get_channel(channel_id) or await self.bot.fetch_channel(channel_id)
            guild = getattr(channel, "guild", None)
            delivery = fitted(delivery, guild.filesize_limit if guild is not None else DEFAULT_FILE_LIMIT)
            parts = chunks(render_text(delivery))
            groups = batches(files_of(delivery))
            ping = delivery.target.ping if isinstance(delivery.target, ChannelPost) else None
            for index, part in enumerate(parts):
                last = index == len(parts) - 1
                kwargs: dict[str, Any] = {"content": part, "allowed_mentions": NO_PINGS}
                if ping is not None and index == 0:
                    # A notice the user asked to get as a ping (/notify how:ping): only they are mentioned.
                    kwargs["content"] = f"<@{ping}> {part}"
                    kwargs["allowed_mentions"] = discord.AllowedMentions(users=[discord.Object(int(ping))], everyone=False,
                                                                         roles=False)
                if last:
                    kwargs["files"] = groups[0]
                    view = view_for(delivery.buttons, delivery.language)
                    if view is not None:
                        kwargs["view"] = view
                if delivery.nonce is not None:  # told again after a restart: Discord gives the first back
                    kwargs["nonce"] = part_nonce(delivery.nonce, index)
                await channel.send(**kwargs)
            for number, more in enumerate(groups[1:], start=len(parts)):
                again = {"nonce": part_nonce(delivery.nonce, number)} if delivery.nonce is not None else {}
                await channel.send(files=more, allowed_mentions=NO_PINGS, **again)
        except (discord.Forbidden, discord.NotFound) as error:
            log.warning("post in channel %s refused (%s): handing it to the players", channel_id, error)
            await self._post_failed(channel_id, delivery, answer, deleted=error.code == UNKNOWN_CHANNEL)

    async def _remember_deleted(self, channel_id: int) -> None:
        try:
            await mark_deleted(self.bot.services.repo, str(channel_id))
        except Exception:  # the post is handed on all the same
            log.exception("could not remember that channel %s was deleted", channel_id)

    async def _post_failed(self, channel_id: int, delivery: Delivery, answer: Answer | None, *, deleted: bool = False) -> None:
        """Give a post the channel refused to the people it was for: the user who acted (privately)
        and every seat of the match there (DM); saying the channel was deleted, or what the bot lacks."""
        channel = self.bot.get_channel(channel_id)
        lacking: list[str] = []
        if deleted:
            await self._remember_deleted(channel_id)
            note = Msg("core.post_failed_deleted", {"channel": ChannelRef(str(channel_id))})
        else:
            if isinstance(channel, (discord.abc.GuildChannel, discord.Thread)):
                lacking = missing(channel.permissions_for(channel.guild.me), match_needs(channel))
            note = Msg("core.post_failed", {"channel": ChannelRef(str(channel_id)), "permissions": worded(lacking)})
        mover: str | None = None
        if answer is not None:
            mover = str(answer.interaction.user.id)
            private = Delivery(Reply(ephemeral=True), (note, *delivery.lines), answer.language, delivery.attachments)
            try:
                await self._reply(answer, private, ephemeral=True)
            except discord.HTTPException:
                log.exception("could not hand a refused post to the user who acted")
        row = await self.bot.services.repo.latest_match_in(str(channel_id))
        if row is None:
            return
        for seat in await self.bot.services.repo.seats(row.id):
            if seat.user_id == mover:
                continue
            dm = Delivery(DirectMessage(seat.user_id, row.id), (note, *delivery.lines), delivery.language, delivery.attachments)
            try:
                await self._dm(dm.target, dm)  # type: ignore[arg-type]
            except discord.HTTPException:
                log.exception("could not hand a refused post to seat %s by DM", seat.user_id)

    async def _dm(self, target: DirectMessage, delivery: Delivery) -> None:
        memory = self.bot.dms
        if await memory.refused(target.user_id):
            await self.deliver(await self.bot.services.matches.dm_refused(target.match_id, target.user_id))
            return
        try:
            # Opening the DM channel needs only the user's id: no GET /users/{id} first.
            channel = await self.bot.create_dm(discord.Object(id=int(target.user_id)))
            delivery = fitted(delivery, DEFAULT_FILE_LIMIT)
            groups = batches(files_of(delivery))
            for index, part in enumerate(parts := chunks(render_text(delivery))):
                files = groups[0] if index == len(parts) - 1 else []
                await channel.send(content=part, files=files, allowed_mentions=NO_PINGS)
            for more in groups[1:]:
                await channel.send(files=more, allowed_mentions=NO_PINGS)
        except discord.HTTPException as error:
            if error.code not in DM_REFUSALS:
                raise
            await memory.remember(target.user_id)
            await self.deliver(await self.bot.services.matches.dm_refused(target.match_id, target.user_id))

    async def try_dm(self, user_id: str, language: str) -> bool:
        """Send a test DM (``/dms``): True if it arrived; the memory follows the result."""
        try:
            channel = await self.bot.create_dm(discord.Object(id=int(user_id)))
            await channel.send(content=catalog().render(Msg("core.dms_test"), language), allowed_mentions=NO_PINGS)
        except discord.HTTPException as error:
            if error.code not in DM_REFUSALS:
                raise
            await self.bot.dms.remember(user_id)
            return False
        await self.bot.dms.forget(user_id)
        return True
