"""The match service: every command of both adapters, as plain async methods.

A façade over ``bot/services/match/``: ``access`` finds the match under its lock and guards it,
``referee`` decides what moves do (no database), ``Core.commit`` stores them before anything is
delivered, ``announce`` says who is told what; ``lifecycle``, ``endings``, ``play``, ``queries``,
``records`` and ``timers`` hold the commands. ``MatchService`` is the sum of the command groups of
``bot/services/commands/`` (one thin method a command, handing it to the module that does it). A
command that does not go through (a refusal, a write another came before, a failing database, a
damaged record) is answered, never raised (``answers.answered``)."""

from __future__ import annotations

from bot.services.commands.deliveries import DeliveryCommands
from bot.services.commands.endings import EndingCommands
from bot.services.commands.information import InformationCommands
from bot.services.commands.lifecycle import LifecycleCommands
from bot.services.commands.long_games import LongGameCommands
from bot.services.commands.organizers import OrganizerCommands
from bot.services.commands.play import PlayCommands
from bot.services.commands.records import RecordCommands
from bot.services.commands.teams import TeamCommands
from bot.services.delivery import Delivery
from bot.services.match import access
from bot.services.match.access import Pressed
from bot.services.match.announce import hash_line
from bot.services.match.answers import Refused, answered, damaged_line, outdated_reply
from bot.services.match.deadlines import CLAIM_AFTER, IDLE_AFTER
from bot.services.match.records import turn_summaries, verify_record
from bot.services.match.timers import UNPOSTED_TIMEOUT
from bot.services.people import Actor, Place

__all__ = [
    "CLAIM_AFTER", "IDLE_AFTER", "UNPOSTED_TIMEOUT", "MatchService", "Pressed", "damaged_line", "hash_line",
    "outdated_reply", "turn_summaries", "verify_record",
]


class MatchService(
    LifecycleCommands, PlayCommands, EndingCommands, OrganizerCommands, InformationCommands, RecordCommands,
    LongGameCommands, TeamCommands, DeliveryCommands,
):
    """Lifecycle (open, join, start, abort, rematch), play (moves, orders, standing orders,
    suggestions), endings (claim, resign, draw), organizers, information (board, status, views,
    ratings, notes, odds), records (history, replay, catch-up, verify, export), long games
    (absence, notices), teams (substitutes, autopilot) and deliveries (bounced DMs, timers)."""

    @answered
    async def press(self, place: Place, actor: Actor, kind: str, text: str = "") -> list[Delivery]:
        """A button of the newest match here, by kind (the console's ``/button``); ``move``
        submits ``text`` like a move button of that match."""
        row = await self.repo.latest_match_in(place.channel_id)
        if row is None:
            raise access.no_match()
        if kind == "move" and text:
            return await self.submit_in(row.id, actor, text)
        if kind == "view_pieces":
            return await self.my_view(actor, match_id=row.id)
        if kind in ("draw_accept", "draw_decline"):
            return await self.answer_draw(row.id, actor, kind == "draw_accept")
        if kind == "rematch":
            return await self.rematch(row.id, actor)
        if kind == "replay" and text.isdigit():
            return await self.replay_step(row.id, actor, int(text))
        if kind.startswith("team_") and kind != "team_substitute":
            return await self.team_choice(row.id, actor, kind.removeprefix("team_"))
        if kind == "team_substitute" and ":" in text:
            seat, _, user_id = text.partition(":")
            if seat.isdigit():
                return await self.accept_substitute(row.id, actor, int(seat), user_id)
        raise Refused("core.unknown_button", {"kind": kind})
