"""Golden playthroughs, shared by every engine's ``test_golden.py``.

A golden file holds a dice seed, options, the move texts and what every step looked like. The
test replays the moves and compares step by step, so rule drift shows as a small diff;
``SCHEIDS_REGEN_GOLDEN=1`` writes the files anew (read the diff before committing).
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

REGEN = os.environ.get("SCHEIDS_REGEN_GOLDEN") == "1"
GOLDEN_ROOT = Path(__file__).resolve().parents[1] / "golden"

Playthrough = Callable[[str, dict[str, Any], list[str]], dict[str, Any]]


def dump(data: dict[str, Any]) -> str:
    """One step per block, keys in a fixed order, so a drift shows as a small diff."""
    return json.dumps(data, indent=1, ensure_ascii=False) + "\n"


def write_golden(path: Path, data: dict[str, Any], dumps: Callable[[dict[str, Any]], str] = dump) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(dumps(data))


def check_golden(
    path: Path,
    regenerate: Callable[[], None],
    playthrough: Playthrough,
    same: Sequence[str],
    tail: Sequence[str] = ("result",),
) -> None:
    """Replay the golden file at ``path`` (regenerating it first when asked) and compare: the
    ``same`` keys, then every step, then the ``tail`` keys."""
    if REGEN:
        regenerate()
    stored = json.loads(path.read_text())
    replayed = playthrough(stored["seed"], stored["options"], stored["moves"])
    for key in same:
        assert replayed[key] == stored[key], key
    for i, (got, want) in enumerate(zip(replayed["steps"], stored["steps"], strict=True)):
        assert got == want, f"{path.stem}: step {i + 1} ({want['move']}) differs"
    for key in tail:
        assert replayed[key] == stored[key], key
