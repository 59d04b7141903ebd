"""The Axis & Allies board picture: the schematic map covers the whole board, and views render to
valid, deterministic PNGs whose pixels say the right things.

The engine has no ``view()`` yet, so ``opening_view`` builds the view of the opening set-up from the
state and the map data here.
"""

from __future__ import annotations

import io
import math
from collections import Counter

import pytest
from PIL import Image

from engines.axis_allies.map import CLASSIC, income
from engines.axis_allies.options import AxisAlliesOptions
from engines.axis_allies.state import initial_state
from engines.axis_allies.view import (
    ArrowView,
    AxisAlliesView,
    BattleView,
    PowerView,
    TerritoryView,
    UnitCountView,
)
from engines.core.contract import Result
from render import axis_allies as aa
from render import axis_allies_layout as layout
from render.common import GOLD, BoardLabels

LABELS = BoardLabels(title="Axis & Allies", status="Anna (USSR) may develop weapons.",
                     seats=("Anna", "Bram", "Cor", "Dirk", "Eva"))

# --------------------------------------------------------------------------- views


def opening_view(**changes: object) -> AxisAlliesView:
    """The view of the opening set-up: the state's units and owners, the map's names and values."""
    state = initial_state(AxisAlliesOptions())
    territories = []
    for tid, t in CLASSIC.territories.items():
        counts = Counter((u.power, u.kind) for u in state.units_at(tid))
        territories.append(TerritoryView(
            id=tid, name=t.name, sea=t.is_sea, owner=state.owner(tid), original_owner=t.owner, ipc=t.ipc,
            capital_of=t.capital_of, neutral=t.neutral,
            units=tuple(UnitCountView(power=p, kind=k, count=n) for (p, k), n in sorted(counts.items())),
        ))
    production = income(CLASSIC, state.owner_map)
    seat_of = {power: seat for seat, powers in enumerate(state.seats) for power in powers}
    powers = tuple(
        PowerView(id=p.id, name=p.name, side=p.side, seat=seat_of[p.id], ipcs=state.ipcs[p.id],
                  production=production[p.id], techs=state.techs[p.id], capital_held=True)
        for p in CLASSIC.powers
    )
    view = AxisAlliesView(viewer=None, round=state.round, power=state.power, phase=state.phase, powers=powers,
                          territories=tuple(territories), to_act=(0,))
    return view.model_copy(update=changes)


def units(*rows: tuple[str, str, int]) -> tuple[UnitCountView, ...]:
    return tuple(UnitCountView(power=p, kind=k, count=n) for p, k, n in rows)


def changed(view: AxisAlliesView, tid: str, **changes: object) -> AxisAlliesView:
    """``view`` with territory ``tid`` changed."""
    territories = tuple(t.model_copy(update=changes) if t.id == tid else t for t in view.territories)
    return view.model_copy(update={"territories": territories})


KARELIA_BATTLE = BattleView(
    territory="karelia_ssr", round=2, attacker="germany",
    attackers=units(("germany", "infantry", 3), ("germany", "armour", 2), ("germany", "fighter", 2)),
    defenders=units(("ussr", "infantry", 2)),
    last_rolls=(1, 4, 3, 6, 2, 5, 2), last_roll_kind="attack_fire", waiting="casualties",
)


