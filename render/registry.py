"""Every game's board renderer by slug: ``render_view(slug, view, labels) -> PNG bytes``."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from pydantic import BaseModel

from render import (
    axis_allies,
    axis_allies_battle,
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


PARTS: dict[tuple[str, str], Callable[..., bytes]] = {
    ("axis_allies", "battle"): axis_allies_battle.render_battle_board,
    ("axis_allies", "region"): axis_allies.render_region,
    ("axis_allies", "step"): axis_allies.render_step,
}
"""Other pictures of a game than its board, by (slug, kind): the renderer gets the view, then the
``Part``'s ``args``."""


@dataclass(frozen=True)
class Part:
    """A picture of a game other than its board: ``kind`` of ``PARTS`` and what it is drawn with
    (a region's id, the places a step marked). A value, not a text: it goes to the render workers
    and into the picture cache's key as it is.

    >>> region_part("europe"), step_part(("eastern_europe", "ukraine_ssr")), step_part(())
    (Part(kind='region', args=('europe',)), Part(kind='step', args=('eastern_europe', 'ukraine_ssr')), None)
    """

    kind: str
    args: tuple[str, ...] = ()


def region_part(region: str) -> Part:
    """One region of the map (``render_region``)."""
    return Part("region", (region,))


def step_part(places: Sequence[str]) -> Part | None:
    """The board after a step with ``places`` marked (``StepPicturesGame.step_marks``), or the
    plain board (``None``) when the step marked none."""
    return Part("step", tuple(places)) if places else None


def render_view(slug: str, view: BaseModel, labels: BoardLabels | None = None, part: Part | None = None) -> bytes:
    """The PNG of ``view`` for game ``slug``: its board, or the picture ``part`` names (``PARTS``)."""
    if part is None:
        return RENDERERS[slug](view, labels=labels)
    renderer = PARTS.get((slug, part.kind))
    if renderer is None:
        raise ValueError(f"{slug} has no picture {part.kind!r}")
    return renderer(view, *part.args, labels=labels)
