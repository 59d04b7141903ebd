"""Movement (engines/axis_allies/movement.py): combat move ("Aktie 2") and non-combat move ("Aktie 4").

Test names and docstrings carry the rulebook place (``axis-and-allies.nl.md``) or the
decision (M1.. in docs/games/axis_allies.md, "Movement"). Positions are hand-built: the opening
map and ownership with only the listed units on it (:func:`board`).
"""

from __future__ import annotations

from typing import Any

import pytest

from engines.axis_allies.movement import (
    NEUTRAL_FEE,
    MoveOrder,
    MovePlan,
    check_move,
    landings,
    reachable,
)
from engines.axis_allies.state import (
    AxisAlliesOptions,
    AxisAlliesState,
    Unit,
    initial_state,
)
from engines.axis_allies.units import UNITS
from engines.core.errors import IllegalMoveError

BASE = initial_state(AxisAlliesOptions())
NC = "noncombat_move"
ATTACKED = {"moved": 2, "combat": True}
"""An aircraft that spent 2 moves on an attack in this turn's combat move."""


class TurnState(AxisAlliesState):
    """The state with the proposed ``conquered`` field (territories taken this turn)."""

    conquered: tuple[str, ...] = ()


def board(*pieces: tuple[Any, ...], power: str = "germany", owners: dict[str, str] | None = None,
          ipcs: dict[str, int] | None = None, techs: dict[str, tuple[str, ...]] | None = None,
          conquered: tuple[str, ...] | None = None) -> AxisAlliesState:
    """The opening map and owners (changed by ``owners``) with only ``pieces`` on it.

    A piece is ``(power, kind, at)`` or ``(power, kind, at, {field: value})``; its id is its
    position in the list. ``conquered`` gives a :class:`TurnState`.
    """
    units = [Unit(id=i, power=p, kind=kind, at=at, **(extra[0] if extra else {}))
             for i, (p, kind, at, *extra) in enumerate(pieces)]
    data = BASE.model_dump()
    data.update(
        units=units, next_id=len(units), power=power, phase="combat_move",
        owners=tuple(sorted({**dict(BASE.owners), **(owners or {})}.items())),
        ipcs={**BASE.ipcs, **(ipcs or {})}, techs={**BASE.techs, **(techs or {})},
    )
    if conquered is not None:
        return TurnState.model_validate({**data, "conquered": conquered})
    return AxisAlliesState.model_validate(data)


def go(state: AxisAlliesState, units: tuple[int, ...] | int, *path: str, phase: str = "combat_move",
       **order: Any) -> MovePlan:
    """``check_move`` of the state's power."""
    ids = (units,) if isinstance(units, int) else units
    order_ = MoveOrder(units=ids, path=path, **order)
    return check_move(state, state.power, order_, phase)  # type: ignore[arg-type]


def refused(code: str, state: AxisAlliesState, units: tuple[int, ...] | int, *path: str,
            phase: str = "combat_move", **order: Any) -> dict[str, Any]:
    """Assert the order is refused with ``axis_allies.<code>``; return the error's params."""
    with pytest.raises(IllegalMoveError) as caught:
        go(state, units, *path, phase=phase, **order)
    assert caught.value.code == f"axis_allies.{code}", caught.value
    return caught.value.params


def apply(state: AxisAlliesState, plan: MovePlan) -> AxisAlliesState:
    """The plan's unit updates, conquests and captures applied (roughly what the turn does)."""
    updates = {u.id: u.model_dump(exclude={"id"}) for u in plan.updates}
    captured = set(plan.captured)
    units = []
    for u in state.units:
        u = u.model_copy(update=updates.get(u.id, {}))
        units.append(u.model_copy(update={"power": state.power}) if u.id in captured else u)
    owners = {**dict(state.owners), **{t: state.power for t in plan.conquered}}
    data = {**state.model_dump(), "units": units, "owners": tuple(sorted(owners.items()))}
    return type(state).model_validate(data)


def update(plan: MovePlan, uid: int) -> Any:
    return next(u for u in plan.updates if u.id == uid)


# --- orders and ownership --------------------------------------------------------------------------


def test_the_acting_power_moves_only_its_own_units():
    state = board(("ussr", "infantry", "karelia_ssr"), ("germany", "infantry", "eastern_europe"))
    assert refused("not_your_unit", state, 0, "karelia_ssr", "russia")["power"] == "ussr"
    refused("unknown_unit", state, 7, "eastern_europe", "germany")
    refused("duplicate_unit", state, (1, 1), "eastern_europe", "germany")
    refused("no_units", state, (), "eastern_europe", "germany")


def test_path_starts_where_the_units_are_and_follows_borders():
    state = board(("germany", "infantry", "eastern_europe"))
    refused("not_at_start", state, 0, "germany", "western_europe", phase=NC)
    refused("not_adjacent", state, 0, "eastern_europe", "western_europe", phase=NC)
    refused("unknown_territory", state, 0, "eastern_europe", "atlantis")
    refused("path_too_short", state, 0, "eastern_europe")
    assert refused("not_a_move_phase", state, 0, "eastern_europe", "germany", phase="combat")


# --- land units ------------------------------------------------------------------------------------


def test_appendix_ii_infantry_moves_one_territory():
    """Appendix II: "De reikwijdte van infanterie beperkt zich tot 1 gebied"."""
    state = board(("germany", "infantry", "eastern_europe"))
    plan = go(state, 0, "eastern_europe", "germany", phase=NC)
    assert (update(plan, 0).at, update(plan, 0).moved, plan.battle) == ("germany", 1, None)
    params = refused("too_far", state, 0, "eastern_europe", "germany", "western_europe", phase=NC)
    assert params == {"unit": 0, "kind": "infantry", "left": 1, "steps": 2}


