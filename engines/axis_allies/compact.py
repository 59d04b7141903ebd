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
from engines.core.evolve import evolve

JOINED = ("move", "load", "unload", "place")
"""Orders whose units are joined when they go the same way (same path, or same place); an
unload that names its transport never is."""


def key(move: AxisAlliesMove) -> Hashable | None:
    """What two orders in a row must share to be written as one; ``None``: never joined."""
    if move.kind == "buy":
        return ("buy",)
    if move.kind == "place":
        return (move.kind, (), move.to)
    if move.kind in ("move", "load") or (move.kind == "unload" and not move.aboard):
        return (move.kind, move.path, None)
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
            out[-1] = evolve(last, units=added(units_of(last), units_of(move)))
        else:
            out.append(move)
    return out


def units_of(move: AxisAlliesMove) -> Counts:
    """The units an order names (none for an order without units)."""
    if move.kind in ("buy", "lose", "place", "move", "load", "unload", "bomb"):
        return move.units
    return ()


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
