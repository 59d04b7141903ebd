"""A server's defaults from ``/settings`` reach its new matches: the grace after a missed deadline
(how long it is, or none at all) and the vacation allowance ``/away`` counts against."""

from __future__ import annotations

from bot.services.settings import change
from bot.services.time_control import TimeControl
from engines.core.record import GraceEvent, TimeoutEvent
from tests.bot.conftest import ALICE, PLACE, words


async def set_server(harness, key: str, value) -> None:
    await change(harness.repo, PLACE.guild_id, ALICE, key, value, harness.clock.now())


async def events_of(harness, match_id: int, kind) -> list:
    return [e.event for e in await harness.repo.entries(match_id) if isinstance(e.event, kind)]


async def test_the_servers_grace_is_how_far_a_missed_deadline_moves(harness) -> None:
    await set_server(harness, "grace_hours", 6)
    match_id = await harness.started_match(time_control=TimeControl(per_move_hours=24))
    mover = await harness.to_move(match_id)
    seat = (await harness.match(match_id)).seat_of(mover.user_id)
    harness.clock.advance(hours=24, seconds=1)
    await harness.scheduler.run_due()
    assert await events_of(harness, match_id, GraceEvent) == [GraceEvent(seat=seat, hours=6.0)]
    match = await harness.match(match_id)
    assert match.deadline(seat) == match.progress.turn_started + TimeControl(per_move_hours=30).per_move
    harness.clock.advance(hours=6)
    await harness.scheduler.run_due()
    assert (await harness.repo.get_match(match_id)).status == "finished"
    assert len(await events_of(harness, match_id, TimeoutEvent)) == 1


async def test_a_server_without_grace_loses_on_time_at_the_first_miss_unless_the_match_asks_for_one(harness) -> None:
    await set_server(harness, "grace_hours", 0)
    match_id = await harness.started_match(time_control=TimeControl(per_move_hours=24))
    harness.clock.advance(hours=24, seconds=1)
    await harness.scheduler.run_due()
    assert (await harness.repo.get_match(match_id)).status == "finished"
    assert await events_of(harness, match_id, GraceEvent) == []
    # The match's own ``schedule: grace 1`` still counts (one deadline period, the server gives no hours).
    await harness.service.create(PLACE, ALICE, "heroes_cities", opponent=None,
                                 time_control=TimeControl(per_move_hours=24, grace=1))
    row = await harness.repo.live_match_in(PLACE.channel_id)
    assert TimeControl.model_validate(row.time_control).grace == 1


async def test_the_server_default_deadline_comes_with_the_servers_grace(harness) -> None:
    await set_server(harness, "deadline_hours", 48)
    await set_server(harness, "grace_hours", 12)
    await harness.service.create(PLACE, ALICE, "heroes_cities", opponent=None)
    row = await harness.repo.live_match_in(PLACE.channel_id)
    control = TimeControl.model_validate(row.time_control)
    assert (control.per_move_hours, control.grace, control.grace_hours) == (48, 1, 12)


async def test_a_server_that_set_no_grace_keeps_one_deadline_period(harness) -> None:
    match_id = await harness.started_match(time_control=TimeControl(per_move_hours=24))
    mover = await harness.to_move(match_id)
    seat = (await harness.match(match_id)).seat_of(mover.user_id)
    harness.clock.advance(hours=24, seconds=1)
    await harness.scheduler.run_due()
    assert await events_of(harness, match_id, GraceEvent) == [GraceEvent(seat=seat, hours=24.0)]
    row = await harness.repo.get_match(match_id)
    assert "grace_hours" not in row.time_control  # stored as before


async def test_the_servers_vacation_allowance_is_what_away_counts_against(harness) -> None:
    refused = await harness.service.away(PLACE.guild_id, ALICE, days=45)
    assert "45" in words(refused) and "30" in words(refused)  # the bot's 30 days a year
    await set_server(harness, "vacation_days", 60)
    shown = await harness.service.away(PLACE.guild_id, ALICE)
    assert "60" in words(shown)
    accepted = await harness.service.away(PLACE.guild_id, ALICE, days=45)
    assert "15" in words(accepted)  # days left of the server's 60
    assert len(await harness.repo.away_periods(ALICE.user_id)) == 1


async def test_a_server_with_no_vacation_allows_no_absence(harness) -> None:
    await set_server(harness, "vacation_days", 0)
    refused = await harness.service.away(PLACE.guild_id, ALICE, days=1)
    assert await harness.repo.away_periods(ALICE.user_id) == [] and "0" in words(refused)
