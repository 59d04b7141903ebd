"""Seeded random playouts of every registered engine (``playout.py`` says what each checks).

``SCHEIDS_PLAYOUTS`` (default 1,000; ``make soak`` runs more) is the budget each plan scales.
"""

from __future__ import annotations

import pytest

from engines.registry import ENGINES
from tests.engines.conformance.cases import PLAYOUT_CASES, PROFILES, plan_of
from tests.engines.conformance.playout import demand_twins, play


@pytest.mark.parametrize(("slug", "plan", "first"), PLAYOUT_CASES)
def test_random_playouts(slug, plan, first):
    engine, playouts = ENGINES[slug], plan_of(slug, plan)
    hidden: list[str] = []
    for game in range(first, min(first + playouts.chunk, playouts.games())):
        played = play(engine, playouts, game)
        assert played.steps > 0, f"{slug} game {game} ended before a move"
        hidden += played.hidden
    demand_twins(slug, engine, PROFILES[slug], hidden)
