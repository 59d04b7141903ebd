"""A part of a turn planned at once (``engines.ai.plan``): an Axis & Allies power's phase is
one plan up to its end, the dice or another seat's turn, its single-unit orders grouped where one
order does exactly the same, and its work bounded by the phase's budget (iterations here: tests
never look at the clock)."""

from __future__ import annotations

from engines.ai.observation import observe
from engines.ai.plan import MIN_ITERATIONS, plan
from engines.ai.search import Budget
from engines.axis_allies import ai
from engines.axis_allies.engine import AxisAllies
from engines.core.record import MoveEvent, StartEvent, resolve_chance

ENGINE = AxisAllies()
SMALL = Budget(iterations=12, widen=6, phase_iterations=40)
"""A small budget counted in iterations only: the same plan on every machine."""
SEED = (3).to_bytes(4, "big") * 8


class Table:
    """A two-player match played by the engine directly, as the referee records it."""

    def __init__(self) -> None:
        self.state = ENGINE.setup(2)
        self.events: list = [StartEvent(players=2)]
        self.draws = 0

    def play(self, seat: int, text: str) -> None:
        move = ENGINE.parse_move(text, self.state, seat)
        self.events.append(MoveEvent(seat=seat, text=ENGINE.format_move(move, self.state), move=move.model_dump(mode="json")))
        self.state, chance = resolve_chance(ENGINE, ENGINE.apply(self.state, seat, move), SEED, self.draws)
        self.draws += sum(len(c.values) for c in chance)
        self.events += chance

    def observation(self, seat: int):
        return observe("axis_allies", self.state.options, self.events, ENGINE.view(self.state, seat), seat)


def test_a_purchase_is_one_plan_written_as_one_buy() -> None:
    table = Table()
    made = plan(table.observation(0), SMALL, seed=1)
    assert made.texts[-1] == "end" and made.texts[0].startswith("buy ")
    assert len(made.texts) == 2 < made.decisions, made.texts  # one buy for every unit bought
    for text in made.texts:
        table.play(0, text)
    assert table.state.phase == "combat_move" and sum(n for _, n in table.state.purchased) == made.decisions - 1


def test_grouped_orders_do_exactly_what_their_single_orders_did() -> None:
    table = Table()
    for text in ("end", "end"):  # to the USSR's combat move
        table.play(0, text)
    singles = [ENGINE.parse_move(t, table.state, 0) for t in (
        "move 1 inf Caucasus -> Ukraine S.S.R.", "move 1 inf Caucasus -> Ukraine S.S.R.", "move 1 arm Karelia S.S.R. -> Eastern Europe",
        "move 1 inf Karelia S.S.R. -> Eastern Europe", "move 1 inf Caucasus -> Ukraine S.S.R.")]
    grouped = ai.grouped(ENGINE, table.state, 0, singles)
    assert [ENGINE.format_move(m, table.state) for m in grouped] == [
        "move 2 inf Caucasus -> Ukraine S.S.R.", "move 1 inf 1 arm Karelia S.S.R. -> Eastern Europe",
        "move 1 inf Caucasus -> Ukraine S.S.R."]
    one, other = table.state, table.state
    for move in singles:
        one = ENGINE.apply(one, 0, move)
    for move in grouped:
        other = ENGINE.apply(other, 0, move)
    assert one.units == other.units and one.battles == other.battles


def test_a_power_turn_is_planned_phase_by_phase_within_the_phase_budget() -> None:
    """Germany's first turn (the USSR ends its turn at once): every plan ends its phase, or ends
    where dice fall, or hands the move to the other seat; none uses more than the phase's
    iterations (and a few for each decision once they are used up)."""
    table = Table()
    while table.state.power == "ussr":
        table.play(0, "end")
    plans = 0
    decisions = 0
    while table.state.power == "germany":
        seat = min(ENGINE.to_act(table.state))
        if seat == 0:  # the USSR's casualties
            table.play(0, ENGINE.question_choices(table.state, 0)[0])
            continue
        made = plan(table.observation(1), SMALL, seed=plans)
        plans += 1
        decisions += made.decisions
        assert made.iterations <= SMALL.phase_iterations + MIN_ITERATIONS * made.decisions
        assert made.evaluations >= made.iterations
        part = ai.phase(table.state)
        for index, text in enumerate(made.texts):
            draws = table.draws
            table.play(1, text)
            last = index == len(made.texts) - 1
            goes_on = ai.phase(table.state) == part and ENGINE.to_act(table.state) == {1} and table.draws == draws
            assert goes_on or last, (text, made.texts)
        assert plans < 40, "a power's turn in a few plans, not one per order"
    assert decisions > 2 * plans, (decisions, plans)


def test_a_placement_planned_unit_by_unit_is_one_order_per_territory() -> None:
    table = Table()
    for text in ("buy 3 inf 1 arm", "end", "end", "end", "end"):  # the USSR to its placement
        table.play(0, text)
    singles = [ENGINE.parse_move(t, table.state, 0) for t in (
        "place 1 inf Russia", "place 1 inf Karelia S.S.R.", "place 1 arm Russia", "place 1 inf Russia", "end")]
    grouped = ai.grouped(ENGINE, table.state, 0, singles)
    assert [ENGINE.format_move(m, table.state) for m in grouped] == [
        "place 1 inf Karelia S.S.R.", "place 2 inf 1 arm Russia", "end"]
