"""No import circles in bot/: a module's imports, ``TYPE_CHECKING`` ones included (a
circle of annotations is still a circle of knowledge), never lead back to the module itself.

The graph is read from the source with ``ast`` (nothing is imported); an import of ``a.b.c``
counts as an edge to ``a.b.c`` if that is a module of bot/, else to ``a.b`` (``from a.b import
c`` where ``c`` is a name inside ``a/b.py``). Imports of a package (``bot/i18n/__init__.py``) are
edges to that package's ``__init__``.
"""

from __future__ import annotations

import ast
from pathlib import Path

from tests.architecture.test_engine_layout import cycles  # the one Tarjan walk

ROOT = Path(__file__).resolve().parents[2]


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules_under(package: str) -> dict[str, Path]:
    return {module_name(p): p for p in sorted((ROOT / package).rglob("*.py"))}


def imported_names(path: Path, name: str) -> set[str]:
    """Every dotted name the module imports (absolute; relative imports resolved), with each
    ``from x import y`` also as ``x.y`` (``y`` may be a submodule)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                base = ".".join([*anchor, base] if base else anchor)
            out.add(base)
            out.update(f"{base}.{alias.name}" for alias in node.names)
    return out


def import_graph(package: str) -> dict[str, set[str]]:
    """Module -> the modules of ``package`` it imports."""
    modules = modules_under(package)
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        targets = set()
        for imported in imported_names(path, name):
            while imported and imported not in modules:
                imported = imported.rpartition(".")[0]
            if imported and imported != name:
                targets.add(imported)
        graph[name] = targets
    return graph


def test_bot_has_no_import_cycles() -> None:
    graph = import_graph("bot")
    assert len(graph) > 20, "the walk found bot/'s modules"
    assert cycles(graph) == [], "import circles in bot/ (each list is one circle's modules)"


def test_the_walk_sees_a_circle_through_type_checking(tmp_path: Path) -> None:
    """The guard is not empty: a circle made only of ``TYPE_CHECKING`` imports is found."""
    a = tmp_path / "a.py"
    a.write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg.b import B\n")
    b = tmp_path / "b.py"
    b.write_text("from pkg import a\n")
    names = {"pkg.a": imported_names(a, "pkg.a"), "pkg.b": imported_names(b, "pkg.b")}
    graph = {m: {t for t in targets if t in names} for m, targets in names.items()}
    assert cycles(graph) == [["pkg.a", "pkg.b"]]
    assert cycles({"x": {"y"}, "y": set()}) == []
