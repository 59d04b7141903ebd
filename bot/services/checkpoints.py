"""Where the catch-up and ``/match history at:`` start replaying a record: the nearest point before
the moves they show, of the match's stored snapshot and the states kept in memory here.

A match stores one snapshot, rewritten every ``SNAPSHOT_EVERY`` events (``MatchBook.append``): it
often lies after a player's last move (an Axis & Allies round is many events). So each turn
notice (``notices.tell``: by DM, ping or none) and each catch-up keeps the state the match is at
then (free: the loaded match holds it), bound to the hash of the event it follows. That is where the player who just moved stands, which is where
their next catch-up starts. A stepper's press keeps where its replay stood a little before the
moves it listed, where the next press (one move on or back) starts. Kept per service, a few per
match, for the most recent matches; lost on a restart (then the snapshot or the first event)."""

from __future__ import annotations

import weakref
from collections import OrderedDict
from typing import TYPE_CHECKING

from bot.services.match.replays import Snapshot, Start
from bot.services.progress import LoadedMatch
from engines.core.record import Entry, MoveEvent

if TYPE_CHECKING:
    from bot.services.match.core import Core

PER_MATCH = 6
"""States kept per match (the latest): one per seat of a five-power game, and one more."""
MATCHES = 32
"""Matches whose states are kept (the most recently caught up)."""


class Checkpoints:
    """States by match: (the hash of the entry each follows, where it stands)."""

    def __init__(self) -> None:
        self._by_match: OrderedDict[int, list[tuple[str, Start]]] = OrderedDict()

    def keep(self, match: LoadedMatch) -> None:
        """The state ``match`` is at now; not of a damaged match, nor before the start."""
        progress = match.progress
        if match.damage is not None or progress.state is None or not progress.hash:
            return
        kept = [(hash_, start) for hash_, start in self._by_match.get(match.id, []) if start.index != progress.seq]
        kept.append((progress.hash, Start(progress.seq, progress.moves, progress.state)))
        self._remember(match.id, kept)

    def keep_start(self, match_id: int, entries: list[Entry], start: Start) -> None:
        """A state a replay of ``entries`` passed (a stepper's press: ``stepper_work``)."""
        if not 0 < start.index <= len(entries) or start.state is None:
            return
        kept = [(hash_, known) for hash_, known in self._by_match.get(match_id, []) if known.index != start.index]
        kept.append((entries[start.index - 1].hash or "", start))
        self._remember(match_id, kept)

    def _remember(self, match_id: int, kept: list[tuple[str, Start]]) -> None:
        self._by_match[match_id] = kept[-PER_MATCH:]
        self._by_match.move_to_end(match_id)
        while len(self._by_match) > MATCHES:
            self._by_match.popitem(last=False)

    def before(self, match_id: int, entries: list[Entry], position: int) -> Start | None:
        """The latest state kept of this record (its entry's hash is the one kept) with at most
        ``position`` moves in."""
        found = None
        for hash_, start in self._by_match.get(match_id, []):
            if (0 < start.index <= len(entries) and entries[start.index - 1].hash == hash_ and start.moves <= position
                    and (found is None or start.index > found.index)):
                found = start
        return found

    def forget(self, match_id: int) -> None:
        self._by_match.pop(match_id, None)


_kept: weakref.WeakKeyDictionary[Core, Checkpoints] = weakref.WeakKeyDictionary()


def kept(core: Core) -> Checkpoints:
    """The states kept for this service."""
    found = _kept.get(core)
    if found is None:
        found = _kept[core] = Checkpoints()
    return found


async def start_for(core: Core, match: LoadedMatch, entries: list[Entry], position: int) -> Snapshot | Start | None:
    """What to replay from for the moves after ``position``: the stored snapshot or a state kept,
    whichever is later while no later than move ``position + 1`` (the worker checks the snapshot's
    binding, ``start_before``); ``None``: the first event. Nothing later is given, so what is
    replayed from it holds every move after ``position``."""
    state = kept(core).before(match.id, entries, position)
    snapshot = await core.repo.snapshot(match.id)
    later = snapshot is not None and 0 < snapshot[0] <= len(entries) and (state is None or snapshot[0] > state.index)
    if later and snapshot is not None and moves_in(entries[:snapshot[0]]) <= position:
        return snapshot
    return state


def moves_in(entries: list[Entry]) -> int:
    """How many moves the record holds (counted, not replayed)."""
    return sum(isinstance(entry.event, MoveEvent) for entry in entries)
