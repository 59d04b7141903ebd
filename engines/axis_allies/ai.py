"""What the computer knows of Axis & Allies beyond the rules (``engines/ai``).

No hidden information (only dice): the one world is the record replayed; the search draws the
dice like the referee. The game is far too long to play out, so the computer plays by a few
plain rules and lets the search choose among what they allow (``candidates``), judging each
position it reaches by the evaluation, without rollouts: a rollout step needs the whole move list,
50-120 ms in a large combat move, and with five of them the search managed 3-6 iterations in
2 s; without them it makes 60-80 (the positions of a combat move are kept in the tree, which
has no dice until the battles).

* **Technology**: never researched (its dice are rarely worth the IPCs at this level).
* **Purchase**, by a simple plan: two infantry for each armour, a fighter while the bank would
  still hold more than 20 IPCs after it (what the rules let it buy; it does not count factory
  room).
* **Attacks**, chosen with the exact battle odds (``odds.py``): a unit moves into a hostile
  territory only if everything that can still reach it this turn, together with what is already
  committed, would win with at least 70 %, and no more once the committed units alone win with 95 %.
  Land is attacked only where a land unit can take it; aircraft alone go only where there are
  defenders to fight. Casualties: cheapest first.
* **Capitals defended**: after combat, units move into the power's capital when the enemy units
  next to it could win there with 30 % or more; new units are placed in the capital first then.
* **Aircraft landed**: first thing in the non-combat move, an aircraft that would be lost at its
  end (over land taken this turn, over a sea zone without a carrier) flies to where it survives,
  nearest the front.
* **The front closes up**: then land units move, one step of the plain rule at a time, to where
  fewer land steps separate them from enemy-held land (``front_distance``); units already next
  to the enemy stay. New units are placed at the complex nearest the front.
* The evaluation: per side (Axis, Allies) its national production, half the cost of its units
  (bought ones too), a third of its banks and 12 per capital it holds; the Axis share against
  the share at the start. A battle begun and not yet fought counts at its exact odds
  (``_expect_battles``).

Not considered: technology, strategic bombing and rockets, transports (no unit is loaded, so
there are no amphibious assaults and land units on an island stay there), anti-aircraft fire and
shore bombardment in the odds, retreating, the attacker's own losses in a battle it wins, and
anything beyond the current power's turn (the search sees only a few plies of it).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import cache

from engines.ai.base import Knowledge
from engines.ai.rng import Rng
from engines.axis_allies import movement, odds
from engines.axis_allies.economy import production
from engines.axis_allies.moves import AxisAlliesMove, Counts
from engines.axis_allies.options import AxisAlliesOptions
from engines.axis_allies.state import AxisAlliesState, initial_state
from engines.axis_allies.units import UNITS
from engines.core.contract import Engine

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
    for kind, count in state.purchased:  # bought, not yet placed
        scores[sides[state.power]] += UNITS[kind].cost / 2 * count
    if state.phase in ("combat_move", "combat"):
        _expect_battles(state, scores)
    return scores


def _expect_battles(state: AxisAlliesState, scores: dict[str, float]) -> None:
    """Count the battles the power to move has begun (or is about to) at their expected
    outcome by the exact odds: with the attacker's win chance the defenders are lost and, if a
    land unit attacks, the land (its production, a capital's worth) changes side; with the rest
    the attackers are lost. The winner's own losses are left out. Without this a search cut off
    before the dice would see an attack as units standing next to enemies and nothing more."""
    gmap = state.map
    sides = _side(state)
    mine = sides[state.power]
    other = "allies" if mine == "axis" else "axis"
    capitals = {p.capital for p in gmap.powers}
    armies: dict[str, tuple[list[str], list[str]]] = {}
    for unit in state.units:
        if unit.kind in odds.FIGHTS:
            armies.setdefault(unit.at, ([], []))[sides[unit.power] != mine].append(unit.kind)
    for at, (attackers, defenders) in armies.items():
        if not attackers or not defenders:
            continue
        win = odds.win_chance(attackers, defenders)
        takes = any(UNITS[k].domain == "land" for k in attackers)  # aircraft alone take nothing
        land = gmap.territories[at].ipc + (CAPITAL_VALUE if at in capitals else 0.0) if takes else 0.0
        scores[mine] += win * land - (1 - win) * sum(UNITS[k].cost for k in attackers) / 2
        scores[other] -= win * (land + sum(UNITS[k].cost for k in defenders) / 2)


@cache
def start_balance() -> float:
    scores = side_scores(initial_state(AxisAlliesOptions()))
    return math.log(scores["axis"] / scores["allies"])


def evaluate(engine: Engine, state: AxisAlliesState, players: int) -> tuple[float, ...]:
    scores = side_scores(state)
    lead = math.log(max(scores["axis"], 1.0) / max(scores["allies"], 1.0)) - start_balance()
    axis = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, lead / SCALE))))
    sides = {p.id: p.side for p in state.map.powers}
    values = []
    for powers in state.seats:
        mine = [axis if sides[p] == "axis" else 1.0 - axis for p in powers]
        values.append(sum(mine) / len(mine) if mine else 0.5)
    return tuple(values)


# ---------------------------------------------------------------- the plain rules

ATTACK_AT = 0.7
"""Attack a territory only if everything that can reach it would win this often."""
ENOUGH = 0.95
"""Stop adding units once the committed ones win this often."""
THREAT = 0.3
"""A capital is threatened when the enemy next to it would win there this often."""
ATTACK_KEEP = 8
"""Attack moves the search chooses among (the best odds first), beside ending the combat move."""
HOME_KEEP = 8
"""Moves into a threatened capital the search chooses among."""
PLACE_KEEP = 3
"""Placements the search chooses among (the capital first when threatened, then nearest the front)."""


def _side(state: AxisAlliesState) -> dict[str, str]:
    return {p.id: p.side for p in state.map.powers}


def _hostile(state: AxisAlliesState, territory: str, mine: str) -> bool:
    sides = _side(state)
    owner = state.owner(territory)
    if owner is not None and sides[owner] != mine:
        return True
    return _defended(state, territory, mine)


def _defended(state: AxisAlliesState, territory: str, mine: str) -> bool:
    sides = _side(state)
    return any(sides[u.power] != mine for u in state.units_at(territory) if u.kind in odds.FIGHTS)


def _can_take(state: AxisAlliesState, territory: str, coming: list[str]) -> bool:
    """Whether an attack there could end with the territory taken: land needs a land unit (one
    coming or one already moved in); aircraft alone never take it."""
    if state.map.is_sea(territory):
        return True
    sides = _side(state)
    here = [u.kind for u in state.units_at(territory) if sides[u.power] == sides[state.power]]
    return any(UNITS[k].domain == "land" and k in odds.FIGHTS for k in (*coming, *here))


def _kinds(counts: Counts) -> list[str]:
    return [kind for kind, n in counts for _ in range(n)]


def _attack_odds(state: AxisAlliesState, territory: str, extra: list[str]) -> float:
    sides = _side(state)
    mine = sides[state.power]
    here = state.units_at(territory)
    attackers = [u.kind for u in here if sides[u.power] == mine] + extra
    defenders = [u.kind for u in here if sides[u.power] != mine]
    return odds.win_chance(attackers, defenders)


def planned_buy(state: AxisAlliesState, moves: Sequence[AxisAlliesMove]) -> AxisAlliesMove | None:
    """The purchase plan's next step among the legal ``buy`` moves (``None``: stop buying)."""
    buys = {m.units[0][0]: m for m in moves if m.kind == "buy" and len(m.units) == 1 and m.units[0][1] == 1}
    bought = dict(state.purchased)
    bank = state.ipcs.get(state.power, 0)
    infantry, armour = bought.get("infantry", 0), bought.get("armour", 0)
    if "fighter" in buys and bank - UNITS["fighter"].cost > 20:
        return buys["fighter"]
    if "armour" in buys and infantry >= 2 * (armour + 1):
        return buys["armour"]
    if "infantry" in buys:
        return buys["infantry"]
    return buys.get("armour")


def capital_threat(state: AxisAlliesState) -> float:
    """How likely the enemy units next to the power's capital would win there now."""
    gmap = state.map
    capital = gmap.power(state.power).capital
    side = _side(state)
    mine = side[state.power]
    near = [u.kind for u in state.units if u.at in gmap.neighbours(capital) and side[u.power] != mine
            and UNITS[u.kind].domain != "sea"]
    defenders = [u.kind for u in state.units if u.at == capital and side[u.power] == mine]
    return odds.win_chance(near, defenders) if near else 0.0


def candidates(engine: Engine, state: AxisAlliesState, seat: int, moves: Sequence[AxisAlliesMove]) -> Sequence[AxisAlliesMove]:
    phase = state.phase
    ends = [m for m in moves if m.kind == "end"]
    if phase in ("tech", "purchase"):
        buy = planned_buy(state, moves)
        if buy is not None:
            return [buy]
        rest = [m for m in moves if m.kind not in ("tech", "buy")]
        return rest or list(moves)
    if phase == "combat_move":
        mine = _side(state)[state.power]
        reach: dict[str, dict[tuple[str, str], int]] = {}
        for m in moves:
            if m.kind == "move" and _hostile(state, m.path[-1], mine):
                for kind, n in m.units:
                    group = reach.setdefault(m.path[-1], {})
                    key = (m.path[0], kind)
                    group[key] = max(group.get(key, 0), n)
        worth = set()
        for territory, group in reach.items():
            everything = [kind for (_, kind), n in group.items() for _ in range(n)]
            if not _can_take(state, territory, everything):
                continue
            if _attack_odds(state, territory, []) < ENOUGH and _attack_odds(state, territory, everything) >= ATTACK_AT:
                worth.add(territory)
        attacks = [m for m in moves if m.kind == "move" and m.path[-1] in worth and (_defended(state, m.path[-1], mine)
                   or any(UNITS[k].domain != "air" for k, _ in m.units))]
        attacks.sort(key=lambda m: -_attack_odds(state, m.path[-1], _kinds(m.units)))
        return attacks[:ATTACK_KEEP] + ends or list(moves)
    if phase == "combat":
        losses = [m for m in moves if m.kind == "lose"]
        if losses:
            return [min(losses, key=lambda m: sum(UNITS[k].cost * n for k, n in m.units))]
        return moves
    if phase == "noncombat_move":
        front = front_distance(state)
        rescue = landing(engine, state, seat, moves, front)
        if rescue is not None:
            return [rescue]
        capital = state.map.power(state.power).capital
        if capital_threat(state) >= THREAT:
            home = [m for m in moves if m.kind == "move" and m.path[-1] == capital]
            if home:
                return home[:HOME_KEEP]
        step = advance(moves, front)
        return [step] if step is not None else ends or list(moves)
    if phase == "place":
        capital = state.map.power(state.power).capital
        threatened = capital_threat(state) >= THREAT
        front = front_distance(state)
        places = sorted(moves, key=lambda m: (not (threatened and m.to == capital), front.get(m.to or "", FAR)))
        return places[:PLACE_KEEP]
    return moves


FAR = 99
"""The front distance of a place no enemy land can be reached from over land."""


def front_distance(state: AxisAlliesState) -> dict[str, int]:
    """For each land territory, how many land steps its power's units need to reach enemy-held
    land (breadth first from the enemy's territories through passable, non-neutral land)."""
    gmap = state.map
    sides = _side(state)
    mine = sides[state.power]
    owners = state.owner_map
    land = {t.id for t in gmap.territories.values() if not t.is_sea and not t.impassable and not t.neutral}
    distance = {t: 0 for t in land if t in owners and sides[owners[t]] != mine}
    frontier = list(distance)
    while frontier:
        nxt = []
        for here in frontier:
            for there in gmap.neighbours(here):
                if there in land and there not in distance:
                    distance[there] = distance[here] + 1
                    nxt.append(there)
        frontier = nxt
    return distance


def landing(engine: Engine, state: AxisAlliesState, seat: int, moves: Sequence[AxisAlliesMove],
            front: dict[str, int]) -> AxisAlliesMove | None:
    """A non-combat move that saves an aircraft the end of the move would lose (it stands where
    its power has not held since the turn began: a territory just conquered, a battle's sea
    zone): the one landing nearest the front, so it can strike again next turn."""
    lost = set(movement.landings(state, state.power).lost)
    if not lost:
        return None
    air = {u.at for u in state.units if u.id in lost}
    saving = []
    for m in moves:
        if m.kind == "move" and m.path[0] in air and all(UNITS[k].domain == "air" for k, _ in m.units):
            after = engine.apply(state, seat, m)
            if len(movement.landings(after, state.power).lost) < len(lost):
                saving.append((front.get(m.path[-1], FAR), m))
    return min(saving, key=lambda item: item[0])[1] if saving else None


def advance(moves: Sequence[AxisAlliesMove], front: dict[str, int]) -> AxisAlliesMove | None:
    """The non-combat move that brings land units closest to the ``front`` (``front_distance``):
    the largest gain in front distance, then the most valuable units. Units already next to the
    enemy stay."""
    best: tuple[int, int, AxisAlliesMove] | None = None
    for m in moves:
        if m.kind != "move" or not all(UNITS[k].domain == "land" for k, _ in m.units):
            continue
        gain = front.get(m.path[0], FAR) - front.get(m.path[-1], FAR)
        if gain <= 0 or m.path[-1] not in front:
            continue
        key = (gain, sum(UNITS[k].cost * n for k, n in m.units))
        if best is None or key > best[:2]:
            best = (*key, m)
    return best[2] if best is not None else None


def rollout_move(engine: Engine, state: AxisAlliesState, seat: int, moves: Sequence[AxisAlliesMove], rng: Rng) -> AxisAlliesMove:
    return rng.choice(candidates(engine, state, seat, moves))


KNOWLEDGE = Knowledge(evaluate=evaluate, candidates=candidates, rollout_move=rollout_move, rollout_depth=0, notes=__doc__ or "")
