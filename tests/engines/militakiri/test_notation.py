"""Notation (docs/games/militakiri.md, "Notation") and position strings."""

from __future__ import annotations

import random

import pytest

from engines.core.errors import AmbiguousMoveError, IllegalMoveError, InvalidMoveError
from engines.militakiri import MilitakiriOptions, from_position, to_position

from .conftest import make_state, play, started


@pytest.mark.parametrize(
    "typed,canonical",
    [
        ("c3-c4", "c3-c4"),
        ("C3-C4", "c3-c4"),
        ("c3c4", "c3-c4"),
        ("c3 c4", "c3-c4"),
        ("  c3 - c4 ", "c3-c4"),
        ("c3xc4", "c3-c4"),  # the board decides: c4 is empty
        ("d3-e4", "d3-e4"),
        ("a4", "a4"),
    ],
)
def test_parse_variants_in_play(engine, typed, canonical):
    state = started(engine)
    if typed == "a4":
        with pytest.raises(AmbiguousMoveError) as err:
            engine.parse_move(typed, state, 0)
        assert err.value.code == "militakiri.ambiguous"
        assert set(err.value.params["candidates"]) == {"a3-a4", "b3-a4"}
        return
    assert engine.format_move(engine.parse_move(typed, state, 0), state) == canonical


def test_destination_alone(engine):
    state = started(engine)
    assert engine.format_move(engine.parse_move("e9", state, 0), state) == "e3-e9"
    with pytest.raises(IllegalMoveError) as err:
        engine.parse_move("a8", state, 0)
    assert err.value.code == "militakiri.no_piece_reaches"


def test_capture_and_placement_forms(engine):
    state = make_state("c5:sP d6:x f1:TS f12:ts e12:tp")
    for typed in ("c5xd6", "c5-d6", "c5:d6", "C5XD6"):
        assert engine.format_move(engine.parse_move(typed, state, 0), state) == "c5xd6"
    after = play(engine, state, "c5xd6")
    for typed in ("T@b2", "t@b2", "@b2", "place b2", "T @ b2"):
        assert engine.format_move(engine.parse_move(typed, after, 0), after) == "T@b2"


@pytest.mark.parametrize(
    "typed,code",
    [("hello", "militakiri.syntax"), ("c3-", "militakiri.syntax"), ("c3-g4", "militakiri.no_such_square"),
     ("z9", "militakiri.no_such_square"), ("c13", "militakiri.no_such_square")],
)
def test_invalid_texts(engine, typed, code):
    state = started(engine)
    with pytest.raises(InvalidMoveError) as err:
        engine.parse_move(typed, state, 0)
    assert err.value.code == code and err.value.params["expected"]


def test_double_board_has_files_to_l(engine):
    state = started(engine, MilitakiriOptions(board="double"))
    assert engine.format_move(engine.parse_move("l3-k4", state, 0), state) == "l3-k4"


def _positions(engine, board: str, games: int):
    """States met in seeded random games, with their seat to act."""
    for game in range(games):
        rng = random.Random(game)
        state = started(engine, MilitakiriOptions(board=board), first=game % 2)
        while state.result is None and state.turn < 400:
            seat = state.to_move
            yield state, seat
            state = engine.apply(state, seat, rng.choice(engine.legal_moves(state, seat)))
        yield state, state.to_move


@pytest.mark.parametrize("board", ["single", "double"])
def test_every_legal_move_round_trips(engine, board):
    """``format_move`` always parses back to the same move, and every legal move applies."""
    checked = 0
    for n, (state, seat) in enumerate(_positions(engine, board, 3)):
        if n % 7:
            continue
        for move in engine.legal_moves(state, seat):
            assert engine.parse_move(engine.format_move(move, state), state, seat) == move
            engine.apply(state, seat, move)
            checked += 1
    assert checked > 500


@pytest.mark.parametrize("board", ["single", "double"])
def test_position_strings_round_trip(engine, board):
    options = MilitakiriOptions(board=board)
    for n, (state, _) in enumerate(_positions(engine, board, 3)):
        if n % 5 == 0:
            assert from_position(to_position(state), options) == state.model_copy(update={"last_move": None})


def test_position_string_example(engine):
    state = started(engine)
    assert to_position(state) == "sssssts/pxptxpx/xtpxpxp/6/6/6/6/6/6/PXPXTPX/XPTXPXP/TSSSSSS r 2,2,1/2,2,1 -/- - 0 0 0"
    stacked = make_state("c5:pXs a1:TS f12:ts", pending=("xp", ""), endgame=(3, 4), turn=20, quiet=7)
    text = to_position(stacked)
    assert text == "5ts/6/6/6/6/6/6/2(pXs)3/6/6/6/TS5 r 2,2,1/2,2,1 xp/- 3,4 20 7 0"
    assert from_position(text) == stacked


@pytest.mark.parametrize(
    "text",
    [
        "6/6/6 r 2,2,1/2,2,1 -/- - 0 0 0",
        "7/6/6/6/6/6/6/6/6/6/6/6 r 2,2,1/2,2,1 -/- - 0 0 0",
        "6/6/6/6/6/6/6/6/6/6/6/(PPPP)5 r 2,2,1/2,2,1 -/- - 0 0 0",
        "6/6/6/6/6/6/6/6/6/6/6/6 x 2,2,1/2,2,1 -/- - 0 0 0",
        "6/6/6/6/6/6/6/6/6/6/6/6 r 2,2,1/2,2,1 -/- - 0 0 0 a1;-",
    ],
)
def test_bad_position_strings(text):
    with pytest.raises(ValueError):
        from_position(text)


def test_the_dutch_words_of_the_notation_are_read_too(engine):
    """The rulebook is Dutch ("torens", "opstelling", "plaats", "passen"): a Dutch player who
    writes the setup as `torens a1 c2 e3` was told it is not a move. The Dutch words read as
    the English ones (the same move, never another)."""
    state = engine.setup(2, MilitakiriOptions())
    assert engine.parse_move("torens a1 c2 e3", state, 0) == engine.parse_move("towers a1 c2 e3", state, 0)
    assert engine.parse_move("opstelling a1 c2 e3", state, 0) == engine.parse_move("setup a1 c2 e3", state, 0)
    for typed in ("opstelling willekeurig", "torens willekeurig", "willekeurig"):
        assert engine.parse_move(typed, state, 1) == engine.parse_move("setup random", state, 1)
    codes = []
    for typed in ("torens a1 c2", "towers a1 c2"):
        with pytest.raises(IllegalMoveError) as err:
            engine.parse_move(typed, state, 0)
        codes.append(err.value.code)
    assert codes[0] == codes[1]  # refused as the setup it is
    state = make_state("c5:sP d6:x f1:TS f12:ts e12:tp")
    after = play(engine, state, "c5xd6")
    assert engine.format_move(engine.parse_move("plaats b2", after, 0), after) == "T@b2"
