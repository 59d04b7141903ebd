"""Rulebook, "Gevolgen van een beurt": 1. "De beurt eindigt in een stad", 2. "Ingesloten
speelfiguren", and "Uitzondering: Aanvaller in een stad van zichzelf" (decisions 5, 6, 7)."""

from __future__ import annotations

import pytest

from engines.core.errors import IllegalMoveError
from engines.heroes_cities import HeroesCitiesOptions
from engines.heroes_cities import board as B
from engines.heroes_cities.moves import PromoteAction
from engines.heroes_cities.rules import legal_moves

# Pieces far away that keep both players above the end-of-game piece counts.
RED_FILLER = "A:a1,c1,e1"
BLUE_FILLER = "a:a10,c10,e10"
WHOLE_RUN = HeroesCitiesOptions(mixed_lines="whole_run")


def city_of(state, square: str) -> int:
    return state.cities[B.CITY_SLOT[B.index(square)]]


# --- 1. De beurt eindigt in een stad -------------------------------------------------


def test_stad_aanvaller_in_eigen_stad_wordt_held(make, move, on):
    """Gevolgen 1: "Als een aanvaller in een stad van zichzelf eindigt, dan wordt hij een held:
    de aanvaller wordt vervangen door een held en uit het spel genomen"."""
    state = make(f"A:b2 {RED_FILLER} {BLUE_FILLER}", quiet=7)
    after = move(state, "b2-a3")
    assert "a3" in on(after, "H") and "a3" not in on(after, "A")
    assert after.reserve == (7, 8)
    assert after.captured == ((0, 0), (0, 0))  # the attacker left the game, it was not captured
    assert after.quiet == 0  # a promotion resets the quiet-move counter
    assert city_of(after, "a3") == 0


def test_stad_eigen_stad_lege_voorraad_blijft_aanvaller(make, move, on):
    """Decision 5: with no hero left in the reserve the attacker stays an attacker (rulebook silent)."""
    state = make(f"A:b2 {RED_FILLER} {BLUE_FILLER}", reserve=(0, 8), quiet=7)
    after = move(state, "b2-a3")
    assert "a3" in on(after, "A")
    assert after.reserve == (0, 8) and after.quiet == 8


def test_stad_aanvaller_verovert_stad_van_tegenstander(make, move, on):
    """Gevolgen 1: "Als een aanvaller in een stad van de tegenstander eindigt, dan wordt deze stad
    veroverd: draai de stad om ... Plaats het speelstuk op de stad." Opmerking: "dan wordt de
    aanvaller geen held"."""
    state = make(f"A:b6 {RED_FILLER} {BLUE_FILLER}", quiet=7)
    after = move(state, "b6-a7-a8")
    assert city_of(after, "a8") == 0
    assert "a8" in on(after, "A")
    assert after.reserve == (8, 8)
    assert after.quiet == 8  # a conquest does not reset the counter (decision 10)


def test_stad_held_in_stad_doet_niets(make, move):
    """Decision 5: rule 1 speaks of attackers only; a hero ending on any city changes nothing."""
    state = make(f"H:c6 {RED_FILLER} {BLUE_FILLER}")
    after = move(state, "c6-d7")
    assert city_of(after, "d7") == 1 and after.reserve == (8, 8)
    after = move(make(f"H:c5 {RED_FILLER} {BLUE_FILLER}"), "c5-d4")
    assert after.board[B.index("d4")] == "H" and after.reserve == (8, 8)


def test_stad_blue_attacker_in_own_and_enemy_city(make, move, on):
    state = make(f"a:i8,c5 {RED_FILLER} A:f1", to_move=1)
    after = move(state, "i8-j8")
    assert "j8" in on(after, "h") and after.reserve == (8, 7)
    after = move(make(f"a:c5 {RED_FILLER} a:a10,c10", to_move=1), "c5-d4")
    assert city_of(after, "d4") == 1 and "d4" in on(after, "a")


def test_stad_voor_insluiten_volgorde(make, move):
    """Gevolgen: the effects come "in onderstaande volgorde": the attacker becomes a hero first,
    then enclosure takes it, so the piece lost is a hero."""
    state = make(f"A:b3,f1,h1,j1 a:a2,a4 {BLUE_FILLER}")
    after = move(state, "b3-a3")
    assert after.last_move.captured == ("a3",)
    assert after.reserve == (7, 8)
    assert after.captured == ((0, 1), (0, 0))
    assert after.board[B.index("a3")] == "."


def test_stad_beschermt_niet(make, move):
    """Decision 5: a piece on a city is enclosed like any other (blue heroes on d4, a city, and e4)."""
    after = move(make(f"A:c4,g4 {RED_FILLER} h:d4,e4 {BLUE_FILLER}"), "g4-f4")
    assert set(after.last_move.captured) == {"d4", "e4"}


# --- Uitzondering: Aanvaller in een stad van zichzelf --------------------------------


