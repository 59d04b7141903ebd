"""Money and territory (engines/axis_allies/economy.py, driven through the engine): weapons
development and purchase ("Aktie 1"), placement ("Aktie 5"), income ("Aktie 6"), conquest,
capitals and liberation ("Resultaten van zowel land- als zeegevechten") and victory (chapter 1,
Appendix IV).

Test names and docstrings carry the place in ``axis-and-allies.nl.md``; where the
text is lost, the decision the engine follows is named instead.
"""

from __future__ import annotations

import pytest

from engines.axis_allies import economy
from engines.axis_allies.economy import (
    ALLIED_ECONOMIC_VICTORY,
    AXIS_ECONOMIC_VICTORY,
    NEW_FACTORIES,
    TECH_CHART,
    TECH_DIE_COST,
    conquer,
    victory,
)
from engines.axis_allies.options import AxisAlliesOptions
from engines.axis_allies.state import TECHS
from engines.axis_allies.turn import begin_turn
from engines.axis_allies.units import UNITS
from engines.core.errors import InvalidMoveError

from .conftest import ENGINE, OPENING, play, position, refused, roll, texts, units

# ---------------------------------------------------------------- Aktie 1: weapons development


def ussr_opening():
    return ENGINE.setup(5)


def test_aktie1_research_dice_cost_5_ipcs_each():
    """Aktie 1: IPCs spent "aan de ontwikkeling van buitengewone wapens": 5 per research die."""
    assert TECH_DIE_COST == 5
    s = play(ussr_opening(), "tech 3")
    assert s.ipcs["ussr"] == 24 - 15
    spec = ENGINE.chance(s)
    assert spec is not None and spec.kind == "tech_dice" and spec.sizes == (6, 6, 6)


def test_aktie1_research_needs_the_money():
    """Aktie 1: only IPCs the power has can be spent: 5 dice (25) with 24 IPCs are refused."""
    params = refused("tech_cost", ussr_opening(), "tech 5")
    assert params == {"dice": 5, "cost": 25, "ipcs": 24}
    refused("tech_cost", ussr_opening(), "tech 0")


def test_aktie1_without_a_six_nothing_is_developed():
    """Aktie 1: only a 6 is a breakthrough; after the roll the power goes on to buy."""
    s = roll(play(ussr_opening(), "tech 2"), "tech_dice", 5, 1)
    assert s.techs["ussr"] == () and s.phase == "purchase" and ENGINE.chance(s) is None


def test_aktie1_each_six_draws_a_development_from_the_chart():
    """Aktie 1: every 6 is a breakthrough; the chart die (faces 1-6 in ``TECH_CHART``'s order,
    decision 3) says which development."""
    s = roll(play(ussr_opening(), "tech 3"), "tech_dice", 6, 2, 6)
    assert s.breakthroughs == 2 and s.phase == "tech"
    s = roll(s, "tech_chart", 1)
    assert s.techs["ussr"] == (TECH_CHART[0],) == ("jet_power",)
    s = roll(s, "tech_chart", 6)
    assert s.techs["ussr"] == ("jet_power", "heavy_bombers")
    assert s.phase == "purchase" and ENGINE.chance(s) is None


def test_aktie1_the_chart_holds_the_six_developments_once_each():
    """Aktie 1 (chart lost, decision 3): one face per development."""
    assert sorted(TECH_CHART) == sorted(TECHS) and len(set(TECH_CHART)) == 6


def test_aktie1_a_development_already_owned_is_rolled_again():
    """Aktie 1 (decision 3): a chart face the power already has is rolled again."""
    s = position(power="ussr", phase="tech", techs={"ussr": ("jet_power",)})
    s = roll(play(s, "tech 1"), "tech_dice", 6)
    again = roll(s, "tech_chart", 1)
    assert again.techs["ussr"] == ("jet_power",) and again.breakthroughs == 1
    assert ENGINE.chance(again).kind == "tech_chart"
    s = roll(again, "tech_chart", 3)
    assert s.techs["ussr"] == ("jet_power", "super_submarines") and s.phase == "purchase"


