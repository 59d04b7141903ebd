"""Rulebook "ALGEMENE REGELS" 1-15, one test (or more) per rule, as decided in
/tmp/bi/decisions.md (decisions 8-18)."""

from __future__ import annotations

import pytest

from engines.core.errors import IllegalMoveError

from .conftest import at, gone, play, position, roll, texts

BLUE = "tl12s"


def test_rule_1_all_units_of_the_roll(engine):
    """1. "Als je de dobbelsteen gooit, moet je altijd alle eenheden op de dobbelsteen
    gebruiken"."""
    state = position(f"Se3n {BLUE}", die=4)
    for text in ("e3-e4", "e3-e5", "e3-e6", "e3-e5 left"):
        with pytest.raises(IllegalMoveError) as err:
            engine.parse_move(text, state, 0)
        assert err.value.code == "battle_island.cannot_move_there"
    assert {m.to for m in engine.legal_moves(state, 0) if m.kind == "move"} == {"e7", "e6"}


def test_rule_1a_no_move_gives_the_opponent_a_free_removal(engine):
    """1a. "Als al je personages worden geblokkeerd en je geen personage op het eiland kunt
    verplaatsen zonder alle eenheden op de dobbelsteen te gebruiken. Dan mag je tegenstander een
    van je personages gratis van het eiland verwijderen en dit zou je beurt beëindigen"."""
    state = position(f"Sa1s Jb1w sb3s {BLUE}", die=3, turn=9)
    assert texts(engine, state) == {"end"}
    assert engine.action_buttons(state, 0) == (("end", "battle_island.button_end"),)
    removal = play(engine, state, "end")
    assert (removal.step, removal.removal, removal.to_move) == ("free_removal", "island", 0)
    assert engine.to_act(removal) == frozenset({1})
    assert texts(engine, removal, 1) == {"remove a1", "remove b1"}
    with pytest.raises(IllegalMoveError) as err:
        engine.parse_move("remove b3", removal, 1)
    assert err.value.code == "battle_island.remove_not_theirs"
    after = play(engine, removal, "remove b1")
    assert at(after, "b1") is None and gone(after)[0] == gone(state)[0] + 1
    assert (after.to_move, after.step, after.turn) == (1, "roll", 10)
    assert [a.text for a in engine.view(after, None).actions] == ["end", "remove b1"]


def test_rule_1a_the_victim_has_no_moves_during_the_free_removal(engine):
    """Only the opponent acts during the free removal; the victim's list must be empty (a listed
    move always applies)."""
    removal = play(engine, position(f"Sa1s Jb1w sb3s {BLUE}", die=3), "end")
    assert engine.legal_moves(removal, 0) == []


def test_rule_1a_shots_may_clear_the_way_first(engine):
    """Decision 15: the check is made when the player ends the turn; a shot may open a way, and
    then the move is compulsory."""
    state = position(f"Ja4n Tb2n Sd3w sa5s {BLUE}", safe="b3", die=3)
    assert texts(engine, state) == {"end", "shoot d3 b3"}
    opened = play(engine, state, "shoot d3")
    assert "end" not in texts(engine, opened) and {"b2-b5", "d3-a3"} <= texts(engine, opened)
    with pytest.raises(IllegalMoveError) as err:
        engine.parse_move("end", opened, 0)
    assert err.value.code == "battle_island.must_move"


def test_rule_1a_not_after_a_zero_option(engine):
    """Decision 15: after a zero option (one character, or the pad) a roll that cannot be used is
    simply lost, with no free removal."""
    state = roll(engine, play(engine, position(f"Sa2n Jh5n sa4s {BLUE}", die=0), "turn a2 left"), 2)
    assert texts(engine, state) == {"end"}
    after = play(engine, state, "end")
    assert (after.to_move, after.step, after.removal) == (1, "roll", None)
    assert gone(after) == gone(state)


def test_rule_1b_no_entry_from_the_pad_opponent_removes_a_pad_character(engine):
    """1b. "Als je geen personages meer hebt op het eiland en op je beurt de personages op je
    carriepad niet naar het eiland kunnen worden verplaatst, dan kan je tegenstander in deze
    situatie een van je personages gratis van je carriepad verwijderen en dit zou je beëindigen
    beurt"."""
    state = position("sa1s sb1s sd1s tc5n", pads=("ss.j.", "....."), to_move=1, die=2, moved=True)
    removal = play(engine, state, "end")
    assert (removal.to_move, removal.step, removal.removal) == (0, "free_removal", "pad")
    assert engine.chance(removal) is None and engine.to_act(removal) == frozenset({1})
    assert texts(engine, removal, 1) == {"remove pad 1", "remove pad 2", "remove pad 4"}
    with pytest.raises(IllegalMoveError) as err:
        engine.parse_move("remove pad 3", removal, 1)
    assert err.value.code == "battle_island.remove_pad_slot"
    after = play(engine, removal, "remove pad 4")
    assert engine.view(after, None).pads[0].slots == ("soldier", "soldier", None, None, None)
    assert (after.to_move, after.step) == (1, "roll") and gone(after)[0] == gone(state)[0] + 1


