"""The per-game knowledge a computer player uses, and what every game gets without any.

Each engine package has an ``ai.py`` with one ``Knowledge`` (``engines/ai/games.py`` finds it).
Search alone is weak where games are long or wide; the knowledge makes it usable: a world
sampler for hidden information, an evaluation for positions the search cuts off, and move
preferences for rollouts and for the order in which the tree tries moves.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from engines.ai.observation import Observation, SeenChance, SeenMove
from engines.ai.replays import REPLAYS
from engines.ai.rng import Rng
from engines.core.contract import Engine, Outcome, Result, Seat

State = Any
Move = Any
WorldSampler = Callable[[Rng], State]
"""Draws one world (a full state) consistent with an observation."""


class HiddenInformation(ValueError):
    """The record hides something the game's world sampler does not know how to fill in."""


def replay_seen(engine: Engine, obs: Observation, fill: Callable[[State, SeenMove | SeenChance], SeenMove | SeenChance] | None = None) -> State:
    """The state after the observed record; ``fill`` supplies a stand-in for each hidden event
    (a move or draw that seat did not see), without it a hidden event raises."""
    key = ("seen", obs.game, json.dumps(obs.options, sort_keys=True), obs.players)
    done, state = REPLAYS.resume(key, obs.record) if fill is None else (0, None)
    if state is None:
        done, state = 0, engine.setup(obs.players, engine.options_model.model_validate(obs.options))
    for event in obs.record[done:]:
        hidden = (event.move if isinstance(event, SeenMove) else event.values) is None
        if hidden:
            if fill is None:
                raise HiddenInformation(f"{obs.game}: a hidden {event.type} in the record")
            event = fill(state, event)
        if isinstance(event, SeenMove):
            state = engine.apply(state, event.seat, engine.move_model.model_validate(event.move))
        elif event.values is None:  # a fill must stand in for every hidden draw
            raise HiddenInformation(f"{obs.game}: a hidden draw was not filled in")
        else:
            state = engine.apply_chance(state, Outcome(kind=event.kind, values=event.values))
    if fill is None:
        REPLAYS.keep(key, obs.record, state)
    return state


def settle(engine: Engine, state: State, rng: Rng) -> State:
    """Resolve pending chance nodes the way the referee would (uniform draws)."""
    while engine.result(state) is None and (spec := engine.chance(state)) is not None:
        state = engine.apply_chance(state, Outcome(kind=spec.kind, values=tuple(rng.randrange(n) for n in spec.sizes)))
    return state


def replayed_world(engine: Engine, obs: Observation) -> WorldSampler:
    """A game without hidden information has one world: the record replayed."""
    state = replay_seen(engine, obs)
    return lambda rng: state


def reward(result: Result, players: int) -> tuple[float, ...]:
    """1 for a winner, 0.5 each for a draw, 0 for a loser."""
    if result.draw or not result.winners:
        return (0.5,) * players
    return tuple(1.0 if seat in result.winners else 0.0 for seat in range(players))


def even(engine: Engine, state: State, players: int) -> tuple[float, ...]:
    """No opinion: every seat at 0.5 (the search then learns only from finished rollouts)."""
    return (0.5,) * players


def two_sided(score: float, scale: float) -> tuple[float, float]:
    """Seat 0's and seat 1's values from seat 0's advantage ``score``: a logistic curve, so an
    advantage of ``scale`` is worth about 73 %."""
    p = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, score / scale))))
    return p, 1.0 - p


def uniform_rollout(engine: Engine, state: State, seat: Seat, moves: Sequence[Move], rng: Rng) -> Move:
    return rng.choice(moves)


def as_given(engine: Engine, state: State, seat: Seat, moves: Sequence[Move]) -> Sequence[Move]:
    return moves


@dataclass(frozen=True)
class Knowledge:
    worlds: Callable[[Engine, Observation], WorldSampler] = replayed_world
    """Prepare, from an observation only, a sampler of worlds consistent with it."""
    evaluate: Callable[[Engine, State, int], tuple[float, ...]] = even
    """Per seat a value in [0, 1] (about the chance to win) of a position the search stops at."""
    rollout_move: Callable[[Engine, State, Seat, Sequence[Move], Rng], Move] = uniform_rollout
    """The move a rollout plays (from the legal ``moves``)."""
    candidates: Callable[[Engine, State, Seat, Sequence[Move]], Sequence[Move]] = as_given
    """The moves the tree considers, most promising first (it may drop some: a setup with
    thousands of equivalent choices, say)."""
    ordered: bool | None = None
    """Whether ``candidates`` gives its moves most promising first (``None``: unless it is
    ``as_given``, the engine's listing). Where not, the search breaks ties at random."""
    material: Callable[[Engine, State, int], tuple[float, ...]] | None = None
    """Per seat the value of material alone (``None``: ``evaluate``): what the tactical safety
    check and the bench's plain material search count; ``evaluate`` may add positional terms."""
    replies: Callable[[Engine, State, Seat, Sequence[Move]], Sequence[Move]] | None = None
    """Of another seat's legal moves, the ones that can take material (``None``: all of them), so
    the tactical safety check looks at fewer replies in wide games."""
    close_turn: Callable[[Engine, State, Seat], State | None] | None = None
    """Where a turn has several moves of one seat (Masters Victory), the position after that seat
    ends its turn here, if it may (``None``: the safety check judges only moves that hand the turn
    over)."""
    cautious: Callable[[Engine, State, Seat], State] | None = None
    """The position the tactical safety check judges for a seat, from a world of the search: what
    that seat cannot see set at its worst for it (Masters Victory: every hidden back-number of the
    other side as high as the numbers not yet seen off the board allow), so a move is kept as safe
    only where no hidden value could make the other side's reply take material. ``None``: the
    world as drawn (a game without hidden values that decide a capture)."""
    never: Callable[[Engine, State, Seat, Move], bool] | None = None
    """Moves no level plays, even one that now and then searches every legal move
    (``Budget.freehand``): Axis & Allies' aircraft sent where they could not land. ``None``: none."""
    rollout_depth: int = 40
    """Moves a rollout plays before the evaluation judges the position."""
    private_chances: frozenset[str] = field(default_factory=frozenset)
    """Chance kinds that are part of a seat's secret although not marked secret (see ``observe``)."""
    remember: Callable[[Any], tuple[Any, ...]] | None = None
    """Facts to keep from each of the seat's views (``Observation.seen``); ``None``: the current
    view and the record say everything."""
    phase: Callable[[State], Any] | None = None
    """Where a seat's turn is long (Axis & Allies: a power's turn of many orders), the part of it
    the computer plans at once (a key, the same for every position of that part: Axis & Allies'
    power, round and phase); ``None``: every decision is planned, and played, by itself."""
    group: Callable[[Engine, State, Seat, Sequence[Move]], Sequence[Move]] | None = None
    """A planned run of orders as fewer, larger orders that do exactly the same (Axis & Allies:
    one ``move 3 inf …`` for three single-unit orders on one path); ``None``: as planned."""
    notes: str = ""
    """What the knowledge considers and what not (shown in the docs)."""

    @property
    def in_order(self) -> bool:
        """Whether the order of ``candidates`` means anything (see ``ordered``)."""
        return self.candidates is not as_given if self.ordered is None else self.ordered
