"""Match options (engines/battle_island/options.py, decisions 2, 19-21, 23) and the ends of the
game: all ten lost (or ``win_at``), both at once, the quiet-turn limit."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from engines.battle_island import BattleIslandOptions
from engines.battle_island import board as B
from engines.core.contract import Outcome
from engines.core.errors import IllegalMoveError

from .conftest import BLOCK_SQUARES, ENGINE, at, play, position, set_up, texts

# ------------------------------------------------------------------ the end


def test_rulebook_end_all_ten_lost(engine):
    """"het gevecht eindigt nadat een speler alle tien van zijn personages heeft verloren, de
    andere speler wordt tot winnaar ... verklaard"."""
    state = position("Jc2n sc5s tl12s", die=3)
    state = play(engine, state, "shoot c2")
    assert state.result is None  # blue still has its tank
    last = position("Jc2n sc5s", die=3)
    over = play(engine, last, "shoot c2")
    assert over.result.winners == (0,) and over.result.reason == "battle_island.all_lost"
    assert over.result.params == {"loser": 1, "target": 10}
    assert engine.to_act(over) == frozenset() and engine.legal_moves(over, 0) == []
    assert engine.view(over, None).step == "over"
    with pytest.raises(IllegalMoveError) as err:
        engine.apply(over, 0, engine.move_model.model_validate({"kind": "end"}))
    assert err.value.code == "battle_island.not_your_turn"


def test_rulebook_end_pad_characters_still_count(engine):
    """Characters on the pad are not lost: the game goes on (rule 4 brings one on)."""
    state = position("Jc2n sc5s", pads=(".....", "..t.."), die=3)
    after = play(engine, state, "shoot c2", "c2-c5", "end")
    assert after.result is None and (after.to_move, after.step) == (1, "bring_on")


def test_option_win_at_5(engine):
    """Decision 19, option ``win_at`` 5: a side that lost five characters loses."""
    red = "Sa1n Sb1n Sc1n Jd1n Je1n Jc2n"
    state = position(f"{red} sc5s sk11s sj11s tl12s ti12s jh12s", die=3, win_at=5)
    after = play(engine, state, "shoot c2")
    assert after.result.winners == (0,) and after.result.reason == "battle_island.lost_target"
    assert after.result.params == {"loser": 1, "target": 5}
    assert engine.view(after, None).win_at == 5 and engine.view(after, None).lost == (4, 5)


def test_both_sides_lose_at_once_is_a_draw(engine):
    """Decision 19: both sides reaching their loss at once (one blast) is a draw."""
    red = "Jd1n Tc5n Sa1n Sb1n Sh1n Sj1n"
    blue = "se3s sl12s sk12s sj12s ji12s jh12s"
    state = position(f"{red} {blue}", live="d4", die=2, win_at=5)
    assert engine.view(state, None).lost == (4, 4)
    after = play(engine, state, "shoot d1")
    assert after.result.draw and not after.result.winners
    assert after.result.reason == "battle_island.both_lost" and after.result.params == {"target": 5}


def test_both_sides_lose_all_ten_at_once(engine):
    """The last character of each side in one blast: red's lands on a live block beside blue's."""
    state = position("Je2n sf6s", live="e5", die=3)
    after = play(engine, state, "e2-e5")
    assert after.result.draw and after.result.reason == "battle_island.both_lost"
    assert after.result.params == {"target": 10} and engine.view(after, None).lost == (10, 10)


def test_default_is_the_rulebook_no_quiet_turn_limit(engine):
    """The rulebook ends the game only when a side "alle tien van zijn personages heeft
    verloren": no draw by quiet turns. ``quiet_turn_limit`` is our addition, off by default,
    and says so (decision 20)."""
    options = BattleIslandOptions()
    assert options.quiet_turn_limit == 0
    assert BattleIslandOptions.model_fields["quiet_turn_limit"].description.startswith("(our addition)")
    state = position("Jc2n sh9s", die=2, moved=True, quiet_turns=10_000)
    after = play(engine, state, "end")
    assert after.result is None and after.quiet_turns == 10_001


def test_default_options_are_the_rulebook_readings():
    """Decision 10, 11: the rulebook's reading by default; the former readings are options
    named as variants of ours."""
    options = BattleIslandOptions()
    assert options.shots_blocked_by_characters is False and options.long_chains is False
    for name in ("shots_blocked_by_characters", "long_chains"):
        assert BattleIslandOptions.model_fields[name].description.startswith("(our variant)"), name


