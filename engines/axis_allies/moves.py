"""The actions of Axis & Allies as one move model (``kind`` says which).

Units are named by kind and count (``2 inf 1 arm``), places by territory id; the turn picks
the concrete pieces (``turn.pick_units``), so a record reads like the notation.
``format_move`` writes the canonical text; reading one is ``notation.py``.
"""

from __future__ import annotations

from typing import Literal

from engines.axis_allies.map import CLASSIC
from engines.core.contract import Frozen

MoveKind = Literal[
    "tech", "buy", "move", "load", "unload", "bomb", "end", "attack", "lose", "press_on", "retreat",
    "submerge", "stay", "place", "rocket",
]
Counts = tuple[tuple[str, int], ...]
"""(unit kind, count) pairs in the data file's unit order."""


class AxisAlliesMove(Frozen):
    kind: MoveKind
    count: int = 0
    """tech: research dice."""
    units: Counts = ()
    """buy / move / load / unload / bomb / lose / place: which units."""
    path: tuple[str, ...] = ()
    """move / load / unload / bomb: territory ids from start to destination (two or more)."""
    to: str | None = None
    """attack / retreat / submerge / place: the territory; rocket: the target."""
    frm: str | None = None
    """rocket: the AA gun's territory."""


SHORT = {
    "infantry": "inf", "armour": "arm", "fighter": "ftr", "bomber": "bmr", "submarine": "sub",
    "transport": "trn", "carrier": "car", "battleship": "bb", "aa_gun": "aa", "factory": "ic",
}
"""The short names canonical texts use."""


def units_text(counts: Counts) -> str:
    return " ".join(f"{n} {SHORT[k]}" for k, n in counts)


def name(tid: str) -> str:
    return CLASSIC.territories[tid].name


def format_move(move: AxisAlliesMove) -> str:
    """The canonical text; ``parse(format_move(m))`` gives ``m`` back."""
    k = move.kind
    if k in ("end", "stay"):
        return k
    if k == "press_on":
        return "continue"
    if k == "tech":
        return f"tech {move.count}"
    if k in ("buy", "lose"):
        return f"{k} {units_text(move.units)}"
    if k in ("attack", "retreat", "submerge"):
        return f"{k} {name(move.to or '')}"
    if k == "place":
        return f"place {units_text(move.units)} {name(move.to or '')}"
    if k == "rocket":
        return f"rocket {name(move.frm or '')} -> {name(move.to or '')}"
    return order_text(k, move.units, move.path)


def order_text(kind: str, units: Counts, path: tuple[str, ...]) -> str:
    """The text of a move, load, unload or bomb order (``format_move`` of one), without the move."""
    return f"{kind} {units_text(units)} " + " -> ".join(name(t) for t in path)
