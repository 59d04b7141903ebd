"""The Helden & Steden board picture: valid, deterministic PNGs whose pixels say the right things.

Views are built by hand from the view models, so these tests do not need the engine.
"""

from __future__ import annotations

import io

import pytest
from PIL import Image

from engines.core.contract import Result
from engines.heroes_cities.view import (
    CityView,
    HeroesCitiesView,
    LastMoveView,
    PieceView,
)
from render import heroes_cities as hc
from render.common import (
    DARK_SQUARE,
    HIGHLIGHT,
    INK,
    LIGHT_SQUARE,
    WHITE,
    BoardLabels,
    parse_square,
)

RED_CITIES = ("a3", "d4", "g4", "j3")
BLUE_CITIES = ("a8", "d7", "g7", "j8")


def start_view() -> HeroesCitiesView:
    pieces = [PieceView(square=f"{f}2", owner=0, kind="attacker") for f in "bcdefghi"]
    pieces += [PieceView(square=f"{f}9", owner=1, kind="attacker") for f in "bcdefghi"]
    cities = [CityView(square=s, owner=0) for s in RED_CITIES]
    cities += [CityView(square=s, owner=1) for s in BLUE_CITIES]
    return HeroesCitiesView(
        viewer=None,
        pieces=tuple(pieces),
        cities=tuple(cities),
        reserve=(8, 8),
        captured=((0, 0), (0, 0)),
        to_act=(0,),
        first_player=0,
        turn=0,
        quiet_moves=0,
        last_move=None,
        result=None,
    )


def piece(square: str, owner: int, kind: str = "attacker") -> PieceView:
    return PieceView(square=square, owner=owner, kind=kind)  # type: ignore[arg-type]


def mid_view(**changes: object) -> HeroesCitiesView:
    """Heroes out, d7 conquered by red (no piece on it), red just went c5-c6-d6, capturing e7 and d8."""
    view = HeroesCitiesView(
        viewer=None,
        pieces=(
            piece("b2", 0),
            piece("e5", 0),
            piece("d6", 0, "hero"),
            piece("d4", 0),  # red attacker on a red city
            piece("g4", 1, "hero"),  # blue hero on a red city
            piece("a8", 0),  # red attacker on a blue city
            piece("j8", 1, "hero"),  # blue hero on a blue city
            piece("c9", 1),
            piece("h8", 1),
            piece("f6", 1, "hero"),
        ),
        cities=(
            CityView(square="a3", owner=0),
            CityView(square="d4", owner=0),
            CityView(square="g4", owner=0),
            CityView(square="j3", owner=0),
            CityView(square="a8", owner=1),
            CityView(square="d7", owner=0),
            CityView(square="g7", owner=1),
            CityView(square="j8", owner=1),
        ),
        reserve=(5, 6),
        captured=((1, 0), (3, 1)),
        to_act=(1,),
        first_player=0,
        turn=37,
        quiet_moves=0,
        last_move=LastMoveView(seat=0, text="c5-c6-d6", path=("c5", "c6", "d6"), captured=("e7", "d8")),
        result=None,
    )
    return view.model_copy(update=changes)


def rgb_image(data: bytes) -> Image.Image:
    return Image.open(io.BytesIO(data)).convert("RGB")


def at(image: Image.Image, square: str, dx: float = 0.0, dy: float = 0.0) -> tuple[int, int, int]:
    """The pixel at the centre of ``square`` moved by (dx, dy) fractions of a square."""
    geo = hc.geometry(10)
    x, y = geo.square_centre(square)
    return image.getpixel((round(x + dx * geo.cell), round(y + dy * geo.cell)))  # type: ignore[return-value]


def corner(image: Image.Image, square: str) -> tuple[int, int, int]:
    """A pixel just inside the top-left corner of ``square`` (outside any tile or piece)."""
    x0, y0, _, _ = hc.geometry(10).square_box(square)
    return image.getpixel((x0 + 2, y0 + 2))  # type: ignore[return-value]


