"""A reply says what a move of Militakiri did: captures and what they left (sections
6-13), promotions and where the tower goes (sections 7, 12), towers left (section 27), the
endgame rule (section 21), why the same seat acts again (section 7: placing "telt niet als een
volledige beurt"), the setup (sections 3-4) and a pass (decision 17). Also: typographic dashes
are read as ``-``."""

from __future__ import annotations

import pytest

from engines.core.contract import NarratingGame
from engines.militakiri import MilitakiriOptions

from ..narration import codes, narrate, said, worded
from .conftest import SINGLE_SETUP, make_state, play

SLUG = "militakiri"
BLUE = "f12:ts e12:tp"
FULL_ZONE = "a1:TS b1:S c1:S d1:S e1:S f1:S a2:X b2:X c2:X d2:X e2:X f2:X a3:X b3:X c3:X d3:X e3:X f3:X"




def test_the_engine_narrates(engine):
    assert isinstance(engine, NarratingGame)


def test_a_plain_move_says_nothing(engine):
    assert narrate(engine, make_state(f"a1:TS c5:P {BLUE}"), "c5-c6") == ()


# --- sections 3-4: the setup --------------------------------------------------------------


def test_setup_the_first_choice_is_said_but_not_what(engine):
    """Decision 7: a setup is secret until both chose; the channel hears only that a seat chose,
    the same words whatever it chose."""
    state = engine.setup(2, MilitakiriOptions())
    for text in ("towers a1 c2 e3", "towers b1 d2 f3", "setup random"):
        move = engine.parse_move(text, state, 0)
        lines = engine.describe_move(state, 0, move, engine.apply(state, 0, move))
        assert lines == (("militakiri.setup_chosen", {"seat": 0}),), text
    assert said(SLUG, lines) == "alice has chosen a setup; it stays secret until both have."


def test_setup_both_chosen_the_towers_stand_on_the_board(engine):
    """Sections 3-4: once both chose, both setups are on the board for everyone."""
    state = engine.setup(2, MilitakiriOptions())
    state = engine.apply(state, 0, engine.parse_move(SINGLE_SETUP[0], state, 0))
    move = engine.parse_move(SINGLE_SETUP[1], state, 1)
    lines = engine.describe_move(state, 1, move, engine.apply(state, 1, move))
    assert lines == (("militakiri.setups_revealed", {}),)
    assert said(SLUG, lines, "nl") == "Beide opstellingen staan nu op het bord."


# --- sections 6-13: captures --------------------------------------------------------------


def test_section6_a_pawn_takes_a_tower_which_leaves_the_board(engine):
    """Section 6: "Als een toren door een pion of rang wordt genomen zal deze van het bord worden
    verwijderd"; section 27: the towers the loser has left are said."""
    lines = narrate(engine, make_state(f"a1:TS c5:X c6:tp {BLUE}"), "c5xc6")
    assert lines == (
        ("militakiri.capture_removes", {"kind": "cross_pawn", "loser": 1, "unit": "plus_tower", "square": "c6"}),
        ("militakiri.towers_left", {"seat": 1, "count": 2}),
    )
    assert worded(SLUG, lines) == [
        "The cross pawn takes bob's plus tower on c6: it leaves the board.",
        "bob has 2 towers left on the board.",
    ]
    assert worded(SLUG, lines, "nl") == [
        "De kruis pion neemt de plus toren van bob op c6: die gaat van het bord.",
        "bob heeft nog 2 torens op het bord.",
    ]


def test_section6_a_tower_takes_a_rank_which_leaves_the_board(engine):
    """Section 6: "Als een toren een pion of rang neemt, zal de genomen pion of rang worden
    verwijderd van het bord"."""
    lines = narrate(engine, make_state(f"a1:TS c3:P a5:Xp {BLUE}"), "a1xa5")
    assert lines == (
        ("militakiri.capture_removes", {"kind": "star_tower", "loser": 1, "unit": "plus_rank2", "square": "a5"}),
    )
    assert said(SLUG, lines) == "The star tower takes bob's plus rank 2 on a5: it leaves the board."


def test_section9_a_pawn_takes_a_higher_rank_whole(engine):
    """Section 9: "Als een pion een rang 2 ... neemt, wordt deze rang geheel van het bord verwijderd"."""
    lines = narrate(engine, make_state(f"a1:TS c5:P d6:Sx {BLUE}"), "c5xd6")
    assert lines == (
        ("militakiri.capture_removes", {"kind": "plus_pawn", "loser": 1, "unit": "cross_rank2", "square": "d6"}),
    )


