"""What a server's organizers do in its matches: list, pause, resume, abort, adjudicate
(``match.organize``), and the autocomplete of their match and result options."""

from __future__ import annotations

from bot.i18n import Msg
from bot.services.delivery import Delivery
from bot.services.match import organize
from bot.services.match.answers import answered
from bot.services.match.core import Core
from bot.services.people import Actor


class OrganizerCommands(Core):
    @answered
    async def organized_matches(self, guild_id: str | None, actor: Actor) -> list[Delivery]:
        """``/organize matches``: the server's matches in play, last move and who is waited on."""
        return await organize.matches(self, guild_id, actor)

    @answered
    async def pause(self, guild_id: str | None, actor: Actor, match_id: int, reason: str) -> list[Delivery]:
        return await organize.pause(self, guild_id, actor, match_id, reason)

    @answered
    async def resume(self, guild_id: str | None, actor: Actor, match_id: int, reason: str = "") -> list[Delivery]:
        return await organize.resume(self, guild_id, actor, match_id, reason)

    @answered
    async def organizer_abort(self, guild_id: str | None, actor: Actor, match_id: int, reason: str) -> list[Delivery]:
        return await organize.abort(self, guild_id, actor, match_id, reason)

    @answered
    async def adjudicate(self, guild_id: str | None, actor: Actor, match_id: int, result: str, reason: str) -> list[Delivery]:
        """End a stuck match with ``result`` (``seat:N``, ``seats:N,M`` or ``draw``) and ``reason``."""
        return await organize.adjudicate(self, guild_id, actor, match_id, result, reason)

    async def server_match_choices(self, guild_id: str | None, typed: str) -> list[tuple[int, str]]:
        """Autocomplete for the organizer commands: (number, name) of the server's matches in play."""
        return await organize.match_choices(self, guild_id, typed)

    async def result_choices(self, guild_id: str | None, match_id: int | None) -> list[tuple[str, Msg]]:
        """Autocomplete for ``/organize adjudicate result:``: a win of each seat of the match, a
        draw (nothing for a match of another server)."""
        match = await self.book.load(match_id) if match_id else None
        return organize.result_choices(match) if match is not None and match.row.guild_id == guild_id else []
