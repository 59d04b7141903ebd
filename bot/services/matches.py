"""The match service: every command of both adapters, as plain async methods.

A façade over ``bot/services/match/``: ``access`` finds the match under its lock and guards it,
``referee`` decides what moves do (no database), ``Core.commit`` stores them before anything is
delivered, ``announce`` says who is told what; ``lifecycle``, ``endings``, ``play``, ``queries``,
``records`` and ``timers`` hold the commands. A command that does not go through (a refusal, a
write another came before, a failing database, a damaged record) is answered, never raised
(``answers.answered``)."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from bot.i18n import Msg
from bot.services import notes, odds, rematch, replays
from bot.services.delivery import Delivery, reply
from bot.services.match import (
    absence,
    access,
    endings,
    lifecycle,
    notices,
    organize,
    play,
    queries,
    records,
    standings,
    teams,
    timers,
)
from bot.services.match.access import Pressed
from bot.services.match.announce import dm_refused, hash_line
from bot.services.match.answers import Refused, answered, damaged_line, outdated_reply
from bot.services.match.core import Core
from bot.services.match.deadlines import CLAIM_AFTER, IDLE_AFTER, Held
from bot.services.match.records import turn_summaries, verify_record
from bot.services.match.timers import UNPOSTED_TIMEOUT
from bot.services.people import Actor, Place
from bot.services.progress import LoadedMatch
from bot.services.time_control import TimeControl
from bot.storage.models import LIVE, TimerRow
from engines.core import capabilities as offers
from engines.core.contract import Seat
from engines.core.record import Record

__all__ = [
    "CLAIM_AFTER", "IDLE_AFTER", "UNPOSTED_TIMEOUT", "MatchService", "Pressed", "damaged_line", "hash_line",
    "outdated_reply", "turn_summaries", "verify_record",
]


class MatchService(Core):
    # --------------------------------------------------------------- lifecycle

    def rated_games(self) -> dict[str, tuple[str, ...]]:
        """Slug -> boards of every game that keeps points (for the leaderboard's choices)."""
        return {slug: e.rating_boards() for slug, e in self.book.engines().items() if offers.rated(e)}

    @answered
    async def create(
        self, place: Place, actor: Actor, game: str, options: dict[str, Any] | None = None, *,
        opponent: Actor | None = None, time_control: TimeControl | None = None, players: int | None = None,
        rated: bool = True,
    ) -> list[Delivery]:
        """Open a match in ``place`` with the creator in seat 0. With a computer ``opponent`` the
        computer takes every other seat of ``players`` (default: the fewest the game allows, at
        least two) and the match starts. ``rated=False``: a casual match, whose end changes no
        rating."""
        created, computer = await lifecycle.create(
            self, place, actor, game, options, opponent=opponent, time_control=time_control, players=players,
            rated=rated,
        )
        return created if computer is None else created + await self.start(place, actor, *computer)

    def create_refusal(
        self, actor: Actor, game: str, options: dict[str, Any] | None = None, *,
        opponent: Actor | None = None, time_control: TimeControl | None = None,
    ) -> list[Delivery]:
        """Why ``create`` would refuse these arguments anywhere (empty: it would not), so an adapter
        can ask before it makes a place for the match (a new thread)."""
        try:
            lifecycle.refuse_create(self, game, options, actor=actor, opponent=opponent, time_control=time_control)
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
                    players: int | None = None) -> list[Delivery]:
        """Start the open match (its creator only). With a ``computer`` level the computer first
        takes the empty seats, up to ``players`` (default: the most the game allows), so a
        five-player Axis & Allies table with one person missing can begin."""
        return await lifecycle.start(self, place, actor, computer, players)

    @answered
    async def abort(self, place: Place, actor: Actor, match_id: int | None = None) -> list[Delivery]:
        """Abort the match here, or ``match_id`` (from anywhere): see ``endings.abort``."""
        return await endings.abort(self, place, actor, match_id)

    # -------------------------------------------------------------------- play

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

    # ----------------------------------------------------------------- endings

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

    # --------------------------------------------------------------- organizers

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
        found = []
        for row in sorted(await self.repo.live_matches(), key=lambda r: -r.id):
            if row.guild_id != guild_id or row.status != "active":
                continue
            seats = await self.repo.seats(row.id)
            name = f"#{row.id} {row.game}: {', '.join(s.holder_name or s.name for s in seats)}"
            if typed.strip().lstrip("#").lower() in name.lower():
                found.append((row.id, name))
        return found[:25]

    async def result_choices(self, guild_id: str | None, match_id: int | None) -> list[tuple[str, Msg]]:
        """Autocomplete for ``/organize adjudicate result:``: a win of each seat of the match, a
        draw (nothing for a match of another server)."""
        match = await self.book.load(match_id) if match_id else None
        return organize.result_choices(match) if match is not None and match.row.guild_id == guild_id else []

    # ------------------------------------------------------------ information

    @answered
    async def board(self, place: Place, actor: Actor, region: str | None = None) -> list[Delivery]:
        """The board again; with ``region`` one part of the map at full size (``RegionsGame``)."""
        return await queries.board(self, place, region)

    @answered
    async def territory(self, place: Place, actor: Actor, name: str) -> list[Delivery]:
        """``/territory``: what the game says about one place of the board of the match here."""
        return await queries.territory(self, place, actor, name)

    async def place_choices(self, place: Place, actor: Actor, typed: str) -> list[tuple[str, str]]:
        """Autocomplete for ``/territory``: (shown name, value) of the places that fit what was typed."""
        return await queries.place_choices(self, place, actor, typed)

    @answered
    async def status(self, place: Place, actor: Actor) -> list[Delivery]:
        return await queries.status(self, place, actor)

    @answered
    async def history(self, place: Place, actor: Actor, page: int = 1) -> list[Delivery]:
        return await records.history(self, place, actor, page)

    @answered
    async def history_at(self, place: Place, actor: Actor, move: int) -> list[Delivery]:
        """``/match history at:<move>``: the public board after that move, with the moves around it."""
        return await replays.history_at(self, place, actor, move)

    @answered
    async def replay(self, place: Place, actor: Actor, limit: int | None = None) -> list[Delivery]:
        """``/match replay``: the animated replay within ``limit`` bytes (the server's upload limit)."""
        return await replays.replay(self, place, actor, limit)

    @answered
    async def replay_step(self, match_id: int, actor: Actor, position: int, pressed: Pressed | None = None) -> list[Delivery]:
        """A replay stepper's button: the board at ``position``."""
        return await replays.step(self, match_id, actor, position, pressed)

    @answered
    async def catchup(self, place: Place, actor: Actor) -> list[Delivery]:
        """``/match catchup``: what changed since the actor's last move, privately."""
        return await replays.catchup(self, place, actor)

    @answered
    async def rematch(self, match_id: int, actor: Actor, pressed: Pressed | None = None) -> list[Delivery]:
        """The rematch button of a finished match: accepted by each player, then started."""
        return await rematch.press(self, match_id, actor, pressed)

    @answered
    async def note(self, place: Place, actor: Actor, text: str = "") -> list[Delivery]:
        """``/note``: keep a private note on the match here, or (no text) list your own."""
        return await notes.note(self, place, actor, text)

    @answered
    async def odds(self, place: Place | None, actor: Actor, attack: str = "", defend: str = "", territory: str = "") -> list[Delivery]:
        """``/odds``: Axis & Allies battle odds of two armies typed, or of a territory's battle here."""
        return await odds.odds_command(self, place, actor, attack, defend, territory)

    @answered
    async def my_games(self, guild_id: str | None, actor: Actor) -> list[Delivery]:
        return await queries.my_games(self, guild_id, actor)

    async def my_match_choices(self, actor: Actor, typed: str) -> list[tuple[int, str]]:
        """Autocomplete: (number, name) of the actor's live matches that fit what was typed."""
        return await queries.my_match_choices(self, actor, typed)

    @answered
    async def my_view(
        self, actor: Actor, *, place: Place | None = None, match_id: int | None = None, piece: str | None = None,
        pressed: Pressed | None = None,
    ) -> list[Delivery]:
        """The actor's private view, as an ephemeral reply (``/view`` and the button); with
        ``piece``, the squares it can reach drawn on it, where the game shows them to beginners."""
        return await queries.my_view(self, actor, place, match_id, piece, pressed)

    @answered
    async def profile(self, guild_id: str | None, actor: Actor, user: Actor | None = None) -> list[Delivery]:
        """``user``'s (default the actor's) ratings on this server, per game, with a rating chart;
        points and rank status where the game keeps them."""
        return await standings.profile(self, guild_id, actor, user)

    @answered
    async def leaderboard(self, guild_id: str | None, actor: Actor, game: str, board: str | None = None) -> list[Delivery]:
        """The server's table for ``game`` by rating, best first, and the actor's place; with
        ``board``, the rulebook's points table of that board."""
        return await standings.leaderboard(self, guild_id, actor, game, board)

    @answered
    async def verify(self, place: Place, actor: Actor) -> list[Delivery]:
        """Check a finished record: replayed from the start, every roll recomputed from the revealed
        seed, every seal opened (``records.VERIFY_EVERY`` apart per user)."""
        return await records.verify_command(self, place, actor)

    @answered
    async def export(self, place: Place, actor: Actor) -> list[Delivery]:
        return await records.export(self, place, actor)

    async def record(self, match_id: int) -> Record:
        """The portable record; the seed only once the match is over."""
        return await records.record(self, match_id)

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

    # ------------------------------------------------------------- long games

    @answered
    async def away(self, guild_id: str | None, actor: Actor, *, start: str | None = None, until: str | None = None,
                   days: int | None = None, cancel: bool = False) -> list[Delivery]:
        """``/away``: show, set or cancel the actor's absence (``absence.away``)."""
        return await absence.away(self, guild_id, actor, start=start, until=until, days=days, cancel=cancel)

    @answered
    async def give_time(self, place: Place, actor: Actor, player: str | None = None,
                        hours: float | None = None) -> list[Delivery]:
        """``/match give-time``: more time for the player to move (``absence.give_time``)."""
        return await absence.give_time(self, place, actor, player, hours)

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

    # ------------------------------------- teams, substitutes, autopilot

    @answered
    async def team_choice(self, match_id: int, actor: Actor, choice: str, pressed: Pressed | None = None) -> list[Delivery]:
        """A team's answer after one of its seats resigned or lost on time: ``takeover``,
        ``computer`` or ``concede``."""
        return await teams.choose(self, match_id, actor, choice, pressed)

    @answered
    async def substitute(self, place: Place, actor: Actor, leaving: Actor, new: Actor) -> list[Delivery]:
        """``/match substitute``: offer ``leaving``'s seat to ``new`` (a button they press)."""
        return await teams.substitute(self, place, actor, leaving, new)

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

    # ------------------------------------------------------ deliveries, timers

    async def dm_refused(self, match_id: int, user_id: str) -> list[Delivery]:
        """A DM bounced (closed DMs): tell the channel once, with the view button as fallback."""
        return await dm_refused(self, match_id, user_id)

    async def fire_timer(self, timer: TimerRow) -> list[Delivery]:
        """A due timer: a reminder DM, a loss on time, or a question a standing order answers."""
        return await timers.fire(self, timer)

    async def unposted_timeouts(self) -> list[Delivery]:
        """The end of each match whose timeout a bot that died recorded and did not post."""
        return await timers.unposted_timeouts(self)
