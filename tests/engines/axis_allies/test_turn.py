"""The turn machine (engines/axis_allies/turn.py) driven through the engine by move texts and
fixed dice: seats and whose turn (chapters 1-2), the combat move ("Aktie 2"), battles ("Aktie 3",
"Resultaten van zowel land- als zeegevechten"), the non-combat move ("Aktie 4") and the
weapons developments as they act in play.

Test names and docstrings carry the place in ``axis-and-allies.nl.md`` or the
decision in docs/games/axis_allies.md (M.. for movement, C.. for combat).
"""

from __future__ import annotations

import itertools

import pytest

from engines.axis_allies import combat, economy
from engines.axis_allies.economy import SEATINGS, TURN_ORDER, seat_of
from engines.axis_allies.moves import LoseAction
from engines.axis_allies.state import PHASES
from engines.core.errors import IllegalMoveError

from .conftest import (
    ENGINE,
    ids,
    play,
    position,
    refused,
    roll,
    seat_to_act,
    texts,
    units,
)

# ---------------------------------------------------------------- chapters 1-2: seats and turns


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_chapter2_seating_for_2_to_5_players(players):
    """Chapter 2, "Welke wereldmacht wilt u zijn?": 2 to 5 players; with fewer than 5 some play
    more than one power (the table is lost: decision 1, each side with one player where it can,
    the first seat starting with the USSR)."""
    seats = SEATINGS[players]
    assert len(seats) == players and ENGINE.setup(players).seats == seats
    assert sorted(p for powers in seats for p in powers) == sorted(TURN_ORDER)
    assert "ussr" in seats[0]
    for powers in seats:
        assert len({economy.side(ENGINE.setup(players), p) for p in powers}) == 1, "a seat plays one side"


def test_chapter2_seatings_table():
    assert SEATINGS[2] == (("ussr", "uk", "usa"), ("germany", "japan"))
    assert SEATINGS[5] == (("ussr",), ("germany",), ("uk",), ("japan",), ("usa",))
    assert (ENGINE.min_players, ENGINE.max_players) == (2, 5)
    for players in (1, 6):
        with pytest.raises(ValueError):
            ENGINE.setup(players)


def test_chapter2_four_players_two_a_side_with_the_even_sides_option():
    """Chapter 2, "Welke wereldmacht wilt u zijn?": "Met 5 spelers vertegenwoordigt ieder een
    mogendheid; als er minder dan 5 spelers zijn, zullen sommige spelers meer dan 1 mogendheid
    vertegenwoordigen." The table is lost (decision 1); ``even_sides`` (decision 27) seats four
    as two teams of two: the USSR and the UK, Germany, Japan, the USA, each seat one side's."""
    options = {"even_sides": True}
    state = ENGINE.setup(4, options)
    assert state.seats == (("ussr", "uk"), ("germany",), ("japan",), ("usa",))
    assert sorted(sorted(team) for team in ENGINE.teams(4, options)) == [[0, 3], [1, 2]]
    assert ENGINE.seat_role(4, 1, options) == ("axis_allies.seat_powers", {"powers": ["germany"]})
    assert [name for name, _ in ENGINE.seat_names(4, 0, options)] == ["ussr", "uk"]
    # The option seats only four players two a side: two, three and five keep their seating.
    for players in (2, 3, 5):
        assert ENGINE.setup(players, options).seats == SEATINGS[players]
    assert ENGINE.setup(4).seats == SEATINGS[4]  # without it, four keep the standard seating


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_chapter1_turn_order_each_power_s_seat_acts_and_the_round_ends_after_the_usa(players):
    """Chapter 1: "Daarna is de volgende speler aan de beurt ... Als iedereen is geweest, is één
    spelronde voorbij": USSR, Germany, UK, Japan, USA; the seat playing the power acts, nobody
    else; each turn has its six steps (phases), any of them skipped with ``end``."""
    s = ENGINE.setup(players)
    seen = []
    for _ in range(2 * len(TURN_ORDER)):
        power, round_no = s.power, s.round
        seat = seat_of(s, power)
        seen.append((round_no, power))
        phases = []
        while s.power == power and s.round == round_no:
            assert ENGINE.to_act(s) == frozenset({seat})
            for other in range(players):
                if other != seat:
                    assert ENGINE.legal_moves(s, other) == []
                    with pytest.raises(IllegalMoveError):
                        ENGINE.apply(s, other, ENGINE.parse_move("end", s, seat))
            phases.append(s.phase)
            s = play(s, "end")
        assert tuple(phases) == PHASES[:-1], "tech, purchase, combat move, combat, non-combat, place"
    assert seen == [(1, p) for p in TURN_ORDER] + [(2, p) for p in TURN_ORDER]
    assert s.round == 3 and s.power == "ussr" and s.result is None


