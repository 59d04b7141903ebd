"""The actions of Axis & Allies: one model per kind of order (``kind`` says which).

Units are named by kind and count (``2 inf 1 arm``), places by territory id; the turn picks
the concrete pieces (``turn.pick_units``), so a record reads like the notation.
``format_move`` writes the canonical text; reading one is ``notation.py``.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import SerializationInfo, SerializerFunctionWrapHandler, model_serializer, model_validator

from engines.axis_allies.map import CLASSIC
from engines.core.tagged import TaggedMove, TaggedMoves, as_one_model

MoveKind = Literal[
    "tech", "buy", "move", "load", "unload", "bomb", "end", "attack", "lose", "press_on", "retreat",
    "submerge", "stay", "place", "rocket", "undo",
]
Counts = tuple[tuple[str, int], ...]
"""(unit kind, count) pairs in the data file's unit order."""


RECORDED: dict[str, Any] = {"count": 0, "units": (), "path": (), "to": None, "frm": None}
"""The fields every order's record holds (its own kind's or not, then at these values), as when
the orders were one model: a record, and the hash chain over it, reads as it always did."""
OPTIONAL_DEFAULTS: dict[str, Any] = {"until_done": False, "retreat_below": 0, "retreat_to": None, "anyway": False,
                                     "aboard": ()}
"""Fields a record leaves out while they hold these values (they came after the first records)."""


class _Order(TaggedMove):
    """A member of the union of orders. Records written when every order was one model hold the
    other kinds' fields at their empty defaults, numbers too (``count: 0``): dropped on reading;
    and a record is still written so (``RECORDED``)."""

    @model_validator(mode="before")
    @classmethod
    def _drop_other_kinds_zeros(cls, data: Any) -> Any:
        if isinstance(data, dict):
            return {key: value for key, value in data.items()
                    if key in cls.model_fields or not (type(value) is int and value == 0)}
        return data

    @model_serializer(mode="wrap")
    def _as_recorded(self, handler: SerializerFunctionWrapHandler, info: SerializationInfo) -> dict[str, Any]:
        data = as_one_model(handler(self), RECORDED, info.mode_is_json())
        for name, default in OPTIONAL_DEFAULTS.items():
            if name in data and (list(data[name]) if isinstance(data[name], (list, tuple)) else data[name]) == (
                    list(default) if isinstance(default, tuple) else default):
                del data[name]
        return data


class TechAction(_Order):
    """``count`` research dice."""

    kind: Literal["tech"] = "tech"
    count: int


class BuyAction(_Order):
    kind: Literal["buy"] = "buy"
    units: Counts


class UnitsAlongAction(_Order):
    """A move, load or bomb order: ``units`` along ``path`` (territory ids from start to
    destination, two or more)."""

    kind: Literal["move", "load", "bomb"]
    units: Counts
    path: tuple[str, ...]


class UnloadAction(_Order):
    """``units`` unloaded along ``path``; ``aboard``: the whole cargo of the transport to unload
    from (``from trn with 1 inf 1 arm``), naming it where the choice matters (decision M16);
    empty: the engine chooses."""

    kind: Literal["unload"] = "unload"
    units: Counts
    path: tuple[str, ...]
    aboard: Counts = ()


class EndAction(_Order):
    """``anyway``: end the non-combat move even though aircraft that could still land are lost."""

    kind: Literal["end"] = "end"
    anyway: bool = False


class AttackAction(_Order):
    """A battle begins in ``to``; ``until_done``: fought to its end without asking the attacker
    after each round, retreating (to ``retreat_to``, else the first place the attackers may go)
    once fewer attacking units than ``retreat_below`` are left."""

    kind: Literal["attack"] = "attack"
    to: str
    until_done: bool = False
    retreat_below: int = 0
    retreat_to: str | None = None


class LoseAction(_Order):
    """A battle's casualties."""

    kind: Literal["lose"] = "lose"
    units: Counts


class PressOnAction(_Order):
    """``continue``: another round (or the defending subs stay)."""

    kind: Literal["press_on"] = "press_on"


class RetreatAction(_Order):
    """The attackers retreat to ``to`` (``None``: aircraft only, to land later)."""

    kind: Literal["retreat"] = "retreat"
    to: str | None = None


class SubmergeAction(_Order):
    """Submarines withdraw to ``to``."""

    kind: Literal["submerge"] = "submerge"
    to: str


class StayAction(_Order):
    """The defending submarines stay."""

    kind: Literal["stay"] = "stay"


class PlaceAction(_Order):
    kind: Literal["place"] = "place"
    units: Counts
    to: str


class RocketAction(_Order):
    """The AA gun in ``frm`` fires a rocket at ``to``."""

    kind: Literal["rocket"] = "rocket"
    frm: str
    to: str


class UndoAction(_Order):
    kind: Literal["undo"] = "undo"


AxisAlliesMove = (
    TechAction | BuyAction | UnitsAlongAction | UnloadAction | EndAction | AttackAction | LoseAction | PressOnAction
    | RetreatAction | SubmergeAction | StayAction | PlaceAction | RocketAction | UndoAction
)
MOVES: TaggedMoves[AxisAlliesMove] = TaggedMoves(AxisAlliesMove)
AlongOrder = UnitsAlongAction | UnloadAction
"""An order that takes units along a path: ``move``, ``load``, ``unload``, ``bomb``."""
"""The engine's move model: reads an order back from the record."""


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
    if move.kind == "end":
        return "end anyway" if move.anyway else "end"
    if move.kind == "stay" or move.kind == "undo":
        return move.kind
    if move.kind == "press_on":
        return "continue"
    if move.kind == "tech":
        return f"tech {move.count}"
    if move.kind == "buy" or move.kind == "lose":
        return f"{move.kind} {units_text(move.units)}"
    if move.kind == "attack":
        if not move.until_done:
            return f"attack {name(move.to)}"
        plan = ""
        if move.retreat_below:
            where = f" to {name(move.retreat_to)}" if move.retreat_to else ""
            plan = f" retreat{where} when below {move.retreat_below}"
        return f"attack {name(move.to)} until done{plan}"
    if move.kind == "retreat" or move.kind == "submerge":
        return f"{move.kind} {name(move.to or '')}"
    if move.kind == "place":
        return f"place {units_text(move.units)} {name(move.to)}"
    if move.kind == "rocket":
        return f"rocket {name(move.frm)} -> {name(move.to)}"
    if move.kind == "unload" and move.aboard:
        return f"{order_text(move.kind, move.units, move.path)} from trn with {units_text(move.aboard)}"
    return order_text(move.kind, move.units, move.path)


def order_text(kind: str, units: Counts, path: tuple[str, ...]) -> str:
    """The text of a move, load, unload or bomb order (``format_move`` of one), without the move."""
    return f"{kind} {units_text(units)} " + " -> ".join(name(t) for t in path)


def along(kind: Literal["move", "load", "unload", "bomb"], units: Counts, path: tuple[str, ...],
          aboard: Counts = ()) -> UnitsAlongAction | UnloadAction:
    """The order of ``kind`` that takes ``units`` along ``path`` (``aboard``: an unload's named
    transport)."""
    if kind == "unload":
        return UnloadAction(units=units, path=path, aboard=aboard)
    return UnitsAlongAction(kind=kind, units=units, path=path)
