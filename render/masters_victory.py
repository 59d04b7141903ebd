"""The board picture for Masters Victory: ``render_board(view) -> PNG bytes``.

860 x 880 px, portrait: on the left the 18 x 11 board in a frame with coordinates (row
letters ``a``-``r`` left and right, ``a`` at the bottom; column numbers above and below),
on the right a panel per seat (seat 1, north, on top; seat 0, south, below) with the
eliminated pieces, and between them the turn. Each player looks from their own side, as at
the table: seat 1's private picture is turned 180 degrees (row ``a`` at the top, its own
pieces and panel block at the bottom, its aircraft pointing up); the public picture and seat
0's have seat 0 at the bottom. Seat 0 is red, seat 1 green (the rulebook's
"rode" and "groene" pionnen); green also carries dots so the colours never have to be told
apart by hue.

Hidden information: the picture shows exactly what the view holds. A piece is drawn from
its owner, kind and height only; a back-number badge (``1``, ``2``, ``3``, gold ``3M``) is
added only when the view carries the number (the viewer's own pieces in a private view,
eliminated pieces for everyone). Badges are large (``BADGE``) so the numbers still read when a
phone shows the picture 400 px wide. A piece whose number is ``None`` is the same sprite
whatever number it really has.

- squares: checkered; bunkers slate grey with a wall inside the edge, mines rust with small
  mines; start places show a faint white silhouette of their type (as on the printed board);
- pieces: upright blocks seen from the front, their height growing with the view's
  ``height`` (fighter tallest), so the defence zone's "taller protects smaller" reads at a
  glance; the sticker is the type's icon (fighter and bomber from above, pointing at the
  enemy; tank, soldier and artillery from the side / front). The outlines differ, not only
  their details, so a phone showing the picture 400 px wide still tells them apart: the fighter
  is a dart (a triangle), the bomber a cross of straight wings; the tank fills its block's
  width, low, where the soldier is narrow and tall;
- the last complete turn and the actions of the turn being played: start and end squares
  tinted, the way as an arrow in the mover's colour, attacked squares with a burst,
  removed pieces as crossed-out ghosts (or a cross badge where a piece now stands), swept
  artillery squares hatched, triple-switch entries ringed;
- the side to move's artillery firing zones: a light wash in its colour with a dashed edge;
- a piece that attacked and may still move: gold corner brackets;
- panel: per seat the name (if labels give one), the masters still on the board (gold
  stars), an eye on the viewer's own side in a private picture, a tick once ready during
  setup, the eliminated pieces in the order they left with their numbers (a swap mark for
  the ones switched away); in the middle the turn number, an arrow to the seat to move,
  its moves left (filled pips) and a continuing piece's steps left, the score at the end.
  Words appear only if the bot passes ``labels``; the title shrinks or wraps and the status
  wraps between phrases (``render.common.fit_lines``), so neither is cut; a long name shrinks,
  then takes two lines (``render.common.fit_name``), three beside the setup's hourglass and eye.
- legend: when the labels carry the ``legend_*`` words, a strip under the picture says what
  each mark the picture draws means (``marks_shown``, in the order of ``MARKS``): the piece
  types, numbers, arrows, bursts, zones, the panel's marks. The picture grows by the strip
  (``render.common.with_legend``); without words it keeps its size.

Pieces, tiles and marks are cached anti-aliased sprites (see ``render.common``); the PNG is
written with a 256-colour palette.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from functools import cache

from PIL import Image, ImageDraw

from engines.masters_victory.view import (
    ROW_LETTERS,
    ActionView,
    EliminatedView,
    MastersVictoryView,
    square_coords,
)
from render.board_layout import BoardLayout, fit_grid, panel_beside
from render.common import (
    DARK_SQUARE,
    FRAME,
    FRAME_TEXT,
    FRAME_TEXT_DIM,
    GOLD,
    GREEN,
    HIGHLIGHT,
    INK,
    LIGHT_SQUARE,
    RED,
    RGB,
    WHITE,
    BoardGeometry,
    BoardLabels,
    Box,
    FittedText,
    Ink,
    Point,
    SeatStyle,
    blend,
    bold_font,
    circle_box,
    cross_sprite,
    crown_sprite,
    dashes,
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

__all__ = ["HEIGHT", "SEATS", "WIDTH", "BoardLabels", "render_board", "render_image"]

SEATS: tuple[SeatStyle, SeatStyle] = (RED, GREEN)
WIDTH = 860
HEIGHT = 880
BOARD_WIDTH = 560
"""The board and its coordinates take the left ``BOARD_WIDTH`` px; the panel the rest."""
MARGIN = 26
"""Room for the coordinates around the board."""
PANEL_LEFT = BOARD_WIDTH

BUNKER: tuple[RGB, RGB] = (hex_rgb("#aab5bf"), hex_rgb("#b8c2cb"))
"""Bunker squares (dark, light)."""
BUNKER_WALL: RGB = hex_rgb("#6f7d89")
MINE: tuple[RGB, RGB] = (hex_rgb("#d19f83"), hex_rgb("#dcad92"))
"""Mine squares (dark, light)."""
MINE_MARK: RGB = hex_rgb("#5b3424")
BURST: RGB = hex_rgb("#f08a24")

FROM_TINT = 0.5
TO_TINT = 0.7
PATH_TINT = 0.25
"""How far last-action squares are tinted towards ``HIGHLIGHT``."""
ZONE_WASH = 0.22
"""How far artillery firing-zone squares are washed towards the mover's light colour."""

BLOCK_WIDTH = 0.8
BLOCK_BOTTOM = 0.94
BLOCK_MIN = 0.5
BLOCK_STEP = 0.1
"""A piece of height rank ``h`` is a block ``BLOCK_MIN + (h - 1) * BLOCK_STEP`` squares tall."""
PATTERN_ALPHA = 150
"""How strongly a seat's pattern (green's dots) shows on its pieces: enough to tell the seats
apart without colour, faint enough to keep the icon crisp."""
ICON_SIZE = 0.54
ICON_WIDE = {"tank": 0.7}
"""Icons drawn larger than ``ICON_SIZE`` (the tank fills its block's width: low and wide where the
soldier is narrow and tall, so the two differ in outline on a phone)."""
ICON_PAD = 0.045
"""The icon's largest drawing box, and the room kept above and below it in the block, in squares."""

BADGE = 0.56
"""A back-number badge's height in squares: its digit is then ~16 px tall on the 860 px picture,
~7 px once a phone shows the picture 400 px wide (smaller did not read there)."""
GHOST_HEIGHT = 3
"""Removed pieces carry no height in the view: ghosts on the board are drawn this tall."""
START_PLACE_ALPHA = 90
"""Opacity of the white type silhouettes on empty start places (the printed board's drawings)."""
KIND_ORDER = ("fighter", "bomber", "tank", "soldier", "artillery")
ICON_EXTENT = {"fighter": (0.02, 0.98), "bomber": (0.03, 0.95), "tank": (0.27, 0.93),
               "soldier": (0.03, 0.96), "artillery": (0.34, 0.96)}
"""The rows of its drawing box an icon fills (side views are wider than tall)."""
AIRCRAFT = ("fighter", "bomber")


# --------------------------------------------------------------------------- entry points


def render_board(view: MastersVictoryView, *, labels: BoardLabels | None = None) -> bytes:
    """The board for ``view`` as PNG bytes (``WIDTH`` x ``HEIGHT``, 256-colour palette)."""
    return encode_png(render_image(view, labels=labels), palette=True)


