"""The creator's seat against the computer (``/match create … computer:<level> seat:<name>``):
a seat is named by its colour or, where the game names its seats (``SeatNamesGame``: Axis &
Allies' sides and powers), by those names; in English or Dutch, in any case, with or without
punctuation ("U.S.S.R." is "ussr"). Nothing else is taken for a seat: a name that is no seat is
refused with the names there are."""

from __future__ import annotations

from typing import Any

from bot.i18n import Msg, catalog
from bot.i18n.catalog import LANGUAGES
from bot.services import presenter
from bot.services.match.answers import Refused
from engines.core import capabilities as offers
from engines.core.contract import Seat

CHOICE_LIMIT = 25
"""Discord offers at most 25 autocomplete choices."""


def computer_players(engine: Any, players: int | None) -> int:
    """How many seats a match against the computer has: ``players``, else two, within the game's range."""
    return min(max(players or 2, engine.min_players), engine.max_players)


def names(engine: Any, players: int, seat: Seat, options: Any = None) -> list[tuple[str, Msg]]:
    """(id, words) of each name of ``seat``: the game's own names first, then its colour
    (``options``: the match's, where they change the seating)."""
    own = list(engine.seat_names(players, seat, options)) if offers.seat_names(engine) else []
    colour = engine.colours[seat]
    return [*((name, Msg(code)) for name, code in own), (colour, Msg(f"colours.{colour}"))]


def plain(text: str) -> str:
    """What a name is compared by: letters and digits, case folded."""
    return "".join(ch for ch in text.casefold() if ch.isalnum())


def spellings(name: str, words: Msg) -> set[str]:
    """Every way ``name`` is typed: its id and its words in each language, ``plain``."""
    words_of = catalog()
    return {plain(name), *(plain(words_of.render(words, language)) for language in LANGUAGES)}


def seat_named(engine: Any, players: int, given: str, options: Any = None) -> Seat | None:
    """The seat ``given`` names in a match of ``players``, or ``None``."""
    typed = plain(given)
    for seat in range(players):
        if any(typed in spellings(name, words) for name, words in names(engine, players, seat, options)):
            return seat
    return None


def listing(engine: Any, players: int, options: Any = None) -> list[Msg]:
    """Each seat as a player reads it: its colour, and its names where the game has them."""
    out = []
    for seat in range(players):
        *own, (_, colour) = names(engine, players, seat, options)
        out.append(Msg("seats.seat_with_names", {"colour": colour, "names": [w for _, w in own]}) if own else colour)
    return out


def chosen_seat(engine: Any, game: str, players: int, given: str, options: Any = None) -> Seat:
    """The seat ``given`` names, or ``Refused`` listing the seats there are."""
    seat = seat_named(engine, players, given, options)
    if seat is None:
        raise Refused("seats.unknown_seat", {
            "seat": given, "game": presenter.game_name(game), "players": players, "seats": listing(engine, players, options)})
    return seat


def choices(engine: Any, players: int, typed: str, language: str) -> list[tuple[str, str]]:
    """(what the player reads, the id sent) of every seat name ``typed`` is part of, for autocomplete."""
    words_of = catalog()
    wanted = plain(typed)
    out: list[tuple[str, str]] = []
    for seat in range(players):
        colour = words_of.render(Msg(f"colours.{engine.colours[seat]}"), language)
        for name, words in names(engine, players, seat):
            shown = words_of.render(words, language)
            if wanted and not any(wanted in spelling for spelling in spellings(name, words)):
                continue
            out.append((shown if shown == colour else f"{shown} ({colour})", name))
    return out[:CHOICE_LIMIT]
