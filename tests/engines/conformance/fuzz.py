"""The coverage fuzzer: seeded games of any engine that lean towards each move kind in turn, the
never-freeze property checked as they go, and a count of what they reached.

Game ``g`` of an engine favours ``traits[g % len(traits)]``, where the traits are ``None`` (the
plan's own choice: uniform, or what the profile picks), every further trait of the profile
(``profile.Fuzz.favours``) and every move kind of the move model. Favouring a trait: at a step that
offers moves with it, one of them is picked with chance ``Fuzz.favour``; moves the engine does not list
(``Fuzz.propose``: a bombing raid, an order of several units) are tried on a copy first.

The never-freeze property, at every step of these games (``playout.play`` checks the rest):

- every seat to act has a legal move, and the ones tried apply: all of them when there are at
  most ``TRY_ALL`` (battles, purchases, placements), else ``TRY_SOME`` drawn at random;
- from the state, the current turn ends (``Fuzz.turn_of`` changes, or the game ends) within
  ``Fuzz.end_within`` moves of a search on copies that plays ``end`` (or another of
  ``Fuzz.quick_ends``) whenever it is accepted, else a listed move (the plan's shortcut where
  ``Fuzz.listed`` says the list is huge); its dice come from a seed of its own. In CI the search
  runs at the steps ``Fuzz.check_every`` picks (Axis & Allies: every step outside the two move
  phases, every ``k``-th in them); ``make fuzz`` searches at every step.

A game that breaks it is a :class:`Freeze`: the game, its seeds, the last moves and the state; the
fuzz goes on with the next game and reports them all. ``python -m tests.engines.conformance.fuzz``
(``make fuzz``) plays ``FUZZ_GAMES`` games of each engine (``FUZZ_SLUGS``) from game
``FUZZ_FIRST``, on ``FUZZ_JOBS`` processes, with the ``make fuzz`` plan (``FUZZ_CI=1``: the CI
plan, to replay a CI game), prints the coverage table and every freeze, and exits 1 when there is
one or when a named kind or branch was never reached.
"""

from __future__ import annotations

import dataclasses
import hashlib
import os
import random
import sys
import time
from collections import Counter, deque
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from engines.core.contract import Engine, Seat
from engines.core.errors import IllegalMoveError
from engines.core.record import resolve_chance
from tests.engines.conformance.profile import Fuzz, Playouts, Profile, every_kind, profile_for

TRY_ALL = 12
"""Offered moves that are all applied at a step (more: ``TRY_SOME`` of them at random)."""
TRY_SOME = 3
LAST_MOVES = 12
"""Moves a freeze report shows."""


@dataclass
class Freeze:
    """A game that broke the never-freeze property, another check of the playout, or raised (a
    listed move refused, a crash): the first failure of the game ends it."""

    slug: str
    plan: str
    game: int
    favour: str | None
    step: int
    why: str
    last: list[str]
    state: str

    def report(self) -> str:
        seeds = f'rng "{self.slug} {self.plan} {self.game}", dice "{self.slug} {self.plan} playout {self.game}"'
        again = f"FUZZ_SLUGS={self.slug} FUZZ_FIRST={self.game} FUZZ_GAMES=1{' FUZZ_CI=1' if self.plan == 'fuzz' else ''}"
        return (
            f"{self.slug} {self.plan} game {self.game} (favours {self.favour or 'nothing'}; {seeds}), step {self.step}:\n"
            f"  {self.why}\n  last moves: {' | '.join(self.last)}\n  state: {self.state}\n  again: {again} make fuzz"
        )


