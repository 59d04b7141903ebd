"""One-ply tactics: what the other side can take at once.

``exposure`` is the material a seat stands to lose to the other seat's best immediate reply
(judged by ``Knowledge.material``, against the material it has before its move): the tactical
safety check of the search's root (``engines.ai.search``) and the bench's blunder count
(``bench/ai.py``) both use it. Pure: the replies' dice are drawn once with the given ``Rng``.
"""

from __future__ import annotations

from engines.ai.base import Knowledge, Move, State, reward, settle
from engines.ai.rng import Rng
from engines.core.contract import Engine, Seat

LOSS = 1e-6
"""A material value lower than this less than before counts as a loss."""


def material_of(engine: Engine, knowledge: Knowledge, state: State, players: int) -> tuple[float, ...]:
    result = engine.result(state)
    if result is not None:
        return reward(result, players)
    return (knowledge.material or knowledge.evaluate)(engine, state, players)


def worst_reply(engine: Engine, knowledge: Knowledge, state: State, seat: Seat, players: int, rng: Rng) -> float | None:
    """``seat``'s material value after the other seat's best immediate reply from ``state`` (the
    position after ``seat``'s move); ``None`` when no other seat replies at once (``seat`` moves
    again and may not end its turn here, or nobody is to act)."""
    state = settle(engine, state, rng)
    if engine.result(state) is not None:
        return material_of(engine, knowledge, state, players)[seat]
    acting = engine.to_act(state)
    if seat in acting and knowledge.close_turn is not None:
        closed = knowledge.close_turn(engine, state, seat)
        if closed is None:
            return None
        state = settle(engine, closed, rng)
        if engine.result(state) is not None:
            return material_of(engine, knowledge, state, players)[seat]
        acting = engine.to_act(state)
    others = [s for s in acting if s != seat]
    if not others or seat in acting:
        return None
    other = min(others)
    moves = engine.legal_moves(state, other)
    if knowledge.replies is not None:
        moves = knowledge.replies(engine, state, other, moves)
    worst = material_of(engine, knowledge, state, players)[seat]
    for move in moves:
        after = settle(engine, engine.apply(state, other, move), rng)
        worst = min(worst, material_of(engine, knowledge, after, players)[seat])
    return worst


def exposure(engine: Engine, knowledge: Knowledge, before: State, seat: Seat, move: Move, players: int, rng: Rng) -> float | None:
    """How much material value ``seat`` loses, against ``before``, if it plays ``move`` and the
    other seat answers with its best immediate reply (0: nothing; ``None``: no reply follows at
    once)."""
    start = material_of(engine, knowledge, before, players)[seat]
    worst = worst_reply(engine, knowledge, engine.apply(before, seat, move), seat, players, rng)
    return None if worst is None else max(0.0, start - worst)


def is_pass(engine: Engine, state: State, move: Move) -> bool:
    """A move that ends the seat's turn doing nothing (``pass``, ``end``)."""
    return engine.format_move(move, state).strip().lower() in {"pass", "end"}
