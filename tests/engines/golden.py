"""Golden playthroughs, shared by every engine's ``test_golden.py``.

A golden file holds a dice seed, options, the move texts and what every step looked like. The
test replays the moves and compares step by step, so rule drift shows as a small diff;
``SCHEIDS_REGEN_GOLDEN=1`` writes the files anew (read the diff before committing).

The loops live here: ``Replay`` plays moves as the bot does (chance resolved with the seed after
the setup and after every move), and ``Golden`` generates a scenario's moves with a policy,
replays them into the file's document, writes and checks. An engine's ``test_golden.py`` says only
what differs: its scenarios, its policies (``pick``), what a step records (``step``) and the
file's keys (``document``)::

    class HeroesCitiesGolden(Golden):
        engine = HeroesCities()
        folder = GOLDEN_ROOT / "heroes_cities"
        scenarios = SCENARIOS
        same = ("game", "engine_version", "seed", "options", "chance", "moves", "start")

        def step(self, replay, seat, text, events): ...
        def document(self, replay, steps): ...

    GOLDEN = HeroesCitiesGolden()
    test_golden_playthrough = GOLDEN.test()
"""

from __future__ import annotations

import json
import os
import random
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, ClassVar

import pytest
from pydantic import BaseModel

from engines.core.record import ChanceEvent, resolve_chance

REGEN = os.environ.get("SCHEIDS_REGEN_GOLDEN") == "1"
GOLDEN_ROOT = Path(__file__).resolve().parents[1] / "golden"

Entry = Any
"""One stored move: its text, or ``[seat, text]`` where a file writes the seat (``Golden.entry``)."""


def dump(data: dict[str, Any]) -> str:
    """One step per block, keys in a fixed order, so a drift shows as a small diff."""
    return json.dumps(data, indent=1, ensure_ascii=False) + "\n"


class Replay:
    """A game played from its seed as the bot plays it: every pending chance node is resolved
    with the match dice after the setup and after every move. ``notes`` keeps what a golden
    file takes from the middle of a game (the views right after a secret setup, say)."""

    def __init__(self, engine: Any, seed_hex: str, options: dict[str, Any], players: int = 2) -> None:
        self.engine = engine
        self.seed_hex = seed_hex
        self.options = options
        self.players = players
        self.seed = bytes.fromhex(seed_hex)
        self.index = 0
        self.chance: list[ChanceEvent] = []
        self.state = engine.setup(players, engine.options_model.model_validate(options))
        self.before = self.applied = self.state
        self.notes: dict[str, Any] = {}
        self.resolve()

    def resolve(self) -> list[ChanceEvent]:
        self.state, events = resolve_chance(self.engine, self.state, self.seed, self.index)
        self.index += sum(len(event.values) for event in events)
        self.chance += events
        return events

    def seat(self) -> int:
        """The seat that plays next: the lowest of those to act (setups are played in seat order)."""
        return min(self.engine.to_act(self.state))

    def play(self, text: str, seat: int | None = None) -> tuple[int, list[ChanceEvent]]:
        """Play ``text`` for ``seat`` (default: ``seat()``); the seat and the dice rolled after it."""
        seat = self.seat() if seat is None else seat
        self.before = self.state
        self.state = self.applied = self.engine.apply(self.state, seat, self.engine.parse_move(text, self.state, seat))
        return seat, self.resolve()

    def view(self, viewer: int | None = None, state: Any = None, **dump_options: Any) -> dict[str, Any]:
        """The view of ``state`` (default: now) for ``viewer``, as JSON data."""
        shown = self.state if state is None else state
        return self.engine.view(shown, viewer).model_dump(mode="json", **dump_options)

    def result(self) -> dict[str, Any] | None:
        result = self.engine.result(self.state)
        return result.model_dump(mode="json") if result is not None else None


