"""TRIPLE SWITCH: a soldier on the enemy's back line (A or R) is exchanged for 1-3 of its
side's eliminated pieces whose back-numbers sum to at most 3 (bombers and artillery 2);
masters never return; the master soldier may be switched away; the new pieces enter on free
start places of their type and may act in the same turn; the switch is not a move
(decision 13)."""

from __future__ import annotations

import pytest

from engines.core.errors import IllegalMoveError
from engines.masters_victory import board as B
from engines.masters_victory.rules import legal_moves, tray
from engines.masters_victory.state import masters_left

OFF = "T2xF1xB.xA.xTmxS1x"


def illegal(engine, state, text):
    with pytest.raises(IllegalMoveError) as err:
        engine.parse_move(text, state, state.to_move)
    return err.value


def switches(engine, state):
    return [engine.format_move(m, state) for m in legal_moves(state, state.to_move) if m.kind == "switch"]


def test_switch_soldier_on_the_enemy_back_line(engine, make, move, on):
    """"De soldaatpion moet achter de linies van de tegenspeler komen (lijn A of R). Nadien
    kan deze soldaatpion worden ingewisseld tegen 1, 2 of 3 andere pionnen"."""
    state = make("S2:r5 t1:m1", off=(OFF, ""))
    state = move(state, "switch r5 t2")
    assert on(state, "r5") == "." and on(state, "c1") == "T2"
    assert tray(state, 0) == ["f1", "b", "a", "s1", "s2"]  # the soldier joined the tray
    assert state.off[0].endswith("S2s")
    assert state.used == 0  # "De wissel zelf geldt niet als beurt"
    action = state.current[-1]
    assert action.kind == "switch" and action.placed == ("c1",) and action.removed[0].switched


def test_switch_a_soldier_moving_onto_the_line_this_turn(engine, make, move, on):
    state = make("S2:p5 t1:m1", off=(OFF, ""))
    state = move(state, "p5-r5")
    assert "switch r5 f1@a1" in switches(engine, state)
    state = move(state, "switch r5 f1 a")
    assert on(state, "a1") == "F1" and on(state, "b3") == "A"
    assert state.used == 1 and state.to_move == 0


def test_switch_sum_at_most_3_bombers_and_artillery_count_2(engine, make):
    """"waarvan de som van hun rugnummers kleiner of gelijk is aan 3"; "voor artillerie- en
    bommenwerperpionnen ... waarde 2"."""
    state = make("S2:r5 t1:m1", off=(OFF, ""))
    err = illegal(engine, state, "switch r5 t2 b")
    assert err.code == "masters_victory.switch_sum" and err.params["total"] == 4
    assert illegal(engine, state, "switch r5 b a").code == "masters_victory.switch_sum"
    listed = switches(engine, state)
    assert "switch r5 b@a4 f1@a1" in listed
    assert "switch r5 f1@a1 s1@d1 t2@c1" not in listed  # 1 + 1 + 2 = 4
    assert "switch r5 f1@a1 s1@d1" in listed


def test_switch_one_to_three_pieces(engine, make):
    state = make("S2:r5 t1:m1", off=("F1xF1xS1xT1xB.x", ""))
    assert "switch r5 f1@a1 f1@a11 s1@d1" in switches(engine, state)
    assert illegal(engine, state, "switch r5 f1 f1 s1 t1").code == "masters_victory.switch_count"


def test_masters_never_return(engine, make):
    """"Masterpionnen mogen niet terug op het bord"."""
    state = make("S2:r5 t1:m1", off=(OFF, ""))
    assert illegal(engine, state, "switch r5 tm").code == "masters_victory.switch_master"
    assert illegal(engine, state, "switch r5 t3m").code == "masters_victory.switch_master"
    assert not any("tm" in s for s in switches(engine, state))


def test_the_master_soldier_may_be_switched_away(engine, make, move):
    """"De mastersoldaat mag wel worden ingewisseld": it leaves the board for good, so it
    counts as a lost master (decision 13)."""
    state = make("Sm:r5 t1:m1", off=(OFF, ""))
    assert masters_left(state, 0) == 2
    state = move(state, "switch r5 b")
    assert masters_left(state, 0) == 1 and state.result is None
    assert "sm" not in tray(state, 0)


def test_new_pieces_enter_on_free_start_places_and_act_this_turn(engine, make, move, on):
    """"De nieuwe pionnen worden nadien gepositioneerd op de startplaatsen (beginposities)
    van hun type en kunnen reeds tijdens die spelbeurt worden ingeschakeld"."""
    state = make("S2:r5 T1:c1 t1:m1", off=(OFF, ""))
    assert illegal(engine, state, "switch r5 t2@c1").code == "masters_victory.switch_place"
    assert illegal(engine, state, "switch r5 t2@d1").code == "masters_victory.switch_place"
    state = move(state, "switch r5 t2")
    assert on(state, "c3") == "T2"  # c1 is taken: the next tank start place
    state = move(state, "c3-e4")
    assert on(state, "e4") == "T2"


def test_switch_needs_a_free_place_of_each_type(engine, make):
    full = " ".join(f"B:{B.NAMES[s]}" for s in B.START[0]["B"])
    state = make(f"S2:r5 t1:m1 {full}", off=("B.xF1x", ""))
    assert switches(engine, state) == ["switch r5 f1@a1"]
    assert illegal(engine, state, "switch r5 b").code == "masters_victory.switch_place"


def test_switch_conditions(engine, make):
    state = make("S2:q5 T1:r7 t1:m1", off=(OFF, ""))
    assert illegal(engine, state, "switch q5 t2").code == "masters_victory.switch_not_on_line"
    assert illegal(engine, state, "switch r7 t2").code == "masters_victory.switch_not_soldier"
    assert illegal(engine, state, "switch r5 t2").code == "masters_victory.switch_not_soldier"
    state = make("S2:r5 t1:m1", off=(OFF, ""))
    assert illegal(engine, state, "switch r5 t3").code == "masters_victory.switch_not_off"
    assert illegal(engine, state, "switch r5 f1@a1 f1@a11").code == "masters_victory.switch_not_off"
    assert illegal(engine, state, "switch r5 t2@c1 s1@c1").code == "masters_victory.switch_place_twice"
    assert switches(engine, make("S2:r5 t1:m1")) == []  # nothing off the board


def test_switch_for_the_northern_player_on_line_a(engine, make, move, on):
    state = make("s2:a5 T1:e1", to_move=1, off=("", "T2xB.x"))
    state = move(state, "switch a5 t2")
    assert on(state, "p1") == "t2" and on(state, "a5") == "."