def is_red(c: tuple[int, int, int]) -> bool:
    return c[0] > 150 and c[0] > c[1] + 80 and c[0] > c[2] + 80


def is_blue(c: tuple[int, int, int]) -> bool:
    return c[2] > 150 and c[2] > c[0] + 60 and c[2] > c[1] + 30


def close(a: tuple[int, ...], b: tuple[int, ...], tolerance: int = 3) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a, b, strict=True))


def plain(square: str) -> tuple[int, int, int]:
    file, rank = parse_square(square)
    return DARK_SQUARE if (file + rank) % 2 == 0 else LIGHT_SQUARE


def region(image: Image.Image, square: str, half: float) -> list[tuple[int, int, int]]:
    """Every pixel within ``half`` of a square around the centre of ``square``."""
    geo = hc.geometry(10)
    x, y = geo.square_centre(square)
    h = round(half * geo.cell)
    box = (round(x) - h, round(y) - h, round(x) + h, round(y) + h)
    return list(image.crop(box).get_flattened_data())  # type: ignore[arg-type]


# --------------------------------------------------------------------------- the file


def test_output_is_a_png_of_the_board_size() -> None:
    data = hc.render_board(start_view())
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    with Image.open(io.BytesIO(data)) as image:
        assert image.format == "PNG"
        assert image.size == (hc.WIDTH, hc.HEIGHT) == (800, 908)
        assert image.mode == "P"
        image.verify()


def test_same_view_gives_same_bytes() -> None:
    view = mid_view()
    labels = BoardLabels(title="Helden & Steden", status="Bram is aan zet", seats=("Anna", "Bram"))
    first = hc.render_board(view, labels=labels)
    assert hc.render_board(view, labels=labels) == first
    # also when every sprite is drawn afresh (cold caches) and for an equal, separately built view
    for sprite in (hc.city_sprite, hc.piece_sprite, hc.capture_sprite, hc.crown_sprite, hc.lost_sprite):
        sprite.cache_clear()
    assert hc.render_board(mid_view(), labels=labels) == first
    assert hc.render_board(start_view()) == hc.render_board(start_view())


def test_different_views_give_different_pictures() -> None:
    assert hc.render_board(start_view()) != hc.render_board(mid_view())
    assert hc.render_board(mid_view()) != hc.render_board(mid_view(turn=38))
    assert hc.render_board(mid_view()) != hc.render_board(mid_view(reserve=(4, 6)))


# --------------------------------------------------------------------------- pixels


def test_cities_show_their_owners_colour() -> None:
    image = rgb_image(hc.render_board(start_view()))
    for square in RED_CITIES:
        assert all(is_red(c) for c in region(image, square, 0.15)), square
    for square in BLUE_CITIES:
        assert all(is_blue(c) for c in region(image, square, 0.15)), square
    # plain squares stay plain
    assert close(at(image, "e5"), plain("e5"), 0) or close(at(image, "e5"), plain("e5"))


def test_a_conquered_city_shows_its_new_owner() -> None:
    image = rgb_image(hc.render_board(mid_view()))
    assert all(is_red(c) for c in region(image, "d7", 0.15))  # was blue at the start
    assert all(is_blue(c) for c in region(image, "g7", 0.15))


def test_pieces_show_their_owners_colour() -> None:
    image = rgb_image(hc.render_board(mid_view()))
    # between the centre mark and the white rim of an attacker; below the star of a hero
    assert is_red(at(image, "e5", dx=0.18))
    assert is_red(at(image, "b2", dx=-0.18))
    assert is_blue(at(image, "c9", dx=0.18))
    assert is_red(at(image, "d6", dy=0.22))
    assert is_blue(at(image, "f6", dy=0.22))
    # heroes carry a white star, attackers do not
    assert close(at(image, "d6", dy=-0.12), WHITE, 10)
    assert not close(at(image, "e5", dy=-0.12), WHITE, 60)