def test_section8_taking_a_pawn_goes_on_top(engine):
    """Section 8: "de veroverde pion wordt niet van het bord genomen maar ga je er bovenop staan"
    (1 -> 1 = 2)."""
    lines = narrate(engine, make_state(f"a1:TS c5:X c6:p {BLUE}"), "c5xc6")
    assert lines == (
        ("militakiri.capture_stacks", {"kind": "cross_pawn", "loser": 1, "unit": "plus_pawn", "square": "c6", "height": 2}),
    )
    assert said(SLUG, lines) == "The cross pawn takes bob's plus pawn on c6 and goes on top: rank 2."
    assert said(SLUG, lines, "nl") == "De kruis pion neemt de plus pion van bob op c6 en gaat erbovenop staan: rang 2."


def test_section18_star_3_takes_3_without_reserve(engine):
    """Section 18, 3 -> 3 = 4: "de rang 4 blijft op het bord staan; de onderste 2 pionnen van de
    aangevallen rang 3 moeten van het bord worden verwijderd"."""
    state = make_state(f"a1:TP c5:XPS c6:PXs {BLUE}", reserves=((2, 2, 0), (2, 2, 1)))
    lines = narrate(engine, state, "c5xc6")
    assert codes(SLUG, lines) == ["capture_stacks", "bottom_pawns_removed", "no_reserve"]
    assert lines[0][1]["height"] == 4
    assert worded(SLUG, lines[1:]) == [
        "The 2 bottom pawns leave the board: a rank of this shape is at most 4 high.",
        "No reserve star tower left: the rank stays on the board at rank 4.",
    ]


def test_section16_cross_3_takes_a_pawn_without_reserve(engine):
    """Section 16, 3 -> 1 = 3: "de aangevallen pion/rang 1 moet van het bord worden verwijderd";
    the rank was at its maximum already, so no new "stays" line."""
    state = make_state(f"a1:TS c5:PPX c6:p {BLUE}", reserves=((2, 0, 1), (2, 2, 1)))
    lines = narrate(engine, state, "c5xc6")
    assert codes(SLUG, lines) == ["capture_stacks", "bottom_pawn_removed"]
    assert said(SLUG, lines[1:]) == "The bottom pawn leaves the board: a rank of this shape is at most 3 high."


# --- sections 7, 12: promotion ------------------------------------------------------------


def test_section7_promotion_and_the_tower_placed_now(engine):
    """the example (a promotion, and why the same seat acts again). Section 12: a rank 2
    that takes a pawn becomes rank 3 and "wordt onmiddellijk vervangen door een reserve toren",
    which the mover places in the setup zone; then the turn passes."""
    state = make_state(f"c5:sP d6:x f1:TS a5:S {BLUE}")
    lines = narrate(engine, state, "c5xd6")
    assert lines == (
        ("militakiri.capture_stacks", {"kind": "plus_rank2", "loser": 1, "unit": "cross_pawn", "square": "d6", "height": 3}),
        ("militakiri.promoted", {"height": 3, "unit": "plus_tower"}),
        ("militakiri.place_now", {"seat": 0}),
    )
    assert worded(SLUG, lines) == [
        "The plus rank 2 takes bob's cross pawn on d6 and goes on top: rank 3.",
        "Rank 3 is exchanged for a reserve plus tower; the rank leaves the board.",
        "alice places the tower now on a free square of their setup zone (T@square); then the turn passes.",
    ]
    assert worded(SLUG, lines, "nl")[1] == "Rang 3 wordt ingeruild voor een reserve plus toren; de rang gaat van het bord."
    # the placement that follows passes the turn: nothing more to say
    after = play(engine, state, "c5xd6")
    assert narrate(engine, after, "T@c2") == ()


def test_section7_full_zone_the_tower_waits_then_comes_first(engine):
    """"Als er geen vrije plaats is ... moet je wachten ... Wanneer het terug jouw beurt is en er
    een vrij veld ... is, moet de speler eerst zijn reserve toren zetten (... telt niet als een
    volledige beurt ...)": each step is said."""
    state = make_state(f"{FULL_ZONE} c5:sP d6:x {BLUE}")
    lines = narrate(engine, state, "c5xd6")
    assert codes(SLUG, lines) == ["capture_stacks", "promoted", "tower_waits"]
    assert said(SLUG, lines[2:]) == (
        "No square of alice's setup zone is free for the tower: it waits and is placed first in a later turn."
    )
    state = play(engine, state, "c5xd6", "e12-e11")
    assert narrate(engine, state, "a3-b4") == (), "a square freed by the own move counts from the next turn"
    state = play(engine, state, "a3-b4")
    lines = narrate(engine, state, "e11-e10")
    assert lines == (("militakiri.place_first", {"seat": 0, "unit": "plus_tower"}),)
    assert said(SLUG, lines) == (
        "alice first places the waiting reserve plus tower on a free square of their setup zone, then moves."
    )
    state = play(engine, state, "e11-e10")
    lines = narrate(engine, state, "T@a3")
    assert lines == (("militakiri.placed_still_moves", {"seat": 0}),)
    assert said(SLUG, lines) == "Placing a waiting tower is not a whole turn: alice still moves."
    assert said(SLUG, lines, "nl") == "Het plaatsen van een wachtende toren is geen volledige beurt: alice zet nog."


