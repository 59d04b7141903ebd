"""the battle board picture and the region crops of the Axis & Allies map.

The battle board is drawn from a ``BattleBoardView`` alone; its dice sit in the column of the
unit that threw them, a hit edged in red. A region crop is a part of the full map, scaled up.
"""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageChops, ImageStat

from bot.services.presenter import picture_words
from engines.axis_allies.view import (
    BattleBoardView,
    BattleDieView,
    BattleLossView,
    BattleRollView,
    BattleUnitView,
)
from render import axis_allies as aa
from render import axis_allies_battle as battle
from render import axis_allies_layout as layout
from render import registry
from render.common import HIGHLIGHT, BoardLabels
from render.registry import Part, region_part, step_part
from tests.render.test_axis_allies_render import LABELS, battle_view, close, opening_view

BOARD = BattleBoardView(
    territory="ukraine_ssr", name="Ukraine S.S.R.", sea=False, amphibious=False, attacker="germany",
    defender="ussr", round=2,
    attackers=(BattleUnitView(power="germany", kind="infantry", value=1, count=3, lost=1),
               BattleUnitView(power="germany", kind="armour", value=3, count=2)),
    defenders=(BattleUnitView(power="ussr", kind="infantry", value=2, count=3, lost=2),),
    rolls=(
        BattleRollView(round=1, kind="attack_fire", side="attacker", hits=2,
                       dice=(BattleDieView(face=1, value=1), BattleDieView(face=5, value=1),
                             BattleDieView(face=6, value=1), BattleDieView(face=2, value=3),
                             BattleDieView(face=6, value=3))),
        BattleRollView(round=1, kind="defence_fire", side="defender", hits=1,
                       dice=(BattleDieView(face=2, value=2), BattleDieView(face=4, value=2),
                             BattleDieView(face=5, value=2))),
    ),
    losses=(BattleLossView(round=1, side="attacker", power="germany", kind="infantry", count=1),
            BattleLossView(round=1, side="defender", power="ussr", kind="infantry", count=2)),
    waiting="press_on_or_retreat",
)


def image_of(data: bytes) -> Image.Image:
    return Image.open(io.BytesIO(data)).convert("RGB")


def words(language: str) -> BoardLabels:
    return BoardLabels(words=picture_words("axis_allies", language))


# --------------------------------------------------------------------------- the battle board


def test_the_battle_board_is_a_png_as_wide_as_promised_and_the_same_for_the_same_view():
    data = battle.render_battle_board(BOARD, labels=words("en"))
    assert data.startswith(b"\x89PNG") and image_of(data).width == battle.WIDTH
    assert battle.render_battle_board(BOARD, labels=words("en")) == data
    assert registry.render_view("axis_allies", BOARD, words("en"), Part("battle")) == data


@pytest.mark.parametrize("change", [
    {"round": 3}, {"result": "attacker_won", "waiting": ""}, {"losses": ()}, {"rolls": BOARD.rolls[:1]},
    {"attackers": BOARD.attackers[:1]},
])
def test_what_the_board_says_changes_its_picture(change):
    assert battle.render_battle_board(BOARD.model_copy(update=change)) != battle.render_battle_board(BOARD)


def test_more_rounds_make_a_taller_board():
    more = BOARD.model_copy(update={"rolls": BOARD.rolls + tuple(r.model_copy(update={"round": 2}) for r in BOARD.rolls)})
    assert image_of(battle.render_battle_board(more)).height > image_of(battle.render_battle_board(BOARD)).height


def _die_edges(board: BattleBoardView) -> list[tuple[int, int, int]]:
    """The colour at the left edge of each attacker die of round 1 (the layout's own positions)."""
    drawn = battle._Board(board, BoardLabels())
    image = drawn.render()
    top = battle.MARGIN + battle.HEADER + battle.SIDE_HEAD + drawn.rows["attacker"][0].height
    edges = []
    placed: dict[int, int] = {}
    for die in board.rolls[0].dice:
        n = placed.get(die.value, 0)
        placed[die.value] = n + 1
        x = drawn._col_x(die.value) + 8 + n * battle.DIE_STEP + 1
        y = top + battle.ROW_PAD / 2 + battle.DIE / 2 + 2
        edges.append(image.getpixel((round(x), round(y))))
    return edges


def test_each_die_sits_in_its_units_column_and_hits_are_edged_in_red():
    edges = _die_edges(BOARD)
    hits = [d.hit for d in BOARD.rolls[0].dice]
    assert hits == [True, False, False, True, False]
    for edge, hit in zip(edges, hits, strict=True):
        assert close(edge, aa.BATTLE, 40) == hit, (edge, hit)


