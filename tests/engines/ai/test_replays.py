"""A worker replays only what is new since its last move (``engines/ai/replays.py``), and what it
builds that way is what a replay from the start builds (issue 16: time per move within budget,
also late in a long game)."""

from __future__ import annotations

import random

import pytest

from engines.ai import referee
from engines.ai.base import replay_seen
from engines.ai.replays import REPLAYS, Replays
from engines.registry import ENGINES
from tests.engines.ai.test_search import Match


@pytest.mark.parametrize("slug", sorted(ENGINES))
def test_a_continued_replay_builds_what_a_fresh_one_builds(slug: str) -> None:
    match = Match(slug, seed=bytes([5]) * 32)
    rng = random.Random(5)
    for _ in range(6 if slug == "axis_allies" else 12):
        match.random_moves(3, rng)
        for seat in (0, 1):
            continued = match.observation(seat)
            world = None if continued.hidden else replay_seen(match.engine, continued)
            REPLAYS.clear()  # the replay from the start
            fresh = match.observation(seat)
            assert continued == fresh
            if world is not None:
                assert world == replay_seen(match.engine, fresh)


def test_only_the_events_since_the_last_replay_are_applied(monkeypatch: pytest.MonkeyPatch) -> None:
    applied = []
    step = referee.replay_step
    monkeypatch.setattr(referee, "replay_step", lambda *args: applied.append(args[-1]) or step(*args))
    match = Match("heroes_cities", seed=bytes([6]) * 32)
    match.random_moves(10, random.Random(6))
    REPLAYS.clear()
    match.observation(0)
    assert len(applied) == len(match.events)
    before = len(match.events)
    match.random_moves(2, random.Random(7))
    applied.clear()
    match.observation(0)
    assert applied == match.events[before:]


def test_a_record_that_does_not_continue_the_kept_one_is_replayed_from_its_start() -> None:
    replays = Replays(size=1)
    replays.keep("k", ("start", "a"), "after a")
    assert replays.resume("k", ("start", "b", "c")) == (0, None)
    assert replays.resume("k", ("start",)) == (0, None), "a shorter record is no continuation"
    replays.keep("j", ("start",), "s")
    assert replays.resume("k", ("start", "a")) == (0, None), "the oldest is let go beyond the size"
    assert replays.resume("j", ("start", "x")) == (1, "s")
