"""A worker replays only what is new since its last move (``engines/ai/replays.py``), and what it
builds that way is what a replay from the start builds (time per move within budget,
also late in a long game)."""

from __future__ import annotations

import random
import sys
from collections import OrderedDict

import pytest

from engines.ai import referee
from engines.ai.base import replay_seen
from engines.ai.replays import REPLAYS, Replays
from engines.masters_victory.moves import SetupAction
from engines.registry import ENGINES
from tests.engines.ai.test_search import Match


@pytest.mark.parametrize("slug", sorted(ENGINES))
def test_a_continued_replay_builds_what_a_fresh_one_builds(slug: str) -> None:
    match = Match(slug, seed=bytes([5]) * 32)
    rng = random.Random(5)
    kept = referee.Referee()
    for _ in range(6 if slug == "axis_allies" else 12):
        match.random_moves(3, rng)
        for seat in (0, 1):
            continued = kept.observation(match.engine, match.options, match.events, seat)
            world = None if continued.hidden else replay_seen(match.engine, continued)
            REPLAYS.clear()  # the replay from the start
            fresh = referee.observation_of(match.engine, match.options, match.events, seat)
            assert continued == fresh
            if world is not None:
                assert world == replay_seen(match.engine, fresh)


def test_only_the_events_since_the_last_replay_are_applied(monkeypatch: pytest.MonkeyPatch) -> None:
    applied = []
    step = referee.replay_step
    monkeypatch.setattr(referee, "replay_step", lambda *args: applied.append(args[-1]) or step(*args))
    match = Match("heroes_cities", seed=bytes([6]) * 32)
    match.random_moves(10, random.Random(6))
    kept = referee.Referee()
    kept.observation(match.engine, match.options, match.events, 0)
    assert len(applied) == len(match.events)
    before = len(match.events)
    match.random_moves(2, random.Random(7))
    applied.clear()
    kept.observation(match.engine, match.options, match.events, 0)
    assert applied == match.events[before:]


def test_a_record_that_does_not_continue_the_kept_one_is_replayed_from_its_start() -> None:
    replays = Replays(size=1)
    replays.keep("k", ("start", "a"), "after a")
    assert replays.resume("k", ("start", "b", "c")) == (0, None)
    assert replays.resume("k", ("start",)) == (0, None), "a shorter record is no continuation"
    replays.keep("j", ("start",), "s")
    assert replays.resume("k", ("start", "a")) == (0, None), "the oldest is let go beyond the size"
    assert replays.resume("j", ("start", "x")) == (1, "s")


def _reachable(roots: list[object], limit: int = 200_000) -> list[object]:
    """Every object reachable from ``roots`` through containers and the replay caches (not
    through modules, classes or functions: what a module's globals hold)."""
    seen: set[int] = set()
    found: list[object] = []
    todo = list(roots)
    while todo and len(seen) < limit:
        item = todo.pop()
        if id(item) in seen:
            continue
        seen.add(id(item))
        found.append(item)
        if isinstance(item, (dict, OrderedDict)):
            todo.extend(item.keys())
            todo.extend(item.values())
        elif isinstance(item, (list, tuple, set, frozenset)):
            todo.extend(item)
        elif isinstance(item, Replays):
            todo.append(item._entries)
        elif isinstance(getattr(type(item), "__slots__", None), tuple):
            todo.extend(getattr(item, name) for name in type(item).__slots__ if hasattr(item, name))
    return found


def test_no_engines_module_holds_the_referees_state_after_the_worker_observed() -> None:
    """The worker replays the whole record to build a seat's observation (the full state, with
    the other seat's secret back-numbers). Whatever it keeps between moves must be out of reach of
    a game's ``ai.py``: no module under ``engines`` (which is all ``ai.py`` may import) may hold
    that state afterwards, nor anything equal to it."""
    from bot.services.computer import _observation

    match = Match("masters_victory")
    match.play(0, SetupAction(numbers=("11223m",) * 3))
    match.play(1, SetupAction(numbers=("m32211",) * 3))
    seat = match.state.to_move
    REPLAYS.clear()
    obs = _observation("masters_victory", match.options.model_dump(mode="json"), match.events, seat)
    assert obs.hidden, "the other setup is secret to the seat"
    modules = [vars(m) for name, m in list(sys.modules.items()) if name.startswith("engines") and m is not None]
    leaked = [o for o in _reachable(modules) if type(o) is type(match.state) and o == match.state]
    assert not leaked, "a module of engines keeps the referee's full state"
