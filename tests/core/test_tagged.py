"""Moves as tagged unions (engines/core/tagged.py): one model per kind, read back by ``kind``."""

from typing import Literal

import pytest
from pydantic import ValidationError

from engines.core.tagged import TaggedMove, TaggedMoves


class Walk(TaggedMove):
    kind: Literal["walk"] = "walk"
    to: str


class Rest(TaggedMove):
    kind: Literal["rest"] = "rest"


MOVES: TaggedMoves[Walk | Rest] = TaggedMoves(Walk | Rest)


def test_a_move_reads_back_as_its_kind():
    assert MOVES.model_validate({"kind": "walk", "to": "a2"}) == Walk(to="a2")
    assert MOVES.model_validate_json(Rest().model_dump_json()) == Rest()
    assert [member.__name__ for member in MOVES.members] == ["Walk", "Rest"]
    assert MOVES.kinds == ("walk", "rest")


def test_a_record_of_the_one_model_days_still_reads():
    # Written when every move carried every field: the other kinds' fields at their defaults.
    assert MOVES.model_validate({"kind": "rest", "to": None}) == Rest()
    assert MOVES.model_validate({"kind": "walk", "to": "a2", "via": [], "far": False}) == Walk(to="a2")


def test_a_field_of_another_kind_with_a_value_is_refused():
    with pytest.raises(ValidationError):
        MOVES.model_validate({"kind": "rest", "to": "a2"})
    with pytest.raises(ValidationError):
        MOVES.model_validate({"kind": "fly", "to": "a2"})
    with pytest.raises(ValidationError):
        MOVES.model_validate({"kind": "walk"})
