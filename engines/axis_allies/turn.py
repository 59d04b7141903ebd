"""The six steps of a turn as a state machine (rulebook chapter 1, "De 6-delige aktiecyclus").

``tech`` (research dice) → ``purchase`` → ``combat_move`` (AA guns fire at aircraft as they
fly) → ``combat`` (every battle and bombing raid, one at a time, in the order the player
picks) → ``noncombat_move`` (aircraft land or are lost) → ``place`` → income, and the next
power. A player may skip any step with ``end``. Battles, AA fire, raids and research are
sub-machines (``combat.py``) whose dice are chance nodes and whose choices (casualties,
retreat) are moves of the seat that owns them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, NamedTuple

from engines.axis_allies import combat, economy, movement
from engines.axis_allies.casualties import CasualtyOrder, pick_casualties
from engines.axis_allies.combat import Combatant
from engines.axis_allies.economy import (
    TECH_CHART,
    TECH_DIE_COST,
    TURN_ORDER,
    refuse,
    seat_of,
)
from engines.axis_allies.moves import (
    AlongOrder,
    AxisAlliesMove,
    Counts,
    LoseAction,
    MoveKind,
    PlaceAction,
    PressOnAction,
    RocketAction,
    StayAction,
    UnitsAlongAction,
    UnloadAction,
    format_move,
)
from engines.axis_allies.state import (
    PHASES,
    UNDO_FIELDS,
    ArrowView,
    AxisAlliesState,
    BattlePlan,
    Casualty,
    Fought,
    Phase,
    UndoPoint,
    Unit,
)
from engines.axis_allies.units import UNITS
from engines.core.contract import ChanceSpec, Outcome, Seat
from engines.core.errors import IllegalMoveError
from engines.core.evolve import evolve

NOT_IN_BATTLE = ("factory", "aa_gun")
"""Industrial complexes and AA guns never fight in battle rounds."""
ONE_PER_TERRITORY = ("factory", "aa_gun")
"""At most one of each in a territory ("1 per gebied"; a complex goes where there is none)."""


# ---------------------------------------------------------------- who acts


def machine(state: AxisAlliesState) -> combat.Machine | None:
    """The sub-machine in progress (AA fire, then a raid or a battle), if any."""
    return state.aa or state.raid or state.battle


def with_machine(state: AxisAlliesState, running: combat.Machine) -> AxisAlliesState:
    """``state`` with ``running`` in the slot of its kind: AA fire, a raid or a battle."""
    if isinstance(running, combat.AaFire):
        return evolve(state, aa=running)
    if isinstance(running, combat.Raid):
        return evolve(state, raid=running)
    return evolve(state, battle=running)


def to_act(state: AxisAlliesState) -> frozenset[Seat]:
    if state.result is not None or chance(state) is not None:
        return frozenset()
    running = machine(state)
    if running is not None:
        decision = combat.waiting(running)
        return frozenset((seat_of(state, decision.power),)) if decision else frozenset()
    return frozenset((seat_of(state, state.power),))


def chance(state: AxisAlliesState) -> ChanceSpec | None:
    if state.result is not None:
        return None
    if state.tech_dice:
        return ChanceSpec(kind="tech_dice", sizes=(6,) * state.tech_dice)
    if state.breakthroughs:
        return ChanceSpec(kind="tech_chart", sizes=(6,))
    running = machine(state)
    return combat.chance(running) if running is not None else None


def apply_chance(state: AxisAlliesState, outcome: Outcome) -> AxisAlliesState:
    if state.undo:
        state = evolve(state, undo=())  # dice are never taken back, nor what came before them
    if outcome.kind == "tech_dice":
        sixes = sum(1 for v in outcome.values if v == 5)
        state = evolve(state, tech_dice=0, breakthroughs=sixes)
        return _after_research(state)
    if outcome.kind == "tech_chart":
        return _after_research(_breakthrough(state, outcome.values[0]))
    running = machine(state)
    if running is None:
        raise ValueError(f"no {outcome.kind!r} chance is pending")
    return settle(with_machine(state, combat.apply_roll(running, outcome.values)))


# ---------------------------------------------------------------- research


def _breakthrough(state: AxisAlliesState, value: int) -> AxisAlliesState:
    """A 6 was rolled: the chart die picks the development (decision 3); one the power already
    has is rolled again, and with all six there is nothing left to gain."""
    owned = set(state.techs.get(state.power, ()))
    tech = TECH_CHART[value]
    if tech in owned:
        return state if len(owned) < len(TECH_CHART) else evolve(state, breakthroughs=0)
    techs = dict(state.techs)
    techs[state.power] = tuple(t for t in TECH_CHART if t in owned | {tech})
    return evolve(state, techs=techs, breakthroughs=state.breakthroughs - 1)


def _after_research(state: AxisAlliesState) -> AxisAlliesState:
    if state.tech_dice or state.breakthroughs:
        return state
    return evolve(state, phase="purchase")


# ---------------------------------------------------------------- turns


TURN_MARKS = {"moved": 0, "combat": False, "came_from": None, "lands_in": None, "unloaded_into": None}
"""What a unit carries from one turn into the next: nothing of these."""


def begin_turn(state: AxisAlliesState, power: str) -> AxisAlliesState:
    units = tuple(
        evolve(u, **TURN_MARKS) if any(getattr(u, k) != v for k, v in TURN_MARKS.items()) else u
        for u in state.units
    )
    return evolve(
        state, power=power, phase="tech", units=units,
        held_at_start=tuple(sorted(t for t, p in state.owners if p == power)),
        conquered=(), battles=(), raids=(), amphibious=(), sea_fights=(), arrows=(), rocket_fired=False,
        purchased=(), bought=(), placed_factories=(), fights=(),
    )


def end_turn(state: AxisAlliesState) -> AxisAlliesState:
    """Step 6: income, then the next power; a round ends after the USA (victory is checked then)."""
    ipcs = dict(state.ipcs)
    ipcs[state.power] += economy.income(state, state.power)
    state = evolve(state, ipcs=ipcs, purchased=())
    index = TURN_ORDER.index(state.power)
    if index == len(TURN_ORDER) - 1:
        result = economy.victory(state)
        if result is not None:
            return evolve(state, result=result, phase="income")
        state = evolve(state, round=state.round + 1)
    return begin_turn(state, TURN_ORDER[(index + 1) % len(TURN_ORDER)])


def end_phase(state: AxisAlliesState, anyway: bool = False) -> AxisAlliesState:
    """The next step (``end``), as :data:`STEP_ENDS` says for this one; ``anyway`` lets the
    non-combat move end although aircraft that could still land would be lost (decision M15)."""
    return STEP_ENDS[state.phase](state, anyway)


def _next_step(state: AxisAlliesState, anyway: bool) -> AxisAlliesState:
    return evolve(state, phase=PHASES[PHASES.index(state.phase) + 1])


def _end_combat_move(state: AxisAlliesState, anyway: bool) -> AxisAlliesState:
    """The battles are where the power's units meet enemy units; AA guns in land taken are
    captured; cargo ordered ashore from a zone with no sea battle after all lands now."""
    state = evolve(state, phase="combat", battles=pending_battles(state))
    state = economy.capture_aa_guns(state)
    for zone in sorted({u.at for u in state.units if u.lands_in is not None} - set(state.battles)):
        state = _land_waiting(state, zone)  # no sea battle after all: they land now
    return state


def _end_combat(state: AxisAlliesState, anyway: bool) -> AxisAlliesState:
    """Every battle and raid must be fought first."""
    if state.battles or state.raids:
        raise refuse("battles_left", territories=list(state.battles + state.raids))
    return _next_step(state, anyway)


def _end_noncombat_move(state: AxisAlliesState, anyway: bool) -> AxisAlliesState:
    """Aircraft land or are lost (decision M6); not while a move could still land one, unless
    ``anyway`` (decision M15)."""
    savable = could_still_land(state)
    if savable and not anyway:
        kinds: dict[str, int] = {}
        for u in savable:
            kinds[u.kind] = kinds.get(u.kind, 0) + 1
        raise refuse("aircraft_can_land", units=[[k, n] for k, n in _counts(kinds)],
                     territories=sorted({u.at for u in savable}), example=format_move(landing_move(state, savable[0])))
    landings = movement.landings(state, state.power)
    state = _update_units(state, landings.landed)
    state = _remove_units(state, set(landings.lost))
    return _next_step(state, anyway)


def _end_place(state: AxisAlliesState, anyway: bool) -> AxisAlliesState:
    """Not while a bought unit can still be placed (decision 14); then income and the next power."""
    waiting = placeable(state)
    if waiting:
        raise refuse("place_first", units=[[k, n] for k, n, _ in waiting], example=format_move(placing_move(waiting)))
    return end_turn(state)


STEP_ENDS: dict[Phase, Callable[[AxisAlliesState, bool], AxisAlliesState]] = {
    "tech": _next_step,
    "purchase": _next_step,
    "combat_move": _end_combat_move,
    "combat": _end_combat,
    "noncombat_move": _end_noncombat_move,
    "place": _end_place,
    "income": _next_step,  # only once the game is over: ``apply`` refuses every move then
}
"""The steps of a turn in order (``PHASES``; boardgame.io's ``phases``), each with what ``end``
checks and does before the next begins. Which orders each step takes is :data:`KINDS`."""


def could_still_land(state: AxisAlliesState) -> list[Unit]:
    """Aircraft the end of the non-combat move would lose that a move could still land
    (decision M15): the power's lost aircraft with a legal destination left."""
    board = movement.Board(state, state.power)
    lost = movement.landings(state, state.power, board=board).lost
    return [u for u in state.units if u.id in lost
            and movement.reachable(state, state.power, u.id, "noncombat_move", board=board)]


def landing_move(state: AxisAlliesState, aircraft: Unit) -> AxisAlliesMove:
    """A move that lands ``aircraft``: to its nearest landing (then the first by id), as the
    order of one such aircraft from its place reads (the example a refusal and the step line give)."""
    reach = movement.reachable(state, state.power, aircraft.id, "noncombat_move")
    dest = min(reach, key=lambda t: (reach[t], t))
    return UnitsAlongAction(kind="move", units=((aircraft.kind, 1),), path=(aircraft.at, dest))


def placing_move(waiting: list[tuple[str, int, str]]) -> AxisAlliesMove:
    """The ``place`` order of the first of ``placeable``'s units (the example for the step)."""
    kind, count, site = waiting[0]
    return PlaceAction(units=((kind, count),), to=site)


def pending_battles(state: AxisAlliesState) -> tuple[str, ...]:
    """Where the power's units share a territory or sea zone with enemy units after the combat
    move (raids are kept apart in ``raids``)."""
    found = []
    for tid in sorted({u.at for u in state.units if u.power == state.power}):
        if tid in state.raids:
            continue
        here = state.units_at(tid)
        mine = [u for u in here if u.power == state.power and u.kind not in NOT_IN_BATTLE and u.combat]
        enemies = [
            u for u in here if not economy.friendly(state, u.power, state.power) and u.kind not in NOT_IN_BATTLE
            and not is_cargo(state, u)
        ]
        if mine and enemies:
            found.append(tid)
    return tuple(found)


# ---------------------------------------------------------------- apply


def apply(state: AxisAlliesState, seat: Seat, move: AxisAlliesMove, text: str) -> AxisAlliesState:
    """The state after ``seat`` plays ``move``; ``IllegalMoveError`` names the rule broken."""
    if state.result is not None:
        raise refuse("game_over")
    if seat not in to_act(state):
        raise refuse("not_your_turn")
    if move.kind == "undo":
        return undo(state)
    running = machine(state)
    if running is not None:
        return settle(_decide(state, running, move))
    if KINDS[move.kind].undoable:
        point = UndoPoint(text=text, **{name: getattr(state, name) for name in UNDO_FIELDS})
        after = _apply_turn_move(state, move, text)
        return evolve(after, undo=(*state.undo, point))
    return evolve(_apply_turn_move(state, move, text), undo=())


class KindFacts(NamedTuple):
    """What the referee and the turn machine know of one kind of move before it is applied."""

    undoable: bool = False
    """``undo`` can take it back: it rolls no dice of its own (an AA gun's fire it
    calls for is rolled at once and empties the undo list)."""
    secret: bool = False
    """Only its own seat may see its text (none in this game: every order is open)."""


_UNDOABLE = KindFacts(undoable=True)

KINDS: dict[MoveKind, KindFacts] = {
    "tech": KindFacts(), "buy": _UNDOABLE, "move": _UNDOABLE, "load": _UNDOABLE, "unload": _UNDOABLE,
    "bomb": _UNDOABLE, "attack": KindFacts(), "rocket": KindFacts(), "place": _UNDOABLE,
    "end": KindFacts(), "undo": KindFacts(),
    "lose": KindFacts(), "press_on": KindFacts(), "retreat": KindFacts(),
    "submerge": KindFacts(), "stay": KindFacts(),
}
"""Every kind of move, and what is known of it before it is applied."""


def undo(state: AxisAlliesState) -> AxisAlliesState:
    """Take back the last order of this phase: the state as it was before it. Only
    orders since the last dice and within the phase; the undo itself is a recorded move."""
    if not state.undo or machine(state) is not None:
        raise refuse("nothing_to_undo")
    point = state.undo[-1]
    return evolve(state, **{name: getattr(point, name) for name in UNDO_FIELDS}, undo=state.undo[:-1])


def _apply_turn_move(state: AxisAlliesState, move: AxisAlliesMove, text: str) -> AxisAlliesState:
    phase = state.phase
    if move.kind == "end":
        return end_phase(state, move.anyway)
    if move.kind == "tech":
        if phase != "tech":
            raise refuse("tech_only_first")
        cost = TECH_DIE_COST * move.count
        if move.count < 1 or cost > state.ipcs[state.power]:
            raise refuse("tech_cost", dice=move.count, cost=cost, ipcs=state.ipcs[state.power])
        return evolve(_pay(state, cost), tech_dice=move.count)
    if move.kind == "buy":
        if phase not in ("tech", "purchase"):
            raise refuse("buy_only_in_purchase")
        counts = dict(move.units)
        cost = economy.check_purchase(state, state.power, counts)
        bought = dict(state.purchased)
        total = dict(state.bought)
        for k, n in counts.items():
            bought[k] = bought.get(k, 0) + n
            total[k] = total.get(k, 0) + n
        state = _pay(state, cost)
        return evolve(state, purchased=_counts(bought), bought=_counts(total), phase="purchase")
    if move.kind in ("move", "load", "unload", "bomb"):
        if phase not in ("combat_move", "noncombat_move"):
            raise refuse("move_only_in_move_phases")
        return _apply_order(state, move, text, phase)
    if move.kind == "attack":
        if phase != "combat":
            raise refuse("attack_only_in_combat")
        state = _start_fight(state, move.to)
        if move.until_done and state.battle is not None:
            if move.retreat_to is not None and move.retreat_to not in state.battle.retreat_to:
                raise refuse("retreat_where", territory=move.retreat_to, options=list(state.battle.retreat_to))
            plan = BattlePlan(territory=state.battle.territory, retreat_below=move.retreat_below, retreat_to=move.retreat_to)
            state = evolve(state, plan=plan)
        return settle(state)
    if move.kind == "rocket":
        return settle(_fire_rocket(state, move))
    if move.kind == "place":
        return _apply_place(state, move)
    raise refuse("not_now", action=_verb(move))


def _pay(state: AxisAlliesState, cost: int) -> AxisAlliesState:
    ipcs = dict(state.ipcs)
    ipcs[state.power] -= cost
    return evolve(state, ipcs=ipcs)


def _counts(counts: dict[str, int]) -> Counts:
    return tuple((k, counts[k]) for k in UNITS if counts.get(k))


def is_cargo(state: AxisAlliesState, u: Unit) -> bool:
    """A land unit aboard a transport at sea, or an ally's fighter aboard a carrier of the power to
    move (decision M10): not a combatant of the sea battle. It goes where its carrier goes."""
    if u.carried_by is None:
        return False
    if UNITS[u.kind].domain == "land":
        return True
    carrier = next((c for c in state.units if c.id == u.carried_by), None)
    return carrier is not None and carrier.power == state.power != u.power


def _update_units(state: AxisAlliesState, updates: Iterable[movement.UnitUpdate]) -> AxisAlliesState:
    """Each unit an update names gets its fields (all but ``id``)."""
    changes = {up.id: up for up in updates}
    if not changes:
        return state
    units = tuple(
        evolve(u, **changes[u.id].model_dump(exclude={"id"})) if u.id in changes else u for u in state.units
    )
    return evolve(state, units=units)


def _remove_units(state: AxisAlliesState, ids: set[int], fought: frozenset[int] = frozenset()) -> AxisAlliesState:
    """Remove ``ids`` and everything aboard them: a transport's cargo and the fighters on a carrier,
    except the units that ``fought`` in the battle (a carrier's own fighters fight on and land or
    are lost by the battle's rules: decision 13)."""
    if not ids:
        return state
    gone = set(ids) | {u.id for u in state.units if u.carried_by in ids and u.id not in fought}
    units = tuple(
        evolve(u, carried_by=None) if u.carried_by in gone else u
        for u in state.units
        if u.id not in gone
    )
    return evolve(state, units=units)


# ---------------------------------------------------------------- orders


def pick_units(state: AxisAlliesState, where: str, counts: Counts, *, aboard: bool = False) -> tuple[int, ...]:
    """The concrete pieces an order by kind and count means: the power's units there, those with
    the most movement left first (then the lowest id), so the choice is deterministic."""
    ids: list[int] = []
    for kind, n in counts:
        pool = sorted(
            (
                u
                for u in state.units_at(where)
                if u.power == state.power and u.kind == kind and (is_cargo(state, u) == aboard) and u.lands_in is None
            ),
            key=lambda u: (u.moved, u.id),
        )
        if len(pool) < n:
            raise refuse("not_enough_units", unit=kind, count=n, have=len(pool), territory=where)
        ids += [u.id for u in pool[:n]]
    return tuple(ids)


def _order(state: AxisAlliesState, move: AlongOrder, phase: movement.MovePhase) -> movement.MoveOrder:
    path = move.path
    if len(path) < 2:
        raise refuse("path_too_short")
    if move.kind == "load":
        units = pick_units(state, path[0], move.units)
        transports = [
            u for u in state.units_at(path[-1]) if u.power == state.power and UNITS[u.kind].transport_capacity
        ]
        refusals: list[IllegalMoveError] = []
        for t in sorted(transports, key=lambda u: u.id):
            order = movement.MoveOrder(units=units, path=(path[0], path[-1]), transport=t.id)
            try:
                movement.check_move(state, state.power, order, phase)
            except IllegalMoveError as error:
                refusals.append(error)  # full or out of reach: try the next transport
                continue
            return order
        if refusals and len({e.code for e in refusals}) == 1:
            raise refusals[0]  # every transport says the same: that is the reason
        raise refuse("no_transport_room", territory=path[-1])
    if move.kind == "unload":
        options = unload_options(state, move)
        if options:
            return options[0][1]
        if move.aboard:
            _refuse_named_unload(state, move, phase)
    units = pick_units(state, path[0], move.units, aboard=move.kind == "unload")
    gmap = state.map
    if move.kind != "unload" and len(path) == 2 and path[0] in gmap.territories and path[-1] not in gmap.neighbours(path[0]):
        movement.check_distance(state, state.power, units, *path)  # no route was found between the ends
    return movement.MoveOrder(units=units, path=path, bombing=move.kind == "bomb")


def _refuse_named_unload(state: AxisAlliesState, move: UnloadAction, phase: movement.MovePhase) -> None:
    """Why an unload from the transport named by its cargo cannot be done: no such transport, too
    few of a kind aboard it, or the rule its order breaks."""
    zone = move.path[0]
    for t in sorted(state.units_at(zone), key=lambda u: u.id):
        riders = [u for u in state.units_at(zone) if u.carried_by == t.id and u.lands_in is None]
        if t.power != state.power or not riders or _counts(_tally(riders)) != move.aboard:
            continue
        for kind, n in move.units:
            have = sum(u.kind == kind for u in riders)
            if have < n:
                raise refuse("not_enough_units", unit=kind, count=n, have=have, territory=zone)
        picked = _take(riders, move.units)
        assert picked is not None
        movement.check_move(state, state.power, movement.MoveOrder(units=picked, path=move.path, transport=t.id), phase)
    raise refuse("no_transport_with", units=[[k, n] for k, n in move.aboard], territory=zone)


UnloadOption = tuple[Counts, movement.MoveOrder, bool]
"""(the cargo of the transport it unloads from, the order, whether it leaves cargo aboard a
transport it binds to the land for the first time)."""


def unload_options(state: AxisAlliesState, move: UnloadAction) -> list[UnloadOption]:
    """The ways to carry out an unload order that pass the rules, best first (decision M16).

    One transport if one carries all the units: a transport already bound to that land this turn
    first, then one the order empties, then the lowest id; with ``move.aboard`` only a transport
    with exactly that cargo. Otherwise (and no transport named) the units come from several
    transports, those bound to the land first, then those with the least other cargo. Empty when
    nothing fits: the caller words the reason.
    """
    zone, land = move.path[0], move.path[-1]
    phase = state.phase
    cargo: dict[int, list[Unit]] = {}
    for u in sorted(state.units_at(zone), key=lambda u: (u.moved, u.id)):
        if u.power == state.power and is_cargo(state, u) and u.lands_in is None and u.carried_by is not None:
            cargo.setdefault(u.carried_by, []).append(u)
    transports = {t.id: t for t in state.units_at(zone) if t.id in cargo}
    singles: list[tuple[tuple[bool, bool, int], UnloadOption]] = []
    for tid, riders in cargo.items():
        signature = _counts(_tally(riders))
        if tid not in transports or (move.aboard and signature != move.aboard):
            continue
        picked = _take(riders, move.units)
        if picked is None:
            continue
        bound = transports[tid].unloaded_into == land
        left = len(riders) > len(picked)
        singles.append(((not bound, left, tid), (signature, movement.MoveOrder(
            units=picked, path=(zone, land), transport=tid), left and not bound and phase == "combat_move")))
    options = [option for _, option in sorted(singles, key=lambda s: s[0]) if _passes(state, option[1])]
    if options or move.aboard:
        return options
    order: list[int] = []
    wanted = dict(move.units)
    kinds = set(wanted)
    free = {tid: riders for tid, riders in cargo.items() if tid in transports
            and (phase != "combat_move" or transports[tid].unloaded_into in (None, land))}  # M14
    ranked = sorted(free.items(), key=lambda c: (transports[c[0]].unloaded_into != land,
                                                 sum(u.kind not in kinds for u in c[1]), c[0]))
    for _, riders in ranked:
        for u in riders:
            if wanted.get(u.kind, 0) > 0:
                wanted[u.kind] -= 1
                order.append(u.id)
    if any(wanted.values()):
        return []
    several = movement.MoveOrder(units=tuple(order), path=(zone, land))
    return [((), several, False)] if _passes(state, several) else []


def _tally(units: list[Unit]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for u in units:
        counts[u.kind] = counts.get(u.kind, 0) + 1
    return counts


def _take(riders: list[Unit], counts: Counts) -> tuple[int, ...] | None:
    """The ids of ``counts`` among ``riders`` (in their order), or ``None`` if they lack some."""
    ids: list[int] = []
    for kind, n in counts:
        pool = [u.id for u in riders if u.kind == kind]
        if len(pool) < n:
            return None
        ids += pool[:n]
    return tuple(ids)


def _passes(state: AxisAlliesState, order: movement.MoveOrder) -> bool:
    try:
        movement.check_move(state, state.power, order, state.phase)  # type: ignore[arg-type]
    except IllegalMoveError:
        return False
    return True


def unload_forms(state: AxisAlliesState, move: UnloadAction) -> list[UnloadAction]:
    """The unload orders a player may type for ``move`` (decision M16): ``move`` itself when the
    engine's choice binds no transport with cargo left aboard, or when every way to do it leaves
    the same cargo; else one order per distinct cargo naming its transport (``from trn with``)."""
    options = unload_options(state, move)
    if move.aboard or not options or not options[0][2]:
        return [move] if options else []
    signatures = list(dict.fromkeys(signature for signature, _, _ in options))
    if len(signatures) == 1:
        return [move]
    return [evolve(move, aboard=signature) for signature in signatures]


def full_path(state: AxisAlliesState, move: AlongOrder) -> tuple[str, ...]:
    """Fill in a path written with its two ends only: the shortest route of the order's slowest unit."""
    if len(move.path) != 2 or move.kind in ("load", "unload"):
        return move.path
    frm, to = move.path
    units = pick_units(state, frm, move.units)
    best: tuple[str, ...] | None = None
    for uid in units:
        route = movement.routes(state, state.power, uid, state.phase).get(to)  # type: ignore[arg-type]
        if route is None:
            continue
        if best is None or len(route) > len(best):
            best = route
    return best or move.path


def _apply_order(state: AxisAlliesState, move: AlongOrder, text: str, phase: movement.MovePhase) -> AxisAlliesState:
    order = _order(state, move, phase)
    plan = movement.check_move(state, state.power, order, phase)
    before = {u.id: u.at for u in state.units}
    state = _update_units(state, plan.updates)
    if state.phase == "combat_move" and len(plan.path) >= 2:
        came = plan.path[-2]
        units = tuple(
            evolve(u, came_from=came) if u.id in order.units and before.get(u.id) != u.at else u
            for u in state.units
        )
        state = evolve(state, units=units)
    if plan.neutral_fee:
        state = _pay(state, plan.neutral_fee)
    for territory in plan.conquered:
        state = economy.conquer(state, territory, state.power)
        state = evolve(state, conquered=(*state.conquered, territory))
    if plan.battle == "bombing":  # movement.check_move kept raids apart from battles and conquests
        state = evolve(state, raids=tuple(sorted({*state.raids, plan.path[-1]})))
    if plan.battle == "amphibious" and not plan.landing:
        state = evolve(state, amphibious=tuple(sorted({*state.amphibious, plan.path[-1]})))
    arrow = ArrowView(frm=plan.path[0], to=plan.path[-1], text=text, combat=state.phase == "combat_move")
    state = evolve(state, arrows=(*state.arrows, arrow))
    queue = tuple((f.territory, f.gun_power, f.aircraft) for f in plan.aa_fire)
    return settle(evolve(state, aa_queue=state.aa_queue + queue))


# ---------------------------------------------------------------- fights


def _combatant(u: Unit, carriers: frozenset[int] = frozenset()) -> Combatant:
    """``u`` in a battle; a fighter names its carrier only when that carrier fights beside it."""
    carrier = u.carried_by if u.kind == "fighter" and u.carried_by in carriers else None
    return Combatant(id=u.id, kind=u.kind, power=u.power, carrier=carrier)


def _side(units: list[Unit]) -> list[Combatant]:
    carriers = frozenset(u.id for u in units if UNITS[u.kind].carrier_capacity)
    return [_combatant(u, carriers) for u in units]


def waiting_landings(state: AxisAlliesState) -> dict[str, str]:
    """Land with an amphibious landing waiting for a sea battle: territory -> the sea zone."""
    return {u.lands_in: u.at for u in sorted(state.units, key=lambda u: u.id) if u.lands_in is not None}


def fights_open(state: AxisAlliesState) -> tuple[str, ...]:
    """The battles and raids that may be fought now: a land battle waits for the sea battles of
    the zones its amphibious landings come from (decision M11)."""
    waiting = waiting_landings(state)
    return tuple(t for t in state.battles + state.raids if t not in waiting)


def _start_fight(state: AxisAlliesState, territory: str) -> AxisAlliesState:
    if territory in state.raids:
        return _start_raid(state, territory)
    if territory not in state.battles:
        raise refuse("no_battle_there", territory=territory, battles=list(state.battles + state.raids))
    zone = waiting_landings(state).get(territory)
    if zone is not None:
        raise refuse("sea_battle_first", territory=territory, zone=zone)
    gmap = state.map
    sea = gmap.territories[territory].is_sea
    here = state.units_at(territory)
    attackers = [
        u for u in here if u.power == state.power and u.kind not in NOT_IN_BATTLE and not (sea and is_cargo(state, u))
    ]
    defenders = [
        u for u in here
        if not economy.friendly(state, u.power, state.power) and u.kind not in NOT_IN_BATTLE and not is_cargo(state, u)
    ]
    amphibious = territory in state.amphibious
    origins = sorted({u.came_from for u in attackers if u.came_from})
    retreat_to = [
        t for t in origins
        if (gmap.territories[t].is_sea == sea) and (sea or economy.friendly(state, state.owner(t), state.power))
    ]
    bombarding: list[Unit] = []
    if amphibious:
        zones = {u.came_from for u in attackers if u.came_from and gmap.territories[u.came_from].is_sea}
        bombarding = [
            u for u in state.units
            if u.power == state.power and u.kind == "battleship" and u.at in zones and u.at not in state.sea_fights
        ]
    sub_zones: list[str] = []
    defender_sub_zones: list[str] = []
    if sea:
        sub_zones = [t for t in origins if gmap.territories[t].is_sea]
        defender = defenders[0].power if defenders else state.power
        defender_sub_zones = sorted(
            z for z in gmap.neighbours(territory)
            if gmap.territories[z].is_sea
            and not any(not economy.friendly(state, u.power, defender) for u in state.units_at(z))
        )
    owner = None if sea else state.owner(territory)
    battle = combat.start(
        territory,
        state.power,
        _side(attackers),
        _side(defenders),
        defender=owner if owner and any(u.power == owner for u in defenders) else None,
        sea=sea,
        bombarding=[_combatant(u) for u in bombarding],
        amphibious=amphibious,
        retreat_to=retreat_to,
        attacker_sub_zones=sub_zones,
        defender_sub_zones=defender_sub_zones,
        techs=state.techs,
        gmap=gmap,
    )
    state = evolve(state, battle=battle)
    if sea:
        state = evolve(state, sea_fights=tuple(sorted({*state.sea_fights, territory})))
    return state


def _start_raid(state: AxisAlliesState, territory: str) -> AxisAlliesState:
    victim = state.owner(territory) or ""
    bombers = [u for u in state.units_at(territory) if u.power == state.power and u.kind == "bomber" and u.combat]
    # "Als uw vijand een luchtdoelkanon heeft staan": the victim's gun or an ally's, chosen as for
    # aircraft flying over (movement._aa_fire: the first enemy gun there, one per territory).
    gun = min((u for u in state.units_at(territory)
               if u.kind == "aa_gun" and not economy.friendly(state, u.power, state.power)),
              key=lambda u: u.id, default=None)
    raid = combat.bombing_raid(
        territory,
        state.power,
        victim,
        [_combatant(u) for u in bombers],
        aa_gun=gun is not None,
        gun_power=gun.power if gun is not None else None,
        victim_ipcs=state.ipcs.get(victim, 0),
        heavy_bombers="heavy_bombers" in state.techs.get(state.power, ()),
    )
    return evolve(state, raid=raid)


def _fire_rocket(state: AxisAlliesState, move: RocketAction) -> AxisAlliesState:
    """Rockets (weapons development): once a turn in the combat step, an AA gun hits an enemy
    industrial complex within 3 spaces for one die of IPCs (decision C14; one rocket a turn, as TripleA classic)."""
    if state.phase != "combat" or "rockets" not in state.techs.get(state.power, ()):
        raise refuse("rockets_not_now")
    if state.rocket_fired:
        raise refuse("rocket_fired")
    launcher, target = move.frm, move.to
    if not any(u.kind == "aa_gun" and u.power == state.power for u in state.units_at(launcher)):
        raise refuse("no_aa_gun", territory=launcher)
    victim = state.owner(target)
    if victim is None or economy.friendly(state, victim, state.power) or not economy.has_factory(state, target):
        raise refuse("no_enemy_factory", territory=target)
    raid = combat.rocket(launcher, target, state.power, victim, victim_ipcs=state.ipcs[victim], gmap=state.map)
    return evolve(state, raid=raid, rocket_fired=True)


def _decide(state: AxisAlliesState, running: combat.Machine, move: AxisAlliesMove) -> AxisAlliesState:
    decision = combat.waiting(running)
    if decision is None:
        raise refuse("not_now", action=_verb(move))
    if move.kind == "attack" and isinstance(running, combat.Battle):
        # An attack (and its plan, ``until done``) begins a battle; this one is being fought.
        example = casualty_move(state, decision) if decision.kind == "casualties" else (
            PressOnAction() if decision.kind == "press_on_or_retreat" else StayAction())
        raise refuse("battle_under_way", territory=running.territory, example=format_move(example))
    if decision.kind == "casualties":
        if move.kind != "lose":
            raise refuse("choose_casualties", count=decision.count, example=format_move(casualty_move(state, decision)))
        lost = casualty_ids(state, decision, move)
        return with_machine(state, combat.choose_casualties(running, decision.power, lost))
    assert isinstance(running, combat.Battle)  # AA fire and raids ask only for casualties
    if move.kind == "submerge":
        # Aktie 3 step 7: attacking subs withdraw first, then defending subs (decision C8); they
        # are in the other zone at once (the battle may go on without them).
        after = combat.withdraw_subs(running, decision.side, move.to or "")
        gone = set(after.moved_out[-1].ids)
        units = tuple(evolve(u, at=move.to) if u.id in gone else u for u in state.units)
        return with_machine(evolve(state, units=units), after)
    if decision.kind == "press_on_or_retreat":
        if move.kind == "press_on":
            return with_machine(state, combat.press_on(running))
        if move.kind == "retreat":
            return with_machine(state, combat.retreat(running, move.to))
        raise refuse("press_on_or_retreat", retreat_to=list(decision.retreat_to))
    if move.kind in ("stay", "press_on"):
        return with_machine(state, combat.press_on(running))
    raise refuse("submerge_or_stay", zones=list(decision.subs_to))


def _verb(move: AxisAlliesMove) -> str:
    """The word a player typed for ``move`` (``continue``, never the internal ``press_on``)."""
    return format_move(move).split()[0]


def casualty_move(state: AxisAlliesState, decision: combat.Decision) -> AxisAlliesMove:
    """A ``lose`` order that fits ``decision`` (the example a refusal and the step line give):
    units the player has, the cheapest first, submarine hits on ships (the choice of a standing
    order with nothing kept)."""
    return LoseAction(units=pick_casualties(state, decision, CasualtyOrder()))


def casualty_ids(state: AxisAlliesState, decision: combat.Decision, move: LoseAction) -> tuple[int, ...]:
    """The units a ``lose`` order names by kind and count: of each kind, the first eligible ones
    (the machine's order); ``not_enough_casualties`` when there are too few of a kind."""
    kind_of = {u.id: u.kind for u in state.units}
    ids: list[int] = []
    for kind, n in move.units:
        pool = [i for i in decision.eligible if kind_of[i] == kind and i not in ids]
        if len(pool) < n:
            raise refuse("not_enough_casualties", unit=kind, count=n, have=len(pool))
        ids += pool[:n]
    return tuple(ids)


def settle(state: AxisAlliesState) -> AxisAlliesState:
    """Apply whatever sub-machine has finished, and start the next AA fire in the queue; once
    nothing is running, the raids that can no longer be flown lapse (:func:`raid_lapses`)."""
    state = _settle(state)
    if machine(state) is None and not state.aa_queue and state.raids:
        flown = tuple(t for t in state.raids if raid_lapses(state, t) is None)
        if flown != state.raids:
            state = evolve(state, raids=flown)
    return state


def raid_lapses(state: AxisAlliesState, territory: str) -> str | None:
    """Why the raid on ``territory`` can no longer be flown, or ``None`` while it can.

    ``no_bombers``: every bomber on it was shot down on the way ("Voor elke "1" wordt een
    bommenwerper neergehaald en zonder aan te vallen uit het spel verwijderd"): the raid lapses.
    ``no_target``: the territory holds no enemy industrial complex any more. The orders that would
    take a raided territory are refused (decision 25), so this is only the guard that a raid is
    never left on the list of fights with nothing to fly it: the game never waits for it."""
    if not any(u.power == state.power and u.kind == "bomber" and u.combat for u in state.units_at(territory)):
        return "no_bombers"
    owner = state.owner(territory)
    if owner is None or economy.friendly(state, owner, state.power) or not economy.has_factory(state, territory):
        return "no_target"
    return None


def _settle(state: AxisAlliesState) -> AxisAlliesState:
    while True:
        if state.aa is not None:
            done = combat.outcome(state.aa)
            if done is None:
                return state
            aa = state.aa
            fought = Fought(kind="aa", territory=aa.territory, attacker=aa.aircraft[0].power, defender=aa.gun_power,
                            lost=_casualties(aa.aircraft, done.lost), rolls=_aa_rolls(aa), units=aa.aircraft)
            state = evolve(_remove_units(state, set(done.lost)), aa=None, fights=(*state.fights, fought))
            continue
        if state.aa_queue:
            (territory, gun_power, aircraft), rest = state.aa_queue[0], state.aa_queue[1:]
            alive = {u.id: u for u in state.units}
            planes = [_combatant(alive[i]) for i in aircraft if i in alive]
            state = evolve(state, aa_queue=rest)
            if planes:
                state = evolve(state, aa=combat.aa_fire(territory, gun_power, planes))
            continue
        if state.raid is not None:
            raided = combat.outcome(state.raid)
            if raided is None:
                return state
            raid = state.raid
            ipcs = dict(state.ipcs)
            ipcs[raid.victim] = max(0, ipcs[raid.victim] - raided.damage)
            state = _remove_units(state, set(raided.bombers_lost))
            raids = tuple(t for t in state.raids if raid.kind != "bombing" or t != raid.territory)  # a rocket is no raid
            rolls = (*(_aa_rolls(raid.aa) if raid.aa else ()), combat.Roll(kind=raid.kind, round=1, values=raided.rolls, hits=0))
            gun = raid.aa.gun_power if raid.aa is not None and raid.aa.gun_power != raid.victim else None
            fought = Fought(kind=raid.kind, territory=raid.territory, attacker=raid.attacker, defender=raid.victim, gun=gun,
                            lost=_casualties(raid.bombers, raided.bombers_lost), damage=raided.damage, rolls=rolls,
                            units=raid.bombers if raid.kind == "bombing" else _rocket_gun(state, raid),
                            launcher=raid.launcher)
            return evolve(state, raid=None, ipcs=ipcs, raids=raids, fights=(*state.fights, fought))
        if state.battle is not None:
            ended = combat.outcome(state.battle)
            if ended is None:
                return state
            return _battle_over(state, ended)
        return state


def _battle_over(state: AxisAlliesState, done: combat.BattleOutcome) -> AxisAlliesState:
    battle = state.battle
    assert battle is not None
    territory = battle.territory
    fighters = frozenset(c.id for c in battle.attackers + battle.defenders)
    state = _remove_units(state, {c.id for c in done.lost}, fighters)
    for withdrawal in done.moved_out:
        if withdrawal.to is not None:
            state = _move_with_cargo(state, set(withdrawal.ids), withdrawal.to)
    defenders_unhoused = [i for i in done.unhoused_fighters if _power(state, i) != state.power]
    state = _rehouse(state, territory, defenders_unhoused)
    if done.result == "attacker_won" and done.captures:
        state = economy.conquer(state, territory, state.power)
        state = evolve(state, conquered=(*state.conquered, territory))
    battles = tuple(t for t in state.battles if t != territory)
    fought = Fought(
        kind="battle", territory=territory, attacker=battle.attacker, defender=battle.defender, result=done.result,
        lost=_casualties(battle.attackers + battle.defenders, battle.lost, battle.lost_in),
        withdrawals=tuple(
            (w.how, battle.attacker if w.side == "attacker" else battle.defender, w.to) for w in done.moved_out
        ),
        record=battle,
        rolls=battle.log,
    )
    state = evolve(state, battle=None, battles=battles, fights=(*state.fights, fought), plan=None)
    return _land_waiting(state, territory) if battle.sea else state


def _rocket_gun(state: AxisAlliesState, raid: combat.Raid) -> tuple[Combatant, ...]:
    """A rocket's AA gun, for the battle board (the machine names only its territory)."""
    gun = next((u for u in state.units_at(raid.launcher or "") if u.kind == "aa_gun" and u.power == raid.attacker), None)
    return (_combatant(gun),) if gun is not None else ()


def _aa_rolls(aa: combat.AaFire) -> tuple[combat.Roll, ...]:
    return (combat.Roll(kind="aa_fire", round=1, values=aa.rolled or (), hits=aa.hits),)


def _casualties(units: Any, lost: tuple[int, ...], rounds: tuple[int, ...] = ()) -> tuple[Casualty, ...]:
    """``lost`` (ids of ``units``, combatants) as casualties, with the round each was lost in."""
    by_id = {c.id: c for c in units}
    rounds = rounds or (0,) * len(lost)
    return tuple(
        Casualty(id=i, power=by_id[i].power, kind=by_id[i].kind, round=r) for i, r in zip(lost, rounds, strict=True)
    )


def _move_with_cargo(state: AxisAlliesState, ids: set[int], to: str) -> AxisAlliesState:
    """Units leave a battle for ``to`` (a retreat, a withdrawal) with everything aboard them
    (cargo goes where its carrier goes); an amphibious landing they carried is off."""
    moving = ids | {u.id for u in state.units if u.carried_by in ids}
    units = tuple(
        evolve(u, at=to, lands_in=None) if u.id in moving else u for u in state.units
    )
    return evolve(state, units=units)


def _land_waiting(state: AxisAlliesState, zone: str) -> AxisAlliesState:
    """The sea battle in ``zone`` is over: the cargo still aboard there with a landing ordered goes
    ashore (decision M11). Defended enemy land becomes an amphibious assault, undefended enemy
    land is taken, friendly land is simply entered. Cargo of sunk transports is gone already."""
    landing = sorted((u for u in state.units if u.at == zone and u.lands_in is not None), key=lambda u: u.id)
    for land in sorted({u.lands_in for u in landing if u.lands_in}):
        ashore = {u.id for u in landing if u.lands_in == land}
        units = tuple(
            evolve(u, at=land, carried_by=None, lands_in=None, came_from=zone)
            if u.id in ashore else u
            for u in state.units
        )
        state = evolve(state, units=units)
        owner = state.owner(land)
        if economy.friendly(state, owner, state.power):
            continue
        defended = any(
            not economy.friendly(state, u.power, state.power) and u.kind not in NOT_IN_BATTLE for u in state.units_at(land)
        )
        if defended:
            state = evolve(
                state, battles=state.battles if land in state.battles else (*state.battles, land),
                amphibious=tuple(sorted({*state.amphibious, land})),
            )
        else:
            state = economy.conquer(state, land, state.power)
            state = evolve(state, conquered=(*state.conquered, land))
    return state


def _rehouse(state: AxisAlliesState, zone: str, fighters: list[int]) -> AxisAlliesState:
    """Defending fighters whose carrier sank (decision 13, notes [S9]): each lands on a friendly
    carrier with room in the same sea zone, else on a friendly island of that zone, else is lost."""
    gmap = state.map
    islands = [
        t for t in sorted(gmap.neighbours(zone))
        if not gmap.territories[t].is_sea and all(gmap.territories[n].is_sea for n in gmap.neighbours(t))
    ]
    lost: set[int] = set()
    for fid in fighters:
        fighter = next(u for u in state.units if u.id == fid)
        riders: dict[int, int] = {}
        for u in state.units:
            if u.carried_by is not None and u.kind == "fighter":
                riders[u.carried_by] = riders.get(u.carried_by, 0) + 1
        carrier = next(
            (
                u for u in state.units_at(zone)
                if u.kind == "carrier" and economy.friendly(state, u.power, fighter.power)
                and riders.get(u.id, 0) < (UNITS["carrier"].carrier_capacity or 0)
            ),
            None,
        )
        island = next((t for t in islands if economy.friendly(state, state.owner(t), fighter.power)), None)
        if carrier is not None:
            update: dict[str, Any] = {"carried_by": carrier.id}
        elif island is not None:
            update = {"at": island, "carried_by": None}
        else:
            lost.add(fid)
            continue
        units = tuple(evolve(u, **update) if u.id == fid else u for u in state.units)
        state = evolve(state, units=units)
    return _remove_units(state, lost)


def _power(state: AxisAlliesState, unit_id: int) -> str | None:
    return next((u.power for u in state.units if u.id == unit_id), None)


# ---------------------------------------------------------------- placement


def placeable(state: AxisAlliesState) -> list[tuple[str, int, str]]:
    """The bought units that can still be placed now: (kind, count, the first site open to it).

    Chapter 7 ("Aktie 5"): "Alle eenheden, die u kocht ... moeten nu op het spelbord worden
    geplaatst", so ``end`` waits while one of these is left (decision 14). Units with no site
    at all (ships with every sea zone beside a complex held by enemy ships) cannot be placed;
    ``end`` gives them up and the reply says so."""
    out = []
    for kind, count in state.purchased:
        sites = economy.placement_sites(state, state.power, kind)
        if sites:
            out.append((kind, count if kind not in ONE_PER_TERRITORY else 1, sites[0]))
    return out


def _apply_place(state: AxisAlliesState, move: PlaceAction) -> AxisAlliesState:
    if state.phase != "place":
        raise refuse("place_only_in_place")
    where = move.to
    bought = dict(state.purchased)
    for kind, n in move.units:
        if bought.get(kind, 0) < n:
            raise refuse("not_bought", unit=kind, count=n, have=bought.get(kind, 0))
        for placed in range(n):  # each unit's site is checked with those before it placed ("1 per gebied")
            if where not in economy.placement_sites(state, state.power, kind):
                if placed:
                    raise refuse("one_per_territory", unit=kind, territory=where, count=n)
                raise refuse(
                    "cannot_place_there", unit=kind, territory=where,
                    sites=economy.placement_sites(state, state.power, kind)[:8],
                )
            state = economy.add_units(state, state.power, kind, 1, where)
            if kind == "factory":
                state = evolve(
                    state, factories_built=state.factories_built + 1, placed_factories=(*state.placed_factories, where),
                )
        bought[kind] -= n
    return evolve(state, purchased=_counts(bought))
