"""The Militakiri board picture: valid, deterministic PNGs whose pixels say the right things.

Views are built by hand from the view model, so these tests do not need the engine.
"""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageChops

from engines.core.contract import Result
from engines.militakiri.view import (
    EndgameView,
    LastMoveView,
    LostView,
    MilitakiriView,
    PawnView,
    PieceView,
    ReserveView,
    ShapeCountView,
)
from render import militakiri as mk
from render.common import (
    DARK_SQUARE,
    FILES,
    HIGHLIGHT,
    LIGHT_SQUARE,
    BoardLabels,
    blend,
    parse_square,
)

# --------------------------------------------------------------------------- views


def tower(square: str, owner: int, shape: str) -> PieceView:
    return PieceView(square=square, owner=owner, kind="tower", shape=shape, height=0, reach=0)  # type: ignore[arg-type]


def pawn(square: str, owner: int, shape: str) -> PieceView:
    return PieceView(
        square=square, owner=owner, kind="pawn", shape=shape, height=1,  # type: ignore[arg-type]
        stack=(PawnView(owner=owner, shape=shape),), reach=1,  # type: ignore[arg-type]
    )


def rank(square: str, *stack: tuple[int, str]) -> PieceView:
    """A stack of pawns given bottom to top as (owner, shape)."""
    pawns = tuple(PawnView(owner=o, shape=s) for o, s in stack)  # type: ignore[arg-type]
    top = pawns[-1]
    return PieceView(
        square=square, owner=top.owner, kind="rank" if len(pawns) > 1 else "pawn", shape=top.shape,
        height=len(pawns), stack=pawns, reach=len(pawns),
    )


