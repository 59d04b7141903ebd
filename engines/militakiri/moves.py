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

from typing import Annotated, Literal

from pydantic import AfterValidator, model_validator

from engines.core.tagged import TaggedMove, TaggedMoves
from engines.militakiri.board import ALL_NAMES
from engines.militakiri.state import MilitakiriState

MoveKind = Literal["setup", "move", "capture", "place", "pass"]


def _square(name: str) -> str:
    if name not in ALL_NAMES:
        raise ValueError(f"not a square: {name!r}")
    return name


Square = Annotated[str, AfterValidator(_square)]


class SetupMove(TaggedMove):
    """Sections 3-4: a seat's tower squares (``towers``), or a random setup (``random``)."""

    kind: Literal["setup"] = "setup"
    towers: tuple[Square, ...] = ()
    random: bool = False

    @model_validator(mode="after")
    def _shape(self) -> SetupMove:
        if self.random == bool(self.towers):
            raise ValueError("a setup names its tower squares or is random, not both")
        return self


class BoardMove(TaggedMove):
    """Sections 5-6: a piece goes from ``frm`` to ``to``, onto an empty square (``move``) or
    taking the enemy piece there (``capture``)."""

    kind: Literal["move", "capture"]
    frm: Square
    to: Square


class PlaceMove(TaggedMove):
    """Section 7: the oldest waiting reserve tower goes on the free square ``to``."""

    kind: Literal["place"] = "place"
    to: Square


class PassMove(TaggedMove):
    """Only when nothing else is legal (decision 17)."""

    kind: Literal["pass"] = "pass"


MilitakiriMove = SetupMove | BoardMove | PlaceMove | PassMove
MOVES: TaggedMoves[MilitakiriMove] = TaggedMoves(MilitakiriMove)
"""The engine's move model: reads a move back from the record."""

PASS = PassMove()
RANDOM_SETUP = SetupMove(random=True)

_MOVE_CACHE: dict[tuple[str, str, str], BoardMove] = {}


def board_move(kind: Literal["move", "capture"], frm: str, to: str) -> BoardMove:
    """The shared move object (moves are immutable, so legal_moves hands out cached ones)."""
    key = (kind, frm, to)
    move = _MOVE_CACHE.get(key)
    if move is None:
        move = _MOVE_CACHE[key] = BoardMove(kind=kind, frm=frm, to=to)
    return move


_PLACE_CACHE: dict[str, PlaceMove] = {}


def place_move(square: str) -> PlaceMove:
    move = _PLACE_CACHE.get(square)
    if move is None:
        move = _PLACE_CACHE[square] = PlaceMove(to=square)
    return move


def format_move(move: MilitakiriMove, state: MilitakiriState | None = None) -> str:
    """The canonical text of a move."""
    if move.kind == "move":
        return f"{move.frm}-{move.to}"
    if move.kind == "capture":
        return f"{move.frm}x{move.to}"
    if move.kind == "place":
        return f"T@{move.to}"
    if move.kind == "setup":
        return "setup random" if move.random else "towers " + " ".join(move.towers)
    return "pass"
