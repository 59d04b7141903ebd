"""Axis & Allies in the engine conformance suite (tests/engines/conformance): two plans.

``random``: a game is long (a round is some hundred moves, each ``legal_moves`` lists every
unit's destinations), so games run with ``round_limit`` 2 or 3 (a draw then, unless a side wins
first) and the playout budget is scaled down by 100: 10 games by default, in chunks that
``pytest -n`` spreads. Choices: a uniformly random legal move, but ``end`` with chance 0.15 when
it is offered, so that phases do not run until every unit has moved one step at a time.

``never_freeze`` ("No state may ever leave the seat to act without a legal
action that applies"): 20 games by default of 6 rounds whose choices lean towards the rare
situations of the rules rather than towards good play: carriers, fighters and transports are
bought more often; ships sail towards the enemy's fleets, carriers with an ally's fighters aboard
above all; fighters land on carriers, an ally's above all; moves into hostile places, into sea
zones with enemy aircraft and into zones both sides share are picked far more often than a
uniform choice would; retreats and submarine withdrawals are taken when offered more often than
not, and ``end`` comes rarely in the move phases. Every offered action is applied at every step
outside the two move phases (battles, casualties, retreats, purchase, placement: short lists)
and at every ``CHECK_EVERY``-th step of a move phase; at every step everything aboard a
transport or carrier is where its carrier is. On the engine before cargo followed its carrier the default games
failed in 8 games on a unit left "aboard" a carrier or transport elsewhere; without that check,
one reached the freeze itself ("attack Baltic Sea Zone" offered and refused: "unit 51 cannot sit
on carrier 163").

Seats: 2 to 5 players in turn.

The coverage fuzzer (``fuzz``; tests/engines/conformance/fuzz.py): games of ``FUZZ_ROUNDS`` rounds
in CI, ``SOAK_ROUNDS`` in ``make fuzz``, 2 and 5 players in turn (3 and 4 every third pair). Its
own choice is the never-freeze plan's with fewer retreats (``fuzz_pick``). It also tries orders
``legal_moves`` does not list (``fuzz_proposals``): bombing raids on every enemy industrial complex
the bombers reach (so every game has raids: there is no option that turns them off), several
units in one order, land units into a territory under a raid, and ``undo``. Besides the move
kinds it favours, game by game, orders of several units, carriers (fighters to them, carriers
themselves), amphibious assaults (unloads into enemy land, battleships to the transports), cargo
that fights at sea first and unloads in the non-combat move, and moves into raided territories. A turn is a power's turn (``fuzz_turn``); the search for its end
plays ``end``, ``continue``, ``stay``, the first casualties, the first open fight and the first
placement whenever they are accepted (``quick_ends``). In CI the search runs at every step outside
the two move phases and at every ``CHECK_EVERY``-th in them (each costs a few dozen applies, and
the move phases are most of a game's steps; what a move phase starts is searched again at every
step of the combat that follows); ``make fuzz`` searches at every step. The branches it must
reach are ``FUZZ_BRANCHES`` (``fuzz_branches`` reads them from the states before and after a
move and its dice).

>>> chosen = [options_for(g) for g in range(10)]
>>> sorted({o.round_limit for o in chosen}), any(o.economic_victory for o in chosen), any(o.total_victory for o in chosen)
([2, 3], True, True)
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from engines.axis_allies import combat, economy, movement, turn
from engines.axis_allies.moves import (
    AttackAction,
    AxisAlliesMove,
    EndAction,
    PlaceAction,
    PressOnAction,
    StayAction,
    UndoAction,
    UnitsAlongAction,
)
from engines.axis_allies.options import AxisAlliesOptions
from engines.axis_allies.state import AxisAlliesState
from engines.axis_allies.units import UNITS
from tests.engines.conformance.profile import Fuzz, Playouts, Profile

MOVES_PER_ROUND = 3000
"""A sanity bound, not a proof: every move spends IPCs, movement, a purchased unit, a battle's
decision or a phase; battles end with probability 1. Playouts use about 100-150 a round."""
END_CHANCE = 0.15
FREEZE_ROUNDS = 6
CHECK_EVERY = 10
END_IN_MOVE_PHASE = 0.06
END_ELSEWHERE = 0.3
RETREAT = 0.6
MOVE_PHASES = ("combat_move", "noncombat_move")


def options_for(game: int) -> AxisAlliesOptions:
    return AxisAlliesOptions(
        round_limit=2 + (game % 5 == 4),
        economic_victory=game % 3 == 1,
        total_victory=game % 7 == 5,
    )


def players(engine, game: int) -> int:
    return 2 + game % 4


def end_sometimes(engine, state, seat, moves: list[AxisAlliesMove], rng: random.Random) -> AxisAlliesMove:
    ends = [m for m in moves if m.kind == "end"]
    if ends and rng.random() < END_CHANCE:
        return ends[0]
    return rng.choice(moves)


def within_the_rounds(engine, state: AxisAlliesState) -> None:
    assert state.round <= state.options.round_limit


# ------------------------------------------------------------------ never freeze


def _side(state: AxisAlliesState, power: str) -> str:
    return state.map.power(power).side


def weight(state: AxisAlliesState, move: AxisAlliesMove) -> float:
    """How much more often than uniform the policy picks a move (see the module doc)."""
    if move.kind == "buy":
        return 5.0 if move.units[0][0] in ("carrier", "fighter", "transport") else 1.0
    if move.kind not in ("move", "load", "unload") or not move.path:
        return 1.0
    kind = move.units[0][0]
    start, dest = move.path[0], move.path[-1]
    here = state.units_at(dest)
    side = _side(state, state.power)
    w = 1.0
    if state.map.territories[dest].is_sea:
        enemies = [u for u in here if _side(state, u.power) != side]
        if enemies:
            contested = len(enemies) < len(here)  # the two sides share it: a standoff to break
            w = 300.0 if contested else 30.0 if any(UNITS[u.kind].domain == "air" for u in enemies) else 6.0
        elif UNITS[kind].domain == "air":
            allied_carrier = any(u.kind == "carrier" and u.power != state.power and _side(state, u.power) == side
                                 for u in here)
            w = 30.0 if allied_carrier else 4.0
    else:
        owner = state.owner(dest)
        if owner is None or _side(state, owner) != side:
            w = 4.0
    if UNITS[kind].domain == "sea" and move.kind == "move":
        distance = _enemy_fleet_distance(state)
        if distance.get(dest, 99) < distance.get(start, 99):
            w *= 4  # ships seek out the enemy's fleets
        if kind == "carrier" and _carries_an_ally(state, start):
            w *= 20
    if UNITS[kind].domain == "sea" or move.kind != "move":
        w *= 3
    return w


_DISTANCES: dict[int, tuple[AxisAlliesState, dict[str, int]]] = {}


def _enemy_fleet_distance(state: AxisAlliesState) -> dict[str, int]:
    """Sea zone -> sea steps to the nearest zone with enemy units (once per state)."""
    cached = _DISTANCES.get(id(state))
    if cached is not None and cached[0] is state:
        return cached[1]
    side = _side(state, state.power)
    sea = [t for t, terr in state.map.territories.items() if terr.is_sea]
    frontier = [t for t in sea if any(_side(state, u.power) != side for u in state.units_at(t))]
    distance = dict.fromkeys(frontier, 0)
    while frontier:
        step = []
        for zone in frontier:
            for near in sorted(state.map.neighbours(zone)):
                if state.map.territories[near].is_sea and near not in distance:
                    distance[near] = distance[zone] + 1
                    step.append(near)
        frontier = step
    _DISTANCES.clear()
    _DISTANCES[id(state)] = (state, distance)
    return distance


def _carries_an_ally(state: AxisAlliesState, zone: str) -> bool:
    """Whether a carrier of the power to move in ``zone`` has an ally's fighter aboard."""
    carriers = {u.id for u in state.units_at(zone) if u.kind == "carrier" and u.power == state.power}
    return any(u.carried_by in carriers and u.power != state.power for u in state.units_at(zone))