@dataclass
class Coverage:
    """What the fuzz of one engine reached: moves per kind, rule branches, games, freezes."""

    slug: str
    kinds: Counter[str] = field(default_factory=Counter)
    branches: Counter[str] = field(default_factory=Counter)
    games: int = 0
    steps: int = 0
    searches: int = 0
    """Searches for the turn's end."""
    freezes: list[Freeze] = field(default_factory=list)
    seconds: float = 0.0
    """Only reported (tests never assert times)."""

    def add(self, other: Coverage) -> None:
        self.kinds.update(other.kinds)
        self.branches.update(other.branches)
        self.games += other.games
        self.steps += other.steps
        self.searches += other.searches
        self.freezes += other.freezes
        self.seconds += other.seconds

    def missing(self, kinds: Iterable[str], branches: Iterable[str]) -> list[str]:
        """The named kinds and branches never reached."""
        return [f"kind {k}" for k in kinds if not self.kinds[k]] + [f"branch {b}" for b in branches if not self.branches[b]]

    def table(self, kinds: Sequence[str], branches: Sequence[str], rare: Sequence[str] = ()) -> str:
        """The counts, the named kinds and branches first (``NEVER`` where unreached), then the
        ``rare`` ones only ``make fuzz`` must reach, then the others."""
        named = set(branches) | set(rare)
        per_game = self.seconds / max(1, self.games)
        head = (
            f"{self.slug}: {self.games} games, {self.steps} moves, {self.searches} searches for the turn's end, "
            f"{len(self.freezes)} freezes, {self.seconds:.0f} s ({per_game:.1f} s a game)"
        )
        lines = [head, "  move kinds:"]
        lines += [f"    {k:<48} {self.kinds[k] or 'NEVER':>8}" for k in kinds]
        lines += [f"    {k:<48} {n:>8}" for k, n in sorted(self.kinds.items()) if k not in kinds]
        lines.append("  rule branches:")
        lines += [f"    {b:<48} {self.branches[b] or 'NEVER':>8}" for b in branches]
        lines += [f"    {b:<48} {self.branches[b] or 'NEVER':>8}  (make fuzz)" for b in rare if b not in branches]
        lines += [f"    {b:<48} {n:>8}  (not required)" for b, n in sorted(self.branches.items()) if b not in named]
        return "\n".join(lines)


def required_kinds(engine: Engine, fuzz: Fuzz) -> tuple[str, ...]:
    return tuple(k for k in every_kind(engine) if k not in fuzz.not_required)


def traits(engine: Engine, fuzz: Fuzz) -> tuple[str | None, ...]:
    """What game ``g`` favours: ``traits[g % len(traits)]`` (``None``: the plan's own choice; the
    profile's own traits come before the move kinds, so a short CI slice has them)."""
    return (None, *fuzz.favours, *required_kinds(engine, fuzz))


def base_plan(profile: Profile, soak: bool) -> Playouts:
    fuzz = profile.fuzz
    plan = (fuzz.soak_plan if soak else None) or fuzz.plan or profile.playouts[0]
    return dataclasses.replace(plan, name="fuzz_soak" if soak else "fuzz")


class _Listed:
    """The engine with its last ``legal_moves`` kept (the check lists them, then the game again)."""

    def __init__(self, engine: Engine) -> None:
        self._engine = engine
        self._last: tuple[Any, Seat, list[Any]] | None = None

    def __getattr__(self, name: str) -> Any:
        return getattr(self._engine, name)

    def legal_moves(self, state: Any, seat: Seat) -> list[Any]:
        if self._last is not None and self._last[0] is state and self._last[1] == seat:
            return self._last[2]
        moves = self._engine.legal_moves(state, seat)
        self._last = (state, seat, moves)
        return moves