def test_rule_1b_pad_characters_past_the_corner_cannot_come_on(engine):
    """1b with the pad hanging past the corner (decision 3): slots 1 and 2 have no square in
    front of them, so their characters cannot be brought onto the island; a block on an entry
    square, by contrast, does not stop them (decision 14)."""
    state = position("sa1s tc5n", pads=("ss...", "....."), pad_files=(-2, 7), to_move=1, die=2, moved=True)
    removal = play(engine, state, "end")
    assert (removal.to_move, removal.step, removal.removal) == (0, "free_removal", "pad")
    a_block_there = position(
        "tc5n", safe="a1", pads=("..s..", "....."), pad_files=(-2, 7), to_move=1, die=2, moved=True
    )
    assert play(engine, a_block_there, "end").step == "bring_on"


def test_rule_2_a_zero_always_gives_another_roll_after_an_option(engine):
    """2. "Nadat een nul is gegooid, krijg je altijd nog een worp van de dobbelsteen en moet je een
    van de drie beschikbare opties kiezen voordat je de dobbelsteen opnieuw gooit"."""
    state = roll(engine, play(engine, position(f"Se3n {BLUE}", pads=("j....", ".....")), "roll"), 0)
    assert state.step == "zero" and engine.chance(state) is None
    assert texts(engine, state) == {"reinforce 1", "move pad", "turn e3 left", "turn e3 right"}
    again = play(engine, state, "move pad")
    assert engine.chance(again).kind == "die" and again.to_move == 0


def test_rule_2a_only_the_last_character_played_moves(engine):
    """2a. "het laatste karakter dat wordt gespeeld nadat een nul is gegooid, is het enige
    karakter dat je mag spelen nadat je de dobbelsteen opnieuw hebt gegooid"."""
    state = roll(engine, play(engine, position(f"Se3n Jh3n {BLUE}", die=0), "turn h3 left"), 3)
    assert {m.square for m in engine.legal_moves(state, 0) if m.kind == "move"} == {"h3"}
    with pytest.raises(IllegalMoveError) as err:
        engine.parse_move("e3-e6", state, 0)
    assert err.value.code == "battle_island.only_restricted"


def test_rule_2a_a_new_zero_lifts_the_restriction(engine):
    """2a. "(Tenzij u nog een nul gooit, zouden de drie opties opnieuw beginnen)"."""
    state = roll(engine, play(engine, position(f"Se3n Jh3n {BLUE}", die=0), "turn h3 left"), 0)
    assert state.restricted is None and "turn e3 left" in texts(engine, state)


def test_rule_2a_the_restricted_character_shot_away_loses_the_roll(engine):
    """If the character a zero option named goes in one's own blast, the roll is lost (no free
    removal: decision 15)."""
    state = roll(engine, play(engine, position(f"Se3n Jh5n Jf1n {BLUE}", live="f4", die=0), "turn e3 left"), 2)
    state = play(engine, state, "shoot f1")
    assert at(state, "e3") is None
    assert texts(engine, state) == {"end"}
    with pytest.raises(IllegalMoveError) as err:
        engine.parse_move("h5-h7", state, 0)
    assert err.value.code == "battle_island.restricted_gone"
    after = play(engine, state, "end")
    assert (after.to_move, after.step) == (1, "roll")


def test_rule_3_shoot_before_and_after_as_often_as_you_like(engine):
    """3. "Tijdens je speelbeurt kun je ervoor kiezen om alles op het eiland te schieten vóór de
    beweging van je personage en daarna en zo vaak als je wilt, op voorwaarde dat je een exacte
    treffer op je beoogde doel hebt"."""
    state = position(f"Sc2n Jd1n Tf1n sc4s sd4s sf5s sc9s {BLUE}", die=3)
    state = play(engine, state, "shoot c2", "shoot d1", "c2-c5")
    state = play(engine, state, "shoot f1")
    assert [a.text for a in engine.view(state, None).actions] == ["shoot c2 c4", "shoot d1 d4", "c2-c5", "shoot f1 f5"]
    assert at(state, "c4") is None and at(state, "d4") is None and at(state, "f5") is None