def test_appendix_ii_armour_moves_two_territories():
    """Appendix II: "Pantsereenheden kunnen 1 of 2 aaneengesloten landgebieden bewegen"."""
    state = board(("germany", "armour", "germany"))
    plan = go(state, 0, "germany", "eastern_europe", "ukraine_ssr", phase=NC)
    assert update(plan, 0).moved == 2
    refused("too_far", state, 0, "germany", "eastern_europe", "ukraine_ssr", "caucasus")


def test_appendix_ii_libya_attacks_anglo_egyptian_sudan():
    """Appendix II: German troops go from Libya to Anglo-Egyptian Sudan "om slag te leveren"."""
    state = board(("germany", "infantry", "libya"), ("germany", "armour", "libya"),
                  ("uk", "infantry", "anglo_egyptian_sudan"))
    plan = go(state, (0, 1), "libya", "anglo_egyptian_sudan")
    assert plan.battle == "land" and plan.conquered == ()
    assert {u.id: u.combat for u in plan.updates} == {0: True, 1: True}


def test_blitz_german_armour_through_empty_ukraine_into_caucasus():
    """Decision M2: armour passes empty enemy land in the combat move and conquers it on the way."""
    state = board(("germany", "armour", "eastern_europe"), ("ussr", "infantry", "caucasus"),
                  owners={"ukraine_ssr": "ussr"})
    plan = go(state, 0, "eastern_europe", "ukraine_ssr", "caucasus")
    assert plan.battle == "land"
    assert plan.blitzed == ("ukraine_ssr",) and plan.conquered == ("ukraine_ssr",)
    assert (update(plan, 0).at, update(plan, 0).moved) == ("caucasus", 2)


def test_blitz_from_germany_through_an_empty_soviet_eastern_europe():
    state = board(("germany", "armour", "germany"), ("ussr", "infantry", "ukraine_ssr"),
                  owners={"eastern_europe": "ussr", "ukraine_ssr": "ussr"})
    plan = go(state, 0, "germany", "eastern_europe", "ukraine_ssr")
    assert (plan.battle, plan.blitzed) == ("land", ("eastern_europe",))


def test_blitz_into_empty_land_conquers_both_territories():
    state = board(("germany", "armour", "eastern_europe"), owners={"ukraine_ssr": "ussr"})
    plan = go(state, 0, "eastern_europe", "ukraine_ssr", "caucasus")
    assert plan.battle is None and plan.conquered == ("ukraine_ssr", "caucasus")


def test_blitz_refused_when_ukraine_is_defended():
    """Land units entering defended enemy land stop there ("Aktie 2")."""
    state = board(("germany", "armour", "eastern_europe"), ("ussr", "infantry", "ukraine_ssr"),
                  owners={"ukraine_ssr": "ussr"})
    params = refused("must_stop", state, 0, "eastern_europe", "ukraine_ssr", "caucasus")
    assert params["territory"] == "Ukraine S.S.R."  # params carry names: they are worded for players


def test_blitz_captures_an_aa_gun_on_the_way():
    """Decision M2: an AA gun or a factory (defence 0) does not defend; it is captured."""
    state = board(("germany", "armour", "eastern_europe"), ("ussr", "aa_gun", "ukraine_ssr"),
                  owners={"ukraine_ssr": "ussr"})
    plan = go(state, 0, "eastern_europe", "ukraine_ssr", "caucasus")
    assert plan.blitzed == ("ukraine_ssr",) and plan.captured == (1,)


def test_no_blitz_in_the_noncombat_move():
    state = board(("germany", "armour", "eastern_europe"), owners={"ukraine_ssr": "ussr"})
    refused("enemy_territory_noncombat", state, 0, "eastern_europe", "ukraine_ssr", "caucasus", phase=NC)


def test_aktie_2_land_units_take_undefended_enemy_land_without_battle():
    """"Als u met uw landeenheden naar een door de vijand gecontroleerd gebied gaat, verovert of
    bevrijdt u het zonder een gevecht"; the factory and AA gun there are captured."""
    state = board(("germany", "infantry", "eastern_europe"), ("ussr", "factory", "karelia_ssr"),
                  ("ussr", "aa_gun", "karelia_ssr"))
    plan = go(state, 0, "eastern_europe", "karelia_ssr")
    assert (plan.battle, plan.conquered, plan.captured) == (None, ("karelia_ssr",), (1, 2))


def test_aktie_4_no_enemy_land_in_the_noncombat_move():
    """"Aktie 4": the non-combat move is not an attack."""
    state = board(("germany", "infantry", "eastern_europe"), ("ussr", "infantry", "karelia_ssr"))
    refused("enemy_territory_noncombat", state, 0, "eastern_europe", "karelia_ssr", phase=NC)
    assert go(state, 0, "eastern_europe", "ukraine_ssr", phase=NC).battle is None


def test_land_units_move_into_allied_territory():
    state = board(("uk", "infantry", "india"), power="uk")
    assert update(go(state, 0, "india", "sinkiang", phase=NC), 0).at == "sinkiang"   # the USA's
    assert go(state, 0, "india", "sinkiang").conquered == ()