def battle_view(**changes: object) -> AxisAlliesView:
    """Round 3, Germany fights in Karelia: arrows in, units bought, three battles to fight."""
    view = opening_view(round=3, power="germany", phase="combat")
    view = changed(view, "karelia_ssr", units=units(
        ("ussr", "factory", 1), ("ussr", "infantry", 2), ("germany", "infantry", 3), ("germany", "armour", 2),
        ("germany", "fighter", 2)))
    view = changed(view, "eastern_europe", units=units(("germany", "infantry", 1)))
    view = changed(view, "ukraine_ssr", owner="ussr", units=units(("ussr", "infantry", 2), ("ussr", "armour", 1)))
    view = changed(view, "sz_north_sea", units=units(
        ("uk", "battleship", 1), ("uk", "transport", 2), ("usa", "carrier", 1), ("usa", "fighter", 2),
        ("germany", "submarine", 1)))
    powers = tuple(p.model_copy(update={"techs": ("jet_power",)}) if p.id == "germany" else p for p in view.powers)
    view = view.model_copy(update={
        "powers": powers,
        "purchased": units(("germany", "infantry", 4), ("germany", "armour", 2)),
        "battles": ("karelia_ssr", "anglo_egyptian_sudan", "sz_north_sea"),
        "battle": KARELIA_BATTLE,
        "arrows": (ArrowView(frm="eastern_europe", to="karelia_ssr", text="3 inf, 2 arm", combat=True),
                   ArrowView(frm="germany", to="karelia_ssr", text="2 ftr", combat=True),
                   ArrowView(frm="sz_hawaii", to="sz_wake_island", text="1 sub", combat=False)),
        "to_act": (1,),
    })
    return view.model_copy(update=changes)


# --------------------------------------------------------------------------- helpers


def rgb_image(data: bytes) -> Image.Image:
    return Image.open(io.BytesIO(data)).convert("RGB")


def box(tid: str) -> tuple[float, float, float, float]:
    """``tid``'s box in the picture."""
    x0, y0, x1, y1 = layout.box(tid)
    return (aa.MAP_LEFT + x0, aa.MAP_TOP + y0, aa.MAP_LEFT + x1, aa.MAP_TOP + y1)


def pixel(image: Image.Image, x: float, y: float) -> tuple[int, int, int]:
    return image.getpixel((round(x), round(y)))  # type: ignore[return-value]


def land_colour(image: Image.Image, tid: str) -> tuple[int, int, int]:
    """The fill of a land box: just inside its left edge, below the capital's star and left of the
    label, above the chips."""
    x0, y0, _, _ = box(tid)
    return pixel(image, x0 + 3, y0 + 16)


def colours_in(image: Image.Image, area: tuple[float, float, float, float]) -> list[tuple[int, int, int]]:
    x0, y0, x1, y1 = (round(v) for v in area)
    return list(image.crop((x0, y0, x1, y1)).get_flattened_data())  # type: ignore[arg-type]


def close(a: tuple[int, ...], b: tuple[int, ...], tolerance: int = 8) -> bool:
    """Colours alike: the 256-colour palette moves flat colours by a few steps."""
    return all(abs(x - y) <= tolerance for x, y in zip(a, b, strict=True))


def near(colours: list[tuple[int, int, int]], colour: tuple[int, int, int], tolerance: int = 8,
         at_least: int = 6) -> bool:
    """At least ``at_least`` pixels of ``colour`` (a mark, not a stray anti-aliased edge)."""
    return sum(close(c, colour, tolerance) for c in colours) >= at_least


# --------------------------------------------------------------------------- the layout


def test_every_space_of_the_map_has_a_place_and_a_label() -> None:
    ids = set(CLASSIC.territories)
    assert set(layout.POSITIONS) == ids
    assert all(t.label for t in CLASSIC.territories.values())  # the engine's data, read by the renderer
    assert layout.SMALL_LAND <= {tid for tid, t in CLASSIC.territories.items() if not t.is_sea}
    assert all(layout.is_sea(tid) == t.is_sea for tid, t in CLASSIC.territories.items())


def test_no_two_boxes_overlap_and_all_lie_on_the_map() -> None:
    boxes = {tid: layout.box(tid) for tid in layout.POSITIONS}
    width, height = layout.GRID[0] * layout.SCALE, layout.GRID[1] * layout.SCALE
    for tid, (x0, y0, x1, y1) in boxes.items():
        assert 0 <= x0 and x1 <= width and 0 <= y0 and y1 <= height, tid
    gap = 6  # px of free water between any two boxes
    crowded = []
    tids = sorted(boxes)
    for i, a in enumerate(tids):
        for b in tids[i + 1:]:
            (ax0, ay0, ax1, ay1), (bx0, by0, bx1, by1) = boxes[a], boxes[b]
            if ax0 < bx1 + gap and bx0 < ax1 + gap and ay0 < by1 + gap and by0 < ay1 + gap:
                crowded.append((a, b))
    assert crowded == []