def towards_the_rare_cases(engine, state: AxisAlliesState, seat, moves: list[AxisAlliesMove], rng: random.Random):
    ends = [m for m in moves if m.kind == "end"]
    if ends and rng.random() < (END_IN_MOVE_PHASE if state.phase in MOVE_PHASES else END_ELSEWHERE):
        return ends[0]
    leaving = [m for m in moves if m.kind in ("retreat", "submerge")]
    if leaving and rng.random() < RETREAT:
        return rng.choice(leaving)
    return rng.choices(moves, weights=[weight(state, m) for m in moves])[0]


def in_battle(state: AxisAlliesState) -> bool:
    return (state.aa or state.raid or state.battle) is not None


def offers_short_lists(state: AxisAlliesState, step: int) -> bool:
    """Every offered action must apply: at every step outside the move phases (short lists) and
    every ``CHECK_EVERY``-th in them."""
    return in_battle(state) or state.phase not in MOVE_PHASES or step % CHECK_EVERY == 0


def all_aboard_where_their_carrier_is(engine, state: AxisAlliesState, where: str) -> None:
    """Everything aboard a transport or carrier is where its carrier is (a unit left
    behind "aboard" is how a freeze began)."""
    by_id = {u.id: u for u in state.units}
    for u in state.units:
        if u.carried_by is not None:
            carrier = by_id.get(u.carried_by)
            assert carrier is not None and carrier.at == u.at, f"{where}: {u.kind} {u.id} in {u.at} aboard {carrier}"


