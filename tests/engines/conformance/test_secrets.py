"""No engine leaks a hidden fact (``secrets.py``): over seeded random games of each engine that
declares hidden information (``Capabilities.hidden_information``), twins built along the way
look and answer alike to whoever is blind; such an engine without twins fails here. Engines that
declare none are held to having nothing hidden by ``test_playouts``."""

from __future__ import annotations

import pytest

from engines.registry import ENGINES
from tests.engines.conformance.cases import PROFILES, SECRET_CASES
from tests.engines.conformance.playout import play
from tests.engines.conformance.secrets import TwinChecker

CHUNK = 6


@pytest.mark.parametrize(("slug", "first"), SECRET_CASES)
def test_no_leak_twins_look_and_answer_alike(slug, first):
    engine, profile = ENGINES[slug], PROFILES[slug]
    assert profile.twins is not None, (
        f"{slug} declares hidden information but tests/engines/{slug}/conformance.py gives no twins to check that it stays hidden"
    )
    checked = differing = 0
    for game in range(first, min(first + profile.secret_chunk, profile.secret_games)):
        checker = TwinChecker(engine, profile, game)
        play(engine, profile.playouts[0], game, observe=checker)
        checked += checker.checked
        differing += checker.differing
    assert checked > 0 and differing > checked // 3, f"{slug}: {differing} of {checked} twins differ from their state"
