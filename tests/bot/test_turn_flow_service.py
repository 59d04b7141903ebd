"""Through the services: a casualty question with a deadline that a standing order
answers when it expires, on the database-backed timers (a restart loses nothing), and no
"your move" DM to a player who simply goes on."""

from __future__ import annotations

from datetime import timedelta

from bot.clock import ManualClock
from bot.services.delivery import DirectMessage
from bot.services.time_control import TimeControl
from bot.storage.sqlite import SqliteRepository
from engines.core.record import MoveEvent
from tests.bot.conftest import ALICE, BOB, PLACE, START, Harness, words

USSR_ATTACK = (
    "buy 8 inf; end; move 3 inf Caucasus -> Ukraine S.S.R.; move 1 arm Karelia S.S.R. -> Ukraine S.S.R.; "
    "move 1 ftr Karelia S.S.R. -> Ukraine S.S.R.; end"
)


async def axis_match(h: Harness, **create: object) -> int:
    await h.service.create(PLACE, ALICE, "axis_allies", opponent=BOB, **create)
    await h.service.join(PLACE, BOB)
    await h.service.start(PLACE, ALICE)
    return (await h.repo.live_match_in(PLACE.channel_id)).id


async def test_an_expired_casualty_question_is_answered_by_the_standing_order_after_a_restart(tmp_path):
    path = tmp_path / "scheids.sqlite3"
    clock = ManualClock(START)
    repo = await SqliteRepository.open(path)
    first = Harness(repo, clock)
    match_id = await axis_match(first)
    await first.service.standing_orders(PLACE, ALICE, "casualties default")
    await first.service.standing_orders(PLACE, BOB, "casualties ask 6h, default")
    await first.service.submit_orders(PLACE, ALICE, USSR_ATTACK)
    clock.advance(minutes=5)
    answer = await first.service.submit(PLACE, ALICE, "attack Ukraine until done")
    match = await first.match(match_id)
    assert match.to_act() == frozenset({1}), words(answer)
    assert any(f"choose {which} (" in words(answer) for which in ("them", "it"))  # one loss: "choose it"
    timer = await repo.next_timer()
    assert (timer.kind, timer.seat, timer.due_at) == ("question", 1, START + timedelta(minutes=5, hours=6))
    clock.advance(hours=5)
    assert await first.scheduler.run_due() == 0
    moves_before = len([e for e in await repo.entries(match_id) if isinstance(e.event, MoveEvent)])
    await repo.close()

    repo = await SqliteRepository.open(path)
    second = Harness(repo, clock)
    clock.advance(hours=1)
    assert await second.scheduler.run_due() == 1
    said = words(second.delivered)
    assert "The question to Bob waited its time" in said and "Bob's standing order played `lose" in said
    moves = [e.event for e in await repo.entries(match_id) if isinstance(e.event, MoveEvent)]
    assert moves[moves_before].seat == 1 and moves[moves_before].text.startswith("lose")
    match = await second.match(match_id)
    assert match.to_act() != frozenset({1}) or match.state.battle.round > 1
    await repo.close()


async def test_answering_in_time_leaves_the_expired_timer_nothing_to_do(harness):
    match_id = await axis_match(harness)
    await harness.service.standing_orders(PLACE, ALICE, "casualties default")
    await harness.service.standing_orders(PLACE, BOB, "casualties ask 1h, default")
    await harness.service.submit_orders(PLACE, ALICE, USSR_ATTACK)
    await harness.service.submit(PLACE, ALICE, "attack Ukraine until done")
    match = await harness.match(match_id)
    decision_text = match.engine.step_message(match.state)[1]["example"]
    harness.clock.advance(minutes=30)
    await harness.service.submit(PLACE, BOB, decision_text)
    timer = await harness.repo.next_timer()
    # Bob may be asked again in a later round: a new question, with its own hour from now.
    assert timer is None or timer.due_at == harness.clock.now() + timedelta(hours=1)
    harness.clock.advance(minutes=31)  # the first question's hour is over
    assert await harness.scheduler.run_due() == 0
    assert harness.delivered == []


async def test_a_player_who_goes_on_is_not_pinged_and_the_next_player_is(harness):
    await axis_match(harness, time_control=TimeControl(per_move_hours=24))
    first = await harness.service.submit(PLACE, ALICE, "end")
    assert not [d for d in first if isinstance(d.target, DirectMessage)], "alice goes on: no DM"
    turn_over = await harness.service.submit_orders(PLACE, ALICE, "end; end; end; end; end")
    dms = [d for d in turn_over if isinstance(d.target, DirectMessage)]
    assert [d.target.user_id for d in dms] == ["bob"]


async def test_a_placement_refused_says_where_new_units_go(harness):
    """Aktie 5: new units go "in gebieden waar u sinds het begin van uw beurt industriële
    complexen bezit". A newcomer placing at a place without one was told only that the unit
    "cannot be placed" there; now the answer says where units go."""
    await axis_match(harness)
    await harness.service.submit_orders(PLACE, ALICE, "buy 1 inf; end; end; end; end")
    english = words(await harness.service.submit(PLACE, ALICE, "place 1 inf Caucasus"))
    assert "You cannot place infantry in Caucasus" in english
    assert "industrial complex you held since the start of your turn" in english
    assert "Possible: Karelia S.S.R., Russia" in english
