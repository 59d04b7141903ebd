"""Orders written together (presentation): a run of orders as a player would write it, one
``buy`` for the purchases in a row and one order for the units that went the same way in a row.

``merge`` only words a list differently: it never changes what the orders did (each stays its
own event in the record). The computer uses it too, to play fewer, larger orders, but only where
the larger order does exactly what the run did (``engines/axis_allies/ai.py``, ``grouped``).

>>> from engines.axis_allies.notation import parse
>>> from engines.axis_allies.moves import format_move
>>> run = [parse(t) for t in ("buy 1 inf", "buy 1 arm", "buy 1 inf", "move 1 inf Germany -> Eastern Europe",
...                           "move 1 arm Germany -> Eastern Europe", "move 1 inf Germany -> Eastern Europe", "end")]
>>> [format_move(m) for m in merge(run)]
['buy 2 inf 1 arm', 'move 2 inf 1 arm Germany -> Eastern Europe', 'end']
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

from engines.axis_allies.moves import AxisAlliesMove, Counts
from engines.axis_allies.units import UNITS

JOINED = ("move", "load", "unload", "place")
"""Orders whose units are joined when they go the same way (same path, or same place)."""


def key(move: AxisAlliesMove) -> Hashable | None:
    """What two orders in a row must share to be written as one; ``None``: never joined."""
    if move.kind == "buy":
        return ("buy",)
    if move.kind in JOINED and not move.aboard and not move.until_done:
        return (move.kind, move.path, move.to)
    return None


def added(a: Counts, b: Counts) -> Counts:
    """Two unit counts together, in the data file's unit order."""
    total: dict[str, int] = {}
    for kind, count in (*a, *b):
        total[kind] = total.get(kind, 0) + count
    return tuple((kind, total[kind]) for kind in UNITS if kind in total)


def merge(moves: Sequence[AxisAlliesMove]) -> list[AxisAlliesMove]:
    """``moves`` with each run of orders that share a ``key`` written as one order."""
    out: list[AxisAlliesMove] = []
    for move in moves:
        last = out[-1] if out else None
        if last is not None and (k := key(move)) is not None and k == key(last):
            out[-1] = last.model_copy(update={"units": added(last.units, move.units)})
        else:
            out.append(move)
    return out


def runs(moves: Sequence[AxisAlliesMove]) -> list[int]:
    """How many of ``moves`` each order of ``merge(moves)`` stands for."""
    sizes: list[int] = []
    previous: Hashable | None = None
    for index, move in enumerate(moves):
        k = key(move)
        if index and k is not None and k == previous:
            sizes[-1] += 1
        else:
            sizes.append(1)
        previous = k
    return sizes
