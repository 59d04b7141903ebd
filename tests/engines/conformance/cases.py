"""The suite's test cases, taken from the registry: a new engine is in them by registering."""

from __future__ import annotations

from engines.registry import CAPABILITIES, ENGINES
from tests.engines.conformance.profile import Profile, profile_for

PROFILES: dict[str, Profile] = {slug: profile_for(slug) for slug in sorted(ENGINES)}

PLAYOUT_CASES = [
    (slug, plan.name, first)
    for slug, profile in PROFILES.items()
    for plan in profile.playouts
    for first in plan.chunks()
]
"""(slug, plan name, first game) per test case."""


SECRET_CASES = [
    (slug, first)
    for slug, profile in PROFILES.items()
    if profile.twins is not None or CAPABILITIES[slug].hidden_information
    for first in range(0, profile.secret_games, profile.secret_chunk)
]
"""(slug, first game) per test case of the twin checks: every game that declares hidden
information (``Capabilities.hidden_information``) and every game that gives twins."""


def plan_of(slug: str, name: str):
    (plan,) = (p for p in PROFILES[slug].playouts if p.name == name)
    return plan
