"""Masters Victory (slug ``masters_victory``): rules engine. See docs/games/masters_victory.md."""

from engines.masters_victory.engine import MastersVictory
from engines.masters_victory.moves import MastersVictoryMove
from engines.masters_victory.options import MastersVictoryOptions
from engines.masters_victory.position import from_position, to_position
from engines.masters_victory.state import MastersVictoryState

__all__ = [
    "MastersVictory",
    "MastersVictoryMove",
    "MastersVictoryOptions",
    "MastersVictoryState",
    "from_position",
    "to_position",
]