class _Game:
    """One fuzz game: its policy, its checks and what it counted."""

    def __init__(self, engine: Engine, profile: Profile, game: int, soak: bool) -> None:
        self.engine = _Listed(engine)
        self.fuzz = profile.fuzz
        self.plan = base_plan(profile, soak)
        self.game = game
        self.soak = soak
        self.favour = traits(engine, self.fuzz)[game % len(traits(engine, self.fuzz))]
        self.rng = random.Random(f"{engine.slug} fuzz checks {game}")
        self.cover = Coverage(engine.slug)
        self.last: deque[str] = deque(maxlen=LAST_MOVES)
        self.state: Any = None
        self.step = 0
        self.picked: Any = None
        """The move last picked from the legal list."""

    # ---------------------------------------------------------------- the policy

    def score(self, state: Any, move: Any) -> float:
        """How well ``move`` has the favoured trait (0: not at all)."""
        if self.favour is None:
            return 0
        if self.fuzz.favoured is not None:
            score = float(self.fuzz.favoured(self.favour, state, move))
            if score:
                return score
        return float(self.fuzz.kind_of(move) == self.favour)

    def liked(self, state: Any, moves: Sequence[Any]) -> list[Any]:
        """The moves that have the favoured trait best."""
        scores = [self.score(state, m) for m in moves]
        best = max(scores, default=0)
        return [m for m, s in zip(moves, scores, strict=True) if s == best] if best > 0 else []

    def pick(self, engine: Engine, state: Any, seat: Seat, moves: Sequence[Any], rng: random.Random) -> Any:
        self.picked = None
        if self.favour is not None and rng.random() < self.fuzz.favour:
            liked = self.liked(state, moves)
            if liked:
                self.picked = rng.choice(liked)
        if self.picked is None:
            self.picked = self.plan.pick(engine, state, seat, moves, rng)
        return self.picked

    def shortcut(self, engine: Engine, state: Any, seat: Seat, rng: random.Random) -> Any:
        move = self.plan.shortcut(engine, state, seat, rng)
        if move is not None:
            return move
        proposals = list(self.fuzz.propose(self.engine, state, seat, rng))
        if not proposals:
            return None
        liked = [p for p in proposals if self.score(state, p[1]) > 0]
        if rng.random() >= (self.fuzz.favour if liked else self.fuzz.propose_rate):
            return None
        pool = liked or proposals
        for label, move in rng.sample(pool, min(3, len(pool))):
            self.cover.branches[f"{label}: tried"] += 1
            try:
                engine.apply(state, seat, move)
            except IllegalMoveError as error:
                self.cover.branches[f"{label}: refused {error.code.rsplit('.', 1)[-1]}"] += 1
                continue
            self.cover.branches[f"{label}: played"] += 1
            return move
        return None

    def unlisted(self, move: Any) -> bool:
        return self.plan.unlisted(move) or self.fuzz.unlisted(move)

    # ---------------------------------------------------------------- the checks

    def observe(self, state: Any, step: int) -> None:
        self.state, self.step, self.picked = state, step, None
        self.cover.steps += 1
        for seat in sorted(self.engine.to_act(state)) if self.fuzz.listed(state) else ():
            moves = self.engine.legal_moves(state, seat)
            assert moves, f"seat {seat} must act and has no legal move"
            tried = moves if len(moves) <= TRY_ALL else self.rng.sample(moves, TRY_SOME)
            for move in tried:
                try:
                    self.engine.apply(state, seat, move)
                except IllegalMoveError as error:
                    text = self.engine.format_move(move, state)
                    raise AssertionError(f"seat {seat} is offered {text!r} and it is refused: {error}") from None
        if self.soak or self.fuzz.check_every(state, step):
            self.cover.searches += 1
            problem = self.turn_ends(state, step)
            assert problem is None, problem

    def turn_ends(self, state: Any, step: int) -> str | None:
        """``None`` when the current turn ends within the search's bound, else what went wrong."""
        engine, fuzz = self.engine, self.fuzz
        start = fuzz.turn_of(engine, state)
        seed = hashlib.sha256(f"{engine.slug} fuzz end {self.game} {step}".encode()).digest()
        index = 0
        path: list[str] = []
        for _ in range(fuzz.end_within):
            state, events = resolve_chance(engine, state, seed, index)
            index += sum(len(e.sizes) for e in events)
            if engine.result(state) is not None or fuzz.turn_of(engine, state) != start:
                return None
            seat = min(engine.to_act(state))
            after, move = None, None
            for quick in fuzz.quick_ends(engine, state, seat):
                try:
                    after, move = engine.apply(state, seat, quick), quick
                    break
                except IllegalMoveError:
                    continue
            if after is None and not fuzz.listed(state):
                move = self.plan.shortcut(engine, state, seat, self.rng)
                try:
                    after = None if move is None else engine.apply(state, seat, move)
                except IllegalMoveError:
                    after = None
            if after is None:
                moves = engine.legal_moves(state, seat)
                if not moves:
                    return f"the turn cannot end: seat {seat} has no legal move after {path[-LAST_MOVES:]}"
                ends = [m for m in moves if fuzz.ends(m)]
                move = ends[0] if ends else self.rng.choice(moves)
                try:
                    after = engine.apply(state, seat, move)
                except IllegalMoveError as error:
                    text = engine.format_move(move, state)
                    return (f"on the way to the turn's end, {text!r} is offered and refused ({error}) "
                            f"after {path[-LAST_MOVES:]}")
            path.append(engine.format_move(move, state))
            state = after
        return f"the turn does not end within {fuzz.end_within} moves: the search played {path[-LAST_MOVES:]}"

    def moved(self, before: Any, seat: Seat, move: Any, after: Any) -> None:
        self.last.append(f"{seat}: {self.engine.format_move(move, before)}")
        self.cover.kinds[self.fuzz.kind_of(move)] += 1
        self.cover.branches.update(self.fuzz.branches_of(before, move, after))

    # ---------------------------------------------------------------- the game

    def play(self) -> Coverage:
        from tests.engines.conformance.playout import play

        plan = dataclasses.replace(self.plan, pick=self.pick, shortcut=self.shortcut, unlisted=self.unlisted)
        started = time.perf_counter()
        try:
            played = play(self.engine, plan, self.game, observe=self.observe, moved=self.moved)  # type: ignore[arg-type]
            result = self.engine.result(played.state)
            self.cover.branches[f"ended: {result.reason}"] += 1
        except Exception as error:  # noqa: BLE001 - a listed move refused, a crash: all are reported
            why = str(error).splitlines()[0][:600] if str(error) else ""
            if isinstance(error, IllegalMoveError) and self.picked is not None:
                text = self.engine.format_move(self.picked, self.state)
                why = f"the legal move {text!r} picked is refused: {why}"
            elif not isinstance(error, AssertionError):
                why = f"{type(error).__name__} from the engine: {why}"
            self.cover.freezes.append(Freeze(
                slug=self.engine.slug, plan=plan.name, game=self.game, favour=self.favour, step=self.step,
                why=why, last=list(self.last), state=describe(self.state),
            ))
        self.cover.games += 1
        self.cover.seconds += time.perf_counter() - started
        return self.cover


