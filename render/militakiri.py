"""The board picture for Militakiri: ``render_board(view) -> PNG bytes``.

The board stands in a frame with coordinates (files above and below, ranks 1-12 left and
right, rank 1 at the bottom), with a side panel to its right:

- single board (6 x 12): 636 x 780 px, portrait, 60 px squares;
- double board (12 x 12): 828 x 612 px, 46 px squares.

Seat 0 is red and sets up at the bottom, seat 1 blue at the top; blue pieces carry stripes
on their sides and blue towers on their walls, so the colours never have to be told apart
by hue alone. On the board:

- setup zones: the first three ranks of each seat, tinted towards that seat's colour;
- pawn: a coin in its owner's colour showing its shape in white: plus (+), cross (x) or
  star (both, eight arms);
- rank (2-4 stacked pawns): the coins stacked bottom to top, each lower pawn showing as a
  band in its own colour below the next, the top coin (whose shape and colour rule) with a
  badge giving the height;
- tower: a crenellated tower in its owner's colour with its shape in white on the wall;
- last move: from and to squares tinted, an arrow in the mover's colour, a burst on the
  square of a capture, a gold frame on a placed reserve tower and a small tower badge
  where a rank was exchanged for one;
- ``highlights`` (the squares a beginner's piece can reach): squares tinted teal, a dot on
  an empty square, corner marks on an occupied one;
- while a reserve tower must be placed: a faint tower on every square it may go.

The side panel holds, per seat (blue at the top, red at the bottom, as they sit): the name,
framed in the seat's colour when it is to act and in gold with a crown once it has won; a tick
or an hourglass for its setup while the setup is open; its reserve towers per shape with
counts; the pieces it lost off the board (``view.lost``: towers, then pawns, per shape, faded
and crossed out, with counts; pawns taken but still under an enemy rank show on the board as
that rank's lower bands); towers waiting for a free square in the setup zone (gold rings, the
oldest first); and, when the endgame rule is active, the moves it has left. In the middle: the
title, the move number, the score once the game is over and the status from ``labels``. Words
appear only if the bot passes ``labels``; the title shrinks or wraps, and the status breaks
between its phrases before it breaks inside one (``render.common.fit_lines``); a long name
shrinks, then takes two lines (``render.common.fit_name``). The view carries no clocks, so none
are drawn.

Under the picture, when the labels carry the ``legend_*`` words, a strip says what each mark the
picture draws means (``marks_shown``, in the order of ``MARKS``), in the reader's language; the
picture grows by the strip (``render.common.with_legend``), and keeps its size without words.

Pieces and marks are cached anti-aliased sprites (see ``render.common``); the PNG is written
with a 256-colour palette, which loses nothing visible on these flat colours.
"""

from __future__ import annotations

import math
from functools import cache

from PIL import Image, ImageDraw

from engines.core.contract import Result
from engines.militakiri.view import LostView, MilitakiriView, PawnView, PieceView, Shape
from render.board_layout import BoardLayout, checkered_board, fit_grid, panel_beside
from render.common import (
    BLUE,
    DARK_SQUARE,
    FILES,
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
    Font,
    Ink,
    Point,
    SeatStyle,
    blend,
    circle_box,
    crossed_out,
    crown_sprite,
    draw_arrow,
    draw_lines,
    draw_text,
    encode_png,
    fill_pattern,
    fit_lines,
    fit_name,
    font,
    hex_rgb,
    hourglass_sprite,
    legend_entries,
    legend_icon_box,
    move_icon,
    overlay,
    paste_sprite,
    rgba,
    scale_points,
    shorten,
    shown_marks,
    star_points,
    supersampled,
    text_icon,
    text_width,
    tick_sprite,
    with_legend,
)

__all__ = ["SEATS", "BoardLabels", "layout", "render_board", "render_image"]

SEATS: tuple[SeatStyle, SeatStyle] = (RED, BLUE)
SHAPES: tuple[Shape, Shape, Shape] = ("star", "cross", "plus")
"""The order of the reserve counts in the panel (the rulebook's: star, cross, plus)."""

MARGIN = 30
"""Room for the coordinates around the board."""
BOARD_MAX_WIDTH = 552
BOARD_MAX_HEIGHT = 720
"""The board's squares fill at most this much: 60 px squares single, 46 px double."""
PANEL = 216
"""Width of the side panel right of the board's frame."""

ZONE_TINT = 0.36
"""How far a setup zone square is tinted towards its seat's light colour."""
FROM_TINT = 0.55
TO_TINT = 0.72
"""How far last-move squares are tinted towards ``HIGHLIGHT``."""
REACH: RGB = hex_rgb("#1b9e8f")
REACH_DARK: RGB = hex_rgb("#0e5c53")
REACH_TINT = 0.38
"""``highlights`` squares are tinted this far towards ``REACH``."""

