"""A match as the services work with it: the stored row and seats plus the fold of its events.

``Progress`` is everything the event log adds up to: the engine state, the meta state
(offers, resignations), dice used, time used per seat. It is built by folding entries one
by one (``advance``), so a snapshot plus the newer entries gives the same as a full replay.
A command's own entries are folded with the states its referee already computed (``fold``):
their moves are not applied a second time.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from typing import Any

from pydantic import BaseModel

from bot.services.time_control import Pause, Quiet, TimeControl, deadline_for
from bot.storage.models import MatchRow, SeatRow
from engines.core.contract import Engine, Result, Seat
from engines.core.record import (
    AbortAgreeEvent,
    AwayEvent,
    ChanceEvent,
    Entry,
    ExtendEvent,
    MetaState,
    MoveEvent,
    OrdersEvent,
    PauseEvent,
    QuietEvent,
    ResumeEvent,
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
    paused: PauseEvent | None = None
    """The organizer's pause in force (``PauseEvent``): no moves, no deadlines, until resumed."""
    paused_at: datetime | None = None
    abort_agreed: frozenset[Seat] = frozenset()
    """The waiting seats that agreed to abort the match standing still (``AbortAgreeEvent``), since
    the last move."""
    idle_since: datetime | None = None
    """The last event that was not an agreement to abort: what standing still is counted from."""
    away: dict[Seat, tuple[Pause, ...]] = field(default_factory=dict)
    """Each seat's absences (``AwayEvent``), in order of their start."""
    extra: dict[Seat, float] = field(default_factory=dict)
    """Seconds given to each seat on the current turn (``ExtendEvent``; a new turn starts at none)."""
    quiet: dict[Seat, Quiet] = field(default_factory=dict)
    """Each seat's quiet hours (``QuietEvent``), in a match whose deadlines keep out of them."""
    givers: frozenset[tuple[Seat, Seat]] = frozenset()
    """(giver, receiver) of each gift by a player on the current turn: one each per turn."""
    team_asked: datetime | None = None
    """When the team now deciding (``MetaState.undecided``) was asked: its time to choose counts
    from then."""


@dataclass(frozen=True)
class Damage:
    """Where a stored record stops being trustworthy: the first event ``seq`` that fails, and why
    (``"unreadable"``, ``"hash"``, ``"gap"``, ``"replay"``; see ``DamagedRecordError``), or the
    match row itself (``"row"``: ``fields`` name what no longer reads; ``seq`` is 0)."""

    seq: int
    reason: str
    fields: tuple[str, ...] = ()


def advance(engine: Engine, options: BaseModel, players: int, progress: Progress, entry: Entry) -> Progress:
    """Fold one entry into the progress, replaying its event (loading a stored match)."""
    return fold(engine, players, progress, entry, replay_step(engine, options, progress.state, entry.event))


def fold(engine: Engine, players: int, progress: Progress, entry: Entry, state: Any) -> Progress:
    """Fold one entry into the progress, ``state`` being the engine state after its event."""
    event = entry.event
    if isinstance(event, (AwayEvent, ExtendEvent, QuietEvent)):
        # Only the deadlines read these: the time used and the last event's time stay as they
        # are (the next event charges the time since the one before), so does the game.
        return replace(progress, seq=entry.seq, hash=entry.hash or "", **_absence_folded(progress, event))
    used = progress.used or (0.0,) * players
    if progress.state is not None and progress.last_at is not None and progress.meta.result is None and progress.paused is None:
        elapsed = (entry.at - progress.last_at).total_seconds()
        acting = engine.to_act(progress.state)
        used = tuple(u + elapsed if seat in acting else u for seat, u in enumerate(used))
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
    turn_started = entry.at if isinstance(event, TURN_EVENTS) else progress.turn_started
    paused, paused_at = progress.paused, progress.paused_at
    team_asked = progress.team_asked
    if isinstance(event, PauseEvent) and paused is None:
        paused, paused_at = event, entry.at
    elif isinstance(event, ResumeEvent) and paused is not None:
        if turn_started is not None and paused_at is not None:
            turn_started += entry.at - paused_at  # the deadline counts on from where the pause stopped it
        if team_asked is not None and paused_at is not None:
            team_asked += entry.at - paused_at  # so does a team's time to choose
        paused, paused_at = None, None
    agreed = frozenset() if isinstance(event, TURN_EVENTS) else progress.abort_agreed
    if isinstance(event, AbortAgreeEvent):
        agreed = agreed | {event.seat}
    meta = advance_meta(progress.meta, event, players)
    team_asked = None if meta.undecided is None else team_asked if progress.meta.undecided is not None else entry.at
    extra = {} if isinstance(event, TURN_EVENTS) else progress.extra
    givers = frozenset() if isinstance(event, TURN_EVENTS) else progress.givers
    if meta.undecided is not None and progress.meta.undecided is None:
        # A team is asked now: time given to the seat that left is the team's time from here on
        # (``grace.team_deadline``), so what its player had been given counts no more.
        extra = {seat: seconds for seat, seconds in extra.items() if seat != meta.undecided}
        givers = frozenset(pair for pair in givers if pair[1] != meta.undecided)
    return Progress(
        state=state,
        seq=entry.seq,
        draw_index=draw_index,
        meta=meta,
        used=used,
        last_at=entry.at,
        turn_started=turn_started,
        moves=progress.moves + isinstance(event, MoveEvent),
        turn_state=turn_state,
        hash=entry.hash or "",
        secret_seen=progress.secret_seen or bool(getattr(event, "secret", False)),
        orders=orders,
        paused=paused,
        paused_at=paused_at,
        abort_agreed=agreed,
        idle_since=progress.idle_since if isinstance(event, AbortAgreeEvent) else entry.at,
        away=progress.away,
        quiet=progress.quiet,
        extra=extra,
        givers=givers,
        team_asked=team_asked,
    )