def test_aktie1_with_every_development_a_six_gives_nothing_more():
    s = position(power="ussr", phase="tech", techs={"ussr": TECHS})
    s = roll(roll(play(s, "tech 1"), "tech_dice", 6), "tech_chart", 4)
    assert s.techs["ussr"] == TECHS and s.breakthroughs == 0 and s.phase == "purchase"


def test_aktie1_a_development_is_the_power_s_own():
    """Aktie 1: "Succesvolle wapenontwikkeling is een individuele verworvenheid. U kunt deze
    niet delen met een bondgenoot"."""
    s = roll(roll(play(ussr_opening(), "tech 1"), "tech_dice", 6), "tech_chart", 5)
    assert s.techs["ussr"] == ("industrial_technology",)
    assert all(s.techs[p] == () for p in ("germany", "uk", "japan", "usa"))


def test_aktie1_research_comes_before_buying():
    """Aktie 1 (decision 2 and the phases of "Seats and turns"): research dice are rolled before
    the purchase; a purchase in ``tech`` moves on to ``purchase``."""
    refused("tech_only_first", ussr_opening(), "buy 1 inf", "tech 1")


def test_aktie1_industrial_technology_every_unit_costs_1_less():
    """Industrial technology (rules notes: every unit costs 1 less), already for this turn's
    purchase: 7 infantry and 1 armour cost 7 x 2 + 4 = 18 of the 19 IPCs left."""
    s = roll(roll(play(ussr_opening(), "tech 1"), "tech_dice", 6), "tech_chart", 5)
    assert s.ipcs["ussr"] == 19
    assert all(economy.unit_cost(s, "ussr", k) == UNITS[k].cost - 1 for k in UNITS)
    assert economy.unit_cost(s, "germany", "infantry") == UNITS["infantry"].cost
    s = play(s, "buy 7 inf 1 arm")
    assert s.ipcs["ussr"] == 1 and s.purchased == (("infantry", 7), ("armour", 1))


# ---------------------------------------------------------------- Aktie 1: purchase


def test_aktie1_purchase_pays_the_bank_and_waits_on_the_chart():
    """Chapter 3, "3 korte stappen": determine the price, pay the bank, keep the units until
    the end of the turn (``purchased``, placed in Aktie 5)."""
    s = play(ussr_opening(), "buy 3 inf 1 arm")
    assert s.ipcs["ussr"] == 24 - 3 * UNITS["infantry"].cost - UNITS["armour"].cost == 10
    assert s.purchased == (("infantry", 3), ("armour", 1)) and s.phase == "purchase"
    s = play(s, "buy 1 inf")
    assert s.purchased == (("infantry", 4), ("armour", 1)) and s.ipcs["ussr"] == 7


def test_aktie1_purchase_only_with_enough_ipcs():
    """Chapter 3: "Geef de bank het bedrag in IPC's": a power spends only what it has."""
    params = refused("not_enough_ipcs", ussr_opening(), "buy 1 bb 1 inf")
    assert params == {"cost": 27, "ipcs": 24}
    s = play(ussr_opening(), "buy 8 inf")
    assert s.ipcs["ussr"] == 0
    assert not any(t.startswith("buy") for t in texts(s))


def test_aktie1_no_purchase_while_the_enemy_holds_the_capital():
    """Capitals (rules notes, decision 5): a power whose capital the enemy holds buys nothing."""
    s = position(("ussr", "infantry", "karelia_ssr"), power="ussr", phase="tech",
                 owners={"russia": "germany"}, ipcs={"ussr": 20})
    refused("capital_lost_no_purchase", s, "buy 1 inf")
    assert not any(t.startswith("buy") for t in texts(s))


# ---------------------------------------------------------------- Aktie 5: placement


