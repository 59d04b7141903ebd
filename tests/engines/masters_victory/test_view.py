"""The view model (engines/masters_victory/view.py): what the renderer and the bot draw."""

from __future__ import annotations

from engines.masters_victory import MastersVictoryOptions
from engines.masters_victory.view import MastersVictoryView, square_coords, square_name


def test_view_board_and_zones(engine):
    view = engine.view(engine.setup(2, MastersVictoryOptions()), None)
    assert (view.rows, view.cols) == (18, 11)
    assert len(view.zones.bunkers) == 12 and len(view.zones.mines) == 10
    assert len(view.zones.start_places) == 50
    assert {(p.seat, p.kind) for p in view.zones.start_places if p.square == "a4"} == {(0, "bomber")}
    assert len(view.pieces) == 50 and all(p.number is None for p in view.pieces)
    assert view.phase == "setup" and view.to_act == (0, 1) and view.turn is None
    assert view.ready == (False, False) and view.masters_left == (3, 3)
    assert MastersVictoryView.model_validate(view.model_dump(mode="json")) == view


def test_square_names():
    assert square_coords("a1") == (0, 0) and square_name(17, 10) == "r11"


def test_heights_follow_the_option(engine, make):
    for option, order in (("below_tank", "FBTAS"), ("above_tank", "FBATS"), ("lowest", "FBTSA")):
        state = make("F1:a1 B:a3 T1:a5 A:a7 S1:a9 t1:r1", artillery_height=option)
        heights = {p.kind[0].upper(): p.height for p in engine.view(state, None).pieces if p.owner == 0}
        assert sorted(heights, key=heights.get, reverse=True) == list(order)


def test_turn_progress_and_artillery_zones_of_the_side_to_move(engine, make, move):
    state = make("T2:e5 t1:e7 A:c4 S1:a1 a:p4")
    view = engine.view(state, 0)
    assert [z.artillery for z in view.artillery_zones] == ["c4"]
    assert view.artillery_zones[0].squares == ("d3", "d4", "d5", "e3", "e4", "e5", "f3", "f4", "f5")
    state = move(state, "e5xe7")
    view = engine.view(state, 1)
    assert view.turn.moved == ("e7",) and view.turn.moves_left == 2
    assert view.turn.continuation == "e7" and view.turn.steps_left == 6
    assert next(p for p in view.pieces if p.square == "e7").moved
    assert view.current_turn[0].kind == "attack" and view.current_turn[0].path == ("e5", "e6", "e7")
    assert view.eliminated == ((), (view.current_turn[0].removed[0],))
    state = move(state, "end")
    view = engine.view(state, None)
    assert [a.text for a in view.last_turn] == ["e5xe7", "end"] and view.current_turn == ()
    assert [z.artillery for z in view.artillery_zones] == ["p4"]
    assert view.turn.seat == 1 and view.turn.number == 12


def test_finished_game_view(engine, make, move):
    state = move(make("T1:e5 sm:e7 S1:a1 f1:r1", off=("", "FmxTmx")), "e5xe7")
    view = engine.view(state, None)
    assert view.result.winners == (0,) and view.turn is None and view.to_act == ()
    assert view.masters_left == (3, 0)
    assert [(e.kind, e.number, e.master) for e in view.eliminated[1]] == [
        ("fighter", 3, True), ("tank", 3, True), ("soldier", 3, True)]
