"""The Slag om het Eiland board picture: valid, deterministic PNGs drawn from the view only.

Views are built by hand from the view model, so these tests do not need the engine.
"""

from __future__ import annotations

import io

import pytest
from PIL import Image

from engines.battle_island.view import (
    ActionView,
    BattleIslandView,
    BlockView,
    CharacterView,
    PadView,
    RevealedBlockView,
    ShotView,
)
from engines.core.contract import Result
from render import battle_island as bi
from render import registry
from render.common import BoardLabels, hex_rgb, parse_square

RANGE = {"soldier": 2, "jeep": 3, "tank": 4}

# --------------------------------------------------------------------------- views


def char(owner: int, kind: str, square: str | None = None, facing: str | None = None,
         slot: int | None = None) -> CharacterView:
    """A character on ``square`` (facing its enemy unless told) or, without a square, on ``slot``."""
    if square is not None and facing is None:
        facing = "n" if owner == 0 else "s"
    return CharacterView(owner=owner, kind=kind, range=RANGE[kind], square=square,  # type: ignore[arg-type]
                         facing=facing if square else None, slot=slot)  # type: ignore[arg-type]


def pad(owner: int, left: str, slots: tuple[str | None, ...]) -> PadView:
    """A pad whose leftmost island file is ``left``; slots 1-5 numbered from the owner's left
    (seat 1 looks south, so its slot 1 is the east end)."""
    start = "abcdefghijkl".index(left)
    files = tuple("abcdefghijkl"[start:start + 5])
    files = files if owner == 0 else files[::-1]
    return PadView(owner=owner, files=files, slots=slots, rocket=files[2])  # type: ignore[arg-type]


def view(**changes: object) -> BattleIslandView:
    """A view in play: red to move, nothing on the board unless given."""
    base = BattleIslandView(
        viewer=None,
        size=12,
        phase="play",
        step="roll",
        characters=(),
        blocks=(),
        revealed=(),
        pads=(),
        to_act=(0,),
        to_move=0,
        die=None,
        last_roll=None,
        lost=(0, 0),
        win_at=10,
        blocks_left=10,
        live_left=None,
        seal="3fa2c9e01b7d44a0c2e5f6a7b8c9d0e1f2a3b4c5d6e7f8091a2b3c4d5e6f7081",
        turn=1,
        quiet_turns=0,
    )
    return base.model_copy(update=changes)


def setup_view(**changes: object) -> BattleIslandView:
    """Blocks being placed: no characters yet, the pads empty."""
    return view(phase="blocks", step="setup", to_move=None, to_act=(1,), turn=0,
                blocks=(BlockView(square="e5", owner=0, live=None), BlockView(square="h8", owner=1, live=None)),
                pads=(pad(0, "a", (None,) * 5), pad(1, "h", (None,) * 5))).model_copy(update=changes)


def mid_view(**changes: object) -> BattleIslandView:
    """Mid-play with pads: red rolled a 3 and moved its jeep c2-c5 (turning east); it may now
    shoot f5. A live block went off on i9 last turn, a safe one on d3."""
    characters = (
        char(0, "soldier", "a2"), char(0, "jeep", "c5", "e"), char(0, "tank", "f3"), char(0, "soldier", "h4", "w"),
        char(0, "soldier", "k2"), char(0, "jeep", slot=1), char(0, "tank", slot=3), char(0, "soldier", slot=4),
        char(1, "soldier", "b10"), char(1, "jeep", "f5"), char(1, "tank", "j11"), char(1, "soldier", "g9", "w"),
        char(1, "jeep", "e8"), char(1, "soldier", slot=2), char(1, "soldier", slot=5),
    )
    blocks = (
        BlockView(square="d7", owner=0, live=None),
        BlockView(square="i6", owner=1, live=None),
        BlockView(square="b6", owner=0, live=None),
        BlockView(square="k8", owner=1, live=None),
        BlockView(square="g6", owner=0, live=None),
    )
    revealed = (
        RevealedBlockView(square="i9", live=True, blast=("h8", "h9", "h10", "i8", "i10", "j8", "j9", "j10")),
        RevealedBlockView(square="d3", live=False),
    )
    actions = (
        ActionView(seat=0, kind="roll", text="roll 3"),
        ActionView(seat=0, kind="move", text="c2-c5", frm="c2", to="c5"),
    )
    return view(
        step="moved", die=3, last_roll=3, characters=characters, blocks=blocks, revealed=revealed,
        pads=(pad(0, "b", ("jeep", None, "tank", "soldier", None)), pad(1, "g", (None, "soldier", None, None, "soldier"))),
        shots=(ShotView(frm="c5", to="f5"),), actions=actions, lost=(2, 3), blocks_left=5, turn=17,
        quiet_turns=2,
    ).model_copy(update=changes)