def test_aktie5_land_units_only_at_complexes_held_since_the_turn_began():
    """Aktie 5: "Plaats nieuwgekochte land- en luchteenheden in gebieden waar u sinds het begin
    van uw beurt industriële complexen bezit"."""
    s = OPENING
    assert economy.placement_sites(s, "ussr", "infantry") == ["karelia_ssr", "russia"]
    assert economy.placement_sites(s, "ussr", "fighter") == ["karelia_ssr", "russia"]
    s = play(ENGINE.setup(5), "buy 2 inf", "end", "end", "end", "end")
    assert s.phase == "place"
    assert sorted(texts(s)) == ["place 1 inf Karelia S.S.R.", "place 1 inf Russia"]  # no end yet: decision 14
    s = play(s, "place 2 inf Russia")
    assert units(s, "russia", "ussr")["infantry"] == 6 and s.purchased == ()
    refused("not_bought", s, "place 1 inf Russia")
    refused("cannot_place_there", play(ENGINE.setup(5), "buy 1 inf", "end", "end", "end", "end"),
            "place 1 inf Caucasus")


def test_aktie5_every_bought_unit_is_placed_before_the_step_ends():
    """Aktie 5: "Alle eenheden, die u kocht ... moeten nu op het spelbord worden geplaatst"
    (decision 14): ``end`` is refused while a bought unit can still be placed, and the
    refusal names a placement that fits (the power's own, not another's example)."""
    s = play(ENGINE.setup(5), "buy 2 inf")
    refused("place_only_in_place", s, "place 1 inf Russia")
    s = play(s, "end", "end", "end", "end", "place 1 inf Russia")
    assert s.purchased == (("infantry", 1),)
    params = refused("place_first", s, "end")
    assert params["units"] == [["infantry", 1]] and params["example"] == "place 1 inf Karelia S.S.R."
    assert "end" not in texts(s)
    s = play(s, "place 1 inf Russia", "end")
    assert s.power == "germany" and s.purchased == () and s.ipcs["ussr"] == 24 - 6 + 24
    assert sum(u.kind == "infantry" and u.power == "ussr" for u in s.units) == sum(
        u.kind == "infantry" and u.power == "ussr" for u in OPENING.units) + 2


def test_aktie5_units_with_no_site_are_given_up_by_end():
    """Decision 14: a bought ship whose every sea zone beside a complex holds enemy ships has no
    place to go ("niet in een zeegebied ... met vijandelijke schepen"); ``end`` gives it up (the
    reply says so) instead of freezing the game."""
    s = position(("ussr", "factory", "russia"), ("ussr", "factory", "karelia_ssr"),
                 ("germany", "submarine", "sz_karelia"), ("germany", "submarine", "sz_caspian_sea"),
                 ("germany", "submarine", "sz_baltic_sea"),
                 power="ussr", phase="place")
    s = s.model_copy(update={"purchased": (("transport", 1),)})
    assert economy.placement_sites(s, "ussr", "transport") == [] and "end" in texts(s)
    s = play(s, "end")
    assert s.power == "germany" and not any(u.kind == "transport" and u.power == "ussr" for u in s.units)


def test_aktie5_not_at_a_complex_conquered_this_turn():
    """Aktie 5: "dus niet in gebieden met industriële complexen die u deze beurt veroverd hebt".
    The captured complex is Germany's from its next turn on."""
    s = position(("germany", "armour", "eastern_europe"), ("ussr", "factory", "karelia_ssr"),
                 ("ussr", "aa_gun", "karelia_ssr"), ("germany", "factory", "germany"), phase="purchase")
    s = play(s, "buy 1 inf", "end", "move 1 arm Eastern Europe -> Karelia", "end", "end", "end")
    assert s.owner("karelia_ssr") == "germany" and s.phase == "place"
    assert economy.placement_sites(s, "germany", "infantry") == ["germany"]
    refused("cannot_place_there", s, "place 1 inf Karelia")
    later = begin_turn(s, "germany").model_copy(update={"phase": "place", "purchased": (("infantry", 1),)})
    assert economy.placement_sites(later, "germany", "infantry") == ["germany", "karelia_ssr"]


