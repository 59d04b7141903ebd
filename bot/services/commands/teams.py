"""Teams, substitutes and the computer on a person's seat (``match.teams``): a team's choice, a
seat handed over, ``/autopilot`` and the computer's moves for it."""

from __future__ import annotations

from datetime import datetime

from bot.services.delivery import Delivery
from bot.services.match import play, teams
from bot.services.match.access import Pressed
from bot.services.match.answers import answered
from bot.services.match.core import Core
from bot.services.people import Actor, Place


class TeamCommands(Core):
    @answered
    async def team_choice(self, match_id: int, actor: Actor, choice: str, pressed: Pressed | None = None) -> list[Delivery]:
        """A team's answer after one of its seats resigned or lost on time: ``takeover``,
        ``computer`` or ``concede``."""
        return await teams.choose(self, match_id, actor, choice, pressed)

    @answered
    async def substitute(self, place: Place, actor: Actor, leaving: Actor, new: Actor, reason: str = "") -> list[Delivery]:
        """``/match substitute``: offer ``leaving``'s seat to ``new`` (a button they press)."""
        return await teams.substitute(self, place, actor, leaving, new, reason)

    @answered
    async def accept_substitute(self, match_id: int, actor: Actor, seat: int, user_id: str,
                                pressed: Pressed | None = None) -> list[Delivery]:
        return await teams.accept_substitute(self, match_id, actor, seat, user_id, pressed)

    @answered
    async def autopilot(self, place: Place, actor: Actor, level: str, until: datetime | None = None) -> list[Delivery]:
        """``/autopilot``: the computer plays the actor's seat until ``until`` or their next command."""
        return await teams.autopilot(self, place, actor, level, until)

    @answered
    async def autopilot_move(self, match_id: int, seat: int, actor: Actor, text: str | list[str]) -> list[Delivery]:
        """The computer's move on a person's seat it plays for them (``actor``: the computer)."""
        return await play.submit(self, actor, text, match_id=match_id, autopilot_seat=seat)

    @answered
    async def end_autopilots(self, match_id: int) -> list[Delivery]:
        """Give back the seats whose autopilot's ``until`` has passed."""
        return await teams.end_autopilots(self, match_id)
