"""``MilitakiriView.lost``: the pieces each seat lost off the board (the picture shows them).

Counted from the state against the starting material (section 3), so each case compares the
counts before and after one capture (sections 6-18 say what leaves the board).
"""

from __future__ import annotations

from engines.militakiri import MilitakiriOptions
from engines.militakiri.view import lost_pieces

from .conftest import make_state, play, started


def counts(state, seat):  # type: ignore[no-untyped-def]
    lost = lost_pieces(state, seat)
    return lost.pawns.model_dump(), lost.towers.model_dump()


NONE = {"plus": 0, "cross": 0, "star": 0}


def test_nothing_is_lost_during_the_setup_or_at_the_start(engine):
    assert engine.view(engine.setup(2, MilitakiriOptions()), 0).lost[0].model_dump() == {"pawns": NONE, "towers": NONE}
    for board in ("single", "double"):
        state = started(engine, MilitakiriOptions(board=board))
        for seat in (0, 1):
            assert counts(state, seat) == (NONE, NONE), (board, seat)
        assert engine.view(state, None).lost == (lost_pieces(state, 0), lost_pieces(state, 1))


def test_a_hand_built_position_counts_against_the_starting_material(engine):
    state = make_state("c5:P d6:x a1:TS f12:ts e12:tp")
    assert counts(state, 0) == ({"plus": 4, "cross": 5, "star": 5}, {"plus": 1, "cross": 1, "star": 0})
    assert counts(state, 1) == ({"plus": 5, "cross": 4, "star": 5}, {"plus": 0, "cross": 1, "star": 0})


def test_a_captured_pawn_under_the_taker_is_on_the_board_not_lost(engine):
    """Section 8 (rulebook line 256): the taken pawn stays on the board under the taker."""
    state = make_state("c5:P d6:x a1:TS f12:ts e12:tp")
    after = play(engine, state, "c5xd6")
    assert counts(after, 1) == counts(state, 1) and counts(after, 0) == counts(state, 0)


def test_a_taken_tower_is_lost(engine):
    """Section 6: a pawn takes a tower, the tower leaves the board."""
    state = make_state("c5:P d6:tp a1:TS f12:ts e12:tx")
    after = play(engine, state, "c5xd6")
    assert counts(after, 1)[1] == {**counts(state, 1)[1], "plus": counts(state, 1)[1]["plus"] + 1}
    assert counts(after, 1)[0] == counts(state, 1)[0] and counts(after, 0) == counts(state, 0)


def test_a_rank_exchanged_for_a_reserve_tower_loses_its_captives_not_its_top(engine):
    """Sections 7 and 12: plus rank 2 takes a pawn, becomes rank 3 and leaves the board for a
    reserve plus tower. The blue pawns in it are lost; the red top pawn was exchanged, not lost."""
    state = make_state("c5:xP d6:x a1:TS f12:ts e12:tp")
    after = play(engine, state, "c5xd6")
    assert after.pending[0] == "p" or after.reserves[0][0] == state.reserves[0][0] - 1
    assert counts(after, 0) == counts(state, 0)
    before_cross = counts(state, 1)[0]["cross"]
    assert counts(after, 1)[0] == {**counts(state, 1)[0], "cross": before_cross + 2}
