"""Which units a power loses: the casualty order a player may give in advance, and the pick it
makes. Shared by the standing orders (``standing``) and the refusals' hints (``turn``), which
must not import each other.
"""

from __future__ import annotations

from pydantic import Field

from engines.axis_allies import combat
from engines.axis_allies.moves import Counts
from engines.axis_allies.state import AxisAlliesState
from engines.axis_allies.units import UNITS
from engines.core.contract import Frozen

DEFAULT_ASK_HOURS = 24.0


class CasualtyOrder(Frozen):
    """How a power's losses are taken when its owner is not asked."""

    ask: bool = False
    """Ask the owner each time; the order applies only when the question's deadline passes."""
    ask_hours: float = Field(DEFAULT_ASK_HOURS, gt=0, le=24 * 14)
    """How long a question waits for its answer (``ask 12h``)."""
    keep: Counts = ()
    """Kept as long as other units can be lost instead (``keep 1 ftr``)."""
    last: tuple[str, ...] = ()
    """Unit kinds lost only when nothing else is left (``last trn``), in this order."""


def pick_casualties(state: AxisAlliesState, decision: combat.Decision, order: CasualtyOrder) -> Counts:
    """The units ``order`` loses for ``decision``: ordinary units first (cheapest, then weakest
    on their side), then the kept ones, then the ``last`` kinds; never more aircraft than the
    decision allows (submarine hits sink only ships)."""
    kinds = {u.id: u.kind for u in state.units}
    kept_left = dict(order.keep)
    ranked = sorted(decision.eligible, key=lambda i: (UNITS[kinds[i]].cost, _strength(kinds[i], decision.side), i))
    # The last ``n`` of a kept kind (its most valuable) are the kept ones.
    kept: set[int] = set()
    for uid in reversed(ranked):
        if kept_left.get(kinds[uid], 0) > 0:
            kept.add(uid)
            kept_left[kinds[uid]] -= 1

    def rank(uid: int) -> tuple[int, int, int]:
        kind = kinds[uid]
        tier = 2 + order.last.index(kind) if kind in order.last else (1 if uid in kept else 0)
        return tier, ranked.index(uid), uid

    chosen: list[int] = []
    non_ships = 0
    for uid in sorted(decision.eligible, key=rank):
        if len(chosen) == decision.count:
            break
        ship = UNITS[kinds[uid]].domain == "sea"
        if not ship and decision.max_non_ships is not None and non_ships >= decision.max_non_ships:
            continue
        chosen.append(uid)
        non_ships += not ship
    counts: dict[str, int] = {}
    for uid in chosen:
        counts[kinds[uid]] = counts.get(kinds[uid], 0) + 1
    return tuple((k, counts[k]) for k in UNITS if counts.get(k))


def _strength(kind: str, side: str) -> int:
    return UNITS[kind].attack if side == "attacker" else UNITS[kind].defence