def render_image(view: MastersVictoryView, *, labels: BoardLabels | None = None) -> Image.Image:
    """The board for ``view`` as a Pillow image, before encoding."""
    bottom = bottom_seat(view)
    lay = layout(view.rows, view.cols, flipped=bottom == 1)
    geo = lay.geo
    board = _Board(view, geo)
    image = Image.new("RGB", (lay.width, lay.height), FRAME)
    draw = ImageDraw.Draw(image)

    board.draw_squares(draw)
    board.draw_square_marks(image)
    _draw_coordinates(draw, geo)
    board.draw_zone_edges(image)
    actions = (*view.last_turn, *view.current_turn)
    for action in actions:
        board.draw_path(image, action)
    board.draw_ghosts(image, actions)
    for piece in view.pieces:
        board.draw_piece(image, piece.owner, piece.kind, piece.height, piece.square, piece.number, piece.master)
    board.draw_action_marks(image, actions)
    board.draw_continuation(image)

    labels = labels or BoardLabels()
    _draw_panel(image, draw, view, labels)
    return with_legend(image, legend_entries(marks_shown(view), labels, lambda mark: legend_icon(mark, view)))


def bottom_seat(view: MastersVictoryView) -> int:
    """The seat drawn at the bottom: the viewer in a private picture (each player looks from
    their own side, as at the table), seat 0 (south) in the public one."""
    return 1 if view.viewer == 1 else 0


def north(seat: int, bottom: int) -> bool:
    """Whether ``seat`` sits at the top of a picture whose bottom seat is ``bottom``."""
    return seat != bottom


def geometry(rows: int, cols: int, *, flipped: bool = False) -> BoardGeometry:
    """Where the board sits in the picture: ``box(col, row)`` is the square of (row, col);
    ``flipped`` turns it 180 degrees (row ``a`` and column 1 at the top right: seat 1's side)."""
    return layout(rows, cols, flipped=flipped).geo


def layout(rows: int, cols: int, *, flipped: bool = False) -> BoardLayout:
    """The board centred in the left ``BOARD_WIDTH`` px, the panel right of it (the shared
    board-plus-panel layout, ``render.board_layout``)."""
    if not 1 <= rows <= len(ROW_LETTERS) or not 1 <= cols <= 26:
        raise ValueError(f"board size out of range: {rows} x {cols}")
    geo = fit_grid(cols, rows, (0, 0, BOARD_WIDTH, HEIGHT), margin=MARGIN, flipped=flipped)
    return panel_beside(geo, BOARD_WIDTH, gap=0, panel_width=WIDTH - BOARD_WIDTH, height=HEIGHT)


def coords(square: str, rows: int, cols: int) -> tuple[int, int]:
    """``"d5"`` -> ``(3, 4)``: zero-based (row, column), checked against the board size."""
    try:
        row, col = square_coords(square)
    except (ValueError, IndexError):
        raise ValueError(f"not a square: {square!r}") from None
    if not (0 <= row < rows and 0 <= col < cols):
        raise ValueError(f"square off the board: {square!r}")
    return row, col


def block_height(height: int | None) -> float:
    """The height of a piece's block in squares; ``None`` (a tray token) is a full square."""
    if height is None:
        return BLOCK_BOTTOM - (1 - BLOCK_BOTTOM)
    return BLOCK_MIN + (max(1, min(height, 5)) - 1) * BLOCK_STEP


# --------------------------------------------------------------------------- the board