@pytest.mark.parametrize(
    ("square", "colour_test"),
    [("d4", is_red), ("g4", is_blue), ("a8", is_red), ("j8", is_blue)],
)
def test_a_piece_on_a_city_stands_out_by_its_white_rim(square: str, colour_test: object) -> None:
    image = rgb_image(hc.render_board(mid_view()))
    kind = next(p.kind for p in mid_view().pieces if p.square == square)
    radius = hc.HERO_RADIUS if kind == "hero" else hc.ATTACKER_RADIUS
    assert colour_test(at(image, square, dy=0.2))  # type: ignore[operator]
    for dx, dy in ((radius - 0.02, 0), (-(radius - 0.02), 0), (0, radius - 0.02)):
        assert close(at(image, square, dx=dx, dy=dy), WHITE, 25), (square, dx, dy)


def test_last_move_squares_are_highlighted() -> None:
    image = rgb_image(hc.render_board(mid_view()))
    start, between, end = corner(image, "c5"), corner(image, "c6"), corner(image, "d6")
    for square, pixel in (("c5", start), ("c6", between), ("d6", end)):
        assert not close(pixel, plain(square), 6), square
        # tinted towards the highlight: more yellow (more red+green than blue) than the plain square
        assert pixel[2] < plain(square)[2] - 10, square
    # the end and start are marked more strongly than the squares in between
    assert end[2] < between[2] and start[2] < between[2]
    # squares off the path are untouched
    for square in ("b5", "e6", "d5", "c4", "h1"):
        assert close(corner(image, square), plain(square)), square


def test_last_move_path_and_captures_are_drawn() -> None:
    image = rgb_image(hc.render_board(mid_view()))
    # the arrow runs through c6 in the mover's colour
    assert is_red(at(image, "c6"))
    # captured squares are crossed out in near-black
    for square in ("e7", "d8"):
        assert close(at(image, square), INK, 40), square
    without = rgb_image(hc.render_board(mid_view(last_move=None)))
    assert close(at(without, "c6"), plain("c6"))
    assert close(at(without, "e7"), plain("e7"))


def test_no_last_move_means_no_highlight() -> None:
    image = rgb_image(hc.render_board(start_view()))
    for file in "abcdefghij":
        for rank in range(1, 11):
            square = f"{file}{rank}"
            assert close(corner(image, square), plain(square)), square
    # nothing on the board area is as yellow as a highlight
    board = image.crop((hc.MARGIN, hc.MARGIN, hc.WIDTH - hc.MARGIN, hc.BOARD_HEIGHT - hc.MARGIN))
    colours = {c for _, c in board.getcolors(1 << 20)}  # type: ignore[union-attr]
    yellowish = [c for c in colours if c[0] > 200 and c[1] > 170 and c[2] < 160]
    assert not yellowish
    assert HIGHLIGHT not in colours


def test_a_promotion_highlights_its_one_square() -> None:
    move = LastMoveView(seat=1, text="f6=H", path=("f6",), captured=())
    image = rgb_image(hc.render_board(mid_view(last_move=move)))
    assert corner(image, "f6")[2] < plain("f6")[2] - 10
    assert close(corner(image, "c5"), plain("c5"))


# --------------------------------------------------------------------------- status strip


def strip(image: Image.Image) -> Image.Image:
    return image.crop((0, hc.BOARD_HEIGHT, hc.WIDTH, hc.HEIGHT))


