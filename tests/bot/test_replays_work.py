"""The replay's work on a record (bot/services/match/replays.py), without Discord: the twin-state
check that a replay before the end shows nothing hidden, the marks of /match history, and the
size limit of the animated picture."""

from __future__ import annotations

import io
import random
from datetime import UTC, datetime

from PIL import Image

from bot.i18n import catalog
from bot.services.match.replays import MARKS, sampled, steps_work
from bot.services.replay_pictures import gif_work
from engines.battle_island import BattleIsland, BattleIslandOptions
from engines.core.record import Entry, MoveEvent, StartEvent, resolve_chance
from engines.heroes_cities import HeroesCities
from render.common import BoardLabels
from tests.bot.conftest import CAROL, PLACE, SEED
from tests.bot_discord.test_battle_island_secrets import quiet_game

AT = datetime(2026, 3, 1, tzinfo=UTC)
LABELS = BoardLabels(title="Replay", seats=("Alice", "Bob"))


def record(engine, options, actions: list[tuple[int, str]]) -> list[Entry]:
    """The entries a match of ``actions`` stores: the start, each move, the dice after it."""
    events: list = [StartEvent(players=2)]
    state = engine.setup(2, options)
    state, rolled = resolve_chance(engine, state, SEED, 0)
    events += rolled
    draws = sum(len(e.values) for e in rolled)
    for seat, text in actions:
        move = engine.parse_move(text, state, seat)
        events.append(MoveEvent(seat=seat, text=engine.format_move(move, state), move=move.model_dump(mode="json"),
                                secret=engine.is_secret(move, state)))
        state = engine.apply(state, seat, move)
        state, rolled = resolve_chance(engine, state, SEED, draws)
        events += rolled
        draws += sum(len(e.values) for e in rolled)
    return [Entry(seq=n, at=AT, event=event) for n, event in enumerate(events, start=1)]


def replay_bytes(engine, options, entries: list[Entry], over: bool) -> tuple[bytes, list]:
    steps = steps_work(engine, options, entries, over)
    positions = sampled(len(steps), 12)
    statuses = [f"{p}: {steps[p - 1].text if p else ''}" for p in positions]
    return gif_work(engine, options, entries, positions, statuses, LABELS, 10 * 1024 * 1024, over), steps


def test_twin_records_differing_in_a_secret_give_the_same_replay_before_the_end():
    """Slag om het Eiland with blocks armed by their owner: Alice arms other blocks in the twin
    (a secret move). Before the end the replays are byte for byte the same; the records differ."""
    engine = BattleIsland()
    options = BattleIslandOptions(blocks="armed_by_owner")
    a = record(engine, options, quiet_game(options, lambda own, seat: own[:3]))
    b = record(engine, options, quiet_game(options, lambda own, seat: own[:3] if seat else own[2:]))
    assert [e.event for e in a] != [e.event for e in b]  # the twins really differ, in the secret
    gif_a, steps_a = replay_bytes(engine, options, a, over=False)
    gif_b, steps_b = replay_bytes(engine, options, b, over=False)
    assert gif_a.startswith(b"GIF89a") and gif_a == gif_b
    assert steps_a == steps_b and any(s.secret and not s.text for s in steps_a)
    # After the end the move list names the secret moves and the pictures show the armed blocks:
    # both tell the twins apart.
    after_a, steps_after_a = replay_bytes(engine, options, a, over=True)
    after_b, steps_after_b = replay_bytes(engine, options, b, over=True)
    assert steps_after_a != steps_after_b and after_a != after_b


def test_captures_are_marked_where_the_game_says_a_piece_was_taken():
    engine = HeroesCities()
    options = engine.options_model()
    rng = random.Random(3)
    state, _ = resolve_chance(engine, engine.setup(2, options), SEED, 0)  # heroes_cities rolls for the first player
    actions: list[tuple[int, str]] = []
    taken_at: list[int] = []
    while len(actions) < 200 and engine.result(state) is None and not taken_at:
        (seat,) = engine.to_act(state)
        move = rng.choice(list(engine.legal_moves(state, seat)))
        said = engine.describe_move(state, seat, move, after := engine.apply(state, seat, move))
        actions.append((seat, engine.format_move(move, state)))
        if any(MARKS.get(code) == "capture" for code, _ in said):
            taken_at.append(len(actions))
        state = after
    assert taken_at, "a random game of 200 moves takes a piece"
    steps = steps_work(engine, options, record(engine, options, actions), True)
    assert [s.number for s in steps if "capture" in s.marks] == taken_at
    assert all(not s.marks for s in steps if s.number not in taken_at)
    entries = record(engine, options, actions)
    # The catch-up words only the moves after a player's last: the capture when it is one of them.
    assert steps_work(engine, options, entries, True, marked_from=taken_at[0] - 1) == steps
    assert all(not s.marks for s in steps_work(engine, options, entries, True, marked_from=taken_at[0]))


