"""A reply says what a move of Helden & Steden did: the rulebook's "Gevolgen van een
beurt" -- "1. De beurt eindigt in een stad" (hero, conquest), "2. Ingesloten speelfiguren"
(captures, also of the mover's own pieces), the "Uitzondering" (alternative turn) -- and a pass.
Also: typographic dashes are read as ``-``."""

from __future__ import annotations

import pytest

from engines.core.contract import NarratingGame
from engines.heroes_cities import HeroesCitiesOptions
from tests.engines.narration import narrate, said, worded

SLUG = "heroes_cities"
RED_FILLER = "A:a1,c1,e1"
BLUE_FILLER = "a:a10,c10,e10"


def test_the_engine_narrates(engine):
    assert isinstance(engine, NarratingGame)


def test_a_plain_move_says_nothing(engine, make):
    state = make(f"A:c5 {RED_FILLER} {BLUE_FILLER}")
    assert narrate(engine, state, "c5-c6") == ()


def test_ingesloten_capture_named_with_owner_and_square(engine, make):
    """the example: "bob played f7-f6" captured a piece on e6 by enclosure (Gevolgen 2:
    "ingesloten door twee speelstukken van de tegenstander ... worden deze geslagen")."""
    state = make(f"A:e6 a:d6,f7 {RED_FILLER} {BLUE_FILLER}", to_move=1)
    lines = narrate(engine, state, "f7-f6")
    assert lines == (("heroes_cities.captured_attacker", {"seat": 0, "squares": ["e6"]}),)
    assert worded(SLUG, lines) == ["Enclosed and captured: alice's attacker on e6."]
    assert worded(SLUG, lines, "nl") == ["Ingesloten en geslagen: de aanvaller van alice op e6."]


def test_ingesloten_several_pieces_one_line(engine, make):
    """Gevolgen 2: "een of meer speelstukken" in a row are taken at once: one line names them all."""
    state = make(f"A:c5,g3 a:d5,e5 {RED_FILLER} {BLUE_FILLER}")
    lines = narrate(engine, state, "g3-f5")
    assert lines == (("heroes_cities.captured_attackers", {"seat": 1, "squares": ["d5", "e5"]}),)
    assert said(SLUG, lines) == "Enclosed and captured: bob's attackers on d5, e5."
    assert said(SLUG, lines, "nl") == "Ingesloten en geslagen: de aanvallers van bob op d5, e5."


def test_ingesloten_a_hero_is_named_a_hero(engine, make):
    """Gevolgen 2 takes heroes like attackers; the reply says which kind was lost."""
    state = make(f"H:h8 h:h7 A:i5 {RED_FILLER} {BLUE_FILLER}")
    lines = narrate(engine, state, "i5-h6")
    assert lines == (("heroes_cities.captured_hero", {"seat": 1, "squares": ["h7"]}),)
    assert said(SLUG, lines) == "Enclosed and captured: bob's hero on h7."
    assert said(SLUG, lines, "nl") == "Ingesloten en geslagen: de held van bob op h7."


def test_ingesloten_the_movers_own_piece(engine, make):
    """Gevolgen 2: "Dit geldt zowel voor speelstukken van de speler zelf als voor die van de
    tegenstander": a piece that steps between two enemies is captured, and the reply says whose."""
    state = make(f"A:e3 a:d5,f5 {RED_FILLER} {BLUE_FILLER}")
    lines = narrate(engine, state, "e3-e5")
    assert lines == (("heroes_cities.captured_attacker", {"seat": 0, "squares": ["e5"]}),)
    assert said(SLUG, lines) == "Enclosed and captured: alice's attacker on e5."


def test_ingesloten_both_colours_opponent_first(engine, make):
    """Gevolgen 2: "Als in een rij speelstukken van beide spelers ingesloten zijn, dan worden alle
    speelstukken geslagen" (default reading: the enclosed blocks, decision 6): the opponent's
    losses are said first, then the mover's own."""
    state = make(f"A:c5,e3 a:d5,f5 {RED_FILLER} {BLUE_FILLER}")  # e5 completes A a A a
    lines = narrate(engine, state, "e3-e5")
    assert lines == (
        ("heroes_cities.captured_attacker", {"seat": 1, "squares": ["d5"]}),
        ("heroes_cities.captured_attacker", {"seat": 0, "squares": ["e5"]}),
    )


def test_whole_run_option_names_every_piece_taken(engine, make):
    """Option ``mixed_lines=whole_run`` (decision 6) takes the whole run: every piece is named."""
    state = make(f"A:c5,e3 a:d5,f5 {RED_FILLER} {BLUE_FILLER}", options=HeroesCitiesOptions(mixed_lines="whole_run"))
    lines = narrate(engine, state, "e3-e5")
    assert lines == (
        ("heroes_cities.captured_attackers", {"seat": 1, "squares": ["d5", "f5"]}),
        ("heroes_cities.captured_attackers", {"seat": 0, "squares": ["c5", "e5"]}),
    )


