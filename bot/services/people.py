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
    """A user acting through an adapter: id, display name, language, and admin right
    (Manage Server in Discord) in the place where they act."""

    user_id: str
    name: str
    language: str = "en"
    is_admin: bool = False

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
