"""Slash-command options from an engine's pydantic options model.

Each game gets its own ``/match create <game>`` subcommand whose parameters are the
model's fields, typed (``Literal`` becomes choices, bounded ints become ranges, bools
booleans), so Discord shows and validates them. Every description and choice name is a
``locale_str`` with a catalog key, so ``CatalogTranslator`` sends its Dutch to Discord:
the common options' texts are ``commands.option_<name>``, a game's are
``game_options.<slug>_<option>`` (English: the field's description) and
``game_options.<slug>_<option>_<value>`` for choices.
"""

from __future__ import annotations

import inspect
import typing
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any, Literal, Optional

import discord
from annotated_types import Ge, Le
from discord import app_commands
from pydantic import BaseModel
from pydantic.fields import FieldInfo

from bot.i18n import Msg, catalog, locale_of
from bot.services.match import seat_choice
from bot.services.people import COMPUTER_LEVELS
from bot.services.time_control import DEADLINE_CHOICES

DESCRIPTION_LIMIT = 100


def text(key: str, english: str | None = None) -> app_commands.locale_str:
    """A name or description Discord shows, translated by ``CatalogTranslator`` through ``key``.

    The English is the catalog's (or ``english`` when given, e.g. an engine's field description)."""
    words = english if english is not None else catalog().render(Msg(key), "en")
    return app_commands.locale_str(words, key=key)


COMPUTER_CHOICES = [app_commands.Choice(name=text(f"commands.choice_computer_{level}"), value=level) for level in COMPUTER_LEVELS]
"""The computer's levels as slash-command choices (``/match create … computer:``, ``/match start``)."""

# The options every game's create command has, before its own: (annotation, default, choices).
COMMON: dict[str, tuple[Any, Any, list[app_commands.Choice] | None]] = {
    "opponent": (Optional[discord.User], None, None),
    "computer": (Optional[str], None, COMPUTER_CHOICES),
    "deadline": (
        Optional[str],
        None,
        [app_commands.Choice(name=text(f"commands.choice_deadline_{name}"), value=name) for name in DEADLINE_CHOICES],
    ),
    "deadline_hours": (Optional[app_commands.Range[float, 0.25, 1440.0]], None, None),
    "clock_minutes": (Optional[app_commands.Range[int, 1, 43200]], None, None),
    "schedule": (Optional[str], None, None),
    "thread": (bool, False, None),
    "rated": (Optional[bool], None, None),
    "seat": (Optional[str], None, None),
}

TIME_OPTIONS = ("deadline", "deadline_hours", "clock_minutes")


def seat_names(engine: Any) -> Callable[[discord.Interaction, str], Coroutine[Any, Any, list[app_commands.Choice[str]]]]:
    """Autocomplete of ``seat:`` for ``engine``: its seats' names against the computer (for the
    ``players:`` given, else two, as ``/match create`` seats them), in the reader's language."""

    async def complete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        given = getattr(interaction.namespace, "players", None)
        players = seat_choice.computer_players(engine, given if isinstance(given, int) else None)
        language = locale_of(str(interaction.locale))
        return [app_commands.Choice(name=name[:100], value=value)
                for name, value in seat_choice.choices(engine, players, current, language)]

    return complete


def option_key(game: str, name: str) -> str:
    return f"game_options.{game}_{name}"


def field_annotation(field: FieldInfo) -> Any:
    """The slash-command type of one pydantic field (a ``Literal`` becomes the type of its values;
    its values are offered as choices by ``field_choices``)."""
    annotation = field.annotation
    if typing.get_origin(annotation) is Literal:
        kinds = {type(value) for value in typing.get_args(annotation)}
        if len(kinds) != 1 or not kinds <= {str, int}:
            raise TypeError(f"option type {annotation!r} has no slash-command form yet")
        return kinds.pop()
    if annotation in (int, float):
        low = next((m.ge for m in field.metadata if isinstance(m, Ge)), None)
        high = next((m.le for m in field.metadata if isinstance(m, Le)), None)
        if low is not None or high is not None:
            return app_commands.Range[annotation, low, high]
        return annotation
    if annotation in (bool, str):
        return annotation
    raise TypeError(f"option type {annotation!r} has no slash-command form yet")


def field_choices(game: str, name: str, field: FieldInfo) -> list[app_commands.Choice] | None:
    if typing.get_origin(field.annotation) is not Literal:
        return None
    return [
        app_commands.Choice(name=text(f"{option_key(game, name)}_{value}"), value=value)
        for value in typing.get_args(field.annotation)
    ]


def option_parameters(
    game: str, model: type[BaseModel], timed_by_game: bool = False, players: tuple[int, int] = (2, 2),
) -> list[tuple[str, app_commands.locale_str, Any, Any, list[app_commands.Choice] | None]]:
    """(name, description, annotation, default, choices) for the common options and the model's fields.

    A game whose rulebook sets the time (``TimedGame``) gets no common time options: its own
    option says it. A game played by more than two (``players``: its fewest and most) gets
    ``players:``, how many seats the computer fills (the others have no choice to make: the
    option would only spend Discord's 8,000 characters)."""
    params = [
        (name, text(f"commands.option_{name}"), annotation, default, choices)
        for name, (annotation, default, choices) in COMMON.items()
        if not (timed_by_game and name in TIME_OPTIONS)
    ]
    if players[0] < players[1]:
        params.append(("players", text("weekly2.option_create_players"), Optional[app_commands.Range[int, players[0], players[1]]],
                       None, None))
    for name, field in model.model_fields.items():
        if name in COMMON:
            raise ValueError(f"game option {name!r} clashes with a common option")
        description = field.description or name
        if len(description) > DESCRIPTION_LIMIT:
            raise ValueError(f"{game}.{name}: a description of {len(description)} characters (Discord allows {DESCRIPTION_LIMIT})")
        params.append(
            (name, text(option_key(game, name), description), Optional[field_annotation(field)], None, field_choices(game, name, field))
        )
    return params


def create_command(
    game: str,
    description: app_commands.locale_str,
    model: type[BaseModel],
    run: Callable[..., Awaitable[None]],
    timed_by_game: bool = False,
    seat_names: Callable[[discord.Interaction, str], Coroutine[Any, Any, list[app_commands.Choice[str]]]] | None = None,
    players: tuple[int, int] = (2, 2),
) -> app_commands.Command:
    """``/match create <game>`` whose callback passes every option to ``run(interaction, game, **options)``.

    Game options left empty arrive as ``None`` and are dropped, so the model's defaults apply.
    ``seat_names`` completes ``seat:`` (autocomplete: no choices counted against Discord's size).
    """
    params = option_parameters(game, model, timed_by_game, players)

    async def callback(interaction: discord.Interaction, **kwargs: Any) -> None:
        await run(interaction, game, **kwargs)

    signature = [inspect.Parameter("interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=discord.Interaction)]
    signature += [
        inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, annotation=annotation, default=default)
        for name, _, annotation, default, _ in params
    ]
    callback.__signature__ = inspect.Signature(signature)  # type: ignore[attr-defined]
    callback.__name__ = f"create_{game}"
    callback.__qualname__ = callback.__name__
    decorated: Any = app_commands.describe(**{name: desc for name, desc, _, _, _ in params})(callback)
    choices = {name: options for name, _, _, _, options in params if options}
    if choices:
        decorated = app_commands.choices(**choices)(decorated)
    if seat_names is not None:
        decorated = app_commands.autocomplete(seat=seat_names)(decorated)
    return app_commands.Command(name=game, description=description, callback=decorated)
