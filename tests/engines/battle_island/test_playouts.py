"""Seeded random playouts over every option combination (docs/adding-a-game.md, section 5):
never crash, always end with a result, the chosen moves format and parse back to themselves,
replay of the recorded events equals the live state, the view validates.

``SCHEIDS_PLAYOUTS`` sets the number of games (default 1000; ``make soak`` runs more). Game
``g`` plays options ``options_for(g)`` (the 12 combinations of ``win_at``, ``carrier_pads``
and ``blocks``, three army mixes, two quiet-turn limits, both readings of
``shots_blocked_by_characters`` and of ``long_chains``), dice from ``resolve_chance`` with a
per-game seed, choices from ``random.Random(g)`` (shots somewhat preferred, so games end
sooner; setup placements are drawn directly, see ``choose``). To keep the run short every
chosen move's text is parsed back, but *every* legal move is formatted, parsed back and applied
only at one random action per game (setup included).

Termination bound: a turn that ends with no character lost counts towards the quiet-turn limit
``L`` (decision 20), and at most 20 characters can be lost, so a game has at most
``21 * L`` turns. The limit is our addition and off by default (the rulebook has none), so the
playouts set it explicitly: random play has no other bound.
"""

from __future__ import annotations

import hashlib
import os
import random

import pytest

from engines.battle_island import BattleIsland, BattleIslandOptions
from engines.battle_island import board as B
from engines.battle_island.view import BattleIslandView
from engines.core.errors import IllegalMoveError
from engines.core.record import (
    ChanceEvent,
    MoveEvent,
    StartEvent,
    replay,
    resolve_chance,
)

from .conftest import random_action

GAMES = int(os.environ.get("SCHEIDS_PLAYOUTS", "1000"))
CHUNK = 100
MIXES = ({}, {"soldiers": 2, "jeeps": 4, "tanks": 4}, {"soldiers": 10, "jeeps": 0, "tanks": 0})


def options_for(game: int) -> BattleIslandOptions:
    combo = game % 12
    return BattleIslandOptions(
        win_at=(10, 5)[combo % 2],
        carrier_pads=bool((combo // 2) % 2 == 0),
        blocks=("hidden", "armed_by_owner", "all_live")[combo // 4],
        quiet_turn_limit=(60, 60, 25)[(game // 12) % 3],
        shots_blocked_by_characters=(game // 108) % 2 == 1,
        long_chains=(game // 216) % 2 == 1,
        **MIXES[(game // 36) % 3],
    )


def choose(engine: BattleIsland, state, rng: random.Random):
    """The seat to act and a random action. In the block and character setup (100-500 legal
    placements each time) a random candidate is drawn and checked by ``parse_move`` instead of
    listing them all: listing them dominated the run."""
    if state.phase in ("blocks", "characters"):
        seat = state.to_move
        rows = B.home_rows(seat) if state.phase == "characters" else range(B.SIZE)
        for _ in range(50):
            square = f"{rng.choice(B.FILES)}{rng.choice(rows) + 1}"
            text = f"block {square}"
            if state.phase == "characters":
                text = f"place {rng.choice(state.reserve(seat))} {square} {rng.choice(B.DIRECTIONS)}"
            try:
                return seat, engine.parse_move(text, state, seat)
            except IllegalMoveError:
                continue
    return random_action(engine, state, rng)


def check_every_move(engine: BattleIsland, state, seat: int) -> None:
    """Every legal move formats, parses back to itself and applies."""
    for move in engine.legal_moves(state, seat):
        assert engine.parse_move(engine.format_move(move, state), state, seat) == move
        engine.apply(state, seat, move)


def play_one(engine: BattleIsland, game: int) -> int:
    rng = random.Random(game)
    seed = hashlib.sha256(f"battle_island playout {game}".encode()).digest()
    options = options_for(game)
    bound = 21 * options.quiet_turn_limit
    events: list = [StartEvent(players=2)]
    state = engine.setup(2, options)
    index = 0
    sample = rng.randrange(150)
    actions = 0
    seal = None
    while True:
        state, chance = resolve_chance(engine, state, seed, index)
        events.extend(chance)
        index += sum(len(e.values) for e in chance)
        if state.result is not None:
            break
        if seal is None:
            seal = state.seal
        assert state.seal == seal, "the seal never changes once fixed"
        assert state.turn <= bound, f"game {game} runs past the bound {bound}"
        seat, move = choose(engine, state, rng)
        if actions == sample:
            check_every_move(engine, state, seat)
        text = engine.format_move(move, state)
        assert engine.parse_move(text, state, seat) == move, f"game {game}: {text}"
        events.append(MoveEvent(seat=seat, text=text, move=move.model_dump(mode="json"), secret=engine.is_secret(move, state)))
        state = engine.apply(state, seat, move)
        actions += 1
    assert engine.to_act(state) == frozenset() and engine.chance(state) is None
    assert replay(engine, options, events) == state, f"game {game}: replay differs"
    view = engine.view(state, None)
    assert BattleIslandView.model_validate(view.model_dump(mode="json")) == view
    if options.blocks != "all_live":
        (opened,) = engine.seals(state, reveal=False)
        assert opened.opening is not None and view.opening == opened.opening
    assert all(isinstance(e, (StartEvent, MoveEvent, ChanceEvent)) for e in events)
    return actions


@pytest.mark.parametrize("first", range(0, GAMES, CHUNK))
def test_random_playouts(first):
    engine = BattleIsland()
    actions = [play_one(engine, game) for game in range(first, min(first + CHUNK, GAMES))]
    assert all(a > 0 for a in actions)


def test_options_cover_every_combination():
    seen = {(o.win_at, o.carrier_pads, o.blocks) for o in map(options_for, range(36))}
    assert len(seen) == 12
    assert len({options_for(g).army for g in range(108)}) == 3
    readings = {(o.shots_blocked_by_characters, o.long_chains) for o in map(options_for, range(432))}
    assert len(readings) == 4  # the default 1000 games play all four
    assert all(options_for(g).quiet_turn_limit for g in range(GAMES)), "every playout has a bound"