COIN_RADIUS = 0.29
COIN_THICK = 0.085
"""A pawn's face radius and the band each pawn of a stack adds below the next, in squares."""
TOWER_ALPHA = 96
"""Opacity of the faint towers on the squares a reserve tower may be placed on."""


# --------------------------------------------------------------------------- layout


@cache
def layout(files: int, ranks: int) -> BoardLayout:
    """The picture's size and the board's place for a ``files`` x ``ranks`` board.

    >>> layout(6, 12).width, layout(6, 12).height, layout(6, 12).cell
    (636, 780, 60)
    >>> layout(12, 12).width, layout(12, 12).height, layout(12, 12).cell
    (828, 612, 46)
    """
    geo = fit_grid(files, ranks, (MARGIN, MARGIN, MARGIN + BOARD_MAX_WIDTH, MARGIN + BOARD_MAX_HEIGHT), centred=False)
    return panel_beside(geo, geo.right, gap=MARGIN, panel_width=PANEL, height=geo.bottom + MARGIN, inset=(2, 10))


def _square(view: MilitakiriView, square: str) -> tuple[int, int]:
    """``"c10"`` -> ``(2, 9)``, refusing squares off this view's board."""
    name = square.strip().lower()
    if len(name) < 2 or name[0] not in FILES or not name[1:].isdigit():
        raise ValueError(f"not a square: {square!r}")
    file, rank = FILES.index(name[0]), int(name[1:]) - 1
    if not (0 <= file < view.files and 0 <= rank < view.ranks):
        raise ValueError(f"square off the {view.files} x {view.ranks} board: {square!r}")
    return file, rank


# --------------------------------------------------------------------------- the picture


def render_board(view: MilitakiriView, *, labels: BoardLabels | None = None) -> bytes:
    """The board for ``view`` as PNG bytes (see ``layout`` for the size; 256-colour palette)."""
    return encode_png(render_image(view, labels=labels), palette=True)


def render_image(view: MilitakiriView, *, labels: BoardLabels | None = None) -> Image.Image:
    """The board for ``view`` as a Pillow image, before encoding."""
    lay = layout(view.files, view.ranks)
    geo = lay.geo
    cell = geo.cell
    image, draw = checkered_board(lay, FRAME, MARGIN, 15, _square_tints(view))

    move = view.last_move
    if move is not None and move.frm and move.to and move.frm != move.to:
        _draw_arrow(image, view, geo)

    occupied = {_square(view, piece.square) for piece in view.pieces}
    for square in view.highlights:
        at = _square(view, square)
        mark = reach_corners_sprite(cell) if at in occupied else reach_dot_sprite(cell)
        paste_sprite(image, mark, geo.centre(*at))
    if view.placing:
        shape = _placing_shape(view)
        seat = view.to_act[0] if view.to_act else None
        if shape is not None and seat is not None:
            for square in view.placement_squares:
                paste_sprite(image, ghost_tower_sprite(seat, shape, cell), geo.centre(*_square(view, square)))

    for piece in view.pieces:
        _draw_piece(image, piece, geo.centre(*_square(view, piece.square)), cell)

    if move is not None:
        if move.placement:
            paste_sprite(image, placed_sprite(cell), geo.centre(*_square(view, move.placement)))
        if move.to and move.capture:
            paste_sprite(image, capture_sprite(cell), capture_mark_centre(view, geo))
        if move.to and move.promotion:
            # the rank left the board for a reserve tower: a tower on a gold disc where it
            # stood (in the other lower corner than a capture burst should a piece stand there)
            to = _square(view, move.to)
            x, y = geo.centre(*to)
            if to in occupied:
                bx, _ = capture_mark_centre(view, geo)
                side = -1.0 if bx > x else 1.0
                paste_sprite(image, promotion_sprite(move.seat, move.promotion, cell, 0.46),
                             (x + side * 0.3 * cell, y + 0.3 * cell))
            else:
                paste_sprite(image, promotion_sprite(move.seat, move.promotion, cell, 0.62), (x, y))

    labels = labels or BoardLabels()
    _draw_panel(image, draw, view, lay, labels)
    return with_legend(image, legend_entries(marks_shown(view), labels, lambda mark: legend_icon(mark, view)))


def capture_mark_centre(view: MilitakiriView, geo: BoardGeometry) -> Point:
    """Where the capture burst goes: a lower corner of the ``to`` square, the one away from
    the arrow (the upper right holds a rank's height badge)."""
    move = view.last_move
    assert move is not None and move.to
    x, y = geo.centre(*_square(view, move.to))
    side = 1.0
    if move.frm:
        fx, _ = geo.centre(*_square(view, move.frm))
        side = -1.0 if fx > x else 1.0
    return (x + side * 0.31 * geo.cell, y + 0.31 * geo.cell)


