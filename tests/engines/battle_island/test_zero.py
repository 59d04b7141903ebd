"""Rulebook "Wanneer een nul wordt gegooid" (decision 14): a zero gives three options (bring on
a reinforcement, move the carrier pad, turn a character); the referee then rolls again and
only that character (or the pad) uses the roll; a new zero starts the options over."""

from __future__ import annotations

import pytest

from engines.battle_island import board as B
from engines.core.errors import IllegalMoveError

from .conftest import at, block_at, gone, play, position, roll, texts

BLUE = "tl12s"


def zero(**kw):
    """Red rolled a zero: a soldier on e3 and a jeep on h5, a full pad."""
    return position(f"Se3n Jh5n {BLUE}", pads=("sjt.s", "....."), die=0, **kw)


def test_nul_three_options(engine):
    """"De drie opties zijn: 1: BRENG OP VERSTERKING ... 2: VERPLAATS UW DRAAGPAD ... 3:
    RICHTING WIJZIGEN VAN UW KARAKTER"."""
    state = zero()
    legal = texts(engine, state)
    assert {"reinforce 1", "reinforce 2", "reinforce 3", "reinforce 5"} <= legal
    assert "reinforce 4" not in legal  # slot 4 is empty
    assert "move pad" in legal
    assert {"turn e3 left", "turn e3 right", "turn h5 left", "turn h5 right"} <= legal
    assert not any(t in legal for t in ("roll", "end")) and not any("-" in t for t in legal)
    assert engine.view(state, 0).entry == ("a1", "b1", "c1", "e1")


def test_nul_an_option_must_be_chosen_before_the_re_roll(engine):
    """"maar voordat je de dobbelsteen weer gooit, moet je een van de drie beschikbare opties
    kiezen voordat je verder kunt gaan"."""
    state = zero()
    assert engine.chance(state) is None and engine.to_act(state) == frozenset({0})
    for text, code in (("end", "end_not_now"), ("roll", "roll_not_now"), ("e3-e5", "move_not_now")):
        with pytest.raises(IllegalMoveError) as err:
            engine.parse_move(text, state, 0)
        assert err.value.code == f"battle_island.{code}"


def test_nul_re_roll_follows_every_option(engine):
    """"Gooi dan opnieuw met de dobbelsteen" (decision 14: the referee re-rolls at once)."""
    for text in ("reinforce 1", "move pad", "turn e3 left"):
        after = play(engine, zero(), text)
        assert after.step == "rolling" and engine.chance(after).kind == "die"
        assert engine.to_act(after) == frozenset()


def test_nul_reinforcement_enters_in_front_of_its_slot_facing_forward(engine):
    """"verplaats het geselecteerde personage naar het eiland met behulp van het eerste vierkant
    direct voor dat personage ... alleen naar voren gericht"."""
    after = play(engine, zero(), "reinforce 3")
    assert at(after, "c1") == "Tc1n"
    blue = position("Se3n tl12s sh9s", pads=(".....", "jsst."), die=0, to_move=1)
    assert "reinforce 1" not in texts(engine, blue)  # l12 is taken: slot 1 cannot come on
    after = play(engine, blue, "reinforce 2")
    assert at(after, "k12") == "sk12s"


def test_nul_reinforcement_only_where_no_character_stands(engine):
    """"(alleen indien niet bezet door een ander personage)": a character on the entry square,
    of either side, keeps the slot's character on the pad."""
    state = position(f"Sa1e sb1n {BLUE}", pads=("sjts.", "....."), die=0)
    legal = texts(engine, state)
    assert {"reinforce 3", "reinforce 4"} <= legal
    assert not {"reinforce 1", "reinforce 2"} & legal
    with pytest.raises(IllegalMoveError) as err:
        engine.parse_move("reinforce 2", state, 0)
    assert err.value.code == "battle_island.reinforce_slot"


def test_nul_reinforcement_onto_a_live_block_activates_it(engine):
    """Entry is refused only when "(alleen indien niet bezet door een ander personage)"; a block
    is no character. Decision 14: entering onto a block activates it as landing on it does
    ("Je kunt ook een obstakelblokkering activeren door je personage er bovenop te landen"):
    on a live block the character goes with it and with its ring."""
    state = position(f"Sa1e sb1n se2s Jh5n {BLUE}", live="d1", pads=("sjts.", "....."), die=0)
    assert "reinforce 4" in texts(engine, state)
    assert engine.view(state, 0).entry == ("c1", "d1")
    after = play(engine, state, "reinforce 4")
    assert not block_at(after, "d1") and at(after, "d1") is None and at(after, "e2") is None
    assert at(after, "a1") == "Sa1e" and gone(after) == (gone(state)[0] + 1, gone(state)[1] + 1)
    (seen,) = engine.view(after, None).revealed
    assert (seen.square, seen.live) == ("d1", True)
    # the re-roll belongs to the character that came on, which is gone: the roll is lost
    rolled = roll(engine, after, 3)
    assert texts(engine, rolled) == {"end"}
    assert play(engine, rolled, "end").to_move == 1


