"""``evolve(model, **changes)``: a copy of an immutable model with some fields changed, checked.

Pydantic's ``model.model_copy(update={...})`` keeps whatever it is given: a misspelt key becomes
an extra attribute that no field reads (and that equality then ignores), a value of the wrong type
is kept as it is. ``evolve`` refuses both. It checks each value against its field's annotation
shallowly (the outer type only: a ``tuple[Unit, ...]`` must be a tuple, its items are not looked
at), so it costs a few ``isinstance`` calls and never a validation of a whole game state.

>>> from engines.core.contract import Frozen
>>> class Point(Frozen):
...     x: int
...     label: str | None = None
>>> evolve(Point(x=1), x=2)
Point(x=2, label=None)
>>> evolve(Point(x=1), y=2)
Traceback (most recent call last):
...
TypeError: Point has no field 'y'
>>> evolve(Point(x=1), label=3)
Traceback (most recent call last):
...
TypeError: Point.label cannot be 3 (int)
"""

from __future__ import annotations

import types
from collections.abc import Callable
from functools import cache
from typing import Annotated, Any, Literal, TypeVar, Union, get_args, get_origin

from pydantic import BaseModel

ModelT = TypeVar("ModelT", bound=BaseModel)

Check = Callable[[Any], bool]


def evolve(model: ModelT, **changes: Any) -> ModelT:
    """``model`` with ``changes``; ``TypeError`` for a name that is no field of it or a value
    whose (outer) type the field does not take."""
    checks = _checks(type(model))
    for name, value in changes.items():
        check = checks.get(name)
        if check is None:
            raise TypeError(f"{type(model).__name__} has no field {name!r}")
        if not check(value):
            raise TypeError(f"{type(model).__name__}.{name} cannot be {value!r:.80} ({type(value).__name__})")
    return model.model_copy(update=changes)


@cache
def _checks(model: type[BaseModel]) -> dict[str, Check]:
    """Each field's check, built once per model class."""
    return {name: _check(field.annotation) for name, field in model.model_fields.items()}


def _check(annotation: Any) -> Check:
    """A shallow test that a value fits ``annotation``."""
    origin = get_origin(annotation)
    if annotation is Any or isinstance(annotation, TypeVar):
        return lambda value: True
    if annotation is None or annotation is type(None):
        return lambda value: value is None
    if origin is Annotated:
        return _check(get_args(annotation)[0])
    if origin is Literal:
        allowed = get_args(annotation)
        return lambda value: any(value == a and type(value) is type(a) for a in allowed)
    if origin is Union or origin is types.UnionType:
        parts = tuple(_check(a) for a in get_args(annotation))
        return lambda value: any(part(value) for part in parts)
    if origin is not None:
        return _check(origin)
    if annotation is int:
        return lambda value: isinstance(value, int) and not isinstance(value, bool)
    if annotation is float:
        return lambda value: isinstance(value, (int, float)) and not isinstance(value, bool)
    if isinstance(annotation, type):
        return lambda value: isinstance(value, annotation)
    return lambda value: True  # a form this shallow check does not read: left to the type checker