def test_rule_4_no_island_characters_bring_one_on_then_roll(engine):
    """4. "Als al je personages van het eiland zijn verwijderd, maar er nog wat op je
    draagplatform achterblijven, is dit de enige keer dat je een personage van je draagplatform
    naar het eiland kunt verplaatsen zonder een nul te gooien. Werp de dobbelsteen om verder te
    gaan zoals normaal" (decision 17: only that character moves with the roll)."""
    state = position("sa1s tc5n", pads=("ts.j.", "....."), to_move=1, die=2, moved=True)
    start = play(engine, state, "end")
    assert (start.to_move, start.step) == (0, "bring_on")
    assert texts(engine, start) == {"reinforce 2", "reinforce 4"}
    assert engine.view(start, 0).entry == ("b1", "d1")
    with pytest.raises(IllegalMoveError) as err:
        engine.parse_move("roll", start, 0)
    assert err.value.code == "battle_island.roll_not_now"
    on = play(engine, start, "reinforce 4")
    assert at(on, "d1") == "Jd1n" and engine.chance(on).kind == "die"
    moved = play(engine, roll(engine, on, 3), "d1-d4")
    assert at(moved, "d4") == "Jd4n"


def test_rule_4_then_the_roll_is_as_normal(engine):
    """Rule 4: "Werp de dobbelsteen om verder te gaan zoals normaal": not a zero option, so a
    roll the new character cannot use gives the opponent the free removal of rule 1a."""
    state = play(engine, position("sa1s sb3s tc5n", pads=("tj.s.", "....."), to_move=1, die=2, moved=True), "end")
    free = roll(engine, play(engine, state, "reinforce 2"), 2)
    assert free.restricted is None and "b1-b2 left" in texts(engine, free)
    stuck = roll(engine, play(engine, state, "reinforce 2"), 3)
    assert texts(engine, stuck) == {"end"}
    removal = play(engine, stuck, "end")
    assert (removal.step, removal.removal) == ("free_removal", "island")
    assert texts(engine, removal, 1) == {"remove b1"}


def test_rule_4_a_zero_after_bringing_on(engine):
    state = play(engine, position("sa1s tc5n", pads=("ts.j.", "....."), to_move=1, die=2, moved=True), "end")
    zero = roll(engine, play(engine, state, "reinforce 2"), 0)
    assert zero.step == "zero"
    assert {"reinforce 4", "move pad", "turn b1 left", "turn b1 right"} == texts(engine, zero)


def test_rule_5_blocks_are_barricades(engine):
    """5. "Je kunt niet iets schieten dat voorbij een obstakelblok is en je kunt niet door een
    obstakelblok bewegen dat op je pad ligt"."""
    state = position(f"Tc1n sc5s Jf2n {BLUE}", live="c3 f4", die=3)
    legal = texts(engine, state)
    assert "shoot c1 c5" not in legal
    assert not any(t.startswith(("c1-", "f2-")) for t in legal)


def test_rule_6_pad_characters_leave_from_their_own_slot(engine):
    """6. "Je personages moeten het draagkussen verlaten op de posities waarvan je ze voor het
    eerst aan het begin van het spel hebt geplaatst" (decision 18: the slot moves with the pad)."""
    state = position(f"Se5n {BLUE}", pads=("..t..", "....."), pad_files=(4, 7), die=0)
    after = play(engine, state, "reinforce 3")
    assert at(after, "g1") == "Tg1n"
    assert next(c.slot for c in after.characters if c.where == "island" and c.kind == "tank" and c.owner == 0) == 3


def test_rule_7_pad_characters_are_safe(engine):
    """7. "Alle karakters zijn veilig voor een exacte treffer terwijl ze zich op het draagkussen
    bevinden" (decision 12; nor does a blast on the edge row reach them)."""
    state = position(f"Sb4s Jc2n {BLUE}", live="b2", pads=("sjt.j", "....."), die=2)
    after = play(engine, state, "shoot b4")
    assert at(after, "c2") is None and at(after, "b4") == "Sb4s"
    assert engine.view(after, None).pads[0].slots == ("soldier", "jeep", "tank", None, "jeep")
    blue = position("Se3n tc5s", pads=("sjt.j", "....."), to_move=1, die=2)  # c1 empty, the pad beyond
    assert not any(t.startswith("shoot") for t in texts(engine, blue))


def test_rule_8_no_shooting_from_the_pad(engine):
    """8. "Geen enkel personage kan vanuit het draagkussen op het eiland schieten"."""
    state = position(f"Sh2e sc4s sc5s {BLUE}", pads=("ttjsj", "....."), die=2)
    assert not any(t.startswith("shoot") for t in texts(engine, state))


