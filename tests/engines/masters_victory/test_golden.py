"""Golden playthroughs (docs/architecture.md, "Testing"): rule drift shows as a diff of the files in
tests/golden/masters_victory/.

Each file holds the dice seed (hex), the options, the actions as ``[seat, text]`` (the setup
is simultaneous, so the seat is written), the chance events, the board zones once, and after
every action the position string (with the hidden numbers: a referee-side file) and the
public view (``viewer=None``, without the zones and without fields at their default value,
e.g. a hidden ``number``), one step per line. The test replays the
actions and compares. To write the files again after a deliberate rule change::

    SCHEIDS_REGEN_GOLDEN=1 .venv/bin/python -m pytest tests/engines/masters_victory/test_golden.py
    # or: .venv/bin/python tests/engines/masters_victory/test_golden.py

then review the diff. Scenarios with a ``policy`` pick their actions when (re)generated:
``sharp`` prefers attacks, fires and switches (half of the time), ``march`` also advances
soldiers and always switches when it can, ``random`` is uniform; the
stored action list is what the test replays.
"""

from __future__ import annotations

import json
from typing import Any

from engines.masters_victory import MastersVictory, to_position
from engines.masters_victory import board as B
from tests.engines.golden import GOLDEN_ROOT, Golden

SETUP = [[0, "setup f11223m t2m3121 s3m1122"], [1, "setup random"]]

SCENARIOS: dict[str, dict[str, Any]] = {
    # A secret explicit setup and a random one (chance node), a tied start roll, green
    # begins; R1 won by the defender (k5xh5), a fire without moving, R1 lost by the attacker
    # (l5xg5, q7xk7), an attack on a bomber (R2) and its continuation as a second action.
    "scripted_opening": {
        "seed": "000000000000000000000000000000000000000000000000000000000000000c",
        "options": {},
        "moves": SETUP + [[None, t] for t in (
            "o5-k5", "p5-l5", "end",
            "d5-h5", "c4-e4", "b7-e7",
            "k5xh5", "end",
            "fire e4", "c5-g5", "e7-k7", "c7-f7",
            "l5xg5", "q7xk7", "end",
            "k7xr8", "r8-r7", "g5-k5", "end",
        )],
    },
    # Played to the end (the masters) by the sharp policy.
    "sharp_to_the_end": {
        "seed": "00000000000000000000000000000000000000000000000000000000000000b7",
        "options": {},
        "policy": "sharp",
        "policy_seed": 10,
    },
    # Soldiers march (half of the time the soldier move that gains most rows) until a red
    # soldier reaches line r and makes a triple switch (fighters 1 and 2 return); played to
    # the end.
    "march_switch": {
        "seed": "00000000000000000000000000000000000000000000000000000000000000b7",
        "options": {},
        "policy": "march",
        "policy_seed": 13,
    },
    # Straight movement, uniform random actions, until the quiet-turn limit (8) draws.
    "straight_quiet_limit": {
        "seed": "0000000000000000000000000000000000000000000000000000000000000a02",
        "options": {"movement": "straight", "quiet_turn_limit": 8},
        "policy": "random",
        "policy_seed": 2,
    },
}


def _soldier(state, move) -> bool:
    return state.board[B.index(move.frm)] in "Ss"


def _progress(seat: int, move) -> int:
    """How far a move takes a piece towards the enemy's back line."""
    rows = B.row(B.index(move.to)) - B.row(B.index(move.frm))
    return rows if seat == 0 else -rows


def _dump(data: dict[str, Any]) -> str:
    """The header keys indented, then one step per line, so a drift shows as a small diff."""
    head = {k: v for k, v in data.items() if k != "steps"}
    lines = ["{"]
    for key, value in head.items():
        lines.append(f" {json.dumps(key)}: {json.dumps(value, ensure_ascii=False)},")
    lines.append(' "steps": [')
    steps = [json.dumps(s, ensure_ascii=False, separators=(",", ":")) for s in data["steps"]]
    lines.append(",\n".join(f"  {s}" for s in steps))
    lines.append(" ]")
    lines.append("}")
    return "\n".join(lines) + "\n"


class MastersVictoryGolden(Golden):
    engine = MastersVictory()
    folder = GOLDEN_ROOT / "masters_victory"
    scenarios = SCENARIOS
    same = ("game", "engine_version", "seed", "options", "moves", "chance", "zones")
    dumps = staticmethod(_dump)

    def pick(self, replay, policy, rng):
        engine, state = self.engine, replay.state
        seat = replay.seat()
        if state.phase == "setup":
            return "setup random"
        moves = engine.legal_moves(state, seat)
        if policy == "march":
            switches = [m for m in moves if m.kind == "switch"]
            if switches:
                return engine.format_move(rng.choice(switches), state)
            ahead = [m for m in moves if m.kind == "move" and m.attack is None and _soldier(state, m)]
            if ahead and rng.random() < 0.5:
                best = max(_progress(seat, m) for m in ahead)
                return engine.format_move(rng.choice([m for m in ahead if _progress(seat, m) == best]), state)
        if policy in ("sharp", "march") and rng.random() < 0.5:
            sharp = [m for m in moves if m.kind in ("fire", "switch") or (m.kind == "move" and m.attack)]
            if sharp:
                return engine.format_move(rng.choice(sharp), state)
        return engine.format_move(rng.choice(moves), state)

    def entry(self, seat, text):
        return [seat, text]

    def unpack(self, entry):
        seat, text = entry
        return seat, text

    def begin(self, replay):
        replay.notes["zones"] = replay.view()["zones"]

    def step(self, replay, seat, text, events):
        view = replay.view(exclude_defaults=True)  # the public view without the zones (stored once) and defaults
        del view["zones"]
        return {"seat": seat, "move": text, "position": to_position(replay.state), "view": view}

    def document(self, replay, moves, steps):
        return {
            **self.identity(replay),
            "options": replay.options,
            "moves": moves,
            "chance": [event.model_dump(mode="json") for event in replay.chance],
            "zones": replay.notes["zones"],
            "steps": steps,
            "result": replay.result(),
        }


GOLDEN = MastersVictoryGolden()
test_golden_playthrough = GOLDEN.test()


def test_golden_files_cover_the_features():
    """The scripted file shows a tied roll, a random setup, fire, attacks and a continuation;
    the policy files end the game, by the masters and by the quiet-turn limit."""
    opening = GOLDEN.load("scripted_opening")
    kinds = [e["kind"] for e in opening["chance"]]
    assert kinds == ["random_setup_1", "first_player_roll", "first_player_roll"]
    actions = [a["kind"] for s in opening["steps"] for a in s["view"]["current_turn"]]
    assert {"fire", "attack", "continue"} <= set(actions)
    sharp = GOLDEN.load("sharp_to_the_end")
    assert sharp["result"]["reason"] == "masters_victory.masters_eliminated"
    march = GOLDEN.load("march_switch")
    assert any(text.startswith("switch ") for _, text in march["moves"])
    assert march["result"] is not None
    quiet = GOLDEN.load("straight_quiet_limit")
    assert quiet["result"]["reason"] == "masters_victory.quiet_limit"


def test_public_golden_views_hold_no_hidden_number():
    """In every stored public view, no piece on the board shows a number."""
    for path in GOLDEN.folder.glob("*.json"):
        for step in json.loads(path.read_text())["steps"]:
            assert all(p.get("number") is None and p.get("master") is None for p in step["view"]["pieces"])


if __name__ == "__main__":
    GOLDEN.main()