# ------------------------------------------------------------------ the coverage fuzzer

FUZZ_ROUNDS = 2
"""Rounds of a CI fuzz game (``make fuzz``: ``SOAK_ROUNDS``): 12 games of 2 rounds reach every
branch of ``FUZZ_BRANCHES`` in some 40 s."""
SOAK_ROUNDS = 10
ORDERS = ("move", "load", "unload", "bomb")
FUZZ_RETREAT = 0.2
"""How often the fuzz's own choice leaves a battle when it may (``RETREAT``: the never-freeze plan)."""
FUZZ_RESEARCH = 0.4
UNDO = 0.05
"""The chance that ``undo`` is among the proposals when it would apply (it always does)."""


def fuzz_players(engine, game: int) -> int:
    """Two and five players in turn (the sizes whose raids froze), three and four every third pair."""
    return (2, 5, 2, 5, 3, 4)[game % 6]


def several(move: AxisAlliesMove) -> bool:
    return move.kind in ORDERS and sum(n for _, n in move.units) > 1


def fuzz_unlisted(move: AxisAlliesMove) -> bool:
    """``legal_moves`` lists orders of one unit, and neither raids nor ``undo`` (they are typed)."""
    return move.kind in ("bomb", "undo") or several(move)


def fuzz_turn(engine, state: AxisAlliesState) -> tuple[int, str]:
    return state.round, state.power


def quick_ends(engine, state: AxisAlliesState, seat) -> list[AxisAlliesMove]:
    """``end``, else what finishes a battle or a step soonest: go on, the first casualties, the
    first open fight, the first placement."""
    running = turn.machine(state)
    if running is not None:
        decision = combat.waiting(running)
        out = [PressOnAction(), StayAction()]
        if decision is not None and decision.kind == "casualties":
            out.insert(0, turn.casualty_move(state, decision))
        return out
    out = [EndAction()]
    if state.phase == "combat":
        out += [AttackAction(to=t) for t in turn.fights_open(state)[:1]]
    if state.phase == "place":
        out += [PlaceAction(units=((kind, 1),), to=site) for kind, _, site in turn.placeable(state)[:1]]
    return out


