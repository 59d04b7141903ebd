"""The view model (engines/militakiri/view.py): what the renderer and the bot read."""

from __future__ import annotations

import pytest

from engines.militakiri import MilitakiriOptions, MilitakiriView

from .conftest import make_state, play, started


def test_view_of_a_started_game(engine):
    state = started(engine, first=1)
    view = engine.view(state, None)
    assert isinstance(view, MilitakiriView)
    assert (view.board, view.files, view.ranks, view.phase) == ("single", 6, 12, "play")
    assert view.to_act == (1,) and view.first_player == 1
    assert len(view.pieces) == 36 and view.setup_done == (True, True)
    assert view.setup_zones[0][:3] == ("a1", "b1", "c1") and len(view.setup_zones[1]) == 18
    assert "f12" in view.setup_zones[1]
    assert view.reserves[0].model_dump() == {"plus": 2, "cross": 2, "star": 1}
    assert view.pending == ((), ()) and not view.placing and view.endgame is None
    assert view.highlights == () and view.last_move is None and view.result is None
    tower = next(p for p in view.pieces if p.square == "a1")
    assert (tower.kind, tower.shape, tower.owner, tower.height, tower.stack, tower.reach) == ("tower", "star", 0, 0, (), 0)
    pawn = next(p for p in view.pieces if p.square == "b2")
    assert (pawn.kind, pawn.shape, pawn.owner, pawn.height, pawn.reach) == ("pawn", "plus", 0, 1, 1)
    assert engine.view(state, 0) == view.model_copy(update={"viewer": 0})


def test_rank_view_lists_the_stack_bottom_to_top(engine):
    state = make_state("c5:sxP a1:TS f12:ts a12:p")
    piece = next(p for p in engine.view(state, 1).pieces if p.square == "c5")
    assert piece.kind == "rank" and piece.height == 3 and piece.owner == 0 and piece.shape == "plus"
    assert [(s.owner, s.shape) for s in piece.stack] == [(1, "star"), (1, "cross"), (0, "plus")]
    assert piece.reach == 3


def test_last_move_and_highlights(engine):
    state = make_state("c5:P d6:x a1:TS f12:ts e12:tp")
    after = play(engine, state, "c5xd6")
    view = engine.view(after, None)
    assert view.last_move.model_dump() == {
        "seat": 0, "kind": "capture", "text": "c5xd6", "frm": "c5", "to": "d6",
        "capture": True, "placement": None, "promotion": None,
    }
    assert view.turn == 11 and view.quiet_moves == 0
    marked = view.model_copy(update={"highlights": engine.reachable_squares(after, 0, "d6")})
    assert marked.highlights == ("b6", "c6", "d4", "d5", "d7", "d8", "e6", "f6")  # rank 2: 2 squares


def test_reachable_squares_edge_cases(engine):
    """Section 25 draws where a piece can go; a square that cannot show that is refused with the
    reason (`/view piece:zz99` was silently drawn as "nowhere")."""
    from engines.core.errors import IllegalMoveError, InvalidMoveError

    state = make_state("c5:P d6:x a1:TS f12:ts e12:tp")
    with pytest.raises(IllegalMoveError) as other:
        engine.reachable_squares(state, 1, "c5")  # not the viewer's piece
    assert other.value.code == "militakiri.reach_no_own_piece" and other.value.params == {"square": "c5"}
    with pytest.raises(IllegalMoveError):
        engine.reachable_squares(state, 0, "c6")  # empty
    with pytest.raises(InvalidMoveError) as unknown:
        engine.reachable_squares(state, 0, "q9")  # not a square
    assert unknown.value.code == "militakiri.reach_no_such_square" and unknown.value.params["last"] == "f12"
    assert engine.reachable_squares(state, 1, "d6") == ("c7", "e5", "e7")
    assert engine.reachable_squares(engine.setup(2, MilitakiriOptions()), 0, "a1") == ()


def test_view_round_trips_through_json(engine):
    state = make_state("c5:sxP a1:TS f12:ts", pending=("x", ""), endgame=(2, 3))
    view = engine.view(state, 0)
    assert MilitakiriView.model_validate_json(view.model_dump_json()) == view
    assert view.endgame.moves_left == (48, 47)
    assert view.pending == (("cross",), ())