class _Board:
    """Drawing on the board part of the picture for one view."""

    def __init__(self, view: MastersVictoryView, geo: BoardGeometry) -> None:
        self.view = view
        self.geo = geo
        self.cell = geo.cell
        self.occupied = {self.rc(p.square) for p in view.pieces}
        self.bunkers = {self.rc(sq) for sq in view.zones.bunkers}
        self.mines = {self.rc(sq) for sq in view.zones.mines}
        self.mover = view.turn.seat if view.turn is not None else None
        self.bottom = bottom_seat(view)

    def rc(self, square: str) -> tuple[int, int]:
        return coords(square, self.view.rows, self.view.cols)

    def box(self, square: str) -> Box:
        row, col = self.rc(square)
        return self.geo.box(col, row)

    def centre(self, square: str) -> Point:
        row, col = self.rc(square)
        return self.geo.centre(col, row)

    # ----------------------------------------------------------------- squares

    def base_colour(self, row: int, col: int) -> RGB:
        dark = (row + col) % 2 == 0
        if (row, col) in self.bunkers:
            return BUNKER[0] if dark else BUNKER[1]
        if (row, col) in self.mines:
            return MINE[0] if dark else MINE[1]
        return DARK_SQUARE if dark else LIGHT_SQUARE

    def tints(self) -> dict[tuple[int, int], float]:
        """How far each square of a last action is tinted towards ``HIGHLIGHT``."""
        amounts: dict[tuple[int, int], float] = {}

        def mark(square: str, amount: float) -> None:
            key = self.rc(square)
            amounts[key] = max(amount, amounts.get(key, 0.0))

        for action in (*self.view.last_turn, *self.view.current_turn):
            path = action.path
            for index, square in enumerate(path):
                if index == len(path) - 1:
                    mark(square, TO_TINT)
                elif index == 0:
                    mark(square, FROM_TINT)
                else:
                    mark(square, PATH_TINT)
            for square in action.placed:
                mark(square, TO_TINT)
            if action.attack is not None:
                mark(action.attack, TO_TINT)
        return amounts

    def zone_squares(self) -> set[tuple[int, int]]:
        return {self.rc(sq) for zone in self.view.artillery_zones for sq in zone.squares}

    def draw_squares(self, draw: ImageDraw.ImageDraw) -> None:
        tints = self.tints()
        washed = self.zone_squares()
        wash = SEATS[self.mover].light if self.mover is not None else WHITE
        for row in range(self.view.rows):
            for col in range(self.view.cols):
                colour = self.base_colour(row, col)
                if (row, col) in washed:
                    colour = blend(colour, wash, ZONE_WASH)
                if (row, col) in tints:
                    colour = blend(colour, HIGHLIGHT, tints[(row, col)])
                x0, y0, x1, y1 = self.geo.box(col, row)
                draw.rectangle((x0, y0, x1 - 1, y1 - 1), fill=colour)

    def draw_square_marks(self, image: Image.Image) -> None:
        """Bunker walls, mines, start-place silhouettes and swept-square hatching."""
        cell = self.cell
        for row, col in sorted(self.bunkers):
            x0, y0, _, _ = self.geo.box(col, row)
            image.paste(bunker_sprite(cell), (x0, y0), bunker_sprite(cell))
        for row, col in sorted(self.mines):
            x0, y0, _, _ = self.geo.box(col, row)
            image.paste(mine_sprite(cell), (x0, y0), mine_sprite(cell))
        for place in self.view.zones.start_places:
            if self.rc(place.square) in self.occupied:
                continue
            x0, y0, _, _ = self.box(place.square)
            sprite = start_place_sprite(place.seat, place.kind, cell, north(place.seat, self.bottom))
            image.paste(sprite, (x0, y0), sprite)
        for action in (*self.view.last_turn, *self.view.current_turn):
            for square in dict.fromkeys(action.swept):
                x0, y0, _, _ = self.box(square)
                sprite = sweep_sprite(action.seat, cell)
                image.paste(sprite, (x0, y0), sprite)

    def draw_zone_edges(self, image: Image.Image) -> None:
        """A dashed edge around each firing zone of the side to move."""
        if not self.view.artillery_zones:
            return
        style = SEATS[self.mover] if self.mover is not None else SEATS[0]
        rects: list[Box] = []
        for zone in self.view.artillery_zones:
            if not zone.squares:
                continue
            boxes = [self.box(sq) for sq in zone.squares]
            rects.append((min(b[0] for b in boxes), min(b[1] for b in boxes),
                          max(b[2] for b in boxes), max(b[3] for b in boxes)))
        dash = self.cell * 0.22
        pad = 4
        for left, top, right, bottom in rects:
            x0, y0, x1, y1 = left + 1.5, top + 1.5, right - 1.5, bottom - 1.5
            for a, b in (((x0, y0), (x1, y0)), ((x1, y0), (x1, y1)), ((x1, y1), (x0, y1)), ((x0, y1), (x0, y0))):
                # Each edge supersampled on its own strip: the zones' whole box was most of a
                # board's anti-aliasing time.
                strip = (math.floor(min(a[0], b[0]) - pad), math.floor(min(a[1], b[1]) - pad),
                         math.ceil(max(a[0], b[0]) + pad), math.ceil(max(a[1], b[1]) + pad))

                def draw_fn(draw: ImageDraw.ImageDraw, scale: float, origin: Point, a: Point = a, b: Point = b) -> None:
                    width = max(round(1.6 * scale), 1)
                    for p, q in dashes(a, b, dash):
                        draw.line(scale_points((p, q), scale, origin), fill=style.dark, width=width)

                overlay(image, strip, draw_fn, factor=3)

    # ----------------------------------------------------------------- actions

    def draw_path(self, image: Image.Image, action: ActionView) -> None:
        """The way a piece went: a ring where it started, an arrow up to where it stopped."""
        path = list(action.path)
        if len(path) < 2:
            return
        cell = self.cell
        centres = [self.centre(sq) for sq in path]
        end_gap = cell * (0.3 if self.rc(path[-1]) in self.occupied else 0.18)
        points = shorten(centres, cell * 0.16, end_gap)
        style = SEATS[action.seat]
        xs = [x for x, _ in centres]
        ys = [y for _, y in centres]
        pad = cell * 0.3  # clear of the start ring (0.24 cells with its edge) and the arrowhead (0.2)
        region = (int(min(xs) - pad), int(min(ys) - pad), int(max(xs) + pad) + 1, int(max(ys) + pad) + 1)
        width = cell * 0.1
        head = cell * 0.26

        def draw_fn(draw: ImageDraw.ImageDraw, scale: float, origin: Point) -> None:
            pts = scale_points(points, scale, origin)
            start = scale_points([centres[0]], scale, origin)[0]
            edge = cell * 0.035 * scale
            ring = cell * 0.14 * scale
            draw.ellipse(circle_box(*start, ring + edge), outline=WHITE, width=round(3.4 * edge))
            draw.ellipse(circle_box(*start, ring), outline=style.fill, width=round(1.4 * edge))
            draw_arrow(draw, pts, WHITE, width * scale + 2 * edge, head * scale + 3 * edge)
            draw_arrow(draw, shorten(pts, 0, edge * 1.6), style.fill, width * scale, head * scale)

        overlay(image, region, draw_fn, factor=3)  # as the A&A map's arrows: 4x cost a board ~2 ms more

    def removals(self, actions: Iterable[ActionView]) -> list[tuple[str, EliminatedView]]:
        found = []
        for action in actions:
            for index, piece in enumerate(action.removed):
                if index < len(action.removed_squares):
                    found.append((action.removed_squares[index], piece))
        return found

    def draw_ghosts(self, image: Image.Image, actions: tuple[ActionView, ...]) -> None:
        """Pieces removed from squares that are empty now: faded, with their public number."""
        by_square: dict[str, list[EliminatedView]] = {}
        for square, piece in self.removals(actions):
            if self.rc(square) not in self.occupied:
                by_square.setdefault(square, []).append(piece)
        cell = self.cell
        for square, pieces in by_square.items():
            pieces = pieces[-2:]
            cx, cy = self.centre(square)
            offsets = [0.0] if len(pieces) == 1 else [-0.13 * cell, 0.13 * cell]
            for piece, dx in zip(pieces, offsets, strict=True):
                paste_sprite(image, ghost_sprite(piece.owner, piece.kind, cell, north(piece.owner, self.bottom)),
                             (cx + dx, cy))
                self.draw_badge(image, (cx + dx, cy), GHOST_HEIGHT, piece.number, piece.master, faded=True)
            if all(piece.switched for piece in pieces):
                paste_sprite(image, swap_sprite(round(cell * 0.42)), (cx, cy + cell * 0.12))
            else:
                paste_sprite(image, removed_sprite(cell), (cx, cy + cell * 0.12))

    def draw_action_marks(self, image: Image.Image, actions: tuple[ActionView, ...]) -> None:
        """Bursts on attacked squares, cross badges where a piece was removed under a piece
        that stands there now, rings on triple-switch entries."""
        cell = self.cell
        small = round(cell * 0.54)
        crossed = {self.rc(sq) for sq, piece in self.removals(actions) if not piece.switched} & self.occupied
        attacked = {self.rc(a.attack) for a in actions if a.attack is not None}
        for action in actions:
            for square in action.placed:
                paste_sprite(image, ring_sprite(action.seat, cell), self.centre(square))
        for row, col in sorted(attacked | crossed):
            x0, y0, _, _ = self.geo.box(col, row)
            centre = (x0 + small * 0.46, y0 + small * 0.46)
            if (row, col) in attacked:
                paste_sprite(image, burst_sprite(small, (row, col) in crossed), centre)
            else:
                paste_sprite(image, cross_badge_sprite(round(small * 0.7)), centre)

    def draw_continuation(self, image: Image.Image) -> None:
        turn = self.view.turn
        if turn is None or turn.continuation is None:
            return
        paste_sprite(image, brackets_sprite(self.cell), self.centre(turn.continuation))

    # ----------------------------------------------------------------- pieces

    def draw_piece(
        self,
        image: Image.Image,
        owner: int,
        kind: str,
        height: int | None,
        square: str,
        number: int | None,
        master: bool | None,
    ) -> None:
        centre = self.centre(square)
        paste_sprite(image, piece_sprite(owner, kind, height, self.cell, north(owner, self.bottom)), centre)
        self.draw_badge(image, centre, height, number, master)

    def draw_badge(
        self,
        image: Image.Image,
        centre: Point,
        height: int | None,
        number: int | None,
        master: bool | None,
        *,
        faded: bool = False,
    ) -> None:
        """The back-number at the block's top-right corner, only when the view gave one; as
        large as the square allows, so it reads on a phone (``BADGE``)."""
        if number is None:
            return
        cell = self.cell
        sprite = badge_sprite(_badge_text(number, master), bool(master), round(cell * BADGE), faded)
        top = centre[1] - cell / 2 + (BLOCK_BOTTOM - block_height(height)) * cell
        x = centre[0] + cell / 2 - sprite.width / 2
        y = max(top + sprite.height * 0.1, centre[1] - cell / 2 + sprite.height / 2)
        paste_sprite(image, sprite, (x, y))


def _badge_text(number: int, master: bool | None) -> str:
    return f"{number}M" if master else str(number)


def _draw_coordinates(draw: ImageDraw.ImageDraw, geo: BoardGeometry) -> None:
    """Column numbers above and below the board, row letters left and right of it."""
    fnt = font(14)
    for col in range(geo.files):
        x = geo.centre(col, 0)[0]
        draw_text(draw, (x, geo.top - MARGIN / 2), str(col + 1), fnt, FRAME_TEXT)
        draw_text(draw, (x, geo.bottom + MARGIN / 2), str(col + 1), fnt, FRAME_TEXT)
    for row in range(geo.ranks):
        y = geo.centre(0, row)[1]
        draw_text(draw, (geo.left - MARGIN / 2, y), ROW_LETTERS[row], fnt, FRAME_TEXT)
        draw_text(draw, (geo.right + MARGIN / 2, y), ROW_LETTERS[row], fnt, FRAME_TEXT)


# --------------------------------------------------------------------------- icons


