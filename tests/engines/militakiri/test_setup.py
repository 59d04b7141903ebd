"""Sections 1, 3-4 and 19: material, the secret simultaneous setup, its validation, random
setups from the dice, and the start roll."""

from __future__ import annotations

import pytest

from engines.core.contract import Outcome
from engines.core.errors import IllegalMoveError, InvalidMoveError
from engines.militakiri import MilitakiriOptions
from engines.militakiri.position import to_position
from engines.militakiri.setup import all_setups

from .conftest import DOUBLE_SETUP, SINGLE_SETUP, cell, started


def count(state, letters: str) -> int:
    return sum(1 for c in state.board if c == letters)


@pytest.mark.parametrize("board,per_shape,pawns,reserve", [("single", 1, 5, (2, 2, 1)), ("double", 2, 10, (4, 4, 2))])
def test_section1_pieces_and_reserve_towers(engine, board, per_shape, pawns, reserve):
    """Section 1: single board 1 tower of each shape and 5 pawns of each shape, reserve 1 star,
    2 cross, 2 plus; double board twice all of that."""
    state = started(engine, MilitakiriOptions(board=board))
    assert len(state.board) == (72 if board == "single" else 144)
    for seat, (tower, letters) in enumerate((("T", "PXS"), ("t", "pxs"))):
        for letter in letters:
            assert count(state, tower + letter) == per_shape
            assert count(state, letter) == pawns
        assert state.reserves[seat] == reserve
    assert sum(1 for c in state.board if c) == (36 if board == "single" else 72)


def test_section3_single_board_layout(engine):
    """Section 3: star tower on the first row filled with star pawns, cross tower on the second,
    plus tower on the third, cross and plus alternating on rows 2 and 3 (the tower included)."""
    state = started(engine)
    rank = lambda r: " ".join(cell(state, f"{f}{r}") or "." for f in "abcdef")
    assert rank(1) == "TS S S S S S"
    assert rank(2) == "X P TX P X P"
    assert rank(3) == "P X P X TP X"
    # blue: first row is rank 12, towers f12 (star), d11 (cross), b10 (plus)
    assert rank(12) == "s s s s s ts"
    assert rank(11) == "p x p tx p x"
    assert rank(10) == "x tp x p x p"
    assert all(cell(state, f"{f}{r}") == "" for f in "abcdef" for r in range(4, 10))


def test_section3_double_board_layout(engine):
    """Section 3: two towers of each shape; the first row star pawns, rows 2-3 alternating."""
    state = started(engine, MilitakiriOptions(board="double"))
    rank = lambda r: " ".join(cell(state, f"{f}{r}") or "." for f in "abcdefghijkl")
    assert rank(1) == "TS S S S TS S S S S S S S"
    assert rank(2) == "P TX P X P TX P X P X P X"
    assert rank(3) == "P X TP X P X TP X P X P X"
    assert rank(12) == "ts s s s ts s s s s s s s"


def test_section3_setup_zone_is_part_of_the_board(engine):
    """Section 3: "Het gehele bord, inclusief de opstelzone behoort bij het speelveld": pieces
    may enter the opponent's setup zone."""
    from .conftest import make_state, play

    state = make_state("c9:P f1:TS f12:ts a12:p")
    after = play(engine, state, "c9-c10")
    assert cell(after, "c10") == "P"


def test_setup_is_simultaneous_and_secret(engine):
    """Both seats act at once; a setup move is secret, and no view shows the other seat's choice."""
    state = engine.setup(2, MilitakiriOptions())
    assert engine.to_act(state) == frozenset({0, 1})
    move = engine.parse_move("towers a1 c2 e3", state, 0)
    assert engine.is_secret(move, state)
    state = engine.apply(state, 0, move)
    assert engine.to_act(state) == frozenset({1})
    own, other, public = engine.view(state, 0), engine.view(state, 1), engine.view(state, None)
    assert own.setup_choice == ("a1", "c2", "e3")
    assert {p.square for p in own.pieces if p.kind == "tower"} == {"a1", "c2", "e3"}
    for view in (other, public):
        assert view.setup_choice == () and view.pieces == ()
        assert view.setup_done == (True, False)
    # what blue and the channel see does not depend on what red chose
    for choice in ("towers b1 d2 f3", "setup random"):
        fresh = engine.setup(2, MilitakiriOptions())
        alt = engine.apply(fresh, 0, engine.parse_move(choice, fresh, 0))
        assert engine.view(alt, 1) == other and engine.view(alt, None) == public
    assert engine.legal_moves(state, 0) == []
    with pytest.raises(IllegalMoveError) as err:
        engine.parse_move("towers b1 c2 e3", state, 0)
    assert err.value.code == "militakiri.setup_done"
    state = engine.apply(state, 1, engine.parse_move("setup f12 d11 b10", state, 1))
    assert state.phase == "roll" and engine.to_act(state) == frozenset()
    assert not engine.is_secret(engine.parse_move("c3-c4", started(engine), 0), state)