def test_nul_reinforcement_onto_a_safe_block_stays_there(engine):
    """Decision 14: on a safe block the character stays on its entry square, and only it moves."""
    state = position(f"Sa1e {BLUE}", safe="d1", pads=("sjts.", "....."), die=0)
    after = play(engine, state, "reinforce 4")
    assert not block_at(after, "d1") and at(after, "d1") == "Sd1n"
    rolled = roll(engine, after, 2)
    assert {m.square for m in engine.legal_moves(rolled, 0) if m.kind == "move"} == {"d1"}


def test_rule_4_bring_on_onto_a_block(engine):
    """Rule 4 brings a character on as a reinforcement does: onto a block too, which it activates."""
    state = position("tl12s", safe="c1", pads=("..j..", "....."), step="bring_on")
    assert texts(engine, state) == {"reinforce 3"}
    after = play(engine, state, "reinforce 3")
    assert at(after, "c1") == "Jc1n" and not block_at(after, "c1") and after.step == "rolling"


def test_nul_only_the_reinforcement_moves(engine):
    """"Gooi dan opnieuw met de dobbelsteen om het aantal bewegingen te bepalen dat alleen dat
    personage beweegt"."""
    state = roll(engine, play(engine, zero(), "reinforce 2"), 3)
    assert {m.square for m in engine.legal_moves(state, 0) if m.kind == "move"} == {"b1"}
    assert engine.view(state, 0).restricted == "b1" and engine.view(state, 0).movable == ("b1",)
    with pytest.raises(IllegalMoveError) as err:
        engine.parse_move("e3-e6", state, 0)
    assert err.value.code == "battle_island.only_restricted"
    assert at(play(engine, state, "b1-b4"), "b4") == "Jb4n"


def test_nul_move_pad_the_roll_along_the_edge(engine):
    """"beweeg vervolgens het draagkussen langs de rand van het eiland met het relevante aantal
    vierkanten dat overeenkomt met het aantal dat net op de dobbelsteen is gerold"."""
    state = roll(engine, play(engine, zero(), "move pad"), 3)
    assert state.pad_move and {t for t in texts(engine, state) if not t.startswith("shoot")} == {"pad right"}
    with pytest.raises(IllegalMoveError) as err:
        engine.parse_move("e3-e6", state, 0)
    assert err.value.code == "battle_island.pad_must_move"
    with pytest.raises(IllegalMoveError) as err:
        engine.parse_move("pad left", state, 0)
    assert err.value.code == "battle_island.shift_impossible"
    after = play(engine, state, "pad right")
    assert after.pads[0] == 3 and after.step == "moved"
    assert engine.view(after, None).pads[0].files == ("d", "e", "f", "g", "h")
    assert engine.view(after, None).pads[0].rocket == "f"


def test_nul_pad_the_rocket_stays_against_the_island(engine):
    """"(U kunt het draagkussen niet om de hoeken van het eiland bewegen en het middelste
    raketvierkant moet altijd in contact blijven met de onderkant van het eiland)": only the
    rocket square (slot 3) must stay beside the island; the outer slots may hang past the corner
    (decision 3). From a-e a roll of 2 takes the pad two to the left: its rocket beside a1."""
    state = roll(engine, play(engine, zero(), "move pad"), 2)
    assert {t for t in texts(engine, state) if t.startswith("pad")} == {"pad left", "pad right"}
    after = play(engine, state, "pad left")
    assert after.pads[0] == -2
    pad = engine.view(after, None).pads[0]
    assert pad.files == (None, None, "a", "b", "c") and pad.rocket == "a"
    assert pad.slots == ("soldier", "jeep", "tank", None, "soldier")
    # one more square would take the rocket round the corner
    state = roll(engine, play(engine, zero(pad_files=(-2, 7)), "move pad"), 1)
    assert {t for t in texts(engine, state) if t.startswith("pad")} == {"pad right"}
    with pytest.raises(IllegalMoveError) as err:
        engine.parse_move("pad left", state, 0)
    assert err.value.code == "battle_island.shift_impossible"
    # the far corner: rocket beside l1 at most
    state = roll(engine, play(engine, zero(pad_files=(5, 7)), "move pad"), 5)
    assert {t for t in texts(engine, state) if t.startswith("pad")} == {"pad left"}
    state = roll(engine, play(engine, zero(pad_files=(5, 7)), "move pad"), 4)
    assert play(engine, state, "pad right").pads[0] == 9