def test_chapter1_step_message_names_the_power_and_the_phase():
    s = ENGINE.setup(5)
    assert ENGINE.step_message(s) == ("axis_allies.phase_tech", {"power": "ussr", "round": 1, "example": "buy 3 inf"})
    assert ENGINE.action_buttons(s, 0) == (("end", "axis_allies.button_end"),)
    assert ENGINE.action_buttons(s, 1) == ()


# ---------------------------------------------------------------- Aktie 2: the combat move


def test_aktie2_a_move_through_the_engine():
    """Aktie 2: "move 2 inf 1 arm X -> Y" moves those units; into enemy land with defenders it
    starts a battle in Aktie 3."""
    s = ENGINE.setup(5)
    s = play(s, *["end"] * 8)
    assert (s.power, s.phase) == ("germany", "combat_move")
    s = play(s, "move 2 inf 1 arm Ukraine -> Caucasus")
    assert units(s, "caucasus", "germany") == {"armour": 1, "infantry": 2}
    assert units(s, "ukraine_ssr", "germany") == {"armour": 1, "fighter": 1, "infantry": 1}
    assert [(a.frm, a.to, a.combat) for a in s.arrows] == [("ukraine_ssr", "caucasus", True)]
    moved = [u for u in s.units_at("caucasus") if u.power == "germany"]
    assert all(u.combat and u.moved == 1 and u.came_from == "ukraine_ssr" for u in moved)
    s = play(s, "end")
    assert s.phase == "combat" and s.battles == ("caucasus",)
    assert texts(s) == ["attack Caucasus"], "every battle must be fought before the phase ends"
    refused("battles_left", s, "end")


def test_aktie2_the_route_is_filled_in_when_only_the_ends_are_given():
    """Notation: ``move 1 arm Germany -> Karelia`` takes the shortest route the unit may take."""
    s = position(("germany", "armour", "germany"), ("ussr", "infantry", "karelia_ssr"))
    move = ENGINE.parse_move("move 1 arm Germany -> Karelia", s, 1)
    assert move.path == ("germany", "eastern_europe", "karelia_ssr")
    assert ENGINE.format_move(move, s) == "move 1 arm Germany -> Eastern Europe -> Karelia S.S.R."
    after = play(s, "move 1 arm Germany -> Karelia")
    assert units(after, "karelia_ssr", "germany") == {"armour": 1}
    assert [u.came_from for u in after.units_at("karelia_ssr") if u.power == "germany"] == ["eastern_europe"]


def test_aktie2_too_far_is_refused():
    s = position(("germany", "infantry", "germany"))
    refused("too_far", s, "move 1 inf Germany -> Eastern Europe -> Karelia")
    refused("not_enough_units", s, "move 2 inf Germany -> Eastern Europe")


def test_aktie2_empty_enemy_land_is_taken_without_a_battle():
    """Aktie 2: "Als u met uw landeenheden naar een door de vijand gecontroleerd gebied gaat,
    verovert of bevrijdt u het zonder een gevecht aan te gaan" (an empty one); armour takes an
    empty territory on its way (decision M2)."""
    s = position(("germany", "armour", "eastern_europe"), ("ussr", "infantry", "russia"),
                 owners={"ukraine_ssr": "ussr"})
    s = play(s, "move 1 arm Eastern Europe -> Ukraine -> Caucasus")
    assert s.owner("ukraine_ssr") == s.owner("caucasus") == "germany"
    assert s.conquered == ("ukraine_ssr", "caucasus")
    assert play(s, "end").battles == ()


def test_aktie2_neutrals_the_first_entry_costs_3_ipcs_once():
    """Neutrals: "Betaal dan de bank een boete van 3 IPC's ... Deze boete wordt slechts eenmaal
    betaald"; after that the territory is ordinary conquered land."""
    s = position(("germany", "armour", "western_europe", 2), ipcs={"germany": 10})
    s = play(s, "move 1 arm Western Europe -> Spain")
    assert s.owner("spain") == "germany" and s.ipcs["germany"] == 7 and s.conquered == ("spain",)
    s = play(s, "move 1 arm Western Europe -> Spain")
    assert s.ipcs["germany"] == 7
    poor = position(("germany", "armour", "western_europe"), ipcs={"germany": 2})
    assert refused("neutral_fee", poor, "move 1 arm Western Europe -> Spain")["fee"] == 3


