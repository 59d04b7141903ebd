"""Logging for ``python -m bot``: one format, a chosen level, and no secrets at any level.

Secrets of a match (the dice seed, secret setups and moves, hidden layouts) live in the
database and in some messages, so libraries that log what they send must not do it at
DEBUG: aiosqlite logs every statement with its parameters (the seed, the events' JSON),
discord.py's HTTP client logs request bodies (DMs with private views), its gateway logs
every event received (typed move texts) and its webhook adapter logs interaction URLs
(their tokens). These loggers are held at INFO whatever the root level is. Our own log
lines name matches, users and commands, never move texts or seeds.
"""

from __future__ import annotations

import logging

FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"
LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR")

SECRET_LOGGERS = ("aiosqlite", "discord.http", "discord.gateway", "discord.webhook")
"""Loggers whose DEBUG lines carry payloads: never below INFO."""


def quiet_secret_loggers() -> None:
    """Hold every logger of ``SECRET_LOGGERS`` at INFO or above.

    >>> logging.getLogger("aiosqlite").setLevel(logging.DEBUG)
    >>> quiet_secret_loggers()
    >>> logging.getLogger("aiosqlite").getEffectiveLevel() >= logging.INFO
    True
    """
    for name in SECRET_LOGGERS:
        logger = logging.getLogger(name)
        if logger.level < logging.INFO:  # NOTSET (0) would follow the root down to DEBUG
            logger.setLevel(logging.INFO)


def configure_logging(level: str | int = "INFO") -> None:
    """The process's logging: ``level`` for everything, the secret-carrying loggers at INFO at most
    verbose. A handler is added only when the root has none (tests and embedders keep theirs)."""
    root = logging.getLogger()
    if not root.handlers:
        handler = logging.StreamHandler()
        handler.setFormatter(logging.Formatter(FORMAT))
        root.addHandler(handler)
    root.setLevel(level if isinstance(level, int) else level.upper())
    quiet_secret_loggers()
