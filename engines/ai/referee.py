"""Building a seat's observation from a match: the referee's side of the computer player.

This is the one place of the computer player that holds states (it replays the record, like
the referee does to show each seat its view); what it hands on is only what the seat saw: the
record as that seat may see it, its current view, and the facts ``Knowledge.remember`` picks
from each of its views along the way.
"""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel

from engines.ai.games import knowledge_for
from engines.ai.observation import Observation, observe
from engines.ai.replays import REPLAYS
from engines.core.contract import Engine, Seat
from engines.core.record import ChanceEvent, MoveEvent, replay_step


def observation_of(engine: Engine, options: BaseModel, events: Sequence[BaseModel], seat: Seat) -> Observation:
    knowledge = knowledge_for(engine.slug)
    key = ("observation", engine.slug, options.model_dump_json(), seat)
    done, kept = REPLAYS.resume(key, events)
    state, facts = kept if kept is not None else (None, {})
    facts = dict(facts)
    for event in events[done:]:
        state = replay_step(engine, options, state, event)
        if knowledge.remember is not None and isinstance(event, (MoveEvent, ChanceEvent)):
            for fact in knowledge.remember(engine.view(state, seat)):
                facts.setdefault(fact)
    if state is None:
        raise ValueError("no start event")
    REPLAYS.keep(key, events, (state, facts))
    return observe(engine.slug, options, events, engine.view(state, seat), seat, knowledge.private_chances, tuple(facts))