def test_aktie2_aa_guns_fire_at_aircraft_during_the_combat_move():
    """AA guns ("gedurende de aanvalszetten"): one die per aircraft flying into (or over) the
    territory, a 1 hits (decision C10); a downed aircraft never reaches the battle."""
    s = position(("germany", "fighter", "eastern_europe"), ("ussr", "aa_gun", "karelia_ssr"),
                 ("ussr", "infantry", "karelia_ssr"))
    s = play(s, "move 1 ftr Eastern Europe -> Karelia")
    assert ENGINE.chance(s).kind == "aa_fire" and ENGINE.to_act(s) == frozenset()
    shot = roll(s, "aa_fire", 1)
    assert units(shot, "karelia_ssr", "germany") == {}
    assert play(shot, "end").battles == ()
    missed = roll(s, "aa_fire", 2)
    assert units(missed, "karelia_ssr", "germany") == {"fighter": 1}
    assert play(missed, "end").battles == ("karelia_ssr",)


def test_aktie2_aa_guns_fire_at_aircraft_flying_over_and_the_owner_picks_the_loss():
    """AA guns fire at aircraft "in de overvlogen gebieden" too; with fewer hits than aircraft the
    aircraft's owner picks (TripleA ``Choose AA Casualties``, decision C10)."""
    s = position(("germany", "fighter", "eastern_europe"), ("germany", "bomber", "eastern_europe"),
                 ("ussr", "aa_gun", "karelia_ssr"), ("ussr", "infantry", "russia"))
    s = play(s, "move 1 ftr 1 bmr Eastern Europe -> Karelia -> Russia")
    s = roll(s, "aa_fire", 1, 4)
    assert seat_to_act(s) == 1 and sorted(texts(s)) == ["lose 1 bmr", "lose 1 ftr"]
    s = play(s, "lose 1 bmr")
    assert units(s, "russia", "germany") == {"fighter": 1} and ENGINE.chance(s) is None


# ---------------------------------------------------------------- Aktie 3: battles


def karelia_attack():
    """Germany attacks Karelia (2 infantry, 1 armour, its AA gun and complex) with 2 armour and
    1 infantry from Eastern Europe."""
    s = position(("germany", "armour", "eastern_europe", 2), ("germany", "infantry", "eastern_europe"),
                 ("ussr", "infantry", "karelia_ssr", 2), ("ussr", "armour", "karelia_ssr"),
                 ("ussr", "aa_gun", "karelia_ssr"), ("ussr", "factory", "karelia_ssr"))
    return play(s, "move 2 arm 1 inf Eastern Europe -> Karelia", "end", "attack Karelia")


def test_aktie3_the_defender_s_seat_chooses_its_casualties():
    """Aktie 3: "De verdediger verkiest ..." which unit a hit kills, by ``lose``; the hit unit
    still fires back from the casualty zone (decision C1)."""
    s = karelia_attack()
    assert ENGINE.chance(s).kind == "attack_fire"
    s = roll(s, "attack_fire", 1, 6, 6)
    assert ENGINE.to_act(s) == frozenset({seat_of(s, "ussr")}) == frozenset({0})
    assert sorted(texts(s)) == ["lose 1 arm", "lose 1 inf"]
    assert ENGINE.step_message(s)[0] == "axis_allies.decide_casualties"
    with pytest.raises(IllegalMoveError):
        ENGINE.apply(s, 1, LoseAction(units=(("armour", 1),)))
    refused("not_enough_casualties", s, "lose 2 arm")
    s = play(s, "lose 1 arm")
    spec = ENGINE.chance(s)
    assert spec.kind == "defence_fire" and len(spec.sizes) == 3, "the lost armour fires back"
    s = roll(s, "defence_fire", 6, 6, 1)
    assert seat_to_act(s) == 1 and sorted(texts(s)) == ["lose 1 arm", "lose 1 inf"]
    s = play(s, "lose 1 inf")
    assert sorted(texts(s)) == ["continue", "retreat Eastern Europe"]
    assert ENGINE.action_buttons(s, 1) == (("continue", "axis_allies.button_continue"),)


def test_aktie3_the_attacker_retreats_to_where_it_came_from():
    """Aktie 3, 8 A: "De aanvaller zich terugtrekt - de terugtrekkingsoptie - speciaal voorrecht
    van de aanvaller" (decision C3: to where the units came from)."""
    s = roll(karelia_attack(), "attack_fire", 6, 6, 6)
    s = roll(s, "defence_fire", 6, 6, 6)
    s = play(s, "retreat Eastern Europe")
    assert s.battle is None and s.battles == () and s.owner("karelia_ssr") == "ussr"
    assert units(s, "eastern_europe", "germany") == {"armour": 2, "infantry": 1}
    assert units(s, "karelia_ssr", "germany") == {}
    refused("no_battle_there", s, "attack Karelia")


