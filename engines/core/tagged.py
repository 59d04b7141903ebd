"""Moves as tagged unions: one small model per kind of move, told apart by ``kind`` (as
``record.py`` tells its events apart by ``type``), so a move of one kind carries exactly its own
fields and the type checker knows which after ``if move.kind == ...``.

An engine with such moves names its move model as ``TaggedMoves(union)``: it reads a move
back from the record as a model class would (``model_validate``); ``engines/militakiri/moves.py``
is an example. A record written when a game's moves were one model with every field holds the
other kinds' fields at their empty defaults; those are dropped on reading, anything else is still
refused (tests/core/test_tagged.py).
"""

from __future__ import annotations

from typing import Annotated, Any, Generic, TypeVar, get_args

from pydantic import Field, TypeAdapter, model_validator

from engines.core.contract import Frozen

M = TypeVar("M")

_EMPTY: tuple[Any, ...] = (None, [], (), False, "")


class TaggedMove(Frozen):
    """A member of a tagged union of moves (subclasses declare ``kind`` as a ``Literal``)."""

    @model_validator(mode="before")
    @classmethod
    def _drop_other_kinds_empty_fields(cls, data: Any) -> Any:
        if isinstance(data, dict):
            return {key: value for key, value in data.items() if key in cls.model_fields or not _is_empty(value)}
        return data


def _is_empty(value: Any) -> bool:
    return any(value is empty or (type(value) is type(empty) and value == empty) for empty in _EMPTY)


class TaggedMoves(Generic[M]):
    """The move model of an engine whose moves are a union of ``TaggedMove`` kinds."""

    def __init__(self, union: Any) -> None:
        self.members: tuple[type[TaggedMove], ...] = get_args(union)
        """The move kinds' models (the conformance suite checks each is frozen and tagged)."""
        self.kinds: tuple[str, ...] = tuple(kind for member in self.members for kind in get_args(member.model_fields["kind"].annotation))
        """Every value of ``kind``, in the members' order."""
        self._adapter: TypeAdapter[M] = TypeAdapter(Annotated[union, Field(discriminator="kind")])

    def model_validate(self, data: Any) -> M:
        """A move read back from its JSON data (``ValidationError`` when it is not one)."""
        return self._adapter.validate_python(data)

    def model_validate_json(self, text: str | bytes) -> M:
        """A move read back from its JSON text."""
        return self._adapter.validate_json(text)


def as_one_model(data: dict[str, Any], fields: dict[str, Any], json: bool) -> dict[str, Any]:
    """A move's dump ``data`` written as a record of a game whose moves were one model: ``kind``,
    then every field of ``fields`` (name -> its empty value, in the one model's order), this
    kind's value where it has one; other fields of ``data`` after them. A game that keeps its
    records (and the hash chain over them) reading as they did calls it from a
    ``model_serializer``; tuples are lists in JSON (``json``).

    >>> as_one_model({"kind": "walk", "to": "a2"}, {"to": None, "via": ()}, json=True)
    {'kind': 'walk', 'to': 'a2', 'via': []}
    """
    out = {"kind": data["kind"]}
    for name, empty in fields.items():
        out[name] = data[name] if name in data else (list(empty) if json and isinstance(empty, tuple) else empty)
    out.update((name, value) for name, value in data.items() if name not in out)
    return out
