"""Who may act for the server in its matches (extend a deadline, substitute a seat, pause, abort,
adjudicate): one question, asked in one place, so every such command agrees."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.services.people import Actor

if TYPE_CHECKING:
    from bot.services.match.core import Core


async def may_organize(core: Core, guild_id: str | None, actor: Actor) -> bool:
    """Whether ``actor`` may act as the organizer of the server ``guild_id``: today the server's
    admins (Manage Server); none in direct messages."""
    return guild_id is not None and actor.is_admin