def test_status_strip_frames_the_seat_to_act() -> None:
    red_turn = strip(rgb_image(hc.render_board(start_view())))
    blue_turn = strip(rgb_image(hc.render_board(start_view().model_copy(update={"to_act": (1,)}))))
    # the frame sits on the outer edge of that seat's block
    y = 30
    assert is_red(red_turn.getpixel((hc.MARGIN - 13, y)))  # type: ignore[arg-type]
    assert not is_blue(red_turn.getpixel((hc.WIDTH - hc.MARGIN + 13, y)))  # type: ignore[arg-type]
    assert is_blue(blue_turn.getpixel((hc.WIDTH - hc.MARGIN + 13, y)))  # type: ignore[arg-type]
    assert not is_red(blue_turn.getpixel((hc.MARGIN - 13, y)))  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "result",
    [
        Result(winners=(0,), reason="heroes_cities.all_cities"),
        Result(winners=(1,), reason="heroes_cities.pieces"),
        Result(draw=True, reason="heroes_cities.quiet_moves"),
    ],
)
def test_finished_games_render(result: Result) -> None:
    data = hc.render_board(mid_view(result=result, to_act=()))
    assert rgb_image(data).size == (hc.WIDTH, hc.HEIGHT)
    assert data != hc.render_board(mid_view(to_act=()))


def test_labels_are_drawn_and_survive_any_text() -> None:
    view = mid_view()
    bare = hc.render_board(view)
    labels = BoardLabels(
        title="Helden & Steden",
        status="Zoë heeft één stad veroverd – de partij is geëindigd",
        seats=("Zoë", "名前 with a name far too long to fit into the strip 🎲"),
    )
    labelled = hc.render_board(view, labels=labels)
    assert labelled != bare
    assert rgb_image(labelled).size == (hc.WIDTH, hc.HEIGHT)
    # the board itself does not change with labels (compared before the palette is chosen)
    board = (0, 0, hc.WIDTH, hc.BOARD_HEIGHT)
    with_labels = hc.render_image(view, labels=labels).crop(board)
    assert with_labels.tobytes() == hc.render_image(view).crop(board).tobytes()
    # partial labels are fine
    assert hc.render_board(view, labels=BoardLabels(seats=("Anna",))) != bare


LONG_TITLE = "Heroes & Cities (Helden & Steden)"
LONG_RESULTS = (
    "Game over: alice wins. Pieces bob has left on the board: 1.",
    "Game over: bob wins. Both players have at most 2 pieces left (red 1, blue 2): cities red 3, "
    "blue 5; the most cities wins, equal is a draw.",
    "alice (red) is to move. · Clocks: alice 9:58, bob 10:00",
)


def words(text: str) -> list[str]:
    """The words of a text, phrase separators left out (a line break may drop one)."""
    return text.replace("·", " ").split()


def test_the_title_fits_whole_in_the_middle_of_the_strip() -> None:
    """"Heroes & Cities (Helden & Stede…" was cut; now it shrinks (or wraps) and fits."""
    for title in (LONG_TITLE, "Helden & Steden", "Heroes & Cities (Helden & Steden) — a friendly game among colleagues"):
        fitted = hc.fitted_title(title)
        assert words(" ".join(fitted.lines)) == words(title), fitted.lines
        assert fitted.width <= hc.CENTRE_WIDTH and len(fitted.lines) <= 2 and fitted.size >= 13
    assert hc.fitted_title(LONG_TITLE).lines == (LONG_TITLE,)  # one line, a little smaller


@pytest.mark.parametrize("status", LONG_RESULTS)
def test_the_result_fits_whole_under_the_strip(status: str) -> None:
    """"Game over: alice wins. bob has 1 pi…" was cut; now it wraps at phrase ends."""
    fitted = hc.fitted_status(status)
    assert words(" ".join(fitted.lines)) == words(status), fitted.lines
    assert fitted.width <= hc.WIDTH - 2 * hc.MARGIN and fitted.height <= hc.STATUS_ROW
    assert not any(line.endswith("…") for line in fitted.lines)


def _text_columns(image: Image.Image, box: tuple[int, int, int, int]) -> tuple[int, int] | None:
    """The leftmost and rightmost column in ``box`` with light (text) pixels, if any."""
    region = image.crop(box).convert("L").point(lambda v: 255 if v > 150 else 0)
    found = region.getbbox()
    return None if found is None else (box[0] + found[0], box[0] + found[2])


