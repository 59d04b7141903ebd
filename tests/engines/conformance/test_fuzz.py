"""The coverage fuzzer of every registered engine (``fuzz.py``), the CI slice: ``Fuzz.games``
seeded games each, the never-freeze property at the steps ``Fuzz.check_every`` picks, and every
named move kind and rule branch reached (``Fuzz.rare`` ones are only counted). The table is
printed (``pytest -s``) and is the message of a failure. ``make fuzz`` plays many more games and
searches for the turn's end at every step.
"""

from __future__ import annotations

import pytest

from engines.registry import ENGINES
from tests.engines.conformance.cases import PROFILES
from tests.engines.conformance.fuzz import Coverage, fuzz_game, named, verdict
from tests.engines.conformance.profile import every_kind


@pytest.mark.parametrize("slug", sorted(PROFILES))
def test_the_fuzz_reaches_every_kind_and_branch_and_never_freezes(slug):
    engine, profile = ENGINES[slug], PROFILES[slug]
    cover = Coverage(slug)
    for game in range(profile.fuzz.games):
        cover.add(fuzz_game(engine, profile, game))
    kinds, branches = named(slug)
    table = cover.table(kinds, branches, profile.fuzz.rare)
    print(table)
    failures = verdict(cover, kinds, branches)
    assert not failures, "\n".join([table, *failures])


@pytest.mark.parametrize("slug", sorted(PROFILES))
def test_a_fuzz_names_kinds_the_move_model_has(slug):
    """A kind left out by a typo would silently never be demanded."""
    fuzz, kinds = PROFILES[slug].fuzz, every_kind(ENGINES[slug])
    assert set(fuzz.not_required) <= set(kinds)
    assert not set(fuzz.favours) & set(kinds), "a trait with a kind's name hides the kind"
    assert not set(fuzz.rare) & set(fuzz.branches)
