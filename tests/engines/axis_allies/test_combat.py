"""Battles, AA fire, bombing and rockets (``engines/axis_allies/combat.py``), one rule per test.

Test names and docstrings give the place in the Dutch 2nd-edition rulebook
(``axis-and-allies.nl.md``) or the rules notes. Dice are written as faces 1..6
with :func:`faces`; the machine takes 0..5.
"""

from __future__ import annotations

import pytest

from engines.axis_allies.combat import (
    Battle,
    Combatant,
    Withdrawal,
    aa_fire,
    apply_roll,
    bombing_raid,
    chance,
    choose_casualties,
    outcome,
    press_on,
    retreat,
    rocket,
    start,
    waiting,
    withdraw_subs,
)
from engines.axis_allies.units import UNITS
from engines.core.errors import IllegalMoveError


def faces(*f: int) -> tuple[int, ...]:
    return tuple(x - 1 for x in f)


def unit(id: int, kind: str, power: str, carrier: int | None = None) -> Combatant:
    return Combatant(id=id, kind=kind, power=power, carrier=carrier)


def de(id: int, kind: str) -> Combatant:
    return unit(id, kind, "germany")


def uk(id: int, kind: str, carrier: int | None = None) -> Combatant:
    return unit(id, kind, "uk", carrier)


def su(id: int, kind: str) -> Combatant:
    return unit(id, kind, "ussr")


def jp(id: int, kind: str) -> Combatant:
    return unit(id, kind, "japan")


def us(id: int, kind: str, carrier: int | None = None) -> Combatant:
    return unit(id, kind, "usa", carrier)


def roll(b: Battle, kind: str, *f: int) -> Battle:
    """Check the machine asks for ``len(f)`` dice of ``kind`` and feed them."""
    spec = chance(b)
    assert spec is not None and (spec.kind, len(spec.sizes)) == (kind, len(f)), spec
    assert waiting(b) is None
    return apply_roll(b, faces(*f))


# ---------------------------------------------------------------- Aktie 3: the round


def test_aktie3_example_tank_fires_back_from_the_casualty_zone() -> None:
    """Aktie 3, the worked example: a German 1 hits England's last piece, a tank, which goes to
    the casualty zone, "mag vanuit het verliezenvak nog 1 keer vuren", rolls a 2 and hits;
    "Duitsland besluit zijn infanteriestuk te verliezen"; the battle is over."""
    b = start("anglo_egyptian_sudan", "germany",
              [de(1, "infantry"), de(2, "armour")], [uk(3, "armour")])
    b = roll(b, "attack_fire", 1, 6)
    assert b.zone == (3,)
    b = roll(b, "defence_fire", 2)
    d = waiting(b)
    assert d is not None
    assert (d.kind, d.side, d.power) == ("casualties", "attacker", "germany")
    assert (d.count, d.eligible) == (1, (1, 2))
    o = outcome(choose_casualties(b, "germany", (1,)))
    assert o is not None
    assert (o.result, o.rounds, o.attackers_left, o.defenders_left) == ("attacker_won", 1, (2,), ())
    assert o.captures
    assert sorted(c.id for c in o.lost) == [1, 3]


def test_aktie3_casualties_leave_the_board_after_the_round() -> None:
    """Aktie 3: "Zodra de verdediger klaar is met vuren, verwijdert hij zijn verliezen": a unit hit
    in round 1 fires back in round 1 only."""
    b = start("ukraine_ssr", "germany", [de(1, "infantry"), de(2, "infantry")],
              [su(3, "infantry"), su(4, "infantry")], retreat_to=("eastern_europe",))
    b = roll(b, "attack_fire", 1, 6)
    b = roll(b, "defence_fire", 6, 6)          # both Soviet infantry fire, the hit one too
    assert b.lost == (3,) and b.zone == ()
    d = waiting(b)
    assert d is not None and d.kind == "press_on_or_retreat" and d.retreat_to == ("eastern_europe",)
    b = press_on(b)
    assert b.round == 2
    b = roll(b, "attack_fire", 6, 6)
    b = roll(b, "defence_fire", 6)             # one defender left


def test_aktie3_battle_ends_when_both_sides_are_destroyed() -> None:
    """Aktie 3, step 8 D: "Zowel de aanvaller als de verdediger vernietigd"."""
    b = start("ukraine_ssr", "germany", [de(1, "armour")], [su(2, "infantry")])
    b = roll(roll(b, "attack_fire", 3), "defence_fire", 2)
    o = outcome(b)
    assert o is not None and (o.result, o.attackers_left, o.defenders_left) == ("both_destroyed", (), ())
    assert not o.captures


