"""Standing orders: the choices a player makes in advance.

The rulebook lets the owner of the units choose its casualties ("De verdediger verkiest ...");
a standing casualty order is that choice made ahead of time, per power: which units go first
(the cheapest, by cost), which kinds to keep as long as possible (``keep 1 ftr``) and which to
lose last (``last trn``), or ``ask`` to be asked each time (then the order applies only when the
question's deadline passes). An ``attack ... until done`` carries the attacker's plan for the
rounds of that battle: go on, or retreat once fewer than ``retreat_below`` units are left.

Everything here is pure: :func:`standing_move` says which move a standing order makes now, and
the referee records that move like any other (so a replay needs no standing order at all).

>>> text = format_order(parse_order("keep 1 ftr, transports last"))
>>> text
'cheapest first, keep 1 ftr, last trn'
>>> parse_order(text) == parse_order("keep 1 fighter last transport")
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import ValidationError

from engines.axis_allies import combat, economy
from engines.axis_allies.casualties import DEFAULT_ASK_HOURS, CasualtyOrder, pick_casualties
from engines.axis_allies.economy import TURN_ORDER, refuse
from engines.axis_allies.moves import (
    SHORT,
    AxisAlliesMove,
    LoseAction,
    PressOnAction,
    RetreatAction,
    StayAction,
    units_text,
)
from engines.axis_allies.state import AxisAlliesState
from engines.axis_allies.units import UNITS, UnknownUnit, unit
from engines.core.contract import Seat
from engines.core.errors import InvalidMoveError

DEFAULT_ORDER = CasualtyOrder(keep=(("fighter", 1),), last=("transport",))
"""The issue's example and the order ``casualties default`` sets: cheapest first, keep one
fighter, transports last."""

POWER_WORDS = {
    "ussr": "ussr", "russia": "ussr", "soviet": "ussr", "germany": "germany", "duitsland": "germany",
    "uk": "uk", "britain": "uk", "england": "uk", "japan": "japan", "usa": "usa", "us": "usa", "america": "usa",
}
EXPECTED = "casualties [power] default | ask 12h, default | cheapest first, keep 1 ftr, last trn"


def _invalid(text: str) -> InvalidMoveError:
    return InvalidMoveError(
        "axis_allies.invalid_standing_order", f"not a standing order: {text!r}", text=text, expected=EXPECTED
    )


def parse_order(text: str) -> CasualtyOrder:
    """Read the words after ``casualties [power]``: clauses ``default``, ``ask``, ``cheapest
    first``, ``keep <units>``, ``last <kinds>`` or ``<kinds> last``, in any order (commas optional)."""
    words = text.replace(",", " ").lower().split()
    ask = False
    ask_hours = DEFAULT_ASK_HOURS
    keep: dict[str, int] = {}
    last: list[str] = []
    if words == ["default"]:
        return DEFAULT_ORDER
    i = 0
    while i < len(words):
        word = words[i]
        if word in ("ask", "vraag"):
            ask, i = True, i + 1
            hours = words[i].removesuffix("h") if i < len(words) else ""
            if hours.replace(".", "", 1).isdigit():
                ask_hours, i = float(hours), i + 1
                if words[i : i + 1] in (["hours"], ["uur"]):
                    i += 1
        elif word == "default":
            order = DEFAULT_ORDER
            keep.update(dict(order.keep))
            last += [k for k in order.last if k not in last]
            i += 1
        elif word == "cheapest" and words[i + 1 : i + 2] == ["first"]:
            i += 2
        elif word == "keep":
            i += 1
            start = i
            while i + 1 < len(words) and words[i].isdigit() and _kinds(words[i + 1 : i + 2]):
                kind = _kinds(words[i + 1 : i + 2])[0]
                keep[kind] = keep.get(kind, 0) + int(words[i])
                i += 2
            if i == start:
                raise _invalid(text)
        elif word == "last":
            kinds = _kinds(words[i + 1 :])
            if not kinds:
                raise _invalid(text)
            last += [k for k in kinds if k not in last]
            i += 1 + len(kinds)
        else:
            kinds = _kinds(words[i:])
            if not kinds or words[i + len(kinds) : i + len(kinds) + 1] != ["last"]:
                raise _invalid(text)
            last += [k for k in kinds if k not in last]
            i += len(kinds) + 1
    try:
        return CasualtyOrder(
            ask=ask, ask_hours=ask_hours, keep=tuple((k, keep[k]) for k in UNITS if keep.get(k)), last=tuple(last)
        )
    except ValidationError:
        raise _invalid(text) from None


def _kinds(words: list[str]) -> list[str]:
    """Leading unit names (``transports``, ``trn``, ``bb``)."""
    kinds = []
    for word in words:
        try:
            kinds.append(unit(word).id)
        except UnknownUnit:
            break
    return kinds


def format_order(order: CasualtyOrder) -> str:
    parts = [f"ask {order.ask_hours:g}h"] if order.ask else []
    parts.append("cheapest first")
    if order.keep:
        parts.append(f"keep {units_text(order.keep)}")
    if order.last:
        parts.append("last " + " ".join(SHORT[k] for k in order.last))
    return ", ".join(parts)


def parse_standing_orders(
    text: str, state: AxisAlliesState, seat: Seat, current: Mapping[str, Any]
) -> dict[str, Any]:
    """``casualties [power|all] <order>``: the seat's standing orders after this one (power id ->
    order as JSON). Without a power it is for every power the seat holds."""
    words = text.strip().split(maxsplit=1)
    if not words or words[0].lower() not in ("casualties", "verliezen"):
        raise _invalid(text)
    rest = words[1] if len(words) > 1 else ""
    head = rest.split(maxsplit=1)
    powers: tuple[str, ...] = state.seats[seat]
    if head and head[0].lower() in (*POWER_WORDS, "all"):
        if head[0].lower() != "all":
            power = POWER_WORDS[head[0].lower()]
            if power not in state.seats[seat]:
                raise refuse("not_your_power", power=power)
            powers = (power,)
        rest = head[1] if len(head) > 1 else ""
    if not rest.strip():
        raise _invalid(text)
    order = parse_order(rest)
    orders = dict(current)
    for power in powers:
        orders[power] = order.model_dump(mode="json")
    return orders


def order_for(orders: Mapping[str, Any] | None, power: str) -> CasualtyOrder | None:
    data = (orders or {}).get(power)
    return CasualtyOrder.model_validate(data) if data is not None else None


def describe_orders(state: AxisAlliesState, seat: Seat, orders: Mapping[str, Any]) -> list[tuple[str, str]]:
    """(power, the order in words, or ``""`` when none is set) for every power of the seat."""
    return [
        (power, format_order(order) if (order := order_for(orders, power)) is not None else "")
        for power in TURN_ORDER
        if power in state.seats[seat]
    ]


# ---------------------------------------------------------------- applying them


def standing_move(
    state: AxisAlliesState,
    orders: Mapping[Seat, Mapping[str, Any]],
    expired: frozenset[Seat] = frozenset(),
) -> tuple[Seat, AxisAlliesMove] | None:
    """The move a standing order makes now, and whose it is; ``None`` when a player must decide.

    Casualties (and a defence's submarines, which then stay) follow the deciding power's
    casualty order unless its owner asked to be asked and the question has not ``expired``; an
    attacker's round-end choice follows the plan of ``attack ... until done``."""
    from engines.axis_allies import turn  # turn imports this module's callers

    if state.result is not None or turn.chance(state) is not None:
        return None
    running = turn.machine(state)
    if running is None:
        return None
    decision = combat.waiting(running)
    if decision is None:
        return None
    seat = economy.seat_of(state, decision.power)
    if decision.kind == "press_on_or_retreat":
        assert isinstance(running, combat.Battle)  # only a battle asks this
        plan = state.plan
        if plan is None or plan.territory != running.territory:
            return None
        left = _attackers_left(running)
        if left < plan.retreat_below and decision.may_retreat and decision.retreat_to:
            to = plan.retreat_to if plan.retreat_to in decision.retreat_to else decision.retreat_to[0]
            return seat, RetreatAction(to=to)
        return seat, PressOnAction()
    order = order_for(orders.get(seat), decision.power)
    if order is None or (order.ask and seat not in expired):
        return None
    if decision.kind == "defending_subs":
        return seat, StayAction()
    return seat, LoseAction(units=pick_casualties(state, decision, order))


def asks(state: AxisAlliesState, orders: Mapping[Seat, Mapping[str, Any]]) -> dict[Seat, float]:
    """Seats asked a question now that their standing order answers once it has waited the
    order's hours (``ask 12h``); empty when nobody is asked, or nobody with such an order."""
    from engines.axis_allies import turn

    if standing_move(state, orders) is not None:
        return {}
    asked = frozenset(turn.to_act(state))
    if standing_move(state, orders, asked) is None:
        return {}
    running = turn.machine(state)
    decision = combat.waiting(running) if running is not None else None
    if decision is None:
        return {}
    order = order_for(orders.get(economy.seat_of(state, decision.power)), decision.power)
    return {seat: order.ask_hours for seat in asked} if order is not None else {}


def _attackers_left(battle: combat.Battle) -> int:
    gone = set(battle.lost) | {i for w in battle.moved_out for i in w.ids}
    return sum(1 for c in battle.attackers if c.id not in gone)
