"""Match options refused in our own words: which option, the value given, and what is allowed
(translated), instead of pydantic's English (``Input should be 'enclosed' or 'whole_run'``).
A check of several options together is worded by the engine's catalog code when it raises one
(``PydanticCustomError``), otherwise its English reason is quoted after our translated words.

>>> from pydantic import BaseModel, ConfigDict, Field, ValidationError
>>> from typing import Literal
>>> class Options(BaseModel):
...     model_config = ConfigDict(extra="forbid")
...     board: Literal["single", "double"] = "single"
...     limit: int = Field(0, ge=0, le=10)
>>> try:
...     Options.model_validate({"board": "triple", "limit": "x", "colour": "red"})
... except ValidationError as error:
...     lines = option_problems("militakiri", Options, error)
>>> from bot.i18n import catalog
>>> for line in lines: print(catalog().render(line, "en"))
Option `board` cannot be `triple`: choose one of `single`, `double`.
Option `limit` cannot be `x`: give a whole number from 0 to 10.
Militakiri has no option `colour`; its options are `board`, `limit`.
"""

from __future__ import annotations

import typing
from typing import Any, Literal

from annotated_types import Ge, Le
from pydantic import BaseModel, ValidationError
from pydantic.fields import FieldInfo

from bot.i18n import Msg, catalog
from bot.services.presenter import game_name


def allowed(field: FieldInfo) -> Msg:
    """What ``field`` accepts, said for a player."""
    annotation = field.annotation
    if typing.get_origin(annotation) is Literal:
        return Msg("core.option_allowed_choices", {"choices": [Msg("core.option_name", {"name": v}) for v in typing.get_args(annotation)]})
    if annotation is bool:
        return Msg("core.option_allowed_bool")
    low = next((m.ge for m in field.metadata if isinstance(m, Ge)), None)
    high = next((m.le for m in field.metadata if isinstance(m, Le)), None)
    if annotation is int and low is not None and high is not None:
        return Msg("core.option_allowed_range", {"low": low, "high": high})
    return Msg("core.option_allowed_other")


def option_problems(game: str, model: type[BaseModel], error: ValidationError) -> list[Msg]:
    """One line per refused option, in the order pydantic found them."""
    lines: list[Msg] = []
    for problem in error.errors():
        if catalog().has(problem["type"]):
            # An engine's own check of several options together, raised as a catalog code
            # (``PydanticCustomError("<slug>.<name>", ..., params)``): worded like its move errors.
            lines.append(Msg(problem["type"], dict(problem.get("ctx") or {})))
            continue
        if not problem["loc"]:
            reason = str(problem["msg"]).removeprefix("Value error, ")
            lines.append(Msg("core.options_conflict", {"game": game_name(game), "reason": reason}))
            continue
        name = str(problem["loc"][0])
        field = model.model_fields.get(name)
        if field is None:
            names = [Msg("core.option_name", {"name": known}) for known in model.model_fields]
            lines.append(Msg("core.option_unknown", {"game": game_name(game), "option": name, "options": names}))
        else:
            lines.append(Msg("core.option_not_valid", {"option": name, "value": _shown(problem.get("input")), "allowed": allowed(field)}))
    return lines


def _shown(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)