def test_aktie3_defender_holds_when_the_attacker_is_destroyed() -> None:
    """Aktie 3, step 8 B: "De aanvaller vernietigd is"."""
    b = start("ukraine_ssr", "germany", [de(1, "infantry")], [su(2, "infantry")])
    o = outcome(roll(roll(b, "attack_fire", 2), "defence_fire", 1))
    assert o is not None and (o.result, o.defenders_left) == ("defender_held", (2,))
    assert o.lost_by_power() == {"germany": {"infantry": 1}}


# ---------------------------------------------------------------- casualties


def test_casualties_are_chosen_by_their_owner() -> None:
    """App. I: "Verdedigende U.S.S.R. verkiest 1 infanterie te verliezen"; "Japan verkiest ..."."""
    b = start("ukraine_ssr", "germany", [de(1, "armour")],
              [su(2, "infantry"), su(3, "armour")])
    b = roll(b, "attack_fire", 1)
    d = waiting(b)
    assert d is not None and (d.power, d.side, d.count, d.eligible) == ("ussr", "defender", 1, (2, 3))
    assert chance(b) is None
    with pytest.raises(IllegalMoveError) as wrong_power:
        choose_casualties(b, "germany", (2,))
    assert wrong_power.value.code == "axis_allies.combat.not_your_choice"
    for bad in [(), (2, 3), (1,), (2, 2)]:
        with pytest.raises(IllegalMoveError):
            choose_casualties(b, "ussr", bad)
    b = choose_casualties(b, "ussr", (3,))
    assert b.zone == (3,)
    with pytest.raises(IllegalMoveError):
        choose_casualties(b, "ussr", (2,))


def test_interchangeable_casualties_are_taken_without_asking() -> None:
    """Two hits on three infantry of one power: any choice is the same, so nobody is asked."""
    b = start("ukraine_ssr", "germany", [de(1, "armour"), de(2, "armour")],
              [su(3, "infantry"), su(4, "infantry"), su(5, "infantry")])
    b = roll(b, "attack_fire", 1, 2)
    assert b.zone == (3, 4) and chance(b) is not None


def test_attacking_aircraft_are_never_interchangeable() -> None:
    """Each attacking fighter must land where its own range allows: its owner picks."""
    b = start("ukraine_ssr", "germany", [de(1, "fighter"), de(2, "fighter")],
              [su(3, "infantry")])
    b = roll(roll(b, "attack_fire", 6, 6), "defence_fire", 1)
    d = waiting(b)
    assert d is not None and d.eligible == (1, 2)


def test_allied_defenders_fight_together_and_one_power_speaks_for_them() -> None:
    """Ch. 3, "Multi-nationale machten": allies in one space defend together. The caller names
    the power that chooses (the territory's controller); by default the one with most units."""
    defenders = [uk(3, "infantry"), us(4, "fighter"), uk(5, "infantry")]
    attackers = [de(1, "armour")]
    assert start("persia", "germany", attackers, defenders).defender == "uk"
    b = start("persia", "germany", attackers, defenders, defender="usa")
    b = roll(b, "attack_fire", 1)
    d = waiting(b)
    assert d is not None and d.power == "usa" and d.eligible == (3, 4, 5)


# ---------------------------------------------------------------- retreat


def test_aktie3_attacker_retreats_after_a_round_to_where_it_came_from() -> None:
    """Aktie 3, step 8 A: "De aanvaller zich terugtrekt - speciaal voorrecht van de aanvaller";
    all attacking units still in the battle go together to one space they came from."""
    b = start("ukraine_ssr", "germany",
              [de(1, "infantry"), de(2, "armour"), de(3, "fighter")],
              [su(4, "infantry"), su(5, "infantry")], retreat_to=("eastern_europe", "balkans"))
    with pytest.raises(IllegalMoveError):
        retreat(b, "eastern_europe")            # not before a round
    b = roll(roll(b, "attack_fire", 6, 6, 6), "defence_fire", 6, 6)
    d = waiting(b)
    assert d is not None and d.kind == "press_on_or_retreat" and d.may_retreat and d.subs_to == ()
    with pytest.raises(IllegalMoveError):
        retreat(b, "russia")
    with pytest.raises(IllegalMoveError):
        retreat(b, None)                        # land units need a place
    o = outcome(retreat(b, "balkans"))
    assert o is not None and o.result == "attacker_retreated"
    assert o.moved_out == (Withdrawal(how="retreat", side="attacker", ids=(1, 2, 3), to="balkans"),)
    assert o.attackers_left == () and o.defenders_left == (4, 5) and not o.captures