def _placing_shape(view: MilitakiriView) -> Shape | None:
    """The shape of the reserve tower being placed: the acting seat's oldest waiting one, or
    the one the last move earned."""
    if view.to_act and view.pending[view.to_act[0]]:
        return view.pending[view.to_act[0]][0]
    if view.last_move is not None and view.last_move.promotion is not None:
        return view.last_move.promotion
    return None


def _draw_piece(image: Image.Image, piece: PieceView, centre: Point, cell: int) -> None:
    cx, cy = centre
    if piece.kind == "tower":
        paste_sprite(image, tower_sprite(piece.owner, piece.shape, cell), centre)
        return
    stack: tuple[PawnView, ...] = piece.stack or (PawnView(owner=piece.owner, shape=piece.shape),) * max(piece.height, 1)
    height = len(stack)
    thick = COIN_THICK * cell
    # the whole stack centred on the square: bottom coin lowest, each next one band higher
    for index, pawn in enumerate(stack):
        dy = ((height - 1) / 2 - index) * thick
        top = index == height - 1
        # the ruling top pawn is the piece's owner and shape, whatever the stack says
        owner, shape = (piece.owner, piece.shape) if top else (pawn.owner, pawn.shape)
        paste_sprite(image, coin_sprite(owner, shape, cell), (cx, cy + dy))
    if height > 1:
        lift = (height - 1) / 2 * thick
        paste_sprite(image, height_sprite(height, cell), (cx + 0.3 * cell, cy - lift - 0.27 * cell))


# --------------------------------------------------------------------------- squares


def _base(file: int, rank: int) -> RGB:
    return DARK_SQUARE if (file + rank) % 2 == 0 else LIGHT_SQUARE


def _square_tints(view: MilitakiriView) -> dict[tuple[int, int], RGB]:
    """Square colours: setup zones, then the last move, then the reachable squares."""
    colours: dict[tuple[int, int], RGB] = {}
    for seat, zone in enumerate(view.setup_zones):
        for square in zone:
            file, rank = _square(view, square)
            colours[(file, rank)] = blend(_base(file, rank), SEATS[seat].light, ZONE_TINT)

    def tint(square: str, towards: RGB, amount: float) -> None:
        at = _square(view, square)
        colours[at] = blend(colours.get(at) or _base(*at), towards, amount)

    move = view.last_move
    if move is not None:
        if move.frm:
            tint(move.frm, HIGHLIGHT, FROM_TINT)
        for target in {s for s in (move.to, move.placement) if s is not None and s != move.frm}:
            tint(target, HIGHLIGHT, TO_TINT)
    for square in dict.fromkeys(view.highlights):
        tint(square, REACH, REACH_TINT)
    return colours


def _draw_arrow(image: Image.Image, view: MilitakiriView, geo: BoardGeometry) -> None:
    """The way the last move went: a ring where it started, an arrow up to the piece."""
    move = view.last_move
    assert move is not None and move.frm and move.to
    start = geo.centre(*_square(view, move.frm))
    end = geo.centre(*_square(view, move.to))
    points = shorten([start, end], geo.cell * 0.16, geo.cell * (COIN_RADIUS + 0.06))
    style = SEATS[move.seat]
    pad = geo.cell / 2
    box = (
        int(min(start[0], end[0]) - pad),
        int(min(start[1], end[1]) - pad),
        int(max(start[0], end[0]) + pad) + 1,
        int(max(start[1], end[1]) + pad) + 1,
    )
    width = geo.cell * 0.1
    head = geo.cell * 0.24

    def draw_fn(draw: ImageDraw.ImageDraw, scale: float, origin: Point) -> None:
        pts = scale_points(points, scale, origin)
        first = scale_points([start], scale, origin)[0]
        edge = geo.cell * 0.035 * scale
        ring = geo.cell * 0.15 * scale
        draw.ellipse(circle_box(*first, ring + edge), outline=WHITE, width=round(3.4 * edge))
        draw.ellipse(circle_box(*first, ring), outline=style.fill, width=round(1.4 * edge))
        draw_arrow(draw, pts, WHITE, width * scale + 2 * edge, head * scale + 3 * edge)
        draw_arrow(draw, shorten(pts, 0, edge * 1.6), style.fill, width * scale, head * scale)

    overlay(image, box, draw_fn)


# --------------------------------------------------------------------------- symbols


def _bar(cx: float, cy: float, angle: float, half_length: float, half_width: float) -> list[Point]:
    """The corners of a bar through (cx, cy) at ``angle`` degrees."""
    a = math.radians(angle)
    ux, uy = math.cos(a), math.sin(a)
    vx, vy = -uy, ux
    return [
        (cx + ux * half_length + vx * half_width, cy + uy * half_length + vy * half_width),
        (cx + ux * half_length - vx * half_width, cy + uy * half_length - vy * half_width),
        (cx - ux * half_length - vx * half_width, cy - uy * half_length - vy * half_width),
        (cx - ux * half_length + vx * half_width, cy - uy * half_length + vy * half_width),
    ]