def test_aktie3_continue_then_conquest_after_victory():
    """Aktie 3, 8: "Herhaal bovengenoemde stappen 2 tot 7" until a side is destroyed; the winner's
    land units take the territory: the complex and the AA gun change hands (decision 10), the
    territory produces for the conqueror."""
    s = roll(karelia_attack(), "attack_fire", 6, 6, 6)
    s = roll(s, "defence_fire", 6, 6, 6)
    s = play(s, "continue")
    assert s.battle.round == 2
    s = roll(s, "attack_fire", 1, 3, 1)              # three hits: every defender, no choice
    s = roll(s, "defence_fire", 6, 6, 6)
    assert s.battle is None and s.battles == ()
    assert s.owner("karelia_ssr") == "germany" and "karelia_ssr" in s.conquered
    assert units(s, "karelia_ssr") == {"armour": 2, "infantry": 1, "factory": 1, "aa_gun": 1}
    assert units(s, "karelia_ssr", "germany")["factory"] == units(s, "karelia_ssr", "germany")["aa_gun"] == 1
    assert economy.production(s, "germany") == 32 + 3


def test_aktie3_both_destroyed_leaves_the_territory_with_its_owner():
    """Aktie 3, 8 D: "Zowel de aanvaller als de verdediger vernietigd"."""
    s = position(("germany", "infantry", "eastern_europe"), ("ussr", "infantry", "karelia_ssr"))
    s = play(s, "move 1 inf Eastern Europe -> Karelia", "end", "attack Karelia")
    s = roll(roll(s, "attack_fire", 1), "defence_fire", 1)
    assert s.battle is None and s.owner("karelia_ssr") == "ussr" and s.units == ()


def test_aktie3_results_aircraft_alone_do_not_take_a_territory():
    """"Resultaten": aircraft cannot take territory (decision C16)."""
    s = position(("germany", "fighter", "eastern_europe"), ("ussr", "infantry", "ukraine_ssr"),
                 owners={"ukraine_ssr": "ussr"})
    s = play(s, "move 1 ftr Eastern Europe -> Ukraine", "end", "attack Ukraine")
    s = roll(roll(s, "attack_fire", 1), "defence_fire", 6)
    assert s.battle is None and s.owner("ukraine_ssr") == "ussr"


def test_aktie3_results_capturing_a_capital_in_battle_takes_the_victim_s_ipcs():
    """Capitals (rules notes, decisions 5 and 8): the conqueror takes the victim's unspent IPCs;
    the victim collects nothing and buys nothing while the enemy holds it."""
    s = position(("germany", "armour", "karelia_ssr"), ("ussr", "infantry", "russia"),
                 ("ussr", "aa_gun", "russia"), ("ussr", "factory", "russia"),
                 owners={"karelia_ssr": "germany"}, ipcs={"ussr": 13})
    s = play(s, "move 1 arm Karelia -> Russia", "end", "attack Russia")
    s = roll(roll(s, "attack_fire", 3), "defence_fire", 6)
    assert s.owner("russia") == "germany"
    assert (s.ipcs["germany"], s.ipcs["ussr"]) == (32 + 13, 0)
    assert units(s, "russia") == units(s, "russia", "germany") == {"armour": 1, "aa_gun": 1, "factory": 1}
    assert not economy.capital_held(s, "ussr") and economy.income(s, "ussr") == 0


def test_aktie3_results_liberating_an_ally_s_territory_returns_it():
    """"Resultaten": land units "verovert of bevrijdt" enemy-held land; an ally's original
    territory goes back to the ally while it holds its capital (decision 9)."""
    s = position(("uk", "armour", "russia"), ("germany", "infantry", "karelia_ssr"),
                 ("germany", "factory", "karelia_ssr"), power="uk", owners={"karelia_ssr": "germany"})
    s = play(s, "move 1 arm Russia -> Karelia", "end", "attack Karelia")
    s = roll(roll(s, "attack_fire", 1), "defence_fire", 6)
    assert s.owner("karelia_ssr") == "ussr"
    assert {u.power for u in s.units_at("karelia_ssr")} == {"uk", "ussr"}, "the complex is the USSR's again"
    assert economy.production(s, "uk") == 30


def test_aktie3_amphibious_assault_allows_no_retreat():
    """"Amfibie aanvalsregels zijn gewijzigd" (decision C4): nothing retreats from it."""
    s = position(("germany", "transport", "sz_baltic_sea"), ("germany", "infantry", "germany", 2),
                 ("ussr", "infantry", "karelia_ssr", 2))
    s = play(s, "load 2 inf Germany -> Baltic Sea Zone", "unload 2 inf Baltic Sea Zone -> Karelia")
    assert s.amphibious == ("karelia_ssr",)
    s = play(s, "end", "attack Karelia")
    s = roll(roll(s, "attack_fire", 6, 6), "defence_fire", 6, 6)
    assert ENGINE.to_act(s) == frozenset(), "no question with only one answer: round 2 follows"
    assert s.battle.round == 2 and ENGINE.chance(s).kind == "attack_fire"
    assert combat.waiting(s.battle) is None