def draw_icon(draw: ImageDraw.ImageDraw, kind: str, box: tuple[float, float, float], ink: Ink, hole: Ink,
              flipped: bool = False) -> None:
    """The silhouette of ``kind`` in the square ``(left, top, size)``: ``ink`` for the shape,
    ``hole`` for the cut-outs (wheels, spokes). Aircraft point up, or down if ``flipped``."""
    x0, y0, size = box

    def p(u: float, v: float) -> Point:
        if flipped:
            v = 1 - v
        return (x0 + u * size, y0 + v * size)

    def rect(u0: float, v0: float, u1: float, v1: float) -> tuple[float, float, float, float]:
        (ax, ay), (bx, by) = p(u0, v0), p(u1, v1)
        return (min(ax, bx), min(ay, by), max(ax, bx), max(ay, by))

    def mirrored(half: list[tuple[float, float]]) -> list[Point]:
        right = [p(u, v) for u, v in half]
        left = [p(1 - u, v) for u, v in reversed(half) if u != 0.5]
        return right + left

    def circle(u: float, v: float, r: float, fill: Ink) -> None:
        cx, cy = p(u, v)
        draw.ellipse(circle_box(cx, cy, r * size), fill=fill)

    if kind == "fighter":
        # a dart: swept delta wings from the nose to the tail, a triangle even at a glance
        half = [(0.5, 0.0), (0.58, 0.2), (0.6, 0.34), (0.97, 0.78), (0.97, 0.9), (0.62, 0.84), (0.64, 0.97),
                (0.5, 0.92)]
        draw.polygon(mirrored(half), fill=ink)
    elif kind == "bomber":
        # straight broad wings across the whole width and a wide tail: a cross, never a triangle
        half = [(0.5, 0.02), (0.58, 0.08), (0.6, 0.26), (1.0, 0.3), (1.0, 0.5), (0.6, 0.52), (0.59, 0.76),
                (0.82, 0.8), (0.82, 0.96), (0.5, 0.94)]
        draw.polygon(mirrored(half), fill=ink)
    elif kind == "tank":
        draw.rounded_rectangle(rect(0.03, 0.6, 0.97, 0.93), radius=0.16 * size, fill=ink)
        for u in (0.2, 0.4, 0.6, 0.8):
            circle(u, 0.765, 0.075, hole)
        draw.polygon([p(0.1, 0.62), p(0.17, 0.46), p(0.86, 0.46), p(0.93, 0.62)], fill=ink)
        draw.rounded_rectangle(rect(0.27, 0.27, 0.65, 0.5), radius=0.07 * size, fill=ink)
        draw.rectangle(rect(0.6, 0.335, 0.99, 0.405), fill=ink)
    elif kind == "soldier":
        draw.pieslice(rect(0.08, 0.58, 0.92, 1.34), 180, 360, fill=ink)
        draw.rectangle(rect(0.42, 0.46, 0.58, 0.62), fill=ink)
        draw.ellipse(rect(0.34, 0.2, 0.66, 0.53), fill=ink)
        draw.pieslice(rect(0.24, 0.03, 0.76, 0.55), 180, 360, fill=ink)
        draw.rounded_rectangle(rect(0.18, 0.26, 0.82, 0.32), radius=0.03 * size, fill=ink)
        # a gap between helmet and face, and one between chin and shoulders
        draw.line([p(0.36, 0.335), p(0.64, 0.335)], fill=hole, width=max(round(0.035 * size), 1))
    elif kind == "artillery":
        draw.line([p(0.36, 0.74), p(0.02, 0.93)], fill=ink, width=round(0.1 * size))
        circle(0.36, 0.72, 0.22, ink)
        circle(0.36, 0.72, 0.145, hole)
        for angle in (0, 45, 90, 135):
            dx = math.cos(math.radians(angle)) * 0.18
            dy = math.sin(math.radians(angle)) * 0.18
            draw.line([p(0.36 - dx, 0.72 - dy), p(0.36 + dx, 0.72 + dy)], fill=ink, width=max(round(0.05 * size), 1))
        draw.line([p(0.18, 0.8), p(0.9, 0.45)], fill=ink, width=round(0.14 * size))
        draw.line([p(0.84, 0.48), p(0.98, 0.41)], fill=ink, width=round(0.2 * size))
        circle(0.36, 0.72, 0.06, ink)
    else:
        raise ValueError(f"unknown piece kind: {kind!r}")


# --------------------------------------------------------------------------- sprites


@cache
def piece_sprite(owner: int, kind: str, height: int | None, cell: int, at_top: bool | None = None) -> Image.Image:
    """A piece as an upright block in ``owner``'s colour, ``block_height(height)`` squares tall,
    with its type's icon; ``height=None`` gives a full-square token (for the tray). Aircraft
    point away from their owner's side: down when the owner sits at the top of the picture
    (``at_top``; by default seat 1, as in the public picture)."""
    if at_top is None:
        at_top = owner == 1
    style = SEATS[owner]
    tall = block_height(height)

    def draw_fn(image: Image.Image, s: float) -> None:
        draw = ImageDraw.Draw(image)
        c = cell * s
        x0, x1 = (1 - BLOCK_WIDTH) / 2 * c, (1 + BLOCK_WIDTH) / 2 * c
        bottom = BLOCK_BOTTOM * c
        top = bottom - tall * c
        line = max(0.03 * c, 1.2 * s)
        radius = 0.1 * c
        draw.rounded_rectangle((x0 + 0.02 * c, top + 0.035 * c, x1 + 0.02 * c, bottom + 0.035 * c),
                               radius=radius, fill=(0, 0, 0, 80))  # shadow
        draw.rounded_rectangle((x0, top, x1, bottom), radius=radius, fill=rgba(style.dark))
        inner = (x0 + line, top + line, x1 - line, bottom - line)
        draw.rounded_rectangle(inner, radius=radius - line, fill=rgba(style.fill))
        # the lit top face, then the pattern below it
        band = 0.07 * c
        draw.rounded_rectangle((inner[0], inner[1], inner[2], inner[1] + 2 * band), radius=radius - line,
                               fill=rgba(style.light))
        draw.rectangle((inner[0], inner[1] + band, inner[2], inner[1] + 2 * band), fill=rgba(style.fill))
        mask = Image.new("L", image.size, 0)
        ImageDraw.Draw(mask).rounded_rectangle(inner, radius=radius - line, fill=PATTERN_ALPHA)
        ImageDraw.Draw(mask).rectangle((0, 0, image.width, inner[1] + band), fill=0)
        fill_pattern(image, mask, style, s, cell)
        v0, v1 = ICON_EXTENT[kind]
        room = bottom - top - band - 2 * ICON_PAD * c
        size = min(ICON_WIDE.get(kind, ICON_SIZE) * c, room / (v1 - v0))
        cy = (top + band + bottom) / 2
        flipped = at_top and kind in AIRCRAFT
        if flipped:
            v0, v1 = 1 - v1, 1 - v0
        y0 = cy - (v0 + v1) / 2 * size
        draw_icon(draw, kind, (c / 2 - size / 2, y0, size), rgba(WHITE), rgba(style.fill), flipped)

    return supersampled((cell, cell), draw_fn)


