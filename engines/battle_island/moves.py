"""The actions of Slag om het Eiland: one model per kind of action (``kind`` says which).

Squares are names (``c4``) so records read like the notation. Setup: ``block``, ``arm``,
``place``, ``pad``. A turn: ``roll``, ``shoot``, ``move`` (or a zero option: ``reinforce``,
``pad_option``, ``turn``; then ``shift`` for the pad), ``end``; the opponent's ``remove``
for rules 1a/1b. ``format_move`` writes the canonical text; reading one is ``notation.py``.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import SerializationInfo, SerializerFunctionWrapHandler, model_serializer

from engines.battle_island.board import Direction, Side
from engines.battle_island.state import Kind
from engines.core.tagged import TaggedMove, TaggedMoves, as_one_model

MoveKind = Literal[
    "block", "arm", "place", "pad", "roll", "shoot", "move", "reinforce", "pad_option", "turn", "shift", "end", "remove"
]


RECORDED: dict[str, Any] = {"square": None, "to": None, "unit": None, "facing": None, "side": None, "slot": None,
                            "squares": (), "order": ()}
"""The fields every action's record holds (its own kind's or not, then at these values), as when
the actions were one model: a record, and the hash chain over it, reads as it always did."""


class _Action(TaggedMove):
    @model_serializer(mode="wrap")
    def _as_recorded(self, handler: SerializerFunctionWrapHandler, info: SerializationInfo) -> dict[str, Any]:
        return as_one_model(handler(self), RECORDED, info.mode_is_json())


class BlockAction(_Action):
    """Setup: a block on ``square``."""

    kind: Literal["block"] = "block"
    square: str


class ArmAction(_Action):
    """Setup: the blocks on ``squares`` marked live."""

    kind: Literal["arm"] = "arm"
    squares: tuple[str, ...]


class PlaceAction(_Action):
    """Setup: a ``unit`` on ``square`` facing ``facing``."""

    kind: Literal["place"] = "place"
    unit: Kind
    square: str
    facing: Direction


class PadAction(_Action):
    """Setup: the kinds on the pad's slots 1-5."""

    kind: Literal["pad"] = "pad"
    order: tuple[Kind, ...]


class RollAction(_Action):
    kind: Literal["roll"] = "roll"


class ShootAction(_Action):
    """The character on ``square`` shoots at ``to`` (``None``: the short form, the one target
    it can have)."""

    kind: Literal["shoot"] = "shoot"
    square: str
    to: str | None = None


class MoveAction(_Action):
    """The character on ``square`` moves to ``to`` (``None``: the short form), with the closing
    quarter turn ``side``."""

    kind: Literal["move"] = "move"
    square: str
    to: str | None = None
    side: Side | None = None


class ReinforceAction(_Action):
    """Zero option 1: a character from pad ``slot`` (1-5 from the player's left)."""

    kind: Literal["reinforce"] = "reinforce"
    slot: int


class PadOptionAction(_Action):
    """Zero option 2: the pad moves (then ``shift``)."""

    kind: Literal["pad_option"] = "pad_option"


class TurnAction(_Action):
    """Zero option 3: the character on ``square`` turns a quarter to ``side``."""

    kind: Literal["turn"] = "turn"
    square: str
    side: Side


class ShiftAction(_Action):
    """The pad's shift to ``side``."""

    kind: Literal["shift"] = "shift"
    side: Side


class EndAction(_Action):
    kind: Literal["end"] = "end"


class RemoveAction(_Action):
    """Rules 1a/1b: the opponent removes the character on ``square`` or the one on pad ``slot``."""

    kind: Literal["remove"] = "remove"
    square: str | None = None
    slot: int | None = None


BattleIslandMove = (
    BlockAction | ArmAction | PlaceAction | PadAction | RollAction | ShootAction | MoveAction | ReinforceAction
    | PadOptionAction | TurnAction | ShiftAction | EndAction | RemoveAction
)
MOVES: TaggedMoves[BattleIslandMove] = TaggedMoves(BattleIslandMove)
"""The engine's move model: reads an action back from the record."""


def format_move(move: BattleIslandMove) -> str:
    """The canonical text; ``parse(format_move(m))`` gives ``m`` back."""
    if move.kind in ("roll", "end"):
        return move.kind
    if move.kind == "block":
        return f"block {move.square}"
    if move.kind == "arm":
        return "arm " + " ".join(move.squares)
    if move.kind == "place":
        return f"place {move.unit} {move.square} {move.facing}"
    if move.kind == "pad":
        return "pad " + " ".join(move.order)
    if move.kind == "move":
        text = f"{move.square}-{move.to}" if move.to else f"{move.square}"
        return f"{text} {move.side}" if move.side else text
    if move.kind == "shoot":
        return f"shoot {move.square} {move.to}" if move.to else f"shoot {move.square}"
    if move.kind == "reinforce":
        return f"reinforce {move.slot}"
    if move.kind == "pad_option":
        return "move pad"
    if move.kind == "turn":
        return f"turn {move.square} {move.side}"
    if move.kind == "shift":
        return f"pad {move.side}"
    if move.kind == "remove":
        return f"remove pad {move.slot}" if move.slot is not None else f"remove {move.square}"
    raise ValueError(f"unknown move kind {move.kind!r}")
