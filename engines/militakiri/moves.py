"""Moves of Militakiri: the move model and its canonical text (``format_move``).

A move is one of

* ``setup``: a seat's tower squares (``towers``) or a random setup (``random``), sections 3-4;
* ``move``: a piece goes from ``frm`` to the empty square ``to`` along one of its move
  directions (section 5);
* ``capture``: a piece takes the enemy piece on ``to`` along one of its capture directions
  (section 6); what happens then is ``pieces.capture`` (sections 7-18);
* ``place``: the oldest waiting reserve tower is placed on the free square ``to`` of the own
  setup zone (section 7); it is not a whole turn;
* ``pass``: only when nothing else is legal (decision 17).

Which moves are legal is ``rules.py``; reading a move is ``notation.py``.
"""

from __future__ import annotations

from typing import Literal

from pydantic import model_validator

from engines.core.contract import Frozen
from engines.militakiri.board import ALL_NAMES
from engines.militakiri.state import MilitakiriState

MoveKind = Literal["setup", "move", "capture", "place", "pass"]


class MilitakiriMove(Frozen):
    """``setup``: ``towers`` or ``random``; ``move``/``capture``: ``frm`` and ``to``;
    ``place``: ``to``; ``pass``: nothing."""

    kind: MoveKind
    frm: str | None = None
    to: str | None = None
    towers: tuple[str, ...] = ()
    random: bool = False

    @model_validator(mode="after")
    def _shape(self) -> MilitakiriMove:
        kind = self.kind
        wants = {
            "setup": (False, False),
            "move": (True, True),
            "capture": (True, True),
            "place": (False, True),
            "pass": (False, False),
        }[kind]
        if wants != (self.frm is not None, self.to is not None):
            raise ValueError(f"a {kind} move has the wrong squares")
        if kind == "setup":
            if self.random == bool(self.towers):
                raise ValueError("a setup names its tower squares or is random, not both")
        elif self.towers or self.random:
            raise ValueError("only a setup names towers or is random")
        for square in (self.frm, self.to, *self.towers):
            if square is not None and square not in ALL_NAMES:
                raise ValueError(f"not a square: {square!r}")
        return self


PASS = MilitakiriMove(kind="pass")
RANDOM_SETUP = MilitakiriMove(kind="setup", random=True)

_MOVE_CACHE: dict[tuple[str, str, str], MilitakiriMove] = {}


def board_move(kind: str, frm: str, to: str) -> MilitakiriMove:
    """The shared move object (moves are immutable, so legal_moves hands out cached ones)."""
    key = (kind, frm, to)
    move = _MOVE_CACHE.get(key)
    if move is None:
        move = _MOVE_CACHE[key] = MilitakiriMove(kind=kind, frm=frm, to=to)  # type: ignore[arg-type]
    return move


_PLACE_CACHE: dict[str, MilitakiriMove] = {}


def place_move(square: str) -> MilitakiriMove:
    move = _PLACE_CACHE.get(square)
    if move is None:
        move = _PLACE_CACHE[square] = MilitakiriMove(kind="place", to=square)
    return move


def format_move(move: MilitakiriMove, state: MilitakiriState | None = None) -> str:
    """The canonical text of a move."""
    kind = move.kind
    if kind == "move":
        return f"{move.frm}-{move.to}"
    if kind == "capture":
        return f"{move.frm}x{move.to}"
    if kind == "place":
        return f"T@{move.to}"
    if kind == "setup":
        return "setup random" if move.random else "towers " + " ".join(move.towers)
    return "pass"