def _crosses(p: tuple[float, float], q: tuple[float, float], area: tuple[float, float, float, float]) -> bool:
    """Whether the segment p-q runs through ``area`` (Liang-Barsky clipping)."""
    x0, y0, x1, y1 = area
    dx, dy = q[0] - p[0], q[1] - p[1]
    low, high = 0.0, 1.0
    for step, room in ((-dx, p[0] - x0), (dx, x1 - p[0]), (-dy, p[1] - y0), (dy, y1 - p[1])):
        if step == 0:
            if room < 0:
                return False
            continue
        t = room / step
        if step < 0:
            low = max(low, t)
        else:
            high = min(high, t)
    return low < high


LONG_SEA_BORDERS = {("sz_solomon_islands", "sz_wake_island"), ("sz_caroline_islands", "sz_wake_island")}
"""Wake lies far north of the Carolines and the Solomons, up the map's right edge."""


def test_borders_are_short_and_clear_of_other_land() -> None:
    """A border is a straight line between two box centres. It stays short, and a border of a
    land territory never runs under a third land box, where it would seem to touch that territory
    too. (Running under a sea zone, or a faint line between two sea zones running under anything,
    does not mislead like that.) Borders across the Pacific cut are stubs off the map's edges."""
    wrapped, long, hidden = [], [], []
    for a, b in CLASSIC.adjacent:
        if layout.wraps(a, b):
            wrapped.append((a, b))
            continue
        p, q = layout.centre(a), layout.centre(b)
        sea = layout.is_sea(a) and layout.is_sea(b)
        if math.dist(p, q) > (360 if sea else 260) and (a, b) not in LONG_SEA_BORDERS:
            long.append((a, b, round(math.dist(p, q))))
        if sea:
            continue
        for other in layout.POSITIONS:
            x0, y0, x1, y1 = layout.box(other)
            if other not in (a, b) and not layout.is_sea(other) and _crosses(p, q, (x0 + 2, y0 + 2, x1 - 2, y1 - 2)):
                hidden.append((a, b, other))
    assert long == []
    assert hidden == []
    # only sea zones of the Pacific cross the cut
    assert wrapped and all(layout.is_sea(a) and layout.is_sea(b) for a, b in wrapped)


# --------------------------------------------------------------------------- the file


def test_output_is_a_png_of_the_board_size() -> None:
    for view in (opening_view(), battle_view()):
        data = aa.render_board(view, labels=LABELS)
        assert data.startswith(b"\x89PNG\r\n\x1a\n")
        with Image.open(io.BytesIO(data)) as image:
            assert image.format == "PNG"
            assert image.size == (aa.WIDTH, aa.HEIGHT) == (1600, 932)
            assert image.mode == "P"
            image.verify()


def test_same_view_gives_same_bytes() -> None:
    first = aa.render_board(battle_view(), labels=LABELS)
    assert aa.render_board(battle_view(), labels=LABELS) == first
    for sprite in aa.SPRITES:  # also when every sprite is drawn afresh
        sprite.cache_clear()  # type: ignore[attr-defined]
    assert aa.render_board(battle_view(), labels=LABELS) == first
    assert aa.render_board(opening_view()) == aa.render_board(opening_view())


WON = Result(winners=(1, 3), reason="axis_allies.capitals")


@pytest.mark.parametrize("other", [
    pytest.param(lambda: changed(opening_view(), "ukraine_ssr", owner="ussr"), id="owner"),
    pytest.param(lambda: changed(changed(opening_view(), "germany", units=units(("germany", "infantry", 4))),
                                 "eastern_europe", units=units(("germany", "infantry", 3), ("germany", "armour", 3))),
                 id="units_moved"),
    pytest.param(lambda: opening_view(battle=KARELIA_BATTLE), id="battle"),
    pytest.param(lambda: opening_view(battles=("libya",)), id="battles"),
    pytest.param(lambda: opening_view(result=WON), id="result"),
    pytest.param(lambda: opening_view(phase="purchase"), id="phase"),
    pytest.param(lambda: opening_view(round=2), id="round"),
    pytest.param(lambda: opening_view(power="germany"), id="power"),
    pytest.param(lambda: opening_view(purchased=units(("ussr", "infantry", 3))), id="purchased"),
    pytest.param(lambda: opening_view(arrows=(ArrowView(frm="russia", to="ukraine_ssr", text="", combat=True),)),
                 id="arrow"),
])
def test_inputs_that_matter_change_the_picture(other: object) -> None:
    assert aa.render_board(opening_view(), labels=LABELS) != aa.render_board(other(), labels=LABELS)  # type: ignore[operator]


