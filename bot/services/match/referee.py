"""The referee: what a command's moves do to a match, before anything is stored or said.

Pure: from the engine, the state, the seat's texts, the match's seed and draw index and the
standing orders to the steps taken (each with its event, the states around it and the dice it
called for). No storage, no clock; ``tests/bot/test_referee.py`` checks it without a database."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from engines.core.contract import Engine, Seat, StandingOrdersGame
from engines.core.errors import EngineError, MoveError
from engines.core.record import MoveEvent, resolve_chance

MAX_STANDING_MOVES = 1000
"""A bound on the moves standing orders make after one command (a battle to its end is a few dozen)."""

Orders = Mapping[Seat, Mapping[str, Any]]


class Step(NamedTuple):
    """One move of a command: its event, the move, the states around it and the dice it called for."""

    event: MoveEvent
    move: Any
    before: Any
    after: Any
    chance: tuple[Any, ...] = ()
    standing: bool = False
    """Made by a standing order (``StandingOrdersGame``), not typed."""


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
    steps, state = checked(engine, state, seat, texts)
    state, chance = resolve_chance(engine, state, seed, draw_index)
    steps[-1] = steps[-1]._replace(chance=tuple(chance), after=state)
    standing, _ = standing_steps(engine, state, orders, seed, draw_index + draws(chance))
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
        steps.append(Step(event, move, state, after))
        state = after
    return steps, state


def standing_steps(
    engine: Engine, state: Any, orders: Orders, seed: bytes, draw_index: int, expired: frozenset[Seat] = frozenset()
) -> tuple[list[Step], Any]:
    """The moves standing orders make from ``state`` on, each with the dice it calls for
    (``StandingOrdersGame``); recorded as the deciding seat's ordinary moves. ``expired``: the
    seats whose question ran out of time (their order answers it now)."""
    steps: list[Step] = []
    if not isinstance(engine, StandingOrdersGame):
        return steps, state
    while len(steps) < MAX_STANDING_MOVES and engine.result(state) is None:
        made = engine.standing_move(state, orders, expired)
        if made is None:
            break
        seat, move = made
        before = state
        event = MoveEvent(seat=seat, text=engine.format_move(move, state), move=move.model_dump(mode="json"))
        state, chance = resolve_chance(engine, engine.apply(state, seat, move), seed, draw_index)
        draw_index += draws(chance)
        steps.append(Step(event, move, before, state, tuple(chance), standing=True))
    return steps, state


def opening_chance(engine: Engine, players: int, options: Any, seed: bytes) -> list[Any]:
    """The chance events a match of ``players`` draws as it is set up (recorded after its start)."""
    _, chance = resolve_chance(engine, engine.setup(players, options), seed, 0)
    return list(chance)


def step_events(steps: list[Step]) -> list[Any]:
    """The events that record ``steps``: each move (or order) followed by the chance it drew."""
    return [event for step in steps for event in (step.event, *step.chance)]


def draws(chance: Any) -> int:
    return sum(len(event.values) for event in chance)
