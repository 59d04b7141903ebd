"""Drawing helpers shared by the board renderers.

Everything here is pure and deterministic: the font comes with the project (no system fonts),
sprites are cached per parameters, and ``encode_png`` writes no time stamps, so the same
view always gives the same bytes.

Anti-aliasing works per sprite: a piece or a tile is drawn once at ``factor`` times its size,
scaled down with LANCZOS and cached, then pasted with its alpha; squares are axis-aligned and
need none; lines crossing squares (arrows) go through ``overlay``, which supersamples only
the region they cover. That keeps a render far cheaper than drawing the whole board at 2x.

Text is drawn in Noto Sans, installed from PyPI with the project (``fontpkg-noto-sans``), never
read from the system: it covers Latin, Greek and Cyrillic, so "geëindigd – Zoë" draws as typed;
``printable`` replaces only what it lacks (CJK, emoji) with a near spelling or ``?``. A line
that may be long (a title, a result) goes through ``fit_lines``: it shrinks, then wraps at
phrase and word boundaries, and cuts with an ellipsis only when nothing else fits; a player's
name goes through ``fit_name`` (shrink, then two lines, then the ellipsis).

The square-board pictures end in a legend strip (``with_legend``): each mark the picture draws,
as a small icon with its word in the reader's language (the game's ``picture_legend_<mark>``
words in ``BoardLabels.words``). A picture explains the marks it draws, not the game's whole
list (Axis & Allies' fixed strip explains its ten map marks, which every map shows): a
newcomer reads what is in front of them, and the strip stays one to three rows.
"""

from __future__ import annotations

import functools
import io
import math
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import TypeVar

import fontpkg_noto_sans
from PIL import Image, ImageChops, ImageDraw, ImageFont

from engines.core.contract import Result

RGB = tuple[int, int, int]
RGBA = tuple[int, int, int, int]
T = TypeVar("T")
Point = tuple[float, float]
Ink = int | tuple[int, ...]
"""A fill for ``ImageDraw``: an RGB(A) tuple on sprites, an int on masks."""
Box = tuple[int, int, int, int]
"""``(left, top, right, bottom)``, right and bottom exclusive as in Pillow's ``crop``."""

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont


# --------------------------------------------------------------------------- labels


@dataclass(frozen=True, slots=True)
class BoardLabels:
    """Localized text the bot may put on a board; every field is optional.

    Without labels a renderer draws only symbols and numbers, so a picture never carries
    words in the wrong language.
    """

    title: str = ""
    """A short heading, e.g. the game's name or "Match 12"."""
    status: str = ""
    """One line about the state, e.g. "Anna to move" or "Bram wins: all cities taken"."""
    seats: tuple[str, ...] = ()
    """Player names by seat; missing or empty names are left out."""
    words: tuple[tuple[str, str], ...] = ()
    """The game's own picture words in the reader's language, by name: ``("power_uk", "Engeland")``,
    ``("legend_capital", "hoofdstad")``. The bot takes them from the game's ``picture_*`` messages."""

    def seat(self, seat: int) -> str:
        return self.seats[seat] if 0 <= seat < len(self.seats) else ""

    def word(self, name: str) -> str:
        """The picture word ``name``, or ``""`` when the labels carry none.

        >>> BoardLabels(words=(("legend_capital", "capital"),)).word("legend_capital"), BoardLabels().word("x")
        ('capital', '')
        """
        return next((text for key, text in self.words if key == name), "")


def score(result: Result | None) -> str:
    """A two-seat game's score: ``1-0``, ``0-1`` or ``1/2-1/2`` once it is over, else empty.

    >>> score(Result(winners=(1,), reason="x")), score(Result(draw=True, reason="x")), score(None)
    ('0-1', '1/2-1/2', '')
    """
    if result is None:
        return ""
    if result.draw or not result.winners or set(result.winners) >= {0, 1}:
        return "1/2-1/2"
    return "1-0" if 0 in result.winners else "0-1"


# --------------------------------------------------------------------------- colours


def hex_rgb(value: str) -> RGB:
    """``"#1e63b5"`` -> ``(30, 99, 181)``.

    >>> hex_rgb("#1e63b5")
    (30, 99, 181)
    """
    value = value.lstrip("#")
    if len(value) != 6:
        raise ValueError(f"not a #rrggbb colour: {value!r}")
    return (int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16))


def blend(a: RGB, b: RGB, t: float) -> RGB:
    """Mix ``t`` of ``b`` into ``a`` (0 gives ``a``, 1 gives ``b``).

    >>> blend((0, 0, 0), (255, 255, 255), 0.5)
    (128, 128, 128)
    """
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


def rgba(colour: RGB, alpha: int = 255) -> RGBA:
    return (colour[0], colour[1], colour[2], alpha)


WHITE: RGB = (255, 255, 255)
INK: RGB = hex_rgb("#22262b")
"""Near-black for outlines and marks."""
FRAME: RGB = hex_rgb("#2b2f36")
"""The frame around the board and the status strip; sits well in Discord's dark theme."""
FRAME_TEXT: RGB = hex_rgb("#d9dde3")
FRAME_TEXT_DIM: RGB = hex_rgb("#9aa1ab")
LIGHT_SQUARE: RGB = hex_rgb("#f1ebdc")
DARK_SQUARE: RGB = hex_rgb("#e3d9c3")
HIGHLIGHT: RGB = hex_rgb("#f7d14c")
"""Last-move squares are tinted towards this."""
GOLD: RGB = hex_rgb("#f2c230")


