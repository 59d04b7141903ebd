"""Actions of Masters Victory: the move model and its canonical text (``format_move``).

An action is one of (docs/games/masters_victory.md, "Notation"):

* ``move``: one piece's whole move (rulebook, "BEWEGING"): from ``frm`` to ``to``, with at
  most one attack (R1/R2) on the square ``attack`` on the way; after the attack it goes on to
  ``to`` with its remaining squares when it survives. For artillery ``via`` holds every
  square it passes, because its firing zone sweeps along the path (R3). For the other
  pieces the path is not part of the move (decision 5): only where it starts, what it
  attacks and where it ends. A ``move`` from the square of a piece that attacked earlier in
  this action sequence and may still move is its *continuation* (decision 8);
* ``fire``: an artillery removes the enemy pieces in its firing zone without moving ("geldt
  niet als beurt": it is not one of the 3 moves);
* ``switch``: the triple switch of a soldier on the enemy's back line (not a move);
* ``end``: the turn ends;
* ``setup``: the secret setup of one seat (``numbers``, or ``None`` for a random setup).

Which actions are legal is ``rules.py``; reading an action is ``notation.py``.
"""

from __future__ import annotations

from typing import Literal

from pydantic import model_validator

from engines.core.contract import Frozen
from engines.masters_victory import board as B
from engines.masters_victory.state import NUMBERS_PER_TYPE

MoveKind = Literal["move", "fire", "switch", "end", "setup"]


class MastersVictoryMove(Frozen):
    """One action. ``move``: ``frm``, ``to``, optional ``attack``, ``via`` for artillery;
    ``fire``: ``frm`` (the artillery); ``switch``: ``frm`` (the soldier), ``pieces`` and
    ``places``; ``setup``: ``numbers`` (fighters, tanks, soldiers in start-place order) or
    ``None`` for random; ``end``: nothing."""

    kind: MoveKind
    frm: str | None = None
    attack: str | None = None
    to: str | None = None
    via: tuple[str, ...] = ()
    pieces: tuple[str, ...] = ()
    """Switch: the returning pieces, ``f1`` .. ``s3`` (type letter + back-number), ``b``, ``a``."""
    places: tuple[str, ...] = ()
    """Switch: the start place of each returning piece, in the same order."""
    numbers: tuple[str, str, str] | None = None

    @model_validator(mode="after")
    def _shape(self) -> MastersVictoryMove:
        squares = [self.frm, self.attack, self.to, *self.via, *self.places]
        for square in squares:
            if square is not None and not B.is_square(square):
                raise ValueError(f"not a square of the board: {square!r}")
        ok = {
            "move": self.frm is not None and self.to is not None and not self.pieces and not self.places,
            "fire": self.frm is not None and self.to is None and self.attack is None and not self.pieces,
            "switch": self.frm is not None and self.to is None and 1 <= len(self.pieces) == len(self.places),
            "end": self.frm is None and self.to is None and not self.pieces,
            "setup": self.frm is None and self.to is None and not self.pieces,
        }[self.kind]
        if not ok:
            raise ValueError(f"malformed {self.kind} action")
        if self.via and self.via[-1] != self.to:
            raise ValueError("an artillery path must end on its destination")
        if self.kind == "setup" and self.numbers is not None:
            for group in self.numbers:
                if sorted(group) != sorted(NUMBERS_PER_TYPE):
                    raise ValueError(f"a setup group must be a permutation of {NUMBERS_PER_TYPE}")
        return self


END = MastersVictoryMove(kind="end")
SETUP_RANDOM = MastersVictoryMove(kind="setup", numbers=None)
SETUP_PLAIN = MastersVictoryMove(kind="setup", numbers=(NUMBERS_PER_TYPE,) * 3)

# Shared move objects: legal_moves hands out these immutable instances instead of building
# hundreds of models per position.
_ATTACK: dict[tuple[int, int], MastersVictoryMove] = {}
_ARTILLERY: dict[tuple[int, ...], MastersVictoryMove] = {}
_FIRE: dict[int, MastersVictoryMove] = {}


def plain_move(frm: int, to: int) -> MastersVictoryMove:
    row = plain_row(frm)
    move = row[to]
    if move is None:
        move = row[to] = MastersVictoryMove(kind="move", frm=B.NAMES[frm], to=B.NAMES[to])
    return move


def attack_move(frm: int, target: int, to: int | None = None) -> MastersVictoryMove:
    if to is not None and to != target:
        return MastersVictoryMove(kind="move", frm=B.NAMES[frm], attack=B.NAMES[target], to=B.NAMES[to])
    move = _ATTACK.get((frm, target))
    if move is None:
        name = B.NAMES[target]
        move = _ATTACK[(frm, target)] = MastersVictoryMove(kind="move", frm=B.NAMES[frm], attack=name, to=name)
    return move


def artillery_move(path: tuple[int, ...]) -> MastersVictoryMove:
    move = _ARTILLERY.get(path)
    if move is None:
        via = tuple(B.NAMES[s] for s in path[1:])
        move = _ARTILLERY[path] = MastersVictoryMove(kind="move", frm=B.NAMES[path[0]], to=via[-1], via=via)
    return move


def fire_move(square: int) -> MastersVictoryMove:
    move = _FIRE.get(square)
    if move is None:
        move = _FIRE[square] = MastersVictoryMove(kind="fire", frm=B.NAMES[square])
    return move


_PLAIN_ROWS: list[list[MastersVictoryMove | None] | None] = [None] * B.CELLS


def plain_row(frm: int) -> list[MastersVictoryMove | None]:
    row = _PLAIN_ROWS[frm]
    if row is None:
        row = _PLAIN_ROWS[frm] = [None] * B.CELLS
    return row


def direction(a: int, b: int) -> int | None:
    """The direction index (N, E, S, W) from ``a`` to ``b`` when they share a row or column."""
    if a == b:
        return None
    ra, ca = divmod(a, B.COLS)
    rb, cb = divmod(b, B.COLS)
    if ca == cb:
        return 0 if rb > ra else 2
    if ra == rb:
        return 1 if cb > ca else 3
    return None


def _corners(path: tuple[int, ...]) -> list[int]:
    """The squares where a path starts, turns and ends."""
    out = [path[0]]
    for i in range(1, len(path) - 1):
        if direction(path[i - 1], path[i]) != direction(path[i], path[i + 1]):
            out.append(path[i])
    out.append(path[-1])
    return out


def format_move(move: MastersVictoryMove) -> str:
    """The canonical text of an action (see the module docstring)."""
    if move.kind == "end":
        return "end"
    if move.kind == "setup":
        if move.numbers is None:
            return "setup random"
        f, t, s = move.numbers
        return f"setup f{f} t{t} s{s}"
    if move.kind == "fire":
        return f"fire {move.frm}"
    if move.kind == "switch":
        return "switch " + " ".join([move.frm, *(f"{p}@{q}" for p, q in zip(move.pieces, move.places))])  # type: ignore[list-item]
    if move.via:
        path = (B.index(move.frm), *(B.index(s) for s in move.via))  # type: ignore[arg-type]
        return "-".join(B.NAMES[s] for s in _corners(path))
    if move.attack is None:
        return f"{move.frm}-{move.to}"
    if move.to == move.attack:
        return f"{move.frm}x{move.attack}"
    return f"{move.frm}x{move.attack}-{move.to}"