def test_aktie3_strategic_bombing_raid_reduces_the_victims_ipcs():
    """Strategic bombing: "1) ... gebied met een industrieel complex. 2) ... luchtdoelkanon ...
    een dobbelsteen ... 3) ... Tel de ogen ... Het totaal is het aantal IPC's dat uw vijand moet
    inleveren aan de bank" (the raid's own AA shot; decision C11: at most the treasury)."""
    s = position(("germany", "bomber", "germany"), ("ussr", "aa_gun", "karelia_ssr"),
                 ("ussr", "factory", "karelia_ssr"), ipcs={"ussr": 20})
    s = play(s, "bomb 1 bmr Germany -> Karelia")
    assert s.raids == ("karelia_ssr",) and ENGINE.chance(s) is None, "no AA fire on the way in"
    s = play(s, "end")
    assert s.battles == () and texts(s) == ["attack Karelia S.S.R."]
    s = play(s, "attack Karelia")
    s = roll(roll(s, "aa_fire", 2), "bombing", 5)
    assert s.ipcs["ussr"] == 15 and s.raids == () and s.raid is None
    assert units(s, "karelia_ssr", "germany") == {"bomber": 1}
    assert texts(s) == ["end"]


def test_aktie3_strategic_bombing_bomber_shot_down_and_damage_capped_at_the_treasury():
    s = position(("germany", "bomber", "germany", 2), ("ussr", "aa_gun", "karelia_ssr"),
                 ("ussr", "factory", "karelia_ssr"), ipcs={"ussr": 4})
    s = play(s, "bomb 2 bmr Germany -> Karelia", "end", "attack Karelia")
    s = roll(s, "aa_fire", 1, 3)
    assert sorted(texts(s)) == ["lose 1 bmr"]
    s = roll(play(s, "lose 1 bmr"), "bombing", 6)
    assert s.ipcs["ussr"] == 0 and units(s, "karelia_ssr", "germany") == {"bomber": 1}


def test_aktie3_a_raid_does_not_cancel_a_land_battle_in_the_same_territory():
    """Aktie 3: "alle slagen [moeten] uitgevochten worden". German armour attacks Karelia while a
    bomber raids its complex: either the order is refused or the land battle is fought too."""
    s = position(("germany", "armour", "eastern_europe"), ("germany", "bomber", "germany"),
                 ("ussr", "infantry", "karelia_ssr"), ("ussr", "factory", "karelia_ssr"))
    s = play(s, "move 1 arm Eastern Europe -> Karelia")
    with pytest.raises(IllegalMoveError) as refused:
        play(s, "bomb 1 bmr Germany -> Karelia")
    assert refused.value.code == "axis_allies.raid_and_battle"


def sea_battle():
    """Japan's submarine and battleship attack the US carrier, fighter and submarine at Hawaii."""
    s = position(("japan", "submarine", "sz_solomon_islands"), ("japan", "battleship", "sz_wake_island"),
                 ("usa", "carrier", "sz_hawaii"), ("usa", "submarine", "sz_hawaii"), power="japan")
    s = play(s, "move 1 sub Solomon Islands Sea Zone -> Hawaiian Islands Sea Zone",
             "move 1 bb Wake Island Sea Zone -> Hawaiian Islands Sea Zone", "end", "attack Hawaiian Islands Sea Zone")
    s = roll(roll(s, "sub_strike", 6), "attack_fire", 6)
    return roll(s, "defence_fire", 6, 6)


def test_aktie3_step7_defending_subs_may_withdraw_after_a_round():
    """Aktie 3, step 7: "daarna kunnen verdedigende onderzeeboten zich naar een aangrenzend
    vriendelijk of onbezet zeegebied terugtrekken" (decision C8)."""
    s = play(sea_battle(), "continue")
    assert seat_to_act(s) == seat_of(s, "usa") and "stay" in texts(s)
    assert "submerge Midway Sea Zone" in texts(s)
    s = play(s, "submerge Midway Sea Zone")
    assert s.battle.round == 2 and ENGINE.chance(s).kind == "sub_strike"
    s = roll(s, "sub_strike", 2)                      # the carrier, the last defender, sinks
    assert s.battle is None and units(s, "sz_hawaii") == {"submarine": 1, "battleship": 1}
    assert units(s, "sz_midway", "usa") == {"submarine": 1}


def test_aktie3_step7_defending_subs_may_stay():
    """Aktie 3, step 7: the defending subs "kunnen" withdraw: they may also stay and fight on
    (``stay``, offered by the engine)."""
    s = play(sea_battle(), "continue")
    assert "stay" in texts(s)
    s = play(s, "stay")
    assert s.battle.round == 2 and ENGINE.chance(s).kind == "sub_strike"