def test_setup_moves_before_play_are_refused(engine):
    state = engine.setup(2, MilitakiriOptions())
    with pytest.raises(IllegalMoveError) as err:
        engine.parse_move("b2-b3", state, 0)
    assert err.value.code == "militakiri.setup_phase"
    playing = started(engine)
    with pytest.raises(IllegalMoveError) as err:
        engine.parse_move("towers a1 c2 e3", playing, 0)
    assert err.value.code == "militakiri.setup_over"


@pytest.mark.parametrize(
    "text,code",
    [
        ("towers a1 c2", "militakiri.setup_count"),
        ("towers a1 c2 e3 f3", "militakiri.setup_count"),
        ("towers a1 a1 e3", "militakiri.setup_duplicate"),
        ("towers a1 c2 e4", "militakiri.setup_wrong_row"),
        ("towers a12 c2 e3", "militakiri.setup_wrong_row"),
        ("towers a1 c1 e3", "militakiri.setup_row_count"),
        ("towers a2 c2 e3", "militakiri.setup_row_count"),
    ],
)
def test_setup_validation_single(engine, text, code):
    state = engine.setup(2, MilitakiriOptions())
    with pytest.raises(IllegalMoveError) as err:
        engine.parse_move(text, state, 0)
    assert err.value.code == code


def test_setup_validation_blue_rows(engine):
    """Blue's first row is rank 12: a star tower there, cross on 11, plus on 10."""
    state = engine.setup(2, MilitakiriOptions())
    move = engine.parse_move("towers c10 b11 a12", state, 1)
    assert engine.format_move(move, state) == "towers a12 b11 c10"  # first row first
    after = engine.apply(engine.apply(state, 1, move), 0, engine.parse_move("towers a1 b2 c3", state, 0))
    assert cell(after, "a12") == "ts" and cell(after, "b11") == "tx" and cell(after, "c10") == "tp"
    with pytest.raises(IllegalMoveError) as err:
        engine.parse_move("towers a12 b12 c10", state, 1)
    assert err.value.code == "militakiri.setup_row_count"
    assert err.value.params["row"] == 1 and err.value.params["rank"] == 12


@pytest.mark.parametrize(
    "text,code",
    [
        ("towers a1 b1 b2 f2 c3 g3", "militakiri.setup_adjacent"),
        ("towers a1 e1 b2 e2 c3 g3", "militakiri.setup_alternation"),
        ("towers a1 e1 b2 f2 c3 h3", "militakiri.setup_alternation"),
        ("towers a1 e1 b2 f2 c3", "militakiri.setup_count"),
        ("towers a1 e1 g1 f2 c3 g3", "militakiri.setup_row_count"),
    ],
)
def test_setup_validation_double(engine, text, code):
    """Section 3: "2 torens mogen nooit naast elkaar staan bij de beginopstelling bij dubbel
    bord"; the towers take part in the cross/plus alternation of rows 2 and 3."""
    state = engine.setup(2, MilitakiriOptions(board="double"))
    with pytest.raises(IllegalMoveError) as err:
        engine.parse_move(text, state, 0)
    assert err.value.code == code


def test_section3_tower_spacing_option(engine):
    """Option ``tower_spacing``: ``row`` forbids neighbours in one row only, ``around`` any touching."""
    text = "towers a1 e1 b2 f2 c3 g3"  # a1-b2 touch diagonally, b2-c3 too
    row = engine.setup(2, MilitakiriOptions(board="double"))
    engine.parse_move(text, row, 0)
    around = engine.setup(2, MilitakiriOptions(board="double", tower_spacing="around"))
    with pytest.raises(IllegalMoveError) as err:
        engine.parse_move(text, around, 0)
    assert err.value.code == "militakiri.setup_adjacent"
    engine.parse_move("towers a1 e1 c2 g2 a3 e3", around, 0)


def test_tower_spacing_does_not_apply_to_the_single_board(engine):
    state = engine.setup(2, MilitakiriOptions(tower_spacing="around"))
    engine.parse_move("towers a1 a2 a3", state, 0)


def test_setup_legal_moves_are_every_valid_setup(engine):
    single = engine.setup(2, MilitakiriOptions())
    moves = engine.legal_moves(single, 0)
    assert len(moves) == 6 * 6 * 6 + 1
    assert engine.format_move(moves[-1], single) == "setup random"
    for move in moves:
        assert engine.parse_move(engine.format_move(move, single), single, 0) == move
        engine.apply(single, 0, move)
    assert len(all_setups("double", "row")) == 55 * 30 * 30
    assert len(all_setups("double", "around")) < 55 * 30 * 30