def _absence_folded(progress: Progress, event: AwayEvent | ExtendEvent | QuietEvent) -> dict[str, Any]:
    if isinstance(event, QuietEvent):
        quiet = {seat: hours for seat, hours in progress.quiet.items() if seat != event.seat}
        if event.start != event.end:
            quiet[event.seat] = (event.timezone, event.start, event.end)
        return {"quiet": quiet}
    if isinstance(event, ExtendEvent):
        givers = progress.givers | {(event.by, event.seat)} if event.by is not None else progress.givers
        return {"extra": {**progress.extra, event.seat: progress.extra.get(event.seat, 0.0) + event.seconds},
                "givers": givers}
    kept = tuple(pause for pause in progress.away.get(event.seat, ()) if pause[0] != event.start)
    if event.until > event.start:
        kept = tuple(sorted((*kept, (event.start, event.until))))
    away = {seat: pauses for seat, pauses in progress.away.items() if seat != event.seat}
    if kept:
        away[event.seat] = kept
    return {"away": away}


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
        if seat in self.to_act() and self.progress.last_at is not None and self.progress.paused is None:
            used += (now - self.progress.last_at).total_seconds()
        return timedelta(seconds=used)

    @property
    def paused(self) -> PauseEvent | None:
        """The organizer's pause in force, if any."""
        return self.progress.paused

    def deadline(self, seat: Seat) -> datetime | None:
        """When ``seat`` (to act now) runs out of time, or ``None`` without time control or while
        the match is paused."""
        if self.progress.turn_started is None or self.progress.last_at is None or self.progress.paused is not None:
            return None
        used = timedelta(seconds=self.progress.used[seat]) if self.progress.used else timedelta(0)
        control = self.time_control
        away = self.counted_away(seat)
        # Time given (``ExtendEvent``) and the graces' moves of the deadline (``GraceEvent``).
        extra = timedelta(seconds=self.progress.extra.get(seat, 0.0), hours=self.progress.meta.extension_hours)
        quiet = self.progress.quiet.get(seat)
        return deadline_for(control, self.progress.turn_started, self.progress.last_at, used, away, extra, quiet)

    def counted_away(self, seat: Seat) -> tuple[Pause, ...]:
        """The seat's absences (``/away``) that stop its time: none in a match with
        ``vacation off``."""
        return self.progress.away.get(seat, ()) if self.time_control.vacation else ()

    def absence(self, seat: Seat, now: datetime) -> Pause | None:
        """The seat's absence going on at ``now`` or the next one to come, if any."""
        return next((pause for pause in self.progress.away.get(seat, ()) if pause[1] > now), None)

    def with_entries(self, entries: list[Entry], states: Sequence[Any] | None = None) -> LoadedMatch:
        """This match after ``entries`` were appended (no storage round trip). ``states``: the
        engine state after each entry's event, as the command computed them; without them the
        events are replayed."""
        if states is not None and len(states) != len(entries):
            raise ValueError(f"{len(entries)} entries with {len(states)} states")
        progress = self.progress
        for i, entry in enumerate(entries):
            if states is None:
                progress = advance(self.engine, self.options, len(self.seats), progress, entry)
            else:
                progress = fold(self.engine, len(self.seats), progress, entry, states[i])
        return replace(self, progress=progress, seats=held(self.seats, progress.meta.holders))


def held(seats: tuple[SeatRow, ...], holders: dict[Seat, tuple[str, str]]) -> tuple[SeatRow, ...]:
    """The seats with the players the record says hold them now (``HolderEvent``: a substitute or
    a teammate took a seat over); the stored seat rows name who sat down first."""
    if not holders:
        return seats
    return tuple(
        row.model_copy(update={"user_id": holders[row.seat][0], "name": holders[row.seat][1]})
        if row.seat in holders and holders[row.seat][0] != row.user_id else row
        for row in seats
    )