@dataclass(frozen=True, slots=True)
class SeatStyle:
    """How one seat's colour is drawn.

    ``pattern`` is a second cue next to the hue, for colour-blind players: ``"solid"``,
    ``"stripes"`` (diagonal stripes) or ``"dots"``.
    """

    fill: RGB
    dark: RGB
    """Outlines and shading on top of ``fill``."""
    light: RGB
    """Stripes, glints and soft backgrounds."""
    pattern: str = "solid"


RED = SeatStyle(fill=hex_rgb("#d9453b"), dark=hex_rgb("#7e1d17"), light=hex_rgb("#f29a8f"))
BLUE = SeatStyle(
    fill=hex_rgb("#2a62c9"), dark=hex_rgb("#102f6e"), light=hex_rgb("#7ea6ea"), pattern="stripes"
)
GREEN = SeatStyle(
    fill=hex_rgb("#2e9a5a"), dark=hex_rgb("#114527"), light=hex_rgb("#98dbb2"), pattern="dots"
)
YELLOW = SeatStyle(fill=hex_rgb("#e8b923"), dark=hex_rgb("#6e5206"), light=hex_rgb("#f7e08f"))


# --------------------------------------------------------------------------- fonts and text


FONT_FILE = fontpkg_noto_sans.ROOT / "files" / "NotoSans[wdth,wght].ttf"
"""Noto Sans from PyPI (fontpkg-noto-sans): Latin, Greek and Cyrillic, so player names such as
"Zoë" or "Łukasz" draw as typed; installed with the project, never read from the system."""


@cache
def font(size: int) -> Font:
    """Noto Sans (regular instance of the variable font) at ``size`` px."""
    return ImageFont.truetype(str(FONT_FILE), size)


@cache
def bold_font(size: int) -> Font:
    """Noto Sans Bold at ``size`` px (small numbers on badges and pieces)."""
    fnt = ImageFont.truetype(str(FONT_FILE), size)
    fnt.set_variation_by_name("Bold")
    return fnt


_GLYPH_PROBE = 20
_MISSING = "\U0010fff0"
"""A private-use code point no font maps: what it renders as is the font's "missing" box."""
_REPLACEMENTS = {
    "\u2013": "-", "\u2014": "-", "\u2212": "-", "\u00bd": "1/2", "\u00d7": "x",
    "\u00df": "ss", "\u00e6": "ae", "\u00c6": "AE", "\u00f8": "o", "\u00d8": "O",
    "\u0153": "oe", "\u0152": "OE", "\u0131": "i", "\u0142": "l", "\u0141": "L",
    "\u00a0": " ", "\u2009": " ", "\u202f": " ",
}


def _glyph_pixels(char: str) -> bytes:
    image = Image.new("L", (_GLYPH_PROBE * 3, _GLYPH_PROBE * 2), 0)
    ImageDraw.Draw(image).text((_GLYPH_PROBE, 4), char, font=font(_GLYPH_PROBE), fill=255)
    return image.tobytes()


@cache
def has_glyph(char: str) -> bool:
    """Whether the board font draws ``char`` (Noto Sans: Latin, Greek, Cyrillic; no CJK, no emoji).

    >>> has_glyph("a"), has_glyph("\u00eb"), has_glyph("\u540d")
    (True, True, False)
    """
    return _glyph_pixels(char) != _glyph_pixels(_MISSING)


@cache
def _printable_char(char: str) -> str:
    if has_glyph(char):
        return char
    if char in _REPLACEMENTS:
        return _REPLACEMENTS[char]
    base = "".join(c for c in unicodedata.normalize("NFKD", char) if not unicodedata.combining(c))
    if base and all(has_glyph(c) for c in base):
        return base
    return "" if unicodedata.category(char) in ("Mn", "Me", "Cf", "Cc") else "?"


def printable(text: str) -> str:
    """``text`` with what the font cannot draw replaced: accents dropped where the accented
    letter is missing, dashes and fractions spelled in ASCII, anything else shown as ``?``.

    >>> printable("Zoë – één ½ Łukasz")
    'Zoë – één ½ Łukasz'
    >>> printable("名前")
    '??'
    """
    return "".join(_printable_char(c) for c in text)


@functools.lru_cache(maxsize=16384)
def text_width(text: str, fnt: Font) -> float:
    """``text``'s advance width in ``fnt`` (cached: boards measure the same names and numbers
    on every render, and laying text out is slow)."""
    return fnt.getlength(text)


@functools.lru_cache(maxsize=8192)
def fit_text(text: str, fnt: Font, max_width: float) -> str:
    """``text`` made ``printable`` and shortened with an ellipsis until it fits ``max_width`` px.

    >>> fit_text("short", font(14), 500)
    'short'
    >>> fit_text("a rather long player name", font(14), 60).endswith("…")
    True
    """
    text = printable(text)
    if text_width(text, fnt) <= max_width:
        return text
    while text and text_width(text + "…", fnt) > max_width:
        text = text[:-1]
    return text.rstrip() + "…" if text else ""


