"""The Masters Victory board picture: valid, deterministic PNGs that show exactly what the view holds.

Views are built by hand from the view models (no engine needed). The hidden-information
tests build "real" positions with every back-number and then mask them the way the view
contract says (numbers only on the viewer's own pieces), so they check that whatever the
real numbers are, a piece without a number in the view looks the same.
"""

from __future__ import annotations

import ast
import io
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from engines.core.contract import Result
from engines.masters_victory.view import (
    ActionView,
    ArtilleryZoneView,
    EliminatedView,
    MastersVictoryView,
    PieceView,
    StartPlaceView,
    TurnView,
    ZonesView,
    square_coords,
    square_name,
)
from render import masters_victory as mv
from render.common import DARK_SQUARE, HIGHLIGHT, INK, LIGHT_SQUARE, BoardLabels

HEIGHTS = {"fighter": 5, "bomber": 4, "tank": 3, "soldier": 2, "artillery": 1}
MIRROR = dict(zip("abcdefghijklmnopqr", "rqponmlkjihgfedcba", strict=True))
BUNKERS = ("f2", "f3", "f9", "f10", "m2", "m3", "m9", "m10")
MINES = ("i5", "i6", "i7", "j5", "j6", "j7", "h1", "k11")
NUMBERED = ("fighter", "tank", "soldier")
NUMBERS = ((1, False), (1, False), (2, False), (2, False), (3, False), (3, True))


def mirror(square: str) -> str:
    return MIRROR[square[0]] + square[1:]


def south_places() -> list[tuple[str, str]]:
    """Seat 0's 25 start places as (kind, square); seat 1's are mirrored (row a <-> r)."""
    places = [("bomber", f"a{c}") for c in (2, 6, 10)]
    places += [("artillery", f"a{c}") for c in (1, 4, 8, 11)]
    places += [("fighter", f"b{c}") for c in (1, 3, 5, 7, 9, 11)]
    places += [("tank", f"c{c}") for c in (1, 3, 5, 7, 9, 11)]
    places += [("soldier", f"d{c}") for c in (2, 3, 5, 7, 9, 10)]
    return places


def zones() -> ZonesView:
    starts = tuple(
        StartPlaceView(square=sq if seat == 0 else mirror(sq), seat=seat, kind=kind)  # type: ignore[arg-type]
        for seat in (0, 1)
        for kind, sq in south_places()
    )
    return ZonesView(bunkers=BUNKERS, mines=MINES, start_places=starts)


Real = tuple[str, int, str, int | None, bool]
"""A piece as the referee knows it: (square, owner, kind, number, master)."""


def real_start(shift: int = 0) -> list[Real]:
    """Every piece on its start place with its true back-number; ``shift`` deals the numbers
    differently (another secret setup)."""
    pieces: list[Real] = []
    for seat in (0, 1):
        count: dict[str, int] = {}
        for kind, sq in south_places():
            square = sq if seat == 0 else mirror(sq)
            if kind in NUMBERED:
                index = count.get(kind, 0)
                count[kind] = index + 1
                number, master = NUMBERS[(index + shift) % len(NUMBERS)]
                pieces.append((square, seat, kind, number, master))
            else:
                pieces.append((square, seat, kind, None, False))
    return pieces


def masked(real: list[Real], viewer: int | None) -> tuple[PieceView, ...]:
    """The pieces as the view contract shows them to ``viewer``: numbers of own pieces only."""
    out = []
    for square, owner, kind, number, master in real:
        shown = owner == viewer and number is not None
        out.append(
            PieceView(
                square=square,
                owner=owner,
                kind=kind,  # type: ignore[arg-type]
                height=HEIGHTS[kind],
                number=number if shown else None,
                master=master if shown else None,
            )
        )
    return tuple(out)


def firing_zones(pieces: tuple[PieceView, ...], seat: int) -> tuple[ArtilleryZoneView, ...]:
    zones_ = []
    for p in pieces:
        if p.kind == "artillery" and p.owner == seat:
            row, col = square_coords(p.square)
            ahead = 1 if seat == 0 else -1
            squares = tuple(
                square_name(row + ahead * k, c)
                for k in (1, 2, 3)
                for c in (col - 1, col, col + 1)
                if 0 <= row + ahead * k < 18 and 0 <= c < 11
            )
            zones_.append(ArtilleryZoneView(artillery=p.square, squares=squares))
    return tuple(zones_)


def view_of(real: list[Real], viewer: int | None = None, **changes: object) -> MastersVictoryView:
    pieces = masked(real, viewer)
    view = MastersVictoryView(
        viewer=viewer,
        zones=zones(),
        pieces=pieces,
        eliminated=((), ()),
        masters_left=(3, 3),
        ready=(True, True),
        last_turn=(),
        current_turn=(),
        turn=TurnView(seat=0, number=1, moved=(), moves_left=3),
        artillery_zones=(),
        phase="play",
        to_act=(0,),
        first_player=0,
        quiet_turns=0,
        result=None,
    )
    return view.model_copy(update=changes)


def start_view(viewer: int | None = None, **changes: object) -> MastersVictoryView:
    return view_of(real_start(), viewer, **changes)


def elim(owner: int, kind: str, number: int | None = None, master: bool = False, switched: bool = False) -> EliminatedView:
    return EliminatedView(owner=owner, kind=kind, number=number, master=master, switched=switched)  # type: ignore[arg-type]


