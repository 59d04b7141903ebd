"""Legality in Axis & Allies: the legal moves of a seat now (``legal_moves``), the ones
autocomplete offers. Moves of one unit at a time; bigger orders are typed and checked by the
turn machine (``turn.apply``), which refuses a move naming the rule it breaks. The rules
themselves are split by topic: ``movement.py``, ``combat.py``, ``economy.py`` and ``turn.py``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from itertools import islice
from typing import Any, Literal

from engines.axis_allies import combat, economy, movement, turn
from engines.axis_allies.moves import (
    AlongOrder,
    AttackAction,
    AxisAlliesMove,
    BuyAction,
    Counts,
    EndAction,
    LoseAction,
    PlaceAction,
    PressOnAction,
    RetreatAction,
    RocketAction,
    StayAction,
    SubmergeAction,
    TechAction,
    UnloadAction,
    along,
    format_move,
    order_text,
)
from engines.axis_allies.state import AxisAlliesState
from engines.axis_allies.units import UNITS
from engines.core.contract import Seat
from engines.core.errors import IllegalMoveError

MAX_TECH_DICE = 6
"""Autocomplete offers up to this many research dice (any number may be typed)."""


def legal_moves(state: AxisAlliesState, seat: Seat) -> list[AxisAlliesMove]:
    """The moves autocomplete offers; moves of one unit at a time (bigger orders are typed)."""
    return list(iter_legal_moves(state, seat))


def iter_legal_moves(state: AxisAlliesState, seat: Seat,
                     wanted: Callable[[str], bool] | None = None) -> Iterator[AxisAlliesMove]:
    """:func:`legal_moves` one at a time, in the same order, only those whose text is ``wanted``: in
    the movement phases a destination is checked only when its move is wanted and asked for."""
    if seat not in turn.to_act(state):
        return
    running = turn.machine(state)
    power, phase = state.power, state.phase
    moves: list[AxisAlliesMove] = []
    if running is not None:  # a battle's question: its answers one at a time (a big battle's are many)
        yield from (m for m in _decisions(state, running) if wanted is None or wanted(format_move(m)))
        return
    if phase in ("combat_move", "noncombat_move"):
        yield from iter_unit_moves(state, wanted)
    else:
        if phase == "tech":
            moves += [TechAction(count=n) for n in range(1, min(state.ipcs[power] // 5, MAX_TECH_DICE) + 1)]
        if phase in ("tech", "purchase") and economy.capital_held(state, power):
            for kind in UNITS:
                try:
                    economy.check_purchase(state, power, {kind: 1})
                except IllegalMoveError:
                    continue
                moves.append(BuyAction(units=((kind, 1),)))
        if phase == "combat":
            moves += [AttackAction(to=t) for t in turn.fights_open(state)]
            moves += _rockets(state)
        if phase == "place":
            for kind, _ in state.purchased:
                moves += [PlaceAction(units=((kind, 1),), to=t) for t in economy.placement_sites(state, power, kind)]
    if running is None and not (phase == "combat" and (state.battles or state.raids)) and not (
        phase == "place" and turn.placeable(state)
    ):
        moves.append(EndAction(anyway=phase == "noncombat_move" and bool(turn.could_still_land(state))))
    yield from (m for m in moves if wanted is None or wanted(format_move(m)))


def _decisions(state: AxisAlliesState, running: combat.Machine) -> Iterator[AxisAlliesMove]:
    decision = combat.waiting(running)
    if decision is None:
        return
    if decision.kind == "press_on_or_retreat":
        yield PressOnAction()
        yield from (RetreatAction(to=t) for t in decision.retreat_to)
        yield from (SubmergeAction(to=t) for t in decision.subs_to)
        return
    if decision.kind == "defending_subs":
        yield StayAction()
        yield from (SubmergeAction(to=t) for t in decision.subs_to)
        return
    kind_of = {u.id: u.kind for u in state.units}
    have: dict[str, int] = {}
    for uid in decision.eligible:
        have[kind_of[uid]] = have.get(kind_of[uid], 0) + 1
    yield from (LoseAction(units=counts) for counts in casualty_choices(have, decision.count, decision.max_non_ships))


def casualty_choices(have: dict[str, int], count: int, max_non_ships: int | None = None) -> Iterator[Counts]:
    """Every choice of ``count`` losses from ``have`` (unit kind -> how many may be lost), at most
    ``max_non_ships`` of them not ships (the other hits were submarines', which sink only ships;
    ``combat.choose_casualties``' rule). Units of a kind are alike (``turn.casualty_ids`` takes
    the first ones), so a choice is a count per kind: in the data file's unit order, most of
    the first kind first.

    >>> list(casualty_choices({"infantry": 2, "fighter": 1}, 2))
    [(('infantry', 2),), (('infantry', 1), ('fighter', 1))]
    >>> list(casualty_choices({"fighter": 2, "battleship": 1}, 2, max_non_ships=1))
    [(('fighter', 1), ('battleship', 1))]
    """
    kinds = [k for k in UNITS if have.get(k)]

    def fill(i: int, left: int, non_ships: int) -> Iterator[Counts]:
        if left == 0:
            yield ()
            return
        if i == len(kinds):
            return
        kind, ship = kinds[i], UNITS[kinds[i]].domain == "sea"
        most = min(have[kind], left, left if ship or max_non_ships is None else max_non_ships - non_ships)
        for n in range(most, -1, -1):
            for rest in fill(i + 1, left - n, non_ships + (0 if ship else n)):
                yield ((kind, n), *rest) if n else rest

    yield from fill(0, count, 0)


def unit_moves(state: AxisAlliesState, limit: int | None = None) -> list[AlongOrder]:
    """One move per (territory, unit kind) and destination, for the unit an order would pick
    (the first ``limit`` only, when given)."""
    return list(islice(iter_unit_moves(state), limit))


def iter_unit_moves(state: AxisAlliesState, wanted: Callable[[str], bool] | None = None) -> Iterator[AlongOrder]:
    """:func:`unit_moves` one at a time, in the same order. A destination is checked only when the
    move's text is ``wanted`` (autocomplete: it fits what was typed) and only when asked for the next
    move, so a caller that needs a few moves never checks them all (none outside the movement steps)."""
    power, phase = state.power, state.phase
    if phase != "combat_move" and phase != "noncombat_move":
        return
    seen: set[tuple[Any, ...]] = set()
    offered: set[str] = set()
    board = movement.Board(state, power)  # one position, thousands of orders checked against it
    for u in sorted(state.units, key=lambda u: (u.at, u.moved, u.id)):
        if u.power != power or UNITS[u.kind].domain == "building" or u.lands_in is not None:
            continue
        aboard = turn.is_cargo(state, u)
        key: tuple[Any, ...] = (u.at, u.kind, aboard)
        if aboard:
            # Cargo: one unit per kind of transport (its cargo, where it unloaded, whether it moved
            # in the combat move) and of rider, as each may land where another may not (M16).
            ship = next((t for t in state.units_at(u.at) if t.id == u.carried_by), None)
            riders = [r.kind for r in state.units_at(u.at) if r.carried_by == u.carried_by and r.lands_in is None]
            key += (tuple(sorted(riders)), u.combat,
                    (ship.unloaded_into, ship.combat, ship.moved) if ship else None)
        if key in seen:
            continue
        seen.add(key)
        routes = movement.routes(state, power, u.id, phase, board=board)
        for dest, _, orders in movement.destinations(state, power, u.id, phase, board=board):
            sea_dest = state.map.is_sea(dest)
            kind: Literal["move", "load", "unload"]
            if aboard:
                kind = "unload"
                path: tuple[str, ...] = (u.at, dest)
            elif UNITS[u.kind].domain == "land" and sea_dest:
                kind, path = "load", (u.at, dest)
            else:
                kind, path = "move", routes.get(dest, (u.at, dest))
            units = ((u.kind, 1),)
            if kind == "unload":
                if movement.allowed(state, power, orders, phase, board=board):
                    for form in turn.unload_forms(state, UnloadAction(units=units, path=path)):
                        text = format_move(form)
                        if text not in offered and (wanted is None or wanted(text)):
                            offered.add(text)
                            yield form
                continue
            if wanted is not None and not wanted(order_text(kind, units, path)):
                continue
            if movement.allowed(state, power, orders, phase, board=board):
                yield along(kind, units, path)


def _rockets(state: AxisAlliesState) -> list[AxisAlliesMove]:
    """Rocket shots open to the power now (weapons development "rockets", one a turn)."""
    if "rockets" not in state.techs.get(state.power, ()) or state.rocket_fired:
        return []
    moves: list[AxisAlliesMove] = []
    for launcher in sorted({u.at for u in state.units if u.power == state.power and u.kind == "aa_gun"}):
        for target in sorted({u.at for u in state.units if u.kind == "factory"}):
            move = RocketAction(frm=launcher, to=target)
            try:
                turn.apply(state, economy.seat_of(state, state.power), move, "")
            except IllegalMoveError:
                continue
            moves.append(move)
    return moves
