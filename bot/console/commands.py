"""Parsing console lines: ``as alice: /match create game:heroes_cities opponent:bob``.

>>> line = parse_line('as alice in t1: /move text:"c2-c4"')
>>> line.user, line.channel, line.command, line.options
('alice', 't1', ('move',), {'text': 'c2-c4'})
>>> parse_line("/match status").command
('match', 'status')
>>> parse_line("as bob: /move c2-d3").options
{'text': 'c2-d3'}

The game of ``/match create`` may be written bare, as Discord shows its first option:

>>> parse_line("/match create heroes_cities computer:easy").options
{'computer': 'easy', 'game': 'heroes_cities'}

A move or setup takes the rest of the line as its text, with or without ``text:``:

>>> parse_line("/move text:move 3 inf Caucasus -> Ukraine S.S.R.").options
{'text': 'move 3 inf Caucasus -> Ukraine S.S.R.'}
>>> parse_line("/setup text:setup random").options, parse_line("/setup setup random").options
({'text': 'setup random'}, {'text': 'setup random'})
"""

from __future__ import annotations

import math
import re
import shlex
from dataclasses import dataclass, field

from bot.i18n import Msg

GROUPS = {"match", "button", "league"}
PREFIX = re.compile(r"^\s*as\s+(?P<user>[\w.-]+)(?:\s+in\s+#?(?P<channel>[\w.-]+))?\s*:\s*(?P<rest>.*)$")
BARE_TEXT: dict[tuple[str, ...], str] = {
    ("button",): "kind", ("territory",): "name", ("away",): "action", ("match", "create"): "game",
}
"""Commands whose one option may be written bare, as in Discord's first box: ``/match create
heroes_cities`` is ``/match create game:heroes_cities``."""
WHOLE_LINE_TEXT = {("move",), ("setup",), ("orders",), ("standing",)}
"""Commands whose one option, ``text``, is the rest of the line (as Discord's text box would hold it)."""


class ConsoleSyntaxError(ValueError):
    """A line the console cannot read; ``msg`` says what is wrong and what is right.

    >>> ConsoleSyntaxError("console.empty_command").msg
    Msg(key='console.empty_command', params={})
    """

    def __init__(self, code: str, **params: object) -> None:
        super().__init__(code)
        self.msg = Msg(code, params)


@dataclass(frozen=True)
class ConsoleLine:
    user: str | None
    channel: str | None
    command: tuple[str, ...]
    options: dict[str, str] = field(default_factory=dict)


def parse_line(text: str) -> ConsoleLine | None:
    """A console line, or ``None`` for blank lines and ``#`` comments."""
    stripped = text.strip()
    if not stripped or stripped.startswith("#"):
        return None
    user = channel = None
    match = PREFIX.match(stripped)
    if match:
        user, channel, stripped = match["user"], match["channel"], match["rest"].strip()
    if not stripped.startswith("/"):
        raise ConsoleSyntaxError("console.expected_command", text=repr(stripped))
    try:
        words = shlex.split(stripped[1:])
    except ValueError:  # shlex's only complaint: an unclosed quotation mark
        raise ConsoleSyntaxError("console.unclosed_quote") from None
    if not words:
        raise ConsoleSyntaxError("console.empty_command")
    command = [words.pop(0).lower()]
    if command[0] in GROUPS and words and ":" not in words[0] and command[0] != "button":
        command.append(words.pop(0).lower())
    if tuple(command) in WHOLE_LINE_TEXT:
        if words and words[0].lower().startswith("text:"):
            words[0] = words[0][len("text:") :]
        return ConsoleLine(user, channel, tuple(command), {"text": " ".join(words).strip()})
    options: dict[str, str] = {}
    loose: list[str] = []
    for word in words:
        key, sep, value = word.partition(":")
        if sep and key.isidentifier():
            options[key.lower()] = value
        else:
            loose.append(word)
    if loose:
        bare = BARE_TEXT.get(tuple(command))
        if bare is None or bare in options:
            raise ConsoleSyntaxError("console.unexpected_words", words=repr(" ".join(loose)))
        options[bare] = " ".join(loose)
    return ConsoleLine(user, channel, tuple(command), options)


IN_SCHEDULE = ("grace", "absent")
"""``/match create`` settings that Discord takes only inside the ``schedule:`` text (``grace 2,
absent computer``; as options of their own they made ``/match`` longer than Discord allows)."""


def schedule_only(options: dict[str, str]) -> str | None:
    """Take ``schedule`` out of ``options``. ``grace:`` or ``absent:`` written as options of their
    own are refused, with the ``schedule:`` text that says the same: the console reads a create
    line as Discord does.

    >>> schedule_only({"schedule": "weekends off"})
    'weekends off'
    >>> schedule_only({"grace": "2", "schedule": "weekends off"})
    Traceback (most recent call last):
    bot.console.commands.ConsoleSyntaxError: console.in_schedule
    >>> try:
    ...     schedule_only({"absent": "computer", "grace": "2"})
    ... except ConsoleSyntaxError as error:
    ...     error.msg.params
    {'given': 'grace:2 absent:computer', 'schedule': 'grace 2, absent computer'}
    """
    moved = {name: options[name] for name in IN_SCHEDULE if name in options}
    schedule = options.pop("schedule", None)
    if moved:
        words = [schedule] if schedule else []
        words += [f"{name} {value}" for name, value in moved.items()]
        given = " ".join(f"{name}:{value}" for name, value in moved.items())
        raise ConsoleSyntaxError("console.in_schedule", given=given, schedule=", ".join(words))
    return schedule


def whole_number(options: dict[str, str], name: str, example: int) -> int | None:
    """The option ``name`` as a whole number, ``None`` when absent; text that is not one is
    refused (never guessed at), with an example of what is right.

    >>> whole_number({"page": "3"}, "page", 2), whole_number({}, "page", 2)
    (3, None)
    >>> whole_number({"page": "abc"}, "page", 2)
    Traceback (most recent call last):
    bot.console.commands.ConsoleSyntaxError: console.not_whole_number
    """
    value = options.get(name)
    if value is None:
        return None
    try:
        return int(value.strip(), 10)
    except ValueError:
        raise ConsoleSyntaxError("console.not_whole_number", option=name, example=example, value=value) from None


def number(options: dict[str, str], name: str, example: str) -> float | None:
    """The option ``name`` as a finite number (``1.5``), ``None`` when absent or empty.

    >>> number({"deadline_hours": "1.5"}, "deadline_hours", "6")
    1.5
    >>> number({"deadline_hours": "nan"}, "deadline_hours", "6")
    Traceback (most recent call last):
    bot.console.commands.ConsoleSyntaxError: console.not_number
    """
    value = options.get(name)
    if not value:
        return None
    try:
        parsed = float(value.strip())
    except ValueError:
        parsed = math.nan
    if not math.isfinite(parsed):
        raise ConsoleSyntaxError("console.not_number", option=name, example=example, value=value)
    return parsed