@cache
def ghost_sprite(owner: int, kind: str, cell: int, at_top: bool | None = None) -> Image.Image:
    """A removed piece, faded (its height is not in the view: drawn at ``GHOST_HEIGHT``)."""
    sprite = piece_sprite(owner, kind, GHOST_HEIGHT, cell, at_top).copy()
    sprite.putalpha(sprite.getchannel("A").point(lambda a: a * 140 // 255))
    return sprite


@cache
def badge_sprite(text: str, master: bool, size: int, faded: bool = False) -> Image.Image:
    """A back-number badge ``size`` px tall: a white disc with the number in bold, or for a
    master (``text`` ``"3M"``) a gold pill with the number and a smaller ``M``."""
    number, suffix = (text[:-1], text[-1]) if master and text.endswith("M") else (text, "")
    number_font = bold_font(max(round(size * 0.86), 8))
    suffix_font = bold_font(max(round(size * 0.56), 7))
    text_width_ = text_width(number, number_font) + (text_width(suffix, suffix_font) + 1 if suffix else 0)
    width = max(size, round(text_width_ + size * 0.42))

    def draw_fn(image: Image.Image, s: float) -> None:
        draw = ImageDraw.Draw(image)
        w, h = width * s, size * s
        line = max(0.08 * h, 1.1 * s)
        fill = GOLD if master else WHITE
        draw.rounded_rectangle((0, 0, w - 1, h - 1), radius=h / 2, fill=rgba(INK))
        draw.rounded_rectangle((line, line, w - 1 - line, h - 1 - line), radius=h / 2 - line, fill=rgba(fill))

    sprite = supersampled((width, size), draw_fn)
    draw = ImageDraw.Draw(sprite)
    digits = -number_font.getbbox("0", anchor="ls")[1]
    baseline = size / 2 + digits / 2
    x = (width - text_width_) / 2
    draw.text((x, baseline), number, font=number_font, fill=rgba(INK), anchor="ls")
    if suffix:
        draw.text((x + text_width(number, number_font) + 1, baseline), suffix, font=suffix_font, fill=rgba(INK), anchor="ls")
    if faded:
        sprite.putalpha(sprite.getchannel("A").point(lambda a: a * 170 // 255))
    return sprite


@cache
def bunker_sprite(cell: int) -> Image.Image:
    """A bunker square's wall: a dark frame just inside its edge, with small loopholes."""

    def draw_fn(image: Image.Image, s: float) -> None:
        draw = ImageDraw.Draw(image)
        c = cell * s
        inset, width = 0.09 * c, 0.07 * c
        draw.rounded_rectangle((inset, inset, c - inset, c - inset), radius=0.08 * c,
                               outline=rgba(BUNKER_WALL, 200), width=round(width))
        for i in (0.35, 0.65):
            draw.rectangle((i * c - 0.05 * c, inset - 0.01 * c, i * c + 0.05 * c, inset + width + 0.01 * c),
                           fill=(0, 0, 0, 0))

    return supersampled((cell, cell), draw_fn)


@cache
def mine_sprite(cell: int) -> Image.Image:
    """Two small spiked mines in opposite corners of a mine square."""

    def draw_fn(image: Image.Image, s: float) -> None:
        draw = ImageDraw.Draw(image)
        c = cell * s
        colour = rgba(MINE_MARK, 150)
        for cx, cy in ((0.22 * c, 0.24 * c), (0.78 * c, 0.76 * c), (0.76 * c, 0.22 * c), (0.24 * c, 0.78 * c)):
            r = 0.055 * c
            draw.ellipse(circle_box(cx, cy, r), fill=colour)
            for angle in range(0, 360, 45):
                dx, dy = math.cos(math.radians(angle)), math.sin(math.radians(angle))
                draw.line([(cx, cy), (cx + dx * r * 1.75, cy + dy * r * 1.75)], fill=colour, width=max(round(0.018 * c), 1))

    return supersampled((cell, cell), draw_fn)


@cache
def start_place_sprite(seat: int, kind: str, cell: int, at_top: bool | None = None) -> Image.Image:
    """The printed start place: a faint white silhouette of the type (aircraft pointing away
    from the side at the top when ``at_top``, by default seat 1's)."""
    if at_top is None:
        at_top = seat == 1

    def draw_fn(image: Image.Image, s: float) -> None:
        c = cell * s
        mask = Image.new("L", image.size, 0)
        size = 0.58 * c
        draw_icon(ImageDraw.Draw(mask), kind, (c / 2 - size / 2, c / 2 - size / 2, size), 255, 0,
                  at_top and kind in AIRCRAFT)
        image.paste(rgba(WHITE, START_PLACE_ALPHA), (0, 0), mask)

    return supersampled((cell, cell), draw_fn)


@cache
def sweep_sprite(seat: int, cell: int) -> Image.Image:
    """Diagonal hatching over a square an artillery piece swept."""
    style = SEATS[seat]

    def draw_fn(image: Image.Image, s: float) -> None:
        draw = ImageDraw.Draw(image)
        c = cell * s
        step = c / 5
        offset = step / 2
        while offset < 2 * c:
            draw.line([(offset, 0), (offset - c, c)], fill=rgba(style.dark, 75), width=round(0.045 * c))
            offset += step

    return supersampled((cell, cell), draw_fn)


@cache
def removed_sprite(cell: int) -> Image.Image:
    """A cross over a removed piece."""
    return cross_sprite(cell, half=0.18, outer=0.12, inner=0.065)


@cache
def cross_badge_sprite(size: int) -> Image.Image:
    """A small dark disc with a white cross: a piece was removed from this square."""

    def draw_fn(image: Image.Image, s: float) -> None:
        draw = ImageDraw.Draw(image)
        c = size * s
        r = c / 2 - s * 0.5
        draw.ellipse(circle_box(c / 2, c / 2, r), fill=rgba(WHITE))
        draw.ellipse(circle_box(c / 2, c / 2, r - 0.1 * c), fill=rgba(INK))
        d = r * 0.42
        for (ax, ay), (bx, by) in (((-d, -d), (d, d)), ((-d, d), (d, -d))):
            draw.line([(c / 2 + ax, c / 2 + ay), (c / 2 + bx, c / 2 + by)], fill=rgba(WHITE), width=round(0.13 * c))

    return supersampled((size, size), draw_fn)


@cache
def burst_sprite(size: int, crossed: bool) -> Image.Image:
    """An orange explosion star: this square was attacked; with a dark cross in the middle
    if a piece was removed from it (the attacker now standing there)."""

    def draw_fn(image: Image.Image, s: float) -> None:
        draw = ImageDraw.Draw(image)
        c = size * s
        draw.polygon(star_points(c / 2, c / 2, 0.5 * c - s, 0.3 * c, 8), fill=rgba(INK))
        draw.polygon(star_points(c / 2, c / 2, 0.5 * c - 2.6 * s, 0.3 * c - 1.6 * s, 8), fill=rgba(BURST))
        if crossed:
            r = 0.2 * c
            draw.ellipse(circle_box(c / 2, c / 2, r), fill=rgba(INK))
            d = r * 0.5
            for (ax, ay), (bx, by) in (((-d, -d), (d, d)), ((-d, d), (d, -d))):
                draw.line([(c / 2 + ax, c / 2 + ay), (c / 2 + bx, c / 2 + by)], fill=rgba(WHITE),
                          width=round(0.07 * c))
        else:
            draw.ellipse(circle_box(c / 2, c / 2, 0.13 * c), fill=rgba(HIGHLIGHT))

    return supersampled((size, size), draw_fn)


@cache
def ring_sprite(seat: int, cell: int) -> Image.Image:
    """A ring round a start place where a piece came back by a triple switch."""
    style = SEATS[seat]

    def draw_fn(image: Image.Image, s: float) -> None:
        draw = ImageDraw.Draw(image)
        c = cell * s
        draw.ellipse(circle_box(c / 2, c / 2, 0.47 * c), outline=rgba(WHITE), width=round(0.08 * c))
        draw.ellipse(circle_box(c / 2, c / 2, 0.455 * c), outline=rgba(style.fill), width=round(0.05 * c))

    return supersampled((cell, cell), draw_fn)


@cache
def brackets_sprite(cell: int) -> Image.Image:
    """Gold corner brackets round a piece that attacked and may still move."""

    def draw_fn(image: Image.Image, s: float) -> None:
        draw = ImageDraw.Draw(image)
        c = cell * s
        a, b, arm = 0.04 * c, 0.96 * c, 0.26 * c
        for width, colour in ((0.11 * c, rgba(INK)), (0.06 * c, rgba(GOLD))):
            w = round(width)
            for (x, y), (dx, dy) in (((a, a), (1, 1)), ((b, a), (-1, 1)), ((a, b), (1, -1)), ((b, b), (-1, -1))):
                draw.line([(x + dx * arm, y), (x, y), (x, y + dy * arm)], fill=colour, width=w, joint="curve")

    return supersampled((cell, cell), draw_fn)


@cache
def star_sprite(size: int, lit: bool) -> Image.Image:
    """A master still on the board (gold star) or lost (hollow)."""

    def draw_fn(image: Image.Image, s: float) -> None:
        draw = ImageDraw.Draw(image)
        c = size * s
        outer = star_points(c / 2, c * 0.53, c * 0.5, c * 0.21)
        if lit:
            draw.polygon(outer, fill=rgba(GOLD), outline=rgba(INK), width=round(0.06 * c))
        else:
            draw.polygon(outer, outline=rgba(FRAME_TEXT_DIM), width=round(0.07 * c))

    return supersampled((size, size), draw_fn)


@cache
def eye_sprite(size: int) -> Image.Image:
    """An eye: this is the private picture of the seat it stands next to."""

    def draw_fn(image: Image.Image, s: float) -> None:
        draw = ImageDraw.Draw(image)
        c = size * s
        h = 0.36 * c
        box = (0.04 * c, c / 2 - h, 0.96 * c, c / 2 + h)
        draw.chord((box[0], c / 2 - 2 * h, box[2], c / 2 + 2 * h * 0.35), 30, 150, fill=rgba(FRAME_TEXT))
        draw.chord((box[0], c / 2 - 2 * h * 0.35, box[2], c / 2 + 2 * h), 210, 330, fill=rgba(FRAME_TEXT))
        draw.ellipse(circle_box(c / 2, c / 2, 0.22 * c), fill=rgba(FRAME_TEXT))
        draw.ellipse(circle_box(c / 2, c / 2, 0.13 * c), fill=rgba(FRAME))
        draw.ellipse(circle_box(c / 2, c / 2, 0.06 * c), fill=rgba(FRAME_TEXT))

    return supersampled((size, size), draw_fn)


@cache
def swap_sprite(size: int) -> Image.Image:
    """Two turning arrows: the piece left the board by a triple switch."""

    def draw_fn(image: Image.Image, s: float) -> None:
        draw = ImageDraw.Draw(image)
        c = size * s
        draw.ellipse(circle_box(c / 2, c / 2, c / 2 - s * 0.5), fill=rgba(WHITE))
        draw.ellipse(circle_box(c / 2, c / 2, c / 2 - 0.1 * c), fill=rgba(hex_rgb("#2f6fb3")))
        r = 0.24 * c
        w = round(0.09 * c)
        draw.arc(circle_box(c / 2, c / 2, r), 200, 340, fill=rgba(WHITE), width=w)
        draw.arc(circle_box(c / 2, c / 2, r), 20, 160, fill=rgba(WHITE), width=w)
        for angle, turn in ((340, 1), (160, 1)):
            ax = c / 2 + r * math.cos(math.radians(angle))
            ay = c / 2 + r * math.sin(math.radians(angle))
            tx, ty = -math.sin(math.radians(angle)) * turn, math.cos(math.radians(angle)) * turn
            nx, ny = math.cos(math.radians(angle)), math.sin(math.radians(angle))
            k = 0.13 * c
            draw.polygon([(ax + tx * k, ay + ty * k), (ax + nx * k, ay + ny * k), (ax - nx * k, ay - ny * k)],
                         fill=rgba(WHITE))

    return supersampled((size, size), draw_fn)


@cache
def die_sprite(size: int) -> Image.Image:
    """A die: the start roll is on."""

    def draw_fn(image: Image.Image, s: float) -> None:
        draw = ImageDraw.Draw(image)
        c = size * s
        draw.rounded_rectangle((s, s, c - s, c - s), radius=0.18 * c, fill=rgba(WHITE), outline=rgba(INK),
                               width=round(0.05 * c))
        for x, y in ((0.3, 0.3), (0.5, 0.5), (0.7, 0.7), (0.7, 0.3), (0.3, 0.7)):
            draw.ellipse(circle_box(x * c, y * c, 0.075 * c), fill=rgba(INK))

    return supersampled((size, size), draw_fn)


# --------------------------------------------------------------------------- panel


TRAY_CELL = 38
TRAY_TOKEN = 33
TRAY_COLUMNS = 7
TRAY_ROWS = 4
TRAY_BADGE = 22
"""Back-number badges in the tray: a little smaller than on the board, as large as a slot allows."""
HEADER = 40
BLOCK_HEIGHT = 12 + HEADER + 8 + TRAY_ROWS * TRAY_CELL + 12
PANEL_TOP, PANEL_BOTTOM = 12, HEIGHT - 12 - BLOCK_HEIGHT
"""Top of the upper and of the lower seat block in the panel."""
SEAT_TOPS = (PANEL_BOTTOM, PANEL_TOP)
"""Top of each seat's block in the public picture: seat 1 (north) at the top, seat 0 (south)
at the bottom. A private picture of seat 1 swaps them (see ``seat_top``)."""
PANEL_WIDTH = WIDTH - PANEL_LEFT
PIP = 16


def seat_top(seat: int, bottom: int = 0) -> int:
    """Top of ``seat``'s panel block when seat ``bottom`` is drawn at the bottom of the board:
    each seat's block stands on its side of the board."""
    return PANEL_BOTTOM if seat == bottom else PANEL_TOP


def tray_slot(seat: int, index: int, bottom: int = 0) -> Point:
    """The centre of the ``index``-th eliminated piece of ``seat`` in its tray."""
    x0 = PANEL_LEFT + (PANEL_WIDTH - TRAY_COLUMNS * TRAY_CELL) / 2
    y0 = seat_top(seat, bottom) + 12 + HEADER + 8
    row, col = divmod(index, TRAY_COLUMNS)
    return (x0 + (col + 0.5) * TRAY_CELL, y0 + (row + 0.5) * TRAY_CELL)


def _winners(view: MastersVictoryView) -> tuple[int, ...]:
    if view.result is None or view.result.draw:
        return ()
    return view.result.winners


def _draw_panel(image: Image.Image, draw: ImageDraw.ImageDraw, view: MastersVictoryView, labels: BoardLabels) -> None:
    for seat in (1, 0):
        _draw_seat(image, draw, view, seat, labels.seat(seat))
    _draw_turn(image, draw, view, labels)


def _draw_seat(image: Image.Image, draw: ImageDraw.ImageDraw, view: MastersVictoryView, seat: int, name: str) -> None:
    style = SEATS[seat]
    bottom_seat_ = bottom_seat(view)
    x0, x1 = PANEL_LEFT + 6, WIDTH - 10
    top = seat_top(seat, bottom_seat_)
    bottom = top + BLOCK_HEIGHT
    winner = seat in _winners(view)
    acting = view.result is None and seat in view.to_act
    fill = blend(FRAME, style.fill, 0.16) if acting or winner else blend(FRAME, WHITE, 0.04)
    outline = GOLD if winner else style.fill if acting else blend(FRAME, WHITE, 0.12)
    draw.rounded_rectangle((x0, top, x1, bottom), radius=10, fill=fill, outline=outline, width=2 if acting or winner else 1)

    mid = top + 12 + HEADER / 2
    token = piece_sprite(seat, "soldier", None, 34, north(seat, bottom_seat_))
    token_x = x0 + 10 + 17
    paste_sprite(image, token, (token_x, mid))
    if winner:
        paste_sprite(image, crown_sprite(24), (token_x, mid - 21))

    # right side of the header: masters still on the board, then viewer / ready marks
    x: float = x1 - 12
    stars = 18
    masters = max(0, min(view.masters_left[seat], 3))
    for i in range(3):
        paste_sprite(image, star_sprite(stars, i < masters), (x - stars / 2, mid))
        x -= stars + 2
    x -= 6
    if view.phase == "setup":
        paste_sprite(image, setup_sprite(22, view.ready[seat]), (x - 11, mid))
        x -= 22 + 8
    if view.viewer == seat:
        paste_sprite(image, eye_sprite(24), (x - 12, mid))
        x -= 24 + 8
    if name:
        left = token_x + 17 + 10
        draw_lines(draw, (left, mid), fitted_name(name, x - left), WHITE, anchor="lm")

    # the tray
    tx0 = PANEL_LEFT + (PANEL_WIDTH - TRAY_COLUMNS * TRAY_CELL) / 2 - 4
    at_top = north(seat, bottom_seat_)
    ty0 = top + 12 + HEADER + 8 - 4
    draw.rounded_rectangle((tx0, ty0, tx0 + TRAY_COLUMNS * TRAY_CELL + 8, ty0 + TRAY_ROWS * TRAY_CELL + 8),
                           radius=6, fill=blend(FRAME, INK, 0.55))
    pieces = view.eliminated[seat] if seat < len(view.eliminated) else ()
    capacity = TRAY_COLUMNS * TRAY_ROWS
    for index, piece in enumerate(pieces[:capacity]):
        centre = tray_slot(seat, index, bottom_seat_)
        paste_sprite(image, piece_sprite(piece.owner, piece.kind, None, TRAY_TOKEN, at_top), centre)
        if piece.number is not None:
            badge = badge_sprite(_badge_text(piece.number, piece.master), piece.master, TRAY_BADGE)
            paste_sprite(image, badge, (centre[0] + TRAY_CELL / 2 - badge.width / 2, centre[1] - TRAY_TOKEN * 0.3))
        if piece.switched:
            paste_sprite(image, swap_sprite(16), (centre[0] - TRAY_TOKEN * 0.38, centre[1] + TRAY_TOKEN * 0.34))
    if len(pieces) > capacity:
        x, y = tray_slot(seat, capacity - 1, bottom_seat_)
        draw_text(draw, (x, y), f"+{len(pieces) - capacity + 1}", font(13), FRAME_TEXT)


def _draw_turn(image: Image.Image, draw: ImageDraw.ImageDraw, view: MastersVictoryView, labels: BoardLabels) -> None:
    """The middle of the panel: title, turn number, seat to move and its moves left, result."""
    x0, x1 = PANEL_LEFT + 10, WIDTH - 14
    cx = (x0 + x1) / 2
    top = PANEL_TOP + BLOCK_HEIGHT + 10
    bottom = PANEL_BOTTOM - 10
    mid = (top + bottom) / 2
    text_font, big = font(15), font(30)

    if labels.title:
        draw_lines(draw, (cx, top + 4), fitted_title(labels.title), FRAME_TEXT, anchor="mt")
    if labels.status:
        draw_lines(draw, (cx, bottom - 2), fitted_status(labels.status), FRAME_TEXT_DIM, anchor="mb")

    result = view.result
    if result is not None:
        if result.draw or not result.winners or set(result.winners) >= {0, 1}:
            score = "1/2-1/2"
        else:
            score = "1-0" if 0 in result.winners else "0-1"
        draw_text(draw, (cx, mid), score, big, WHITE)
        return

    if view.phase == "roll":
        paste_sprite(image, die_sprite(40), (cx, mid))
        return

    turn = view.turn
    if turn is None:
        return  # setup: the ready marks in the seat headers say it all

    style = SEATS[turn.seat]
    draw_text(draw, (cx, mid - 34), f"#{turn.number}", big, FRAME_TEXT)
    # an arrow pointing at the seat to move (at the top or the bottom of the picture)
    up = north(turn.seat, bottom_seat(view))
    ay = mid + 8
    arrow_box = (int(cx - 90), int(ay - 16), int(cx - 50), int(ay + 16))

    def arrow(d: ImageDraw.ImageDraw, scale: float, origin: Point) -> None:
        tip, tail = (cx - 70, ay - 14), (cx - 70, ay + 14)
        if not up:
            tip, tail = tail, tip
        draw_arrow(d, scale_points([tail, tip], scale, origin), style.fill, 7 * scale, 13 * scale)

    overlay(image, arrow_box, arrow)
    # moves left: filled pips for the pieces that may still move, hollow for the used ones
    used = max(0, 3 - turn.moves_left)
    for i in range(3):
        px = cx - 22 + i * (PIP + 8)
        paste_sprite(image, pip_sprite(turn.seat, i >= used, PIP), (px, ay))
    if turn.continuation is not None:
        bx = cx - 22
        paste_sprite(image, brackets_sprite(22), (bx, ay + 32))
        draw_text(draw, (bx + 18, ay + 32), str(turn.steps_left), text_font, FRAME_TEXT, anchor="lm")
    if view.quiet_turns:
        qx = cx + 52
        paste_sprite(image, hourglass_sprite(18, FRAME_TEXT_DIM), (qx, ay + 32))
        draw_text(draw, (qx + 13, ay + 32), str(view.quiet_turns), text_font, FRAME_TEXT_DIM, anchor="lm")


@cache
def pip_sprite(seat: int, lit: bool, size: int) -> Image.Image:
    style = SEATS[seat]

    def draw_fn(image: Image.Image, s: float) -> None:
        draw = ImageDraw.Draw(image)
        c = size * s
        r = c / 2 - s
        if lit:
            draw.ellipse(circle_box(c / 2, c / 2, r), fill=rgba(style.fill), outline=rgba(WHITE), width=round(0.12 * c))
        else:
            draw.ellipse(circle_box(c / 2, c / 2, r), outline=rgba(FRAME_TEXT_DIM), width=round(0.12 * c))

    return supersampled((size, size), draw_fn)


def fitted_name(name: str, width: float) -> FittedText:
    """A seat's name as it fits its header: shrunk to 12 px, else on two lines (``fit_name``), and
    on three where the setup's hourglass and the viewer's eye leave the header too little room for
    a long name (Discord's 32 characters); the header is 40 px high, three lines of 12 px fit."""
    fitted = fit_name(name, width, size=17, min_size=12)
    if fitted.lines[-1].endswith("…"):
        fitted = fit_lines(name, width, size=12, max_lines=3, line_spacing=1.1)
    return fitted


TURN_WIDTH = WIDTH - 14 - (PANEL_LEFT + 10)
"""The width of the panel's middle (title, turn, status)."""


def fitted_title(title: str) -> FittedText:
    """The title as it fits the panel: shrunk to 13 px, else on two lines."""
    return fit_lines(title, TURN_WIDTH, size=17, min_size=13, max_lines=2)


def fitted_status(status: str) -> FittedText:
    """The status as it fits the panel above the lower seat: up to five lines (the room left
    under the turn's marks), broken between phrases first."""
    return fit_lines(status, TURN_WIDTH, size=15, min_size=13, max_lines=5, line_spacing=1.3)


@cache
def setup_sprite(size: int, done: bool) -> Image.Image:
    """Ready: the tick on a green disc; still setting up: a hollow ring with dots."""
    if done:
        return tick_sprite(size)

    def draw_fn(image: Image.Image, s: float) -> None:
        draw = ImageDraw.Draw(image)
        c = size * s
        draw.ellipse(circle_box(c / 2, c / 2, c / 2 - s), outline=rgba(FRAME_TEXT_DIM), width=round(0.08 * c))
        for x in (0.32, 0.5, 0.68):
            draw.ellipse(circle_box(x * c, c / 2, 0.06 * c), fill=rgba(FRAME_TEXT_DIM))

    return supersampled((size, size), draw_fn)


# --------------------------------------------------------------------------- the marks' legend


MARKS = (*KIND_ORDER, "number", "move", "attack", "removed", "taken_here", "switch_in", "switch_out", "sweep", "zone",
         "continue", "start_place", "bunker", "mine", "turn", "to_move", "moves_left", "quiet", "roll", "ready",
         "masters", "eliminated", "eye")
"""Every mark the picture may draw, in the order the strip under it explains them (each has a
``legend_<mark>`` word); ``marks_shown`` says which a view's picture draws."""


def marks_shown(view: MastersVictoryView) -> tuple[str, ...]:
    """The marks ``view``'s picture draws (the legend explains these, not the whole list: a
    picture explains what it shows, and the strip stays short)."""
    found: set[str] = {p.kind for p in view.pieces} | {"masters"}
    actions = (*view.last_turn, *view.current_turn)
    occupied = {p.square for p in view.pieces}
    removed = [(square, piece) for a in actions for square, piece in zip(a.removed_squares, a.removed)]
    attacked = {a.attack for a in actions if a.attack is not None}
    eliminated = [piece for seat in view.eliminated for piece in seat]
    if any(p.number is not None for p in view.pieces) or any(p.number is not None for p in eliminated) \
            or any(piece.number is not None and square not in occupied for square, piece in removed):
        found.add("number")
    if any(len(a.path) >= 2 for a in actions):
        found.add("move")
    if attacked:
        found.add("attack")
    ghosts: dict[str, list[bool]] = {}
    for square, piece in removed:
        if square not in occupied:
            ghosts.setdefault(square, []).append(piece.switched)
    if any(not all(switched[-2:]) for switched in ghosts.values()):
        found.add("removed")
    if any(all(switched[-2:]) for switched in ghosts.values()) or any(p.switched for p in eliminated):
        found.add("switch_out")
    if ({square for square, piece in removed if not piece.switched} & occupied) - attacked:
        found.add("taken_here")
    if any(a.placed for a in actions):
        found.add("switch_in")
    if any(a.swept for a in actions):
        found.add("sweep")
    if any(zone.squares for zone in view.artillery_zones):
        found.add("zone")
    if view.zones.bunkers:
        found.add("bunker")
    if view.zones.mines:
        found.add("mine")
    if any(place.square not in occupied for place in view.zones.start_places):
        found.add("start_place")
    if eliminated:
        found.add("eliminated")
    if view.viewer is not None:
        found.add("eye")
    if view.phase == "setup":
        found.add("ready")
    if view.result is None and view.phase == "roll":
        found.add("roll")
    elif view.result is None and view.turn is not None:
        found |= {"turn", "to_move", "moves_left"}
        if view.turn.continuation is not None:
            found.add("continue")
        if view.quiet_turns:
            found.add("quiet")
    return shown_marks(found, MARKS)


def legend_icon(mark: str, view: MastersVictoryView) -> Image.Image:
    """``mark`` as the picture draws it, small, for the legend strip."""
    seat = view.turn.seat if view.turn is not None else 0
    actions = (*view.last_turn, *view.current_turn)
    if mark in KIND_ORDER:
        return piece_sprite(0, mark, None, 24)
    if mark == "turn":
        return text_icon(f"#{view.turn.number if view.turn is not None else 1}", 18)
    if mark == "move":
        return move_icon(SEATS[actions[-1].seat if actions else seat].fill)
    if mark == "attack":
        return burst_sprite(20, False)
    if mark == "quiet":
        return hourglass_sprite(18, FRAME_TEXT_DIM)
    if mark == "roll":
        return die_sprite(20)
    if mark == "masters":
        return star_sprite(18, True)
    if mark == "eye":
        return eye_sprite(22)
    if mark == "continue":
        return brackets_sprite(22)
    if mark == "taken_here":
        return cross_badge_sprite(16)
    if mark == "switch_out":
        return swap_sprite(18)
    if mark == "switch_in":
        return ring_sprite(next((a.seat for a in reversed(actions) if a.placed), seat), 22)
    if mark == "sweep":
        return _square_icon(mark, next((a.seat for a in reversed(actions) if a.swept), seat))
    return _square_icon(mark, seat)


def _square_icon(mark: str, seat: int) -> Image.Image:
    """The legend icons drawn on a small square or strip of their own."""
    size = 22
    if mark in ("bunker", "mine", "start_place", "sweep", "zone", "removed"):
        base = {"bunker": BUNKER[0], "mine": MINE[0], "zone": blend(DARK_SQUARE, SEATS[seat].light, ZONE_WASH)}
        icon, draw = legend_icon_box(size, size, fill=base.get(mark, DARK_SQUARE))
        if mark == "bunker":
            paste_sprite(icon, bunker_sprite(size), (size / 2, size / 2))
        elif mark == "mine":
            paste_sprite(icon, mine_sprite(size), (size / 2, size / 2))
        elif mark == "start_place":
            paste_sprite(icon, start_place_sprite(0, "fighter", size, False), (size / 2, size / 2))
        elif mark == "sweep":
            paste_sprite(icon, sweep_sprite(seat, size), (size / 2, size / 2))
        elif mark == "zone":
            for a, b in (((1, 1), (20, 1)), ((20, 1), (20, 20)), ((20, 20), (1, 20)), ((1, 20), (1, 1))):
                for p, q in dashes(a, b, 2.5):
                    draw.line([p, q], fill=SEATS[seat].dark, width=1)
        else:
            paste_sprite(icon, ghost_sprite(0, "soldier", size), (size / 2, size / 2))
            paste_sprite(icon, removed_sprite(size), (size / 2, size / 2 + 2))
        return icon
    if mark == "number":
        plain, master = badge_sprite("2", False, 18), badge_sprite("3M", True, 18)
        icon, _ = legend_icon_box(plain.width + 3 + master.width)
        paste_sprite(icon, plain, (plain.width / 2, 11))
        paste_sprite(icon, master, (plain.width + 3 + master.width / 2, 11))
        return icon
    if mark == "to_move":

        def arrow(d: ImageDraw.ImageDraw, scale: float, origin: Point) -> None:
            draw_arrow(d, scale_points([(8, 21), (8, 1)], scale, origin), SEATS[seat].fill, 5 * scale, 9 * scale)

        # drawn on the frame's colour, as the panel has it
        back = Image.new("RGB", (16, 22), FRAME)
        overlay(back, (0, 0, *back.size), arrow)
        return back.convert("RGBA")
    if mark == "moves_left":
        icon, _ = legend_icon_box(3 * 12 + 4)
        for i in range(3):
            paste_sprite(icon, pip_sprite(seat, i < 2, 11), (6 + i * 14, 11))
        return icon
    if mark == "ready":
        icon, _ = legend_icon_box(42)
        paste_sprite(icon, tick_sprite(18), (10, 11))
        paste_sprite(icon, setup_sprite(18, False), (32, 11))
        return icon
    if mark == "eliminated":
        icon, draw = legend_icon_box(24)
        draw.rounded_rectangle((0, 0, 23, 21), radius=4, fill=rgba(blend(FRAME, INK, 0.55)))
        paste_sprite(icon, piece_sprite(0, "soldier", None, 20), (12, 11))
        return icon
    raise ValueError(f"no legend icon for {mark!r}")


SPRITES: tuple[Callable[..., Image.Image], ...] = (
    piece_sprite, ghost_sprite, badge_sprite, bunker_sprite, mine_sprite, start_place_sprite, sweep_sprite,
    cross_sprite, removed_sprite, cross_badge_sprite, burst_sprite, ring_sprite, brackets_sprite, star_sprite, crown_sprite,
    eye_sprite, setup_sprite, tick_sprite, swap_sprite, die_sprite, pip_sprite, hourglass_sprite,
)
"""Every cached sprite factory (tests clear them to check cold renders give the same bytes)."""