def zones(files: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    letters = FILES[:files]
    red = tuple(f"{f}{r}" for r in (1, 2, 3) for f in letters)
    blue = tuple(f"{f}{r}" for r in (12, 11, 10) for f in letters)
    return red, blue


def setup_pieces(files: int, seat: int, towers: dict[int, tuple[int, ...]]) -> list[PieceView]:
    """A start setup: star row first, then cross and plus alternating; ``towers`` maps the
    row (1-3) to the files of its towers."""
    rows = (1, 2, 3) if seat == 0 else (12, 11, 10)
    pieces = []
    for row_index, row in enumerate(rows, start=1):
        for file in range(files):
            square = f"{FILES[file]}{row}"
            if row_index == 1:
                shape = "star"
            else:
                shape = "cross" if (file + row_index) % 2 == 0 else "plus"
            tower_shape = {1: "star", 2: "cross", 3: "plus"}[row_index]
            if file in towers.get(row_index, ()):
                pieces.append(tower(square, seat, tower_shape))
            else:
                pieces.append(pawn(square, seat, shape))
    return pieces


def start_view(board: str = "single", **changes: object) -> MilitakiriView:
    files = 6 if board == "single" else 12
    if board == "single":
        red_towers = {1: (2,), 2: (3,), 3: (1,)}
        blue_towers = {1: (3,), 2: (0,), 3: (4,)}
        reserves = ReserveView(star=1, cross=2, plus=2)
    else:
        red_towers = {1: (2, 8), 2: (4, 10), 3: (1, 6)}
        blue_towers = {1: (3, 9), 2: (0, 6), 3: (4, 11)}
        reserves = ReserveView(star=2, cross=4, plus=4)
    pieces = setup_pieces(files, 0, red_towers) + setup_pieces(files, 1, blue_towers)
    view = MilitakiriView(
        viewer=None,
        board=board,  # type: ignore[arg-type]
        files=files,
        ranks=12,
        phase="play",
        pieces=tuple(pieces),
        setup_zones=zones(files),
        setup_done=(True, True),
        reserves=(reserves, reserves),
        pending=((), ()),
        to_act=(0,),
        first_player=0,
        turn=0,
        quiet_moves=0,
    )
    return view.model_copy(update=changes)


def mid_view(**changes: object) -> MilitakiriView:
    """A single board in play: ranks of 2-4 mixed pawns, a placed reserve tower, blue to move
    after red's capture c5xd6 that made a rank of 2 (blue plus under a red cross)."""
    pieces = (
        tower("c1", 0, "star"),
        tower("d2", 0, "cross"),
        tower("a3", 0, "plus"),  # a reserve tower placed earlier
        pawn("a1", 0, "star"),
        pawn("b1", 0, "star"),
        pawn("e1", 0, "star"),
        pawn("b2", 0, "plus"),
        pawn("f3", 0, "cross"),
        rank("d6", (1, "plus"), (0, "cross")),
        rank("b7", (1, "star"), (0, "plus"), (1, "cross")),
        rank("e8", (0, "cross"), (1, "plus"), (0, "star"), (1, "star")),
        rank("c4", (0, "plus"), (0, "star")),
        pawn("e5", 1, "cross"),
        pawn("f9", 1, "plus"),
        tower("d12", 1, "star"),
        tower("a11", 1, "cross"),
        tower("e9", 1, "plus"),
        pawn("a12", 1, "star"),
        pawn("c12", 1, "star"),
        pawn("b11", 1, "plus"),
        pawn("c10", 1, "cross"),
    )
    view = start_view(
        pieces=pieces,
        reserves=(ReserveView(star=1, cross=2, plus=1), ReserveView(star=1, cross=1, plus=2)),
        to_act=(1,),
        turn=23,
        quiet_moves=0,
        last_move=LastMoveView(seat=0, kind="capture", text="c5xd6", frm="c5", to="d6", capture=True),
    )
    return view.model_copy(update=changes)


def double_mid_view(**changes: object) -> MilitakiriView:
    """The double board late in the game: the endgame rule active, pending towers for blue."""
    pieces = (
        tower("g1", 0, "star"),
        tower("c7", 0, "cross"),
        rank("h6", (1, "cross"), (0, "plus"), (0, "plus")),
        rank("k9", (0, "star"), (1, "star")),
        pawn("d4", 0, "plus"),
        tower("j12", 1, "star"),
        rank("b10", (0, "star"), (1, "cross"), (0, "plus"), (1, "star")),
        pawn("f8", 1, "cross"),
    )
    view = start_view(
        "double",
        pieces=pieces,
        reserves=(ReserveView(star=0, cross=1, plus=0), ReserveView(star=0, cross=0, plus=0)),
        pending=((), ("cross", "plus")),
        endgame=EndgameView(lone=(1,), limit=100, moves_left=(62, 63)),
        to_act=(0,),
        turn=181,
        last_move=LastMoveView(seat=1, kind="move", text="j9-j12", frm="j9", to="j12"),
    )
    return view.model_copy(update=changes)


def mk_reserve(star: int, cross: int, plus: int) -> ReserveView:
    return ReserveView(star=star, cross=cross, plus=plus)


# --------------------------------------------------------------------------- pixels helpers


def rgb_image(data: bytes) -> Image.Image:
    return Image.open(io.BytesIO(data)).convert("RGB")


def geo_of(view: MilitakiriView):  # type: ignore[no-untyped-def]
    return mk.layout(view.files, view.ranks).geo


def at(image: Image.Image, view: MilitakiriView, square: str, dx: float = 0.0, dy: float = 0.0) -> tuple[int, int, int]:
    """The pixel at the centre of ``square`` moved by (dx, dy) fractions of a square."""
    geo = geo_of(view)
    x, y = geo.centre(*parse_square(square))
    return image.getpixel((round(x + dx * geo.cell), round(y + dy * geo.cell)))  # type: ignore[return-value]


def corner(image: Image.Image, view: MilitakiriView, square: str) -> tuple[int, int, int]:
    """A pixel just inside the top-left corner of ``square`` (outside any piece)."""
    x0, y0, _, _ = geo_of(view).box(*parse_square(square))
    return image.getpixel((x0 + 2, y0 + 2))  # type: ignore[return-value]


def inner_corner(image: Image.Image, view: MilitakiriView, square: str) -> tuple[int, int, int]:
    """A pixel a little further in from the top-left corner (inside reach corner marks)."""
    x0, y0, _, _ = geo_of(view).box(*parse_square(square))
    return image.getpixel((x0 + 4, y0 + 4))  # type: ignore[return-value]


def plain(square: str) -> tuple[int, int, int]:
    file, rank_ = parse_square(square)
    return DARK_SQUARE if (file + rank_) % 2 == 0 else LIGHT_SQUARE


def zone_plain(square: str, seat: int) -> tuple[int, int, int]:
    return blend(plain(square), mk.SEATS[seat].light, mk.ZONE_TINT)


def is_red(c: tuple[int, int, int]) -> bool:
    return c[0] > 150 and c[0] > c[1] + 80 and c[0] > c[2] + 80


def is_blue(c: tuple[int, int, int]) -> bool:
    return c[2] > 120 and c[2] > c[0] + 60 and c[2] > c[1] + 30


def close(a: tuple[int, ...], b: tuple[int, ...], tolerance: int = 3) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a, b, strict=True))