def wrap_text(text: str, fnt: Font, width: float, max_lines: int) -> list[str]:
    """``text`` made ``printable`` and broken into at most ``max_lines`` lines of at most
    ``width`` px; the last line ends in an ellipsis when the rest does not fit.

    >>> wrap_text("one two three", font(14), 1000, 2)
    ['one two three']
    >>> lines = wrap_text("word " * 40, font(14), 100, 3)
    >>> len(lines), lines[-1].endswith("…")
    (3, True)
    """
    words = printable(text).split()
    lines: list[str] = []
    while words and len(lines) < max_lines:
        line = words.pop(0)
        while words and text_width(line + " " + words[0], fnt) <= width:
            line += " " + words.pop(0)
        if len(lines) == max_lines - 1 and words:
            line = fit_text(line + " " + " ".join(words), fnt, width)
            words = []
        lines.append(fit_text(line, fnt, width))
    return lines


PHRASE_SEPARATOR = " · "
"""Joins independent phrases on one line (the bot's status: "Anna is to move. · Clocks: ...");
``fit_lines`` breaks lines here first and drops the separator at a break."""


@dataclass(frozen=True, slots=True)
class FittedText:
    """Lines of text that fit a width, and the font they fit in (see ``fit_lines``)."""

    lines: tuple[str, ...]
    font: Font
    size: int
    line_height: int

    @property
    def height(self) -> int:
        return self.line_height * len(self.lines)

    @property
    def width(self) -> float:
        return max((text_width(line, self.font) for line in self.lines), default=0.0)


def _break_strength(word: str) -> int:
    """How good a line break after ``word`` is: after a sentence or clause 2, a comma 1, else 0."""
    if word.endswith((".", "!", "?", ":", ";")):
        return 2
    return 1 if word.endswith(",") else 0


def _split_word(word: str, fnt: Font, width: float) -> list[str]:
    """A word wider than ``width`` cut into pieces that fit (the only cut inside a word)."""
    pieces = []
    while word:
        end = len(word)
        while end > 1 and text_width(word[:end], fnt) > width:
            end -= 1
        pieces.append(word[:end])
        word = word[end:]
    return pieces


def break_lines(text: str, fnt: Font, width: float) -> list[str]:
    """``text`` (already ``printable``) broken into lines of at most ``width`` px, as few as a
    greedy fill gives, with nicer breaks where they cost nothing in line count: at a
    ``PHRASE_SEPARATOR`` always, else after a sentence or clause if the line stays at least
    half full. A word is cut only when it alone is wider than ``width``.

    >>> break_lines("Anna (red) is to move. · Clocks: Anna 9:58, Bram 10:00", font(14), 200)
    ['Anna (red) is to move.', 'Clocks: Anna 9:58, Bram 10:00']
    >>> break_lines("Game over: Anna wins. Bram has 1 piece(s) left on the board.", font(14), 200)
    ['Game over: Anna wins.', 'Bram has 1 piece(s) left on the', 'board.']
    """
    words: list[str] = []
    strength: list[int] = []
    for phrase in text.split(PHRASE_SEPARATOR.strip()):
        for word in phrase.split():
            for piece in _split_word(word, fnt, width):
                words.append(piece)
                strength.append(0)
            strength[-1] = _break_strength(word)
            if word.startswith("(") and len(strength) > 1:
                strength[-2] = max(strength[-2], 1)  # "Cities" / "(Steden)" rather than mid-aside
        if strength:
            strength[-1] = 3
    if not words:
        return []

    def join(start: int, end: int) -> str:
        out = words[start]
        for k in range(start + 1, end):
            out += (PHRASE_SEPARATOR if strength[k - 1] == 3 else " ") + words[k]
        return out

    lines = []
    start = 0
    while start < len(words):
        end = start + 1
        while end < len(words) and text_width(join(start, end + 1), fnt) <= width:
            end += 1
        if end < len(words):
            best = max(
                (k for k in range(start + 1, end + 1)
                 if strength[k - 1] == 3
                 or (strength[k - 1] > 0 and text_width(join(start, k), fnt) >= width / 2)),
                key=lambda k: (strength[k - 1], k),
                default=end,
            )
            end = best if strength[best - 1] >= strength[end - 1] else end
        lines.append(join(start, end))
        start = end
    return lines


def fit_lines(
    text: str,
    width: float,
    *,
    size: int,
    min_size: int | None = None,
    max_lines: int = 1,
    bold: bool = False,
    line_spacing: float = 1.25,
) -> FittedText:
    """``text`` made ``printable`` and fitted into ``width`` px: on as few lines as possible
    (at most ``max_lines``), and on that many lines at the largest size from ``size`` down to
    ``min_size`` (default ``size``). Lines break as ``break_lines`` does (never mid-phrase when a
    phrase fits a line, never mid-word when a word does). Only when the text does not fit
    ``max_lines`` lines even at ``min_size`` does the last line end in an ellipsis.

    This is what titles and results use; a renderer draws the result with ``draw_lines``:

    >>> fitted = fit_lines("Heroes & Cities (Helden & Steden)", 220, size=18, min_size=13, max_lines=2)
    >>> fitted.lines, fitted.size, fitted.width <= 220
    (('Heroes & Cities (Helden & Steden)',), 13, True)
    >>> fit_lines("Heroes & Cities (Helden & Steden)", 180, size=18, min_size=14, max_lines=2).lines
    ('Heroes & Cities', '(Helden & Steden)')
    >>> fit_lines("word " * 60, 100, size=14, max_lines=2).lines[-1].endswith("…")
    True
    """
    text = printable(text)
    make = bold_font if bold else font
    floor = min(size, min_size if min_size is not None else size)
    sizes = range(size, floor - 1, -1)
    broken: dict[int, list[str]] = {}

    def lines_at(s: int) -> list[str]:
        if s not in broken:
            broken[s] = break_lines(text, make(s), width)
        return broken[s]

    def fitted(s: int, lines: list[str]) -> FittedText:
        return FittedText(tuple(lines), make(s), s, round(s * line_spacing))

    for count in range(1, max(max_lines, 1) + 1):
        for s in sizes:
            if len(lines_at(s)) <= count:
                return fitted(s, lines_at(s))
    lines = lines_at(floor)
    keep = lines[: max_lines - 1]
    last = fit_text(" ".join(lines[max_lines - 1:]), make(floor), width)
    return fitted(floor, [*keep, last])


