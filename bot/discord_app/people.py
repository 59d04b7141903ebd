"""Reading who acts and where from a Discord interaction."""

from __future__ import annotations

import discord

from bot.clock import Clock
from bot.i18n import locale_of
from bot.services.people import Actor, Place
from bot.storage.repository import Repository


def actor_of(interaction: discord.Interaction) -> Actor:
    user = interaction.user
    permissions = interaction.permissions
    return Actor(
        user_id=str(user.id),
        name=user.display_name,
        language=locale_of(str(interaction.locale)),
        is_admin=bool(permissions and permissions.manage_guild),
        roles=frozenset(str(role.id) for role in getattr(user, "roles", ())),  # a Member's; none in DMs
    )


def place_of(interaction: discord.Interaction, channel_id: int | None = None) -> Place:
    """The interaction's channel or thread; channel posts use the server's language."""
    server = interaction.guild_locale
    language = locale_of(str(server)) if server is not None else locale_of(str(interaction.locale))
    return Place(
        guild_id=str(interaction.guild_id) if interaction.guild_id else None,
        channel_id=str(channel_id or interaction.channel_id),
        language=language,
    )


def user_actor(user: discord.abc.User, language: str) -> Actor:
    """Another user named in a command (the invited opponent)."""
    return Actor(user_id=str(user.id), name=user.display_name, language=language)


class DmMemory:
    """Users whose DMs refused us, remembered in storage: no DM is tried again (turn after turn)
    until they use the bot inside a DM (which shows DMs are open) or ask with ``/dms``.

    Read from storage each time, never from a copy in this process: several bot processes on one
    database must give the same answer, whichever of them learnt of the refusal."""

    def __init__(self, repo: Repository, clock: Clock) -> None:
        self.repo = repo
        self.clock = clock

    async def refused(self, user_id: str) -> bool:
        return user_id in await self.repo.dm_refused_users()

    async def remember(self, user_id: str) -> None:
        await self.repo.remember_dm_refused(user_id, self.clock.now())  # a second time changes nothing

    async def forget(self, user_id: str) -> None:
        if await self.refused(user_id):
            await self.repo.forget_dm_refused(user_id)

    async def noticed(self, interaction: discord.Interaction) -> None:
        """An interaction in the bot's DM with its user: their DMs are open."""
        channel_type = getattr(interaction.channel, "type", None)
        if interaction.guild_id is None and channel_type == discord.ChannelType.private:
            await self.forget(str(interaction.user.id))
