"""Typed move errors in the style of python-chess.

Every error carries a message ``code`` and ``params`` so the bot can word it in the
player's language; ``str(error)`` is an English fallback for logs and tests.

>>> err = IllegalMoveError("heroes_cities.path_blocked", "the path is blocked", square="d4")
>>> err.code, err.params["square"]
('heroes_cities.path_blocked', 'd4')
"""

from __future__ import annotations

from typing import Any


class EngineError(Exception):
    """Base class: something an engine refused, with a catalog code and parameters."""

    def __init__(self, code: str, fallback: str, /, **params: Any) -> None:
        super().__init__(fallback)
        self.code = code
        self.params: dict[str, Any] = params


class MoveError(EngineError):
    """A move text that could not be played."""


class InvalidMoveError(MoveError):
    """The text is not a move at all (syntax). ``params['expected']`` may show the right form."""


class IllegalMoveError(MoveError):
    """A well-formed move that the rules forbid in this position (or not this seat's turn)."""


class AmbiguousMoveError(MoveError):
    """The text fits several legal moves; ``params['candidates']`` lists them."""