def test_aktie3_step7_attacking_subs_may_withdraw_first():
    """Aktie 3, step 7: "aanvallende onderzeeboten [trekken zich] eerst terug naar een aangrenzend
    zeegebied van waaruit zij of andere aanvallende vlooteenheden kwamen"."""
    s = sea_battle()
    assert combat.waiting(s.battle).subs_to == ("sz_solomon_islands", "sz_wake_island")
    assert "submerge Solomon Islands Sea Zone" in texts(s)
    s = play(s, "submerge Solomon Islands Sea Zone")
    assert units(s, "sz_solomon_islands", "japan") == {"submarine": 1}


# ---------------------------------------------------------------- Aktie 4: the non-combat move


def test_aktie4_units_moved_in_the_combat_move_stay():
    """Aktie 4: only units "die u NIET BEWOGEN HEBT in aktie-reeks 2" move (decision M1)."""
    s = position(("germany", "infantry", "eastern_europe", 2))
    s = play(s, "move 1 inf Eastern Europe -> Ukraine", "end", "end")
    assert s.phase == "noncombat_move"
    refused("moved_in_combat", s, "move 1 inf Ukraine -> Eastern Europe")
    s = play(s, "move 1 inf Eastern Europe -> Germany")
    assert units(s, "germany", "germany") == {"infantry": 1}
    assert [a.combat for a in s.arrows] == [True, False]


def test_aktie4_no_enemy_or_neutral_land_in_the_non_combat_move():
    """Aktie 4: a non-combat move; entering enemy land "is een offensieve zet" (Aktie 2), and a
    neutral is entered only by attacking it (decision M3)."""
    s = position(("germany", "armour", "eastern_europe"), ("germany", "armour", "western_europe"),
                 phase="noncombat_move")
    refused("enemy_territory_noncombat", s, "move 1 arm Eastern Europe -> Karelia")
    refused("neutral_noncombat", s, "move 1 arm Western Europe -> Spain")


def test_aktie4_one_aa_gun_per_territory():
    """AA guns: "1 per gebied. Ze kunnen naar andere vriendschappelijke gebieden worden
    verplaatst" (rules notes: TripleA ``Multiple AA Per Territory`` = false)."""
    s = position(("germany", "aa_gun", "germany"), ("germany", "aa_gun", "southern_europe"), phase="noncombat_move")
    with pytest.raises(IllegalMoveError):
        play(s, "move 1 aa Southern Europe -> Germany")


def conquered_karelia_with_a_fighter(*extra: tuple):
    s = position(("germany", "infantry", "eastern_europe"), ("germany", "fighter", "eastern_europe"),
                 ("ussr", "infantry", "karelia_ssr"), *extra)
    s = play(s, "move 1 inf 1 ftr Eastern Europe -> Karelia", "end", "attack Karelia")
    s = roll(roll(s, "attack_fire", 6, 1), "defence_fire", 6)
    assert s.owner("karelia_ssr") == "germany"
    return play(s, "end")


def test_aktie4_aircraft_must_land_and_are_lost_with_nowhere_to_land():
    """Aktie 4: "Japan moet alle aanvallende vliegtuigen in deze zet laten landen"; an aircraft
    left where it cannot land (land taken this turn) is lost at the end of the move (decision M6),
    when the player ends the step with ``end anyway`` while it could still land (decision M15)."""
    s = conquered_karelia_with_a_fighter()
    assert units(s, "karelia_ssr", "germany") == {"infantry": 1, "fighter": 1}
    after = play(s, "end anyway")
    assert after.phase == "place" and units(after, "karelia_ssr", "germany") == {"infantry": 1}


def test_decision_m15_end_refuses_while_an_aircraft_it_would_lose_can_still_land():
    """Decision M15: ``end`` does not give up an aircraft that can still land: it names the
    aircraft and a landing that fits (a legal move), and ``end anyway`` loses it on purpose.
    Autocomplete offers the landing and ``end anyway``, never a plain ``end`` that is refused."""
    s = conquered_karelia_with_a_fighter()
    params = refused("aircraft_can_land", s, "end")
    assert params["units"] == [["fighter", 1]] and params["territories"] == ["Karelia S.S.R."]
    landed = play(s, params["example"])
    assert landed.phase == "noncombat_move" and units(landed, "karelia_ssr", "germany") == {"infantry": 1}
    assert play(landed, "end").phase == "place"
    offered = texts(s)
    assert "end anyway" in offered and "end" not in offered and params["example"] in offered
    at_home = conquered_karelia_with_a_fighter(("germany", "infantry", "germany"))
    assert ENGINE.step_message(at_home)[1]["example"] == params["example"], "the step line shows the landing first"
    assert "end" in texts(landed) and "end anyway" not in texts(landed)


