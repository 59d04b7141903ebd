"""Autocomplete choices that can never commit a different move.

Discord caps a choice's name and value at 100 characters; some moves are longer (Axis & Allies
orders run to 165). Cutting them made a chosen suggestion parse as another legal move. So:

- a move that fits is its own value (choosing it is the same as typing it);
- a longer move gets a short token ``#<seq>:<digest>``: the match's event sequence and the first
  12 hex digits of the move text's SHA-256. ``/move`` maps it back to the full text among the legal
  moves at that same sequence, or refuses it as out of date;
- its name is readable within 100 characters: the beginning and the end with "…" between. Names
  that would look the same for different moves are left out (typing the move still works).

>>> long = "move 1 ftr Karelia S.S.R. -> Finland-Norway -> North Sea Zone -> East Canada Sea Zone -> " + "Eastern Canada"
>>> [(len(name), value) for name, value in choices(7, ["pass", long])]
[(4, 'pass'), (100, '#7:aeb1ae84c236')]
>>> resolve("#7:aeb1ae84c236", 7, ["pass", long]) == long
True
>>> resolve("#6:aeb1ae84c236", 7, ["pass", long]) is None
True
"""

from __future__ import annotations

import hashlib
import re
from collections import Counter

CHOICE_LIMIT = 100
ELLIPSIS = " … "
TOKEN = re.compile(r"#(?P<seq>\d{1,15}):(?P<digest>[0-9a-f]{12})")


def digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]


def token(seq: int, text: str) -> str:
    return f"#{seq}:{digest(text)}"


def is_token(text: str) -> bool:
    return TOKEN.fullmatch(text.strip()) is not None


def readable_name(text: str, limit: int = CHOICE_LIMIT) -> str:
    """``text`` itself when it fits, else its beginning and end around " … " (the end of an order,
    where it stops, matters as much as where it starts)."""
    if len(text) <= limit:
        return text
    room = limit - len(ELLIPSIS)
    head = room * 2 // 5
    return text[:head].rstrip() + ELLIPSIS + text[len(text) - (room - head) :].lstrip()


def choices(seq: int, texts: list[str]) -> list[tuple[str, str]]:
    """(name, value) for each suggested move text at event sequence ``seq``, in order."""
    named = [(readable_name(text), text if len(text) <= CHOICE_LIMIT else token(seq, text)) for text in texts]
    counts = Counter(name for name, _ in named)
    return [(name, value) for name, value in named if counts[name] == 1]


def resolve(value: str, seq: int, legal: list[str]) -> str | None:
    """The full move text a token stands for, if it was made at ``seq`` and names one of ``legal``."""
    found = TOKEN.fullmatch(value.strip())
    if found is None or int(found["seq"]) != seq:
        return None
    return next((text for text in legal if digest(text) == found["digest"]), None)
