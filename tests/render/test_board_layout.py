"""every grid game's renderer lays out its board and panel with the one helper,
``render.board_layout``: the picture is the layout's size, the grid lies inside it and the panel
does not cover the grid."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from engines.registry import get_engine
from render import battle_island, heroes_cities, masters_victory, militakiri
from render.board_layout import BoardLayout, fit_grid, panel_beside, panel_below
from render.registry import render_view

LAYOUTS = {
    "heroes_cities": lambda view: heroes_cities.layout(view.size),
    "masters_victory": lambda view: masters_victory.layout(view.rows, view.cols),
    "militakiri": lambda view: militakiri.layout(view.files, view.ranks),
    "battle_island": lambda view: battle_island.layout(view.size),
}


@pytest.mark.parametrize("slug", sorted(LAYOUTS))
def test_each_grid_renderer_uses_the_shared_layout(slug: str) -> None:
    engine = get_engine(slug)
    view = engine.view(engine.setup(2, engine.options_model()), None)
    lay = LAYOUTS[slug](view)
    assert isinstance(lay, BoardLayout)
    with Image.open(io.BytesIO(render_view(slug, view))) as image:
        assert image.size == (lay.width, lay.height)
    geo = lay.geo
    assert 0 <= geo.left and geo.right <= lay.width and 0 <= geo.top and geo.bottom <= lay.height
    left, top, right, bottom = lay.panel
    beside = left >= geo.right
    below = top >= geo.bottom
    assert beside or below, "the panel does not cover the board"
    assert right <= lay.width and bottom <= lay.height


def test_fit_grid_takes_the_largest_whole_cell_and_centres_it() -> None:
    geo = fit_grid(7, 5, (0, 0, 300, 200), margin=10)
    assert geo.cell == min(280 // 7, 180 // 5) == 36
    assert (geo.left, geo.top) == ((300 - 36 * 7) // 2, (200 - 36 * 5) // 2)
    assert fit_grid(7, 5, (0, 0, 300, 200), margin=10, max_cell=20).cell == 20
    corner = fit_grid(7, 5, (4, 6, 300, 200), margin=10, centred=False)
    assert (corner.left, corner.top) == (14, 16)
    with pytest.raises(ValueError):
        fit_grid(0, 5, (0, 0, 300, 200))


def test_panels_beside_and_below() -> None:
    geo = fit_grid(8, 8, (0, 0, 400, 400), margin=20)
    side = panel_beside(geo, geo.right + 5, gap=15, panel_width=200, height=400, inset=(2, 10))
    assert side.width == geo.right + 5 + 15 + 200
    assert side.panel == (geo.right + 20 + 2, 0, side.width - 10, 400)
    under = panel_below(geo, top=400, width=400, height=500)
    assert (under.width, under.height, under.panel) == (400, 500, (0, 400, 400, 500))


def test_the_plain_checkered_board_is_drawn_once_per_size_and_tints_go_on_a_copy() -> None:
    """the static part of a grid picture is drawn once per process and reused."""
    from render import board_layout
    from render.common import FRAME

    lay = militakiri.layout(6, 12)
    first, _ = board_layout.checkered_board(lay, FRAME, 20, 15, {})
    before = board_layout._plain_board.cache_info().hits
    tinted, _ = board_layout.checkered_board(lay, FRAME, 20, 15, {(0, 0): (255, 0, 0)})
    assert board_layout._plain_board.cache_info().hits == before + 1
    assert tinted.getpixel(lay.geo.centre(0, 0)) == (255, 0, 0)
    assert first.getpixel(lay.geo.centre(0, 0)) != (255, 0, 0), "the cached board itself stays untinted"
