"""Loading and saving matches: the services' one way to the repository.

Keeps a small LRU of loaded matches (idle matches are not kept in memory; a cached match is
used only while its last seq is still the stored one), one asyncio lock per match for this
process together with the repository's lock across processes (PostgreSQL), and snapshots every ``SNAPSHOT_EVERY`` events so a cold
load replays only the newest events. Across processes the events primary key decides:
a stale append raises ``StaleWriteError`` and the caller tells the user to retry.

A load reads the match row, its seats, events and snapshot in one consistent read, so no
commit of another task or process falls between them. A cold load checks the whole hash chain
(reading every event is cheap; replaying them is what snapshots save) and replays the events
after the snapshot. A record that fails either loads as damaged (``LoadedMatch.damage``) with the
events before the damage, instead of raising; damage is read once more before it is believed.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import logging
import weakref
from collections import OrderedDict
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from dataclasses import replace
from datetime import datetime
from typing import Any

from bot.services.progress import Damage, LoadedMatch, Progress, advance, held
from bot.storage.models import Status, TimerRow
from bot.storage.repository import (
    OutdatedMatchError,
    Repository,
    StoredMatch,
)
from engines.core.contract import Engine
from engines.core.record import Entry, MetaState, PauseEvent, chain_break, chain_hash
from engines.registry import ENGINES, get_engine

log = logging.getLogger(__name__)

SNAPSHOT_EVERY = 25
CACHE_SIZE = 64


class MatchBook:
    def __init__(self, repo: Repository, engines: dict[str, Engine] | None = None) -> None:
        self.repo = repo
        self._engines = engines
        self._cache: OrderedDict[int, LoadedMatch] = OrderedDict()
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()

    def engine(self, slug: str) -> Engine:
        if self._engines is not None:
            return self._engines[slug]
        return get_engine(slug)

    def engines(self) -> dict[str, Engine]:
        return self._engines if self._engines is not None else dict(ENGINES)

    @asynccontextmanager
    async def lock(self, match_id: int) -> AsyncIterator[None]:
        """The match to ourselves: this process's lock first (so a process asks the database for
        one match lock at a time), then the repository's lock across processes."""
        local = self._locks.get(match_id)
        if local is None:
            local = asyncio.Lock()
            self._locks[match_id] = local
        async with local, self.repo.match_lock(match_id):
            yield

    def forget(self, match_id: int) -> None:
        self._cache.pop(match_id, None)

    async def load(self, match_id: int) -> LoadedMatch | None:
        """The match as one consistent read of the store finds it (``Repository.read_match``),
        replayed from its snapshot, or the cached match when no event was added since. Damage
        found is read a second time, fresh, before the match is called damaged."""
        cached = self._cache.get(match_id)
        stored = await self.repo.read_match(match_id, cached.row.last_seq if cached is not None else None)
        if stored is None:
            return None
        if cached is not None and stored.entries is None:
            loaded = replace(cached, row=stored.row, seats=held(stored.seats, cached.progress.meta.holders))
        else:
            loaded = self._load_cold(stored)
            if loaded.damage is not None:
                again = await self.repo.read_match(match_id)
                if again is None:
                    return None
                loaded = self._load_cold(again)
                if loaded.damage is not None:
                    log.error("match %s is damaged at event %s (%s)", match_id, loaded.damage.seq, loaded.damage.reason)
        self._remember(loaded)
        return loaded

    async def load_known(self, match_id: int) -> LoadedMatch:
        """``load`` of a match known to be stored (its row or a seat was just read; matches are
        never deleted): ``LookupError`` if it is not."""
        loaded = await self.load(match_id)
        if loaded is None:
            raise LookupError(f"match {match_id} is not stored")
        return loaded

    def _load_cold(self, stored: StoredMatch) -> LoadedMatch:
        row, seats = stored.row, stored.seats
        engine = self.engine(row.game)
        if row.engine_version != engine.version and row.engine_version not in engine.replays:
            raise OutdatedMatchError(row.id, row.engine_version, engine.version)
        damage = None
        unreadable = row.unreadable
        try:
            options = engine.options_model.model_validate(row.options)
        except ValueError:  # pydantic's ValidationError: options that are no longer this game's
            options = engine.options_model.model_construct()
            unreadable = (*unreadable, "options") if "options" not in unreadable else unreadable
        entries = list(stored.entries or ())
        if stored.unreadable is not None:
            damage = Damage(stored.unreadable, "unreadable")
        broken = chain_break(row.commitment, entries)
        if broken is not None:
            damage = Damage(*broken)
            entries = [entry for entry in entries if entry.seq < damage.seq]
        elif damage is None and len(entries) != row.last_seq:
            damage = Damage(min(len(entries), row.last_seq) + 1, "gap")
        progress = Progress()
        snap = stored.snapshot
        stale = False
        if snap is not None and snap[1] == engine.version and 0 < snap[0] <= len(entries):
            # The events are the record; a snapshot only saves replaying them, and is used only
            # when it reads and its hash binds it to the event it follows.
            try:
                data = json.loads(snap[2])
                if not snapshot_checks(data, entries[snap[0] - 1].hash or ""):
                    raise _Unbound
                progress = _progress_from_dict(engine, data)
            except (ValueError, TypeError, KeyError, AttributeError, _Unbound) as error:  # ValidationError is a ValueError
                # Only the kind of failure: the message of a state that fails its model quotes it.
                if not isinstance(error, _Unbound):
                    why = f"it does not read ({type(error).__name__})"
                elif isinstance(data, dict) and "hash" not in data:
                    why = "it carries no hash (written before snapshots were bound to the record)"
                else:
                    why = "its hash does not match its state and the event it follows"
                log.warning("match %s: its snapshot after event %s is not used, %s; replaying its events", row.id, snap[0], why)
                stale = True
        for entry in entries[progress.seq :]:
            try:
                progress = advance(engine, options, len(seats), progress, entry)
            except Exception as error:  # noqa: BLE001 - whatever the rules raise on an event they cannot take
                log.warning("match %s: event %s does not replay (%s)", row.id, entry.seq, type(error).__name__)
                damage = Damage(entry.seq, "replay")
                break
        if entries and progress.seq == entries[-1].seq:
            # Also for what a snapshot folded in: it keeps neither of these.
            secret_seen = any(getattr(entry.event, "secret", False) for entry in entries)
            progress = replace(progress, hash=entries[-1].hash or "", secret_seen=secret_seen)
        if unreadable:
            damage = Damage(0, "row", unreadable)
        return LoadedMatch(row, held(seats, progress.meta.holders), engine, options, progress, damage, snapshot_stale=stale)

    def _remember(self, loaded: LoadedMatch) -> None:
        self._cache[loaded.id] = loaded
        self._cache.move_to_end(loaded.id)
        while len(self._cache) > CACHE_SIZE:
            self._cache.popitem(last=False)

    async def append(
        self,
        match: LoadedMatch,
        events: Sequence[Any],
        at: datetime,
        *,
        status: Status | None = None,
        timers_for: Any = None,
        ratings_for: Any = None,
        seats: int | None = None,
        states: Sequence[Any] | None = None,
    ) -> LoadedMatch:
        """Append ``events`` to ``match`` in one transaction and return the match after them.

        ``states``: the engine state after each event, as the command computed them (the referee's
        steps); the match after them is folded from those, and only without them are the events
        replayed.

        ``timers_for(match_after) -> list[TimerRow]`` computes the timers of the new state;
        a finished match gets none. ``ratings_for(match_after) -> list[EndingUpdate]`` gives the
        players' rating changes when the match ends, applied in the same transaction. ``seats``:
        the number of seats the match must still have (the start). Raises ``StaleWriteError``
        (and drops the cache) when another writer came first."""
        previous = match.progress.hash if match.row.last_seq else match.row.commitment
        entries = []
        for i, event in enumerate(events):
            entry = Entry(seq=match.row.last_seq + 1 + i, at=at, event=event)
            previous = chain_hash(previous, entry)
            entries.append(entry.model_copy(update={"hash": previous}))
        after = match.with_entries(entries, states)
        result = after.result()
        if result is not None and status is None:
            status = "aborted" if result.reason == "core.aborted" else "finished"
        timers: list[TimerRow] | None = None
        if status is None or status == "active":
            timers = list(timers_for(after)) if timers_for is not None else None
        ratings = ratings_for(after) if ratings_for is not None and status == "finished" else []
        last = match.row.last_seq + len(entries)
        snapshot = None
        # A damaged match's progress stops before the damage: it must never become a snapshot.
        # A snapshot found unsound on load is replaced at once.
        if match.damage is None and (match.snapshot_stale or last // SNAPSHOT_EVERY != match.row.last_seq // SNAPSHOT_EVERY):
            snapshot = _progress_to_json(after.progress)
        try:
            await self.repo.append(
                match.id,
                match.row.last_seq,
                events,
                at,
                status=status,
                result=result.model_dump(mode="json") if result is not None else None,
                timers=timers,
                snapshot=snapshot,
                engine_version=match.engine.version,
                ratings=ratings,
                seats=seats,
                holders={seat: held for seat, held in after.progress.meta.holders.items()
                         if match.progress.meta.holders.get(seat) != held},
            )
        except Exception:
            self.forget(match.id)
            raise
        row = match.row.model_copy(
            update={
                "last_seq": last,
                "updated_at": at,
                "status": status or match.row.status,
                "result": result.model_dump(mode="json") if result is not None else None,
            }
        )
        after = replace(after, row=row, snapshot_stale=match.snapshot_stale and snapshot is None)
        self._remember(after)
        return after


def _canonical(data: dict[str, Any]) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


def snapshot_hash(body: dict[str, Any], follows: str) -> str:
    """SHA-256 of the hash of the event a snapshot follows and the snapshot's canonical JSON
    (without its ``hash``): what binds the snapshot to the record's chain."""
    return hashlib.sha256((follows + _canonical(body)).encode()).hexdigest()


def snapshot_checks(data: Any, follows: str) -> bool:
    """The stored snapshot ``data`` carries the hash of its own body after ``follows``. A
    snapshot of before the binding (no ``hash``) does not check: it is replayed over."""
    if not isinstance(data, dict) or not isinstance(data.get("hash"), str):
        return False
    body = {key: value for key, value in data.items() if key != "hash"}
    return hmac.compare_digest(data["hash"], snapshot_hash(body, follows))


class _Unbound(Exception):
    """A snapshot whose hash does not bind it to the record."""


def _progress_to_json(progress: Progress) -> str:
    body = {
        "state": progress.state.model_dump(mode="json") if progress.state is not None else None,
        "seq": progress.seq,
        "draw_index": progress.draw_index,
        "meta": progress.meta.model_dump(mode="json"),
        "used": list(progress.used),
        "last_at": progress.last_at.isoformat() if progress.last_at else None,
        "turn_started": progress.turn_started.isoformat() if progress.turn_started else None,
        "moves": progress.moves,
        "turn_state": progress.turn_state.model_dump(mode="json") if progress.turn_state is not None else None,
        "orders": {str(seat): orders for seat, orders in progress.orders.items()},
    }
    # Kept only when they say something, so the snapshot of a match without them stays as it was.
    if progress.paused is not None and progress.paused_at is not None:
        body["paused"] = {"event": progress.paused.model_dump(mode="json"), "at": progress.paused_at.isoformat()}
    if progress.abort_agreed:
        body["abort_agreed"] = sorted(progress.abort_agreed)
    if progress.idle_since != progress.last_at and progress.idle_since is not None:
        body["idle_since"] = progress.idle_since.isoformat()
    # Absences and time given only when there are any: other snapshots stay as they were.
    if progress.away:
        body["away"] = {str(seat): [[a.isoformat(), b.isoformat()] for a, b in pauses] for seat, pauses in progress.away.items()}
    if progress.extra:
        body["extra"] = {str(seat): seconds for seat, seconds in progress.extra.items()}
    if progress.quiet:
        body["quiet"] = {str(seat): list(hours) for seat, hours in progress.quiet.items()}
    if progress.givers:
        body["givers"] = sorted([giver, seat] for giver, seat in progress.givers)
    if progress.team_asked is not None:
        body["team_asked"] = progress.team_asked.isoformat()
    return json.dumps({**body, "hash": snapshot_hash(body, progress.hash)})


def _progress_from_json(engine: Engine, payload: str) -> Progress:
    return _progress_from_dict(engine, json.loads(payload))


def _progress_from_dict(engine: Engine, data: dict[str, Any]) -> Progress:
    last_at = datetime.fromisoformat(data["last_at"]) if data["last_at"] else None
    return Progress(
        state=engine.state_model.model_validate(data["state"]) if data["state"] is not None else None,
        seq=data["seq"],
        draw_index=data["draw_index"],
        meta=MetaState.model_validate(data["meta"]),
        used=tuple(data["used"]),
        last_at=last_at,
        turn_started=datetime.fromisoformat(data["turn_started"]) if data["turn_started"] else None,
        moves=data["moves"],
        turn_state=engine.state_model.model_validate(data["turn_state"]) if data["turn_state"] is not None else None,
        orders={int(seat): orders for seat, orders in data.get("orders", {}).items()},
        paused=PauseEvent.model_validate(data["paused"]["event"]) if "paused" in data else None,
        paused_at=datetime.fromisoformat(data["paused"]["at"]) if "paused" in data else None,
        abort_agreed=frozenset(data.get("abort_agreed", ())),
        idle_since=datetime.fromisoformat(data["idle_since"]) if "idle_since" in data else last_at,
        away={
            int(seat): tuple((datetime.fromisoformat(a), datetime.fromisoformat(b)) for a, b in pauses)
            for seat, pauses in data.get("away", {}).items()
        },
        extra={int(seat): float(seconds) for seat, seconds in data.get("extra", {}).items()},
        quiet={int(seat): (str(zone), int(start), int(end)) for seat, (zone, start, end) in data.get("quiet", {}).items()},
        givers=frozenset((int(giver), int(seat)) for giver, seat in data.get("givers", [])),
        team_asked=datetime.fromisoformat(data["team_asked"]) if "team_asked" in data else None,
    )
