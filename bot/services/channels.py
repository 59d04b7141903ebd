"""Channels and threads that were deleted, remembered in storage (any process learns it: from
Discord's gateway, or from a post Discord refused as sent to an unknown channel), so a match whose
place is gone is named as deleted, not as a link to nothing."""

from __future__ import annotations

from bot.i18n import Msg
from bot.services.delivery import ChannelRef
from bot.storage.repository import Repository

DELETED = "channel_deleted:"
"""The ``bot_settings`` key prefix of a deleted channel's id."""


async def mark_deleted(repo: Repository, channel_id: str) -> None:
    await repo.set_setting(DELETED + channel_id, "1")


async def deleted_channels(repo: Repository) -> set[str]:
    return {key[len(DELETED):] for key in await repo.settings_starting(DELETED)}


def channel_named(channel_id: str, guild_id: str | None, deleted: set[str]) -> ChannelRef | Msg:
    """A link to the channel, or the words for a deleted one."""
    if channel_id in deleted:
        return Msg("organize.channel_deleted")
    return ChannelRef(channel_id, guild_id)
