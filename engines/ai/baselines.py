"""The players the computer is measured against (``make bench-ai``). Both see only an
observation, like the computer.

* ``random_choice``: a uniformly random legal move.
* ``greedy_choice``: one ply: each legal move once (its dice drawn once), the position after it
  judged by the game's evaluation (a finished game by its result); the best for the mover wins,
  ties broken at random.
"""

from __future__ import annotations

from engines.ai.games import knowledge_for
from engines.ai.observation import Observation
from engines.ai.rng import Rng
from engines.ai.search import Choice, settle, values_of
from engines.registry import get_engine


def random_choice(obs: Observation, seed: int) -> Choice:
    engine = get_engine(obs.game)
    rng = Rng(seed)
    world = settle(engine, knowledge_for(obs.game).worlds(engine, obs)(rng), rng)
    move = rng.choice(engine.legal_moves(world, obs.seat))
    return Choice(move, engine.format_move(move, world), 0, 0.5)


def greedy_choice(obs: Observation, seed: int) -> Choice:
    engine = get_engine(obs.game)
    knowledge = knowledge_for(obs.game)
    rng = Rng(seed)
    world = settle(engine, knowledge.worlds(engine, obs)(rng), rng)
    best, best_value = [], -1.0
    for move in engine.legal_moves(world, obs.seat):
        after = settle(engine, engine.apply(world, obs.seat, move), rng)
        value = values_of(engine, knowledge, after, obs.players)[obs.seat]
        if value > best_value + 1e-9:
            best, best_value = [move], value
        elif abs(value - best_value) <= 1e-9:
            best.append(move)
    move = rng.choice(best)
    return Choice(move, engine.format_move(move, world), len(best), best_value)
