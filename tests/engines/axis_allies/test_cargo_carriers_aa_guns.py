"""Cargo, an ally's fighters on a carrier, AA guns, amphibious assaults and victory,
driven through the engine by move texts and fixed dice.

Each test reproduces one situation of the issue and is named after the rule; the docstrings name
the rulebook place, the rules notes (``axis_allies_classic_rules_notes.md``) or
the decision in docs/games/axis_allies.md.
"""

from __future__ import annotations

import pytest

from engines.axis_allies import economy
from engines.axis_allies.options import AxisAlliesOptions
from engines.axis_allies.state import AxisAlliesState
from engines.core.errors import AmbiguousMoveError, IllegalMoveError

from .conftest import ENGINE, ids, play, position, refused, roll, seat_to_act, units


def aboard(state: AxisAlliesState, rider: int, carrier: int) -> AxisAlliesState:
    """``rider`` sits on ``carrier`` (a hand-built position names no carriers)."""
    placed = tuple(u.model_copy(update={"carried_by": carrier}) if u.id == rider else u for u in state.units)
    return state.model_copy(update={"units": placed})


def every_offered_action_applies(state: AxisAlliesState) -> None:
    """the seat to act has a legal action, and each one offered applies."""
    seat = seat_to_act(state)
    moves = ENGINE.legal_moves(state, seat)
    assert moves, f"no legal action for {state.power} in {state.phase}"
    for move in moves:
        ENGINE.apply(state, seat, move)


def us_carrier_with_a_uk_fighter(*extra: tuple) -> tuple[AxisAlliesState, int, int]:
    """The USA's combat move: a US carrier in the East US Sea Zone with a UK fighter aboard, a
    German submarine in the East Canada Sea Zone. Returns the state, the carrier and the fighter."""
    s = position(("usa", "carrier", "sz_east_us"), ("uk", "fighter", "sz_east_us"),
                 ("germany", "submarine", "sz_east_canada"), *extra, power="usa")
    (carrier,) = ids(s, "sz_east_us", "usa", "carrier")
    (fighter,) = ids(s, "sz_east_us", "uk", "fighter")
    return aboard(s, fighter, carrier), carrier, fighter


# ---------------------------------------------------------------- items 1, 2, 3 and 11


def test_retreating_transport_takes_its_cargo():
    """Aktie 3, 8 A (the attacker's retreat, decision C3): everything aboard
    goes where its transport goes, and stays aboard."""
    s = position(("usa", "transport", "sz_east_us"), ("usa", "battleship", "sz_east_us"),
                 ("usa", "infantry", "eastern_united_states", 2), ("germany", "submarine", "sz_east_canada"),
                 power="usa")
    (transport,) = ids(s, "sz_east_us", "usa", "transport")
    s = play(s, "load 2 inf Eastern United States -> East US Sea Zone",
             "move 1 bb 1 trn East US Sea Zone -> East Canada Sea Zone", "end", "attack East Canada Sea Zone")
    s = roll(roll(s, "attack_fire", 6), "defence_fire", 6)
    s = play(s, "retreat East US Sea Zone")
    assert units(s, "sz_east_canada", "usa") == {}, "nothing of the USA stays behind"
    cargo = [u for u in s.units if u.kind == "infantry"]
    assert [(u.at, u.carried_by) for u in cargo] == [("sz_east_us", transport)] * 2


def test_retreating_carrier_takes_an_ally_s_fighters():
    """An ally's fighters on a carrier are its cargo during its owner's
    turn: they ride into the attack, take no part in it, and retreat with the carrier."""
    s, carrier, fighter = us_carrier_with_a_uk_fighter(("usa", "battleship", "sz_east_us"))
    s = play(s, "move 1 car 1 bb East US Sea Zone -> East Canada Sea Zone", "end", "attack East Canada Sea Zone")
    assert fighter not in {c.id for c in s.battle.attackers + s.battle.defenders}, "cargo does not fight"
    s = roll(roll(s, "attack_fire", 6, 6), "defence_fire", 6)
    s = play(s, "retreat East US Sea Zone")
    uk_fighter = next(u for u in s.units if u.id == fighter)
    assert (uk_fighter.at, uk_fighter.carried_by) == ("sz_east_us", carrier)