def test_only_the_attacker_may_retreat_and_aircraft_alone_need_no_place() -> None:
    """Only the attacker has the retreat option; aircraft left alone fly off and land in the
    non-combat move, so their retreat names no place."""
    b = start("ukraine_ssr", "germany", [de(1, "fighter")], [su(2, "infantry")])
    b = roll(roll(b, "attack_fire", 6), "defence_fire", 6)
    d = waiting(b)
    assert d is not None and d.side == "attacker" and d.may_retreat and d.retreat_to == ()
    o = outcome(retreat(b, None))
    assert o is not None and o.moved_out[0].to is None


def test_no_retreat_from_an_amphibious_assault() -> None:
    """Amphibious assault (notes; "Amfibie aanvalsregels zijn gewijzigd"): nothing may retreat,
    so after a round the battle goes on without asking."""
    b = start("western_europe", "uk", [uk(1, "infantry"), uk(2, "armour")],
              [de(3, "infantry")], amphibious=True, retreat_to=("united_kingdom",))
    b = roll(roll(b, "attack_fire", 6, 6), "defence_fire", 6)
    assert waiting(b) is None and b.round == 2
    assert chance(b) is not None and chance(b).kind == "attack_fire"
    with pytest.raises(IllegalMoveError):
        retreat(b, "united_kingdom")


# ---------------------------------------------------------------- submarines


def test_submarine_first_strike_sinks_ships_before_they_fire() -> None:
    """"Onderzeeboten": a deadly first shot; App. I: "Verdediger kan zich niet weren tegen die
    dodelijke eersteschots aanval": the sunk ship does not fire back."""
    b = start("sz_north_sea", "germany", [de(1, "submarine"), de(2, "fighter")],
              [uk(3, "battleship"), uk(4, "transport")])
    b = roll(b, "sub_strike", 2)
    d = waiting(b)
    assert d is not None and d.eligible == (3, 4) and d.count == 1
    b = choose_casualties(b, "uk", (3,))
    assert b.lost == (3,) and b.zone == ()
    b = roll(b, "attack_fire", 6)                # only the fighter: subs fired already
    b = roll(b, "defence_fire", 6)               # only the transport: the battleship is gone


def test_submarine_hits_never_fall_on_aircraft() -> None:
    """"Onderzeeboten kunnen niet op vliegtuigen vuren!": against a carrier with a fighter the hit
    must sink the carrier, so there is no choice."""
    b = start("sz_north_sea", "germany", [de(1, "submarine")],
              [uk(2, "fighter", carrier=3), uk(3, "carrier")])
    b = roll(b, "sub_strike", 1)
    assert b.lost == (3,)


def test_submarine_first_strike_repeats_every_round() -> None:
    """Aktie 3, step 8: "Herhaal bovengenoemde stappen 2 tot 7": the first strike is step 2, so
    attacking subs strike first again in every round (TripleA does the same)."""
    b = start("sz_north_sea", "germany", [de(1, "submarine")], [uk(2, "transport")])
    b = roll(roll(b, "sub_strike", 6), "defence_fire", 6)
    b = roll(b, "sub_strike", 6)
    assert b.round == 2


def test_submarines_without_ships_to_hit_do_not_roll() -> None:
    """Subs only hit ships: with only aircraft against them they have no shot (attacking or
    defending), while the aircraft can hit the subs."""
    b = start("sz_north_sea", "germany", [de(1, "submarine"), de(2, "fighter")],
              [uk(3, "fighter")], sea=True)
    b = roll(b, "attack_fire", 6)                  # no sub strike: no ship to hit
    b = roll(b, "defence_fire", 6)
    b2 = start("sz_north_sea", "germany", [de(1, "fighter")], [uk(2, "submarine")])
    b2 = roll(b2, "attack_fire", 6)                # the defending sub has nothing to shoot at
    assert waiting(b2).kind == "press_on_or_retreat"
    b2 = press_on(b2)
    assert b2.round == 2 and chance(b2).kind == "attack_fire"
    o = outcome(roll(b2, "attack_fire", 3))        # a fighter sinks the sub
    assert o is not None and o.result == "attacker_won" and not o.captures


