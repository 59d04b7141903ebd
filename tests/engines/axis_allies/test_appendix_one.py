"""Appendix I, "Japan aan zet: een geïllustreerde 6-delige aktie", played through the engine.

The rulebook walks through Japan's first turn: "De U.S.S.R. heeft Manchuria vanuit het noorden
aangevallen, veroverd en bezet met 1 tank en 1 infanterie"; "Japan gaat 3 gevechten aan". Its maps
(kaart 1-3) and figure A are lost, and so is part of the text; ``test_combat.py`` checks the
two described battles at the combat-module level. Here the whole turn runs through
``AxisAllies``: research, purchase, combat moves, the battles with the rulebook's dice (values
``face - 1``), the non-combat landings, placement and income.

What we chose where the text is lost (each test says which):

- the position: the opening set-up, except that the Soviet armour and one infantry of the
  Soviet Far East stand in Manchuria, now Soviet; the Japanese fighter and 3 infantry there were
  destroyed by that attack ("veroverd");
- "want Japan heeft superonderzeeboten": Japan rolls for it in this turn's Aktie 1 (one die,
  a 6, chart face 3 = super submarines, decision 3) and spends its other 20 IPCs on a fighter
  and a submarine;
- battle zone 1: the fighter of the carrier in the Caroline Islands zone and the battleship there
  go 2 zones (via Wake Island), the submarine 1 zone (from the Solomon Islands zone) into the
  Hawaiian Islands zone, where the opening set-up has a US carrier with its fighter and a
  submarine; after the sub strike the dice are ours;
- Manchuria: the two fighters come from Japan and French Indo-China, the bomber from Japan, the
  infantry from Kwangtung; the infantry's first-round dice (lost) missed; the second round is ours;
- the third battle is lost entirely: an amphibious assault on the Soviet Far East (its last
  infantry) by 2 infantry from Japan on the transport of the Japan Sea Zone, with the battleship
  of that zone giving the support shot.
"""

from __future__ import annotations

from functools import cache

from engines.axis_allies import economy
from engines.axis_allies.state import AxisAlliesState
from engines.axis_allies.turn import begin_turn

from .conftest import ENGINE, play, refused, roll, seat_to_act, texts, units

JAPAN, USSR, USA = 3, 0, 4
"""Seats with 5 players."""


def start_of_japans_turn() -> AxisAlliesState:
    s = ENGINE.setup(5)
    kept = []
    for u in s.units:
        if u.at == "manchuria":
            continue                                   # lost to the Soviet attack
        if u.at == "soviet_far_east" and u.kind == "armour" or u.id == 102:
            u = u.model_copy(update={"at": "manchuria"})
        kept.append(u)
    s = economy.set_owner(s.model_copy(update={"units": tuple(kept)}), "manchuria", "ussr")
    return begin_turn(s, "japan")


@cache
def checkpoints() -> dict[str, AxisAlliesState]:
    """The states after each stage of Japan's turn."""
    out = {}
    s = out["start"] = start_of_japans_turn()
    # Aktie 1
    s = out["research"] = roll(roll(play(s, "tech 1"), "tech_dice", 6), "tech_chart", 3)
    s = out["purchase"] = play(s, "buy 1 ftr 1 sub", "end")
    # Aktie 2: battle zone 1
    s = play(s, "move 1 ftr Caroline Islands Sea Zone -> Wake Island Sea Zone -> Hawaiian Islands Sea Zone",
             "move 1 bb Caroline Islands Sea Zone -> Wake Island Sea Zone -> Hawaiian Islands Sea Zone",
             "move 1 sub Solomon Islands Sea Zone -> Hawaiian Islands Sea Zone")
    # Manchuria
    s = play(s, "move 2 inf Kwangtung -> Manchuria",
             "move 1 ftr French Indo-China -> Kwangtung -> Manchuria",
             "move 1 ftr 1 bmr Japan -> Japan Sea Zone -> Manchuria")
    # the third battle (our choice)
    s = play(s, "load 2 inf Japan -> Japan Sea Zone",
             "move 1 trn 1 bb Japan Sea Zone -> Soviet Far East Sea Zone",
             "unload 2 inf Soviet Far East Sea Zone -> Soviet Far East")
    out["combat_move"] = s
    s = out["combat"] = play(s, "end")
    # Aktie 3, battle zone 1
    s = play(s, "attack Hawaiian Islands Sea Zone")
    s = out["hawaii_strike"] = roll(s, "sub_strike", 3)
    s = out["hawaii_strike_chosen"] = play(s, "lose 1 sub")
    s = roll(s, "attack_fire", 4, 3)                  # battleship and fighter hit (our dice)
    s = out["hawaii"] = roll(s, "defence_fire", 5, 6)  # carrier and fighter from the zone: misses
    # Manchuria
    s = play(s, "attack Manchuria")
    s = out["manchuria_attack"] = roll(s, "attack_fire", 6, 4, 5, 6, 6)
    s = play(s, "lose 1 inf")
    s = out["manchuria_defence"] = roll(s, "defence_fire", 2, 1)
    s = out["manchuria_round_1"] = play(s, "lose 1 inf 1 ftr")
    s = play(s, "continue")
    s = roll(s, "attack_fire", 4, 6, 6)                # bomber, fighter, infantry (our dice)
    s = out["manchuria"] = roll(s, "defence_fire", 6)
    # the third battle
    s = play(s, "attack Soviet Far East")
    s = out["bombard"] = roll(s, "bombard", 3)
    s = out["soviet_far_east"] = roll(s, "defence_fire", 6)
    # Aktie 4
    s = out["noncombat"] = play(s, "end")
    s = play(s, "move 1 ftr Hawaiian Islands Sea Zone -> Caroline Islands Sea Zone",
             "move 1 ftr Manchuria -> Kwangtung", "move 1 bmr Manchuria -> Japan")
    s = out["landed"] = play(s, "end")
    # Aktie 5 and 6
    s = out["placed"] = play(s, "place 1 ftr Japan", "place 1 sub Japan Sea Zone")
    out["income"] = play(s, "end")
    return out


