"""The board picture for Helden & Steden: ``render_board(view) -> PNG bytes``.

800 x 908 px: the 10 x 10 board in a frame with coordinates (files a-j above and below,
ranks 1-10 left and right, rank 1 at the bottom), then a status strip, then the status line. Seat 0 is red,
seat 1 blue; blue also carries stripes so the colours never have to be told apart by hue.

- city: a castle-shaped tile (crenellated top, gate) in its owner's colour;
- attacker: a disc with a white rim; hero: a larger disc with a white star;
- last move: from and to squares tinted, the path as an arrow in the mover's colour,
  captured squares crossed out;
- status strip, per seat: cities held, heroes in supply, attackers and heroes lost; the
  seat to act framed in its colour, winners crowned; in the middle the title, the move number
  and the score once the game is over; below, across the width, the status (whose turn, or
  how it ended). Words appear only if the bot passes ``labels``; a long title shrinks or takes
  two lines, a long status two lines (``render.common.fit_lines``), so neither is cut; a name
  runs from the seat's badge to the block's far edge and shrinks to 11 px before it is cut;
- legend: when the labels carry the ``legend_*`` words, a strip under the status says what each
  mark the picture draws means (``marks_shown``, in the order of ``MARKS``), in the reader's
  language; the picture grows by the strip (``render.common.with_legend``), and keeps its size
  without words.

Pieces, tiles and marks are cached anti-aliased sprites (see ``render.common``); the PNG is
written with a 256-colour palette, which loses nothing visible on these flat colours.
"""

from __future__ import annotations

from functools import cache

from PIL import Image, ImageDraw

from engines.heroes_cities.view import HeroesCitiesView, LastMoveView
from render.board_layout import BoardLayout, checkered_board, fit_grid, panel_below
from render.common import (
    BLUE,
    DARK_SQUARE,
    FRAME,
    FRAME_TEXT,
    FRAME_TEXT_DIM,
    GOLD,
    HIGHLIGHT,
    INK,
    LIGHT_SQUARE,
    RED,
    RGB,
    WHITE,
    BoardGeometry,
    BoardLabels,
    FittedText,
    Ink,
    SeatStyle,
    blend,
    circle_box,
    cross_sprite,
    crossed_out,
    crown_sprite,
    draw_arrow,
    draw_lines,
    draw_text,
    encode_png,
    fill_pattern,
    fit_lines,
    font,
    legend_entries,
    move_icon,
    overlay,
    parse_square,
    paste_sprite,
    rgba,
    scale_points,
    score,
    shorten,
    shown_marks,
    star_points,
    supersampled,
    text_icon,
    text_width,
    with_legend,
)

__all__ = ["HEIGHT", "SEATS", "WIDTH", "BoardLabels", "render_board", "render_image"]

SEATS: tuple[SeatStyle, SeatStyle] = (RED, BLUE)
WIDTH = 800
BOARD_HEIGHT = 800
STRIP = 64
"""The seats' counts and, between them, the title and move number."""
STATUS_ROW = 44
"""The status line(s) under the strip, the full width: "Anna is to move", or how it ended."""
HEIGHT = BOARD_HEIGHT + STRIP + STATUS_ROW
CENTRE_WIDTH = WIDTH - 2 * 270
"""The middle of the strip, between the two seats' blocks."""
MARGIN = 30
"""Room for the coordinates around the board."""

ATTACKER_RADIUS = 0.31
HERO_RADIUS = 0.38
"""Piece radii as a fraction of a square."""
FROM_TINT = 0.55
TO_TINT = 0.7
PATH_TINT = 0.25
"""How far last-move squares are tinted towards ``HIGHLIGHT``."""


def render_board(view: HeroesCitiesView, *, labels: BoardLabels | None = None) -> bytes:
    """The board for ``view`` as PNG bytes (``WIDTH`` x ``HEIGHT``, 256-colour palette)."""
    return encode_png(render_image(view, labels=labels), palette=True)


def render_image(view: HeroesCitiesView, *, labels: BoardLabels | None = None) -> Image.Image:
    """The board for ``view`` as a Pillow image, before encoding."""
    lay = layout(view.size)
    geo = lay.geo
    image, draw = checkered_board(lay, FRAME, MARGIN, 15, _last_move_tints(view))

    for city in view.cities:
        paste_sprite(image, city_sprite(city.owner, geo.cell), geo.square_centre(city.square))
    if view.last_move is not None:
        _draw_path(image, view, view.last_move, geo)
    for piece in view.pieces:
        paste_sprite(image, piece_sprite(piece.owner, piece.kind, geo.cell), geo.square_centre(piece.square))
    if view.last_move is not None:
        for square in view.last_move.captured:
            paste_sprite(image, capture_sprite(geo.cell), geo.square_centre(square))

    labels = labels or BoardLabels()
    _draw_strip(image, draw, view, labels)
    return with_legend(image, legend_entries(marks_shown(view), labels, lambda mark: legend_icon(mark, view)))