def test_defending_subs_fire_with_the_other_defenders_at_ships_only() -> None:
    """Defending subs fire together with the other defenders (notes [S4]); their hits may only
    sink ships, so of two hits (one by a sub) at most one may fall on an aircraft."""
    b = start("sz_north_sea", "germany",
              [de(1, "battleship"), de(2, "fighter"), de(3, "fighter")],
              [uk(4, "submarine"), uk(5, "carrier")])
    b = roll(b, "attack_fire", 6, 6, 6)
    b = roll(b, "defence_fire", 1, 1)
    d = waiting(b)
    assert d is not None and (d.count, d.eligible, d.max_non_ships) == (2, (1, 2, 3), 1)
    with pytest.raises(IllegalMoveError) as err:
        choose_casualties(b, "germany", (2, 3))
    assert err.value.code == "axis_allies.combat.subs_hit_ships"
    b = choose_casualties(b, "germany", (1, 3))
    assert b.lost == (1, 3)


def test_only_the_sub_hit_is_lost_when_no_ship_is_left_for_it() -> None:
    """A sub hit with no attacking ship left to sink is wasted; the other hits still count."""
    b = start("sz_north_sea", "germany", [de(1, "transport"), de(2, "fighter"),
                                          de(3, "fighter")],
              [uk(4, "submarine"), uk(5, "submarine"), uk(6, "transport")])
    b = roll(b, "attack_fire", 6, 6)               # the transport (attack 0) does not roll
    b = roll(b, "defence_fire", 1, 1, 1)           # two sub hits, one transport hit
    d = waiting(b)
    assert d is not None and (d.count, d.max_non_ships) == (2, 1)


def test_step7_attacking_then_defending_subs_may_withdraw() -> None:
    """Aktie 3, step 7 and "Onderzeeboten": after a round the attacking subs may withdraw to a
    zone attacking ships came from; "daarna kunnen verdedigende onderzeeboten zich naar een
    aangrenzend vriendelijk of onbezet zeegebied terugtrekken". (TripleA forbids the second.)"""
    b = start("sz_north_sea", "germany", [de(1, "submarine"), de(2, "battleship")],
              [uk(3, "submarine"), uk(4, "carrier")],
              retreat_to=("sz_baltic_sea",), attacker_sub_zones=("sz_baltic_sea",),
              defender_sub_zones=("sz_united_kingdom",))
    with pytest.raises(IllegalMoveError):
        withdraw_subs(b, "attacker", "sz_baltic_sea")     # only after a round
    b = roll(roll(roll(b, "sub_strike", 6), "attack_fire", 6), "defence_fire", 6, 6)
    d = waiting(b)
    assert d is not None and d.kind == "press_on_or_retreat" and d.subs_to == ("sz_baltic_sea",)
    with pytest.raises(IllegalMoveError):
        withdraw_subs(b, "defender", "sz_united_kingdom")  # the attacker's subs go first
    with pytest.raises(IllegalMoveError):
        withdraw_subs(b, "attacker", "sz_united_kingdom")
    b = withdraw_subs(b, "attacker", "sz_baltic_sea")
    d = waiting(b)
    assert d is not None and d.kind == "press_on_or_retreat" and d.subs_to == () and d.may_retreat
    b = press_on(b)
    d = waiting(b)
    assert d is not None and (d.kind, d.side, d.power) == ("defending_subs", "defender", "uk")
    assert d.subs_to == ("sz_united_kingdom",)
    b = withdraw_subs(b, "defender", "sz_united_kingdom")
    assert b.round == 2
    b = roll(b, "attack_fire", 6)                 # no sub strike any more: the sub left
    b = roll(b, "defence_fire", 6)                # the carrier alone
    assert b.moved_out == (Withdrawal(how="subs", side="attacker", ids=(1,), to="sz_baltic_sea"),
                           Withdrawal(how="subs", side="defender", ids=(3,), to="sz_united_kingdom"))


def test_withdrawing_the_last_units_ends_the_battle() -> None:
    """Subs that withdraw leave nothing of their side: an attacking force of subs has
    retreated; a defence of subs has left the zone to the attacker."""
    b = start("sz_north_sea", "germany", [de(1, "submarine")], [uk(2, "submarine")],
              attacker_sub_zones=("sz_baltic_sea",), defender_sub_zones=("sz_united_kingdom",))
    b = roll(roll(b, "sub_strike", 6), "defence_fire", 6)
    o = outcome(withdraw_subs(b, "attacker", "sz_baltic_sea"))
    assert o is not None and o.result == "attacker_retreated" and o.defenders_left == (2,)
    o = outcome(withdraw_subs(press_on(b), "defender", "sz_united_kingdom"))
    assert o is not None and o.result == "attacker_won" and o.attackers_left == (1,) and o.lost == ()


# ---------------------------------------------------------------- amphibious support shot