def test_appendix1_the_position_at_the_start_of_japans_turn():
    """App. I: "Japan is als vierde aan zet"; the USSR holds Manchuria with 1 tank and 1 infantry."""
    s = checkpoints()["start"]
    assert (s.power, s.phase, seat_to_act(s)) == ("japan", "tech", JAPAN)
    assert s.owner("manchuria") == "ussr" and units(s, "manchuria") == {"armour": 1, "infantry": 1}
    assert units(s, "soviet_far_east") == {"infantry": 1}
    assert s.ipcs["japan"] == 25 and economy.production(s, "japan") == 25 - 3


def test_appendix1_aktie1_japan_develops_super_submarines_and_buys():
    """App. I ("Japan heeft superonderzeeboten") and Aktie 1: one research die (5 IPCs), a 6,
    the chart's face 3; then a purchase with what is left."""
    s = checkpoints()["research"]
    assert s.techs["japan"] == ("super_submarines",) and s.ipcs["japan"] == 20 and s.phase == "purchase"
    s = checkpoints()["purchase"]
    assert s.ipcs["japan"] == 0 and s.purchased == (("fighter", 1), ("submarine", 1))
    assert s.phase == "combat_move"


def test_appendix1_aktie2_the_attacks():
    """App. I, Aktie 2: "1. Gevechtsvliegtuig op vliegdekschip in het zeegebied Caroline Islands
    vliegt 2 zeezones voor de aanval ... 2. Slagschip vaart 2 zeezones voor de aanval.
    3. Onderzeeboot beweegt 1 zeezone voor de aanval"; "Japan gaat 3 gevechten aan"."""
    s = checkpoints()["combat_move"]
    fighter = next(u for u in s.units_at("sz_hawaii") if u.kind == "fighter" and u.power == "japan")
    assert (fighter.moved, fighter.carried_by, fighter.came_from) == (2, None, "sz_wake_island")
    assert units(s, "sz_caroline_islands") == {"carrier": 1}, "the carrier waits for its fighter"
    assert units(s, "sz_hawaii", "japan") == {"fighter": 1, "battleship": 1, "submarine": 1}
    assert units(s, "manchuria", "japan") == {"infantry": 2, "fighter": 2, "bomber": 1}
    assert units(s, "soviet_far_east", "japan") == {"infantry": 2}
    assert units(s, "sz_soviet_far_east", "japan") == {"transport": 1, "battleship": 1}
    assert s.amphibious == ("soviet_far_east",)
    assert ENGINE.chance(s) is None, "no Soviet or US AA gun stands on the way"
    assert checkpoints()["combat"].battles == ("manchuria", "soviet_far_east", "sz_hawaii")


def test_appendix1_battle_zone_1_the_super_submarine_strikes_first():
    """App. I, Gevechtszone 1: "Aanvallende onderzeeboot vuurt. Japan gooit een 3; raak, want
    Japan heeft superonderzeeboten. De Amerikaanse verdediger verkiest een onderzeeboot te
    verliezen. Verdediger kan zich niet weren tegen die dodelijke eersteschots aanval"."""
    s = checkpoints()["hawaii_strike"]
    assert seat_to_act(s) == USA and sorted(texts(s)) == ["lose 1 car", "lose 1 sub"]
    s = checkpoints()["hawaii_strike_chosen"]
    assert ENGINE.chance(s).kind == "attack_fire" and len(ENGINE.chance(s).sizes) == 2
    after = roll(s, "attack_fire", 6, 6)
    assert len(ENGINE.chance(after).sizes) == 2, "the sunk submarine does not fire back"
    s = checkpoints()["hawaii"]
    assert s.battle is None and units(s, "sz_hawaii") == {"battleship": 1, "fighter": 1, "submarine": 1}
    assert all(u.power == "japan" for u in s.units_at("sz_hawaii"))