def test_nul_an_overhanging_slot_brings_nobody_on(engine):
    """"verplaats het geselecteerde personage naar het eiland met behulp van het eerste vierkant
    direct voor dat personage": a slot past the corner has no square in front of it, so its
    character stays on the pad until the pad moves back (decision 3)."""
    state = zero(pad_files=(-2, 7))
    legal = texts(engine, state)
    assert {"reinforce 3", "reinforce 5"} <= legal and not {"reinforce 1", "reinforce 2"} & legal
    assert engine.view(state, 0).entry == ("a1", "c1")
    with pytest.raises(IllegalMoveError) as err:
        engine.parse_move("reinforce 1", state, 0)
    assert err.value.code == "battle_island.reinforce_slot"
    blue = position("Se3n th9s", pads=(".....", "sjt.."), pad_files=(0, 9), die=0, to_move=1)
    assert engine.view(blue, None).pads[1].files == (None, None, "l", "k", "j")
    assert {t for t in texts(engine, blue) if t.startswith("reinforce")} == {"reinforce 3"}


def test_nul_blue_pad_left_is_east(engine):
    """Decision 3: blue looks south, so its left is the east; slots count from its left."""
    state = position("Se3n th9s", pads=(".....", "s...."), pad_files=(0, 4), die=0, to_move=1)
    state = roll(engine, play(engine, state, "move pad"), 2)
    after = play(engine, state, "pad left")
    assert after.pads[1] == 6
    assert engine.view(after, None).pads[1].files == ("k", "j", "i", "h", "g")
    assert B.name(B.entry_square(1, after.pads[1], 1)) == "k12"


def test_nul_turn_in_place_then_only_that_character_moves(engine):
    """"Kies ervoor om links of rechts af te slaan op het plein waar u zich bevindt. (Beweeg je
    personage niet naar voren). ... zoals normaal alleen dat personage beweegt"."""
    state = play(engine, zero(), "turn e3 right")
    assert at(state, "e3") == "Se3e"
    state = roll(engine, state, 2)
    assert {m.square for m in engine.legal_moves(state, 0) if m.kind == "move"} == {"e3"}
    assert at(play(engine, state, "e3-g3"), "g3") == "Sg3e"


def test_nul_a_new_zero_starts_the_options_over(engine):
    """"(Tenzij u nog een nul gooit, beginnen de drie opties opnieuw)"."""
    state = roll(engine, play(engine, zero(), "turn e3 right"), 0)
    assert state.step == "zero" and state.restricted is None
    assert {"turn h5 left", "reinforce 1", "move pad"} <= texts(engine, state)
    state = roll(engine, play(engine, state, "turn h5 left"), 4)
    assert {m.square for m in engine.legal_moves(state, 0) if m.kind == "move"} == {"h5"}
    assert at(play(engine, state, "h5-d5"), "d5") == "Jd5w"
    pad_then_zero = roll(engine, play(engine, zero(), "move pad"), 0)
    assert not pad_then_zero.pad_move and "move pad" in texts(engine, pad_then_zero)


def test_nul_without_pads_only_turning(engine):
    """Decision 23: without carrier pads the only zero option is turning a character."""
    state = position(f"Se3n {BLUE}", die=0, carrier_pads=False)
    assert {t for t in texts(engine, state)} == {"turn e3 left", "turn e3 right"}
    with pytest.raises(IllegalMoveError) as err:
        engine.parse_move("move pad", state, 0)
    assert err.value.code == "battle_island.zero_option_not_now"


def test_nul_turn_only_ones_own_character(engine):
    with pytest.raises(IllegalMoveError) as err:
        engine.parse_move("turn l12 left", zero(), 0)
    assert err.value.code == "battle_island.not_your_character"


def test_nul_shots_while_choosing(engine):
    """Decision 13: shots are allowed after the roll, also while choosing a zero option."""
    state = position(f"Se3n Jh5n se5s {BLUE}", die=0)
    assert "shoot e3 e5" in texts(engine, state)
    after = play(engine, state, "shoot e3")
    assert at(after, "e5") is None and after.step == "zero"
