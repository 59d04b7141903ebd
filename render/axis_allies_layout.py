"""Where every territory and sea zone of the classic Axis & Allies board sits on our schematic map.

We have no map artwork, so ``render.axis_allies`` draws the board as a diagram: one box per land
territory, one rounded blue shape per sea zone, lines for the borders. This module is the data for
that diagram, kept apart from the drawing code.

How the positions were made: each of the 128 spaces was first put by hand roughly where it lies on
a world map (the Americas left, Europe and Africa in the middle, Asia right). The map is cut in the
Pacific, as the printed board is: the central Pacific (Midway, Hawaii, the North and South Pacific,
New Zealand) is at the left edge, the western Pacific (Japan, Wake, the Carolines, the Solomons) at
the right edge. Borders that cross the cut are drawn as short stubs running off both edges. Then
one-off scripts moved the boxes: they pushed overlapping boxes apart, and they shifted boxes so that
no border of a land territory runs under a third land box and the canals stay clear. Each box stayed
as near to its hand-placed spot as they could manage. Last, the result was checked and corrected
by hand: islands sit next to their own sea zone, and the Middle East keeps its shape. The scripts
are not kept. Edit the numbers here by hand; ``tests/render/test_axis_allies_render.py`` checks
that every space of the map has a place, that no two boxes overlap, and that borders stay short
and clear of other land.

Positions are box centres on a ``GRID`` of 1000 x 450 units. The renderer scales a unit to
``SCALE`` px. Box sizes are in px: ``LAND`` for a land territory, ``SMALL`` for an island or a
small country (room for two unit chips a row instead of three), ``SEA`` for a sea zone.

The label printed on each box is the engine's (``label`` in ``engines/axis_allies/data/classic.json``):
players type what they read, so the parser knows every label.
"""

from __future__ import annotations

GRID = (1000, 450)
SCALE = 1.584
"""Px per grid unit: the map is 1584 x 713 px."""

LAND = (92, 52)
SMALL = (66, 38)
SEA = (64, 36)
"""Box sizes in px (width, height)."""

SMALL_LAND = frozenset({
    "afghanistan", "angola", "borneo_celebes", "caroline_islands", "cuba", "east_indies", "eire",
    "gibraltar", "hawaiian_islands", "madagascar", "midway", "mongolia", "mozambique", "new_guinea",
    "new_zealand", "okinawa", "panama", "philippines", "rio_de_oro", "saudi_arabia", "solomon_islands",
    "sweden", "switzerland", "turkey", "wake_island",
})
"""Land drawn in a ``SMALL`` box."""