def draw_lines(
    draw: ImageDraw.ImageDraw,
    xy: Point,
    fitted: FittedText,
    fill: RGB,
    anchor: str = "mm",
) -> None:
    """The lines of ``fitted`` as one block placed by a two-letter anchor: horizontal ``l``,
    ``m`` or ``r`` (each line aligned so), vertical ``t``, ``m`` or ``b`` (of the whole block)."""
    if not fitted.lines:
        return
    x, y = xy
    top = {"t": y, "m": y - fitted.height / 2, "b": y - fitted.height}[anchor[1]]
    for index, line in enumerate(fitted.lines):
        centre = top + (index + 0.5) * fitted.line_height
        draw_text(draw, (x, centre), line, fitted.font, fill, anchor[0] + "m")


def draw_text(
    draw: ImageDraw.ImageDraw,
    xy: Point,
    text: str,
    fnt: Font,
    fill: RGB,
    anchor: str = "mm",
) -> None:
    """Text placed by a two-letter anchor (``"mm"`` centres it, ``"lm"`` left-middle ...), at
    whole pixels, from a cached mask (``text_mask``).

    Pass text through ``printable`` first (``fit_text`` and ``fit_lines`` do): Noto Sans has
    no CJK or emoji glyphs.
    """
    if not text:
        return
    mask, left, top = text_mask(text, fnt, anchor)
    draw.bitmap((round(xy[0]) + left, round(xy[1]) + top), mask, fill=fill)


@functools.lru_cache(maxsize=8192)
def text_mask(text: str, fnt: Font, anchor: str = "mm") -> tuple[Image.Image, int, int]:
    """``text`` in ``fnt`` as an "L" coverage mask, and its top-left corner relative to the anchor
    point. Rendering glyphs is most of what drawing text costs, and a board draws the same names,
    numbers and words on every render: each is rendered once."""
    left, top, right, bottom = fnt.getbbox(text, anchor=anchor)
    left, top = math.floor(left) - 1, math.floor(top) - 1  # a pixel spare for anti-aliasing
    mask = Image.new("L", (math.ceil(right) + 1 - left, math.ceil(bottom) + 1 - top), 0)
    ImageDraw.Draw(mask).text((-left, -top), text, fill=255, font=fnt, anchor=anchor)
    return mask, left, top


# --------------------------------------------------------------------------- board coordinates


FILES = "abcdefghijklmnopqrstuvwxyz"


def parse_square(square: str, size: int | None = None) -> tuple[int, int]:
    """``"c10"`` -> ``(2, 9)``: zero-based (file, rank); rank 0 is the bottom row.

    >>> parse_square("a1"), parse_square("j10", 10)
    ((0, 0), (9, 9))
    """
    name = square.strip().lower()
    if len(name) < 2 or name[0] not in FILES or not name[1:].isdigit():
        raise ValueError(f"not a square: {square!r}")
    file, rank = FILES.index(name[0]), int(name[1:]) - 1
    if rank < 0 or (size is not None and (file >= size or rank >= size)):
        raise ValueError(f"square off the board: {square!r}")
    return file, rank


def square_name(file: int, rank: int) -> str:
    """``(2, 9)`` -> ``"c10"``.

    >>> square_name(2, 9)
    'c10'
    """
    return f"{FILES[file]}{rank + 1}"


@dataclass(frozen=True, slots=True)
class BoardGeometry:
    """A grid of ``files`` x ``ranks`` squares of ``cell`` px, its top-left corner at (left, top).

    Rank 0 is drawn at the bottom; ``flipped`` turns the board 180 degrees (for a viewer
    sitting at the top).
    """

    left: int
    top: int
    cell: int
    files: int
    ranks: int
    flipped: bool = False

    @property
    def right(self) -> int:
        return self.left + self.cell * self.files

    @property
    def bottom(self) -> int:
        return self.top + self.cell * self.ranks

    def box(self, file: int, rank: int) -> Box:
        col = self.files - 1 - file if self.flipped else file
        row = rank if self.flipped else self.ranks - 1 - rank
        x, y = self.left + col * self.cell, self.top + row * self.cell
        return (x, y, x + self.cell, y + self.cell)

    def centre(self, file: int, rank: int) -> Point:
        x0, y0, x1, y1 = self.box(file, rank)
        return ((x0 + x1) / 2, (y0 + y1) / 2)

    def square_box(self, square: str) -> Box:
        return self.box(*parse_square(square, max(self.files, self.ranks)))

    def square_centre(self, square: str) -> Point:
        return self.centre(*parse_square(square, max(self.files, self.ranks)))


