"""Notation (docs/games/masters_victory.md, "Notation"): canonical forms, the forms parse_move
also reads, errors, and the round trip of every legal action of many positions."""

from __future__ import annotations

import hashlib
import random

import pytest

from engines.core.errors import AmbiguousMoveError, IllegalMoveError, InvalidMoveError
from engines.core.record import resolve_chance
from engines.masters_victory import MastersVictory, MastersVictoryOptions
from engines.masters_victory.moves import EndAction, FireAction, MoveAction, SwitchAction
from engines.masters_victory.rules import legal_moves


def test_canonical_forms(engine, make):
    state = make("T2:d3 F1:c3 A:c4 t1:h3 S2:r5 t3:m1", off=("B.x", ""))
    cases = {
        "d3-g3": MoveAction(frm="d3", to="g3"),
        "d3xh3": MoveAction(frm="d3", attack="h3", to="h3"),
        "d3xh3-h5": MoveAction(frm="d3", attack="h3", to="h5"),
        "c4-d4-d5": MoveAction(frm="c4", to="d5", via=("d4", "d5")),
        "c4-e4": MoveAction(frm="c4", to="e4", via=("d4", "e4")),
        "fire c4": FireAction(frm="c4"),
        "switch r5 b@a4": SwitchAction(frm="r5", pieces=("b",), places=("a4",)),
        "end": EndAction(),
    }
    for text, move in cases.items():
        assert engine.format_move(move, state) == text
        if move.kind != "fire":  # no target in that zone
            assert engine.parse_move(text, state, 0) == move


def test_other_forms_parse_to_the_canonical_move(engine, make):
    state = make("T2:d3 A:c4 t1:h3 S2:r5 t3:m1", off=("B.xF1x", ""))
    same = {
        "D3 - G3": "d3-g3",
        "d3 g3": "d3-g3",
        "d3-d5-g5-g3": "d3-g3",  # an explicit path is checked, then only its ends count
        "d3-f3xh3": "d3xh3",
        "d3-f3 x h3-h5": "d3xh3-h5",
        "  END ": "end",
        "c4-c5-c6": "c4-e4".replace("e4", "c6"),
        "switch r5 b": "switch r5 b@a4",
        "switch r5 f1 b": "switch r5 b@a4 f1@a1",
        "switch r5 f1@b2 b": "switch r5 b@a4 f1@b2",
    }
    for typed, canonical in same.items():
        assert engine.format_move(engine.parse_move(typed, state, 0), state) == canonical, typed


def test_setup_forms(engine):
    state = engine.setup(2, MastersVictoryOptions())
    move = engine.parse_move("SETUP F3M21123 T11223M S11223M", state, 0)
    assert engine.format_move(move, state) == "setup fm21123 t11223m s11223m"
    assert engine.parse_move(engine.format_move(move, state), state, 0) == move


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("hello", "masters_victory.syntax"),
        ("d3", "masters_victory.syntax"),
        ("fire", "masters_victory.syntax"),
        ("switch r5", "masters_victory.syntax"),
        ("switch r5 x9", "masters_victory.syntax"),
        ("d3-z9", "masters_victory.no_such_square"),
        ("d3-d12", "masters_victory.no_such_square"),
        ("d3-e4-f5", "masters_victory.segment"),
    ],
)
def test_not_an_action(engine, make, text, code):
    state = make("T2:d3 t1:h3")
    with pytest.raises(InvalidMoveError) as err:
        engine.parse_move(text, state, 0)
    assert err.value.code == code
    assert "expected" in err.value.params


def test_illegal_actions_offer_close_legal_ones(engine, make):
    state = make("T2:d3 t1:h3")
    with pytest.raises(IllegalMoveError) as err:
        engine.parse_move("d3-m3", state, 0)
    closest = err.value.params["closest"]
    assert 0 < len(closest) <= 5 and all(c.startswith("d3") for c in closest)


