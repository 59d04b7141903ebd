"""Strategic bombing raids that can always be finished, AA guns and complexes one per territory,
and the legal-move listing around raids.

Rulebook places are those of the Dutch 2nd-edition rulebook: the bomber's "strategische
bommenwerper aanval" ("1) ... gebied met een industrieel complex. 2) Als uw vijand een
luchtdoelkanon heeft staan, vuurt dit door voor elke bommenwerper een dobbelsteen te werpen. Voor
elke "1" wordt een bommenwerper neergehaald en zonder aan te vallen uit het spel verwijderd"),
the AA gun's "Ze worden altijd op landgebieden geplaatst, 1 per gebied", the fighter's "een
rondje luchtafweer ... van elk luchtdoelkanon dat de vijand in de overvlogen gebieden heeft
opgesteld", and decision 25 of docs/games/axis_allies.md (a raided territory does not change
hands in the same combat move).
"""

from __future__ import annotations

import pytest

from engines.axis_allies.view import fight_board
from engines.core.errors import IllegalMoveError
from tests.engines.narration import said

from .conftest import ENGINE, ids, play, position, refused, roll, seat_to_act, texts, units

SLUG = "axis_allies"


def germany_s_opening_combat_move():
    """Two players; the USSR skips its first turn, Germany its research and purchase."""
    s = play(ENGINE.setup(2), *["end"] * 8)
    assert (s.power, s.phase) == ("germany", "combat_move")
    return s


# ---------------------------------------------------------------- a raid with no bombers left


def test_the_opening_raid_on_russia_shot_down_over_karelia_lapses_and_the_game_goes_on():
    """"Voor elke "1" wordt een bommenwerper neergehaald en zonder aan te vallen uit het spel
    verwijderd": Germany's bomber flies to Russia over Karelia, whose AA gun rolls a 1. The raid
    lapses (the reply says so), and the combat step ends with ``end``."""
    s = germany_s_opening_combat_move()
    seat = seat_to_act(s)
    move = ENGINE.parse_move("bomb 1 bmr Germany -> Russia", s, seat)
    assert move.path == ("germany", "eastern_europe", "karelia_ssr", "russia"), "routed over Karelia's AA gun"
    after = roll(ENGINE.apply(s, seat, move), "aa_fire", 1)
    assert units(after, "russia", "germany") == {} and after.raids == ()
    lines = ENGINE.describe_move(s, seat, move, after)
    assert said(SLUG, lines) == ("AA fire in Karelia S.S.R. downs 1 bomber of Germany. "
                                 "Germany's bombing raid on Russia lapses: every bomber was shot down on the way.")
    assert said(SLUG, lines, "nl").endswith("De bommenwerper-aanval van Duitsland op Rusland vervalt: "
                                            "elke bommenwerper is onderweg neergehaald.")
    after = play(after, "end")
    assert after.phase == "combat" and texts(after) == ["end"]
    assert play(after, "end").phase == "noncombat_move"


def test_a_raid_stands_while_one_of_its_bombers_is_left():
    """Two raid orders on one complex: the first bomber arrives, the second is shot down on the way.
    The raid does not lapse while a bomber is left: it is flown with the first."""
    s = position(("germany", "bomber", "germany", 2), ("ussr", "aa_gun", "karelia_ssr"),
                 ("ussr", "factory", "russia"), ipcs={"ussr": 20})
    s = play(s, "bomb 1 bmr Germany -> Eastern Europe -> Ukraine -> Caucasus -> Russia")
    assert s.raids == ("russia",) and ENGINE.chance(s) is None
    s = roll(play(s, "bomb 1 bmr Germany -> Eastern Europe -> Karelia -> Russia"), "aa_fire", 1)
    assert s.raids == ("russia",) and units(s, "russia", "germany") == {"bomber": 1}
    s = roll(play(s, "end", "attack Russia"), "bombing", 4)
    assert s.ipcs["ussr"] == 16 and s.raids == ()


