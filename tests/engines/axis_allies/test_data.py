"""The classic map and unit data: shape of the graph, opening set-up, unit table, name lookup.

Expected figures are literals taken from the reference facts the project was given, which are not
in this repository (``axis_allies_classic.json``: its ``validation``, ``starting_units_by_power``
and ``unit_types`` sections). They are copied here on purpose: CI runs a clean checkout without
those facts, so the test must not read them.
"""

from __future__ import annotations

import re
from collections import Counter

import pytest

from engines.axis_allies.map import (
    CLASSIC,
    AmbiguousTerritory,
    Canal,
    GameMap,
    Power,
    Territory,
    UnknownTerritory,
    find_territory,
    income,
)
from engines.axis_allies.units import UNITS, UnknownUnit, unit

TERRITORIES = CLASSIC.territories


def kind_of(tid: str) -> str:
    return TERRITORIES[tid].kind


# --- the graph ---------------------------------------------------------------------------------


def test_territory_counts() -> None:
    kinds = Counter(t.kind for t in TERRITORIES.values())
    assert kinds == {"land": 70, "sea": 58}
    assert sum(t.neutral for t in TERRITORIES.values()) == 14
    assert not any(t.impassable for t in TERRITORIES.values())


def test_309_borders_each_once_in_order() -> None:
    assert len(CLASSIC.adjacent) == 309
    assert len(set(CLASSIC.adjacent)) == 309
    assert all(a < b for a, b in CLASSIC.adjacent)
    assert list(CLASSIC.adjacent) == sorted(CLASSIC.adjacent)


def test_borders_by_kind() -> None:
    # reference validation: land-land 92, land-sea 92, sea-sea 125
    kinds = Counter("-".join(sorted((kind_of(a), kind_of(b)))) for a, b in CLASSIC.adjacent)
    assert kinds == {"land-land": 92, "land-sea": 92, "sea-sea": 125}


def test_neighbours_symmetric_not_self_never_empty() -> None:
    for a in TERRITORIES:
        assert a not in CLASSIC.neighbours(a)
        assert CLASSIC.neighbours(a), f"{a} borders nothing"
        for b in CLASSIC.neighbours(a):
            assert a in CLASSIC.neighbours(b), f"{a} -> {b} but not back"
    assert sum(len(CLASSIC.neighbours(t)) for t in TERRITORIES) == 2 * 309


def test_a_land_sea_border_makes_the_land_coastal() -> None:
    for a, b in CLASSIC.adjacent:
        if {kind_of(a), kind_of(b)} == {"land", "sea"}:
            land = a if kind_of(a) == "land" else b
            assert CLASSIC.coastal(land)
    inland = sorted(t for t, x in TERRITORIES.items() if x.kind == "land" and not CLASSIC.coastal(t))
    assert inland == ["afghanistan", "china", "evenki_national_okrug", "mongolia", "novosibirsk",
                      "sinkiang", "switzerland", "yakut_ssr"]
    assert not any(CLASSIC.coastal(t) for t, x in TERRITORIES.items() if x.is_sea)


def test_sea_zones_join_other_sea_zones_except_the_caspian() -> None:
    # The Caspian Sea Zone is land-locked (Caucasus, Kazakh S.S.R., Persia, Russia): see the doc page.
    landlocked = sorted(t for t, x in TERRITORIES.items()
                        if x.is_sea and not any(TERRITORIES[n].is_sea for n in CLASSIC.neighbours(t)))
    assert landlocked == ["sz_caspian_sea"]


def test_islands_touch_only_sea() -> None:
    islands = {t for t, x in TERRITORIES.items()
               if x.kind == "land" and all(TERRITORIES[n].is_sea for n in CLASSIC.neighbours(t))}
    assert {"united_kingdom", "japan", "hawaiian_islands", "eire", "midway", "wake_island"} <= islands
    assert len(islands) == 17


def test_ids_and_names() -> None:
    for tid, t in TERRITORIES.items():
        assert re.fullmatch(r"[a-z][a-z0-9_]*", tid), tid
        assert tid.startswith("sz_") == t.is_sea, tid
        assert t.name.isascii() and t.name.strip() == t.name
    names = [t.name for t in TERRITORIES.values()]
    assert len(set(names)) == len(names)
    # TripleA's misspellings live on only as aliases
    for wrong in ("Mediteranean", "Carribean", "Antartic", "Columbia", "Rio del Oro"):
        assert not any(wrong in n for n in names), wrong


