"""Wording an engine's ``describe_move`` lines the way the bot does, for the engine tests.

The lines go through the bot's own ``presenter.seat_params`` (seats become names, ``kind`` /
``unit`` ids the game's words) and catalog, with the players ``alice`` (seat 0) and ``bob``
(seat 1), so a test reads the sentences a channel would read.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from bot.i18n import Msg, catalog
from bot.services.presenter import seat_params
from engines.registry import get_engine

NAMES = ("alice", "bob")


def worded(slug: str, lines: tuple[tuple[str, dict[str, Any]], ...], language: str = "en") -> list[str]:
    """The sentences of ``lines`` in ``language``; fails on a code or placeholder the catalog
    does not know (so every line a test sees is really worded)."""
    match = SimpleNamespace(seats=NAMES, name_of=lambda seat: NAMES[seat], row=SimpleNamespace(game=slug),
                            engine=get_engine(slug))
    words = catalog()
    out = []
    for code, params in lines:
        assert code.startswith(f"{slug}."), code
        assert words.has(code), f"{code} is not in the catalog"
        for language_ in ("en", "nl"):
            text = words.render(Msg(code, seat_params(match, params)), language_)  # type: ignore[arg-type]
            assert "{" not in text and "_" not in text, text  # every id worded
        out.append(words.render(Msg(code, seat_params(match, params)), language))  # type: ignore[arg-type]
    return out


def said(slug: str, lines: tuple[tuple[str, dict[str, Any]], ...], language: str = "en") -> str:
    """All sentences of ``lines`` on one line, for ``in`` checks."""
    return " ".join(worded(slug, lines, language))


def narrate(engine: Any, state: Any, text: str) -> tuple[tuple[str, dict[str, Any]], ...]:
    """The lines of ``text`` played by the seat to move (``state.to_move``)."""
    seat = state.to_move
    move = engine.parse_move(text, state, seat)
    return engine.describe_move(state, seat, move, engine.apply(state, seat, move))


def codes(slug: str, lines: tuple[tuple[str, dict[str, Any]], ...]) -> list[str]:
    """The message codes of ``lines`` without the game's prefix."""
    return [code.removeprefix(f"{slug}.") for code, _ in lines]