def mid_real() -> list[Real]:
    """A position after some play: pieces moved out, some gone."""
    moved = {"c1": "g2", "a8": "i4", "p5": "n4", "q7": "d7"}
    gone = {"d7", "o5", "b7", "c11", "o10"}
    real = []
    for square, owner, kind, number, master in real_start():
        if square in gone:
            continue
        real.append((moved.get(square, square), owner, kind, number, master))
    return real


LAST_TURN = (
    ActionView(seat=1, kind="move", text="p5-p4-o4-n4", path=("p5", "p4", "o4", "n4")),
    ActionView(
        seat=1, kind="attack", text="q7-d7xd7", path=tuple(f"{r}7" for r in "qponmlkjihgfed"), attack="d7",
        removed=(elim(0, "soldier", 2),), removed_squares=("d7",),
    ),
    ActionView(seat=1, kind="move", text="o5-n5-m5-l5", path=("o5", "n5", "m5", "l5")),
)
CURRENT_TURN = (
    ActionView(
        seat=0, kind="fire", text="h4-i4", path=("h4", "i4"),
        swept=tuple(f"{r}{c}" for r in "ijkl" for c in (3, 4, 5)),
        removed=(elim(1, "soldier", 3),), removed_squares=("l5",),
    ),
    ActionView(
        seat=0, kind="attack", text="c1-g1xg2", path=("c1", "d1", "e1", "f1", "g1", "g2"), attack="g2",
        removed=(elim(1, "soldier", 1),), removed_squares=("g2",),
    ),
)
ELIMINATED = (
    (elim(0, "fighter", 2), elim(0, "bomber"), elim(0, "tank", 3, True), elim(0, "soldier", 2)),
    (elim(1, "soldier", 3), elim(1, "soldier", 1, switched=True), elim(1, "tank", 1)),
)


def mid_view(viewer: int | None = None, **changes: object) -> MastersVictoryView:
    real = mid_real()
    pieces = masked(real, viewer)
    base = {
        "eliminated": ELIMINATED,
        "masters_left": (2, 3),
        "last_turn": LAST_TURN,
        "current_turn": CURRENT_TURN,
        "turn": TurnView(seat=0, number=24, moved=("i4", "g2"), moves_left=1, continuation="g2", steps_left=2),
        "artillery_zones": firing_zones(pieces, 0),
        "first_player": 1,
    }
    base.update(changes)
    return view_of(real, viewer, **base)


# --------------------------------------------------------------------------- pixel helpers


GEO = mv.geometry(18, 11)


def rgb_image(data: bytes) -> Image.Image:
    return Image.open(io.BytesIO(data)).convert("RGB")


def at(image: Image.Image, square: str, dx: float = 0.0, dy: float = 0.0) -> tuple[int, int, int]:
    """The pixel at the centre of ``square`` moved by (dx, dy) fractions of a square."""
    row, col = square_coords(square)
    x, y = GEO.centre(col, row)
    return image.getpixel((round(x + dx * GEO.cell), round(y + dy * GEO.cell)))  # type: ignore[return-value]


def corner(image: Image.Image, square: str) -> tuple[int, int, int]:
    """A pixel just inside the top-left corner of ``square`` (outside pieces and zone marks)."""
    row, col = square_coords(square)
    x0, y0, _, _ = GEO.box(col, row)
    return image.getpixel((x0 + 2, y0 + 2))  # type: ignore[return-value]


def square_box(square: str) -> tuple[int, int, int, int]:
    row, col = square_coords(square)
    return GEO.box(col, row)


def plain(square: str) -> tuple[int, int, int]:
    row, col = square_coords(square)
    return DARK_SQUARE if (row + col) % 2 == 0 else LIGHT_SQUARE


def close(a: tuple[int, ...], b: tuple[int, ...], tolerance: int = 3) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a, b, strict=True))


def is_red(c: tuple[int, int, int]) -> bool:
    return c[0] > 150 and c[0] > c[1] + 80 and c[0] > c[2] + 80


def is_green(c: tuple[int, int, int]) -> bool:
    return c[1] > 120 and c[1] > c[0] + 40 and c[1] > c[2] + 15


def pixels(image: Image.Image, box: tuple[float, float, float, float]) -> list[tuple[int, int, int]]:
    return list(image.crop(tuple(round(v) for v in box)).get_flattened_data())  # type: ignore[arg-type]


def changed_outside(a: Image.Image, b: Image.Image, allowed: list[tuple[int, int, int, int]]) -> tuple[int, ...] | None:
    """The bounding box of pixels that differ between ``a`` and ``b`` outside the ``allowed`` boxes."""
    diff = ImageChops.difference(a.convert("RGB"), b.convert("RGB")).convert("L").point(lambda v: 255 if v else 0)
    for box in allowed:
        diff.paste(0, box)
    return diff.getbbox()


BOARD = (0, 0, mv.BOARD_WIDTH, mv.HEIGHT)


# --------------------------------------------------------------------------- the file


def test_output_is_a_png_of_the_board_size() -> None:
    data = mv.render_board(start_view())
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    with Image.open(io.BytesIO(data)) as image:
        assert image.format == "PNG"
        assert image.size == (mv.WIDTH, mv.HEIGHT) == (860, 880)
        assert image.mode == "P"
        image.verify()


