"""AANVAL R1/R2, the protections and the VERDEDIGINGSZONE, with the worked examples of
figures 5, 6 and 7 as the rulebook text describes them (decisions 6-8)."""

from __future__ import annotations

import pytest

from engines.core.errors import IllegalMoveError
from engines.masters_victory import board as B
from engines.masters_victory.rules import legal_moves


def illegal(engine, state, text):
    with pytest.raises(IllegalMoveError) as err:
        engine.parse_move(text, state, state.to_move)
    return err.value


def attacks(state):
    return {m.frm + "x" + m.attack for m in legal_moves(state, state.to_move) if m.kind == "move" and m.attack}


# --- R1 ----------------------------------------------------------------------------------


def test_r1_lower_number_removed_attacker_loses(engine, make, move, on):
    """R1: "dan wordt de pion met het kleinste rugnummer van het bord verwijderd"."""
    state = move(make("T2:e5 t3:e7 S1:c1"), "e5xe7")
    assert on(state, "e5") == "." and on(state, "e7") == "t3"
    assert state.off == ("T2x", "")
    assert state.cont is None and state.used == 1


def test_r1_higher_number_wins_and_takes_the_square(engine, make, move, on):
    """R1 (and "De aanvallende pion wordt verplaatst tot de positie van de verdedigende pion")."""
    state = move(make("Tm:e5 t2:e7"), "e5xe7")
    assert on(state, "e5") == "." and on(state, "e7") == "Tm"
    assert state.off == ("", "T2x")


def test_r1_equal_numbers_both_removed(engine, make, move, on):
    """R1: "In geval van gelijke rugnummers worden beiden van het spelbord verwijderd"."""
    state = move(make("S2:e5 s2:e7"), "e5xe7")
    assert on(state, "e5") == "." and on(state, "e7") == "."
    assert state.off == ("S2x", "S2x")


def test_r1_master_counts_as_3(engine, make, move, on):
    """R1: "rugnummer 3 heeft dezelfde waarde als 3M : beide verwijderd"."""
    state = move(make("F3:e5 fm:e7"), "e5xe7")
    assert on(state, "e7") == "." and state.off == ("F3x", "Fmx")
    state = move(make("Fm:e5 f3:e7"), "e5xe7")
    assert state.off == ("Fmx", "F3x")


# --- R2 and the attack table -------------------------------------------------------------

TABLE = {
    # attacker: defenders it may take (R1 for its own numbered type, R2 for the others)
    "F": "FBSA",
    "B": "TSA",
    "T": "TSA",
    "S": "FBSA",
    "A": "",
}


@pytest.mark.parametrize("attacker", "FBTSA")
@pytest.mark.parametrize("defender", "FBTSA")
def test_r2_attack_table(engine, make, move, on, attacker, defender):
    """R2: "Bij gevechten van dit type neemt de aanvaller de positie in van de verdediger en
    wordt steeds de verdediger van het bord verwijderd"; the table of decision 6."""
    a = attacker + ("1" if attacker in "FTS" else "")
    d = defender.lower() + ("1" if defender in "FTS" else "")
    state = make(f"{a}:e5 {d}:e7")
    allowed = defender in TABLE[attacker]
    assert ("e5xe7" in attacks(state)) == allowed
    if not allowed:
        code = "masters_victory.artillery_attack" if attacker == "A" else "masters_victory.cannot_attack"
        assert illegal(engine, state, "e5xe7").code == code
        return
    after = move(state, "e5xe7")
    if attacker == defender:  # R1 with equal numbers
        assert on(after, "e7") == "."
    else:
        assert on(after, "e7") == a and on(after, "e5") == "."


def test_r2_tank_takes_soldier_and_artillery_not_aircraft(engine, make):
    """"Een tank kan via R2 een soldaatpion of artilleriepion uitschakelen maar kan geen
    jager- of bommenwerperpion aanvallen"."""
    state = make("T1:e5 s1:e7 a:c5 f1:g5 b:e3")
    assert attacks(state) == {"e5xe7", "e5xc5"}


@pytest.mark.parametrize(("option", "targets"), [("none", {"e5xe7"}), ("soldier_artillery", {"e5xe7", "e5xc5", "e5xe3"}),
                                                  ("all", {"e5xe7", "e5xc5", "e5xe3", "e5xg5"})])
def test_r2_fighter_vs_ground_option(engine, make, option, targets):
    """Option ``fighter_vs_ground`` (decision 6). The default keeps fighters off tanks on the
    strength of example 3 alone: "Tank groen wordt pas nadien door bommenwerper rood
    uitgeschakeld (R2)" -- a bomber, not a fighter, takes the tank; ``all`` allows it."""
    state = make("F1:e5 b:e7 s1:c5 a:e3 t1:g5", fighter_vs_ground=option)
    assert attacks(state) == targets