def test_without_words_the_board_carries_no_text_of_a_language():
    plain = battle.render_battle_board(BOARD)
    assert battle.render_battle_board(BOARD, labels=words("nl")) != plain
    assert battle.render_battle_board(BOARD, labels=words("en")) != battle.render_battle_board(BOARD, labels=words("nl"))


def test_every_battle_board_word_is_in_english_and_dutch():
    for language in ("en", "nl"):
        have = dict(picture_words("axis_allies", language))
        needed = ["battle_attacker", "battle_defender", "battle_round", "battle_lost",
                  *(f"battle_{r}" for r in battle.RESULTS),
                  *(f"battle_roll_{k}" for k in ("bombard", "sub_strike", "attack_fire", "defence_fire")),
                  *(f"battle_waiting_{k}" for k in ("casualties", "press_on_or_retreat", "defending_subs")),
                  *(f"region_{r}" for r in aa.REGIONS)]
        assert [w for w in needed if not have.get(w)] == []


# --------------------------------------------------------------------------- region crops


def test_the_six_regions_and_the_engines_list_agree():
    from engines.axis_allies.engine import AxisAllies

    assert tuple(aa.REGIONS) == AxisAllies.regions


def _inside(tid: str, region: str, rim: float = 4) -> bool:
    """The box of ``tid`` lies in the region; a box at the map's edge may reach into the rim."""
    x0, y0, x1, y1 = aa._node_box(tid)
    return any(bx0 - rim <= x0 and x1 <= bx1 + rim and by0 - rim <= y0 and y1 <= by1 + rim
               for bx0, by0, bx1, by1 in aa.region_boxes(region))


@pytest.mark.parametrize(("region", "places"), [
    ("europe", ["united_kingdom", "germany", "karelia_ssr", "eastern_europe", "southern_europe", "sz_north_sea"]),
    ("pacific", ["japan", "sz_hawaii", "hawaiian_islands", "midway", "philippines", "solomon_islands"]),
    ("atlantic", ["sz_north_atlantic", "sz_east_us", "sz_west_spain", "sz_south_atlantic", "eastern_united_states"]),
    ("asia", ["india", "china", "manchuria", "japan", "kazakh_ssr", "french_indo_china"]),
    ("africa", ["libya", "anglo_egyptian_sudan", "south_africa", "congo", "french_west_africa", "madagascar"]),
    ("americas", ["alaska", "eastern_united_states", "mexico", "brazil", "argentina_chile", "panama"]),
])
def test_each_region_holds_its_places_whole(region, places):
    assert [tid for tid in places if not _inside(tid, region)] == []


def test_every_space_of_the_map_lies_whole_in_some_region():
    assert [tid for tid in layout.POSITIONS if not any(_inside(tid, r) for r in aa.REGIONS)] == []