def test_an_ally_s_fighter_is_lost_with_the_carrier_it_rides():
    """The UK fighter riding a US carrier into an attack goes down with
    it (it is cargo, not a defender whose carrier sinks: decision 13 does not apply)."""
    s, carrier, fighter = us_carrier_with_a_uk_fighter()
    s = play(s, "move 1 car East US Sea Zone -> East Canada Sea Zone", "end", "attack East Canada Sea Zone")
    s = roll(roll(s, "attack_fire", 6), "defence_fire", 1)
    assert s.battle is None and s.battles == ()
    assert {u.id for u in s.units} & {carrier, fighter} == set()
    assert units(s, "sz_east_canada") == {"submarine": 1}


def test_a_fighter_left_behind_by_a_retreat_never_freezes_the_game():
    """after the US carrier retreats, Germany attacks the zone it left. Every
    action offered applies, and the battles can be fought and the phase ended."""
    s, _, fighter = us_carrier_with_a_uk_fighter(("usa", "battleship", "sz_east_us"),
                                                 ("germany", "submarine", "sz_north_sea"))
    s = play(s, "move 1 car 1 bb East US Sea Zone -> East Canada Sea Zone", "end", "attack East Canada Sea Zone")
    s = roll(roll(s, "attack_fire", 6, 6), "defence_fire", 6)
    s = play(s, "retreat East US Sea Zone")
    while s.power != "germany" or s.phase != "combat_move":
        every_offered_action_applies(s)
        s = play(s, "end")
    s = play(s, "move 1 sub North Sea -> East Canada Sea Zone", "end")
    every_offered_action_applies(s)
    s = play(s, "end")
    assert s.phase == "noncombat_move"
    assert next(u for u in s.units if u.id == fighter).at == "sz_east_us"


# ---------------------------------------------------------------- items 4, 5, 9 and 10: AA guns


def test_unloading_never_puts_two_aa_guns_in_one_territory():
    """"Ze worden altijd op landgebieden geplaatst, 1 per gebied" holds for
    unloading as for moving."""
    s = position(("germany", "transport", "sz_baltic_sea"), ("germany", "aa_gun", "germany", 2),
                 phase="noncombat_move")
    (gun, _) = ids(s, "germany", "germany", "aa_gun")
    moved = tuple(u.model_copy(update={"at": "sz_baltic_sea", "carried_by": ids(s, "sz_baltic_sea", "germany",
                                                                                   "transport")[0]})
                  if u.id == gun else u for u in s.units)
    s = s.model_copy(update={"units": moved})
    params = refused("one_aa_gun", s, "unload 1 aa Baltic Sea Zone -> Germany")
    assert params["territory"] == "Germany"
    assert units(play(s, "unload 1 aa Baltic Sea Zone -> Western Europe"), "western_europe") == {"aa_gun": 1}


def test_captured_aa_guns_change_hands_with_the_territory():
    """Rules notes, "Capitals, plunder, liberation": "ICs and AA guns are
    captured, not destroyed" (TripleA classic). After a won battle the gun is the conqueror's."""
    s = position(("germany", "armour", "eastern_europe"), ("ussr", "infantry", "karelia_ssr"),
                 ("ussr", "aa_gun", "karelia_ssr"), ("ussr", "factory", "karelia_ssr"))
    s = play(s, "move 1 arm Eastern Europe -> Karelia", "end", "attack Karelia")
    s = roll(roll(s, "attack_fire", 1), "defence_fire", 6)
    assert s.owner("karelia_ssr") == "germany"
    assert units(s, "karelia_ssr", "germany") == {"armour": 1, "aa_gun": 1, "factory": 1}


