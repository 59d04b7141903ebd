"""What the conformance suite needs to know of an engine beyond the contract.

Every registered engine gets the suite with the defaults below: seeded uniform random play with
the default options, seats cycling from ``min_players`` to ``max_players``, and no hidden
information. A game that needs more (options that make random play end, a quicker way to pick a
setup among tens of thousands, how to build two states that differ only in a hidden fact)
says so in ``tests/engines/<slug>/conformance.py`` as ``PROFILE = Profile(...)``. What a game
lacks makes the suite fail, never skip: a game that shows hidden information (a secret move, a
secret chance, views that differ by viewer) without ``twins`` fails, and so does one whose
random games do not end within ``max_steps``. The coverage fuzzer (``fuzz.py``) reads ``fuzz``:
the defaults favour each move kind in turn and demand every kind; a game names its rule branches,
the kinds random play cannot reach (with why), and moves players type that ``legal_moves`` does
not list.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import random
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple, get_args

from engines.core.contract import Engine, Seat
from engines.core.tagged import TaggedMoves

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


def move_kind(move: Any) -> str:
    """A move's kind: its ``kind`` field (every engine's move model has one)."""
    return str(move.kind)


def every_kind(engine: Engine) -> tuple[str, ...]:
    """The values of the move model's ``kind`` field (a ``Literal``; of every member's, where the
    moves are a tagged union)."""
    if isinstance(engine.move_model, TaggedMoves):
        return engine.move_model.kinds
    return tuple(get_args(engine.move_model.model_fields["kind"].annotation))


def _to_act(engine: Engine, state: Any) -> Hashable:
    return engine.to_act(state)


def _ends(move: Any) -> bool:
    return move_kind(move) in ("end", "pass")


def _no_proposals(engine: Engine, state: Any, seat: Seat, rng: random.Random) -> Sequence[tuple[str, Any]]:
    return ()


def _no_branches(before: Any, move: Any, after: Any) -> Iterable[str]:
    return ()


def _no_quick_ends(engine: Engine, state: Any, seat: Seat) -> Sequence[Any]:
    return ()


def _always(state: Any, step: int) -> bool:
    return True


@dataclass(frozen=True)
class Fuzz:
    """The coverage fuzzer of an engine (``fuzz.py``): seeded games whose policy favours one move
    kind (or other named trait, ``favours``) per game in turn, the plan's own choice every
    ``len(favours) + 1``-th game; the never-freeze property at every checked step; a count of
    every kind and rule branch reached, where a named one never reached fails the suite."""

    plan: Playouts | None = None
    """Options, seats, bound, shortcut and checks of the CI games (``None``: the first plan's)."""
    soak_plan: Playouts | None = None
    """The same for ``make fuzz`` / ``make soak`` (``None``: ``plan``), e.g. longer games."""
    games: int = 8
    """Games of the CI slice."""
    soak_games: int = 200
    """Games of ``make fuzz`` by default (``FUZZ_GAMES`` overrides)."""
    kind_of: Callable[[Any], str] = move_kind
    not_required: tuple[str, ...] = ()
    """Move kinds the fuzz need not reach (each named with why in the profile's doc): counted
    when it does."""
    favours: tuple[str, ...] = ()
    """Traits to favour besides the move kinds (several units in one order, ...)."""
    favour: float = 0.5
    """The chance of picking a move with the favoured trait when one is offered."""
    favoured: Callable[[str, Any, Any], float] | None = None
    """``(trait, state, move)``: how well the move has the favoured trait (0 or ``False``: not at
    all; the moves scoring highest are the favoured ones); ``None``, or 0 for a kind: the moves
    of that kind are."""
    branches: tuple[str, ...] = ()
    """Rule branches the fuzz must reach (``branches_of`` names them)."""
    rare: tuple[str, ...] = ()
    """Further branches only ``make fuzz`` must reach: too rare for the CI slice, which counts them."""
    branches_of: Callable[[Any, Any, Any], Iterable[str]] = _no_branches
    """``(before, move, after)`` -> the branches a played move took (``after`` once its dice fell);
    the fuzzer adds ``ended: <reason>`` for every result."""
    propose: Callable[[Engine, Any, Seat, random.Random], Sequence[tuple[str, Any]]] = _no_proposals
    """Moves not in ``legal_moves`` worth trying, each with a label (a bombing raid, an order of
    several units): tried on a copy, played when they apply; the label counts as a branch
    ``<label>: tried`` and ``<label>: refused <code>`` or ``<label>: played``."""
    unlisted: Callable[[Any], bool] = lambda move: False
    """Which proposed moves ``legal_moves`` does not list by design (the playout's shortcut check)."""
    propose_rate: float = 0.1
    """At a step with proposals, the chance of trying them when none has the favoured trait."""
    turn_of: Callable[[Engine, Any], Hashable] = _to_act
    """What changes when the current turn ends (default: who is to act)."""
    ends: Callable[[Any], bool] = _ends
    """Moves that end a turn or a step (the search for the turn's end prefers them)."""
    quick_ends: Callable[[Engine, Any, Seat], Sequence[Any]] = _no_quick_ends
    """Moves tried in order before the legal moves are listed, in the search for the turn's end
    (Axis & Allies: ``end``, ``continue``, a casualty choice; listing every unit's move is dear)."""
    listed: Callable[[Any], bool] = lambda state: True
    """Whether the check lists and tries the legal moves at this state (``False`` where the list
    is huge and the plan's shortcut picks the move: a setup among 49,500; that move applies)."""
    end_within: int = 200
    """Moves within which the current turn must end (the search's bound)."""
    check_every: Callable[[Any, int], bool] = _always
    """Steps of the CI games where the turn's end is searched (``make fuzz``: every step); some
    legal action is applied at every step."""


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
    fuzz: Fuzz = field(default_factory=Fuzz)
    """The coverage fuzzer's plan (every engine has one: the defaults fit a game whose kinds all
    come up in random play)."""


def profile_for(slug: str) -> Profile:
    """``PROFILE`` of ``tests/engines/<slug>/conformance.py``, or the defaults when there is none."""
    name = f"tests.engines.{slug}.conformance"
    if importlib.util.find_spec(f"tests.engines.{slug}") is None or importlib.util.find_spec(name) is None:
        return Profile()
    profile = importlib.import_module(name).PROFILE
    assert isinstance(profile, Profile), f"{name}.PROFILE is not a Profile"
    return profile
