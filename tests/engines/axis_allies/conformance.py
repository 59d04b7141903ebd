"""Axis & Allies in the engine conformance suite (tests/engines/conformance): two plans.

``random``: a game is long (a round is some hundred moves, each ``legal_moves`` lists every
unit's destinations), so games run with ``round_limit`` 2 or 3 (a draw then, unless a side wins
first) and the playout budget is scaled down by 100: 10 games by default, in chunks that
``pytest -n`` spreads. Choices: a uniformly random legal move, but ``end`` with chance 0.15 when
it is offered, so that phases do not run until every unit has moved one step at a time.

``never_freeze`` (issue 10, item 3: "No state may ever leave the seat to act without a legal
action that applies"): 20 games by default of 6 rounds whose choices lean towards the rare
situations of the rules rather than towards good play: carriers, fighters and transports are
bought more often; ships sail towards the enemy's fleets, carriers with an ally's fighters aboard
above all; fighters land on carriers, an ally's above all; moves into hostile places, into sea
zones with enemy aircraft and into zones both sides share are picked far more often than a
uniform choice would; retreats and submarine withdrawals are taken when offered more often than
not, and ``end`` comes rarely in the move phases. Every offered action is applied at every step
outside the two move phases (battles, casualties, retreats, purchase, placement: short lists)
and at every ``CHECK_EVERY``-th step of a move phase; at every step everything aboard a
transport or carrier is where its carrier is. On the engine before issue 10 the default games
failed in 8 games on a unit left "aboard" a carrier or transport elsewhere; without that check,
one reached the freeze itself ("attack Baltic Sea Zone" offered and refused: "unit 51 cannot sit
on carrier 163").

Seats: 2 to 5 players in turn.

>>> chosen = [options_for(g) for g in range(10)]
>>> sorted({o.round_limit for o in chosen}), any(o.economic_victory for o in chosen), any(o.total_victory for o in chosen)
([2, 3], True, True)
"""

from __future__ import annotations

import random

from engines.axis_allies.moves import AxisAlliesMove
from engines.axis_allies.options import AxisAlliesOptions
from engines.axis_allies.state import AxisAlliesState
from engines.axis_allies.units import UNITS
from tests.engines.conformance.profile import Playouts, Profile

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
    """Everything aboard a transport or carrier is where its carrier is (issue 10, items 1-2: a
    unit left behind "aboard" is how the freeze began)."""
    by_id = {u.id: u for u in state.units}
    for u in state.units:
        if u.carried_by is not None:
            carrier = by_id.get(u.carried_by)
            assert carrier is not None and carrier.at == u.at, f"{where}: {u.kind} {u.id} in {u.at} aboard {carrier}"


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
)
