"""Building a seat's observation from a match: the referee's side of the computer player.

This is the one place of the computer player that holds states (it replays the record, like
the referee does to show each seat its view); what it hands on is only what the seat saw: the
record as that seat may see it, its current view, and the facts ``Knowledge.remember`` picks
from each of its views along the way.

The full states it replays are kept, if at all, only inside a ``Referee`` that its caller owns
(the bot's worker keeps one in ``bot.services.computer``, which nothing in ``engines`` may
import): no module of ``engines`` holds one, so a game's ``ai.py`` has no way to read the
referee's state, only the ``Observation`` it is handed.
"""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel

from engines.ai.games import knowledge_for
from engines.ai.observation import Observation, observe
from engines.ai.replays import Replays
from engines.core.contract import Engine, Seat
from engines.core.record import ChanceEvent, MoveEvent, replay_step


class Referee:
    """Observations of one worker, with its replays kept between moves (private to it)."""

    __slots__ = ("_replays",)

    def __init__(self, size: int = 16) -> None:
        self._replays = Replays(size)

    def clear(self) -> None:
        self._replays.clear()

    def observation(self, engine: Engine, options: BaseModel, events: Sequence[BaseModel], seat: Seat) -> Observation:
        return _observation(engine, options, events, seat, self._replays)


def observation_of(engine: Engine, options: BaseModel, events: Sequence[BaseModel], seat: Seat) -> Observation:
    """The observation of ``seat``, replayed from the start (nothing kept)."""
    return _observation(engine, options, events, seat, None)


def _observation(engine: Engine, options: BaseModel, events: Sequence[BaseModel], seat: Seat,
                 replays: Replays | None) -> Observation:
    knowledge = knowledge_for(engine.slug)
    key = ("observation", engine.slug, options.model_dump_json(), seat)
    done, kept = replays.resume(key, events) if replays is not None else (0, None)
    state, facts = kept if kept is not None else (None, {})
    facts = dict(facts)
    for event in events[done:]:
        state = replay_step(engine, options, state, event)
        if knowledge.remember is not None and isinstance(event, (MoveEvent, ChanceEvent)):
            for fact in knowledge.remember(engine.view(state, seat)):
                facts.setdefault(fact)
    if state is None:
        raise ValueError("no start event")
    if replays is not None:
        replays.keep(key, events, (state, facts))
    return observe(engine.slug, options, events, engine.view(state, seat), seat, knowledge.private_chances, tuple(facts))