def test_aktie5_ships_into_a_sea_zone_next_to_the_complex_without_enemy_ships():
    """Aktie 5 and the rules notes: new ships go into a sea zone next to a complex held since the
    turn began, not one that holds enemy ships."""
    assert economy.placement_sites(begin_turn(OPENING, "uk"), "uk", "transport") == ["sz_north_sea"]
    s = position(("uk", "factory", "united_kingdom"), ("germany", "submarine", "sz_north_sea"),
                 ("japan", "transport", "sz_baltic_sea"), power="uk", phase="place")
    s = s.model_copy(update={"purchased": (("transport", 1),)})
    assert economy.placement_sites(s, "uk", "transport") == []
    refused("cannot_place_there", s, "place 1 trn North Sea Zone")
    ok = position(("uk", "factory", "united_kingdom"), ("usa", "battleship", "sz_north_sea"),
                  power="uk", phase="place").model_copy(update={"purchased": (("transport", 1),)})
    ok = play(ok, "place 1 trn North Sea Zone")
    assert units(ok, "sz_north_sea", "uk") == {"transport": 1}
    refused("cannot_place_there", ok.model_copy(update={"purchased": (("infantry", 1),)}),
            "place 1 inf North Sea Zone")


def test_aktie5_a_new_complex_goes_on_land_held_since_the_turn_began():
    """Decision 6: a new complex on land held since the turn began, with an IPC value and without
    a complex."""
    s = play(position(("germany", "factory", "germany"), phase="purchase", ipcs={"germany": 40}),
             "buy 1 ic", "end", "end", "end", "end")
    sites = economy.placement_sites(s, "germany", "factory")
    assert "eastern_europe" in sites and "germany" not in sites
    assert "spain" not in sites and "karelia_ssr" not in sites
    s = play(s, "place 1 ic Eastern Europe")
    assert units(s, "eastern_europe") == {"factory": 1} and s.factories_built == 1


def test_aktie5_only_four_new_complexes_in_the_game():
    """Rules notes ("Only 4 extra ICs exist in the box"), decision 6: the fifth is refused."""
    assert NEW_FACTORIES == 4
    s = position(phase="purchase", ipcs={"germany": 100})
    refused("no_factories_left", s, "buy 5 ic")
    play(s, "buy 4 ic")
    params = refused("no_factories_left", s.model_copy(update={"factories_built": 3}), "buy 2 ic")
    assert params == {"left": 1}
    refused("no_factories_left", s.model_copy(update={"factories_built": 4}), "buy 1 ic")
    assert "buy 1 ic" not in texts(s.model_copy(update={"factories_built": 4}))


def test_aktie5_only_four_new_complexes_also_when_bought_one_at_a_time():
    s = position(phase="purchase", ipcs={"germany": 100})
    s = play(s, "buy 1 ic", "buy 1 ic", "buy 1 ic", "buy 1 ic")
    refused("no_factories_left", s, "buy 1 ic")


def test_aktie5_no_units_at_a_complex_placed_this_turn():
    """Aktie 5: units only where the power has had a complex "sinds het begin van uw beurt"; a
    complex placed in this step was not there then."""
    s = play(position(("germany", "factory", "germany"), phase="purchase"), "buy 1 ic 1 inf 1 trn",
             "end", "end", "end", "end", "place 1 ic Eastern Europe")
    assert economy.placement_sites(s, "germany", "infantry") == ["germany"]
    assert "sz_black_sea" not in economy.placement_sites(s, "germany", "transport")
    refused("cannot_place_there", s, "place 1 inf Eastern Europe")


def test_aktie5_one_aa_gun_per_territory():
    """AA guns, "Hoe ze bewegen": "Ze worden altijd op landgebieden geplaatst, 1 per gebied"
    (rules notes: at most one AA gun per territory)."""
    s = position(("germany", "factory", "germany"), ("germany", "aa_gun", "germany"), phase="purchase")
    s = play(s, "buy 1 aa", "end", "end", "end", "end")
    assert "germany" not in economy.placement_sites(s, "germany", "aa_gun")
    refused("cannot_place_there", s, "place 1 aa Germany")


# ---------------------------------------------------------------- Aktie 6: income