def test_stad_eigen_stad_wordt_held(engine, make):
    """Gevolgen 1: "Als een aanvaller in een stad van zichzelf eindigt, dan wordt hij een held"."""
    state = make(f"A:b2 {RED_FILLER} {BLUE_FILLER}")
    lines = narrate(engine, state, "b2-a3")
    assert lines == (("heroes_cities.became_hero", {"square": "a3"}),)
    assert said(SLUG, lines) == "The attacker on a3 ends in an own city and becomes a hero."
    assert said(SLUG, lines, "nl") == "De aanvaller op a3 eindigt in een eigen stad en wordt een held."


def test_stad_eigen_stad_lege_voorraad(engine, make):
    """Decision 5: with no hero in the reserve the attacker stays an attacker, and the reply says why."""
    state = make(f"A:b2 {RED_FILLER} {BLUE_FILLER}", reserve=(0, 8))
    lines = narrate(engine, state, "b2-a3")
    assert lines == (("heroes_cities.no_hero_left", {"square": "a3"}),)
    assert "no hero left in the reserve" in said(SLUG, lines)


def test_stad_verovert_stad_van_tegenstander(engine, make):
    """Gevolgen 1: "Als een aanvaller in een stad van de tegenstander eindigt, dan wordt deze stad
    veroverd"; Opmerking: "dan wordt de aanvaller geen held"."""
    state = make(f"A:b6 {RED_FILLER} {BLUE_FILLER}")
    lines = narrate(engine, state, "b6-a8")
    assert lines == (("heroes_cities.city_conquered", {"seat": 0, "square": "a8"}),)
    assert said(SLUG, lines) == "alice conquers the city on a8; the attacker does not become a hero."
    assert said(SLUG, lines, "nl") == "alice verovert de stad op a8; de aanvaller wordt geen held."


def test_stad_held_in_stad_zegt_niets(engine, make):
    """Decision 5: a hero ending on a city (own or not) causes nothing, so nothing is said."""
    state = make(f"H:b2,b6 {RED_FILLER} {BLUE_FILLER}")
    assert narrate(engine, state, "b2-a3") == ()
    assert narrate(engine, state, "b6-a8") == ()


def test_stad_held_dan_ingesloten_in_volgorde(engine, make):
    """"Deze gevolgen worden in onderstaande volgorde na elkaar afgehandeld": the attacker first
    becomes a hero in its city (1), then that hero is enclosed (2) -- said in that order."""
    state = make(f"A:b3,e1,g1,i1 a:a2,a4 {BLUE_FILLER}")
    lines = narrate(engine, state, "b3-a3")
    assert lines == (
        ("heroes_cities.became_hero", {"square": "a3"}),
        ("heroes_cities.captured_hero", {"seat": 0, "squares": ["a3"]}),
    )


def test_uitzondering_held_in_plaats_van_verplaatsen(engine, make):
    """"Uitzondering: Aanvaller in een stad van zichzelf": the attacker is replaced by a hero
    instead of a move (``e4=H``, decision 7)."""
    state = make(f"A:a8 {RED_FILLER} {BLUE_FILLER}", cities={"a8": 0})
    lines = narrate(engine, state, "a8=H")
    assert lines == (("heroes_cities.hero_instead", {"square": "a8"}),)
    assert said(SLUG, lines) == "Instead of moving, the attacker on a8 becomes a hero."


def test_pass_says_why(engine, make):
    """Decision 9: a pass is only legal without a move, and the reply says so. Red's three
    attackers stand in corners walled in by blue pieces."""
    state = make("A:a1,j1,a10 a:a2,b1,b2,i1,i2,j2,a9,b9 h:b10")
    assert [engine.format_move(m, state) for m in engine.legal_moves(state, 0)] == ["pass"]
    lines = narrate(engine, state, "pass")
    assert lines == (("heroes_cities.passed", {"seat": 0}),)
    assert worded(SLUG, lines) == ["alice has no move and passes."]
    assert worded(SLUG, lines, "nl") == ["alice kan niet verplaatsen en past."]


DASHES = ["c2\u2013d4", "c2\u2014d4", "c2\u2212d4", "c2\u2010d4", "c2\u2011d4", "c2 \u2013 c3 \u2013 d4", "C2\u2014C3\u2014D4"]


@pytest.mark.parametrize("text", DASHES)
def test_typographic_dashes_read_as_hyphen(engine, make, text):
    """"Typographic dashes (e5–e6, e5—e6) are accepted as - in every game"."""
    state = make(f"A:c2 {RED_FILLER} {BLUE_FILLER}")
    assert engine.parse_move(text, state, 0) == engine.parse_move("c2-d4", state, 0)