def test_attack_is_never_compulsory(engine, make, move):
    """"Aanval is nooit verplicht": moving beside an enemy, or ending the turn, is fine."""
    state = move(make("T1:e5 s1:e7 S1:a1"), "e5-e6", "end")
    assert state.to_move == 1
    assert "e6xe7" not in attacks(state)


# --- after the attack: remaining movement, one elimination ------------------------------


def test_remaining_movement_after_an_attack(engine, make, move, on):
    """"Na een aanval mogen de resterende verplaatsingen van de aanvallende pion worden
    opgebruikt": in one action (``e5xe7-e11``) or as a continuation (decision 8)."""
    state = move(make("T2:e5 t1:e7 S1:a1"), "e5xe7-e11")
    assert on(state, "e11") == "T2" and state.used == 1 and state.cont is None
    with pytest.raises(IllegalMoveError) as err:
        engine.parse_move("e5xe7-l7", make("T2:e5 t1:e7 S1:a1"), 0)
    assert err.value.code == "masters_victory.no_continuation" and err.value.params["left"] == 6
    # the same in two actions: the attacker may go on; that is not another piece moved
    state = move(make("T2:e5 t1:e7 S1:a1"), "e5xe7")
    assert state.cont == (B.index("e7"), 6, 1)  # 6 squares left, last step east
    assert "e7-e11" in [engine.format_move(m, state) for m in legal_moves(state, 0)]
    state = move(state, "e7-e11")
    assert on(state, "e11") == "T2" and state.used == 1 and state.cont is None
    assert [a.kind for a in state.current] == ["attack", "continue"]


def test_explicit_path_with_attack_and_continuation(engine, make, move, on):
    """``e3-e5xe6-g6``: a written path through corners with the attack in it."""
    state = make("T2:e3 t1:e6")
    played = engine.parse_move("e3-e5xe6-g6", state, 0)
    assert engine.format_move(played, state) == "e3xe6-g6"
    assert on(move(state, "e3-e5xe6-g6"), "g6") == "T2"


def test_continuation_is_lost_when_the_attacker_is_removed(engine, make, move, on):
    state = move(make("T1:e5 t3:e7"), "e5xe7-e11")
    assert on(state, "e11") == "." and on(state, "e7") == "t3" and state.off == ("T1x", "")


def test_one_elimination_per_piece_per_turn(engine, make, move):
    """"Volgens regel 1 en 2 kan men per individuele pion slechts één vijandelijke pion per
    beurt uitschakelen"."""
    state = make("T2:e5 t1:e7 s1:e9")
    assert illegal(engine, state, "e5xe7xe9").code == "masters_victory.one_attack"
    state = move(state, "e5xe7")
    assert illegal(engine, state, "e7xe9").code == "masters_victory.one_attack"
    assert "e7xe9" not in attacks(state)


def test_continuation_lapses_after_another_action(engine, make, move):
    state = move(make("T2:e5 t1:e7 S1:a1"), "e5xe7", "a1-b1")
    assert state.cont is None
    assert illegal(engine, state, "e7-e9").code == "masters_victory.already_moved"


# --- protections ---------------------------------------------------------------------------


def test_bunker_protects_ground_units_from_aircraft(engine, make, move):
    """"In de zones bunker staan grondtroepen (tank, soldaat, artillerie) beschermd tegen
    lucht- en artillerieaanvallen"; but not against ground attacks."""
    state = make("B:k3 F1:l4 F2:h8 T3:m6 t1:m3 s1:m2 b:m9 f1:f10")
    assert illegal(engine, state, "k3xm3").code == "masters_victory.protected_bunker"
    assert illegal(engine, state, "l4xm2").code == "masters_victory.protected_bunker"
    assert "m6xm3" in attacks(state)  # a tank attacks the tank in the bunker (R1)
    # aircraft in a bunker are not protected
    assert "h8xm9" in attacks(state) and "h8xf10" in attacks(state)


def test_mines_protect_aircraft_from_soldiers_not_from_others(engine, make):
    """"Op mines zones staan vliegtuigen beschermd tegen soldaatpionnen (en niet tegen
    artillerieaanvallen)"."""
    state = make("S3:h6 F2:h5 f1:i6 b:j10")
    assert illegal(engine, state, "h6xi6").code == "masters_victory.protected_mines"
    assert "h5xi6" in attacks(state) and "h5xj10" in attacks(state)
    assert not any(a.startswith("h6x") for a in attacks(state))


# --- defence zone (VERDEDIGINGSZONE), figures 5-7 ----------------------------------------


def test_defence_zone_taller_neighbour_protects(engine, make):
    """"dan beschermt de grootste pion steeds de kleinere pionnen"."""
    state = make("T3:e6 t2:h5 s2:h6")
    err = illegal(engine, state, "e6xh6")
    assert err.code == "masters_victory.defended" and err.params["defenders"] == ["h5"]


