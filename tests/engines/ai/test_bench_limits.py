"""``make bench-ai``'s limits (``bench/ai.py``): a game cut after a number of Axis & Allies rounds
is not cut earlier by the move cap meant for the short games."""

from __future__ import annotations

from bench.ai import limits


def test_a_round_limit_lifts_the_default_move_cap() -> None:
    """``make bench-ai AI_SLUGS=axis_allies AI_MAX_ROUNDS=8`` plays eight rounds: the default cap
    of 150 moves (an Axis & Allies round has some 150-300 orders) would adjudicate every game in
    its first round. A cap given alongside still holds."""
    assert limits({}) == (150, 0)
    assert limits({"AI_MAX_ROUNDS": "8"})[1] == 8 and limits({"AI_MAX_ROUNDS": "8"})[0] > 8 * 1000
    assert limits({"AI_MAX_ROUNDS": "8", "AI_MAX_MOVES": "400"}) == (400, 8)
    assert limits({"AI_MAX_MOVES": "60"}) == (60, 0)