def fuzz_proposals(engine, state: AxisAlliesState, seat, rng: random.Random) -> list[tuple[str, AxisAlliesMove]]:
    """Orders the engine does not list: bombing raids, several units in one order, land units into
    a territory under a raid, and ``undo``."""
    out: list[tuple[str, AxisAlliesMove]] = []
    if state.undo and turn.machine(state) is None and rng.random() < UNDO:
        out.append(("undo", UndoAction()))
    if state.phase not in MOVE_PHASES or turn.machine(state) is not None:
        return out
    power = state.power
    mine = [u for u in state.units if u.power == power and u.lands_in is None and not turn.is_cargo(state, u)]
    if state.phase == "combat_move":
        targets = {u.at for u in state.units if u.kind == "factory" and not economy.friendly(state, state.owner(u.at), power)}
        bombers: dict[str, list] = {}
        for u in mine:
            if u.kind == "bomber" and u.moved < UNITS["bomber"].movement:
                bombers.setdefault(u.at, []).append(u)
        for at, group in sorted(bombers.items()):
            routes = movement.routes(state, power, min(group, key=lambda u: (u.moved, u.id)).id, "combat_move")
            for target in sorted(targets & set(routes)):
                out.append(("bombing raid", UnitsAlongAction(kind="bomb", units=(("bomber", rng.randint(1, len(group))),),
                                              path=routes[target])))
        for target in state.raids:
            for near in sorted(state.map.neighbours(target)):
                for u in mine:
                    if u.at == near and UNITS[u.kind].domain == "land" and u.kind != "aa_gun":
                        out.append(("land units into a raided territory", UnitsAlongAction(kind="move", units=((u.kind, 1),),
                                                                             path=(near, target))))
                        break
    groups: dict[tuple[str, str], list] = {}
    for u in mine:
        if UNITS[u.kind].domain != "building" and u.kind != "aa_gun":
            groups.setdefault((u.at, u.kind), []).append(u)
    if groups:
        (at, kind), units = rng.choice(sorted(groups.items()))
        routes = movement.routes(state, power, units[0].id, state.phase)  # type: ignore[arg-type]
        if routes:
            route = routes[rng.choice(sorted(routes))]
            counts = [(kind, rng.randint(1, len(units)))]
            others = [k for (a, k) in groups if a == at and k != kind and UNITS[k].domain == UNITS[kind].domain]
            if others and (counts[0][1] == 1 or rng.random() < 0.5):
                other = rng.choice(others)
                counts.append((other, rng.randint(1, len(groups[(at, other)]))))
            counts.sort(key=lambda c: list(UNITS).index(c[0]))
            sea = state.map.territories[route[-1]].is_sea
            order = "load" if UNITS[kind].domain == "land" and sea else "move"
            path = (route[0], route[-1]) if order == "load" else route
            out.append(("several units in one order", UnitsAlongAction(kind=order, units=tuple(counts), path=path)))
    return out


def fuzz_pick(engine, state: AxisAlliesState, seat, moves: list[AxisAlliesMove], rng: random.Random):
    """``towards_the_rare_cases`` with retreats and withdrawals taken less often, so that battles
    go on to the rounds where defending submarines are asked whether they stay, and research with
    the most dice offered more often (rockets come from it)."""
    research = [m for m in moves if m.kind == "tech"]
    if research and rng.random() < FUZZ_RESEARCH:
        return max(research, key=lambda m: m.count)
    leaving = [m for m in moves if m.kind in ("retreat", "submerge")]
    if leaving and rng.random() < 1 - FUZZ_RETREAT / RETREAT:
        moves = [m for m in moves if m not in leaving] or moves
    return towards_the_rare_cases(engine, state, seat, moves, rng)


def _hostile_coast(state: AxisAlliesState, zone: str) -> bool:
    return any(not state.map.territories[t].is_sea and not economy.friendly(state, state.owner(t), state.power)
               and state.owner(t) is not None for t in state.map.neighbours(zone))


def _amphibious_score(state: AxisAlliesState, move: AxisAlliesMove) -> int:
    """The steps of an amphibious assault with shore bombardment, the last first: unload into
    enemy land (4), a battleship to the power's transports (3), a loaded transport to an enemy
    coast (2), a load (1); ships only into zones without enemies."""
    if move.kind not in ORDERS or not move.path:
        return 0
    dest, kind = move.path[-1], move.units[0][0]
    if move.kind == "unload":
        return 4 if not economy.friendly(state, state.owner(dest), state.power) else 0
    if move.kind == "load":
        return 1
    if move.kind != "move" or state.phase != "combat_move":
        return 0
    here = state.units_at(dest)
    if any(not economy.friendly(state, u.power, state.power) for u in here):
        return 0  # battleships that fight a sea battle there do not bombard
    if kind == "battleship":
        return 3 if any(u.power == state.power and u.kind == "transport" for u in here) else 0
    if kind == "transport" and _hostile_coast(state, dest):
        start = state.units_at(move.path[0])
        loaded = any(u.carried_by is not None and u.power == state.power and UNITS[u.kind].domain == "land"
                     for u in start)
        return 2 if loaded else 0
    return 0