def test_battleship_support_shot_before_the_first_round_of_an_amphibious_assault() -> None:
    """Amphibious assault (notes [S3]): a battleship in the sea zone that fought no sea battle
    fires once at 4 before the first round. Its victims go to the casualty zone and fire back
    in round 1 (TripleA ``Naval Bombard Casualties Return Fire``), then leave."""
    b = start("western_europe", "uk", [uk(1, "infantry"), uk(2, "armour")],
              [de(3, "infantry"), de(4, "infantry"), de(5, "armour")],
              bombarding=[uk(9, "battleship")], amphibious=True)
    assert UNITS["battleship"].attack == 4
    b = roll(b, "bombard", 4)
    d = waiting(b)
    assert d is not None and (d.side, d.count, d.eligible) == ("defender", 1, (3, 4, 5))
    b = choose_casualties(b, "germany", (5,))
    assert b.zone == (5,)
    b = roll(b, "attack_fire", 6, 6)
    b = roll(b, "defence_fire", 6, 6, 6)          # the bombarded tank fires back
    assert b.lost == (5,) and b.round == 2
    b = roll(b, "attack_fire", 6, 6)              # no second support shot
    b = roll(b, "defence_fire", 6, 6)
    assert b.log[0].kind == "bombard" and b.log[0].hits == 1


def test_bombardment_only_supports_an_amphibious_assault() -> None:
    with pytest.raises(IllegalMoveError):
        start("western_europe", "uk", [uk(1, "infantry")], [de(3, "infantry")],
              bombarding=[uk(9, "battleship")])
    with pytest.raises(IllegalMoveError):
        start("western_europe", "uk", [uk(1, "infantry")], [de(3, "infantry")],
              bombarding=[uk(9, "carrier")], amphibious=True)


# ---------------------------------------------------------------- units


def test_battleships_have_one_hit() -> None:
    """Classic battleships sink on the first hit (TripleA ``Two hit battleship`` = false)."""
    b = start("sz_north_sea", "germany", [de(1, "battleship")], [uk(2, "battleship")])
    b = roll(b, "attack_fire", 4)
    assert b.zone == (2,)
    o = outcome(roll(b, "defence_fire", 5))
    assert o is not None and o.result == "attacker_won"


def test_transports_attack_0_and_defend_1() -> None:
    """"Transportschepen kunnen niet aanvallen" (attack 0, no die); they defend at 1."""
    assert (UNITS["transport"].attack, UNITS["transport"].defence) == (0, 1)
    b = start("sz_north_sea", "germany", [de(1, "transport"), de(2, "battleship")],
              [uk(3, "transport")])
    b = roll(b, "attack_fire", 6)                  # the battleship only
    b = roll(b, "defence_fire", 2)                 # a 2 misses for a transport
    assert b.lost == ()
    assert waiting(b) is None and b.round == 2    # nowhere to retreat to: on with round 2
    b = roll(roll(b, "attack_fire", 6), "defence_fire", 1)
    d = waiting(b)
    assert d is not None and d.eligible == (1, 2)


def test_aircraft_alone_cannot_take_a_territory() -> None:
    """"Resultaten van zowel land- als zeegevechten": only land units take a territory."""
    b = start("ukraine_ssr", "germany", [de(1, "bomber")], [su(2, "infantry")])
    o = outcome(roll(roll(b, "attack_fire", 4), "defence_fire", 6))
    assert o is not None and o.result == "attacker_won" and not o.captures


def test_a_fighter_whose_carrier_sinks_fights_on_and_must_land() -> None:
    """Carriers: "Bij een duikbootaanval is het vliegdekschip verloren als het getroffen wordt;
    de gevechtsvliegtuigen moeten hun eigen aanval voltooien." The defending fighter fights on;
    if it survives its carrier it is reported so the engine lands it or removes it (notes [S9])."""
    b = start("sz_hawaii", "japan", [jp(1, "submarine"), jp(2, "battleship")],
              [us(3, "fighter", carrier=4), us(4, "carrier")])
    b = roll(b, "sub_strike", 1)
    assert b.lost == (4,)
    b = roll(b, "attack_fire", 6)
    b = roll(b, "defence_fire", 1)                 # the fighter, without a deck, still fires
    d = waiting(b)
    assert d is not None and d.eligible == (1, 2)
    b = choose_casualties(b, "japan", (1,))
    o = outcome(roll(roll(b, "attack_fire", 6), "defence_fire", 4))
    assert o is not None and o.result == "defender_held" and o.unhoused_fighters == (3,)


