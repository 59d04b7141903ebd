"""The league service: every ``/league`` command, and the one step that moves a league on.

A league's state is its rows (``leagues``, ``league_entries``, ``league_pairings``) plus the
stored results of its pairings' matches; the standings are derived from them each time
(``tables.table``), never written at the end. ``advance`` is the one step that moves a running
league on, and it is idempotent: it pairs what is due (a round robin's every round at once, a
Swiss round once the one before is decided), opens each pairing's thread and match (every part
checked before it is made, so a step cut off by a crash and run again finds what it made and
goes on from there), resigns the matches of players who withdrew, tells the league's channel of
each result once (the pairing is marked before the post), and ends the league once every game
is decided. It runs after each league match ends, at start-up for every running league, at every
league timer (``due``, from the scheduler: a Swiss round's deadline, a ladder challenge not
accepted in time), and once every ``SWEEP`` as a safety net.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import math
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import replace
from datetime import datetime, timedelta
from typing import Any, Protocol

from pydantic import BaseModel, ConfigDict, Field

from bot.i18n import Msg, catalog
from bot.services import presenter
from bot.services.delivery import Attachment, Button, ChannelPost, ChannelRef, Delivery, Reply, reply
from bot.services.league import pairing
from bot.services.league import standings as tables
from bot.services.match import lifecycle
from bot.services.match.announce import time_control_line
from bot.services.match.answers import Refused
from bot.services.matches import MatchService
from bot.services.organizers import may_organize
from bot.services.people import Actor, Place
from bot.services.progress import LoadedMatch
from bot.services.time_control import TimeControl
from bot.storage.models import LeagueEntryRow, LeagueFormat, LeagueRow, NewLeague, NewPairing, PairingRow
from bot.storage.repository import SeatRefusedError, StaleWriteError, StorageError
from engines.core.contract import TimedGame
from engines.core.record import AbortEvent
from render.league import MAX_ROWS, standings_png

log = logging.getLogger(__name__)

FORMATS: tuple[LeagueFormat, ...] = ("round_robin", "swiss", "ladder")
SWEEP = timedelta(minutes=10)
"""The longest a running league waits for its step when nothing else woke it."""
ADVANCE_PASSES = 4
"""``advance`` runs its step again while a pass changed something (a match linked in this pass
that had already ended), at most this often."""
SCORES = {"1-0": (1.0, 0.0), "0-1": (0.0, 1.0), "draw": (0.5, 0.5), "0-0": (0.0, 0.0)}
"""An organizer's adjudication: first player's and second player's points."""

Deliver = Callable[[list[Delivery]], Awaitable[None]]


class LeagueSettings(BaseModel):
    """What the organizer chose at ``/league create``, stored with the league."""

    model_config = ConfigDict(extra="ignore")

    rounds: int | None = Field(None, ge=1, le=50)
    """Swiss: rounds to play (default: enough to find a winner, log2 of the players, rounded up)."""
    time_control: dict[str, Any] | None = None
    """The matches' deadline (``TimeControl`` as JSON); ``None``: the game's own rule or none."""
    rated: bool = True
    options: dict[str, Any] = {}
    """The game's options for every match (its defaults unless given)."""
    round_hours: float | None = Field(None, gt=0, le=24 * 60)
    """Swiss: hours a round may take before the organizer is asked to decide unfinished games."""
    reach: int = Field(3, ge=1, le=50)
    """Ladder: how many places above oneself one may challenge."""
    accept_hours: float = Field(48, gt=0, le=24 * 60)
    """Ladder: hours to accept a challenge; after that the challenger wins it."""


class Places(Protocol):
    """Where a pairing's match is played: the adapter opens a thread under the league's channel.
    Asked again after a crash, an adapter should give back the thread it made for ``name``."""

    async def open_thread(self, guild_id: str, parent_id: str, name: str) -> str: ...


class ChannelNames:
    """The console's places: a channel named after the pairing (the same name gives the same place)."""

    async def open_thread(self, guild_id: str, parent_id: str, name: str) -> str:
        return "-".join("".join(c if c.isalnum() else " " for c in name.lower()).split())[:90]


def league_answered(method: Callable[..., Awaitable[list[Delivery]]]) -> Callable[..., Awaitable[list[Delivery]]]:
    """Answer a refusal, a write another came before, or a failing database, in the actor's language."""

    @functools.wraps(method)
    async def answering(self: LeagueService, *args: Any, **kwargs: Any) -> list[Delivery]:
        actor = kwargs.get("actor") or next((a for a in args if isinstance(a, Actor)), None)
        language = actor.language if actor is not None else "en"
        try:
            return await method(self, *args, **kwargs)
        except Refused as refused:
            return refused.answer(language)
        except StaleWriteError:
            return [reply(language, Msg("core.retry"))]
        except StorageError as error:
            log.error("league %s failed on the database: %s", method.__name__, error.detail)
            return [reply(language, Msg(error.code))]

    return answering