def test_aa_gun_never_attacks():
    """AA guns: "Ze kunnen naar andere vriendschappelijke gebieden worden verplaatst, maar nooit als
    aanvalsstuk naar door de vijand bezette gebieden"; they do not move in the combat move at all
    (decision M13), and enemy land is closed to every unit in the non-combat move."""
    state = board(("germany", "aa_gun", "eastern_europe"), ("ussr", "infantry", "karelia_ssr"))
    refused("aa_gun_combat_move", state, 0, "eastern_europe", "karelia_ssr")
    empty = board(("germany", "aa_gun", "eastern_europe"))
    refused("aa_gun_combat_move", empty, 0, "eastern_europe", "karelia_ssr")
    refused("enemy_territory_noncombat", empty, 0, "eastern_europe", "karelia_ssr", phase=NC)
    refused("aa_gun_combat_move", state, 0, "eastern_europe", "germany")
    assert update(go(state, 0, "eastern_europe", "germany", phase=NC), 0).at == "germany"


def test_factory_never_moves():
    state = board(("germany", "factory", "germany"))
    refused("cannot_move", state, 0, "germany", "western_europe", phase=NC)


def test_land_units_do_not_walk_into_the_sea():
    state = board(("germany", "infantry", "germany"))
    refused("land_unit_at_sea", state, 0, "germany", "sz_baltic_sea")


def test_units_that_moved_into_a_battle_stay_there():
    """Decision M1."""
    state = board(("germany", "armour", "eastern_europe"), ("ussr", "infantry", "karelia_ssr"))
    state = apply(state, go(state, 0, "eastern_europe", "karelia_ssr"))
    refused("in_battle", state, 0, "karelia_ssr", "russia")


def test_stops_hold_across_orders():
    """Decision M1: an order ends where one order covering both paths would have to stop. A ship
    that sailed into a zone with enemy ships (Appendix II, "Als zeezone A door de vijand bezet
    is, dan mag uw vloot echter niet naar zeezone B") and a fighter that flew into a battle stay;
    a tank that went into empty enemy land may go on, as the one order through it (a blitz,
    decision M2) may, but no further than its two moves."""
    state = board(("germany", "battleship", "sz_baltic_sea"), ("ussr", "submarine", "sz_north_sea"),
                  ("germany", "fighter", "eastern_europe"), ("ussr", "infantry", "karelia_ssr"),
                  ("germany", "armour", "germany"))
    refused("fleet_blocked", state, 0, "sz_baltic_sea", "sz_north_sea", "sz_baltic_sea")
    state = apply(state, go(state, 0, "sz_baltic_sea", "sz_north_sea"))
    refused("in_battle", state, 0, "sz_north_sea", "sz_baltic_sea")
    state = apply(state, go(state, 2, "eastern_europe", "karelia_ssr"))
    refused("in_battle", state, 2, "karelia_ssr", "eastern_europe")
    empty = board(("germany", "armour", "ukraine_ssr"))
    assert go(empty, 0, "ukraine_ssr", "caucasus", "russia").blitzed == ("caucasus",)
    empty = apply(empty, go(empty, 0, "ukraine_ssr", "caucasus"))
    assert update(go(empty, 0, "caucasus", "russia"), 0).moved == 2
    refused("too_far", empty, 0, "caucasus", "russia", "karelia_ssr")


def test_moves_add_up_within_a_phase():
    """Decision M1."""
    state = board(("germany", "armour", "germany"))
    state = apply(state, go(state, 0, "germany", "eastern_europe", phase=NC))
    assert update(go(state, 0, "eastern_europe", "ukraine_ssr", phase=NC), 0).moved == 2
    refused("too_far", state, 0, "eastern_europe", "ukraine_ssr", "caucasus", phase=NC)


def test_aktie_4_units_that_moved_in_the_combat_move_stay_except_aircraft():
    """"Aktie 4": move only units "die u NIET BEWOGEN HEBT in aktie-reeks 2"; aircraft fly on to land."""
    state = board(("germany", "infantry", "eastern_europe", {"moved": 1, "combat": True}),
                  ("germany", "fighter", "eastern_europe", {"moved": 1, "combat": True}))
    refused("moved_in_combat", state, 0, "eastern_europe", "germany", phase=NC)
    assert update(go(state, 1, "eastern_europe", "germany", phase=NC), 1).moved == 2


# --- neutrals ------------------------------------------------------------------------------------


def test_neutrals_first_entry_costs_3_ipcs():
    """Neutrals: "Betaal dan de bank een boete van 3 IPC's ... slechts eenmaal"."""
    state = board(("ussr", "armour", "caucasus"), power="ussr")
    plan = go(state, 0, "caucasus", "turkey")
    assert (plan.neutral, plan.neutral_fee, plan.battle) == ("turkey", NEUTRAL_FEE, None)
    assert plan.conquered == ("turkey",)


def test_neutrals_stop_land_units():
    """Decision M3: a neutral ends a land unit's move (no blitz through it)."""
    state = board(("ussr", "armour", "caucasus"), power="ussr")
    refused("neutral_stops", state, 0, "caucasus", "turkey", "syria_jordan")


def test_neutrals_only_in_the_combat_move_and_never_an_aa_gun():
    state = board(("ussr", "armour", "caucasus"), ("ussr", "aa_gun", "caucasus"), power="ussr")
    refused("neutral_noncombat", state, 0, "caucasus", "turkey", phase=NC)
    refused("aa_gun_combat_move", state, 1, "caucasus", "turkey")
    refused("neutral_noncombat", state, 1, "caucasus", "turkey", phase=NC)