# --------------------------------------------------------------------------- the map


def test_land_takes_its_holders_colour() -> None:
    image = rgb_image(aa.render_board(opening_view()))
    for tid, power in (("karelia_ssr", "ussr"), ("germany", "germany"), ("india", "uk"), ("japan", "japan"),
                       ("brazil", "usa")):
        assert close(land_colour(image, tid), aa.POWER_STYLES[power].land), tid
    assert close(land_colour(image, "spain"), aa.NEUTRAL.land)
    # a sea zone is blue, and so is the water between the boxes
    x0, y0, _, y1 = box("sz_north_atlantic")
    assert close(pixel(image, x0 + 4, (y0 + y1) / 2), aa.SEA_FILL)
    assert close(pixel(image, aa.MAP_LEFT + 3 * layout.SCALE, aa.MAP_TOP + 100), aa.OCEAN, 12) \
        or close(pixel(image, aa.MAP_LEFT + 3 * layout.SCALE, aa.MAP_TOP + 100), aa.SEA_FILL, 12)

    taken = changed(opening_view(), "ukraine_ssr", owner="ussr")
    image = rgb_image(aa.render_board(taken))
    assert close(land_colour(image, "ukraine_ssr"), aa.POWER_STYLES["ussr"].land)
    # the original owner's roundel on the bottom-left corner
    x0, _, _, y1 = box("ukraine_ssr")
    assert near(colours_in(image, (x0 - 5, y1 - 7, x0 + 7, y1 + 5)), aa.POWER_STYLES["germany"].land)
    x0, _, _, y1 = box("caucasus")  # never taken: no roundel
    assert not near(colours_in(image, (x0 - 5, y1 - 7, x0 + 7, y1 + 5)), aa.POWER_STYLES["germany"].land)


def test_units_show_as_chips_in_their_owners_colour() -> None:
    image = rgb_image(aa.render_board(opening_view()))
    for tid, power in (("russia", "ussr"), ("germany", "germany"), ("united_kingdom", "uk"), ("japan", "japan"),
                       ("eastern_united_states", "usa"), ("sz_caroline_islands", "japan")):
        assert near(colours_in(image, box(tid)), aa.POWER_STYLES[power].unit), tid
    # an empty territory has no chips
    assert not near(colours_in(image, box("spain")), aa.POWER_STYLES["germany"].unit, 4, 20)
    # allied units in a British zone show the American colour too
    view = changed(opening_view(), "sz_north_sea", units=units(("uk", "battleship", 1), ("usa", "transport", 1)))
    colours = colours_in(rgb_image(aa.render_board(view)), box("sz_north_sea"))
    assert near(colours, aa.POWER_STYLES["uk"].unit) and near(colours, aa.POWER_STYLES["usa"].unit)


def test_a_crowded_box_grows_and_stays_on_the_map() -> None:
    crowd = units(*((power, kind, 3) for power in ("japan", "usa")
                    for kind in ("fighter", "carrier", "battleship", "submarine")))
    for tid in ("sz_caroline_islands", "sz_hawaii", "russia"):
        image = rgb_image(aa.render_board(changed(opening_view(), tid, units=crowd)))
        x0, y0, x1, y1 = box(tid)
        grown = (max(x0 - 40, aa.MAP_LEFT), y0 - 80, min(x1 + 40, aa.MAP_BOX[2]), y1 + 80)
        # all eight chips show: both powers' colours, and the map's frame is intact
        colours = colours_in(image, grown)
        assert near(colours, aa.POWER_STYLES["japan"].unit) and near(colours, aa.POWER_STYLES["usa"].unit), tid
    plan = aa._Map(changed(opening_view(), "sz_caroline_islands", units=crowd), CLASSIC)._plan("sz_caroline_islands")
    assert sum(len(row) for row in plan.rows) == 8
    assert aa.MAP_BOX[0] < plan.box[0] and plan.box[2] < aa.MAP_BOX[2] and plan.box[3] < aa.MAP_BOX[3]