def test_aktie6_income_is_the_production_of_the_held_territories():
    """Aktie 6: "U krijgt nu uw inkomen van de bank, gebaseerd op uw Nationaal Produktieniveau":
    the IPC values of the territories the power holds (decision 7); starting production equals
    starting IPCs."""
    assert {p: economy.production(OPENING, p) for p in OPENING.ipcs} == OPENING.ipcs
    s = play(ENGINE.setup(5), "buy 2 inf", "end", "end", "end", "end", "place 2 inf Russia", "end")
    assert s.power == "germany" and s.ipcs["ussr"] == 24 - 6 + 24


def test_aktie6_conquered_territory_pays_at_once_and_the_loser_loses_it():
    s = position(("germany", "armour", "eastern_europe"), phase="combat_move")
    s = play(s, "move 1 arm Eastern Europe -> Karelia", "end", "end", "end", "end")
    assert s.power == "uk"
    assert s.ipcs["germany"] == 32 + 32 + 3
    assert economy.production(s, "ussr") == 24 - 3


def test_aktie6_no_income_while_the_enemy_holds_the_capital():
    """Capitals (rules notes, decision 5): no income while the enemy holds the capital."""
    s = position(("ussr", "infantry", "karelia_ssr"), power="ussr", phase="place",
                 owners={"russia": "germany"}, ipcs={"ussr": 4})
    assert economy.production(s, "ussr") == 24 - 8 and economy.income(s, "ussr") == 0
    s = play(s, "end")
    assert s.power == "germany" and s.ipcs["ussr"] == 4


def test_aktie6_ipcs_cannot_be_given_to_allies():
    """Aktie 6: "U kunt geen IPC's aan uw bondgenoten geven of lenen": there is no such action."""
    with pytest.raises(InvalidMoveError):
        play(ENGINE.setup(5), "give 5 uk")


# ---------------------------------------------------------------- conquest, capitals, liberation


def test_aktie3_results_capturing_a_capital_takes_the_victims_ipcs():
    """Capitals (rules notes, decision 8): the conqueror takes all the victim's unspent IPCs; its
    complex and its AA gun change hands (decision 10;)."""
    s = OPENING.model_copy(update={"ipcs": {**OPENING.ipcs, "ussr": 17}})
    s = conquer(s, "russia", "germany")
    assert s.owner("russia") == "germany"
    assert (s.ipcs["germany"], s.ipcs["ussr"]) == (32 + 17, 0)
    assert units(s, "russia", "ussr") == {"armour": 2, "fighter": 1, "infantry": 4}
    assert units(s, "russia", "germany") == {"factory": 1, "aa_gun": 1}


def test_aktie3_results_capturing_another_territory_takes_no_ipcs():
    s = conquer(OPENING, "karelia_ssr", "germany")
    assert s.ipcs == OPENING.ipcs
    assert units(s, "karelia_ssr", "germany") == {"factory": 1, "aa_gun": 1}
    assert "aa_gun" not in units(s, "karelia_ssr", "ussr")


def test_aktie3_results_liberated_territory_returns_to_the_ally_holding_its_capital():
    """"Resultaten ...": land units entering enemy-held land "verovert of bevrijdt" it; an ally's
    original territory goes back to that ally when it holds its capital (decision 9)."""
    held = conquer(OPENING, "karelia_ssr", "germany")
    freed = conquer(held, "karelia_ssr", "uk")
    assert freed.owner("karelia_ssr") == "ussr"
    assert [u.power for u in freed.units_at("karelia_ssr") if u.kind in ("factory", "aa_gun")] == ["ussr", "ussr"]


def test_aktie3_results_liberator_keeps_it_while_the_ally_has_lost_its_capital():
    s = conquer(conquer(OPENING, "karelia_ssr", "germany"), "russia", "germany")
    s = conquer(s, "karelia_ssr", "uk")
    assert s.owner("karelia_ssr") == "uk"


