"""Imports go one way only (docs/architecture.md, "Layers"): a wrong arrow fails here."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

FORBIDDEN = {
    "engines": {"discord", "aiosqlite", "asyncpg", "PIL", "bot", "render", "random", "time", "asyncio", "os", "socket", "sqlite3"},
    "render": {"discord", "aiosqlite", "asyncpg", "bot", "sqlite3", "socket"},
    "bot/services": {"discord"},
    "bot/services/match": {"discord", "aiosqlite", "asyncpg", "sqlite3", "PIL", "render"},
    "bot/services/commands": {"discord", "aiosqlite", "asyncpg", "sqlite3", "PIL", "render"},
    "bot/storage": {"discord", "PIL", "render"},
    "bot/console": {"discord"},
}


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


CASES = [(layer, path) for layer in FORBIDDEN for path in sorted((ROOT / layer).rglob("*.py"))]


@pytest.mark.parametrize(("layer", "path"), CASES, ids=[str(p.relative_to(ROOT)) for _, p in CASES])
def test_layer_imports(layer: str, path: Path) -> None:
    bad = imported_modules(path) & FORBIDDEN[layer]
    assert not bad, f"{path.relative_to(ROOT)} imports {sorted(bad)}, which {layer}/ must not"


def test_render_imports_only_view_models_of_engines() -> None:
    """Pictures come from views; besides them a renderer may read a game's static board data
    (``engines.<slug>.map``: names and borders, no rules, no state)."""
    for path in (ROOT / "render").rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("engines."):
                allowed = node.module.endswith((".view", ".map")) or node.module == "engines.core.contract"
                assert allowed, f"{path.relative_to(ROOT)} imports {node.module}: render/ reads view models only"


CLOCK_READS = {"now", "utcnow", "today", "time", "monotonic", "perf_counter"}


@pytest.mark.parametrize("path", sorted((ROOT / "engines").rglob("*.py")), ids=lambda p: str(p.relative_to(ROOT)))
def test_engines_never_read_the_clock(path: Path) -> None:
    """Engines may name ``datetime`` as a type (record timestamps) but never ask it the time."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            assert node.func.attr not in CLOCK_READS, f"{path.relative_to(ROOT)}:{node.lineno} reads the clock"


PURE_SERVICES = ("bot/services/match/referee.py", "bot/services/match/deadlines.py")
"""The match service's parts that decide from what they are given (what a command's moves do;
when a match waits on whom): tested without a database, so they must not reach for one."""
IMPURE = ("asyncio", "bot.clock", "bot.storage.repository", "bot.services.book", "bot.services.rendering",
          "bot.services.presenter", "bot.services.match.core")


def imported_dotted(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


@pytest.mark.parametrize("relative", PURE_SERVICES)
def test_the_referee_and_the_deadlines_reach_for_no_storage_clock_or_loop(relative: str) -> None:
    path = ROOT / relative
    bad = {name for name in imported_dotted(path) if name.startswith(IMPURE)}
    assert not bad, f"{relative} imports {sorted(bad)}: it decides from what it is given"
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            assert node.func.attr not in CLOCK_READS, f"{relative}:{node.lineno} reads the clock"
        assert not isinstance(node, (ast.Await, ast.AsyncFunctionDef)), f"{relative} awaits: it must not do I/O"


def test_the_guard_catches_a_wrong_arrow(tmp_path: Path) -> None:
    sample = tmp_path / "bad.py"
    sample.write_text("import discord\nfrom bot.services import x\n")
    assert imported_modules(sample) == {"discord", "bot"}
