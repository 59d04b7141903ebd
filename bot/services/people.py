"""Who acts and where: the adapters' users and places, as the services know them."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Actor:
    """A user acting through an adapter: id, display name, language, and admin right
    (Manage Server in Discord) in the place where they act."""

    user_id: str
    name: str
    language: str = "en"
    is_admin: bool = False


@dataclass(frozen=True)
class Place:
    """Where a match lives: a channel or thread (``channel_id``) of a guild (``None`` in DMs)."""

    guild_id: str | None
    channel_id: str
    language: str = "en"
    """The server's language (Discord: the guild's preferred locale): channel posts use it."""
