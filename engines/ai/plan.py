"""A part of a turn planned at once: the computer's orders up to the next dice, the end of the
part (``Knowledge.phase``: Axis & Allies' phase of a power's turn) or another seat's turn.

Where a game's turn is long (an Axis & Allies power plays 60-80 single-unit orders a turn), the
computer plans the whole phase in one think and hands it over as one list of orders (the bot
plays it as ``/orders``: one commit, one post), instead of thinking, posting and drawing the
board once per order. Each decision of the plan is the ordinary search (``engines.ai.search``)
from the position the earlier planned orders lead to, which the seat knows (its own moves added
to its observation); the decisions share the phase's budget (``Budget.phase_seconds`` and
``phase_iterations``): each may use a ``SHARE``-th of what is left of it, and at most the level's
budget for one move. Dice end a plan: what comes after them depends on them. The planned orders
are then written as fewer, larger ones where the game can do exactly the same with one
(``Knowledge.group``: ``move 3 inf …`` for three single-unit orders on one path).

Games without a ``Knowledge.phase`` plan one decision at a time, as before.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from engines.ai.base import Move
from engines.ai.games import knowledge_for
from engines.ai.observation import Observation, SeenMove
from engines.ai.rng import Rng
from engines.ai.search import Budget, search
from engines.registry import get_engine

SHARE = 3
"""Each decision of a plan may use this share (a third) of the phase's budget still left."""
MIN_SECONDS = 0.05
"""Seconds a decision gets when the phase's time is used up (it still searches a little)."""
MIN_ITERATIONS = 8
"""Iterations a decision gets when the phase's iterations are used up."""
MAX_ORDERS = 300
"""The most orders in one plan (an Axis & Allies phase has fewer than a hundred)."""


@dataclass(frozen=True)
class Plan:
    moves: tuple[Move, ...]
    """The orders to play, one after the other (grouped: see ``Knowledge.group``)."""
    texts: tuple[str, ...]
    decisions: int
    """Decisions the search made (single orders, before grouping)."""
    iterations: int
    evaluations: int
    """Positions the evaluation judged over the whole plan: the work, whatever the machine's load."""


def _allotment(budget: Budget, spent_seconds: float, spent_iterations: int) -> Budget:
    """The budget of the next decision: a ``SHARE``-th of what is left of the phase's."""
    seconds = budget.seconds
    if budget.phase_seconds is not None:
        left = max(MIN_SECONDS, (budget.phase_seconds - spent_seconds) / SHARE)
        seconds = left if seconds is None else min(seconds, left)
    iterations = budget.iterations
    if budget.phase_iterations is not None:
        iterations = min(iterations, max(MIN_ITERATIONS, (budget.phase_iterations - spent_iterations) // SHARE))
    return replace(budget, seconds=seconds, iterations=iterations)


def plan(obs: Observation, budget: Budget, seed: int, clock: Callable[[], float] | None = None,
         start: float | None = None) -> Plan:
    """The orders ``obs.seat`` plays now: one decision, or where the game plans a part of a
    turn at once, every decision up to the dice, the end of that part or another seat's turn.
    ``start``: when the phase's time began (the clock's reading; default now)."""
    engine = get_engine(obs.game)
    knowledge = knowledge_for(obs.game)
    begun = start if start is not None else clock() if clock is not None else 0.0
    if knowledge.phase is None:
        choice = search(obs, budget, seed, clock)
        return Plan((choice.move,), (choice.text,), 1, choice.iterations, choice.evaluations)
    me = obs.seat
    rng = Rng(seed)
    state = knowledge.worlds(engine, obs)(rng)
    first, part = state, knowledge.phase(state)
    moves: list[Move] = []
    iterations = evaluations = 0
    while len(moves) < MAX_ORDERS:
        spent = clock() - begun if clock is not None else 0.0
        choice = search(obs, _allotment(budget, spent, iterations), rng.randrange(1 << 62), clock)
        moves.append(choice.move)
        iterations += choice.iterations
        evaluations += choice.evaluations
        secret = engine.is_secret(choice.move, state)
        state = engine.apply(state, me, choice.move)
        if secret or engine.result(state) is not None or engine.chance(state) is not None \
                or engine.to_act(state) != frozenset({me}) or knowledge.phase(state) != part:
            break
        record = (*obs.record, SeenMove(seat=me, move=choice.move.model_dump(mode="json")))
        obs = obs.model_copy(update={"record": record, "view": engine.view(state, me)})
    decisions = len(moves)
    if knowledge.group is not None:
        moves = list(knowledge.group(engine, first, me, moves))
    texts = []
    state = first
    for move in moves:
        texts.append(engine.format_move(move, state))
        state = engine.apply(state, me, move)
    return Plan(tuple(moves), tuple(texts), decisions, iterations, evaluations)
