"""What the computer knows of Axis & Allies beyond the rules (``engines/ai``).

No hidden information (only dice): the one world is the record replayed; the search draws the
dice like the referee. The game is far too long to play out, so the computer plays by a few
plain rules and lets the search choose among what they allow (``candidates``), judging each
position it reaches by the evaluation, without rollouts: a rollout step needs the whole move list,
50-120 ms in a large combat move, and with five of them the search managed 3-6 iterations in
2 s; without them it makes 60-80 (the positions of a combat move are kept in the tree, which
has no dice until the battles).

* **Technology**: never researched (its dice are rarely worth the IPCs at this level).
* **Purchase**, by a simple plan: a power whose land units cannot reach the enemy over land
  (its capital three land steps or more from enemy-held land, or none: the UK, the US, Japan)
  first buys transports, enough to carry its land units far from the front two by two (at least
  two, at most four); then two infantry for each armour, a fighter while the bank would still
  hold more than 20 IPCs after it (what the rules let it buy; it does not count factory room).
  A power whose capital enemy units that could take it (a land unit among them) would win with
  50 % or more buys infantry only: the most defence per IPC.
* **Amphibious assaults**, first thing in the combat move, one order at a time: land units next
  to a transport board it when, aboard, they would win with at least 70 % (the exact odds, with
  what is already committed there) in enemy land next to a sea zone the transport can reach
  without a sea battle; the loaded transport sails there and the cargo lands. The most valuable
  land (production, a capital) first.
* **Attacks**, chosen with the exact battle odds (``odds.py``, with the AA gun's fire at
  aircraft; a battle of more than 300 unit pairs is solved at half size, quickly): a unit moves into a hostile territory only if everything that can still reach it
  this turn, together with what is already committed, would win with at least 70 %, and no more
  once the committed units alone win with 95 %. A battle begun below 70 % is reinforced before
  anything else. Land is attacked only where a land unit can take it; aircraft alone go only
  where there are defenders to fight; a transport (it cannot hit) never goes into a battle
  without a fighting unit of its side there; an aircraft goes only where it can still reach land
  its side has held since the turn began, or room on a carrier that is there now and not in a
  sea battle (not one that might come; a deck's room is shared among the fighters that need it), and no carrier sails
  away from fighters that count on it; a level that now and then searches every legal move still
  never sends an aircraft where it cannot land, nor a transport into a battle alone (``never``).
  Casualties: cheapest first.
* **Capitals defended**: after combat, units move into the power's capital when the enemy units
  that could reach it next turn (land units next to it, armour two steps away, aircraft within
  half their range and one, cargo on transports that could sail next to it) would win there with
  30 % or more; new units are placed in the capital first then, and no unit boards a transport
  there if that would leave it so threatened.
* **Aircraft landed**: first thing in the non-combat move, an aircraft that would be lost at its
  end (over land taken this turn, over a sea zone without a carrier) flies to where it survives,
  nearest the front.
* **Transports ferry**: then land units three land steps or more from the front (an island, the
  Americas) board a transport next to them; a loaded transport lands them on its side's land next
  to the enemy when it is next to such land, else sails toward the nearest sea zone from which it
  can, or, with none in reach, toward one next to enemy land (for an assault next turn); an empty
  one sails toward the land units waiting for it. A loaded transport left at sea with no warship
  of its power beside it then gets one (the strongest defender in reach, not one beside another
  loaded transport).
* **The front closes up**: then land units move, one step of the plain rule at a time, to where
  fewer land steps separate them from enemy-held land (``front_distance``); units already next
  to the enemy stay. New units are placed at the complex nearest the front.
* **A phase at once** (``engines/ai/plan.py``): the computer plans a power's phase in one think,
  every order up to the phase's end, the next dice or the other seat's question, within the
  phase's time (normal 3 s, hard 5 s; each order at most the level's time per move), and plays
  them as one list of orders (one post in the channel). The single-unit orders are then written
  as a player would: one ``buy`` for the purchase, one ``move 3 inf ...`` for three units in a row
  on one path, one ``place`` per territory, wherever the larger order does exactly what the single
  ones did (``grouped``).
* The evaluation: per side (Axis, Allies) its national production, half the cost of its units
  (bought ones too), a third of its banks and 12 per capital it holds; the Axis share against
  the share at the start. A battle begun and not yet fought counts at its exact odds, the
  units each side can expect to lose (the winner's too) and the land that may change side
  (``_expect_battles``; land units aboard a transport, and an ally's fighters aboard a carrier,
  fire no shot in a sea battle and go down with their ship: counted at the share of their side's
  ships expected lost); an aircraft that can no longer reach a landing counts as lost.

Not considered: technology, strategic bombing and rockets, shore bombardment in the odds,
retreating, escorts in the combat move and for empty transports (one that has landed its cargo
may be sunk where it waits), and anything beyond the current power's turn (the search
sees only a few plies of it; the transport rules are plain rules, not searched).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import cache

from engines.ai.base import Knowledge
from engines.ai.rng import Rng
from engines.axis_allies import compact, movement, odds, turn
from engines.axis_allies.economy import production
from engines.axis_allies.moves import AxisAlliesMove, Counts, UnitsAlongAction
from engines.axis_allies.options import AxisAlliesOptions
from engines.axis_allies.state import AxisAlliesState, Unit, initial_state
from engines.axis_allies.units import UNITS
from engines.core.contract import Engine
from engines.core.errors import MoveError

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
    if state.phase in ("combat_move", "combat", "noncombat_move"):
        scores[sides[state.power]] -= sum(UNITS[u.kind].cost / 2 for u in stranded_aircraft(state))
    return scores


def stranded_aircraft(state: AxisAlliesState, units: Sequence[Unit] | None = None) -> list[Unit]:
    """The power's aircraft (in ``units``, default the state's: a move's outcome can be judged
    before it is made) that can no longer reach a landing this turn: lost at the end of the
    non-combat move. An aircraft aboard a carrier goes where it goes; one that reaches land its
    side has held since the turn began within the movement it has left lands there; a fighter
    that reaches only carriers needs room on one, and the room is shared: each carrier's deck
    less the fighters on it, given out to the fighters that need it, those with the fewest
    carriers in reach first. Carriers that might come later are not counted on, nor one in a sea
    battle (it may be sunk before the fighters come down)."""
    units = state.units if units is None else units
    gmap = state.map
    sides = _side(state)
    mine = sides[state.power]
    taken = movement.taken_this_turn(state)
    battles = {u.at for u in units if sides[u.power] != mine and gmap.is_sea(u.at)}
    room: dict[str, int] = {}
    for c in units:
        if UNITS[c.kind].carrier_capacity and sides[c.power] == mine and c.at not in battles:
            room[c.at] = room.get(c.at, 0) + (UNITS[c.kind].carrier_capacity or 0)
    needing: list[tuple[Unit, list[str]]] = []
    lost: list[Unit] = []
    for u in units:
        if UNITS[u.kind].domain != "air" or sides[u.power] != mine:
            continue
        parked = u.at in room and (u.carried_by is not None or u.moved == 0 or u.power != state.power)
        if parked:  # on a deck (the opening's fighters at sea too): it takes its room there
            room[u.at] = room.get(u.at, 0) - (UNITS[u.kind].carrier_cost or 0)
        if u.power != state.power or parked:
            continue
        land, decks = _landings_in_reach(state, u.at, _movement(state, u.kind) - u.moved, taken, set(room))
        if land:
            continue
        if UNITS[u.kind].carrier_cost and decks:
            needing.append((u, decks))
        else:
            lost.append(u)
    for u, decks in sorted(needing, key=lambda item: (len(item[1]), item[0].id)):
        deck = max(decks, key=lambda z: (room.get(z, 0), z))
        if room.get(deck, 0) >= (UNITS[u.kind].carrier_cost or 0):
            room[deck] -= UNITS[u.kind].carrier_cost or 0
        else:
            lost.append(u)
    return lost


def _landings_in_reach(state: AxisAlliesState, start: str, left: int, taken: frozenset[str],
                       carriers: set[str]) -> tuple[bool, list[str]]:
    """From ``start`` with ``left`` moves: whether land its side has held since the turn began is
    in reach, and the sea zones of ``carriers`` (where its side's carriers are) in reach."""
    sides = _side(state)
    mine = sides[state.power]
    gmap = state.map
    seen = {start: 0}
    queue = [start]
    decks = []
    for here in queue:
        if gmap.is_sea(here):
            if here in carriers:
                decks.append(here)
        elif (owner := state.owner(here)) is not None and sides[owner] == mine and here not in taken:
            return True, decks
        if seen[here] < left:
            for there in gmap.neighbours(here):
                if there not in seen:
                    seen[there] = seen[here] + 1
                    queue.append(there)
    return False, decks


def _expect_battles(state: AxisAlliesState, scores: dict[str, float]) -> None:
    """Count the battles the power to move has begun (or is about to) at their expected
    outcome by the exact odds: each side loses the expected cost of its units lost (the
    winner's losses too) and, with the attacker's win chance, if a land unit attacks, the land
    (its production, a capital's worth) changes side. Without this a search cut off
    before the dice would see an attack as units standing next to enemies and nothing more."""
    gmap = state.map
    sides = _side(state)
    mine = sides[state.power]
    other = "allies" if mine == "axis" else "axis"
    capitals = {p.capital for p in gmap.powers}
    armies: dict[str, tuple[list[str], list[str]]] = {}
    aboard: dict[tuple[str, bool], float] = {}
    for unit in state.units:
        if turn.is_cargo(state, unit):  # no combatant; it goes down with its ship
            key = (unit.at, sides[unit.power] != mine)
            aboard[key] = aboard.get(key, 0.0) + UNITS[unit.kind].cost
        elif unit.kind in odds.FIGHTS:
            armies.setdefault(unit.at, ([], []))[sides[unit.power] != mine].append(unit.kind)
    for at, (attackers, defenders) in armies.items():
        if not attackers or not defenders:
            continue
        win = odds.win_chance(attackers, defenders)
        lost_a, lost_d = odds.expected_losses(attackers, defenders)
        # The cargo is lost with its ship: counted at the share of its side's fleet expected lost.
        lost_a += aboard.get((at, False), 0.0) * lost_a / sum(UNITS[k].cost for k in attackers)
        lost_d += aboard.get((at, True), 0.0) * lost_d / sum(UNITS[k].cost for k in defenders)
        takes = any(UNITS[k].domain == "land" for k in attackers)  # aircraft alone take nothing
        land = gmap.territories[at].ipc + (CAPITAL_VALUE if at in capitals else 0.0) if takes else 0.0
        scores[mine] += win * land - lost_a / 2
        scores[other] -= win * land + lost_d / 2


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
DEFEND_AT = 0.5
"""The purchase buys infantry only when enemy units that could take the capital would win there
this often (a higher bar than ``THREAT``: Germany's opening is at 0.35, and buying nothing but
infantry from then on would leave it no armour or aircraft to attack with)."""
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


def _free(state: AxisAlliesState, at: str, kind: str) -> int:
    """The power's units of ``kind`` in ``at`` not aboard a transport (those an order moves)."""
    return sum(1 for u in state.units_at(at) if u.power == state.power and u.kind == kind and u.carried_by is None)


def _kinds(counts: Counts) -> list[str]:
    return [kind for kind, n in counts for _ in range(n)]


def _attack_odds(state: AxisAlliesState, territory: str, extra: list[str]) -> float:
    sides = _side(state)
    mine = sides[state.power]
    here = [u for u in state.units_at(territory) if not turn.is_cargo(state, u)]  # cargo does not fight
    attackers = [u.kind for u in here if sides[u.power] == mine] + extra
    defenders = [u.kind for u in here if sides[u.power] != mine]
    return odds.win_chance(attackers, defenders, aa_gun="aa_gun" in defenders)


def planned_buy(state: AxisAlliesState, moves: Sequence[AxisAlliesMove]) -> AxisAlliesMove | None:
    """The purchase plan's next step among the legal ``buy`` moves (``None``: stop buying)."""
    buys = {m.units[0][0]: m for m in moves if m.kind == "buy" and len(m.units) == 1 and m.units[0][1] == 1}
    bought = dict(state.purchased)
    bank = state.ipcs.get(state.power, 0)
    infantry, armour = bought.get("infantry", 0), bought.get("armour", 0)
    if "infantry" in buys and capital_threat(state, taking=True) >= DEFEND_AT:  # the most defence per IPC, placed at home
        return buys["infantry"]
    if "transport" in buys and bank >= UNITS["transport"].cost + 2 * UNITS["infantry"].cost \
            and bought.get("transport", 0) < transports_wanted(state):
        return buys["transport"]
    if "fighter" in buys and bank - UNITS["fighter"].cost > 20:
        return buys["fighter"]
    if "armour" in buys and infantry >= 2 * (armour + 1):
        return buys["armour"]
    if "infantry" in buys:
        return buys["infantry"]
    return buys.get("armour")


MAX_TRANSPORTS = 4
"""The most transports the purchase plan keeps (a power overseas)."""


def transports_wanted(state: AxisAlliesState) -> int:
    """How many more transports the purchase plan buys this turn: none for a power whose capital
    is on the front's land (it fights over land); for one overseas (its capital has no land way
    to the enemy, or a long one: the UK, the US, Japan) enough to carry its land units far from
    the front two by two, at least two, at most ``MAX_TRANSPORTS``."""
    front = front_distance(state)
    if front.get(state.map.power(state.power).capital, FAR) < STRANDED:
        return 0
    land = sum(1 for u in state.units if u.power == state.power and UNITS[u.kind].transport_cost
               and not state.map.is_sea(u.at) and front.get(u.at, FAR) >= STRANDED)
    have = len(_own_transports(state))
    return max(0, min(MAX_TRANSPORTS, max(2, math.ceil(land / 2))) - have)


def capital_threat(state: AxisAlliesState, leaving: Sequence[str] = (), taking: bool = False) -> float:
    """How likely the enemy units that could reach the power's capital next turn would win there
    now (without ``leaving``, kinds of the defenders about to go): land units next to it (armour
    two land steps away), aircraft within their range, and land units aboard enemy transports
    that could sail next to it. ``taking``: 0 unless a land unit is among them (aircraft alone
    may clear the capital but cannot take it)."""
    gmap = state.map
    capital = gmap.power(state.power).capital
    side = _side(state)
    mine = side[state.power]
    steps = _steps_from(state, capital, 6)
    land_steps = _steps_from(state, capital, 2, land_only=True)
    near: list[str] = []
    for u in state.units:
        if side[u.power] == mine or u.kind not in odds.FIGHTS:
            continue
        domain = UNITS[u.kind].domain
        if domain == "air":
            reach = steps.get(u.at, FAR) <= UNITS[u.kind].movement // 2 + 1  # and back to land near by
        elif domain == "land" and u.carried_by is None:
            reach = land_steps.get(u.at, FAR) <= min(UNITS[u.kind].movement, 2)
        else:  # aboard: a transport sails two sea zones, then the cargo lands
            reach = domain == "land" and steps.get(u.at, FAR) <= 3
        if reach:
            near.append(u.kind)
    if taking and not any(UNITS[k].domain == "land" for k in near):
        return 0.0
    defenders = [u.kind for u in state.units if u.at == capital and side[u.power] == mine]
    for kind in leaving:
        if kind in defenders:
            defenders.remove(kind)
    return odds.win_chance(near, defenders) if near else 0.0  # the AA gun left out: cheaper, and the threat not less


def _steps_from(state: AxisAlliesState, start: str, limit: int, land_only: bool = False) -> dict[str, int]:
    """Steps from ``start`` to every place within ``limit`` (over land only, if asked)."""
    gmap = state.map
    seen = {start: 0}
    queue = [start]
    for here in queue:
        if seen[here] >= limit:
            continue
        for there in gmap.neighbours(here):
            if there in seen or (land_only and (gmap.is_sea(there) or gmap.territories[there].impassable)):
                continue
            seen[there] = seen[here] + 1
            queue.append(there)
    return seen


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
        plan = amphibious_step(state, moves)
        if plan is not None:
            return [plan]
        reach: dict[str, dict[tuple[str, str], int]] = {}
        for m in moves:
            if m.kind == "move" and _hostile(state, m.path[-1], mine):
                for kind, _ in m.units:  # every such unit there may go (a move names one)
                    reach.setdefault(m.path[-1], {})[(m.path[0], kind)] = _free(state, m.path[0], kind)
        worth = set()
        for territory, group in reach.items():
            everything = [kind for (_, kind), n in group.items() for _ in range(n)]
            if not _can_take(state, territory, everything):
                continue
            if _attack_odds(state, territory, []) < ENOUGH and _attack_odds(state, territory, everything) >= ATTACK_AT:
                worth.add(territory)
        stranded: list[int] = []  # the aircraft without a landing now, counted once
        attacks = [m for m in moves if m.kind == "move" and m.path[-1] in worth and (_defended(state, m.path[-1], mine)
                   or any(UNITS[k].domain != "air" for k, _ in m.units)) and not _suicide(state, m, stranded)]
        attacks.sort(key=lambda m: -_attack_odds(state, m.path[-1], _kinds(m.units)))
        weak = set(weak_battles(state))
        reinforce = [m for m in attacks if m.path[-1] in weak]
        if reinforce:  # a battle begun below the odds asked for is not left as it is
            return reinforce[:ATTACK_KEEP]
        return [*attacks[:ATTACK_KEEP], *ends] or list(moves)
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
        step = ferry_step(state, moves, front) or escort_step(state, moves) or advance(moves, front)
        if step is not None:
            return [step]
        ends = [m for m in ends if not m.anyway] or ends
        return ends or list(moves)
    if phase == "place":
        capital = state.map.power(state.power).capital
        threatened = capital_threat(state) >= THREAT
        front = front_distance(state)
        places = sorted(moves, key=lambda m: (not (threatened and _target(m) == capital), front.get(_target(m) or "", FAR)))
        return places[:PLACE_KEEP]
    return moves


def _movement(state: AxisAlliesState, kind: str) -> int:
    bonus = UNITS[kind].domain == "air" and "long_range_aircraft" in state.techs.get(state.power, ())
    return UNITS[kind].movement + (movement.LONG_RANGE_BONUS if bonus else 0)


def _target(move: AxisAlliesMove) -> str | None:
    """The territory an attack, retreat, submerge, placement or rocket is aimed at."""
    if move.kind in ("attack", "retreat", "submerge", "place", "rocket"):
        return move.to
    return None


def _suicide(state: AxisAlliesState, move: UnitsAlongAction, stranded: list[int] | None = None) -> bool:
    """An attack move no player would make: units that cannot hit (a transport) into a battle
    none of their side's fighting units are in, or a move after which more of the power's
    aircraft could reach no landing (``stranded_aircraft``: land held since the turn began, or
    room on a carrier that is there now, shared with the other fighters that need it): an
    aircraft flown too far, a fighter sent where another has taken the carrier's last room, a
    carrier sailed away from fighters that count on it."""
    dest = move.path[-1]
    if all(UNITS[k].attack == 0 for k, _ in move.units):
        sides = _side(state)
        escort = [u for u in state.units_at(dest) if sides[u.power] == sides[state.power] and UNITS[u.kind].attack > 0]
        if not escort:
            return True
    return _strands(state, move, stranded)


def _strands(state: AxisAlliesState, move: UnitsAlongAction, stranded: list[int] | None = None) -> bool:
    """Whether after ``move`` (of aircraft or a carrier) more of the power's aircraft could reach
    no landing than before (``stranded_aircraft``; ``stranded``: a one-item list to keep the
    count before between calls on the same state)."""
    if not any(UNITS[k].domain == "air" or UNITS[k].carrier_capacity for k, _ in move.units):
        return False
    if stranded is None:
        stranded = []
    if not stranded:
        stranded.append(len(stranded_aircraft(state)))
    return len(stranded_aircraft(state, _moved(state, move))) > stranded[0]


def _moved(state: AxisAlliesState, move: UnitsAlongAction) -> list[Unit]:
    """The units as ``move`` would leave them, roughly (where they are and the movement spent;
    the pieces the turn picks: the most movement left first, ``turn.pick_units``); a ship's
    riders go with it."""
    start, dest, steps = move.path[0], move.path[-1], len(move.path) - 1
    going: set[int] = set()
    for kind, n in move.units:
        pool = sorted((u for u in state.units_at(start) if u.power == state.power and u.kind == kind
                       and not turn.is_cargo(state, u) and u.lands_in is None), key=lambda u: (u.moved, u.id))
        going.update(u.id for u in pool[:n])
    ships = {i for i in going if UNITS[next(u.kind for u in state.units if u.id == i)].domain == "sea"}
    out = []
    for u in state.units:
        if u.id in going:
            u = u.model_copy(update={"at": dest, "moved": u.moved + steps,
                                     "carried_by": None if UNITS[u.kind].domain == "air" else u.carried_by})
        elif u.carried_by in ships or (ships and u.at == start and UNITS[u.kind].carrier_cost and u.moved == 0
                                       and u.carried_by is None):
            u = u.model_copy(update={"at": dest})  # riders (the opening's fighters at sea ride unnamed)
        out.append(u)
    return out


def weak_battles(state: AxisAlliesState) -> list[str]:
    """Battles the power has begun this combat move (units moved in against defenders) that
    would be won less often than ``ATTACK_AT``."""
    sides = _side(state)
    mine = sides[state.power]
    begun = {u.at for u in state.units if u.power == state.power and u.combat and u.kind in odds.FIGHTS}
    return sorted(t for t in begun if _defended(state, t, mine) and _attack_odds(state, t, []) < ATTACK_AT)


# ---------------------------------------------------------------- transports

STRANDED = 3
"""Land units this many land steps or more from the front (or with no land way there at all)
are shipped by the non-combat move's ferry rule."""


def _own_transports(state: AxisAlliesState) -> list[Unit]:
    return sorted((u for u in state.units if u.power == state.power and UNITS[u.kind].transport_capacity),
                  key=lambda u: u.id)


def _cargo(state: AxisAlliesState, transport: Unit) -> list[Unit]:
    return [u for u in state.units if u.carried_by == transport.id and u.lands_in is None]


def _room(state: AxisAlliesState, transport: Unit) -> int:
    used = sum(UNITS[u.kind].transport_cost or 0 for u in _cargo(state, transport))
    return (UNITS[transport.kind].transport_capacity or 0) - used


def _enemy_units(state: AxisAlliesState, territory: str) -> bool:
    sides = _side(state)
    return any(sides[u.power] != sides[state.power] for u in state.units_at(territory))


def _loadable(state: AxisAlliesState, zone: str, moves: Sequence[AxisAlliesMove], room: int,
              wanted: set[str] | None = None) -> list[UnitsAlongAction]:
    """Legal load moves into ``zone`` (from ``wanted`` territories only, if given), the strongest
    attacker first, as many as ``room`` takes."""
    loads = [m for m in moves if m.kind == "load" and m.path[-1] == zone and (wanted is None or m.path[0] in wanted)
             and m.units[0][0] in odds.FIGHTS]
    loads.sort(key=lambda m: (-UNITS[m.units[0][0]].attack, m.path[0]))
    chosen: list[UnitsAlongAction] = []
    taken: dict[tuple[str, str], int] = {}
    for m in loads:
        kind = m.units[0][0]
        cost = UNITS[kind].transport_cost or 0
        there = sum(1 for u in state.units_at(m.path[0]) if u.power == state.power and u.kind == kind
                    and u.moved == 0 and not u.combat and u.carried_by is None)
        while cost <= room and taken.get((m.path[0], kind), 0) < there:
            chosen.append(m)
            taken[(m.path[0], kind)] = taken.get((m.path[0], kind), 0) + 1
            room -= cost
    return chosen


def _sails(state: AxisAlliesState, transport: Unit, phase: movement.MovePhase) -> dict[str, int]:
    """The sea zones ``transport`` can end its move in without a sea battle (its own included)."""
    reach = {transport.at: 0}
    if transport.unloaded_into is None:
        reach.update(movement.reachable(state, state.power, transport.id, phase))
    return {z: c for z, c in reach.items() if state.map.is_sea(z) and not _enemy_units(state, z)}


def assault_target(state: AxisAlliesState, transport: Unit, cargo: list[str]) -> tuple[str, str] | None:
    """Where ``cargo`` aboard ``transport`` would best land on an amphibious assault this combat
    move: (sea zone to unload from, enemy land) with the exact odds, together with what is
    already committed there, at least ``ATTACK_AT``; the most valuable land (production, a
    capital) first, then the shortest sail."""
    if not cargo:
        return None
    sides = _side(state)
    mine = sides[state.power]
    capitals = {p.capital for p in state.map.powers}
    best: tuple[float, int, str, str] | None = None
    for zone, cost in _sails(state, transport, "combat_move").items():
        if transport.unloaded_into is not None and zone != transport.at:
            continue
        for land in state.map.neighbours(zone):
            t = state.map.territories[land]
            owner = state.owner(land)
            if t.is_sea or t.neutral or t.impassable or owner is None or sides[owner] == mine:
                continue
            if transport.unloaded_into not in (None, land):
                continue
            chance = _attack_odds(state, land, cargo)
            if chance < ATTACK_AT:
                continue
            value = chance * (t.ipc + (CAPITAL_VALUE if land in capitals else 0.0) + 1)
            key = (value, -cost, zone, land)
            if best is None or key[:2] > best[:2]:
                best = key
    return (best[2], best[3]) if best is not None else None


def _picked_transport(state: AxisAlliesState, zone: str) -> int | None:
    """The transport a ``move 1 trn`` order from ``zone`` moves (``turn.pick_units``' choice)."""
    pool = sorted((u for u in state.units_at(zone) if u.power == state.power and UNITS[u.kind].transport_capacity),
                  key=lambda u: (u.moved, u.id))
    return pool[0].id if pool else None


def _loads_into(state: AxisAlliesState, zone: str, kind: str) -> int | None:
    """The transport a load of one ``kind`` into ``zone`` boards, as the turn picks it (the first
    by id with room; ``turn``'s load order), or ``None`` when that one has unloaded this turn: a
    transport that has landed its cargo takes no new cargo from the computer."""
    cost = UNITS[kind].transport_cost or 0
    for t in _own_transports(state):
        if t.at == zone and _room(state, t) >= cost and (state.phase == "combat_move" or not t.combat):
            return t.id if t.unloaded_into is None else None
    return None


def _sail_move(state: AxisAlliesState, moves: Sequence[AxisAlliesMove], transport: Unit, zone: str) -> AxisAlliesMove | None:
    if _picked_transport(state, transport.at) != transport.id:
        return None
    return next((m for m in moves if m.kind == "move" and m.path[0] == transport.at and m.path[-1] == zone
                 and m.units == ((transport.kind, 1),)), None)


def _unload_move(state: AxisAlliesState, moves: Sequence[AxisAlliesMove], transport: Unit, land: str) -> AxisAlliesMove | None:
    aboard = tuple((k, n) for k in UNITS if (n := sum(1 for u in _cargo(state, transport) if u.kind == k)))
    for m in moves:
        if m.kind == "unload" and m.path == (transport.at, land) and m.aboard in ((), aboard):
            options = turn.unload_options(state, m)
            if options and options[0][1].transport == transport.id:  # the transport the turn takes them from
                return m
    return None


def amphibious_step(state: AxisAlliesState, moves: Sequence[AxisAlliesMove]) -> AxisAlliesMove | None:
    """The combat move's next step of an amphibious assault, one order at a time: land units
    next to a transport board it (when, aboard, they would win somewhere it can sail to), the
    loaded transport sails to the sea zone next to the target, the cargo lands there."""
    for t in _own_transports(state):
        if t.lands_in is not None or _enemy_units(state, t.at):
            continue
        cargo = [u.kind for u in _cargo(state, t)]
        if t.unloaded_into is not None:  # the rest of the cargo follows the first ashore
            if cargo and (step := _unload_move(state, moves, t, t.unloaded_into)) is not None:
                return step
            continue
        loads: list[UnitsAlongAction] = []
        if t.moved == 0 and t.unloaded_into is None and _room(state, t) > 0:
            loads = [m for m in _loadable(state, t.at, moves, _room(state, t))
                     if _loads_into(state, t.at, m.units[0][0]) == t.id]
        target = assault_target(state, t, cargo + [m.units[0][0] for m in loads])
        if target is None:
            continue
        zone, land = target
        if loads:
            return loads[0]
        step = _sail_move(state, moves, t, zone) if zone != t.at else _unload_move(state, moves, t, land)
        if step is not None:
            return step
    return None


def _sea_distance(state: AxisAlliesState, goals: set[str]) -> dict[str, int]:
    """Sea steps from each sea zone to the nearest of ``goals`` (sea zones)."""
    gmap = state.map
    distance = {z: 0 for z in goals}
    queue = list(goals)
    for here in queue:
        for there in gmap.neighbours(here):
            if gmap.is_sea(there) and there not in distance:
                distance[there] = distance[here] + 1
                queue.append(there)
    return distance


def ferry_step(state: AxisAlliesState, moves: Sequence[AxisAlliesMove], front: dict[str, int]) -> AxisAlliesMove | None:
    """The non-combat move's transport rule, one order at a time: a transport next to land
    units far from the front (``STRANDED``: an island, the Americas) takes them aboard; a loaded
    transport lands them on its side's land at the front (next to the enemy) when it is next
    to it, else sails toward the nearest sea zone from which it can, or (none in reach) toward
    one next to enemy land, for an assault; an empty one sails toward the land units waiting
    for it."""
    gmap = state.map
    sides = _side(state)
    mine = sides[state.power]
    capital = gmap.power(state.power).capital
    if not any(m.kind in ("load", "unload") or (m.kind == "move" and UNITS[m.units[0][0]].transport_capacity)
               for m in moves):
        return None
    landings = {t for t, d in front.items() if d <= 1 and (o := state.owner(t)) is not None and sides[o] == mine}
    enemy = {t for t, d in front.items() if d == 0}
    landing_zones = {z for t in landings | enemy for z in gmap.neighbours(t) if gmap.is_sea(z)}
    waiting = {t for t in {u.at for u in state.units if u.power == state.power and UNITS[u.kind].transport_cost
                           and u.moved == 0 and not u.combat and u.carried_by is None and not gmap.is_sea(u.at)}
               if front.get(t, FAR) >= STRANDED}
    pickup_zones = {z for t in waiting for z in gmap.neighbours(t) if gmap.is_sea(z)}
    to_landing = _sea_distance(state, landing_zones)
    to_shore = _sea_distance(state, {z for t in landings for z in gmap.neighbours(t) if gmap.is_sea(z)})
    to_pickup = _sea_distance(state, pickup_zones)
    for t in _own_transports(state):
        if t.combat or t.lands_in is not None or _enemy_units(state, t.at):
            continue
        cargo = _cargo(state, t)
        if t.unloaded_into is not None:  # the rest of the cargo follows the first ashore
            if cargo and (step := _unload_move(state, moves, t, t.unloaded_into)) is not None:
                return step
            continue
        if _room(state, t) > 0:
            near = {land for land in gmap.neighbours(t.at) if land in waiting}
            loads = [m for m in _loadable(state, t.at, moves, _room(state, t), near)
                     if _loads_into(state, t.at, m.units[0][0]) == t.id
                     and (m.path[0] != capital or capital_threat(state, [m.units[0][0]]) < THREAT)]
            if loads:
                return loads[0]
        if cargo:
            if any(u.combat for u in cargo):
                continue
            shore = sorted((front[land], land) for land in gmap.neighbours(t.at) if land in landings)
            for _, land in shore:
                step = _unload_move(state, moves, t, land)
                if step is not None:
                    return step
            sails = _sails(state, t, "noncombat_move")
            for toward in (to_shore, to_landing):  # its side's front first, else enemy shores
                goal = min(sails, key=lambda z: (toward.get(z, FAR), sails[z], z))
                if toward.get(goal, FAR) < toward.get(t.at, FAR):
                    step = _sail_move(state, moves, t, goal)
                    if step is not None:
                        return step
                if toward.get(t.at, FAR) < FAR:
                    break  # on its way there (or waiting next to enemy land for an assault)
        elif pickup_zones and t.at not in pickup_zones:
            sails = _sails(state, t, "noncombat_move")
            goal = min(sails, key=lambda z: (to_pickup.get(z, FAR), sails[z], z))
            if to_pickup.get(goal, FAR) < to_pickup.get(t.at, FAR):
                step = _sail_move(state, moves, t, goal)
                if step is not None:
                    return step
    return None


def escort_step(state: AxisAlliesState, moves: Sequence[AxisAlliesMove]) -> AxisAlliesMove | None:
    """The non-combat move's escort rule, after the ferry's: a loaded transport left at sea with
    no warship of its power beside it gets one, the strongest defender (then the nearest) that
    can reach it and is not beside another loaded transport already; a move after which an
    aircraft could reach no landing (a carrier's fighters in the air) is not made."""
    loaded = {t.at for t in _own_transports(state) if _cargo(state, t) and not _enemy_units(state, t.at)}
    if not loaded:
        return None

    def warships(zone: str) -> bool:
        return any(u.power == state.power and UNITS[u.kind].domain == "sea" and UNITS[u.kind].defence > 0
                   and not UNITS[u.kind].transport_capacity for u in state.units_at(zone))

    alone = loaded - {z for z in loaded if warships(z)}
    best: tuple[int, int, AxisAlliesMove] | None = None
    for m in moves:
        if m.kind != "move" or m.path[-1] not in alone or m.path[0] in loaded or len(m.units) != 1:
            continue
        kind = m.units[0][0]
        unit = UNITS[kind]
        if unit.domain != "sea" or unit.transport_capacity or unit.defence <= 0:
            continue
        key = (unit.defence, -(len(m.path) - 1))
        if (best is None or key > best[:2]) and not _strands(state, m):
            best = (*key, m)
    return best[2] if best is not None else None


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


# ---------------------------------------------------------------- a phase at once


def phase(state: AxisAlliesState) -> tuple[str, int, str]:
    """The part of a power's turn the computer plans at once (``engines.ai.plan``): the phase,
    technology and purchase together (a purchase in the technology phase begins the purchase)."""
    part = "purchase" if state.phase == "tech" else state.phase
    return state.power, state.round, part


UNCOMPARED = frozenset({"arrows", "undo"})
"""State fields that record how the orders were written (the arrows' texts, one undo point per
order), not what they did."""


def _same(a: AxisAlliesState, b: AxisAlliesState) -> bool:
    return a.model_dump(exclude=set(UNCOMPARED)) == b.model_dump(exclude=set(UNCOMPARED))


def grouped(engine: Engine, state: AxisAlliesState, seat: int, moves: Sequence[AxisAlliesMove]) -> list[AxisAlliesMove]:
    """The planned ``moves`` as a player writes them (``compact.merge``: one ``buy`` for the
    purchases in a row, one order for the units that go the same way in a row), each larger
    order kept only where it does exactly what its run of single orders did (the same units
    move, board and land; only the arrows' texts and the undo points differ)."""
    moves = _places_together(engine, state, seat, moves)
    out: list[AxisAlliesMove] = []
    at = 0
    for size, merged in zip(compact.runs(moves), compact.merge(moves), strict=True):
        run = list(moves[at:at + size])
        at += size
        singles = state
        for move in run:
            singles = engine.apply(singles, seat, move)
        if size > 1:
            try:
                together = engine.apply(state, seat, merged)
            except MoveError:
                together = None
            alike = _placed_alike if merged.kind == "place" else _same  # new units are numbered as placed
            if together is not None and alike(together, singles):
                out.append(merged)
                state = together
                continue
        out.extend(run)
        state = singles
    return out


def _places_together(engine: Engine, state: AxisAlliesState, seat: int, moves: Sequence[AxisAlliesMove]
                     ) -> Sequence[AxisAlliesMove]:
    """A placement planned unit by unit, its orders sorted by territory (so each territory's
    units are one order), where that places the same units in the same places."""
    places = list(moves[:-1] if moves and moves[-1].kind == "end" else moves)
    if len(places) < 2 or any(m.kind != "place" for m in places):
        return moves
    order = sorted(places, key=lambda m: _target(m) or "") + list(moves[len(places):])
    try:
        as_planned, sorted_ = state, state
        for move in moves:
            as_planned = engine.apply(as_planned, seat, move)
        for move in order:
            sorted_ = engine.apply(sorted_, seat, move)
    except MoveError:
        return moves
    return order if _placed_alike(as_planned, sorted_) else moves


def _placed_alike(a: AxisAlliesState, b: AxisAlliesState) -> bool:
    """The same position but for the ids the new units got (they are numbered as placed)."""
    def units(state: AxisAlliesState) -> list[str]:
        return sorted(repr(u.model_dump(exclude={"id"})) for u in state.units)

    exclude = set(UNCOMPARED) | {"units"}
    return units(a) == units(b) and a.model_dump(exclude=exclude) == b.model_dump(exclude=exclude)


def never(engine: Engine, state: AxisAlliesState, seat: int, move: AxisAlliesMove) -> bool:
    """A move no level plays, even one searching every legal move now and then
    (``Budget.freehand``): a move of the combat or non-combat move after which more of the
    power's aircraft could reach no landing (``stranded_aircraft``), and units that cannot hit
    (a transport) sent into a battle none of their side's fighting units are in (``_suicide``)."""
    if move.kind != "move" or state.phase not in ("combat_move", "noncombat_move") or len(move.path) < 2:
        return False
    if state.phase == "combat_move" and _defended(state, move.path[-1], _side(state)[state.power]):
        return _suicide(state, move)
    return _strands(state, move)


KNOWLEDGE = Knowledge(evaluate=evaluate, candidates=candidates, rollout_move=rollout_move, rollout_depth=0,
                      phase=phase, group=grouped, never=never, notes=__doc__ or "")
