"""A reply says what an action of Masters Victory did -- AANVAL (R1, R2, R3), the
TRIPLE SWITCH, the masters left (DOEL), why the same seat acts again (BEWEGING: up to 3 pieces
per turn; decisions 8, 9) and the setup -- and never more than the channel may know: "Zolang
een pion op het spelbord staat blijft zijn rugnummer onzichtbaar voor de tegenspeler". Also:
typographic dashes are read as ``-``."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engines.core.contract import NarratingGame
from engines.core.record import resolve_chance
from engines.masters_victory import MastersVictory, MastersVictoryOptions
from engines.masters_victory import board as B
from engines.masters_victory.state import EMPTY

from ..narration import codes, narrate, said, worded
from .test_secrets import played

SLUG = "masters_victory"
ENGINE = MastersVictory()
OFF = "T2xF1xB.xA.xTmxS1x"




def test_the_engine_narrates(engine):
    assert isinstance(engine, NarratingGame)


# --- BEWEGING: why the same seat acts again ------------------------------------------------


def test_beweging_a_move_says_how_many_pieces_are_left(engine, make):
    """"Per beurt mag iedere speler maximaal 3 pionnen naar keuze verplaatsen": after a move the
    same seat acts again, and the reply says why."""
    lines = narrate(engine, make("T2:e5 S1:a1"), "e5-e8")
    assert lines == (("masters_victory.pieces_left", {"seat": 0, "count": 2}),)
    assert said(SLUG, lines) == "alice may move 2 more pieces this turn, or end it."
    assert said(SLUG, lines, "nl") == "alice mag deze beurt nog 2 pionnen verplaatsen, of de beurt beëindigen."


def test_beweging_the_third_piece_ends_the_turn(engine, make):
    """Decision 9: the turn ends by itself once the third piece moved and nothing else is possible."""
    lines = narrate(engine, make("T2:e5 S1:a1", used=2, moved=("a1",)), "e5-e8")
    assert lines == (("masters_victory.turn_over", {"seat": 0}),)
    assert said(SLUG, lines) == "alice has moved 3 pieces: the turn passes."


def test_beweging_after_the_third_piece_only_what_is_not_a_move(engine, make):
    """Decision 9: with fire still possible after the third piece the turn waits for ``end``."""
    lines = narrate(engine, make("T2:e5 A:c4 t1:e4 S1:a1", used=2, moved=("a1",)), "e5-e8")
    assert lines == (("masters_victory.only_free_actions", {"seat": 0}),)


def test_beweging_end_says_nothing_more(engine, make):
    assert narrate(engine, make("T2:e5 S1:a1", used=1, moved=("e5",)), "end") == ()


# --- AANVAL --------------------------------------------------------------------------------


def test_r1_the_attacker_loses_the_defender_stays_hidden(engine, make):
    """R1: "dan wordt de pion met het kleinste rugnummer van het bord verwijderd"; the removed
    attacker is public, the defender's number stays hidden -- and the reply says just that."""
    lines = narrate(engine, make("T2:e5 t3:e7 S1:c1"), "e5xe7")
    assert lines == (
        ("masters_victory.eliminated", {"rule": "R1", "seat": 0, "kind": "tank", "square": "e5", "number": "2"}),
        ("masters_victory.defender_stays", {"kind": "tank", "square": "e7"}),
        ("masters_victory.pieces_left", {"seat": 0, "count": 2}),
    )
    assert worded(SLUG, lines[:2]) == [
        "R1: alice's tank 2 on e5 is eliminated.",
        "The defending tank on e7 stays; its back-number stays hidden.",
    ]
    assert worded(SLUG, lines[:2], "nl") == [
        "R1: tank 2 van alice op e5 is uitgeschakeld.",
        "De verdedigende tank op e7 blijft staan; zijn rugnummer blijft geheim.",
    ]


def test_r1_the_defender_loses_and_the_attacker_may_go_on(engine, make):
    """R1 and "Na een aanval mogen de resterende verplaatsingen van de aanvallende pion worden
    opgebruikt" (decision 8): the reply names the removed defender and the squares left."""
    lines = narrate(engine, make("T2:e5 t1:e7 S1:a1"), "e5xe7")
    assert lines == (
        ("masters_victory.eliminated", {"rule": "R1", "seat": 1, "kind": "tank", "square": "e7", "number": "1"}),
        ("masters_victory.may_continue", {"square": "e7", "count": 6}),
        ("masters_victory.pieces_left", {"seat": 0, "count": 2}),
    )
    assert said(SLUG, lines[1:2]) == "The attacker on e7 may still go 6 squares, without attacking."


