"""The board picture for Slag om het Eiland: ``render_board(view) -> PNG bytes``.

996 x 752 px for the 12 x 12 island (46 px squares): on the left the sea with the island in
it (wide enough each side for a pad hanging two slots past a corner), file letters
``a``-``l`` above and below the island, rank numbers ``1``-``12`` left and right, rank 1 at
the bottom; on the right a panel. Seat 0 is red and sits at the south edge,
seat 1 blue at the north edge; blue pieces carry stripes, so the colours never have to be
told apart by hue alone.

- the island: grass squares on a sand beach; each seat's carrier pad floats beside its edge
  (red below rank 1, blue above rank 12), five slots lined up with the island files the view
  gives (slot ``i`` beside ``files[i-1]``, its number in the slot's outer corner; a slot
  without a file hangs past the corner, beyond the rocket's neighbours), characters on the
  pad without a facing, and a small rocket on the pad's lip, against the island, at the
  ``rocket`` file. Without pads the rows stay open sea;
- characters: soldier a disc, jeep a rounded square, tank a hexagon, in the owner's colour
  with the range (2/3/4) in white; on the island the body stands a little back from the
  square's centre and a broad white pointer fills the room in front, to the square's edge, on
  the side it faces (readable on a phone, at 400 px wide);
- blocks: grey crates with a dot in the colour of the seat that placed them; where the view
  says whether a block is live (the owner's own armed blocks, everything after the end) a
  bomb (live) or a tick (safe) sits on the crate's corner. A block activated this turn or the
  last is a burst with its blast squares tinted red when it was live, a faint frame when safe,
  and carries the same bomb or tick on a white badge on its square's corner, drawn over a
  character standing there;
- this turn's actions (or the previous turn's before the roll): start and end squares
  tinted, a move as an arrow in the mover's colour, a reinforcement as an arrow from its pad,
  a shot as a dashed line, removed characters (the target, and those caught in the crossfire
  on the shot's line) as a cross;
- what the seat to move can do now: ``movable`` characters ringed in gold, the
  ``restricted`` one (after a zero option) also bracketed, possible ``shots`` as thin white
  lines with a crosshair on the target, ``entry`` squares framed in white.

The panel holds, per seat (blue at the top, red at the bottom, as they sit): a token and the
name across the block (shrunk, then on two lines: ``render.common.fit_name``), framed in the
seat's colour when it is to act and in gold with a crown once it has won; below, the characters
lost out of ``win_at`` as a row of pips and a count. In the middle: the
title, the turn number, a token of the seat to move beside the last roll's die face (a blank
face for 0), the score once the game is over, the blocks left (and the live ones when that
is public), the quiet turns, a padlock once the layout is sealed (open once it is revealed;
the digest itself is in the channel message, so the picture is the same whatever the hidden
layout) and the status line.

Words: the title, names and status (which says the step, in the reader's language) come from
``labels``. Everything else is symbols and numbers. A long title shrinks, then wraps onto two
lines, and the status wraps between its phrases (``render.common.fit_lines``), so neither is
cut.

Under the picture, when the labels carry the ``legend_*`` words, a strip says what each mark the
picture draws means (``marks_shown``, in the order of ``MARKS``), in the reader's language; the
picture grows by the strip (``render.common.with_legend``), and keeps its size without words.

Pieces and marks are cached anti-aliased sprites (see ``render.common``); the PNG is written
with a 256-colour palette.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from PIL import Image, ImageDraw

from engines.battle_island.view import ActionView, BattleIslandView, PadView
from render.board_layout import BoardLayout, fit_grid, panel_beside
from render.common import (
    BLUE,
    FILES,
    FRAME,
    FRAME_TEXT,
    FRAME_TEXT_DIM,
    GOLD,
    HIGHLIGHT,
    INK,
    RED,
    RGB,
    WHITE,
    BoardLabels,
    Box,
    FittedText,
    Font,
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
    draw_checkerboard,
    draw_coordinates,
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
    score,
    shorten,
    shown_marks,
    star_points,
    supersampled,
    text_icon,
    text_width,
    tick_sprite,
    with_legend,
)

__all__ = ["SEATS", "BoardLabels", "Layout", "layout", "render_board", "render_image"]

SEATS: tuple[SeatStyle, SeatStyle] = (RED, BLUE)

CELL = 46
"""Square size on the 12 x 12 island (larger islands get smaller squares)."""
ISLAND_MAX = 552
"""The island's squares fill at most this many px each way."""
FRAME_PAD = 8
"""Dark frame around the sea."""
SEA_PAD = 6
COORD = 22
"""The band for the coordinates around the island."""
PAD_LIP = 16
"""The pad's edge towards the island, where the rocket sits."""
PAD_GAP = 2
PAD_OVERHANG = 2
"""Slots a pad may hang past a corner of the island (all but the rocket and its neighbours
on one side); the sea beside the island leaves room for them."""
PANEL = 224
"""Width of the panel right of the sea."""
TEXT_INSET = 6
"""Room left and right of the title and status in the panel."""

SEA: RGB = hex_rgb("#4f9fc2")
SEA_EDGE: RGB = hex_rgb("#3b86a8")
SAND: RGB = hex_rgb("#e6d3a1")
GRASS: tuple[RGB, RGB] = (hex_rgb("#a3cb7a"), hex_rgb("#b3d68b"))
"""Island squares (dark, light); a1 is dark."""
DECK: RGB = hex_rgb("#737d88")
DECK_SLOT: RGB = hex_rgb("#939ca6")
DECK_LIP: RGB = hex_rgb("#5a626b")
CRATE: RGB = hex_rgb("#a2a7ac")
CRATE_DARK: RGB = hex_rgb("#6b7178")
BLAST: RGB = hex_rgb("#e2452f")
BURST: RGB = hex_rgb("#f08a24")
ROCKET: RGB = hex_rgb("#eef1f4")

FROM_TINT = 0.45
TO_TINT = 0.62
"""How far the squares of this turn's actions are tinted towards ``HIGHLIGHT``."""
BLAST_TINT = 0.5
"""How far a live block's square and its blast squares are tinted towards ``BLAST``."""
BODY = 0.28
"""A character's body radius, in squares."""

# --------------------------------------------------------------------------- layout


@dataclass(frozen=True, slots=True)
class Layout(BoardLayout):
    """Where things go for one island size: the shared board-plus-panel layout, with the sea
    around the island and the two carrier pads."""

    sea: Box
    pad_rows: tuple[tuple[int, int], tuple[int, int]]
    """Per seat the pad row's top and bottom (lip included)."""

    @property
    def text_width(self) -> int:
        """The width the panel's middle gives the title and the status."""
        return self.panel_right - self.panel_left - 2 * TEXT_INSET


