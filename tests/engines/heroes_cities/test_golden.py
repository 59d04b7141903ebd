"""Golden playthroughs (DESIGN.md, "Testing"): rule drift shows as a diff of the files in
tests/golden/heroes_cities/.

Each file holds the dice seed (hex), the options, the move texts, and after the start roll
and after every move the position string and the public view (``viewer=None``). The test
replays the moves and compares. To write the files again after a deliberate rule change::

    SCHEIDS_REGEN_GOLDEN=1 .venv/bin/python -m pytest tests/engines/heroes_cities/test_golden.py
    # or: .venv/bin/python tests/engines/heroes_cities/test_golden.py

then review the diff. Scenarios with a ``policy`` pick their moves when (re)generated: a
seeded random choice, or a greedy one that likes captures, promotions and conquests; the
stored move list is what the test replays.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from engines.core.record import resolve_chance
from engines.heroes_cities import HeroesCities, HeroesCitiesOptions, to_position
from tests.engines.golden import GOLDEN_ROOT, check_golden, write_golden

GOLDEN = GOLDEN_ROOT / "heroes_cities"

SCENARIOS: dict[str, dict[str, Any]] = {
    # A tied start roll, promotions on own cities, a conquest, the alternative turn, and a
    # hero on a (conquered) city taken by enclosure.
    "scripted_opening": {
        "seed": "0000000000000000000000000000000000000000000000000000000005c4e1fc",
        "options": {},
        "moves": [
            "b2-a3", "i9-j8", "e2-e4", "e9-e7", "e4-e5", "d9-d8", "e5-d7", "h9-h7",
            "d7=H", "c9-c7", "f2-f4", "b9-b7", "f4-f6",
        ],
    },
    # Played to the end by a greedy policy, mixed lines taken whole.
    "greedy_whole_run": {
        "seed": "0000000000000000000000000000000000000000000000000000000005c4e1d5",
        "options": {"mixed_lines": "whole_run"},
        "policy": "greedy",
        "policy_seed": 0,
    },
    # Random moves until the quiet-move limit (20) ends the game on cities.
    "random_quiet_limit": {
        "seed": "00000000000000000000000000000000000000000000000000000000000000a2",
        "options": {"quiet_move_limit": 20},
        "policy": "random",
        "policy_seed": 2,
    },
}


def _pick(engine: HeroesCities, state, policy: str, rng: random.Random):
    seat = state.to_move
    moves = engine.legal_moves(state, seat)
    if policy == "random":
        return rng.choice(moves)

    def score(move) -> float:
        after = engine.apply(state, seat, move)
        lost = [sum(after.captured[s]) - sum(state.captured[s]) for s in (0, 1)]
        value = 3 * lost[1 - seat] - 3 * lost[seat]
        value += 2 * (state.reserve[seat] - after.reserve[seat])
        value += 2 * (after.cities.count(seat) - state.cities.count(seat))
        if after.result is not None and seat in after.result.winners:
            value += 100
        return value + rng.random()

    return max(moves, key=score)


def _moves_for(engine: HeroesCities, scenario: dict[str, Any]) -> list[str]:
    """The move list of a scenario: given, or chosen by its policy (when generating)."""
    if "moves" in scenario:
        return list(scenario["moves"])
    rng = random.Random(scenario["policy_seed"])
    options = HeroesCitiesOptions.model_validate(scenario["options"])
    state, _ = resolve_chance(engine, engine.setup(2, options), bytes.fromhex(scenario["seed"]), 0)
    texts = []
    while state.result is None:
        move = _pick(engine, state, scenario["policy"], rng)
        texts.append(engine.format_move(move, state))
        state = engine.apply(state, state.to_move, move)
    return texts


def playthrough(seed_hex: str, options: dict[str, Any], moves: list[str]) -> dict[str, Any]:
    """The golden record of a game: what the file holds."""
    engine = HeroesCities()
    opts = HeroesCitiesOptions.model_validate(options)
    state, chance = resolve_chance(engine, engine.setup(2, opts), bytes.fromhex(seed_hex), 0)
    start = {"position": to_position(state), "view": engine.view(state, None).model_dump(mode="json")}
    steps = []
    for text in moves:
        seat = state.to_move
        state = engine.apply(state, seat, engine.parse_move(text, state, seat))
        steps.append(
            {"move": text, "position": to_position(state), "view": engine.view(state, None).model_dump(mode="json")}
        )
    return {
        "game": engine.slug,
        "engine_version": engine.version,
        "seed": seed_hex,
        "options": options,
        "chance": [event.model_dump(mode="json") for event in chance],
        "moves": moves,
        "start": start,
        "steps": steps,
        "result": state.result.model_dump(mode="json") if state.result else None,
    }



def regenerate(name: str) -> None:
    scenario = SCENARIOS[name]
    data = playthrough(scenario["seed"], scenario["options"], _moves_for(HeroesCities(), scenario))
    write_golden(GOLDEN / f"{name}.json", data)


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_golden_playthrough(name):
    same = ("game", "engine_version", "seed", "options", "chance", "moves", "start")
    check_golden(GOLDEN / f"{name}.json", lambda: regenerate(name), playthrough, same, ("result",))


def test_golden_files_cover_the_features():
    """The scripted file shows a tied start roll, a conquest, the alternative turn and a capture;
    the policy files end the game."""
    opening = json.loads((GOLDEN / "scripted_opening.json").read_text())
    assert len(opening["chance"]) == 2
    assert "d7=H" in opening["moves"]
    assert any(step["view"]["last_move"]["captured"] for step in opening["steps"])
    for name in ("greedy_whole_run", "random_quiet_limit"):
        assert json.loads((GOLDEN / f"{name}.json").read_text())["result"] is not None


if __name__ == "__main__":
    for scenario_name in SCENARIOS:
        regenerate(scenario_name)
        print(f"wrote {GOLDEN / scenario_name}.json")