def test_sea_zones_have_no_value_owner_or_factory() -> None:
    for t in TERRITORIES.values():
        if t.is_sea:
            assert (t.ipc, t.owner, t.neutral, t.capital_of, t.factory) == (0, None, False, None, False)
        if t.neutral:
            assert (t.ipc, t.owner, t.factory) == (0, None, False)


def test_canals() -> None:
    canals = {c.id: c for c in CLASSIC.canals}
    assert canals["suez_canal"].sea_zones == ("sz_east_mediterranean", "sz_red_sea")
    assert canals["suez_canal"].land == ("anglo_egyptian_sudan", "syria_jordan")
    assert canals["panama_canal"].sea_zones == ("sz_caribbean", "sz_west_panama")
    assert canals["panama_canal"].land == ("panama",)
    for c in CLASSIC.canals:
        a, b = c.sea_zones
        assert TERRITORIES[a].is_sea and TERRITORIES[b].is_sea
        assert b in CLASSIC.neighbours(a)  # the canal is a border whose use depends on the land
        for land in c.land:
            assert TERRITORIES[land].kind == "land"
            assert {a, b} <= CLASSIC.neighbours(land)


# --- powers, income, set-up --------------------------------------------------------------------


def test_powers_in_turn_order() -> None:
    # Rulebook ch. 1 / reference turn order: USSR, Germany, UK, Japan, USA
    assert [(p.id, p.side) for p in CLASSIC.powers] == [
        ("ussr", "allies"), ("germany", "axis"), ("uk", "allies"), ("japan", "axis"), ("usa", "allies")]


def test_capitals() -> None:
    capitals = {p.id: p.capital for p in CLASSIC.powers}
    assert capitals == {"ussr": "russia", "germany": "germany", "uk": "united_kingdom",
                        "japan": "japan", "usa": "eastern_united_states"}
    for pid, tid in capitals.items():
        t = TERRITORIES[tid]
        assert (t.capital_of, t.owner, t.factory) == (pid, pid, True)
    assert sum(t.capital_of is not None for t in TERRITORIES.values()) == 5


STARTING_INCOME = {"ussr": 24, "germany": 32, "uk": 30, "japan": 25, "usa": 36}


def test_starting_income_from_owners() -> None:
    # Rulebook ch. 8 (Aktie 6): income is the sum of the owned territories' values
    assert income(CLASSIC, CLASSIC.starting_owners()) == STARTING_INCOME
    assert sum(t.ipc for t in TERRITORIES.values()) == 147  # nothing of value is neutral


def test_starting_ipcs_equal_starting_income() -> None:
    assert {p.id: p.ipcs for p in CLASSIC.powers} == STARTING_INCOME


def test_income_ignores_sea_and_rejects_unknown_powers() -> None:
    assert income(CLASSIC, {"sz_north_sea": "uk"})["uk"] == 0
    assert income(CLASSIC, {}) == {p.id: 0 for p in CLASSIC.powers}
    with pytest.raises(ValueError):
        income(CLASSIC, {"germany": "italy"})


# From the reference's starting_units_by_power (TripleA "aaGun" is our "aa_gun").
STARTING_UNITS = {
    "ussr": {"infantry": 19, "armour": 4, "fighter": 2, "submarine": 1, "transport": 1,
             "aa_gun": 2, "factory": 2},
    "germany": {"infantry": 19, "armour": 10, "fighter": 5, "bomber": 1, "submarine": 2,
                "transport": 2, "battleship": 1, "aa_gun": 3, "factory": 2},
    "uk": {"infantry": 10, "armour": 3, "fighter": 3, "bomber": 1, "submarine": 1, "transport": 3,
           "battleship": 2, "aa_gun": 1, "factory": 1},
    "japan": {"infantry": 19, "armour": 1, "fighter": 5, "bomber": 1, "submarine": 1,
              "transport": 2, "carrier": 1, "battleship": 2, "aa_gun": 1, "factory": 1},
    "usa": {"infantry": 11, "armour": 1, "fighter": 4, "bomber": 1, "submarine": 1, "transport": 2,
            "carrier": 1, "battleship": 1, "aa_gun": 2, "factory": 2},
}


def test_starting_units_per_power() -> None:
    totals: dict[str, Counter[str]] = {p.id: Counter() for p in CLASSIC.powers}
    for by_power in CLASSIC.start.values():
        for pid, counts in by_power.items():
            totals[pid].update(counts)
    assert {pid: dict(c) for pid, c in totals.items()} == STARTING_UNITS


