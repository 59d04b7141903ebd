"""Seats, money and territory: weapons development, purchase, placement, income, conquest,
liberation and victory (rulebook chapters 2, 3, 7, 8 and "Resultaten van ... gevechten").

Pure functions over ``AxisAlliesState``; the turn machine (``turn.py``) calls them.

>>> from engines.axis_allies.options import AxisAlliesOptions
>>> from engines.axis_allies.state import initial_state
>>> s = initial_state(AxisAlliesOptions(), seating(2))
>>> s.seats
(('ussr', 'uk', 'usa'), ('germany', 'japan'))
>>> unit_cost(s, "germany", "infantry"), purchase_cost(s, "germany", {"infantry": 3, "armour": 1})
(3, 14)
>>> income(s, "ussr"), placement_sites(s, "ussr", "infantry"), placement_sites(s, "ussr", "transport")
(24, ['karelia_ssr', 'russia'], ['sz_caspian_sea', 'sz_karelia'])
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.axis_allies.map import named
from engines.axis_allies.state import TECHS, AxisAlliesState, Tech, Unit
from engines.axis_allies.units import UNITS
from engines.core.contract import Result, Seat
from engines.core.errors import IllegalMoveError
from engines.core.evolve import evolve

TURN_ORDER = ("ussr", "germany", "uk", "japan", "usa")
SEATINGS: dict[int, tuple[tuple[str, ...], ...]] = {
    2: (("ussr", "uk", "usa"), ("germany", "japan")),
    3: (("ussr", "uk"), ("germany", "japan"), ("usa",)),
    4: (("ussr",), ("germany", "japan"), ("uk",), ("usa",)),
    5: (("ussr",), ("germany",), ("uk",), ("japan",), ("usa",)),
}
"""Which powers each seat plays (chapter 2, "Welke wereldmacht wilt u zijn?"; the table after
"2 SPELERS 1e speler: U.S.S.R." is lost: docs/games/axis_allies.md, decision 1). Each side
stays with one player where it can, and the first seat starts with the USSR."""
EVEN_SIDES: dict[int, tuple[tuple[str, ...], ...]] = {
    4: (("ussr", "uk"), ("germany",), ("japan",), ("usa",)),
}
"""The ``even_sides`` option's seating (decision 27): four players as two teams of two, each
Axis power a seat of its own, the Allies split by theatre (the USSR and the UK against Germany in
Europe, the USA against Japan in the Pacific). Seats in the turn order of their first power."""
TECH_DIE_COST = 5
"""IPCs per research die ("Aktie 1"): every 6 is a breakthrough."""
TECH_CHART: tuple[Tech, ...] = TECHS
"""The breakthrough chart, faces 1-6 in this order (decision 3)."""
NEUTRAL_ENTRY_COST = 3
"""Violating a neutral costs 3 IPCs once, paid by the first power to enter."""
NEW_FACTORIES = 4
"""Only four extra industrial complexes exist in the box."""
AXIS_ECONOMIC_VICTORY = 84
"""Economic victory (on by default, as TripleA's classic game ships it): the Axis win with 84 IPCs
of national production at the end of a round (TripleA ``Axis Economic Victory``)."""
ALLIED_ECONOMIC_VICTORY = 140
"""The Allies' economic victory (TripleA ``Allies Economic Victory``); with 147 IPCs on the board
and every capital worth 8 or more, 140 is reached only by holding every capital."""
CAPTURED = ("factory", "aa_gun")
"""Units that change hands with the territory they stand in (notes, "Capitals, plunder, liberation")."""


def refuse(code: str, **params: Any) -> IllegalMoveError:
    """An illegal move with its catalog code; the English fallback is for logs and tests."""
    params = named(params)
    detail = ", ".join(f"{k}={v}" for k, v in params.items())
    return IllegalMoveError(f"axis_allies.{code}", f"{code.replace('_', ' ')} ({detail})", **params)


def seating(players: int, even_sides: bool = False) -> tuple[tuple[str, ...], ...]:
    """The powers of each seat; ``even_sides``: the same number of seats on each side where
    ``EVEN_SIDES`` has such a seating (four players), else the standard one."""
    if players not in SEATINGS:
        raise ValueError(f"Axis & Allies is for 2 to 5 players, not {players}")
    if even_sides and players in EVEN_SIDES:
        return EVEN_SIDES[players]
    return SEATINGS[players]


def seat_of(state: AxisAlliesState, power: str) -> Seat:
    return next(seat for seat, powers in enumerate(state.seats) if power in powers)


def side(state: AxisAlliesState, power: str) -> str:
    return state.map.power(power).side


def friendly(state: AxisAlliesState, a: str | None, b: str | None) -> bool:
    return a is not None and b is not None and side(state, a) == side(state, b)


def capital_held(state: AxisAlliesState, power: str) -> bool:
    """Whether ``power`` holds its own capital (else it collects and buys nothing)."""
    return state.owner(state.map.power(power).capital) == power


# ---------------------------------------------------------------- purchase


def unit_cost(state: AxisAlliesState, power: str, kind: str) -> int:
    """The price of one unit; industrial technology takes 1 IPC off every unit."""
    cost = UNITS[kind].cost
    return cost - 1 if "industrial_technology" in state.techs.get(power, ()) else cost


def purchase_cost(state: AxisAlliesState, power: str, counts: Mapping[str, int]) -> int:
    return sum(unit_cost(state, power, kind) * n for kind, n in counts.items())


def check_purchase(state: AxisAlliesState, power: str, counts: Mapping[str, int]) -> int:
    """The cost of buying ``counts`` now (chapter 3, "Hoe koopt u militaire eenheden");
    refused without the money, or while the enemy holds the power's capital."""
    if not capital_held(state, power):
        raise refuse("capital_lost_no_purchase", capital=state.map.power(power).capital)
    if any(n < 1 for n in counts.values()) or not counts:
        raise refuse("buy_nothing")
    cost = purchase_cost(state, power, counts)
    if cost > state.ipcs[power]:
        raise refuse("not_enough_ipcs", cost=cost, ipcs=state.ipcs[power])
    factories = counts.get("factory", 0)
    waiting = dict(state.purchased).get("factory", 0)
    if factories and state.factories_built + waiting + factories > NEW_FACTORIES:
        raise refuse("no_factories_left", left=max(NEW_FACTORIES - state.factories_built - waiting, 0))
    return cost


# ---------------------------------------------------------------- placement


def has_factory(state: AxisAlliesState, territory: str) -> bool:
    return any(u.kind == "factory" for u in state.units_at(territory))


def placement_sites(state: AxisAlliesState, power: str, kind: str) -> list[str]:
    """Where a new unit of ``kind`` may go (chapter 7): land and air units in territories with
    an industrial complex held since the start of the turn; ships into a sea zone next to one,
    not holding enemy ships; a new complex on land held since the start of the turn without one."""
    held = set(state.held_at_start)
    gmap = state.map
    if kind == "factory":
        return sorted(t for t in held if not has_factory(state, t) and gmap.territories[t].ipc > 0)
    factories = sorted(t for t in held if has_factory(state, t) and t not in state.placed_factories)
    if kind == "aa_gun":
        # "1 per gebied": at most one AA gun in a territory.
        return [t for t in factories if not any(u.kind == "aa_gun" for u in state.units_at(t))]
    if UNITS[kind].domain == "sea":
        zones = {
            z
            for t in factories
            for z in gmap.neighbours(t)
            if gmap.territories[z].is_sea and not enemy_ships(state, power, z)
        }
        return sorted(zones)
    return factories


def enemy_ships(state: AxisAlliesState, power: str, zone: str) -> bool:
    return any(
        UNITS[u.kind].domain == "sea" and not friendly(state, u.power, power) for u in state.units_at(zone)
    )


def add_units(state: AxisAlliesState, power: str, kind: str, count: int, at: str) -> AxisAlliesState:
    new = tuple(Unit(id=state.next_id + i, kind=kind, power=power, at=at) for i in range(count))
    return evolve(state, units=state.units + new, next_id=state.next_id + count)


# ---------------------------------------------------------------- income


def production(state: AxisAlliesState, power: str) -> int:
    """National production: the IPC value of every land territory the power holds."""
    return sum(state.map.territories[t].ipc for t, p in state.owners if p == power)


def income(state: AxisAlliesState, power: str) -> int:
    """Chapter 8: the power collects its production, nothing while the enemy holds its capital."""
    return production(state, power) if capital_held(state, power) else 0


# ---------------------------------------------------------------- conquest


def set_owner(state: AxisAlliesState, territory: str, power: str) -> AxisAlliesState:
    owners = dict(state.owners)
    owners[territory] = power
    return evolve(state, owners=tuple(sorted(owners.items())))


def conquer(state: AxisAlliesState, territory: str, conqueror: str) -> AxisAlliesState:
    """A land territory taken by ``conqueror``'s land units ("Resultaten van zowel land- als
    zeegevechten"):

    - an ally's original territory is liberated: it goes back to that ally if the ally holds
      its capital (else the liberator keeps it); liberating an ally's capital also returns
      every original territory of that ally that friendly powers hold;
    - an enemy capital: the conqueror takes all of the victim's unspent IPCs;
    - industrial complexes and AA guns of the conqueror's enemies there change hands with the
      territory (decision 10). In the combat move the AA guns change hands only when it ends:
      they still fire at aircraft flying over later in that move (:func:`capture_aa_guns`).
    """
    gmap = state.map
    loser = state.owner(territory)
    original = gmap.territories[territory].owner
    new_owner = conqueror
    if (original is not None and original != conqueror and friendly(state, original, conqueror)
            and (capital_held(state, original) or gmap.power(original).capital == territory)):
        new_owner = original
    state = set_owner(state, territory, new_owner)
    state = _hand_over(state, territory, ("factory",) if state.phase == "combat_move" else CAPTURED)
    if loser is not None and not friendly(state, loser, conqueror) and gmap.power(loser).capital == territory:
        ipcs = dict(state.ipcs)
        ipcs[conqueror] += ipcs[loser]
        ipcs[loser] = 0
        state = evolve(state, ipcs=ipcs)
    if new_owner == original and original != conqueror and gmap.power(original).capital == territory:
        # The ally's capital is free again: its other original territories held by friends return.
        for tid, t in gmap.territories.items():
            holder = state.owner(tid)
            if t.owner == original and holder not in (None, original) and friendly(state, holder, original):
                state = set_owner(state, tid, original)
                state = _hand_over(state, tid, CAPTURED, from_friends=True)
    return state


def _hand_over(state: AxisAlliesState, territory: str, kinds: tuple[str, ...], *, from_friends: bool = False
               ) -> AxisAlliesState:
    """Units of ``kinds`` in ``territory`` go to its holder: those of the holder's enemies (a
    capture; a captured AA gun stays put this turn), or with ``from_friends`` those of its friends
    (an ally's capital freed: its land comes back "together with their ICs and AA guns")."""
    holder = state.owner(territory)
    units = tuple(
        evolve(u, power=holder, combat=u.combat or u.kind == "aa_gun")
        if u.at == territory and u.kind in kinds and u.power != holder
        and friendly(state, u.power, holder) == from_friends
        else u
        for u in state.units
    )
    return evolve(state, units=units)


def capture_aa_guns(state: AxisAlliesState) -> AxisAlliesState:
    """At the end of a combat move, AA guns in land taken in it change hands (decision 10; they
    fired at aircraft flying over until then)."""
    for territory in sorted({u.at for u in state.units if u.kind == "aa_gun"}):
        holder = state.owner(territory)
        if holder is not None and any(
            u.kind == "aa_gun" and not friendly(state, u.power, holder) for u in state.units_at(territory)
        ):
            state = _hand_over(state, territory, ("aa_gun",))
    return state


# ---------------------------------------------------------------- victory


def winners_of(state: AxisAlliesState, winning_side: str) -> tuple[Seat, ...]:
    return tuple(
        seat for seat, powers in enumerate(state.seats) if any(side(state, p) == winning_side for p in powers)
    )


def victory(state: AxisAlliesState) -> Result | None:
    """Checked at the end of each round (decision 11). Military victory: the Axis hold both
    their capitals and two of the three Allied capitals; the Allies hold their own three and
    both Axis capitals. ``total_victory``: every enemy capital. ``economic_victory`` (on by
    default): the Axis also win with 84 IPCs of national production, the Allies with 140.
    ``round_limit``: a draw after that many rounds."""
    gmap = state.map
    capitals = {p.id: p.capital for p in gmap.powers}
    by_side: dict[str, list[str]] = {"allies": [], "axis": []}
    for p in gmap.powers:
        by_side[p.side].append(p.id)

    def held_by(side_name: str, power: str) -> bool:
        holder = state.owner(capitals[power])
        return holder is not None and side(state, holder) == side_name

    axis_home = all(held_by("axis", p) for p in by_side["axis"])
    allied_home = all(held_by("allies", p) for p in by_side["allies"])
    axis_taken = sum(held_by("axis", p) for p in by_side["allies"])
    allies_taken = sum(held_by("allies", p) for p in by_side["axis"])
    need_axis = len(by_side["allies"]) if state.options.total_victory else 2
    if axis_home and axis_taken >= need_axis:
        return Result(winners=winners_of(state, "axis"), reason="axis_allies.axis_capitals", params={"taken": axis_taken})
    if allied_home and allies_taken == len(by_side["axis"]):
        return Result(winners=winners_of(state, "allies"), reason="axis_allies.allied_capitals", params={})
    if state.options.economic_victory:
        axis_production = sum(production(state, p) for p in by_side["axis"])
        if axis_production >= AXIS_ECONOMIC_VICTORY:
            return Result(
                winners=winners_of(state, "axis"),
                reason="axis_allies.economic_victory",
                params={"production": axis_production, "need": AXIS_ECONOMIC_VICTORY},
            )
        allied_production = sum(production(state, p) for p in by_side["allies"])
        if allied_production >= ALLIED_ECONOMIC_VICTORY:
            return Result(
                winners=winners_of(state, "allies"),
                reason="axis_allies.allied_economic_victory",
                params={"production": allied_production, "need": ALLIED_ECONOMIC_VICTORY},
            )
    if state.options.round_limit and state.round >= state.options.round_limit:
        return Result(draw=True, reason="axis_allies.round_limit", params={"rounds": state.options.round_limit})
    return None
