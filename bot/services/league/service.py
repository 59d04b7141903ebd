"""The league service: every ``/league`` command, and the one step that moves a league on.

A league's state is its rows (``leagues``, ``league_entries``, ``league_pairings``) plus the
stored results of its pairings' matches; the standings are derived from them each time
(``standings.table``), never written at the end. This façade holds what lives as long as the
bot (the per-league locks, the background steps) and hands each command to its module:
``commands`` (what changes a league), ``reading`` (standings, pairings, the list) and ``step``
(``advance``, the one idempotent step, and the league timers). The step runs after each league
match ends, at start-up for every running league, at every league timer (``due``, from the
scheduler: a Swiss round's deadline, a ladder challenge not accepted in time), and once every
``SWEEP`` as a safety net.

Deliveries: every command returns what it says; the steps a command starts run in the background
and deliver their own posts (``later``), as do the steps after a match ends and at start-up.
"""

from __future__ import annotations

import asyncio
import functools
import inspect
import logging
from collections.abc import Awaitable, Callable, Coroutine
from datetime import datetime
from typing import Any, Concatenate, ParamSpec

from bot.services.delivery import Delivery, Reply
from bot.services.league import commands, reading, step
from bot.services.league import standings as tables
from bot.services.league.base import ChannelNames, Deliver, Places
from bot.services.league.settings import ADVANCE_PASSES, FORMATS, SCORES, SWEEP, LeagueSettings
from bot.services.match.answers import ANSWERED, failure_answer, language_of_actor, where_given
from bot.services.matches import MatchService
from bot.services.people import Actor, Place
from bot.services.progress import LoadedMatch
from bot.services.time_control import TimeControl
from bot.storage.models import LeagueRow, PairingRow

__all__ = ["FORMATS", "SCORES", "ChannelNames", "LeagueService", "LeagueSettings", "Places"]

log = logging.getLogger(__name__)

P = ParamSpec("P")


def league_answered(
    method: Callable[Concatenate[LeagueService, P], Awaitable[list[Delivery]]],
) -> Callable[Concatenate[LeagueService, P], Awaitable[list[Delivery]]]:
    """Answer instead of raising, in the actor's language, as the match commands do
    (``answers.failure_answer``: one wording of a refusal, a write another came before, a failing
    database, a damaged record)."""
    signature = inspect.signature(method)

    @functools.wraps(method)
    async def answering(self: LeagueService, *args: P.args, **kwargs: P.kwargs) -> list[Delivery]:
        language = language_of_actor(args, kwargs)
        try:
            return await method(self, *args, **kwargs)
        except ANSWERED as failure:
            return await failure_answer(self.matches, failure, language, f"league {method.__name__}",
                                        lambda: where_given(signature, args, kwargs))

    return answering