def draw_checkerboard(
    draw: ImageDraw.ImageDraw,
    geo: BoardGeometry,
    light: RGB = LIGHT_SQUARE,
    dark: RGB = DARK_SQUARE,
    tint: dict[tuple[int, int], RGB] | None = None,
) -> None:
    """Fill every square; ``tint`` overrides single squares (e.g. last-move highlights).

    a1 is a dark square, as on a chess board.
    """
    tint = tint or {}
    for file in range(geo.files):
        for rank in range(geo.ranks):
            colour = tint.get((file, rank)) or (dark if (file + rank) % 2 == 0 else light)
            x0, y0, x1, y1 = geo.box(file, rank)
            draw.rectangle((x0, y0, x1 - 1, y1 - 1), fill=colour)


def draw_coordinates(
    draw: ImageDraw.ImageDraw,
    geo: BoardGeometry,
    margin: int,
    fnt: Font,
    fill: RGB = FRAME_TEXT,
) -> None:
    """File letters above and below the board, rank numbers left and right of it."""
    for file in range(geo.files):
        x = geo.centre(file, 0)[0]
        draw_text(draw, (x, geo.top - margin / 2), FILES[file], fnt, fill)
        draw_text(draw, (x, geo.bottom + margin / 2), FILES[file], fnt, fill)
    for rank in range(geo.ranks):
        y = geo.centre(0, rank)[1]
        draw_text(draw, (geo.left - margin / 2, y), str(rank + 1), fnt, fill)
        draw_text(draw, (geo.right + margin / 2, y), str(rank + 1), fnt, fill)


# --------------------------------------------------------------------------- anti-aliased drawing


def supersampled(
    size: tuple[int, int],
    draw_fn: Callable[[Image.Image, float], None],
    factor: int = 4,
    zoom: int = 1,
) -> Image.Image:
    """A transparent RGBA image of ``size`` whose content ``draw_fn(image, scale)`` draws.

    ``draw_fn`` gets an RGBA image ``scale`` times larger and works in final pixel units
    times ``scale``; the result is scaled down with LANCZOS (Pillow premultiplies alpha for
    that, so edges do not darken). With ``zoom`` the sprite comes out ``zoom`` times ``size``,
    drawn at that size (a zoomed map is drawn sharp, not scaled up).
    """
    scale = factor * zoom
    big = Image.new("RGBA", (size[0] * scale, size[1] * scale), (0, 0, 0, 0))
    draw_fn(big, scale)
    return big.resize((size[0] * zoom, size[1] * zoom), Image.Resampling.LANCZOS)


def fill_pattern(image: Image.Image, mask: Image.Image, style: SeatStyle, scale: float, cell: float) -> None:
    """Lay ``style``'s pattern (in ``style.light``) over ``image`` where the L-mode ``mask`` is set.

    ``cell`` is the size the pattern is proportioned to (a board square, in final pixels).
    """
    if style.pattern == "solid":
        return
    marks = Image.new("L", image.size, 0)
    draw = ImageDraw.Draw(marks)
    step = max(cell * 0.1, 3) * scale
    if style.pattern == "stripes":
        width = max(round(step * 0.36), 1)
        span = image.width + image.height
        offset = 0.0
        while offset < span:
            draw.line([(offset, 0), (offset - image.height, image.height)], fill=255, width=width)
            offset += step
    elif style.pattern == "dots":
        radius = step * 0.2
        for row in range(int(image.height / step) + 2):
            for col in range(int(image.width / step) + 2):
                x = col * step + (step / 2 if row % 2 else 0)
                draw.ellipse(circle_box(x, row * step, radius), fill=255)
    else:
        raise ValueError(f"unknown pattern {style.pattern!r}")
    image.paste(rgba(style.light), (0, 0), ImageChops.multiply(marks, mask))


def paste_sprite(base: Image.Image, sprite: Image.Image, centre: Point) -> None:
    """Composite an RGBA ``sprite`` onto ``base`` with its centre at ``centre``."""
    x = round(centre[0] - sprite.width / 2)
    y = round(centre[1] - sprite.height / 2)
    base.paste(sprite, (x, y), sprite)


def overlay(
    base: Image.Image,
    box: Box,
    draw_fn: Callable[[ImageDraw.ImageDraw, float, Point], None],
    factor: int = 4,
) -> None:
    """Draw anti-aliased shapes straight onto the ``box`` region of ``base``.

    The region is blown up ``factor`` times, drawn on, and box-filtered back down
    (``Image.reduce``), which is several times cheaper than an RGBA layer scaled with
    LANCZOS. Untouched pixels come back exactly as they were. Colours are drawn opaque;
    ``draw_fn(draw, scale, origin)`` gets the region's origin so it can keep using board
    coordinates: a point ``p`` lands at ``((p.x - origin.x) * scale, (p.y - origin.y) * scale)``.
    """
    left, top, right, bottom = box
    left, top = max(left, 0), max(top, 0)
    right, bottom = min(right, base.width), min(bottom, base.height)
    if right <= left or bottom <= top:
        return
    region = base.crop((left, top, right, bottom))
    big = region.resize((region.width * factor, region.height * factor), Image.Resampling.NEAREST)
    draw_fn(ImageDraw.Draw(big), factor, (left, top))
    base.paste(big.reduce(factor), (left, top))


def star_points(
    cx: float, cy: float, outer: float, inner: float, points: int = 5, turn: float = 0.0
) -> list[Point]:
    """Corners of a star pointing up, turned clockwise by ``turn`` point spacings
    (``0.5`` puts two points side by side on top, as a burst)."""
    corners = []
    for i in range(points * 2):
        radius = outer if i % 2 == 0 else inner
        angle = -math.pi / 2 + (turn + i) * math.pi / points
        corners.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    return corners


