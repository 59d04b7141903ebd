"""Every game's board renderer by slug: ``render_view(slug, view, labels) -> PNG bytes``."""

from __future__ import annotations

from collections.abc import Callable

from pydantic import BaseModel

from render import (
    axis_allies,
    battle_island,
    heroes_cities,
    masters_victory,
    militakiri,
)
from render.common import BoardLabels

RENDERERS: dict[str, Callable[..., bytes]] = {
    "axis_allies": axis_allies.render_board,
    "battle_island": battle_island.render_board,
    "heroes_cities": heroes_cities.render_board,
    "masters_victory": masters_victory.render_board,
    "militakiri": militakiri.render_board,
}


def render_view(slug: str, view: BaseModel, labels: BoardLabels | None = None) -> bytes:
    """The PNG of ``view`` for game ``slug``."""
    return RENDERERS[slug](view, labels=labels)
