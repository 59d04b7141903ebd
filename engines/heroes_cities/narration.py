"""What a turn of Helden & Steden did, in words (``NarratingGame.describe_move``).

The rulebook's "Gevolgen van een beurt", in its order, read off the states before and after:

1. the city the move ended on: an attacker in an own city becomes a hero (or stays an
   attacker when the reserve is empty, decision 5), in an opponent's city it conquers it; the
   alternative turn (``e4=H``) turns an attacker into a hero instead of moving;
2. the pieces taken by enclosure, the opponent's first, then the mover's own.

A pass says the mover had no move. The end of the game is worded by the result, not here.
The game has no hidden information, so every line may go to the channel.

>>> from engines.heroes_cities.moves import PASS
>>> from engines.heroes_cities.options import HeroesCitiesOptions
>>> from engines.heroes_cities.state import initial_state
>>> before = initial_state(HeroesCitiesOptions()).model_copy(update={"phase": "play", "to_move": 0})
>>> describe_move(before, 0, PASS, before)
(('heroes_cities.passed', {'seat': 0}),)
"""

from __future__ import annotations

from typing import Any

from engines.core.contract import Seat
from engines.heroes_cities import board as B
from engines.heroes_cities.moves import HeroesCitiesMove
from engines.heroes_cities.state import ATTACKER, EMPTY, HERO, OWNER, HeroesCitiesState

Line = tuple[str, dict[str, Any]]

CAPTURE_CODES = {
    # (kind, more than one) -> message code
    ("attacker", False): "heroes_cities.captured_attacker",
    ("attacker", True): "heroes_cities.captured_attackers",
    ("hero", False): "heroes_cities.captured_hero",
    ("hero", True): "heroes_cities.captured_heroes",
}


def describe_move(
    before: HeroesCitiesState, seat: Seat, move: HeroesCitiesMove, after: HeroesCitiesState
) -> tuple[Line, ...]:
    """Message codes + params of what ``seat``'s ``move`` did, in the order it happened."""
    lines: list[Line] = []
    board = list(before.board)  # the board once the move and the city are done
    if move.kind == "pass":
        lines.append(("heroes_cities.passed", {"seat": seat}))
    elif move.kind == "promote":
        square = B.index(move.frm)
        board[square] = HERO[seat]
        lines.append(("heroes_cities.hero_instead", {"square": move.frm}))
    else:
        frm, to = B.index(move.frm), B.index(move.to)
        board[to], board[frm] = board[frm], EMPTY
        city = _city_line(before, seat, before.board[frm], move.to, after)
        if city is not None:
            lines.append(city)
            if city[0] == "heroes_cities.became_hero":
                board[to] = HERO[seat]
    lines.extend(_captures(board, seat, after))
    return tuple(lines)


def _city_line(before: HeroesCitiesState, seat: Seat, piece: str, square: str, after: HeroesCitiesState) -> Line | None:
    """Rulebook, "1. De beurt eindigt in een stad": only an attacker of the mover ending on a
    city counts (a hero causes nothing). In an own city it became a hero when the reserve had
    one, else it stays an attacker (decision 5); in the opponent's city it conquered it."""
    slot = B.CITY_SLOT.get(B.index(square))
    if slot is None or piece != ATTACKER[seat]:
        return None
    if before.cities[slot] != seat:
        if after.cities[slot] == seat:
            return ("heroes_cities.city_conquered", {"seat": seat, "square": square})
        return None
    if after.reserve[seat] < before.reserve[seat]:
        return ("heroes_cities.became_hero", {"square": square})
    return ("heroes_cities.no_hero_left", {"square": square})


def _captures(board: list[str], seat: Seat, after: HeroesCitiesState) -> list[Line]:
    """Rulebook, "2. Ingesloten speelfiguren": the pieces on the board after the move and the
    city that are gone afterwards were taken, all at once; one line per owner and kind."""
    taken: dict[tuple[Seat, str], list[str]] = {}
    for sq, piece in enumerate(board):
        if piece != EMPTY and after.board[sq] == EMPTY:
            kind = "attacker" if piece in ATTACKER else "hero"
            taken.setdefault((OWNER[piece], kind), []).append(B.NAMES[sq])
    lines = []
    for owner in (1 - seat, seat):
        for kind in ("attacker", "hero"):
            squares = taken.get((owner, kind))
            if squares:
                code = CAPTURE_CODES[(kind, len(squares) > 1)]
                lines.append((code, {"seat": owner, "squares": squares}))
    return lines