def test_a_raid_of_two_bombers_lapses_only_when_both_are_shot_down():
    """"Voor elke "1" wordt een bommenwerper neergehaald": one 1 leaves a bomber for the raid (its
    owner picks the loss), two 1s leave none and the raid lapses."""
    s = position(("germany", "bomber", "germany", 2), ("ussr", "aa_gun", "karelia_ssr"),
                 ("ussr", "factory", "russia"), ipcs={"ussr": 20})
    s = roll(play(s, "bomb 2 bmr Germany -> Eastern Europe -> Karelia -> Russia"), "aa_fire", 1, 3)
    s = play(s, "lose 1 bmr")
    assert s.raids == ("russia",), "one bomber is left: the raid stands"
    s = position(("germany", "bomber", "germany", 2), ("ussr", "aa_gun", "karelia_ssr"),
                 ("ussr", "factory", "russia"), ipcs={"ussr": 20})
    s = roll(play(s, "bomb 2 bmr Germany -> Eastern Europe -> Karelia -> Russia"), "aa_fire", 1, 1)
    assert s.raids == () and s.ipcs["ussr"] == 20
    assert play(s, "end").phase == "combat" and play(s, "end", "end").phase == "noncombat_move"


# ---------------------------------------------------------------- the raided territory keeps its owner


def karelia_raided(*pieces, power="germany", owners=None):
    """A bomber of ``power`` raids the undefended Soviet complex in Karelia."""
    s = position(("germany", "bomber", "germany"), ("ussr", "factory", "karelia_ssr"), *pieces,
                 power=power, owners=owners)
    return play(s, "bomb 1 bmr Germany -> Karelia") if power == "germany" else s


def test_a_raided_territory_is_not_taken_in_the_same_combat_move():
    """Decision 25: a raid is flown against the complex of "uw vijand"; land units of the raider
    do not take the raided territory in the same combat move (before: the raid on its own land
    could never be flown, and the game froze)."""
    s = karelia_raided(("germany", "armour", "eastern_europe"))
    params = refused("raid_and_conquest", s, "move 1 arm Eastern Europe -> Karelia")
    assert params["territory"] == "Karelia S.S.R."
    assert "move 1 arm Eastern Europe -> Karelia S.S.R." not in texts(s)


def test_a_raided_territory_is_not_blitzed_through():
    s = karelia_raided(("germany", "armour", "eastern_europe"), ("ussr", "infantry", "russia"))
    refused("raid_and_conquest", s, "move 1 arm Eastern Europe -> Karelia -> Russia")


def test_a_raided_territory_is_not_taken_from_the_sea():
    s = karelia_raided(("germany", "transport", "sz_baltic_sea"), ("germany", "infantry", "eastern_europe"))
    s = play(s, "load 1 inf Eastern Europe -> Baltic Sea Zone")
    refused("raid_and_conquest", s, "unload 1 inf Baltic Sea Zone -> Karelia")


def test_no_amphibious_assault_on_a_raided_territory():
    """Bombers raid the industry or join the battle: an unload into defended raided land would
    start a battle there."""
    s = karelia_raided(("germany", "transport", "sz_baltic_sea"), ("germany", "infantry", "eastern_europe"),
                       ("ussr", "infantry", "karelia_ssr"))
    s = play(s, "load 1 inf Eastern Europe -> Baltic Sea Zone")
    refused("raid_and_battle", s, "unload 1 inf Baltic Sea Zone -> Karelia")


def with_cargo(s, zone):
    """Put the power's infantry in ``zone`` aboard its transport there."""
    (transport,) = ids(s, zone, s.power, "transport")
    return s.model_copy(update={"units": tuple(
        u.model_copy(update={"carried_by": transport}) if u.at == zone and u.kind == "infantry" else u for u in s.units
    )})


