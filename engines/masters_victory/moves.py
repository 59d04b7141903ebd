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

from typing import Annotated, Literal

from pydantic import AfterValidator, model_validator

from engines.core.tagged import TaggedMove, TaggedMoves
from engines.masters_victory import board as B
from engines.masters_victory.state import NUMBERS_PER_TYPE

MoveKind = Literal["move", "fire", "switch", "end", "setup"]


def _square(name: str) -> str:
    if not B.is_square(name):
        raise ValueError(f"not a square of the board: {name!r}")
    return name


Square = Annotated[str, AfterValidator(_square)]


class MoveAction(TaggedMove):
    """One piece's whole move: ``frm`` to ``to``, at most one attack on ``attack`` on the way;
    ``via`` every square an artillery passes (ending on ``to``)."""

    kind: Literal["move"] = "move"
    frm: Square
    to: Square
    attack: Square | None = None
    via: tuple[Square, ...] = ()

    @model_validator(mode="after")
    def _path_ends_on_to(self) -> MoveAction:
        if self.via and self.via[-1] != self.to:
            raise ValueError("an artillery path must end on its destination")
        return self


class FireAction(TaggedMove):
    """The artillery on ``frm`` fires without moving."""

    kind: Literal["fire"] = "fire"
    frm: Square


class SwitchAction(TaggedMove):
    """The soldier on ``frm`` switches for ``pieces`` (``f1`` .. ``s3``, ``b``, ``a``), each on
    the start place of the same position in ``places``."""

    kind: Literal["switch"] = "switch"
    frm: Square
    pieces: tuple[str, ...]
    places: tuple[Square, ...]

    @model_validator(mode="after")
    def _a_place_per_piece(self) -> SwitchAction:
        if not 1 <= len(self.pieces) == len(self.places):
            raise ValueError("malformed switch action")
        return self


class EndAction(TaggedMove):
    """The turn ends."""

    kind: Literal["end"] = "end"


class SetupAction(TaggedMove):
    """A seat's secret setup: ``numbers`` (fighters, tanks, soldiers in start-place order), or
    ``None`` for a random one."""

    kind: Literal["setup"] = "setup"
    numbers: tuple[str, str, str] | None = None

    @model_validator(mode="after")
    def _permutations(self) -> SetupAction:
        for group in self.numbers or ():
            if sorted(group) != sorted(NUMBERS_PER_TYPE):
                raise ValueError(f"a setup group must be a permutation of {NUMBERS_PER_TYPE}")
        return self


MastersVictoryMove = MoveAction | FireAction | SwitchAction | EndAction | SetupAction
MOVES: TaggedMoves[MastersVictoryMove] = TaggedMoves(MastersVictoryMove)
"""The engine's move model: reads an action back from the record."""

END = EndAction()
SETUP_RANDOM = SetupAction(numbers=None)
SETUP_PLAIN = SetupAction(numbers=(NUMBERS_PER_TYPE,) * 3)

# Shared move objects: legal_moves hands out these immutable instances instead of building
# hundreds of models per position.
_ATTACK: dict[tuple[int, int], MoveAction] = {}
_ARTILLERY: dict[tuple[int, ...], MoveAction] = {}
_FIRE: dict[int, FireAction] = {}


def plain_move(frm: int, to: int) -> MoveAction:
    row = plain_row(frm)
    move = row[to]
    if move is None:
        move = row[to] = MoveAction(frm=B.NAMES[frm], to=B.NAMES[to])
    return move


def attack_move(frm: int, target: int, to: int | None = None) -> MoveAction:
    if to is not None and to != target:
        return MoveAction(frm=B.NAMES[frm], attack=B.NAMES[target], to=B.NAMES[to])
    move = _ATTACK.get((frm, target))
    if move is None:
        name = B.NAMES[target]
        move = _ATTACK[(frm, target)] = MoveAction(frm=B.NAMES[frm], attack=name, to=name)
    return move


def artillery_move(path: tuple[int, ...]) -> MoveAction:
    move = _ARTILLERY.get(path)
    if move is None:
        via = tuple(B.NAMES[s] for s in path[1:])
        move = _ARTILLERY[path] = MoveAction(frm=B.NAMES[path[0]], to=via[-1], via=via)
    return move


def fire_move(square: int) -> FireAction:
    move = _FIRE.get(square)
    if move is None:
        move = _FIRE[square] = FireAction(frm=B.NAMES[square])
    return move


_PLAIN_ROWS: list[list[MoveAction | None] | None] = [None] * B.CELLS


def plain_row(frm: int) -> list[MoveAction | None]:
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
        return "switch " + " ".join([move.frm, *(f"{p}@{q}" for p, q in zip(move.pieces, move.places))])
    if move.via:
        path = (B.index(move.frm), *(B.index(s) for s in move.via))
        return "-".join(B.NAMES[s] for s in _corners(path))
    if move.attack is None:
        return f"{move.frm}-{move.to}"
    if move.to == move.attack:
        return f"{move.frm}x{move.attack}"
    return f"{move.frm}x{move.attack}-{move.to}"
