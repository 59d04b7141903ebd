"""Computer seats: a computer plays through the same services as a person.

A computer seat is a seat whose user id is ``computer:<level>:<n>``. After every change to a
match (``MatchService.on_committed``) and once at start-up (``resume``: a match that was waiting
for the computer when the bot stopped, even mid-think, is picked up again, because the record
alone says whose turn it is), ``Computer.poke`` looks whether a computer seat owes a move or a
draw answer and plays it with ``MatchService.submit_in`` / ``answer_draw``: its moves are events
like anyone's, checked by the same rules and shown the same way.

It thinks in worker processes (``bot.services.workers``), from the seat's observation only
(``engines.ai.referee.Referee``: its own view and the record as it may see it), for at
most ``seconds`` per move; it then waits out a short, natural ``delay`` before it answers.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import time
from collections.abc import Awaitable, Callable
from concurrent.futures.process import BrokenProcessPool
from dataclasses import replace

from bot.services import presenter
from bot.services.delivery import ChannelPost, Delivery, DirectMessage, Reply
from bot.services.match.answers import Refused
from bot.services.match.teams import autopilot_expired, autopilot_level
from bot.services.matches import MatchService
from bot.services.people import Actor, computer_actor, computer_level
from bot.services.progress import LoadedMatch
from bot.services.workers import forget, pool
from engines.ai.games import knowledge_for
from engines.ai.observation import Observation
from engines.ai.player import LEVELS, accepts_draw, decide_phase
from engines.ai.referee import Referee
from engines.registry import get_engine

log = logging.getLogger(__name__)

DELAY = 1.0
"""Seconds between the change and the computer's answer (thinking time included)."""
MIN_THINK = 0.05
"""Seconds the search gets even when building the observation used up the budget."""
configured_workers = 1
"""The ``[computer] workers`` setting, set once at start-up by ``bot.__main__``."""
configured_seconds: float | None = None
"""The ``[computer] seconds`` setting (``None``: each level's own cap)."""
Deliver = Callable[[list[Delivery]], Awaitable[None]]


_REFEREE = Referee()
"""This worker's replays of the matches it thinks in (full states: kept here, in ``bot``, where
no game's ``ai.py`` can import them; the search is handed only the observation)."""


def _observation(game: str, options: dict, events: list, seat: int) -> Observation:
    engine = get_engine(game)
    return _REFEREE.observation(engine, engine.options_model.model_validate(options), events, seat)


def _left(level: str, seconds: float | None, started: float) -> float:
    """The thinking time left of the move's budget once the observation is built."""
    cap = seconds if seconds is not None else LEVELS[level].seconds or 0.0
    return max(MIN_THINK, cap - (time.perf_counter() - started))


def think(game: str, options: dict, events: list, seat: int, level: str, seed: int, seconds: float | None) -> list[str]:
    """In a worker: the orders to play now, one move or, where the game plans a part of a turn
    at once (an Axis & Allies phase), all of them up to the next dice (``engines.ai.plan``). The
    record is replayed here too (a long match takes a while; that time counts against the
    budget), and only the seat's observation reaches the search."""
    started = time.perf_counter()
    obs = _observation(game, options, events, seat)
    return list(decide_phase(obs, level, seed, time.perf_counter, _left(level, seconds, started), started).texts)


def weigh_draw(game: str, options: dict, events: list, seat: int, level: str, seed: int, seconds: float | None) -> bool:
    """In a worker: whether to accept a draw offer."""
    started = time.perf_counter()
    obs = _observation(game, options, events, seat)
    return accepts_draw(obs, level, seed, time.perf_counter, _left(level, seconds, started))