def test_capitals_ipcs_and_battles_are_marked() -> None:
    image = rgb_image(aa.render_board(battle_view()))
    # a gold star on Germany's top-left corner, the white IPC badge on its top-right corner
    x0, y0, x1, _ = box("germany")
    assert near(colours_in(image, (x0 - 4, y0 - 6, x0 + 8, y0 + 6)), GOLD, 12)
    assert near(colours_in(image, (x1 - 8, y0 - 6, x1 + 4, y0 + 6)), (255, 255, 255))
    # no star on a territory that is not a capital
    x0, y0, _, _ = box("libya")
    assert not near(colours_in(image, (x0 - 4, y0 - 6, x0 + 8, y0 + 6)), GOLD, 12)
    # battles: a red ring around the boxes
    for tid in ("karelia_ssr", "anglo_egyptian_sudan", "sz_north_sea"):
        x0, y0, x1, y1 = box(tid)
        assert near(colours_in(image, (x0 - 4, (y0 + y1) / 2 - 3, x0 - 1, (y0 + y1) / 2 + 3)), aa.BATTLE, 24), tid
    x0, y0, _, y1 = box("libya")
    assert not near(colours_in(image, (x0 - 4, (y0 + y1) / 2 - 3, x0 - 1, (y0 + y1) / 2 + 3)), aa.BATTLE, 24)


def test_arrows_show_this_turns_moves() -> None:
    plain = rgb_image(aa.render_board(battle_view(arrows=())))
    image = rgb_image(aa.render_board(battle_view()))
    # the combat move from Germany to Karelia is a red line between the two boxes
    (ax, ay), (bx, by) = aa._node_centre("germany"), aa._node_centre("karelia_ssr")
    on = [(ax + (bx - ax) * i / 40, ay + (by - ay) * i / 40) for i in range(8, 33)]
    turned_red = [(x, y) for x, y in on if close(pixel(image, x, y), aa.COMBAT_ARROW, 30)
                  and not close(pixel(plain, x, y), aa.COMBAT_ARROW, 30)]
    assert len(turned_red) >= 8
    # the non-combat move from Hawaii to Wake crosses the cut in the Pacific: it leaves at the left
    # edge and comes in at the right edge, in navy
    left = colours_in(image, (aa.MAP_LEFT + 2, aa.MAP_TOP + 2, aa.MAP_LEFT + 30, aa.MAP_BOX[3] - 2))
    right = colours_in(image, (aa.MAP_BOX[2] - 30, aa.MAP_TOP + 2, aa.MAP_BOX[2] - 2, aa.MAP_BOX[3] - 2))
    assert near(left, aa.MOVE_ARROW, 12) and near(right, aa.MOVE_ARROW, 12)


def test_moves_between_the_same_places_share_one_arrow() -> None:
    """The engine's arrow text is the move's notation; the tag lists only the units."""
    two = opening_view(arrows=(
        ArrowView(frm="karelia_ssr", to="ukraine_ssr", text="move 1 arm Karelia S.S.R. -> Ukraine S.S.R.", combat=True),
        ArrowView(frm="karelia_ssr", to="ukraine_ssr", text="move 1 ftr Karelia S.S.R. -> Ukraine S.S.R.", combat=True),
    ))
    one = opening_view(arrows=(ArrowView(frm="karelia_ssr", to="ukraine_ssr", text="1 arm, 1 ftr", combat=True),))
    assert aa.render_board(two) == aa.render_board(one)
    # a non-combat move along the same route is an arrow of its own
    both = opening_view(arrows=(*one.arrows, ArrowView(frm="karelia_ssr", to="ukraine_ssr", text="1 inf", combat=False)))
    assert aa.render_board(both) != aa.render_board(one)


