"""Section 7 (and the placement clauses of section 20): ranks exchanged for reserve towers,
placed on a free square of the own setup zone; with none free the tower waits and is placed
first on a later turn, which is not a whole turn."""

from __future__ import annotations

import pytest

from engines.core.errors import IllegalMoveError

from .conftest import cell, make_state, play, texts

BLUE = "f12:ts e12:tp"
# Red's setup zone (ranks 1-3) completely full: towers and pawns.
FULL_ZONE = "a1:TS b1:S c1:S d1:S e1:S f1:S a2:X b2:X c2:X d2:X e2:X f2:X a3:X b3:X c3:X d3:X e3:X f3:X"


def test_section7_promotion_places_the_tower_at_once(engine):
    """A rank reaching 3 (plus/cross) with a reserve tower of that shape: the rank leaves the
    board, the reserve tower is placed on a free square of the mover's setup zone, then the
    turn passes."""
    state = make_state(f"c5:sP d6:x f1:TS {BLUE}")
    after = play(engine, state, "c5xd6")
    assert cell(after, "d6") == "" and cell(after, "c5") == ""
    assert after.reserves[0] == (1, 2, 1) and after.pending == ("p", "")
    assert engine.to_act(after) == frozenset({0})
    zone_free = {f"T@{f}{r}" for f in "abcdef" for r in (1, 2, 3)} - {"T@f1"}
    assert texts(engine, after) == zone_free
    view = engine.view(after, None)
    assert view.placing and set(view.placement_squares) == {t[2:] for t in zone_free}
    assert view.last_move.promotion == "plus"
    with pytest.raises(IllegalMoveError) as err:
        engine.parse_move("f1-f2", after, 0)
    assert err.value.code == "militakiri.must_place"
    with pytest.raises(IllegalMoveError) as err:
        engine.parse_move("T@a4", after, 0)
    assert err.value.code == "militakiri.placement_outside_zone"
    with pytest.raises(IllegalMoveError) as err:
        engine.parse_move("T@f1", after, 0)
    assert err.value.code == "militakiri.placement_occupied"
    placed = play(engine, after, "T@c2")
    assert cell(placed, "c2") == "TP" and placed.pending == ("", "")
    assert placed.to_move == 1 and placed.turn == state.turn + 1, "the placement is not a move"
    assert placed.last_move.text == "c5xd6 T@c2" and placed.last_move.placement == "c2"


def test_section7_full_zone_the_tower_waits_then_comes_first(engine):
    """"Als er geen vrije plaats is ... moet je wachten tot er een vrij veld is. De beurt gaat
    naar de andere speler. Wanneer het terug jouw beurt is en er een vrij veld ... is, moet de
    speler eerst zijn reserve toren zetten (... telt niet als een volledige beurt ...)"."""
    state = make_state(f"{FULL_ZONE} c5:sP d6:x {BLUE}")
    after = play(engine, state, "c5xd6")
    assert after.pending == ("p", "") and after.reserves[0] == (1, 2, 1)
    assert after.to_move == 1, "no free square: the turn passes, the tower waits"
    assert engine.view(after, 1).pending == (("plus",), ())
    after = play(engine, after, "e12-e11")
    assert not any(t.startswith("T@") for t in texts(engine, after)), "still no free square"
    after = play(engine, after, "a3-b4")  # frees a3; the waiting tower waits for the next turn
    assert after.to_move == 1 and after.pending == ("p", "")
    after = play(engine, after, "e11-e10")
    assert texts(engine, after) == {"T@a3"}
    with pytest.raises(IllegalMoveError) as err:
        engine.parse_move("b3-c4", after, 0)
    assert err.value.code == "militakiri.must_place"
    placed = play(engine, after, "T@a3")
    assert cell(placed, "a3") == "TP" and placed.to_move == 0, "placing is not a whole turn"
    assert placed.pending == ("", "")
    moved = play(engine, placed, "b3-c4")
    assert moved.to_move == 1
    assert moved.last_move.text == "T@a3 b3-c4" and moved.last_move.placement == "a3"