def test_uitzondering_aanvaller_in_eigen_stad_mag_held_worden(make, move, engine, on):
    """Uitzondering: "Heeft een speler aan het begin van zijn beurt een aanvaller in een stad van
    zichzelf, dan mag hij ervoor kiezen ... deze aanvaller te vervangen door een held"."""
    state = make(f"A:b6 {RED_FILLER} a:j10,h10,f10")
    state = move(state, "b6-a8", "f10-f9")  # conquest, then blue plays
    assert city_of(state, "a8") == 0 and "a8" in on(state, "A")
    promote = PromoteAction(frm="a8")
    assert promote in legal_moves(state, 0)
    assert engine.parse_move("a8=H", state, 0) == promote
    assert engine.parse_move("promote a8", state, 0) == promote
    quiet_before = state.quiet
    after = engine.apply(state, 0, promote)
    assert quiet_before > 0 and after.quiet == 0
    assert "a8" in on(after, "H") and after.reserve == (7, 8)
    assert after.to_move == 1 and after.turn == state.turn + 1
    assert after.last_move.text == "a8=H" and after.last_move.path == ("a8",)
    assert after.last_move.captured == ()


def test_uitzondering_ook_gewoon_zetten_mag(make, move):
    """Uitzondering: "mag ... ervoor kiezen": the attacker may move on instead."""
    state = make(f"A:a8 {RED_FILLER} {BLUE_FILLER}", cities={"a8": 0})
    moves = legal_moves(state, 0)
    assert any(m.kind == "move" and m.frm == "a8" for m in moves)
    assert any(m.kind == "promote" for m in moves)


@pytest.mark.parametrize(
    ("pieces", "reserve", "text", "code"),
    [
        (f"A:a8 {RED_FILLER} {BLUE_FILLER}", (0, 8), "a8=H", "heroes_cities.promotion_no_reserve"),
        (f"H:a8 {RED_FILLER} {BLUE_FILLER}", (8, 8), "a8=H", "heroes_cities.promotion_no_attacker"),
        (f"A:b8 {RED_FILLER} {BLUE_FILLER}", (8, 8), "b8=H", "heroes_cities.promotion_not_own_city"),
        (f"A:j8 {RED_FILLER} {BLUE_FILLER}", (8, 8), "j8=H", "heroes_cities.promotion_not_own_city"),
        (f"A:e5 {RED_FILLER} {BLUE_FILLER}", (8, 8), "a10=H", "heroes_cities.promotion_no_attacker"),
    ],
)
def test_uitzondering_alleen_aanvaller_in_eigen_stad_met_voorraad(make, engine, pieces, reserve, text, code):
    """Decision 7: an own attacker, on a city of the own colour, a hero left in the reserve."""
    state = make(pieces, cities={"a8": 0}, reserve=reserve)
    assert not any(m.kind == "promote" for m in legal_moves(state, 0))
    with pytest.raises(IllegalMoveError) as err:
        engine.parse_move(text, state, 0)
    assert err.value.code == code
    with pytest.raises(IllegalMoveError) as err:
        engine.apply(state, 0, PromoteAction(frm=text[:-2]))
    assert err.value.code == code


# --- 2. Ingesloten speelfiguren ---------------------------------------------------


@pytest.mark.parametrize(
    ("setup", "text", "taken"),
    [
        ("A:c5 a:d5,e5", "g5-f5", {"d5", "e5"}),  # horizontal
        ("A:e3 a:e4,e5", "e8-e6", {"e4", "e5"}),  # vertical
        ("A:c3 a:d4,e5", "g7-f6", {"d4", "e5"}),  # diagonal /
        ("A:c7 a:d6,e5", "g3-f4", {"d6", "e5"}),  # diagonal \
    ],
)
def test_ingesloten_in_alle_vier_richtingen(make, move, setup, text, taken):
    """Ingesloten: "in een horizontale, verticale of diagonale lijn, zonder lege velden, ingesloten
    door twee speelstukken van de tegenstander, worden deze geslagen"."""
    mover = text.split("-")[0]
    state = make(f"{setup} A:{mover} {RED_FILLER} {BLUE_FILLER}")
    after = move(state, text)
    assert set(after.last_move.captured) == taken
    for sq in taken:
        assert after.board[B.index(sq)] == "."
    assert after.captured == ((0, 0), (2, 0))
    assert after.quiet == 0


def test_ingesloten_voorbeeld_alle_3_in_een_rij(make, move):
    """Rulebook example "Alle 3 geslagen speelstukken liggen in een rij": R B B B R."""
    after = move(make(f"A:b6,g6 h:c6,d6 a:e6 {RED_FILLER} {BLUE_FILLER}"), "g6-f6")
    assert after.last_move.captured == ("c6", "d6", "e6")
    assert after.captured == ((0, 0), (1, 2))