def test_aktie3_results_liberating_an_ally_s_capital_returns_its_lands_held_by_friends():
    """Liberation (rules notes): freeing the capital gives the ally back its capital and every
    original territory its friends hold (not those the enemy holds), "together with their ICs and
    AA guns"."""
    s = conquer(conquer(conquer(OPENING, "karelia_ssr", "germany"), "caucasus", "germany"), "russia", "germany")
    s = conquer(s, "karelia_ssr", "uk")
    assert s.owner("karelia_ssr") == "uk"
    s = conquer(s, "russia", "usa")
    assert s.owner("russia") == "ussr" and s.owner("karelia_ssr") == "ussr"
    assert [u.power for u in s.units_at("karelia_ssr") if u.kind in ("factory", "aa_gun")] == ["ussr", "ussr"]
    assert s.owner("caucasus") == "germany"
    assert s.ipcs["usa"] == OPENING.ipcs["usa"]


def test_aktie3_results_retaking_its_own_territory():
    s = conquer(conquer(OPENING, "manchuria", "ussr"), "manchuria", "japan")
    assert s.owner("manchuria") == "japan"


# ---------------------------------------------------------------- victory


def _capitals(**held: str):
    owners = {"russia": "ussr", "germany": "germany", "united_kingdom": "uk", "japan": "japan",
              "eastern_united_states": "usa"}
    return {**owners, **held}


def _state(options: AxisAlliesOptions | None = None, round_no: int = 1, **held: str):
    return position(power="usa", phase="place", owners=_capitals(**held), options=options, round_no=round_no)


def test_appendix4_military_victory_axis_hold_their_capitals_and_two_allied_capitals():
    """Chapter 1 ("Het doel") and Appendix IV: a military victory when one side holds 2 enemy
    capitals, its own still held (rules notes, "Victory"; decision 11)."""
    assert victory(_state(russia="germany")) is None
    won = victory(_state(russia="germany", united_kingdom="japan"))
    assert won is not None and won.reason == "axis_allies.axis_capitals" and won.winners == (1, 3)
    assert victory(_state(russia="germany", united_kingdom="japan", japan="usa")) is None


def test_appendix4_military_victory_allies_hold_their_three_and_both_axis_capitals():
    assert victory(_state(germany="ussr")) is None
    won = victory(_state(germany="ussr", japan="usa"))
    assert won is not None and won.reason == "axis_allies.allied_capitals" and won.winners == (0, 2, 4)
    assert victory(_state(germany="ussr", japan="usa", united_kingdom="germany")) is None


def test_chapter2_victory_winners_are_seats():
    """Chapter 2: with fewer players a seat plays several powers; the winners are seats."""
    s = position(power="usa", phase="place", players=2, owners=_capitals(germany="uk", japan="uk"))
    assert victory(s).winners == (0,)
    s = position(power="usa", phase="place", players=4, owners=_capitals(russia="japan", united_kingdom="germany"))
    assert victory(s).winners == (1,)


def test_appendix4_total_victory_needs_every_enemy_capital():
    """Appendix IV, "Totale overwinning": the game is won only by taking all enemy capitals."""
    total = AxisAlliesOptions(total_victory=True)
    assert victory(_state(total, russia="germany", united_kingdom="japan")) is None
    won = victory(_state(total, russia="germany", united_kingdom="japan", eastern_united_states="japan"))
    assert won is not None and won.winners == (1, 3) and won.params == {"taken": 3}
    assert victory(_state(total, germany="ussr", japan="usa")).reason == "axis_allies.allied_capitals"


ECONOMIC_83 = {t: "germany" for t in ("western_united_states", "india", "karelia_ssr", "caucasus",
                                         "eastern_canada", "australia", "china")}


def test_appendix4_economic_victory_at_84_ipcs_of_axis_production():
    """Rules notes, "Victory" (TripleA ``Axis Economic Victory`` = 84): on by default, and an
    option."""
    assert AXIS_ECONOMIC_VICTORY == 84
    option = AxisAlliesOptions(economic_victory=True)
    s = position(power="usa", phase="place", owners=ECONOMIC_83, options=option)
    assert economy.production(s, "germany") + economy.production(s, "japan") == 83
    assert victory(s) is None
    s = position(power="usa", phase="place", owners={**ECONOMIC_83, "new_zealand": "japan"}, options=option)
    won = victory(s)
    assert won is not None and won.reason == "axis_allies.economic_victory" and won.winners == (1, 3)
    assert won.params == {"production": 84, "need": 84}
    assert victory(s.model_copy(update={"options": AxisAlliesOptions(economic_victory=False)})) is None


