"""A player's rating history as a small line chart (``/profile``): one line per game, the rating
after each rated match from left to right (the player's matches of all games in the order they
ended, so the lines of two games interleave as they were played), a faint band of plus and minus
the deviation around each line (wide while the rating is provisional), the rating scale on the left.

Pure and deterministic like the board renderers: the same chart gives the same bytes. The words
(title, game names) come in the reader's language from the caller; the picture itself has none.
"""

from __future__ import annotations

import math

from PIL import Image, ImageDraw
from pydantic import BaseModel, ConfigDict

from render.common import RGB, blend, encode_png, fit_text, font, printable, text_width

WIDTH, HEIGHT = 560, 260
MARGIN_LEFT, MARGIN_RIGHT, MARGIN_TOP, MARGIN_BOTTOM = 52, 16, 56, 24
BACKGROUND: RGB = (250, 248, 242)
GRID: RGB = (222, 218, 206)
TEXT: RGB = (40, 40, 40)
COLOURS: tuple[RGB, ...] = ((31, 119, 180), (214, 39, 40), (44, 160, 44), (148, 103, 189), (255, 127, 14))
"""One colour per game line, in the order the series come."""
STEPS = (25, 50, 100, 200, 250, 500)
"""Rating distances between grid lines: the smallest that gives at most five lines."""


class ChartSeries(BaseModel):
    """One game's history: its name as the reader reads it, the ratings after each rated match
    (oldest first), the deviations beside them, and where each match stands among all the
    chart's matches (0 the oldest; by default one after the other from 0)."""

    model_config = ConfigDict(frozen=True)

    name: str
    ratings: tuple[float, ...]
    deviations: tuple[float, ...]
    positions: tuple[int, ...] = ()

    def places(self) -> tuple[int, ...]:
        return self.positions or tuple(range(len(self.ratings)))


class RatingChart(BaseModel):
    model_config = ConfigDict(frozen=True)

    title: str
    series: tuple[ChartSeries, ...]


def scale(low: float, high: float) -> tuple[float, float, int]:
    """The rating range the chart shows (whole grid steps around ``low``..``high``) and the step.

    >>> scale(1480, 1690)
    (1450, 1700, 50)
    >>> scale(1500, 1500)
    (1475, 1525, 25)
    """
    for step in STEPS:
        bottom = math.floor(low / step) * step
        top = math.ceil(high / step) * step
        if top == bottom:
            bottom, top = bottom - step, top + step
        if (top - bottom) / step <= 5:
            return bottom, top, step
    step = STEPS[-1]
    return math.floor(low / step) * step, math.ceil(high / step) * step, step


def render_rating_chart(chart: RatingChart) -> bytes:
    """The PNG of ``chart``. Series without ratings are left out; with none at all the chart
    shows its title over an empty grid."""
    image = Image.new("RGB", (WIDTH, HEIGHT), BACKGROUND)
    draw = ImageDraw.Draw(image)
    plot = (MARGIN_LEFT, MARGIN_TOP, WIDTH - MARGIN_RIGHT, HEIGHT - MARGIN_BOTTOM)
    title_font, small = font(16), font(12)
    draw.text((MARGIN_LEFT, 8), fit_text(printable(chart.title), title_font, WIDTH - MARGIN_LEFT - MARGIN_RIGHT),
              font=title_font, fill=TEXT)
    shown = [s for s in chart.series if s.ratings]
    # The legend: a colour swatch and the game's name per line, in one row under the title.
    x = float(MARGIN_LEFT)
    for index, series in enumerate(shown):
        colour = COLOURS[index % len(COLOURS)]
        name = fit_text(printable(series.name), small, 240)
        draw.rectangle((x, 36, x + 12, 46), fill=colour)
        draw.text((x + 16, 33), name, font=small, fill=TEXT)
        x += 16 + text_width(name, small) + 14
    values = [r + sign * d for s in shown for r, d in zip(s.ratings, s.deviations, strict=True) for sign in (-1, 1)]
    values += [r for s in shown for r in s.ratings]
    low, high, step = scale(min(values, default=1500), max(values, default=1500))
    left, top, right, bottom = plot

    def y_of(rating: float) -> float:
        return bottom - (rating - low) / (high - low) * (bottom - top)

    for mark in range(int(low), int(high) + 1, step):
        y = round(y_of(mark))
        draw.line((left, y, right, y), fill=GRID, width=1)
        label = str(mark)
        draw.text((left - 6 - text_width(label, small), y - 8), label, font=small, fill=TEXT)
    draw.line((left, top, left, bottom), fill=TEXT, width=1)
    last = max((p for s in shown for p in s.places()), default=0)

    def x_of(i: int) -> float:
        return left + 8 + (right - left - 16) * (i / last if last > 0 else 0.5)

    # The bands first, then every line over them: no game's band hides another game's line.
    for index, series in enumerate(shown):
        if len(series.ratings) < 2:
            continue
        colour = COLOURS[index % len(COLOURS)]
        rows = list(zip(series.places(), series.ratings, series.deviations, strict=True))
        band = [(x_of(i), y_of(r + d)) for i, r, d in rows] + [(x_of(i), y_of(r - d)) for i, r, d in reversed(rows)]
        mask = Image.new("L", image.size, 0)
        ImageDraw.Draw(mask).polygon(band, fill=60)
        image.paste(blend(BACKGROUND, colour, 0.5), (0, 0, *image.size), mask)
    draw = ImageDraw.Draw(image)
    for index, series in enumerate(shown):
        colour = COLOURS[index % len(COLOURS)]
        points = [(x_of(i), y_of(r)) for i, r in zip(series.places(), series.ratings, strict=True)]
        if len(points) > 1:
            draw.line(points, fill=colour, width=2, joint="curve")
        for px, py in points:
            draw.ellipse((px - 3, py - 3, px + 3, py + 3), fill=colour)
    return encode_png(image)