def format_name(fmt: str) -> Msg:
    return Msg(f"league.format_{fmt}")


class LeagueService:
    def __init__(self, matches: MatchService, deliver: Deliver, places: Places | None = None) -> None:
        self.matches = matches
        self.repo = matches.repo
        self.deliver = deliver
        self.places: Places = places or ChannelNames()
        self._locks: dict[int, asyncio.Lock] = {}
        self._tasks: set[asyncio.Task] = set()
        self.stopped = False
        earlier = matches.on_committed

        def committed(match: LoadedMatch) -> None:
            earlier(match)
            if match.result() is not None and not self.stopped:
                self._spawn(self._match_ended(match.id))

        matches.on_committed = committed

    # ------------------------------------------------------------ background

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        task: asyncio.Task[None] = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def idle(self) -> None:
        """Wait until no league step runs (tests, shutdown)."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    async def stop(self) -> None:
        self.stopped = True
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*list(self._tasks), return_exceptions=True)

    def later(self, league_id: int) -> None:
        """Run the league's step in the background (a command's answer does not wait for a
        round's threads and matches to open), its posts delivered as they come."""
        if not self.stopped:
            self._spawn(self._step_then_deliver(league_id))

    async def _step_then_deliver(self, league_id: int) -> None:
        try:
            await self.deliver(await self.advance(league_id))
        except Exception:
            log.exception("league %s: the step failed; the next one goes on from here", league_id)

    async def _match_ended(self, match_id: int) -> None:
        try:
            found = await self.repo.pairing_of_match(match_id)
            if found is not None:
                await self.deliver(await self.advance(found.league_id))
        except Exception:
            log.exception("league step after match %s failed", match_id)

    def resume_later(self) -> None:
        """``resume`` in the background: at start-up the adapter may not be ready to open threads
        yet (Discord: the threads made before are known once the gateway has sent the server)."""
        if not self.stopped:
            self._spawn(self._resume_quietly())

    async def _resume_quietly(self) -> None:
        await self.resume()

    async def resume(self) -> int:
        """At start-up: the step of every running league (what a crash cut off is done now)."""
        running = await self.repo.leagues(None, ["running"])
        for league in running:
            try:
                await self.deliver(await self.advance(league.id))
            except Exception:
                log.exception("league %s: the step at start-up failed", league.id)
        return len(running)

    # ------------------------------------------------------------ the timers

    async def next_due(self) -> datetime:
        """When the scheduler should run ``due`` next."""
        due = await self.repo.next_pairing_due()
        sweep = self.matches.clock.now() + SWEEP
        return min(due, sweep) if due is not None else sweep

    async def due(self, now: datetime) -> list[Delivery]:
        """The league timers due now: a ladder challenge not accepted in time is won by the
        challenger; a Swiss round past its deadline asks the organizer to decide what is
        unfinished. Then (the safety net) the step of every running league."""
        out: list[Delivery] = []
        touched: set[int] = set()
        for due in await self.repo.due_pairings(now):
            if not await self.repo.clear_pairing_due(due.id):
                continue  # another process took it
            league = await self.repo.league(due.league_id)
            if league is None:
                continue
            touched.add(league.id)
            if league.format == "ladder":
                if due.accepted_at is None and due.outcome is None and due.match_id is None:
                    await self.repo.mark_pairing(due.id, "outcome", {"score": [0, 1], "reason": "expired"})
            elif await self._result_of(due, set()) is None:
                out.append(self._post(league, Msg("league.round_overdue", {
                    "league": league.name, "round": due.round, "pairing": due.id,
                    "first": await self._name(league.id, due.first_id),
                    "second": await self._name(league.id, due.second_id or ""),
                })))
        if self._sweep_at is None or now >= self._sweep_at:
            self._sweep_at = now + SWEEP
            for league in await self.repo.leagues(None, ["running"]):
                out += await self.advance(league.id)
        else:
            for league_id in sorted(touched):
                out += await self.advance(league_id)
        return out

    _sweep_at: datetime | None = None

    # -------------------------------------------------------------- commands

    @league_answered
    async def create(
        self, place: Place, actor: Actor, game: str, fmt: str, *, rounds: int | None = None,
        time_control: TimeControl | None = None, rated: bool = True, name: str | None = None,
        round_hours: float | None = None, reach: int | None = None, accept_hours: float | None = None,
        options: dict[str, Any] | None = None,
    ) -> list[Delivery]:
        """A new league taking sign-ups (organizers only); ``options``: the game's options for
        every match (its defaults where not given)."""
        await self._organizer(place, actor)
        if fmt not in FORMATS:
            raise Refused("league.unknown_format", {"format": fmt, "formats": ", ".join(FORMATS)})
        try:
            engine = self.matches.book.engine(game)
        except KeyError:
            raise Refused.saying(lifecycle.unknown_game(self.matches, game)) from None
        if engine.max_players != 2:
            if game == "axis_allies":
                raise Refused("league.axis_allies_missing")
            raise Refused("league.two_players_only", {"game": presenter.game_name(game)})
        if rounds is not None and fmt != "swiss":
            raise Refused("league.rounds_swiss_only")
        if round_hours is not None and fmt != "swiss":
            raise Refused("league.round_hours_swiss_only")
        if (reach is not None or accept_hours is not None) and fmt != "ladder":
            raise Refused("league.ladder_only")
        lifecycle.refuse_create(self.matches, game, options, actor=actor, opponent=None, time_control=time_control)
        if isinstance(engine, TimedGame):
            time_control = None
        settings = LeagueSettings(
            rounds=rounds, time_control=time_control.model_dump(mode="json") if time_control else None, rated=rated,
            round_hours=round_hours, reach=reach or 3, accept_hours=accept_hours or 48,
            options=engine.options_model.model_validate(options or {}).model_dump(mode="json"),
        )
        existing = await self.repo.leagues(place.guild_id, ["signup", "running", "finished"])
        title = (name or "").strip()[:80] or catalog().render(
            Msg("league.default_name", {"game": presenter.game_name(game), "number": len(existing) + 1}), place.language)
        assert place.guild_id is not None
        league = await self.repo.create_league(NewLeague(
            guild_id=place.guild_id, channel_id=place.channel_id, name=title, game=game, format=fmt,
            settings=settings.model_dump(mode="json"), creator_id=actor.user_id, language=place.language,
        ), self.matches.clock.now())
        await self.matches.seen(actor)
        lines = [Msg("league.created", {
            "league": league.name, "id": league.id, "game": presenter.game_name(game), "format": format_name(fmt),
            "organizer": actor.name,
        })]
        if time_control is not None:
            lines.append(time_control_line(time_control))
        if fmt == "swiss" and rounds:
            lines.append(Msg("league.swiss_rounds", {"rounds": rounds}))
        if fmt == "ladder":
            lines.append(Msg("league.ladder_terms", {"reach": settings.reach, "hours": _hours(settings.accept_hours)}))
        lines.append(Msg("league.sign_up_how", {"id": league.id}))
        return [reply(place.language, *lines, ephemeral=False, buttons=(Button("league_join", league.id),))]

    @league_answered
    async def join(self, league_id: int, actor: Actor) -> list[Delivery]:
        league = await self.repo.league(league_id)
        if league is None:
            raise Refused("league.unknown", {"id": league_id})
        await self.matches.seen(actor)
        said = await self.repo.join_league(league_id, actor.user_id, actor.name)
        if said == "already":
            raise Refused("league.already_signed_up", {"league": league.name})
        if said == "closed":
            raise Refused("league.sign_up_closed", {"league": league.name})
        count = len(await self.repo.league_entries(league_id))
        return [reply(league.language, Msg("league.signed_up", {"player": actor.name, "league": league.name, "count": count}),
                      ephemeral=False)]

    async def signing_up(self, place: Place, actor: Actor) -> int | list[Delivery]:
        """The league ``/league join`` without a number means (the one taking sign-ups here), or
        the answer that says which to name."""
        try:
            return (await self._chosen(place, None, ("signup",))).id
        except Refused as refused:
            return refused.answer(actor.language)

    @league_answered
    async def start(self, place: Place, actor: Actor, league_id: int | None = None) -> list[Delivery]:
        league = await self._chosen(place, league_id, ("signup",))
        await self._organizer(place, actor)
        entries = [e for e in await self.repo.league_entries(league.id) if e.withdrawn_at is None]
        if len(entries) < 2:
            raise Refused("league.too_few", {"league": league.name, "count": len(entries)})
        settings = LeagueSettings.model_validate(league.settings)
        if league.format == "swiss" and settings.rounds is not None and settings.rounds > len(entries) - 1:
            raise Refused("league.too_many_rounds", {"rounds": settings.rounds, "most": len(entries) - 1})
        if not await self.repo.set_league_status(league.id, "running", was="signup"):
            raise Refused("league.not_in_sign_up", {"league": league.name})
        lines = [Msg("league.started", {"league": league.name, "count": len(entries),
                                        "players": [e.name for e in entries]})]
        if league.format == "swiss":
            lines.append(Msg("league.swiss_rounds", {"rounds": self._rounds(league, entries)}))
        self.later(league.id)
        return [reply(league.language, *lines, ephemeral=False)]

    @league_answered
    async def standings(self, place: Place, actor: Actor, league_id: int | None = None) -> list[Delivery]:
        league = await self._chosen(place, league_id, ("signup", "running", "finished"))
        return [await self._standings_post(league, actor.language, Reply(ephemeral=False))]

    @league_answered
    async def pairings(self, place: Place, actor: Actor, league_id: int | None = None) -> list[Delivery]:
        league = await self._chosen(place, league_id, ("signup", "running", "finished"))
        pairings = await self.repo.league_pairings(league.id)
        if not pairings:
            return [reply(actor.language, Msg("league.no_pairings", {"league": league.name}))]
        names = {e.user_id: e.name for e in await self.repo.league_entries(league.id)}
        withdrawn = {e.user_id for e in await self.repo.league_entries(league.id) if e.withdrawn_at is not None}
        lines = [Msg("league.pairings_head", {"league": league.name})]
        for p in pairings:
            score = await self._result_of(p, withdrawn)
            params: dict[str, Any] = {"pairing": p.id, "round": p.round, "first": names.get(p.first_id, "?")}
            if p.second_id is None:
                lines.append(Msg("league.pairing_bye", params))
                continue
            params["second"] = names.get(p.second_id, "?")
            if score is not None:
                params["score"] = _score_text(score[0])
                params["how"] = Msg(f"league.how_{score[1]}")
                lines.append(Msg("league.pairing_done", params))
            elif p.thread_id is not None:
                params["channel"] = ChannelRef(p.thread_id, league.guild_id)
                lines.append(Msg("league.pairing_playing", params))
            elif league.format == "ladder" and p.accepted_at is None:
                params["due"] = p.due_at
                lines.append(Msg("league.pairing_challenged", params))
            else:
                lines.append(Msg("league.pairing_waiting", params))
        return [reply(actor.language, *lines)]

    @league_answered
    async def withdraw(self, place: Place, actor: Actor, league_id: int | None = None,
                       player: Actor | None = None) -> list[Delivery]:
        """The actor leaves the league; with ``player``, an organizer withdraws that player (who
        has left the server, say). Their games still being played are resigned for them, those
        not opened yet forfeited."""
        leaving = player or actor
        league = await self._chosen(place, league_id, ("signup", "running"), of=leaving.user_id)
        if leaving.user_id != actor.user_id:
            await self._organizer(place, actor)
        entry = next((e for e in await self.repo.league_entries(league.id) if e.user_id == leaving.user_id), None)
        if entry is None:
            raise Refused("league.not_signed_up" if player is None else "league.player_not_signed_up",
                          {"league": league.name, "player": leaving.name})
        if not await self.repo.withdraw_from_league(league.id, leaving.user_id, self.matches.clock.now()):
            raise Refused("league.already_withdrawn", {"league": league.name})
        said = [reply(league.language, Msg("league.withdrew", {"player": entry.name, "league": league.name}), ephemeral=False)]
        if player is not None and leaving.user_id != actor.user_id:
            said.append(reply(league.language, Msg("league.withdrawn_by", {"organizer": actor.name}), ephemeral=False))
        if league.status == "running":
            self.later(league.id)
        return said

    @league_answered
    async def all_leagues(self, place: Place, actor: Actor) -> list[Delivery]:
        leagues = await self.repo.leagues(place.guild_id, ["signup", "running", "finished"])
        if not leagues:
            return [reply(actor.language, Msg("league.none"))]
        lines = [Msg("league.list_head")]
        for league in leagues:
            count = len(await self.repo.league_entries(league.id))
            lines.append(Msg("league.list_line", {
                "id": league.id, "league": league.name, "game": presenter.game_name(league.game),
                "format": format_name(league.format), "status": Msg(f"league.status_{league.status}"), "count": count,
                "channel": ChannelRef(league.channel_id, league.guild_id),
            }))
        return [reply(actor.language, *lines)]

    @league_answered
    async def adjudicate(self, place: Place, actor: Actor, pairing_id: int, result: str, reason: str = "") -> list[Delivery]:
        """The organizer decides a pairing (a stuck game, a round past its deadline): the league
        counts this result, and a match still being played is ended (aborted, the record says by whom)."""
        if result not in SCORES:
            raise Refused("league.bad_result", {"result": result, "results": ", ".join(SCORES)})
        found = await self._pairing(place, pairing_id)
        league = await self._chosen(place, found.league_id, ("running",))
        await self._organizer(place, actor)
        if actor.user_id in (found.first_id, found.second_id):
            raise Refused("league.own_game")
        if found.second_id is None:
            raise Refused("league.bye_not_adjudicated")
        decided = await self._result_of(found, set())
        if decided is not None and decided[1] != "aborted":  # an aborted game may still be decided
            raise Refused("league.already_decided", {"pairing": found.id})
        outcome = {"score": list(SCORES[result]), "reason": "adjudicated", "by": actor.name, "note": reason[:200]}
        if not await self.repo.mark_pairing(found.id, "outcome", outcome):
            raise Refused("league.already_decided", {"pairing": found.id})
        if found.match_id is not None:
            await self._abort(found.match_id)
        self.later(league.id)
        return [reply(league.language, Msg("league.adjudicated", {
            "pairing": found.id, "league": league.name, "organizer": actor.name,
            "first": await self._name(league.id, found.first_id), "second": await self._name(league.id, found.second_id),
            "score": _score_text(SCORES[result]), "reason": reason or "-",
        }), ephemeral=False)]

    @league_answered
    async def challenge(self, place: Place, actor: Actor, opponent: Actor, league_id: int | None = None) -> list[Delivery]:
        league = await self._chosen(place, league_id, ("running",), of=actor.user_id, formats=("ladder",))
        entries = await self.repo.league_entries(league.id)
        active = {e.user_id for e in entries if e.withdrawn_at is None}
        if actor.user_id not in active:
            raise Refused("league.not_signed_up", {"league": league.name})
        if opponent.user_id not in active or opponent.user_id == actor.user_id:
            raise Refused("league.not_a_rival", {"player": opponent.name, "league": league.name})
        pairings = await self.repo.league_pairings(league.id)
        withdrawn = {e.user_id for e in entries if e.withdrawn_at is not None}
        open_ones = [p for p in pairings if await self._result_of(p, withdrawn) is None]
        for p in open_ones:
            if actor.user_id in (p.first_id, p.second_id) or opponent.user_id in (p.first_id, p.second_id):
                raise Refused("league.challenge_open", {"pairing": p.id})
        rows = tables.table("ladder", _entrants(entries), await self._games(pairings, withdrawn))
        place_of = {row.user_id: row.place for row in rows}
        settings = LeagueSettings.model_validate(league.settings)
        above = place_of[actor.user_id] - place_of[opponent.user_id]
        if not 1 <= above <= settings.reach:
            raise Refused("league.out_of_reach", {"player": opponent.name, "reach": settings.reach})
        number = max((p.round for p in pairings), default=0) + 1
        due = self.matches.clock.now() + timedelta(hours=settings.accept_hours)
        # The player challenged plays first; the challenger second.
        if not await self.repo.add_pairings(league.id, [NewPairing(
                round=number, board=1, first_id=opponent.user_id, second_id=actor.user_id, due_at=due)],
                self.matches.clock.now()):
            raise Refused("core.retry")
        self.matches.on_timers_changed()
        return [reply(league.language, Msg("league.challenged", {
            "player": actor.name, "opponent": opponent.name, "league": league.name, "due": due,
        }), ephemeral=False)]

    @league_answered
    async def accept(self, place: Place, actor: Actor, league_id: int | None = None) -> list[Delivery]:
        league = await self._chosen(place, league_id, ("running",), of=actor.user_id, formats=("ladder",))
        for p in await self.repo.league_pairings(league.id):
            if p.first_id == actor.user_id and p.accepted_at is None and p.outcome is None and p.match_id is None:
                if not await self.repo.mark_pairing(p.id, "accepted_at", self.matches.clock.now()):
                    continue
                await self.repo.clear_pairing_due(p.id)
                said = reply(league.language, Msg("league.accepted", {
                    "player": actor.name, "opponent": await self._name(league.id, p.second_id or "")}), ephemeral=False)
                self.later(league.id)
                return [said]
        raise Refused("league.no_challenge")

    @league_answered
    async def finish(self, place: Place, actor: Actor, league_id: int | None = None) -> list[Delivery]:
        """The organizer ends a league now (a ladder's season); games still being played no longer count."""
        league = await self._chosen(place, league_id, ("signup", "running"))
        await self._organizer(place, actor)
        if not await self.repo.set_league_status(league.id, "finished", was=league.status):
            raise Refused("core.retry")
        league = replace_status(league, "finished")
        return [reply(league.language, Msg("league.finished", {"league": league.name}), ephemeral=False),
                await self._standings_post(league, league.language, ChannelPost(league.channel_id))]

    # ------------------------------------------------------------ the step

    async def advance(self, league_id: int) -> list[Delivery]:
        """Move the league on as far as it goes now (see the module's docstring); idempotent."""
        lock = self._locks.setdefault(league_id, asyncio.Lock())
        out: list[Delivery] = []
        async with lock:
            for _ in range(ADVANCE_PASSES):
                said, changed = await self._step(league_id)
                out += said
                if not changed:
                    break
        return out

    async def _step(self, league_id: int) -> tuple[list[Delivery], bool]:
        league = await self.repo.league(league_id)
        if league is None or league.status != "running":
            return [], False
        out: list[Delivery] = []
        changed = False
        entries = await self.repo.league_entries(league.id)
        withdrawn = {e.user_id for e in entries if e.withdrawn_at is not None}
        pairings = await self.repo.league_pairings(league.id)
        new = self._to_pair(league, entries, withdrawn, pairings, await self._games(pairings, withdrawn))
        if new and await self.repo.add_pairings(league.id, new, self.matches.clock.now()):
            round_number = new[0].round
            out.append(self._post(league, Msg("league.round_paired", {"league": league.name, "round": round_number})))
            self.matches.on_timers_changed()
            pairings = await self.repo.league_pairings(league.id)
            changed = True
        by_id = {e.user_id: e for e in entries}
        for p in pairings:
            if p.second_id is None or p.outcome is not None:
                continue
            if p.match_id is None:
                if p.first_id in withdrawn or p.second_id in withdrawn:
                    await self.repo.mark_pairing(p.id, "outcome", {
                        "score": [0 if p.first_id in withdrawn else 1, 0 if p.second_id in withdrawn else 1],
                        "reason": "withdrawn"})
                    changed = True
                elif league.format != "ladder" or p.accepted_at is not None:
                    out += await self._open(league, p, by_id[p.first_id], by_id[p.second_id])
                    changed = True
            else:
                row = await self.repo.get_match(p.match_id)
                if row is not None and row.status == "active" and (withdrawn & {p.first_id, p.second_id}):
                    for user_id in withdrawn & {p.first_id, p.second_id}:
                        resigned = await self.matches.resign(Place(league.guild_id, row.channel_id, league.language),
                                                             Actor(user_id, by_id[user_id].name, league.language))
                        await self.deliver(_posted(resigned, row.channel_id))
                    changed = True
        pairings = await self.repo.league_pairings(league.id)
        names = {e.user_id: e.name for e in entries}
        # Over only when every game was seen reported here: a match may end while this step reads
        # (a computer's move), and a league finished past its unreported result never tells it.
        all_reported = True
        for p in pairings:
            if p.reported_at is not None or p.second_id is None:
                continue
            result = await self._result_of(p, withdrawn)
            if result is None or result[1] == "withdrawn" and p.match_id is not None:
                all_reported = False
                continue  # a withdrawn player's match is reported once it is resigned
            if await self.repo.mark_pairing(p.id, "reported_at", self.matches.clock.now()):
                # Marked first, then told at once (not with the step's other posts): a kill in
                # between can cost this one announcement, never the result, and none is told twice.
                await self.deliver([self._post(league, Msg("league.result", {
                    "league": league.name, "round": p.round, "first": names.get(p.first_id, "?"),
                    "second": names.get(p.second_id, "?"), "score": _score_text(result[0]), "how": Msg(f"league.how_{result[1]}"),
                }))])
        if all_reported and await self._over(league, entries, withdrawn, pairings) and await self.repo.set_league_status(
                league.id, "finished", was="running"):
            league = replace_status(league, "finished")
            out.append(self._post(league, Msg("league.finished", {"league": league.name})))
            out.append(await self._standings_post(league, league.language, ChannelPost(league.channel_id)))
            changed = False
        return out, changed

    def _to_pair(self, league: LeagueRow, entries: list[LeagueEntryRow], withdrawn: set[str],
                 pairings: list[PairingRow], games: list[tables.Game]) -> list[NewPairing]:
        """The pairings the league needs now (none when it has what it needs)."""
        ids = [e.user_id for e in entries]
        if league.format == "round_robin":
            if pairings:
                return []
            # Everyone signed up and still in when it starts; all games at once, so a round's
            # bye (an odd count) is only sitting out: not stored, worth nothing.
            still = [p for p in ids if p not in withdrawn]
            return [NewPairing(round=number, board=board, first_id=pair.first, second_id=pair.second)
                    for number, rnd in enumerate(pairing.round_robin(still), start=1)
                    for board, pair in enumerate(rnd, start=1) if pair.second is not None]
        if league.format != "swiss":
            return []
        last = max((p.round for p in pairings), default=0)
        if last >= self._rounds(league, entries, pairings) or any(g.score is None for g in games):
            return []
        still = [p for p in ids if p not in withdrawn]
        if len(still) < 2:
            return []
        ranked = [row.user_id for row in tables.table("swiss", _entrants(entries), games) if not row.withdrawn]
        played = [pairing.Played(g.first, g.second, g.score) for g in games]
        settings = LeagueSettings.model_validate(league.settings)
        due = self.matches.clock.now() + timedelta(hours=settings.round_hours) if settings.round_hours else None
        pairs = pairing.swiss_round(still, played, ranked)
        return [NewPairing(round=last + 1, board=board, first_id=pair.first, second_id=pair.second,
                           due_at=due if pair.second is not None else None)
                for board, pair in enumerate(pairs, start=1)]

    async def _over(self, league: LeagueRow, entries: list[LeagueEntryRow], withdrawn: set[str],
                    pairings: list[PairingRow]) -> bool:
        if league.format == "ladder" or not pairings:
            return False
        games = await self._games(pairings, withdrawn)
        if any(g.score is None for g in games):
            return False
        if league.format == "swiss":
            still = [e for e in entries if e.user_id not in withdrawn]
            return max(p.round for p in pairings) >= self._rounds(league, entries, pairings) or len(still) < 2
        return True

    async def _open(self, league: LeagueRow, p: PairingRow, first: LeagueEntryRow, second: LeagueEntryRow) -> list[Delivery]:
        """Open the pairing's thread and match and start it; each part looked for before it is
        made, so a step run again after a crash finishes what the first began."""
        thread = p.thread_id
        if thread is None:
            # The league's number keeps two leagues of one name (next season's) out of each other's threads.
            name = catalog().render(Msg("league.thread_name", {"league": league.name, "number": league.id, "round": p.round,
                                                               "first": first.name, "second": second.name}), league.language)
            thread = await self.places.open_thread(league.guild_id, league.channel_id, name[:100])
            if not await self.repo.mark_pairing(p.id, "thread_id", thread):
                again = next(x for x in await self.repo.league_pairings(league.id) if x.id == p.id)
                thread = again.thread_id or thread
        place = Place(league.guild_id, thread, league.language)
        known = await self.repo.user(first.user_id)  # their own language stays theirs (their DMs)
        first_actor = Actor(first.user_id, first.name, known.language if known is not None else league.language)
        settings = LeagueSettings.model_validate(league.settings)
        control = TimeControl.model_validate(settings.time_control) if settings.time_control else None
        out: list[Delivery] = []
        row = await self.repo.latest_match_in(thread)
        try:
            if row is None:
                created, _ = await lifecycle.create(self.matches, place, first_actor, league.game, settings.options,
                                                    opponent=None, time_control=control, players=None,
                                                    rated=settings.rated)
                out += [replace(d, lines=tuple(line for line in d.lines if line.key != "core.open_to_join"))
                        for d in created]
                row = await self.repo.latest_match_in(thread)
                assert row is not None
            if row.status == "open":
                if all(seat.user_id != second.user_id for seat in await self.repo.seats(row.id)):
                    await self.repo.add_seat(row.id, second.user_id, second.name, max_seats=2)
                out += await lifecycle.start(self.matches, place, first_actor, None, None)
        except (Refused, SeatRefusedError) as refused:
            log.error("league %s: the match of pairing %s could not be opened: %s", league.id, p.id, refused)
            return []
        await self.repo.mark_pairing(p.id, "match_id", row.id)
        intro = Msg("league.match_intro", {"league": league.name, "round": p.round, "first": first.name, "second": second.name})
        return [Delivery(ChannelPost(thread), (intro,), league.language), *_posted(out, thread)]

    async def _abort(self, match_id: int) -> None:
        async with self.matches.book.lock(match_id):
            match = await self.matches.book.load(match_id)
            if match is None or match.row.status not in ("open", "active"):
                return
            await self.matches.commit(match, [AbortEvent(by_admin=True)], status="aborted")

    # ------------------------------------------------------------ reading

    async def _result_of(self, p: PairingRow, withdrawn: set[str]) -> tuple[tuple[float, float], str] | None:
        row = await self.repo.get_match(p.match_id) if p.match_id is not None else None
        score, how = tables.resolve(p.first_id, p.second_id, p.outcome, row.status if row else None,
                                       row.result if row else None, withdrawn)
        return (score, how) if score is not None else None

    async def _games(self, pairings: list[PairingRow], withdrawn: set[str]) -> list[tables.Game]:
        games = []
        for p in pairings:
            result = await self._result_of(p, withdrawn)
            games.append(tables.Game(p.round, p.first_id, p.second_id, result[0] if result else None,
                                        result[1] if result else ""))
        return games

    def _rounds(self, league: LeagueRow, entries: list[LeagueEntryRow], pairings: list[PairingRow] | None = None) -> int:
        """A Swiss league's rounds: as the organizer set them, else enough to find a winner among
        those who played the first round (those still in, before it is paired)."""
        settings = LeagueSettings.model_validate(league.settings)
        if settings.rounds:
            return settings.rounds
        first = [p for p in pairings or [] if p.round == 1]
        field = {x for p in first for x in (p.first_id, p.second_id) if x is not None} if first else {
            e.user_id for e in entries if e.withdrawn_at is None}
        return max(1, math.ceil(math.log2(max(len(field), 2))))

    async def table(self, league: LeagueRow) -> list[tables.Row]:
        """The standings now, derived from the pairings and their matches' stored results."""
        entries = await self.repo.league_entries(league.id)
        withdrawn = {e.user_id for e in entries if e.withdrawn_at is not None}
        pairings = await self.repo.league_pairings(league.id)
        games = await self._games(pairings, withdrawn)
        rounds_left = 0
        if league.format == "swiss" and league.status == "running":
            rounds_left = self._rounds(league, entries, pairings) - max((p.round for p in pairings), default=0)
        return tables.table(league.format, _entrants(entries), games, rounds_left)

    async def _standings_post(self, league: LeagueRow, language: str, target: Reply | ChannelPost) -> Delivery:
        rows = await self.table(league)
        words = catalog()

        def say(key: str, **params: Any) -> str:
            return words.render(Msg(f"league.{key}", params), language)

        tiebreak = {"round_robin": "col_sonneborn", "swiss": "col_buchholz"}.get(league.format)
        headers = ["#", say("col_player"), say("col_points")] + ([say(tiebreak)] if tiebreak else []) + [
            say("col_played"), say("col_left"), say("col_record")]
        cells = []
        for row in rows:
            name = say("withdrawn_name", player=row.name) if row.withdrawn else row.name
            cells.append([str(row.place), name, tables.points_text(row.points)]
                         + ([tables.points_text(row.tiebreak)] if tiebreak else [])
                         + [str(row.played), str(row.left), f"{row.wins}-{row.draws}-{row.losses}"])
        subtitle = " · ".join([words.render(presenter.game_name(league.game), language),
                               words.render(format_name(league.format), language),
                               say(f"status_{league.status}")])
        more = say("more_rows", count=len(rows) - MAX_ROWS) if len(rows) > MAX_ROWS else ""
        png = await self.matches.renderer.run(standings_png, league.name, subtitle, headers, cells,
                                              [row.withdrawn for row in rows], more)
        lines = [Msg("league.standings_head", {"league": league.name})]
        lines += [Msg("league.standings_line", {"place": row.place, "player": row.name, "points": tables.points_text(row.points),
                                                "left": row.left}) for row in rows[:3]]
        if tiebreak:
            lines.append(Msg(f"league.{tiebreak}_note"))
        return Delivery(target, tuple(lines), language, attachments=(Attachment(f"league-{league.id}-standings.png", png),))

    # ------------------------------------------------------------ helpers

    def _post(self, league: LeagueRow, *lines: Msg) -> Delivery:
        return Delivery(ChannelPost(league.channel_id), lines, league.language)

    async def _name(self, league_id: int, user_id: str) -> str:
        entry = next((e for e in await self.repo.league_entries(league_id) if e.user_id == user_id), None)
        return entry.name if entry is not None else "?"

    async def _organizer(self, place: Place, actor: Actor) -> None:
        if place.guild_id is None or not await may_organize(self.matches, place.guild_id, actor):
            raise Refused("league.organizers_only")

    async def _pairing(self, place: Place, pairing_id: int) -> PairingRow:
        for league in await self.repo.leagues(place.guild_id, ["running"]):
            for p in await self.repo.league_pairings(league.id):
                if p.id == pairing_id:
                    return p
        raise Refused("league.unknown_pairing", {"pairing": pairing_id})

    async def _chosen(self, place: Place, league_id: int | None, statuses: tuple[str, ...], *, of: str | None = None,
                      formats: tuple[str, ...] = FORMATS) -> LeagueRow:
        """The league a command means: the one named, else the one of this channel, else the only
        one of the server (among those in ``statuses``; with ``of``, those the user signed up to)."""
        if place.guild_id is None:
            raise Refused("league.servers_only")
        if league_id is not None:
            league = await self.repo.league(league_id)
            if league is None or league.guild_id != place.guild_id:
                raise Refused("league.unknown", {"id": league_id})
            if league.status not in statuses:
                raise Refused(f"league.is_{league.status}", {"league": league.name})
            if league.format not in formats:
                raise Refused("league.ladder_command", {"league": league.name})
            return league
        candidates = [lg for lg in await self.repo.leagues(place.guild_id, statuses) if lg.format in formats]  # type: ignore[arg-type]
        if of is not None:
            candidates = [lg for lg in candidates if any(e.user_id == of for e in await self.repo.league_entries(lg.id))]
        here = [lg for lg in candidates if lg.channel_id == place.channel_id]
        if len(here) == 1 or (here and len(candidates) > 1):
            return here[-1]
        if len(candidates) == 1:
            return candidates[0]
        if not candidates:
            raise Refused("league.none_here")
        raise Refused("league.which", {"leagues": [Msg("league.choice", {"id": lg.id, "league": lg.name}) for lg in candidates]})


def replace_status(league: LeagueRow, status: str) -> LeagueRow:
    return league.model_copy(update={"status": status})


def _entrants(entries: list[LeagueEntryRow]) -> list[tables.Entrant]:
    return [tables.Entrant(e.user_id, e.name, e.withdrawn_at is not None) for e in entries]


def _posted(deliveries: list[Delivery], channel_id: str) -> list[Delivery]:
    """A match's public answers as posts in its thread (no user to answer: the league acted);
    what only the acting user would have read is dropped."""
    out = []
    for d in deliveries:
        if isinstance(d.target, Reply):
            if d.target.ephemeral:
                continue
            d = replace(d, target=ChannelPost(channel_id))
        out.append(d)
    return out


def _score_text(score: tuple[float, float]) -> str:
    return f"{tables.points_text(score[0])}–{tables.points_text(score[1])}"


def _hours(value: float) -> str:
    return f"{value:g}"


