"""A match as the services work with it: the stored row and seats plus the fold of its events.

``Progress`` is everything the event log adds up to: the engine state, the meta state
(offers, resignations), dice used, time used per seat. It is built by folding entries one
by one (``advance``), so a snapshot plus the newer entries gives the same as a full replay.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from typing import Any

from pydantic import BaseModel

from bot.services.time_control import TimeControl, deadline_for
from bot.storage.models import MatchRow, SeatRow
from engines.core.contract import Engine, Result, Seat
from engines.core.record import (
    ChanceEvent,
    Entry,
    MetaState,
    MoveEvent,
    OrdersEvent,
    StartEvent,
    advance_meta,
    replay_step,
)

TURN_EVENTS = (StartEvent, MoveEvent, ChanceEvent)


@dataclass(frozen=True)
class Progress:
    state: Any = None
    seq: int = 0
    draw_index: int = 0
    meta: MetaState = field(default_factory=MetaState)
    used: tuple[float, ...] = ()
    """Seconds of thinking time used per seat (charged while the seat is in ``to_act``)."""
    last_at: datetime | None = None
    turn_started: datetime | None = None
    moves: int = 0
    turn_state: Any = None
    """The state when the seats to act last changed: the start of the current turn, so a turn
    of several actions can be compared as a whole when it ends."""
    hash: str = ""
    """The chain hash of the last entry folded in (``engines.core.record.chain_hash``)."""
    secret_seen: bool = False
    """Some event so far is secret: then the hash, computed over it, is not shown before the end
    (a secret setup has few possibilities, and its hash would give it away)."""
    orders: dict[Seat, dict[str, Any]] = field(default_factory=dict)
    """Each seat's standing orders (``OrdersEvent``; ``StandingOrdersGame``)."""


@dataclass(frozen=True)
class Damage:
    """Where a stored record stops being trustworthy: the first event ``seq`` that fails, and why
    (``"unreadable"``, ``"hash"``, ``"gap"``, ``"replay"``; see ``DamagedRecordError``), or the
    match row itself (``"row"``: ``fields`` name what no longer reads; ``seq`` is 0)."""

    seq: int
    reason: str
    fields: tuple[str, ...] = ()


def advance(engine: Engine, options: BaseModel, players: int, progress: Progress, entry: Entry) -> Progress:
    """Fold one entry into the progress."""
    event = entry.event
    used = progress.used or (0.0,) * players
    if progress.state is not None and progress.last_at is not None and progress.meta.result is None:
        elapsed = (entry.at - progress.last_at).total_seconds()
        acting = engine.to_act(progress.state)
        used = tuple(u + elapsed if seat in acting else u for seat, u in enumerate(used))
    state = replay_step(engine, options, progress.state, event)
    turn_state = progress.turn_state
    if state is not None and (
        progress.state is None or engine.to_act(state) != engine.to_act(progress.state)
    ):
        turn_state = state
    orders = progress.orders
    if isinstance(event, OrdersEvent):
        orders = {**orders, event.seat: event.orders}
    draw_index = progress.draw_index
    if isinstance(event, ChanceEvent):
        draw_index = event.first_index + len(event.values)
    return Progress(
        state=state,
        seq=entry.seq,
        draw_index=draw_index,
        meta=advance_meta(progress.meta, event, players),
        used=used,
        last_at=entry.at,
        turn_started=entry.at if isinstance(event, TURN_EVENTS) else progress.turn_started,
        moves=progress.moves + isinstance(event, MoveEvent),
        turn_state=turn_state,
        hash=entry.hash or "",
        secret_seen=progress.secret_seen or bool(getattr(event, "secret", False)),
        orders=orders,
    )


@dataclass(frozen=True)
class LoadedMatch:
    """A match row, its seats and the fold of its events."""

    row: MatchRow
    seats: tuple[SeatRow, ...]
    engine: Engine
    options: BaseModel
    progress: Progress
    damage: Damage | None = None
    """Set when the stored record failed its chain or its replay: ``progress`` then holds the
    events before the damage, and nothing more may be played (an admin can still abort)."""
    snapshot_stale: bool = False
    """The stored snapshot did not read or check on load (the events were replayed instead): the
    next append writes a new one."""

    @property
    def id(self) -> int:
        return self.row.id

    @property
    def state(self) -> Any:
        return self.progress.state

    @property
    def time_control(self) -> TimeControl:
        return TimeControl.model_validate(self.row.time_control)

    @property
    def started(self) -> bool:
        return self.progress.state is not None

    def result(self) -> Result | None:
        if self.progress.meta.result is not None:
            return self.progress.meta.result
        if self.progress.state is None:
            return None
        return self.engine.result(self.progress.state)

    def seat_of(self, user_id: str) -> Seat | None:
        """The user's seat; of a player holding several (a teammate's taken over), the one to act."""
        held = [seat.seat for seat in self.seats if seat.user_id == user_id]
        acting = [seat for seat in held if seat in self.to_act()]
        return (acting or held)[0] if held else None

    def name_of(self, seat: Seat) -> str:
        return self.seats[seat].name

    def to_act(self) -> frozenset[Seat]:
        """The seats to act; none while a team decides what becomes of a seat that left."""
        if self.progress.state is None or self.result() is not None or self.damage is not None:
            return frozenset()
        if self.progress.meta.undecided is not None:
            return frozenset()
        return self.engine.to_act(self.progress.state)

    def used(self, seat: Seat, now: datetime) -> timedelta:
        """Thinking time used by ``seat`` up to ``now``."""
        used = self.progress.used[seat] if self.progress.used else 0.0
        if seat in self.to_act() and self.progress.last_at is not None:
            used += (now - self.progress.last_at).total_seconds()
        return timedelta(seconds=used)

    def deadline(self, seat: Seat) -> datetime | None:
        """When ``seat`` (to act now) runs out of time, or ``None`` without time control."""
        if self.progress.turn_started is None or self.progress.last_at is None:
            return None
        used = timedelta(seconds=self.progress.used[seat]) if self.progress.used else timedelta(0)
        extension = timedelta(hours=self.progress.meta.extension_hours)
        return deadline_for(self.time_control, self.progress.turn_started, self.progress.last_at, used, extension)

    def with_entries(self, entries: list[Entry]) -> LoadedMatch:
        """This match after ``entries`` were appended (no storage round trip)."""
        progress = self.progress
        for entry in entries:
            progress = advance(self.engine, self.options, len(self.seats), progress, entry)
        return replace(self, progress=progress, seats=held(self.seats, progress.meta.holders))


def held(seats: tuple[SeatRow, ...], holders: dict[Seat, tuple[str, str]]) -> tuple[SeatRow, ...]:
    """The seats with the players the record says hold them now (``HolderEvent``: a substitute or
    a teammate took a seat over); the stored seat rows name who sat down first."""
    if not holders:
        return seats
    return tuple(
        SeatRow(match_id=row.match_id, seat=row.seat, user_id=holders[row.seat][0], name=holders[row.seat][1])
        if row.seat in holders and holders[row.seat][0] != row.user_id else row
        for row in seats
    )