def over_view(**changes: object) -> BattleIslandView:
    """Red has won; the layout is revealed, every block's content shown."""
    blocks = (
        BlockView(square="d7", owner=0, live=True),
        BlockView(square="i6", owner=1, live=False),
        BlockView(square="g6", owner=0, live=True),
    )
    return mid_view(step="over", to_act=(), result=Result(winners=(0,), reason="battle_island.all_lost"),
                    blocks=blocks, lost=(6, 10), live_left=2, opening="layout d7,g6,...;salt 0f3a", shots=(),
                    ).model_copy(update=changes)


def png(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG"
    return image.convert("RGB")


def size() -> tuple[int, int]:
    lay = bi.layout(12)
    return (lay.width, lay.height)


def square_crop(image: Image.Image, square: str) -> bytes:
    return image.crop(bi.layout(12).geo.box(*parse_square(square))).tobytes()


def clear_caches() -> None:
    for factory in bi.SPRITES:
        factory.cache_clear()  # type: ignore[attr-defined]


# --------------------------------------------------------------------------- tests


def test_the_registry_knows_the_renderer() -> None:
    assert registry.RENDERERS["battle_island"] is bi.render_board
    assert registry.render_view("battle_island", mid_view()) == bi.render_board(mid_view())


@pytest.mark.parametrize("make", [setup_view, mid_view, over_view, view], ids=["setup", "mid", "over", "bare"])
def test_views_render_to_pngs_of_the_expected_size(make: object) -> None:
    data = bi.render_board(make())  # type: ignore[operator]
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    assert png(data).size == size() == (996, 752)


def test_rendering_is_deterministic() -> None:
    labels = BoardLabels(title="Slag om het Eiland", status="Anna is aan zet", seats=("Anna", "Bram"))
    first = bi.render_board(mid_view(), labels=labels)
    assert bi.render_board(mid_view(), labels=labels) == first
    clear_caches()
    assert bi.render_board(mid_view(), labels=labels) == first  # cold sprite caches too


def test_the_picture_depends_only_on_the_view() -> None:
    """Two views equal as models, built apart, give the same bytes (no hidden state leaks in)."""
    a, b = over_view(), over_view()
    assert a == b and a is not b
    assert bi.render_board(a) == bi.render_board(b)
    rebuilt = BattleIslandView.model_validate(mid_view().model_dump())
    assert rebuilt == mid_view()
    assert bi.render_board(rebuilt) == bi.render_board(mid_view())


def test_a_known_live_block_differs_from_an_unknown_one() -> None:
    unknown = mid_view(viewer=0)
    blocks = tuple(b.model_copy(update={"live": True}) if b.square == "d7" else b for b in unknown.blocks)
    known_live = unknown.model_copy(update={"blocks": blocks})
    known_safe = unknown.model_copy(update={"blocks": tuple(
        b.model_copy(update={"live": False}) if b.square == "d7" else b for b in unknown.blocks)})
    pictures = {name: png(bi.render_board(v)) for name, v in
                (("unknown", unknown), ("live", known_live), ("safe", known_safe))}
    crops = {name: square_crop(image, "d7") for name, image in pictures.items()}
    assert len(set(crops.values())) == 3
    # only that square changes (compared before the palette, which is chosen per picture)
    images = {name: bi.render_image(v) for name, v in (("unknown", unknown), ("live", known_live), ("safe", known_safe))}
    for name in ("live", "safe"):
        for square in ("b6", "c7", "e7", "d6", "d8"):
            assert square_crop(images[name], square) == square_crop(images["unknown"], square), (name, square)


def test_revealed_blocks_are_drawn() -> None:
    plain = png(bi.render_board(mid_view(revealed=())))
    shown = png(bi.render_board(mid_view()))
    for square in ("i9", "h10", "j8", "d3"):  # the burst, two blast squares, the safe frame
        assert square_crop(plain, square) != square_crop(shown, square), square
    # blast squares are tinted red
    x0, y0, _, _ = bi.layout(12).geo.box(*parse_square("h10"))
    r, g, b = shown.getpixel((x0 + 2, y0 + 2))  # type: ignore[misc]
    assert r > g + 30 and r > b + 30


@pytest.mark.parametrize("face", [None, 0, 1, 2, 3, 4, 5])
def test_every_die_face_renders_differently(face: int | None) -> None:
    data = bi.render_board(mid_view(last_roll=face, die=face))
    assert png(data).size == size()
    others = {bi.render_board(mid_view(last_roll=f, die=f)) for f in (None, 0, 1, 2, 3, 4, 5) if f != face}
    assert data not in others


def test_die_faces_have_their_pips() -> None:
    for face in range(6):
        sprite = bi.die_sprite(face, 60)
        dark = sum(1 for r, g, b, a in sprite.get_flattened_data() if a > 200 and r < 80)  # type: ignore[misc]
        blank = sum(1 for r, g, b, a in bi.die_sprite(0, 60).get_flattened_data() if a > 200 and r < 80)  # type: ignore[misc]
        assert (dark > blank) == (face > 0)


@pytest.mark.parametrize(
    "changes",
    [
        {"to_move": 1, "to_act": (1,)},
        {"lost": (3, 3)},
        {"win_at": 5},
        {"blocks_left": 4},
        {"live_left": 3},
        {"seal": None},
        {"pad_move": True, "step": "move"},
        {"movable": ("a2", "f3")},
        {"restricted": "f3"},
        {"shots": ()},
        {"entry": ("c1", "e1")},
        {"actions": ()},
        {"quiet_turns": 0},
        {"pads": ()},
        {"viewer": 0, "blocks": (BlockView(square="d7", owner=0, live=True),)},
    ],
)
def test_inputs_that_matter_change_the_picture(changes: dict[str, object]) -> None:
    assert bi.render_board(mid_view(**changes)) != bi.render_board(mid_view())


def test_actions_are_marked() -> None:
    actions = (
        ActionView(seat=0, kind="roll", text="roll 3"),
        ActionView(seat=0, kind="move", text="c2-c5", frm="c2", to="c5"),
        ActionView(seat=0, kind="shoot", text="shoot c5 c8", frm="c5", to="c8"),
        ActionView(seat=1, kind="remove", text="remove k2", to="k2"),
        ActionView(seat=0, kind="reinforce", text="reinforce 3 d1", to="d1"),
        ActionView(seat=0, kind="turn", text="turn h4 left", frm="h4", to="h4"),
        ActionView(seat=0, kind="pad", text="pad right 2", frm="pad", to="pad"),  # no squares: nothing drawn
    )
    bare = png(bi.render_board(mid_view(actions=())))
    marked = png(bi.render_board(mid_view(actions=actions)))
    for square in ("c2", "c6", "c7", "c8", "k2", "d1", "h4"):
        assert square_crop(bare, square) != square_crop(marked, square), square


def test_pads_show_slots_characters_and_rocket() -> None:
    with_pads = png(bi.render_board(mid_view()))
    without = png(bi.render_board(mid_view(pads=())))
    lay = bi.layout(12)
    geo = lay.geo
    for seat, file in ((0, "b"), (0, "d"), (1, "g"), (1, "i")):
        x0, _, x1, _ = geo.box(*parse_square(f"{file}1"))
        top, bottom = lay.pad_rows[seat]
        box = (x0, top, x1, bottom)
        assert with_pads.crop(box).tobytes() != without.crop(box).tobytes(), (seat, file)
    # without pads, the rows are open sea: one colour
    top, bottom = lay.pad_rows[0]
    assert len(set(without.crop((geo.left, top, geo.right, bottom)).get_flattened_data())) == 1  # type: ignore[attr-defined]
    # a character on a pad slot changes the slot
    emptied = mid_view(pads=(pad(0, "b", (None,) * 5), mid_view().pads[1]))
    x0, _, x1, _ = geo.box(*parse_square("b1"))
    top, bottom = lay.pad_rows[0]
    assert png(bi.render_board(emptied)).crop((x0, top, x1, bottom)).tobytes() != \
        with_pads.crop((x0, top, x1, bottom)).tobytes()


def test_a_pad_hanging_past_the_corner_is_drawn_in_the_sea() -> None:
    """Decision 3: only the rocket must stay beside the island; a slot without a file is drawn
    beyond the island's edge, counted on from the rocket (red's to its left, blue's to its
    right as the picture shows it, blue's left being the east)."""
    lay = bi.layout(12)
    geo = lay.geo
    red = PadView(owner=0, files=(None, None, "a", "b", "c"), slots=("jeep", "soldier", None, None, None), rocket="a")
    blue = PadView(owner=1, files=(None, None, "l", "k", "j"), slots=("tank", None, None, None, None), rocket="l")
    hanging = png(bi.render_board(mid_view(pads=(red, blue))))
    without = png(bi.render_board(mid_view(pads=())))
    for seat, column in ((0, -1), (0, -2), (1, 12), (1, 13)):
        x0, _, x1, _ = geo.box(column, 0)
        top, bottom = lay.pad_rows[seat]
        assert lay.sea[0] < x0 and x1 < lay.sea[2], (seat, column)  # inside the sea
        assert hanging.crop((x0, top, x1, bottom)).tobytes() != without.crop((x0, top, x1, bottom)).tobytes()
    # red's slot 1 (two left of a) holds its jeep: emptied, that slot looks different
    emptied = red.model_copy(update={"slots": (None, "soldier", None, None, None)})
    x0, _, x1, _ = geo.box(-2, 0)
    top, bottom = lay.pad_rows[0]
    assert png(bi.render_board(mid_view(pads=(emptied, blue)))).crop((x0, top, x1, bottom)).tobytes() != \
        hanging.crop((x0, top, x1, bottom)).tobytes()


def test_characters_caught_in_a_shots_crossfire_are_crossed() -> None:
    """Rule 10 (decision 11): the characters a shot passed over and took with its target."""
    shot = ActionView(seat=0, kind="shoot", text="shoot c5 c9", frm="c5", to="c9")
    plain = png(bi.render_board(mid_view(actions=(shot,), shots=())))
    caught = png(bi.render_board(mid_view(actions=(shot.model_copy(update={"caught": ("c6", "c7")}),), shots=())))
    for square in ("c6", "c7"):
        assert square_crop(plain, square) != square_crop(caught, square), square
    # the target's square is crossed either way (compared before the palette, chosen per picture)
    actions = (shot, shot.model_copy(update={"caught": ("c6",)}))
    before = [bi.render_image(mid_view(actions=(a,), shots=())) for a in actions]
    assert square_crop(before[0], "c9") == square_crop(before[1], "c9")


def test_characters_show_kind_facing_and_owner() -> None:
    geo = bi.layout(12).geo

    def picture(*characters: CharacterView) -> Image.Image:
        return png(bi.render_board(view(characters=characters)))

    base = square_crop(picture(char(0, "soldier", "f6", "n")), "f6")
    assert square_crop(picture(char(0, "jeep", "f6", "n")), "f6") != base
    assert square_crop(picture(char(0, "tank", "f6", "n")), "f6") != base
    assert square_crop(picture(char(0, "soldier", "f6", "e")), "f6") != base
    assert square_crop(picture(char(1, "soldier", "f6", "n")), "f6") != base
    # red is red, blue is blue (beside the number)
    for owner in (0, 1):
        image = picture(char(owner, "jeep", "f6", "n"))
        x, y = geo.square_centre("f6")
        r, _, b = image.getpixel((round(x - 0.2 * geo.cell), round(y + 0.12 * geo.cell)))  # type: ignore[misc]
        assert (r > b + 60) if owner == 0 else (b > r + 60)


def test_winner_gets_a_gold_frame_and_labels_stay_off_the_board() -> None:
    data = bi.render_board(over_view())
    assert png(data).size == size()
    lay = bi.layout(12)
    r, g, b = png(data).getpixel((lay.panel_left + 1, lay.sea[3] - 40))  # type: ignore[misc]
    assert r > 200 and g > 150 and b < 100
    labels = BoardLabels(title="Slag om het Eiland", status="Zoë wint – alle tien verloren " * 4,
                         seats=("Zoë", "名前 with a name far too long for the panel"))
    with_labels = bi.render_image(over_view(), labels=labels)
    board = (0, 0, lay.sea[2], lay.height)
    assert with_labels.crop(board).tobytes() == bi.render_image(over_view()).crop(board).tobytes()
    assert with_labels.tobytes() != bi.render_image(over_view()).tobytes()


def test_a_draw_and_the_setup_phases_render() -> None:
    draw = over_view(result=Result(draw=True, reason="battle_island.quiet_turns"))
    assert png(bi.render_board(draw)).size == size()
    for phase in ("seal", "start_roll", "blocks", "arm", "characters", "pads"):
        assert png(bi.render_board(setup_view(phase=phase))).size == size()


@pytest.mark.parametrize("square", ["m1", "a13", "a0", "z"])
def test_bad_squares_are_refused(square: str) -> None:
    with pytest.raises(ValueError):
        bi.render_board(view(characters=(char(0, "soldier", square),)))


# --------------------------------------------------------------------------- readable


TITLES = ["Battle for the Island (Slag om het Eiland)", "Slag om het Eiland"]


@pytest.mark.parametrize("title", TITLES)
def test_the_title_fits_whole(title: str) -> None:
    """"Titles and results are cut ('Battle for the Island (S…')": the title shrinks,
    then wraps onto two lines, and every word of it is drawn."""
    lay = bi.layout(12)
    fitted = bi.fitted_title(title, lay.text_width)
    assert " ".join(fitted.lines) == title and "…" not in "".join(fitted.lines)
    assert fitted.width <= lay.text_width
    # the picture carries it to its last letter: without that letter the panel differs
    labels = BoardLabels(title=title, status="alice (red) is to move.", seats=("alice", "bob"))
    other = BoardLabels(title=title[:-1], status=labels.status, seats=labels.seats)
    assert bi.render_image(mid_view(), labels=labels).tobytes() != bi.render_image(mid_view(), labels=other).tobytes()


def test_a_long_result_and_status_are_not_cut() -> None:
    """The status (whose turn and step, or the result, and the clocks) wraps between phrases and
    keeps every word, in the room the panel has."""
    lay = bi.layout(12)
    status = ("alice wins: bob has lost all 10 characters. · bob (blue) is to move. · "
              "no move can use the 4: shoot or end the turn · Clocks: alice 23:59:00, bob 24:00:00")
    fitted = bi.fitted_status(status, lay.text_width, room=200)
    assert "…" not in "".join(fitted.lines) and len(fitted.lines) > 1
    def letters(text: str) -> str:
        return text.replace("·", "").replace(" ", "")

    assert letters(" ".join(fitted.lines)) == letters(status)
    assert png(bi.render_board(over_view(), labels=BoardLabels(title=TITLES[0], status=status))).size == size()


def _downscaled(image: Image.Image, width: int = 400) -> tuple[Image.Image, float]:
    k = width / image.width
    return image.resize((width, round(image.height * k)), Image.Resampling.LANCZOS), k


def _facing_bands(facing: str, kind: str, owner: int) -> dict[str, int]:
    """At 400 px wide (a phone), the light pixels in each outer third of the square of a lone
    character: the pointer is white, the grass and the bodies are not."""
    small, k = _downscaled(bi.render_image(view(characters=(char(owner, kind, "f6", facing),))))
    x0, y0, x1, y1 = (v * k for v in bi.layout(12).geo.box(*parse_square("f6")))
    third = (x1 - x0) / 3
    bands = {"n": (x0, y0, x1, y0 + third), "s": (x0, y1 - third, x1, y1),
             "w": (x0, y0, x0 + third, y1), "e": (x1 - third, y0, x1, y1)}
    return {side: sum(1 for p in small.crop(tuple(round(v) for v in box)).get_flattened_data() if min(p) > 200)  # type: ignore[arg-type]
            for side, box in bands.items()}


FACING_PX = 8
"""Light pointer pixels a character's facing shows at 400 px wide (the old pointer showed 2)."""
OPPOSITE = {"n": "s", "s": "n", "e": "w", "w": "e"}


@pytest.mark.parametrize("facing", ["n", "e", "s", "w"])
@pytest.mark.parametrize("kind", ["soldier", "jeep", "tank"])
def test_the_facing_reads_at_phone_size(facing: str, kind: str) -> None:
    """"facing readable at phone size": downscaled to 400 px wide, the pointer shows
    at least ``FACING_PX`` light pixels in the square's third it faces, and few in the opposite
    third (so the mark says which way)."""
    for owner in (0, 1):
        bands = _facing_bands(facing, kind, owner)
        assert bands[facing] >= FACING_PX, (owner, bands)
        assert bands[OPPOSITE[facing]] * 3 <= bands[facing], (owner, bands)


TICK_GREEN = hex_rgb("#2e9a5a")


def _badge_corner(live: bool, *characters: CharacterView) -> tuple[int, int]:
    """At 400 px wide, in the top-right corner of a block revealed on f6: (tick-green pixels,
    near-black pixels)."""
    blast = ("e5", "e6", "e7", "f5", "f7", "g5", "g6", "g7") if live else ()
    image = bi.render_image(view(revealed=(RevealedBlockView(square="f6", live=live, blast=blast),),
                                 characters=characters))
    small, k = _downscaled(image)
    x0, y0, x1, y1 = (v * k for v in bi.layout(12).geo.box(*parse_square("f6")))
    crop = small.crop((round(x0 + 0.4 * (x1 - x0)), round(y0), round(x1), round(y0 + 0.6 * (y1 - y0))))
    pixels = list(crop.get_flattened_data())  # type: ignore[attr-defined]
    green = sum(1 for p in pixels if all(abs(a - b) <= 40 for a, b in zip(p, TICK_GREEN)))
    black = sum(1 for p in pixels if max(p) < 70)
    return green, black


def test_a_revealed_blocks_square_says_live_or_safe() -> None:
    """"a revealed block's area says live or safe": a bomb badge (live) or a tick badge
    (safe) on the square's corner, the marks of a crate whose content is known, readable at 400 px
    wide and drawn over a character standing there."""
    green, black = _badge_corner(False)
    assert green >= 20 and black == 0
    green, black = _badge_corner(True)
    assert green == 0 and black >= 8
    assert _badge_corner(False, char(0, "tank", "f6", "n"))[0] >= 20
    assert _badge_corner(True, char(0, "tank", "f6", "e"))[1] >= 8


# --------------------------------------------------------------------------- the marks' legend


def legend_views() -> list[BattleIslandView]:
    """Views that together draw every mark of ``bi.MARKS``."""
    shot = ActionView(seat=0, kind="shoot", text="c5xf5", frm="c5", to="f5")
    return [
        mid_view(movable=("c5", "a2"), restricted="c5", entry=("b1", "c1")),
        mid_view(actions=(shot,), shots=()),
        over_view(),
    ]


def test_every_mark_has_a_legend_word_in_english_and_dutch_and_an_icon() -> None:
    """Every mark the picture can draw (``bi.MARKS``) has a word in both languages: a new mark
    without one fails here."""
    from tests.render.legend import assert_every_mark_has_an_icon, assert_every_mark_has_words

    assert_every_mark_has_words("battle_island", bi.MARKS)
    sample = legend_views()[0]
    assert_every_mark_has_an_icon(bi.MARKS, lambda mark: bi.legend_icon(mark, sample))


def test_a_picture_explains_the_marks_it_draws_in_the_readers_language() -> None:
    from tests.render.legend import assert_pictures_explain_their_marks

    assert_pictures_explain_their_marks("battle_island", legend_views(), bi.render_image, bi.marks_shown, bi.MARKS,
                                        bi.legend_icon)


def test_the_legend_names_only_what_the_picture_draws() -> None:
    shown = set(bi.marks_shown(view()))
    assert {"lock", "die", "blocks_left", "lost"} <= shown
    assert not {"move", "shot", "blast", "pad", "rocket", "movable", "entry", "soldier", "quiet"} & shown
    assert {"pad", "rocket", "blast", "defused", "move", "shot_possible", "quiet"} <= set(bi.marks_shown(mid_view()))


def test_a_long_player_name_shrinks_then_wraps_before_it_is_cut() -> None:
    """Player names are never cut to "Compute…" where there is room: the seat's header gives the
    name its whole width (the losses' count sits on the pips' row)."""
    from render.common import fit_text, font

    lay = bi.layout(12)
    width = lay.panel_right - lay.panel_left - 8 - 36 - 6 - 10
    assert fit_text("Computer (normal) 2", font(17), width - 62).endswith("…")  # the room the count left before
    assert bi.fitted_name("Computer (normal) 2", width).lines == ("Computer (normal) 2",)
    fitted = bi.fitted_name("AVeryLongDiscordNameOf32Chars_xy", width)
    assert len(fitted.lines) == 2 and "".join(fitted.lines) == "AVeryLongDiscordNameOf32Chars_xy"
    image = png(bi.render_board(mid_view(), labels=BoardLabels(seats=("Computer (normal) 2", "Bob"))))
    assert image.size == size()


def test_the_legend_count_of_blocks_left_is_never_cut() -> None:
    """The legend's "blocks left" sample prints the count beside a crate: with 10 blocks it read
    "1(" (the icon was cut at 36 px). Its last column must stay clear of the text."""
    for left in (4, 10):
        icon = bi.legend_icon("blocks_left", view(blocks_left=left))
        alpha = icon.getchannel("A")
        assert alpha.crop((icon.width - 2, 0, icon.width, icon.height)).getbbox() is None, left
