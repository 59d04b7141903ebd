"""Sections 5-6 (movement and capture directions), 8-12 (the worked examples of ranks) and the
movement clauses of section 20."""

from __future__ import annotations

import pytest

from engines.core.errors import IllegalMoveError

from .conftest import cell, make_state, play, texts

BLUE_TOWERS = "f12:ts e12:tp"
RED_TOWER = "f1:TS"


def targets(engine, state, square):
    return {m.to for m in engine.legal_moves(state, state.to_move) if m.frm == square}


def test_section5_plus_pawn_moves_orthogonally_one_square(engine):
    state = make_state(f"c5:P {RED_TOWER} {BLUE_TOWERS}")
    assert targets(engine, state, "c5") == {"c6", "c4", "b5", "d5"}


def test_section5_cross_pawn_moves_diagonally_one_square(engine):
    state = make_state(f"c5:X {RED_TOWER} {BLUE_TOWERS}")
    assert targets(engine, state, "c5") == {"b6", "d6", "b4", "d4"}


def test_section5_star_pawn_moves_both_ways(engine):
    state = make_state(f"c5:S {RED_TOWER} {BLUE_TOWERS}")
    assert targets(engine, state, "c5") == {"c6", "c4", "b5", "d5", "b6", "d6", "b4", "d4"}


def test_section5_tower_moves_any_distance_without_jumping(engine):
    """Section 5: "Een toren is niet gelimiteerd in het aantal velden ... zonder over een pion,
    rang of toren heen te springen"."""
    state = make_state(f"c5:TP c8:P {RED_TOWER} {BLUE_TOWERS}")
    assert targets(engine, state, "c5") == {"c6", "c7", "c4", "c3", "c2", "c1", "a5", "b5", "d5", "e5", "f5"}


def test_section5_cross_tower_moves_diagonally_any_distance(engine):
    state = make_state(f"a1:TX {RED_TOWER} {BLUE_TOWERS}")
    assert targets(engine, state, "a1") == {"b2", "c3", "d4", "e5", "f6"}


def test_section6_plus_captures_diagonally_not_orthogonally(engine):
    """Section 6: capturing goes in the other direction than moving."""
    state = make_state(f"c5:P d6:x c6:x {RED_TOWER} {BLUE_TOWERS}")
    moves = texts(engine, state)
    assert "c5xd6" in moves
    assert "c5xc6" not in moves and "c5-c6" not in moves
    with pytest.raises(IllegalMoveError) as err:
        engine.parse_move("c5xc6", state, 0)
    assert err.value.code == "militakiri.wrong_capture_direction"


def test_section6_cross_captures_orthogonally_not_diagonally(engine):
    """Section 6 example: a red cross pawn takes a blue plus pawn (orthogonally); a blue plus pawn
    takes a red cross pawn (diagonally)."""
    state = make_state(f"c5:X c6:p d6:p {RED_TOWER} {BLUE_TOWERS}")
    moves = texts(engine, state)
    assert "c5xc6" in moves and "c5xd6" not in moves
    blue = make_state(f"c5:X d6:p {RED_TOWER} {BLUE_TOWERS}", to_move=1)
    assert "d6xc5" in texts(engine, blue)


def test_section6_star_captures_every_way(engine):
    state = make_state(f"c5:S c6:p d6:x b4:s {RED_TOWER} {BLUE_TOWERS}")
    assert {"c5xc6", "c5xd6", "c5xb4"} <= texts(engine, state)


def test_section6_tower_takes_a_pawn_or_rank_off_the_board(engine):
    """Section 6: a tower taking a pawn or rank removes it; the tower never stands on it."""
    state = make_state(f"c1:TX c7:xsp {RED_TOWER} {BLUE_TOWERS}")
    after = play(engine, state, "c1xc7")
    assert cell(after, "c7") == "TX" and cell(after, "c1") == ""


def test_section6_pawn_takes_a_tower_off_the_board(engine):
    """Section 6: a tower taken by a pawn or rank leaves the board; the pawn never stands on it."""
    state = make_state(f"c5:P d6:tx {RED_TOWER} {BLUE_TOWERS}")
    after = play(engine, state, "c5xd6")
    assert cell(after, "d6") == "P"
    state = make_state(f"c5:xpS d6:tx {RED_TOWER} {BLUE_TOWERS}")
    assert cell(play(engine, state, "c5xd6"), "d6") == "xpS"


def test_section6_tower_takes_a_tower(engine):
    state = make_state(f"a1:TP d4:tx {RED_TOWER} {BLUE_TOWERS}")
    after = play(engine, state, "a1xd4")
    assert cell(after, "d4") == "TP"


