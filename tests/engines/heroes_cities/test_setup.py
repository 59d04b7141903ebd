"""Rulebook, "Spelmateriaal" and "Voorbereiding van het spel"; the start roll (decision 3)."""

from __future__ import annotations

import pytest

from engines.core import first_player
from engines.core.contract import Engine, Outcome
from engines.core.record import resolve_chance
from engines.heroes_cities import HeroesCitiesOptions, HeroesCitiesState
from engines.heroes_cities import board as B
from engines.heroes_cities.moves import MOVES, PASS
from engines.heroes_cities.position import to_position


def test_engine_satisfies_the_protocol(engine):
    assert isinstance(engine, Engine)
    assert (engine.slug, engine.version, engine.min_players, engine.max_players) == ("heroes_cities", 2, 2, 2)
    assert engine.colours == ("red", "blue")
    assert engine.is_secret(PASS, engine.setup(2, None)) is False
    assert engine.options_model is HeroesCitiesOptions
    assert engine.state_model is HeroesCitiesState
    assert engine.move_model is MOVES


def test_spelmateriaal_board_10x10_and_8_cities():
    """Spelmateriaal: 10x10 squares, 8 (double-sided) cities, each one square (decision 1)."""
    assert B.CELLS == 100 and len(B.NAMES) == 100
    assert B.NAMES[0] == "a1" and B.NAMES[99] == "j10"
    assert len(set(B.CITY_SQUARES)) == 8


def test_voorbereiding_start_layout(engine):
    """Voorbereiding 2-4: cities and attackers as in the lost figure (decision 2), 8 heroes in reserve."""
    state = engine.setup(2, HeroesCitiesOptions())
    red = {B.NAMES[i] for i, c in enumerate(state.board) if c == "A"}
    blue = {B.NAMES[i] for i, c in enumerate(state.board) if c == "a"}
    assert red == {f"{f}2" for f in "bcdefghi"}
    assert blue == {f"{f}9" for f in "bcdefghi"}
    assert set(state.board) == {".", "A", "a"}
    cities = dict(zip((B.NAMES[s] for s in B.CITY_SQUARES), state.cities))
    assert cities == {"a3": 0, "d4": 0, "g4": 0, "j3": 0, "a8": 1, "d7": 1, "g7": 1, "j8": 1}
    assert state.reserve == (8, 8)
    assert state.captured == ((0, 0), (0, 0))
    assert to_position(state).startswith("10/1aaaaaaaa1/B.8B./3B.2B.3/10/10/3R.2R.3/R.8R./1AAAAAAAA1/10 ")


def _mirror(idx: int) -> int:
    return idx // 10 * 10 + (9 - idx % 10)


def _rotate(idx: int) -> int:
    return 99 - idx


def test_voorbereiding_layout_symmetric(engine):
    """Decision 2: the layout is symmetric under a left-right mirror and under a half turn
    with the colours swapped."""
    state = engine.setup(2, HeroesCitiesOptions())
    swap = str.maketrans("AHah", "ahAH")
    for i, c in enumerate(state.board):
        assert state.board[_mirror(i)] == c
        assert state.board[_rotate(i)] == c.translate(swap)
    owner = dict(zip(B.CITY_SQUARES, state.cities))
    for sq, seat in owner.items():
        assert owner[_mirror(sq)] == seat
        assert owner[_rotate(sq)] == 1 - seat


def test_setup_only_for_two_players(engine):
    with pytest.raises(ValueError):
        engine.setup(3, HeroesCitiesOptions())
    assert engine.setup(2, {"quiet_move_limit": 7}).options.quiet_move_limit == 7
    assert engine.setup(2, None).options == HeroesCitiesOptions()


def test_options_descriptions_short():
    for field in HeroesCitiesOptions.model_fields.values():
        assert field.description and len(field.description) < 100
    with pytest.raises(ValueError):
        HeroesCitiesOptions(quiet_move_limit=1001)
    with pytest.raises(ValueError):
        HeroesCitiesOptions(mixed_lines="all")


def test_voorbereiding_5_start_roll_decides_first_player(engine):
    """Voorbereiding 5: "de jongste speler wordt startspeler"; ages are unknown, so a start
    roll decides (decision 3). Nobody acts during the roll."""
    state = engine.setup(2, HeroesCitiesOptions())
    assert engine.to_act(state) == frozenset()
    assert engine.chance(state) == first_player.spec(2)
    assert engine.legal_moves(state, 0) == [] and engine.legal_moves(state, 1) == []
    state = engine.apply_chance(state, Outcome(kind="first_player_roll", values=(1, 4)))
    assert engine.chance(state) is None
    assert engine.to_act(state) == frozenset({1})
    assert state.first_player == 1 and state.to_move == 1
    assert engine.view(state, None).first_player == 1


def test_start_roll_tie_rolls_again(engine):
    """Decision 3: a tie for the highest die leaves the roll pending."""
    state = engine.setup(2, HeroesCitiesOptions())
    tied = Outcome(kind="first_player_roll", values=(3, 3))
    assert engine.describe_chance(tied, state) == ("core.first_roll_tie", {"faces": [4, 4]})
    after = engine.apply_chance(state, tied)
    assert after == state and engine.chance(after) is not None
    assert engine.view(after, None).first_player is None
    won = Outcome(kind="first_player_roll", values=(5, 0))
    assert engine.describe_chance(won, after) == ("core.first_roll", {"faces": [6, 1], "seat": 0})
    assert engine.apply_chance(after, won).to_move == 0


def test_start_roll_with_verifiable_dice_and_a_tie(engine):
    """resolve_chance keeps rolling through ties; find a seed whose first roll ties."""
    for n in range(200):
        seed = n.to_bytes(32, "big")
        state, events = resolve_chance(engine, engine.setup(2, HeroesCitiesOptions()), seed, 0)
        if len(events) > 1:
            break
    else:  # pragma: no cover
        pytest.fail("no tie in 200 seeds")
    assert first_player.decide(first_player.faces(Outcome(kind=events[0].kind, values=events[0].values))) is None
    last = first_player.decide(first_player.faces(Outcome(kind=events[-1].kind, values=events[-1].values)))
    assert state.first_player == last == state.to_move
    assert [e.first_index for e in events] == [2 * k for k in range(len(events))]


def test_apply_chance_refused_when_no_roll_is_pending(engine):
    state = engine.apply_chance(engine.setup(2, None), Outcome(kind="first_player_roll", values=(0, 1)))
    with pytest.raises(ValueError):
        engine.apply_chance(state, Outcome(kind="first_player_roll", values=(0, 1)))