def test_unknown_territories_are_refused() -> None:
    view = opening_view()
    bogus = view.territories[0].model_copy(update={"id": "atlantis"})
    with pytest.raises(ValueError, match="atlantis"):
        aa.render_board(view.model_copy(update={"territories": (*view.territories, bogus)}))


# --------------------------------------------------------------------------- the panel


def panel(image: Image.Image, left: float, right: float) -> set[tuple[int, int, int]]:
    return colours_in(image, (left, aa.PANEL_TOP, right, aa.PANEL_BOTTOM))


def test_the_panel_shows_the_turn_powers_and_battle() -> None:
    image = rgb_image(aa.render_board(battle_view(), labels=LABELS))
    # the phase track lights the current phase in gold; the battle box is framed in red
    assert near(panel(image, 8, 392), GOLD, 6)
    assert near(panel(image, 1048, aa.WIDTH - 8), aa.BATTLE, 6)
    # the battle: attackers' and defenders' chips, die faces
    battle = panel(image, 1048, aa.WIDTH - 8)
    assert near(battle, aa.POWER_STYLES["germany"].unit) and near(battle, aa.POWER_STYLES["ussr"].unit)
    # without a battle the box shows the glyph legend instead, unframed
    calm = rgb_image(aa.render_board(opening_view(), labels=LABELS))
    assert not near(panel(calm, 1048, aa.WIDTH - 8), aa.BATTLE, 6)
    assert near(panel(calm, 1048, aa.WIDTH - 8), aa.NEUTRAL.unit, 4)


def test_names_come_from_the_labels() -> None:
    assert aa.render_board(opening_view()) != aa.render_board(opening_view(), labels=LABELS)
    renamed = BoardLabels(status=LABELS.status, title=LABELS.title, seats=("Zoë", *LABELS.seats[1:]))
    assert aa.render_board(opening_view(), labels=LABELS) != aa.render_board(opening_view(), labels=renamed)


def test_a_win_crowns_the_winners() -> None:
    won = rgb_image(aa.render_board(opening_view(result=WON), labels=LABELS))
    playing = rgb_image(aa.render_board(opening_view(), labels=LABELS))
    # crowns (gold) in the powers' table for Germany and Japan (seats 1 and 3), none before
    table = (400, aa.PANEL_TOP, 1040, aa.PANEL_BOTTOM)
    assert near(colours_in(won, table), GOLD, 6)
    assert not near(colours_in(playing, (400, aa.PANEL_TOP, 480, aa.PANEL_BOTTOM)), GOLD, 6)
    # a draw renders too
    aa.render_board(opening_view(result=Result(draw=True, reason="axis_allies.rounds")), labels=LABELS)




def test_every_label_fits_its_box_whole() -> None:
    """Players type the label they read (the parser reads every label): so the map prints each
    label whole, never shortened with an ellipsis."""
    from render.common import fit_text

    for tid, t in CLASSIC.territories.items():
        w = layout.size(tid)[0]
        if t.is_sea:
            fnt, room = aa.font(10), w - 4
        else:
            big = w >= layout.LAND[0]
            fnt, room = aa.bold_font(11 if big else 10), w - (10 if big else 4)
        assert fit_text(t.label, fnt, room) == t.label, tid


def test_arrow_tags_cover_no_box() -> None:
    """an arrow's unit tag covers no unit counts or zone names. Moves between
    neighbours (Caucasus -> Ukraine, Karelia -> Ukraine) have short arrows among boxes."""
    from engines.axis_allies.engine import AxisAllies
    from tests.engines.axis_allies.conftest import play

    engine = AxisAllies()
    state = play(engine.setup(2), "buy 8 inf", "end", "move 3 inf Caucasus -> Ukraine",
                 "move 1 arm Karelia -> Ukraine", "move 1 ftr Karelia -> Ukraine")
    board = aa._Map(engine.view(state, None), CLASSIC)
    canvas = aa._Canvas(aa._background().copy())
    board.draw_nodes(canvas)
    board.draw_arrows(canvas)
    assert len(board.tag_boxes) == 2
    for tag in board.tag_boxes:
        assert all(aa._overlap(tag, box) == 0 for box in board.drawn), tag


