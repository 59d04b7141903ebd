"""The view (engines/heroes_cities/view.py): the same for every viewer, no hidden information."""

from __future__ import annotations

from engines.core.contract import Outcome
from engines.heroes_cities.view import HeroesCitiesView, LastMoveView


def test_view_start(engine):
    state = engine.setup(2, None)
    view = engine.view(state, None)
    assert isinstance(view, HeroesCitiesView)
    assert view.size == 10 and view.to_act == () and view.first_player is None
    assert view.turn == 0 and view.quiet_moves == 0 and view.last_move is None and view.result is None
    assert [p.square for p in view.pieces if p.owner == 0] == [f"{f}2" for f in "bcdefghi"]
    assert {p.kind for p in view.pieces} == {"attacker"}
    assert [(c.square, c.owner) for c in view.cities] == [
        ("a3", 0), ("d4", 0), ("g4", 0), ("j3", 0), ("a8", 1), ("d7", 1), ("g7", 1), ("j8", 1)
    ]
    assert view.reserve == (8, 8) and view.captured == ((0, 0), (0, 0))


def test_view_same_for_every_viewer(engine, move):
    state = engine.apply_chance(engine.setup(2, None), Outcome(kind="first_player_roll", values=(0, 3)))
    state = move(state, "c9-c7", "b2-a3")
    views = [engine.view(state, viewer) for viewer in (None, 0, 1)]
    dumps = [v.model_dump(mode="json") for v in views]
    for d in dumps:
        d.pop("viewer")
    assert dumps[0] == dumps[1] == dumps[2]
    assert [v.viewer for v in views] == [None, 0, 1]


def test_view_last_move(engine, make, move):
    """``last_move.path`` is the canonical shortest path (ties: N, NE, E, SE, S, SW, W, NW first),
    ``captured`` the squares emptied by enclosure at the end of that move."""
    state = make("A:c4,a1,c1 a:d5,e5,a10,c10,e10 H:h4")
    after = move(state, "h4-g5-f5")  # the path typed is checked, then forgotten
    view = engine.view(after, None)
    # shortest paths: h4-g4-f5 (W, NW) and h4-g5-f5 (NW, W); W comes first
    assert view.last_move == LastMoveView(seat=0, text="h4-f5", path=("h4", "g4", "f5"), captured=())
    state = make("A:c5,h4,g4,a1,c1 a:d5,e5,a10,c10,e10")
    view = engine.view(move(state, "h4-f5"), 1)
    assert view.last_move.path == ("h4", "g5", "f5")  # g4 is taken
    assert view.last_move.captured == ("d5", "e5")
    assert view.captured == ((0, 0), (2, 0))
    assert view.quiet_moves == 0 and view.to_act == (1,)


def test_view_result(engine, make, move):
    after = move(make("A:c5,g5 a:d5,a10,j10"), "g5-e5")
    view = engine.view(after, None)
    assert view.result == after.result and view.to_act == ()
    assert HeroesCitiesView.model_validate(view.model_dump(mode="json")) == view
