"""Every game's board renderer by slug: ``render_view(slug, view, labels) -> PNG bytes``."""

from __future__ import annotations

from collections.abc import Callable, Sequence

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
"""Other pictures of a game than its board, by (slug, kind): ``part`` is ``kind`` or ``kind:arg``
(``region:europe``); the renderer gets the view and, when given, ``arg``."""


def part(kind: str, arg: str = "") -> str:
    """The ``part`` that asks ``render_view`` for picture ``kind`` of ``PARTS`` with ``arg``.

    >>> part("region", "europe"), part("battle")
    ('region:europe', 'battle')
    """
    return f"{kind}:{arg}" if arg else kind


def step_part(places: Sequence[str]) -> str:
    """The board after a step with ``places`` marked (``StepPicturesGame.step_marks``), or the
    plain board (``""``) when the step marked none.

    >>> step_part(("eastern_europe", "ukraine_ssr")), step_part(())
    ('step:eastern_europe,ukraine_ssr', '')
    """
    return part("step", ",".join(places)) if places else ""


def render_view(slug: str, view: BaseModel, labels: BoardLabels | None = None, part: str = "") -> bytes:
    """The PNG of ``view`` for game ``slug``: its board, or the picture ``part`` names (``PARTS``)."""
    if not part:
        return RENDERERS[slug](view, labels=labels)
    kind, _, arg = part.partition(":")
    renderer = PARTS.get((slug, kind))
    if renderer is None:
        raise ValueError(f"{slug} has no picture {kind!r}")
    return renderer(view, arg, labels=labels) if arg else renderer(view, labels=labels)
