"""The referee: what a command's moves do to a match, before anything is stored or said.

Pure: from the engine, the state, the seat's texts, the match's seed and draw index and the
standing orders to the steps taken (each with its event, the states around it and the dice it
called for). No storage, no clock; ``tests/bot/test_referee.py`` checks it without a database.

Each move is applied here once: the book folds the states the steps carry (``step_states``)
rather than replaying the events it appends (replay is for loading and ``/match verify``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from engines.core import capabilities as offers
from engines.core.contract import Engine, Seat
from engines.core.errors import EngineError, MoveError
from engines.core.record import ChanceEvent, MoveEvent, StartEvent, chance_trail

MAX_STANDING_MOVES = 1000
"""A bound on the moves standing orders make after one command (a battle to its end is a few dozen)."""

Orders = Mapping[Seat, Mapping[str, Any]]


class Step(NamedTuple):
    """One move of a command: its event, the move, the states around it and the dice it called for."""

    event: MoveEvent
    move: Any
    before: Any
    states: tuple[Any, ...]
    """The state after the move, then after each of ``chance`` in turn (``after`` is the last)."""
    chance: tuple[ChanceEvent, ...] = ()
    standing: bool = False
    """Made by a standing order (``StandingOrdersGame``), not typed."""

    @property
    def after(self) -> Any:
        """The state after the move and its dice."""
        return self.states[-1]

    def with_chance(self, trail: list[tuple[ChanceEvent, Any]]) -> Step:
        """This step followed by the chance events of ``trail``, each with the state after it."""
        return self._replace(chance=self.chance + tuple(event for event, _ in trail),
                             states=self.states + tuple(state for _, state in trail))


class LineRefused(Exception):
    """Line ``number`` of a command's texts was refused: ``code`` says how, ``error`` why."""

    def __init__(self, number: int, text: str, code: str, error: EngineError | None = None) -> None:
        super().__init__(code)
        self.number, self.text, self.code, self.error = number, text, code, error


def play(
    engine: Engine, state: Any, seat: Seat, texts: list[str], *, seed: bytes, draw_index: int, orders: Orders
) -> list[Step]:
    """``texts`` played by ``seat`` one after the other, all or none: the last one's dice, then
    whatever the standing orders do after it. Raises ``LineRefused`` for the first that fails."""
    steps, _ = checked(engine, state, seat, texts)
    steps[-1] = steps[-1].with_chance(chance_trail(engine, steps[-1].after, seed, draw_index))
    standing, _ = standing_steps(engine, steps[-1].after, orders, seed, draw_index + draws(steps[-1].chance))
    return steps + standing


def checked(engine: Engine, state: Any, seat: Seat, texts: list[str]) -> tuple[list[Step], Any]:
    """Parse and apply ``texts`` one after the other on a copy of the state, without dice:
    only the last may call for them (dice rolled for orders that then fail would be seen
    and thrown away). Raises ``LineRefused`` for the first that fails."""
    steps: list[Step] = []
    for number, text in enumerate(texts, start=1):
        if seat not in engine.to_act(state):
            raise LineRefused(number, text, "core.orders_line_not_your_turn")
        try:
            move = engine.parse_move(text, state, seat)
            canonical = engine.format_move(move, state)
            secret = engine.is_secret(move, state)
            after = engine.apply(state, seat, move)
        except MoveError as error:
            raise LineRefused(number, text, "core.orders_line_refused", error) from None
        if number < len(texts) and engine.chance(after) is not None:
            raise LineRefused(number, text, "core.orders_dice_not_last")
        event = MoveEvent(seat=seat, text=canonical, move=move.model_dump(mode="json"), secret=secret)
        steps.append(Step(event, move, state, (after,)))
        state = after
    return steps, state


def standing_steps(
    engine: Engine, state: Any, orders: Orders, seed: bytes, draw_index: int, expired: frozenset[Seat] = frozenset()
) -> tuple[list[Step], Any]:
    """The moves standing orders make from ``state`` on, each with the dice it calls for
    (``StandingOrdersGame``); recorded as the deciding seat's ordinary moves. ``expired``: the
    seats whose question ran out of time (their order answers it now)."""
    steps: list[Step] = []
    if not offers.standing_orders(engine):
        return steps, state
    while len(steps) < MAX_STANDING_MOVES and engine.result(state) is None:
        made = engine.standing_move(state, orders, expired)
        if made is None:
            break
        seat, move = made
        event = MoveEvent(seat=seat, text=engine.format_move(move, state), move=move.model_dump(mode="json"))
        moved = engine.apply(state, seat, move)
        step = Step(event, move, state, (moved,), standing=True).with_chance(chance_trail(engine, moved, seed, draw_index))
        draw_index += draws(step.chance)
        steps.append(step)
        state = step.after
    return steps, state


def opening(engine: Engine, players: int, options: Any, seed: bytes) -> tuple[list[Any], list[Any]]:
    """The events that start a match of ``players`` (the start, then the chance events its setup
    draws) and the state after each."""
    state = engine.setup(players, options)
    trail = chance_trail(engine, state, seed, 0)
    return [StartEvent(players=players), *(event for event, _ in trail)], [state, *(after for _, after in trail)]


def step_events(steps: list[Step]) -> list[Any]:
    """The events that record ``steps``: each move (or order) followed by the chance it drew."""
    return [event for step in steps for event in (step.event, *step.chance)]


def step_states(steps: list[Step]) -> list[Any]:
    """The state after each of ``step_events(steps)``: what the book folds into the match."""
    return [state for step in steps for state in step.states]


def draws(chance: Any) -> int:
    return sum(len(event.values) for event in chance)
