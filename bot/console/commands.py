"""Parsing console lines: ``as alice: /match create game:heroes_cities opponent:bob``.

>>> line = parse_line('as alice in t1: /move text:"c2-c4"')
>>> line.user, line.channel, line.command, line.options
('alice', 't1', ('move',), {'text': 'c2-c4'})
>>> parse_line("/match status").command
('match', 'status')
>>> parse_line("as bob: /move c2-d3").options
{'text': 'c2-d3'}
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass, field

GROUPS = {"match", "button"}
PREFIX = re.compile(r"^\s*as\s+(?P<user>[\w.-]+)(?:\s+in\s+#?(?P<channel>[\w.-]+))?\s*:\s*(?P<rest>.*)$")
BARE_TEXT = {("move",): "text", ("button",): "kind"}


class ConsoleSyntaxError(ValueError):
    pass


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
        raise ConsoleSyntaxError(f"expected a /command, got {stripped!r}")
    try:
        words = shlex.split(stripped[1:])
    except ValueError as error:
        raise ConsoleSyntaxError(str(error)) from None
    if not words:
        raise ConsoleSyntaxError("empty command")
    command = [words.pop(0).lower()]
    if command[0] in GROUPS and words and ":" not in words[0] and command[0] != "button":
        command.append(words.pop(0).lower())
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
            raise ConsoleSyntaxError(f"unexpected words {' '.join(loose)!r}; options are written name:value")
        options[bare] = " ".join(loose)
    return ConsoleLine(user, channel, tuple(command), options)
