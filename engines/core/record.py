"""The record is the truth: events, replay and verification (docs/architecture.md).

A match is ``(engine slug, engine version, options, seats, seed, events)``. Events are
append-only; the state is ``replay(events)``. ``verify`` checks the dice of a finished record
and ``verify_seals`` the seals (``SealingGame``). This module is pure: the services add
storage, clocks and delivery around it.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from datetime import datetime
from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field, SerializerFunctionWrapHandler, model_serializer

from engines.core.contract import Engine, Frozen, Outcome, Result, SealingGame, Seat, TeamGame
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
    secret: bool = False
    """Copied from the ``ChanceSpec``: the values decide something hidden, so nobody sees them
    while the match runs (no chance line, no export). Old records without it read as public."""


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


class OrdersEvent(Frozen):
    """A seat's standing orders from now on (``StandingOrdersGame``): the whole set after the
    change, as the engine reads it. Replay does not need them (the moves they made are recorded
    as moves); they are kept so a restart knows them and the record shows what was ordered."""

    type: Literal["orders"] = "orders"
    seat: Seat
    text: str
    """What the player typed."""
    orders: dict[str, Any]


class AwayEvent(Frozen):
    """The seat's player is away from ``start`` until ``until`` (``/away``): the correspondence
    deadline of the seat's turns does not run meanwhile (a clock the rules define runs on). A later
    event of the seat with the same ``start`` replaces it (ended early; ``until == start``: called
    off before it began). Replay does not need it; the deadlines the services derive do."""

    type: Literal["away"] = "away"
    seat: Seat
    start: datetime
    until: datetime


class ExtendEvent(Frozen):
    """More time for ``seat`` on its current turn: its correspondence deadline moves ``seconds``
    later (``/match give-time``), given by the player of seat ``by`` or, with ``by`` unset, by an
    organizer. Replay does not need it; the deadlines the services derive do."""

    type: Literal["extend"] = "extend"
    seat: Seat
    seconds: int
    by: Seat | None = None
    name: str | None = None
    """The organizer's name, for an organizer's extension (``by`` unset). Left out of the stored
    event when unset, so an extension recorded before it (and its hash) reads as it was."""
    user_id: str | None = None
    """The organizer's user id, for an organizer's extension; left out when unset, as ``name``."""
    reason: str | None = None
    """Why the time was given, when the giver said; left out when unset, as ``name``."""

    @model_serializer(mode="wrap")
    def _without_unset_name(self, handler: SerializerFunctionWrapHandler) -> Any:
        return _without_unset(handler(self), ("name", "user_id", "reason"))


def _without_unset(data: Any, names: tuple[str, ...]) -> Any:
    """A stored event without the optional fields ``names`` that are unset (``None``): a field
    added to an event later leaves the events recorded before it (and their hashes) as they were."""
    if isinstance(data, dict):
        for name in names:
            if data.get(name) is None:
                data.pop(name, None)
    return data


class QuietEvent(Frozen):
    """The quiet hours of the seat's player from now on (``/notify quiet:``), in a match whose
    deadlines keep out of them: a correspondence deadline that would fall in them moves to their
    end. Whole local hours ``start``..``end`` in ``timezone``; ``start == end``: none. Replay does
    not need it; the deadlines the services derive do."""

    type: Literal["quiet"] = "quiet"
    seat: Seat
    timezone: str
    start: int
    end: int


class AbortEvent(Frozen):
    type: Literal["abort"] = "abort"
    by_admin: bool = False


class PauseEvent(Frozen):
    """An organizer of the match's server stopped it (``by``: their user id, ``name`` as shown):
    no moves and no deadlines until a ``ResumeEvent``. The state does not change."""

    type: Literal["pause"] = "pause"
    by: str
    name: str
    reason: str


class ResumeEvent(Frozen):
    """An organizer let a paused match go on; a deadline counts on from where the pause stopped it."""

    type: Literal["resume"] = "resume"
    by: str
    name: str
    reason: str = ""


class AdjudicateEvent(Frozen):
    """An organizer who does not play in the match ended it with a result: a win of ``winners``
    (a seat, or the seats of a side) or, with ``draw``, a draw; ``reason`` says why."""

    type: Literal["adjudicate"] = "adjudicate"
    by: str
    name: str
    reason: str
    winners: tuple[Seat, ...] = ()
    draw: bool = False


class OrganizerAbortEvent(Frozen):
    """An organizer (not the creator of an open match, nor its waiting players) aborted the match."""

    type: Literal["organizer_abort"] = "organizer_abort"
    by: str
    name: str
    reason: str = ""


class AbortAgreeEvent(Frozen):
    """A player waiting in a match that stood still agrees to abort it; the match is aborted (an
    ``AbortEvent``) once every waiting person agreed. A move since makes the agreements void."""

    type: Literal["abort_agree"] = "abort_agree"
    seat: Seat


class TeamsEvent(Frozen):
    """The seats that play together (``TeamGame``), recorded right after the start when some
    team has more than one seat. A record without it plays one seat a side (every record made
    before teams were known reads so, and replays as it did)."""

    type: Literal["teams"] = "teams"
    teams: tuple[tuple[Seat, ...], ...]


class TeamChoiceEvent(Frozen):
    """What a team decided after one of its seats resigned or lost on time: one of its players
    takes the seat (a ``HolderEvent`` follows), the computer plays it (an ``AutopilotEvent``
    follows), or the team concedes (it loses as a whole)."""

    type: Literal["team_choice"] = "team_choice"
    seat: Seat
    """The seat that resigned or lost on time."""
    choice: Literal["takeover", "computer", "concede"]
    by: Seat
    """The seat whose player chose; the seat itself when nobody of the team chose in time (the
    match chose its default: the services' ``team_default``)."""


class HolderEvent(Frozen):
    """The seat changes hands from now on (a substitute, or a teammate taking it over): the
    moves after it are this player's."""

    type: Literal["holder"] = "holder"
    seat: Seat
    user_id: str
    name: str
    why: Literal["substitute", "team"]
    by: str | None = None
    """A substitute's: the user id of who asked for it (the player leaving, or an organizer)."""
    by_name: str | None = None
    organizer: bool | None = None
    """``True``: an organizer asked for it, not the player leaving."""
    left: str | None = None
    """The name of the player who gave the seat up."""
    reason: str | None = None
    """Why, when whoever asked said. These fields are left out of the stored event when unset, so
    a seat that changed hands before they were recorded (and its hash) reads as it was."""

    @model_serializer(mode="wrap")
    def _without_unset_asker(self, handler: SerializerFunctionWrapHandler) -> Any:
        return _without_unset(handler(self), ("by", "by_name", "organizer", "left", "reason"))


class AutopilotEvent(Frozen):
    """The computer plays the seat from now on (``level``), or no longer (``level`` ``None``):
    every move of the seat between the two was the computer's."""

    type: Literal["autopilot"] = "autopilot"
    seat: Seat
    level: str | None
    why: Literal["asked", "absent", "team", "back", "ended"] = "asked"
    until: datetime | None = None
    """When the seat goes back to its player by itself (``/autopilot until:``)."""


class GraceEvent(Frozen):
    """A missed correspondence deadline: the seat was warned and its deadline moved ``hours`` on
    (one of the match's graces)."""

    type: Literal["grace"] = "grace"
    seat: Seat
    hours: float


Event = Annotated[
    StartEvent | MoveEvent | ChanceEvent | ResignEvent | TimeoutEvent | DrawOfferEvent | DrawAnswerEvent | AbortEvent
    | OrdersEvent | PauseEvent | ResumeEvent | AdjudicateEvent | OrganizerAbortEvent | AbortAgreeEvent
    | AwayEvent | ExtendEvent | QuietEvent | TeamsEvent | TeamChoiceEvent | HolderEvent | AutopilotEvent | GraceEvent,
    Field(discriminator="type"),
]
"""Every kind of event. Kinds are only ever added: an older record reads and replays as it did."""


class Entry(Frozen):
    """An event with its place in the log and the time it was recorded."""

    seq: int
    at: datetime
    event: Event
    hash: str | None = None
    """``chain_hash`` of this entry: chained to the previous one, so an edited, dropped or
    reordered event shows. Filled by storage; ``None`` only on an entry not stored yet."""


def chain_hash(previous: str, entry: Entry) -> str:
    """SHA-256 (hex) of ``previous`` (the previous entry's hash; the match's seed commitment
    before the first entry) followed by the entry's canonical JSON: the entry as exported
    without its ``hash``, keys sorted, no spaces, ASCII (``json.dumps(..., sort_keys=True,
    separators=(",", ":"))``). docs/games/core.md shows how to check an export by hand.

    >>> from datetime import UTC
    >>> chain_hash("00", Entry(seq=1, at=datetime(2026, 1, 1, tzinfo=UTC), event=ResignEvent(seat=0)))[:16]
    'd27a50669d30238d'
    """
    canonical = json.dumps(entry.model_dump(mode="json", exclude={"hash"}), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256((previous + canonical).encode("utf-8")).hexdigest()


def chain_break(start: str, entries: Sequence[Entry]) -> tuple[int, str] | None:
    """The first entry whose hash or place in the chain is wrong, as ``(seq, reason)`` with
    reason ``"hash"`` (content or hash edited) or ``"gap"`` (an event missing or out of
    order); ``None`` when every link holds. ``start`` is the seed commitment."""
    previous = start
    for expected_seq, entry in enumerate(entries, start=1):
        if entry.seq != expected_seq:
            return expected_seq, "gap"
        if entry.hash != chain_hash(previous, entry):
            return entry.seq, "hash"
        previous = entry.hash
    return None


class Record(Frozen):
    """The portable game record (``/match export``). The seed is present only after the end."""

    format: Literal["scheids-record"] = "scheids-record"
    format_version: int = 2
    """2: every entry carries its ``hash`` (``chain_hash``); 1 had none."""
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
    trail = chance_trail(engine, state, seed, first_index)
    return (trail[-1][1] if trail else state), [event for event, _ in trail]


def chance_trail(engine: Engine, state: Any, seed: bytes, first_index: int) -> list[tuple[ChanceEvent, Any]]:
    """``resolve_chance`` event by event: each chance event with the state after it (what a
    caller that keeps the states, rather than replaying the events, folds)."""
    trail: list[tuple[ChanceEvent, Any]] = []
    index = first_index
    while engine.result(state) is None and (spec := engine.chance(state)) is not None:
        values = draws(seed, index, spec.sizes)
        event = ChanceEvent(kind=spec.kind, first_index=index, sizes=spec.sizes, values=values, secret=spec.secret)
        state = engine.apply_chance(state, Outcome(kind=spec.kind, values=values))
        trail.append((event, state))
        index += len(spec.sizes)
    return trail


class MetaState(Frozen):
    """What the meta events (offers, resignations, timeouts, aborts, teams, seats changing hands,
    graces) add up to so far."""

    draw_offer: Seat | None = None
    """The seat whose draw offer is open: no decline and no move since."""
    accepted: frozenset[Seat] = frozenset()
    result: Result | None = None
    teams: tuple[tuple[Seat, ...], ...] = ()
    """``TeamsEvent``'s teams; empty: one seat a side."""
    undecided: Seat | None = None
    """A seat that resigned or lost on time while its team has other seats: the team decides
    (``TeamChoiceEvent``) before play goes on."""
    lapse: str = ""
    """Why ``undecided`` left (``core.resigned`` or ``core.timeout``)."""
    holders: dict[Seat, tuple[str, str]] = Field(default_factory=dict)
    """Seats that changed hands: (user id, name) of their player now (``HolderEvent``)."""
    autopilot: dict[Seat, str] = Field(default_factory=dict)
    """Seats the computer plays for their player, and at which level (``AutopilotEvent``)."""
    autopilot_until: dict[Seat, datetime] = Field(default_factory=dict)
    graces: dict[Seat, int] = Field(default_factory=dict)
    """Graces used per seat (``GraceEvent``)."""
    extension_hours: float = 0.0
    """Hours the graces added to the deadline of the move now awaited."""

    def sides(self, players: int) -> tuple[tuple[Seat, ...], ...]:
        """The teams, or one seat a side."""
        return self.teams or tuple((seat,) for seat in range(players))

    def team_of(self, seat: Seat, players: int) -> tuple[Seat, ...]:
        return next((team for team in self.sides(players) if seat in team), (seat,))

    def kept(self, **update: Any) -> MetaState:
        """A new meta state that keeps what lasts the whole match (teams, holders, autopilot,
        graces) and takes ``update``; offers and extensions start afresh."""
        lasting = {
            "teams": self.teams, "holders": self.holders, "autopilot": self.autopilot,
            "autopilot_until": self.autopilot_until, "graces": self.graces,
            "undecided": self.undecided, "lapse": self.lapse,
        }
        return MetaState(**{**lasting, **update})


def teams_of(engine: Engine, players: int, options: BaseModel) -> tuple[tuple[Seat, ...], ...]:
    """The teams of a new match as its ``TeamsEvent`` records them (sorted), or ``()`` when every
    team has one seat (no event is recorded then)."""
    if not isinstance(engine, TeamGame):
        return ()
    teams = tuple(sorted(tuple(sorted(team)) for team in engine.teams(players, options)))
    return teams if any(len(team) > 1 for team in teams) else ()


def advance_meta(meta: MetaState, event: BaseModel, players: int) -> MetaState:
    """Fold one event into the meta state. A team wins and loses as a whole: a seat that resigns
    or loses on time hands the choice to its team when the team has other seats (``undecided``),
    and ends the match for its team otherwise. A draw needs every other team's acceptance (one
    player's answer is the team's)."""
    if meta.result is not None:
        return meta
    if isinstance(event, (ResignEvent, TimeoutEvent)):
        reason = "core.resigned" if isinstance(event, ResignEvent) else "core.timeout"
        team = meta.team_of(event.seat, players)
        if meta.undecided is None and len(team) > 1:
            return meta.kept(undecided=event.seat, lapse=reason)
        losers = set(team)
        winners = tuple(s for s in range(players) if s not in losers)
        return meta.kept(result=Result(winners=winners, reason=reason, params={"seat": event.seat}))
    if isinstance(event, AbortEvent):
        return meta.kept(result=Result(reason="core.aborted", params={"by_admin": event.by_admin}))
    if isinstance(event, OrganizerAbortEvent):
        return meta.kept(result=Result(reason="core.aborted", params={"by_admin": True, "by": event.name, "why": event.reason}))
    if isinstance(event, AdjudicateEvent):
        return meta.kept(result=Result(
            winners=() if event.draw else event.winners, draw=event.draw, reason="organize.adjudicated",
            params={"by": event.name, "why": event.reason},
        ))
    if isinstance(event, DrawOfferEvent):
        return meta.kept(draw_offer=event.seat)
    if isinstance(event, DrawAnswerEvent) and meta.draw_offer is not None:
        if not event.accepted:
            return meta.kept(extension_hours=meta.extension_hours)
        accepted = meta.accepted | {event.seat}
        offering = meta.team_of(meta.draw_offer, players)
        others = [team for team in meta.sides(players) if team != offering]
        if all(accepted & set(team) for team in others):
            return meta.kept(result=Result(draw=True, reason="core.draw_agreed"))
        return meta.model_copy(update={"accepted": accepted})
    if isinstance(event, TeamsEvent):
        return meta.model_copy(update={"teams": event.teams})
    if isinstance(event, TeamChoiceEvent):
        if event.choice == "concede":
            conceding = set(meta.team_of(event.seat, players))
            winners = tuple(s for s in range(players) if s not in conceding)
            reason = "teams.no_choice_conceded" if event.by == event.seat else "teams.conceded"
            return meta.kept(undecided=None, lapse="", result=Result(
                winners=winners, reason=reason, params={"seat": event.by}))
        return meta.model_copy(update={"undecided": None, "lapse": ""})
    if isinstance(event, HolderEvent):
        holders = {**meta.holders, event.seat: (event.user_id, event.name)}
        autopilot = {s: level for s, level in meta.autopilot.items() if s != event.seat}
        until = {s: at for s, at in meta.autopilot_until.items() if s != event.seat}
        return meta.model_copy(update={"holders": holders, "autopilot": autopilot, "autopilot_until": until})
    if isinstance(event, AutopilotEvent):
        autopilot = {s: level for s, level in meta.autopilot.items() if s != event.seat}
        until = {s: at for s, at in meta.autopilot_until.items() if s != event.seat}
        if event.level is not None:
            autopilot[event.seat] = event.level
            if event.until is not None:
                until[event.seat] = event.until
        return meta.model_copy(update={"autopilot": autopilot, "autopilot_until": until})
    if isinstance(event, GraceEvent):
        graces = {**meta.graces, event.seat: meta.graces.get(event.seat, 0) + 1}
        return meta.model_copy(update={"graces": graces, "extension_hours": meta.extension_hours + event.hours})
    if isinstance(event, MoveEvent):
        return meta.kept()
    if isinstance(event, (StartEvent, ChanceEvent)) and meta.extension_hours:
        return meta.model_copy(update={"extension_hours": 0.0})
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


class SealCheck(Frozen):
    """One seal of a record: published once, never changed, and opened to its digest at the end."""

    name: str
    seq: int
    """The event after which the seal was first published (the last event if it never was)."""
    digest: str
    """The digest as first published: the one the players saw."""
    opening: str | None
    """The opening the engine reveals after the end; ``None`` if it reveals none."""
    recomputed: str
    """``sha256(opening)`` in hex; empty without an opening."""
    changed_seq: int | None = None
    """The first event after which the engine showed another digest under this name."""
    ok: bool


def verify_seals(engine: Engine, options: BaseModel, entries: Sequence[Entry]) -> list[SealCheck]:
    """Check every seal of a ``SealingGame`` record; ``[]`` for other engines and sealless records.

    A seal proves that something hidden did not change: its first published digest is what
    counts, so a digest that changes later fails, and so does an opening (asked of the final
    state with ``reveal=True``, which also opens an aborted match) whose SHA-256 differs.
    """
    if not isinstance(engine, SealingGame):
        return []
    published: dict[str, tuple[str, int]] = {}
    changed: dict[str, int] = {}
    state = None
    for entry in entries:
        state = replay_step(engine, options, state, entry.event)
        if state is None:
            continue
        for seal in engine.seals(state, reveal=False):
            first = published.setdefault(seal.name, (seal.digest, entry.seq))
            if seal.digest != first[0]:
                changed.setdefault(seal.name, entry.seq)
    if state is None:
        return []
    revealed = {seal.name: seal for seal in engine.seals(state, reveal=True)}
    for name, seal in revealed.items():
        published.setdefault(name, (seal.digest, entries[-1].seq))
    checks = []
    for name, (digest, seq) in sorted(published.items(), key=lambda item: (item[1][1], item[0])):
        opening = revealed[name].opening if name in revealed else None
        recomputed = hashlib.sha256(opening.encode()).hexdigest() if opening is not None else ""
        checks.append(
            SealCheck(
                name=name,
                seq=seq,
                digest=digest,
                opening=opening,
                recomputed=recomputed,
                changed_seq=changed.get(name),
                ok=name not in changed and recomputed == digest,
            )
        )
    return checks