def test_starting_units_stand_where_they_can() -> None:
    for tid, by_power in CLASSIC.start.items():
        t = TERRITORIES[tid]
        for pid, counts in by_power.items():
            assert all(n > 0 for n in counts.values())
            if t.is_sea:
                assert all(UNITS[u].domain == "sea" or UNITS[u].carrier_cost for u in counts), tid
                on_deck = sum(n * (UNITS[u].carrier_cost or 0) for u, n in counts.items()
                              if UNITS[u].domain == "air")
                decks = sum(n * (UNITS[u].carrier_capacity or 0) for u, n in counts.items())
                assert on_deck <= decks, f"{tid}: fighters without a carrier"
            else:
                assert t.owner == pid, f"{pid} units in {tid}, owned by {t.owner}"
                assert not any(UNITS[u].domain == "sea" for u in counts), tid
            assert counts.get("aa_gun", 0) <= 1  # notes: one AA gun per territory


def test_factory_flags_match_the_setup() -> None:
    flagged = sorted(t for t, x in TERRITORIES.items() if x.factory)
    placed = sorted(t for t, by_power in CLASSIC.start.items()
                    for counts in by_power.values() if counts.get("factory"))
    assert flagged == placed == ["eastern_united_states", "germany", "japan", "karelia_ssr", "russia",
                                 "southern_europe", "united_kingdom", "western_united_states"]


def test_loader_refuses_data_that_does_not_hang_together() -> None:
    land = Territory(id="a", name="A", kind="land", ipc=1, owner="p", neutral=False, impassable=False,
                     capital_of="p", factory=True)
    power = Power(id="p", name="P", side="axis", capital="a", ipcs=1)
    ok = GameMap(territories={"a": land}, powers=(power,), adjacent=(), canals=(), start={})
    assert ok.neighbours("a") == frozenset()
    with pytest.raises(ValueError, match="unknown territory 'b'"):
        GameMap(territories={"a": land}, powers=(power,), adjacent=(("a", "b"),), canals=(), start={})
    with pytest.raises(ValueError, match="unknown unit 'tiger'"):
        GameMap(territories={"a": land}, powers=(power,), adjacent=(), canals=(),
                start={"a": {"p": {"tiger": 1}}})
    with pytest.raises(ValueError, match="unknown territory 'x'"):
        GameMap(territories={"a": land}, powers=(power,), adjacent=(),
                canals=(Canal(id="c", name="C", sea_zones=("x", "y"), land=("a",)),), start={})


# --- units -------------------------------------------------------------------------------------

# cost, attack, defence, movement. The Dutch rulebook's own table (Appendix III, the reference
# card) is lost; what its text still says is noted per line, the rest is the reference's table.
UNIT_TABLE = {
    "infantry": (3, 1, 2, 1),     # Appendix II: infantry moves 1; Appendix I: defends and hits with a 1
    "armour": (5, 3, 2, 2),       # Appendix II: moves "1 of 2" land spaces; ch. 3: defending, a 2 hits
    "fighter": (12, 3, 4, 4),     # Appendix II: range 4 spaces; Appendix I: attacking rolls of 5, 6 miss
    "bomber": (15, 4, 1, 6),      # Appendix II: range 6 spaces; Appendix I: an attacking 4 hits
    "submarine": (8, 2, 2, 2),    # Appendix I: a 3 hits only with Super Submarines (+1); ships move 2
    "transport": (8, 0, 1, 2),    # "Transportschepen kunnen niet aanvallen"; ships move 2
    "carrier": (18, 1, 3, 2),     # ships move 2
    "battleship": (24, 4, 4, 2),  # ships move 2
    "aa_gun": (5, 0, 0, 1),       # never attacks, never fights a battle round; fires at aircraft on a 1
    "factory": (15, 0, 0, 0),
}


def test_unit_table() -> None:
    assert list(UNITS) == list(UNIT_TABLE)
    for uid, figures in UNIT_TABLE.items():
        u = UNITS[uid]
        assert (u.cost, u.attack, u.defence, u.movement) == figures, uid


def test_unit_domains_and_capacities() -> None:
    assert {u.id: u.domain for u in UNITS.values()} == {
        "infantry": "land", "armour": "land", "fighter": "air", "bomber": "air", "submarine": "sea",
        "transport": "sea", "carrier": "sea", "battleship": "sea", "aa_gun": "land",
        "factory": "building"}
    # A transport carries one tank, or one AA gun, or two infantry
    assert {u.id: u.transport_cost for u in UNITS.values() if u.transport_cost} == {
        "infantry": 1, "armour": 2, "aa_gun": 2}
    assert {u.id: u.transport_capacity for u in UNITS.values() if u.transport_capacity} == {"transport": 2}
    # A carrier holds two fighters; bombers cannot land on carriers
    assert {u.id: u.carrier_capacity for u in UNITS.values() if u.carrier_capacity} == {"carrier": 2}
    assert {u.id: u.carrier_cost for u in UNITS.values() if u.carrier_cost} == {"fighter": 1}


