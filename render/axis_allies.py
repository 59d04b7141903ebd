"""The board picture for Axis & Allies (classic): ``render_board(view) -> PNG bytes``.

1600 x 932 px: a schematic world map on top (1584 x 713 px), a panel strip below it and, under that, a
legend strip that says what each mark means (in the labels' words). We have no map
artwork, so the map is a diagram whose places come from ``render.axis_allies_layout``. The Americas
are on the left, Europe and Africa in the middle, Asia on the right. The map is cut in the Pacific,
as the printed board is.

- **Land territories** are rounded boxes filled with the holder's colour: USSR brick red, Germany
  grey, United Kingdom tan, Japan orange, USA green, untouched neutrals pale grey. Each box holds a
  short name, the IPC value in a white badge on its top-right corner (none for 0), and a gold star
  on its top-left corner for a capital. A territory held by someone other than its original owner
  shows the original owner's roundel on its bottom-left corner.
- **Sea zones** are soft blue rounded shapes with a short name in blue and, under it, the
  reader's word for a sea zone (``picture_sea_zone``: "sea zone", "zeegebied"): many sea zones
  carry the name of the land beside them ("Japan", "Karelia"), and the word says which is sea.
- **Borders** are solid dark lines between two land territories, dotted blue lines between land and
  sea, and faint blue lines between two sea zones. The Suez and Panama canals are a gold band with
  the canal's name in a tag; the tag takes the holder's colour when one power holds all the canal's
  land. Borders that cross the cut in the Pacific run off both edges of the map.
- **Units** are compact chips: the unit's glyph and its count, in the owning power's unit colour.
  The glyphs are infantry, armour, fighter, bomber, submarine, transport, carrier, battleship and
  AA gun, and an industrial complex is a factory chip without a count. The chips are grouped by
  power in turn order. A box too small for its chips grows: a sea zone or small box widens to a
  land box's width first, then any box grows taller, towards the side where it covers the least.
- **Battles**: every territory with a battle still to fight is outlined in red, and the battle
  being fought now gets a thicker red outline.
- **This turn's moves** (``arrows``) are arrows from ``frm`` to ``to``: red for combat moves,
  navy for other moves. Moves between the same two places make one arrow, whose tag lists the
  units the moves' texts name (``3 inf, 1 arm``).

The panel, left to right:

- the round (``#3``), the power to move with its player's name (``labels.seats`` by
  ``PowerView.seat``), the turn's seven phases as icons with the current one lit, and
  ``labels.status``. Once the game is over, a crown and the winning powers' roundels take the
  mover's place.
- every power in turn order: its name and player, unspent IPCs (a coin), national production (a
  factory), techs as short tags, and its capital star (crossed out while the capital is lost). The
  power to move is framed in its colour, and a winner gets a crown.
- the battle being fought: territory and battle round, attackers against defenders as unit chips,
  and the last roll as die faces edged in the colour of the side that rolled. Then the battles
  still to fight and the units bought this turn that still wait to be placed, and, where room
  is left, a legend of the unit glyphs.

Words: territory, canal and power names come from the map data and the view, the arrows' text from
the view, player names, the title and the status line from ``labels``. The techs are short tags
(``Jet``, ``HBmr``), and the legend gives the short unit names players type (``inf``, ``bb``: the
``units.py`` aliases). Everything else is a symbol or a number.

Shapes and chips are cached anti-aliased sprites, and lines and arrows are drawn supersampled
(see ``render.common``). The ocean and the borders are the same for every view: they are drawn
once and copied. The PNG is written with a 256-colour palette.

``render_region`` draws one region of the map (``REGIONS``, for ``/board region:``) with the same
layout, ``REGION_ZOOM`` times larger. The map's drawing code works in px of the whole picture and
draws through a ``_Canvas``, which puts sprites, text and lines on a zoomed window at that size.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cache

from PIL import Image, ImageDraw

from engines.axis_allies.map import CLASSIC, GameMap
from engines.axis_allies.view import (
    ArrowView,
    AxisAlliesView,
    BattleView,
    PowerView,
    TerritoryView,
    UnitCountView,
)
from engines.core.contract import Result
from render import axis_allies_layout as layout
from render.common import (
    FRAME,
    FRAME_TEXT,
    FRAME_TEXT_DIM,
    GOLD,
    HIGHLIGHT,
    INK,
    PHRASE_SEPARATOR,
    RGB,
    WHITE,
    BoardLabels,
    Box,
    FittedText,
    Point,
    blend,
    bold_font,
    circle_box,
    crown_sprite,
    draw_arrow,
    draw_lines,
    draw_text,
    encode_png,
    fit_lines,
    fit_name,
    fit_text,
    flow_rows,
    font,
    hex_rgb,
    overlay,
    paste_sprite,
    rgba,
    scale_points,
    score,
    shorten,
    star_points,
    supersampled,
    text_width,
    wrap_text,
)

__all__ = ["HEIGHT", "POWER_STYLES", "WIDTH", "BoardLabels", "render_board", "render_image"]

# --------------------------------------------------------------------------- geometry

WIDTH, HEIGHT = 1600, 932
MAP_LEFT, MAP_TOP = 8, 8
MAP_WIDTH = round(layout.GRID[0] * layout.SCALE)
MAP_HEIGHT = round(layout.GRID[1] * layout.SCALE)
MAP_BOX: Box = (MAP_LEFT, MAP_TOP, MAP_LEFT + MAP_WIDTH, MAP_TOP + MAP_HEIGHT)
PANEL_TOP = MAP_BOX[3] + 8
MARKS_HEIGHT = 24
"""The strip under the panel that says what each mark on the map means."""
PANEL_BOTTOM = HEIGHT - 8 - MARKS_HEIGHT - 6
MARKS_TOP = PANEL_BOTTOM + 6

SEA_LABEL_H = 20
"""The room a sea zone's two label lines take above its chips: its name, and the reader's word
for a sea zone under it (so a blue box named after the land beside it reads as sea)."""
CHIP_H = 15
"""Height of a unit chip; chips sit in rows ``CHIP_H + CHIP_GAP`` apart."""
CHIP_GAP = 2
GLYPH = (16, 11)
"""A unit glyph's box in px."""

# --------------------------------------------------------------------------- colours


@dataclass(frozen=True, slots=True)
class PowerStyle:
    """How one power is drawn: ``land`` fills its territories (with ``land_text`` on it), ``unit``
    fills its unit chips (with ``unit_ink`` for the glyph and count)."""

    land: RGB
    land_text: RGB
    unit: RGB
    unit_ink: RGB

    @property
    def edge(self) -> RGB:
        return blend(self.unit, INK, 0.45)


POWER_STYLES: dict[str, PowerStyle] = {
    "ussr": PowerStyle(land=hex_rgb("#b5493e"), land_text=WHITE, unit=hex_rgb("#7c1b14"), unit_ink=WHITE),
    "germany": PowerStyle(land=hex_rgb("#7e8288"), land_text=WHITE, unit=hex_rgb("#383c42"), unit_ink=WHITE),
    "uk": PowerStyle(land=hex_rgb("#d6bc8c"), land_text=INK, unit=hex_rgb("#98733a"), unit_ink=WHITE),
    "japan": PowerStyle(land=hex_rgb("#f0b43c"), land_text=INK, unit=hex_rgb("#e07b10"), unit_ink=INK),
    "usa": PowerStyle(land=hex_rgb("#93b86b"), land_text=INK, unit=hex_rgb("#3d7432"), unit_ink=WHITE),
}
"""Classic-game colours: USSR red, Germany grey, UK tan, Japan orange, USA green."""
NEUTRAL = PowerStyle(land=hex_rgb("#e2ded3"), land_text=INK, unit=hex_rgb("#8a8a8a"), unit_ink=WHITE)
"""Untouched neutral land, and any power id we do not know."""

OCEAN: RGB = hex_rgb("#cfe0ec")
OCEAN_EDGE: RGB = hex_rgb("#9dbcd3")
SEA_FILL: RGB = hex_rgb("#a6cae3")
SEA_EDGE: RGB = hex_rgb("#6e9fc5")
SEA_TEXT: RGB = hex_rgb("#1d4b73")
LAND_EDGE: RGB = hex_rgb("#3b3630")
LAND_LINE: RGB = hex_rgb("#57493c")
COAST_LINE: RGB = hex_rgb("#3c74a3")
SEA_LINE: RGB = hex_rgb("#8fb3cf")
CANAL: RGB = hex_rgb("#e0a419")
BATTLE: RGB = hex_rgb("#d42a20")
COMBAT_ARROW: RGB = hex_rgb("#d42a20")
MOVE_ARROW: RGB = hex_rgb("#1f3f78")
PANEL_BOX: RGB = blend(FRAME, WHITE, 0.05)
PANEL_LINE: RGB = blend(FRAME, WHITE, 0.13)
TRAY: RGB = blend(FRAME, WHITE, 0.72)
"""Behind unit chips on the panel."""

UNIT_ORDER = ("factory", "infantry", "armour", "aa_gun", "fighter", "bomber", "submarine", "transport",
              "carrier", "battleship")
"""Chips are listed in this order within each power."""

TECH_SHORT = {
    "jet_power": "Jet", "rockets": "Rkt", "super_submarines": "SSub", "long_range_aircraft": "LRA",
    "industrial_technology": "Ind", "heavy_bombers": "HBmr",
}
LEGEND = (("infantry", "inf"), ("armour", "arm"), ("aa_gun", "aa"), ("fighter", "ftr"), ("bomber", "bmr"),
          ("submarine", "sub"), ("transport", "trn"), ("carrier", "car"), ("battleship", "bb"), ("factory", "ic"))
"""The glyph legend, with the short unit names players may type (``units.py`` aliases)."""
LEGEND_ROW = 22
MARKS = ("capital", "capital_lost", "ipc", "first_holder", "battle", "combat_move", "move", "canal", "ipcs",
         "production")