def test_an_ally_s_aa_gun_is_captured_with_the_territory():
    """a UK AA gun in Soviet Karelia does not survive as the UK's when Germany
    takes Karelia: it changes hands like the complex."""
    s = position(("germany", "armour", "eastern_europe"), ("uk", "aa_gun", "karelia_ssr"),
                 ("ussr", "factory", "karelia_ssr"))
    s = play(s, "move 1 arm Eastern Europe -> Karelia", "end")
    assert s.owner("karelia_ssr") == "germany"
    assert units(s, "karelia_ssr", "uk") == {} and units(s, "karelia_ssr", "germany")["aa_gun"] == 1


def test_aa_guns_do_not_move_in_the_combat_move():
    """AA guns never attack and do not move in the combat move (TripleA classic);
    they move in the non-combat move."""
    s = position(("germany", "aa_gun", "germany"), ("germany", "transport", "sz_baltic_sea"))
    refused("aa_gun_combat_move", s, "move 1 aa Germany -> Southern Europe")
    refused("aa_gun_combat_move", s, "load 1 aa Germany -> Baltic Sea Zone")
    assert not [m for m in ENGINE.legal_moves(s, seat_to_act(s))
                if m.kind in ("move", "load", "unload", "bomb") and m.units[0][0] == "aa_gun"]
    later = play(s, "end", "end", "move 1 aa Germany -> Southern Europe")
    assert units(later, "southern_europe") == {"aa_gun": 1}


def test_a_blitzed_territory_s_aa_gun_still_fires_at_aircraft_flying_over_later():
    """armour blitzes through Karelia; a German fighter that flies over Karelia
    later in the same combat move is still fired at by its gun. The gun is Germany's once the
    combat move ends (item 5)."""
    s = position(("germany", "armour", "eastern_europe"), ("germany", "fighter", "eastern_europe"),
                 ("ussr", "aa_gun", "karelia_ssr"), ("ussr", "infantry", "russia"), ("ussr", "infantry", "caucasus"))
    s = play(s, "move 1 arm Eastern Europe -> Karelia -> Russia")
    assert s.owner("karelia_ssr") == "germany"
    s = play(s, "move 1 ftr Eastern Europe -> Karelia -> Caucasus")
    spec = ENGINE.chance(s)
    assert spec is not None and spec.kind == "aa_fire" and s.aa.territory == "karelia_ssr"
    s = roll(s, "aa_fire", 6)
    s = play(s, "end")
    assert units(s, "karelia_ssr", "germany") == {"aa_gun": 1}


# ---------------------------------------------------------------- items 6, 7 and 8: amphibious assaults


def contested_landing() -> AxisAlliesState:
    """Germany's combat move: a transport with two infantry and a battleship sail from the North
    Sea into the Karelia Sea Zone, where a British submarine waits, and the infantry unload into
    Soviet Karelia."""
    s = position(("germany", "transport", "sz_north_sea"), ("germany", "battleship", "sz_north_sea"),
                 ("germany", "infantry", "finland_norway", 2), ("uk", "submarine", "sz_karelia"),
                 ("ussr", "infantry", "karelia_ssr"))
    return play(s, "load 2 inf Finland-Norway -> North Sea Zone",
                "move 1 bb 1 trn North Sea Zone -> Karelia Sea Zone",
                "unload 2 inf Karelia Sea Zone -> Karelia", "end")


def test_the_sea_battle_in_the_zone_of_unloading_is_fought_first():
    """Item 6 (TripleA classic): the land battle of an amphibious assault from a zone
    with enemy ships waits for the sea battle there; the infantry are still aboard till then."""
    s = contested_landing()
    assert units(s, "karelia_ssr", "germany") == {}
    moves = [ENGINE.format_move(m, s) for m in ENGINE.legal_moves(s, seat_to_act(s))]
    assert moves == ["attack Karelia Sea Zone"]
    try:
        play(s, "attack Karelia")
    except IllegalMoveError as error:
        assert error.code in ("axis_allies.sea_battle_first", "axis_allies.no_battle_there")
    else:
        raise AssertionError("the land battle was fought before the sea battle")
    s = play(s, "attack Karelia Sea Zone")
    s = roll(roll(s, "attack_fire", 6), "defence_fire", 6)
    s = play(s, "continue", "stay")
    s = roll(roll(s, "attack_fire", 1), "defence_fire", 6)
    assert s.battle is None and units(s, "karelia_ssr", "germany") == {"infantry": 2}
    assert s.battles == ("karelia_ssr",) and "karelia_ssr" in s.amphibious
    s = play(s, "attack Karelia")
    assert s.battle is not None and s.battle.amphibious


