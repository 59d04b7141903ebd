"""The computer player the bot seats: levels, and the two questions it answers.

A level is a search budget: iterations (the same choice on every machine for a seed) capped by
seconds (so a slow or busy machine still answers in time), and a temperature. ``hard`` thinks for
up to 2 s per move by default and plays its search's best move. Thinking longer alone did not
make a level stronger (hard against 150 iterations scored 0.45-0.50 in docs/computer.md), so the
lower levels also play the move their search liked less now and then: ``normal`` draws its move
in proportion to the visits squared, ``easy`` in proportion to the visits. Easy also sees only
one move in ten (drawn anew at each decision, at least one) and searches those (``overlook``), as
a beginner misses most of what the board offers: without it, its 30 iterations over a hundred
moves gave one visit each to the first thirty in the engine's order, and in two games it played
worse than a uniformly random player. Where a game's plain rules narrow a decision (Axis &
Allies, where most decisions are the plain rules' and the temperature alone left the levels
even), the lower levels now and then search every legal move instead (``freehand``: normal one
decision in ten, easy three in ten). The computer never resigns; it accepts a draw offer only
when its search gives it less than ``DRAW_ACCEPT`` (it is losing), and never when it is winning.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Literal

from engines.ai.observation import Observation
from engines.ai.plan import Plan, plan
from engines.ai.search import Budget, Choice, search, value_estimate

Level = Literal["easy", "normal", "hard"]
LEVELS: dict[str, Budget] = {
    "easy": Budget(iterations=30, seconds=0.3, rollout_scale=0.25, temperature=1.0, freehand=0.3, overlook=0.9,
                   phase_seconds=1.0, phase_iterations=120),
    "normal": Budget(iterations=150, seconds=1.0, rollout_scale=0.5, widen=6, temperature=0.5, freehand=0.1, safety=True,
                     phase_seconds=3.0, phase_iterations=600),
    "hard": Budget(iterations=600, seconds=2.0, rollout_scale=0.5, widen=8, safety=True,
                   phase_seconds=5.0, phase_iterations=2400),
}
"""Per move (and, where a game plans a part of a turn at once, ``engines.ai.plan``, per part)."""
DRAW_ACCEPT = 0.35
"""Accept a draw when the search's estimate of winning is below this."""


def budget_for(level: str, seconds: float | None = None) -> Budget:
    """The budget of ``level``; ``seconds`` replaces its time cap per move (the bot's
    configuration), and its time per part of a turn in the same proportion."""
    budget = LEVELS[level]
    if seconds is None:
        return budget
    phase = None
    if budget.phase_seconds is not None:
        phase = budget.phase_seconds * seconds / budget.seconds if budget.seconds else budget.phase_seconds
    return replace(budget, seconds=seconds, phase_seconds=phase)


def decide_phase(obs: Observation, level: str, seed: int, clock: Callable[[], float] | None = None,
                 seconds: float | None = None, start: float | None = None) -> Plan:
    """The orders the computer plays now for ``obs.seat``: one move, or where the game plans
    a part of a turn at once (Axis & Allies' phases), all of that part up to the next dice."""
    return plan(obs, budget_for(level, seconds), seed, clock, start)


def decide(obs: Observation, level: str, seed: int, clock: Callable[[], float] | None = None,
           seconds: float | None = None) -> Choice:
    """The move text the computer plays for ``obs.seat``."""
    return search(obs, budget_for(level, seconds), seed, clock)


def accepts_draw(obs: Observation, level: str, seed: int, clock: Callable[[], float] | None = None,
                 seconds: float | None = None) -> bool:
    """Whether the computer accepts a draw offered to ``obs.seat`` (it may not be its turn:
    the search then judges the position from the seat to act)."""
    return estimate(obs, level, seed, clock, seconds) < DRAW_ACCEPT


def estimate(obs: Observation, level: str, seed: int, clock: Callable[[], float] | None = None,
             seconds: float | None = None) -> float:
    """About the chance ``obs.seat`` wins from here: the mean reward of rollouts."""
    return value_estimate(obs, budget_for(level, seconds), seed, clock)