def test_a_landing_waiting_for_a_sea_battle_and_a_raid_do_not_meet_in_one_territory():
    """An unload from a sea zone with enemy ships waits for the sea battle (decision M11), then
    takes undefended land: it may not be aimed at a raided territory, nor a raid at its target."""
    s = position(("germany", "bomber", "germany"), ("ussr", "factory", "karelia_ssr"),
                 ("germany", "transport", "sz_karelia"), ("germany", "infantry", "sz_karelia"),
                 ("uk", "submarine", "sz_karelia"))
    s = with_cargo(s, "sz_karelia")
    raided = play(s, "bomb 1 bmr Germany -> Karelia")
    refused("raid_and_conquest", raided, "unload 1 inf Karelia Sea Zone -> Karelia")
    landing = play(s, "unload 1 inf Karelia Sea Zone -> Karelia")
    refused("raid_and_conquest", landing, "bomb 1 bmr Germany -> Karelia")


def test_a_raided_territory_is_not_liberated_for_an_ally():
    """The UK raids German-held Karelia (the USSR's at the start): UK armour walking in would give
    it back to the USSR, and the raid would cost the USSR its IPCs. Refused."""
    s = position(("uk", "bomber", "russia"), ("uk", "armour", "russia"), ("germany", "factory", "karelia_ssr"),
                 power="uk", owners={"karelia_ssr": "germany"})
    s = play(s, "bomb 1 bmr Russia -> Karelia")
    refused("raid_and_conquest", s, "move 1 arm Russia -> Karelia")


def test_a_territory_taken_first_is_no_raid_target():
    """The other order: land taken earlier in the combat move holds no enemy complex any more."""
    s = position(("germany", "bomber", "germany"), ("germany", "armour", "eastern_europe"),
                 ("ussr", "factory", "karelia_ssr"))
    s = play(s, "move 1 arm Eastern Europe -> Karelia")
    refused("bombing_target", s, "bomb 1 bmr Germany -> Karelia")


def test_a_bomber_in_a_battle_does_not_turn_it_into_a_raid():
    """Bombers raid the industry or join the battle, never both in one territory: a bomber that
    attacks Karelia's infantry leaves no room for a raid there, which would call the battle off."""
    s = position(("germany", "bomber", "germany", 2), ("ussr", "infantry", "karelia_ssr"),
                 ("ussr", "factory", "karelia_ssr"))
    s = play(s, "move 1 bmr Germany -> Karelia")
    refused("raid_and_battle", s, "bomb 1 bmr Germany -> Karelia")


def test_nothing_autocomplete_offers_around_a_raid_is_refused():
    """Autocomplete lists only what the engine accepts: with a raid on Russia, no attack into
    Russia is offered, and every offered move is accepted."""
    s = play(germany_s_opening_combat_move(), "bomb 1 bmr Germany -> Eastern Europe -> Ukraine -> Caucasus -> Russia")
    assert s.raids == ("russia",)
    offered = texts(s)
    assert not [t for t in offered if t.startswith("move") and t.endswith("-> Russia")]
    for text in offered:
        if text != "end":
            play(s, text)  # raises if the engine refuses what autocomplete offered


# ---------------------------------------------------------------- an ally's AA gun


def test_an_ally_s_aa_gun_in_the_raided_territory_fires_at_the_bombers():
    """"Als uw vijand een luchtdoelkanon heeft staan, vuurt dit": a UK AA gun in Soviet Karelia is
    the raider's enemy's gun, as it is for fighters flying over ("van elk luchtdoelkanon dat de
    vijand ... heeft opgesteld"). It fires once per bomber, a 1 downs one."""
    s = karelia_raided(("uk", "aa_gun", "karelia_ssr"))
    s = play(s, "end", "attack Karelia")
    assert ENGINE.chance(s).kind == "aa_fire" and s.raid.aa.gun_power == "uk"
    s = roll(s, "aa_fire", 1)
    assert s.raids == () and s.raid is None and units(s, "karelia_ssr", "germany") == {}
    assert s.fights[-1].kind == "bombing" and s.fights[-1].damage == 0
    board = fight_board(s.fights[-1])
    assert [(u.power, u.kind) for u in board.defenders] == [("uk", "aa_gun"), ("ussr", "factory")]


