"""The actions of Axis & Allies as one move model (``kind`` says which).

Units are named by kind and count (``2 inf 1 arm``), places by territory id; the turn picks
the concrete pieces (``turn.pick_units``), so a record reads like the notation.
"""

from __future__ import annotations

from typing import Literal

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
