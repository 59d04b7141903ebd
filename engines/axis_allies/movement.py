"""Which moves are legal in the combat move and the non-combat move, as pure functions.

A move is a :class:`MoveOrder`: some units of the acting power and the path they take, from
the territory or sea zone they stand in to their destination, both ends included.
:func:`check_move` refuses an illegal order with an :class:`IllegalMoveError`
(``axis_allies.<code>``, with the unit, territory etc. in ``params``) or returns a
:class:`MovePlan` that says what happens: where each unit ends up and with how much movement
spent, whether a battle starts, what is conquered on the way, which AA guns fire. The plan
changes nothing; the turn applies it. :func:`reachable` lists where one unit may go, for hints.

Three shapes of order (decision M9 in ``docs/games/axis_allies.md``, "Movement"):

* **move**: any units along a path of neighbouring territories/sea zones. Transports carry
  their cargo along, carriers their fighters.
* **load**: ``transport`` set, land units and the path ``(land, sea zone)``.
* **unload**: land units aboard transports and the path ``(sea zone, land)``.

Rulebook places are the Dutch 2nd-edition text (``axis-and-allies.nl.md``):
"Aktie 2" (the combat move), "Aktie 4" (the non-combat move), each unit's "Hoe ze bewegen",
the neutrals, and Appendix II (illustrated moves).

>>> from engines.axis_allies.options import AxisAlliesOptions
>>> from engines.axis_allies.state import initial_state
>>> from engines.core.evolve import evolve
>>> s = evolve(initial_state(AxisAlliesOptions()), power="germany")
>>> attack = MoveOrder(units=(18,), path=("eastern_europe", "karelia_ssr"))
>>> plan = check_move(s, "germany", attack, "combat_move")
>>> plan.battle, plan.updates[0].at, plan.updates[0].moved      # armour 18 attacks Karelia
('land', 'karelia_ssr', 1)
>>> plan = check_move(s, "germany", MoveOrder(units=(19,), path=attack.path), "combat_move")
>>> [(f.territory, f.aircraft) for f in plan.aa_fire]          # the Soviet AA gun fires at fighter 19
[('karelia_ssr', (19,))]
>>> check_move(s, "germany", MoveOrder(units=(20,), path=("eastern_europe", "ukraine_ssr", "caucasus")),
...            "combat_move")
Traceback (most recent call last):
...
engines.core.errors.IllegalMoveError: infantry 20 has 1 movement left, the path takes 2
>>> sorted(reachable(s, "germany", 20, "noncombat_move").items())   # infantry: one step, friendly only
[('germany', 1), ('southern_europe', 1), ('sz_baltic_sea', 1), ('ukraine_ssr', 1)]
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from typing import Literal

from engines.axis_allies.map import named
from engines.axis_allies.state import AxisAlliesState, Unit
from engines.axis_allies.units import UNITS
from engines.core.contract import Frozen
from engines.core.errors import IllegalMoveError

MovePhase = Literal["combat_move", "noncombat_move"]
MOVE_PHASES: tuple[MovePhase, ...] = ("combat_move", "noncombat_move")
BattleKind = Literal["land", "sea", "amphibious", "bombing"]
Status = Literal["sea", "friendly", "enemy", "neutral"]

NEUTRAL_FEE = 3
"""IPCs the first power to enter a neutral pays the bank (neutrals: "Betaal dan de bank een
boete van 3 IPC's ... slechts eenmaal ... en alleen door de speler die de neutraliteit ...
heeft geschonden")."""
LONG_RANGE_BONUS = 2
"""Long-range aircraft: fighters 6, bombers 8 (rules notes, "Weapons development")."""


class MoveOrder(Frozen):
    """Units of the acting power and the path they take, start and destination included.

    ``transport`` makes it a load order (path ``(land, sea zone)``); land units aboard
    transports with the path ``(sea zone, land)`` make it an unload order (``transport`` may
    then name the transport they must be on). ``bombing`` asks for a strategic bombing raid:
    bombers only, against an enemy industrial complex.
    """

    units: tuple[int, ...]
    path: tuple[str, ...]
    bombing: bool = False
    transport: int | None = None


class UnitUpdate(Frozen):
    """A unit's fields after the move (the others stay): apply with ``evolve(unit, ...)``."""

    id: int
    at: str
    moved: int
    combat: bool
    carried_by: int | None
    lands_in: str | None = None
    unloaded_into: str | None = None


class AaGunOnPath(Frozen):
    """An enemy AA gun in a territory the aircraft fly over or into: one die per aircraft, a 1 hits
    (``combat.aa_fire(territory, gun_power, aircraft)`` rolls it)."""

    territory: str
    gun: int
    gun_power: str
    aircraft: tuple[int, ...]


class MovePlan(Frozen):
    """What a legal order does. Nothing is applied: the turn does that."""

    kind: Literal["move", "load", "unload"]
    path: tuple[str, ...]
    updates: tuple[UnitUpdate, ...]
    """New position, movement spent, combat flag and carrier of every unit the order touches:
    the units ordered, the cargo and fighters riding along, the transports that unload."""
    battle: BattleKind | None = None
    """The destination becomes a battle: ``land`` (attack on an enemy-held land territory with
    defenders), ``sea`` (into a sea zone with enemy units), ``amphibious`` (unloading into
    defended enemy land) or ``bombing`` (a strategic bombing raid)."""
    conquered: tuple[str, ...] = ()
    """Land territories this power takes without a battle, in path order: blitzed territories,
    an undefended enemy destination, an entered neutral."""
    blitzed: tuple[str, ...] = ()
    """The part of ``conquered`` that armour passed through."""
    captured: tuple[int, ...] = ()
    """Enemy AA guns and industrial complexes standing in ``conquered`` territories; what becomes
    of them is the conquest's business (``economy.conquer``)."""
    neutral: str | None = None
    """A neutral entered for the first time; this power pays ``neutral_fee``."""
    neutral_fee: int = 0
    aa_fire: tuple[AaGunOnPath, ...] = ()
    """Combat move only, in path order, each territory once: the territories flown over and the
    destination, except a bombing raid's target, whose gun fires in the raid."""
    loaded: tuple[int, ...] = ()
    unloaded: tuple[int, ...] = ()
    landing: bool = False
    """An unload from a sea zone with enemy units (decision M11): the units stay aboard with
    ``lands_in`` set and go ashore when the sea battle there is won."""
    carried: tuple[int, ...] = ()
    """Units that ride along on a transport or carrier of the order without moving themselves."""


class Landings(Frozen):
    """The end of the non-combat move for aircraft (:func:`landings`)."""

    landed: tuple[UnitUpdate, ...] = ()
    """Fighters over a sea zone set down on a friendly carrier there."""
    lost: tuple[int, ...] = ()
    """Aircraft with nowhere to land: removed from the board."""


def taken_this_turn(state: AxisAlliesState) -> frozenset[str]:
    """Land territories conquered this turn (they do not count as "held since the start of the turn").

    Read from ``state.conquered``, a field proposed for ``state.py``; without it every friendly
    territory counts as held since the start of the turn.
    """
    return frozenset(getattr(state, "conquered", ()))


def _illegal(code: str, text: str, **params: object) -> IllegalMoveError:
    return IllegalMoveError(code, text, **named(params))


def _refuse(code: str, u: Unit, text: str, **params: object) -> IllegalMoveError:
    """An error about one unit: ``params`` name it (``unit``, ``kind``) and the rest."""
    return IllegalMoveError(code, f"{u.kind} {u.id} {text}", unit=u.id, kind=u.kind, **named(params))


class Board:
    """One position seen by the acting power: lookups computed once, answers kept as they are
    asked. A caller that asks many questions of one position builds it once and passes it on
    (``board=``); every function below builds its own otherwise."""

    def __init__(self, state: AxisAlliesState, power: str) -> None:
        self.state = state
        self.power = power
        self.map = state.map
        self.sides = {p.id: p.side for p in self.map.powers}
        if power not in self.sides:
            raise _illegal("axis_allies.unknown_power", f"no power {power!r}", power=power)
        self.side = self.sides[power]
        self.taken = taken_this_turn(state)
        # A dict of its own: ``state.owner_map`` is shared through its cache (keyed by the owners tuple).
        self.owners = dict(state.owners)
        self.by_id = {u.id: u for u in state.units}
        self.at: dict[str, list[Unit]] = {}
        for u in state.units:
            self.at.setdefault(u.at, []).append(u)
        self._aboard: dict[str, dict[int, list[Unit]]] = {}
        # Answers about this one position, kept for the thousands of orders checked against it.
        self._status: dict[str, Status] = {}
        self._enemies: dict[str, list[Unit]] = {}
        self._defenders: dict[str, list[Unit]] = {}
        self._canals: dict[tuple[str, str], str | None] = {}
        self._movement: dict[tuple[str, str], int] = {}
        self._sea_reach: dict[tuple[str, int, MovePhase, bool], dict[str, int]] = {}
        self.carrier_zones: dict[frozenset[int], set[str]] = {}
        """:func:`_future_carrier_zones` without the moving carriers' destination, by moving ids."""
        self.paths: dict[tuple[int, MovePhase], dict[str, tuple[str, ...]]] = {}
        """:func:`_shortest_paths` by unit id and phase."""

    # --- places -------------------------------------------------------------------------------

    def is_sea(self, tid: str) -> bool:
        return self.map.is_sea(tid)

    def friend(self, power: str) -> bool:
        return self.sides[power] == self.side

    def status(self, tid: str) -> Status:
        known = self._status.get(tid)
        if known is None:
            known = self._status[tid] = self._find_status(tid)
        return known

    def _find_status(self, tid: str) -> Status:
        if self.is_sea(tid):
            return "sea"
        owner = self.owners.get(tid)
        if owner is None:
            return "neutral"
        return "friendly" if self.friend(owner) else "enemy"

    def units_at(self, tid: str) -> list[Unit]:
        return self.at.get(tid, [])

    def enemies(self, tid: str) -> list[Unit]:
        """Enemy units in ``tid`` (a list kept for the board: callers read it, never change it)."""
        known = self._enemies.get(tid)
        if known is None:
            known = self._enemies[tid] = [u for u in self.units_at(tid) if not self.friend(u.power)]
        return known

    def defenders(self, tid: str) -> list[Unit]:
        """Enemy units that fight; AA guns and factories (defence 0) never do ("Aktie 3")."""
        known = self._defenders.get(tid)
        if known is None:
            known = self._defenders[tid] = [u for u in self.enemies(tid) if UNITS[u.kind].defence > 0]
        return known

    def hostile(self, tid: str) -> bool:
        """Enemy-held land, or a sea zone with enemy units in it."""
        return bool(self.enemies(tid)) if self.is_sea(tid) else self.status(tid) == "enemy"

    def held_since_start(self, tid: str) -> bool:
        """Friendly land that was not conquered this turn."""
        return self.status(tid) == "friendly" and tid not in self.taken

    def closed_canal(self, a: str, b: str) -> str | None:
        """The canal between sea zones ``a`` and ``b`` if this power may not use it (its land not all
        held by the power's side since the start of the turn), else ``None``."""
        if (a, b) not in self._canals:
            self._canals[(a, b)] = next(
                (canal.id for canal in self.map.canals
                 if {a, b} == set(canal.sea_zones) and not all(self.held_since_start(t) for t in canal.land)),
                None,
            )
        return self._canals[(a, b)]

    # --- units --------------------------------------------------------------------------------

    def movement(self, u: Unit) -> int:
        key = (u.kind, u.power)
        if key not in self._movement:
            figure = UNITS[u.kind]
            bonus = figure.domain == "air" and "long_range_aircraft" in self.state.techs.get(u.power, ())
            self._movement[key] = figure.movement + (LONG_RANGE_BONUS if bonus else 0)
        return self._movement[key]

    def aboard(self, zone: str) -> dict[int, list[Unit]]:
        """Carrier id -> fighters on it, for every carrier in a sea zone.

        A fighter counts as aboard when ``carried_by`` names the carrier, and also when it sits in
        a sea zone without ``carried_by`` and has not moved this turn (the opening set-up puts
        fighters at sea without naming their carrier): such a fighter is given to a carrier of its
        side with room there, its own power's first, lowest id first.
        """
        if zone not in self._aboard:
            here = self.units_at(zone)
            carriers = [u for u in here if UNITS[u.kind].carrier_capacity]
            load = {c.id: [u for u in here if u.carried_by == c.id] for c in carriers}
            parked = [u for u in here
                      if u.carried_by is None and UNITS[u.kind].carrier_cost and u.moved == 0]
            for f in parked:
                for c in sorted(carriers, key=lambda c: (c.power != f.power, c.id)):
                    same_side = self.sides[c.power] == self.sides[f.power]
                    if same_side and _room(c, load[c.id]) >= _carrier_cost(f):
                        load[c.id].append(f)
                        break
            self._aboard[zone] = load
        return self._aboard[zone]

    def riders(self, ship: Unit) -> list[Unit]:
        """The cargo of a transport or the fighters on a carrier."""
        if UNITS[ship.kind].carrier_capacity:
            return list(self.aboard(ship.at).get(ship.id, []))
        return [u for u in self.units_at(ship.at) if u.carried_by == ship.id]

    def carrier_room(self, carrier: Unit, leaving: set[int]) -> int:
        return _room(carrier, [f for f in self.aboard(carrier.at)[carrier.id] if f.id not in leaving])

    def sea_reach(self, start: str, steps: int, phase: MovePhase, *,
                  enemies_stop: bool = True) -> dict[str, int]:
        """Sea zones a ship in ``start`` can end in within ``steps`` (Appendix II, "Beweging van
        vlooteenheden"): canals must be open, a zone with enemy units stops the ship, and in the
        non-combat move such a zone may not be entered at all. ``enemies_stop=False`` looks past
        enemy ships (they may be sunk before the non-combat move: decision M5)."""
        key = (start, steps, phase, enemies_stop)
        if key not in self._sea_reach:
            self._sea_reach[key] = self._find_sea_reach(start, steps, phase, enemies_stop)
        return self._sea_reach[key]

    def _find_sea_reach(self, start: str, steps: int, phase: MovePhase, enemies_stop: bool) -> dict[str, int]:
        dist = {start: 0}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            if dist[here] == steps or (enemies_stop and here != start and self.hostile(here)):
                continue
            for nxt in sorted(self.map.neighbours(here)):
                if nxt in dist or not self.is_sea(nxt) or self.closed_canal(here, nxt):
                    continue
                if enemies_stop and phase == "noncombat_move" and self.hostile(nxt):
                    continue
                dist[nxt] = dist[here] + 1
                queue.append(nxt)
        return dist


def _board(state: AxisAlliesState, power: str, board: Board | None) -> Board:
    """``board`` when the caller built one for this position (it asks many questions of it:
    listing the legal moves checks thousands of orders against one position), else a new one."""
    if board is None:
        return Board(state, power)
    assert board.state is state and board.power == power, "a board of another position"
    return board


def _carrier_cost(u: Unit) -> int:
    return UNITS[u.kind].carrier_cost or 0


def _room(carrier: Unit, riders: Iterable[Unit]) -> int:
    return (UNITS[carrier.kind].carrier_capacity or 0) - sum(_carrier_cost(f) for f in riders)


def _transport_room(transport: Unit, cargo: Iterable[Unit]) -> int:
    taken = sum(UNITS[u.kind].transport_cost or 0 for u in cargo)
    return (UNITS[transport.kind].transport_capacity or 0) - taken


def _domain(u: Unit) -> str:
    return UNITS[u.kind].domain


def _update(u: Unit, **changes: object) -> UnitUpdate:
    """``u``'s :class:`UnitUpdate` with ``changes`` (``at``, ``moved``, ``combat``, ``carried_by``,
    ``lands_in``, ``unloaded_into``)."""
    fields = {"at": u.at, "moved": u.moved, "combat": u.combat, "carried_by": u.carried_by,
              "lands_in": u.lands_in, "unloaded_into": u.unloaded_into}
    return UnitUpdate(id=u.id, **{**fields, **changes})  # type: ignore[arg-type]


# --- the entry points ---------------------------------------------------------------------------


def check_move(state: AxisAlliesState, power: str, order: MoveOrder, phase: MovePhase, *,
               board: Board | None = None) -> MovePlan:
    """The plan of a legal order of ``power``'s units in ``phase``; :class:`IllegalMoveError` otherwise.

    "Aktie 2" (the combat move) and "Aktie 4" (the non-combat move); the shape of the order
    decides whether it is a move, a load or an unload (module docstring).
    """
    if phase not in MOVE_PHASES:
        raise _illegal("axis_allies.not_a_move_phase", f"{phase!r} is not a movement phase", phase=phase)
    board = _board(state, power, board)
    units = _order_units(board, order)
    for tid in order.path:
        if tid not in board.map.territories:
            raise _illegal("axis_allies.unknown_territory", f"no territory {tid!r}", territory=tid)
    if len(order.path) < 2:
        raise _illegal("axis_allies.path_too_short", "a path names the start and the destination",
                       path=order.path)
    for a, b in zip(order.path, order.path[1:], strict=False):
        if b not in board.map.neighbours(a):
            raise _illegal("axis_allies.not_adjacent", f"{a} does not border {b}", territory=a, to=b)
    for u in units:
        if u.at != order.path[0]:
            raise _refuse("axis_allies.not_at_start", u, f"is in {u.at}, not {order.path[0]}",
                          territory=u.at, start=order.path[0])
    if order.bombing and (order.transport is not None or any(u.kind != "bomber" for u in units)):
        odd = next((u for u in units if u.kind != "bomber"), units[0])
        raise _refuse("axis_allies.bombing_bombers_only", odd, "cannot bomb: only bombers do")
    if board.is_sea(order.path[0]) and any(_domain(u) == "land" for u in units):
        plan = _unload(board, units, order, phase)
    elif order.transport is not None:
        plan = _load(board, units, order, phase)
    else:
        plan = _travel(board, units, order, phase)
    if phase == "combat_move":
        _check_raids(board, order, plan)
    return plan


def check_distance(state: AxisAlliesState, power: str, unit_ids: Iterable[int], start: str, dest: str, *,
                   board: Board | None = None) -> None:
    """An order written with its two ends gets its route filled in (``turn.full_path``); when no
    route was found because ``dest`` lies beyond a unit's movement, refuse it saying how far it is
    (``too_far_away``) rather than that the two ends do not border."""
    board = _board(state, power, board)
    for u in (board.by_id[i] for i in unit_ids if i in board.by_id):
        if u.at != start or u.carried_by is not None:
            continue
        left = board.movement(u) - u.moved
        steps = _spaces(board, _domain(u), start, dest)
        if steps is not None and steps > left:
            raise _refuse("axis_allies.too_far_away", u, f"{dest} is {steps} spaces from {start}, with {left} left",
                          territory=start, to=dest, steps=steps, left=left)


def _spaces(board: Board, domain: str, start: str, dest: str) -> int | None:
    """The fewest spaces from ``start`` to ``dest`` for a unit of ``domain`` (aircraft over any
    space, ships by sea, land units by land), whoever holds them; ``None`` if it cannot get there."""
    dist = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        if here == dest:
            return dist[here]
        for nxt in sorted(board.map.neighbours(here)):
            if nxt in dist or (domain == "sea" and not board.is_sea(nxt)) or (domain == "land" and board.is_sea(nxt)):
                continue
            dist[nxt] = dist[here] + 1
            queue.append(nxt)
    return None


def _check_raids(board: Board, order: MoveOrder, plan: MovePlan) -> None:
    """A raided territory is neither fought over nor taken in the same combat move (decision 25).

    Bombers raid the industry or join the battle, never both in one territory: a raid is not
    flown where the power's units already went this combat move, and no battle is started where
    it raids. A raid is flown against the complex of "uw vijand": land units do not take the
    raided territory (walking in, blitzing through, unloading, or a landing that waits for a sea
    battle), and no raid is flown against land such a landing will take. A bomber joins a raid
    with a raid order (``bomb``), whose target gun fires in the raid, never with a plain move."""
    raids = board.state.raids
    dest = plan.path[-1]
    if order.bombing:
        if dest not in raids and any(u.power == board.power and u.combat for u in board.units_at(dest)):
            raise _illegal("axis_allies.raid_and_battle", f"{dest} is attacked: no raid there too", territory=dest)
        if any(u.power == board.power and u.lands_in == dest for u in board.state.units):
            raise _illegal("axis_allies.raid_and_conquest", f"{dest} is being landed on: no raid there too",
                           territory=dest)
        return
    if not raids:
        return
    if dest in raids and plan.battle in ("land", "amphibious"):
        raise _illegal("axis_allies.raid_and_battle", f"{dest} is raided: no battle there too", territory=dest)
    if dest in raids and any(board.by_id[i].kind == "bomber" for i in order.units):
        # Its gun would fire at the bomber on arrival and again in the raid.
        raise _illegal("axis_allies.raid_join_with_bomb", f"a bomber joins the raid on {dest} with bomb",
                       territory=dest)
    taken = [t for t in (*plan.conquered, *((dest,) if plan.landing else ())) if t in raids]
    if taken:
        raise _illegal("axis_allies.raid_and_conquest", f"{taken[0]} is raided: it is not taken this combat move",
                       territory=taken[0])


def reachable(state: AxisAlliesState, power: str, unit_id: int, phase: MovePhase, *,
              board: Board | None = None) -> dict[str, int]:
    """Where one unit may go in ``phase``, with the movement it takes (for hints and autocomplete).

    Every destination is checked with :func:`check_move` on the shortest path the unit may take,
    so a hint is never refused. Loading (a sea zone next to a land unit, with an own transport
    that has room) and unloading (land next to the transport) count as 1.

    >>> from engines.axis_allies.options import AxisAlliesOptions
    >>> from engines.axis_allies.state import initial_state
    >>> s = initial_state(AxisAlliesOptions())
    >>> reach = reachable(s, "germany", 41, "combat_move")         # armour 41 in Germany
    >>> reach["karelia_ssr"], reach["spain"], reach["sz_baltic_sea"]  # attack, neutral, transport 106
    (2, 2, 1)
    >>> "spain" in reachable(s, "germany", 41, "noncombat_move")     # neutrals only in the combat move
    False
    """
    board = _board(state, power, board)
    return {dest: cost for dest, cost, orders in destinations(state, power, unit_id, phase, board=board)
            if allowed(state, power, orders, phase, board=board)}


def destinations(state: AxisAlliesState, power: str, unit_id: int, phase: MovePhase, *,
                 board: Board | None = None) -> list[tuple[str, int, tuple[Order, ...]]]:
    """Where one unit might go, by destination id: (destination, movement it takes, the orders to
    try there in turn), nothing checked yet. :func:`reachable` keeps the destinations where one of
    the orders is :func:`allowed`; autocomplete checks only the destinations it shows."""
    board = _board(state, power, board)
    unit = board.by_id.get(unit_id)
    if unit is None or unit.power != power or phase not in MOVE_PHASES:
        return []
    found: dict[str, tuple[int, list[Order]]] = {}

    def candidate(path: tuple[str, ...], cost: int, transport: int | None = None) -> None:
        found.setdefault(path[-1], (cost, []))[1].append((unit_id, path, transport))

    if _domain(unit) == "land" and unit.carried_by is not None:
        for land in sorted(board.map.neighbours(unit.at)):
            if not board.is_sea(land):
                candidate((unit.at, land), 1)
    else:
        for path in _shortest_paths(board, unit, phase).values():
            candidate(path, len(path) - 1)
        if _domain(unit) == "land" and UNITS[unit.kind].transport_cost is not None:
            for zone in sorted(board.map.neighbours(unit.at)):
                if not board.is_sea(zone):
                    continue
                for t in board.units_at(zone):
                    if t.power == power and UNITS[t.kind].transport_capacity:
                        candidate((unit.at, zone), 1, t.id)
    return [(dest, cost, tuple(orders)) for dest, (cost, orders) in sorted(found.items())]


Order = tuple[int, tuple[str, ...], int | None]
"""A one-unit order as :func:`destinations` lists it: (unit id, path, transport); plain data, as
most are never checked (a :class:`MoveOrder` costs more to build than to compare)."""


def allowed(state: AxisAlliesState, power: str, orders: Iterable[Order], phase: MovePhase, *,
            board: Board | None = None) -> bool:
    """Whether one of ``orders`` passes :func:`check_move`."""
    board = _board(state, power, board)
    for unit_id, path, transport in orders:
        try:
            check_move(state, power, MoveOrder(units=(unit_id,), path=path, transport=transport), phase, board=board)
        except IllegalMoveError:
            continue
        return True
    return False


def routes(state: AxisAlliesState, power: str, unit_id: int, phase: MovePhase, *,
           board: Board | None = None) -> dict[str, tuple[str, ...]]:
    """Destination -> a shortest path the unit may try (not yet checked: :func:`check_move`
    decides), for orders written with their two ends only (``move 1 arm Germany -> Karelia``)."""
    board = _board(state, power, board)
    unit = board.by_id.get(unit_id)
    if unit is None or unit.power != power or phase not in MOVE_PHASES:
        return {}
    return _shortest_paths(board, unit, phase)


def landings(state: AxisAlliesState, power: str, *, board: Board | None = None) -> Landings:
    """At the end of the non-combat move, where ``power``'s aircraft come down ("Aktie 4": "Japan
    moet alle aanvallende vliegtuigen in deze zet laten landen").

    An aircraft on friendly land held since the start of the turn, or a fighter aboard a carrier,
    stays. A fighter over a sea zone is set down on a friendly carrier there if one has room.
    Every other aircraft is lost (decision M6).
    """
    board = _board(state, power, board)
    landed: list[UnitUpdate] = []
    lost: list[int] = []
    extra: dict[int, int] = {}
    for u in state.units:
        if u.power != power or _domain(u) != "air":
            continue
        if not board.is_sea(u.at):
            if not board.held_since_start(u.at):
                lost.append(u.id)
            continue
        carrier = next((cid for cid, fighters in board.aboard(u.at).items() if any(f.id == u.id for f in fighters)),
                       None)
        if carrier is not None:
            if u.carried_by != carrier:  # a fighter counted aboard now sits on that carrier by name
                landed.append(_update(u, carried_by=carrier))
            continue
        spot = None
        if UNITS[u.kind].carrier_cost:
            carriers = [c for c in board.units_at(u.at)
                        if c.id in board.aboard(u.at) and board.friend(c.power)]
            for c in sorted(carriers, key=lambda c: (c.power != power, c.id)):
                if board.carrier_room(c, set()) - extra.get(c.id, 0) >= _carrier_cost(u):
                    spot = c
                    break
        if spot is None:
            lost.append(u.id)
        else:
            extra[spot.id] = extra.get(spot.id, 0) + _carrier_cost(u)
            landed.append(_update(u, carried_by=spot.id))
    return Landings(landed=tuple(landed), lost=tuple(lost))


# --- the order's units ---------------------------------------------------------------------------


def _order_units(board: Board, order: MoveOrder) -> list[Unit]:
    """The units of an order: at least one, each once, each existing and the acting power's own."""
    if not order.units:
        raise _illegal("axis_allies.no_units", "the order names no units")
    if len(set(order.units)) != len(order.units):
        twice = next(i for i in order.units if order.units.count(i) > 1)
        raise _illegal("axis_allies.duplicate_unit", f"unit {twice} is named twice", unit=twice)
    units = []
    for uid in order.units:
        u = board.by_id.get(uid)
        if u is None:
            raise _illegal("axis_allies.unknown_unit", f"no unit {uid}", unit=uid)
        if u.power != board.power:
            raise _refuse("axis_allies.not_your_unit", u, f"belongs to {u.power}", power=u.power)
        units.append(u)
    return units


def _neutral_entry(board: Board, tid: str, phase: MovePhase, u: Unit) -> None:
    """Entering an untouched neutral is an attack on it: combat move only (so never an AA gun:
    :func:`_aa_gun_stays`), 3 IPCs."""
    if phase == "noncombat_move":
        raise _refuse("axis_allies.neutral_noncombat", u,
                      f"cannot enter neutral {tid} in the non-combat move", territory=tid)
    money = board.state.ipcs.get(board.power, 0)
    if money < NEUTRAL_FEE:
        raise _illegal("axis_allies.neutral_fee",
                       f"entering {tid} costs {NEUTRAL_FEE} IPCs, you have {money}",
                       territory=tid, fee=NEUTRAL_FEE, ipcs=money)


def _enemy_land_entry(board: Board, tid: str, phase: MovePhase, u: Unit) -> None:
    """Land units enter enemy land only in the combat move, where AA guns do not move (their "Hoe
    ze bewegen": "nooit als aanvalsstuk"; :func:`_aa_gun_stays`)."""
    if phase == "noncombat_move":
        raise _refuse("axis_allies.enemy_territory_noncombat", u,
                      f"cannot enter enemy {tid} in the non-combat move", territory=tid)


def _land_route(board: Board, u: Unit, path: tuple[str, ...], phase: MovePhase) -> list[str]:
    """Check a land unit's path; return the territories it blitzes.

    Land units move along land borders (Appendix II, "Infanterie en Pantsers"). Friendly land
    lets them pass. Enemy land stops them, except empty enemy land in the combat move, which
    armour (the only land unit with 2 moves) blitzes and conquers on the way. A neutral stops
    them (decision M3).
    """
    blitzed = []
    for i, tid in enumerate(path[1:], start=1):
        last = i == len(path) - 1
        status = board.status(tid)
        if status == "sea":
            raise _refuse("axis_allies.land_unit_at_sea", u,
                          f"cannot walk into {tid}: load it onto a transport", territory=tid)
        if status == "friendly":
            continue
        if status == "neutral":
            if not last:
                raise _refuse("axis_allies.neutral_stops", u, f"must stop in neutral {tid}",
                              territory=tid)
            _neutral_entry(board, tid, phase, u)
            continue
        _enemy_land_entry(board, tid, phase, u)
        if not last:
            if board.defenders(tid):
                raise _refuse("axis_allies.must_stop", u, f"must stop in {tid}: enemy units defend it",
                              territory=tid)
            blitzed.append(tid)
    return blitzed


def _sea_route(board: Board, u: Unit, path: tuple[str, ...], phase: MovePhase) -> None:
    """Ships: up to 2 sea zones; a zone with enemy units stops them (Appendix II, "Beweging van
    vlooteenheden": "Als zeezone A door de vijand bezet is, dan mag uw vloot echter niet naar
    zeezone B"); in the non-combat move they may not enter one; canals need their land."""
    for i, tid in enumerate(path[1:], start=1):
        if not board.is_sea(tid):
            raise _refuse("axis_allies.ship_on_land", u, f"cannot sail onto {tid}", territory=tid)
        canal = board.closed_canal(path[i - 1], tid)
        if canal:
            raise _refuse("axis_allies.canal_closed", u,
                          f"cannot pass the {canal}: its land is not your side's since the turn began",
                          canal=canal, territory=tid)
        if board.enemies(tid):
            if phase == "noncombat_move":
                raise _refuse("axis_allies.enemy_fleet_noncombat", u,
                              f"cannot enter {tid} in the non-combat move: enemy ships are there",
                              territory=tid)
            if i < len(path) - 1:
                raise _refuse("axis_allies.fleet_blocked", u,
                              f"must stop in {tid}: enemy ships are there", territory=tid)


def _future_carrier_zones(board: Board, order: MoveOrder, moving_ids: set[int]) -> set[str]:
    """Sea zones where a fighter of this combat move can count on a carrier (decision M5).

    A friendly carrier with room where it is now (or, if it moves in this order, at the
    destination); or one of the power's own carriers that has not moved yet, anywhere it could
    sail in the non-combat move through open canals, enemy ships not counted (this turn's
    battles may sink them; if they do not, the fighter is lost at the end of the turn).
    """
    key = frozenset(moving_ids)
    zones = board.carrier_zones.get(key)
    if zones is None:  # the same for every destination of these units: once per board
        zones = set()
        for c in board.state.units:
            if not UNITS[c.kind].carrier_capacity or not board.friend(c.power) or c.id in moving_ids:
                continue
            if board.carrier_room(c, moving_ids) < 1:
                continue
            zones.add(c.at)
            if c.power == board.power and c.moved == 0 and not c.combat:
                zones.update(board.sea_reach(c.at, board.movement(c), "noncombat_move",
                                             enemies_stop=False))
        board.carrier_zones[key] = zones
    sailing = any(c.id in moving_ids and UNITS[c.kind].carrier_capacity and board.carrier_room(c, moving_ids) >= 1
                  for c in (board.by_id[i] for i in moving_ids if i in board.by_id))
    return zones | {order.path[-1]} if sailing else zones


def _can_reach_landing(board: Board, u: Unit, start: str, left: int,
                       carrier_zones: set[str]) -> bool:
    """Whether an aircraft in ``start`` with ``left`` moves can reach a place to land."""
    fighter = bool(UNITS[u.kind].carrier_cost)
    dist = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        if board.is_sea(here):
            if fighter and here in carrier_zones:
                return True
        elif board.held_since_start(here):
            return True
        if dist[here] < left:
            for nxt in board.map.neighbours(here):
                if nxt not in dist:
                    dist[nxt] = dist[here] + 1
                    queue.append(nxt)
    return False


def _check_bombing(board: Board, dest: str, phase: MovePhase) -> None:
    """A strategic bombing raid: combat move, against an enemy industrial complex (the bomber's
    "strategische bommenwerper aanval" on a "gebied met een industrieel complex")."""
    if phase != "combat_move":
        raise _illegal("axis_allies.bombing_noncombat", "bomb in the combat move", territory=dest)
    if board.status(dest) != "enemy" or not any(u.kind == "factory" for u in board.enemies(dest)):
        raise _illegal("axis_allies.bombing_target", f"{dest} has no enemy industrial complex",
                       territory=dest)


def _travel(board: Board, units: list[Unit], order: MoveOrder, phase: MovePhase) -> MovePlan:
    path = order.path
    dest, steps = path[-1], len(path) - 1
    combat = phase == "combat_move"
    ids = set(order.units)
    for u in units:
        domain = _domain(u)
        if domain == "building" or board.movement(u) == 0:
            raise _refuse("axis_allies.cannot_move", u, "never moves")
        if combat:
            _aa_gun_stays(u)
        if domain == "land" and u.carried_by is not None:
            raise _refuse("axis_allies.on_transport", u, "is aboard a transport: unload it",
                          transport=u.carried_by)
        if not combat and u.combat and domain != "air":
            raise _refuse("axis_allies.moved_in_combat", u, "moved in the combat move: it stays")
        if combat and u.moved > 0 and board.hostile(u.at):
            raise _refuse("axis_allies.in_battle", u, f"moved into a battle in {u.at}: it stays",
                          territory=u.at)
        left = board.movement(u) - u.moved
        if steps > left:
            raise _refuse("axis_allies.too_far", u, f"has {left} movement left, the path takes {steps}",
                          left=left, steps=steps)
    if order.bombing:
        _check_bombing(board, dest, phase)
    guns = [u for u in units if u.kind == "aa_gun"]
    if guns and (len(guns) > 1 or any(u.kind == "aa_gun" and u.id not in ids for u in board.units_at(dest))):
        # "Ze worden altijd op landgebieden geplaatst, 1 per gebied."
        raise _refuse("axis_allies.one_aa_gun", guns[0], f"{dest} would hold two AA guns", territory=dest)

    blitzed: list[str] = []
    carrier_zones: set[str] | None = None
    for u in units:
        domain = _domain(u)
        if domain == "land":
            blitzed += [t for t in _land_route(board, u, path, phase) if t not in blitzed]
        elif domain == "sea":
            _sea_route(board, u, path, phase)
            if UNITS[u.kind].carrier_capacity:
                landed = [f for f in board.riders(u)
                          if f.power == board.power and f.moved > 0 and f.id not in ids]
                if landed:
                    raise _refuse("axis_allies.carrier_fighters_landed", u,
                                  "stays: fighters landed on it this turn",
                                  fighters=tuple(f.id for f in landed))
        else:
            if board.status(dest) == "neutral":
                raise _refuse("axis_allies.air_into_neutral", u,
                              f"may fly over neutral {dest} but not end its move there", territory=dest)
            if combat:
                if carrier_zones is None:
                    carrier_zones = _future_carrier_zones(board, order, ids)
                left = board.movement(u) - u.moved - steps
                if not _can_reach_landing(board, u, dest, left, carrier_zones):
                    raise _refuse("axis_allies.cannot_land", u,
                                  f"would have {left} movement left after {dest}, "
                                  "too little to reach a place to land", territory=dest, left=left)
            elif not board.is_sea(dest) and not board.held_since_start(dest):
                raise _refuse("axis_allies.no_landing", u,
                              f"cannot land in {dest}: your side has not held it since the turn began",
                              territory=dest)
            elif board.is_sea(dest) and not UNITS[u.kind].carrier_cost:
                raise _refuse("axis_allies.bomber_on_carrier", u, "cannot land on a carrier",
                              territory=dest)
    decks = _land_on_carriers(board, units, order) if not combat and board.is_sea(dest) else {}

    domains = {_domain(u) for u in units}
    battle: BattleKind | None = None
    conquered = list(blitzed)
    neutral = None
    if order.bombing:
        battle = "bombing"
    elif combat and not board.is_sea(dest):
        status = board.status(dest)
        if status == "enemy" and board.defenders(dest) and domains & {"land", "air"}:
            battle = "land"
        elif status == "enemy" and "land" in domains:
            conquered.append(dest)
        elif status == "neutral":
            conquered.append(dest)
            neutral = dest
    elif combat and board.enemies(dest):
        battle = "sea"

    # A neutral ends a land unit's move (decision M3), also for a later order: its movement is spent.
    updates = [_update(u, at=dest, moved=board.movement(u) if neutral and _domain(u) == "land" else u.moved + steps,
                       combat=u.combat or combat, carried_by=decks.get(u.id)) for u in units]
    carried = []
    for ship in (u for u in units if _domain(u) == "sea"):
        for r in board.riders(ship):
            if r.id not in ids:
                carried.append(r.id)
                own = combat and r.power == board.power
                updates.append(_update(r, at=dest, combat=r.combat or own, carried_by=ship.id))
    aircraft = tuple(u.id for u in units if _domain(u) == "air")
    # A raid's target fires inside the raid (combat.bombing_raid), not here.
    flown = path[:-1] if order.bombing else path
    aa_fire = _aa_fire(board, flown, aircraft) if combat and aircraft else ()
    return MovePlan(
        kind="move", path=path, updates=tuple(updates), battle=battle, conquered=tuple(conquered),
        blitzed=tuple(blitzed), captured=_captured(board, conquered), neutral=neutral,
        neutral_fee=NEUTRAL_FEE if neutral else 0, aa_fire=aa_fire, carried=tuple(carried),
    )


def _land_on_carriers(board: Board, units: list[Unit], order: MoveOrder) -> dict[int, int]:
    """Non-combat move into a sea zone: put the order's fighters on friendly carriers with room there
    (own carriers first, lowest id first), counting carriers that sail there in the same order."""
    dest = order.path[-1]
    fighters = [u for u in units if _domain(u) == "air"]
    if not fighters:
        return {}
    ids = set(order.units)
    carriers = [c for c in board.units_at(dest)
                if UNITS[c.kind].carrier_capacity and board.friend(c.power) and c.id not in ids]
    carriers += [c for c in units if UNITS[c.kind].carrier_capacity]
    room = {c.id: board.carrier_room(c, ids) for c in carriers}
    decks: dict[int, int] = {}
    for f in fighters:
        for c in sorted(carriers, key=lambda c: (c.power != board.power, c.id)):
            if room[c.id] >= _carrier_cost(f):
                room[c.id] -= _carrier_cost(f)
                decks[f.id] = c.id
                break
        else:
            raise _refuse("axis_allies.carrier_full", f,
                          f"finds no friendly carrier with room in {dest}", territory=dest)
    return decks


def _aa_fire(board: Board, path: tuple[str, ...], aircraft: tuple[int, ...]) -> tuple[AaGunOnPath, ...]:
    """Enemy AA guns in the territories flown over or into, each once ("Hoe ze bewegen" of the
    fighter: "een rondje luchtafweer ... van elk luchtdoelkanon dat de vijand in de overvlogen
    gebieden heeft opgesteld")."""
    fire = []
    for tid in dict.fromkeys(path[1:]):
        guns = sorted((u for u in board.enemies(tid) if u.kind == "aa_gun"), key=lambda u: u.id)
        if guns:
            gun = guns[0]
            fire.append(AaGunOnPath(territory=tid, gun=gun.id, gun_power=gun.power, aircraft=aircraft))
    return tuple(fire)


def _captured(board: Board, conquered: Iterable[str]) -> tuple[int, ...]:
    return tuple(u.id for tid in conquered for u in board.enemies(tid) if UNITS[u.kind].defence == 0)


# --- transports -----------------------------------------------------------------------------------


def _load(board: Board, units: list[Unit], order: MoveOrder, phase: MovePhase) -> MovePlan:
    """Land units board an own transport in a sea zone next to their territory (decision M8).

    "Transportschepen ... vervoeren [landeenheden] van een kustgebied of eiland naar een ander".
    Boarding is the land unit's whole move; the transport may load before, during and after its
    own move, but not in a sea zone with enemy units.
    """
    land, zone = order.path[0], order.path[-1]
    combat = phase == "combat_move"
    if len(order.path) != 2 or board.is_sea(land) or not board.is_sea(zone):
        raise _illegal("axis_allies.load_path", "load from a land territory into a sea zone next to it",
                       path=order.path)
    t = board.by_id.get(order.transport)  # type: ignore[arg-type]
    if t is None or not UNITS[t.kind].transport_capacity:
        raise _illegal("axis_allies.not_a_transport", f"unit {order.transport} is not a transport",
                       unit=order.transport)
    if t.power != board.power:
        raise _refuse("axis_allies.not_your_unit", t, f"belongs to {t.power}", power=t.power)
    if t.at != zone:
        raise _refuse("axis_allies.transport_not_there", t, f"is in {t.at}, not {zone}",
                      territory=t.at, start=zone)
    if not combat and t.combat:
        raise _refuse("axis_allies.moved_in_combat", t, "moved in the combat move: it stays")
    if board.enemies(zone):
        raise _illegal("axis_allies.load_enemy_zone", f"enemy ships in {zone}: no loading there",
                       territory=zone)
    for u in units:
        if _domain(u) != "land" or UNITS[u.kind].transport_cost is None:
            raise _refuse("axis_allies.cannot_load", u, "cannot go aboard a transport")
        if combat:
            _aa_gun_stays(u)
        if u.moved > 0 or (not combat and u.combat):
            raise _refuse("axis_allies.load_moved", u, "has moved this turn: it cannot board")
    room = _transport_room(t, board.riders(t))
    need = sum(UNITS[u.kind].transport_cost or 0 for u in units)
    if need > room:
        raise _refuse("axis_allies.transport_full", t, f"has room for {room}, the units need {need}",
                      room=room, need=need)
    updates = tuple(_update(u, at=zone, moved=board.movement(u), combat=u.combat or combat,
                            carried_by=t.id) for u in units)
    return MovePlan(kind="load", path=order.path, updates=updates, loaded=tuple(u.id for u in units))


def _unload(board: Board, units: list[Unit], order: MoveOrder, phase: MovePhase) -> MovePlan:
    """Land units leave their transports for the land next to the sea zone (decisions M8, M11).

    Into friendly land in either move; into enemy land only in the combat move, an amphibious
    assault (a battle if the land is defended, a conquest if not); never an AA gun into enemy
    land, nor a second AA gun into one territory. The transports may not move any more this turn,
    nor may the units. In the combat move a transport unloads into one territory only. From a
    sea zone with enemy units the units only go on an amphibious assault, and they wait aboard
    until the sea battle there is won (``landing``). In the non-combat move a transport that
    fought a sea battle this turn and did not unload in the combat move may unload.
    """
    zone, land = order.path[0], order.path[-1]
    combat = phase == "combat_move"
    if len(order.path) != 2 or board.is_sea(land):
        raise _illegal("axis_allies.unload_path",
                       "unload from a sea zone into a land territory next to it", path=order.path)
    status = board.status(land)
    contested = bool(board.enemies(zone))
    transports: dict[int, Unit] = {}
    for u in units:
        if _domain(u) != "land" or u.carried_by is None or u.carried_by not in board.by_id:
            raise _refuse("axis_allies.not_aboard", u, "is not aboard a transport")
        if order.transport is not None and u.carried_by != order.transport:
            raise _refuse("axis_allies.not_aboard", u, f"is not aboard transport {order.transport}",
                          transport=order.transport)
        if u.lands_in is not None:
            raise _refuse("axis_allies.landing_waits", u,
                          f"goes ashore in {u.lands_in} once the sea battle in {zone} is won",
                          territory=u.lands_in, zone=zone)
        t = board.by_id[u.carried_by]
        if combat:
            _aa_gun_stays(u)
            if t.unloaded_into not in (None, land):
                raise _refuse("axis_allies.one_landing_per_transport", t,
                              f"unloaded into {t.unloaded_into} this turn: it unloads there or nowhere",
                              territory=t.unloaded_into)
        elif (u.combat or t.combat) and not _fought_at_sea(board, t):
            raise _refuse("axis_allies.moved_in_combat", u, "moved in the combat move: it stays")
        if status == "enemy":
            _enemy_land_entry(board, land, phase, u)
        elif status == "neutral":
            _neutral_entry(board, land, phase, u)
            if contested:
                raise _refuse("axis_allies.neutral_from_contested_zone", u,
                              f"cannot land in neutral {land} from {zone}, where enemy units are",
                              territory=land, zone=zone)
        elif contested:
            raise _refuse("axis_allies.unload_contested_zone", u,
                          f"cannot unload into {land} while enemy units are in {zone}: "
                          "only an amphibious assault lands from there", territory=land, zone=zone)
        transports[t.id] = t
    guns = [u for u in units if u.kind == "aa_gun"]
    if guns and (len(guns) > 1 or any(u.kind == "aa_gun" for u in board.units_at(land))):
        # "Ze worden altijd op landgebieden geplaatst, 1 per gebied."
        raise _refuse("axis_allies.one_aa_gun", guns[0], f"{land} would hold two AA guns", territory=land)
    battle: BattleKind | None = None
    conquered: tuple[str, ...] = ()
    if status == "enemy" and board.defenders(land):
        battle = "amphibious"
    elif status in ("enemy", "neutral") and not contested:
        conquered = (land,)
    if contested:
        updates = [_update(u, moved=board.movement(u), combat=True, lands_in=land) for u in units]
    else:
        updates = [_update(u, at=land, moved=board.movement(u), combat=u.combat or combat, carried_by=None)
                   for u in units]
    updates += [_update(t, moved=board.movement(t), combat=t.combat or combat, unloaded_into=land)
                for t in transports.values()]
    neutral = land if status == "neutral" else None
    return MovePlan(
        kind="unload", path=order.path, updates=tuple(updates), battle=battle, conquered=conquered,
        captured=_captured(board, conquered), neutral=neutral,
        neutral_fee=NEUTRAL_FEE if neutral else 0, unloaded=tuple(u.id for u in units), landing=contested,
    )


def _fought_at_sea(board: Board, transport: Unit) -> bool:
    """A transport that took part in a sea battle this turn and did not unload in the combat
    move (it may unload in the non-combat move: decision M12)."""
    return transport.at in board.state.sea_fights and transport.unloaded_into is None


def _aa_gun_stays(u: Unit) -> None:
    """AA guns do not move in the combat move, not even onto or off a transport (decision M13)."""
    if u.kind == "aa_gun":
        raise _refuse("axis_allies.aa_gun_combat_move", u, "does not move in the combat move")


# --- search for hints ----------------------------------------------------------------------------


def _shortest_paths(board: Board, unit: Unit, phase: MovePhase) -> dict[str, tuple[str, ...]]:
    """Destination -> a shortest path the unit may take, passing only places it may pass.

    Land units pass friendly land (and, in the combat move, undefended enemy land); ships pass
    sea zones without enemy units through open canals; aircraft pass anything. Whether the
    destination itself is allowed is :func:`check_move`'s business.
    """
    key = (unit.id, phase)
    if key not in board.paths:
        board.paths[key] = _find_shortest_paths(board, unit, phase)
    return board.paths[key]


def _find_shortest_paths(board: Board, unit: Unit, phase: MovePhase) -> dict[str, tuple[str, ...]]:
    domain = _domain(unit)
    if domain == "building":
        return {}
    left = board.movement(unit) - unit.moved
    prev: dict[str, str | None] = {unit.at: None}
    dist = {unit.at: 0}
    queue = deque([unit.at])
    while queue:
        here = queue.popleft()
        if dist[here] == left:
            continue
        if here != unit.at:
            status = board.status(here)
            blitz = phase == "combat_move" and status == "enemy" and not board.defenders(here)
            if domain == "land" and not (status == "friendly" or blitz):
                continue
            if domain == "sea" and board.enemies(here):
                continue
        for nxt in sorted(board.map.neighbours(here)):
            if nxt in dist:
                continue
            if domain == "land" and board.is_sea(nxt):
                continue
            if domain == "sea" and (not board.is_sea(nxt) or board.closed_canal(here, nxt)):
                continue
            dist[nxt] = dist[here] + 1
            prev[nxt] = here
            queue.append(nxt)
    paths = {}
    for dest in dist:
        if dest == unit.at:
            continue
        path = [dest]
        while (p := prev[path[-1]]) is not None:
            path.append(p)
        paths[dest] = tuple(reversed(path))
    return paths
