"""``/territory``: one place described (holder, value, units by power, neighbours, canal
and neutral rules) and the names autocomplete offers, English and Dutch."""

from __future__ import annotations

import pytest

from engines.axis_allies.map import CLASSIC
from engines.axis_allies.places import describe_place, place_choices
from engines.core.contract import PlaceInfoGame

from .conftest import ENGINE, OPENING, play, position


def codes(lines) -> list[str]:
    return [code.removeprefix("axis_allies.") for code, _ in lines]


def test_the_engine_describes_places():
    assert isinstance(ENGINE, PlaceInfoGame)


@pytest.mark.parametrize("name", ["Eastern Europe", "eastern_europe", "Oost-Europa", "oost europa", "E. Europe"])
def test_english_dutch_ids_and_labels_name_the_same_place(name):
    head, *_ = describe_place(OPENING, name)
    assert head == ("axis_allies.place_land", {"territory": "Eastern Europe", "power": "germany", "ipc": 3})


def test_units_by_power_in_turn_order_and_the_neighbours():
    lines = describe_place(OPENING, "Karelia S.S.R.")
    units = [params for code, params in lines if code == "axis_allies.place_units"]
    assert units == [{"power": "ussr", "units": [["infantry", 3], ["armour", 1], ["fighter", 1], ["aa_gun", 1],
                                                 ["factory", 1]]}]
    s = position(("uk", "fighter", "karelia_ssr"), ("ussr", "infantry", "karelia_ssr", 2), power="uk")
    powers = [params["power"] for code, params in describe_place(s, "Karelia") if code == "axis_allies.place_units"]
    assert powers == ["ussr", "uk"]  # turn order
    (neighbours,) = [params["territories"] for code, params in lines if code == "axis_allies.place_neighbours"]
    assert set(neighbours) == {CLASSIC.territories[n].name for n in CLASSIC.neighbours("karelia_ssr")}
    assert neighbours.index("Baltic Sea Zone") > neighbours.index("Russia")  # land first, then sea zones


def test_a_capital_and_land_held_by_another_power_than_at_the_start():
    s = position(owners={"karelia_ssr": "germany"})
    assert codes(describe_place(s, "Karelia S.S.R."))[:2] == ["place_land", "place_first_holder"]
    assert ("axis_allies.place_capital", {"power": "ussr"}) in describe_place(OPENING, "Russia")


def test_an_untouched_neutral_says_the_neutral_rule_and_a_taken_one_is_ordinary_land():
    lines = describe_place(OPENING, "Spain")
    assert codes(lines)[:2] == ["place_neutral", "place_neutral_rule"] and lines[1][1] == {"fee": 3}
    taken = describe_place(position(owners={"spain": "germany"}), "Spain")
    assert codes(taken)[:2] == ["place_land", "place_neutral_taken"]


def test_canal_land_and_canal_sea_zones_name_the_canal_and_who_holds_it():
    for name in ("Panama", "Caribbean Sea Zone", "West Panama Sea Zone"):
        (canal,) = [params for code, params in describe_place(OPENING, name) if code == "axis_allies.place_canal"]
        assert canal["canal"] == "panama_canal" and canal["territories"] == ["Panama"] and canal["powers"] == ["usa"]
    (suez,) = [params for code, params in describe_place(OPENING, "Egypte") if code == "axis_allies.place_canal"]
    assert suez["territories"] == ["Anglo-Egyptian Sudan", "Syria-Jordan"]
    assert not any(code == "axis_allies.place_canal" for code, _ in describe_place(OPENING, "Germany"))


def test_a_pending_battle_is_mentioned():
    s = position(("germany", "armour", "eastern_europe"), ("ussr", "infantry", "ukraine_ssr"),
                 owners={"ukraine_ssr": "ussr"})
    s = play(s, "move 1 arm Eastern Europe -> Ukraine", "end")
    assert "place_battle" in codes(describe_place(s, "Ukraine"))
    assert "place_battle" not in codes(describe_place(OPENING, "Ukraine"))


def test_an_unknown_or_ambiguous_name_gives_the_one_line_that_says_so():
    (line,) = describe_place(OPENING, "Germnay")
    assert line == ("axis_allies.unknown_territory", {"name": "Germnay", "near": ["Germany"]})
    (line,) = describe_place(OPENING, "Kar")
    assert line[0] == "axis_allies.ambiguous_territory" and "Karelia S.S.R." in line[1]["candidates"]


def test_choices_keep_to_the_limit_and_offer_dutch_names_to_dutch_readers():
    assert len(place_choices("", "en", 25)) == 25
    assert ("Oost-Europa (Eastern Europe)", "eastern_europe") in place_choices("oost-eu", "nl", 25)
    assert place_choices("oost-eu", "en", 25) == [("Eastern Europe", "eastern_europe")]
    assert place_choices("sea zone", "en", 25)[0][1].startswith("sz_")
    assert place_choices("qqq", "en", 25) == []


def test_every_place_can_be_found_by_its_english_and_dutch_choice_name():
    for tid, t in CLASSIC.territories.items():
        assert (t.name, tid) in place_choices(t.name, "en", 25)
        dutch = CLASSIC.dutch_name(tid)
        if dutch:
            assert tid in [value for _, value in place_choices(dutch, "nl", 25)]
            assert describe_place(OPENING, dutch)[0][1]["territory"] == t.name