def test_r1_equal_numbers_both_and_a_master_lost(engine, make):
    """R1: "In geval van gelijke rugnummers worden beiden ... verwijderd"; "rugnummer 3 heeft
    dezelfde waarde als 3M"; DOEL: the masters a side has left are said when it loses one."""
    lines = narrate(engine, make("F3:e5 fm:e7 S1:a1"), "e5xe7")
    assert lines == (
        ("masters_victory.eliminated", {"rule": "R1", "seat": 1, "kind": "fighter", "square": "e7", "number": "3M"}),
        ("masters_victory.eliminated", {"rule": "R1", "seat": 0, "kind": "fighter", "square": "e5", "number": "3"}),
        ("masters_victory.masters_left", {"seat": 1, "count": 2}),
        ("masters_victory.pieces_left", {"seat": 0, "count": 2}),
    )
    assert said(SLUG, lines[2:3]) == "bob has 2 masters left."
    assert said(SLUG, lines[2:3], "nl") == "bob heeft nog 2 masterpionnen."


def test_r2_the_defender_is_removed(engine, make):
    """R2: "neemt de aanvaller de positie in van de verdediger en wordt steeds de verdediger van
    het bord verwijderd"; a bomber has no back-number."""
    lines = narrate(engine, make("F2:e5 b:e7 S1:a1"), "e5xe7")
    assert lines[0] == ("masters_victory.eliminated_unnumbered", {"rule": "R2", "seat": 1, "kind": "bomber", "square": "e7"})
    assert said(SLUG, lines[:1]) == "R2: bob's bomber on e7 is eliminated."
    assert said(SLUG, lines[:1], "nl") == "R2: bommenwerper van bob op e7 is uitgeschakeld."
    lines = narrate(engine, make("T2:e5 s1:e7 S1:a1"), "e5xe7")
    assert lines[0] == ("masters_victory.eliminated", {"rule": "R2", "seat": 1, "kind": "soldier", "square": "e7", "number": "1"})


def test_r3_fire_removes_and_is_not_a_move(engine, make):
    """R3: "alle pionnen welke zich in de schietzone van een vijandelijke artilleriepion bevinden
    ... worden van het bord verwijderd"; "Uitschakelen ... zonder de artilleriepion te verplaatsen
    geldt niet als beurt": still 3 pieces to move."""
    lines = narrate(engine, make("A:e6 t1:f5 t2:g6 b:h7 t3:d6 S1:a1"), "fire e6")
    assert codes(SLUG, lines) == ["eliminated", "eliminated", "eliminated_unnumbered", "pieces_left"]
    assert {params["rule"] for _, params in lines[:3]} == {"R3"}
    assert [params["square"] for _, params in lines[:3]] == ["f5", "g6", "h7"]  # not d6, behind it
    assert lines[-1] == ("masters_victory.pieces_left", {"seat": 0, "count": 3})


def test_r3_a_moving_artillery_sweeps(engine, make):
    """R3: "voor- na of tijdens de verplaatsing": a piece met on the way is named too."""
    lines = narrate(engine, make("A:e6 t1:h6 S1:a1"), "e6-g6")
    assert lines[0] == ("masters_victory.eliminated", {"rule": "R3", "seat": 1, "kind": "tank", "square": "h6", "number": "1"})


def test_triple_switch_names_the_soldier_that_left(engine, make):
    """TRIPLE SWITCH: the soldier leaves into the public tray (decision 13) and the pieces enter on
    their start places; "De wissel zelf geldt niet als beurt"."""
    lines = narrate(engine, make("S2:r5 t1:m1", off=(OFF, "")), "switch r5 f1 a")
    assert lines == (
        ("masters_victory.switched", {"seat": 0, "number": "2", "count": 2}),
        ("masters_victory.pieces_left", {"seat": 0, "count": 3}),
    )
    assert said(SLUG, lines[:1]) == (
        "Triple switch: alice's soldier 2 leaves the board; 2 pieces enter on their start places."
    )


def test_triple_switch_of_the_master_soldier_costs_a_master(engine, make):
    """"De mastersoldaat mag wel worden ingewisseld" (decision 13: it counts as a lost master)."""
    lines = narrate(engine, make("Sm:r5 t1:m1", off=(OFF, "")), "switch r5 b")
    assert lines[0] == ("masters_victory.switched", {"seat": 0, "number": "3M", "count": 1})
    assert ("masters_victory.masters_left", {"seat": 0, "count": 1}) in lines


def test_the_last_master_is_left_to_the_result(engine, make):
    """DOEL: eliminating the last master wins; the result says it, the reply only the removal."""
    state = make("B:e5 tm:e7 S1:a1", off=("", "FmxSmx"))
    lines = narrate(engine, state, "e5xe7")
    assert lines == (
        ("masters_victory.eliminated", {"rule": "R2", "seat": 1, "kind": "tank", "square": "e7", "number": "3M"}),
    )


# --- the setup -----------------------------------------------------------------------------


