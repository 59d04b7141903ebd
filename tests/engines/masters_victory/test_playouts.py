"""Seeded random playouts (DESIGN.md, "Testing"): never crash, always terminate, every chosen
action formats and parses back to itself, replay of the events equals the live state, the
view validates and hides the opponent's back-numbers, the final state survives a JSON
snapshot.

``SCHEIDS_PLAYOUTS`` sets the number of games (default 1000; ``make soak`` runs more).

Each game: both seats set up (``setup random`` through the chance node, or an explicit
random assignment typed as text), the start roll, then actions chosen by
``random.Random(game)``: with probability 1/2 among the attacks, fires and switches when
there are any, else among all legal actions (uniform choice alone wanders for hundreds of
turns: most of the ~500 legal actions are aircraft flights). Chance nodes are sampled with
``resolve_chance`` and the game's seed. Every 10th game, at one random step, *every* legal
action is formatted, parsed back and applied, and the position string is read back
(test_notation checks all actions of more positions).

Termination: every turn ends by ``end`` or after the third piece once nothing else is
possible, and a turn has at most 3 moves + 3 continuations + fires (each removes at least one
enemy piece) + switches (each removes a soldier from the enemy's back line, and pieces that
come back stand on their own half); the turn limit (option ``turn_limit``, our addition, off
by default, decision 14) then bounds the game: every playout sets it to 600 and
``quiet_turn_limit`` to 60. The test asserts both bounds.
"""

from __future__ import annotations

import hashlib
import os
import random

import pytest

from engines.core.record import (
    ChanceEvent,
    MoveEvent,
    StartEvent,
    replay,
    resolve_chance,
)
from engines.masters_victory import (
    MastersVictory,
    MastersVictoryOptions,
    MastersVictoryState,
    from_position,
    to_position,
)
from engines.masters_victory.view import MastersVictoryView

GAMES = int(os.environ.get("SCHEIDS_PLAYOUTS", "1000"))
CHUNK = 100
ACTIONS_PER_TURN = 3 + 3 + 25 + 6 + 1
"""Moves, continuations, fires (each removes an enemy piece: at most 25), switches, end."""


def options_for(game: int) -> MastersVictoryOptions:
    return MastersVictoryOptions(
        movement="straight" if game % 5 == 4 else "turning",
        fighter_vs_ground=("soldier_artillery", "none", "all")[game % 3],
        artillery_height=("below_tank", "above_tank", "lowest")[game % 7 % 3],
        soldier_moves=(4, 6)[game % 2],
        quiet_turn_limit=60,  # random play must end; the rulebook's game has no limit (decision 14)
        turn_limit=600,
    )


def random_setup_text(rng: random.Random) -> str:
    groups = []
    for letter in "fts":
        numbers = list("11223m")
        rng.shuffle(numbers)
        groups.append(letter + "".join(numbers))
    return "setup " + " ".join(groups)


def check_every_move(engine: MastersVictory, state, seat: int) -> None:
    """Every legal action formats, parses back to itself and applies without raising."""
    for move in engine.legal_moves(state, seat):
        assert engine.parse_move(engine.format_move(move, state), state, seat) == move
        engine.apply(state, seat, move)
    assert from_position(to_position(state), state.options) == state.model_copy(update={"last_turn": (), "current": ()})


def check_view(engine: MastersVictory, state) -> None:
    for viewer in (None, 0, 1):
        view = engine.view(state, viewer)
        assert MastersVictoryView.model_validate(view.model_dump(mode="json")) == view
        for piece in view.pieces:
            if piece.owner != viewer:
                assert piece.number is None and piece.master is None


def choose(engine: MastersVictory, state, seat: int, rng: random.Random):
    if state.phase == "setup":
        text = "setup random" if rng.random() < 0.5 else random_setup_text(rng)
        return engine.parse_move(text, state, seat)
    moves = engine.legal_moves(state, seat)
    assert moves, "no legal action"
    if rng.random() < 0.5:
        sharp = [m for m in moves if m.attack is not None or m.kind in ("fire", "switch")]
        if sharp:
            return rng.choice(sharp)
    return rng.choice(moves)


def play_one(engine: MastersVictory, game: int) -> int:
    rng = random.Random(game)
    seed = hashlib.sha256(f"masters_victory playout {game}".encode()).digest()
    options = options_for(game)
    events: list = [StartEvent(players=2)]
    state = engine.setup(2, options)
    draw_index = 0
    sample = rng.randrange(120) if game % 10 == 0 else -1
    steps = 0
    actions_this_turn = 0
    while engine.result(state) is None:
        state, chance = resolve_chance(engine, state, seed, draw_index)
        events.extend(chance)
        if chance:
            draw_index = chance[-1].first_index + len(chance[-1].values)
        if engine.result(state) is not None:
            break
        seat = min(engine.to_act(state))
        if steps == sample:
            check_every_move(engine, state, seat)
            check_view(engine, state)
        move = choose(engine, state, seat, rng)
        text = engine.format_move(move, state)
        assert engine.parse_move(text, state, seat) == move, f"game {game}: {text}"
        events.append(MoveEvent(seat=seat, text=text, move=move.model_dump(mode="json"),
                                secret=engine.is_secret(move, state)))
        before = state.turns
        state = engine.apply(state, seat, move)
        actions_this_turn = 0 if state.turns != before else actions_this_turn + 1
        assert actions_this_turn <= ACTIONS_PER_TURN, f"game {game}: a turn without end"
        assert state.turns <= options.turn_limit
        steps += 1
    assert engine.to_act(state) == frozenset()
    assert replay(engine, options, events) == state, f"game {game}: replay differs"
    assert MastersVictoryState.model_validate_json(state.model_dump_json()) == state  # snapshots
    assert all(isinstance(e, (StartEvent, MoveEvent, ChanceEvent)) for e in events)
    if game % 10 == 0:
        check_view(engine, state)
    return steps


@pytest.mark.parametrize("first", range(0, GAMES, CHUNK))
def test_random_playouts(first):
    engine = MastersVictory()
    steps = [play_one(engine, game) for game in range(first, min(first + CHUNK, GAMES))]
    assert all(s > 0 for s in steps)