def size_of(view: MilitakiriView) -> tuple[int, int]:
    lay = mk.layout(view.files, view.ranks)
    return lay.width, lay.height


# --------------------------------------------------------------------------- the file


@pytest.mark.parametrize(("board", "size"), [("single", (636, 780)), ("double", (828, 612))])
def test_output_is_a_png_of_the_board_size(board: str, size: tuple[int, int]) -> None:
    view = start_view(board)
    data = mk.render_board(view)
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    with Image.open(io.BytesIO(data)) as image:
        assert image.format == "PNG"
        assert image.size == size_of(view) == size
        assert max(size) <= 830
        assert image.mode == "P"
        image.verify()


def test_same_view_gives_same_bytes() -> None:
    labels = BoardLabels(title="Militakiri", status="Bram is aan zet", seats=("Anna", "Bram"))
    first = mk.render_board(mid_view(), labels=labels)
    assert mk.render_board(mid_view(), labels=labels) == first
    # also when every sprite is drawn afresh (cold caches)
    for name in dir(mk):
        function = getattr(mk, name)
        if callable(function) and hasattr(function, "cache_clear"):
            function.cache_clear()
    assert mk.render_board(mid_view(), labels=labels) == first
    assert mk.render_board(double_mid_view()) == mk.render_board(double_mid_view())


def test_different_views_give_different_pictures() -> None:
    assert mk.render_board(start_view()) != mk.render_board(mid_view())
    assert mk.render_board(mid_view()) != mk.render_board(mid_view(turn=24))
    reserves = (mk_reserve(0, 2, 1), mid_view().reserves[1])
    assert mk.render_board(mid_view()) != mk.render_board(mid_view(reserves=reserves))
    assert mk.render_board(double_mid_view()) != mk.render_board(
        double_mid_view(endgame=EndgameView(lone=(1,), limit=100, moves_left=(61, 63)))
    )


# --------------------------------------------------------------------------- pieces


def test_pieces_show_their_owners_colour() -> None:
    view = start_view()
    image = rgb_image(mk.render_board(view))
    # on a coin face, beside the white symbol; on a tower's wall beside its symbol
    for square in ("a1", "b2", "a3"):
        assert is_red(at(image, view, square, dx=0.18, dy=-0.2)), square
    for square in ("a12", "b11", "a10"):
        assert is_blue(at(image, view, square, dx=0.18, dy=-0.2)), square
    for square in ("c1", "d2"):  # red towers: the wall left of the symbol
        assert is_red(at(image, view, square, dx=-0.16, dy=-0.06)), square
    for square in ("d12", "a11"):
        assert is_blue(at(image, view, square, dx=-0.16, dy=-0.06)), square
    # the empty middle of the board stays plain
    assert close(at(image, view, "c6"), plain("c6"))


def test_shapes_draw_their_symbols() -> None:
    view = start_view().model_copy(update={"pieces": (pawn("b2", 0, "plus"), pawn("d2", 0, "cross"), pawn("f2", 0, "star"))})
    image = rgb_image(mk.render_board(view))
    lift = mk.COIN_THICK / 2  # a lone pawn's face sits half a band above the centre

    # the plus has arms straight out, the cross diagonally, the star both ways
    def arm(square: str, dx: float, dy: float) -> bool:
        return min(at(image, view, square, dx=dx, dy=dy - lift)) > 225

    assert arm("b2", 0.14, 0) and not arm("b2", 0.1, 0.1)
    assert arm("d2", 0.1, 0.1) and not arm("d2", 0.14, 0)
    assert arm("f2", 0.14, 0) and arm("f2", 0.1, 0.1)