def test_a_fighter_may_be_lost_instead_of_its_carrier() -> None:
    """Carriers: against hits other than a sub's the owner may lose a fighter "in plaats van het
    vliegdekschip"; the carrier then still holds its deck."""
    b = start("sz_hawaii", "japan", [jp(1, "battleship")],
              [us(3, "fighter", carrier=4), us(4, "carrier")])
    b = roll(b, "attack_fire", 1)
    d = waiting(b)
    assert d is not None and d.eligible == (3, 4)
    b = choose_casualties(b, "usa", (3,))
    o = outcome(roll(b, "defence_fire", 1, 1))
    assert o is not None and o.result == "defender_held" and o.unhoused_fighters == ()


# ---------------------------------------------------------------- weapons developments


def test_jet_power_fighters_defend_at_5() -> None:
    b = start("ukraine_ssr", "germany", [de(1, "infantry")], [su(2, "fighter")],
              techs={"ussr": ["jet_power"]})
    b = roll(roll(b, "attack_fire", 6), "defence_fire", 5)
    assert outcome(b) is not None and outcome(b).result == "defender_held"


def test_super_submarines_attack_at_3_and_defend_as_before() -> None:
    """App. I: "Japan gooit een 3; raak, want Japan heeft superonderzeeboten"."""
    b = start("sz_hawaii", "japan", [jp(1, "submarine")], [us(2, "submarine")],
              techs=[("japan", "super_submarines"), ("usa", "super_submarines")])
    b = roll(b, "sub_strike", 4)
    b = roll(b, "defence_fire", 3)                 # a defending super sub still needs a 2
    assert b.lost == ()
    assert outcome(roll(b, "sub_strike", 3)) is not None


def test_heavy_bombers_roll_three_dice_in_a_battle() -> None:
    """Heavy Bombers: three dice per attacking bomber, each hitting on 4 or less (our decision,
    with TripleA's classic game); a defending bomber still rolls one."""
    b = start("ukraine_ssr", "germany", [de(1, "bomber"), de(2, "infantry")],
              [su(3, "infantry"), su(4, "infantry"), su(5, "bomber")],
              techs={"germany": ["heavy_bombers"], "ussr": ["heavy_bombers"]})
    b = roll(b, "attack_fire", 4, 5, 1, 6)         # bomber: 4, 5, 1 -> two hits; infantry misses
    d = waiting(b)
    assert d is not None and d.count == 2
    b = choose_casualties(b, "ussr", (3, 5))
    roll(b, "defence_fire", 6, 6, 6)
    with pytest.raises(IllegalMoveError):
        start("ukraine_ssr", "germany", [de(1, "bomber")], [su(3, "infantry")],
              techs={"germany": ["death_ray"]})


# ---------------------------------------------------------------- AA fire, bombing, rockets


def test_aa_gun_fires_one_die_per_aircraft_and_hits_on_a_1() -> None:
    """"Luchtdoelkanonnen": one die per enemy aircraft flying over or into the territory, a 1
    hits; the aircraft's owner chooses which are lost (TripleA ``Choose AA Casualties``)."""
    planes = [uk(1, "fighter"), uk(2, "fighter"), uk(3, "bomber")]
    aa = aa_fire("western_europe", "germany", planes)
    spec = chance(aa)
    assert spec is not None and (spec.kind, spec.sizes) == ("aa_fire", (6, 6, 6))
    assert outcome(apply_roll(aa, faces(2, 3, 6))).lost == ()
    all_down = outcome(apply_roll(aa, faces(1, 1, 1)))
    assert all_down is not None and all_down.lost == (1, 2, 3) and all_down.survivors == ()
    aa = apply_roll(aa, faces(1, 5, 1))
    d = waiting(aa)
    assert d is not None and (d.power, d.count, d.eligible) == ("uk", 2, (1, 2, 3))
    with pytest.raises(IllegalMoveError):
        choose_casualties(aa, "germany", (1, 2))
    o = outcome(choose_casualties(aa, "uk", (1, 3)))
    assert o is not None and o.survivors == (2,)
    with pytest.raises(IllegalMoveError):
        aa_fire("western_europe", "germany", [uk(1, "armour")])


def test_strategic_bombing_aa_first_then_a_die_per_bomber() -> None:
    """"Strategische bommenwerper aanval" 2) the AA gun rolls per bomber, each 1 downs one "zonder
    aan te vallen"; 3) each surviving bomber rolls a die and the total is paid to the bank."""
    bombers = [us(1, "bomber"), us(2, "bomber"), us(3, "bomber")]
    raid = bombing_raid("germany", "usa", "germany", bombers, aa_gun=True, victim_ipcs=40)
    raid = apply_roll(raid, faces(1, 4, 6))
    d = waiting(raid)
    assert d is not None and (d.power, d.count) == ("usa", 1)   # where each flies home differs
    raid = choose_casualties(raid, "usa", (1,))
    spec = chance(raid)
    assert spec is not None and (spec.kind, len(spec.sizes)) == ("bombing", 2)
    o = outcome(apply_roll(raid, faces(6, 5)))
    assert o is not None and (o.damage, o.bombers_lost, o.bombers_left) == (11, (1,), (2, 3))