def test_long_title_and_result_are_drawn_inside_their_room() -> None:
    view = mid_view(result=Result(winners=(0,), reason="heroes_cities.all_cities"), to_act=())
    labels = BoardLabels(title=LONG_TITLE, status=LONG_RESULTS[1], seats=("alice", "bob"))
    image = hc.render_image(view, labels=labels)
    left, right = (hc.WIDTH - hc.CENTRE_WIDTH) // 2, (hc.WIDTH + hc.CENTRE_WIDTH) // 2
    # the title's pixels stay between the seat blocks (whose frames stand at left - 8, right + 8)
    title = _text_columns(image, (left - 7, hc.BOARD_HEIGHT + 4, right + 7, hc.BOARD_HEIGHT + 30))
    assert title is not None and left <= title[0] and title[1] <= right, title
    # the result takes two lines inside the margins
    row = (0, hc.BOARD_HEIGHT + hc.STRIP, hc.WIDTH, hc.HEIGHT)
    status = _text_columns(image, row)
    assert status is not None and hc.MARGIN <= status[0] and status[1] <= hc.WIDTH - hc.MARGIN, status
    mid = (row[1] + row[3]) // 2
    assert _text_columns(image, (0, row[1], hc.WIDTH, mid)) and _text_columns(image, (0, mid, hc.WIDTH, row[3]))


def test_view_before_the_start_roll() -> None:
    view = start_view().model_copy(update={"to_act": (), "first_player": None})
    assert rgb_image(hc.render_board(view)).size == (hc.WIDTH, hc.HEIGHT)


def test_bad_squares_are_refused() -> None:
    view = start_view().model_copy(update={"pieces": (piece("k1", 0),)})
    with pytest.raises(ValueError):
        hc.render_board(view)


# --------------------------------------------------------------------------- the marks' legend


def test_every_mark_has_a_legend_word_in_english_and_dutch_and_an_icon() -> None:
    """Every mark the picture can draw (``hc.MARKS``) has a word in both languages: a new mark
    without one fails here."""
    from tests.render.legend import assert_every_mark_has_an_icon, assert_every_mark_has_words

    assert_every_mark_has_words("heroes_cities", hc.MARKS)
    assert_every_mark_has_an_icon(hc.MARKS, lambda mark: hc.legend_icon(mark, mid_view()))


def test_a_picture_explains_the_marks_it_draws_in_the_readers_language() -> None:
    from tests.render.legend import assert_pictures_explain_their_marks

    assert_pictures_explain_their_marks("heroes_cities", [start_view(), mid_view()], hc.render_image, hc.marks_shown,
                                        hc.MARKS, hc.legend_icon)


def test_the_legend_names_only_what_the_picture_draws() -> None:
    assert not {"move", "capture"} & set(hc.marks_shown(start_view()))
    assert {"move", "capture"} <= set(hc.marks_shown(mid_view()))


def test_a_long_player_name_is_shrunk_before_it_is_cut() -> None:
    """Player names are never cut to "Compute…" where there is room: a name runs from the seat's
    badge to the block's far edge, and shrinks before an ellipsis."""
    from render.common import fit_text, font

    room = 262 - (hc.MARGIN - 14) - 8 - 40 - 10 - 10
    assert fit_text("Computer (normal) 2", font(17), room - 58).endswith("…")  # the room it had before
    assert hc.fitted_name("Computer (normal) 2", room).lines == ("Computer (normal) 2",)
    fitted = hc.fitted_name("Anna-Maria van den Berg (NL)", room)
    assert fitted.lines == ("Anna-Maria van den Berg (NL)",) and fitted.size < 17
    image = rgb_image(hc.render_board(mid_view(), labels=BoardLabels(seats=("Computer (normal) 2", "Bob"))))
    assert image.size == (hc.WIDTH, hc.HEIGHT)
