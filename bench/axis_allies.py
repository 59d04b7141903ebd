"""Axis & Allies figures beside the common ones: legal-move generation per phase, a
30-unit battle resolved, and a whole round applied. Printed by ``bench/__main__.py``."""

from __future__ import annotations

import random
import statistics
import time
from collections import defaultdict
from collections.abc import Callable

from bench.axis_allies_pictures import fought_battle, picture_figures
from engines.axis_allies.engine import AxisAllies
from engines.axis_allies.options import AxisAlliesOptions
from engines.core.contract import Outcome

ENGINE = AxisAllies()
Line = Callable[..., None]


def per_phase(states: list, line: Line, floors: float) -> None:
    """legal_moves timed separately in each phase of the turn."""
    by_phase: dict[str, list[float]] = defaultdict(list)
    for state in states:
        seats = ENGINE.to_act(state)
        if not seats:
            continue
        start = time.perf_counter()
        ENGINE.legal_moves(state, min(seats))
        by_phase[state.phase].append(time.perf_counter() - start)
    for phase, samples in by_phase.items():
        line(f"legal_moves in {phase}", samples, floors)


def cpu_timed(call: Callable[[], object]) -> float:
    """Process CPU seconds of one call: on a shared machine wall time counts the neighbours too."""
    start = time.process_time()
    call()
    return time.process_time() - start


def combat_move(states: list, line: Line, floors: float) -> None:
    """in the combat move, every legal move listed (``legal_moves``: token lookup,
    closest-move hints) against what autocomplete does (``suggest_moves``: lazily, only what fits
    what was typed), in wall time and in this process's CPU time."""
    positions = [(s, min(ENGINE.to_act(s))) for s in states if s.phase == "combat_move" and ENGINE.to_act(s)]
    if not positions:
        return
    calls: dict[str, Callable[[object, int], object]] = {
        "legal_moves": lambda s, seat: ENGINE.legal_moves(s, seat),
        'autocomplete ""': lambda s, seat: ENGINE.suggest_moves(s, seat, "", 25),
        'autocomplete "move 1 inf"': lambda s, seat: ENGINE.suggest_moves(s, seat, "move 1 inf", 25),
        'autocomplete "karelia"': lambda s, seat: ENGINE.suggest_moves(s, seat, "karelia", 25),
    }
    for name, call in calls.items():
        wall: list[float] = []
        cpu: list[float] = []
        for s, seat in positions:
            start = time.perf_counter()
            cpu.append(cpu_timed(lambda s=s, seat=seat, call=call: call(s, seat)))
            wall.append(time.perf_counter() - start)
        line(f"combat move: {name}", wall, floors)
        line(f"combat move: {name} (CPU)", cpu)


def big_battle(seed: int) -> float:
    """15 German land units and aircraft against 15 Soviet defenders, cheapest casualties first."""
    start = time.perf_counter()
    fought_battle(seed)
    return time.perf_counter() - start


def whole_round(seed: int) -> tuple[float, int]:
    """Five powers' turns of seeded random play applied through the engine (chance included)."""
    rng = random.Random(seed)
    state = ENGINE.setup(5, AxisAlliesOptions(round_limit=1))
    actions = 0
    start = time.perf_counter()
    while ENGINE.result(state) is None:
        spec = ENGINE.chance(state)
        if spec is not None:
            state = ENGINE.apply_chance(state, Outcome(kind=spec.kind, values=tuple(rng.randrange(s) for s in spec.sizes)))
            continue
        seat = min(ENGINE.to_act(state))
        legal = ENGINE.legal_moves(state, seat)
        ends = [m for m in legal if m.kind == "end"]
        move = ends[0] if ends and rng.random() < 0.15 else rng.choice(legal)
        state = ENGINE.apply(state, seat, move)
        actions += 1
    return time.perf_counter() - start, actions


def extra_figures(states: list, line: Line, floors: float) -> None:
    per_phase(states, line, floors)
    combat_move(states, line, floors)
    line("a 30-unit land battle resolved", [big_battle(seed) for seed in range(30)], floors)
    rounds = [whole_round(seed) for seed in range(3)]
    line("a whole round (5 powers, random play)", [t for t, _ in rounds])
    print(f"  (a round took {statistics.mean(n for _, n in rounds):.0f} actions on average, legal_moves included)")
    picture_figures(states, line, floors)
