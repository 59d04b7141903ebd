"""The example a step line shows: a move (data) that fits the step now for the power to move,
built from its money, its units, its battles, its purchases (no ``place 3 inf Germany`` shown to
the USSR). Its text is the notation's (``format_move``); the words around it are the message
catalogue's."""

from __future__ import annotations

from engines.axis_allies import combat, economy, turn
from engines.axis_allies.moves import AttackAction, AxisAlliesMove, BuyAction, EndAction
from engines.axis_allies.rules import unit_moves
from engines.axis_allies.state import AxisAlliesState
from engines.core.evolve import evolve

END = EndAction()


def step_example(state: AxisAlliesState) -> AxisAlliesMove:
    """A move that fits the step of the power to move; ``end`` when nothing else fits.

    >>> from engines.axis_allies.engine import AxisAllies
    >>> from engines.axis_allies.moves import format_move
    >>> format_move(step_example(AxisAllies().setup(2)))
    'buy 3 inf'
    """
    power, phase = state.power, state.phase
    if phase in ("tech", "purchase"):
        count = min(3, state.ipcs[power] // economy.unit_cost(state, power, "infantry"))
        return BuyAction(units=(("infantry", count),)) if count and economy.capital_held(state, power) else END
    if phase == "noncombat_move" and (savable := turn.could_still_land(state)):
        return turn.landing_move(state, savable[0])  # the aircraft the end would lose first
    if phase in ("combat_move", "noncombat_move"):
        moves = unit_moves(state, limit=1)
        if not moves:
            return END
        ends = (moves[0].path[0], moves[0].path[-1])  # the route is filled in from its ends
        return evolve(moves[0], path=ends)
    if phase == "combat":
        fights = turn.fights_open(state)
        return AttackAction(to=fights[0]) if fights else END
    if phase == "place" and (waiting := turn.placeable(state)):
        return turn.placing_move(waiting)
    return END


def decision_example(state: AxisAlliesState, decision: combat.Decision) -> AxisAlliesMove | None:
    """The example for a battle's question: the casualties that fit, none for the others."""
    return turn.casualty_move(state, decision) if decision.kind == "casualties" else None