def test_neutrals_a_land_unit_that_entered_one_moves_no_further_this_turn():
    """Decision M3: a neutral ends a land unit's move, also when the next step is another order
    (``move 1 arm Caucasus -> Turkey`` then ``move 1 arm Turkey -> Syria-Jordan``, refused as the
    one order through Turkey is). Neutrals: once entered it is "niet langer als neutraal
    behandeld", but the armour that entered it has stopped."""
    state = board(("ussr", "armour", "caucasus"), power="ussr")
    plan = go(state, 0, "caucasus", "turkey")
    assert update(plan, 0).moved == UNITS["armour"].movement
    state = apply(state, plan)
    refused("too_far", state, 0, "turkey", "syria_jordan")


def test_neutrals_the_issue_s_two_orders_through_the_engine():
    """The same through the engine, with the players' text: the second order is refused."""
    from .conftest import play, position
    from .conftest import refused as refused_text

    state = position(("ussr", "armour", "caucasus"), power="ussr")
    params = refused_text("too_far", state, "move 1 arm Caucasus -> Turkey", "move 1 arm Turkey -> Syria-Jordan")
    assert params["left"] == 0
    after = play(state, "move 1 arm Caucasus -> Turkey")
    assert after.owner("turkey") == "ussr"


def test_neutral_fee_must_be_paid():
    state = board(("ussr", "armour", "caucasus"), power="ussr", ipcs={"ussr": 2})
    params = refused("neutral_fee", state, 0, "caucasus", "turkey")
    assert params == {"territory": "Turkey", "fee": 3, "ipcs": 2}


def test_an_entered_neutral_is_ordinary_land():
    """Neutrals: "Als een neutraal land eenmaal is aangevallen, wordt het niet langer als neutraal
    behandeld"."""
    state = board(("ussr", "armour", "caucasus"), power="ussr", owners={"turkey": "germany"})
    plan = go(state, 0, "caucasus", "turkey", "syria_jordan")
    assert (plan.neutral, plan.neutral_fee, plan.blitzed) == (None, 0, ("turkey",))


# --- aircraft ------------------------------------------------------------------------------------


def test_fighter_range_counts_every_territory_and_sea_zone():
    """Fighters: "een bereik van 4 aangrenzende land- of zeegebieden"; long-range aircraft 6."""
    state = board(("germany", "fighter", "germany"))
    path = ("germany", "western_europe", "sz_north_sea", "sz_west_spain", "western_europe")
    assert update(go(state, 0, *path, phase=NC), 0).moved == 4
    refused("too_far", state, 0, *path, "germany", phase=NC)
    far = board(("germany", "fighter", "germany"), techs={"germany": ("long_range_aircraft",)})
    assert update(go(far, 0, *path, "southern_europe", "germany", phase=NC), 0).moved == 6


def test_appendix_ii_bomber_range_six():
    """Appendix II: "die van een bommenwerper is 6 aangrenzende gebieden"."""
    state = board(("germany", "bomber", "germany"))
    path = ("germany", "eastern_europe", "ukraine_ssr", "eastern_europe", "germany", "western_europe",
            "germany")
    assert update(go(state, 0, *path, phase=NC), 0).moved == 6
    refused("too_far", state, 0, *path, "southern_europe", phase=NC)


def test_fighter_flies_over_a_neutral_but_does_not_stop_there():
    """Decision M4: fighters "kunnen ... over vijandelijke en neutrale gebieden vliegen"."""
    state = board(("germany", "fighter", "germany"))
    plan = go(state, 0, "germany", "switzerland", "western_europe", phase=NC)
    assert plan.neutral is None and plan.neutral_fee == 0
    refused("air_into_neutral", state, 0, "germany", "switzerland")


def test_fighter_that_could_not_land_is_refused():
    """Decision M5: in the combat move an aircraft keeps the range to reach a place to land."""
    state = board(("germany", "fighter", "germany"), ("ussr", "infantry", "karelia_ssr"),
                  ("ussr", "infantry", "russia"))
    assert go(state, 0, "germany", "eastern_europe", "karelia_ssr").battle == "land"
    params = refused("cannot_land", state, 0, "germany", "eastern_europe", "karelia_ssr", "russia")
    assert params["left"] == 1 and params["territory"] == "Russia"


def test_appendix_ii_fighter_counts_on_an_own_carrier_that_can_come():
    """Appendix II: a fighter attacks, "Vliegdekschip verlaat zeegebied Wake Island" to pick it up
    in the non-combat move (decision M5)."""
    fighter = ("usa", "fighter", "western_united_states")
    target = ("japan", "battleship", "sz_japan")
    path = ("western_united_states", "sz_west_us", "sz_midway", "sz_north_pacific", "sz_japan")
    state = board(fighter, target, ("usa", "carrier", "sz_north_pacific"), power="usa")
    assert go(state, 0, *path).battle == "sea"
    moved = board(fighter, target, ("usa", "carrier", "sz_north_pacific", {"moved": 1, "combat": True}),
                  power="usa")
    refused("cannot_land", moved, 0, *path)
    aboard = ("usa", "fighter", "sz_north_pacific", {"carried_by": 2})
    full = board(fighter, target, ("usa", "carrier", "sz_north_pacific"), aboard, aboard, power="usa")
    refused("cannot_land", full, 0, *path)


def test_fighter_counts_on_an_allied_carrier_where_it_is():
    pieces = [("usa", "fighter", "western_united_states"), ("japan", "submarine", "sz_north_pacific")]
    path = ("western_united_states", "sz_west_us", "sz_midway", "sz_north_pacific")
    refused("cannot_land", board(*pieces, power="usa"), 0, *path)
    allied = board(*pieces, ("uk", "carrier", "sz_hawaii"), power="usa")
    assert go(allied, 0, *path).battle == "sea"


