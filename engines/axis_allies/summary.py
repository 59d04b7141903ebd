"""The summary of a power's turn: purchases, moves (a run of orders that went the
same way written as one, ``compact``), every fight with its dice and
losses, conquests and income, read off the states around the move that ended the turn.

The state keeps what a turn did until the next power begins (``bought``, ``arrows``, ``fights``
with their dice, ``conquered``), so the summary needs no other record than the states.

>>> from engines.axis_allies.engine import AxisAllies
>>> engine = AxisAllies()
>>> s = engine.setup(2)
>>> for text in ("buy 2 inf", "end", "end", "end", "end", "place 2 inf Russia"):
...     s = engine.apply(s, 0, engine.parse_move(text, s, 0))
>>> after = engine.apply(s, 0, engine.parse_move("end", s, 0))
>>> [code for code, _ in turn_summary(s, after)]
['axis_allies.summary_head', 'axis_allies.summary_bought', 'axis_allies.summary_income']
"""

from __future__ import annotations

from typing import Any

from engines.axis_allies import compact, economy, notation
from engines.axis_allies.map import CLASSIC
from engines.axis_allies.moves import format_move
from engines.axis_allies.state import AxisAlliesState, Fought
from engines.axis_allies.units import UNITS

Line = tuple[str, dict[str, Any]]


def turn_over(before: AxisAlliesState, after: AxisAlliesState) -> bool:
    """The move from ``before`` to ``after`` ended ``before.power``'s turn."""
    return (before.power, before.round) != (after.power, after.round) or (
        after.result is not None and before.result is None and before.phase == "place"
    )


def turn_summary(before: AxisAlliesState, after: AxisAlliesState) -> tuple[Line, ...]:
    """The summary lines of the turn that the move from ``before`` to ``after`` ended; ``()``
    when it ended none."""
    if not turn_over(before, after):
        return ()
    power = before.power
    lines: list[Line] = [("axis_allies.summary_head", {"power": power, "round": before.round})]
    if before.bought:
        cost = economy.purchase_cost(before, power, dict(before.bought))  # industrial technology's price
        lines.append(("axis_allies.summary_bought", {"units": [list(p) for p in before.bought], "cost": cost}))
    moves = [format_move(m) for m in compact.merge([notation.parse(a.text) for a in before.arrows])]
    if moves:
        lines.append(("axis_allies.summary_moves", {"moves": moves}))
    for fight in before.fights:
        lines += _fight(fight)
    if before.conquered:
        lines.append(("axis_allies.summary_conquered", {"territories": [_name(t) for t in before.conquered]}))
    income = economy.income(before, power)
    lines.append(("axis_allies.summary_income", {"income": income, "ipcs": after.ipcs[power]}))
    return tuple(lines)


def _name(tid: str) -> str:
    return CLASSIC.territories[tid].name


def _fight(fight: Fought) -> list[Line]:
    territory = _name(fight.territory)
    head: Line
    if fight.kind == "battle":
        head = (f"axis_allies.summary_battle_{fight.result}", {
            "territory": territory, "power": fight.attacker, "victim": fight.defender,
        })
    else:
        head = (f"axis_allies.summary_{fight.kind}", {
            "territory": territory, "power": fight.attacker, "victim": fight.defender, "damage": fight.damage,
        })
    lines = [head]
    for roll in fight.rolls:
        lines.append((f"axis_allies.summary_dice_{roll.kind}", {
            "round": roll.round, "faces": [v + 1 for v in roll.values], "hits": roll.hits,
        }))
    lost: dict[str, dict[str, int]] = {}
    for c in fight.lost:
        lost.setdefault(c.power, {})
        lost[c.power][c.kind] = lost[c.power].get(c.kind, 0) + 1
    for power, kinds in lost.items():
        units = [[k, kinds[k]] for k in UNITS if k in kinds]
        lines.append(("axis_allies.summary_lost", {"power": power, "units": units}))
    return lines
