"""Games that last weeks: absences, time given, a nudge (``match.absence``), and the players'
notice preferences and the notices due (``match.notices``)."""

from __future__ import annotations

from datetime import timedelta

from bot.services.delivery import Delivery, reply
from bot.services.match import absence, notices
from bot.services.match.answers import Refused, answered
from bot.services.match.core import Core
from bot.services.match.deadlines import Held
from bot.services.people import Actor, Place
from bot.services.progress import LoadedMatch
from engines.core.contract import Seat


class LongGameCommands(Core):
    @answered
    async def away(self, guild_id: str | None, actor: Actor, *, start: str | None = None, until: str | None = None,
                   days: int | None = None, cancel: bool = False) -> list[Delivery]:
        """``/away``: show, set or cancel the actor's absence (``absence.away``)."""
        return await absence.away(self, guild_id, actor, start=start, until=until, days=days, cancel=cancel)

    @answered
    async def give_time(self, place: Place, actor: Actor, player: str | None = None,
                        hours: float | None = None, reason: str = "") -> list[Delivery]:
        """``/match give-time``: more time for the player to move (``absence.give_time``)."""
        return await absence.give_time(self, place, actor, player, hours, reason)

    @answered
    async def nudge(self, place: Place, actor: Actor) -> list[Delivery]:
        """``/match nudge``: remind the player to move of a match without a deadline."""
        return await absence.nudge(self, place, actor)

    @answered
    async def notify(self, actor: Actor, **given: str | None) -> list[Delivery]:
        """``/notify``: the actor's notice preferences, changed as ``given`` says (``notices.notify``)."""
        await self.seen(actor)
        try:
            return [reply(actor.language, *await notices.notify(self, actor.user_id, actor.language, **given))]
        except notices.PrefsError as error:
            raise Refused(error.code, error.params) from None

    async def reminder_choices(
        self, match: LoadedMatch,
    ) -> tuple[dict[Seat, tuple[timedelta, ...]] | None, dict[Seat, Held] | None]:
        """The players' own reminders and quiet hours (``notices.reminder_choices``) for ``Core.commit``."""
        return await notices.reminder_choices(self, match)

    async def fire_notices(self) -> list[Delivery]:
        """Every notice due now (a held turn notice, a daily digest)."""
        return await notices.fire_due(self)