def test_bombers_never_land_on_carriers():
    """Rules notes, "Transports and carriers": "Bombers cannot land on carriers"."""
    state = board(("usa", "bomber", "western_united_states", {"moved": 2}),
                  ("japan", "battleship", "sz_japan"), ("usa", "carrier", "sz_north_pacific"),
                  power="usa")
    refused("cannot_land", state, 0,
            "western_united_states", "sz_west_us", "sz_midway", "sz_north_pacific", "sz_japan")
    state = board(("usa", "bomber", "western_united_states"), ("usa", "carrier", "sz_west_us"),
                  power="usa")
    refused("bomber_on_carrier", state, 0, "western_united_states", "sz_west_us", phase=NC)


def test_aktie_4_aircraft_land_on_land_held_since_the_turn_began():
    """"Aktie 4": "Japan moet alle aanvallende vliegtuigen in deze zet laten landen", not where it
    conquered this turn."""
    state = board(("germany", "fighter", "karelia_ssr", ATTACKED),
                  owners={"karelia_ssr": "germany", "ukraine_ssr": "germany"},
                  conquered=("karelia_ssr", "ukraine_ssr"))
    assert update(go(state, 0, "karelia_ssr", "eastern_europe", phase=NC), 0).moved == 3
    refused("no_landing", state, 0, "karelia_ssr", "ukraine_ssr", phase=NC)
    refused("too_far", state, 0, "karelia_ssr", "eastern_europe", "germany", "western_europe", phase=NC)


def test_aktie_4_aircraft_do_not_land_in_enemy_land():
    state = board(("germany", "fighter", "eastern_europe"))
    refused("no_landing", state, 0, "eastern_europe", "karelia_ssr", phase=NC)


def test_appendix_i_fighter_lands_on_a_carrier_with_room():
    """Appendix I, "Aktie 4": the fighter "vliegt terug om op het vliegdekschip ... te landen"."""
    fighter = ("japan", "fighter", "sz_hawaii", ATTACKED)
    carrier = ("japan", "carrier", "sz_wake_island")
    aboard = ("japan", "fighter", "sz_wake_island", {"carried_by": 1})
    plan = go(board(fighter, carrier, aboard, power="japan"), 0, "sz_hawaii", "sz_wake_island", phase=NC)
    assert update(plan, 0).carried_by == 1
    full = board(fighter, carrier, aboard, aboard, power="japan")
    refused("carrier_full", full, 0, "sz_hawaii", "sz_wake_island", phase=NC)
    nothing = board(fighter, power="japan")
    refused("carrier_full", nothing, 0, "sz_hawaii", "sz_wake_island", phase=NC)


def test_aktie_4_fighter_flies_with_its_carrier_and_lands_on_it():
    state = board(("japan", "fighter", "sz_caroline_islands", ATTACKED),
                  ("japan", "carrier", "sz_caroline_islands"), power="japan")
    plan = go(state, (0, 1), "sz_caroline_islands", "sz_wake_island", phase=NC)
    assert (update(plan, 0).carried_by, update(plan, 0).moved) == (1, 3)
    assert update(plan, 1).at == "sz_wake_island"


def test_aa_guns_fire_at_aircraft_flying_over_or_into_their_territory():
    """Fighters "moeten echter een rondje luchtafweer doorstaan van elk luchtdoelkanon dat de vijand
    in de overvlogen gebieden heeft opgesteld"; only in the combat move (rules notes, "Antiaircraft
    guns"; decision M4)."""
    state = board(("germany", "bomber", "germany"), ("germany", "fighter", "germany"),
                  ("ussr", "aa_gun", "karelia_ssr"), ("ussr", "aa_gun", "russia"),
                  ("ussr", "infantry", "russia"))
    plan = go(state, 0, "germany", "eastern_europe", "karelia_ssr", "russia")
    fire = [(f.territory, f.gun, f.gun_power, f.aircraft) for f in plan.aa_fire]
    assert fire == [("karelia_ssr", 2, "ussr", (0,)), ("russia", 3, "ussr", (0,))]
    plan = go(state, (0, 1), "germany", "eastern_europe", "karelia_ssr")
    assert [(f.territory, f.aircraft) for f in plan.aa_fire] == [("karelia_ssr", (0, 1))]
    quiet = go(state, 0, "germany", "eastern_europe", "karelia_ssr", "finland_norway", phase=NC)
    assert quiet.aa_fire == ()


def test_strategic_bombing_raid():
    """The bomber's raid on a "gebied met een industrieel complex": guns on the way fire in the move,
    the target's gun in the raid ("2) Als uw vijand een luchtdoelkanon heeft staan, vuurt dit ...")."""
    state = board(("germany", "bomber", "germany"), ("germany", "fighter", "germany"),
                  ("ussr", "factory", "karelia_ssr"), ("ussr", "aa_gun", "karelia_ssr"),
                  ("ussr", "infantry", "karelia_ssr"), ("ussr", "factory", "russia"),
                  ("ussr", "aa_gun", "russia"))
    raid = ("germany", "eastern_europe", "karelia_ssr")
    plan = go(state, 0, *raid, bombing=True)
    assert plan.battle == "bombing" and plan.aa_fire == ()
    plan = go(state, 0, *raid, "russia", bombing=True)
    assert [(f.territory, f.gun) for f in plan.aa_fire] == [("karelia_ssr", 3)]
    refused("bombing_bombers_only", state, (0, 1), *raid, bombing=True)
    refused("bombing_target", state, 0, "germany", "eastern_europe", "ukraine_ssr", bombing=True)
    refused("bombing_noncombat", state, 0, *raid, bombing=True, phase=NC)


