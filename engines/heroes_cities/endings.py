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
    b. a player with no piece on the board (a mass capture can take all) loses
       (``heroes_cities.last_piece``, ``pieces`` 0): the goal "op één na alle speelstukken van
       de ander weet te slaan" is then more than reached. Both without pieces: on cities, as (d);
    c. "Een speler heeft nog slechts één speelstuk op het bord staan. De andere speler wint":
       one player has exactly 1 piece, the other more (``heroes_cities.last_piece``);
    d. "Beide spelers hebben slechts 1 of 2 speelstukken": what (b) and (c) leave of it, 1
       against 1 and 2 against 2: more cities wins, equal is a draw (``heroes_cities.few_pieces``);
    e. both players passed in a row (decision 9): by cities (``heroes_cities.blocked``);
    f. ``quiet_move_limit`` turns without capture or promotion (decision 10, our addition, off
       by default): by cities (``heroes_cities.quiet_limit``).
    """
    if len(set(cities)) == 1:
        return Result(winners=(cities[0],), reason="heroes_cities.all_cities", params={"seat": cities[0]})
    red, blue = pieces_on_board(board, 0), pieces_on_board(board, 1)
    if min(red, blue) <= 1 and red != blue:
        loser = 0 if red < blue else 1
        return Result(
            winners=(1 - loser,),
            reason="heroes_cities.last_piece",
            params={"seat": 1 - loser, "loser": loser, "pieces": min(red, blue)},
        )
    if red <= 2 and blue <= 2:
        return by_cities(cities, "heroes_cities.few_pieces", red_pieces=red, blue_pieces=blue)
    if passes >= 2:
        return by_cities(cities, "heroes_cities.blocked")
    limit = options.quiet_move_limit
    if limit and quiet >= limit:
        return by_cities(cities, "heroes_cities.quiet_limit", limit=limit)
    return None
