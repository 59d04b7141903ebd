"""Replays kept between a computer's moves, so a long match is not replayed from its start each time.

A worker process is handed the whole record for every move it thinks about, and the record is
replayed twice (the seat's observation, then the search's world). An Axis & Allies game runs to
thousands of events at about a millisecond each: replayed from the start, that alone would use
up the 2 s budget late in a game. ``Replays`` keeps the last replays, each under what fixes it
(game, options, seat), and hands back the one whose events are the start of the new record, so
only the events since then are applied. A record that is not a continuation (another match under
the same key) is replayed from its start. States are immutable, so sharing them is safe.

>>> replays = Replays(size=2)
>>> replays.keep("k", ["a", "b"], 2)
>>> replays.resume("k", ["a", "b", "c"]), replays.resume("k", ["a", "x", "c"]), replays.resume("other", ["a"])
((2, 2), (0, None), (0, None))
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Hashable, Sequence
from typing import Any


class Replays:
    def __init__(self, size: int = 16) -> None:
        self.size = size
        self._entries: OrderedDict[Hashable, tuple[tuple[Any, ...], Any]] = OrderedDict()
        self._lock = threading.Lock()  # tests think in threads, sharing the module's cache

    def resume(self, key: Hashable, events: Sequence[Any]) -> tuple[int, Any]:
        """How many of ``events`` are already replayed under ``key`` and the value after them;
        ``(0, None)`` when nothing kept continues into ``events``."""
        with self._lock:
            entry = self._entries.get(key)
            if entry is None:
                return 0, None
            self._entries.move_to_end(key)
        done, value = entry
        if len(done) <= len(events) and all(a is b or a == b for a, b in zip(done, events)):
            return len(done), value
        return 0, None

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()

    def keep(self, key: Hashable, events: Sequence[Any], value: Any) -> None:
        """Remember ``value`` as the result of replaying ``events`` under ``key``."""
        with self._lock:
            self._entries[key] = (tuple(events), value)
            self._entries.move_to_end(key)
            while len(self._entries) > self.size:
                self._entries.popitem(last=False)


REPLAYS = Replays()
"""This process's replays of observed records (the search's worlds of games without hidden
information: what the seat itself can replay). The referee's full states are never kept here
(``engines.ai.referee.Referee``): a worker thinking move after move in one match applies only the
events since its last move."""