def test_landings_at_the_end_of_the_noncombat_move():
    """Decision M6: an aircraft with nowhere to land is lost; a fighter over a carrier with room
    lands on it."""
    state = board(("germany", "fighter", "karelia_ssr", ATTACKED),
                  ("germany", "fighter", "germany", {"moved": 1}),
                  ("germany", "fighter", "sz_baltic_sea", {"moved": 2}),
                  ("germany", "carrier", "sz_baltic_sea"),
                  ("germany", "bomber", "sz_baltic_sea", {"moved": 2}),
                  ("germany", "fighter", "sz_north_sea", {"moved": 3}),
                  owners={"karelia_ssr": "germany"}, conquered=("karelia_ssr",))
    result = landings(state, "germany")
    assert [(u.id, u.carried_by) for u in result.landed] == [(2, 3)]
    assert result.lost == (0, 4, 5)


# --- ships ---------------------------------------------------------------------------------------


def test_appendix_ii_ships_move_two_sea_zones():
    """Appendix II: "Alle schepen kunnen een maximum van 2 zeegebieden varen"."""
    state = board(("uk", "battleship", "sz_north_sea"), power="uk")
    path = ("sz_north_sea", "sz_west_spain", "sz_west_mediterranean")
    assert update(go(state, 0, *path), 0).moved == 2
    refused("too_far", state, 0, *path, "sz_central_mediterranean")
    refused("ship_on_land", state, 0, "sz_north_sea", "united_kingdom", phase=NC)


def test_appendix_ii_ships_blocked_by_an_enemy_fleet():
    """Appendix II: "Als zeezone A door de vijand bezet is, dan mag uw vloot echter niet naar
    zeezone B"; a lone submarine or transport blocks as well (decision M7)."""
    path = ("sz_north_sea", "sz_west_spain", "sz_west_mediterranean")
    state = board(("uk", "battleship", "sz_north_sea"), ("germany", "submarine", "sz_west_spain"),
                  power="uk")
    assert refused("fleet_blocked", state, 0, *path)["territory"] == "West Spain Sea Zone"
    assert go(state, 0, *path[:2]).battle == "sea"
    refused("enemy_fleet_noncombat", state, 0, *path[:2], phase=NC)
    transport = board(("uk", "battleship", "sz_north_sea"), ("germany", "transport", "sz_west_spain"),
                      power="uk")
    refused("fleet_blocked", transport, 0, *path)


def test_aircraft_attack_a_fleet():
    state = board(("germany", "fighter", "western_europe"), ("uk", "battleship", "sz_north_sea"))
    assert go(state, 0, "western_europe", "sz_north_sea").battle == "sea"


def test_suez_canal_open_to_the_side_holding_sudan_and_syria():
    """Canals (rules notes): Suez needs Anglo-Egyptian Sudan and Syria-Jordan."""
    state = board(("uk", "battleship", "sz_east_mediterranean"), power="uk")
    assert update(go(state, 0, "sz_east_mediterranean", "sz_red_sea"), 0).at == "sz_red_sea"
    closed = board(("uk", "battleship", "sz_east_mediterranean"), power="uk",
                   owners={"anglo_egyptian_sudan": "germany"})
    params = refused("canal_closed", closed, 0, "sz_east_mediterranean", "sz_red_sea")
    assert params["canal"] == "suez_canal"
    axis = board(("germany", "battleship", "sz_east_mediterranean"))
    refused("canal_closed", axis, 0, "sz_east_mediterranean", "sz_red_sea")


def test_panama_canal_needs_panama_held_since_the_turn_began():
    """Canals (rules notes): Panama needs Panama, held at the start of the turn (decision M7)."""
    state = board(("usa", "battleship", "sz_caribbean"), power="usa")
    assert update(go(state, 0, "sz_caribbean", "sz_west_panama"), 0).at == "sz_west_panama"
    closed = board(("usa", "battleship", "sz_caribbean"), power="usa", owners={"panama": "japan"})
    refused("canal_closed", closed, 0, "sz_caribbean", "sz_west_panama")
    just_taken = board(("usa", "battleship", "sz_caribbean"), power="usa", conquered=("panama",))
    refused("canal_closed", just_taken, 0, "sz_caribbean", "sz_west_panama")


def test_aircraft_ignore_canals():
    state = board(("germany", "fighter", "libya"), ("germany", "battleship", "sz_east_mediterranean"),
                  owners={"anglo_egyptian_sudan": "germany"})
    refused("canal_closed", state, 1, "sz_east_mediterranean", "sz_red_sea", phase=NC)
    path = ("libya", "anglo_egyptian_sudan", "sz_east_mediterranean", "sz_red_sea",
            "anglo_egyptian_sudan")
    assert update(go(state, 0, *path, phase=NC), 0).moved == 4


# --- transports ----------------------------------------------------------------------------------


