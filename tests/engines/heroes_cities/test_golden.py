"""Golden playthroughs (docs/architecture.md, "Testing"): rule drift shows as a diff of the files in
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

from typing import Any

from engines.heroes_cities import HeroesCities, to_position
from tests.engines.golden import GOLDEN_ROOT, Golden

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


class HeroesCitiesGolden(Golden):
    engine = HeroesCities()
    folder = GOLDEN_ROOT / "heroes_cities"
    scenarios = SCENARIOS
    same = ("game", "engine_version", "seed", "options", "chance", "moves", "start")

    def pick(self, replay, policy, rng):
        """``random``, or ``greedy``: captures, promotions and conquests."""
        engine, state = self.engine, replay.state
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

    def begin(self, replay):
        replay.notes["start"] = {"position": to_position(replay.state), "view": replay.view()}

    def step(self, replay, seat, text, events):
        return {"move": text, "position": to_position(replay.state), "view": replay.view()}

    def document(self, replay, moves, steps):
        return {
            **self.head(replay, moves),
            "start": replay.notes["start"],
            "steps": steps,
            "result": replay.result(),
        }


GOLDEN = HeroesCitiesGolden()
test_golden_playthrough = GOLDEN.test()


def test_golden_files_cover_the_features():
    """The scripted file shows a tied start roll, a conquest, the alternative turn and a capture;
    the policy files end the game."""
    opening = GOLDEN.load("scripted_opening")
    assert len(opening["chance"]) == 2
    assert "d7=H" in opening["moves"]
    assert any(step["view"]["last_move"]["captured"] for step in opening["steps"])
    for name in ("greedy_whole_run", "random_quiet_limit"):
        assert GOLDEN.load(name)["result"] is not None


if __name__ == "__main__":
    GOLDEN.main()