def test_decision_m15_end_gives_up_aircraft_that_cannot_land_without_asking():
    """Decision M6 and M15: an aircraft with no landing in reach is lost by a plain ``end``."""
    s = position(("germany", "fighter", "karelia_ssr"), ("germany", "infantry", "karelia_ssr"),
                 phase="noncombat_move", owners={"karelia_ssr": "germany"})
    spent = tuple(u.model_copy(update={"moved": 4, "combat": True}) if u.kind == "fighter" else u for u in s.units)
    s = s.model_copy(update={"conquered": ("karelia_ssr",), "units": spent})
    assert "end" in texts(s)
    assert units(play(s, "end"), "karelia_ssr", "germany") == {"infantry": 1}


def test_aktie4_aircraft_fly_home_to_land_held_since_the_turn_began():
    s = play(conquered_karelia_with_a_fighter(), "move 1 ftr Karelia -> Eastern Europe", "end")
    assert units(s, "eastern_europe", "germany") == {"fighter": 1}
    taken = position(("germany", "fighter", "eastern_europe"), phase="noncombat_move", owners={"karelia_ssr": "germany"})
    refused("no_landing", taken.model_copy(update={"conquered": ("karelia_ssr",)}), "move 1 ftr Eastern Europe -> Karelia")


def test_aktie4_a_fighter_at_sea_lands_on_a_carrier_or_is_lost():
    """Aktie 4 and App. II: a fighter comes down on a friendly carrier with room (decision M6)."""
    s = position(("japan", "fighter", "sz_wake_island"), ("japan", "carrier", "sz_caroline_islands"),
                 power="japan", phase="noncombat_move")
    lost = play(s, "end anyway")
    assert units(lost, "sz_wake_island") == {}
    s = play(s, "move 1 ftr Wake Island Sea Zone -> Caroline Islands Sea Zone", "end")
    (fighter,) = [u for u in s.units if u.kind == "fighter"]
    (carrier,) = ids(s, "sz_caroline_islands", "japan", "carrier")
    assert fighter.at == "sz_caroline_islands" and fighter.carried_by == carrier


# ---------------------------------------------------------------- weapons developments in play


def test_aktie1_long_range_aircraft_fly_two_further():
    """Long-range aircraft (rules notes: fighters 6, bombers 8)."""
    def farthest(techs):
        s = position(("germany", "fighter", "germany"), phase="noncombat_move", techs=techs)
        return max(len(m.path) - 1 for m in ENGINE.legal_moves(s, 1) if m.kind == "move")

    assert farthest({}) <= 4 < farthest({"germany": ("long_range_aircraft",)}) <= 6
    s = position(("germany", "fighter", "germany"), techs={"germany": ("long_range_aircraft",)})
    path = "Germany -> Eastern Europe -> Karelia -> Russia -> Caucasus -> Ukraine"
    moved = play(s, f"move 1 ftr {path}")
    assert units(moved, "ukraine_ssr", "germany") == {"fighter": 1}
    refused("too_far", position(("germany", "fighter", "germany")), f"move 1 ftr {path}")


def test_aktie1_heavy_bombers_roll_three_dice_in_a_raid_and_in_battle():
    """Heavy bombers (decision C12): 3 dice per bomber in a raid, and per attacking bomber."""
    s = position(("germany", "bomber", "germany"), ("ussr", "factory", "karelia_ssr"),
                 ("ussr", "infantry", "caucasus"), techs={"germany": ("heavy_bombers",)}, ipcs={"ussr": 30})
    raid = play(s, "bomb 1 bmr Germany -> Karelia", "end", "attack Karelia")
    assert roll(raid, "bombing", 6, 5, 4).ipcs["ussr"] == 30 - 15
    battle = play(s, "move 1 bmr Germany -> Eastern Europe -> Ukraine -> Caucasus", "end", "attack Caucasus")
    assert ENGINE.chance(battle).sizes == (6, 6, 6)


def test_aktie1_jet_power_fighters_defend_at_5():
    """Jet power (decision C13): a defending fighter hits on 5."""
    def defend(techs):
        s = position(("germany", "infantry", "eastern_europe"), ("ussr", "fighter", "karelia_ssr"), techs=techs)
        s = play(s, "move 1 inf Eastern Europe -> Karelia", "end", "attack Karelia")
        return roll(roll(s, "attack_fire", 6), "defence_fire", 5)

    assert units(defend({"ussr": ("jet_power",)}), "karelia_ssr", "germany") == {}
    assert texts(defend({})) == ["continue", "retreat Eastern Europe"]


def test_aktie1_super_submarines_attack_at_3():
    """Super submarines (App. I: "een 3; raak, want Japan heeft superonderzeeboten")."""
    def strike(techs):
        s = position(("japan", "submarine", "sz_solomon_islands"), ("usa", "transport", "sz_hawaii"),
                     power="japan", techs=techs)
        s = play(s, "move 1 sub Solomon Islands Sea Zone -> Hawaiian Islands Sea Zone", "end",
                 "attack Hawaiian Islands Sea Zone")
        return roll(s, "sub_strike", 3)

    assert strike({"japan": ("super_submarines",)}).battle is None
    assert ENGINE.chance(strike({})).kind == "defence_fire"