def symbol_angles(shape: str) -> tuple[int, ...]:
    """The bars of a shape: plus 0/90 degrees, cross 45/135, star all four."""
    if shape == "plus":
        return (0, 90)
    if shape == "cross":
        return (45, 135)
    if shape == "star":
        return (0, 45, 90, 135)
    raise ValueError(f"unknown shape {shape!r}")


def draw_symbol(
    draw: ImageDraw.ImageDraw,
    shape: str,
    centre: Point,
    size: float,
    fill: Ink,
    outline: Ink | None = None,
    edge: float = 0.0,
) -> None:
    """``shape`` as its symbol, arms ``size`` long from ``centre``, with an ``edge`` wide outline."""
    cx, cy = centre
    angles = symbol_angles(shape)
    half_width = size * (0.2 if shape == "star" else 0.34)
    if outline is not None and edge > 0:
        for angle in angles:
            draw.polygon(_bar(cx, cy, angle, size + edge, half_width + edge), fill=outline)
    for angle in angles:
        draw.polygon(_bar(cx, cy, angle, size, half_width), fill=fill)


# --------------------------------------------------------------------------- sprites


@cache
def coin_sprite(owner: int, shape: str, cell: int) -> Image.Image:
    """One pawn for a ``cell`` px square: a coin in ``owner``'s colour (its side band below the
    face), ``shape`` in white on the face (none for ``""``: the seat badge). Stacked pawns are
    these, one band apart."""
    style = SEATS[owner]

    def draw_fn(image: Image.Image, s: float) -> None:
        draw = ImageDraw.Draw(image)
        c = cell * s
        r = COIN_RADIUS * c
        thick = COIN_THICK * c
        line = max(0.024 * c, 1.1 * s)
        cx = c / 2
        face_y = c / 2 - thick / 2
        side_y = c / 2 + thick / 2

        def body(d: ImageDraw.ImageDraw, radius: float, fill: Ink) -> None:
            d.ellipse(circle_box(cx, side_y, radius), fill=fill)
            d.rectangle((cx - radius, face_y, cx + radius, side_y), fill=fill)
            d.ellipse(circle_box(cx, face_y, radius), fill=fill)

        body(draw, r + line, rgba(INK))
        body(draw, r, rgba(blend(style.fill, style.dark, 0.3)))
        side = Image.new("L", image.size, 0)
        body(ImageDraw.Draw(side), r, 255)
        fill_pattern(image, side, style, s, cell * 0.7)
        draw.ellipse(circle_box(cx, face_y, r + line * 0.2), fill=rgba(style.dark))
        draw.ellipse(circle_box(cx, face_y, r - line * 0.8), fill=rgba(style.fill))
        if shape:
            draw_symbol(draw, shape, (cx, face_y), r * 0.68, rgba(WHITE), rgba(style.dark), line * 0.9)

    return supersampled((cell, cell), draw_fn)


def _tower_outline(c: float, inset: float) -> tuple[list[Point], list[tuple[float, float, float, float]]]:
    """The tower in a ``c`` px box, shrunk by ``inset``: the body polygon and the merlons."""
    body = [
        (0.2 * c + inset, 0.2 * c + inset),
        (0.8 * c - inset, 0.2 * c + inset),
        (0.8 * c - inset, 0.33 * c),
        (0.74 * c - inset, 0.38 * c),
        (0.76 * c - inset, 0.82 * c),
        (0.83 * c - inset, 0.84 * c),
        (0.83 * c - inset, 0.93 * c - inset),
        (0.17 * c + inset, 0.93 * c - inset),
        (0.17 * c + inset, 0.84 * c),
        (0.24 * c + inset, 0.82 * c),
        (0.26 * c + inset, 0.38 * c),
        (0.2 * c + inset, 0.33 * c),
    ]
    merlon = 0.14 * c - 2 * inset
    left, right = 0.2 * c + inset, 0.8 * c - inset
    gap = (right - left - 3 * merlon) / 2
    merlons = [
        (left + i * (merlon + gap), 0.07 * c + inset, left + i * (merlon + gap) + merlon, 0.24 * c)
        for i in range(3)
    ]
    return body, merlons


