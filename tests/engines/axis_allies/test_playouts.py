"""Seeded random playouts (DESIGN.md, "Testing"; docs/adding-a-game.md section 5): never crash,
always end, every chosen move formats and parses back to itself, replay of the record equals the
live state, the view validates.

A game of Axis & Allies is long (a round is some hundred moves, each ``legal_moves`` lists every
unit's destinations), so the playouts run with ``round_limit`` 2 or 3 (a draw then, unless a side
wins first) and ``SCHEIDS_PLAYOUTS`` (default 1000, the count other games use) is scaled down by
100: 10 games by default, about 40 s of CPU, in chunks that ``pytest -n`` spreads; ``make soak``
with a larger ``SCHEIDS_PLAYOUTS`` runs more. Seats: 2 to 5 players in turn.

Dice come from ``resolve_chance`` with a per-game seed (the referee's verifiable dice); choices
from ``random.Random(game)``: a uniformly random legal move, but ``end`` with chance 0.15 when it
is offered, so that phases do not run until every unit has moved one step at a time. Once per
game, at a random move, *every* legal move is formatted, parsed back and applied.
"""

from __future__ import annotations

import hashlib
import os
import random

import pytest

from engines.axis_allies.engine import AxisAllies
from engines.axis_allies.moves import AxisAlliesMove
from engines.axis_allies.options import AxisAlliesOptions
from engines.axis_allies.state import AxisAlliesState
from engines.axis_allies.view import AxisAlliesView
from engines.core.record import (
    ChanceEvent,
    MoveEvent,
    StartEvent,
    replay,
    resolve_chance,
)

GAMES = max(2, int(os.environ.get("SCHEIDS_PLAYOUTS", "1000")) // 100)
CHUNK = 2
END_CHANCE = 0.15
MOVES_PER_ROUND = 3000
"""A sanity bound, not a proof: every move spends IPCs, movement, a purchased unit, a battle's
decision or a phase; battles end with probability 1. Playouts use about 100-150 a round."""


def options_for(game: int) -> AxisAlliesOptions:
    return AxisAlliesOptions(
        round_limit=2 + (game % 5 == 4),
        economic_victory=game % 3 == 1,
        total_victory=game % 7 == 5,
    )


def choose(moves: list[AxisAlliesMove], rng: random.Random) -> AxisAlliesMove:
    ends = [m for m in moves if m.kind == "end"]
    if ends and rng.random() < END_CHANCE:
        return ends[0]
    return rng.choice(moves)


def check_every_move(engine: AxisAllies, state: AxisAlliesState, seat: int) -> None:
    for move in engine.legal_moves(state, seat):
        assert engine.parse_move(engine.format_move(move, state), state, seat) == move
        engine.apply(state, seat, move)
    view = engine.view(state, seat)
    assert AxisAlliesView.model_validate(view.model_dump(mode="json")) == view


def play_one(engine: AxisAllies, game: int) -> int:
    rng = random.Random(game)
    seed = hashlib.sha256(f"axis_allies playout {game}".encode()).digest()
    players = 2 + game % 4
    options = options_for(game)
    state = engine.setup(players, options)
    events: list = [StartEvent(players=players)]
    index = moves = 0
    sample = rng.randrange(200)
    while True:
        state, chance = resolve_chance(engine, state, seed, index)
        events.extend(chance)
        index += sum(len(c.sizes) for c in chance)
        if engine.result(state) is not None:
            break
        assert moves < MOVES_PER_ROUND * options.round_limit, f"game {game} does not end"
        (seat,) = engine.to_act(state)
        legal = engine.legal_moves(state, seat)
        assert legal, f"game {game}: no legal move for {state.power} in {state.phase}"
        if moves == sample:
            check_every_move(engine, state, seat)
        move = choose(legal, rng)
        text = engine.format_move(move, state)
        assert engine.parse_move(text, state, seat) == move, f"game {game}: {text}"
        events.append(MoveEvent(seat=seat, text=text, move=move.model_dump(mode="json")))
        state = engine.apply(state, seat, move)
        moves += 1
    result = engine.result(state)
    assert result is not None and state.round <= options.round_limit
    assert result.draw or result.winners
    assert engine.to_act(state) == frozenset() and engine.chance(state) is None
    assert replay(engine, options, events) == state, f"game {game}: replay differs"
    view = engine.view(state, None)
    assert AxisAlliesView.model_validate(view.model_dump(mode="json")) == view
    assert all(isinstance(e, (StartEvent, MoveEvent, ChanceEvent)) for e in events)
    return moves


@pytest.mark.parametrize("first", range(0, GAMES, CHUNK))
def test_random_playouts(first):
    engine = AxisAllies()
    moves = [play_one(engine, game) for game in range(first, min(first + CHUNK, GAMES))]
    assert all(m > 0 for m in moves)


def test_options_cycle_through_the_variants():
    """The games cover 2-5 players and each option."""
    chosen = [options_for(g) for g in range(max(GAMES, 10))]
    assert {o.round_limit for o in chosen} == {2, 3}
    assert any(o.economic_victory for o in chosen) and any(o.total_victory for o in chosen)
    assert {2 + g % 4 for g in range(max(GAMES, 4))} == {2, 3, 4, 5}
