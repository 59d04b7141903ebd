"""Playing: a move typed or pressed, several orders at once, standing orders, and the
autocomplete's legal moves (``match.play``, ``match.queries``)."""

from __future__ import annotations

from bot.services.delivery import Delivery
from bot.services.match import play, queries
from bot.services.match.access import Pressed
from bot.services.match.answers import answered
from bot.services.match.core import Core
from bot.services.people import Actor, Place
from bot.storage.models import LIVE


class PlayCommands(Core):
    @answered
    async def submit(self, place: Place, actor: Actor, text: str) -> list[Delivery]:
        """Play a move given as text in the live match here: parse, check, apply, roll, commit, report."""
        return await play.submit(self, actor, text, place=place)

    @answered
    async def submit_in(self, match_id: int, actor: Actor, text: str | list[str], pressed: Pressed | None = None
                        ) -> list[Delivery]:
        """Play a move (or several, all or none, as ``/orders``) in the match ``match_id`` (a move
        button: it names its match, which need not be the one live in the channel now; ``pressed``
        says where and for which state; the computer: a phase's orders)."""
        return await play.submit(self, actor, text, match_id=match_id, pressed=pressed)

    async def button_current(self, match_id: int, seq: int) -> bool:
        """Whether a button made at ``seq`` of ``match_id`` can still be pressed (the match is live and
        has not moved on): the adapter takes the others off their message."""
        row = await self.repo.get_match(match_id)
        return row is not None and row.status in LIVE and row.last_seq == seq

    async def submit_orders(self, place: Place, actor: Actor, text: str, match_id: int | None = None) -> list[Delivery]:
        """Several orders at once (``/orders``: one per line, or separated by ``;``), checked
        together and played all or nothing; the reply names the first line refused. A form names
        its match (``match_id``; else the live match here is meant); orders that could not be
        played are sent back to the player with the refusal, as typed."""
        return play.orders_returned(await self._orders(place, actor, text, match_id), text)

    @answered
    async def _orders(self, place: Place, actor: Actor, text: str, match_id: int | None) -> list[Delivery]:
        return await play.orders(self, place, actor, text, match_id)

    async def live_match_id(self, place: Place) -> int | None:
        """The id of the match live here (``/orders`` names it in its form)."""
        row = await self.repo.live_match_in(place.channel_id)
        return row.id if row is not None else None

    @answered
    async def standing_orders(self, place: Place, actor: Actor, text: str = "") -> list[Delivery]:
        """Set (or, without text, show) the actor's standing orders in the live match here."""
        return await play.standing_orders(self, place, actor, text)

    async def suggest_moves(self, place: Place, actor: Actor, typed: str) -> list[str]:
        """Autocomplete: legal moves of the actor that start with (then contain) what was typed
        (none while the database fails or the record is damaged)."""
        return (await self.suggestions_at(place, actor, typed))[1]

    async def suggestions_at(self, place: Place, actor: Actor, typed: str) -> tuple[int, list[str]]:
        """``suggest_moves`` with the event sequence of the match they belong to (0 without a match),
        so an adapter can name a suggestion by (seq, move) and refuse it once the match moved on."""
        return await queries.suggestions_at(self, place, actor, typed)

    async def legal_texts_at(self, place: Place, actor: Actor) -> tuple[int, list[str]]:
        """Every legal move text of the actor in the live match here, with its event sequence
        (``(seq, [])`` when the actor is not to act); what an adapter's suggestion names map back to."""
        return await queries.legal_texts_at(self, place, actor)