def test_an_ally_s_gun_fires_at_fighters_flying_over_as_it_does_at_raiders():
    s = position(("germany", "fighter", "eastern_europe"), ("uk", "aa_gun", "karelia_ssr"),
                 ("ussr", "infantry", "russia"))
    s = play(s, "move 1 ftr Eastern Europe -> Karelia -> Russia")
    assert ENGINE.chance(s).kind == "aa_fire" and s.aa.gun_power == "uk"


# ---------------------------------------------------------------- one AA gun, one complex per territory


def test_one_placement_order_puts_no_two_aa_guns_in_one_territory():
    """"Ze worden altijd op landgebieden geplaatst, 1 per gebied": the site is checked for each
    gun of the order."""
    s = position(("germany", "factory", "germany"), phase="purchase")
    s = play(s, "buy 2 aa", "end", "end", "end", "end")
    params = refused("one_per_territory", s, "place 2 aa Germany")
    assert params["territory"] == "Germany" and params["unit"] == "aa_gun"
    s = play(s, "place 1 aa Germany")
    assert units(s, "germany") == {"factory": 1, "aa_gun": 1}


def test_one_placement_order_puts_no_two_complexes_in_one_territory():
    s = position(("germany", "factory", "germany"), phase="purchase", ipcs={"germany": 40})
    s = play(s, "buy 2 ic", "end", "end", "end", "end")
    refused("one_per_territory", s, "place 2 ic Eastern Europe")
    assert ENGINE.step_message(s)[1]["example"].startswith("place 1 ic "), "the example is an order that fits"
    assert refused("place_first", s, "end")["example"].startswith("place 1 ic ")
    s = play(s, "place 1 ic Eastern Europe", "place 1 ic Southern Europe")
    assert units(s, "eastern_europe") == {"factory": 1} == units(s, "southern_europe")


# ---------------------------------------------------------------- a flight too long


def test_a_flight_too_long_is_refused_with_its_length():
    """Germany to the East Indies is 7 spaces; a bomber flies 6. The refusal says so, not that the
    two do not border."""
    s = position(("germany", "bomber", "germany"))
    params = refused("too_far_away", s, "move 1 bmr Germany -> East Indies")
    assert (params["steps"], params["left"], params["kind"]) == (7, 6, "bomber")
    with pytest.raises(IllegalMoveError) as caught:
        play(s, "bomb 1 bmr Germany -> East Indies")
    assert caught.value.code == "axis_allies.too_far_away"


# ---------------------------------------------------------------- a rocket at a raided complex


def test_a_rocket_at_a_raided_complex_leaves_the_raid_to_be_flown():
    """Rockets (decision C14) and a raid on the same complex are two attacks: the rocket's end
    does not take the bombers' raid off the list of fights (before, the raid vanished unflown)."""
    s = karelia_raided(("germany", "aa_gun", "germany"), ("germany", "aa_gun", "eastern_europe"))
    s = s.model_copy(update={"techs": {**s.techs, "germany": ("rockets",)}})
    s = roll(play(s, "end", "rocket Eastern Europe -> Karelia"), "rocket", 2)
    assert s.raids == ("karelia_ssr",) and texts(s) == ["attack Karelia S.S.R."]
    s = roll(play(s, "attack Karelia"), "bombing", 3)
    assert s.raids == () and [f.kind for f in s.fights] == ["rocket", "bombing"]


def test_a_bomber_joins_a_raid_with_bomb_not_with_move():
    """The raid's gun fires once per bomber, in the raid ("vuurt dit door voor elke bommenwerper
    een dobbelsteen te werpen"): a bomber sent with ``move`` would be fired at on arrival and again
    in the raid, so it joins with ``bomb``."""
    s = karelia_raided(("germany", "bomber", "eastern_europe"), ("ussr", "aa_gun", "karelia_ssr"))
    refused("raid_join_with_bomb", s, "move 1 bmr Eastern Europe -> Karelia")
    s = play(s, "bomb 1 bmr Eastern Europe -> Karelia", "end", "attack Karelia")
    assert ENGINE.chance(s).kind == "aa_fire" and len(ENGINE.chance(s).sizes) == 2
