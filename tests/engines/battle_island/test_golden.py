"""Golden playthroughs (docs/architecture.md, "Testing"): rule drift shows as a diff of the files in
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
from itertools import pairwise
from typing import Any

from engines.battle_island import BattleIsland
from engines.battle_island import board as B
from tests.engines.golden import GOLDEN_ROOT, Golden

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


class BattleIslandGolden(Golden):
    engine = BattleIsland()
    folder = GOLDEN_ROOT / "battle_island"
    scenarios = SCENARIOS
    same = ("game", "engine_version", "seed", "options", "moves", "armed_views", "start")
    tail = ("chance", "end", "seals", "result")

    def pick(self, replay, policy, rng):
        """``random`` (a shot half of the time when there is one), or ``blocks``: blocks shot first."""
        state = replay.state
        moves = self.engine.legal_moves(state, replay.seat())
        if policy == "blocks":
            at_blocks = [m for m in moves if m.kind == "shoot" and state.block_at(B.index(m.to)) is not None]
            if at_blocks:
                return at_blocks[0]
        shots = [m for m in moves if m.kind == "shoot"]
        if shots and rng.random() < 0.5:
            return rng.choice(shots)
        return rng.choice(moves)

    def counts(self, replay):
        return replay.state.phase == "play"

    def step(self, replay, seat, text, events):
        state = replay.state
        if replay.before.phase == "arm" and replay.applied.phase == "seal":
            replay.notes["armed_views"] = [replay.view(viewer, replay.applied) for viewer in (0, 1, None)]
        if state.phase != "play":
            return None
        if "start" not in replay.notes:
            replay.notes["start"] = {"position": position(state), "view": replay.view()}
        view = replay.view()
        rolls = [[*event.values] for event in events if event.kind == "die"]
        return {"seat": seat, "move": text, "rolls": rolls, "position": position(state),
                **{k: view[k] for k in STEP_FIELDS}}

    def document(self, replay, moves, steps):
        return {
            **self.head(replay, moves),
            "armed_views": replay.notes.get("armed_views"),
            "start": replay.notes.get("start"),
            "steps": steps,
            "end": replay.view(),
            "seals": [seal.model_dump(mode="json") for seal in self.engine.seals(replay.state, reveal=False)],
            "result": replay.result(),
        }


GOLDEN = BattleIslandGolden()
test_golden_playthrough = GOLDEN.test()


def test_golden_files_cover_the_features():
    """Between them the files show the seal drawn first and opened at the end, the armed views,
    zeros and their options, a chain reaction, a free removal, and finished games."""
    files = GOLDEN.files()
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
    GOLDEN.main()