def layout(size: int) -> BoardLayout:
    """The ``size`` x ``size`` board centred in the top ``BOARD_HEIGHT`` px, the strip and the
    status line below it (the shared board-plus-panel layout, ``render.board_layout``)."""
    geo = fit_grid(size, size, (0, 0, WIDTH, BOARD_HEIGHT), margin=MARGIN)
    return panel_below(geo, top=BOARD_HEIGHT, width=WIDTH, height=HEIGHT)


def geometry(size: int) -> BoardGeometry:
    """Where the ``size`` x ``size`` board sits in the picture."""
    return layout(size).geo


# --------------------------------------------------------------------------- last move


def _last_move_tints(view: HeroesCitiesView) -> dict[tuple[int, int], RGB]:
    """Square colours for the last move: start and end tinted strongly, the way between lightly."""
    move = view.last_move
    if move is None or not move.path:
        return {}
    squares = [parse_square(sq, view.size) for sq in move.path]
    amounts: dict[tuple[int, int], float] = {}
    for index, square in enumerate(squares):
        if index == len(squares) - 1:
            amount = TO_TINT
        elif index == 0:
            amount = FROM_TINT
        else:
            amount = PATH_TINT
        amounts[square] = max(amount, amounts.get(square, 0.0))
    return {
        (file, rank): blend(DARK_SQUARE if (file + rank) % 2 == 0 else LIGHT_SQUARE, HIGHLIGHT, amount)
        for (file, rank), amount in amounts.items()
    }


def _draw_path(image: Image.Image, view: HeroesCitiesView, move: LastMoveView, geo: BoardGeometry) -> None:
    """The way the last move went: a ring where it started, an arrow up to the piece."""
    if len(move.path) < 2:
        return
    centres = [geo.square_centre(sq) for sq in move.path]
    mover = next((p for p in view.pieces if p.square == move.path[-1]), None)
    radius = (HERO_RADIUS if mover is not None and mover.kind == "hero" else ATTACKER_RADIUS) * geo.cell
    points = shorten(centres, geo.cell * 0.16, radius + geo.cell * 0.03)
    style = SEATS[move.seat]
    xs = [x for x, _ in centres]
    ys = [y for _, y in centres]
    pad = geo.cell / 2
    box = (int(min(xs) - pad), int(min(ys) - pad), int(max(xs) + pad) + 1, int(max(ys) + pad) + 1)
    width = geo.cell * 0.11
    head = geo.cell * 0.24

    def draw_fn(draw: ImageDraw.ImageDraw, scale: float, origin: tuple[float, float]) -> None:
        pts = scale_points(points, scale, origin)
        start = scale_points([centres[0]], scale, origin)[0]
        edge = geo.cell * 0.035 * scale
        # start marker: a hollow ring where the piece stood
        ring = geo.cell * 0.15 * scale
        draw.ellipse(circle_box(*start, ring + edge), outline=WHITE, width=round(3.4 * edge))
        draw.ellipse(circle_box(*start, ring), outline=style.fill, width=round(1.4 * edge))
        draw_arrow(draw, pts, WHITE, width * scale + 2 * edge, head * scale + 3 * edge)
        draw_arrow(draw, shorten(pts, 0, edge * 1.6), style.fill, width * scale, head * scale)

    overlay(image, box, draw_fn)


# --------------------------------------------------------------------------- sprites


@cache
def city_sprite(owner: int, cell: int) -> Image.Image:
    """A castle tile filling most of a ``cell`` px square, in ``owner``'s colour."""
    style = SEATS[owner]

    def shape(draw: ImageDraw.ImageDraw, s: float, inset: float, fill: Ink) -> None:
        c = cell * s
        x0, x1 = 0.07 * c + inset, 0.93 * c - inset
        top, wall, bottom = 0.07 * c + inset, 0.21 * c + inset, 0.93 * c - inset
        draw.rounded_rectangle((x0, wall, x1, bottom), radius=0.08 * c, fill=fill)
        merlon = 0.15 * c - 2 * inset
        gap = (x1 - x0 - 4 * merlon) / 3
        for i in range(4):
            mx = x0 + i * (merlon + gap)
            draw.rounded_rectangle((mx, top, mx + merlon, wall + 0.05 * c), radius=0.025 * c, fill=fill)

    def draw_fn(image: Image.Image, s: float) -> None:
        draw = ImageDraw.Draw(image)
        c = cell * s
        edge = max(0.028 * c, 1.5 * s)
        shape(draw, s, 0, rgba(style.dark))
        shape(draw, s, edge, rgba(style.fill))
        mask = Image.new("L", image.size, 0)
        shape(ImageDraw.Draw(mask), s, edge, 255)
        fill_pattern(image, mask, style, s, cell)
        # the gate: an arch at the bottom centre
        gx0, gx1 = 0.4 * c, 0.6 * c
        gy0, gy1 = 0.72 * c, 0.93 * c - edge
        r = (gx1 - gx0) / 2
        draw.rectangle((gx0, gy0 + r, gx1, gy1), fill=rgba(style.dark))
        draw.pieslice((gx0, gy0, gx1, gy0 + 2 * r), 180, 360, fill=rgba(style.dark))

    return supersampled((cell, cell), draw_fn)


