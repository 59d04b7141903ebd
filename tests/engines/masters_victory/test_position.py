"""Position strings (docs/games/masters_victory.md, "Positions"): a referee-side format with
the hidden numbers; ``from_position(to_position(s)) == s`` but for the last actions."""

from __future__ import annotations

import hashlib
import random

import pytest

from engines.core.record import resolve_chance
from engines.masters_victory import (
    MastersVictoryOptions,
    from_position,
    to_position,
)


def test_start_position(engine):
    state = engine.setup(2, MastersVictoryOptions())
    text = to_position(state)
    rows = text.split()[0].split("/")
    assert rows[0] == "f?2b1b1b2f?"  # row r, seat 1's back line
    assert rows[-1] == "F?2B1B1B2F?"
    assert rows[-4] == "S?1S?1S?1S?1S?1S?"
    assert from_position(text) == state


def test_position_example(engine, make, move):
    state = move(make("T2:d3 t1:e5 A:c4 S1:r5", off=("", "F1x"), turns=7), "d3xe5")
    text = to_position(state)
    assert text.split()[1:] == ["r", "yy/r", "1:e5:e5.5.1", "-/F1xT1x", "7", "0", "1"]
    assert from_position(text, state.options) == state.model_copy(update={"last_turn": (), "current": ()})


def test_position_round_trip_over_random_games(engine):
    options = MastersVictoryOptions(movement="straight")
    for game in range(6):
        rng = random.Random(game)
        seed = hashlib.sha256(f"position {game}".encode()).digest()
        for opts in (MastersVictoryOptions(), options):
            state = engine.setup(2, opts)
            index = 0
            while state.result is None:
                state, events = resolve_chance(engine, state, seed, index)
                index += sum(len(e.values) for e in events)
                if state.result is not None:
                    break
                clean = state.model_copy(update={"last_turn": (), "current": ()})
                assert from_position(to_position(state), opts) == clean
                seat = min(engine.to_act(state))
                moves = engine.legal_moves(state, seat)
                sharp = [m for m in moves if m.kind in ("fire", "switch") or (m.kind == "move" and m.attack)]
                move = rng.choice(sharp if sharp and rng.random() < 0.6 else moves)
                state = engine.apply(state, seat, move)
            assert from_position(to_position(state), opts).result == state.result


@pytest.mark.parametrize(
    "text",
    [
        "",
        "11/" * 17 + "11 r yy/r 0:-:- -/- 0 0",
        "11/" * 17 + "11 x yy/r 0:-:- -/- 0 0 0",
        "11/" * 16 + "11/T11 r yy/r 0:-:- -/- 0 0 0",
        "11/" * 16 + "11/12 r yy/r 0:-:- -/- 0 0 0",
    ],
)
def test_bad_positions(text):
    with pytest.raises(ValueError):
        from_position(text)