def test_the_board_fits_its_part_of_the_picture() -> None:
    assert GEO.files == 11 and GEO.ranks == 18
    assert GEO.left >= mv.MARGIN - 1 and GEO.right <= mv.BOARD_WIDTH - mv.MARGIN + 1
    assert GEO.top >= mv.MARGIN - 1 and GEO.bottom <= mv.HEIGHT - mv.MARGIN + 1
    # row a at the bottom, column 1 at the left
    assert GEO.box(0, 0)[1] > GEO.box(0, 17)[1] and GEO.box(0, 0)[0] < GEO.box(10, 0)[0]


def test_same_view_gives_same_bytes() -> None:
    labels = BoardLabels(title="Masters Victory", status="Anna is aan zet", seats=("Anna", "Bram"))
    first = mv.render_board(mid_view(0), labels=labels)
    assert mv.render_board(mid_view(0), labels=labels) == first
    for sprite in mv.SPRITES:
        sprite.cache_clear()  # type: ignore[attr-defined]
    assert mv.render_board(mid_view(0), labels=labels) == first
    assert mv.render_board(start_view()) == mv.render_board(start_view())


def test_different_views_give_different_pictures() -> None:
    assert mv.render_board(start_view()) != mv.render_board(mid_view())
    assert mv.render_board(mid_view()) != mv.render_board(mid_view(turn=TurnView(seat=0, number=25, moved=(), moves_left=3)))
    assert mv.render_board(mid_view()) != mv.render_board(mid_view(masters_left=(1, 3)))


def test_the_module_imports_only_what_a_renderer_may() -> None:
    tree = ast.parse(Path(mv.__file__).read_text(encoding="utf-8"))
    modules = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            modules.add(node.module)
        elif isinstance(node, ast.Import):
            modules.update(alias.name for alias in node.names)
    project = {m for m in modules if m.split(".")[0] in {"engines", "render", "bot"}}
    assert project <= {"engines.masters_victory.view", "engines.core.contract", "render.common", "render.board_layout"}, project


# --------------------------------------------------------------------------- the board


def test_zones_are_shaded() -> None:
    image = rgb_image(mv.render_board(start_view()))
    for square in BUNKERS:
        row, col = square_coords(square)
        assert close(corner(image, square), mv.BUNKER[(row + col) % 2], 3), square
        # the bunker wall: a darker frame inside the edge
        assert sum(at(image, square, dx=-0.36)) < sum(mv.BUNKER[1]) - 60, square
    for square in MINES:
        row, col = square_coords(square)
        assert close(corner(image, square), mv.MINE[(row + col) % 2], 3), square
        assert any(sum(c) < 400 for c in pixels(image, _quarter(square))), square  # the little mines
    for square in ("g4", "h6", "k2", "e11"):
        assert close(corner(image, square), plain(square)), square
        assert close(at(image, square), plain(square)), square