def test_section7_the_opponent_may_take_the_free_square_first(engine):
    """The whole board, setup zones included, is playing field (section 3): if the opponent
    occupies the freed square, the tower keeps waiting."""
    state = make_state(f"{FULL_ZONE} c5:sP d6:x a9:tp {BLUE}")
    after = play(engine, state, "c5xd6", "e12-e11", "a3-b4", "a9-a3")
    assert cell(after, "a3") == "tp"
    assert after.to_move == 0 and after.pending == ("p", "")
    assert not any(t.startswith("T@") for t in texts(engine, after))


def test_waiting_towers_are_placed_oldest_first(engine):
    state = make_state(f"f1:TS c5:P {BLUE}", pending=("xp", ""), reserves=((1, 1, 1), (2, 2, 1)))
    after = play(engine, state, "T@a1")
    assert cell(after, "a1") == "TX" and after.pending == ("p", "") and after.to_move == 0
    after = play(engine, after, "T@b1")
    assert cell(after, "b1") == "TP" and after.to_move == 0
    after = play(engine, after, "c5-c6")
    assert after.to_move == 1


def test_the_tower_earned_now_is_placed_now_older_ones_wait(engine):
    """A move that frees a zone square and earns a tower: the new tower goes there at once (it
    must be placed "onmiddellijk"); an older waiting one waits for the start of a turn."""
    zone = FULL_ZONE.replace("c3:X", "c3:sX")
    state = make_state(f"{zone} c4:p {BLUE}", pending=("p", ""), reserves=((1, 2, 1), (2, 2, 1)))
    after = play(engine, state, "c3xc4")
    assert after.to_move == 0 and after.pending == ("px", "")
    assert texts(engine, after) == {"T@c3"}
    placed = play(engine, after, "T@c3")
    assert cell(placed, "c3") == "TX" and placed.pending == ("p", "") and placed.to_move == 1


def test_nothing_to_place(engine):
    state = make_state(f"f1:TS c5:P {BLUE}")
    with pytest.raises(IllegalMoveError) as err:
        engine.parse_move("T@a1", state, 0)
    assert err.value.code == "militakiri.nothing_to_place"


def test_section7_without_reserve_no_exchange(engine):
    """"Alleen als er geen reserve toren van deze vorm beschikbaar is, kun je niet meer
    promoveren": other shapes' reserves do not help."""
    state = make_state(f"c5:sP d6:x f1:TS {BLUE}", reserves=((0, 2, 1), (2, 2, 1)))
    after = play(engine, state, "c5xd6")
    assert cell(after, "d6") == "xsP" and after.pending == ("", "") and after.reserves[0] == (0, 2, 1)


def test_section2_towers_never_on_pawns_placement(engine):
    """Section 20: "Geen enkele toren mag bovenop een pion of een rang staan"."""
    state = make_state(f"{FULL_ZONE} {BLUE}", pending=("p", ""), reserves=((1, 2, 1), (2, 2, 1)))
    assert "T@b1" not in texts(engine, state)
    with pytest.raises(IllegalMoveError) as err:
        engine.parse_move("T@b1", state, 0)
    assert err.value.code == "militakiri.placement_occupied"


def test_blue_places_in_its_own_zone(engine):
    """Blue's setup zone is ranks 10-12: a blue star rank 3 taking a pawn becomes rank 4 and is
    exchanged for blue's reserve star tower."""
    state = make_state("f1:TS c5:P f12:ts e8:P d7:pxs", to_move=1)
    after = play(engine, state, "d7xe8")
    assert cell(after, "e8") == "" and after.pending == ("", "s") and after.to_move == 1
    assert {t[2:] for t in texts(engine, after)} == {f"{f}{r}" for f in "abcdef" for r in (10, 11, 12)} - {"f12"}
    with pytest.raises(IllegalMoveError) as err:
        engine.parse_move("T@a1", after, 1)
    assert err.value.code == "militakiri.placement_outside_zone"
    placed = play(engine, after, "T@a10")
    assert cell(placed, "a10") == "ts" and placed.to_move == 0