def test_appendix4_allied_economic_victory_at_140_needs_every_capital_in_practice():
    """Rules notes, "Victory": TripleA ``Allies Economic Victory`` = 140 of the board's 147; every
    capital is worth 8 or more, so the Allies reach 140 only by holding all five, which is a
    military victory first. Holding all but Japan is 139: no victory."""
    assert ALLIED_ECONOMIC_VICTORY == 140
    everything = {t: "usa" for t, p in OPENING.owners if p in ("germany", "japan") and t != "japan"}
    s = position(power="usa", phase="place", owners=everything)
    assert sum(economy.production(s, p) for p in ("ussr", "uk", "usa")) == 139
    assert victory(s) is None
    s = position(power="usa", phase="place", owners={**everything, "japan": "usa"})
    assert victory(s).reason == "axis_allies.allied_capitals"


def test_option_round_limit_is_a_draw_at_the_end_of_that_round():
    """Option ``round_limit``: a draw once that many rounds are played (0: no limit)."""
    three = AxisAlliesOptions(round_limit=3)
    assert victory(_state(three, round_no=2)) is None
    draw = victory(_state(three, round_no=3))
    assert draw is not None and draw.draw and draw.winners == () and draw.params == {"rounds": 3}
    assert victory(_state(round_no=150)) is None
    won = victory(_state(three, round_no=3, germany="ussr", japan="usa"))
    assert won.reason == "axis_allies.allied_capitals", "a victory in the last round beats the draw"


def test_chapter1_victory_is_checked_at_the_end_of_the_round_only():
    """Decision 11: after the USA's turn. Capitals taken in the middle of a round decide nothing
    yet."""
    mid = position(power="germany", phase="place", owners=_capitals(russia="germany", united_kingdom="japan"))
    after = play(mid, "end")
    assert after.result is None and after.power == "uk"
    end = position(power="usa", phase="place", owners=_capitals(russia="germany", united_kingdom="japan"))
    over = play(end, "end")
    assert over.result is not None and over.result.winners == (1, 3)
    assert ENGINE.result(over) == over.result and ENGINE.to_act(over) == frozenset()
    assert ENGINE.legal_moves(over, 1) == [] and ENGINE.chance(over) is None


@pytest.mark.parametrize("language, on, off", [("en", "on by default", "off by default"),
                                               ("nl", "standaard aan", "standaard uit")])
def test_option_defaults_the_players_read_are_the_engine_s(language, on, off):
    """Decision 11: economic victory is on by default. The options a player reads (``/rules``,
    made from the docs page and its Dutch twin) say of every on/off option the default the engine
    starts with."""
    from bot.i18n.rules_source import page, sections

    text = sections(page("axis_allies", language).read_text(encoding="utf-8"), language)["options"]
    for name, field in AxisAlliesOptions.model_fields.items():
        if field.annotation is bool:
            line = next(line for line in text.splitlines() if line.startswith(f"- `{name}`"))
            assert (on if field.default else off) in line, line


def test_the_turn_summary_counts_what_the_purchase_cost_with_industrial_technology():
    """Industrial technology (rules notes: every unit costs 1 less): the summary at the end of the
    turn said "Bought: 7 infantry, 1 tank (26 IPCs)" at list prices after 18 were paid."""
    from engines.axis_allies.summary import turn_summary

    s = roll(roll(play(ussr_opening(), "tech 1"), "tech_dice", 6), "tech_chart", 5)
    s = play(s, "buy 7 inf 1 arm", "end", "end", "end", "end", "place 7 inf 1 arm Russia")
    after = play(s, "end")
    (bought,) = [params for code, params in turn_summary(s, after) if code == "axis_allies.summary_bought"]
    assert bought["cost"] == 7 * 2 + 4 == 18
