"""Opening, joining, leaving, starting and aborting a match (``match.lifecycle``, ``match.endings``),
and the rematch button of a finished one (``bot.services.rematch``)."""

from __future__ import annotations

from typing import Any

from bot.services import rematch
from bot.services.delivery import Delivery
from bot.services.match import endings, lifecycle, seat_choice
from bot.services.match.access import Pressed
from bot.services.match.answers import Refused, answered
from bot.services.match.core import Core
from bot.services.people import Actor, Place
from bot.services.time_control import TimeControl


class LifecycleCommands(Core):
    @answered
    async def create(
        self, place: Place, actor: Actor, game: str, options: dict[str, Any] | None = None, *,
        opponent: Actor | None = None, time_control: TimeControl | None = None, players: int | None = None,
        rated: bool = True, seat: str | None = None,
    ) -> list[Delivery]:
        """Open a match in ``place`` with the creator in seat 0. With a computer ``opponent`` the
        computer takes every other seat of ``players`` (default: the fewest the game allows, at
        least two) and the match starts; ``seat`` (a name of it, ``seat_choice``) seats the
        creator there instead. ``rated=False``: a casual match, whose end changes no rating."""
        created, computer = await lifecycle.create(
            self, place, actor, game, options, opponent=opponent, time_control=time_control, players=players,
            rated=rated, seat=seat,
        )
        return created if computer is None else created + await self.start(place, actor, *computer)

    def create_refusal(
        self, actor: Actor, game: str, options: dict[str, Any] | None = None, *,
        opponent: Actor | None = None, time_control: TimeControl | None = None, seat: str | None = None,
        players: int | None = None,
    ) -> list[Delivery]:
        """Why ``create`` would refuse these arguments anywhere (empty: it would not), so an adapter
        can ask before it makes a place for the match (a new thread)."""
        try:
            lifecycle.refuse_create(self, game, options, actor=actor, opponent=opponent, time_control=time_control,
                                    players=players, seat=seat)
        except Refused as refused:
            return refused.answer(actor.language)
        return []

    @answered
    async def join(self, place: Place, actor: Actor) -> list[Delivery]:
        return await lifecycle.join(self, place, actor)

    @answered
    async def leave(self, place: Place, actor: Actor) -> list[Delivery]:
        return await lifecycle.leave(self, place, actor)

    @answered
    async def start(self, place: Place, actor: Actor, computer: str | None = None,
                    players: int | None = None, seat: int | str = 0) -> list[Delivery]:
        """Start the open match (its creator only). With a ``computer`` level the computer first
        takes the empty seats, up to ``players`` (default: the most the game allows), so a
        five-player Axis & Allies table with one person missing can begin; ``seat`` (a number,
        or a name of it, ``seat_choice``) seats the creator there."""
        return await lifecycle.start(self, place, actor, computer, players, seat)

    async def start_seat_choices(self, place: Place, actor: Actor, typed: str, players: int | None) -> list[tuple[str, str]]:
        """Autocomplete of ``/match start … seat:``: (words, id) of the seat names of the match
        open here that contain ``typed``, among the seats ``players`` makes (default: the most)."""
        row = await self.repo.live_match_in(place.channel_id)
        if row is None or row.status != "open":
            return []
        engine = self.book.engine(row.game)
        count = min(max(players or engine.max_players, engine.min_players), engine.max_players)
        return seat_choice.choices(engine, count, typed, actor.language)

    @answered
    async def abort(self, place: Place, actor: Actor, match_id: int | None = None, reason: str = "") -> list[Delivery]:
        """Abort the match here, or ``match_id`` (from anywhere): see ``endings.abort``."""
        return await endings.abort(self, place, actor, match_id, reason)

    @answered
    async def rematch(self, match_id: int, actor: Actor, pressed: Pressed | None = None) -> list[Delivery]:
        """The rematch button of a finished match: accepted by each player, then started."""
        return await rematch.press(self, match_id, actor, pressed)
