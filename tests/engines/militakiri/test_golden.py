"""Golden playthroughs (DESIGN.md, "Testing"): rule drift shows as a diff of the files in
tests/golden/militakiri/.

Each file holds the dice seed (hex), the options, the move texts (the first two are the setups
of seat 0 and seat 1), the chance events, the three views right after seat 0's secret setup
(seat 0, seat 1, channel: only seat 0's own view shows its choice), the full public view at
the start of play and at the end, and after every move the position string and the parts of
the public view a move changes (last move, who acts, placement, endgame, result). The test
replays the moves and compares. To write the files again after a deliberate rule change::

    SCHEIDS_REGEN_GOLDEN=1 .venv/bin/python -m pytest tests/engines/militakiri/test_golden.py
    # or: .venv/bin/python tests/engines/militakiri/test_golden.py

then review the diff. Scenarios with a ``policy`` pick their moves when (re)generated: a
seeded random choice, or a greedy one that likes captures, promotions and wins; the stored
move list is what the test replays.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from engines.core.record import resolve_chance
from engines.militakiri import Militakiri, MilitakiriOptions, to_position
from engines.militakiri.rules import census
from tests.engines.golden import GOLDEN_ROOT, check_golden, write_golden

GOLDEN = GOLDEN_ROOT / "militakiri"
STEP_FIELDS = ("last_move", "to_act", "placing", "placement_squares", "pending", "reserves", "endgame", "result")

SCENARIOS: dict[str, dict[str, Any]] = {
    # Fixed setups, a tied start roll, then play that likes ranks: captures, ranks, a reserve
    # tower placed at once; to the end. (A tower waiting for a free square needs a full setup
    # zone, rare in play: test_promotion.py shows it.)
    "single_opening": {
        "seed": "0000000000000000000000000000000000000000000000000000000000000008",
        "options": {},
        "setups": ["towers a1 c2 e3", "towers f12 d11 b10"],
        "policy": "stacker",
        "policy_seed": 6,
    },
    # Pawns and ranks first, towers last: the endgame rule starts, then random moves until both
    # players used their 50 moves (a draw).
    "single_endgame_draw": {
        "seed": "0000000000000000000000000000000000000000000000000000000000000008",
        "options": {},
        "setups": ["towers a1 c2 e3", "towers f12 d11 b10"],
        "policy": "endgame",
        "policy_seed": 3,
    },
    # Both setups drawn by the dice; greedy play to the end.
    "single_random_setups_to_the_end": {
        "seed": "00000000000000000000000000000000000000000000000000000000000000a1",
        "options": {"time_control": "24h"},
        "setups": ["setup random", "setup random"],
        "policy": "greedy",
        "policy_seed": 7,
    },
    # The double board: one random setup, greedy play, 60 moves.
    "double_opening": {
        "seed": "00000000000000000000000000000000000000000000000000000000000000d2",
        "options": {"board": "double"},
        "setups": ["towers a1 e1 b2 f2 c3 g3", "setup random"],
        "policy": "greedy",
        "policy_seed": 3,
        "max_moves": 60,
    },
    # Random play to the end with a short quiet-move limit.
    "single_random_quiet_limit": {
        "seed": "00000000000000000000000000000000000000000000000000000000000000b3",
        "options": {"quiet_move_limit": 30},
        "setups": ["towers b1 a2 f3", "towers a12 b11 c10"],
        "policy": "random",
        "policy_seed": 2,
    },
}


def _pick(engine: Militakiri, state, policy: str, rng: random.Random):
    """``random``; ``greedy`` (captures, promotions, wins); ``stacker`` (captures with pawns and
    ranks rather than towers); ``endgame`` (pawns and ranks first, a tower only once the other
    side has none, random once the endgame rule is active)."""
    seat = state.to_move
    moves = engine.legal_moves(state, seat)
    if policy == "random" or (policy == "endgame" and state.endgame is not None):
        return rng.choice(moves)
    _, stacks = census(state.board)

    def score(move) -> float:
        after = engine.apply(state, seat, move)
        piece = state.board[state.geometry.index_of[move.frm]] if move.frm else ""
        target = state.board[state.geometry.index_of[move.to]] if move.kind == "capture" else ""
        earned = sum(after.reserves[seat]) < sum(state.reserves[seat])
        if policy == "greedy":
            value = 3.0 * (move.kind == "capture") + 4.0 * earned
        elif policy == "stacker":
            value = (5.0 if piece[:1] not in "Tt" else 1.0) * (move.kind == "capture") + 10.0 * earned
        else:  # endgame
            value = 0.0
            if target:
                value = 5.0 if target[0] not in "Tt" else (2.0 if stacks[1 - seat] == 0 else -50.0)
        if after.result is not None and seat in after.result.winners:
            value += 100
        return value + rng.random()

    return max(moves, key=score)


def _start(engine: Militakiri, scenario: dict[str, Any], setups: list[str]):
    options = MilitakiriOptions.model_validate(scenario["options"])
    state = engine.setup(2, options)
    secret_views = None
    for seat, text in enumerate(setups):
        state = engine.apply(state, seat, engine.parse_move(text, state, seat))
        if seat == 0:
            secret_views = [engine.view(state, viewer).model_dump(mode="json") for viewer in (0, 1, None)]
    state, chance = resolve_chance(engine, state, bytes.fromhex(scenario["seed"]), 0)
    return state, chance, secret_views


def _moves_for(engine: Militakiri, scenario: dict[str, Any]) -> list[str]:
    """The move list of a scenario: given, or chosen by its policy (when generating)."""
    if "moves" in scenario:
        return list(scenario["moves"])
    rng = random.Random(scenario["policy_seed"])
    state, _, _ = _start(engine, scenario, scenario["setups"])
    texts = list(scenario["setups"])
    limit = scenario.get("max_moves", 10_000)
    while state.result is None and len(texts) - 2 < limit:
        move = _pick(engine, state, scenario["policy"], rng)
        texts.append(engine.format_move(move, state))
        state = engine.apply(state, state.to_move, move)
    return texts


def playthrough(seed_hex: str, options: dict[str, Any], moves: list[str]) -> dict[str, Any]:
    """The golden record of a game: what the file holds."""
    engine = Militakiri()
    state, chance, secret_views = _start(engine, {"seed": seed_hex, "options": options}, moves[:2])
    start = {"position": to_position(state), "view": engine.view(state, None).model_dump(mode="json")}
    steps = []
    for text in moves[2:]:
        seat = state.to_move
        state = engine.apply(state, seat, engine.parse_move(text, state, seat))
        view = engine.view(state, None).model_dump(mode="json")
        steps.append({"move": text, "position": to_position(state), **{k: view[k] for k in STEP_FIELDS}})
    return {
        "game": engine.slug,
        "engine_version": engine.version,
        "seed": seed_hex,
        "options": options,
        "chance": [event.model_dump(mode="json") for event in chance],
        "moves": moves,
        "secret_setup_views": secret_views,
        "start": start,
        "steps": steps,
        "end": engine.view(state, None).model_dump(mode="json"),
        "result": state.result.model_dump(mode="json") if state.result else None,
    }



def regenerate(name: str) -> None:
    scenario = SCENARIOS[name]
    data = playthrough(scenario["seed"], scenario["options"], _moves_for(Militakiri(), scenario))
    write_golden(GOLDEN / f"{name}.json", data)


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_golden_playthrough(name):
    same = ("game", "engine_version", "seed", "options", "chance", "moves", "secret_setup_views", "start")
    check_golden(GOLDEN / f"{name}.json", lambda: regenerate(name), playthrough, same, ("end", "result"))


def test_golden_files_cover_the_features():
    """Between them the files show a tied start roll, random setups, the secret setup, captures,
    a promotion with its placement, the endgame rule and finished games."""
    files = {name: json.loads((GOLDEN / f"{name}.json").read_text()) for name in SCENARIOS}
    opening = files["single_opening"]
    assert [c["kind"] for c in opening["chance"]].count("first_player_roll") >= 2, "a tied start roll"
    own, other, public = opening["secret_setup_views"]
    assert own["setup_choice"] and not other["setup_choice"] and other["pieces"] == public["pieces"] == []
    assert files["single_random_setups_to_the_end"]["chance"][0]["kind"] == "random_setup_both"
    assert files["double_opening"]["chance"][0]["kind"] == "random_setup_blue"
    steps = [s for f in files.values() for s in f["steps"]]
    assert any(s["last_move"]["capture"] for s in steps)
    assert any(s["last_move"]["promotion"] and s["last_move"]["placement"] for s in steps)
    assert any(s["endgame"] for s in steps)
    assert files["single_endgame_draw"]["result"]["reason"] == "militakiri.endgame_draw"
    assert files["single_random_setups_to_the_end"]["result"] is not None
    assert files["single_random_quiet_limit"]["result"] is not None


if __name__ == "__main__":
    for scenario_name in SCENARIOS:
        regenerate(scenario_name)
        print(f"wrote {GOLDEN / scenario_name}.json")
