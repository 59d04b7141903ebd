"""One layout for every engine package (docs/adding-a-game.md, "The layout of an
engine package"): the same module names mean the same thing in all of them, imports between
those modules go one way, and no engine package imports itself in a circle."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

from engines.core.tagged import TaggedMoves
from engines.registry import ENGINES

ROOT = Path(__file__).resolve().parents[2]

LAYERS = ("options", "state", "moves", "rules", "notation", "view", "engine")
"""The modules every engine package has, lowest first: each may import only those before it."""


def package_of(slug: str) -> Path:
    return ROOT / "engines" / slug


def modules_of(package: Path) -> dict[str, Path]:
    """Module name (``rules``, or ``rules.attack`` inside a ``rules/`` package) -> file."""
    out = {}
    for path in sorted(package.rglob("*.py")):
        parts = path.relative_to(package).with_suffix("").parts
        if parts[-1] == "__init__" and len(parts) > 1:
            parts = parts[:-1]
        out[".".join(parts)] = path
    return out


def imports_inside(package: str, modules: dict[str, Path]) -> dict[str, set[str]]:
    """Which modules of ``package`` (dotted, e.g. ``engines.militakiri``) each module imports,
    counting imports inside functions too (a late import still closes a circle)."""
    graph: dict[str, set[str]] = {}

    def inner(dotted: str) -> str | None:
        """``engines.x.rules.legal_moves`` -> ``rules``; ``None`` outside the package."""
        if not dotted.startswith(package + "."):
            return None
        rest = dotted[len(package) + 1 :]
        while rest and rest not in modules:
            rest = rest.rpartition(".")[0]
        return rest or None

    for name, path in modules.items():
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                found.update(m for alias in node.names if (m := inner(alias.name)))
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                if node.module == package:  # a submodule, or a name the package exports
                    found.update(alias.name if alias.name in modules else "__init__" for alias in node.names)
                elif m := inner(node.module):
                    found.add(m)
        found.discard(name)
        graph[name] = found
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The import circles: strongly connected groups of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in graph.get(node, ()):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


SLUGS = sorted(ENGINES)


@pytest.mark.parametrize("slug", SLUGS)
def test_every_engine_package_has_the_agreed_modules(slug: str) -> None:
    modules = modules_of(package_of(slug))
    missing = [name for name in ("__init__", *LAYERS) if name not in modules]
    assert not missing, f"engines/{slug} lacks {missing} (docs/adding-a-game.md lists the layout)"
    for gone in ("viewing",):
        assert gone not in modules, f"engines/{slug}/{gone}.py: the view and its builder live in view.py"


@pytest.mark.parametrize("slug", SLUGS)
def test_the_same_names_mean_the_same_thing(slug: str) -> None:
    """The contract in engine.py, the options in options.py, the state in state.py, the move
    and its canonical text in moves.py, legality in rules, reading in notation.py, the view
    model and its builder in view.py."""
    engine = ENGINES[slug]
    package = f"engines.{slug}"

    def home(name: str) -> str:
        return f"{package}.{name}"

    assert type(engine).__module__ == home("engine")
    assert engine.options_model.__module__ == home("options")
    assert engine.state_model.__module__ == home("state")
    moves = engine.move_model.members if isinstance(engine.move_model, TaggedMoves) else (engine.move_model,)
    assert all(model.__module__ == home("moves") for model in moves)
    assert importlib.import_module(home("moves")).format_move.__module__ == home("moves")
    assert importlib.import_module(home("rules")).legal_moves.__module__ == home("rules")
    view = importlib.import_module(home("view"))
    assert view.build_view.__module__ == home("view")
    view_model = engine.view(engine.setup(engine.min_players, engine.options_model()), None)
    assert type(view_model).__module__ == home("view")
    notation = importlib.import_module(home("notation"))
    assert any(callable(getattr(notation, name, None)) for name in ("parse_move", "parse"))


@pytest.mark.parametrize("slug", SLUGS)
def test_no_import_cycles_inside_an_engine_package(slug: str) -> None:
    modules = modules_of(package_of(slug))
    graph = imports_inside(f"engines.{slug}", modules)
    assert not cycles(graph), f"engines/{slug} imports in a circle: {cycles(graph)}"


@pytest.mark.parametrize("slug", SLUGS)
def test_imports_between_the_agreed_modules_go_one_way(slug: str) -> None:
    """options <- state <- moves <- rules <- notation <- view <- engine: a module never imports
    one later in this order (so moves.py never needs notation.py, state.py never the view)."""
    graph = imports_inside(f"engines.{slug}", modules_of(package_of(slug)))
    for low, name in enumerate(LAYERS):
        later = set(LAYERS[low + 1 :]) & graph[name]
        assert not later, f"engines/{slug}/{name}.py imports {sorted(later)}, which come after it"


def test_the_guards_catch_a_circle_and_a_wrong_arrow(tmp_path: Path) -> None:
    package = tmp_path / "demo"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "moves.py").write_text("def f():\n    from engines.demo.notation import g\n")
    (package / "notation.py").write_text("from engines.demo import moves\n")
    (package / "state.py").write_text("from engines.demo.view import V\n")
    (package / "view.py").write_text("V = 1\n")
    graph = imports_inside("engines.demo", modules_of(package))
    assert graph["notation"] == {"moves"} and graph["moves"] == {"notation"}
    assert cycles(graph) == [["moves", "notation"]]
    assert "view" in graph["state"]
