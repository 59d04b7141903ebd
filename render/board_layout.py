"""One layout for every square-board picture: a grid of squares and a panel beside or below it.

The board games (Helden & Steden, Masters Victory, Militakiri, Slag om het Eiland) all draw a
grid (``BoardGeometry``) and a panel of words and counts. A renderer fits its grid with
``fit_grid`` and places its panel with ``panel_beside`` or ``panel_below``; what it gets back,
``BoardLayout``, is the picture's size, the grid and the panel's area.

>>> geo = fit_grid(8, 8, (0, 0, 400, 400), margin=20)
>>> geo.cell, geo.left, geo.top
(45, 20, 20)
>>> lay = panel_beside(geo, geo.right, gap=20, panel_width=200, height=400)
>>> lay.width, lay.height, lay.panel
(600, 400, (400, 0, 600, 400))
>>> panel_below(geo, top=400, width=400, height=480).panel
(0, 400, 400, 480)

The Axis & Allies map is not a grid: its renderer keeps its own map-plus-panel strip.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from PIL import Image, ImageDraw

from render.common import RGB, BoardGeometry, Box, draw_checkerboard, draw_coordinates, font


@dataclass(frozen=True, slots=True)
class BoardLayout:
    """A picture ``width`` x ``height`` px with the grid ``geo`` and the panel's area."""

    geo: BoardGeometry
    width: int
    height: int
    panel: Box
    """``(left, top, right, bottom)`` of the room the panel may draw in."""

    @property
    def cell(self) -> int:
        return self.geo.cell

    @property
    def panel_left(self) -> int:
        return self.panel[0]

    @property
    def panel_right(self) -> int:
        return self.panel[2]


def fit_grid(
    files: int,
    ranks: int,
    area: Box,
    *,
    margin: int = 0,
    max_cell: int | None = None,
    centred: bool = True,
    flipped: bool = False,
) -> BoardGeometry:
    """The grid of ``files`` x ``ranks`` squares with the largest whole cell that fits ``area``
    less ``margin`` on every side (and at most ``max_cell``), centred in ``area`` or, with
    ``centred=False``, at its top-left corner inside the margin.

    >>> fit_grid(6, 12, (10, 10, 610, 730), centred=False).cell
    60
    >>> fit_grid(6, 12, (0, 0, 560, 880), margin=26, max_cell=50).left
    130
    """
    if not (1 <= files <= 26 and 1 <= ranks <= 26):
        raise ValueError(f"board size out of range: {files} x {ranks}")
    x0, y0, x1, y1 = area
    cell = min((x1 - x0 - 2 * margin) // files, (y1 - y0 - 2 * margin) // ranks)
    if max_cell is not None:
        cell = min(cell, max_cell)
    if centred:
        left = x0 + (x1 - x0 - cell * files) // 2
        top = y0 + (y1 - y0 - cell * ranks) // 2
    else:
        left, top = x0 + margin, y0 + margin
    return BoardGeometry(left=left, top=top, cell=cell, files=files, ranks=ranks, flipped=flipped)


def panel_beside(
    geo: BoardGeometry, board_right: int, *, gap: int, panel_width: int, height: int, inset: tuple[int, int] = (0, 0)
) -> BoardLayout:
    """The panel ``panel_width`` px wide, ``gap`` px right of ``board_right`` (the board's right
    edge, its frame or sea included); the picture ends with the panel. ``inset`` keeps the
    panel's words off its left and right edges."""
    left = board_right + gap
    width = left + panel_width
    return BoardLayout(geo=geo, width=width, height=height, panel=(left + inset[0], 0, width - inset[1], height))


def panel_below(geo: BoardGeometry, *, top: int, width: int, height: int) -> BoardLayout:
    """The panel the picture's full ``width`` from ``top`` to the bottom ``height``."""
    return BoardLayout(geo=geo, width=width, height=height, panel=(0, top, width, height))


def checkered_board(
    lay: BoardLayout, background: RGB, margin: int, coordinate_size: int, tint: dict[tuple[int, int], RGB]
) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """A new picture of ``lay``'s size: the background, the checkered board with its coordinates,
    and the ``tint`` squares (last-move marks) over it. The untinted part is the same for every
    view of a board size, so it is drawn once per process and copied."""
    image = _plain_board(lay, background, margin, coordinate_size).copy()
    draw = ImageDraw.Draw(image)
    for (file, rank), colour in tint.items():
        x0, y0, x1, y1 = lay.geo.box(file, rank)
        draw.rectangle((x0, y0, x1 - 1, y1 - 1), fill=colour)
    return image, draw


@cache
def _plain_board(lay: BoardLayout, background: RGB, margin: int, coordinate_size: int) -> Image.Image:
    image = Image.new("RGB", (lay.width, lay.height), background)
    draw = ImageDraw.Draw(image)
    draw_checkerboard(draw, lay.geo)
    draw_coordinates(draw, lay.geo, margin, font(coordinate_size))
    return image