def circle_box(cx: float, cy: float, r: float) -> tuple[float, float, float, float]:
    return (cx - r, cy - r, cx + r, cy + r)


def draw_arrow(
    draw: ImageDraw.ImageDraw,
    points: Sequence[Point],
    fill: RGBA | RGB,
    width: float,
    head: float,
) -> None:
    """A polyline through ``points`` ending in an arrowhead whose tip is the last point."""
    if len(points) < 2:
        return
    (x0, y0), (x1, y1) = points[-2], points[-1]
    length = math.hypot(x1 - x0, y1 - y0)
    if length == 0:
        return
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    base = (x1 - ux * head, y1 - uy * head)
    shaft = [*points[:-1], base]
    draw.line(shaft, fill=fill, width=round(width), joint="curve")
    for px, py in points[:-1]:
        draw.ellipse(circle_box(px, py, width / 2), fill=fill)
    half = head * 0.62
    draw.polygon(
        [(x1, y1), (base[0] - uy * half, base[1] + ux * half), (base[0] + uy * half, base[1] - ux * half)],
        fill=fill,
    )


def shorten(points: Sequence[Point], start: float, end: float) -> list[Point]:
    """``points`` with the first segment cut by ``start`` px and the last by ``end`` px."""
    pts = list(points)
    if len(pts) < 2:
        return pts

    def towards(a: Point, b: Point, d: float) -> Point:
        length = math.hypot(b[0] - a[0], b[1] - a[1])
        if length == 0:
            return a
        t = min(d / length, 0.45 if len(pts) == 2 else 0.9)
        return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)

    pts[0] = towards(pts[0], pts[1], start)
    pts[-1] = towards(pts[-1], pts[-2], end)
    return pts


def dashes(a: Point, b: Point, dash: float) -> list[tuple[Point, Point]]:
    """The dashes of a dashed line from ``a`` to ``b``: about ``dash`` px on, ``dash`` px off,
    spaced evenly so both ends look alike.

    >>> len(dashes((0, 0), (100, 0), 10)), dashes((0, 0), (0, 0), 10)
    (5, [])
    """
    length = math.hypot(b[0] - a[0], b[1] - a[1])
    if length == 0:
        return []
    count = max(1, round(length / (2 * dash)))
    step = length / count
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    out = []
    for i in range(count):
        s = i * step + step * 0.25
        e = s + step * 0.5
        out.append(((a[0] + ux * s, a[1] + uy * s), (a[0] + ux * e, a[1] + uy * e)))
    return out


def scale_points(points: Iterable[Point], scale: float, origin: Point = (0, 0)) -> list[Point]:
    return [((x - origin[0]) * scale, (y - origin[1]) * scale) for x, y in points]


# --------------------------------------------------------------------------- PNG


PNG_COMPRESS_LEVEL = 6
PALETTE_COMPRESS_LEVEL = 3
"""zlib level of a 256-colour PNG: half the time of level 6 for ~15% more bytes (measured, the
five boards: A&A 28 -> 15 ms for 132 -> 153 kB; the others 9-13 -> 4-6 ms, 23-41 -> 28-47 kB)."""


def encode_png(image: Image.Image, *, palette: bool = False) -> bytes:
    """PNG bytes of ``image``: no metadata (so the same pixels give the same bytes) and no
    ``optimize`` pass.

    Measured on the 800 x 864 Helden & Steden board (RGB, a 2-core CI-class machine):
    level 6 ~21-27 ms for ~125 kB, level 1 ~19 ms for ~134 kB, level 9 ~68 ms for ~122 kB,
    ``optimize=True`` ~80 ms for no gain. A blank image of that size takes ~10 ms.

    ``palette=True`` first reduces the image to 256 colours (fast octree, no dithering):
    a flat-coloured board loses nothing visible (base colours move by at most 1 step, a few
    anti-aliased edge pixels a little more), the file shrinks ~3.5x (~37 kB) and quantizing
    plus encoding (~11-13 ms) costs about half the RGB encode. The octree is most of that
    (A&A 31 ms of 45): a palette from a half-size copy saves a fifth of it and makes the error
    25 times larger, so the whole image is quantized.
    """
    level = PNG_COMPRESS_LEVEL
    if palette and image.mode != "P":
        image = image.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    if image.mode == "P":
        level = PALETTE_COMPRESS_LEVEL
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", optimize=False, compress_level=level)
    return buffer.getvalue()


@cache
def crown_sprite(size: int) -> Image.Image:
    """A small gold crown for the winner."""

    def draw_fn(image: Image.Image, s: float) -> None:
        draw = ImageDraw.Draw(image)
        c = size * s
        pts = [
            (0.1 * c, 0.8 * c), (0.1 * c, 0.3 * c), (0.32 * c, 0.55 * c), (0.5 * c, 0.18 * c),
            (0.68 * c, 0.55 * c), (0.9 * c, 0.3 * c), (0.9 * c, 0.8 * c),
        ]
        draw.polygon(pts, fill=rgba(GOLD), outline=rgba(INK), width=max(round(0.07 * c), 1))

    return supersampled((size, size), draw_fn)


