"""The view model (engines/battle_island/view.py): what the renderer and the bot read."""

from __future__ import annotations

from engines.battle_island import BattleIslandOptions
from engines.battle_island.view import BattleIslandView
from engines.core.contract import Outcome

from .conftest import BLOCK_SQUARES, play, position, roll, set_up


def test_view_of_a_started_game(engine):
    state = set_up(engine, first=1)
    view = engine.view(state, 0)
    assert isinstance(view, BattleIslandView)
    assert (view.viewer, view.size, view.phase, view.step) == (0, 12, "play", "roll")
    assert view.to_act == (1,) and view.to_move == 1 and view.die is None and view.last_roll is None
    assert len(view.characters) == 20 and sum(c.square is None for c in view.characters) == 10
    assert all((c.slot is None) == (c.square is not None) for c in view.characters)
    assert len(view.blocks) == 10 and view.blocks_left == 10 and all(b.live is None for b in view.blocks)
    assert [b.owner for b in view.blocks] == [1, 0] * 5
    assert view.lost == (0, 0) and view.win_at == 10 and view.live_left is None
    assert view.seal == state.seal and view.opening is None and view.result is None
    assert view.turn == 1 and view.quiet_turns == 0 and view.revealed == () and view.actions == ()
    tank = next(c for c in view.characters if c.square == "d1")
    assert (tank.owner, tank.kind, tank.range, tank.facing) == (0, "tank", 4, "n")


def test_view_round_trips_through_json(engine):
    state = play(engine, position("Jc2n sc5s Td1n tl12s", live="d5", pads=("sj...", "t...."), die=3), "shoot c2")
    view = engine.view(state, 1)
    assert BattleIslandView.model_validate(view.model_dump(mode="json")) == view


def test_view_movable_shots_and_restriction(engine):
    state = position("Jc2n Sa1s sc5s tl12s", die=3)
    view = engine.view(state, None)
    assert view.movable == ("c2",) and [(s.frm, s.to) for s in view.shots] == [("c2", "c5")]
    zero = position("Jc2n Sa2n tl12s", pads=("s....", "....."), die=0)
    assert engine.view(zero, 0).entry == ("a1",) and engine.view(zero, 0).movable == ()
    after = roll(engine, play(engine, zero, "turn a2 right"), 2)
    view = engine.view(after, 0)
    assert view.restricted == "a2" and view.movable == ("a2",) and view.die == 2
    pad = roll(engine, play(engine, zero, "move pad"), 2)
    assert engine.view(pad, 0).pad_move and engine.view(pad, 0).movable == ()


def test_view_actions_this_turn_then_the_previous_turn(engine):
    state = position("Jc2n sc5s tl12s", die=3)
    state = play(engine, state, "shoot c2", "c2-c5")
    assert [(a.kind, a.text, a.frm, a.to) for a in engine.view(state, None).actions] == [
        ("shoot", "shoot c2 c5", "c2", "c5"), ("move", "c2-c5", "c2", "c5")
    ]
    state = play(engine, state, "end")
    assert [a.text for a in engine.view(state, None).actions] == ["shoot c2 c5", "c2-c5"]
    state = play(engine, state, "roll 2")
    assert [(a.seat, a.kind, a.text) for a in engine.view(state, None).actions] == [(1, "roll", "roll 2")]


def test_view_revealed_blocks_fade_after_two_turns(engine):
    state = play(engine, position("Jd1n sc5s tl12s", live="d4", die=2), "shoot d1")
    assert [r.square for r in engine.view(state, None).revealed] == ["d4"]
    state = play(engine, state, "d1-d3", "end")
    assert [r.square for r in engine.view(state, None).revealed] == ["d4"]  # the previous turn
    state = play(engine, state, "roll 1", "l12-l11", "end")
    assert engine.view(state, None).revealed == ()


def test_view_lost_and_over(engine):
    state = play(engine, position("Jc2n sc5s", die=3), "shoot c2")
    view = engine.view(state, 1)
    assert view.step == "over" and view.to_act == () and view.result.winners == (0,)
    assert view.lost == (9, 10) and all(c.owner == 0 for c in view.characters)
    assert view.shots == () and view.movable == ()


def test_view_without_pads(engine):
    state = set_up(engine, BattleIslandOptions(carrier_pads=False))
    view = engine.view(state, None)
    assert view.pads == () and all(c.square is not None for c in view.characters)


def test_view_own_blocks_unknown_until_armed(engine):
    """view.py: ``live`` is ``None`` unless the viewer may know it ("their own armed blocks")."""
    state = engine.setup(2, BattleIslandOptions(blocks="armed_by_owner"))
    state = engine.apply_chance(state, Outcome(kind="first_player_roll", values=(5, 0)))
    for square in BLOCK_SQUARES:
        state = play(engine, state, f"block {square}")
    before = engine.view(state, 1)
    assert all(b.live is None for b in before.blocks)
    red_armed = engine.apply(state, 0, engine.parse_move("arm b6 d4 e5", state, 0))
    assert all(b.live is None for b in engine.view(red_armed, 1).blocks)