class Golden:
    """An engine's golden files: its scenarios, and the hooks that say what a file records.

    A scenario holds ``seed`` (hex) and ``options``, and either ``moves`` (played as given) or a
    ``policy`` with ``policy_seed`` (moves chosen when the file is generated), after an optional
    ``script`` of given moves; ``max_moves`` bounds the policy's moves (``counts``), ``players``
    the seats (default 2)."""

    engine: ClassVar[Any]
    folder: ClassVar[Path]
    scenarios: ClassVar[dict[str, dict[str, Any]]]
    same: ClassVar[Sequence[str]]
    """The keys compared before the steps (what the replay starts from)."""
    tail: ClassVar[Sequence[str]] = ("result",)
    """The keys compared after the steps."""
    dumps: ClassVar[Callable[[dict[str, Any]], str]] = staticmethod(dump)

    # ------------------------------------------------------------ the hooks

    def pick(self, replay: Replay, policy: str, rng: random.Random) -> BaseModel | str:
        """The policy's next move (a move, or its text) for ``replay.seat()``."""
        raise NotImplementedError

    def begin(self, replay: Replay) -> None:
        """After the setup (and its chance): note what the document takes from the start."""

    def step(self, replay: Replay, seat: int, text: str, events: list[ChanceEvent]) -> dict[str, Any] | None:
        """What the file records after a move (``None``: nothing, e.g. during a secret setup)."""
        raise NotImplementedError

    def document(self, replay: Replay, moves: list[Entry], steps: list[dict[str, Any]]) -> dict[str, Any]:
        """The file: its keys in their order."""
        raise NotImplementedError

    def identity(self, replay: Replay) -> dict[str, Any]:
        """The keys every file begins with: the game, its rules' version and the dice seed."""
        return {"game": self.engine.slug, "engine_version": self.engine.version, "seed": replay.seed_hex}

    def head(self, replay: Replay, moves: list[Entry]) -> dict[str, Any]:
        """``identity`` and then the options, the chance events and the moves (most files' head)."""
        chance = [event.model_dump(mode="json") for event in replay.chance]
        return {**self.identity(replay), "options": replay.options, "chance": chance, "moves": moves}

    def entry(self, seat: int, text: str) -> Entry:
        """A move as the file stores it (default: its text)."""
        return text

    def unpack(self, entry: Entry) -> tuple[int | None, str]:
        """A stored move as (seat or ``None`` for ``Replay.seat()``, text)."""
        return None, entry

    def counts(self, replay: Replay) -> bool:
        """Whether the move just played counts towards the scenario's ``max_moves``."""
        return True

    # ------------------------------------------------------------ the loops

    def players(self, scenario: dict[str, Any]) -> int:
        return scenario.get("players", 2)

    def moves_for(self, scenario: dict[str, Any]) -> list[Entry]:
        """A scenario's moves: as given, or its script and then its policy's choices to the end
        (or ``max_moves``)."""
        if "moves" in scenario:
            return [list(entry) if isinstance(entry, (list, tuple)) else entry for entry in scenario["moves"]]
        replay = Replay(self.engine, scenario["seed"], scenario["options"], self.players(scenario))
        entries = []
        for text in scenario.get("script", []):
            entries.append(self.entry(replay.play(text)[0], text))
        rng = random.Random(scenario["policy_seed"])
        limit, played = scenario.get("max_moves", 10_000), 0
        while replay.result() is None and played < limit:
            seat, move = replay.seat(), self.pick(replay, scenario["policy"], rng)
            text = move if isinstance(move, str) else self.engine.format_move(move, replay.state)
            replay.play(text, seat)
            entries.append(self.entry(seat, text))
            played += self.counts(replay)
        return entries

    def playthrough(self, seed_hex: str, options: dict[str, Any], moves: list[Entry], players: int = 2) -> dict[str, Any]:
        """The golden document of a game: what its file holds."""
        replay = Replay(self.engine, seed_hex, options, players)
        self.begin(replay)
        steps, played = [], []
        for entry in moves:
            given, text = self.unpack(entry)
            seat, events = replay.play(text, given)
            played.append(self.entry(seat, text))
            step = self.step(replay, seat, text, events)
            if step is not None:
                steps.append(step)
        return self.document(replay, played, steps)

    def path(self, name: str) -> Path:
        return self.folder / f"{name}.json"

    def regenerate(self, name: str) -> None:
        scenario = self.scenarios[name]
        data = self.playthrough(scenario["seed"], scenario["options"], self.moves_for(scenario), self.players(scenario))
        self.folder.mkdir(parents=True, exist_ok=True)
        self.path(name).write_text(self.dumps(data))

    def check(self, name: str) -> None:
        """Replay the file of scenario ``name`` (written anew first when asked) and compare: the
        ``same`` keys, then every step, then the ``tail`` keys."""
        if REGEN:
            self.regenerate(name)
        path = self.path(name)
        stored = json.loads(path.read_text())
        replayed = self.playthrough(stored["seed"], stored["options"], stored["moves"], stored.get("players", 2))
        for key in self.same:
            assert replayed[key] == stored[key], key
        for i, (got, want) in enumerate(zip(replayed["steps"], stored["steps"], strict=True)):
            assert got == want, f"{path.stem}: step {i + 1} ({want['move']}) differs"
        for key in self.tail:
            assert replayed[key] == stored[key], key

    def load(self, name: str) -> dict[str, Any]:
        return json.loads(self.path(name).read_text())

    def files(self) -> dict[str, dict[str, Any]]:
        return {name: self.load(name) for name in self.scenarios}

    def test(self) -> Callable[[str], None]:
        """The parametrised test of every scenario, for the engine's module to bind."""

        @pytest.mark.parametrize("name", sorted(self.scenarios))
        def test_golden_playthrough(name: str) -> None:
            self.check(name)

        return test_golden_playthrough

    def main(self) -> None:
        """``python tests/engines/<slug>/test_golden.py``: write every file anew."""
        for name in self.scenarios:
            self.regenerate(name)
            print(f"wrote {self.path(name)}")