def test_section7_several_waiting_towers_one_after_the_other(engine):
    """Decision 15: waiting towers are placed oldest first; after the first the next is due."""
    state = make_state(f"f1:TS c5:P {BLUE}", pending=("xp", ""), reserves=((1, 1, 1), (2, 2, 1)))
    assert narrate(engine, state, "T@a1") == (("militakiri.place_first", {"seat": 0, "unit": "plus_tower"}),)
    state = play(engine, state, "T@a1")
    assert narrate(engine, state, "T@b1") == (("militakiri.placed_still_moves", {"seat": 0}),)


def test_section12_no_reserve_the_rank_stays(engine):
    """Section 12: "Alleen als er geen reserve toren van deze vorm beschikbaar is, kun je niet meer
    promoveren ... verhoogt de rang 2 naar rang 3 (zonder te worden vervangen)"."""
    state = make_state(f"c5:sP d6:x f1:TS {BLUE}", reserves=((0, 2, 1), (2, 2, 1)))
    lines = narrate(engine, state, "c5xd6")
    assert codes(SLUG, lines) == ["capture_stacks", "no_reserve"]
    assert lines[1] == ("militakiri.no_reserve", {"unit": "plus_tower", "height": 3})
    assert said(SLUG, lines[1:], "nl") == "Geen reserve plus toren meer: de rang blijft als rang 3 op het bord."


# --- sections 21, 27: the endgame rule and the end ----------------------------------------


def test_section21_the_endgame_rule_starts(engine):
    """Section 21: the rule starts "op het moment dat er bij 1 speler ... slechts 1 toren van die
    speler als enige nog aanwezig is op het bord"."""
    state = make_state("a1:TS b1:TX c5:X c6:p f12:ts a9:P")
    lines = narrate(engine, state, "c5xc6")
    assert lines[-1] == ("militakiri.endgame_rule_seat", {"seat": 1, "limit": 50})
    assert said(SLUG, lines[-1:]) == (
        "Endgame rule: bob has only one tower left. From now on everything moves and takes 1 square, "
        "and each player has 50 moves."
    )


def test_section7_a_promotion_placed_at_once_does_not_start_the_endgame_rule(engine):
    """Section 7: the rank is "onmiddellijk vervangen" by the reserve tower, so a mover whose last
    rank is promoted and whose tower goes on the board this turn is never lone: the reply names
    the promotion and the placement, and no endgame rule."""
    state = make_state(f"c5:sP d6:x f1:TS {BLUE} a12:p")
    lines = narrate(engine, state, "c5xd6")
    assert codes(SLUG, lines) == ["capture_stacks", "promoted", "place_now"]


def test_section27_the_last_tower_taken_is_left_to_the_result(engine):
    """Section 27: taking the last tower wins; the result line says that, the narration only the capture."""
    state = make_state("a1:TP e12:X f12:ts", endgame=(10, 10))
    lines = narrate(engine, state, "e12xf12")
    assert codes(SLUG, lines) == ["capture_removes"]


def test_decision17_pass_says_why(engine):
    """Decision 17: a pass is only legal without a move."""
    # red's plus tower and plus pawn are walled in by blue pawns, their diagonals are empty
    state = make_state("a1:TP f1:P a2:x b1:x e1:x f2:x f12:ts")
    assert [engine.format_move(m, state) for m in engine.legal_moves(state, 0)] == ["pass"]
    lines = narrate(engine, state, "pass")
    assert lines == (("militakiri.passed", {"seat": 0}),)
    assert said(SLUG, lines) == "alice has no legal move and passes."


DASHES = ["c5\u2013c6", "c5\u2014c6", "c5\u2212c6", "c5\u2010c6", "c5 \u2011 c6", "C5\u2013C6"]


@pytest.mark.parametrize("text", DASHES)
def test_typographic_dashes_read_as_hyphen(engine, text):
    """"Typographic dashes (e5–e6, e5—e6) are accepted as - in every game"."""
    state = make_state(f"a1:TS c5:P {BLUE}")
    assert engine.parse_move(text, state, 0) == engine.parse_move("c5-c6", state, 0)
