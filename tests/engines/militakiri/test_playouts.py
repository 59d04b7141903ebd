"""Seeded random playouts on both boards (DESIGN.md, "Testing"): never crash, always end, every
chosen move formats and parses back to itself, every legal move applies, replay equals the
live state, the view validates.

``SCHEIDS_PLAYOUTS`` sets the number of games per board (default 1000; ``make soak`` runs
more). Dice come from ``resolve_chance`` with a per-game seed, choices from
``random.Random(game)``. A quarter of the setups are ``setup random`` (a chance node); the
others are a random valid setup (on the double board drawn from the 49,500 valid setups
directly: building all of them as move objects every game would dominate the run; the
setup tests check that list). Once per game, at a random turn, *every* legal move is
formatted, parsed back and applied, and the position string is read back.

Termination bound: a capture removes one piece (pawn, rank or tower) of the opponent from the
board as a unit; units only come back as placed reserve towers. So there are at most
R = 36 + 5 captures on the single board (72 + 10 double). Between captures at most
``quiet_move_limit`` - 1 quiet moves (decision 18: our addition, off by default, so every
playout sets it), and once the endgame rule is active at most
2 x 50 (2 x 100) moves follow (section 21): moves <= R + (R + 1) * L + 2 * E.
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
from engines.militakiri import (
    Militakiri,
    MilitakiriMove,
    MilitakiriOptions,
    MilitakiriView,
    from_position,
    to_position,
)
from engines.militakiri.board import ENDGAME_MOVES
from engines.militakiri.moves import PASS
from engines.militakiri.rules import blockaded, census, lone_seats
from engines.militakiri.setup import all_setups, squares_of

GAMES = int(os.environ.get("SCHEIDS_PLAYOUTS", "1000"))
CHUNK = 100
CAPTURES = {"single": 36 + 5, "double": 72 + 10}


def move_bound(options: MilitakiriOptions) -> int:
    r, limit = CAPTURES[options.board], options.quiet_move_limit
    return r + (r + 1) * limit + 2 * ENDGAME_MOVES[options.board]


def options_for(board: str, game: int) -> MilitakiriOptions:
    spacing = "around" if board == "double" and game % 3 == 0 else "row"
    limit = (100, 100, 100, 40)[game % 4]
    return MilitakiriOptions(board=board, tower_spacing=spacing, quiet_move_limit=limit)


def choose_setup(engine: Militakiri, state, seat: int, rng: random.Random) -> MilitakiriMove:
    if rng.random() < 0.25:
        return engine.parse_move("setup random", state, seat)
    if state.options.board == "single":
        return rng.choice(engine.legal_moves(state, seat))
    g = state.geometry
    combo = rng.choice(all_setups(g.kind, state.options.tower_spacing))
    return MilitakiriMove(kind="setup", towers=tuple(g.names[sq] for sq in squares_of(g, seat, combo)))


def check_every_move(engine: Militakiri, state, seat: int) -> None:
    """Every legal move formats, parses back to itself and applies; the position reads back."""
    for move in engine.legal_moves(state, seat):
        assert engine.parse_move(engine.format_move(move, state), state, seat) == move
        engine.apply(state, seat, move)
    assert from_position(to_position(state), state.options) == state.model_copy(update={"last_move": None})
    view = engine.view(state, seat)
    assert MilitakiriView.model_validate(view.model_dump(mode="json")) == view


def play_one(engine: Militakiri, board: str, game: int) -> int:
    rng = random.Random(game)
    seed = hashlib.sha256(f"militakiri playout {board} {game}".encode()).digest()
    options = options_for(board, game)
    bound = move_bound(options)
    events: list = [StartEvent(players=2)]
    state = engine.setup(2, options)
    for seat in (0, 1):
        move = choose_setup(engine, state, seat, rng)
        text = engine.format_move(move, state)
        assert engine.parse_move(text, state, seat) == move
        events.append(MoveEvent(seat=seat, text=text, move=move.model_dump(mode="json"), secret=True))
        state = engine.apply(state, seat, move)
    state, chance = resolve_chance(engine, state, seed, 0)
    events.extend(chance)
    assert state.phase == "play"
    sample = rng.randrange(150)
    while engine.result(state) is None:
        assert state.turn <= bound, f"{board} game {game} runs past the bound {bound}"
        (seat,) = engine.to_act(state)
        moves = engine.legal_moves(state, seat)
        assert moves, f"{board} game {game}: no legal move at move {state.turn}"
        if state.turn == sample:
            check_every_move(engine, state, seat)
            sample = -1
        move = rng.choice(moves)
        text = engine.format_move(move, state)
        assert engine.parse_move(text, state, seat) == move, f"{board} game {game}: {text}"
        events.append(MoveEvent(seat=seat, text=text, move=move.model_dump(mode="json")))
        state = engine.apply(state, seat, move)
    assert engine.to_act(state) == frozenset()
    assert replay(engine, options, events) == state, f"{board} game {game}: replay differs"
    view = engine.view(state, None)
    assert MilitakiriView.model_validate(view.model_dump(mode="json")) == view
    assert all(isinstance(e, (StartEvent, MoveEvent, ChanceEvent)) for e in events)
    return state.turn


@pytest.mark.parametrize("board", ["single", "double"])
@pytest.mark.parametrize("first", range(0, GAMES, CHUNK))
def test_random_playouts(board, first):
    engine = Militakiri()
    moves = [play_one(engine, board, game) for game in range(first, min(first + CHUNK, GAMES))]
    assert all(m > 0 for m in moves)


def test_move_bound():
    assert move_bound(MilitakiriOptions(quiet_move_limit=100)) == 41 + 42 * 100 + 100
    assert move_bound(MilitakiriOptions(board="double", quiet_move_limit=100)) == 82 + 83 * 100 + 200


# ----------------------------------------------------------------------------- endgame playouts

ENDGAME_GAMES = max(1, GAMES // 20)


def endgame_choice(state, moves, rng: random.Random):
    """Take pawns and ranks first and a tower only once the other side has no pawns or ranks
    left, so games reach the endgame rule (random play rarely does); random once it is active."""
    if state.endgame is not None:
        return rng.choice(moves)
    seat = state.to_move
    _, stacks = census(state.board)
    best, best_score = None, -1e9
    for move in moves:
        score = rng.random()
        if move.kind == "capture":
            target = state.board[state.geometry.index_of[move.to]]
            if target[0] not in "Tt":
                score += 5
            else:
                score += 2 if stacks[1 - seat] == 0 else -50
        if score > best_score:
            best, best_score = move, score
    return best


@pytest.mark.parametrize("board", ["single", "double"])
def test_endgame_playouts(board):
    """Games steered into the endgame rule (sections 20-21): after every move no lone tower is
    shut in (a lone player to move always has more than ``pass``), every piece reaches 1 square, the move counters run, and the game ends by the move
    rule or a capture of the last tower."""
    engine = Militakiri()
    reached = 0
    for game in range(ENDGAME_GAMES):
        rng = random.Random(10_000 + game)
        state = engine.setup(2, MilitakiriOptions(board=board, quiet_move_limit=100))  # random play must end
        for seat in (0, 1):
            state = engine.apply(state, seat, engine.parse_move("setup random", state, seat))
        seed = hashlib.sha256(f"militakiri endgame {board} {game}".encode()).digest()
        state, _ = resolve_chance(engine, state, seed, 0)
        while state.result is None:
            seat = state.to_move
            moves = engine.legal_moves(state, seat)
            move = endgame_choice(state, moves, rng)
            before = state.endgame
            state = engine.apply(state, seat, move)
            if state.endgame is None:
                continue
            assert not blockaded(state.board, state.geometry) or state.result is not None
            if state.result is None and not state.moved and state.to_move in lone_seats(state.board):
                # section 20: a lone tower always has a real move, never only ``pass``
                assert engine.legal_moves(state, state.to_move) != [PASS]
            if before is not None and move.kind != "place":
                assert state.endgame[seat] == before[seat] + 1
            if state.result is None and not state.moved:
                for m in engine.legal_moves(state, state.to_move):
                    if m.frm:
                        a, b = state.geometry.index_of[m.frm], state.geometry.index_of[m.to]
                        assert max(abs(a % state.geometry.files - b % state.geometry.files),
                                   abs(a // state.geometry.files - b // state.geometry.files)) == 1
        if state.endgame is not None:
            reached += 1
            assert state.result.reason in ("militakiri.endgame_draw", "militakiri.all_towers", "militakiri.no_moves")
    assert reached >= ENDGAME_GAMES // 2
