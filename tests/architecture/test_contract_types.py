"""The engine contract is checked by mypy: a signature that drifts from
``engines.core.contract`` is a type error, not a surprise at run time.

Each ``engines/<slug>/engine.py`` ends with ``_engine: Engine[State, Move, View, Options] = TheEngine()``
(and one such line per optional protocol it implements) under ``TYPE_CHECKING``; ``make lint`` runs
mypy over engines/. Here mypy's API checks a small toy engine written both ways, to show that such a
declaration does catch a drift, and ``ast`` checks that every engine makes its declarations.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from mypy import api as mypy_api

from engines.core import contract
from engines.registry import ENGINES

ROOT = Path(__file__).resolve().parents[2]

TOY = '''
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from engines.core.contract import ChanceSpec, Engine, Frozen, Outcome, Result, Seat


class ToyState(Frozen):
    to_move: int = 0


class ToyMove(Frozen):
    square: str = "a1"


class ToyView(Frozen):
    to_move: int = 0


class ToyOptions(Frozen):
    size: int = 8


class Toy:
    slug: ClassVar[str] = "toy"
    version: ClassVar[int] = 1
    replays: ClassVar[frozenset[int]] = frozenset()
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    options_model: ClassVar[type[ToyOptions]] = ToyOptions
    state_model: ClassVar[type[ToyState]] = ToyState
    move_model: ClassVar[type[ToyMove]] = ToyMove
    colours: ClassVar[tuple[str, ...]] = ("red", "blue")

    def setup(self, players: int, options: ToyOptions | Mapping[str, Any] | None = None) -> ToyState:
        return ToyState()

    def to_act(self, state: ToyState) -> frozenset[Seat]:
        return frozenset((state.to_move,))

    def chance(self, state: ToyState) -> ChanceSpec | None:
        return None

    def legal_moves(self, state: ToyState, seat: Seat) -> list[ToyMove]:
        return [ToyMove()]

    def apply(self, state: ToyState, seat: Seat, move: ToyMove) -> ToyState:
        return ToyState(to_move=1 - seat)

    def apply_chance(self, state: ToyState, outcome: Outcome) -> ToyState:
        return state

    def result(self, state: ToyState) -> Result | None:
        return None

    def view(self, state: ToyState, viewer: Seat | None) -> ToyView:
        return ToyView(to_move=state.to_move)

    def parse_move(self, text: str, state: ToyState, seat: Seat) -> ToyMove:
        return ToyMove(square=text)

    def is_secret(self, move: ToyMove, state: ToyState) -> bool:
        return False

    def describe_chance(self, outcome: Outcome, state: ToyState) -> tuple[str, dict[str, Any]]:
        return "", {}

FORMAT_MOVE


if TYPE_CHECKING:
    _engine: Engine[ToyState, ToyMove, ToyView, ToyOptions] = Toy()
'''

FORMAT_MOVES = {
    "right": "def format_move(self, move: ToyMove, state: ToyState) -> str:\n        return move.square",
    "state_dropped": "def format_move(self, move: ToyMove) -> str:\n        return move.square",
    "arguments_swapped": "def format_move(self, state: ToyState, move: ToyMove) -> str:\n        return move.square",
    "returns_none": "def format_move(self, move: ToyMove, state: ToyState) -> None:\n        return None",
    "missing": "pass",
}

MYPY_CONFIG = f"""\
[mypy]
python_version = 3.11
mypy_path = {ROOT}
follow_imports = silent
[mypy-pydantic.*,pydantic_core.*]
follow_imports = skip
"""
"""The toy modules import ``engines`` from the checkout; only they are reported. pydantic is skipped
(the drift is in plain signatures), so the check takes a few seconds."""


@pytest.fixture(scope="module")
def mypy_reports(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """mypy's report per toy module, from one run over all of them."""
    where = tmp_path_factory.mktemp("contract_types")
    config = where / "mypy.ini"
    config.write_text(MYPY_CONFIG, encoding="utf-8")
    files = []
    for name, method in FORMAT_MOVES.items():
        path = where / f"toy_{name}.py"
        path.write_text(TOY.replace("FORMAT_MOVE", "    " + method), encoding="utf-8")
        files.append(str(path))
    out, err, _ = mypy_api.run(
        ["--config-file", str(config), "--cache-dir", str(where / "cache"), "--no-error-summary", *files]
    )
    assert not err, err
    reports = {name: "" for name in FORMAT_MOVES}
    for line in out.splitlines():
        for name in FORMAT_MOVES:
            if f"toy_{name}.py:" in line:
                reports[name] += line + "\n"
    return reports


def test_the_right_signature_type_checks(mypy_reports: dict[str, str]) -> None:
    assert mypy_reports["right"] == ""


@pytest.mark.parametrize("drift", ["state_dropped", "arguments_swapped", "returns_none", "missing"])
def test_a_drifting_signature_is_an_error(mypy_reports: dict[str, str], drift: str) -> None:
    report = mypy_reports[drift]
    assert "error: Incompatible types in assignment" in report, report
    assert "format_move" in report, report


def _declarations(path: Path) -> dict[str, str]:
    """``{protocol name: annotation}`` of the ``_name: Protocol[...] = Engine()`` lines under
    ``if TYPE_CHECKING:`` in an engine module."""
    found: dict[str, str] = {}
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            for statement in node.body:
                if isinstance(statement, ast.AnnAssign):
                    annotation = statement.annotation
                    base = annotation.value if isinstance(annotation, ast.Subscript) else annotation
                    if isinstance(base, ast.Name):
                        found[base.id] = ast.unparse(annotation)
    return found


OPTIONAL_PROTOCOLS = sorted(
    name
    for name, value in vars(contract).items()
    if getattr(value, "_is_runtime_protocol", False) and name != "Engine"
)


@pytest.mark.parametrize("slug", sorted(ENGINES))
def test_every_engine_declares_itself_against_the_contract(slug: str) -> None:
    """The protocols the bot finds on the engine at run time (``isinstance``) are the ones mypy
    holds it to: ``Engine`` always, each optional protocol it implements."""
    engine = ENGINES[slug]
    declared = _declarations(ROOT / "engines" / slug / "engine.py")
    assert declared.get("Engine", "").startswith("Engine["), declared
    implemented = {name for name in OPTIONAL_PROTOCOLS if isinstance(engine, getattr(contract, name))}
    assert implemented <= set(declared), f"{slug} implements {sorted(implemented - set(declared))} undeclared"