"""The marks the strip under the panel explains, left to right (``legend_<mark>`` words)."""
STEP_MARKS = ("changed",)
"""Marks only the board after a step has (``render_step``), explained after the others there."""
MARK_WIDTHS = {"capital": 17, "capital_lost": 17, "ipc": 16, "first_holder": 22, "battle": 24, "combat_move": 28,
               "move": 28, "canal": 26, "ipcs": 16, "production": 18, "changed": 28}
"""How wide ``_draw_mark`` draws each mark."""
MARK_WIDTH = max(MARK_WIDTHS.values())
PHASES = ("tech", "purchase", "combat_move", "combat", "noncombat_move", "place", "income")
ATTACKER_ROLLS = frozenset({"attack_fire", "bombard", "sub_strike", "bombing", "rocket"})
"""Roll kinds the attacking side throws; any other kind is the defender's (``defence_fire``,
``aa_fire``...)."""


def power_style(power: str | None) -> PowerStyle:
    return POWER_STYLES.get(power or "", NEUTRAL)


# --------------------------------------------------------------------------- the picture


def render_board(view: AxisAlliesView, *, labels: BoardLabels | None = None) -> bytes:
    """The board for ``view`` as PNG bytes (1600 x 932, 256-colour palette)."""
    return encode_png(render_image(view, labels=labels), palette=True)


def render_image(view: AxisAlliesView, *, labels: BoardLabels | None = None,
                 changed: frozenset[str] = frozenset()) -> Image.Image:
    """The board for ``view`` as a Pillow image, before encoding; the places in ``changed`` (what
    the step changed) ringed in yellow, and the legend then explains the ring."""
    labels = labels or BoardLabels()
    board = _Map(view, CLASSIC, labels.word("sea_zone"))
    image = _background().copy()
    canvas = _Canvas(image)
    board.draw_nodes(canvas, changed)
    board.draw_arrows(canvas)
    _Panel(view, labels, image, ImageDraw.Draw(image), MARKS + (STEP_MARKS if changed else ())).render()
    return image


def render_step(view: AxisAlliesView, *places: str, labels: BoardLabels | None = None) -> bytes:
    """The board after a step, with the places the step changed (``places``: ids,
    ``view.step_changes``) ringed, so what changed stands out."""
    changed = frozenset(places) & frozenset(layout.POSITIONS)
    return encode_png(render_image(view, labels=labels, changed=changed), palette=True)


@cache
def _background() -> Image.Image:
    """The frame, the ocean and every border: the same for every view, so drawn once."""
    image = Image.new("RGB", (WIDTH, HEIGHT), FRAME)
    _draw_ocean(ImageDraw.Draw(image))
    _draw_borders(_Canvas(image), CLASSIC)
    return image


@dataclass(frozen=True, slots=True)
class _Canvas:
    """Where the map is drawn. The drawing code works in px of the whole picture; a canvas puts
    them on its image: the whole picture itself (``zoom`` 1), or a window of it drawn ``zoom``
    times larger (a region crop), where sprites, text and lines are drawn at that size, sharp,
    rather than scaled up from the whole picture."""

    image: Image.Image
    zoom: int = 1
    origin: Point = (0, 0)
    """The picture's point at the image's top-left corner."""

    def at(self, p: Point) -> Point:
        """Where the picture's point ``p`` lies on the image."""
        return ((p[0] - self.origin[0]) * self.zoom, (p[1] - self.origin[1]) * self.zoom)

    def sees(self, box: tuple[float, float, float, float], margin: float = 16) -> bool:
        """Whether anything within ``margin`` px of ``box`` (picture px) lands on the image."""
        (x0, y0), (x1, y1) = self.at((box[0] - margin, box[1] - margin)), self.at((box[2] + margin, box[3] + margin))
        return x0 < self.image.width and y0 < self.image.height and x1 > 0 and y1 > 0

    def sprite(self, centre: Point, factory: Callable[..., Image.Image], *args: object) -> None:
        """``factory(*args)``'s sprite, drawn at the canvas's zoom, centred on ``centre``."""
        paste_sprite(self.image, factory(*args, zoom=self.zoom) if self.zoom != 1 else factory(*args),
                     self.at(centre))

    def text(self, centre: Point, text: str, size: int, colour: RGB, bold: bool = False) -> None:
        fnt = bold_font(size * self.zoom) if bold else font(size * self.zoom)
        draw_text(ImageDraw.Draw(self.image), self.at(centre), text, fnt, colour)

    def overlay(self, box: Box, draw_fn: Callable[[ImageDraw.ImageDraw, float, Point], None], factor: int) -> None:
        """``render.common.overlay`` of the picture's ``box``: ``draw_fn`` keeps working in picture px."""
        z, (ox, oy) = self.zoom, self.origin
        (x0, y0), (x1, y1) = self.at((box[0], box[1])), self.at((box[2], box[3]))

        def zoomed(draw: ImageDraw.ImageDraw, scale: float, origin: Point) -> None:
            draw_fn(draw, scale * z, (ox + origin[0] / z, oy + origin[1] / z))

        overlay(self.image, (math.floor(x0), math.floor(y0), math.ceil(x1), math.ceil(y1)), zoomed, factor=factor)


def _node_centre(tid: str) -> Point:
    x, y = layout.centre(tid)
    return (MAP_LEFT + x, MAP_TOP + y)


def _node_box(tid: str) -> tuple[float, float, float, float]:
    x0, y0, x1, y1 = layout.box(tid)
    return (MAP_LEFT + x0, MAP_TOP + y0, MAP_LEFT + x1, MAP_TOP + y1)


def _sorted_units(units: Iterable[UnitCountView], order: Sequence[str]) -> list[UnitCountView]:
    """Units with a count, grouped by power in turn order, then by ``UNIT_ORDER``."""

    def key(u: UnitCountView) -> tuple[int, int, str, str]:
        p = order.index(u.power) if u.power in order else len(order)
        k = UNIT_ORDER.index(u.kind) if u.kind in UNIT_ORDER else len(UNIT_ORDER)
        return (p, k, u.power, u.kind)

    return sorted((u for u in units if u.count > 0), key=key)


def _chip_rows(units: Sequence[UnitCountView], width: float) -> list[list[UnitCountView]]:
    """Units flowed into rows of chips at most ``width`` px wide."""
    return flow_rows(units, lambda unit: chip_width(unit.kind, unit.count), width, CHIP_GAP)


def _draw_chip_row(canvas: _Canvas, row: Sequence[UnitCountView], cx: float, top: float) -> None:
    widths = [chip_width(u.kind, u.count) for u in row]
    x = cx - (sum(widths) + CHIP_GAP * (len(row) - 1)) / 2
    for unit, w in zip(row, widths, strict=True):
        # Placed by its top-left corner, rounded in picture px, as on the whole map.
        canvas.sprite((round(x) + w / 2, round(top) + CHIP_H / 2), chip_sprite, unit.power, unit.kind, unit.count)
        x += w + CHIP_GAP


def _draw_ocean(draw: ImageDraw.ImageDraw) -> None:
    x0, y0, x1, y1 = MAP_BOX
    draw.rounded_rectangle((x0, y0, x1 - 1, y1 - 1), radius=10, fill=OCEAN, outline=OCEAN_EDGE, width=2)


def _segments(a: str, b: str) -> list[tuple[Point, Point]]:
    """The line(s) for the border a-b: one straight line, or two stubs off the map's edges
    when the border crosses the cut in the Pacific."""
    pa, pb = _node_centre(a), _node_centre(b)
    if not layout.wraps(a, b):
        return [(pa, pb)]
    shift = MAP_WIDTH if pa[0] > pb[0] else -MAP_WIDTH
    return [(pa, (pb[0] + shift, pb[1])), (pb, (pa[0] - shift, pa[1]))]


def _draw_borders(canvas: _Canvas, gmap: GameMap) -> None:
    canals = {frozenset(c.sea_zones) for c in gmap.canals}
    lines: list[tuple[str, Point, Point]] = []
    for a, b in gmap.adjacent:
        if a not in layout.POSITIONS or b not in layout.POSITIONS:
            continue
        sea_a, sea_b = layout.is_sea(a), layout.is_sea(b)
        kind = "canal" if frozenset((a, b)) in canals else \
            "sea" if sea_a and sea_b else "coast" if sea_a or sea_b else "land"
        lines += [(kind, p, q) for p, q in _segments(a, b)]
    order = {"sea": 0, "coast": 1, "land": 2, "canal": 3}
    lines.sort(key=lambda line: order[line[0]])

    def draw_fn(draw: ImageDraw.ImageDraw, scale: float, origin: Point) -> None:
        for kind, p, q in lines:
            (x0, y0), (x1, y1) = scale_points((p, q), scale, origin)
            if kind == "sea":
                draw.line([(x0, y0), (x1, y1)], fill=SEA_LINE, width=round(1.6 * scale))
            elif kind == "land":
                draw.line([(x0, y0), (x1, y1)], fill=LAND_LINE, width=round(2.2 * scale))
            elif kind == "canal":
                draw.line([(x0, y0), (x1, y1)], fill=INK, width=round(6 * scale))
                draw.line([(x0, y0), (x1, y1)], fill=CANAL, width=round(4 * scale))
            else:  # land to sea: dotted
                length = math.hypot(x1 - x0, y1 - y0)
                step, r = 5.5 * scale, 1.25 * scale
                for i in range(int(length / step) + 1):
                    t = i * step / length if length else 0
                    draw.ellipse(circle_box(x0 + (x1 - x0) * t, y0 + (y1 - y0) * t, r), fill=COAST_LINE)

    # Stubs across the Pacific cut end at the map's edge.
    canvas.overlay((MAP_BOX[0] + 2, MAP_BOX[1] + 2, MAP_BOX[2] - 2, MAP_BOX[3] - 2), draw_fn, factor=2)


