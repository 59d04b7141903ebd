"""The standings of a league as a picture: a pure function of the table's words (the service
words every cell in the reader's language), drawn in a worker process like a board."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from render.common import bold_font, encode_png, fit_text, font, hex_rgb

BACKGROUND = hex_rgb("#f7f3ea")
HEADER = hex_rgb("#2f4858")
STRIPE = hex_rgb("#ece5d6")
INK = hex_rgb("#1d1d1d")
FADED = hex_rgb("#8a8a8a")
PAD = 16
ROW = 30
NAME_WIDTH = 260
COLUMN = 84
MAX_ROWS = 64
"""More rows than this are cut (a note says how many more): a picture stays readable."""


def standings_png(title: str, subtitle: str, headers: Sequence[str], rows: Sequence[Sequence[str]],
                  faded: Sequence[bool] = (), more: str = "") -> bytes:
    """``headers``: the place, the player and then the number columns; each row the same cells.
    ``faded`` rows (withdrawn players) are drawn grey; ``more`` is a last line under the table."""
    shown = list(rows)[:MAX_ROWS]
    numbers = max(len(headers) - 2, 0)
    width = PAD * 2 + 48 + NAME_WIDTH + COLUMN * numbers
    height = PAD * 2 + 64 + ROW * (len(shown) + 1) + (ROW if more else 0)
    image = Image.new("RGB", (width, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    draw.text((PAD, PAD), fit_text(title, bold_font(22), width - 2 * PAD), font=bold_font(22), fill=INK)
    draw.text((PAD, PAD + 30), fit_text(subtitle, font(14), width - 2 * PAD), font=font(14), fill=FADED)
    top = PAD + 64
    draw.rectangle((PAD, top, width - PAD, top + ROW), fill=HEADER)
    lefts = [PAD + 6, PAD + 48] + [PAD + 48 + NAME_WIDTH + COLUMN * i for i in range(numbers)]
    cells = [48 - 8, NAME_WIDTH - 8] + [COLUMN - 8] * numbers
    for left, cell, text in zip(lefts, cells, headers, strict=False):
        draw.text((left, top + ROW / 2), fit_text(text, bold_font(14), cell), font=bold_font(14), fill=BACKGROUND, anchor="lm")
    for index, row in enumerate(shown):
        y = top + ROW * (index + 1)
        if index % 2:
            draw.rectangle((PAD, y, width - PAD, y + ROW), fill=STRIPE)
        ink = FADED if index < len(faded) and faded[index] else INK
        for left, cell, text in zip(lefts, cells, row, strict=False):
            draw.text((left, y + ROW / 2), fit_text(text, font(15), cell), font=font(15), fill=ink, anchor="lm")
    if more:
        draw.text((PAD, top + ROW * (len(shown) + 1) + ROW / 2), fit_text(more, font(14), width - 2 * PAD),
                  font=font(14), fill=FADED, anchor="lm")
    return encode_png(image, palette=True)