def test_rule_9_turn_only_with_the_last_unit(engine):
    """9. "Je kunt alleen van richting veranderen door de laatste eenheid op de dobbelsteen te
    gebruiken": never first turn and then go on."""
    state = position(f"Sf2n {BLUE}", die=4)
    assert {engine.format_move(m, state) for m in engine.legal_moves(state, 0) if m.kind == "move"} == {
        "f2-f6", "f2-f5 left", "f2-f5 right"
    }
    for text in ("f2-f3 right", "f2-f4 left", "f2-i3", "f2-c4"):
        with pytest.raises(IllegalMoveError) as err:
            engine.parse_move(text, state, 0)
        assert err.value.code == "battle_island.cannot_move_there"


def test_rule_10_crossfire_around_a_live_block(engine):
    """10. "Alle personages die door een exacte slag op een ander personage of live obstakelblok in
    een kruisvuur worden gevangen, worden ook van het eiland verwijderd" (decision 11: whoever
    owns them)."""
    state = position(f"Je1n Sd5n sf3s sf5s {BLUE}", live="e4", die=2)
    after = play(engine, state, "shoot e1")
    assert [at(after, s) for s in ("d5", "f3", "f5")] == [None, None, None]
    assert at(after, "e1") == "Je1n"


def test_rule_10_a_shot_at_a_character_takes_only_the_line(engine):
    """Decision 11: a shot at a character takes the target and whoever stands on its line of
    fire, never the target's neighbours."""
    state = position(f"Je1n se4s sd4s sf5s {BLUE}", die=2)
    after = play(engine, state, "shoot e1")
    assert at(after, "e4") is None and at(after, "d4") == "sd4s" and at(after, "f5") == "sf5s"


def test_rule_11_two_characters_never_share_a_square(engine):
    """11. "Twee tekens kunnen niet hetzelfde vierkant bezetten"."""
    state = position(f"Se3n Je5s sg3s {BLUE}", die=2)
    legal = texts(engine, state)
    assert "e3-e5" not in legal and "e5-e3" not in legal
    assert "e3-e4 right" in legal
    blue = position(f"Se3n Je5s sg5s {BLUE}", die=2, to_move=1)
    assert "g5-g3" in texts(engine, blue) and "g5-g4 right" in texts(engine, blue)
    state = position(f"Se3n Je5s sg3w {BLUE}", die=2, to_move=1)
    assert "g3-e3" not in texts(engine, state)


def test_rule_12_only_during_ones_own_turn(engine):
    """12. "Je kunt alleen een ander personage schieten en verwijderen en een obstakelblokkering
    activeren tijdens je beurt"."""
    state = position(f"Se3n se5s {BLUE}", die=2)
    assert engine.legal_moves(state, 1) == []
    assert "shoot e5 e3" not in {engine.format_move(m, state) for m in engine.legal_moves(state, 1)}
    with pytest.raises(IllegalMoveError) as err:
        engine.apply(state, 1, engine.move_model.model_validate({"kind": "shoot", "square": "e5", "to": "e3"}))
    assert err.value.code == "battle_island.not_your_turn"
    with pytest.raises(IllegalMoveError) as err:
        engine.parse_move("shoot e5 e3", state, 1)
    assert err.value.code == "battle_island.not_your_turn"


def test_rule_13_a_shot_is_never_compulsory(engine):
    """13. "Als je een exacte treffer hebt op een personage of obstakelblok, is het niet verplicht
    om op dat moment je schot te maken. Je kunt wachten op een nieuwe speelbeurt"."""
    state = play(engine, position("Se3n Ta1n se5s ta5s", die=1), "a1-a2")
    assert texts(engine, state) == {"end", "shoot e3 e5"}
    state = play(engine, state, "end")
    assert at(state, "e5") == "se5s" and state.to_move == 1
    state = play(engine, state, "roll 1", "a5-a4", "end", "roll 2")
    assert "shoot e3 e5" in texts(engine, state)


def test_rule_14_no_moving_over_a_character(engine):
    """14. "Je kunt niet over de bovenkant van een ander personage of obstakelblok bewegen dat op
    je pad ligt" (one's own characters too)."""
    for other in ("Se4s", "se4s"):
        state = position(f"Se2n {other} {BLUE}", die=3)
        assert not any(t.startswith("e2-") for t in texts(engine, state)), other


def test_rule_15_a_possible_move_must_be_made(engine):
    """15. "Als het mogelijk is om een van je personages te verplaatsen, moet je die zet doen"."""
    state = position(f"Sa1s Jh2n {BLUE}", die=5)
    assert texts(engine, state) == {"h2-h7", "h2-h6 left", "h2-h6 right"}
    with pytest.raises(IllegalMoveError) as err:
        engine.parse_move("end", state, 0)
    assert err.value.code == "battle_island.must_move"