def test_a_rank_shows_the_colours_of_its_pawns_bottom_to_top() -> None:
    view = mid_view()
    image = rgb_image(mk.render_board(view))
    geo = geo_of(view)
    x, y = geo.centre(*parse_square("d6"))
    cell, thick, radius = geo.cell, mk.COIN_THICK * geo.cell, mk.COIN_RADIUS * geo.cell
    # d6: blue plus below, red cross on top. The top coin's face sits one band above the
    # centre, its own side one band below that; the blue coin's side shows under it.
    assert is_red(image.getpixel((round(x - 0.2 * cell), round(y - thick))))  # type: ignore[arg-type]
    assert is_red(image.getpixel((round(x - 0.05 * cell), round(y + radius - thick / 2))))  # type: ignore[arg-type]
    assert is_blue(image.getpixel((round(x - 0.05 * cell), round(y + radius + thick / 2))))  # type: ignore[arg-type]
    # a height badge with a dark digit sits on a rank, none on a lone pawn
    def badge(square: str, lift: float) -> list[tuple[int, int, int]]:
        bx, by = geo.centre(*parse_square(square))
        bx, by = round(bx + 0.3 * cell), round(by - lift - 0.27 * cell)
        return list(image.crop((bx - 3, by - 4, bx + 4, by + 5)).get_flattened_data())  # type: ignore[arg-type]

    assert any(max(c) < 90 for c in badge("d6", thick / 2))  # the digit
    assert any(min(c) > 240 for c in badge("d6", thick / 2))  # the white badge
    assert not any(min(c) > 240 for c in badge("e5", 0))


def column(image: Image.Image, view: MilitakiriView, square: str) -> list[tuple[int, int, int]]:
    geo = geo_of(view)
    x, y = geo.centre(*parse_square(square))
    x = round(x - 0.05 * geo.cell)  # off the symbol's vertical arm
    return [image.getpixel((x, round(y + dy))) for dy in range(round(geo.cell * 0.49))]  # type: ignore[misc]


def runs(colours: list[tuple[int, int, int]]) -> list[str]:
    """The sequence of red / blue runs in a column of pixels."""
    out: list[str] = []
    for c in colours:
        name = "R" if is_red(c) else "B" if is_blue(c) else ""
        if name and (not out or out[-1] != name):
            out.append(name)
    return out


def test_stack_bands_follow_the_stack() -> None:
    view = mid_view()
    image = rgb_image(mk.render_board(view))
    # down from the centre: the top face, then the bands of the lower pawns top to bottom
    assert runs(column(image, view, "d6")) == ["R", "B"]  # blue plus, red cross on top
    assert runs(column(image, view, "b7")) == ["B", "R", "B"]  # blue, red, blue top
    assert runs(column(image, view, "e8")) == ["B", "R", "B", "R"]  # red, blue, red, blue top
    assert runs(column(image, view, "c4")) == ["R"]  # all red
    assert runs(column(image, view, "e5")) == ["B"]


@pytest.mark.parametrize("height", [2, 3, 4])
def test_taller_ranks_stand_higher(height: int) -> None:
    """The top face rises one band per pawn: its top edge is higher for each height."""
    stack = [(0, "plus")] * height
    view = start_view(pieces=(rank("c6", *stack), pawn("d6", 0, "plus")))
    image = rgb_image(mk.render_board(view))
    geo = geo_of(view)

    def top_edge(square: str) -> int:
        x, y = geo.centre(*parse_square(square))
        for yy in range(round(y - geo.cell / 2), round(y)):
            if is_red(image.getpixel((round(x - 0.2 * geo.cell), yy))):  # type: ignore[arg-type]
                return yy
        raise AssertionError(square)

    lift = top_edge("d6") - top_edge("c6")
    expected = (height - 1) / 2 * mk.COIN_THICK * geo.cell
    assert abs(lift - expected) <= 2


# --------------------------------------------------------------------------- squares


def test_setup_zones_are_tinted_per_seat() -> None:
    view = start_view().model_copy(update={"pieces": ()})
    image = rgb_image(mk.render_board(view))
    for square in ("a1", "f3", "c2"):
        assert close(corner(image, view, square), zone_plain(square, 0)), square
        assert corner(image, view, square)[0] > corner(image, view, square)[2] + 20  # reddish
    for square in ("a12", "f10", "c11"):
        assert close(corner(image, view, square), zone_plain(square, 1)), square
    for square in ("a4", "f9", "c6"):
        assert close(corner(image, view, square), plain(square)), square