def test_strategic_bombing_without_aa_and_with_every_bomber_shot_down() -> None:
    raid = bombing_raid("germany", "usa", "germany", [us(1, "bomber")], aa_gun=False, victim_ipcs=40)
    assert chance(raid).kind == "bombing"
    shot = apply_roll(bombing_raid("germany", "usa", "germany", [us(1, "bomber")],
                                   aa_gun=True, victim_ipcs=40), faces(1))
    o = outcome(shot)
    assert chance(shot) is None and o is not None
    assert (o.damage, o.rolls, o.bombers_lost, o.bombers_left) == (0, (), (1,), ())


def test_heavy_bombers_roll_three_dice_in_a_raid() -> None:
    raid = bombing_raid("germany", "uk", "germany", [uk(1, "bomber")], aa_gun=False,
                        victim_ipcs=40, heavy_bombers=True)
    assert chance(raid).sizes == (6, 6, 6)
    assert outcome(apply_roll(raid, faces(6, 6, 5))).damage == 17


def test_bombing_damage_is_capped_by_the_treasury_not_by_the_territory_value() -> None:
    """The rulebook's total is paid "aan de bank"; a power cannot pay more than it has (TripleA
    caps it there). No cap at the territory's value: that rule is not in the 2nd edition text
    (TripleA ``Territory Turn Limit`` = false). Germany is worth 10."""
    bombers = [uk(i, "bomber") for i in (1, 2, 3)]
    rich = bombing_raid("germany", "uk", "germany", bombers, aa_gun=False, victim_ipcs=40)
    assert outcome(apply_roll(rich, faces(6, 6, 6))).damage == 18
    poor = bombing_raid("germany", "uk", "germany", bombers, aa_gun=False, victim_ipcs=7)
    assert outcome(apply_roll(poor, faces(6, 6, 6))).damage == 7


def test_rocket_one_die_against_a_complex_within_three_spaces() -> None:
    """Rockets (weapons development; notes): an AA gun attacks an industrial complex within 3
    spaces with one die of IPC damage, capped at the victim's treasury."""
    r = rocket("western_europe", "united_kingdom", "germany", "uk", victim_ipcs=30)
    assert chance(r).sizes == (6,)
    assert outcome(r) is None
    assert outcome(apply_roll(r, faces(5))).damage == 5
    poor = rocket("germany", "russia", "germany", "ussr", victim_ipcs=2)
    assert outcome(apply_roll(poor, faces(6))).damage == 2
    too_far, itself = ("germany", "kazakh_ssr"), ("germany", "germany")
    for launcher, target in [too_far, itself, ("sz_north_sea", "united_kingdom")]:
        with pytest.raises(IllegalMoveError):
            rocket(launcher, target, "germany", "uk", victim_ipcs=30)


# ---------------------------------------------------------------- setting up


@pytest.mark.parametrize(("attackers", "defenders", "territory"), [
    ([], [su(2, "infantry")], "ukraine_ssr"),
    ([de(1, "infantry")], [su(1, "infantry")], "ukraine_ssr"),
    ([de(1, "factory")], [su(2, "infantry")], "ukraine_ssr"),
    ([de(1, "battleship")], [su(2, "infantry")], "ukraine_ssr"),
    ([de(1, "infantry")], [su(2, "transport")], "sz_baltic_sea"),
    ([jp(1, "infantry")], [su(2, "infantry")], "ukraine_ssr"),
    ([de(1, "infantry")], [de(2, "infantry")], "ukraine_ssr"),
    ([de(1, "battleship")], [uk(2, "fighter", carrier=3), uk(3, "transport")], "sz_north_sea"),
    ([de(1, "battleship")], [uk(2, "fighter", carrier=5), uk(3, "fighter", carrier=5),
                             uk(4, "fighter", carrier=5), uk(5, "carrier")], "sz_north_sea"),
], ids=["no-attackers", "same-id", "factory", "ship-on-land", "infantry-at-sea", "ally-attacks",
        "own-defender", "fighter-on-transport", "carrier-overfull"])