def test_appendix1_manchuria_the_bomber_hits_and_the_soviets_hit_twice():
    """App. I: "2 Japanse gevechtsvliegtuigen vallen aan ... een 6 en een 5, allebei mis. 1 Japanse
    bommenwerper valt aan en gooit een 4, raak. Verdedigende U.S.S.R. verkiest 1 infanterie te
    verliezen ... doet een tegenaanval met 1 tank en 1 infanterie (het verloren stuk) en vuurt met
    2 dobbelstenen een 2 en een 1, dat is tweemaal raak! Japan verkiest 1 infanterie en 1
    gevechtsvliegtuig te verliezen"."""
    s = checkpoints()["manchuria_attack"]
    assert seat_to_act(s) == USSR and sorted(texts(s)) == ["lose 1 arm", "lose 1 inf"]
    s = checkpoints()["manchuria_defence"]
    assert seat_to_act(s) == JAPAN and "lose 1 inf 1 ftr" in texts(s)
    s = checkpoints()["manchuria_round_1"]
    assert texts(s) == ["continue", "retreat Kwangtung"]
    lost = {(c.power, c.kind) for c in s.battle.attackers + s.battle.defenders if c.id in s.battle.lost}
    assert lost == {("ussr", "infantry"), ("japan", "infantry"), ("japan", "fighter")}
    s = checkpoints()["manchuria"]
    assert s.battle is None and s.owner("manchuria") == "japan" and "manchuria" in s.conquered
    assert units(s, "manchuria") == {"bomber": 1, "fighter": 1, "infantry": 1}


def test_appendix1_third_battle_an_amphibious_assault_with_the_battleship_s_support_shot():
    """App. I: the third battle's text is lost (our choice, module docstring): the battleship's
    support shot (decision C9) hits, the hit infantry fires back from the casualty zone (C1)
    and misses; the 2 infantry take the Soviet Far East."""
    s = checkpoints()["bombard"]
    assert ENGINE.chance(s).kind == "defence_fire", "nothing left for the infantry to shoot at"
    s = checkpoints()["soviet_far_east"]
    assert s.battle is None and s.battles == () and s.owner("soviet_far_east") == "japan"
    assert units(s, "soviet_far_east") == {"infantry": 2}


def test_appendix1_aktie4_the_aircraft_fly_home():
    """App. I, Aktie 4: "Het gevechtsvliegtuig dat in de zeezone Hawaiian Islands in de zeeslag
    aanviel vliegt terug om op het vliegdekschip in de Caroline Islands te landen. Het
    gevechtsvliegtuig in de aanval op Manchuria landt in Kwantung. De bommenwerper in de aanval
    op Manchuria landt in Japan"."""
    s = checkpoints()["noncombat"]
    assert s.phase == "noncombat_move"
    s = checkpoints()["landed"]
    assert s.phase == "place"
    carrier = next(u for u in s.units_at("sz_caroline_islands") if u.kind == "carrier")
    fighter = next(u for u in s.units_at("sz_caroline_islands") if u.kind == "fighter")
    assert fighter.carried_by == carrier.id and fighter.moved == 4
    assert units(s, "kwangtung", "japan") == {"fighter": 1}
    assert units(s, "japan", "japan") == {"aa_gun": 1, "armour": 1, "bomber": 1, "factory": 1, "infantry": 1}
    aircraft = [u for u in s.units if u.power == "japan" and u.kind in ("fighter", "bomber")]
    assert len(aircraft) == 5 - 2 + 1, "the opening's 5 fighters less Manchuria's two, and the bomber"


def test_appendix1_aktie4_an_aircraft_left_at_sea_is_lost():
    """Aktie 4: "Japan moet alle aanvallende vliegtuigen in deze zet laten landen"; the fighter
    that stays over the Hawaiian Islands zone has nowhere to land. It could still fly to the
    carrier, so a plain ``end`` is refused and ``end anyway`` loses it (decision M15)."""
    s = play(checkpoints()["noncombat"], "move 1 ftr Manchuria -> Kwangtung", "move 1 bmr Manchuria -> Japan")
    assert refused("aircraft_can_land", s, "end")["territories"] == ["Hawaii Sea Zone"]
    s = play(s, "end anyway")
    assert units(s, "sz_hawaii", "japan") == {"battleship": 1, "submarine": 1}


def test_appendix1_aktie5_and_6_placement_and_income():
    """Aktie 5: new units at the complex in Japan, the submarine into the Japan Sea Zone; Aktie 6:
    income from Japan's land, Manchuria and the Soviet Far East included; then the USA moves."""
    s = checkpoints()["placed"]
    assert s.purchased == ()
    assert units(s, "sz_japan", "japan") == {"submarine": 1}
    s = checkpoints()["income"]
    assert (s.power, s.phase, seat_to_act(s)) == ("usa", "tech", USA)
    assert s.ipcs["japan"] == 25 - 3 + 3 + 2 == economy.production(s, "japan")
    assert economy.production(s, "ussr") == 24 - 2
