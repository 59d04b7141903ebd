"""Seeded random playouts (DESIGN.md, "Testing"): never crash, always terminate, every
``format_move`` parses back, replay equals the live state, the view validates.

``SCHEIDS_PLAYOUTS`` sets the number of games (default 1000; ``make soak`` runs more).

Every turn the chosen move must format and parse back to itself and apply. Once per game,
at a random turn below 60, *every* legal move is formatted, parsed back and applied, the
position string is read back and the view validated (doing that at every turn would cost
~150 applies per turn; test_notation checks all moves of many more positions). At the end
the record (start, chance and move events) must replay to the live state.

Termination bound (decision 10; ``quiet_move_limit`` is our addition and off by default, so
every playout sets it): a turn that captures or promotes resets the quiet
counter. At most 32 pieces ever stand on the board (8 attackers + 8 heroes per player),
each capturing turn removes at least one, so there are at most 32 capturing turns; every
promotion spends a hero of a reserve of 8 per player, so at most 16 promoting turns. So at
most R = 48 resetting turns, and between two of them (and before the first, after the last)
at most L - 1 quiet turns before the L-th one ends the game: turns <= R + (R + 1) * L.
"""

from __future__ import annotations

import hashlib
import os
import random

import pytest

from engines.core.record import ChanceEvent, MoveEvent, StartEvent, replay, resolve_chance
from engines.heroes_cities import HeroesCities, HeroesCitiesOptions, from_position, to_position
from engines.heroes_cities.view import HeroesCitiesView

GAMES = int(os.environ.get("SCHEIDS_PLAYOUTS", "1000"))
CHUNK = 100
RESETTING_TURNS = 32 + 16


def turn_bound(limit: int) -> int:
    return RESETTING_TURNS + (RESETTING_TURNS + 1) * limit


def options_for(game: int) -> HeroesCitiesOptions:
    mixed = "whole_run" if game % 2 else "enclosed"
    limit = (100, 100, 100, 30)[game % 4]
    return HeroesCitiesOptions(mixed_lines=mixed, quiet_move_limit=limit)


def check_every_move(engine: HeroesCities, state, seat: int) -> None:
    """Every legal move formats, parses back to itself and applies without raising."""
    for move in engine.legal_moves(state, seat):
        assert engine.parse_move(engine.format_move(move, state), state, seat) == move
        engine.apply(state, seat, move)
    assert from_position(to_position(state), state.options) == state.model_copy(update={"last_move": None})
    view = engine.view(state, seat)
    assert HeroesCitiesView.model_validate(view.model_dump(mode="json")) == view


def play_one(engine: HeroesCities, game: int) -> int:
    rng = random.Random(game)
    seed = hashlib.sha256(f"heroes_cities playout {game}".encode()).digest()
    options = options_for(game)
    bound = turn_bound(options.quiet_move_limit)
    events: list = [StartEvent(players=2)]
    state = engine.setup(2, options)
    state, chance = resolve_chance(engine, state, seed, 0)
    events.extend(chance)
    sample = rng.randrange(60)  # one position per game gets the full check of every move
    while engine.result(state) is None:
        assert state.turn <= bound, f"game {game} runs past the proven bound {bound}"
        (seat,) = engine.to_act(state)
        moves = engine.legal_moves(state, seat)
        assert moves, f"game {game}: no legal move at turn {state.turn}"
        if state.turn == sample:
            check_every_move(engine, state, seat)
        move = rng.choice(moves)
        text = engine.format_move(move, state)
        assert engine.parse_move(text, state, seat) == move, f"game {game}: {text}"
        events.append(MoveEvent(seat=seat, text=text, move=move.model_dump(mode="json")))
        state = engine.apply(state, seat, move)
    assert state.turn <= bound
    assert engine.to_act(state) == frozenset()
    assert replay(engine, options, events) == state, f"game {game}: replay differs"
    view = engine.view(state, None)
    assert HeroesCitiesView.model_validate(view.model_dump(mode="json")) == view
    assert all(isinstance(e, (StartEvent, MoveEvent, ChanceEvent)) for e in events)
    return state.turn


@pytest.mark.parametrize("first", range(0, GAMES, CHUNK))
def test_random_playouts(first):
    engine = HeroesCities()
    turns = [play_one(engine, game) for game in range(first, min(first + CHUNK, GAMES))]
    assert all(t > 0 for t in turns)


def test_turn_bound():
    assert turn_bound(100) == 4948