@cache
def piece_sprite(owner: int, kind: str, cell: int) -> Image.Image:
    """An attacker (disc) or hero (larger disc with a star) for a ``cell`` px square."""
    style = SEATS[owner]
    hero = kind == "hero"

    def draw_fn(image: Image.Image, s: float) -> None:
        draw = ImageDraw.Draw(image)
        c = cell * s
        cx = cy = c / 2
        r = (HERO_RADIUS if hero else ATTACKER_RADIUS) * c
        line = max(0.022 * c, 1.2 * s)
        rim = max(0.05 * c, 2 * s)
        draw.ellipse(circle_box(cx, cy + 0.025 * c, r + line), fill=(0, 0, 0, 70))  # soft shadow
        draw.ellipse(circle_box(cx, cy, r + line), fill=rgba(INK))
        draw.ellipse(circle_box(cx, cy, r), fill=rgba(WHITE))
        inner = r - rim
        draw.ellipse(circle_box(cx, cy, inner), fill=rgba(style.dark))
        draw.ellipse(circle_box(cx, cy, inner - line), fill=rgba(style.fill))
        mask = Image.new("L", image.size, 0)
        ImageDraw.Draw(mask).ellipse(circle_box(cx, cy, inner - line), fill=255)
        fill_pattern(image, mask, style, s, cell)
        if hero:
            star = star_points(cx, cy + 0.01 * c, inner * 0.78, inner * 0.36)
            draw.polygon(star_points(cx, cy + 0.01 * c, inner * 0.78 + line * 1.4, inner * 0.36 + line * 0.9), fill=rgba(style.dark))
            draw.polygon(star, fill=rgba(WHITE))
        else:
            draw.ellipse(circle_box(cx, cy, inner * 0.42), fill=rgba(style.dark))
            draw.ellipse(circle_box(cx, cy, inner * 0.42 - line), fill=rgba(style.fill))

    return supersampled((cell, cell), draw_fn)


capture_sprite = cross_sprite
"""A cross over a square whose piece was just captured."""


@cache
def lost_sprite(owner: int, kind: str, size: int) -> Image.Image:
    """A slightly faded piece icon with a small cross badge: pieces of that kind the seat lost."""
    return crossed_out(piece_sprite(owner, kind, size))


# --------------------------------------------------------------------------- status strip


ICON = 28
"""Size of the status icons (as if a piece stood on a square that large)."""


def _draw_strip(
    image: Image.Image, draw: ImageDraw.ImageDraw, view: HeroesCitiesView, labels: BoardLabels | None
) -> None:
    top = BOARD_HEIGHT
    mid = top + STRIP / 2
    labels = labels or BoardLabels()
    cities = [sum(1 for c in view.cities if c.owner == seat) for seat in (0, 1)]

    # centre: title (shrunk, else on two lines), move number and score
    counter = f"#{view.turn}"
    if view.result is not None:
        counter += f"  ·  {score(view.result)}"
    if labels.title:
        title = fitted_title(labels.title)
        counter_font = font(15)
        block = title.height + 20
        draw_lines(draw, (WIDTH / 2, mid - block / 2), title, FRAME_TEXT, anchor="mt")
        draw_text(draw, (WIDTH / 2, mid + block / 2 - 10), counter, counter_font, FRAME_TEXT_DIM)
    else:
        draw_text(draw, (WIDTH / 2, mid), counter, font(18), FRAME_TEXT)

    # the status (whose turn, or how it ended) across the whole width below
    if labels.status:
        status = fitted_status(labels.status)
        draw_lines(draw, (WIDTH / 2, top + STRIP + STATUS_ROW / 2 - 2), status, FRAME_TEXT, anchor="mm")

    for seat in (0, 1):
        _draw_seat(image, draw, view, seat, labels.seat(seat), cities[seat])


def fitted_title(title: str) -> FittedText:
    """The title as it fits the middle of the strip: shrunk to 13 px, else on two lines."""
    return fit_lines(title, CENTRE_WIDTH, size=16, min_size=13, max_lines=2)