@pytest.mark.parametrize(("word", "expected"), [
    ("inf", "infantry"), ("arm", "armour"), ("tank", "armour"), ("Tanks", "armour"), ("armor", "armour"),
    ("ftr", "fighter"), ("fig", "fighter"), ("bmr", "bomber"), ("bom", "bomber"), ("sub", "submarine"),
    ("trn", "transport"), ("tran", "transport"), ("cv", "carrier"), ("car", "carrier"),
    ("bb", "battleship"), ("bs", "battleship"), ("aa", "aa_gun"), ("AA gun", "aa_gun"), ("ic", "factory"),
    ("factory", "factory"), ("Aircraft Carrier", "carrier"), ("aa_gun", "aa_gun"),
    # Dutch: the rulebook's own words, and common synonyms
    ("infanterie", "infantry"), ("pantser", "armour"), ("gevechtsvliegtuig", "fighter"),
    ("gevechtsvliegtuigen", "fighter"), ("jager", "fighter"), ("bommenwerper", "bomber"),
    ("bommenwerpers", "bomber"), ("onderzeeboot", "submarine"), ("onderzeeboten", "submarine"),
    ("onderzeeër", "submarine"), ("onderzeeer", "submarine"), ("duikboot", "submarine"),
    ("transportschip", "transport"), ("transportschepen", "transport"), ("vliegdekschip", "carrier"),
    ("slagschip", "battleship"), ("slagschepen", "battleship"), ("luchtdoelkanon", "aa_gun"),
    ("luchtafweer", "aa_gun"), ("industrieel complex", "factory"), ("fabriek", "factory"),
])
def test_unit_words(word: str, expected: str) -> None:
    assert unit(word).id == expected


def test_unknown_unit_suggests() -> None:
    with pytest.raises(UnknownUnit) as err:
        unit("bomer")
    assert err.value.near[0] == "Bomber"
    assert isinstance(err.value, LookupError)


# --- finding territories -----------------------------------------------------------------------


@pytest.mark.parametrize(("text", "expected"), [
    ("germany", "germany"),                                # id
    ("Karelia S.S.R.", "karelia_ssr"),                     # name
    ("karelia_ssr", "karelia_ssr"),
    ("Eastern United States", "eastern_united_states"),
    ("East US", "eastern_united_states"),                  # TripleA's name
    ("Anglo Sudan Egypt", "anglo_egyptian_sudan"),
    ("Columbia", "colombia"),
    ("East Mediteranean Sea Zone", "sz_east_mediterranean"),  # TripleA's misspelling
    ("Carribean Sea Zone", "sz_caribbean"),
    ("Caribbean", "sz_caribbean"),                         # the bare sea name
    ("North Sea", "sz_north_sea"),
    ("Kwantung", "kwangtung"),                             # the Dutch rulebook's spelling
    ("Libië", "libya"),
    ("alaska", "alaska"),                                  # exact beats a longer name it starts
    ("Alaska Sea", "sz_alaska"),                           # prefix
    ("Kaz", "kazakh_ssr"),
    ("west us sea", "sz_west_us"),
])
def test_find_territory(text: str, expected: str) -> None:
    assert find_territory(text).id == expected


def test_every_name_alias_and_id_finds_its_territory() -> None:
    for t in TERRITORIES.values():
        for word in (t.id, t.name, *t.aliases):
            assert find_territory(word) is t, word


def test_ambiguous_prefix_lists_candidates() -> None:
    with pytest.raises(AmbiguousTerritory) as err:
        find_territory("Karelia S")
    assert err.value.candidates == ["Karelia S.S.R.", "Karelia Sea Zone"]
    with pytest.raises(AmbiguousTerritory) as err:
        find_territory("french")
    assert err.value.candidates == ["French Equatorial Africa", "French Indo-China",
                                    "French Indo-China Sea Zone", "French West Africa"]
    assert isinstance(err.value, LookupError)


def test_typo_gives_near_names() -> None:
    with pytest.raises(UnknownTerritory) as err:
        find_territory("Manchurai")
    assert err.value.near[0] == "Manchuria"
    assert len(err.value.near) <= 5
    with pytest.raises(UnknownTerritory) as err:
        find_territory("")
    assert isinstance(err.value, LookupError)
    with pytest.raises(UnknownTerritory) as err:
        find_territory("Xyzzy")
    assert err.value.near == []