def test_ingesloten_niet_met_lege_velden(make, move):
    """Ingesloten: "zonder lege velden": a gap, or an empty city, breaks the line."""
    after = move(make(f"A:c6,h6 a:d6,f6 {RED_FILLER} {BLUE_FILLER}"), "h6-g6")
    assert after.last_move.captured == ()
    # c4 red, d4 empty (red) city, e4 blue, red arrives on f4: e4 has red on one side only
    after = move(make(f"A:c4,h4 a:e4 {RED_FILLER} {BLUE_FILLER}"), "h4-f4")
    assert after.last_move.captured == ()


def test_ingesloten_bordrand_sluit_niet_in(make, move):
    """Decision 6: the board edge encloses nothing."""
    after = move(make(f"A:c5 a:a5 {RED_FILLER} {BLUE_FILLER}"), "c5-b5")
    assert after.last_move.captured == ()
    after = move(make(f"A:c8 a:a10,b9 {RED_FILLER} a:c10,e10"), "c8-c9")
    assert after.last_move.captured == ()


def test_ingesloten_eigen_stukken_ook(make, move):
    """Ingesloten: "Dit geldt zowel voor speelstukken van de speler zelf als voor die van de
    tegenstander": moving between two enemies is suicide."""
    state = make(f"A:e3 a:d5,f5 {RED_FILLER} {BLUE_FILLER}")
    after = move(state, "e3-e4-e5")
    assert after.last_move.captured == ("e5",)
    assert after.captured == ((1, 0), (0, 0))
    assert after.quiet == 0


def test_ingesloten_gelijktijdig(make, move):
    """Rulebook example "Speelstukken van beide spelers worden gelijktijdig geslagen": the mover on
    e5 is enclosed (d5, f5 blue) and at the same time encloses e6 (with e7): judged on one position,
    both go, although taking e5 first would have freed e6."""
    state = make(f"A:e3,e7 a:d5,f5,e6 {RED_FILLER} {BLUE_FILLER}")
    after = move(state, "e3-e4-e5")
    assert set(after.last_move.captured) == {"e5", "e6"}
    assert after.captured == ((1, 0), (1, 0))


def test_ingesloten_meerdere_rijen(make, move):
    """Rulebook example "In verschillende rijen worden gelijktijdig speelstukken geslagen"."""
    state = make(f"H:d4 A:h5,g7,e7,c7 a:f5,g5,e6,f6,d6 {RED_FILLER} {BLUE_FILLER}")
    after = move(state, "d4-e5")
    # the hero on e5 encloses f5+g5 (rank, with h5), e6 (file, with e7), f6 (diagonal, with g7)
    # and d6 (other diagonal, with c7)
    assert set(after.last_move.captured) == {"f5", "g5", "e6", "f6", "d6"}
    assert after.captured == ((0, 0), (5, 0))


def test_gemengde_rij_ingesloten(make, move):
    """Ingesloten: "Als in een rij speelstukken van beide spelers ingesloten zijn, dan worden alle
    speelstukken geslagen" under ``mixed_lines="enclosed"`` (default, decision 6): the enclosed
    ones of both colours. Worked example R B R B: the B on d5 and the R on e5 go."""
    state = make(f"A:c5,e3 a:d5,f5 {RED_FILLER} {BLUE_FILLER}")
    after = move(state, "e3-e4-e5")
    assert set(after.last_move.captured) == {"d5", "e5"}
    assert after.board[B.index("c5")] == "A" and after.board[B.index("f5")] == "a"


def test_gemengde_rij_hele_run(make, move):
    """Same line under ``mixed_lines="whole_run"``: all 4 pieces of the run go."""
    state = make(f"A:c5,e3 a:d5,f5 {RED_FILLER} {BLUE_FILLER}", options=WHOLE_RUN)
    after = move(state, "e3-e4-e5")
    assert set(after.last_move.captured) == {"c5", "d5", "e5", "f5"}
    assert after.captured == ((2, 0), (2, 0))


def test_gemengde_rij_langer_voorbeeld(make, move):
    """R B B R B R on rank 6 (b6..g6), made by the red hero arriving on e6:
    enclosed = the blue pair, the red on e6 and the blue f6; whole_run = all six."""
    pieces = f"A:b6,g6 H:e4 a:c6,d6,f6 {RED_FILLER} {BLUE_FILLER}"
    after = move(make(pieces), "e4-e5-e6")
    assert set(after.last_move.captured) == {"c6", "d6", "e6", "f6"}
    after = move(make(pieces, options=WHOLE_RUN), "e4-e5-e6")
    assert set(after.last_move.captured) == {"b6", "c6", "d6", "e6", "f6", "g6"}


def test_enkelkleurig_ingesloten_gelijk_in_beide_opties(make, move):
    """R B B R has enclosed pieces of one colour only: both options take just the B B."""
    for options in (HeroesCitiesOptions(), WHOLE_RUN):
        after = move(make(f"A:b6,g6 a:c6,d6 {RED_FILLER} {BLUE_FILLER}", options=options), "g6-e6")
        assert set(after.last_move.captured) == {"c6", "d6"}