def test_the_map_in_a_battle_shows_what_the_battle_panel_shows() -> None:
    """units lost in the battle going on are off the map as they are off the panel."""
    from engines.axis_allies.engine import AxisAllies
    from tests.engines.axis_allies.conftest import play, roll

    engine = AxisAllies()
    state = play(engine.setup(2), "buy 8 inf", "end", "move 3 inf Caucasus -> Ukraine",
                 "move 1 arm Karelia -> Ukraine", "move 1 ftr Karelia -> Ukraine", "end", "attack Ukraine")
    state = roll(roll(state, "attack_fire", 3, 4, 6, 4, 4), "defence_fire", 3, 5, 3, 1, 5, 3)
    state = play(state, "lose 2 inf")
    view = engine.view(state, None)
    on_map = {(u.power, u.kind): u.count for t in view.territories if t.id == "ukraine_ssr" for u in t.units}
    in_panel = {(u.power, u.kind): u.count for u in view.battle.attackers + view.battle.defenders}
    assert on_map == in_panel and on_map[("ussr", "infantry")] == 1


def test_a_long_title_and_status_wrap_instead_of_being_cut() -> None:
    """Titles fit or wrap (``render.common.fit_lines``): the whole status is printed."""
    status = "alice (red) is to move. Battle in Ukraine S.S.R.: USSR presses on (continue) or retreats."
    fitted = aa.fit_lines(f"Axis & Allies{aa.PHRASE_SEPARATOR}{status}", 340 - 24, size=14, min_size=10, max_lines=4)
    assert not fitted.lines[-1].endswith("…")
    data = aa.render_board(opening_view(), labels=BoardLabels(title="Axis & Allies", status=status))
    assert data.startswith(b"\x89PNG")


# --------------------------------------------------------------------------- the marks' legend


def strip(image: Image.Image) -> Image.Image:
    return image.crop((8, aa.MARKS_TOP, aa.WIDTH - 8, aa.HEIGHT - 6))


def with_words(language: str) -> BoardLabels:
    from bot.services.presenter import picture_words

    return BoardLabels(title=LABELS.title, status=LABELS.status, seats=LABELS.seats,
                       words=picture_words("axis_allies", language))


def test_every_mark_has_a_legend_word_in_english_and_dutch() -> None:
    """"every mark has a legend (the red dot on a captured territory)"."""
    for language in ("en", "nl"):
        words = dict(with_words(language).words)
        assert all(words.get(f"legend_{mark}") for mark in aa.MARKS + aa.STEP_MARKS), language
        assert len({words[f"legend_{mark}"] for mark in aa.MARKS + aa.STEP_MARKS}) == len(aa.MARKS + aa.STEP_MARKS)
    assert set(aa.MARKS + aa.STEP_MARKS) == set(aa.MARK_WIDTHS)


@pytest.mark.parametrize("language", ["en", "nl"])
def test_the_legend_strip_shows_every_mark_with_its_words(language: str) -> None:
    image = rgb_image(aa.render_board(opening_view(), labels=with_words(language)))
    marks = list(strip(image).get_flattened_data())
    # the star, the battle ring, both arrows and the canal tag in their own colours
    for colour in (GOLD, aa.BATTLE, aa.MOVE_ARROW, aa.CANAL, aa.POWER_STYLES["ussr"].land):
        assert near(marks, colour, 12), colour
    # the words: light text on the frame across the strip
    assert near(marks, aa.FRAME_TEXT, 30, at_least=200)


def test_the_legend_speaks_the_readers_language_and_is_absent_without_words() -> None:
    english = strip(rgb_image(aa.render_board(opening_view(), labels=with_words("en"))))
    dutch = strip(rgb_image(aa.render_board(opening_view(), labels=with_words("nl"))))
    assert english.tobytes() != dutch.tobytes()
    bare = strip(rgb_image(aa.render_board(opening_view(), labels=LABELS)))
    assert len(set(bare.get_flattened_data())) == 1, "no words: symbols alone explain nothing, so nothing is drawn"


