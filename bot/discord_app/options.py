"""Slash-command options from an engine's pydantic options model.

Each game gets its own ``/match create <game>`` subcommand whose parameters are the
model's fields, typed (``Literal`` becomes choices, bounded ints become ranges, bools
booleans), so Discord shows and validates them; the field description is the help text.
"""

from __future__ import annotations

import inspect
import typing
from collections.abc import Awaitable, Callable
from typing import Any, Literal, Optional

import discord
from annotated_types import Ge, Le
from discord import app_commands
from pydantic import BaseModel
from pydantic.fields import FieldInfo

from bot.services.time_control import DEADLINE_CHOICES

DESCRIPTION_LIMIT = 100

# The options every game's create command has, before its own.
COMMON = {
    "opponent": ("Invite one player (leave empty: anyone may join)", Optional[discord.User], None),
    "deadline": (
        "Time per move: none, 24h, 48h, 72h or custom (then deadline_hours)",
        Literal[tuple(DEADLINE_CHOICES)],  # type: ignore[valid-type]
        "none",
    ),
    "deadline_hours": ("Custom deadline in hours per move", Optional[app_commands.Range[float, 0.25, 1440.0]], None),
    "clock_minutes": ("Chess clock: total minutes per player", Optional[app_commands.Range[int, 1, 43200]], None),
    "thread": ("Open the match in a new thread of this channel", bool, False),
}


def field_annotation(field: FieldInfo) -> Any:
    """The slash-command type of one pydantic field."""
    annotation = field.annotation
    if typing.get_origin(annotation) is Literal:
        return annotation
    if annotation in (int, float):
        low = next((m.ge for m in field.metadata if isinstance(m, Ge)), None)
        high = next((m.le for m in field.metadata if isinstance(m, Le)), None)
        if low is not None or high is not None:
            return app_commands.Range[annotation, low, high]
        return annotation
    if annotation in (bool, str):
        return annotation
    raise TypeError(f"option type {annotation!r} has no slash-command form yet")


TIME_OPTIONS = ("deadline", "deadline_hours", "clock_minutes")


def option_parameters(model: type[BaseModel], timed_by_game: bool = False) -> list[tuple[str, str, Any, Any]]:
    """(name, description, annotation, default) for the common options and the model's fields.

    A game whose rulebook sets the time (``TimedGame``) gets no common time options: its own
    option says it."""
    params = [
        (name, desc, annotation, default)
        for name, (desc, annotation, default) in COMMON.items()
        if not (timed_by_game and name in TIME_OPTIONS)
    ]
    for name, field in model.model_fields.items():
        if name in COMMON:
            raise ValueError(f"game option {name!r} clashes with a common option")
        description = (field.description or name)[:DESCRIPTION_LIMIT]
        params.append((name, description, Optional[field_annotation(field)], None))
    return params


def create_command(
    game: str,
    description: str,
    model: type[BaseModel],
    run: Callable[..., Awaitable[None]],
    timed_by_game: bool = False,
) -> app_commands.Command:
    """``/match create <game>`` whose callback passes every option to ``run(interaction, game, **options)``.

    Game options left empty arrive as ``None`` and are dropped, so the model's defaults apply.
    """
    params = option_parameters(model, timed_by_game)

    async def callback(interaction: discord.Interaction, **kwargs: Any) -> None:
        await run(interaction, game, **kwargs)

    signature = [inspect.Parameter("interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=discord.Interaction)]
    signature += [
        inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, annotation=annotation, default=default)
        for name, _, annotation, default in params
    ]
    callback.__signature__ = inspect.Signature(signature)  # type: ignore[attr-defined]
    callback.__discord_app_commands_param_description__ = {name: desc for name, desc, _, _ in params}  # type: ignore[attr-defined]
    callback.__name__ = f"create_{game}"
    callback.__qualname__ = callback.__name__
    return app_commands.Command(name=game, description=description[:DESCRIPTION_LIMIT], callback=callback)
