"""Golden playthroughs (DESIGN.md, "Testing"): rule drift shows as a diff of the files in
tests/golden/battle_island/.

Each file holds the dice seed (hex), the options, the action texts (each played by the seat to
act: the lower seat first while both arm), the chance events in order, the three views right
after the blocks are armed (``armed_by_owner``: only the owner's view shows its blocks'
contents), the public view at the start of play and at the end, and after every action a
compact position (characters ``Se4n``, blocks, pads), the dice rolled after it and the parts of
the public view an action changes. The test replays the actions and compares. To write the
files again after a deliberate rule change::

    SCHEIDS_REGEN_GOLDEN=1 .venv/bin/python -m pytest tests/engines/battle_island/test_golden.py
    # or: .venv/bin/python tests/engines/battle_island/test_golden.py

then review the diff. Scenarios with a ``policy`` pick their actions when (re)generated, after
their ``script`` (hand-written setup actions); the stored list is what the test replays.
"""

from __future__ import annotations

import hashlib
import json
import random
from itertools import pairwise
from typing import Any

import pytest

from engines.battle_island import BattleIsland, BattleIslandOptions
from engines.battle_island import board as B
from engines.core.record import resolve_chance
from tests.engines.golden import GOLDEN_ROOT, check_golden, write_golden

GOLDEN = GOLDEN_ROOT / "battle_island"
STEP_FIELDS = ("to_act", "step", "die", "restricted", "pad_move", "lost", "revealed", "quiet_turns", "result")

CHAIN_SETUP = [
    # blocks: a diagonal cluster in the middle (f6 g7 h8 e5) and six elsewhere
    "block f6", "block g7", "block h8", "block e5", "block a3", "block l10",
    "block b9", "block k4", "block c11", "block j2",
    "place jeep f1 n", "place jeep f12 s", "place tank f2 n", "place tank g11 s",
    "place soldier e2 n", "place soldier h11 s", "place soldier d1 n", "place soldier i12 s",
    "place jeep h2 n", "place jeep e11 s",
    "pad soldier soldier soldier jeep tank", "pad tank soldier soldier soldier jeep",
]

SCENARIOS: dict[str, dict[str, Any]] = {
    # The rulebook game (hidden layout, pads, all ten): seeded random play to the end.
    "default_random_to_the_end": {
        "seed": "00000000000000000000000000000000000000000000000000000000000000b1",
        "options": {},
        "policy": "random",
        "policy_seed": 4,
    },
    # Each player arms 3 of their 5 blocks; seeded random play to the end.
    "armed_by_owner_to_the_end": {
        "seed": "00000000000000000000000000000000000000000000000000000000000000b2",
        "options": {"blocks": "armed_by_owner"},
        "policy": "random",
        "policy_seed": 5,
    },
    # No carrier pads (all ten on the island), the game ends at five lost.
    "no_pads_win_at_5": {
        "seed": "00000000000000000000000000000000000000000000000000000000000000b3",
        "options": {"carrier_pads": False, "win_at": 5},
        "policy": "random",
        "policy_seed": 6,
    },
    # A hand-written setup with four blocks on one diagonal, then play that shoots blocks first:
    # a chain reaction, 60 actions.
    "scripted_chain_reaction": {
        "seed": "00000000000000000000000000000000000000000000000000000000000000c2",
        "options": {"blocks": "all_live"},
        "script": CHAIN_SETUP,
        "policy": "blocks",
        "policy_seed": 1,
        "max_moves": 60,
    },
}


def _pick(engine: BattleIsland, state, policy: str, rng: random.Random):
    seat = min(engine.to_act(state))
    moves = engine.legal_moves(state, seat)
    if policy == "blocks":
        at_blocks = [m for m in moves if m.kind == "shoot" and state.block_at(B.index(m.to)) is not None]
        if at_blocks:
            return seat, at_blocks[0]
    shots = [m for m in moves if m.kind == "shoot"]
    if shots and rng.random() < 0.5:
        return seat, rng.choice(shots)
    return seat, rng.choice(moves)


def position(state) -> str:
    """Characters (``Se4n``; pad characters ``S@3`` by slot), unactivated blocks, pad files."""
    chars = []
    for c in state.characters:
        letter = c.kind[0].upper() if c.owner == 0 else c.kind[0]
        if c.where == "island":
            chars.append(f"{letter}{B.name(c.square)}{c.facing}")
        elif c.where == "pad":
            chars.append(f"{letter}@{c.slot}")
    blocks = [B.name(b.square) for b in state.blocks if not b.active]
    return f"{' '.join(chars)} | {' '.join(blocks)} | pads {state.pads[0]},{state.pads[1]}"


class _Game:
    """Replays a scenario: chance resolved with the seed between actions."""

    def __init__(self, seed_hex: str, options: dict[str, Any]) -> None:
        self.engine = BattleIsland()
        self.seed = bytes.fromhex(seed_hex)
        self.index = 0
        self.chance: list[dict[str, Any]] = []
        self.state = self.engine.setup(2, BattleIslandOptions.model_validate(options))
        self.armed_views: list[dict[str, Any]] | None = None
        self.resolve()

    def resolve(self) -> list[list[int]]:
        self.state, events = resolve_chance(self.engine, self.state, self.seed, self.index)
        self.index += sum(len(e.values) for e in events)
        self.chance += [e.model_dump(mode="json") for e in events]
        return [[*e.values] for e in events if e.kind == "die"]

    def play(self, text: str) -> tuple[int, list[list[int]]]:
        engine, state = self.engine, self.state
        seat = min(engine.to_act(state))
        self.state = engine.apply(state, seat, engine.parse_move(text, state, seat))
        if state.phase == "arm" and self.state.phase == "seal":
            self.armed_views = [engine.view(self.state, v).model_dump(mode="json") for v in (0, 1, None)]
        return seat, self.resolve()