def test_setup_says_ready_and_never_what(engine):
    """Decision 10 and 11: the channel learns only "ready" -- the same words for any chosen
    numbers and for the dice's, once the referee resolved the shuffle."""
    seed = bytes(32)
    start = engine.setup(2, MastersVictoryOptions())
    seen = []
    for text in ("setup random", "setup f11223m t11223m s11223m", "setup fm21123 t2m3121 s3m1122"):
        move = engine.parse_move(text, start, 0)
        after, _ = resolve_chance(engine, engine.apply(start, 0, move), seed, 0)
        seen.append(engine.describe_move(start, 0, move, after))
    assert seen == [(("masters_victory.ready", {"seat": 0}),)] * 3
    assert said(SLUG, seen[0]) == "alice has placed their back-numbers (secretly)."
    one = engine.apply(start, 0, engine.parse_move("setup random", start, 0))
    one, _ = resolve_chance(engine, one, seed, 0)
    move = engine.parse_move("setup f11223m t11223m s11223m", one, 1)
    after, _ = resolve_chance(engine, engine.apply(one, 1, move), seed, 15)
    assert engine.describe_move(one, 1, move, after) == (("masters_victory.both_ready", {}),)


# --- no leak -------------------------------------------------------------------------------


def with_numbers(state, numbers: dict[str, str]):
    """``state`` with other hidden back-numbers on the given squares."""
    nums = list(state.numbers)
    for square, number in numbers.items():
        assert nums[B.index(square)] != EMPTY
        nums[B.index(square)] = number
    return state.model_copy(update={"numbers": "".join(nums)})


NO_LEAK = [
    # (pieces, action, squares whose hidden numbers change: the rules reveal nothing of them)
    ("T2:e5 S1:a1", "e5-e8", {"e5": "m"}),  # a move: the mover's own number
    ("T2:e5 t3:e7 S1:c1", "e5xe7", {"e7": "m"}),  # R1 lost by the attacker: the defender's number
    ("Tm:e5 t2:e7 S1:c1", "e5xe7", {"e5": "3"}),  # R1 won: the attacker's number
    ("T2:e5 s1:e7 S1:a1", "e5xe7", {"e5": "1"}),  # R2: the attacker's number
    ("F2:e5 b:e7 s1:e8 S1:a1", "e5xe7", {"e5": "m", "e8": "3"}),  # R2 beside a smaller piece
    ("A:e6 b:f6 t1:j6 S1:a1", "fire e6", {"j6": "m"}),  # R3: a piece out of the zone
]


@pytest.mark.parametrize(("pieces", "action", "changed"), NO_LEAK, ids=[case[1] + " " + case[0] for case in NO_LEAK])
def test_no_leak_same_public_action_same_words(engine, make, pieces, action, changed):
    """Two states differing only in back-numbers the rules keep hidden give the same words for
    the same public action."""
    state = make(pieces)
    twin = with_numbers(state, changed)
    assert narrate(engine, state, action) == narrate(engine, twin, action)


def renumbered_both(state, rng: random.Random):
    """The same state with other hidden numbers under every piece on the board."""
    nums = [rng.choice("123m") if n != EMPTY else n for n in state.numbers]
    return state.model_copy(update={"numbers": "".join(nums)})


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 60), st.integers(0, 10**6))
def test_no_leak_words_follow_only_what_the_channel_sees(game, steps, salt):
    """The strong form: for any action in a random game and any other hidden numbers (of both
    sides: the mover's own are secret from the channel too), the words are the same whenever
    the channel's views before and after are the same."""
    rng = random.Random(salt)
    state = played(game, steps)
    if state.result is not None:
        return
    seat = state.to_move
    moves = ENGINE.legal_moves(state, seat)
    sharp = [m for m in moves if m.kind in ("fire", "switch") or (m.kind == "move" and m.attack)]
    for move in rng.sample(sharp, min(3, len(sharp))) + rng.sample(moves, min(3, len(moves))):
        twin = renumbered_both(state, rng)
        after, twin_after = ENGINE.apply(state, seat, move), ENGINE.apply(twin, seat, move)
        if ENGINE.view(after, None) == ENGINE.view(twin_after, None):
            assert ENGINE.describe_move(state, seat, move, after) == ENGINE.describe_move(twin, seat, move, twin_after)


def test_the_words_never_name_a_number_on_the_board(engine, make, move):
    """Every number in the words belongs to a piece off the board (public in the tray)."""
    state = move(make("T2:e5 t3:e7 F1:g5 fm:g7 S1:c1"), "e5xe7")
    lines = narrate(engine, state, "g5xg7")
    numbers = [params["number"] for _, params in lines if "number" in params]
    assert numbers == ["1"]  # the fighter 1 that lost; the fighter 3M and the tank 3 stay hidden


DASHES = ["e5\u2013e8", "e5\u2014e8", "e5\u2212e8", "e5\u2010e8", "e5 \u2011 e8", "E5\u2013E7\u2013E8"]


@pytest.mark.parametrize("text", DASHES)
def test_typographic_dashes_read_as_hyphen(engine, make, text):
    """"Typographic dashes (e5–e6, e5—e6) are accepted as - in every game"."""
    state = make("T2:e5 S1:a1")
    assert engine.parse_move(text, state, 0) == engine.parse_move("e5-e8", state, 0)