def test_section6_captures_do_not_jump(engine):
    state = make_state(f"a1:TS c3:P e5:p {RED_TOWER} {BLUE_TOWERS}")
    assert "a1xe5" not in texts(engine, state)
    with pytest.raises(IllegalMoveError) as err:
        engine.parse_move("a1xe5", state, 0)
    assert err.value.code == "militakiri.path_blocked" and err.value.params["blocker"] == "c3"


def test_section8_rank2_moves_and_captures_two_squares(engine):
    """Section 8: a plus pawn takes a cross pawn and stands on it: rank 2, moving orthogonally up
    to 2 squares and capturing diagonally up to 2."""
    state = make_state(f"c3:P d4:x {RED_TOWER} {BLUE_TOWERS} a10:p", turn=10)
    after = play(engine, state, "c3xd4", "a10-a9")
    assert cell(after, "d4") == "xP"
    assert targets(engine, after, "d4") == {"d5", "d6", "d3", "d2", "c4", "b4", "e4", "f4"}
    far = play(engine, after, "d4-d6")
    assert cell(far, "d6") == "xP"
    capture = make_state(f"d4:xP f6:s {RED_TOWER} {BLUE_TOWERS}")
    assert "d4xf6" in texts(engine, capture)


def test_section8_rank_reach_equals_its_pawns(engine):
    """Section 20: 2 pawns at most 2 squares, 3 at most 3, 4 at most 4."""
    for stack, reach in (("S", 1), ("pS", 2), ("xpS", 3), ("sxpS", 4)):
        state = make_state(f"a5:{stack} {RED_TOWER} {BLUE_TOWERS}")
        up = {t for t in targets(engine, state, "a5") if t[0] == "a" and int(t[1:]) > 5}
        assert len(up) == reach, stack
    state = make_state(f"a5:pS {RED_TOWER} {BLUE_TOWERS}")
    with pytest.raises(IllegalMoveError) as err:
        engine.parse_move("a5-a8", state, 0)
    assert err.value.code == "militakiri.out_of_range" and err.value.params["limit"] == 2


def test_section9_pawn_takes_a_rank_off_the_board(engine):
    """Section 9: a pawn taking a rank 2, 3 or 4 removes it whole and takes its place."""
    for rank in ("Sp", "xSp", "pxXs"):
        state = make_state(f"c5:X c6:{rank} {RED_TOWER} {BLUE_TOWERS}")
        after = play(engine, state, "c5xc6")
        assert cell(after, "c6") == "X"


def test_section10_lower_rank_takes_higher_rank(engine):
    """Section 10: the higher rank leaves the board whole, the lower rank takes its place."""
    state = make_state(f"c5:pX c6:xSp {RED_TOWER} {BLUE_TOWERS}")
    after = play(engine, state, "c5xc6")
    assert cell(after, "c6") == "pX"


def test_section10_example_star_rank3_takes_plus_rank2(engine):
    """Section 10 example: a star rank 3 takes a rank 2 with a blue plus pawn at the bottom: with a
    reserve star tower it becomes rank 4 and is exchanged for the tower, the bottom plus pawn
    leaves the board; without, the rank 4 stays and the bottom plus pawn leaves."""
    with_reserve = make_state(f"c5:xpS c6:pS {RED_TOWER} {BLUE_TOWERS}".replace("c6:pS", "c6:ps"))
    after = play(engine, with_reserve, "c5xc6")
    assert cell(after, "c6") == "" and after.pending[0] == "s"
    without = with_reserve.model_copy(update={"reserves": ((2, 2, 0), (2, 2, 1))})
    after = play(engine, without, "c5xc6")
    assert cell(after, "c6") == "sxpS"


def test_section11_equal_rank2_takes_rank2(engine):
    """Section 11: a cross or plus rank 2 taking a rank 2 goes over the maximum of 3: exchanged for
    a reserve tower; without one, the bottom (blue plus) pawn of the taken rank leaves."""
    state = make_state(f"c5:xX c6:Sp {RED_TOWER} {BLUE_TOWERS}")
    after = play(engine, state, "c5xc6")
    assert cell(after, "c6") == "" and after.pending[0] == "x"
    without = state.model_copy(update={"reserves": ((2, 0, 1), (2, 2, 1))})
    assert cell(play(engine, without, "c5xc6"), "c6") == "pxX"


