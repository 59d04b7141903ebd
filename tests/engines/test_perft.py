"""Perft: the legal-move counts at depth 1-3 from fixed positions (``tests/perft/<slug>.json``,
written by ``python -m tests.engines.perft``) still hold. A count that moved is a move generator
that changed: read which position, then the rule."""

from __future__ import annotations

import pytest

from engines.registry import ENGINES
from tests.engines.perft import GAMES, ChanceOnTheWay, load, perft, position_module, state_of

LINES = [(slug, index) for slug in GAMES for index in range(len(load(slug)))]


@pytest.mark.parametrize(("slug", "index"), LINES)
def test_perft_counts(slug, index):
    line = load(slug)[index]
    engine, state = ENGINES[slug], state_of(slug, line)
    # The position string reads back to itself: the counts are of the position as written.
    assert position_module(slug).to_position(state) == line["position"]
    got = [perft(engine, state, depth) for depth in range(1, len(line["counts"]) + 1)]
    assert got == line["counts"], f"{slug} {line['from']}: {line['position']}"


@pytest.mark.parametrize("slug", GAMES)
def test_every_game_with_positions_has_deep_lines(slug):
    lines = load(slug)
    assert len(lines) >= 3
    assert any(len(line["counts"]) >= 2 for line in lines)


def test_perft_refuses_a_chance_node():
    # Militakiri's start roll is rolled again on a tie: perft counts moves, never dice.
    engine = ENGINES["militakiri"]
    state = engine.setup(2, engine.options_model())
    for seat in (0, 1):  # both seats choose their towers; then the start is rolled
        state = engine.apply(state, seat, engine.legal_moves(state, seat)[0])
    assert engine.chance(state) is not None
    with pytest.raises(ChanceOnTheWay, match="first_player_roll"):
        perft(engine, state, 1)