def test_aktie1_rockets_an_aa_gun_hits_a_complex_once_a_turn():
    """Rockets (decision C14): in the combat step an AA gun hits an enemy complex within 3 spaces
    for one die of IPCs, once a turn."""
    s = position(("germany", "aa_gun", "germany"), ("ussr", "factory", "russia"), phase="combat",
                 techs={"germany": ("rockets",)}, ipcs={"ussr": 20})
    s = play(s, "rocket Germany -> Russia")
    s = roll(s, "rocket", 4)
    assert s.ipcs["ussr"] == 16
    refused("rocket_fired", s, "rocket Germany -> Russia")
    refused("rockets_not_now", position(("germany", "aa_gun", "germany"), ("ussr", "factory", "russia"),
                                        phase="combat"), "rocket Germany -> Russia")


def test_decision_13_a_defending_fighter_without_carrier_lands_on_its_island_or_is_lost():
    """Notes [S9]: "A defending fighter whose carrier is sunk may land only on an island or a
    carrier in the same sea zone; otherwise it is lost"."""
    from engines.axis_allies import turn

    s = position(("usa", "fighter", "sz_hawaii"), ("japan", "battleship", "sz_hawaii"), power="japan", phase="combat")
    fighter = next(u.id for u in s.units if u.at == "sz_hawaii" and u.kind == "fighter")
    landed = turn._rehouse(s, "sz_hawaii", [fighter])
    assert units(landed, "hawaiian_islands", "usa").get("fighter") == 1
    taken = s.model_copy(update={"owners": tuple((t, "japan" if t == "hawaiian_islands" else p) for t, p in s.owners)})
    assert "fighter" not in units(turn._rehouse(taken, "sz_hawaii", [fighter]), "sz_hawaii", "usa")
    assert "fighter" not in units(turn._rehouse(taken, "sz_hawaii", [fighter]), "hawaiian_islands", "usa")
    with_carrier = position(("usa", "fighter", "sz_hawaii"), ("uk", "carrier", "sz_hawaii"), power="japan", phase="combat")
    fighter = next(u.id for u in with_carrier.units if u.at == "sz_hawaii" and u.kind == "fighter")
    aboard = turn._rehouse(with_carrier, "sz_hawaii", [fighter])
    assert next(u for u in aboard.units if u.id == fighter).carried_by is not None


def test_aktie3_every_casualty_choice_of_a_large_battle_is_offered():
    """Aktie 3: "De verdediger verkiest ..." which units the hits kill: every choice of six
    losses from four kinds (84 of them) is a legal move the defender is offered, not only the
    first few, and each is accepted as typed."""
    kinds = ("infantry", "armour", "fighter", "bomber")
    s = position(("germany", "armour", "eastern_europe", 6),
                 *(("ussr", kind, "karelia_ssr", 6) for kind in kinds), owners={"karelia_ssr": "ussr"})
    s = play(s, "move 6 arm Eastern Europe -> Karelia", "end", "attack Karelia")
    s = roll(s, "attack_fire", 1, 1, 1, 1, 1, 1)
    short = {"infantry": "inf", "armour": "arm", "fighter": "ftr", "bomber": "bmr"}
    every = {
        "lose " + " ".join(f"{n} {short[k]}" for k, n in zip(kinds, counts, strict=True) if n)
        for counts in itertools.product(range(7), repeat=len(kinds)) if sum(counts) == 6
    }
    offered = texts(s)
    assert len(every) == 84 and len(offered) == len(set(offered)) and set(offered) == every
    for text in ("lose 6 bmr", "lose 1 inf 1 arm 2 ftr 2 bmr"):  # past the first sixty
        play(s, text)


def test_aktie3_a_submarine_hit_offers_only_choices_that_give_it_to_a_ship():
    """Vliegdekschepen: "Onderzeeboten kunnen niet op vliegtuigen vuren !": with a submarine's
    hit and another, two fighters are no choice; a fighter and the battleship are."""
    s = position(("germany", "fighter", "germany", 2), ("germany", "battleship", "sz_baltic_sea"),
                 ("ussr", "submarine", "sz_north_sea"), ("ussr", "transport", "sz_north_sea"))
    s = play(s, "move 1 bb Baltic -> North Sea", "move 2 ftr Germany -> North Sea", "end", "attack North Sea")
    s = roll(s, "attack_fire", 6, 6, 6)
    s = roll(s, "defence_fire", 1, 1)
    assert texts(s) == ["lose 1 ftr 1 bb"]
