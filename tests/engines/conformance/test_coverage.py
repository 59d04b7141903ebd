"""The suite covers every registered engine, from the registry itself, and nothing else."""

from __future__ import annotations

from pathlib import Path

from engines.registry import CAPABILITIES, ENGINES
from render.registry import RENDERERS
from tests.engines.conformance.cases import PLAYOUT_CASES, PROFILES, SECRET_CASES
from tests.engines.conformance.profile import Profile, profile_for

TESTS = Path(__file__).resolve().parents[1]


def test_every_registered_engine_is_played():
    assert set(PROFILES) == set(ENGINES)
    assert {slug for slug, _, _ in PLAYOUT_CASES} == set(ENGINES)
    for slug, profile in PROFILES.items():
        for plan in profile.playouts:
            assert {first for s, name, first in PLAYOUT_CASES if (s, name) == (slug, plan.name)} == set(plan.chunks())


def test_every_engine_with_twins_is_checked_for_leaks():
    assert {slug for slug, _ in SECRET_CASES} == {slug for slug, p in PROFILES.items() if p.twins is not None}


def test_every_engine_that_declares_hidden_information_is_checked_for_leaks():
    declared = {slug for slug, offered in CAPABILITIES.items() if offered.hidden_information}
    assert declared and declared <= {slug for slug, _ in SECRET_CASES}


def test_every_registered_engine_has_a_picture_for_the_twin_checks():
    assert set(RENDERERS) == set(ENGINES)


def test_every_profile_belongs_to_a_registered_engine():
    """A profile left behind by a renamed or removed engine would silently test nothing."""
    assert {p.parent.name for p in TESTS.glob("*/conformance.py")} <= set(ENGINES)


def test_an_engine_without_a_profile_gets_the_defaults():
    assert profile_for("no_such_game") == Profile()