def test_load_two_infantry_and_assault_an_enemy_coast():
    """Transports carry land units "van een kustgebied of eiland naar een ander"; unloading into
    defended enemy land is an amphibious assault (decision M8)."""
    state = board(("uk", "transport", "sz_north_sea"), ("uk", "infantry", "united_kingdom"),
                  ("uk", "infantry", "united_kingdom"), ("germany", "infantry", "algeria"), power="uk")
    plan = go(state, (1, 2), "united_kingdom", "sz_north_sea", transport=0)
    assert plan.kind == "load" and plan.loaded == (1, 2)
    assert {(u.id, u.at, u.carried_by, u.moved) for u in plan.updates} == {
        (1, "sz_north_sea", 0, 1), (2, "sz_north_sea", 0, 1)}
    state = apply(state, plan)
    plan = go(state, 0, "sz_north_sea", "sz_west_spain")
    assert plan.carried == (1, 2) and update(plan, 1).at == "sz_west_spain"
    state = apply(state, plan)
    plan = go(state, (1, 2), "sz_west_spain", "algeria")
    assert (plan.kind, plan.battle, plan.unloaded) == ("unload", "amphibious", (1, 2))
    state = apply(state, plan)
    refused("too_far", state, 0, "sz_west_spain", "sz_north_sea")      # a transport that unloaded stays
    refused("in_battle", state, 1, "algeria", "libya")                 # its infantry fights there


def test_unloaded_units_move_no_further():
    state = board(("uk", "transport", "sz_north_sea"),
                  ("uk", "infantry", "sz_north_sea", {"carried_by": 0}), power="uk")
    state = apply(state, go(state, 1, "sz_north_sea", "united_kingdom", phase=NC))
    refused("load_moved", state, 1, "united_kingdom", "sz_north_sea", transport=0, phase=NC)
    refused("too_far", state, 0, "sz_north_sea", "sz_west_spain", phase=NC)


def test_unload_into_empty_enemy_land_conquers_it():
    state = board(("uk", "transport", "sz_west_spain"),
                  ("uk", "armour", "sz_west_spain", {"carried_by": 0}), power="uk")
    plan = go(state, 1, "sz_west_spain", "algeria")
    assert (plan.battle, plan.conquered) == (None, ("algeria",))


def test_transport_holds_one_tank_or_one_aa_gun_or_two_infantry():
    """Rules notes, "Transports and carriers": "one tank, or one AA gun, or up to two infantry"."""
    state = board(("uk", "transport", "sz_north_sea"), ("uk", "infantry", "united_kingdom"),
                  ("uk", "armour", "united_kingdom"), ("uk", "aa_gun", "united_kingdom"), power="uk")
    load = ("united_kingdom", "sz_north_sea")
    assert refused("transport_full", state, (1, 2), *load, transport=0, phase=NC)["room"] == 2
    refused("transport_full", state, (2, 3), *load, transport=0, phase=NC)
    for cargo in (2, 3):
        assert go(state, cargo, *load, transport=0, phase=NC).loaded == (cargo,)
    loaded = apply(state, go(state, 2, *load, transport=0, phase=NC))
    refused("transport_full", loaded, 1, *load, transport=0, phase=NC)


def test_only_land_units_that_have_not_moved_board_own_transports():
    """Decision M8."""
    state = board(("germany", "transport", "sz_baltic_sea"),
                  ("germany", "armour", "germany", {"moved": 1}), ("germany", "fighter", "germany"),
                  ("germany", "infantry", "germany"),
                  ("germany", "transport", "sz_north_sea"), ("japan", "transport", "sz_baltic_sea"))
    load = ("germany", "sz_baltic_sea")
    refused("load_moved", state, 1, *load, transport=0)
    refused("cannot_load", state, 2, *load, transport=0)
    refused("transport_not_there", state, 3, *load, transport=4)
    refused("not_your_unit", state, 3, *load, transport=5)
    refused("not_a_transport", state, 3, *load, transport=2)
    refused("load_path", state, 3, "germany", "western_europe", transport=0)


def test_no_loading_under_an_enemy_fleet():
    state = board(("germany", "transport", "sz_baltic_sea"), ("germany", "infantry", "germany"),
                  ("uk", "battleship", "sz_baltic_sea"))
    refused("load_enemy_zone", state, 1, "germany", "sz_baltic_sea", transport=0)


def test_cargo_moves_only_by_unloading():
    state = board(("uk", "transport", "sz_north_sea"),
                  ("uk", "infantry", "sz_north_sea", {"carried_by": 0}), power="uk")
    refused("unload_path", state, 1, "sz_north_sea", "sz_west_spain")
    refused("not_aboard", state, 1, "sz_north_sea", "united_kingdom", transport=5)
    assert go(state, 1, "sz_north_sea", "united_kingdom", transport=0, phase=NC).unloaded == (1,)
    assert go(state, 1, "sz_north_sea", "united_kingdom", phase=NC).battle is None


def test_unload_into_enemy_land_only_in_the_combat_move():
    state = board(("uk", "transport", "sz_north_sea"),
                  ("uk", "infantry", "sz_north_sea", {"carried_by": 0}),
                  ("uk", "aa_gun", "sz_north_sea", {"carried_by": 3}),
                  ("uk", "transport", "sz_north_sea"), power="uk")
    refused("enemy_territory_noncombat", state, 1, "sz_north_sea", "western_europe", phase=NC)
    refused("aa_gun_combat_move", state, 2, "sz_north_sea", "western_europe")
    refused("enemy_territory_noncombat", state, 2, "sz_north_sea", "western_europe", phase=NC)
    assert go(state, 2, "sz_north_sea", "united_kingdom", phase=NC).battle is None