def _after_sea_battle_score(state: AxisAlliesState, move: AxisAlliesMove) -> int:
    """Cargo that fights at sea first: an unload in the non-combat move from a zone of a sea battle
    (3, decision M12), a loaded transport into a zone with enemy units (2), a load (1)."""
    if move.kind not in ORDERS or not move.path:
        return 0
    if move.kind == "unload":
        return 3 if state.phase == "noncombat_move" and move.path[0] in state.sea_fights else 0
    if move.kind == "load":
        return 1
    if move.kind == "move" and move.units[0][0] == "transport" and state.phase == "combat_move":
        loaded = any(u.carried_by is not None and u.power == state.power for u in state.units_at(move.path[0]))
        enemies = any(not economy.friendly(state, u.power, state.power) for u in state.units_at(move.path[-1]))
        return 2 if loaded and enemies else 0
    return 0


def fuzz_favoured(trait: str, state: AxisAlliesState, move: AxisAlliesMove) -> float:
    if trait == "several units in one order":
        return several(move)
    if trait == "carriers":
        if move.kind != "move" or not move.path:
            return False
        here = state.units_at(move.path[-1])
        return move.units[0][0] == "carrier" or (
            move.units[0][0] == "fighter" and any(u.kind == "carrier" for u in here))
    if trait == "amphibious assaults":
        return _amphibious_score(state, move)
    if trait == "unloads after sea battles":
        return _after_sea_battle_score(state, move)
    if trait == "raided territories":
        return move.kind in ORDERS and bool(move.path) and move.path[-1] in state.raids
    return False


FUZZ_TRAITS = ("several units in one order", "carriers", "amphibious assaults", "unloads after sea battles",
               "raided territories")


def _new_fights(before: AxisAlliesState, after: AxisAlliesState):
    if (after.round, after.power) != (before.round, before.power):
        return ()
    return after.fights[len(before.fights):]


def fuzz_branches(before: AxisAlliesState, move: AxisAlliesMove, after: AxisAlliesState) -> Iterator[str]:
    """The rule branches a move took, read from the states before it and after its dice."""
    fights = _new_fights(before, after)
    bombed = {f.territory for f in fights if f.kind == "bombing"}
    for f in fights:
        if f.kind == "bombing":
            if f.units and len(f.lost) == len(f.units):
                yield "raid: the target's gun downs every bomber"
            elif f.damage:
                yield "raid: damage done"
            else:
                yield "raid: no damage (the victim has no IPCs)"
        elif f.kind == "rocket":
            yield "rocket hits a complex"
        elif f.kind == "aa":
            yield "AA fire downs aircraft" if f.lost else "AA fire misses"
        elif f.kind == "battle":
            yield f"battle: {f.result}"
            if f.record is not None and f.record.amphibious:
                yield "amphibious assault fought"
            if f.record is not None and f.record.bombarding:
                yield "shore bombardment"
            if f.record is not None and f.record.sea:
                yield "sea battle fought"
    if move.kind == "bomb":
        yield "raid flown"
    if (after.round, after.power) == (before.round, before.power) and move.kind != "undo":
        flown = {*before.raids, *(move.path[-1:] if move.kind == "bomb" else ())}
        for target in sorted(flown):
            fought = target in bombed or (after.raid is not None and after.raid.territory == target)
            if target not in after.raids and not fought:
                if move.kind == "rocket" and move.to == target:
                    yield "a rocket at a raided complex takes its raid away"  # bombers that never bomb
                else:
                    yield "raid lapses: no bomber left to bomb"
            if target in before.raids and before.owner(target) != after.owner(target):
                yield "raided territory changes hands"
    if several(move):
        yield "several units in one order"
    if move.kind == "unload" and move.path and move.path[0] in before.sea_fights:
        yield "unload after a sea battle"
    if move.kind == "place":
        yield f"place {move.units[0][0]}"
        guns: dict[tuple[str, str], int] = {}
        for u in after.units:
            if u.kind == "aa_gun":
                guns[(u.at, u.power)] = guns.get((u.at, u.power), 0) + 1
        if any(n > 1 for n in guns.values()):
            yield "two AA guns of one power in one territory"
    if move.kind in ORDERS:
        was = {u.id: u for u in before.units}
        by_id = {u.id: u for u in after.units}
        for u in after.units:
            old = was.get(u.id)
            if u.kind == "fighter" and u.carried_by is not None and old is not None and old.carried_by != u.carried_by:
                carrier = by_id.get(u.carried_by)
                ally = carrier is not None and carrier.power != u.power
                yield "fighter lands on an ally's carrier" if ally else "fighter lands on a carrier"
            if u.lands_in is not None and old is not None and old.lands_in is None:
                yield "landing waits for a sea battle"
        if set(after.amphibious) - set(before.amphibious):
            yield "amphibious assault ordered"
    if set(after.techs.get(before.power, ())) > set(before.techs.get(before.power, ())):
        yield "weapons development"


