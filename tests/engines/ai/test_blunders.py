"""The bench's "plays like a human" count (``bench/blunders.py``): it finds the blunders it
names, and none where there are none."""

from __future__ import annotations

import random

from bench import blunders
from engines.ai.games import knowledge_for
from engines.ai.rng import Rng
from engines.ai.tactics import exposure
from engines.masters_victory.moves import END, SetupAction
from tests.engines.ai.test_search import Match


def test_a_move_that_leaves_material_to_the_reply_counts_as_hung_only_when_another_would_not() -> None:
    match = Match("heroes_cities", seed=bytes([2]) * 32)
    match.random_moves(14 + 2, random.Random(2))
    engine, knowledge = match.engine, knowledge_for("heroes_cities")
    seat = min(engine.to_act(match.state))
    moves = engine.legal_moves(match.state, seat)
    lost = {m: exposure(engine, knowledge, match.state, seat, m, 2, Rng(0)) for m in moves}
    bad = next(m for m, x in lost.items() if x and x > 1e-6)
    good = next(m for m, x in lost.items() if x is not None and x <= 1e-6)
    assert blunders.count(engine, knowledge, match.state, seat, bad, True, 2, Rng(0))["hung"] == 1
    assert blunders.count(engine, knowledge, match.state, seat, good, True, 2, Rng(0))["hung"] == 0


def test_ending_a_turn_before_any_move_counts_as_passed() -> None:
    plain = SetupAction(numbers=("11223m",) * 3)
    match = Match("masters_victory")
    match.play(0, plain)
    match.play(1, plain)
    seat = match.state.to_move
    engine, knowledge = match.engine, knowledge_for("masters_victory")
    assert blunders.count(engine, knowledge, match.state, seat, END, True, 2, Rng(0))["passed"] == 1
    assert blunders.count(engine, knowledge, match.state, seat, END, False, 2, Rng(0))["passed"] == 0


def test_facing_off_the_board_or_along_the_back_row_counts() -> None:
    assert blunders._bad_facing("place soldier c1 s", 0) == 1, "off the board"
    assert blunders._bad_facing("place soldier c1 e", 0) == 1, "along its back row"
    assert blunders._bad_facing("place soldier c2 e", 0) == 0
    assert blunders._bad_facing("place soldier c1 n", 0) == 0
    assert blunders._bad_facing("place tank c12 n", 1) == 1
    assert blunders._bad_facing("place tank c12 s", 1) == 0


def test_repeated_setups_are_counted_random_ones_are_not_setups() -> None:
    assert blunders.repeats([("towers a1 a2 a3",), ("towers a1 a2 b3",), ("towers a1 a2 a3",), ()]) == 1
    assert not blunders.setup_text("setup random") and blunders.setup_text("towers a1 a2 a3")


def test_an_aircraft_lost_with_a_landing_in_reach_is_counted_apart() -> None:
    """The bench's Axis & Allies board count: of the aircraft lost at the end of a non-combat
    move, those a legal move would still have landed are the ones the computer threw away."""
    from bench.ai import landable
    from engines.axis_allies import movement
    from tests.engines.axis_allies.conftest import position

    state = position(("germany", "fighter", "karelia_ssr"), ("germany", "infantry", "karelia_ssr"),
                     ("ussr", "infantry", "russia"), owners={"karelia_ssr": "germany"}, phase="noncombat_move")
    near = state.model_copy(update={"conquered": ("karelia_ssr",)})
    lost = movement.landings(near, "germany").lost
    assert lost and landable(near, lost) == list(lost), "Eastern Europe is a step away"
    spent = near.model_copy(update={"units": tuple(u.model_copy(update={"moved": 4}) if u.kind == "fighter" else u
                                                   for u in near.units)})
    assert landable(spent, movement.landings(spent, "germany").lost) == [], "no movement left"