def test_cargo_that_moved_in_the_combat_move_does_not_unload_after_it():
    """Decision M8: cargo that rode in the combat move counts as moved in it."""
    state = board(("uk", "transport", "sz_west_mediterranean", ATTACKED),
                  ("uk", "infantry", "sz_west_mediterranean",
                   {"carried_by": 0, "moved": 1, "combat": True}),
                  power="uk")
    refused("moved_in_combat", state, 1, "sz_west_mediterranean", "gibraltar", phase=NC)
    assert go(state, 1, "sz_west_mediterranean", "gibraltar").unloaded == (1,)


def test_transport_may_load_move_and_load_again():
    """Decision M8: a transport loads before and during its move."""
    state = board(("uk", "transport", "sz_north_sea"), ("uk", "infantry", "united_kingdom"),
                  ("uk", "infantry", "eastern_canada"), power="uk")
    state = apply(state, go(state, 1, "united_kingdom", "sz_north_sea", transport=0, phase=NC))
    state = apply(state, go(state, 0, "sz_north_sea", "sz_east_canada", phase=NC))
    state = apply(state, go(state, 2, "eastern_canada", "sz_east_canada", transport=0, phase=NC))
    assert {u.id for u in state.units if u.carried_by == 0} == {1, 2}


# --- carriers ------------------------------------------------------------------------------------


def test_fighters_on_a_carrier_move_with_it():
    """Decision M10: fighters aboard (``carried_by``) ride along when they do not move themselves,
    an ally's fighter too."""
    state = board(("japan", "carrier", "sz_caroline_islands"),
                  ("japan", "fighter", "sz_caroline_islands", {"carried_by": 0}),
                  ("germany", "fighter", "sz_caroline_islands", {"carried_by": 0}), power="japan")
    plan = go(state, 0, "sz_caroline_islands", "sz_wake_island")
    assert plan.carried == (1, 2)
    rider = update(plan, 1)
    assert (rider.at, rider.carried_by, rider.moved) == ("sz_wake_island", 0, 0)
    assert (update(plan, 1).combat, update(plan, 2).combat) == (True, False)


def test_opening_japanese_fighter_rides_its_carrier():
    """Decision M10: the opening set-up puts fighters at sea without ``carried_by``; they ride along."""
    state = BASE.model_copy(update={"power": "japan"})
    order = MoveOrder(units=(108,), path=("sz_caroline_islands", "sz_wake_island"))
    plan = check_move(state, "japan", order, "combat_move")
    assert plan.carried == (109,) and update(plan, 109).carried_by == 108


def test_carrier_stays_when_fighters_landed_on_it_this_turn():
    """Decision M10."""
    state = board(("japan", "carrier", "sz_caroline_islands"),
                  ("japan", "fighter", "sz_caroline_islands", {"carried_by": 0, **ATTACKED}),
                  power="japan")
    refused("carrier_fighters_landed", state, 0, "sz_caroline_islands", "sz_wake_island", phase=NC)


def test_appendix_ii_fighter_takes_off_from_a_carrier():
    """Appendix II: "Gevechtsvliegtuig verlaat vliegdekschip en vliegt direct naar het zeegebied"."""
    state = board(("japan", "carrier", "sz_caroline_islands"),
                  ("japan", "fighter", "sz_caroline_islands", {"carried_by": 0}),
                  ("usa", "infantry", "philippines"), power="japan", owners={"philippines": "usa"})
    plan = go(state, 1, "sz_caroline_islands", "sz_philippines", "philippines")
    assert plan.battle == "land" and update(plan, 1).carried_by is None


# --- reachable -----------------------------------------------------------------------------------


def test_reachable_infantry_and_blitzing_armour():
    state = board(("germany", "infantry", "eastern_europe"), ("germany", "armour", "eastern_europe"),
                  ("ussr", "infantry", "karelia_ssr"), owners={"ukraine_ssr": "ussr"})
    assert reachable(state, "germany", 0, "combat_move") == {
        "germany": 1, "karelia_ssr": 1, "southern_europe": 1, "ukraine_ssr": 1}
    armour = reachable(state, "germany", 1, "combat_move")
    assert armour["caucasus"] == 2 and armour["karelia_ssr"] == 1 and "russia" not in armour
    assert "ukraine_ssr" not in reachable(state, "germany", 1, NC)
    assert reachable(state, "ussr", 0, "combat_move") == {}


def test_reachable_ships_respect_blockades_and_cargo_unloads():
    state = board(("uk", "battleship", "sz_north_sea"), ("germany", "submarine", "sz_west_spain"),
                  ("uk", "transport", "sz_north_sea"),
                  ("uk", "infantry", "sz_north_sea", {"carried_by": 2}), power="uk")
    ships = reachable(state, "uk", 0, "combat_move")
    assert ships["sz_west_spain"] == 1 and "sz_west_mediterranean" not in ships
    assert "sz_west_spain" not in reachable(state, "uk", 0, NC)
    assert reachable(state, "uk", 3, "combat_move") == {
        "eire": 1, "finland_norway": 1, "united_kingdom": 1, "western_europe": 1}
    assert reachable(state, "uk", 3, NC) == {"united_kingdom": 1}


@pytest.mark.parametrize("phase", ["combat_move", NC])
def test_hints_for_every_opening_unit_stay_within_its_range(phase):
    for power in ("ussr", "germany", "uk", "japan", "usa"):
        state = BASE.model_copy(update={"power": power})
        for u in state.units:
            if u.power != power:
                continue
            hints = reachable(state, power, u.id, phase)
            most = max(UNITS[u.kind].movement, 1)
            assert all(1 <= cost <= most for cost in hints.values()), (u, hints)
            assert u.at not in hints
            if u.kind == "factory":
                assert hints == {}