POSITIONS: dict[str, tuple[int, int]] = {
    # Eastern and central Pacific (the left edge; the map is cut in the Pacific)
    "sz_alaska": (21, 30), "sz_north_pacific": (21, 57), "sz_midway": (32, 104), "midway": (22, 138),
    "sz_hawaii": (72, 193), "hawaiian_islands": (22, 235), "sz_south_pacific": (34, 279),
    "sz_east_pacific": (90, 353), "sz_new_zealand": (43, 376), "new_zealand": (22, 420),
    # North and Central America
    "alaska": (83, 25), "sz_west_canada": (84, 76), "western_canada": (140, 77), "eastern_canada": (218, 70),
    "sz_east_canada": (239, 19), "western_united_states": (142, 120), "eastern_united_states": (211, 121),
    "sz_east_us": (271, 132), "sz_west_us": (77, 132), "mexico": (132, 158), "sz_gulf_of_mexico": (213, 159),
    "cuba": (189, 191), "sz_mexico": (97, 221), "panama": (159, 221), "sz_caribbean": (208, 230),
    "sz_west_panama": (139, 268),
    # South America and the South Atlantic
    "colombia": (208, 266), "peru": (157, 313), "brazil": (228, 315), "sz_peru": (102, 321),
    "sz_north_brazil": (264, 262), "argentina_chile": (180, 374), "sz_south_brazil": (258, 350),
    "sz_east_argentina": (255, 378), "sz_south_argentina": (161, 420), "sz_antarctic": (278, 438),
    "sz_south_atlantic": (320, 386),
    # North Atlantic
    "sz_north_atlantic": (269, 180), "sz_west_spain": (317, 151), "sz_west_africa": (291, 297),
    # Europe and the Mediterranean
    "sz_north_sea": (409, 15), "eire": (314, 33), "united_kingdom": (350, 66), "sweden": (448, 78),
    "finland_norway": (468, 41), "sz_karelia": (565, 12), "karelia_ssr": (553, 81),
    "sz_baltic_sea": (493, 88), "western_europe": (417, 163), "germany": (486, 162),
    "eastern_europe": (529, 122), "ukraine_ssr": (586, 179), "switzerland": (447, 204),
    "southern_europe": (507, 202), "spain": (341, 242), "gibraltar": (353, 276),
    "sz_west_mediterranean": (415, 232), "sz_central_mediterranean": (477, 241), "sz_black_sea": (565, 211),
    "sz_east_mediterranean": (537, 294), "turkey": (601, 257),
    # Africa
    "algeria": (418, 269), "libya": (482, 294), "rio_de_oro": (330, 351), "french_west_africa": (373, 318),
    "french_equatorial_africa": (454, 333), "anglo_egyptian_sudan": (520, 331),
    "italian_east_africa": (636, 370), "congo": (460, 370), "kenya_rhodesia": (547, 368),
    "mozambique": (581, 401), "angola": (446, 403), "south_africa": (526, 421), "madagascar": (636, 437),
    "sz_congo": (397, 384), "sz_angola": (410, 438), "sz_south_africa": (581, 437),
    "sz_mozambique": (659, 408), "sz_red_sea": (624, 329),
    # Middle East and the Indian Ocean
    "syria_jordan": (606, 291), "saudi_arabia": (675, 337), "persia": (665, 243),
    "sz_caspian_sea": (708, 199), "sz_indian_ocean": (743, 304), "sz_west_compass": (712, 405),
    "sz_east_compass": (743, 352), "sz_south_compass": (727, 432), "sz_south_east_madagascar": (681, 438),
    # Soviet Union and Asia
    "russia": (628, 102), "caucasus": (653, 183), "kazakh_ssr": (710, 142), "novosibirsk": (700, 95),
    "evenki_national_okrug": (690, 47), "yakut_ssr": (755, 53), "soviet_far_east": (838, 17),
    "sz_soviet_far_east": (869, 65), "afghanistan": (754, 201), "india": (729, 254), "sinkiang": (811, 185),
    "mongolia": (771, 118), "china": (877, 167), "manchuria": (825, 109), "kwangtung": (860, 234),
    "french_indo_china": (793, 243),
    # Western Pacific, East Indies and Australia
    "japan": (923, 76), "sz_japan": (905, 124), "wake_island": (978, 43), "sz_wake_island": (978, 78),
    "okinawa": (954, 120), "sz_okinawa": (977, 190), "sz_kwangtung": (931, 175), "sz_philippines": (919, 267),
    "philippines": (946, 239), "sz_caroline_islands": (965, 277), "caroline_islands": (910, 300),
    "sz_french_indo_china": (799, 275), "sz_borneo": (852, 317), "borneo_celebes": (898, 328),
    "sz_east_indies": (793, 363), "east_indies": (840, 354), "sz_new_guinea": (928, 386),
    "new_guinea": (929, 422), "sz_north_australia": (874, 389), "australia": (848, 433),
    "sz_west_australia": (800, 390), "sz_south_australia": (794, 426), "sz_solomon_islands": (979, 398),
    "solomon_islands": (978, 437),
}
"""Territory or sea zone id -> box centre (x, y) on the grid."""

def is_sea(tid: str) -> bool:
    """Sea zone ids start with ``sz_`` (``engines/axis_allies/map.py``)."""
    return tid.startswith("sz_")


def size(tid: str) -> tuple[int, int]:
    """The box size of ``tid`` in px.

    >>> size("germany"), size("eire"), size("sz_north_sea")
    ((92, 52), (66, 38), (64, 36))
    """
    if is_sea(tid):
        return SEA
    return SMALL if tid in SMALL_LAND else LAND


def centre(tid: str) -> tuple[float, float]:
    """The box centre of ``tid`` in px from the map's top-left corner."""
    x, y = POSITIONS[tid]
    return (x * SCALE, y * SCALE)


def box(tid: str) -> tuple[float, float, float, float]:
    """The box of ``tid`` in px from the map's top-left corner: (left, top, right, bottom)."""
    (x, y), (w, h) = centre(tid), size(tid)
    return (x - w / 2, y - h / 2, x + w / 2, y + h / 2)


def wraps(a: str, b: str) -> bool:
    """Whether the border between ``a`` and ``b`` crosses the cut in the Pacific (the two boxes
    are more than half the map apart), so it runs off both edges instead of across the map.

    >>> wraps("sz_hawaii", "sz_wake_island"), wraps("germany", "western_europe")
    (True, False)
    """
    return abs(POSITIONS[a][0] - POSITIONS[b][0]) > GRID[0] / 2