def test_start_refuses_impossible_battles(
    attackers: list[Combatant], defenders: list[Combatant], territory: str
) -> None:
    with pytest.raises(IllegalMoveError):
        start(territory, "germany", attackers, defenders)


def test_states_are_frozen_and_serialisable() -> None:
    b = start("ukraine_ssr", "germany", [de(1, "infantry")], [su(2, "infantry")])
    b = roll(b, "attack_fire", 1)
    assert Battle.model_validate_json(b.model_dump_json()) == b
    assert hash(b) == hash(Battle.model_validate_json(b.model_dump_json()))
    with pytest.raises(IllegalMoveError):
        apply_roll(b, (0, 0))
    with pytest.raises(IllegalMoveError):
        apply_roll(b, (6,))
    with pytest.raises(IllegalMoveError):
        press_on(b)


# ---------------------------------------------------------------- Appendix I: Japan's turn


def test_appendix1_hawaiian_islands_sea_battle_super_sub_strike() -> None:
    """App. I, "Gevechtszone 1": Japan's fighter (from the carrier in the Caroline Islands zone),
    battleship and submarine attack the US fleet in the Hawaiian Islands zone. "Aanvallende
    onderzeeboot vuurt. Japan gooit een 3; raak, want Japan heeft superonderzeeboten. De
    Amerikaanse verdediger verkiest een onderzeeboot te verliezen."

    The figure is lost; we take the US fleet of the opening set-up (a carrier with its fighter
    and a submarine), which is what the choice in the text implies: a sub or the carrier, never
    the fighter. The text's remaining dice are lost too."""
    b = start("sz_hawaii", "japan",
              [jp(1, "fighter"), jp(2, "battleship"), jp(3, "submarine")],
              [us(10, "fighter", carrier=12), us(11, "submarine"), us(12, "carrier")],
              techs={"japan": ["super_submarines"]}, retreat_to=("sz_caroline_islands",))
    b = roll(b, "sub_strike", 3)
    d = waiting(b)
    assert d is not None and (d.power, d.count, d.eligible) == ("usa", 1, (11, 12))
    b = choose_casualties(b, "usa", (11,))
    assert b.lost == (11,)
    b = roll(b, "attack_fire", 6, 6)               # fighter and battleship
    b = roll(b, "defence_fire", 6, 6)              # fighter and carrier: the sunk sub has no shot
    assert b.log[0].values == faces(3) and b.log[0].hits == 1


def test_appendix1_manchuria_land_battle() -> None:
    """App. I, Manchuria (held by a Soviet tank and infantry): "2 Japanse gevechtsvliegtuigen ...
    een 6 en een 5, allebei mis"; "1 Japanse bommenwerper ... een 4, raak"; "Verdedigende
    U.S.S.R. verkiest 1 infanterie te verliezen"; the tank and the hit infantry fire "een 2 en een
    1, dat is tweemaal raak"; "Japan verkiest 1 infanterie en 1 gevechtsvliegtuig te verliezen".

    The sentence on Japan's infantry is lost: we take the 2 infantry of Kwangtung, and since only
    one Soviet piece was hit their dice missed (6s here). Afterwards a fighter and the bomber
    fly home (Aktie 4), so both survived the battle."""
    b = start("manchuria", "japan",
              [jp(1, "infantry"), jp(2, "infantry"), jp(3, "fighter"),
               jp(4, "fighter"), jp(5, "bomber")],
              [su(10, "armour"), su(11, "infantry")], retreat_to=("kwangtung",))
    b = roll(b, "attack_fire", 6, 6, 6, 5, 4)
    d = waiting(b)
    assert d is not None and (d.power, d.count, d.eligible) == ("ussr", 1, (10, 11))
    b = choose_casualties(b, "ussr", (11,))
    b = roll(b, "defence_fire", 2, 1)
    d = waiting(b)
    assert d is not None and (d.power, d.count, d.eligible) == ("japan", 2, (1, 2, 3, 4, 5))
    b = choose_casualties(b, "japan", (1, 3))
    d = waiting(b)
    assert d is not None and d.kind == "press_on_or_retreat" and d.retreat_to == ("kwangtung",)
    b = press_on(b)
    assert b.round == 2 and b.lost == (1, 3, 11)
    b = roll(b, "attack_fire", 1, 6, 6)            # our dice from here on: the text is lost
    o = outcome(roll(b, "defence_fire", 6))
    assert o is not None and o.result == "attacker_won" and o.captures
    assert o.attackers_left == (2, 4, 5)
    assert o.lost_by_power() == {"ussr": {"infantry": 1, "armour": 1},
                                 "japan": {"infantry": 1, "fighter": 1}}