def _detail(image: Image.Image) -> float:
    """How much of ``image`` is finer than half its resolution: the mean difference from itself
    halved and scaled back up (a picture scaled up 2x has little; one drawn at that size, much)."""
    grey = image.convert("L")
    back = grey.resize((grey.width // 2, grey.height // 2), Image.Resampling.BOX).resize(grey.size,
                                                                                     Image.Resampling.LANCZOS)
    return ImageStat.Stat(ImageChops.difference(grey, back)).mean[0]


@pytest.mark.parametrize("region", ["europe", "pacific"])
def test_a_region_is_drawn_at_full_detail_not_scaled_up(region):
    view = battle_view()
    full = aa.render_image(view, labels=LABELS)
    crop = image_of(registry.render_view("axis_allies", view, LABELS, region_part(region)))
    boxes = aa.region_boxes(region)
    width, height = sum(round(b[2] - b[0]) for b in boxes), max(round(b[3] - b[1]) for b in boxes)
    assert crop.width == width * aa.REGION_ZOOM + 16
    assert crop.height > full.height  # larger than the whole board: full detail for a phone
    drawn = crop.crop((8, aa.REGION_HEADER, 8 + width * aa.REGION_ZOOM, aa.REGION_HEADER + height * aa.REGION_ZOOM))
    scaled = Image.new("RGB", (width, height))
    x = 0
    for box in boxes:
        scaled.paste(full.crop(box), (x, 0))
        x += round(box[2] - box[0])
    scaled = scaled.resize(drawn.size, Image.Resampling.LANCZOS)
    assert _detail(drawn) > 2 * _detail(scaled)


def test_a_region_shows_the_places_as_the_full_map_does():
    view = battle_view()
    full = aa.render_image(view, labels=LABELS)
    crop = image_of(aa.render_region(view, "europe", labels=LABELS))
    (box,) = aa.region_boxes("europe")
    ox, oy = box[0], box[1]

    def on_crop(x: float, y: float) -> tuple[int, ...]:
        return crop.getpixel((round(8 + (x - ox) * aa.REGION_ZOOM), round(aa.REGION_HEADER + (y - oy) * aa.REGION_ZOOM)))

    # boxes in their holders' colours, the red ring of the battle in Karelia, and the sea around
    for tid in ("karelia_ssr", "germany", "sweden"):
        kx, ky = aa._node_centre(tid)
        assert close(on_crop(kx, ky - 20), full.getpixel((round(kx), round(ky - 20))), 24), tid
    x0, y0, x1, y1 = aa._node_box("karelia_ssr")
    assert close(on_crop(x0 - 2.6, (y0 + y1) / 2), aa.BATTLE, 40)
    assert close(on_crop(ox + 2, oy + 2), aa.OCEAN, 8)


def test_sprites_drawn_at_a_zoom_are_that_many_times_larger():
    for small, large in [(aa.chip_sprite("germany", "armour", 12), aa.chip_sprite("germany", "armour", 12, zoom=2)),
                         (aa.land_sprite(92, 52, aa.WHITE), aa.land_sprite(92, 52, aa.WHITE, zoom=2)),
                         (aa.ipc_badge_sprite(10, 16), aa.ipc_badge_sprite(10, 16, zoom=2)),
                         (aa.battle_ring_sprite(64, 36, 8, True), aa.battle_ring_sprite(64, 36, 8, True, zoom=2))]:
        assert large.size == (2 * small.width, 2 * small.height)
        on_white = [Image.alpha_composite(Image.new("RGBA", large.size, (255, 255, 255, 255)), im)
                    for im in (large, small.resize(large.size, Image.Resampling.LANCZOS))]
        assert _detail(on_white[0]) > 1.5 * _detail(on_white[1])


def test_the_pacific_joins_the_maps_two_edges():
    left, right = aa.region_boxes("pacific")
    assert left[2] == aa.MAP_BOX[2] - 3 and right[0] == aa.MAP_BOX[0] + 3
    data = aa.render_region(opening_view(), "pacific", labels=LABELS)
    width = sum(round(b[2] - b[0]) for b in (left, right))
    assert image_of(data).width == width * aa.REGION_ZOOM + 16


def test_an_unknown_region_or_picture_is_refused():
    with pytest.raises(KeyError):
        registry.render_view("axis_allies", opening_view(), None, region_part("mars"))
    with pytest.raises(ValueError):
        registry.render_view("militakiri", opening_view(), None, region_part("europe"))


def test_the_region_is_named_in_the_readers_language():
    view = opening_view()
    english = aa.render_region(view, "asia", labels=words("en"))
    dutch = aa.render_region(view, "asia", labels=words("nl"))
    assert english != dutch


# --------------------------------------------------------------------------- what a step changed


def test_the_places_a_step_changed_are_ringed_in_yellow_and_the_legend_explains_the_ring():
    view = opening_view()
    plain = aa.render_image(view, labels=words("en"))
    step = image_of(registry.render_view("axis_allies", view, words("en"), step_part(("ukraine_ssr", "caucasus"))))
    x0, y0, x1, y1 = aa._node_box("ukraine_ssr")
    ring = [step.getpixel((round((x0 + x1) / 2), round(y1 + off))) for off in range(3, 10)]
    assert any(close(c, HIGHLIGHT, 30) for c in ring)
    assert not any(close(plain.getpixel((round((x0 + x1) / 2), round(y1 + off))), HIGHLIGHT, 30) for off in range(3, 10))
    gx0, gy0, gx1, gy1 = aa._node_box("germany")  # unchanged: no ring
    assert not any(close(step.getpixel((round((gx0 + gx1) / 2), round(gy1 + off))), HIGHLIGHT, 30) for off in range(3, 10))
    legend = lambda image: image.crop((0, aa.MARKS_TOP, aa.WIDTH, aa.HEIGHT))  # noqa: E731
    yellow = lambda image: sum(close(c, HIGHLIGHT, 12) for c in legend(image).get_flattened_data())  # noqa: E731
    assert yellow(step) > yellow(plain) + 20  # the ring's entry (the capital star is gold, not this yellow)


def test_a_step_naming_no_known_place_draws_the_plain_board():
    view = opening_view()
    assert registry.render_view("axis_allies", view, LABELS, step_part(("atlantis",))) == aa.render_board(view, labels=LABELS)
