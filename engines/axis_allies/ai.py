"""What the computer knows of Axis & Allies beyond the rules (``engines/ai``).

No hidden information (only dice): the one world is the record replayed; the search draws the
dice like the referee. The game is far too long to play out, so the search leans on the
evaluation: per side (Axis, Allies) its national production, half the cost of its units on the
board, a third of the IPCs in its banks, and 12 per capital it holds; the share of the Axis is
compared with the share at the start (a position as good as the start is worth 0.5). A seat
playing powers of one side gets that side's value.

What it does not consider (yet): a purchase plan, choosing attacks by exact battle odds, and
keeping capitals defended beyond what the evaluation rewards — the search finds those only
as far as its few plies see. Rollouts are short (the turn steps are many moves each).
"""

from __future__ import annotations

import math
from functools import cache

from engines.ai.base import Knowledge
from engines.axis_allies.economy import production
from engines.axis_allies.options import AxisAlliesOptions
from engines.axis_allies.state import AxisAlliesState, initial_state
from engines.axis_allies.units import UNITS

CAPITAL_VALUE = 12.0
SCALE = 0.25
"""A side a quarter (in log terms) ahead of its start share is worth about 73 %."""


def side_scores(state: AxisAlliesState) -> dict[str, float]:
    gmap = state.map
    sides = {p.id: p.side for p in gmap.powers}
    scores = {"axis": 0.0, "allies": 0.0}
    for p in gmap.powers:
        scores[p.side] += production(state, p.id) + state.ipcs.get(p.id, 0) / 3
        holder = state.owner(p.capital)
        if holder is not None:
            scores[sides[holder]] += CAPITAL_VALUE
    for unit in state.units:
        scores[sides[unit.power]] += UNITS[unit.kind].cost / 2
    return scores


@cache
def start_balance() -> float:
    scores = side_scores(initial_state(AxisAlliesOptions()))
    return math.log(scores["axis"] / scores["allies"])


def evaluate(engine, state: AxisAlliesState, players: int) -> tuple[float, ...]:
    scores = side_scores(state)
    lead = math.log(max(scores["axis"], 1.0) / max(scores["allies"], 1.0)) - start_balance()
    axis = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, lead / SCALE))))
    sides = {p.id: p.side for p in state.map.powers}
    values = []
    for powers in state.seats:
        mine = [axis if sides[p] == "axis" else 1.0 - axis for p in powers]
        values.append(sum(mine) / len(mine) if mine else 0.5)
    return tuple(values)


KNOWLEDGE = Knowledge(evaluate=evaluate, rollout_depth=6, notes=__doc__ or "")