@cache
def layout(size: int) -> Layout:
    """The picture's size and the island's place for a ``size`` x ``size`` island.

    >>> lay = layout(12)
    >>> lay.width, lay.height, lay.cell
    (996, 752, 46)
    """
    if not 1 <= size <= 26:
        raise ValueError(f"island size out of range: {size}")
    cell = min(CELL, ISLAND_MAX // size)
    pad_height = cell + PAD_LIP
    beside = max(COORD, PAD_OVERHANG * cell + 4)  # the sea left and right of the island
    left = FRAME_PAD + SEA_PAD + beside
    top = FRAME_PAD + SEA_PAD + pad_height + PAD_GAP + COORD
    geo = fit_grid(size, size, (left, top, left + cell * size, top + cell * size), centred=False)
    blue_pad = (FRAME_PAD + SEA_PAD, FRAME_PAD + SEA_PAD + pad_height)
    red_top = geo.bottom + COORD + PAD_GAP
    red_pad = (red_top, red_top + pad_height)
    height = red_pad[1] + SEA_PAD + FRAME_PAD
    sea = (FRAME_PAD, FRAME_PAD, geo.right + beside + SEA_PAD, height - FRAME_PAD)
    shared = panel_beside(geo, sea[2], gap=10, panel_width=PANEL - 2, height=height, inset=(0, FRAME_PAD))
    return Layout(geo=shared.geo, width=shared.width, height=shared.height, panel=shared.panel, sea=sea,
                  pad_rows=(red_pad, blue_pad))


def _square(view: BattleIslandView, square: str) -> tuple[int, int]:
    """``"c10"`` -> ``(2, 9)``, refusing squares off the island."""
    name = square.strip().lower()
    if len(name) < 2 or name[0] not in FILES or not name[1:].isdigit():
        raise ValueError(f"not a square: {square!r}")
    file, rank = FILES.index(name[0]), int(name[1:]) - 1
    if not (0 <= file < view.size and 0 <= rank < view.size):
        raise ValueError(f"square off the {view.size} x {view.size} island: {square!r}")
    return file, rank


def _island(view: BattleIslandView, square: str | None) -> tuple[int, int] | None:
    """An action's square, or ``None`` when it names no island square (a pad, nothing)."""
    if not square:
        return None
    try:
        return _square(view, square)
    except ValueError:
        return None


def _file(view: BattleIslandView, name: str) -> int:
    """An island file's column: ``"c"`` -> 2."""
    name = name.strip().lower()
    if len(name) != 1 or name not in FILES or FILES.index(name) >= view.size:
        raise ValueError(f"not a file of the {view.size} x {view.size} island: {name!r}")
    return FILES.index(name)


# --------------------------------------------------------------------------- the picture


def render_board(view: BattleIslandView, *, labels: BoardLabels | None = None) -> bytes:
    """The board for ``view`` as PNG bytes (see ``layout`` for the size; 256-colour palette)."""
    return encode_png(render_image(view, labels=labels), palette=True)


def render_image(view: BattleIslandView, *, labels: BoardLabels | None = None) -> Image.Image:
    """The board for ``view`` as a Pillow image, before encoding."""
    lay = layout(view.size)
    board = _Board(view, lay)
    image = Image.new("RGB", (lay.width, lay.height), FRAME)
    draw = ImageDraw.Draw(image)

    board.draw_sea(draw)
    board.draw_squares(draw)
    draw_coordinates(draw, lay.geo, COORD, font(14), WHITE)
    for pad in view.pads:
        board.draw_pad(image, draw, pad)
    board.draw_square_marks(image)
    board.draw_moves(image)
    board.draw_blocks(image)
    board.draw_characters(image)
    board.draw_shots(image)
    board.draw_removals(image)
    board.draw_revealed_badges(image)

    labels = labels or BoardLabels()
    _draw_panel(image, draw, view, lay, labels)
    return with_legend(image, legend_entries(marks_shown(view), labels, lambda mark: legend_icon(mark, view)))


class _Board:
    """Drawing on the sea-and-island part of the picture for one view."""

    def __init__(self, view: BattleIslandView, lay: Layout) -> None:
        self.view = view
        self.lay = lay
        self.geo = lay.geo
        self.cell = lay.geo.cell
        self.occupied = {_square(view, c.square) for c in view.characters if c.square is not None}

    def centre(self, at: tuple[int, int]) -> Point:
        return self.geo.centre(*at)

    # ----------------------------------------------------------------- sea and squares

    def draw_sea(self, draw: ImageDraw.ImageDraw) -> None:
        draw.rounded_rectangle(self.lay.sea, radius=12, fill=SEA, outline=SEA_EDGE, width=2)
        geo = self.geo
        beach = 5
        draw.rounded_rectangle((geo.left - beach, geo.top - beach, geo.right + beach - 1, geo.bottom + beach - 1),
                               radius=7, fill=SAND)

    def tints(self) -> dict[tuple[int, int], RGB]:
        """Square colours: blast areas of live blocks, then this turn's actions."""
        colours: dict[tuple[int, int], RGB] = {}

        def base(at: tuple[int, int]) -> RGB:
            return colours.get(at) or GRASS[0 if (at[0] + at[1]) % 2 == 0 else 1]

        for block in self.view.revealed:
            if block.live:
                for square in (block.square, *block.blast):
                    at = _square(self.view, square)
                    colours[at] = blend(base(at), BLAST, BLAST_TINT)
        amounts: dict[tuple[int, int], float] = {}
        for action in self.view.actions:
            if action.kind not in ("move", "reinforce", "turn", "shoot"):
                continue
            frm, to = _island(self.view, action.frm), _island(self.view, action.to)
            if frm is not None:
                amounts[frm] = max(amounts.get(frm, 0.0), TO_TINT if action.kind == "turn" else FROM_TINT)
            if to is not None and action.kind != "shoot":
                amounts[to] = max(amounts.get(to, 0.0), TO_TINT)
        for at, amount in sorted(amounts.items()):
            colours[at] = blend(base(at), HIGHLIGHT, amount)
        return colours

    def draw_squares(self, draw: ImageDraw.ImageDraw) -> None:
        draw_checkerboard(draw, self.geo, light=GRASS[1], dark=GRASS[0], tint=self.tints())

    def draw_square_marks(self, image: Image.Image) -> None:
        """Safe blocks revealed lately, entry squares for a reinforcement."""
        cell = self.cell
        for block in self.view.revealed:
            if not block.live:
                paste_sprite(image, safe_frame_sprite(cell), self.centre(_square(self.view, block.square)))
        for square in dict.fromkeys(self.view.entry):
            paste_sprite(image, entry_sprite(cell), self.centre(_square(self.view, square)))

    # ----------------------------------------------------------------- pads

    def pad_slot_box(self, seat: int, file: int) -> Box:
        """The slot square of ``seat``'s pad beside island column ``file``."""
        top, bottom = self.lay.pad_rows[seat]
        x0, _, x1, _ = self.geo.box(file, 0)
        if seat == 0:
            return (x0, top + PAD_LIP, x1, bottom)
        return (x0, top, x1, bottom - PAD_LIP)

    def pad_lip(self, seat: int, file: int) -> Point:
        """The middle of the pad's lip beside ``file`` (against the island)."""
        top, bottom = self.lay.pad_rows[seat]
        x = self.geo.centre(file, 0)[0]
        return (x, top + PAD_LIP / 2) if seat == 0 else (x, bottom - PAD_LIP / 2)

    def draw_pad(self, image: Image.Image, draw: ImageDraw.ImageDraw, pad: PadView) -> None:
        view, seat, cell = self.view, pad.owner, self.cell
        style = SEATS[seat]
        if not pad.files:
            return
        # A slot without a file hangs past the corner: counted on from the rocket (slot 3),
        # towards the owner's left or right (blue looks south, so its left is the east).
        rocket, towards = _file(view, pad.rocket), (1 if seat == 0 else -1)
        middle = len(pad.files) // 2
        columns = [_file(view, f) if f else rocket + (i - middle) * towards for i, f in enumerate(pad.files)]
        top, bottom = self.lay.pad_rows[seat]
        x0 = self.geo.box(min(columns), 0)[0] - 4
        x1 = self.geo.box(max(columns), 0)[2] + 4
        moving = view.pad_move and view.to_move == seat and view.result is None
        draw.rounded_rectangle((x0, top, x1 - 1, bottom - 1), radius=7, fill=DECK, outline=GOLD if moving else INK,
                               width=3 if moving else 2)
        lip = (top + 2, top + PAD_LIP) if seat == 0 else (bottom - PAD_LIP - 1, bottom - 3)
        draw.rectangle((x0 + 3, lip[0], x1 - 4, lip[1]), fill=DECK_LIP)
        # the outer edge in the owner's colour
        edge = (bottom - 6, bottom - 3) if seat == 0 else (top + 2, top + 5)
        draw.rectangle((x0 + 6, edge[0], x1 - 7, edge[1]), fill=style.fill)
        number_font = bold_font(12)
        for index, column in enumerate(columns):
            bx0, by0, bx1, by1 = self.pad_slot_box(seat, column)
            inner = (bx0 + 3, by0 + (2 if seat == 0 else 6), bx1 - 4, by1 - (7 if seat == 0 else 3))
            draw.rounded_rectangle(inner, radius=4, fill=DECK_SLOT)
            # the slot number on the lip, left of where the rocket may stand
            lx, ly = self.pad_lip(seat, column)
            draw_text(draw, (lx - 0.3 * cell, ly), str(index + 1), number_font, FRAME_TEXT)
            kind = pad.slots[index] if index < len(pad.slots) else None
            if kind is not None:
                centre = ((bx0 + bx1) / 2, (inner[1] + inner[3]) / 2)
                paste_sprite(image, character_sprite(seat, kind, _RANGE.get(kind), None, cell), centre)
        if pad.rocket:
            paste_sprite(image, rocket_sprite(seat, PAD_LIP + 6), self.pad_lip(seat, _file(view, pad.rocket)))

    # ----------------------------------------------------------------- actions

    def draw_moves(self, image: Image.Image) -> None:
        for action in self.view.actions:
            if action.kind not in ("move", "reinforce"):
                continue
            to = _island(self.view, action.to)
            if to is None:
                continue
            frm = _island(self.view, action.frm)
            if frm is not None and frm != to:
                self.arrow(image, action, self.centre(frm), self.centre(to), ring=True)
            elif action.kind == "reinforce":
                self.arrow(image, action, self.pad_lip(action.seat, to[0]), self.centre(to), ring=False)

    def arrow(self, image: Image.Image, action: ActionView, start: Point, end: Point, ring: bool) -> None:
        """An arrow in the mover's colour from ``start`` to just short of the piece at ``end``."""
        cell = self.cell
        points = shorten([start, end], cell * (0.16 if ring else 0.0), cell * (BODY + 0.08))
        style = SEATS[action.seat]
        pad = cell / 2
        box = (int(min(start[0], end[0]) - pad), int(min(start[1], end[1]) - pad),
               int(max(start[0], end[0]) + pad) + 1, int(max(start[1], end[1]) + pad) + 1)
        width, head = cell * 0.1, cell * 0.24

        def draw_fn(draw: ImageDraw.ImageDraw, scale: float, origin: Point) -> None:
            pts = scale_points(points, scale, origin)
            edge = cell * 0.035 * scale
            if ring:
                first = scale_points([start], scale, origin)[0]
                r = cell * 0.14 * scale
                draw.ellipse(circle_box(*first, r + edge), outline=WHITE, width=round(3.4 * edge))
                draw.ellipse(circle_box(*first, r), outline=style.fill, width=round(1.4 * edge))
            draw_arrow(draw, pts, WHITE, width * scale + 2 * edge, head * scale + 3 * edge)
            draw_arrow(draw, shorten(pts, 0, edge * 1.6), style.fill, width * scale, head * scale)

        overlay(image, box, draw_fn)

    def draw_shots(self, image: Image.Image) -> None:
        """Shots made (dashed, in the shooter's colour) and shots possible now (thin white)."""
        cell = self.cell
        lines: list[tuple[Point, Point, bool, int]] = []
        for action in self.view.actions:
            if action.kind == "shoot":
                frm, to = _island(self.view, action.frm), _island(self.view, action.to)
                if frm is not None and to is not None and frm != to:
                    lines.append((self.centre(frm), self.centre(to), True, action.seat))
        for shot in self.view.shots:
            frm, to = _square(self.view, shot.frm), _square(self.view, shot.to)
            if frm != to:
                lines.append((self.centre(frm), self.centre(to), False, self.view.to_move or 0))
        if not lines:
            return
        xs = [p[0] for a, b, *_ in lines for p in (a, b)]
        ys = [p[1] for a, b, *_ in lines for p in (a, b)]
        pad = cell / 2
        box = (int(min(xs) - pad), int(min(ys) - pad), int(max(xs) + pad) + 1, int(max(ys) + pad) + 1)

        def draw_fn(draw: ImageDraw.ImageDraw, scale: float, origin: Point) -> None:
            for a, b, done, seat in lines:
                start, end = shorten([a, b], cell * (BODY + 0.14), cell * (BODY + 0.02 if done else 0.2))
                if done:
                    style = SEATS[seat]
                    for p, q in dashes(start, end, cell * 0.12):
                        pts = scale_points((p, q), scale, origin)
                        draw.line(pts, fill=WHITE, width=round(cell * 0.1 * scale))
                        draw.line(pts, fill=style.fill, width=round(cell * 0.055 * scale))
                else:
                    pts = scale_points((start, end), scale, origin)
                    draw.line(pts, fill=INK, width=round(cell * 0.07 * scale))
                    draw.line(pts, fill=WHITE, width=round(cell * 0.035 * scale))
                    cx, cy = scale_points([b], scale, origin)[0]
                    r = cell * 0.2 * scale
                    for radius, colour, w in ((r, INK, 0.08), (r, WHITE, 0.04)):
                        draw.ellipse(circle_box(cx, cy, radius), outline=colour, width=round(cell * w * scale))
                    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                        inner, outer = r * 0.55, r * 1.45
                        seg = [(cx + dx * inner, cy + dy * inner), (cx + dx * outer, cy + dy * outer)]
                        draw.line(seg, fill=INK, width=round(cell * 0.07 * scale))
                        draw.line(seg, fill=WHITE, width=round(cell * 0.035 * scale))

        overlay(image, box, draw_fn)

    def draw_removals(self, image: Image.Image) -> None:
        """A cross where a character was shot, caught in a shot's crossfire or removed this turn."""
        marked: dict[tuple[int, int], None] = {}
        for action in self.view.actions:
            if action.kind == "shoot":
                squares = [_island(self.view, action.to), *(_island(self.view, s) for s in action.caught)]
            elif action.kind == "remove":
                squares = [_island(self.view, action.to) or _island(self.view, action.frm)]
            else:
                continue
            for at in squares:
                if at is not None:
                    marked[at] = None
        for at in marked:
            paste_sprite(image, cross_sprite(self.cell, 0.22), self.centre(at))

    def draw_revealed_badges(self, image: Image.Image) -> None:
        """On the corner of every block activated this turn or the last, what it was: a bomb
        (live) or a tick (safe), the same marks as on a crate whose content is known; on top,
        so a character standing there later does not hide it."""
        cell = self.cell
        size = round(cell * BADGE)
        for block in self.view.revealed:
            _, y0, x1, _ = self.geo.box(*_square(self.view, block.square))
            paste_sprite(image, revealed_badge_sprite(block.live, size), (x1 - size / 2, y0 + size / 2))

    # ----------------------------------------------------------------- blocks and characters

    def draw_blocks(self, image: Image.Image) -> None:
        cell = self.cell
        for block in self.view.blocks:
            paste_sprite(image, crate_sprite(block.owner, block.live, cell), self.centre(_square(self.view, block.square)))
        for revealed in self.view.revealed:
            if revealed.live:
                paste_sprite(image, burst_sprite(cell), self.centre(_square(self.view, revealed.square)))

    def draw_characters(self, image: Image.Image) -> None:
        view, cell = self.view, self.cell
        movable = {_square(view, sq) for sq in view.movable}
        restricted = _square(view, view.restricted) if view.restricted else None
        for at in sorted(movable | ({restricted} if restricted else set())):
            paste_sprite(image, ring_sprite(cell), self.centre(at))
        if restricted is not None:
            paste_sprite(image, brackets_sprite(cell), self.centre(restricted))
        for character in view.characters:
            if character.square is None:
                continue
            sprite = character_sprite(character.owner, character.kind, character.range, character.facing, cell)
            paste_sprite(image, sprite, self.centre(_square(view, character.square)))


_RANGE = {"soldier": 2, "jeep": 3, "tank": 4}
"""Ranges for the characters drawn on a pad slot (the view gives the kind only)."""


# --------------------------------------------------------------------------- sprites


def _body(draw: ImageDraw.ImageDraw, kind: str, cx: float, cy: float, r: float, fill: Ink) -> None:
    """A character's body ``r`` px around (cx, cy): soldier disc, jeep rounded square, tank hexagon."""
    if kind == "soldier":
        draw.ellipse(circle_box(cx, cy, r), fill=fill)
    elif kind == "jeep":
        h = r * 0.9
        draw.rounded_rectangle((cx - h, cy - h, cx + h, cy + h), radius=r * 0.32, fill=fill)
    elif kind == "tank":
        R = r * 1.1
        draw.polygon([(cx + R * math.cos(math.radians(a)), cy + R * math.sin(math.radians(a)))
                      for a in range(0, 360, 60)], fill=fill)
    else:
        raise ValueError(f"unknown character kind {kind!r}")


_FACING = {"n": (0.0, -1.0), "e": (1.0, 0.0), "s": (0.0, 1.0), "w": (-1.0, 0.0)}

SHIFT = 0.09
"""A character with a facing stands this far (in squares) back from the square's centre, so its
pointer in front has room to be seen at phone size."""
POINTER = (0.5, 0.08, 0.36)
"""The facing pointer, in squares: its tip from the centre, its base from the centre, its
half-width at the base. White with a dark rim, drawn under the body: what shows is a broad
arrowhead between the body and the square's edge."""


@cache
def character_sprite(owner: int, kind: str, rng: int | None, facing: str | None, cell: int) -> Image.Image:
    """A character for a ``cell`` px square: its body in ``owner``'s colour, ``rng`` in white,
    a pointer on the ``facing`` side (none for ``None``, e.g. on a pad)."""
    style = SEATS[owner]

    def draw_fn(image: Image.Image, s: float) -> None:
        draw = ImageDraw.Draw(image)
        c = cell * s
        cx = cy = c / 2
        r = BODY * c
        edge = max(0.04 * c, 1.2 * s)
        if facing is not None:
            dx, dy = _FACING[facing]
            px, py = -dy, dx
            tip, base, half = (k * c for k in POINTER)

            def pointer(grow: float) -> list[Point]:
                return [
                    (cx + dx * (tip + grow), cy + dy * (tip + grow)),
                    (cx + dx * base + px * (half + grow), cy + dy * base + py * (half + grow)),
                    (cx + dx * base - px * (half + grow), cy + dy * base - py * (half + grow)),
                ]

            draw.polygon(pointer(0), fill=rgba(INK))
            draw.polygon(_shrink(pointer(0), edge * 1.3), fill=rgba(WHITE))
            cx, cy = cx - dx * SHIFT * c, cy - dy * SHIFT * c
        _body(draw, kind, cx, cy, r + edge, rgba(INK))
        _body(draw, kind, cx, cy, r, rgba(style.fill))
        mask = Image.new("L", image.size, 0)
        _body(ImageDraw.Draw(mask), kind, cx, cy, r, 255)
        fill_pattern(image, mask, style, s, cell * 0.8)
        if rng is not None:
            draw.text((cx, cy + 0.02 * c), str(rng), font=bold_font(round(0.4 * c)), fill=rgba(WHITE),
                      anchor="mm", stroke_width=round(0.045 * c), stroke_fill=rgba(style.dark))

    return supersampled((cell, cell), draw_fn)


def _shrink(points: list[Point], by: float) -> list[Point]:
    """A polygon's corners each pulled ``by`` px towards their centroid (a rough inset, enough
    to leave an edge around a small triangle)."""
    gx = sum(p[0] for p in points) / len(points)
    gy = sum(p[1] for p in points) / len(points)
    out = []
    for x, y in points:
        d = math.hypot(x - gx, y - gy) or 1.0
        k = min(by / d, 0.9)
        out.append((x + (gx - x) * k, y + (gy - y) * k))
    return out


@cache
def crate_sprite(owner: int | None, live: bool | None, cell: int) -> Image.Image:
    """An obstacle block: a grey crate with a dot in the colour of the seat that placed it (none
    for ``None``); a bomb on its corner when known live, a tick when known safe."""

    def draw_fn(image: Image.Image, s: float) -> None:
        draw = ImageDraw.Draw(image)
        c = cell * s
        a, b = 0.17 * c, 0.83 * c
        edge = max(0.035 * c, 1.2 * s)
        draw.rounded_rectangle((a, a, b, b), radius=0.07 * c, fill=rgba(INK))
        draw.rounded_rectangle((a + edge, a + edge, b - edge, b - edge), radius=0.05 * c, fill=rgba(CRATE))
        frame = 0.085 * c
        ia, ib = a + edge + frame, b - edge - frame
        draw.rectangle((ia, ia, ib, ib), fill=rgba(blend(CRATE, WHITE, 0.18)))
        for y in (ia + (ib - ia) / 3, ia + 2 * (ib - ia) / 3):
            draw.line([(ia, y), (ib, y)], fill=rgba(CRATE_DARK), width=max(round(0.018 * c), 1))
        draw.line([(ia, ib), (ib, ia)], fill=rgba(CRATE_DARK), width=round(0.07 * c))
        draw.rectangle((ia, ia, ib, ib), outline=rgba(CRATE_DARK), width=round(0.03 * c))
        if owner is not None:
            draw.ellipse(circle_box(a + edge + frame / 2, b - edge - frame / 2, 0.06 * c),
                         fill=rgba(SEATS[owner].fill), outline=rgba(INK), width=max(round(0.015 * c), 1))

    sprite = supersampled((cell, cell), draw_fn)
    if live is not None:
        size = round(cell * 0.42)
        badge = bomb_sprite(size) if live else tick_sprite(size)
        sprite.alpha_composite(badge, (cell - size, 0))
    return sprite


BADGE = 0.56
"""A revealed block's live/safe badge, in squares (readable at phone size)."""


@cache
def revealed_badge_sprite(live: bool, size: int) -> Image.Image:
    """The corner badge of an activated block: the bomb (live) or the tick (safe) on a white disc
    with a dark rim, so it stands out on grass and on the red blast tint alike."""

    def draw_fn(image: Image.Image, s: float) -> None:
        draw = ImageDraw.Draw(image)
        c = size * s
        draw.ellipse(circle_box(c / 2, c / 2, c / 2 - s), fill=rgba(INK))
        draw.ellipse(circle_box(c / 2, c / 2, c / 2 - s - 0.07 * c), fill=rgba(WHITE))

    badge = supersampled((size, size), draw_fn)
    inner = round(size * 0.78)
    mark = bomb_sprite(inner) if live else tick_sprite(inner)
    offset = (size - inner) // 2
    badge.alpha_composite(mark, (offset, offset))
    return badge


@cache
def bomb_sprite(size: int) -> Image.Image:
    """A round black bomb with a lit fuse: a block known to be live."""

    def draw_fn(image: Image.Image, s: float) -> None:
        draw = ImageDraw.Draw(image)
        c = size * s
        cx, cy, r = 0.44 * c, 0.58 * c, 0.34 * c
        draw.ellipse(circle_box(cx, cy, r + 0.07 * c), fill=rgba(WHITE))
        draw.line([(0.62 * c, 0.38 * c), (0.76 * c, 0.22 * c)], fill=rgba(WHITE), width=round(0.2 * c))
        draw.ellipse(circle_box(cx, cy, r), fill=rgba(INK))
        draw.line([(0.62 * c, 0.38 * c), (0.76 * c, 0.22 * c)], fill=rgba(INK), width=round(0.1 * c))
        draw.polygon(star_points(0.8 * c, 0.18 * c, 0.19 * c, 0.08 * c, 6), fill=rgba(BURST))
        draw.ellipse(circle_box(0.34 * c, 0.48 * c, 0.07 * c), fill=rgba(blend(INK, WHITE, 0.55)))

    return supersampled((size, size), draw_fn)


@cache
def burst_sprite(cell: int) -> Image.Image:
    """A live block that went off this turn or the last."""

    def draw_fn(image: Image.Image, s: float) -> None:
        draw = ImageDraw.Draw(image)
        c = cell * s
        draw.polygon(star_points(c / 2, c / 2, 0.48 * c, 0.3 * c, 12, turn=0.5), fill=rgba(INK))
        draw.polygon(star_points(c / 2, c / 2, 0.42 * c, 0.26 * c, 12, turn=0.5), fill=rgba(BURST))
        draw.polygon(star_points(c / 2, c / 2, 0.25 * c, 0.14 * c, 8), fill=rgba(GOLD))

    return supersampled((cell, cell), draw_fn)


@cache
def safe_frame_sprite(cell: int) -> Image.Image:
    """A faint frame: a safe block was activated here this turn or the last."""

    def draw_fn(image: Image.Image, s: float) -> None:
        draw = ImageDraw.Draw(image)
        c = cell * s
        a, b = 0.17 * c, 0.83 * c
        draw.rounded_rectangle((a, a, b, b), radius=0.07 * c, outline=rgba(CRATE_DARK, 190), width=round(0.035 * c))

    return supersampled((cell, cell), draw_fn)


@cache
def entry_sprite(cell: int) -> Image.Image:
    """A white frame inside a square a reinforcement may enter on."""

    def draw_fn(image: Image.Image, s: float) -> None:
        draw = ImageDraw.Draw(image)
        c = cell * s
        w = 0.07 * c
        draw.rectangle((w / 2, w / 2, c - w / 2, c - w / 2), outline=rgba(INK, 150), width=round(w * 1.6))
        draw.rectangle((w / 2, w / 2, c - w / 2, c - w / 2), outline=rgba(WHITE), width=round(w))

    return supersampled((cell, cell), draw_fn)


@cache
def ring_sprite(cell: int) -> Image.Image:
    """A gold ring around a character that can move with this roll."""

    def draw_fn(image: Image.Image, s: float) -> None:
        draw = ImageDraw.Draw(image)
        c = cell * s
        box = circle_box(c / 2, c / 2, 0.45 * c)
        draw.ellipse(box, outline=rgba(INK), width=round(0.09 * c))
        draw.ellipse(circle_box(c / 2, c / 2, 0.44 * c), outline=rgba(GOLD), width=round(0.065 * c))

    return supersampled((cell, cell), draw_fn)


@cache
def brackets_sprite(cell: int) -> Image.Image:
    """Gold corner brackets: after a zero option, the only character that may move."""

    def draw_fn(image: Image.Image, s: float) -> None:
        draw = ImageDraw.Draw(image)
        c = cell * s
        w, a = 0.08 * c, 0.26 * c
        for x, y, dx, dy in ((0, 0, 1, 1), (c, 0, -1, 1), (0, c, 1, -1), (c, c, -1, -1)):
            x += dx * w / 2
            y += dy * w / 2
            for colour, width in ((INK, w * 1.7), (GOLD, w)):
                draw.line([(x + dx * a, y), (x, y), (x, y + dy * a)], fill=rgba(colour), width=round(width),
                          joint="curve")

    return supersampled((cell, cell), draw_fn)


@cache
def rocket_sprite(seat: int, size: int) -> Image.Image:
    """A small rocket on the pad's lip, its nose towards the island."""
    style = SEATS[seat]

    def draw_fn(image: Image.Image, s: float) -> None:
        draw = ImageDraw.Draw(image)
        c = size * s
        # drawn nose up; turned below for seat 0 (whose island lies above its pad)
        body = [(0.5 * c, 0.02 * c), (0.66 * c, 0.3 * c), (0.66 * c, 0.78 * c), (0.34 * c, 0.78 * c), (0.34 * c, 0.3 * c)]
        fins = [(0.34 * c, 0.5 * c), (0.16 * c, 0.9 * c), (0.84 * c, 0.9 * c), (0.66 * c, 0.5 * c)]
        draw.polygon(fins, fill=rgba(style.fill), outline=rgba(INK), width=max(round(0.05 * c), 1))
        draw.polygon(body, fill=rgba(ROCKET), outline=rgba(INK), width=max(round(0.06 * c), 1))
        draw.polygon([(0.5 * c, 0.02 * c), (0.62 * c, 0.24 * c), (0.38 * c, 0.24 * c)], fill=rgba(style.fill))

    sprite = supersampled((size, size), draw_fn)
    return sprite if seat == 0 else sprite.transpose(Image.Transpose.FLIP_TOP_BOTTOM)


_PIPS = {
    0: (),
    1: ((0.5, 0.5),),
    2: ((0.28, 0.28), (0.72, 0.72)),
    3: ((0.28, 0.28), (0.5, 0.5), (0.72, 0.72)),
    4: ((0.28, 0.28), (0.72, 0.28), (0.28, 0.72), (0.72, 0.72)),
    5: ((0.28, 0.28), (0.72, 0.28), (0.5, 0.5), (0.28, 0.72), (0.72, 0.72)),
}


@cache
def die_sprite(face: int | None, size: int) -> Image.Image:
    """A die showing ``face`` (0 is the blank face); ``None``: no roll yet, a dim outline."""

    def draw_fn(image: Image.Image, s: float) -> None:
        draw = ImageDraw.Draw(image)
        c = size * s
        box = (0.04 * c, 0.04 * c, 0.96 * c, 0.96 * c)
        if face is None:
            draw.rounded_rectangle(box, radius=0.18 * c, outline=rgba(FRAME_TEXT_DIM), width=round(0.05 * c))
            return
        draw.rounded_rectangle(box, radius=0.18 * c, fill=rgba(WHITE), outline=rgba(INK), width=round(0.05 * c))
        for x, y in _PIPS[face]:
            draw.ellipse(circle_box(x * c, y * c, 0.085 * c), fill=rgba(INK))

    return supersampled((size, size), draw_fn)


@cache
def lock_sprite(size: int, opened: bool) -> Image.Image:
    """A padlock: the layout is sealed (closed) or revealed (open)."""

    def draw_fn(image: Image.Image, s: float) -> None:
        draw = ImageDraw.Draw(image)
        c = size * s
        w = round(0.12 * c)
        lift = 0.14 * c if opened else 0.0
        ink = rgba(FRAME_TEXT)
        draw.arc((0.28 * c, 0.06 * c - lift, 0.72 * c, 0.6 * c - lift), 180, 360, fill=ink, width=w)
        right_leg = 0.72 * c - w / 2
        draw.line([(right_leg, 0.33 * c - lift), (right_leg, 0.5 * c)], fill=ink, width=w)
        if not opened:
            left_leg = 0.28 * c + w / 2
            draw.line([(left_leg, 0.33 * c), (left_leg, 0.5 * c)], fill=ink, width=w)
        draw.rounded_rectangle((0.16 * c, 0.44 * c, 0.84 * c, 0.96 * c), radius=0.1 * c,
                               fill=rgba(GOLD if opened else FRAME_TEXT))
        draw.ellipse(circle_box(0.5 * c, 0.66 * c, 0.07 * c), fill=rgba(INK))

    return supersampled((size, size), draw_fn)


@cache
def loss_pip_sprite(seat: int, lost: bool, size: int) -> Image.Image:
    """One of the ``win_at`` losses: a crossed-out disc once lost, a hollow ring before."""
    style = SEATS[seat]

    def draw_fn(image: Image.Image, s: float) -> None:
        draw = ImageDraw.Draw(image)
        c = size * s
        r = c / 2 - s
        if not lost:
            draw.ellipse(circle_box(c / 2, c / 2, r - 0.06 * c), outline=rgba(style.light), width=round(0.12 * c))
            return
        draw.ellipse(circle_box(c / 2, c / 2, r), fill=rgba(style.fill))
        d = 0.22 * c
        for (x0, y0), (x1, y1) in (((-d, -d), (d, d)), ((-d, d), (d, -d))):
            draw.line([(c / 2 + x0, c / 2 + y0), (c / 2 + x1, c / 2 + y1)], fill=rgba(WHITE), width=round(0.13 * c))

    return supersampled((size, size), draw_fn)


# --------------------------------------------------------------------------- panel


SEAT_BLOCK = 86
NAME_ROW = 44
PIP = 13


def _winners(view: BattleIslandView) -> tuple[int, ...]:
    if view.result is None or view.result.draw:
        return ()
    return view.result.winners


def _draw_panel(image: Image.Image, draw: ImageDraw.ImageDraw, view: BattleIslandView, lay: Layout,
                labels: BoardLabels) -> None:
    top, bottom = lay.sea[1], lay.sea[3]
    _draw_seat(image, draw, view, lay, 1, labels.seat(1), top)
    _draw_seat(image, draw, view, lay, 0, labels.seat(0), bottom - SEAT_BLOCK)
    _draw_centre(image, draw, view, lay, labels, top + SEAT_BLOCK + 8, bottom - SEAT_BLOCK - 8)


def _draw_seat(image: Image.Image, draw: ImageDraw.ImageDraw, view: BattleIslandView, lay: Layout, seat: int,
               name: str, top: int) -> None:
    style = SEATS[seat]
    x0, x1 = lay.panel_left, lay.panel_right
    bottom = top + SEAT_BLOCK
    winner = seat in _winners(view)
    acting = view.result is None and seat in view.to_act
    fill = blend(FRAME, style.fill, 0.18) if acting or winner else blend(FRAME, WHITE, 0.04)
    outline = GOLD if winner else style.fill if acting else blend(FRAME, WHITE, 0.12)
    draw.rounded_rectangle((x0, top, x1, bottom), radius=10, fill=fill, outline=outline, width=2 if acting or winner else 1)

    mid = top + NAME_ROW / 2 + 2
    token = 36
    tx = x0 + 8 + token / 2
    paste_sprite(image, character_sprite(seat, "soldier", None, None, token), (tx, mid))
    if winner:
        paste_sprite(image, crown_sprite(22), (tx + 12, mid - 12))
    if name:
        left = tx + token / 2 + 6
        draw_lines(draw, (left, mid), fitted_name(name, x1 - 10 - left), WHITE, anchor="lm")

    # the losses that end the game, crossed out as they happen, and their count at the right
    # (the name above has the header's whole width)
    lost, limit = view.lost[seat], view.win_at
    y = top + NAME_ROW + (SEAT_BLOCK - NAME_ROW) / 2
    count = f"{lost}/{limit}"
    count_font = bold_font(16)
    right: float = x1 - 10
    draw_text(draw, (right, y), count, count_font, WHITE if lost else FRAME_TEXT, anchor="rm")
    right -= text_width(count, count_font) + 4
    paste_sprite(image, cross_sprite(20, 0.3, 0.2, 0.11), (right - 9, y))
    right -= 24
    slots = max(limit, 1)
    gap = min(PIP + 2, (right - x0 - 14) / slots)
    size = min(PIP, round(gap - 2))
    x = x0 + 10 + gap / 2
    for index in range(slots):
        paste_sprite(image, loss_pip_sprite(seat, index < lost, size), (x + index * gap, y))


def _draw_centre(image: Image.Image, draw: ImageDraw.ImageDraw, view: BattleIslandView, lay: Layout,
                 labels: BoardLabels, top: int, bottom: int) -> None:
    """Title, turn, die, score, blocks, seal and status, centred between the seat blocks."""
    x0, x1 = lay.panel_left + TEXT_INSET, lay.panel_right - TEXT_INSET
    width = lay.text_width
    cx = (x0 + x1) / 2
    rows: list[tuple[int, Callable[[float], None]]] = []

    def text_row(text: str, fnt: Font, colour: RGB, height: int) -> None:
        rows.append((height, lambda y: draw_text(draw, (cx, y), text, fnt, colour)))

    def lines_row(fitted: FittedText, colour: RGB, gap: int) -> None:
        rows.append((fitted.height + gap, lambda y: draw_lines(draw, (cx, y), fitted, colour)))

    if labels.title:
        lines_row(fitted_title(labels.title, width), FRAME_TEXT, 8)
    if view.phase == "play" and view.turn:
        text_row(f"#{view.turn}", font(17), FRAME_TEXT_DIM, 26)

    die = 68

    def die_row(y: float) -> None:
        paste_sprite(image, die_sprite(view.last_roll, die), (cx + 18, y))
        if view.to_move is not None and view.result is None:
            paste_sprite(image, character_sprite(view.to_move, "soldier", None, None, 44), (cx - 46, y))

    rows.append((die + 12, die_row))
    mover = labels.seat(view.to_move) if view.to_move is not None and view.result is None else ""
    if mover:
        # shrunk rather than cut: the whole panel's width holds a 32-character name at 12 px
        lines_row(fit_lines(mover, width, size=16, min_size=12), SEATS[view.to_move].light, 6)  # type: ignore[index]
    result = score(view.result)
    if result:
        text_row(result, bold_font(24), GOLD, 36)

    def blocks_row(y: float) -> None:
        parts: list[tuple[Image.Image, str]] = [(crate_sprite(None, None, 34), str(view.blocks_left))]
        if view.live_left is not None:
            parts.append((bomb_sprite(20), str(view.live_left)))
        if view.quiet_turns:
            parts.append((hourglass_sprite(18, FRAME_TEXT_DIM), str(view.quiet_turns)))
        number_font = font(16)
        widths = [24 + 4 + text_width(text, number_font) for _, text in parts]
        total = sum(widths) + 16 * (len(parts) - 1)
        x = cx - total / 2
        for (sprite, text), w in zip(parts, widths, strict=True):
            paste_sprite(image, sprite, (x + 12, y))
            draw_text(draw, (x + 28, y + 1), text, number_font, FRAME_TEXT, anchor="lm")
            x += w + 16

    if view.phase != "seal":
        rows.append((34, blocks_row))
    if view.seal:
        # Only the padlock: the digest differs with the hidden layout, and the picture must
        # not (the channel message carries the digest).
        rows.append((26, lambda y: paste_sprite(image, lock_sprite(18, view.opening is not None), (cx, y))))

    used = sum(h for h, _ in rows)
    room = max(bottom - top - used - 12, 0)
    if labels.status:
        lines_row(fitted_status(labels.status, width, room), FRAME_TEXT_DIM, 4)

    total = sum(h for h, _ in rows)
    y = (top + bottom) / 2 - total / 2
    for height, fn in rows:
        fn(y + height / 2)
        y += height


def fitted_name(name: str, width: float) -> FittedText:
    """A seat's name as it fits its row: shrunk to 12 px, else on two lines (``fit_name``)."""
    return fit_name(name, width, size=17, min_size=12)


def fitted_title(title: str, width: float) -> FittedText:
    """The title as it fits the panel: shrunk to 14 px, else on two lines (never cut while two
    lines at 14 px hold it)."""
    return fit_lines(title, width, size=18, min_size=14, max_lines=2)


def fitted_status(status: str, width: float, room: float) -> FittedText:
    """The status (whose turn and step, or the result, and the clocks) as it fits ``room`` px:
    broken between phrases first, as many lines as the room takes (at most 6)."""
    return fit_lines(status, width, size=14, min_size=12, max_lines=int(min(max(room // 18, 1), 6)), line_spacing=1.3)


# --------------------------------------------------------------------------- the marks' legend


MARKS = ("soldier", "jeep", "tank", "facing", "pad", "rocket", "block", "live", "safe", "blast", "defused", "move",
         "shot", "removed", "movable", "restricted", "shot_possible", "entry", "turn", "die", "blocks_left",
         "live_left", "quiet", "lock", "lost")
"""Every mark the picture may draw, in the order the strip under it explains them (each has a
``legend_<mark>`` word); ``marks_shown`` says which a view's picture draws."""


def marks_shown(view: BattleIslandView) -> tuple[str, ...]:
    """The marks ``view``'s picture draws (the legend explains these: a picture explains what it
    shows, and the strip stays short)."""
    found = {"lost"}
    on_island = [c for c in view.characters if c.square is not None]
    found |= {c.kind for c in on_island}
    if any(c.facing is not None for c in on_island):
        found.add("facing")
    pads = [pad for pad in view.pads if pad.files]
    if pads:
        found.add("pad")
        found |= {kind for pad in pads for kind in pad.slots if kind is not None}
        if any(pad.rocket for pad in pads):
            found.add("rocket")
    if view.blocks:
        found.add("block")
    if any(b.live for b in view.blocks) or any(r.live for r in view.revealed):
        found.add("live")
    if any(b.live is False for b in view.blocks) or any(not r.live for r in view.revealed):
        found.add("safe")
    if any(r.live for r in view.revealed):
        found.add("blast")
    if any(not r.live for r in view.revealed):
        found.add("defused")
    for action in view.actions:
        frm, to = _island(view, action.frm), _island(view, action.to)
        if action.kind in ("move", "reinforce") and to is not None and (frm != to or action.kind == "reinforce"):
            found.add("move")
        if action.kind == "shoot":
            if frm is not None and to is not None and frm != to:
                found.add("shot")
            if to is not None or any(_island(view, s) for s in action.caught):
                found.add("removed")
        if action.kind == "remove" and (to or frm) is not None:
            found.add("removed")
    if view.movable:
        found.add("movable")
    if view.restricted:
        found |= {"movable", "restricted"}
    if any(shot.frm != shot.to for shot in view.shots):
        found.add("shot_possible")
    if view.entry:
        found.add("entry")
    if view.phase == "play" and view.turn:
        found.add("turn")
    found.add("die")
    if view.phase != "seal":
        found.add("blocks_left")
        if view.live_left is not None:
            found.add("live_left")
        if view.quiet_turns:
            found.add("quiet")
    if view.seal:
        found.add("lock")
    return shown_marks(found, MARKS)


def legend_icon(mark: str, view: BattleIslandView) -> Image.Image:
    """``mark`` as the picture draws it, small, for the legend strip."""
    seat = view.to_move if view.to_move is not None else 0
    size = 24
    if mark in _RANGE:
        return character_sprite(0, mark, _RANGE[mark], None, size)
    if mark == "rocket":
        return rocket_sprite(0, 22)
    if mark == "block":
        return crate_sprite(None, None, size)
    if mark == "live":
        return bomb_sprite(18)
    if mark == "safe":
        return tick_sprite(18)
    if mark == "move":
        actions = [a for a in view.actions if a.kind in ("move", "reinforce")]
        return move_icon(SEATS[actions[-1].seat if actions else seat].fill)
    if mark == "turn":
        return text_icon(f"#{view.turn or 1}", 17)
    if mark == "die":
        return die_sprite(view.last_roll if view.last_roll is not None else 3, 22)
    if mark == "blocks_left":
        count = str(view.blocks_left)
        icon, draw = legend_icon_box(max(36, math.ceil(26 + text_width(count, font(14))) + 3))  # "10" too
        paste_sprite(icon, crate_sprite(None, None, 26), (12, 11))
        draw_text(draw, (26, 12), count, font(14), FRAME_TEXT, anchor="lm")
        return icon
    if mark == "live_left":
        return bomb_sprite(20)
    if mark == "quiet":
        return hourglass_sprite(18, FRAME_TEXT_DIM)
    if mark == "lock":
        return lock_sprite(18, view.opening is not None)
    if mark == "lost":
        icon, _ = legend_icon_box(36)
        paste_sprite(icon, cross_sprite(20, 0.3, 0.2, 0.11), (10, 11))
        paste_sprite(icon, loss_pip_sprite(0, True, 13), (28, 11))
        return icon
    if mark == "pad":
        icon, draw = legend_icon_box(size, size)
        draw.rounded_rectangle((0, 0, size - 1, size - 1), radius=4, fill=DECK, outline=INK)
        draw.rounded_rectangle((4, 4, size - 5, size - 9), radius=3, fill=DECK_SLOT)
        draw.rectangle((3, size - 6, size - 4, size - 4), fill=SEATS[0].fill)
        draw_text(draw, (size / 2, (size - 5) / 2), "1", bold_font(11), FRAME_TEXT)
        return icon
    if mark == "shot_possible":
        icon, _ = legend_icon_box(36)

        def aim(d: ImageDraw.ImageDraw, scale: float, origin: Point) -> None:
            pts = scale_points([(2, 11), (28, 11)], scale, origin)
            d.line(pts, fill=rgba(INK), width=round(2.6 * scale))
            d.line(pts, fill=rgba(WHITE), width=round(1.3 * scale))
            cx, cy = scale_points([(28, 11)], scale, origin)[0]
            for colour, w in ((INK, 2.8), (WHITE, 1.4)):
                d.ellipse(circle_box(cx, cy, 6 * scale), outline=rgba(colour), width=round(w * scale))

        return supersampled(icon.size, lambda image, s: aim(ImageDraw.Draw(image), s, (0, 0)))
    if mark == "shot":
        icon, _ = legend_icon_box(36)

        def dashed(image: Image.Image, s: float) -> None:
            d = ImageDraw.Draw(image)
            for p, q in dashes((2 * s, 11 * s), (34 * s, 11 * s), 4 * s):
                d.line([p, q], fill=rgba(WHITE), width=round(4.4 * s))
                d.line([p, q], fill=rgba(SEATS[seat].fill), width=round(2.4 * s))

        return supersampled(icon.size, dashed)
    # marks on an island square of their own
    icon, _ = legend_icon_box(size, size, fill=GRASS[0])
    centre = (size / 2, size / 2)
    if mark == "facing":
        paste_sprite(icon, character_sprite(0, "soldier", 2, "n", size), centre)
    elif mark == "blast":
        icon.paste(blend(GRASS[0], BLAST, BLAST_TINT), (0, 0, size, size))
        paste_sprite(icon, burst_sprite(size), centre)
    elif mark == "defused":
        paste_sprite(icon, safe_frame_sprite(size), centre)
        paste_sprite(icon, revealed_badge_sprite(False, 12), (size - 6, 6))
    elif mark == "removed":
        paste_sprite(icon, cross_sprite(size, 0.22), centre)
    elif mark == "movable":
        paste_sprite(icon, ring_sprite(size), centre)
        paste_sprite(icon, character_sprite(0, "jeep", 3, None, size), centre)
    elif mark == "restricted":
        paste_sprite(icon, brackets_sprite(size), centre)
    elif mark == "entry":
        paste_sprite(icon, entry_sprite(size), centre)
    else:
        raise ValueError(f"no legend icon for {mark!r}")
    return icon


SPRITES: tuple[Callable[..., Image.Image], ...] = (
    character_sprite, crate_sprite, bomb_sprite, burst_sprite, safe_frame_sprite, entry_sprite, ring_sprite,
    revealed_badge_sprite,
    brackets_sprite, rocket_sprite, die_sprite, lock_sprite, loss_pip_sprite, cross_sprite, crown_sprite,
    tick_sprite, hourglass_sprite,
)
"""Every cached sprite factory (tests clear them to check cold renders give the same bytes)."""
