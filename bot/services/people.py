"""Who acts and where: the adapters' users and places, as the services know them."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

REPLACEMENT = "\ufffd"


def safe_name(name: str) -> str:
    """A display name that can be stored and shown: a lone surrogate (which UTF-8, and so
    SQLite, cannot hold) or a control character becomes U+FFFD, visibly, never dropped.

    >>> safe_name("Ann\\ud800e\\x00") == "Ann\\ufffde\\ufffd"
    True
    >>> safe_name("Zoë 🙂")
    'Zoë 🙂'
    """
    return "".join(REPLACEMENT if unicodedata.category(char) in ("Cs", "Cc") else char for char in name)


@dataclass(frozen=True)
class Actor:
    """A user acting through an adapter: id, display name, language, admin right (Manage Server
    in Discord) and the ids of the server roles they hold, in the place where they act."""

    user_id: str
    name: str
    language: str = "en"
    is_admin: bool = False
    roles: frozenset[str] = frozenset()

    def __post_init__(self) -> None:
        # Names come from outside (Discord display names); they are made safe once, here.
        object.__setattr__(self, "name", safe_name(self.name))


@dataclass(frozen=True)
class Place:
    """Where a match lives: a channel or thread (``channel_id``) of a guild (``None`` in DMs)."""

    guild_id: str | None
    channel_id: str
    language: str = "en"
    """The server's language (Discord: the guild's preferred locale): channel posts use it."""


COMPUTER_PREFIX = "computer:"
COMPUTER_LEVELS = ("easy", "normal", "hard")
"""The computer's levels (``engines.ai.player.LEVELS`` holds their budgets)."""


def computer_actor(level: str, number: int = 1) -> Actor:
    """The user a computer seat plays as: ``computer:<level>:<n>`` (one per seat it takes)."""
    if level not in COMPUTER_LEVELS:
        raise ValueError(f"unknown level {level!r}; known: {', '.join(COMPUTER_LEVELS)}")
    suffix = f" {number}" if number > 1 else ""
    return Actor(user_id=f"{COMPUTER_PREFIX}{level}:{number}", name=f"Computer ({level}){suffix}")


def computer_level(user_id: str) -> str | None:
    """The level of a computer seat's user id; ``None`` for a person.

    >>> computer_level(computer_actor("hard").user_id), computer_level("1234")
    ('hard', None)
    """
    if not user_id.startswith(COMPUTER_PREFIX):
        return None
    level = user_id[len(COMPUTER_PREFIX):].split(":")[0]
    return level if level in COMPUTER_LEVELS else None
