"""The actions of Axis & Allies as one move model (``kind`` says which).

Units are named by kind and count (``2 inf 1 arm``), places by territory id; the turn picks
the concrete pieces (``turn.pick_units``), so a record reads like the notation.
``format_move`` writes the canonical text; reading one is ``notation.py``.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import model_serializer

from engines.axis_allies.map import CLASSIC
from engines.core.contract import Frozen

MoveKind = Literal[
    "tech", "buy", "move", "load", "unload", "bomb", "end", "attack", "lose", "press_on", "retreat",
    "submerge", "stay", "place", "rocket", "undo",
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
    until_done: bool = False
    """attack: fight the battle to its end without asking the attacker after each round."""
    retreat_below: int = 0
    """attack ... until done: retreat once fewer attacking units than this are left."""
    retreat_to: str | None = None
    """attack ... until done: where to retreat (else the first place the attackers may go)."""
    anyway: bool = False
    """end: end the non-combat move even though aircraft that could still land are lost."""
    aboard: Counts = ()
    """unload: the whole cargo of the transport to unload from (``from trn with 1 inf 1 arm``),
    naming it where the choice matters (decision M16); empty: the engine chooses."""

    @model_serializer(mode="wrap")
    def _without_unused_plan(self, handler: Any) -> dict[str, Any]:
        # The plan fields came with the turn-flow orders (and ``anyway`` later): left out while unused, so a
        # move's record (and the hash chain over it) reads as before.
        data = handler(self)
        for name in (*PLAN_FIELDS, "anyway", "aboard"):
            value = data.get(name)
            if (list(value) if isinstance(value, (list, tuple)) else value) == OPTIONAL_DEFAULTS[name]:
                data.pop(name, None)
        return data


PLAN_FIELDS = ("until_done", "retreat_below", "retreat_to")
OPTIONAL_DEFAULTS: dict[str, Any] = {"until_done": False, "retreat_below": 0, "retreat_to": None, "anyway": False,
                                     "aboard": []}
"""Fields a record leaves out while they hold these values (a tuple dumps as a list in JSON)."""


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
    if k == "end" and move.anyway:
        return "end anyway"
    if k in ("end", "stay", "undo"):
        return k
    if k == "press_on":
        return "continue"
    if k == "tech":
        return f"tech {move.count}"
    if k in ("buy", "lose"):
        return f"{k} {units_text(move.units)}"
    if k == "attack" and move.until_done:
        plan = ""
        if move.retreat_below:
            where = f" to {name(move.retreat_to)}" if move.retreat_to else ""
            plan = f" retreat{where} when below {move.retreat_below}"
        return f"attack {name(move.to or '')} until done{plan}"
    if k in ("attack", "retreat", "submerge"):
        return f"{k} {name(move.to or '')}"
    if k == "place":
        return f"place {units_text(move.units)} {name(move.to or '')}"
    if k == "rocket":
        return f"rocket {name(move.frm or '')} -> {name(move.to or '')}"
    if k == "unload" and move.aboard:
        return f"{order_text(k, move.units, move.path)} from trn with {units_text(move.aboard)}"
    return order_text(k, move.units, move.path)


def order_text(kind: str, units: Counts, path: tuple[str, ...]) -> str:
    """The text of a move, load, unload or bomb order (``format_move`` of one), without the move."""
    return f"{kind} {units_text(units)} " + " -> ".join(name(t) for t in path)
