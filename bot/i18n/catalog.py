"""The message catalog.

Messages live in ``bot/i18n/messages/<namespace>.toml``; each table is one message with
one string per language, and its key is ``<namespace>.<table>``::

    [not_your_turn]
    en = "It is not your turn: {player} is to move."
    nl = "Je bent niet aan de beurt: {player} is aan zet."

Placeholders use ``str.format`` names. A test checks that every message has every
language with the same placeholders. Services return ``Msg`` (key + params); only the
adapters turn them into text, in the reader's language.

>>> catalog().render(Msg("core.not_your_turn", {"player": "Bob"}), "nl")
'Je bent niet aan de beurt: Bob is aan zet.'
>>> Catalog({"demo.at": {"en": "A battle in {place}."}}).render(Msg("demo.at", {"place": "Karelia S.S.R."}), "en")
'A battle in Karelia S.S.R.'
>>> locale_of("nl"), locale_of("en-GB"), locale_of("fr"), locale_of(None)
('nl', 'en', 'en', 'en')
"""

from __future__ import annotations

import string
import tomllib
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

LANGUAGES = ("en", "nl")
Formatter = Callable[[Any], "str | None"]
DEFAULT_LANGUAGE = "en"
MESSAGES_DIR = Path(__file__).parent / "messages"


@dataclass(frozen=True)
class Msg:
    """A message to be worded later: catalog key and parameters.

    Parameter values that are themselves ``Msg`` are rendered first, in the same
    language; lists of ``Msg`` are joined with ", ".
    """

    key: str
    params: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Named:
    """A name the game gives in several languages (a territory's Dutch name from the map data),
    as a message parameter: worded in the reader's language, else as ``text``.

    >>> catalog().render(Msg("core.not_your_turn", {"player": Named("Eastern Europe", (("nl", "Oost-Europa"),))}), "nl")
    'Je bent niet aan de beurt: Oost-Europa is aan zet.'
    """

    text: str
    other: tuple[tuple[str, str], ...] = ()
    """``(language, name)`` pairs."""

    def in_language(self, language: str) -> str:
        return dict(self.other).get(language, self.text)


def locale_of(discord_locale: str | None) -> str:
    """Our language for a Discord locale string (``nl``, ``en-US``, ...): Dutch or English."""
    if discord_locale and discord_locale.lower().startswith("nl"):
        return "nl"
    return DEFAULT_LANGUAGE


class Catalog:
    def __init__(self, messages: dict[str, dict[str, str]]) -> None:
        self.messages = messages

    @classmethod
    def load(cls, directory: Path = MESSAGES_DIR) -> Catalog:
        messages: dict[str, dict[str, str]] = {}
        for path in sorted(directory.glob("*.toml")):
            namespace = path.stem
            with path.open("rb") as handle:
                for name, texts in tomllib.load(handle).items():
                    messages[f"{namespace}.{name}"] = texts
        return cls(messages)

    def has(self, key: str) -> bool:
        return key in self.messages

    def render(self, msg: Msg | str, language: str, fmt: Formatter | None = None) -> str:
        """Word ``msg`` in ``language``; an unknown key shows itself rather than failing.

        ``fmt`` lets an adapter word parameter values the catalog does not know (a
        ``datetime`` becomes ``<t:…:R>`` in Discord); it returns ``None`` to pass.
        """
        if isinstance(msg, str):
            return msg
        texts = self.messages.get(msg.key)
        if texts is None:
            return msg.key
        if msg.params.get("count") == 1:  # "1 more piece", where "{count} more pieces" says more
            texts = self.messages.get(f"{msg.key}_1", texts)
        template = texts.get(language) or texts[DEFAULT_LANGUAGE]
        params = {name: self._param(value, language, fmt) for name, value in msg.params.items()}
        for name, value in params.items():
            if isinstance(value, str) and value.endswith("."):
                # "Karelia S.S.R." ending a sentence: one full stop, not two
                template = template.replace("{" + name + "}.", "{" + name + "}")
        return template.format_map(_Missing(params))

    def _param(self, value: Any, language: str, fmt: Formatter | None) -> Any:
        if fmt is not None and (worded := fmt(value)) is not None:
            return worded
        if isinstance(value, Msg):
            return self.render(value, language, fmt)
        if isinstance(value, Named):
            return value.in_language(language)
        if isinstance(value, (list, tuple)):
            return ", ".join(str(self._param(item, language, fmt)) for item in value)
        return value

    @staticmethod
    def placeholders(template: str) -> set[str]:
        return {name for _, name, _, _ in string.Formatter().parse(template) if name}


class _Missing(dict):
    """Leaves an unknown placeholder visible instead of raising KeyError."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


@cache
def catalog() -> Catalog:
    """The catalog shipped with the bot, loaded once."""
    return Catalog.load()