class LeagueService:
    def __init__(self, matches: MatchService, deliver: Deliver, places: Places | None = None) -> None:
        self.matches = matches
        self.repo = matches.repo
        self.deliver = deliver
        self.places: Places = places or ChannelNames()
        self._locks: dict[int, asyncio.Lock] = {}
        self._tasks: set[asyncio.Task] = set()
        self.stopped = False
        self.sweep_at: datetime | None = None
        """When ``due`` next runs the step of every running league."""
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
        """At start-up: the step of every running league, and of a finished one whose end was not
        told (what a crash cut off is done now)."""
        running = [league for league in await self.repo.leagues(None, ["running", "finished"])
                   if league.status == "running" or league.told_at is None]
        for league in running:
            try:
                await self.deliver(await self.advance(league.id))
            except Exception:
                log.exception("league %s: the step at start-up failed", league.id)
        return len(running)

    # ------------------------------------------------------------ the step and the timers

    async def advance(self, league_id: int) -> list[Delivery]:
        """Move the league on as far as it goes now (``step``); idempotent. Returns what it says,
        but for each result's announcement and the league's end, told at once (``telling``)."""
        lock = self._locks.setdefault(league_id, asyncio.Lock())
        out: list[Delivery] = []
        async with lock:
            for _ in range(ADVANCE_PASSES):
                said, changed = await step.step(self, league_id)
                out += said
                if not changed:
                    break
        return out

    async def next_due(self) -> datetime:
        """When the scheduler should run ``due`` next."""
        due = await self.repo.next_pairing_due()
        sweep = self.matches.clock.now() + SWEEP
        return min(due, sweep) if due is not None else sweep

    async def due(self, now: datetime) -> list[Delivery]:
        return await step.due(self, now)

    async def _result_of(self, p: PairingRow, withdrawn: set[str]) -> tuple[tuple[float, float], str] | None:
        """The one reading of a pairing's result that the step and the commands go through."""
        return await reading.result_of(self, p, withdrawn)

    async def table(self, league: LeagueRow) -> list[tables.Row]:
        return await reading.table(self, league)

    # -------------------------------------------------------------- commands

    @league_answered
    async def create(
        self, place: Place, actor: Actor, game: str, fmt: str, *, rounds: int | None = None,
        time_control: TimeControl | None = None, rated: bool | None = None, name: str | None = None,
        round_hours: float | None = None, reach: int | None = None, accept_hours: float | None = None,
        options: dict[str, Any] | None = None, team_size: int = 1,
    ) -> list[Delivery]:
        return await commands.create(self, place, actor, game, fmt, rounds=rounds, time_control=time_control,
                                     rated=rated, name=name, round_hours=round_hours, reach=reach,
                                     accept_hours=accept_hours, options=options, team_size=team_size)

    @league_answered
    async def join(self, league_id: int, actor: Actor) -> list[Delivery]:
        return await commands.join(self, league_id, actor)

    async def signing_up(self, place: Place, actor: Actor) -> int | list[Delivery]:
        return await commands.signing_up(self, place, actor)

    @league_answered
    async def start(self, place: Place, actor: Actor, league_id: int | None = None) -> list[Delivery]:
        return await commands.start(self, place, actor, league_id)

    @league_answered
    async def team(self, place: Place, actor: Actor, player: Actor, number: int | None,
                   league_id: int | None = None) -> list[Delivery]:
        return await commands.team(self, place, actor, player, number, league_id)

    @league_answered
    async def standings(self, place: Place, actor: Actor, league_id: int | None = None) -> list[Delivery]:
        league = await reading.chosen(self, place, league_id, ("signup", "running", "finished"))
        return [await reading.standings_post(self, league, actor.language, Reply(ephemeral=False))]

    @league_answered
    async def pairings(self, place: Place, actor: Actor, league_id: int | None = None) -> list[Delivery]:
        return await reading.pairings_list(self, place, actor, league_id)

    @league_answered
    async def withdraw(self, place: Place, actor: Actor, league_id: int | None = None,
                       player: Actor | None = None) -> list[Delivery]:
        return await commands.withdraw(self, place, actor, league_id, player)

    @league_answered
    async def all_leagues(self, place: Place, actor: Actor) -> list[Delivery]:
        return await reading.all_leagues(self, place, actor)

    @league_answered
    async def adjudicate(self, place: Place, actor: Actor, pairing_id: int, result: str, reason: str = "") -> list[Delivery]:
        return await commands.adjudicate(self, place, actor, pairing_id, result, reason)

    @league_answered
    async def challenge(self, place: Place, actor: Actor, opponent: Actor, league_id: int | None = None) -> list[Delivery]:
        return await commands.challenge(self, place, actor, opponent, league_id)

    @league_answered
    async def accept(self, place: Place, actor: Actor, league_id: int | None = None) -> list[Delivery]:
        return await commands.accept(self, place, actor, league_id)

    @league_answered
    async def finish(self, place: Place, actor: Actor, league_id: int | None = None) -> list[Delivery]:
        return await commands.finish(self, place, actor, league_id)
