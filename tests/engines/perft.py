"""Perft counts: how many move sequences of depth 1, 2, 3 a fixed position has, as python-chess
keeps them for chess. A change in the move generator shows here as a changed number, from a
position anyone can paste (``from_position``), even where no golden playthrough passes.

The files (``tests/perft/<slug>.json``) hold, per position: the position string, the options,
and the counts by depth. Counts are of moves only: a position from which a chance node (a die, a
start roll that may be rolled again on a tie) lies within the depth is not chosen.
``python -m tests.engines.perft`` writes the files anew from positions taken out of the golden
playthroughs (read the diff before committing: a changed count is a changed rule).

>>> from engines.heroes_cities import from_position
>>> from engines.registry import ENGINES
>>> line = load("heroes_cities")[0]
>>> perft(ENGINES["heroes_cities"], from_position(line["position"]), 1) == line["counts"][0]
True
"""

from __future__ import annotations

import importlib
import json
from pathlib import Path
from typing import Any

from engines.registry import ENGINES
from tests.engines.golden import GOLDEN_ROOT, Replay

PERFT_ROOT = Path(__file__).resolve().parents[1] / "perft"
GAMES = ("heroes_cities", "masters_victory", "militakiri")
"""The games with a position string (``engines/<slug>/position.py``)."""
NODE_BUDGET = 32_000
"""The generator stops deepening a position once the next depth would pass this many leaves."""
PLIES = (4, 12, 24)
"""Where in each golden playthrough a position is taken (moves played, setup included)."""


class ChanceOnTheWay(ValueError):
    """The search met a chance node: perft counts moves, and such a position is not chosen."""


def position_module(slug: str) -> Any:
    return importlib.import_module(f"engines.{slug}.position")


def perft(engine: Any, state: Any, depth: int) -> int:
    """The number of move sequences of ``depth`` moves from ``state`` (a finished game ends a
    sequence early and counts once); ``ChanceOnTheWay`` at a chance node."""
    spec = engine.chance(state)
    if spec is not None:
        raise ChanceOnTheWay(spec.kind)
    if depth == 0 or engine.result(state) is not None:
        return 1
    return sum(
        perft(engine, engine.apply(state, seat, move), depth - 1)
        for seat in sorted(engine.to_act(state))
        for move in engine.legal_moves(state, seat)
    )


def load(slug: str) -> list[dict[str, Any]]:
    return json.loads((PERFT_ROOT / f"{slug}.json").read_text())


def state_of(slug: str, line: dict[str, Any]) -> Any:
    engine = ENGINES[slug]
    return position_module(slug).from_position(line["position"], engine.options_model.model_validate(line["options"]))


def lines_for(slug: str) -> list[dict[str, Any]]:
    """Perft lines from the golden playthroughs of ``slug``: the position after ``PLIES`` moves
    of each, counted as deep as ``NODE_BUDGET`` allows (at most 3)."""
    engine, positions = ENGINES[slug], position_module(slug)
    lines: list[dict[str, Any]] = []
    seen: set[str] = set()
    for path in sorted((GOLDEN_ROOT / slug).glob("*.json")):
        stored = json.loads(path.read_text())
        replay = Replay(engine, stored["seed"], stored["options"], stored.get("players", 2))
        for played, entry in enumerate(stored["moves"], start=1):
            seat, text = (entry[0], entry[1]) if isinstance(entry, list) else (None, entry)
            replay.play(text, seat)
            if played not in PLIES or replay.result() is not None:
                continue
            text = positions.to_position(replay.state)
            options = engine.options_model.model_validate(stored["options"])
            if text in seen:
                continue
            state = positions.from_position(text, options)
            counts: list[int] = []
            try:
                for depth in (1, 2, 3):
                    if counts and counts[-1] * max(1, counts[0]) > NODE_BUDGET:
                        break
                    counts.append(perft(engine, state, depth))
            except ChanceOnTheWay:
                continue
            seen.add(text)
            lines.append({"from": f"{path.stem} after {played} moves", "position": text,
                          "options": stored["options"], "counts": counts})
    return lines


def main() -> None:
    PERFT_ROOT.mkdir(exist_ok=True)
    for slug in GAMES:
        lines = lines_for(slug)
        (PERFT_ROOT / f"{slug}.json").write_text(json.dumps(lines, indent=1, ensure_ascii=False) + "\n")
        print(f"{slug}: {len(lines)} positions, {sum(sum(line['counts']) for line in lines)} sequences")


if __name__ == "__main__":
    main()