@cache
def cross_sprite(cell: int, half: float = 0.2, outer: float = 0.13, inner: float = 0.07) -> Image.Image:
    """A white-edged ink cross over a square (a capture or a removal): arms reach ``half`` of the
    cell from its centre, ``outer``/``inner`` are the line widths as shares of the cell."""

    def draw_fn(image: Image.Image, s: float) -> None:
        draw = ImageDraw.Draw(image)
        c = cell * s
        a, b = (0.5 - half) * c, (0.5 + half) * c
        for width, colour in ((outer * c, rgba(WHITE, 235)), (inner * c, rgba(INK))):
            draw.line([(a, a), (b, b)], fill=colour, width=round(width))
            draw.line([(a, b), (b, a)], fill=colour, width=round(width))
            for x, y in ((a, a), (b, b), (a, b), (b, a)):
                draw.ellipse(circle_box(x, y, width / 2), fill=colour)

    return supersampled((cell, cell), draw_fn)


def crossed_out(icon: Image.Image) -> Image.Image:
    """A copy of a square RGBA ``icon``, a little faded, with a small cross badge at its lower
    right: pieces of that kind a seat lost (in a tray or a count next to the board)."""
    size = icon.width
    out = icon.copy()
    out.putalpha(out.getchannel("A").point(lambda a: a * 200 // 255))

    def badge(image: Image.Image, s: float) -> None:
        draw = ImageDraw.Draw(image)
        c = size * s
        cx = cy = 0.8 * c
        r = 0.2 * c
        draw.ellipse(circle_box(cx, cy, r + 0.05 * c), fill=rgba(FRAME))
        draw.ellipse(circle_box(cx, cy, r), fill=rgba(FRAME_TEXT))
        d = r * 0.5
        for (x0, y0), (x1, y1) in (((cx - d, cy - d), (cx + d, cy + d)), ((cx - d, cy + d), (cx + d, cy - d))):
            draw.line([(x0, y0), (x1, y1)], fill=rgba(FRAME), width=round(0.08 * c))

    out.alpha_composite(supersampled((size, size), badge))
    return out


@cache
def tick_sprite(size: int) -> Image.Image:
    """A tick on a green disc: ready (e.g. a seat has chosen its setup)."""

    def draw_fn(image: Image.Image, s: float) -> None:
        draw = ImageDraw.Draw(image)
        c = size * s
        draw.ellipse(circle_box(c / 2, c / 2, c / 2 - 0.02 * c), fill=rgba(hex_rgb("#2e9a5a")))
        draw.line([(0.27 * c, 0.52 * c), (0.44 * c, 0.68 * c), (0.74 * c, 0.34 * c)], fill=rgba(WHITE),
                  width=round(0.12 * c), joint="curve")

    return supersampled((size, size), draw_fn)


@cache
def hourglass_sprite(size: int, colour: RGB = FRAME_TEXT) -> Image.Image:
    """An hourglass: moves left under the endgame rule, or a setup not chosen yet."""

    def draw_fn(image: Image.Image, s: float) -> None:
        draw = ImageDraw.Draw(image)
        c = size * s
        w = 0.09 * c
        x0, x1, y0, y1 = 0.22 * c, 0.78 * c, 0.12 * c, 0.88 * c
        draw.line([(x0 - w, y0), (x1 + w, y0)], fill=rgba(colour), width=round(w))
        draw.line([(x0 - w, y1), (x1 + w, y1)], fill=rgba(colour), width=round(w))
        glass = [(x0, y0), (x1, y0), (0.54 * c, 0.5 * c), (x1, y1), (x0, y1), (0.46 * c, 0.5 * c)]
        draw.polygon(glass, outline=rgba(colour), width=round(w * 0.8))
        draw.polygon([(0.34 * c, y1 - w), (0.66 * c, y1 - w), (0.5 * c, 0.66 * c)], fill=rgba(colour))

    return supersampled((size, size), draw_fn)


# --------------------------------------------------------------------------- the marks' legend


LEGEND_ICON = 22
"""The height of a mark's icon in a legend strip (its width is the mark's own)."""
LEGEND_ROW = 28
"""A legend strip's row height."""
LEGEND_SIZE = 14
"""The legend's words' font size (smaller only when one entry alone is wider than the strip)."""
LEGEND_PAD = 12
"""Room left and right of a legend strip's rows, and after each entry."""
LEGEND_LINE: RGB = blend(FRAME, WHITE, 0.13)


@dataclass(frozen=True, slots=True)
class LegendEntry:
    """One mark as a legend strip explains it: its icon as the picture draws it, and its word."""

    mark: str
    icon: Image.Image
    text: str


def shown_marks(found: Iterable[str], marks: Sequence[str]) -> tuple[str, ...]:
    """The marks of ``found`` in the order of ``marks`` (a renderer's declared ``MARKS``); a mark
    that is not declared is a programming error, so a mark never goes without a legend word.

    >>> shown_marks({"move", "turn"}, ("turn", "move", "hourglass"))
    ('turn', 'move')
    """
    found = set(found)
    unknown = found - set(marks)
    if unknown:
        raise ValueError(f"marks not declared: {sorted(unknown)}")
    return tuple(mark for mark in marks if mark in found)


def legend_entries(marks: Iterable[str], labels: BoardLabels,
                   icon: Callable[[str], Image.Image]) -> list[LegendEntry]:
    """The entries for ``marks`` that have a word (``legend_<mark>``) in ``labels``: without
    words nothing is explained, as symbols alone explain nothing."""
    return [LegendEntry(mark, icon(mark), text) for mark in marks if (text := labels.word(f"legend_{mark}"))]


def _entry_width(entry: LegendEntry, fnt: Font) -> float:
    return entry.icon.width + 6 + text_width(printable(entry.text), fnt)


def legend_rows(entries: Sequence[LegendEntry], width: int) -> list[list[LegendEntry]]:
    """``entries`` laid out left to right in rows of at most ``width`` px, in their order.

    >>> icon = Image.new("RGBA", (20, 20))
    >>> entries = [LegendEntry(str(i), icon, "a word") for i in range(9)]
    >>> [len(row) for row in legend_rows(entries, 400)], [len(row) for row in legend_rows(entries, 200)]
    ([4, 4, 1], [2, 2, 2, 2, 1])
    """
    fnt = font(LEGEND_SIZE)
    return flow_rows(entries, lambda entry: _entry_width(entry, fnt), width - 2 * LEGEND_PAD, LEGEND_PAD)


def flow_rows(items: Sequence[T], width_of: Callable[[T], float], room: float, gap: float) -> list[list[T]]:
    """``items`` in their order, left to right in rows at most ``room`` px wide with ``gap``
    between neighbours (an item wider than ``room`` gets a row of its own).

    >>> flow_rows([3, 4, 2, 9], float, 9, 1)
    [[3, 4], [2], [9]]
    """
    rows: list[list[T]] = []
    used = 0.0
    for item in items:
        need = width_of(item)
        if rows and used + gap + need <= room:
            rows[-1].append(item)
            used += gap + need
        else:
            rows.append([item])
            used = need
    return rows


def legend_height(entries: Sequence[LegendEntry], width: int) -> int:
    """How tall the strip for ``entries`` is on a picture ``width`` px wide (0 without entries)."""
    rows = legend_rows(entries, width)
    return len(rows) * LEGEND_ROW + 10 if rows else 0


def with_legend(image: Image.Image, entries: Sequence[LegendEntry]) -> Image.Image:
    """``image`` with a strip below it that says what each mark of ``entries`` means: the mark's
    icon, then its word, in rows across the width; ``image`` itself when there is nothing to say.
    The picture grows by ``legend_height``: the board above keeps every pixel it had."""
    height = legend_height(entries, image.width)
    if not height:
        return image
    out = Image.new("RGB", (image.width, image.height + height), FRAME)
    out.paste(image, (0, 0))
    draw = ImageDraw.Draw(out)
    top = image.height
    draw.line([(LEGEND_PAD, top + 2), (image.width - LEGEND_PAD, top + 2)], fill=LEGEND_LINE, width=1)
    fnt = font(LEGEND_SIZE)
    room = image.width - 2 * LEGEND_PAD
    for index, row in enumerate(legend_rows(entries, image.width)):
        mid = top + 6 + index * LEGEND_ROW + LEGEND_ROW / 2
        x: float = LEGEND_PAD
        for entry in row:
            out.paste(entry.icon, (round(x), round(mid - entry.icon.height / 2)), entry.icon)
            x += entry.icon.width + 6
            text = fit_text(entry.text, fnt, room - entry.icon.width - 6)
            draw_text(draw, (x, mid), text, fnt, FRAME_TEXT, anchor="lm")
            x += text_width(text, fnt) + LEGEND_PAD
    return out


def text_icon(text: str, size: int = 16, colour: RGB = FRAME_TEXT) -> Image.Image:
    """``text`` (a number such as ``#12``) as a legend icon, as the panel prints it."""
    fnt = font(size)
    mask, _, _ = text_mask(text, fnt, "lm")
    icon = Image.new("RGBA", (mask.width, LEGEND_ICON), rgba(colour, 0))
    icon.paste(rgba(colour), (0, (LEGEND_ICON - mask.height) // 2), mask)
    return icon


def legend_icon_box(width: int = LEGEND_ICON, height: int = LEGEND_ICON, *,
                    fill: RGB | None = None) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """A blank legend icon (transparent, or ``fill``) to draw a mark on with ``paste_sprite``."""
    icon = Image.new("RGBA", (width, height), rgba(fill) if fill else (0, 0, 0, 0))
    return icon, ImageDraw.Draw(icon)


def fit_name(name: str, width: float, *, size: int, min_size: int, line_spacing: float = 1.1) -> FittedText:
    """A player's name as it fits ``width`` px: whole at ``size`` if it fits, else shrunk down to
    ``min_size``, else on two lines, and only then cut with an ellipsis (``fit_lines``); a name
    has no phrases, so it breaks between words, or inside a word too long for a line."""
    return fit_lines(name, width, size=size, min_size=min_size, max_lines=2, line_spacing=line_spacing)


@cache
def move_icon(colour: RGB, width: int = 36) -> Image.Image:
    """A last move as the square boards draw it, for a legend: a ring where the piece started and
    a white-edged arrow in the mover's ``colour`` up to where it went."""

    def draw_fn(image: Image.Image, s: float) -> None:
        draw = ImageDraw.Draw(image)
        mid = LEGEND_ICON / 2 * s
        start, end = (5 * s, mid), ((width - 1) * s, mid)
        edge = 1.2 * s
        draw.ellipse(circle_box(*start, 3.8 * s + edge), outline=rgba(WHITE), width=round(3.4 * edge))
        draw.ellipse(circle_box(*start, 3.8 * s), outline=rgba(colour), width=round(1.4 * edge))
        points = shorten([start, end], 5.5 * s, 0)
        draw_arrow(draw, points, rgba(WHITE), 3.4 * s + 2 * edge, 8.5 * s + 3 * edge)
        draw_arrow(draw, shorten(points, 0, edge * 1.6), rgba(colour), 3.4 * s, 8.5 * s)

    return supersampled((width, LEGEND_ICON), draw_fn)