def test_the_animated_picture_shrinks_to_the_limit():
    engine = HeroesCities()
    options = engine.options_model()
    state, _ = resolve_chance(engine, engine.setup(2, options), SEED, 0)
    actions = []
    for _ in range(6):
        (seat,) = engine.to_act(state)
        move = engine.legal_moves(state, seat)[0]
        actions.append((seat, engine.format_move(move, state)))
        state = engine.apply(state, seat, move)
    entries = record(engine, options, actions)
    positions = sampled(6, 12)
    statuses = [str(p) for p in positions]
    full = gif_work(engine, options, entries, positions, statuses, LABELS, 10 * 1024 * 1024)
    small = gif_work(engine, options, entries, positions, statuses, LABELS, len(full) // 4)
    assert len(small) <= len(full) // 4
    assert Image.open(io.BytesIO(full)).n_frames == 7



def test_after_the_end_each_position_is_drawn_with_its_secrets():
    """``RevealingGame``: Slag om het Eiland shows which blocks are live (the twins' armed blocks
    differ), Masters Victory every back-number; without ``reveal`` the public view is unchanged."""
    from bot.services.match.replays import public_views
    from engines.masters_victory import MastersVictory

    engine = BattleIsland()
    options = BattleIslandOptions(blocks="armed_by_owner")
    a = record(engine, options, quiet_game(options, lambda own, seat: own[:3]))
    b = record(engine, options, quiet_game(options, lambda own, seat: own[:3] if seat else own[2:]))
    last = sum(isinstance(e.event, MoveEvent) for e in a)
    (public_a,), (public_b,) = public_views(engine, options, a, [last]), public_views(engine, options, b, [last])
    assert public_a.model_dump(exclude={"seal"}) == public_b.model_dump(exclude={"seal"})  # the seal differs by design
    (shown_a,), (shown_b,) = public_views(engine, options, a, [last], True), public_views(engine, options, b, [last], True)
    assert shown_a.blocks != shown_b.blocks and all(block.live is not None for block in shown_a.blocks)
    assert all(block.live is None for block in public_a.blocks)

    masters = MastersVictory()
    state = masters.setup(2, masters.options_model())
    for seat, text in ((0, "setup f11223m t11223m s11223m"), (1, "setup f3m32211 t2113m32 s3m31122")):
        state = masters.apply(state, seat, masters.parse_move(text, state, seat))
    public = masters.view(state, None)
    revealed = masters.revealed_view(state)
    assert all(p.number is None for p in public.pieces)
    assert {p.owner for p in revealed.pieces if p.number is not None or p.master} == {0, 1}
    assert revealed.model_copy(update={"pieces": public.pieces}) == public  # only the numbers differ


async def test_history_marks_the_move_that_took_a_piece(harness):
    """``/match history``: the capture a random game makes is marked on its line, and only there."""
    match_id = await harness.started_match()
    rng = random.Random(3)
    for played in range(1, 201):
        match = await harness.match(match_id)
        (seat,) = match.to_act()
        move = rng.choice(list(match.engine.legal_moves(match.state, seat)))
        said = match.engine.describe_move(match.state, seat, move, match.engine.apply(match.state, seat, move))
        await harness.service.submit(PLACE, await harness.to_move(match_id), match.engine.format_move(move, match.state))
        if any(MARKS.get(code) == "capture" for code, _ in said):
            break
    else:
        raise AssertionError("a random game of 200 moves takes a piece")
    page = (played - 1) // 20 + 1
    (answer,) = await harness.service.history(PLACE, CAROL, page)
    lines = [catalog().render(line, "en") for line in answer.lines]
    marked = [line for line in lines if "⚔" in line]
    assert len(marked) == 1 and marked[0].startswith(f"{played}. ") and "⚔ capture (" in marked[0]