def test_section12_rank2_takes_pawn_to_rank3(engine):
    """Section 12: a cross/plus rank 2 taking a pawn promotes (rank 3 -> reserve tower); without a
    reserve tower of that shape it becomes rank 3, moves and captures up to 3 squares, never
    becomes rank 4, and what it captures then leaves the board."""
    state = make_state(f"c5:sP d6:x {RED_TOWER} {BLUE_TOWERS}")
    after = play(engine, state, "c5xd6")
    assert after.pending[0] == "p" and after.reserves[0] == (1, 2, 1)
    without = state.model_copy(update={"reserves": ((0, 2, 1), (2, 2, 1))})
    after = play(engine, without, "c5xd6", "e12-e11")
    assert cell(after, "d6") == "xsP"
    assert {"d9", "a6"} <= targets(engine, after, "d6")  # 3 squares
    again = make_state(f"d6:xsP e7:p {RED_TOWER} {BLUE_TOWERS}", reserves=((0, 2, 1), (2, 2, 1)))
    assert cell(play(engine, again, "d6xe7"), "e7") == "xsP"


def test_section12_star_rank3_takes_pawn_to_rank4(engine):
    """Section 12: a star rank 3 taking a pawn becomes rank 4 and is exchanged for the star tower;
    without a reserve star tower it stays a rank 4 reaching 4 squares, never higher."""
    state = make_state(f"c5:xpS c6:p {RED_TOWER} {BLUE_TOWERS}")
    after = play(engine, state, "c5xc6")
    assert after.pending[0] == "s" and after.reserves[0] == (2, 2, 0)
    without = state.model_copy(update={"reserves": ((2, 2, 0), (2, 2, 1))})
    after = play(engine, without, "c5xc6", "e12-e11")
    assert cell(after, "c6") == "pxpS"
    assert "c10" in targets(engine, after, "c6")
    again = make_state(f"c6:pxpS c7:p {RED_TOWER} {BLUE_TOWERS}", reserves=((2, 2, 0), (2, 2, 1)))
    assert cell(play(engine, again, "c6xc7"), "c7") == "pxpS"


def test_section13_top_pawn_rules_the_rank(engine):
    """Section 8/13: the top pawn's colour owns the rank and its shape gives the directions."""
    state = make_state(f"c5:sxP {RED_TOWER} {BLUE_TOWERS}")
    assert targets(engine, state, "c5") == {"c6", "c7", "c8", "c4", "c3", "c2", "a5", "b5", "d5", "e5", "f5"}
    blue = make_state(f"c5:SXp a1:P {RED_TOWER} {BLUE_TOWERS} a12:p", to_move=1)
    assert "c5-c6" in texts(engine, blue)


def test_section20_no_piece_stands_on_its_own_side(engine):
    state = make_state(f"c5:P c6:X {RED_TOWER} {BLUE_TOWERS}")
    with pytest.raises(IllegalMoveError) as err:
        engine.parse_move("c5-c6", state, 0)
    assert err.value.code == "militakiri.own_piece_there"


@pytest.mark.parametrize(
    "text,code",
    [
        ("d4-d5", "militakiri.no_own_piece"),
        ("c5-c5", "militakiri.same_square"),
        ("c5-d7", "militakiri.not_a_line"),
        ("c5-d6", "militakiri.wrong_move_direction"),
        ("c5-c7", "militakiri.out_of_range"),
        ("f12-f11", "militakiri.no_own_piece"),
    ],
)
def test_illegal_move_codes(engine, text, code):
    state = make_state(f"c5:P {RED_TOWER} {BLUE_TOWERS}")
    with pytest.raises(IllegalMoveError) as err:
        engine.parse_move(text, state, 0)
    assert err.value.code == code
    assert err.value.params["closest"], "closest legal moves are offered"


def test_not_your_turn(engine):
    state = make_state(f"c5:P {RED_TOWER} {BLUE_TOWERS}")
    with pytest.raises(IllegalMoveError) as err:
        engine.parse_move("e12-e11", state, 1)
    assert err.value.code == "militakiri.not_your_turn" and err.value.params["seat"] == 0


def test_apply_refuses_a_wrongly_flagged_capture(engine):
    from engines.militakiri.moves import BoardMove

    state = make_state(f"c5:S d6:x {RED_TOWER} {BLUE_TOWERS}")
    with pytest.raises(IllegalMoveError) as err:
        engine.apply(state, 0, BoardMove(kind="move", frm="c5", to="d6"))
    assert err.value.code == "militakiri.capture_mismatch"
    with pytest.raises(IllegalMoveError) as err:
        engine.apply(state, 0, BoardMove(kind="capture", frm="c5", to="c6"))
    assert err.value.code == "militakiri.capture_mismatch"
    # typed, the board decides: "c5-d6" onto an enemy is read as the capture
    assert engine.format_move(engine.parse_move("c5-d6", state, 0), state) == "c5xd6"