def test_the_cargo_of_a_transport_sunk_in_the_zone_of_unloading_never_lands():
    """the transport is sunk in the sea battle; its infantry are lost with it and
    the land battle never takes place."""
    s = play(contested_landing(), "attack Karelia Sea Zone")
    s = roll(roll(s, "attack_fire", 6), "defence_fire", 1)
    s = play(s, "lose 1 trn", "retreat North Sea Zone")
    assert s.battle is None and s.battles == ()
    assert units(s, "karelia_ssr") == {"infantry": 1} and s.owner("karelia_ssr") == "ussr"
    assert not [u for u in s.units if u.power == "germany" and u.kind == "infantry"]
    assert play(s, "end").phase == "noncombat_move"


def test_a_transport_in_a_contested_zone_does_not_unload_into_friendly_land():
    """until the sea battle is resolved a transport in a zone with enemy ships
    unloads only in an amphibious assault."""
    s = position(("germany", "transport", "sz_baltic_sea"), ("germany", "battleship", "sz_baltic_sea"),
                 ("germany", "infantry", "germany"), ("uk", "submarine", "sz_north_sea"))
    s = play(s, "load 1 inf Germany -> Baltic Sea Zone", "move 1 bb 1 trn Baltic Sea Zone -> North Sea Zone")
    refused("unload_contested_zone", s, "unload 1 inf North Sea Zone -> Finland-Norway")


def test_one_transport_unloads_into_one_territory_in_the_combat_move():
    """Item 7 (TripleA classic): one amphibious assault per transport."""
    s = position(("germany", "transport", "sz_baltic_sea"), ("germany", "infantry", "germany", 2),
                 ("ussr", "infantry", "karelia_ssr"))
    s = play(s, "load 2 inf Germany -> Baltic Sea Zone", "unload 1 inf Baltic Sea Zone -> Karelia")
    refused("one_landing_per_transport", s, "unload 1 inf Baltic Sea Zone -> Finland-Norway")
    assert units(play(s, "unload 1 inf Baltic Sea Zone -> Karelia"), "karelia_ssr", "germany") == {"infantry": 2}


def test_a_transport_that_fought_a_sea_battle_may_unload_in_the_non_combat_move():
    """Item 8 (TripleA classic): a transport that took part in a sea battle and did not
    unload in the combat move unloads into friendly land in the non-combat move."""
    s = position(("germany", "transport", "sz_baltic_sea"), ("germany", "battleship", "sz_baltic_sea"),
                 ("germany", "infantry", "germany", 2), ("uk", "submarine", "sz_north_sea"))
    s = play(s, "load 2 inf Germany -> Baltic Sea Zone", "move 1 bb 1 trn Baltic Sea Zone -> North Sea Zone",
             "end", "attack North Sea Zone")
    s = roll(roll(s, "attack_fire", 1), "defence_fire", 6)
    s = play(s, "end")
    assert s.phase == "noncombat_move"
    s = play(s, "unload 2 inf North Sea Zone -> Western Europe")
    assert units(s, "western_europe", "germany") == {"infantry": 2}


def test_a_transport_that_moved_without_a_sea_battle_still_does_not_unload_in_the_non_combat_move():
    """Decision M8 stands for transports that fought no sea battle."""
    s = position(("germany", "transport", "sz_baltic_sea"), ("germany", "infantry", "germany", 2))
    s = play(s, "load 2 inf Germany -> Baltic Sea Zone", "move 1 trn Baltic Sea Zone -> North Sea Zone",
             "end", "end")
    refused("moved_in_combat", s, "unload 2 inf North Sea Zone -> Western Europe")