def test_fig5_pieces_not_next_to_each_other_do_not_protect(engine, make):
    """Figure 5: "X en Y staan net niet in mekaars verdedigingszone": two squares apart."""
    state = make("T3:e7 t2:h5 s2:h7")
    assert "e7xh7" in attacks(state)


def test_fig6_example1_tank_attacks_tank_beside_a_soldier(engine, make, move, on):
    """Voorbeeld 1: only a smaller piece (the green soldier) stands next to the green tank, so
    the red tank may attack it directly (R1)."""
    state = make("T3:e5 t2:h5 s2:h6")
    assert "e5xh5" in attacks(state)
    assert on(move(state, "e5xh5"), "h5") == "T3"


def test_fig6_example2_soldier_behind_a_tank(engine, make, move, on):
    """Voorbeeld 2: a taller piece (the green tank) stands next to the green soldier: the red
    tank must first eliminate the tank (R1) before the soldier (R2)."""
    state = make("T3:e5 T2:e6 t2:h5 s2:h6")
    assert "e6xh6" not in attacks(state)
    assert illegal(engine, state, "e6xh6").code == "masters_victory.defended"
    state = move(state, "e5xh5")
    assert on(state, "h5") == "T3" and state.off == ("", "T2x")
    assert "e6xh6" in attacks(state)
    state = move(state, "e6xh6")
    assert on(state, "h6") == "T2" and state.off == ("", "T2xS2x")


FIG7 = "f1:k4 s1:k6 s2:l5 t1:m5 f2:n5 F1:e4 F2:e5 B:h5 T3:g5 S1:a1"


def test_fig7_example3_clearing_the_defence_zone(engine, make, move, on):
    """Voorbeeld 3 (figure 7): red wants green soldier 2. In its defence zone stand fighter 1,
    soldier 1 and tank 1 green; fighter 1 and the tank are taller, so they go first.
    7B/a: red fighter 1 takes green fighter 1 (R1, equal numbers: both removed).
    7B/b1: the green tank is protected by green fighter 2 (taller), which red fighter 2 takes
    (R1). 7B/b2: then the red bomber takes the green tank (R2).
    7C: only now is soldier 2 free of taller pieces, and red must wait for its next turn,
    "aangezien hij reeds 3 zetten heeft gedaan"."""
    state = make(FIG7)
    err = illegal(engine, state, "g5xl5")
    assert err.code == "masters_victory.defended" and err.params["defenders"] == ["k4", "m5"]
    assert illegal(engine, state, "h5xm5").params["defenders"] == ["n5"]
    assert {"e4xk4", "e5xn5", "e4xn5", "e5xk4"} <= attacks(state)  # fighters: nobody taller
    state = move(state, "e4xk4")  # a
    assert on(state, "k4") == "." and on(state, "e4") == "."
    state = move(state, "e5xn5")  # b1
    assert on(state, "n5") == "."
    state = move(state, "h5xm5")  # b2
    assert on(state, "m5") == "B"
    # three pieces moved: no fourth piece, so no attack on soldier 2 this turn (the bomber may
    # still use its last square, decision 8, so the turn waits for end)
    assert illegal(engine, state, "g5xl5").code == "masters_victory.three_moved"
    state = move(state, "end")
    assert sorted(state.off[1][i:i + 3] for i in range(0, 9, 3)) == ["F1x", "F2x", "T1x"]
    state = move(state, "end")
    # 7C: soldier 1 green is as tall as soldier 2 and does not protect it
    assert "g5xl5" in attacks(state)
    state = move(state, "g5xl5")
    assert on(state, "l5") == "T3"


def test_defence_zone_does_not_apply_to_artillery(engine, make, move, on):
    """"Bij aanval door artillerie is de verdedigingszone niet van toepassing"."""
    state = move(make("A:e5 t2:h5 s2:h6 f1:g6"), "fire e5")
    assert on(state, "h6") == "." and on(state, "h5") == "." and on(state, "g6") == "."


def test_an_attack_out_of_reach_says_too_far_not_occupied(engine, make):
    """`q5xb5` (a fighter 15 squares from its target; "jager: maximum 10 vakjes")
    answered "b5 is occupied ... (attack with x)", though the player had written the x. An
    attack's target is occupied by definition: the refusal is the distance, or the blocked path."""
    err = illegal(engine, make("f1:q5 F1:b5 t1:p7", to_move=1), "q5xb5")
    assert err.code == "masters_victory.too_far"
    assert err.params["distance"] == 15 and err.params["limit"] == 10 and err.params["origin"] == "q5"
    blocked = illegal(engine, make("S1:d5 T1:c5,e5,d4 s1:d6,f5,d7 t1:p7"), "d5xf5")
    assert blocked.code == "masters_victory.path_blocked"
    plain = illegal(engine, make("f1:q5 F1:b5 t1:p7", to_move=1), "q5-b5")
    assert plain.code == "masters_victory.occupied"  # a move without x onto a piece: still "occupied"