def _quarter(square: str) -> tuple[int, int, int, int]:
    x0, y0, x1, y1 = square_box(square)
    return (x0, y0, (x0 + x1) // 2, (y0 + y1) // 2)


def test_empty_start_places_show_a_faint_silhouette() -> None:
    real = [p for p in real_start() if p[0] not in ("c5", "q7", "a4")]
    image = rgb_image(mv.render_board(view_of(real)))
    for square in ("c5", "q7", "a4"):
        box = square_box(square)
        centre = pixels(image, (box[0] + 10, box[1] + 10, box[2] - 10, box[3] - 10))
        lighter = [c for c in centre if sum(c) > sum(plain(square)) + 15]
        assert lighter, square
        assert all(sum(c) < 3 * 255 - 10 for c in centre), square  # faint: never pure white
    # a plain empty square has none
    box = square_box("g6")
    assert all(close(c, plain("g6")) for c in pixels(image, box))


def test_pieces_show_their_owners_colour() -> None:
    image = rgb_image(mv.render_board(start_view()))
    for square, owner, kind, _, _ in real_start():
        # the block's lower left corner, beside the icon
        pixel = at(image, square, dx=-0.32, dy=0.37)
        assert (is_red if owner == 0 else is_green)(pixel), (square, kind, pixel)


def _block_top(image: Image.Image, square: str) -> int:
    """The first row from the top of ``square`` where the piece's block starts (left of the icon)."""
    row, col = square_coords(square)
    _, y0, _, y1 = GEO.box(col, row)
    x = round(GEO.centre(col, row)[0] - 0.3 * GEO.cell)
    for y in range(y0, y1):
        if not close(image.getpixel((x, y)), plain(square), 12):  # type: ignore[arg-type]
            return y - y0
    raise AssertionError(f"no piece on {square}")


def test_taller_pieces_are_drawn_taller() -> None:
    real: list[Real] = [
        ("g1", 0, "fighter", None, False),
        ("g3", 0, "bomber", None, False),
        ("g5", 0, "tank", None, False),
        ("g7", 0, "soldier", None, False),
        ("g9", 0, "artillery", None, False),
    ]
    image = rgb_image(mv.render_board(view_of(real)))
    tops = [_block_top(image, sq) for sq, *_ in real]
    assert tops == sorted(tops) and len(set(tops)) == 5, tops
    assert tops[-1] - tops[0] >= 0.3 * GEO.cell
    # the height comes from the view, not from the kind
    swapped = [PieceView(square="g1", owner=0, kind="fighter", height=1), PieceView(square="g9", owner=0, kind="artillery", height=5)]
    image = rgb_image(mv.render_board(view_of([]).model_copy(update={"pieces": tuple(swapped)})))
    assert _block_top(image, "g1") > _block_top(image, "g9")


def test_each_kind_has_its_own_icon() -> None:
    sprites = {mv.piece_sprite(0, kind, None, 46).tobytes() for kind in mv.KIND_ORDER}
    assert len(sprites) == 5


def _white_centroid(sprite: Image.Image) -> float:
    rgb = sprite.convert("RGB")
    ys = [y for y in range(rgb.height) for x in range(rgb.width) if min(rgb.getpixel((x, y))) > 230]  # type: ignore[arg-type]
    return sum(ys) / len(ys)


@pytest.mark.parametrize("kind", ["fighter", "bomber"])
def test_aircraft_point_at_the_enemy(kind: str) -> None:
    # a plane's wings sit behind its middle: pointing north (red) puts the icon's weight low,
    # pointing south (green) puts it high
    assert _white_centroid(mv.piece_sprite(0, kind, 5, 46)) > _white_centroid(mv.piece_sprite(1, kind, 5, 46)) + 1
    # ground units look the same way for both seats
    assert abs(_white_centroid(mv.piece_sprite(0, "tank", 3, 46)) - _white_centroid(mv.piece_sprite(1, "tank", 3, 46))) < 0.5


def test_last_actions_tint_their_squares() -> None:
    image = rgb_image(mv.render_board(mid_view()))
    # start, between and end of the green soldier's way o5-n5-m5-l5 (last turn)
    start, between, end = corner(image, "o5"), corner(image, "n5"), corner(image, "l5")
    for square, pixel in (("o5", start), ("n5", between), ("l5", end)):
        assert pixel[2] < plain(square)[2] - 10, square  # more yellow than plain
    assert end[2] < between[2] and start[2] < between[2]
    # the current turn's ways too
    for square in ("c1", "e1", "g2", "h4", "i4"):
        assert corner(image, square)[2] < plain(square)[2] - 10, square
    # squares off every way are untouched
    for square in ("g6", "e3", "h11", "e8"):
        assert close(corner(image, square), plain(square)), square


def test_no_actions_means_no_highlight() -> None:
    image = rgb_image(mv.render_board(start_view()))
    bunkers, mines = set(BUNKERS), set(MINES)
    for row in "abcdefghijklmnopqr":
        for col in range(1, 12):
            square = f"{row}{col}"
            if square not in bunkers and square not in mines:
                assert close(corner(image, square), plain(square)), square
    board = image.crop((GEO.left, GEO.top, GEO.right, GEO.bottom))
    colours = {c for _, c in board.getcolors(1 << 20)}  # type: ignore[union-attr]
    assert HIGHLIGHT not in colours


def test_the_way_is_an_arrow_in_the_movers_colour() -> None:
    image = rgb_image(mv.render_board(mid_view()))
    assert is_green(at(image, "j7"))  # the green fighter's long flight q7 -> d7 (over a mine)
    assert is_green(at(image, "n5"))
    assert is_red(at(image, "e1"))  # the red tank c1 -> g2
    bare = rgb_image(mv.render_board(mid_view(last_turn=(), current_turn=())))
    assert not is_green(at(bare, "j7")) and not is_red(at(bare, "e1"))


def test_removals_and_attacks_are_marked() -> None:
    image = rgb_image(mv.render_board(mid_view()))
    # l5: the green soldier the artillery removed; the square is empty now -> a crossed-out ghost
    assert close(at(image, "l5", dy=0.12), INK, 40)
    # g2 and d7: attacked, the attacker stands there -> an orange burst in the top-left corner
    for square in ("g2", "d7"):
        quarter = pixels(image, _quarter(square))
        assert any(c[0] > 200 and 100 < c[1] < 170 and c[2] < 90 for c in quarter), square
    bare = rgb_image(mv.render_board(mid_view(last_turn=(), current_turn=())))
    for square in ("g2", "d7"):
        quarter = pixels(bare, _quarter(square))
        assert not any(c[0] > 200 and 100 < c[1] < 170 and c[2] < 90 for c in quarter), square
    assert not close(at(bare, "l5", dy=0.12), INK, 40)


def test_swept_squares_are_hatched() -> None:
    image = rgb_image(mv.render_board(mid_view(artillery_zones=())))
    box = square_box("k3")
    colours = set(pixels(image, box))
    assert len(colours) > 3  # hatching, not one flat colour
    bare = rgb_image(mv.render_board(mid_view(artillery_zones=(), current_turn=())))
    assert len(set(pixels(bare, box))) == 1


def test_artillery_zones_of_the_side_to_move_are_washed() -> None:
    view = start_view()
    zones_ = firing_zones(view.pieces, 0)
    image = rgb_image(mv.render_board(view.model_copy(update={"artillery_zones": zones_})))
    plain_image = rgb_image(mv.render_board(view))
    for square in ("b2", "c2", "b4", "c4", "c5"):
        washed, bare = corner(image, square), corner(plain_image, square)
        assert washed != bare, square
        # towards red's light colour: redder than before
        assert washed[0] - washed[2] > bare[0] - bare[2], square
    assert close(corner(image, "e4"), plain("e4"))  # outside every zone


def test_triple_switch_and_continuation_are_marked() -> None:
    switch = ActionView(
        seat=1, kind="switch", text="switch a3 q5", removed=(elim(1, "soldier", 1, switched=True),),
        removed_squares=("a3",), placed=("q5",),
    )
    view = mid_view(last_turn=(*LAST_TURN, switch))
    image = rgb_image(mv.render_board(view))
    before = rgb_image(mv.render_board(mid_view()))
    assert image.crop(square_box("q5")).tobytes() != before.crop(square_box("q5")).tobytes()  # the ring
    assert image.crop(square_box("a3")).tobytes() != before.crop(square_box("a3")).tobytes()  # the ghost
    # the continuing tank on g2 gets gold corner brackets
    no_cont = mid_view(turn=TurnView(seat=0, number=24, moved=("i4", "g2"), moves_left=1))
    _, _, x1, y1 = square_box("g2")
    with_brackets = rgb_image(mv.render_board(mid_view()))
    without = rgb_image(mv.render_board(no_cont))
    assert with_brackets.getpixel((x1 - 3, y1 - 6)) != without.getpixel((x1 - 3, y1 - 6))


def test_bad_squares_are_refused() -> None:
    for square in ("s1", "a12", "a0", "11", "a"):
        view = start_view().model_copy(update={"pieces": (PieceView(square=square, owner=0, kind="tank", height=3),)})
        with pytest.raises(ValueError):
            mv.render_board(view)


# --------------------------------------------------------------------------- hidden information


def test_a_piece_without_a_number_looks_the_same_whatever_its_real_number() -> None:
    # two secret setups: every numbered piece holds another number
    one, other = real_start(0), real_start(3)
    assert [p[3:] for p in one] != [p[3:] for p in other]
    assert mv.render_board(view_of(one)) == mv.render_board(view_of(other))  # public
    # seat 0's private picture does not change with seat 1's numbers
    mixed = [p if p[1] == 0 else q for p, q in zip(one, other, strict=True)]
    assert mv.render_board(view_of(one, 0)) == mv.render_board(view_of(mixed, 0))
    # ... but it does with its own
    assert mv.render_board(view_of(one, 0)) != mv.render_board(view_of(other, 0))


def test_a_number_in_the_view_adds_a_badge_on_that_square_only() -> None:
    hidden = start_view(0)
    pieces = list(hidden.pieces)
    index = next(i for i, p in enumerate(pieces) if p.square == "c5")
    shown = pieces[index].model_copy(update={"number": 2, "master": False})
    hidden = hidden.model_copy(update={"pieces": tuple(p.model_copy(update={"number": None, "master": None}) if i == index else p for i, p in enumerate(pieces))})
    visible = hidden.model_copy(update={"pieces": tuple(shown if i == index else p for i, p in enumerate(pieces))})
    a, b = mv.render_image(hidden), mv.render_image(visible)
    assert a.tobytes() != b.tobytes()
    assert changed_outside(a, b, [square_box("c5")]) is None
    # the badge: a white disc at the block's top-right corner
    x0, y0, x1, _ = square_box("c5")
    badge_area = (x0 + GEO.cell // 2, y0, x1, y0 + GEO.cell // 2)
    def white(image: Image.Image) -> int:
        return sum(1 for c in pixels(image.convert("RGB"), badge_area) if min(c) > 235)

    assert white(b) > white(a) + 30  # the tank's own icon has some white there too


def test_a_master_gets_a_gold_badge() -> None:
    view = start_view(0)
    image = rgb_image(mv.render_board(view))
    master = next(p for p in view.pieces if p.master)
    x0, y0, x1, _ = square_box(master.square)
    area = pixels(image, (x0 + GEO.cell // 2, y0, x1, y0 + GEO.cell // 2))
    assert any(c[0] > 220 and 170 < c[1] < 210 and c[2] < 80 for c in area)  # GOLD
    plain_number = next(p for p in view.pieces if p.number == 3 and not p.master)
    x0, y0, x1, _ = square_box(plain_number.square)
    area = pixels(image, (x0 + GEO.cell // 2, y0, x1, y0 + GEO.cell // 2))
    assert not any(c[0] > 220 and 170 < c[1] < 210 and c[2] < 80 for c in area)


def without_numbers(view: MastersVictoryView) -> MastersVictoryView:
    """The same view with every back-number on the board taken away."""
    pieces = tuple(p.model_copy(update={"number": None, "master": None}) for p in view.pieces)
    return view.model_copy(update={"pieces": pieces})


def test_public_and_private_pictures_differ_only_where_numbers_are() -> None:
    for viewer in (0, 1):
        private = mid_view(viewer)
        geo = mv.geometry(18, 11, flipped=viewer == 1)
        # seat 0 sees the public orientation; seat 1 its own, so compare with the same view bare
        bare = mid_view(None) if viewer == 0 else without_numbers(private)
        a, b = mv.render_image(bare), mv.render_image(private)
        own = [geo.box(*reversed(square_coords(p.square))) for p in private.pieces if p.number is not None]
        assert own and all(p.owner == viewer for p in private.pieces if p.number is not None)
        board_a, board_b = a.crop(BOARD), b.crop(BOARD)
        assert changed_outside(board_a, board_b, own) is None, viewer
        # every own numbered piece got its badge
        for box in own:
            assert board_a.crop(box).tobytes() != board_b.crop(box).tobytes(), box
        if viewer == 0:
            # the panel differs only in the viewer's header (the eye)
            top = mv.seat_top(viewer)
            header = (mv.PANEL_LEFT, top, mv.WIDTH, top + 12 + mv.HEADER)
            assert changed_outside(a, b, [BOARD, header]) is None, viewer


def _green_rows(image: Image.Image) -> float:
    """The mean row of the green (seat 1) pixels on the board."""
    board = image.crop((GEO.left, GEO.top, GEO.right, GEO.bottom))
    rows = [i // board.width for i, c in enumerate(board.get_flattened_data()) if is_green(c)]  # type: ignore[arg-type]
    return sum(rows) / len(rows) / board.height


def test_each_player_sees_the_board_from_their_own_side() -> None:
    """seat 1's private picture is turned round: its pieces at the bottom, row a at the top."""
    public, south, north_ = (rgb_image(mv.render_board(start_view(v))) for v in (None, 0, 1))
    assert _green_rows(public) < 0.3 and _green_rows(south) < 0.3
    assert _green_rows(north_) > 0.7
    # the same square lands on the opposite corner
    flipped = mv.geometry(18, 11, flipped=True)
    assert flipped.box(0, 0) == GEO.box(10, 17) and flipped.box(10, 17) == GEO.box(0, 0)
    # seat 1's own numbered pieces (the badges) sit in the lower half of its picture
    view = start_view(1)
    numbered = [p for p in view.pieces if p.number is not None]
    assert numbered and all(flipped.centre(*reversed(square_coords(p.square)))[1] > mv.HEIGHT / 2 for p in numbered)
    # ... and its panel block with the eye at the bottom, the opponent's at the top
    assert mv.seat_top(1, bottom=1) > mv.HEIGHT / 2 > mv.seat_top(0, bottom=1)
    green_turn = start_view(1, to_act=(1,), turn=TurnView(seat=1, number=1, moved=(), moves_left=3))
    framed = rgb_image(mv.render_board(green_turn))
    x = mv.PANEL_LEFT + 6
    assert is_green(framed.getpixel((x, mv.seat_top(1, 1) + mv.BLOCK_HEIGHT // 2)))  # type: ignore[arg-type]
    assert not is_green(framed.getpixel((x, mv.seat_top(0, 1) + mv.BLOCK_HEIGHT // 2)))  # type: ignore[arg-type]


def test_the_turn_arrow_points_at_the_side_to_move_in_either_orientation() -> None:
    # green to move: up in the public picture (green at the top), down in green's own
    turn = TurnView(seat=1, number=2, moved=(), moves_left=3)
    public = rgb_image(mv.render_board(start_view(None, turn=turn, to_act=(1,))))
    own = rgb_image(mv.render_board(start_view(1, turn=turn, to_act=(1,))))
    cx = (mv.PANEL_LEFT + 10 + mv.WIDTH - 14) / 2 - 70
    ay = (mv.PANEL_TOP + mv.BLOCK_HEIGHT + 10 + mv.PANEL_BOTTOM - 10) / 2 + 8

    def head_up(image: Image.Image) -> bool:
        """The arrow's head (its widest, greenest part) is in its upper half."""
        upper = sum(is_green(c) for c in pixels(image, (cx - 16, ay - 16, cx + 16, ay)))
        lower = sum(is_green(c) for c in pixels(image, (cx - 16, ay, cx + 16, ay + 16)))
        assert upper + lower > 40  # there is an arrow
        return upper > lower

    assert head_up(public) and not head_up(own)


def test_aircraft_point_away_from_their_owner_in_either_orientation() -> None:
    # green's fighter drawn at the bottom (its own picture) points up like red's does in the public one
    up = mv.piece_sprite(1, "fighter", 5, 46, at_top=False)
    assert abs(_white_centroid(up) - _white_centroid(mv.piece_sprite(0, "fighter", 5, 46))) < 0.5
    assert _white_centroid(mv.piece_sprite(0, "fighter", 5, 46, at_top=True)) < _white_centroid(up) - 1


PHONE_WIDTH = 400


def badge_digit_rows(text: str, size: int) -> int:
    """How many pixel rows a badge's number covers once the picture is shown ``PHONE_WIDTH`` px wide."""
    sprite = mv.badge_sprite(text, text.endswith("M"), size)
    canvas = Image.new("RGB", (sprite.width + 8, sprite.height + 8), LIGHT_SQUARE)
    canvas.paste(sprite, (4, 4), sprite)
    scale = PHONE_WIDTH / mv.WIDTH
    small = canvas.resize((round(canvas.width * scale), round(canvas.height * scale)), Image.Resampling.LANCZOS)
    grey = small.convert("L")
    ring = 2  # the badge's outline and the margin, in phone pixels
    columns = range(round(grey.width * 0.3), round(grey.width * 0.7))
    rows = [y for y in range(ring + 1, grey.height - ring - 1) if any(grey.getpixel((x, y)) < 120 for x in columns)]  # type: ignore[operator]
    return rows[-1] - rows[0] + 1 if rows else 0


def test_number_badges_read_at_phone_size() -> None:
    """back-numbers must be legible at phone size: at 400 px wide a digit spans at
    least 7 pixel rows (the old badge, 0.4 of a square, gave 4)."""
    size = round(GEO.cell * mv.BADGE)
    for text in ("1", "2", "3"):
        assert badge_digit_rows(text, size) >= 7, text
    assert badge_digit_rows("3M", size) >= 6  # the master's number; the gold pill says "master" too
    assert badge_digit_rows("3", round(GEO.cell * 0.4)) < 7  # the measure tells the old size from the new
    # the tray's badges (eliminated pieces, public) read as well
    assert badge_digit_rows("2", mv.TRAY_BADGE) >= 7


def test_eliminated_pieces_show_their_numbers_to_everyone() -> None:
    image = rgb_image(mv.render_board(mid_view()))
    for seat, pieces in enumerate(ELIMINATED):
        for index, piece in enumerate(pieces):
            x, y = mv.tray_slot(seat, index)
            token = pixels(image, (x - 12, y + 4, x - 8, y + 12))
            assert any((is_red if seat == 0 else is_green)(c) for c in token), (seat, index)
            t = mv.TRAY_TOKEN
            badge = pixels(image, (x + 2, y - t / 2 - 4, x + t / 2 + 2, y - t / 2 + 6))
            has_badge = any(min(c) > 235 or (c[0] > 220 and 170 < c[1] < 210 and c[2] < 80) for c in badge)
            assert has_badge == (piece.number is not None), (seat, index, piece)
    # an empty tray stays empty
    bare = rgb_image(mv.render_board(start_view()))
    x, y = mv.tray_slot(0, 0)
    assert not any(is_red(c) for c in pixels(bare, (x - 12, y - 12, x + 12, y + 12)))


# --------------------------------------------------------------------------- panel


def test_the_panel_frames_the_seat_to_act() -> None:
    red_turn = rgb_image(mv.render_board(start_view()))
    green_turn = rgb_image(mv.render_board(start_view(to_act=(1,), turn=TurnView(seat=1, number=1, moved=(), moves_left=3))))
    x = mv.PANEL_LEFT + 6
    for image, red, green in ((red_turn, True, False), (green_turn, False, True)):
        y0 = mv.seat_top(0) + mv.BLOCK_HEIGHT // 2
        y1 = mv.seat_top(1) + mv.BLOCK_HEIGHT // 2
        assert is_red(image.getpixel((x, y0))) == red  # type: ignore[arg-type]
        assert is_green(image.getpixel((x, y1))) == green  # type: ignore[arg-type]


def test_moves_left_are_counted() -> None:
    pictures = {
        n: mv.render_image(start_view(turn=TurnView(seat=0, number=3, moved=(), moves_left=n))) for n in (0, 1, 2, 3)
    }
    assert len({p.tobytes() for p in pictures.values()}) == 4
    # only the panel changes
    for n in (0, 1, 2):
        assert changed_outside(pictures[n], pictures[3], [(mv.PANEL_LEFT, 0, mv.WIDTH, mv.HEIGHT)]) is None


@pytest.mark.parametrize(
    "result",
    [
        Result(winners=(0,), reason="masters_victory.masters"),
        Result(winners=(1,), reason="masters_victory.masters"),
        Result(draw=True, reason="masters_victory.quiet_turns"),
    ],
)
def test_finished_games_render(result: Result) -> None:
    data = mv.render_board(mid_view(result=result, to_act=(), turn=None))
    assert rgb_image(data).size == (mv.WIDTH, mv.HEIGHT)
    assert data != mv.render_board(mid_view(to_act=(), turn=None))


def test_setup_and_roll_render() -> None:
    # during setup a player's private view holds their own pieces; the other side is only "ready"
    own = tuple(p for p in start_view(0).pieces if p.owner == 0)
    setup = start_view(0, phase="setup", pieces=own, ready=(False, True), turn=None, to_act=(0,), first_player=None)
    ready = setup.model_copy(update={"ready": (True, True)})
    assert mv.render_board(setup) != mv.render_board(ready)
    roll = start_view(phase="roll", turn=None, to_act=(), first_player=None)
    assert rgb_image(mv.render_board(roll)).size == (mv.WIDTH, mv.HEIGHT)


def test_labels_are_drawn_and_survive_any_text() -> None:
    view = mid_view(1)
    bare = mv.render_board(view)
    labels = BoardLabels(
        title="Masters Victory",
        status="Zoë heeft één master uitgeschakeld – de partij is geëindigd en dit is een erg lange regel tekst",
        seats=("Zoë", "名前 with a name far too long to fit into the panel header 🎲"),
    )
    labelled = mv.render_board(view, labels=labels)
    assert labelled != bare
    assert rgb_image(labelled).size == (mv.WIDTH, mv.HEIGHT)
    # the board itself does not change with labels
    with_labels = mv.render_image(view, labels=labels).crop(BOARD)
    assert with_labels.tobytes() == mv.render_image(view).crop(BOARD).tobytes()
    assert mv.render_board(view, labels=BoardLabels(seats=("Anna",))) != bare


def words(text: str) -> list[str]:
    """The words of a text, phrase separators left out (a line break may drop one)."""
    return text.replace("·", " ").split()


@pytest.mark.parametrize(
    "status",
    [
        "alice (red) is to move. · Clocks: alice 9:58, bob 10:00",
        "Game over: alice wins. bob has no master left on the board.",
    ],
)
def test_title_and_status_fit_the_panel_whole(status: str) -> None:
    """titles and results are not cut; the status breaks between phrases."""
    title = mv.fitted_title("Masters Victory")
    assert title.lines == ("Masters Victory",) and title.width <= mv.TURN_WIDTH
    fitted = mv.fitted_status(status)
    assert words(" ".join(fitted.lines)) == words(status) and fitted.width <= mv.TURN_WIDTH
    assert not any(line.endswith("…") for line in fitted.lines)
    if "·" in status:
        assert fitted.lines == tuple(part.strip() for part in status.split("·"))


# --------------------------------------------------------------------------- the marks' legend


def legend_views() -> list[MastersVictoryView]:
    """Views that together draw every mark of ``mv.MARKS``."""
    switch = ActionView(seat=1, kind="switch", text="switch a3 q5", removed=(elim(1, "soldier", 1, switched=True),),
                        removed_squares=("a3",), placed=("q5",))
    under = ActionView(seat=0, kind="fire", text="h4-i4", path=(), removed=(elim(1, "soldier", 2),),
                       removed_squares=("i4",))  # a piece stands on i4: the cross badge, no ghost
    own = tuple(p for p in start_view(0).pieces if p.owner == 0)
    return [
        mid_view(0, last_turn=(*LAST_TURN, switch), current_turn=(*CURRENT_TURN, under), quiet_turns=4),
        start_view(0, phase="setup", pieces=own, ready=(False, True), turn=None, to_act=(0,), first_player=None),
        start_view(phase="roll", turn=None, to_act=(), first_player=None),
    ]


def test_every_mark_has_a_legend_word_in_english_and_dutch_and_an_icon() -> None:
    """Every mark the picture can draw (``mv.MARKS``) has a word in both languages: a new mark
    without one fails here."""
    from tests.render.legend import assert_every_mark_has_an_icon, assert_every_mark_has_words

    assert_every_mark_has_words("masters_victory", mv.MARKS)
    view = legend_views()[0]
    assert_every_mark_has_an_icon(mv.MARKS, lambda mark: mv.legend_icon(mark, view))


def test_a_picture_explains_the_marks_it_draws_in_the_readers_language() -> None:
    from tests.render.legend import assert_pictures_explain_their_marks

    assert_pictures_explain_their_marks("masters_victory", legend_views(), mv.render_image, mv.marks_shown,
                                        mv.MARKS, mv.legend_icon)


def test_the_legend_names_only_what_the_picture_draws() -> None:
    shown = mv.marks_shown(start_view())
    assert {"bunker", "mine", "fighter", "masters"} <= set(shown)
    assert not {"move", "attack", "zone", "removed", "eye", "number", "start_place"} & set(shown)  # every place taken
    assert "eye" in mv.marks_shown(start_view(0)) and "number" in mv.marks_shown(start_view(0))
    assert {"zone", "start_place"} <= set(mv.marks_shown(mid_view()))


def test_fighter_and_bomber_tank_and_soldier_differ_in_outline_at_400_px() -> None:
    """Pieces distinguishable at 400 px width, by outline, not by a detail: shrunk as a phone shows
    the picture, the fighter is a dart (its white widens to the wing tips at the tail, most of it
    in the lower half) where the bomber's straight wings sit high (most of it in the upper half),
    and the tank is at least 1.8 times as wide as the soldier."""
    cell = mv.geometry(18, 11).cell
    small = round(cell * 400 / mv.WIDTH)

    def white(kind: str) -> list[tuple[int, int]]:
        sprite = mv.piece_sprite(0, kind, HEIGHTS[kind], cell).resize((small, small), Image.Resampling.LANCZOS)
        raw = sprite.convert("RGBA").tobytes()
        rgba = [tuple(raw[i:i + 4]) for i in range(0, len(raw), 4)]
        return [(x, y) for x in range(small) for y in range(small)
                if min(rgba[y * small + x][:3]) > 190 and rgba[y * small + x][3] > 200]

    def shape(kind: str) -> tuple[int, float, float]:
        """Width, where the widest row is (0 top .. 1 bottom), share of the white below the middle."""
        px = white(kind)
        xs, ys = [x for x, _ in px], [y for _, y in px]
        top, bottom = min(ys), max(ys)
        rows = [sum(1 for _, y in px if y == row) for row in range(top, bottom + 1)]
        lower = sum(1 for y in ys if y > (top + bottom) / 2) / len(px)
        return max(xs) - min(xs) + 1, rows.index(max(rows)) / (len(rows) - 1), lower

    fighter, bomber = shape("fighter"), shape("bomber")
    assert fighter[1] >= 0.7 and fighter[2] >= 0.65, fighter
    assert bomber[1] <= 0.4 and bomber[2] <= 0.4, bomber
    assert shape("tank")[0] >= 1.8 * shape("soldier")[0]


def test_a_long_player_name_shrinks_then_wraps_before_it_is_cut() -> None:
    """Player names are never cut to "Compute…" where there is room: the seat's header gives the
    name what its coin, the masters' stars and (in the setup) the hourglass and the eye leave."""
    from render.common import fit_text, font

    x0, x1 = mv.PANEL_LEFT + 6, mv.WIDTH - 10
    left = x0 + 10 + 17 + 17 + 10  # right of the seat's coin
    in_play = (x1 - 12 - 3 * (18 + 2) - 6) - left
    setup_seen = in_play - (22 + 8) - (24 + 8)  # the hourglass and the eye beside the stars
    assert mv.fitted_name("Computer (normal) 2", in_play).lines == ("Computer (normal) 2",)
    assert fit_text("Computer (normal) 2", font(17), in_play).endswith("…")  # a plain cut at the header's size
    for room, most in ((in_play, 2), (setup_seen, 3)):  # the header's 40 px hold three lines of 12 px
        for name in ("Computer (normal) 2", "AVeryLongDiscordNameOf32Chars_xy"):
            fitted = mv.fitted_name(name, room)
            assert len(fitted.lines) <= most and fitted.height <= mv.HEADER, (room, fitted)
            assert "".join(fitted.lines).replace(" ", "") == name.replace(" ", ""), (room, fitted)  # was cut in the setup
    assert len(mv.fitted_name("AVeryLongDiscordNameOf32Chars_xy", in_play).lines) == 2
    for view in (mid_view(0), start_view(0)):
        image = rgb_image(mv.render_board(view, labels=BoardLabels(seats=("Computer (normal) 2", "AVeryLongDiscordNameOf32Chars_xy"))))
        assert image.size == (mv.WIDTH, mv.HEIGHT)
