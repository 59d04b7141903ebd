"""The suite's test cases, taken from the registry: a new engine is in them by registering."""

from __future__ import annotations

from engines.registry import ENGINES
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
    if profile.twins is not None
    for first in range(0, profile.secret_games, profile.secret_chunk)
]
"""(slug, first game) per test case of the twin checks."""


def plan_of(slug: str, name: str):
    (plan,) = (p for p in PROFILES[slug].playouts if p.name == name)
    return plan