# ---------------------------------------------------------------- item 12: victory


def test_economic_victory_is_on_by_default():
    """TripleA's classic game ships ``Economic Victory`` on, the Axis at 84 and
    the Allies at 140 of national production at the end of a round."""
    assert AxisAlliesOptions().economic_victory is True
    assert (economy.AXIS_ECONOMIC_VICTORY, economy.ALLIED_ECONOMIC_VICTORY) == (84, 140)
    owners = {t: "germany" for t in ("western_united_states", "india", "karelia_ssr", "caucasus",
                                     "eastern_canada", "australia", "china", "new_zealand")}
    s = position(power="usa", phase="place", owners=owners)
    assert economy.production(s, "germany") + economy.production(s, "japan") == 84
    over = play(s, "end")
    assert over.result is not None and over.result.reason == "axis_allies.economic_victory"
    assert play(s.model_copy(update={"options": AxisAlliesOptions(economic_victory=False)}), "end").result is None


# ---------------------------------------------------------------- which transport unloads (decision M16)


def two_transports(first: tuple[str, ...], second: tuple[str, ...], phase: str = "combat_move") -> AxisAlliesState:
    """UK: transports 0 and 1 in the North Sea Zone carrying ``first`` and ``second`` (unit kinds),
    loaded before this turn (cargo ids in that order, from 2 on); Western Europe empty."""
    s = position(("uk", "transport", "sz_north_sea", 2), *[("uk", k, "sz_north_sea") for k in first + second],
                 power="uk", phase=phase, owners={"western_europe": "germany"})
    for i in range(len(first)):
        s = aboard(s, 2 + i, 0)
    for i in range(len(second)):
        s = aboard(s, 2 + len(first) + i, 1)
    return s


def test_decision_m16_unloading_empties_a_transport_rather_than_commit_two():
    """Decision M14 (one landing per transport in the combat move) and M16: with 1 inf 1 arm on
    transport 0 and 2 inf on transport 1, ``unload 2 inf ... -> Western Europe`` takes transport
    1's two, so transport 0's cargo may still land elsewhere (before, one infantry of each was
    taken and both transports were bound to Western Europe)."""
    s = two_transports(("infantry", "armour"), ("infantry", "infantry"))
    s = play(s, "unload 2 inf North Sea Zone -> Western Europe")
    assert {u.id for u in s.units_at("western_europe")} == {4, 5}
    s = play(s, "unload 1 inf 1 arm North Sea Zone -> United Kingdom")
    assert units(s, "united_kingdom", "uk") == {"infantry": 1, "armour": 1}


def test_decision_m16_a_transport_already_bound_to_the_land_unloads_first():
    """M14 and M16: after transport 1 unloaded one infantry into Western Europe, the next
    infantry for Western Europe comes from it too, leaving transport 0 free."""
    s = two_transports(("infantry",), ("infantry", "infantry"))
    s = play(s, "unload 1 inf North Sea Zone -> Western Europe from trn with 2 inf",
             "unload 1 inf North Sea Zone -> Western Europe")
    assert {u.id for u in s.units_at("western_europe")} == {3, 4}
    every_offered_action_applies(s)


def test_decision_m16_the_cargo_left_on_a_bound_transport_is_still_offered_and_lands():
    """The issue's case: a transport bound to Western Europe in the combat move; the other
    transport's cargo still unloads elsewhere, and autocomplete offers it (it offered nothing)."""
    s = two_transports(("infantry",), ("infantry",))
    s = play(s, "unload 1 inf North Sea Zone -> Western Europe from trn with 1 inf")
    offered = [ENGINE.format_move(m, s) for m in ENGINE.legal_moves(s, seat_to_act(s))]
    assert "unload 1 inf North Sea Zone -> United Kingdom" in offered
    s = play(s, "unload 1 inf North Sea Zone -> United Kingdom")
    assert units(s, "united_kingdom", "uk") == {"infantry": 1}


