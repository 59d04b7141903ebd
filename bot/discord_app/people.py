"""Reading who acts and where from a Discord interaction."""

from __future__ import annotations

import discord

from bot.i18n import locale_of
from bot.services.people import Actor, Place


def actor_of(interaction: discord.Interaction) -> Actor:
    user = interaction.user
    permissions = interaction.permissions
    return Actor(
        user_id=str(user.id),
        name=user.display_name,
        language=locale_of(str(interaction.locale)),
        is_admin=bool(permissions and permissions.manage_guild),
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