def describe(state: Any) -> str:
    """What a freeze report shows of the state: its short fields (phase, turn, who moves, ...)."""
    if state is None:
        return "(before the first move)"
    out = []
    for name, value in state:
        text = repr(value)
        if name != "options" and len(text) <= 160:
            out.append(f"{name}={text}")
    return ", ".join(out)[:1500]


def fuzz_game(engine: Engine, profile: Profile, game: int, soak: bool = False) -> Coverage:
    """Game ``game`` of the engine's fuzz (``soak``: the ``make fuzz`` plan, searching every step)."""
    return _Game(engine, profile, game, soak).play()


def fuzz_games(slug: str, games: Iterable[int], soak: bool = False,
               progress: Callable[[Coverage], None] | None = None) -> Coverage:
    from engines.registry import ENGINES

    engine, profile = ENGINES[slug], profile_for(slug)
    total = Coverage(slug)
    for game in games:
        one = fuzz_game(engine, profile, game, soak)
        total.add(one)
        if progress is not None:
            progress(one)
    return total


def named(slug: str, soak: bool = False) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The kinds and branches the fuzz of ``slug`` must reach (``soak``: ``make fuzz``'s, the rare
    ones too)."""
    from engines.registry import ENGINES

    fuzz = profile_for(slug).fuzz
    return required_kinds(ENGINES[slug], fuzz), fuzz.branches + (fuzz.rare if soak else ())


def verdict(cover: Coverage, kinds: Sequence[str], branches: Sequence[str]) -> list[str]:
    """What fails: every freeze, every named kind or branch never reached."""
    return [f.report() for f in cover.freezes] + [f"{cover.slug}: never reached: {m}" for m in cover.missing(kinds, branches)]


def _run(job: tuple[str, int, bool]) -> Coverage:
    slug, game, soak = job
    return fuzz_games(slug, [game], soak)


def main() -> int:
    from concurrent.futures import ProcessPoolExecutor

    from engines.registry import ENGINES

    slugs = os.environ.get("FUZZ_SLUGS", "").split() or sorted(ENGINES)
    first = int(os.environ.get("FUZZ_FIRST", "0"))
    jobs_n = int(os.environ.get("FUZZ_JOBS", "2"))
    covers = {slug: Coverage(slug) for slug in slugs}
    soak = os.environ.get("FUZZ_CI", "") != "1"
    jobs = []
    for slug in slugs:
        n = int(os.environ.get("FUZZ_GAMES") or profile_for(slug).fuzz.soak_games)
        jobs += [(slug, game, soak) for game in range(first, first + n)]
    with ProcessPoolExecutor(max_workers=jobs_n) as pool:
        for done, cover in enumerate(pool.map(_run, jobs, chunksize=1), start=1):
            covers[cover.slug].add(cover)
            for freeze in cover.freezes:
                print(freeze.report(), flush=True)
            if done % 25 == 0:
                print(f"... {done} of {len(jobs)} games", flush=True)
    failures = []
    for slug, cover in covers.items():
        kinds, branches = named(slug, soak)
        print(cover.table(kinds, branches, () if soak else profile_for(slug).fuzz.rare))
        failures += verdict(cover, kinds, branches)
    print(f"\n{len(failures)} failures" if failures else "\nno freezes; every named kind and branch reached")
    for failure in failures:
        if "never reached" in failure:
            print(failure)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
