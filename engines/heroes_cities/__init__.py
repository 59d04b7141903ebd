"""Helden & Steden (slug ``heroes_cities``): rules engine. See docs/games/heroes_cities.md."""

from engines.heroes_cities.engine import HeroesCities
from engines.heroes_cities.moves import HeroesCitiesMove
from engines.heroes_cities.options import HeroesCitiesOptions
from engines.heroes_cities.position import from_position, to_position
from engines.heroes_cities.state import HeroesCitiesState

__all__ = [
    "HeroesCities",
    "HeroesCitiesMove",
    "HeroesCitiesOptions",
    "HeroesCitiesState",
    "from_position",
    "to_position",
]