def test_ambiguous_artillery_path(engine, make):
    with pytest.raises(AmbiguousMoveError) as err:
        engine.parse_move("c4-d5", make("A:c4 t1:h3"), 0)
    assert err.value.code == "masters_victory.ambiguous"


def test_legal_texts_are_short_and_unique(engine, make):
    state = make("T2:d3 F1:c3 A:c4 t1:h3 S2:r5 t3:m1", off=("B.xF1x", ""))
    texts = [engine.format_move(m, state) for m in legal_moves(state, 0)]
    assert len(texts) == len(set(texts))
    assert max(len(t) for t in texts) <= 40
    assert texts[0] == "end"


def _positions(games: int, per_game: int, options: MastersVictoryOptions) -> list:
    """States met in seeded random games (with attacks preferred, so positions get mixed)."""
    engine = MastersVictory()
    out = []
    for game in range(games):
        rng = random.Random(1000 + game)
        seed = hashlib.sha256(f"notation {game}".encode()).digest()
        state = engine.setup(2, options)
        index = 0
        for seat in (0, 1):
            state = engine.apply(state, seat, engine.parse_move("setup random", state, seat))
            state, events = resolve_chance(engine, state, seed, index)
            index += sum(len(e.values) for e in events)
        picks = set(rng.sample(range(60), per_game))
        step = 0
        while state.result is None and step < 150:
            seat = state.to_move
            moves = engine.legal_moves(state, seat)
            if step in picks:
                out.append(state)
            sharp = [m for m in moves if m.kind in ("fire", "switch") or (m.kind == "move" and m.attack)]
            move = rng.choice(sharp if sharp and rng.random() < 0.5 else moves)
            state = engine.apply(state, seat, move)
            step += 1
    return out


@pytest.mark.parametrize("movement", ["turning", "straight"])
def test_every_legal_action_round_trips_and_applies(engine, movement):
    """For many positions: every legal action formats, parses back to itself and applies."""
    options = MastersVictoryOptions(movement=movement, fighter_vs_ground="all" if movement == "straight" else "soldier_artillery")
    positions = _positions(8, 4, options)
    assert len(positions) >= 20
    kinds = set()
    for state in positions:
        seat = state.to_move
        for move in engine.legal_moves(state, seat):
            text = engine.format_move(move, state)
            assert engine.parse_move(text, state, seat) == move, text
            engine.apply(state, seat, move)
            kinds.add("attack" if move.kind == "move" and move.attack else move.kind)
    assert {"move", "attack", "end"} <= kinds


def test_while_setting_up_the_setup_command_takes_the_numbers_without_the_word_setup(engine, make):
    """Decision 2 (the secret setup by back-numbers): a newcomer sends `/setup f11223m t2m3121
    s3m1122` or `/setup random` (the command already says it is a setup); that was refused as
    "not an action" with play examples (d3-h3, ...). While setting up it is the setup; a text
    that is neither a setup nor an action gets the setup's examples. In play nothing changes."""
    state = engine.setup(2, MastersVictoryOptions())
    assert engine.parse_move("f11223m t2m3121 s3m1122", state, 0) == engine.parse_move(
        "setup f11223m t2m3121 s3m1122", state, 0)
    assert engine.parse_move("random", state, 1) == engine.parse_move("setup random", state, 1)
    for wrong in ("f112233 t2m3121 s3m1122", "j11223m t2m3121 s3m1122", "hello"):
        with pytest.raises(InvalidMoveError) as err:
            engine.parse_move(wrong, state, 0)
        assert err.value.code == "masters_victory.setup_syntax", wrong
        assert "setup random" in err.value.params["expected"]
    with pytest.raises(InvalidMoveError) as err:
        engine.parse_move("f11223m t2m3121 s3m1122", make("T2:d3 t1:h3"), 0)
    assert err.value.code == "masters_victory.syntax"
