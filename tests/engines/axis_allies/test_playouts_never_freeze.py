"""No game may freeze (issue 10, item 3): seeded random 2-5 player games played through the engine
contract, checking at **every** step that the seat to act has a legal action, that the action
chosen applies without error, and that everything aboard a transport or carrier is where its
carrier is; and that ``legal_moves`` never offers an action ``apply`` rejects.

What is checked how often (the whole list costs about as much again as ``legal_moves`` itself):
every offered action is applied at every step outside the two move phases (battles, casualties,
retreats, purchase, placement: short lists) and at every ``CHECK_EVERY``-th step of a move phase
(long lists of one-unit moves, each already passed through ``check_move`` by ``legal_moves``).

The choices lean towards the rare situations of the rules rather than towards good play: carriers,
fighters and transports are bought more often; ships sail towards the enemy's fleets, carriers
with an ally's fighters aboard above all; fighters land on carriers, an ally's above all; moves
into hostile places, into sea zones with enemy aircraft and into zones both sides share are
picked far more often than a uniform choice would; retreats and submarine withdrawals are taken
when offered more often than not, and ``end`` comes rarely in the move phases. Dice come from
``resolve_chance`` with a per-game seed.

On the engine before issue 10 the 20 default games fail in 8 games on a unit left "aboard" a
carrier or transport elsewhere, the first at game 0; without that check, game 11 reaches the
freeze itself ("attack Baltic Sea Zone" offered and refused: "unit 51 cannot sit on carrier 163").

``SCHEIDS_PLAYOUTS`` (default 1000, as the other playouts) divided by ``GAMES_DIVISOR`` sets the
number of games (20 by default, about a minute of CPU); ``make soak`` runs more. Games end by
``round_limit`` (a draw then) unless a side wins first.
"""

from __future__ import annotations

import hashlib
import os
import random

import pytest

from engines.axis_allies.engine import AxisAllies
from engines.axis_allies.moves import AxisAlliesMove
from engines.axis_allies.options import AxisAlliesOptions
from engines.axis_allies.state import AxisAlliesState
from engines.axis_allies.units import UNITS
from engines.core.record import resolve_chance

GAMES_DIVISOR = 50
GAMES = max(2, int(os.environ.get("SCHEIDS_PLAYOUTS", "1000")) // GAMES_DIVISOR)
CHUNK = 2
ROUNDS = 6
CHECK_EVERY = 10
MOVES_PER_ROUND = 3000
"""A sanity bound on a game's length (these games take some 150 moves a round)."""
END_IN_MOVE_PHASE = 0.06
END_ELSEWHERE = 0.3
RETREAT = 0.6
MOVE_PHASES = ("combat_move", "noncombat_move")

ENGINE = AxisAllies()


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


def choose(state: AxisAlliesState, moves: list[AxisAlliesMove], rng: random.Random) -> AxisAlliesMove:
    ends = [m for m in moves if m.kind == "end"]
    if ends and rng.random() < (END_IN_MOVE_PHASE if state.phase in MOVE_PHASES else END_ELSEWHERE):
        return ends[0]
    leaving = [m for m in moves if m.kind in ("retreat", "submerge")]
    if leaving and rng.random() < RETREAT:
        return rng.choice(leaving)
    return rng.choices(moves, weights=[weight(state, m) for m in moves])[0]


def in_battle(state: AxisAlliesState) -> bool:
    return (state.aa or state.raid or state.battle) is not None


def check_aboard(state: AxisAlliesState, where: str) -> None:
    """Everything aboard a transport or carrier is where its carrier is (issue 10, items 1-2: a
    unit left behind "aboard" is how the freeze began)."""
    by_id = {u.id: u for u in state.units}
    for u in state.units:
        if u.carried_by is not None:
            carrier = by_id.get(u.carried_by)
            assert carrier is not None and carrier.at == u.at, f"{where}: {u.kind} {u.id} in {u.at} aboard {carrier}"


def check_offered(state: AxisAlliesState, seat: int, moves: list[AxisAlliesMove], where: str) -> None:
    for move in moves:
        try:
            ENGINE.apply(state, seat, move)
        except Exception as error:  # noqa: BLE001 - any refusal or crash of an offered action fails
            pytest.fail(f"{where}: offered {ENGINE.format_move(move, state)!r} is refused: {error!r}")


def play_one(game: int) -> int:
    rng = random.Random(game)
    seed = hashlib.sha256(f"axis_allies freeze {game}".encode()).digest()
    players = 2 + game % 4
    state = ENGINE.setup(players, AxisAlliesOptions(round_limit=ROUNDS))
    index = steps = 0
    while True:
        state, rolled = resolve_chance(ENGINE, state, seed, index)
        index += sum(len(c.sizes) for c in rolled)
        if ENGINE.result(state) is not None:
            return steps
        where = f"game {game} step {steps} round {state.round} {state.power} {state.phase}"
        assert steps < MOVES_PER_ROUND * ROUNDS, f"{where}: the game does not end"
        check_aboard(state, where)
        (seat,) = ENGINE.to_act(state)
        moves = ENGINE.legal_moves(state, seat)
        assert moves, f"{where}: no legal action"
        if in_battle(state) or state.phase not in MOVE_PHASES or steps % CHECK_EVERY == 0:
            check_offered(state, seat, moves, where)
        move = choose(state, moves, rng)
        try:
            state = ENGINE.apply(state, seat, move)
        except Exception as error:  # noqa: BLE001
            pytest.fail(f"{where}: {ENGINE.format_move(move, state)!r} is refused: {error!r}")
        steps += 1


@pytest.mark.parametrize("first", range(0, GAMES, CHUNK))
def test_playouts_never_leave_a_seat_without_an_action_that_applies(first):
    """Issue 10, item 3: "No state may ever leave the seat to act without a legal action that applies"."""
    for game in range(first, min(first + CHUNK, GAMES)):
        assert play_one(game) > 0
