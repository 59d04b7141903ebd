"""Golden playthroughs (docs/architecture.md, "Testing"): rule drift shows as a diff of the files in
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

from typing import Any

from engines.militakiri import Militakiri, to_position
from engines.militakiri.rules import census
from tests.engines.golden import GOLDEN_ROOT, Golden

STEP_FIELDS = ("last_move", "to_act", "placing", "placement_squares", "pending", "reserves", "endgame", "result")

SCENARIOS: dict[str, dict[str, Any]] = {
    # Fixed setups, a tied start roll, then play that likes ranks: captures, ranks, a reserve
    # tower placed at once; to the end. (A tower waiting for a free square needs a full setup
    # zone, rare in play: test_promotion.py shows it.)
    "single_opening": {
        "seed": "0000000000000000000000000000000000000000000000000000000000000008",
        "options": {},
        "script": ["towers a1 c2 e3", "towers f12 d11 b10"],
        "policy": "stacker",
        "policy_seed": 6,
    },
    # Pawns and ranks first, towers last: the endgame rule starts, then random moves until both
    # players used their 50 moves (a draw).
    "single_endgame_draw": {
        "seed": "0000000000000000000000000000000000000000000000000000000000000008",
        "options": {},
        "script": ["towers a1 c2 e3", "towers f12 d11 b10"],
        "policy": "endgame",
        "policy_seed": 3,
    },
    # Both setups drawn by the dice; greedy play to the end.
    "single_random_setups_to_the_end": {
        "seed": "00000000000000000000000000000000000000000000000000000000000000a1",
        "options": {"time_control": "24h"},
        "script": ["setup random", "setup random"],
        "policy": "greedy",
        "policy_seed": 7,
    },
    # The double board: one random setup, greedy play, 60 moves.
    "double_opening": {
        "seed": "00000000000000000000000000000000000000000000000000000000000000d2",
        "options": {"board": "double"},
        "script": ["towers a1 e1 b2 f2 c3 g3", "setup random"],
        "policy": "greedy",
        "policy_seed": 3,
        "max_moves": 60,
    },
    # Random play to the end with a short quiet-move limit.
    "single_random_quiet_limit": {
        "seed": "00000000000000000000000000000000000000000000000000000000000000b3",
        "options": {"quiet_move_limit": 30},
        "script": ["towers b1 a2 f3", "towers a12 b11 c10"],
        "policy": "random",
        "policy_seed": 2,
    },
}


class MilitakiriGolden(Golden):
    engine = Militakiri()
    folder = GOLDEN_ROOT / "militakiri"
    scenarios = SCENARIOS
    same = ("game", "engine_version", "seed", "options", "chance", "moves", "secret_setup_views", "start")
    tail = ("end", "result")

    def pick(self, replay, policy, rng):
        """``random``; ``greedy`` (captures, promotions, wins); ``stacker`` (captures with pawns and
        ranks rather than towers); ``endgame`` (pawns and ranks first, a tower only once the other
        side has none, random once the endgame rule is active)."""
        engine, state = self.engine, replay.state
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

    def counts(self, replay):
        return replay.before.phase != "setup"

    def step(self, replay, seat, text, events):
        if replay.before.phase == "setup":  # the two secret setups: the views after seat 0's, the start after both
            if seat == 0:
                replay.notes["secret_setup_views"] = [replay.view(viewer, replay.applied) for viewer in (0, 1, None)]
            else:
                replay.notes["start"] = {"position": to_position(replay.state), "view": replay.view()}
            return None
        view = replay.view()
        return {"move": text, "position": to_position(replay.state), **{k: view[k] for k in STEP_FIELDS}}

    def document(self, replay, moves, steps):
        return {
            **self.head(replay, moves),
            "secret_setup_views": replay.notes.get("secret_setup_views"),
            "start": replay.notes.get("start"),
            "steps": steps,
            "end": replay.view(),
            "result": replay.result(),
        }


GOLDEN = MilitakiriGolden()
test_golden_playthrough = GOLDEN.test()


def test_golden_files_cover_the_features():
    """Between them the files show a tied start roll, random setups, the secret setup, captures,
    a promotion with its placement, the endgame rule and finished games."""
    files = GOLDEN.files()
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
    GOLDEN.main()
