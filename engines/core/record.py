"""The record is the truth: events, replay and verification (DESIGN.md).

A match is ``(engine slug, engine version, options, seats, seed, events)``. Events are
append-only; the state is ``replay(events)``. This module is pure: the services add
storage, clocks and delivery around it.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, Field

from engines.core.contract import Engine, Frozen, Outcome, Result, Seat
from engines.core.dice import commitment, draws


class StartEvent(Frozen):
    """Seats are fixed and play begins; ``players`` is the number of seats."""

    type: Literal["start"] = "start"
    players: int


class MoveEvent(Frozen):
    type: Literal["move"] = "move"
    seat: Seat
    text: str
    """The canonical notation (``engine.format_move``), for history and export."""
    move: dict[str, Any]
    """The move model as JSON, read back with ``engine.move_model``."""
    secret: bool = False
    """Only the seat that made it may see ``text`` and ``move`` while the match runs."""


class ChanceEvent(Frozen):
    type: Literal["chance"] = "chance"
    kind: str
    first_index: int
    """Index of the first dice draw used: draws are numbered over the whole match."""
    sizes: tuple[int, ...]
    values: tuple[int, ...]


class ResignEvent(Frozen):
    type: Literal["resign"] = "resign"
    seat: Seat


class TimeoutEvent(Frozen):
    type: Literal["timeout"] = "timeout"
    seat: Seat


class DrawOfferEvent(Frozen):
    type: Literal["draw_offer"] = "draw_offer"
    seat: Seat


class DrawAnswerEvent(Frozen):
    type: Literal["draw_answer"] = "draw_answer"
    seat: Seat
    accepted: bool


class AbortEvent(Frozen):
    type: Literal["abort"] = "abort"
    by_admin: bool = False


Event = Annotated[
    Union[
        StartEvent,
        MoveEvent,
        ChanceEvent,
        ResignEvent,
        TimeoutEvent,
        DrawOfferEvent,
        DrawAnswerEvent,
        AbortEvent,
    ],
    Field(discriminator="type"),
]


class Entry(Frozen):
    """An event with its place in the log and the time it was recorded."""

    seq: int
    at: datetime
    event: Event


class Record(Frozen):
    """The portable game record (``/match export``). The seed is present only after the end."""

    format: Literal["scheids-record"] = "scheids-record"
    format_version: int = 1
    game: str
    engine_version: int
    options: dict[str, Any]
    seats: tuple[str, ...]
    """Display names per seat, for people reading the file; replay needs only their number."""
    seed_commitment: str
    seed_hex: str | None = None
    entries: tuple[Entry, ...]


class ReplayError(Exception):
    """A record that does not replay on this engine (wrong version, corrupt event)."""


def replay(engine: Engine, options: BaseModel, events: Sequence[BaseModel]) -> Any:
    """The engine state after ``events``; ``None`` before the start event."""
    state = None
    for event in events:
        state = replay_step(engine, options, state, event)
    return state


def replay_step(engine: Engine, options: BaseModel, state: Any, event: BaseModel) -> Any:
    """Apply one event to a state; meta events (resign, offers, ...) leave it as it is."""
    if isinstance(event, StartEvent):
        return engine.setup(event.players, options)
    if isinstance(event, (MoveEvent, ChanceEvent)) and state is None:
        raise ReplayError(f"{event.type} event before the start event")
    if isinstance(event, MoveEvent):
        return engine.apply(state, event.seat, engine.move_model.model_validate(event.move))
    if isinstance(event, ChanceEvent):
        return engine.apply_chance(state, Outcome(kind=event.kind, values=event.values))
    return state


def resolve_chance(
    engine: Engine, state: Any, seed: bytes, first_index: int
) -> tuple[Any, list[ChanceEvent]]:
    """Sample every pending chance node with the match's dice; returns the new state and events."""
    events: list[ChanceEvent] = []
    index = first_index
    while engine.result(state) is None and (spec := engine.chance(state)) is not None:
        values = draws(seed, index, spec.sizes)
        events.append(
            ChanceEvent(kind=spec.kind, first_index=index, sizes=spec.sizes, values=values)
        )
        state = engine.apply_chance(state, Outcome(kind=spec.kind, values=values))
        index += len(spec.sizes)
    return state, events


class MetaState(Frozen):
    """What the meta events (offers, resignations, timeouts, aborts) add up to so far."""

    draw_offer: Seat | None = None
    """The seat whose draw offer is open: no decline and no move since."""
    accepted: frozenset[Seat] = frozenset()
    result: Result | None = None


def advance_meta(meta: MetaState, event: BaseModel, players: int) -> MetaState:
    """Fold one event into the meta state. A draw needs every other seat's acceptance."""
    if meta.result is not None:
        return meta
    others = lambda seat: tuple(s for s in range(players) if s != seat)  # noqa: E731
    if isinstance(event, ResignEvent):
        return MetaState(result=Result(winners=others(event.seat), reason="core.resigned", params={"seat": event.seat}))
    if isinstance(event, TimeoutEvent):
        return MetaState(result=Result(winners=others(event.seat), reason="core.timeout", params={"seat": event.seat}))
    if isinstance(event, AbortEvent):
        return MetaState(result=Result(reason="core.aborted", params={"by_admin": event.by_admin}))
    if isinstance(event, DrawOfferEvent):
        return MetaState(draw_offer=event.seat)
    if isinstance(event, DrawAnswerEvent) and meta.draw_offer is not None:
        if not event.accepted:
            return MetaState()
        accepted = meta.accepted | {event.seat}
        if accepted >= set(others(meta.draw_offer)):
            return MetaState(result=Result(draw=True, reason="core.draw_agreed"))
        return meta.model_copy(update={"accepted": accepted})
    if isinstance(event, MoveEvent):
        return MetaState()
    return meta


class RollCheck(Frozen):
    """One chance event checked against the revealed seed."""

    seq: int
    kind: str
    first_index: int
    recorded: tuple[int, ...]
    recomputed: tuple[int, ...]

    @property
    def ok(self) -> bool:
        return self.recorded == self.recomputed


def verify(engine: Engine, options: BaseModel, entries: Sequence[Entry], seed: bytes, promised: str) -> tuple[bool, list[RollCheck]]:
    """Check the seed against its commitment and recompute every roll of the record.

    Sizes are taken from the engine's chance spec at that point of the replay, not from
    the record, so a forged size is caught too.
    """
    seed_ok = commitment(seed) == promised
    checks: list[RollCheck] = []
    state = None
    for entry in entries:
        event = entry.event
        if isinstance(event, ChanceEvent) and state is not None:
            spec = engine.chance(state)
            recomputed = draws(seed, event.first_index, spec.sizes) if spec else ()
            checks.append(
                RollCheck(
                    seq=entry.seq,
                    kind=event.kind,
                    first_index=event.first_index,
                    recorded=event.values,
                    recomputed=recomputed,
                )
            )
        state = replay_step(engine, options, state, event)
    return seed_ok and all(c.ok for c in checks), checks
