"""Moves of Helden & Steden: the move model and its canonical text (``format_move``).

A move is one of

* ``move``: a piece goes from ``frm`` to ``to`` (rulebook, "Verplaatsen van speelstukken");
  the path is not part of the move, only where it starts and ends (decision 4);
* ``promote``: the alternative turn, an attacker on a city of its own colour becomes a hero
  (rulebook, "Uitzondering: Aanvaller in een stad van zichzelf"; decision 7);
* ``pass``: only when nothing else is legal (decision 9).

Which moves are legal is ``rules.py``; reading a move is ``notation.py``.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import AfterValidator, SerializationInfo, SerializerFunctionWrapHandler, model_serializer

from engines.core.tagged import TaggedMove, TaggedMoves, as_one_model
from engines.heroes_cities import board as B

MoveKind = Literal["move", "promote", "pass"]


def _square(name: str) -> str:
    if not B.is_square(name):
        raise ValueError(f"not a square of the board: {name!r}")
    return name


Square = Annotated[str, AfterValidator(_square)]


RECORDED: dict[str, Any] = {"frm": None, "to": None}
"""The fields every move's record holds (its own kind's or not, then at these values), as when
the moves were one model: a record, and the hash chain over it, reads as it always did."""


class _Move(TaggedMove):
    @model_serializer(mode="wrap")
    def _as_recorded(self, handler: SerializerFunctionWrapHandler, info: SerializationInfo) -> dict[str, Any]:
        return as_one_model(handler(self), RECORDED, info.mode_is_json())


class MoveAction(_Move):
    """A piece goes from ``frm`` to ``to``."""

    kind: Literal["move"] = "move"
    frm: Square
    to: Square


class PromoteAction(_Move):
    """The attacker on ``frm`` (a city of its own colour) becomes a hero."""

    kind: Literal["promote"] = "promote"
    frm: Square


class PassAction(_Move):
    """Nothing else is legal."""

    kind: Literal["pass"] = "pass"


HeroesCitiesMove = MoveAction | PromoteAction | PassAction
MOVES: TaggedMoves[HeroesCitiesMove] = TaggedMoves(HeroesCitiesMove)
"""The engine's move model: reads a move back from the record."""

PASS = PassAction()

# Every move object that can ever be legal, built once: legal_moves hands out these shared
# (immutable) instances instead of building hundreds of models per position.
MOVE_TABLE: tuple[tuple[MoveAction | None, ...], ...] = tuple(
    tuple(
        MoveAction(frm=B.NAMES[a], to=B.NAMES[b])
        if a != b and B.distance(a, b) <= 3
        else None
        for b in range(B.CELLS)
    )
    for a in range(B.CELLS)
)
PROMOTIONS: tuple[PromoteAction, ...] = tuple(PromoteAction(frm=B.NAMES[a]) for a in range(B.CELLS))


def move_of(frm: int, to: int) -> MoveAction:
    """The (shared) move object from ``frm`` to ``to``."""
    move = MOVE_TABLE[frm][to]
    if move is None:
        return MoveAction(frm=B.NAMES[frm], to=B.NAMES[to])
    return move


def promotion_of(square: int) -> PromoteAction:
    return PROMOTIONS[square]


def format_move(move: HeroesCitiesMove) -> str:
    """The canonical text of a move: ``c2-d4``, ``e4=H`` or ``pass``."""
    if move.kind == "move":
        return f"{move.frm}-{move.to}"
    if move.kind == "promote":
        return f"{move.frm}=H"
    return "pass"
