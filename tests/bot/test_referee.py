"""The referee on its own (bot/services/match/referee.py): what a command's texts, the match's dice
and the standing orders make of a state, with no database, no clock and no match service.

The toy game (``toy_bombs``) rolls a public die after ``roll`` and then asks ``dig N`` or ``pass``;
``ToyBombsStanding`` adds one standing order, ``pass``, played for a seat whose order says so."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from bot.services.match import referee
from bot.services.match.referee import LineRefused, play, standing_steps, step_events, step_states
from engines.core.contract import Outcome, Seat, StandingOrdersGame
from engines.core.record import ChanceEvent, MoveEvent, StartEvent, resolve_chance
from tests.bot.toy_bombs import ToyBombs, ToyBombsMove, ToyBombsOptions, ToyBombsState

SEED = b"\x07" * 32


class ToyBombsStanding(ToyBombs):
    """``toy_bombs`` with standing orders: ``{"pass": True}`` passes for the seat once it has rolled;
    ``{"roll": True}`` rolls for it."""

    def parse_standing_orders(self, text: str, state: ToyBombsState, seat: Seat, current: Mapping[str, Any]) -> dict[str, Any]:
        return {text: True}

    def describe_standing_orders(self, state: ToyBombsState, seat: Seat, orders: Mapping[str, Any]) -> list[tuple[str, dict[str, Any]]]:
        return []

    def standing_move(self, state: ToyBombsState, orders: Mapping[Seat, Mapping[str, Any]],
                      expired: frozenset[Seat] = frozenset()) -> tuple[Seat, ToyBombsMove] | None:
        seat = state.to_move
        if seat not in self.to_act(state):
            return None
        mine = orders.get(seat, {})
        if state.step == "dig" and mine.get("pass"):
            return seat, ToyBombsMove(kind="pass")
        if state.step == "roll" and mine.get("roll"):
            return seat, ToyBombsMove(kind="roll")
        return None

    def asks(self, state: ToyBombsState, orders: Mapping[Seat, Mapping[str, Any]]) -> dict[Seat, float]:
        return {}


def started(engine: ToyBombs) -> ToyBombsState:
    """The state after the secret bomb was drawn (draws 0 and 1): seat 0 is to roll."""
    state, _ = resolve_chance(engine, engine.setup(2, ToyBombsOptions()), SEED, 0)
    return state


def test_the_standing_toy_is_a_standing_orders_game() -> None:
    assert isinstance(ToyBombsStanding(), StandingOrdersGame)


def test_a_roll_is_followed_by_its_die_drawn_at_the_match_s_draw_index() -> None:
    engine = ToyBombs()
    state = started(engine)
    steps = play(engine, state, 0, ["roll"], seed=SEED, draw_index=2, orders={})
    assert len(steps) == 1
    (step,) = steps
    assert step.event == MoveEvent(seat=0, text="roll", move={"kind": "roll", "square": 0})
    assert [(c.kind, c.first_index) for c in step.chance] == [("die", 2)]
    assert step.before == state and step.after.step == "dig"
    assert step.after.die == step.chance[0].values[0] + 1
    assert step_events(steps) == [step.event, *step.chance]


def test_the_same_seed_and_index_give_the_same_die_and_the_state_given_is_left_alone() -> None:
    engine = ToyBombs()
    state = started(engine)
    first = play(engine, state, 0, ["roll"], seed=SEED, draw_index=5, orders={})
    again = play(engine, state, 0, ["roll"], seed=SEED, draw_index=5, orders={})
    assert first == again
    assert state == started(engine)


def test_the_opening_draws_the_secret_bomb_from_index_0() -> None:
    events, states = referee.opening(ToyBombs(), 2, ToyBombsOptions(), SEED)
    assert events[0] == StartEvent(players=2)
    assert [(c.kind, c.first_index, c.secret) for c in events[1:]] == [("bomb", 0, True)]
    assert states == [ToyBombs().setup(2, ToyBombsOptions()), started(ToyBombs())]


def test_each_step_carries_the_state_after_each_of_its_events() -> None:
    """What the book folds: the state after the move, then after its die; the last is ``after``."""
    engine = ToyBombs()
    state = started(engine)
    (step,) = play(engine, state, 0, ["roll"], seed=SEED, draw_index=2, orders={})
    moved = engine.apply(state, 0, ToyBombsMove(kind="roll"))
    assert step_states([step]) == [moved, engine.apply_chance(moved, Outcome(kind="die", values=step.chance[0].values))]
    assert len(step_states([step])) == len(step_events([step])) and step.after == step.states[-1]


def test_orders_play_one_after_the_other_when_only_the_last_calls_for_dice() -> None:
    engine = ToyBombs()
    rolled = play(engine, started(engine), 0, ["roll"], seed=SEED, draw_index=2, orders={})[-1].after
    free = next(square for square in range(10) if square != rolled.bomb)
    steps = play(engine, rolled, 0, [f"dig {free}"], seed=SEED, draw_index=3, orders={})
    assert [s.event.text for s in steps] == [f"dig {free}"]
    assert steps[-1].after.to_move == 1


def test_dice_before_the_last_order_refuse_that_line() -> None:
    """Dice rolled for orders that then fail would be seen and thrown away: only the last may roll."""
    engine = ToyBombs()
    with pytest.raises(LineRefused) as refused:
        play(engine, started(engine), 0, ["roll", "pass"], seed=SEED, draw_index=2, orders={})
    assert (refused.value.number, refused.value.text, refused.value.code) == (1, "roll", "core.orders_dice_not_last")
    assert refused.value.error is None


def test_a_line_the_rules_refuse_is_named_with_the_engine_s_error() -> None:
    engine = ToyBombs()
    with pytest.raises(LineRefused) as refused:
        play(engine, started(engine), 0, ["jump"], seed=SEED, draw_index=2, orders={})
    assert (refused.value.number, refused.value.code) == (1, "core.orders_line_refused")
    assert refused.value.error is not None and refused.value.error.code == "toy_bombs.illegal"


def test_a_line_after_the_seat_s_turn_ended_is_refused_as_not_its_turn() -> None:
    engine = ToyBombs()
    rolled = play(engine, started(engine), 0, ["roll"], seed=SEED, draw_index=2, orders={})[-1].after
    with pytest.raises(LineRefused) as refused:
        play(engine, rolled, 0, ["pass", "pass"], seed=SEED, draw_index=3, orders={})
    assert (refused.value.number, refused.value.code) == (2, "core.orders_line_not_your_turn")


def test_standing_orders_move_after_the_command_with_the_next_dice() -> None:
    """Seat 0 rolls; its order passes for it, and seat 1's order rolls: recorded as those seats'
    moves, each die drawn right after the ones before it."""
    engine = ToyBombsStanding()
    orders = {0: {"pass": True}, 1: {"roll": True}}
    steps = play(engine, started(engine), 0, ["roll"], seed=SEED, draw_index=2, orders=orders)
    assert [(s.event.seat, s.event.text, s.standing) for s in steps] == [
        (0, "roll", False), (0, "pass", True), (1, "roll", True),
    ]
    assert [c.first_index for s in steps for c in s.chance] == [2, 3]
    events = step_events(steps)
    assert [type(e) for e in events] == [MoveEvent, ChanceEvent, MoveEvent, MoveEvent, ChanceEvent]
    assert (steps[-1].after.to_move, steps[-1].after.step) == (1, "dig")


def test_a_game_without_standing_orders_makes_no_standing_moves() -> None:
    engine = ToyBombs()
    assert standing_steps(engine, started(engine), {0: {"roll": True}}, SEED, 2) == ([], started(engine))


def test_standing_orders_that_never_stop_are_bounded() -> None:
    """Both seats roll and pass for ever (nobody digs): the referee stops at ``MAX_STANDING_MOVES``."""
    engine = ToyBombsStanding()
    orders = {0: {"roll": True, "pass": True}, 1: {"roll": True, "pass": True}}
    steps, state = standing_steps(engine, started(engine), orders, SEED, 2)
    assert len(steps) == referee.MAX_STANDING_MOVES
    assert state == steps[-1].after
    indices = [c.first_index for s in steps for c in s.chance]
    assert indices == list(range(2, 2 + len(indices)))
