"""Slag om het Eiland (Battle for the Island): dice, facing, exact-range shots and hidden bombs."""

from engines.battle_island.engine import BattleIsland
from engines.battle_island.options import BattleIslandOptions

__all__ = ["BattleIsland", "BattleIslandOptions"]