def test_double_setup_legal_moves_all_valid(engine):
    state = engine.setup(2, MilitakiriOptions(board="double"))
    moves = engine.legal_moves(state, 1)
    assert len(moves) == 49_501
    for move in moves[::997]:
        assert engine.parse_move(engine.format_move(move, state), state, 1) == move


def test_random_setup_comes_from_a_chance_node(engine):
    """``setup random``: drawn with the referee's dice once both seats chose, one number per
    random seat over every valid setup."""
    state = engine.setup(2, MilitakiriOptions(board="double"))
    state = engine.apply(state, 0, engine.parse_move("setup random", state, 0))
    assert engine.view(state, 0).setup_choice == ("random",)
    assert engine.chance(state) is None  # blue has not chosen yet
    state = engine.apply(state, 1, engine.parse_move("random", state, 1))
    spec = engine.chance(state)
    assert spec.kind == "random_setup_both" and spec.sizes == (49_500, 49_500)
    assert engine.to_act(state) == frozenset()
    state = engine.apply_chance(state, Outcome(kind=spec.kind, values=(0, 49_499)))
    assert state.phase == "roll"
    assert engine.describe_chance(Outcome(kind=spec.kind, values=(0, 1)), state) == ("militakiri.random_setup_both", {})
    towers = sorted(state.geometry.names[i] for i, c in enumerate(state.board) if c[:1] == "T")
    assert towers == sorted(("a1", "c1", "a2", "c2", "a3", "c3"))


def test_one_random_setup(engine):
    state = engine.setup(2, MilitakiriOptions())
    state = engine.apply(state, 0, engine.parse_move(SINGLE_SETUP[0], state, 0))
    state = engine.apply(state, 1, engine.parse_move("setup random", state, 1))
    spec = engine.chance(state)
    assert spec.kind == "random_setup_blue" and spec.sizes == (216,)
    state = engine.apply_chance(state, Outcome(kind=spec.kind, values=(215,)))
    assert cell(state, "f12") == "ts" and cell(state, "f11") == "tx" and cell(state, "f10") == "tp"
    assert engine.describe_chance(Outcome(kind=spec.kind, values=(215,)), state) == ("militakiri.random_setup", {"seat": 1})


def test_section19_start_roll_ties_are_rolled_again(engine):
    """Section 19: the higher die begins; equal throws are repeated until they differ."""
    state = engine.setup(2, MilitakiriOptions(board="double"))
    for seat in (0, 1):
        state = engine.apply(state, seat, engine.parse_move(DOUBLE_SETUP[seat], state, seat))
    spec = engine.chance(state)
    assert spec.kind == "first_player_roll" and spec.sizes == (6, 6)
    tie = engine.apply_chance(state, Outcome(kind="first_player_roll", values=(3, 3)))
    assert tie == state and engine.chance(tie) is not None
    blue = engine.apply_chance(tie, Outcome(kind="first_player_roll", values=(1, 4)))
    assert blue.phase == "play" and blue.to_move == 1 and blue.first_player == 1
    assert engine.to_act(blue) == frozenset({1})


def test_position_string_during_setup_round_trips(engine):
    from engines.militakiri.position import from_position

    state = engine.setup(2, MilitakiriOptions())
    state = engine.apply(state, 1, engine.parse_move("setup random", state, 1))
    text = to_position(state)
    assert text.endswith("-;random")
    assert from_position(text) == state


def test_setup_syntax_errors(engine):
    state = engine.setup(2, MilitakiriOptions())
    with pytest.raises(InvalidMoveError) as err:
        engine.parse_move("towers please", state, 0)
    assert err.value.code == "militakiri.setup_syntax"
    with pytest.raises(InvalidMoveError) as err:
        engine.parse_move("towers a1 c2 g3", state, 0)
    assert err.value.code == "militakiri.no_such_square"


def test_setup_errors_suggest_valid_setups(engine):
    """Every setup error carries ``closest``: ``setup random`` and valid setups keeping most of
    the typed squares (the bot's own text-similarity fallback over 49,500 setups is too slow)."""
    state = engine.setup(2, MilitakiriOptions(board="double"))
    with pytest.raises(IllegalMoveError) as err:
        engine.parse_move("towers a1 b1 b2 f2 c3 g3", state, 0)
    closest = err.value.params["closest"]
    assert closest[0] == "setup random" and len(closest) == 5
    for text in closest:
        engine.parse_move(text, state, 0)
    assert all(len(set(text.split()[1:]) & {"a1", "b2", "f2", "c3", "g3"}) == 5 for text in closest[1:])
    for typed in ("towers please", "b2-b3", "pass"):
        with pytest.raises((IllegalMoveError, InvalidMoveError)) as err:
            engine.parse_move(typed, state, 1)
        assert err.value.params["closest"][0] == "setup random"
