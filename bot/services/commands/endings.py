"""How a match ends by its players: a claim on a match left standing, resigning, a draw offered
and answered (``match.endings``)."""

from __future__ import annotations

from bot.services.delivery import Delivery
from bot.services.match import endings
from bot.services.match.access import Pressed
from bot.services.match.answers import answered
from bot.services.match.core import Core
from bot.services.people import Actor, Place


class EndingCommands(Core):
    @answered
    async def claim(self, place: Place, actor: Actor, match_id: int | None = None) -> list[Delivery]:
        """``/match claim``: a waiting player takes the win of a match the player to act has left
        standing (reminded at ``idle_after``, claimable ``CLAIM_AFTER`` later); the match here, or
        ``match_id`` from anywhere."""
        return await endings.claim(self, place, actor, match_id)

    @answered
    async def resign(self, place: Place, actor: Actor) -> list[Delivery]:
        return await endings.resign(self, place, actor)

    @answered
    async def offer_draw(self, place: Place, actor: Actor) -> list[Delivery]:
        return await endings.offer_draw(self, place, actor)

    async def draw_offer_open(self, match_id: int, offered: int) -> bool:
        """Whether the draw buttons of the offer made at ``offered`` can still be pressed."""
        return await endings.draw_offer_open(self, match_id, offered)

    @answered
    async def answer_draw(self, match_id: int, actor: Actor, accepted: bool, pressed: Pressed | None = None) -> list[Delivery]:
        """A click on the Accept/Decline buttons of a draw offer (``pressed``: where, and the
        offer's event; an answer to an offer no longer open is refused as out of date)."""
        return await endings.answer_draw(self, match_id, actor, accepted, pressed)