def test_option_quiet_turn_limit_draw(engine):
    """Decision 20: that many turns in a row without a character lost is a draw."""
    state = position("Jc2n sh9s", die=2, moved=True, quiet_turns=59, quiet_turn_limit=60)
    after = play(engine, state, "end")
    assert after.result.draw and after.result.reason == "battle_island.quiet_limit"
    assert after.result.params == {"turns": 60} and engine.view(after, None).quiet_turns == 60
    fewer = play(engine, position("Jc2n sh9s", die=2, moved=True, quiet_turns=58, quiet_turn_limit=60), "end")
    assert fewer.result is None and fewer.quiet_turns == 59


def test_option_quiet_turn_limit_resets_on_a_loss(engine):
    state = position("Jc2n sc5s sh9s", die=2, quiet_turns=59, quiet_turn_limit=60)
    after = play(engine, state, "shoot c2", "c2-c4", "end")
    assert after.result is None and after.quiet_turns == 0


def test_option_quiet_turn_limit_off(engine):
    state = position("Jc2n sh9s", die=2, moved=True, quiet_turns=400, quiet_turn_limit=0)
    assert play(engine, state, "end").result is None


def test_option_quiet_turn_limit_custom(engine):
    state = position("Jc2n sh9s", die=2, moved=True, quiet_turns=9, quiet_turn_limit=10)
    assert play(engine, state, "end").result.params == {"turns": 10}


def test_option_carrier_pads_off(engine):
    """Decision 23: all ten on the island; only the turn as zero option; no pads in the view;
    with no island character left the side has lost everything."""
    options = BattleIslandOptions(carrier_pads=False)
    state = set_up(engine, options)
    assert sum(c.where == "island" for c in state.characters) == 20
    assert engine.view(state, None).pads == ()
    zero = position("Se3n tl12s", die=0, carrier_pads=False)
    assert texts(engine, zero) == {"turn e3 left", "turn e3 right"}
    with pytest.raises(IllegalMoveError) as err:
        engine.parse_move("reinforce 1", zero, 0)
    assert err.value.code == "battle_island.reinforce_slot"


def test_option_all_live(engine):
    """Option ``blocks: all_live``: every block is a bomb; nothing hidden, no seal."""
    options = BattleIslandOptions(blocks="all_live")
    state = engine.setup(2, options)
    assert state.phase == "start_roll" and state.live == (True,) * 10 and state.seal is None
    state = set_up(engine, options)
    assert engine.seals(state, reveal=True) == ()
    for viewer in (None, 0, 1):
        view = engine.view(state, viewer)
        assert all(b.live is True for b in view.blocks) and view.live_left == 10 and view.seal is None
    shot = position("Jd1n sc5s tl12s", live="d4", die=2, blocks="all_live")
    assert engine.view(shot, 1).blocks[0].live is True and engine.view(shot, None).live_left == 1
    after = play(engine, shot, "shoot d1")
    assert at(after, "c5") is None and engine.view(after, None).live_left == 0