def fitted_status(status: str) -> FittedText:
    """The status as it fits the row under the strip: the full width, at most two lines."""
    return fit_lines(status, WIDTH - 2 * MARGIN, size=15, min_size=13, max_lines=2)


def _draw_seat(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: HeroesCitiesView,
    seat: int,
    name: str,
    cities: int,
) -> None:
    style = SEATS[seat]
    top = BOARD_HEIGHT + 6
    bottom = BOARD_HEIGHT + STRIP - 8
    mid = (top + bottom) / 2
    left_side = seat == 0
    x0, x1 = (MARGIN - 14, 262) if left_side else (WIDTH - 262, WIDTH - MARGIN + 14)

    winner = view.result is not None and seat in view.result.winners and not view.result.draw
    acting = view.result is None and seat in view.to_act
    if acting or winner:
        draw.rounded_rectangle((x0, top, x1, bottom), radius=10, fill=blend(FRAME, style.fill, 0.18),
                               outline=GOLD if winner else style.fill, width=2)

    badge = 40
    badge_x = x0 + 8 + badge / 2 if left_side else x1 - 8 - badge / 2
    paste_sprite(image, piece_sprite(seat, "hero" if winner else "attacker", badge), (badge_x, mid))
    if winner:
        paste_sprite(image, crown_sprite(22), (badge_x + (13 if left_side else -13), mid - 14))

    # counts: cities held, heroes in supply, attackers lost, heroes lost
    captured = view.captured[seat]
    items = [
        (city_sprite(seat, 22), cities),
        (piece_sprite(seat, "hero", 27), view.reserve[seat]),
        (lost_sprite(seat, "attacker", 27), captured[0]),
        (lost_sprite(seat, "hero", 27), captured[1]),
    ]
    number_font = font(15)
    gap_icon, gap_item = 4, 12
    widths = [icon.width for icon, _ in items]
    texts = [str(n) for _, n in items]
    total = sum(w + gap_icon + text_width(t, number_font) for w, t in zip(widths, texts)) + gap_item * 3
    # the words and counts run from the badge to the block's far edge
    text_left = x0 + 8 + badge + 10 if left_side else x0 + 10
    text_right = x1 - 10 if left_side else x1 - 8 - badge - 10
    row = mid + 11 if name else mid
    x = text_left if left_side else text_right - total
    for (icon, _), w, text in zip(items, widths, texts):
        paste_sprite(image, icon, (x + w / 2, row))
        x += w + gap_icon
        draw_text(draw, (x, row), text, number_font, FRAME_TEXT, anchor="lm")
        x += text_width(text, number_font) + gap_item

    if name:
        anchor_x, anchor = (text_left, "lm") if left_side else (text_right, "rm")
        draw_lines(draw, (anchor_x, mid - 12), fitted_name(name, text_right - text_left), WHITE, anchor=anchor)


def fitted_name(name: str, width: float) -> FittedText:
    """A seat's name as it fits above its counts: one line, shrunk down to 11 px before it is cut
    (the counts below leave no room for a second line)."""
    return fit_lines(name, width, size=17, min_size=11)


# --------------------------------------------------------------------------- the marks' legend


MARKS = ("city", "attacker", "hero", "move", "capture", "turn", "lost")
"""Every mark the picture may draw, in the order the strip under it explains them (each has a
``legend_<mark>`` word); ``marks_shown`` says which a view's picture draws. The strip's counts
beside a city and a hero icon are explained by those marks' words."""


def marks_shown(view: HeroesCitiesView) -> tuple[str, ...]:
    """The marks ``view``'s picture draws: the strip always shows a city, a hero and the lost
    pieces with their counts, and the move number."""
    found = {"city", "hero", "turn", "lost"} | {piece.kind for piece in view.pieces}
    move = view.last_move
    if move is not None and len(move.path) >= 2:
        found.add("move")
    if move is not None and move.captured:
        found.add("capture")
    return shown_marks(found, MARKS)


def legend_icon(mark: str, view: HeroesCitiesView) -> Image.Image:
    """``mark`` as the picture draws it, small, for the legend strip."""
    seat = view.last_move.seat if view.last_move is not None else 0
    if mark == "city":
        return city_sprite(0, 22)
    if mark in ("attacker", "hero"):
        return piece_sprite(0, mark, 26)
    if mark == "move":
        return move_icon(SEATS[seat].fill)
    if mark == "capture":
        return capture_sprite(24)
    if mark == "turn":
        return text_icon(f"#{view.turn}", 17)
    if mark == "lost":
        return lost_sprite(0, "attacker", 22)
    raise ValueError(f"no legend icon for {mark!r}")