def test_decision_m16_a_choice_that_matters_is_asked_by_naming_the_transport():
    """M16: 1 inf 1 arm on one transport, 2 inf on the other; ``unload 1 inf`` into Western
    Europe binds either transport and leaves either an armour or an infantry aboard it: the
    order is ambiguous, the reply lists both named forms, each applies, and autocomplete offers
    the named forms (not the plain one)."""
    s = two_transports(("infantry", "armour"), ("infantry", "infantry"))
    with pytest.raises(AmbiguousMoveError) as caught:
        ENGINE.parse_move("unload 1 inf North Sea Zone -> Western Europe", s, seat_to_act(s))
    named = ["unload 1 inf North Sea Zone -> Western Europe from trn with 1 inf 1 arm",
             "unload 1 inf North Sea Zone -> Western Europe from trn with 2 inf"]
    assert caught.value.code == "axis_allies.ambiguous_transport" and caught.value.params["candidates"] == named
    first = play(s, named[0])
    assert [u.id for u in first.units_at("western_europe")] == [2]
    second = play(s, named[1])
    assert [u.id for u in second.units_at("western_europe")] == [4]
    offered = [ENGINE.format_move(m, s) for m in ENGINE.legal_moves(s, seat_to_act(s))]
    assert set(named) <= set(offered) and "unload 1 inf North Sea Zone -> Western Europe" not in offered
    every_offered_action_applies(s)
    for text in offered:
        assert ENGINE.format_move(ENGINE.parse_move(text, s, seat_to_act(s)), s) == text


def test_decision_m16_a_named_transport_must_be_there():
    s = two_transports(("infantry",), ("infantry",))
    refused("no_transport_with", s, "unload 1 inf North Sea Zone -> Western Europe from trn with 1 arm")
    refused("not_enough_units", s, "unload 2 inf North Sea Zone -> Western Europe from trn with 1 inf")


def test_decision_m16_in_the_non_combat_move_the_choice_does_not_matter():
    """Outside the combat move a transport may unload into more than one territory: no question."""
    s = two_transports(("infantry", "armour"), ("infantry", "infantry"), phase="noncombat_move")
    s = play(s, "unload 1 inf North Sea Zone -> United Kingdom")
    assert units(s, "united_kingdom", "uk") == {"infantry": 1}


def test_decision_m16_a_transport_that_moved_in_the_combat_move_hides_no_other_cargo():
    """Aktie 4 and M12: a transport that moved in the combat move (without a sea battle) does
    not unload in the non-combat move; another transport beside it with the same cargo does, and
    autocomplete offers that unload."""
    s = two_transports(("infantry",), ("infantry",), phase="noncombat_move")
    rode = {0: {"combat": True, "moved": 1}, 2: {"combat": True}}  # cargo rides along: its own moves stay 0
    moved = tuple(u.model_copy(update=rode[u.id]) if u.id in rode else u for u in s.units)
    s = s.model_copy(update={"units": moved})
    offered = [ENGINE.format_move(m, s) for m in ENGINE.legal_moves(s, seat_to_act(s))]
    assert "unload 1 inf North Sea Zone -> United Kingdom" in offered
    s = play(s, "unload 1 inf North Sea Zone -> United Kingdom")
    assert [u.id for u in s.units_at("united_kingdom")] == [3]


def test_decision_m16_several_transports_unload_together_but_not_one_bound_elsewhere():
    """M14 and M16: three transports with one infantry each, the first bound to the United
    Kingdom; ``unload 2 inf`` into Western Europe takes the other two."""
    s = position(("uk", "transport", "sz_north_sea", 3), ("uk", "infantry", "sz_north_sea", 4),
                 power="uk", owners={"western_europe": "germany"})
    for rider, ship in ((3, 0), (4, 0), (5, 1), (6, 2)):
        s = aboard(s, rider, ship)
    s = play(s, "unload 1 inf North Sea Zone -> United Kingdom from trn with 2 inf",
             "unload 2 inf North Sea Zone -> Western Europe")
    assert sorted(u.id for u in s.units_at("western_europe")) == [5, 6]
