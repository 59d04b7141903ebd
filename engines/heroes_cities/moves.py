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

from typing import Literal

from pydantic import model_validator

from engines.core.contract import Frozen
from engines.heroes_cities import board as B

MoveKind = Literal["move", "promote", "pass"]


class HeroesCitiesMove(Frozen):
    """``kind='move'``: ``frm`` and ``to``; ``'promote'``: ``frm`` only; ``'pass'``: neither."""

    kind: MoveKind
    frm: str | None = None
    to: str | None = None

    @model_validator(mode="after")
    def _shape(self) -> HeroesCitiesMove:
        shapes = {"move": (True, True), "promote": (True, False), "pass": (False, False)}
        if shapes[self.kind] != (self.frm is not None, self.to is not None):
            raise ValueError(
                "a move needs frm and to, a promotion frm only, a pass neither"
            )
        for square in (self.frm, self.to):
            if square is not None and not B.is_square(square):
                raise ValueError(f"not a square of the board: {square!r}")
        return self


PASS = HeroesCitiesMove(kind="pass")

# Every move object that can ever be legal, built once: legal_moves hands out these shared
# (immutable) instances instead of building hundreds of models per position.
MOVES: tuple[tuple[HeroesCitiesMove | None, ...], ...] = tuple(
    tuple(
        HeroesCitiesMove(kind="move", frm=B.NAMES[a], to=B.NAMES[b])
        if a != b and B.distance(a, b) <= 3
        else None
        for b in range(B.CELLS)
    )
    for a in range(B.CELLS)
)
PROMOTIONS: tuple[HeroesCitiesMove, ...] = tuple(
    HeroesCitiesMove(kind="promote", frm=B.NAMES[a]) for a in range(B.CELLS)
)


def move_of(frm: int, to: int) -> HeroesCitiesMove:
    """The (shared) move object from ``frm`` to ``to``."""
    move = MOVES[frm][to]
    if move is None:
        return HeroesCitiesMove(kind="move", frm=B.NAMES[frm], to=B.NAMES[to])
    return move


def promotion_of(square: int) -> HeroesCitiesMove:
    return PROMOTIONS[square]


def format_move(move: HeroesCitiesMove) -> str:
    """The canonical text of a move: ``c2-d4``, ``e4=H`` or ``pass``."""
    if move.kind == "move":
        return f"{move.frm}-{move.to}"
    if move.kind == "promote":
        return f"{move.frm}=H"
    return "pass"
