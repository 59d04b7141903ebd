"""The actions of Slag om het Eiland as one move model (``kind`` says which).

Squares are names (``c4``) so records read like the notation. Setup: ``block``, ``arm``,
``place``, ``pad``. A turn: ``roll``, ``shoot``, ``move`` (or a zero option: ``reinforce``,
``pad_option``, ``turn``; then ``shift`` for the pad), ``end``; the opponent's ``remove``
for rules 1a/1b. ``format_move`` writes the canonical text; reading one is ``notation.py``.
"""

from __future__ import annotations

from typing import Literal

from engines.battle_island.board import Direction, Side
from engines.battle_island.state import Kind
from engines.core.contract import Frozen

MoveKind = Literal[
    "block", "arm", "place", "pad", "roll", "shoot", "move", "reinforce", "pad_option", "turn", "shift", "end", "remove"
]


class BattleIslandMove(Frozen):
    kind: MoveKind
    square: str | None = None
    """block/place/turn/remove: the square; move/shoot: the character's square."""
    to: str | None = None
    """move: the square it ends on; shoot: the target."""
    unit: Kind | None = None
    facing: Direction | None = None
    side: Side | None = None
    """move: the closing quarter turn; turn: the turn; shift: the pad's direction."""
    slot: int | None = None
    """reinforce: the pad slot (1-5 from the player's left); remove: a pad slot (rule 1b)."""
    squares: tuple[str, ...] = ()
    """arm: the blocks marked live."""
    order: tuple[Kind, ...] = ()
    """pad: the kinds on slots 1-5."""


def format_move(move: BattleIslandMove) -> str:
    """The canonical text; ``parse(format_move(m))`` gives ``m`` back."""
    k = move.kind
    if k in ("roll", "end"):
        return k
    if k == "block":
        return f"block {move.square}"
    if k == "arm":
        return "arm " + " ".join(move.squares)
    if k == "place":
        return f"place {move.unit} {move.square} {move.facing}"
    if k == "pad":
        return "pad " + " ".join(move.order)
    if k == "move":
        text = f"{move.square}-{move.to}" if move.to else f"{move.square}"
        return f"{text} {move.side}" if move.side else text
    if k == "shoot":
        return f"shoot {move.square} {move.to}" if move.to else f"shoot {move.square}"
    if k == "reinforce":
        return f"reinforce {move.slot}"
    if k == "pad_option":
        return "move pad"
    if k == "turn":
        return f"turn {move.square} {move.side}"
    if k == "shift":
        return f"pad {move.side}"
    if k == "remove":
        return f"remove pad {move.slot}" if move.slot is not None else f"remove {move.square}"
    raise ValueError(f"unknown move kind {k!r}")