def test_power_names_on_the_panel_come_from_the_readers_words() -> None:
    """Dutch labels name the powers in Dutch (Duitsland, Engeland, ...), not the map data's English."""
    view = opening_view()
    powers_box = (400, aa.PANEL_TOP, 1040, aa.PANEL_BOTTOM)
    plain = rgb_image(aa.render_board(view, labels=LABELS)).crop(powers_box)
    same = BoardLabels(title=LABELS.title, status=LABELS.status, seats=LABELS.seats,
                       words=tuple((f"power_{p.id}", p.name) for p in view.powers))
    assert rgb_image(aa.render_board(view, labels=same)).crop(powers_box).tobytes() == plain.tobytes()
    dutch = rgb_image(aa.render_board(view, labels=with_words("nl"))).crop(powers_box)
    assert dutch.tobytes() != plain.tobytes()
    assert dict(with_words("nl").words)["power_germany"] == "Duitsland"


# --------------------------------------------------------------------------- sea zones read as sea


@pytest.mark.parametrize("tid", ["sz_japan", "sz_caspian_sea", "sz_karelia"])
def test_a_sea_zone_is_labelled_as_a_sea_zone_in_the_readers_language(tid: str) -> None:
    """A blue box named "Japan" beside the land Japan says it is sea: the reader's word for a sea
    zone (``picture_sea_zone``) stands under its name; the name players type does not change."""
    assert dict(with_words("en").words)["sea_zone"] == "sea zone"
    assert dict(with_words("nl").words)["sea_zone"] == "zeegebied"
    x0, y0, x1, _ = aa._node_box(tid)
    band = (round(x0) + 4, round(y0) + 13, round(x1) - 4, round(y0) + 20)  # under the name's line
    view = opening_view()

    def ink(labels: BoardLabels) -> list[tuple[int, ...]]:
        raw = aa.render_image(view, labels=labels).crop(band).convert("RGB").tobytes()
        pixels = [tuple(raw[i:i + 3]) for i in range(0, len(raw), 3)]
        return [c for c in pixels if close(c, aa.SEA_TEXT, 60)]

    english, dutch = ink(with_words("en")), ink(with_words("nl"))
    assert len(english) >= 20 and len(dutch) >= 20, (len(english), len(dutch))
    assert english != dutch
    assert len(ink(LABELS)) < 5, "without words the sea zone keeps its one line"
    assert CLASSIC.territories[tid].is_sea and CLASSIC.find(CLASSIC.territories[tid].name).id == tid


@pytest.mark.parametrize("name", ["Computer (normal) 2", "AVeryLongDiscordNameOf32Chars_xy"])
def test_a_long_player_name_on_a_power_row_shrinks_then_wraps_before_it_is_cut(name: str) -> None:
    """Player names are never cut to "Compute…" where there is room (the row used to cut at 104 px, 14 px)."""
    from render.common import fit_text, font

    assert fit_text(name, font(14), 104).endswith("…")
    fitted = aa.fitted_seat_name(name)
    assert "".join(fitted.lines).replace(" ", "") == name.replace(" ", "") and len(fitted.lines) <= 2
    assert fitted.height <= 30 and fitted.width <= aa.SEAT_NAME_WIDTH
    assert aa.fitted_seat_name("Computer (normal) 2").lines == ("Computer (normal) 2",)
    view = opening_view()
    labels = BoardLabels(seats=(name,) * 5)
    assert rgb_image(aa.render_board(view, labels=labels)).size == (aa.WIDTH, aa.HEIGHT)


def test_the_unit_legend_uses_the_short_names_orders_are_written_with() -> None:
    """The picture's unit legend read `cv` for the carrier while the rules, the suggestions and
    every recorded order write `car`: a newcomer reading the map types what the legend says."""
    from engines.axis_allies.moves import SHORT
    from render.axis_allies import LEGEND

    assert {kind: short for kind, short in LEGEND} == {kind: SHORT[kind] for kind, _ in LEGEND}
