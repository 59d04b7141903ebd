"""Militakiri (slug ``militakiri``): rules engine. See docs/games/militakiri.md."""

from engines.militakiri.engine import Militakiri
from engines.militakiri.moves import MilitakiriMove
from engines.militakiri.options import MilitakiriOptions
from engines.militakiri.position import from_position, to_position
from engines.militakiri.state import MilitakiriState
from engines.militakiri.view import MilitakiriView

__all__ = [
    "Militakiri",
    "MilitakiriMove",
    "MilitakiriOptions",
    "MilitakiriState",
    "MilitakiriView",
    "from_position",
    "to_position",
]
