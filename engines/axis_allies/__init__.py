"""Axis & Allies, 2nd edition ("classic", slug ``axis_allies``): rules engine. See docs/games/axis_allies.md."""

from engines.axis_allies.engine import AxisAllies
from engines.axis_allies.moves import AxisAlliesMove
from engines.axis_allies.options import AxisAlliesOptions
from engines.axis_allies.state import AxisAlliesState
from engines.axis_allies.view import AxisAlliesView

__all__ = ["AxisAllies", "AxisAlliesMove", "AxisAlliesOptions", "AxisAlliesState", "AxisAlliesView"]
