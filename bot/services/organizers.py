"""Who may act for the server in its matches (extend a deadline, substitute a seat, pause, abort,
adjudicate): one question, asked in one place, so every such command agrees."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.services.people import Actor
from bot.services.settings import settings_of

if TYPE_CHECKING:
    from bot.services.match.core import Core


async def may_organize(core: Core, guild_id: str | None, actor: Actor) -> bool:
    """Whether ``actor`` may act as the organizer of the server ``guild_id``: the server's admins
    (Manage Server) and the members holding its organizer role (``/settings``); nobody in direct
    messages. ``actor.roles`` are the roles the adapter saw on the member where they acted."""
    if guild_id is None:
        return False
    if actor.is_admin:
        return True
    role = (await settings_of(core.repo, guild_id)).organizer_role
    return role is not None and role in actor.roles