def _moves_for(scenario: dict[str, Any]) -> list[str]:
    """The action list of a scenario: given, or its script then its policy (when generating)."""
    if "moves" in scenario:
        return list(scenario["moves"])
    game = _Game(scenario["seed"], scenario["options"])
    texts = []
    for text in scenario.get("script", []):
        game.play(text)
        texts.append(text)
    rng = random.Random(scenario["policy_seed"])
    limit = scenario.get("max_moves", 10_000)
    played = 0
    while game.state.result is None and played < limit:
        _, move = _pick(game.engine, game.state, scenario["policy"], rng)
        text = game.engine.format_move(move, game.state)
        game.play(text)
        texts.append(text)
        if game.state.phase == "play":
            played += 1
    return texts


def playthrough(seed_hex: str, options: dict[str, Any], moves: list[str]) -> dict[str, Any]:
    """The golden record of a game: what the file holds."""
    game = _Game(seed_hex, options)
    engine = game.engine
    start = None
    steps = []
    for text in moves:
        seat, rolls = game.play(text)
        state = game.state
        if start is None and state.phase == "play":
            start = {"position": position(state), "view": engine.view(state, None).model_dump(mode="json")}
        if state.phase != "play":
            continue
        view = engine.view(state, None).model_dump(mode="json")
        steps.append({"seat": seat, "move": text, "rolls": rolls, "position": position(state),
                      **{k: view[k] for k in STEP_FIELDS}})
    seals = [s.model_dump(mode="json") for s in engine.seals(game.state, reveal=False)]
    return {
        "game": engine.slug,
        "engine_version": engine.version,
        "seed": seed_hex,
        "options": options,
        "chance": game.chance,
        "moves": moves,
        "armed_views": game.armed_views,
        "start": start,
        "steps": steps,
        "end": engine.view(game.state, None).model_dump(mode="json"),
        "seals": seals,
        "result": game.state.result.model_dump(mode="json") if game.state.result else None,
    }


def regenerate(name: str) -> None:
    scenario = SCENARIOS[name]
    data = playthrough(scenario["seed"], scenario["options"], _moves_for(scenario))
    write_golden(GOLDEN / f"{name}.json", data)


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_golden_playthrough(name):
    same = ("game", "engine_version", "seed", "options", "moves", "armed_views", "start")
    check_golden(GOLDEN / f"{name}.json", lambda: regenerate(name), playthrough, same, ("chance", "end", "seals", "result"))


def test_golden_files_cover_the_features():
    """Between them the files show the seal drawn first and opened at the end, the armed views,
    zeros and their options, a chain reaction, a free removal, and finished games."""
    files = {name: json.loads((GOLDEN / f"{name}.json").read_text()) for name in SCENARIOS}
    default = files["default_random_to_the_end"]
    assert default["chance"][0]["kind"] == "seal_layout" and default["result"] is not None
    (seal,) = default["seals"]
    assert hashlib.sha256(seal["opening"].encode()).hexdigest() == seal["digest"] == default["start"]["view"]["seal"]
    assert default["start"]["view"]["opening"] is None and default["end"]["opening"] == seal["opening"]
    armed = files["armed_by_owner_to_the_end"]
    own, other, public = armed["armed_views"]
    assert sum(b["live"] is True for b in own["blocks"]) == 3 and all(
        b["live"] is None for b in other["blocks"] if b["owner"] == 0
    )
    assert all(b["live"] is None for b in public["blocks"])
    assert "seal_salt" in [c["kind"] for c in armed["chance"]]
    assert armed["result"] is not None and armed["seals"][0]["opening"]
    no_pads = files["no_pads_win_at_5"]
    assert no_pads["result"]["reason"] in ("battle_island.lost_target", "battle_island.both_lost", "battle_island.quiet_limit")
    assert no_pads["start"]["view"]["pads"] == [] and no_pads["seals"]
    chain = files["scripted_chain_reaction"]
    assert chain["seals"] == [] and chain["moves"][: len(CHAIN_SETUP)] == CHAIN_SETUP
    blocks = [len(s["position"].split(" | ")[1].split()) for s in chain["steps"]]
    assert any(a - b >= 3 for a, b in pairwise(blocks)), "a chain reaction of three or more"
    steps = [s for f in files.values() for s in f["steps"]]
    moves = {s["move"].split()[0] for s in steps}
    assert {"roll", "shoot", "end", "turn"} <= moves
    assert "reinforce" in moves and ("move" in moves or "pad" in moves)
    assert any(s["step"] == "free_removal" for s in steps) or any(m.startswith("remove") for m in moves)


if __name__ == "__main__":
    for scenario_name in SCENARIOS:
        regenerate(scenario_name)
        print(f"wrote {GOLDEN / scenario_name}.json")