FUZZ_BRANCHES = (
    "raid flown",
    "raid: damage done",
    "land units into a raided territory: tried",
    "rocket hits a complex",
    "amphibious assault ordered",
    "amphibious assault fought",
    "sea battle fought",
    "landing waits for a sea battle",
    "fighter lands on a carrier",
    "several units in one order",
    "AA fire misses",
    "battle: attacker_won",
    "battle: defender_held",
    "battle: attacker_retreated",
    "weapons development",
    *(f"place {kind}" for kind in UNITS),
)
RARE_BRANCHES = (
    "raid: the target's gun downs every bomber",
    "raid lapses: no bomber left to bomb",
    "AA fire downs aircraft",
    "unload after a sea battle",
    "shore bombardment",
)
"""Reached a few times in a hundred games, or less (a gun hits on a 1; a battleship beside the
transports in a zone without a sea battle): ``make fuzz`` must reach them, CI counts them."""


def fuzz_plan(rounds: int) -> Playouts:
    return Playouts(
        options=lambda game: AxisAlliesOptions(round_limit=rounds),
        players=fuzz_players,
        max_steps=lambda options: MOVES_PER_ROUND * options.round_limit,
        pick=fuzz_pick,
        check_state=all_aboard_where_their_carrier_is,
        sample_within=200,
        sample_games=4,
    )


PROFILE = Profile(
    playouts=(
        Playouts(
            share=0.01,
            chunk=2,
            options=options_for,
            players=players,
            max_steps=lambda options: MOVES_PER_ROUND * options.round_limit,
            pick=end_sometimes,
            check_final=within_the_rounds,
            sample_within=200,
        ),
        Playouts(
            name="never_freeze",
            share=0.02,
            chunk=2,
            options=lambda game: AxisAlliesOptions(round_limit=FREEZE_ROUNDS),
            players=players,
            max_steps=lambda options: MOVES_PER_ROUND * options.round_limit,
            pick=towards_the_rare_cases,
            check_state=all_aboard_where_their_carrier_is,
            try_all_legal=offers_short_lists,
            sample_within=200,
        ),
    ),
    fuzz=Fuzz(
        plan=fuzz_plan(FUZZ_ROUNDS),
        soak_plan=fuzz_plan(SOAK_ROUNDS),
        games=12,
        soak_games=500,
        favours=FUZZ_TRAITS,
        favoured=fuzz_favoured,
        branches=FUZZ_BRANCHES,
        rare=RARE_BRANCHES,
        branches_of=fuzz_branches,
        propose=fuzz_proposals,
        unlisted=fuzz_unlisted,
        turn_of=fuzz_turn,
        quick_ends=quick_ends,
        end_within=400,
        check_every=offers_short_lists,
        propose_rate=0.25,
    ),
)
