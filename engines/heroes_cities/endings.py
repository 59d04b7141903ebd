"""End of the game (rulebook, "Einde van het spel"; decisions 8, 9 and 10).

The result is a function of the position alone, checked right after the end-of-turn
effects, so a position string read back gives the same result.
"""

from __future__ import annotations

from engines.core.contract import Result
from engines.heroes_cities.options import HeroesCitiesOptions
from engines.heroes_cities.state import city_count, pieces_on_board


def by_cities(cities: tuple[int, ...], reason: str, **params: object) -> Result:
    """The player controlling more cities wins; equal is a draw."""
    red, blue = city_count(cities, 0), city_count(cities, 1)
    counts = {"red_cities": red, "blue_cities": blue, **params}
    if red == blue:
        return Result(draw=True, reason=reason, params=counts)
    return Result(winners=(0 if red > blue else 1,), reason=reason, params=counts)


def result_of(
    board: str, cities: tuple[int, ...], passes: int, quiet: int, options: HeroesCitiesOptions
) -> Result | None:
    """How the game ended, or ``None``; the conditions are tried in this order:

    a. "Een speler heeft de controle over alle steden": all 8 cities show one colour, that
       player wins (``heroes_cities.all_cities``);
    b. "Beide spelers hebben slechts 1 of 2 speelstukken": both have at most 2 pieces on the
       board, more cities wins, equal is a draw (``heroes_cities.few_pieces``); also when a
       side has 0 pieces. Tried before (c) because when both apply, (b) is the more specific
       rule: it names the case of one side having a single piece left while the other has
       one or two, and (c) would make that part of (b) dead;
    c. "Een speler heeft nog slechts één speelstuk": a player with at most 1 piece on the
       board (0 too: a mass capture can take all) loses (``heroes_cities.last_piece``);
    d. both players passed in a row (decision 9): by cities (``heroes_cities.blocked``);
    e. ``quiet_move_limit`` turns without capture or promotion (decision 10): by cities
       (``heroes_cities.quiet_limit``).
    """
    if len(set(cities)) == 1:
        return Result(winners=(cities[0],), reason="heroes_cities.all_cities", params={"seat": cities[0]})
    red, blue = pieces_on_board(board, 0), pieces_on_board(board, 1)
    if red <= 2 and blue <= 2:
        return by_cities(cities, "heroes_cities.few_pieces", red_pieces=red, blue_pieces=blue)
    if red <= 1 or blue <= 1:
        loser = 0 if red <= 1 else 1
        return Result(
            winners=(1 - loser,),
            reason="heroes_cities.last_piece",
            params={"seat": 1 - loser, "loser": loser, "pieces": min(red, blue)},
        )
    if passes >= 2:
        return by_cities(cities, "heroes_cities.blocked")
    limit = options.quiet_move_limit
    if limit and quiet >= limit:
        return by_cities(cities, "heroes_cities.quiet_limit", limit=limit)
    return None
