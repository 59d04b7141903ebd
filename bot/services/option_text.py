"""A game's options typed as one text (``/league create options:``): ``name:value`` pairs, the
names and values of ``/match create <game>``'s own options, separated by spaces or commas. The
values stay text; the game's options model reads them (and ``option_errors`` words what it refuses)."""

from __future__ import annotations

import re
from typing import Any


class OptionTextError(ValueError):
    """Text that is not ``name:value`` pairs; ``code`` and ``params`` word it."""

    def __init__(self, code: str, **params: Any) -> None:
        super().__init__(code)
        self.code = code
        self.params = params


def parse_option_text(text: str) -> dict[str, str]:
    """The options in ``text``, each as given (nothing guessed, nothing dropped).

    >>> parse_option_text("round_limit:12, total_victory:true")
    {'round_limit': '12', 'total_victory': 'true'}
    >>> parse_option_text("  ")
    {}
    >>> parse_option_text("round_limit 12")
    Traceback (most recent call last):
    ...
    bot.services.option_text.OptionTextError: league.options_not_pairs
    """
    options: dict[str, str] = {}
    for word in (w for w in re.split(r"[,\s]+", text.strip()) if w):
        name, colon, value = word.partition(":")
        if not colon or not name or not value:
            raise OptionTextError("league.options_not_pairs", word=word, text=text)
        if name in options:
            raise OptionTextError("league.option_twice", option=name)
        options[name] = value
    return options
