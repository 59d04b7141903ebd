"""The players the computer is measured against (``make bench-ai``). Both see only an
observation, like the computer.

* ``random_choice``: a uniformly random legal move.
* ``greedy_choice``: one ply: each legal move once (its dice drawn once), the position after it
  judged by the game's evaluation (a finished game by its result); the best for the mover wins,
  ties broken at random.
* ``two_ply_choice``: a plain two-ply material search: each legal move, then the other seat's
  best immediate reply, judged by material alone (``Knowledge.material``); the move whose worst
  case is best wins (then the better material one move ahead, then at random). Where a decision
  has more than ``TWO_PLY_ALL`` moves (Masters Victory), only the ``TWO_PLY_WIDTH`` best one move
  ahead get the second ply.
"""

from __future__ import annotations

from engines.ai.games import knowledge_for
from engines.ai.observation import Observation
from engines.ai.rng import Rng
from engines.ai.search import Choice, settle, values_of
from engines.ai.tactics import material_of, worst_reply
from engines.registry import get_engine

TWO_PLY_ALL = 200
TWO_PLY_WIDTH = 24


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


def two_ply_choice(obs: Observation, seed: int) -> Choice:
    engine = get_engine(obs.game)
    knowledge = knowledge_for(obs.game)
    rng = Rng(seed)
    world = settle(engine, knowledge.worlds(engine, obs)(rng), rng)
    moves = list(engine.legal_moves(world, obs.seat))
    rng.shuffle(moves)
    one = []
    for move in moves:
        after = settle(engine, engine.apply(world, obs.seat, move), rng)
        one.append((material_of(engine, knowledge, after, obs.players)[obs.seat], move, after))
    one.sort(key=lambda item: -item[0])  # stable: ties stay in the shuffled order
    if len(one) > TWO_PLY_ALL:
        one = one[:TWO_PLY_WIDTH]
    best = None
    for value, move, after in one:
        worst = worst_reply(engine, knowledge, after, obs.seat, obs.players, rng)
        key = (value if worst is None else worst, value)
        if best is None or key > best[0]:
            best = (key, move)
    assert best is not None
    move = best[1]
    return Choice(move, engine.format_move(move, world), len(one), best[0][0])