def test_last_move_squares_are_highlighted() -> None:
    view = mid_view()
    image = rgb_image(mk.render_board(view))
    start, end = corner(image, view, "c5"), corner(image, view, "d6")
    for square, pixel in (("c5", start), ("d6", end)):
        assert not close(pixel, plain(square), 6), square
        assert pixel[2] < plain(square)[2] - 40, square  # towards the yellow
    assert close(end, blend(plain("d6"), HIGHLIGHT, mk.TO_TINT))
    for square in ("b5", "c6", "d4", "e6", "c7", "a9"):
        assert close(corner(image, view, square), plain(square)), square
    # the arrow leaves c5 in red towards d6; a capture burst sits in d6's lower right corner
    assert is_red(at(image, view, "c5", dx=0.3, dy=-0.3))
    burst = at(image, view, "d6", dx=0.31, dy=0.31)  # away from the arrow coming from c5
    assert close(burst, (0xF2, 0xC2, 0x30), 60) or min(burst) < 60
    without = rgb_image(mk.render_board(mid_view(last_move=None)))
    assert close(corner(without, view, "c5"), plain("c5"))
    assert close(at(without, view, "c5", dx=0.3, dy=-0.3), plain("c5"))


def test_a_placement_is_marked() -> None:
    move = LastMoveView(seat=0, kind="place", text="T@a3", placement="a3")
    view = mid_view(last_move=move)
    image = rgb_image(mk.render_board(view))
    x0, y0, _, _ = geo_of(view).box(*parse_square("a3"))
    frame = image.getpixel((x0 + geo_of(view).cell // 2, y0 + 2))
    assert frame[0] > 200 and frame[1] > 150 and frame[2] < 120, frame  # type: ignore[index]


def test_highlights_are_marked() -> None:
    view = mid_view(highlights=("c3", "d4", "c2", "d5", "f6"), last_move=None)
    image = rgb_image(mk.render_board(view))
    for square in ("c3", "d4", "c2", "d5", "f6"):
        pixel = corner(image, view, square)
        base = zone_plain(square, 0) if square in ("c3", "c2") else plain(square)
        assert not close(pixel, base, 10), square
        assert pixel[1] > pixel[0], square  # towards the teal
    # empty squares get a dark dot in the middle
    for square in ("c3", "d5", "f6"):
        c = at(image, view, square)
        assert c[1] > c[0] + 20 and max(c) < 140, (square, c)
    for square in ("c5", "e6", "b4"):
        assert close(corner(image, view, square), plain(square)), square


def test_placement_squares_show_a_faint_tower() -> None:
    view = mid_view(placing=True, placement_squares=("e12", "f12"), pending=((), ("plus",)))
    image = rgb_image(mk.render_board(view))
    unmarked = rgb_image(mk.render_board(mid_view(pending=((), ("plus",)))))
    for square in ("e12", "f12"):
        # blue is to act: a faint blue tower, bluer than the zone's square but not solid blue
        pixel = at(image, view, square, dx=-0.16, dy=-0.06)
        base = zone_plain(square, 1)
        assert pixel[2] - pixel[0] > base[2] - base[0] + 15, (square, pixel)
        assert sum(pixel) > sum(mk.SEATS[1].fill) + 100, (square, pixel)  # paler than a real tower
        assert close(at(unmarked, view, square, dx=-0.16, dy=-0.06), base)
    assert close(at(image, view, "b12", dx=-0.16, dy=-0.06), zone_plain("b12", 1))


# --------------------------------------------------------------------------- panel


def panel(image: Image.Image, view: MilitakiriView) -> Image.Image:
    lay = mk.layout(view.files, view.ranks)
    return image.crop((lay.panel_left, 0, lay.width, lay.height))


def test_panel_frames_the_seat_to_act() -> None:
    red_turn = rgb_image(mk.render_board(start_view()))
    blue_turn = rgb_image(mk.render_board(start_view(to_act=(1,))))
    lay = mk.layout(6, 12)
    x = lay.panel_left + 1
    top_y = lay.geo.top + 20  # blue's block
    bottom_y = lay.geo.bottom - 20  # red's block
    assert is_red(red_turn.getpixel((x, bottom_y)))  # type: ignore[arg-type]
    assert not is_blue(red_turn.getpixel((x, top_y)))  # type: ignore[arg-type]
    assert is_blue(blue_turn.getpixel((x, top_y)))  # type: ignore[arg-type]
    assert not is_red(blue_turn.getpixel((x, bottom_y)))  # type: ignore[arg-type]


def test_panel_shows_reserves_pending_and_endgame() -> None:
    view = double_mid_view()
    base = panel(rgb_image(mk.render_board(view)), view)
    for changed in (
        double_mid_view(pending=((), ("cross",))),
        double_mid_view(endgame=None),
        double_mid_view(reserves=(mk_reserve(1, 1, 0), view.reserves[1])),
    ):
        assert panel(rgb_image(mk.render_board(changed)), changed).tobytes() != base.tobytes()


def test_setup_phase_shows_who_has_chosen() -> None:
    view = start_view(
        phase="setup",
        viewer=0,
        pieces=tuple(p for p in start_view().pieces if p.owner == 0),
        setup_done=(True, False),
        setup_choice=("c1", "d2", "b3"),
        to_act=(1,),
    )
    data = mk.render_board(view)
    assert rgb_image(data).size == size_of(view)
    assert data != mk.render_board(view.model_copy(update={"setup_done": (True, True)}))


@pytest.mark.parametrize(
    "result",
    [
        Result(winners=(0,), reason="militakiri.towers"),
        Result(winners=(1,), reason="core.timeout"),
        Result(draw=True, reason="militakiri.endgame_moves"),
    ],
)
def test_finished_games_render(result: Result) -> None:
    view = mid_view(result=result, to_act=())
    data = mk.render_board(view)
    assert rgb_image(data).size == size_of(view)
    assert data != mk.render_board(mid_view(to_act=()))
    if not result.draw:
        # the winner's block is framed in gold
        lay = mk.layout(6, 12)
        y = lay.geo.bottom - 20 if result.winners == (0,) else lay.geo.top + 20
        pixel = rgb_image(data).getpixel((lay.panel_left + 1, y))
        assert pixel[0] > 200 and pixel[1] > 150 and pixel[2] < 100, pixel  # type: ignore[index]


def test_labels_are_drawn_and_survive_any_text() -> None:
    view = mid_view()
    bare = mk.render_board(view)
    labels = BoardLabels(
        title="Militakiri",
        status="Zoë heeft één toren geplaatst – de partij gaat verder en dit is een lange regel tekst " * 3,
        seats=("Zoë", "名前 with a name far too long to fit into the panel 🎲"),
    )
    labelled = mk.render_board(view, labels=labels)
    assert labelled != bare
    assert rgb_image(labelled).size == size_of(view)
    # the board itself does not change with labels
    lay = mk.layout(6, 12)
    board = (0, 0, lay.panel_left - 4, lay.height)
    with_labels = mk.render_image(view, labels=labels).crop(board)
    assert with_labels.tobytes() == mk.render_image(view).crop(board).tobytes()
    assert mk.render_board(view, labels=BoardLabels(seats=("Anna",))) != bare


def lost(towers: tuple[int, int, int] = (0, 0, 0), pawns: tuple[int, int, int] = (0, 0, 0)) -> LostView:
    """Lost counts in the order plus, cross, star."""
    def counts(n: tuple[int, int, int]) -> ShapeCountView:
        return ShapeCountView(plus=n[0], cross=n[1], star=n[2])

    return LostView(towers=counts(towers), pawns=counts(pawns))


def _changed_rows(a: Image.Image, b: Image.Image) -> tuple[int, int, int, int] | None:
    return ImageChops.difference(a, b).getbbox()


@pytest.mark.parametrize("seat", [0, 1])
def test_lost_pieces_are_shown_in_their_seats_block(seat: int) -> None:
    """captured pieces are shown. The view's ``lost`` counts appear as crossed-out
    towers and pawns in the seat's own panel block, and nowhere else."""
    bare = mid_view()
    none_lost = (LostView(), LostView())
    some = lost(towers=(1, 0, 0), pawns=(0, 3, 2))
    view = mid_view(lost=tuple(some if s == seat else LostView() for s in (0, 1)))
    a, b = mk.render_image(bare.model_copy(update={"lost": none_lost})), mk.render_image(view)
    assert mk.render_image(bare).tobytes() == a.tobytes()  # nothing lost: no row
    lay = mk.layout(6, 12)
    # the seat's block (red's at the bottom, blue's at the top of the panel) as drawn now
    top, bottom = lay.geo.top - 16, lay.geo.bottom + 16
    height = mk._block_height(view, seat)
    block = (lay.panel_left, top, lay.width, top + height) if seat == 1 else (lay.panel_left, bottom - height, lay.width, bottom)
    other = (lay.panel_left, bottom - mk._block_height(view, 0), lay.width, bottom) if seat == 1 else (
        lay.panel_left, top, lay.width, top + mk._block_height(view, 1))
    assert height == mk._block_height(bare, seat) + 2 * mk.SMALL_ROW  # a tower row and a pawn row
    changed = _changed_rows(a.crop(block), b.crop(block))
    assert changed is not None
    assert _changed_rows(a.crop(other), b.crop(other)) is None
    assert _changed_rows(a.crop((0, 0, lay.panel_left, lay.height)), b.crop((0, 0, lay.panel_left, lay.height))) is None
    changed = (block[0] + changed[0], block[1] + changed[1], block[0] + changed[2], block[1] + changed[3])
    # one crossed-out icon per kind and shape with a count: a tower row and a pawn row
    assert [[(k, sh, n) for k, sh, n in row] for row in mk.lost_rows(some)] == [
        [("tower", "plus", 1)],
        [("pawn", "star", 2), ("pawn", "cross", 3)],
    ]
    colour = is_red if seat == 0 else is_blue
    seat_pixels = [c for c in b.crop(changed).get_flattened_data() if colour(c)]  # type: ignore[arg-type]
    assert len(seat_pixels) > 3 * 40  # three icons in the seat's colour


def test_lost_pieces_from_the_engine_reach_the_picture() -> None:
    from engines.registry import get_engine

    engine = get_engine("militakiri")
    state = engine.setup(2, {})
    for text in ("towers a1 c2 e3", "towers f12 d11 b10"):
        state = engine.apply(state, min(engine.to_act(state)), engine.parse_move(text, state, min(engine.to_act(state))))
    view = engine.view(state, None)
    assert view.lost == (LostView(), LostView())
    # take blue's tower away by hand: the view counts it lost and the picture shows it
    board = list(state.board)
    board[state.geometry.index("f12")] = ""
    taken = engine.view(state.model_copy(update={"board": tuple(board)}), None)
    assert taken.lost[1] == lost(towers=(0, 0, 1))
    assert mk.render_board(taken) != mk.render_board(view.model_copy(update={"pieces": taken.pieces}))


STATUS = "alice (red) is to move. · Clocks: alice 9:58, bob 10:00"


@pytest.mark.parametrize("board", ["single", "double"])
def test_the_status_breaks_between_phrases_and_the_title_fits(board: str) -> None:
    """the status line does not wrap mid-phrase ("... · Clocks:" / "alice 9:58, ...")."""
    lay = mk.layout(6 if board == "single" else 12, 12)
    width = lay.panel_right - lay.panel_left - 8
    fitted = mk.fitted_status(STATUS, width, room=200)
    assert fitted.lines == ("alice (red) is to move.", "Clocks: alice 9:58, bob 10:00"), fitted.lines
    assert fitted.width <= width
    result = "Game over: alice wins. bob has no tower left on the board."
    ended = mk.fitted_status(result, width, room=200)
    assert ended.lines[0] == "Game over: alice wins." and " ".join(ended.lines) == result
    title = mk.fitted_title("Militakiri", width)
    assert title.lines == ("Militakiri",) and title.size == 18


def test_view_before_the_start_roll() -> None:
    view = start_view(phase="roll", to_act=(), first_player=None)
    assert rgb_image(mk.render_board(view)).size == size_of(view)


@pytest.mark.parametrize("square", ["g1", "a13", "z9", "11"])
def test_bad_squares_are_refused(square: str) -> None:
    view = start_view().model_copy(update={"pieces": (pawn(square, 0, "plus"),)})
    with pytest.raises(ValueError):
        mk.render_board(view)


def test_a_rank_exchanged_for_a_tower_is_marked() -> None:
    """A rank that reached its maximum left the board: a tower on a gold disc where it stood."""
    move = LastMoveView(seat=1, kind="capture", text="h5xj3", frm="h5", to="j3", capture=True, promotion="star")
    single = move.model_copy(update={"frm": "c7", "to": "c5", "text": "c7xc5"})
    for view in (double_mid_view(last_move=move, pending=((), ("star",))), mid_view(last_move=single)):
        image = rgb_image(mk.render_board(view))
        square = view.last_move.to  # type: ignore[union-attr]
        gold = at(image, view, square, dx=0.22)
        assert gold[0] > 200 and gold[1] > 150 and gold[2] < 100, gold
        assert is_blue(at(image, view, square, dx=-0.04, dy=-0.12))  # the tower's wall


def test_moves_with_a_placement_and_passes_render() -> None:
    both = LastMoveView(seat=0, kind="move", text="T@a3 b2-b3", frm="b2", to="b3", placement="a3")
    for move in (both, LastMoveView(seat=1, kind="pass", text="pass")):
        view = mid_view(last_move=move)
        assert rgb_image(mk.render_board(view)).size == size_of(view)
    image = rgb_image(mk.render_board(mid_view(last_move=both)))
    for square in ("b2", "b3", "a3"):
        assert corner(image, mid_view(), square)[2] < zone_plain(square, 0)[2] - 30, square


# --------------------------------------------------------------------------- the marks' legend


def legend_views() -> list[MilitakiriView]:
    """Views that together draw every mark of ``mk.MARKS``."""
    promoted = LastMoveView(seat=1, kind="capture", text="h5xj3", frm="h5", to="j3", capture=True, promotion="star")
    placed = LastMoveView(seat=0, kind="move", text="T@a3 b2-b3", frm="b2", to="b3", placement="a3")
    return [
        mid_view(highlights=("c3", "d4"), lost=(lost(pawns=(1, 0, 0)), LostView())),
        mid_view(last_move=placed, placing=True, placement_squares=("e12", "f12"), pending=((), ("plus",))),
        double_mid_view(last_move=promoted, pending=((), ("star",))),
        start_view(phase="setup", setup_done=(True, False), to_act=(1,)),
    ]


def test_every_mark_has_a_legend_word_in_english_and_dutch_and_an_icon() -> None:
    """Every mark the picture can draw (``mk.MARKS``) has a word in both languages: a new mark
    without one fails here."""
    from tests.render.legend import assert_every_mark_has_an_icon, assert_every_mark_has_words

    assert_every_mark_has_words("militakiri", mk.MARKS)
    view = legend_views()[0]
    assert_every_mark_has_an_icon(mk.MARKS, lambda mark: mk.legend_icon(mark, view))


def test_a_picture_explains_the_marks_it_draws_in_the_readers_language() -> None:
    from tests.render.legend import assert_pictures_explain_their_marks

    assert_pictures_explain_their_marks("militakiri", legend_views(), mk.render_image, mk.marks_shown, mk.MARKS,
                                        mk.legend_icon)


def test_the_legend_names_only_what_the_picture_draws() -> None:
    shown = set(mk.marks_shown(start_view()))
    assert {"pawn", "tower", "setup_zone", "turn", "reserve"} <= shown
    assert not {"move", "capture", "rank", "reach", "placement", "pending", "endgame", "lost", "ready"} & shown
    assert {"move", "capture", "rank"} <= set(mk.marks_shown(mid_view()))


def test_a_long_player_name_shrinks_then_wraps_before_it_is_cut() -> None:
    """Player names are never cut to "Compute…" where there is room."""
    from render.common import fit_text, font

    lay = mk.layout(6, 12)
    width = lay.panel_right - lay.panel_left - 2 * mk.BLOCK_PAD - 6 - 32 - 8  # right of the seat's coin
    assert fit_text("Computer (normal) 2", font(17), width).endswith("…")  # what the panel drew before
    assert mk.fitted_name("Computer (normal) 2", width).lines == ("Computer (normal) 2",)
    for room in (width, width - 28):  # in play; during the setup, beside the hourglass
        for name in ("Computer (normal) 2", "AVeryLongDiscordNameOf32Chars_xy"):
            fitted = mk.fitted_name(name, room)
            assert len(fitted.lines) <= 2 and "".join(fitted.lines).replace(" ", "") == name.replace(" ", "")