@cache
def tower_sprite(owner: int, shape: str, cell: int, alpha: int = 255) -> Image.Image:
    """A tower for a ``cell`` px square in ``owner``'s colour, ``shape`` in white on its wall."""
    style = SEATS[owner]

    def draw_fn(image: Image.Image, s: float) -> None:
        draw = ImageDraw.Draw(image)
        c = cell * s
        edge = min(max(0.03 * c, 1.4 * s), 0.05 * c)  # a visible outline, also on small icons

        def silhouette(d: ImageDraw.ImageDraw, inset: float, fill: Ink) -> None:
            body, merlons = _tower_outline(c, inset)
            d.polygon(body, fill=fill)
            for box in merlons:
                d.rounded_rectangle(box, radius=0.02 * c, fill=fill)

        shadow = Image.new("L", image.size, 0)
        silhouette(ImageDraw.Draw(shadow), 0, 70)
        image.paste(rgba(INK, 255), (round(0.02 * c), round(0.025 * c)), shadow)
        silhouette(draw, 0, rgba(INK))
        silhouette(draw, edge, rgba(style.fill))
        mask = Image.new("L", image.size, 0)
        silhouette(ImageDraw.Draw(mask), edge, 255)
        fill_pattern(image, mask, style, s, cell * 0.8)
        # the wall: a plain panel behind the symbol, a line under the battlement
        draw.line([(0.24 * c, 0.36 * c), (0.76 * c, 0.36 * c)], fill=rgba(style.dark), width=round(edge * 0.8))
        draw.rounded_rectangle((0.3 * c, 0.43 * c, 0.7 * c, 0.79 * c), radius=0.05 * c, fill=rgba(style.fill))
        draw_symbol(draw, shape, (0.5 * c, 0.61 * c), 0.175 * c, rgba(WHITE), rgba(style.dark), edge * 0.8)

    sprite = supersampled((cell, cell), draw_fn)
    if alpha < 255:
        sprite.putalpha(sprite.getchannel("A").point(lambda a: a * alpha // 255))
    return sprite


def ghost_tower_sprite(owner: int, shape: str, cell: int) -> Image.Image:
    """A faint tower: where a reserve tower may be placed."""
    return tower_sprite(owner, shape, cell, TOWER_ALPHA)


@cache
def height_sprite(height: int, cell: int) -> Image.Image:
    """A small white badge with the height of a rank."""
    size = max(round(cell * 0.34), 14)

    def draw_fn(image: Image.Image, s: float) -> None:
        draw = ImageDraw.Draw(image)
        c = size * s
        line = max(0.09 * c, 1.1 * s)
        draw.ellipse(circle_box(c / 2, c / 2, c / 2 - 0.02 * c), fill=rgba(INK))
        draw.ellipse(circle_box(c / 2, c / 2, c / 2 - 0.02 * c - line), fill=rgba(WHITE))
        draw.text((c / 2, c / 2 + 0.03 * c), str(height), font=font(round(0.7 * c)), fill=rgba(INK), anchor="mm")

    return supersampled((size, size), draw_fn)


@cache
def lost_sprite(owner: int, kind: str, shape: Shape, size: int) -> Image.Image:
    """A lost tower or pawn of ``owner``: its icon faded, with a small cross badge."""
    # a piece fills only part of its square: draw it for a larger one and keep the middle
    big = round(size * (1.15 if kind == "tower" else 1.5))
    margin = (big - size) // 2
    if kind == "tower":
        return crossed_out(tower_sprite(owner, shape, big).crop((margin, margin, margin + size, margin + size)))
    return crossed_out(coin_sprite(owner, shape, big).crop((margin, margin, margin + size, margin + size)))


@cache
def reach_dot_sprite(cell: int) -> Image.Image:
    """A dot on an empty square a piece can reach."""

    def draw_fn(image: Image.Image, s: float) -> None:
        draw = ImageDraw.Draw(image)
        c = cell * s
        draw.ellipse(circle_box(c / 2, c / 2, 0.15 * c), fill=rgba(WHITE, 200))
        draw.ellipse(circle_box(c / 2, c / 2, 0.12 * c), fill=rgba(REACH_DARK))

    return supersampled((cell, cell), draw_fn)


@cache
def reach_corners_sprite(cell: int) -> Image.Image:
    """Corner triangles on an occupied square a piece can reach (a capture)."""

    def draw_fn(image: Image.Image, s: float) -> None:
        draw = ImageDraw.Draw(image)
        c = cell * s
        a = 0.24 * c
        for x, y, dx, dy in ((0, 0, 1, 1), (c, 0, -1, 1), (0, c, 1, -1), (c, c, -1, -1)):
            draw.polygon([(x, y), (x + dx * a, y), (x, y + dy * a)], fill=rgba(REACH_DARK))

    return supersampled((cell, cell), draw_fn)


@cache
def capture_sprite(cell: int) -> Image.Image:
    """A burst with a cross: the last move captured here."""
    size = max(round(cell * 0.4), 16)

    def draw_fn(image: Image.Image, s: float) -> None:
        draw = ImageDraw.Draw(image)
        c = size * s
        burst = star_points(c / 2, c / 2, c * 0.49, c * 0.33, 8, turn=0.5)
        draw.polygon(burst, fill=rgba(INK))
        draw.polygon(star_points(c / 2, c / 2, c * 0.4, c * 0.26, 8, turn=0.5), fill=rgba(GOLD))
        d = c * 0.13
        for (x0, y0), (x1, y1) in (((-d, -d), (d, d)), ((-d, d), (d, -d))):
            draw.line([(c / 2 + x0, c / 2 + y0), (c / 2 + x1, c / 2 + y1)], fill=rgba(INK), width=round(c * 0.1))

    return supersampled((size, size), draw_fn)


@cache
def placed_sprite(cell: int) -> Image.Image:
    """A gold frame inside a square: a reserve tower was placed here by the last move."""

    def draw_fn(image: Image.Image, s: float) -> None:
        draw = ImageDraw.Draw(image)
        c = cell * s
        w = 0.06 * c
        draw.rounded_rectangle((w / 2, w / 2, c - w / 2, c - w / 2), radius=0.1 * c, outline=rgba(GOLD), width=round(w))

    return supersampled((cell, cell), draw_fn)


@cache
def promotion_sprite(owner: int, shape: str, cell: int, fraction: float) -> Image.Image:
    """A small tower on a gold disc ``fraction`` of a square wide: a rank was exchanged here
    for a reserve tower."""
    size = max(round(cell * fraction), 24)
    tower = tower_sprite(owner, shape, round(size * 0.82))

    def draw_fn(image: Image.Image, s: float) -> None:
        draw = ImageDraw.Draw(image)
        c = size * s
        draw.ellipse(circle_box(c / 2, c / 2, c / 2 - 0.02 * c), fill=rgba(INK))
        draw.ellipse(circle_box(c / 2, c / 2, c / 2 - 0.1 * c), fill=rgba(GOLD))

    badge = supersampled((size, size), draw_fn)
    badge.alpha_composite(tower, ((size - tower.width) // 2, (size - tower.height) // 2))
    return badge


@cache
def pending_sprite(owner: int, shape: str, size: int, first: bool) -> Image.Image:
    """A waiting reserve tower: its tower inside a gold ring, solid for the oldest (placed
    first), dashed for the rest."""
    tower = tower_sprite(owner, shape, round(size * 0.8))

    def draw_fn(image: Image.Image, s: float) -> None:
        draw = ImageDraw.Draw(image)
        c = size * s
        box = circle_box(c / 2, c / 2, c / 2 - 0.05 * c)
        w = round(0.08 * c)
        if first:
            draw.ellipse(box, outline=rgba(GOLD), width=w)
        else:
            for start in range(0, 360, 30):
                draw.arc(box, start, start + 18, fill=rgba(GOLD), width=w)

    ring = supersampled((size, size), draw_fn)
    ring.alpha_composite(tower, ((size - tower.width) // 2, (size - tower.height) // 2))
    return ring


# --------------------------------------------------------------------------- side panel


BLOCK_PAD = 8
NAME_ROW = 40
ICON_ROW = 42
SMALL_ROW = 30
LOST_ICON = 28
LOST_GAP = 14
"""Lost pieces: icon size and the room after each count."""


def lost_rows(lost: LostView) -> list[list[tuple[str, Shape, int]]]:
    """``(kind, shape, count)`` for every kind of piece the seat lost, a row for towers (they
    decide the game) above a row for pawns, shapes in the panel's order; empty rows left out."""
    rows = []
    for kind, counts in (("tower", lost.towers), ("pawn", lost.pawns)):
        row = [(kind, shape, getattr(counts, shape)) for shape in SHAPES if getattr(counts, shape)]
        if row:
            rows.append(row)
    return rows


def _block_height(view: MilitakiriView, seat: int) -> int:
    height = BLOCK_PAD * 2 + NAME_ROW + ICON_ROW
    height += SMALL_ROW * len(lost_rows(view.lost[seat]))
    if view.pending[seat]:
        height += SMALL_ROW
    if view.endgame is not None:
        height += SMALL_ROW
    return height


def _draw_panel(
    image: Image.Image, draw: ImageDraw.ImageDraw, view: MilitakiriView, lay: BoardLayout, labels: BoardLabels
) -> None:
    top = lay.geo.top - 16
    bottom = lay.geo.bottom + 16
    # blue (seat 1) sits at the top of the board, red (seat 0) at the bottom
    blue_bottom = top + _block_height(view, 1)
    red_top = bottom - _block_height(view, 0)
    _draw_seat(image, draw, view, lay, 1, labels.seat(1), top)
    _draw_seat(image, draw, view, lay, 0, labels.seat(0), red_top)
    _draw_centre(draw, view, lay, labels, blue_bottom + 6, red_top - 6)


def _draw_seat(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: MilitakiriView,
    lay: BoardLayout,
    seat: int,
    name: str,
    top: int,
) -> None:
    style = SEATS[seat]
    x0, x1 = lay.panel_left, lay.panel_right
    bottom = top + _block_height(view, seat)
    result = view.result
    winner = result is not None and seat in result.winners and not result.draw
    acting = result is None and seat in view.to_act
    if acting or winner:
        draw.rounded_rectangle((x0, top, x1, bottom), radius=10, fill=blend(FRAME, style.fill, 0.18),
                               outline=GOLD if winner else style.fill, width=2)

    left = x0 + BLOCK_PAD + 4
    y = top + BLOCK_PAD + NAME_ROW / 2
    badge = 32
    paste_sprite(image, coin_sprite(seat, "", badge), (left + badge / 2, y))
    if winner:
        paste_sprite(image, crown_sprite(22), (left + badge / 2 + 12, y - 14))
    right = x1 - BLOCK_PAD - 2
    if view.phase == "setup":
        mark = tick_sprite(22) if view.setup_done[seat] else hourglass_sprite(22, FRAME_TEXT_DIM)
        paste_sprite(image, mark, (right - 11, y))
        right -= 28
    if name:
        text_left = left + badge + 8
        draw_lines(draw, (text_left, y), fitted_name(name, right - text_left), WHITE, anchor="lm")
    y += NAME_ROW / 2

    # reserve towers per shape
    reserve = view.reserves[seat]
    number_font = font(16)
    icon = 40
    x: float = left - 4
    row = y + ICON_ROW / 2
    for shape in SHAPES:
        count = getattr(reserve, shape)
        sprite = tower_sprite(seat, shape, icon, 255 if count else 110)
        paste_sprite(image, sprite, (x + icon / 2, row))
        x += icon
        draw_text(draw, (x, row + 1), str(count), number_font, FRAME_TEXT if count else FRAME_TEXT_DIM, anchor="lm")
        x += text_width(str(count), number_font) + 12
    y += ICON_ROW

    # pieces lost off the board: faded, crossed out, with counts
    number_font = font(15)
    for row_items in lost_rows(view.lost[seat]):
        row = y + SMALL_ROW / 2
        x = left - 3
        for kind, shape, count in row_items:
            paste_sprite(image, lost_sprite(seat, kind, shape, LOST_ICON), (x + LOST_ICON / 2, row))
            x += LOST_ICON + 2
            draw_text(draw, (x, row + 1), str(count), number_font, FRAME_TEXT, anchor="lm")
            x += text_width(str(count), number_font) + LOST_GAP
        y += SMALL_ROW

    # reserve towers waiting for a free square in the setup zone, the oldest first
    if view.pending[seat]:
        row = y + SMALL_ROW / 2
        size = 28
        x = left - 2
        for index, shape in enumerate(view.pending[seat]):
            if x + size > x1 - BLOCK_PAD:
                draw_text(draw, (x, row), "+" + str(len(view.pending[seat]) - index), font(14), FRAME_TEXT, anchor="lm")
                break
            paste_sprite(image, pending_sprite(seat, shape, size, index == 0), (x + size / 2, row))
            x += size + 4
        y += SMALL_ROW

    # the endgame rule: moves this seat has left
    endgame = view.endgame
    if endgame is not None:
        row = y + SMALL_ROW / 2
        lone = seat in endgame.lone
        colour = GOLD if lone else FRAME_TEXT
        paste_sprite(image, hourglass_sprite(22, colour), (left + 11, row))
        text = f"{endgame.moves_left[seat]}/{endgame.limit}"
        draw_text(draw, (left + 28, row), text, font(16), colour, anchor="lm")


def score(result: Result | None) -> str:
    """``1-0``, ``0-1`` or ``1/2-1/2`` once the game is over, else empty.

    >>> score(Result(winners=(1,), reason="x")), score(Result(draw=True, reason="x")), score(None)
    ('0-1', '1/2-1/2', '')
    """
    if result is None:
        return ""
    if result.draw or not result.winners or set(result.winners) == {0, 1}:
        return "1/2-1/2"
    return "1-0" if 0 in result.winners else "0-1"


def fitted_name(name: str, width: float) -> FittedText:
    """A seat's name as it fits its row: shrunk to 12 px, else on two lines (``fit_name``)."""
    return fit_name(name, width, size=17, min_size=12)


def fitted_title(title: str, width: float) -> FittedText:
    """The title as it fits the panel: shrunk to 14 px, else on two lines."""
    return fit_lines(title, width, size=18, min_size=14, max_lines=2)


def fitted_status(status: str, width: float, room: float) -> FittedText:
    """The status as it fits ``room`` px of the panel's middle: lines broken between phrases
    first ("Anna is to move." / "Clocks: ..."), as many as the room takes (at most 6)."""
    return fit_lines(status, width, size=14, min_size=12, max_lines=int(min(max(room // 18, 1), 6)), line_spacing=1.3)


def _draw_centre(
    draw: ImageDraw.ImageDraw, view: MilitakiriView, lay: BoardLayout, labels: BoardLabels, top: int, bottom: int
) -> None:
    """Move number, title, status and score, centred between the two seat blocks."""
    x0, x1 = lay.panel_left + 4, lay.panel_right - 4
    width = x1 - x0
    lines: list[tuple[str, Font, RGB, int]] = []
    if labels.title:
        title = fitted_title(labels.title, width)
        lines += [(line, title.font, FRAME_TEXT, title.line_height + 4) for line in title.lines]
    lines.append((f"#{view.turn}", font(17), FRAME_TEXT, 26))
    result_text = score(view.result)
    if result_text:
        lines.append((result_text, font(22), GOLD, 32))
    room = max(bottom - top - sum(h for *_, h in lines) - 8, 0)
    if labels.status:
        status = fitted_status(labels.status, width, room)
        lines += [(line, status.font, FRAME_TEXT_DIM, status.line_height) for line in status.lines]
    total = sum(h for *_, h in lines)
    y = (top + bottom) / 2 - total / 2
    centre = (x0 + x1) / 2
    for text, fnt, colour, height in lines:
        draw_text(draw, (centre, y + height / 2), text, fnt, colour)
        y += height


# --------------------------------------------------------------------------- the marks' legend


MARKS = ("pawn", "rank", "tower", "setup_zone", "move", "capture", "placed", "promotion", "reach", "placement",
         "turn", "ready", "reserve", "lost", "pending", "endgame")
"""Every mark the picture may draw, in the order the strip under it explains them (each has a
``legend_<mark>`` word); ``marks_shown`` says which a view's picture draws."""


def marks_shown(view: MilitakiriView) -> tuple[str, ...]:
    """The marks ``view``'s picture draws (the legend explains these: a picture explains what it
    shows, and the strip stays short on the narrow single board)."""
    found = {"turn", "reserve"}
    for piece in view.pieces:
        found.add("tower" if piece.kind == "tower" else "rank" if max(piece.height, len(piece.stack)) > 1 else "pawn")
    if any(view.setup_zones):
        found.add("setup_zone")
    move = view.last_move
    if move is not None:
        if move.frm and move.to and move.frm != move.to:
            found.add("move")
        if move.placement:
            found.add("placed")
        if move.to and move.capture:
            found.add("capture")
        if move.to and move.promotion:
            found.add("promotion")
    if view.highlights:
        found.add("reach")
    if view.placing and view.placement_squares and _placing_shape(view) is not None and view.to_act:
        found.add("placement")
    if view.phase == "setup":
        found.add("ready")
    if any(lost_rows(lost) for lost in view.lost):
        found.add("lost")
    if any(view.pending):
        found.add("pending")
    if view.endgame is not None:
        found.add("endgame")
    return shown_marks(found, MARKS)


def legend_icon(mark: str, view: MilitakiriView) -> Image.Image:
    """``mark`` as the picture draws it, small, for the legend strip."""
    seat = view.last_move.seat if view.last_move is not None else 0
    size = 24
    if mark == "pawn":
        return coin_sprite(0, "plus", size)
    if mark == "rank":
        icon, _ = legend_icon_box(size + 6)
        paste_sprite(icon, coin_sprite(0, "star", size), (size / 2, 12))
        paste_sprite(icon, height_sprite(2, 20), (size - 2, 8))
        return icon
    if mark == "tower":
        return tower_sprite(0, "cross", size)
    if mark == "move":
        return move_icon(SEATS[seat].fill)
    if mark == "capture":
        return capture_sprite(40)
    if mark == "promotion":
        return promotion_sprite(seat, "star", 22, 1.0)
    if mark == "turn":
        return text_icon(f"#{view.turn}", 17)
    if mark == "ready":
        icon, _ = legend_icon_box(42)
        paste_sprite(icon, tick_sprite(18), (10, 11))
        paste_sprite(icon, hourglass_sprite(18, FRAME_TEXT_DIM), (32, 11))
        return icon
    if mark == "reserve":
        icon, draw = legend_icon_box(38)
        paste_sprite(icon, tower_sprite(0, "plus", size), (12, 11))
        draw_text(draw, (25, 12), "2", font(15), FRAME_TEXT, anchor="lm")
        return icon
    if mark == "lost":
        return lost_sprite(0, "pawn", "cross", 22)
    if mark == "pending":
        return pending_sprite(0, "star", 22, True)
    if mark == "endgame":
        return hourglass_sprite(20, FRAME_TEXT)
    # marks on a square of their own
    icon, _ = legend_icon_box(size, size, fill=DARK_SQUARE)
    if mark == "setup_zone":
        icon.paste(blend(DARK_SQUARE, SEATS[0].light, ZONE_TINT), (0, 0, size, size))
    elif mark == "placed":
        icon.paste(blend(DARK_SQUARE, HIGHLIGHT, TO_TINT), (0, 0, size, size))
        paste_sprite(icon, placed_sprite(size), (size / 2, size / 2))
    elif mark == "reach":
        icon.paste(blend(DARK_SQUARE, REACH, REACH_TINT), (0, 0, size, size))
        paste_sprite(icon, reach_dot_sprite(size), (size / 2, size / 2))
    elif mark == "placement":
        paste_sprite(icon, ghost_tower_sprite(0, "plus", size), (size / 2, size / 2))
    else:
        raise ValueError(f"no legend icon for {mark!r}")
    return icon
