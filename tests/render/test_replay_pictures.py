"""The replay's pictures (bot/services/replay_pictures.py): the catch-up strip, the catch-up of a
game that marks a step's changes, and the animated replay's frames."""

from __future__ import annotations

import io

from PIL import Image

from bot.services.match.replays import public_views
from bot.services.replay_pictures import STRIP_FRAMES, board_work, catchup_work, gif_work
from engines.axis_allies.engine import AxisAllies
from engines.core.record import resolve_chance
from engines.heroes_cities import HeroesCities
from render import registry
from tests.bot.conftest import SEED
from tests.bot.test_replays_work import LABELS, record


def played(engine, moves: int) -> list[tuple[int, str]]:
    state, _ = resolve_chance(engine, engine.setup(2, engine.options_model()), SEED, 0)
    actions = []
    for _ in range(moves):
        seat = min(engine.to_act(state))
        move = engine.legal_moves(state, seat)[-1]
        actions.append((seat, engine.format_move(move, state)))
        state = engine.apply(state, seat, move)
    return actions


def test_the_catch_up_strip_shows_the_boards_from_the_last_move_to_now_side_by_side():
    engine = HeroesCities()
    options = engine.options_model()
    entries = record(engine, options, played(engine, 6))
    board = Image.open(io.BytesIO(board_work(engine, options, entries, 6, LABELS)))
    strip = Image.open(io.BytesIO(catchup_work(engine, options, entries, 2, LABELS)))
    assert strip.height == board.height and strip.width > STRIP_FRAMES * board.width  # four boards and the gaps
    one = Image.open(io.BytesIO(catchup_work(engine, options, entries, 5, LABELS)))
    assert board.width * 2 < one.width < board.width * 3  # then and now


def test_the_catch_up_of_axis_and_allies_is_one_board_with_the_changes_marked():
    engine = AxisAllies()
    options = engine.options_model()
    entries = record(engine, options, played(engine, 4))
    data = catchup_work(engine, options, entries, 1, LABELS)
    (now,) = public_views(engine, options, entries, [4])
    plain = Image.open(io.BytesIO(registry.render_view("axis_allies", now, LABELS)))
    assert data.startswith(b"\x89PNG") and Image.open(io.BytesIO(data)).size == plain.size  # one board, no strip


def test_each_replay_frame_is_the_public_board_at_its_move():
    engine = HeroesCities()
    options = engine.options_model()
    entries = record(engine, options, played(engine, 3))
    gif = Image.open(io.BytesIO(gif_work(engine, options, entries, [0, 1, 2, 3], ["a", "b", "c", "d"], LABELS, 10**7)))
    assert gif.n_frames == 4 and gif.info["loop"] == 0
    gif.seek(3)
    last = gif.convert("RGB")
    board = Image.open(io.BytesIO(board_work(engine, options, entries, 3, LABELS))).convert("RGB")
    assert last.width == min(board.width, 640)
