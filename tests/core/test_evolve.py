"""``evolve``: a changed copy of an immutable model that refuses unknown fields and wrong types."""

from __future__ import annotations

from typing import Literal

import pytest

from engines.core.contract import Frozen
from engines.core.evolve import evolve


class Piece(Frozen):
    id: int
    at: str
    carried_by: int | None = None
    moved: int = 0
    combat: bool = False
    side: Literal["attacker", "defender"] = "attacker"
    path: tuple[str, ...] = ()


def test_a_misspelt_field_is_refused_where_model_copy_kept_it_silently():
    piece = Piece(id=1, at="karelia")
    kept = piece.model_copy(update={"carried_bye": 7})
    assert kept == piece  # the misspelling is lost without a word: why evolve exists
    with pytest.raises(TypeError, match="no field 'carried_bye'"):
        evolve(piece, carried_bye=7)


@pytest.mark.parametrize(("field", "value"), [
    ("moved", "1"), ("moved", True), ("moved", None), ("at", None), ("carried_by", "7"), ("combat", 1),
    ("side", "neither"), ("path", ["a", "b"]),
])
def test_a_value_of_the_wrong_type_is_refused(field, value):
    with pytest.raises(TypeError, match=f"Piece.{field} cannot be"):
        evolve(Piece(id=1, at="karelia"), **{field: value})


def test_the_changed_copy_is_what_model_copy_gives():
    piece = Piece(id=1, at="karelia")
    changes = {"at": "sz_baltic_sea", "carried_by": 9, "moved": 2, "combat": True, "side": "defender",
               "path": ("karelia", "sz_baltic_sea")}
    assert evolve(piece, **changes) == piece.model_copy(update=changes)
    assert evolve(piece, carried_by=None) == piece