class _Map:
    """Drawing on the map part of the picture for one view."""

    def __init__(self, view: AxisAlliesView, gmap: GameMap, sea_word: str = "") -> None:
        self.view = view
        self.gmap = gmap
        self.sea_word = sea_word
        """The reader's word for a sea zone (``picture_sea_zone``), printed under every sea zone's
        name so "Japan" in blue reads as the sea beside Japan; without labels, none."""
        self.order = [p.id for p in view.powers]
        self.by_id = {t.id: t for t in view.territories}
        self.drawn: list[tuple[float, float, float, float]] = list(_nominal_boxes().values())
        """The boxes as drawn (grown ones too), once ``draw_nodes`` ran."""
        self.tag_boxes: tuple[tuple[float, float, float, float], ...] = ()
        """The arrows' unit tags as placed, once ``draw_arrows`` ran."""
        unknown = sorted(tid for tid in self.by_id if tid not in layout.POSITIONS)
        if unknown:
            raise ValueError(f"no place on the map for {', '.join(unknown)}")

    # ----------------------------------------------------------------- territories

    def draw_nodes(self, canvas: _Canvas, changed: frozenset[str] = frozenset()) -> None:
        battles = set(self.view.battles)
        current = self.view.battle.territory if self.view.battle else None
        plans = [self._plan(tid) for tid in sorted(layout.POSITIONS)]
        self.drawn = [plan.box for plan in plans]
        plans = [plan for plan in plans if canvas.sees(plan.box)]
        # Boxes that grew to hold their chips go last, so they lie on top of their neighbours.
        plans.sort(key=lambda plan: (plan.grown, plan.tid))
        # What the step changed is ringed first: the ring lies outside its box, and the box's own
        # marks (the IPC badge, the star) stay on top of it.
        for plan in plans:
            if plan.tid in changed:
                x0, y0, x1, y1 = plan.box
                canvas.sprite(((x0 + x1) / 2, (y0 + y1) / 2), changed_ring_sprite, round(x1 - x0), round(y1 - y0),
                              8 if plan.sea else 6)
        for plan in plans:
            self._draw_node(canvas, plan, plan.tid in battles or plan.tid == current, plan.tid == current)
        self._draw_canal_tags(canvas)

    def _plan(self, tid: str) -> _NodePlan:
        """Where the node's chips go, and how its box grows when they do not fit: a sea zone or a
        small box first widens to a land box's width, then any box grows taller. Of the ways to
        grow (keeping the left, middle or right; the top, middle or bottom), the one covering the
        least of the other boxes wins."""
        t = self.by_id.get(tid)
        x0, y0, x1, y1 = _node_box(tid)
        sea = layout.is_sea(tid)
        units = _sorted_units(t.units if t else (), self.order)
        label_h = (SEA_LABEL_H if self.sea_word else 16) if sea else 18
        room = max(int((y1 - y0 - label_h - 2 + CHIP_GAP) // (CHIP_H + CHIP_GAP)), 1)
        rows = _chip_rows(units, x1 - x0 - 4)
        box = (x0, y0, x1, y1)
        if len(rows) > room:
            best: tuple[float, tuple[float, float, float, float], list[list[UnitCountView]]] | None = None
            for width in dict.fromkeys((x1 - x0, max(x1 - x0, layout.LAND[0]))):
                grown_rows = _chip_rows(units, width - 4)
                height = max(y1 - y0, label_h + len(grown_rows) * (CHIP_H + CHIP_GAP) - CHIP_GAP + 2)
                covered, grown_box = _grow(tid, width, height)
                # Covering another box costs far more than growing.
                cost = covered * 10 + width * height
                if best is None or cost < best[0] - 0.5:
                    best = (cost, grown_box, grown_rows)
            assert best is not None
            _, box, rows = best
        return _NodePlan(tid, t, box, sea, rows, box[1] + label_h, box != (x0, y0, x1, y1))

    def _draw_node(self, canvas: _Canvas, plan: _NodePlan, battle: bool, current: bool) -> None:
        x0, y0, x1, y1 = plan.box
        w, h = round(x1 - x0), round(y1 - y0)
        cx = (x0 + x1) / 2
        t = plan.territory
        label = self.gmap.territories[plan.tid].label or (t.name if t else plan.tid)
        if plan.sea and self.sea_word:
            canvas.sprite((cx, (y0 + y1) / 2), sea_sprite, w, h)
            canvas.sprite((cx, y0 + 7), label_sprite, label, 10, False, SEA_TEXT, w - 4)
            canvas.sprite((cx, y0 + 16), label_sprite, self.sea_word, 9, False, SEA_TEXT, w - 6)
        elif plan.sea:
            canvas.sprite((cx, (y0 + y1) / 2), sea_sprite, w, h)
            canvas.sprite((cx, y0 + 8), label_sprite, label, 10, False, SEA_TEXT, w - 4)
        else:
            style = power_style(t.owner if t else None)
            canvas.sprite((cx, (y0 + y1) / 2), land_sprite, w, h, style.land)
            big = w >= layout.LAND[0]
            canvas.sprite((cx, y0 + 10), label_sprite, label, 11 if big else 10, True, style.land_text,
                          w - (10 if big else 4))
        for index, row in enumerate(plan.rows):
            _draw_chip_row(canvas, row, cx, plan.chips_top + index * (CHIP_H + CHIP_GAP))
        if battle:
            canvas.sprite((cx, (y0 + y1) / 2), battle_ring_sprite, w, h, 8 if plan.sea else 6, current)
        if t is not None and not plan.sea:
            if t.capital_of is not None:
                canvas.sprite((x0 + 2, y0 + 1), star_sprite, 17)
            if t.ipc > 0:
                canvas.sprite((x1 - 1, y0), ipc_badge_sprite, t.ipc, 16)
            if t.owner is not None and t.owner != t.original_owner:
                # Held by another power than at the start: the original owner's roundel (a plain
                # grey one for a neutral) on the bottom-left corner.
                canvas.sprite((x0 + 1, y1 - 1), roundel_sprite, t.original_owner or "", 15, INK)

    def _draw_canal_tags(self, canvas: _Canvas) -> None:
        for canal in self.gmap.canals:
            a, b = canal.sea_zones
            if a not in layout.POSITIONS or b not in layout.POSITIONS or layout.wraps(a, b):
                continue
            (ax, ay), (bx, by) = _node_centre(a), _node_centre(b)
            owners = {self.by_id[t].owner if t in self.by_id else None for t in canal.land}
            holder = owners.pop() if len(owners) == 1 else None
            fill = power_style(holder).land if holder else CANAL
            text = canal.name.split()[0]
            tw = text_width(text, bold_font(10)) + 10
            mid = ((ax + bx) / 2, (ay + by) / 2)
            canvas.sprite(mid, tag_sprite, round(tw), 15, fill)
            canvas.text(mid, text, 10, power_style(holder).land_text if holder else INK, bold=True)

    # ----------------------------------------------------------------- arrows

    def draw_arrows(self, canvas: _Canvas) -> None:
        """One arrow per (from, to, combat) with the units of all its moves in one tag."""
        merged: dict[tuple[str, str, bool], list[str]] = {}
        for a in self.view.arrows:
            if a.frm in layout.POSITIONS and a.to in layout.POSITIONS and a.frm != a.to:
                texts = merged.setdefault((a.frm, a.to, a.combat), [])
                if a.text:
                    texts.append(_arrow_units(a.text))
        arrows = [ArrowView(frm=frm, to=to, combat=combat, text=", ".join(texts))
                  for (frm, to, combat), texts in merged.items()]
        if not arrows:
            return
        paths = [(arrow, self._arrow_path(arrow)) for arrow in arrows]

        inner = (MAP_BOX[0] + 2, MAP_BOX[1] + 2, MAP_BOX[2] - 2, MAP_BOX[3] - 2)
        for arrow, segments in paths:
            colour = COMBAT_ARROW if arrow.combat else MOVE_ARROW
            for index, (p, q) in enumerate(segments):
                head = 11 if index == len(segments) - 1 else 0.01

                def draw_fn(draw: ImageDraw.ImageDraw, scale: float, origin: Point, p: Point = p, q: Point = q,
                            head: float = head, colour: RGB = colour) -> None:
                    pts = scale_points((p, q), scale, origin)
                    draw_arrow(draw, pts, WHITE, 6.5 * scale, (head + 3) * scale)
                    draw_arrow(draw, shorten(pts, 0, 2.4 * scale), colour, 3.6 * scale, head * scale)

                pad = 16
                box = (max(int(min(p[0], q[0]) - pad), inner[0]), max(int(min(p[1], q[1]) - pad), inner[1]),
                       min(int(max(p[0], q[0]) + pad) + 1, inner[2]), min(int(max(p[1], q[1]) + pad) + 1, inner[3]))
                canvas.overlay(box, draw_fn, factor=3)
        placed: list[tuple[float, float, float, float]] = []
        for arrow, segments in paths:
            if not arrow.text:
                continue
            p, q = max(segments, key=lambda s: math.hypot(s[1][0] - s[0][0], s[1][1] - s[0][1]))
            colour = COMBAT_ARROW if arrow.combat else MOVE_ARROW
            text = fit_text(arrow.text, font(10), 150)
            width = round(text_width(text, font(10)) + 10)
            mid = _tag_place(p, q, width, 15, self.drawn, placed)
            placed.append((mid[0] - width / 2, mid[1] - 7.5, mid[0] + width / 2, mid[1] + 7.5))
            canvas.sprite(mid, tag_sprite, width, 15, WHITE, colour)
            canvas.text(mid, text, 10, INK)
        self.tag_boxes = tuple(placed)

    def _arrow_path(self, arrow: ArrowView) -> list[tuple[Point, Point]]:
        """From the edge of ``frm``'s box to the edge of ``to``'s box; across the Pacific cut as
        two pieces, off one edge of the map and in from the other."""
        a, b = arrow.frm, arrow.to
        pa, pb = _node_centre(a), _node_centre(b)
        if layout.wraps(a, b):
            shift = MAP_WIDTH if pa[0] > pb[0] else -MAP_WIDTH
            first = (pa, (pb[0] + shift, pb[1]))
            second = ((pa[0] - shift, pa[1]), pb)
            return [(_leave_box(a, *first), first[1]), (second[0], _leave_box(b, pb, second[0]))]
        return [(_leave_box(a, pa, pb), _leave_box(b, pb, pa))]


def _label(tid: str) -> str:
    """The short name printed on ``tid``'s box (the engine's data: players may type it)."""
    territory = CLASSIC.territories.get(tid)
    return territory.label if territory else ""


def _arrow_units(text: str) -> str:
    """The units a move's text names, for the arrow's tag: ``move 3 inf 1 arm Caucasus ->
    Ukraine S.S.R.`` gives ``3 inf, 1 arm``. A text of another shape is kept whole.

    >>> _arrow_units("move 3 inf 1 arm Caucasus -> Ukraine S.S.R."), _arrow_units("2 ftr"), _arrow_units("by sea")
    ('3 inf, 1 arm', '2 ftr', 'by sea')
    """
    words = text.replace(",", " ").split()
    if words and not words[0].isdigit():
        words = words[1:]  # the verb
    pairs = []
    while len(words) >= 2 and words[0].isdigit():
        pairs.append(f"{words[0]} {words[1]}")
        words = words[2:]
    return ", ".join(pairs) if pairs else text


@cache
def _nominal_boxes() -> dict[str, tuple[float, float, float, float]]:
    return {tid: _node_box(tid) for tid in layout.POSITIONS}


@cache  # the layout is fixed: a node grown to a size is grown the same way every time
def _grow(tid: str, width: float, height: float) -> tuple[float, tuple[float, float, float, float]]:
    """``tid``'s box grown to ``width`` x ``height``, placed where it covers the least of the
    other boxes (that area is returned with it) and stays on the map."""
    x0, y0, x1, y1 = _node_box(tid)
    others = [b for other, b in _nominal_boxes().items() if other != tid]
    lefts = dict.fromkeys((((x0 + x1) - width) / 2, x0, x1 - width))
    tops = dict.fromkeys((y0, y1 - height, ((y0 + y1) - height) / 2))
    best: tuple[float, tuple[float, float, float, float]] | None = None
    for top in tops:
        for left in lefts:
            left = min(max(left, MAP_BOX[0] + 3), MAP_BOX[2] - 3 - width)
            top = min(max(top, MAP_BOX[1] + 3), MAP_BOX[3] - 3 - height)
            box = (left, top, left + width, top + height)
            covered = sum(max(0.0, min(box[2], b[2] + 4) - max(box[0], b[0] - 4))
                          * max(0.0, min(box[3], b[3] + 4) - max(box[1], b[1] - 4)) for b in others)
            if best is None or covered < best[0] - 0.5:
                best = (covered, box)
    assert best is not None
    return best


def _tag_place(p: Point, q: Point, width: float, height: float, boxes: Sequence[tuple[float, float, float, float]],
               tags: Sequence[tuple[float, float, float, float]] = ()) -> Point:
    """The centre for a ``width`` x ``height`` tag on the line p-q, or just beside it: where it
    covers the least of the ``boxes`` and of the ``tags`` placed before, nearest the middle, on the map."""
    length = math.hypot(q[0] - p[0], q[1] - p[1]) or 1.0
    nx, ny = -(q[1] - p[1]) / length, (q[0] - p[0]) / length
    candidates: list[tuple[float, float, Point]] = []
    for side in (0.0, 1.0, -1.0, 2.0, -2.0, 3.0, -3.0):  # beside the line when it runs among boxes
        for t in (0.5, 0.4, 0.6, 0.3, 0.7, 0.22, 0.78):
            shift = side * (abs(nx) * (width / 2 + 6) + abs(ny) * (height / 2 + 5))  # clear of the line
            x = min(max(p[0] + (q[0] - p[0]) * t + nx * shift, MAP_BOX[0] + 4 + width / 2), MAP_BOX[2] - 4 - width / 2)
            y = min(max(p[1] + (q[1] - p[1]) * t + ny * shift, MAP_BOX[1] + 4 + height / 2),
                    MAP_BOX[3] - 4 - height / 2)
            candidates.append((side, t, (x, y)))
    # Only the boxes and tags that reach the area the candidates span can add anything: every other
    # term of the sums below is exactly 0.0, so leaving them out (order kept) gives the same floats
    # (this search was most of an Axis & Allies picture's drawing time).
    xs = [c[2][0] for c in candidates]
    ys = [c[2][1] for c in candidates]
    span = (min(xs) - width / 2, min(ys) - height / 2, max(xs) + width / 2, max(ys) + height / 2)
    # Each box near: with the badges on its corners, its label band, and the area of both.
    near = [
        ((b[0] - 7, b[1] - 7, b[2] + 7, b[3] + 7), (b[0], b[1] - 7, b[2], b[1] + 17),
         (b[0] - 7, b[1] - 7, b[2] + 7, max(b[3] + 7, b[1] + 17)))
        for b in boxes
        if b[0] - 7 < span[2] and span[0] < b[2] + 7 and b[1] - 7 < span[3] and span[1] < max(b[3] + 7, b[1] + 17)
    ]
    near_tags = [b for b in tags if _overlap(span, b) > 0]
    best: tuple[float, Point] | None = None
    for side, t, (x, y) in candidates:
        penalty = 60 * abs(t - 0.5) + 150 * abs(side)  # rather the middle, rather on the line
        if best is not None and penalty >= best[0] - 0.5:
            continue  # overlaps only add to the penalty: this place cannot win
        box = (x - width / 2, y - height / 2, x + width / 2, y + height / 2)
        # the label bands count thrice
        covered = sum(_overlap(box, badged) + 2 * _overlap(box, band) for badged, band, area in near
                      if area[0] < box[2] and box[0] < area[2] and area[1] < box[3] and box[1] < area[3])
        covered += sum(3 * _overlap(box, b) for b in near_tags)
        covered += penalty
        if best is None or covered < best[0] - 0.5:
            best = (covered, (x, y))
    assert best is not None
    return best[1]


def _overlap(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> float:
    return max(0.0, min(a[2], b[2]) - max(a[0], b[0])) * max(0.0, min(a[3], b[3]) - max(a[1], b[1]))


def _leave_box(tid: str, inside: Point, towards: Point) -> Point:
    """Where the line from ``inside`` (the centre of ``tid``'s box) to ``towards`` leaves the box,
    pulled in a little so an arrow's tip touches the box."""
    w, h = layout.size(tid)
    dx, dy = towards[0] - inside[0], towards[1] - inside[1]
    if dx == 0 and dy == 0:
        return inside
    t = min((w / 2 - 3) / abs(dx) if dx else math.inf, (h / 2 - 3) / abs(dy) if dy else math.inf)
    t = min(t, 1.0)
    return (inside[0] + dx * t, inside[1] + dy * t)


@dataclass(frozen=True, slots=True)
class _NodePlan:
    tid: str
    territory: TerritoryView | None
    box: tuple[float, float, float, float]
    """The box as drawn: grown when the chips need more room than the layout's box."""
    sea: bool
    rows: list[list[UnitCountView]]
    chips_top: float
    grown: bool


# --------------------------------------------------------------------------- the panel


class _Panel:
    """The strip below the map: turn, powers, battle."""

    def __init__(self, view: AxisAlliesView, labels: BoardLabels, image: Image.Image,
                 draw: ImageDraw.ImageDraw, marks: Sequence[str] = ()) -> None:
        self.marks = tuple(marks) or MARKS
        self.view = view
        self.labels = labels
        self.image = image
        self.draw = draw
        self.order = [p.id for p in view.powers]
        self.names = {t.id: t.name for t in view.territories}

    def render(self) -> None:
        top, bottom = PANEL_TOP, PANEL_BOTTOM
        self._turn((8, top, 392, bottom))
        self._powers((400, top, 1040, bottom))
        self._battle((1048, top, WIDTH - 8, bottom))
        self._marks((8, MARKS_TOP, WIDTH - 8, HEIGHT - 6))

    def _box(self, box: Box, outline: RGB | None = None) -> None:
        x0, y0, x1, y1 = box
        self.draw.rounded_rectangle((x0, y0, x1 - 1, y1 - 1), radius=9, fill=PANEL_BOX, outline=outline or PANEL_LINE,
                                    width=2 if outline else 1)

    def _seat_name(self, power: PowerView) -> str:
        return self.labels.seat(power.seat)

    def _power_name(self, power: PowerView) -> str:
        """The power's name in the reader's language (``picture_power_<id>``), else the view's."""
        return self.labels.word(f"power_{power.id}") or power.name

    def _winners(self) -> set[str]:
        result = self.view.result
        if result is None or result.draw:
            return set()
        return {p.id for p in self.view.powers if p.seat in result.winners}

    # ----------------------------------------------------------------- turn

    def _turn(self, box: Box) -> None:
        self._box(box)
        x0, y0, x1, _ = box
        draw, view = self.draw, self.view
        x: float = x0 + 12
        row1 = y0 + 22
        round_text = f"#{view.round}"
        draw_text(draw, (x, row1), round_text, bold_font(22), WHITE, anchor="lm")
        x += text_width(round_text, bold_font(22)) + 14
        if view.result is not None:
            self._result_row(view.result, x, row1, x1 - 12)
        else:
            mover = next((p for p in view.powers if p.id == view.power), None)
            paste_sprite(self.image, roundel_sprite(view.power, 24), (x + 12, row1))
            x += 30
            name = self._power_name(mover) if mover else view.power
            draw_text(draw, (x, row1 - 1), fit_text(name, bold_font(16), x1 - 12 - x), bold_font(16), WHITE,
                      anchor="lm")
            x += text_width(fit_text(name, bold_font(16), x1 - 12 - x), bold_font(16)) + 10
            player = self._seat_name(mover) if mover else ""
            if player and x < x1 - 40:
                fitted = fit_lines(player, x1 - 12 - x, size=14, min_size=11)
                draw_lines(draw, (x, row1), fitted, FRAME_TEXT_DIM, anchor="lm")
        # the turn's phases, the current one lit
        row2 = y0 + 62
        step = 50
        px = x0 + 12 + 18
        for index, phase in enumerate(PHASES):
            lit = view.result is None and phase == view.phase
            if index:
                draw.line([(px - step + 19, row2), (px - 19, row2)], fill=PANEL_LINE, width=2)
            paste_sprite(self.image, phase_sprite(phase, 34, lit), (px, row2))
            px += step
        status = self.labels.status
        if self.labels.title:
            status = f"{self.labels.title}{PHRASE_SEPARATOR}{status}" if status else self.labels.title
        # the title and status fit: smaller type and more lines before an ellipsis (render.common.fit_lines)
        fitted = fit_lines(status, x1 - x0 - 24, size=14, min_size=10, max_lines=4, line_spacing=1.2)
        draw_lines(draw, (x0 + 12, y0 + 86), fitted, FRAME_TEXT, anchor="lt")

    def _result_row(self, result: Result, x: float, y: float, right: float) -> None:
        if result.draw or not result.winners:
            draw_text(self.draw, (x, y), score(result), bold_font(18), GOLD, anchor="lm")
            return
        paste_sprite(self.image, crown_sprite(30), (x + 15, y - 2))
        x += 36
        for power in self.view.powers:
            if power.id in self._winners() and x < right - 12:
                paste_sprite(self.image, roundel_sprite(power.id, 24), (x + 12, y))
                x += 28

    # ----------------------------------------------------------------- powers

    def _powers(self, box: Box) -> None:
        self._box(box)
        x0, y0, x1, y1 = box
        draw, view = self.draw, self.view
        winners = self._winners()
        rows = max(len(view.powers), 1)
        row_h = min(30.0, (y1 - y0 - 8) / rows)
        for index, power in enumerate(view.powers):
            top = y0 + 4 + index * row_h
            mid = top + row_h / 2
            style = power_style(power.id)
            acting = view.result is None and power.id == view.power
            if acting or power.id in winners:
                frame = GOLD if power.id in winners else style.land
                draw.rounded_rectangle((x0 + 4, top + 1, x1 - 5, top + row_h - 2), radius=7,
                                       fill=blend(PANEL_BOX, frame, 0.2), outline=frame, width=2)
            x = x0 + 12
            paste_sprite(self.image, roundel_sprite(power.id, 20), (x + 10, mid))
            if power.id in winners:
                paste_sprite(self.image, crown_sprite(18), (x + 18, mid - 9))
            x += 28
            name = self._power_name(power)
            # the longest power name ("Verenigde Staten") is 120 px: the player's name gets the rest
            draw_text(draw, (x, mid), fit_text(name, bold_font(14), 122), bold_font(14), WHITE, anchor="lm")
            x += 128
            # a long name shrinks, then takes two lines, before it is cut (fit_name)
            draw_lines(draw, (x, mid), fitted_seat_name(self._seat_name(power)), FRAME_TEXT_DIM,
                       anchor="lm")
            x += 124
            paste_sprite(self.image, coin_sprite(16), (x + 8, mid))
            draw_text(draw, (x + 20, mid), str(power.ipcs), bold_font(15), WHITE, anchor="lm")
            x += 62
            paste_sprite(self.image, factory_icon_sprite(18, FRAME_TEXT_DIM), (x + 9, mid))
            draw_text(draw, (x + 22, mid), f"+{power.production}", font(14), FRAME_TEXT, anchor="lm")
            x += 64
            star = star_sprite(17) if power.capital_held else lost_star_sprite(17)
            paste_sprite(self.image, star, (x + 8, mid))
            x += 24
            for tech in power.techs:
                text = TECH_SHORT.get(tech, tech[:4])
                w = round(text_width(text, font(11)) + 10)
                if x + w > x1 - 8:
                    break
                paste_sprite(self.image, tag_sprite(w, 17, blend(PANEL_BOX, GOLD, 0.75)), (x + w / 2, mid))
                draw_text(draw, (x + w / 2, mid), text, font(11), INK)
                x += w + 4

    # ----------------------------------------------------------------- battle, battles, purchases

    def _battle(self, box: Box) -> None:
        view = self.view
        battle = view.battle
        self._box(box, BATTLE if battle is not None and view.result is None else None)
        x0, y0, x1, y1 = box
        y: float = y0 + 16
        if battle is not None:
            y = self._current_battle(battle, x0, x1, y)
        pending = [t for t in view.battles if battle is None or t != battle.territory]
        if pending:
            paste_sprite(self.image, swords_sprite(18, FRAME_TEXT_DIM), (x0 + 21, y))
            names = ", ".join(_label(t) or self.names.get(t, t) for t in pending)
            lines = wrap_text(names, font(13), x1 - x0 - 50, 2 if battle is None else 1)
            for index, line in enumerate(lines):
                draw_text(self.draw, (x0 + 38, y + index * 18), line, font(13), FRAME_TEXT, anchor="lm")
            y += 18 * len(lines) + 8
        purchased = _sorted_units(view.purchased, self.order)
        if purchased and y < y1 - 12:
            paste_sprite(self.image, cart_sprite(20, FRAME_TEXT_DIM), (x0 + 21, y))
            self._chips(purchased, x0 + 38, y, x1 - 10)
            y += 26
        if y - 8 + 2 * LEGEND_ROW <= y1 - 4:
            self._legend(x0 + 14, x1 - 10, (y - 8 + y1 - 4) / 2 - LEGEND_ROW)

    def _marks(self, box: Box) -> None:
        self.marks_row(self.marks, box)

    def marks_row(self, marks: Sequence[str], box: Box) -> None:
        """What every mark of ``marks`` on the map and the panel means, in the reader's words (the
        labels' ``legend_*`` words); without words nothing is drawn, as symbols alone explain nothing."""
        entries = [(mark, text) for mark in marks if (text := self.labels.word(f"legend_{mark}"))]
        if not entries:
            return
        x0, y0, x1, y1 = box
        mid = (y0 + y1) / 2
        # each entry as wide as its words; the room left over is shared out between them
        size = 13
        while size > 9 and sum(MARK_WIDTH + 6 + text_width(t, font(size)) for _, t in entries) > x1 - x0 - 8:
            size -= 1
        natural = [MARK_WIDTH + 6 + text_width(text, font(size)) for _, text in entries]
        gap = max(0.0, (x1 - x0 - 8 - sum(natural)) / len(entries))
        x = x0 + 4 + gap / 2
        for (mark, text), width in zip(entries, natural):
            _draw_mark(self.image, mark, x + (MARK_WIDTH - MARK_WIDTHS[mark]) / 2, mid)
            room = width - MARK_WIDTH - 6
            draw_text(self.draw, (x + MARK_WIDTH + 6, mid), fit_text(text, font(size), room), font(size), FRAME_TEXT,
                      anchor="lm")
            x += width + gap

    def _legend(self, x0: float, x1: float, top: float) -> None:
        """What each glyph means, with the short name players may type for it."""
        per_row = (len(LEGEND) + 1) // 2
        step = (x1 - x0) / per_row
        for index, (kind, text) in enumerate(LEGEND):
            x = x0 + (index % per_row) * step
            y = top + (index // per_row) * LEGEND_ROW + LEGEND_ROW / 2
            chip = chip_sprite("", kind, 0)
            self.image.paste(chip, (round(x), round(y - CHIP_H / 2)), chip)
            draw_text(self.draw, (x + GLYPH[0] + 10, y), text, font(13), FRAME_TEXT_DIM, anchor="lm")

    def _current_battle(self, battle: BattleView, x0: float, x1: float, y: float) -> float:
        draw = self.draw
        paste_sprite(self.image, swords_sprite(22, BATTLE), (x0 + 21, y))
        name = self.names.get(battle.territory, battle.territory)
        text = fit_text(name, bold_font(16), x1 - x0 - 110)
        draw_text(draw, (x0 + 38, y), text, bold_font(16), WHITE, anchor="lm")
        draw_text(draw, (x0 + 46 + text_width(text, bold_font(16)), y + 1), f"#{battle.round}", font(14),
                  FRAME_TEXT_DIM, anchor="lm")
        y += 27
        attackers = _sorted_units(battle.attackers, self.order)
        defenders = _sorted_units(battle.defenders, self.order)
        defender = defenders[0].power if defenders else None
        half = (x0 + x1) / 2
        paste_sprite(self.image, roundel_sprite(battle.attacker, 18), (x0 + 21, y))
        self._chips(attackers, x0 + 36, y, half - 20)
        paste_sprite(self.image, swords_sprite(16, FRAME_TEXT_DIM), (half - 4, y))
        if defender:
            paste_sprite(self.image, roundel_sprite(defender, 18), (half + 18, y))
        self._chips(defenders, half + 33, y, x1 - 10)
        y += 26
        if battle.last_rolls:
            side = battle.attacker if battle.last_roll_kind in ATTACKER_ROLLS else defender
            edge = power_style(side).unit
            size = 22
            paste_sprite(self.image, roundel_sprite(side or "", 18), (x0 + 21, y))
            x = x0 + 36 + size / 2
            for face in battle.last_rolls:
                if x > x1 - 14:
                    break
                paste_sprite(self.image, die_sprite(face, size, edge), (x, y))
                x += size + 4
            y += 30
        return y

    def _chips(self, units: Sequence[UnitCountView], left: float, mid: float, right: float) -> None:
        """A row of chips from ``left`` on a light tray (dark chips would vanish on the panel);
        what does not fit is summed up as ``+n``."""
        shown, x = 0, left
        for index, unit in enumerate(units):
            w = chip_width(unit.kind, unit.count)
            if x + w > right - (24 if len(units) - index - 1 else 0):
                break
            shown, x = index + 1, x + w + CHIP_GAP + 1
        if shown:
            self.draw.rounded_rectangle((left - 3, mid - CHIP_H / 2 - 3, x + 1, mid + CHIP_H / 2 + 2), radius=5,
                                        fill=TRAY)
        x = left
        for index, unit in enumerate(units):
            w = chip_width(unit.kind, unit.count)
            rest = len(units) - index - 1
            if x + w > right - (24 if rest else 0):
                hidden = sum(u.count for u in units[index:])
                draw_text(self.draw, (x + 2, mid), f"+{hidden}", font(12), FRAME_TEXT_DIM, anchor="lm")
                return
            chip = chip_sprite(unit.power, unit.kind, unit.count)
            self.image.paste(chip, (round(x), round(mid - CHIP_H / 2)), chip)
            x += w + CHIP_GAP + 1


# --------------------------------------------------------------------------- sprites: map


SEAT_NAME_WIDTH = 118
"""The room for a player's name on a power's row of the panel."""


def fitted_seat_name(name: str) -> FittedText:
    """A player's name as it fits a power's row: shrunk to 10 px, else on two lines (``fit_name``)."""
    return fit_name(name, SEAT_NAME_WIDTH, size=14, min_size=10)


def _draw_mark(image: Image.Image, mark: str, left: float, mid: float) -> float:
    """One mark of the map as the legend shows it, from ``left``; returns its width."""
    if mark in ("capital", "capital_lost"):
        paste_sprite(image, star_sprite(17) if mark == "capital" else lost_star_sprite(17), (left + 8.5, mid))
        return 17
    if mark == "ipc":
        paste_sprite(image, ipc_badge_sprite(3, 16), (left + 8, mid))
        return 16
    if mark == "first_holder":
        paste_sprite(image, land_sprite(22, 16, POWER_STYLES["germany"].land), (left + 11, mid))
        paste_sprite(image, roundel_sprite("ussr", 13, INK), (left + 5, mid + 4))
        return 22
    if mark == "battle":
        paste_sprite(image, land_sprite(22, 14, NEUTRAL.land), (left + 11, mid))
        paste_sprite(image, battle_ring_sprite(22, 14, 5, False), (left + 11, mid))
        return 24
    if mark == "changed":
        paste_sprite(image, land_sprite(20, 12, NEUTRAL.land), (left + 14, mid))
        paste_sprite(image, changed_ring_sprite(20, 12, 5), (left + 14, mid))
        return 28
    if mark in ("combat_move", "move"):
        colour = COMBAT_ARROW if mark == "combat_move" else MOVE_ARROW

        def draw_fn(draw: ImageDraw.ImageDraw, scale: float, origin: Point) -> None:
            pts = scale_points(((left + 1, mid + 5), (left + 27, mid - 5)), scale, origin)
            draw_arrow(draw, pts, WHITE, 6.5 * scale, 11 * scale)
            draw_arrow(draw, shorten(pts, 0, 2.4 * scale), colour, 3.6 * scale, 8 * scale)

        overlay(image, (int(left) - 4, int(mid) - 12, int(left) + 34, int(mid) + 12), draw_fn, factor=3)
        return 28
    if mark == "canal":
        paste_sprite(image, tag_sprite(26, 12, CANAL), (left + 13, mid))
        return 26
    if mark == "ipcs":
        paste_sprite(image, coin_sprite(16), (left + 8, mid))
        return 16
    paste_sprite(image, factory_icon_sprite(18, FRAME_TEXT_DIM), (left + 9, mid))
    return 18


@cache
def land_sprite(w: int, h: int, fill: RGB, zoom: int = 1) -> Image.Image:
    """A land territory: a rounded box in the holder's colour with a dark edge."""

    def draw_fn(image: Image.Image, s: float) -> None:
        d = ImageDraw.Draw(image)
        e = 1.4 * s
        d.rounded_rectangle((0, 0, w * s - 1, h * s - 1), radius=7 * s, fill=rgba(LAND_EDGE))
        d.rounded_rectangle((e, e, w * s - 1 - e, h * s - 1 - e), radius=7 * s - e, fill=rgba(fill))

    return supersampled((w, h), draw_fn, zoom=zoom)


@cache
def sea_sprite(w: int, h: int, zoom: int = 1) -> Image.Image:
    """A sea zone: a soft blue rounded shape."""

    def draw_fn(image: Image.Image, s: float) -> None:
        d = ImageDraw.Draw(image)
        e = 1.2 * s
        r = min(h / 2, 16) * s
        d.rounded_rectangle((0, 0, w * s - 1, h * s - 1), radius=r, fill=rgba(SEA_EDGE))
        d.rounded_rectangle((e, e, w * s - 1 - e, h * s - 1 - e), radius=r - e, fill=rgba(SEA_FILL))

    return supersampled((w, h), draw_fn, zoom=zoom)


@cache
def battle_ring_sprite(w: int, h: int, radius: int, current: bool, zoom: int = 1) -> Image.Image:
    """A red outline around a territory where a battle is still to be fought (thicker for the
    battle being fought now)."""
    pad = 7
    off = 2.6
    """The ring's middle runs this far outside the box."""

    def draw_fn(image: Image.Image, s: float) -> None:
        d = ImageDraw.Draw(image)
        width = (3.6 if current else 2.4) * s
        inset = (pad - off) * s - width / 2
        box = (inset, inset, (w + 2 * pad) * s - 1 - inset, (h + 2 * pad) * s - 1 - inset)
        if current:
            d.rounded_rectangle(box, radius=(radius + 3) * s, outline=rgba(WHITE, 230), width=round(width + 2.4 * s))
        d.rounded_rectangle(box, radius=(radius + 3) * s, outline=rgba(BATTLE), width=round(width))

    return supersampled((w + 2 * pad, h + 2 * pad), draw_fn, zoom=zoom)


@cache
def changed_ring_sprite(w: int, h: int, radius: int, zoom: int = 1) -> Image.Image:
    """A yellow ring with a dark rim around a place the last step changed (what changed
    stands out), drawn outside where a battle ring would be."""
    pad = 11
    off = 7.0
    """The ring's middle runs this far outside the box."""

    def draw_fn(image: Image.Image, s: float) -> None:
        d = ImageDraw.Draw(image)
        inset = (pad - off) * s
        box = (inset, inset, (w + 2 * pad) * s - 1 - inset, (h + 2 * pad) * s - 1 - inset)
        d.rounded_rectangle(box, radius=(radius + 6) * s, outline=rgba(INK, 200), width=round(6.5 * s))
        d.rounded_rectangle(box, radius=(radius + 6) * s, outline=rgba(HIGHLIGHT), width=round(4 * s))

    return supersampled((w + 2 * pad, h + 2 * pad), draw_fn, zoom=zoom)


@cache
def star_sprite(size: int, zoom: int = 1) -> Image.Image:
    """A gold star: a capital."""

    def draw_fn(image: Image.Image, s: float) -> None:
        d = ImageDraw.Draw(image)
        c = size * s
        d.polygon(star_points(c / 2, c * 0.53, c * 0.5, c * 0.22), fill=rgba(INK))
        d.polygon(star_points(c / 2, c * 0.53, c * 0.38, c * 0.16), fill=rgba(GOLD))

    return supersampled((size, size), draw_fn, zoom=zoom)


@cache
def lost_star_sprite(size: int) -> Image.Image:
    """A dim star crossed out in red: a capital held by the enemy."""

    def draw_fn(image: Image.Image, s: float) -> None:
        d = ImageDraw.Draw(image)
        c = size * s
        d.polygon(star_points(c / 2, c * 0.53, c * 0.46, c * 0.2), fill=rgba(FRAME_TEXT_DIM))
        d.line([(0.12 * c, 0.88 * c), (0.88 * c, 0.12 * c)], fill=rgba(BATTLE), width=round(0.13 * c))

    return supersampled((size, size), draw_fn)


@cache
def ipc_badge_sprite(value: int, size: int, zoom: int = 1) -> Image.Image:
    """A white disc with the IPC value."""
    text = str(value)
    fnt = bold_font((10 if len(text) < 2 else 9) * zoom)

    def draw_fn(image: Image.Image, s: float) -> None:
        d = ImageDraw.Draw(image)
        c = size * s
        d.ellipse(circle_box(c / 2, c / 2, c / 2 - 0.5 * s), fill=rgba(INK))
        d.ellipse(circle_box(c / 2, c / 2, c / 2 - 1.7 * s), fill=rgba(WHITE))

    sprite = supersampled((size, size), draw_fn, zoom=zoom)
    ImageDraw.Draw(sprite).text((size * zoom / 2, size * zoom / 2), text, font=fnt, fill=rgba(INK), anchor="mm")
    return sprite


@cache
def tag_sprite(w: int, h: int, fill: RGB, edge: RGB = INK, zoom: int = 1) -> Image.Image:
    """A small rounded tag for a bit of text."""

    def draw_fn(image: Image.Image, s: float) -> None:
        d = ImageDraw.Draw(image)
        d.rounded_rectangle((0, 0, w * s - 1, h * s - 1), radius=h / 2 * s, fill=rgba(edge))
        d.rounded_rectangle((1.2 * s, 1.2 * s, w * s - 1 - 1.2 * s, h * s - 1 - 1.2 * s), radius=(h / 2 - 1.2) * s,
                            fill=rgba(fill))

    return supersampled((w, h), draw_fn, zoom=zoom)


@cache
def label_sprite(text: str, size: int, bold: bool, colour: RGB, width: float, zoom: int = 1) -> Image.Image:
    """A territory's label, shortened to ``width`` px (drawing text is slow: labels are cached)."""
    fnt = bold_font(size * zoom) if bold else font(size * zoom)
    text = fit_text(text, fnt, width * zoom)
    w, h = max(round(text_width(text, fnt)) + 4 * zoom, 1), (size + 8) * zoom
    sprite = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    ImageDraw.Draw(sprite).text((w / 2, h / 2), text, font=fnt, fill=rgba(colour), anchor="mm")
    return sprite


# --------------------------------------------------------------------------- sprites: units


@cache
def chip_width(kind: str, count: int) -> int:
    """A chip's width: the glyph, then the count (none for an industrial complex, or for 0: a
    glyph alone, as in the legend)."""
    if kind == "factory" or count == 0:
        return GLYPH[0] + 6
    return GLYPH[0] + 6 + round(text_width(str(count), bold_font(11)))


@cache
def chip_sprite(power: str, kind: str, count: int, zoom: int = 1) -> Image.Image:
    """A unit chip: the unit's glyph and how many, in the power's unit colour."""
    style = power_style(power)
    w, h = chip_width(kind, count), CHIP_H

    def draw_fn(image: Image.Image, s: float) -> None:
        d = ImageDraw.Draw(image)
        d.rounded_rectangle((0, 0, w * s - 1, h * s - 1), radius=3.5 * s, fill=rgba(style.edge))
        d.rounded_rectangle((s, s, w * s - 1 - s, h * s - 1 - s), radius=2.5 * s, fill=rgba(style.unit))
        draw_glyph(d, kind, (2.5 * s, (h - GLYPH[1]) / 2 * s), s, style.unit_ink)

    sprite = supersampled((w, h), draw_fn, zoom=zoom)
    if kind != "factory" and count:
        ImageDraw.Draw(sprite).text(((GLYPH[0] + 3.5) * zoom, (h / 2 + 0.5) * zoom), str(count),
                                    font=bold_font(11 * zoom), fill=rgba(style.unit_ink), anchor="lm")
    return sprite


def draw_glyph(d: ImageDraw.ImageDraw, kind: str, origin: Point, s: float, ink: RGB) -> None:
    """Draw unit ``kind``'s glyph in ``ink``: a 16 x 11 px picture with its top-left at ``origin``,
    everything ``s`` times larger."""
    ox, oy = origin
    fill = rgba(ink)

    def p(x: float, y: float) -> Point:
        return (ox + x * s, oy + y * s)

    def poly(points: Sequence[tuple[float, float]]) -> None:
        d.polygon([p(x, y) for x, y in points], fill=fill)

    def rect(x0: float, y0: float, x1: float, y1: float, r: float = 0.0) -> None:
        d.rounded_rectangle((*p(x0, y0), *p(x1, y1)), radius=r * s, fill=fill)

    def line(points: Sequence[tuple[float, float]], width: float) -> None:
        d.line([p(x, y) for x, y in points], fill=fill, width=max(round(width * s), 1))

    def mirrored(top: Sequence[tuple[float, float]]) -> list[tuple[float, float]]:
        return [*top, *[(x, 11 - y) for x, y in reversed(top)]]

    if kind == "infantry":
        d.ellipse((*p(5.9, 0.2), *p(9.7, 3.9)), fill=fill)  # helmet and head
        poly([(4.6, 4.8), (11.0, 4.8), (10.2, 8.0), (5.4, 8.0)])  # body
        rect(5.5, 7.6, 7.5, 11.0, 0.5)
        rect(8.1, 7.6, 10.1, 11.0, 0.5)
        line([(12.6, 0.6), (10.4, 9.2)], 1.2)  # rifle
    elif kind == "armour":
        rect(0.6, 6.0, 15.2, 10.6, 2.2)  # hull and tracks
        rect(3.8, 2.6, 10.0, 6.4, 1.2)  # turret
        line([(9.6, 4.2), (15.8, 3.4)], 1.5)  # gun
    elif kind == "fighter":
        poly(mirrored([(15.8, 5.5), (13.4, 4.4), (10.4, 4.2), (6.6, 0.2), (4.8, 0.2), (6.6, 4.3), (3.2, 4.5),
                       (1.6, 2.0), (0.2, 2.0), (1.0, 5.5)]))
    elif kind == "bomber":
        poly(mirrored([(15.8, 5.5), (14.2, 4.3), (10.4, 4.2), (9.9, 0.0), (7.2, 0.0), (7.0, 4.2), (3.4, 4.3),
                       (2.0, 2.2), (0.2, 2.2), (0.8, 5.5)]))
        rect(10.0, 1.2, 12.2, 2.6, 0.6)  # engines
        rect(10.0, 8.4, 12.2, 9.8, 0.6)
    elif kind == "submarine":
        d.ellipse((*p(0.2, 6.0), *p(15.8, 10.0)), fill=fill)
        poly([(5.8, 6.6), (6.6, 3.0), (9.6, 3.0), (10.4, 6.6)])  # conning tower
        line([(8.4, 3.2), (8.4, 0.6), (9.8, 0.6)], 0.9)  # periscope
    elif kind == "transport":
        poly([(0.2, 6.4), (15.8, 6.4), (14.0, 10.4), (1.8, 10.4)])  # hull
        rect(10.2, 2.4, 13.8, 6.8, 0.4)  # bridge
        rect(2.2, 4.0, 5.0, 6.8)  # cargo
        rect(5.6, 4.0, 8.4, 6.8)
    elif kind == "carrier":
        rect(0.0, 5.0, 16.0, 6.8)  # flight deck
        poly([(2.0, 6.6), (14.4, 6.6), (13.0, 10.4), (3.2, 10.4)])  # hull
        rect(10.6, 1.8, 12.8, 5.4, 0.3)  # island
    elif kind == "battleship":
        poly([(0.0, 6.8), (16.0, 6.8), (14.2, 10.4), (2.0, 10.4)])  # hull
        poly([(5.8, 7.0), (5.8, 4.4), (6.9, 4.4), (6.9, 1.6), (9.1, 1.6), (9.1, 4.4), (10.2, 4.4), (10.2, 7.0)])
        rect(2.2, 5.0, 4.8, 7.0, 0.5)  # turrets
        rect(11.2, 5.0, 13.8, 7.0, 0.5)
        line([(2.6, 5.8), (0.2, 5.0)], 1.0)
        line([(13.4, 5.8), (15.8, 5.0)], 1.0)
    elif kind == "aa_gun":
        poly([(2.4, 10.8), (13.6, 10.8), (11.4, 7.6), (4.6, 7.6)])  # mount
        d.ellipse((*p(6.2, 5.6), *p(9.8, 9.2)), fill=fill)
        line([(7.2, 7.2), (11.6, 0.6)], 1.3)  # two barrels
        line([(8.8, 7.6), (14.2, 2.0)], 1.3)
    elif kind == "factory":
        poly([(0.6, 10.8), (0.6, 5.4), (4.0, 3.0), (4.0, 5.4), (7.4, 3.0), (7.4, 5.4), (10.8, 3.0), (10.8, 10.8)])
        rect(11.6, 0.4, 14.4, 10.8)  # chimney
    else:
        d.ellipse((*p(4.5, 2.0), *p(11.5, 9.0)), fill=fill)


# --------------------------------------------------------------------------- sprites: panel


@cache
def roundel_sprite(power: str, size: int, rim: RGB = FRAME_TEXT_DIM, zoom: int = 1) -> Image.Image:
    """A disc in the power's colours: its land colour ringed with its unit colour, in a thin
    ``rim`` (light on the dark panel, ink on the map)."""
    style = power_style(power)

    def draw_fn(image: Image.Image, s: float) -> None:
        d = ImageDraw.Draw(image)
        c = size * s
        d.ellipse(circle_box(c / 2, c / 2, c / 2 - 0.3 * s), fill=rgba(rim))
        d.ellipse(circle_box(c / 2, c / 2, c / 2 - 1.4 * s), fill=rgba(style.unit))
        d.ellipse(circle_box(c / 2, c / 2, c * 0.26), fill=rgba(style.land))

    return supersampled((size, size), draw_fn, zoom=zoom)


@cache
def coin_sprite(size: int) -> Image.Image:
    """A gold coin: unspent IPCs."""

    def draw_fn(image: Image.Image, s: float) -> None:
        d = ImageDraw.Draw(image)
        c = size * s
        d.ellipse(circle_box(c / 2, c / 2, c / 2 - 0.3 * s), fill=rgba(blend(GOLD, INK, 0.45)))
        d.ellipse(circle_box(c / 2, c / 2, c / 2 - 1.6 * s), fill=rgba(GOLD))
        d.ellipse(circle_box(c / 2, c / 2, c * 0.24), outline=rgba(blend(GOLD, INK, 0.35)), width=round(1.2 * s))

    return supersampled((size, size), draw_fn)


@cache
def factory_icon_sprite(size: int, colour: RGB) -> Image.Image:
    """The factory glyph alone: national production."""

    def draw_fn(image: Image.Image, s: float) -> None:
        d = ImageDraw.Draw(image)
        k = size / GLYPH[0] * s
        draw_glyph(d, "factory", (0, (size - GLYPH[1] * size / GLYPH[0]) / 2 * s), k, colour)

    return supersampled((size, size), draw_fn)


@cache
def swords_sprite(size: int, colour: RGB) -> Image.Image:
    """Two crossed swords: a battle."""

    def draw_fn(image: Image.Image, s: float) -> None:
        d = ImageDraw.Draw(image)
        c = size * s
        ink = rgba(colour)
        for flip in (False, True):
            def q(x: float, y: float, flip: bool = flip) -> Point:
                return ((1 - x) * c if flip else x * c, y * c)

            d.line([q(0.14, 0.14), q(0.8, 0.8)], fill=ink, width=round(0.11 * c))
            d.line([q(0.6, 0.86), q(0.86, 0.6)], fill=ink, width=round(0.1 * c))  # guard
            d.line([q(0.78, 0.78), q(0.94, 0.94)], fill=ink, width=round(0.13 * c))  # grip

    return supersampled((size, size), draw_fn)


@cache
def cart_sprite(size: int, colour: RGB) -> Image.Image:
    """A shopping cart: units bought, waiting to be placed."""

    def draw_fn(image: Image.Image, s: float) -> None:
        d = ImageDraw.Draw(image)
        c = size * s
        ink = rgba(colour)
        w = round(0.09 * c)
        d.line([(0.04 * c, 0.18 * c), (0.2 * c, 0.18 * c), (0.32 * c, 0.66 * c), (0.82 * c, 0.66 * c)], fill=ink,
               width=w, joint="curve")
        d.polygon([(0.24 * c, 0.28 * c), (0.94 * c, 0.28 * c), (0.84 * c, 0.56 * c), (0.31 * c, 0.56 * c)], fill=ink)
        for x in (0.38, 0.76):
            d.ellipse(circle_box(x * c, 0.84 * c, 0.08 * c), fill=ink)

    return supersampled((size, size), draw_fn)


@cache
def phase_sprite(phase: str, size: int, lit: bool) -> Image.Image:
    """One phase of the turn as an icon on a disc: gold when it is the current phase."""
    back = GOLD if lit else blend(PANEL_BOX, WHITE, 0.08)
    ink = INK if lit else FRAME_TEXT_DIM

    def draw_fn(image: Image.Image, s: float) -> None:
        d = ImageDraw.Draw(image)
        c = size * s
        d.ellipse(circle_box(c / 2, c / 2, c / 2 - 0.5 * s), fill=rgba(back))
        inner = c * 0.56
        o = (c - inner) / 2

        def q(x: float, y: float) -> Point:
            return (o + x * inner, o + y * inner)

        fill = rgba(ink)
        if phase == "tech":  # a flask
            d.polygon([q(0.36, 0.0), q(0.64, 0.0), q(0.64, 0.34), q(0.98, 0.96), q(0.02, 0.96), q(0.36, 0.34)],
                      fill=fill)
            d.rectangle((*q(0.26, -0.04), *q(0.74, 0.06)), fill=fill)
        elif phase == "purchase":  # a cart
            w = round(0.11 * inner)
            d.line([q(0.0, 0.12), q(0.18, 0.12), q(0.3, 0.68), q(0.86, 0.68)], fill=fill, width=w, joint="curve")
            d.polygon([q(0.22, 0.24), q(1.0, 0.24), q(0.9, 0.56), q(0.29, 0.56)], fill=fill)
            for x in (0.36, 0.8):
                d.ellipse(circle_box(*q(x, 0.88), 0.1 * inner), fill=fill)
        elif phase in ("combat_move", "noncombat_move"):
            colour = rgba(COMBAT_ARROW) if phase == "combat_move" and not lit else fill
            draw_arrow(d, [q(0.0, 0.82), q(1.0, 0.18)], colour, 0.16 * inner, 0.46 * inner)
        elif phase == "combat":  # a die
            d.rounded_rectangle((*q(0.04, 0.04), *q(0.96, 0.96)), radius=0.18 * inner, fill=fill)
            for x, y in ((0.28, 0.28), (0.5, 0.5), (0.72, 0.72)):
                d.ellipse(circle_box(*q(x, y), 0.09 * inner), fill=rgba(back))
        elif phase == "place":  # a factory with a down arrow
            k = inner / GLYPH[0]
            draw_glyph(d, "factory", q(0.0, 0.3), k, ink)
            draw_arrow(d, [q(0.5, -0.12), q(0.5, 0.34)], rgba(back), 0.2 * inner, 0.3 * inner)
            draw_arrow(d, [q(0.5, -0.08), q(0.5, 0.3)], fill, 0.1 * inner, 0.22 * inner)
        elif phase == "income":  # a stack of coins
            for y in (0.78, 0.56, 0.34):
                d.ellipse((*q(0.1, y - 0.13), *q(0.9, y + 0.13)), fill=fill, outline=rgba(back),
                          width=max(round(0.05 * inner), 1))
            d.line([q(0.5, -0.04), q(0.5, 0.24)], fill=fill, width=round(0.1 * inner))
            d.line([q(0.36, 0.1), q(0.64, 0.1)], fill=fill, width=round(0.1 * inner))

    return supersampled((size, size), draw_fn)


_PIPS = {
    1: ((0.5, 0.5),),
    2: ((0.28, 0.28), (0.72, 0.72)),
    3: ((0.28, 0.28), (0.5, 0.5), (0.72, 0.72)),
    4: ((0.28, 0.28), (0.72, 0.28), (0.28, 0.72), (0.72, 0.72)),
    5: ((0.28, 0.28), (0.72, 0.28), (0.5, 0.5), (0.28, 0.72), (0.72, 0.72)),
    6: ((0.28, 0.26), (0.72, 0.26), (0.28, 0.5), (0.72, 0.5), (0.28, 0.74), (0.72, 0.74)),
}


@cache
def die_sprite(face: int, size: int, edge: RGB) -> Image.Image:
    """A white die showing ``face`` (1-6), edged in the colour of the side that rolled it."""

    def draw_fn(image: Image.Image, s: float) -> None:
        d = ImageDraw.Draw(image)
        c = size * s
        d.rounded_rectangle((0.02 * c, 0.02 * c, 0.98 * c, 0.98 * c), radius=0.2 * c, fill=rgba(edge))
        d.rounded_rectangle((0.12 * c, 0.12 * c, 0.88 * c, 0.88 * c), radius=0.14 * c, fill=rgba(WHITE))
        for x, y in _PIPS.get(face, ()):
            d.ellipse(circle_box(x * c, y * c, 0.08 * c), fill=rgba(INK))

    return supersampled((size, size), draw_fn)




# --------------------------------------------------------------------------- region crops

REGIONS: dict[str, tuple[tuple[int, int, int, int], ...]] = {
    "europe": ((285, 0, 680, 310),),
    "pacific": ((765, 0, 1000, 450), (0, 0, 125, 450)),
    "atlantic": ((178, 0, 470, 450),),
    "asia": ((585, 0, 1000, 300),),
    "africa": ((295, 215, 775, 450),),
    "americas": ((40, 0, 310, 450),),
}
"""Each region of ``/board region:`` as rectangles on the layout grid (``axis_allies_layout.GRID``),
drawn side by side left to right: the Pacific joins the map's right edge to its left one, as the map
is cut there."""
REGION_ZOOM = 2
"""A crop is drawn this many times larger than the full map (a phone shows it at full detail)."""
REGION_HEADER = 44


def region_boxes(region: str) -> tuple[Box, ...]:
    """The region's rectangles in px of the full picture, inside the map's rim (so the two
    pieces of the Pacific join without the rim between them)."""
    left, top, right, bottom = MAP_BOX[0] + 3, MAP_BOX[1] + 3, MAP_BOX[2] - 3, MAP_BOX[3] - 3
    return tuple(
        (max(left, MAP_LEFT + round(x0 * layout.SCALE)), max(top, MAP_TOP + round(y0 * layout.SCALE)),
         min(right, MAP_LEFT + round(x1 * layout.SCALE)), min(bottom, MAP_TOP + round(y1 * layout.SCALE)))
        for x0, y0, x1, y1 in REGIONS[region]
    )


@cache
def _region_background(box: Box) -> Image.Image:
    """The ocean and the borders of one rectangle of ``region_boxes``, drawn ``REGION_ZOOM`` times larger."""
    x0, y0, x1, y1 = (round(v) for v in box)
    image = Image.new("RGB", ((x1 - x0) * REGION_ZOOM, (y1 - y0) * REGION_ZOOM), OCEAN)
    _draw_borders(_Canvas(image, REGION_ZOOM, (x0, y0)), CLASSIC)
    return image


def render_region(view: AxisAlliesView, region: str, *, labels: BoardLabels | None = None) -> bytes:
    """One region of the map (``REGIONS``) as PNG bytes: the map's places, units, arrows and
    marks there, laid out as on the full map but drawn ``REGION_ZOOM`` times larger (sharp text
    and shapes, not the full map's pixels scaled up), under a strip naming the region
    (``region_<id>`` word) and the status, over the strip that explains the marks."""
    labels = labels or BoardLabels()
    board = _Map(view, CLASSIC, labels.word("sea_zone"))
    pieces = []
    for box in region_boxes(region):
        piece = _region_background(box).copy()
        canvas = _Canvas(piece, REGION_ZOOM, (round(box[0]), round(box[1])))
        board.draw_nodes(canvas)
        board.draw_arrows(canvas)
        pieces.append(piece)
    crop = Image.new("RGB", (sum(p.width for p in pieces), max(p.height for p in pieces)), OCEAN)
    x = 0
    for piece in pieces:
        crop.paste(piece, (x, 0))
        x += piece.width
    legend_h = 2 * (MARKS_HEIGHT + 6)
    image = Image.new("RGB", (crop.width + 16, REGION_HEADER + crop.height + 8 + legend_h), FRAME)
    image.paste(crop, (8, REGION_HEADER))
    draw = ImageDraw.Draw(image)
    name = labels.word(f"region_{region}") or region
    draw_text(draw, (16, REGION_HEADER / 2), name, bold_font(22), WHITE, anchor="lm")
    status = labels.status
    left = 32 + text_width(name, bold_font(22))
    if status:
        draw_text(draw, (left, REGION_HEADER / 2), fit_text(status, font(16), image.width - left - 16), font(16),
                  FRAME_TEXT, anchor="lm")
    panel = _Panel(view, labels, image, draw)
    top = REGION_HEADER + crop.height + 8
    # The marks' strip, in two rows: a crop is narrower than the whole board.
    half = (len(MARKS) + 1) // 2
    for row, marks in enumerate((MARKS[:half], MARKS[half:])):
        panel.marks_row(marks, (8, top + row * (MARKS_HEIGHT + 6), image.width - 8, top + row * (MARKS_HEIGHT + 6)
                                + MARKS_HEIGHT))
    return encode_png(image, palette=True)


SPRITES: tuple[Callable[..., object], ...] = (
    land_sprite, sea_sprite, label_sprite, changed_ring_sprite, chip_width, battle_ring_sprite, star_sprite, lost_star_sprite, ipc_badge_sprite,
    tag_sprite, chip_sprite, roundel_sprite, _background, coin_sprite, factory_icon_sprite, swords_sprite, cart_sprite,
    phase_sprite, die_sprite, crown_sprite, _region_background,
)
"""Every cached sprite factory, and the cached ``chip_width`` (tests clear them to check cold renders
give the same bytes)."""
