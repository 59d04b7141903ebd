"""What the conformance suite needs to know of an engine beyond the contract.

Every registered engine gets the suite with the defaults below: seeded uniform random play with
the default options, seats cycling from ``min_players`` to ``max_players``, and no hidden
information. A game that needs more (options that make random play end, a quicker way to pick a
setup among tens of thousands, how to build two states that differ only in a hidden fact)
says so in ``tests/engines/<slug>/conformance.py`` as ``PROFILE = Profile(...)``. What a game
lacks makes the suite fail, never skip: a game that shows hidden information (a secret move, a
secret chance, views that differ by viewer) without ``twins`` fails, and so does one whose
random games do not end within ``max_steps``.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from engines.core.contract import Engine, Seat

PLAYOUTS = int(os.environ.get("SCHEIDS_PLAYOUTS", "1000"))
"""The playout budget: ``make soak`` raises it; each plan scales it (``Playouts.share``)."""


class Twin(NamedTuple):
    """A state that differs from another only in facts hidden from ``blind``."""

    state: Any
    blind: tuple[Seat | None, ...]
    """The viewers not entitled to the difference (``None`` is the channel)."""


def _nothing(*_: Any) -> None:
    return None


def _uniform(engine: Engine, state: Any, seat: Seat, moves: Sequence[Any], rng: random.Random) -> Any:
    return rng.choice(moves)


@dataclass(frozen=True)
class Playouts:
    """One kind of seeded random game the suite plays for an engine."""

    name: str = "random"
    share: float = 1.0
    """Games per playout of the budget: 1,000 games by default, ``0.01`` plays 10."""
    chunk: int = 100
    """Games per test case, so ``pytest -n`` spreads them."""
    options: Callable[[int], Any] = lambda game: None
    """The options of game ``g`` (``None``: the engine's defaults)."""
    players: Callable[[Engine, int], int] | None = None
    """The seats of game ``g``; by default they cycle from ``min_players`` to ``max_players``."""
    max_steps: Callable[[Any], int] = lambda options: 20_000
    """Moves after which a game that has not ended fails (options -> bound)."""
    shortcut: Callable[[Engine, Any, Seat, random.Random], Any] = _nothing
    """A move chosen without listing every legal move (a setup among tens of thousands), or
    ``None`` to list them and ``pick``. Its moves are checked against ``legal_moves`` in the
    first games of the plan."""
    unlisted: Callable[[Any], bool] = lambda move: False
    """Moves legal by the engine's documented design but not in ``legal_moves`` (Masters
    Victory lists two of the 6!^3 setups): the shortcut's check against the list skips them."""
    pick: Callable[[Engine, Any, Seat, Sequence[Any], random.Random], Any] = _uniform
    """The move among the legal ones (uniform by default; a game whose random play wanders
    prefers captures)."""
    check_state: Callable[[Engine, Any, str], None] = _nothing
    """Invariants of the game at every state where a seat acts and at the end: ``(engine,
    state, where)``."""
    check_sample: Callable[[Engine, Any], None] = _nothing
    """Costlier checks once per game, at the step where every legal move is tried (a position
    string read back)."""
    check_final: Callable[[Engine, Any], None] = _nothing
    """Checks of the state that ended the game."""
    sample_within: int = 100
    """The step, drawn below this, at which every legal move is formatted, parsed and applied."""
    sample_games: int = 1
    """Every ``sample_games``-th game has that step (a game of 500 legal moves a step takes 10)."""
    try_all_legal: Callable[[Any, int], bool] = lambda state, step: False
    """Further steps at which every legal move must apply (Axis & Allies: outside the move phases)."""

    def games(self) -> int:
        return max(2, round(PLAYOUTS * self.share))

    def chunks(self) -> range:
        return range(0, self.games(), self.chunk)

    def seats(self, engine: Engine, game: int) -> int:
        if self.players is not None:
            return self.players(engine, game)
        return engine.min_players + game % (engine.max_players - engine.min_players + 1)


@dataclass(frozen=True)
class Profile:
    """An engine's plans of random games and, for hidden information, how to build twins."""

    playouts: tuple[Playouts, ...] = (Playouts(),)
    twins: Callable[[Any, random.Random], Iterable[Twin]] | None = None
    """States that differ from the given one only in hidden facts, each with the viewers that
    must not tell them apart; ``None`` for a game without hidden information."""
    probes: Callable[[Any, Seat, random.Random], Iterable[str]] = lambda state, seat, rng: ()
    """Texts a player might type that touch the hidden facts (a shot at a block): both twins
    must answer them alike (refusals word for word)."""
    after_probe: Callable[[Any], Any] = lambda state: None
    """What of the state after an accepted probe every seat sees at once (the step it leads to)."""
    secret_games: int = 12
    """Games of the first plan played for the twin checks."""
    secret_chunk: int = 6
    """Of those, games per test case."""
    twin_every: int = 6
    """Twins are built at every step of the first ``twin_every`` and every ``twin_every``-th after."""
    picture_every: int = 20
    """Every ``picture_every``-th twin check also draws both views of a blind viewer and compares
    the PNG bytes (0: never, for a toy game without a renderer)."""


def profile_for(slug: str) -> Profile:
    """``PROFILE`` of ``tests/engines/<slug>/conformance.py``, or the defaults when there is none."""
    name = f"tests.engines.{slug}.conformance"
    if importlib.util.find_spec(f"tests.engines.{slug}") is None or importlib.util.find_spec(name) is None:
        return Profile()
    profile = importlib.import_module(name).PROFILE
    assert isinstance(profile, Profile), f"{name}.PROFILE is not a Profile"
    return profile