def test_option_armed_by_owner_each_arms_three_of_own_five(engine):
    """Decision 21, ``armed_by_owner``: after the blocks each player secretly marks 3 of their own
    5 as live (``arm c3 e5 h8``), simultaneously; then the referee draws a salt and seals."""
    options = BattleIslandOptions(blocks="armed_by_owner")
    state = engine.setup(2, options)
    assert state.phase == "start_roll" and state.seal is None
    state = engine.apply_chance(state, Outcome(kind="first_player_roll", values=(5, 0)))
    for square in BLOCK_SQUARES:
        state = play(engine, state, f"block {square}")
    assert state.phase == "arm" and engine.to_act(state) == frozenset({0, 1})
    red = ("b6", "c10", "d4", "e5", "l11")
    assert [B.name(b.square) for b in state.blocks if b.owner == 0] == ["e5", "b6", "d4", "c10", "l11"]
    assert len(engine.legal_moves(state, 0)) == 10
    assert texts(engine, state, 0) == {f"arm {' '.join(t)}" for t in _trios(red)}
    for text, code in (("arm e5 g8 b6", "arm_not_yours"), ("arm e5 b6", "arm_three"), ("arm e5 e5 b6", "arm_three"),
                       ("arm e5 b6 d4 c10", "arm_three"), ("arm a1 b6 e5", "arm_not_yours")):
        with pytest.raises(IllegalMoveError) as err:
            engine.parse_move(text, state, 0)
        assert err.value.code == f"battle_island.{code}", text
    move = engine.parse_move("arm e5 b6 l11", state, 0)
    assert engine.is_secret(move, state)
    assert not engine.is_secret(engine.move_model.model_validate({"kind": "block", "square": "a1"}), state)
    blue_first = engine.apply(state, 1, engine.parse_move("arm g8 h9 k3", state, 1))
    assert engine.to_act(blue_first) == frozenset({0}) and engine.legal_moves(blue_first, 1) == []
    with pytest.raises(IllegalMoveError) as err:
        engine.apply(blue_first, 1, engine.parse_move("arm g8 h9 k3", state, 1))
    assert err.value.code == "battle_island.not_your_turn"
    both = engine.apply(blue_first, 0, move)
    assert both.phase == "seal" and both.seal is None and engine.chance(both).kind == "seal_salt"
    assert engine.chance(both).secret
    assert both.live == (True, True, True, False, False, True, False, True, True, False)
    sealed = engine.apply_chance(both, Outcome(kind="seal_salt", values=(12345,)))
    assert sealed.seal is not None and sealed.phase == "characters" and sealed.to_move == 0
    assert engine.apply(state, 0, move).live[0::2] == (True, True, False, False, True)


def _trios(squares):
    from itertools import combinations

    return [tuple(sorted(t)) for t in combinations(squares, 3)]


def test_option_armed_by_owner_view_shows_own_blocks_only(engine):
    """Decision 21: a block's content shows only to its owner (and everyone after the end)."""
    state = set_up(engine, BattleIslandOptions(blocks="armed_by_owner"))
    for viewer in (0, 1):
        view = engine.view(state, viewer)
        for b in view.blocks:
            if b.owner == viewer:
                assert b.live is state.live[_block_id(state, b.square)]
            else:
                assert b.live is None
        assert sum(bool(b.live) for b in view.blocks) == 3
    assert all(b.live is None for b in engine.view(state, None).blocks)


def _block_id(state, square):
    return state.block_at(B.index(square))


def test_option_armed_by_owner_blocks_behave_as_armed(engine):
    state = position("Jd1n Sc2n tl12s sa12s", live="d4", safe="g5", die=2, blocks="armed_by_owner")
    assert engine.view(state, 0).blocks[0].live is True and engine.view(state, 1).blocks[0].live is None
    after = play(engine, state, "shoot d1")
    assert engine.view(after, None).revealed[0].live


def test_option_army_mix(engine):
    """Decision 2: 5 soldiers, 3 jeeps, 2 tanks by default; any mix that sums to 10."""
    assert BattleIslandOptions().army == ("soldier",) * 5 + ("jeep",) * 3 + ("tank",) * 2
    mix = BattleIslandOptions(soldiers=2, jeeps=4, tanks=4)
    assert engine.setup(2, mix).reserve(1) == ("soldier",) * 2 + ("jeep",) * 4 + ("tank",) * 4
    state = set_up(engine, mix)
    kinds = sorted(c.kind for c in state.characters if c.owner == 0)
    assert kinds == sorted(mix.army)
    for bad in ({"soldiers": 5, "jeeps": 3, "tanks": 3}, {"soldiers": 0, "jeeps": 0, "tanks": 9}, {"soldiers": 11}):
        with pytest.raises(ValidationError):
            BattleIslandOptions(**bad)
    with pytest.raises(ValidationError):
        engine.setup(2, {"soldiers": 6})
    assert ENGINE.setup(2, {"soldiers": 0, "jeeps": 0, "tanks": 10}).reserve(0) == ("tank",) * 10


def test_options_from_a_mapping(engine):
    state = engine.setup(2, {"win_at": 5, "carrier_pads": False, "blocks": "all_live"})
    assert (state.options.win_at, state.options.carrier_pads, state.options.blocks) == (5, False, "all_live")
    with pytest.raises(ValueError):
        engine.setup(3, BattleIslandOptions())