class Computer:
    def __init__(self, service: MatchService, deliver: Deliver, *, workers: int = 1, delay: float = DELAY,
                 seconds: float | None = None, sleep: Callable[[float], Awaitable[None]] = asyncio.sleep) -> None:
        """``workers`` 0 thinks in a thread (tests); ``seconds`` caps every level's think time."""
        self.service = service
        self.deliver = deliver
        self.workers = workers
        self.delay = delay
        self.seconds = seconds
        self.sleep = sleep
        self._running: dict[int, asyncio.Task] = {}
        self.stopped = False
        self._again: set[int] = set()
        self._held: dict[int, list[Delivery]] = {}
        """Per match, the posts of the computer's steps held back while it plays on in the same
        part of its turn (``hold``): they go out with the post of its next step."""
        service.on_committed = self.committed

    def committed(self, match: LoadedMatch) -> None:
        """After a commit: look only at matches with a computer seat, or a person's seat the
        computer plays for them (``/autopilot``, a team's choice, ``absent: computer``)."""
        if match.progress.meta.autopilot or any(computer_level(seat.user_id) for seat in match.seats):
            self.poke(match.id)

    def poke(self, match_id: int) -> None:
        """Something changed in ``match_id``: play what the computer owes there (in a task)."""
        if self.stopped:
            return
        task = self._running.get(match_id)
        if task is not None and not task.done():
            self._again.add(match_id)
            return
        self._running[match_id] = asyncio.get_running_loop().create_task(self._drive(match_id), name=f"computer-{match_id}")

    async def stop(self) -> None:
        """Stop thinking (shutdown): the record still says whose turn it is, so ``resume``
        picks the match up after the restart."""
        self.stopped = True
        for task in self._running.values():
            task.cancel()
        await asyncio.gather(*self._running.values(), return_exceptions=True)

    async def idle(self) -> None:
        """Wait until no match has the computer thinking (tests, shutdown)."""
        while any(not t.done() for t in self._running.values()):
            await asyncio.gather(*self._running.values(), return_exceptions=True)

    async def resume(self) -> int:
        """At start-up: poke every live match with a computer seat or a seat the computer plays
        for its player; returns how many."""
        count = 0
        for row in await self.service.repo.live_matches():
            seats = await self.service.repo.seats(row.id)
            if not any(computer_level(s.user_id) for s in seats):
                match = await self.service.book.load(row.id)
                if match is None or not match.progress.meta.autopilot:
                    continue
            self.poke(row.id)
            count += 1
        return count

    async def _drive(self, match_id: int) -> None:
        try:
            while True:
                self._again.discard(match_id)
                played = await self.step(match_id)
                if not played and match_id not in self._again:
                    return
        except Exception:
            log.exception("computer player failed in match %s", match_id)
        finally:  # nothing held stays unsaid, whatever stopped the computer
            held = self._held.pop(match_id, None)
            if held:
                try:
                    await self.deliver(held)
                except Exception:
                    log.exception("computer's held posts undelivered in match %s", match_id)

    async def step(self, match_id: int) -> bool:
        """One answer the computer owes in ``match_id`` (a move or a draw answer); ``False`` when
        it owes none."""
        match = await self.service.book.load(match_id)
        if match is None or match.row.status != "active" or match.damage is not None or match.result() is not None:
            return False
        if match.paused is not None:
            return False  # an organizer's pause: the computer waits for the resume like everyone
        started = time.monotonic()
        offer = match.progress.meta.draw_offer
        if offer is not None:
            for seat in match.seats:
                level = computer_level(seat.user_id)
                if level and seat.seat != offer and seat.seat not in match.progress.meta.accepted:
                    record = await self._record(match)
                    accepted = await self._run(weigh_draw, *record, seat.seat, level, self._seed(match, seat.seat), self.seconds)
                    await self.sleep(max(0.0, self.delay - (time.monotonic() - started)))
                    actor = Actor(user_id=seat.user_id, name=seat.name)
                    answer = await self.service.answer_draw(match_id, actor, accepted)
                    await self.deliver(self._with_held(match_id, self._as_posts(match, answer)))
                    return True
        if autopilot_expired(match, self.service.clock.now()):
            await self.deliver(await self.service.end_autopilots(match_id))
            return True
        for to_move in sorted(match.to_act()):
            row = match.seats[to_move]
            level = computer_level(row.user_id)
            # A person's seat the computer plays for them: it sees what the seat sees, no more.
            on_autopilot = level is None and autopilot_level(match, to_move, self.service.clock.now()) is not None
            if on_autopilot:
                level = match.progress.meta.autopilot[to_move]
            if level is None:
                continue
            record = await self._record(match)
            texts = await self._run(think, *record, to_move, level, self._seed(match, to_move), self.seconds)
            await self.sleep(max(0.0, self.delay - (time.monotonic() - started)))
            actor = computer_actor(level) if on_autopilot else Actor(user_id=row.user_id, name=row.name)
            autopilot_seat = to_move if on_autopilot else None
            try:  # a phase's orders at once, as ``/orders`` plays them: one commit, one post
                deliveries = await self._play(match_id, actor, autopilot_seat, texts if len(texts) > 1 else texts[0])
            except Refused:
                if len(texts) == 1:
                    raise
                log.warning("computer plan refused in match %s; playing its first order alone", match_id)
                deliveries = await self._play(match_id, actor, autopilot_seat, texts[0])
            posts = self._as_posts(match, deliveries)
            after = await self.service.book.load(match_id)
            if after is not None and self.hold(match_id, match, after, to_move, posts):
                return True
            await self.deliver(self._with_held(match_id, posts))
            return True
        return False

    async def _play(self, match_id: int, actor: Actor, autopilot_seat: int | None, given: str | list[str]) -> list[Delivery]:
        """Play the computer's ``given`` orders, on a person's seat it plays for them marked so."""
        if autopilot_seat is not None:
            return await self.service.autopilot_move(match_id, autopilot_seat, actor, given)
        return await self.service.submit_in(match_id, actor, given)

    def hold(self, match_id: int, before: LoadedMatch, after: LoadedMatch, seat: int, posts: list[Delivery]) -> bool:
        """Hold the posts of a step back when the computer plays on alone in the same part of
        its turn (``Knowledge.phase``: an Axis & Allies phase; a battle's dice end each of its
        plans): the board post's lines (without whose turn it is) and its battle boards go out with
        the next post, so the phase reaches the channel as one post. Not held: a step after which
        anyone else is to act, the part of the turn ends, or the match ends."""
        part = knowledge_for(after.row.game).phase
        if part is None or after.result() is not None or after.to_act() != frozenset({seat}) \
                or not before.started or part(before.state) != part(after.state):
            return False
        turn = presenter.turn_lines(after)
        held: list[Delivery] = []
        for post in posts:
            if isinstance(post.target, ChannelPost) and post.attachments and turn and turn[0] in post.lines:
                post = replace(post, lines=post.lines[:post.lines.index(turn[0])], attachments=post.attachments[1:],
                               buttons=())
            elif isinstance(post.target, ChannelPost) and post.attachments:
                return False  # a board post whose turn lines are not where they should be: said as it is
            held.append(post)
        self._held.setdefault(match_id, []).extend(held)
        return True

    def _with_held(self, match_id: int, posts: list[Delivery]) -> list[Delivery]:
        """``posts`` with the held steps' lines before the board post's own and their battle
        boards after its board picture."""
        held = self._held.pop(match_id, [])
        if not held:
            return posts
        board = next((i for i, p in enumerate(posts) if isinstance(p.target, ChannelPost) and p.attachments), None)
        if board is None:
            return [*held, *posts]
        boards = [p for p in held if isinstance(p.target, ChannelPost) and p.target == posts[board].target]
        others = [p for p in held if p not in boards]
        post = posts[board]
        merged = replace(post, lines=(*(line for p in boards for line in p.lines), *post.lines),
                         attachments=(post.attachments[0], *(a for p in boards for a in p.attachments), *post.attachments[1:]))
        return [*others, *posts[:board], merged, *posts[board + 1:]]

    @staticmethod
    def _as_posts(match: LoadedMatch, deliveries: list[Delivery]) -> list[Delivery]:
        """The computer has no interaction to be answered in: what a person would have had as a
        public reply goes to the match's channel; what only it would have seen goes nowhere."""
        out = []
        for delivery in deliveries:
            if isinstance(delivery.target, Reply):
                if delivery.target.ephemeral:
                    continue
                delivery = replace(delivery, target=ChannelPost(match.row.channel_id))
            elif isinstance(delivery.target, DirectMessage) and computer_level(delivery.target.user_id):
                continue
            out.append(delivery)
        return out

    async def _record(self, match: LoadedMatch) -> tuple[str, dict, list]:
        """What the worker needs to build the seat's observation: game, options, events."""
        entries = await self.service.repo.entries(match.id)
        return match.row.game, match.options.model_dump(mode="json"), [e.event for e in entries]

    @staticmethod
    def _seed(match, seat: int) -> int:
        """The search's seed: from the match id, the seat and the event count, never the dice seed."""
        digest = hashlib.sha256(f"{match.id}:{seat}:{match.progress.seq}".encode()).digest()
        return int.from_bytes(digest[:8], "big")

    async def _run(self, fn, *args):
        loop = asyncio.get_running_loop()
        if self.workers <= 0:
            return await asyncio.to_thread(fn, *args)
        executor = pool(self.workers, ("engines.ai.player", "engines.registry"))
        try:
            return await loop.run_in_executor(executor, fn, *args)
        except BrokenProcessPool:
            log.warning("computer pool broken; starting a new one")
            forget(executor)
            return await loop.run_in_executor(pool(self.workers, ("engines.ai.player", "engines.registry")), fn, *args)
