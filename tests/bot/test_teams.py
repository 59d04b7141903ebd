"""Teams win and lose as a whole (Axis & Allies: the Axis and the Allies), and a team decides what
becomes of a seat that resigned or lost on time: a teammate takes it, the computer plays it, or the
team concedes."""

from __future__ import annotations

import json
from datetime import timedelta

from bot.services.match import grace
from bot.services.people import Actor
from bot.services.time_control import TimeControl
from engines.core.record import TeamChoiceEvent, TeamsEvent
from tests.bot.conftest import ALICE, BOB, CAROL, PLACE, words

DAVE = Actor("dave", "Dave", "en")
ERIN = Actor("erin", "Erin", "en")
PLAYERS = (ALICE, BOB, CAROL, DAVE, ERIN)
"""Seats 0-4 of a five-player Axis & Allies match: USSR, Germany, UK, Japan, USA."""


async def five_player_match(harness) -> int:
    await harness.service.create(PLACE, ALICE, "axis_allies")
    for actor in PLAYERS[1:]:
        await harness.service.join(PLACE, actor)
    await harness.service.start(PLACE, ALICE)
    row = await harness.repo.live_match_in(PLACE.channel_id)
    return row.id


async def test_an_allied_seat_resigning_does_not_make_its_allies_winners(harness) -> None:
    """Five players: the UK (Carol, seat 2) resigns. Her allies (USSR, USA) must not win: the
    match goes on, the Allies decide what becomes of the UK."""
    match_id = await five_player_match(harness)
    await harness.service.resign(PLACE, CAROL)
    match = await harness.match(match_id)
    result = match.result()
    assert result is None or not ({0, 4} & set(result.winners)), result
    assert match.row.status == "active"
    assert match.progress.meta.undecided == 2


async def test_the_start_records_the_teams(harness) -> None:
    match_id = await five_player_match(harness)
    entries = await harness.repo.entries(match_id)
    teams = [e.event for e in entries if isinstance(e.event, TeamsEvent)]
    assert teams == [TeamsEvent(teams=((0, 2, 4), (1, 3)))]


async def test_a_two_player_match_records_no_teams(harness) -> None:
    """One seat a side needs no event: the record of a two-player match is as it was."""
    match_id = await harness.started_match()
    entries = await harness.repo.entries(match_id)
    assert not [e for e in entries if isinstance(e.event, TeamsEvent)]
    await harness.service.resign(PLACE, ALICE)
    match = await harness.match(match_id)
    assert match.result().winners == (1,)


def buttons_of(deliveries) -> list:
    return [button for delivery in deliveries for button in delivery.buttons]


async def test_the_team_is_asked_with_three_buttons_for_the_state(harness) -> None:
    match_id = await five_player_match(harness)
    out = await harness.service.resign(PLACE, CAROL)
    said = words(out)
    assert "Carol resigned, but the team plays on: Alice, Erin" in said
    match = await harness.match(match_id)
    kinds = [(b.kind, b.seq) for b in buttons_of(out) if b.kind.startswith("team_")]
    assert kinds == [(k, match.progress.seq) for k in ("team_takeover", "team_computer", "team_concede")]
    assert match.to_act() == frozenset()  # play waits for the team
    assert "the team plays on" in words(await harness.service.status(PLACE, ERIN))


async def test_a_teammate_takes_the_seat_over_and_plays_its_moves(harness) -> None:
    """Alice (USSR) takes over the UK: from then on the UK's moves are hers, and the record says so."""
    match_id = await five_player_match(harness)
    await harness.service.resign(PLACE, CAROL)
    out = await harness.service.team_choice(match_id, ALICE, "takeover")
    assert "Alice takes over the seat of Carol" in words(out)
    match = await harness.match(match_id)
    assert match.seats[2].user_id == "alice" and match.result() is None
    assert match.to_act() == frozenset({0})
    # Alice plays the USSR's turn through; then the UK's turn is hers too.
    for _ in range(60):
        match = await harness.match(match_id)
        if 2 in match.to_act():
            break
        (seat,) = match.to_act()
        actor = {0: ALICE, 1: BOB}[seat]
        await harness.service.submit(PLACE, actor, "end")
    assert match.seat_of("alice") == 2
    played = words(await harness.service.submit(PLACE, ALICE, "end"))
    assert "Alice played `end`" in played


async def test_the_computer_takes_the_seat_when_the_team_says_so(harness) -> None:
    match_id = await five_player_match(harness)
    await harness.service.resign(PLACE, CAROL)
    out = await harness.service.team_choice(match_id, ERIN, "computer")
    assert "the computer plays the seat of Carol" in words(out)
    match = await harness.match(match_id)
    assert match.progress.meta.autopilot == {2: "normal"} and match.result() is None


async def test_a_team_that_concedes_loses_as_a_whole(harness) -> None:
    match_id = await five_player_match(harness)
    await harness.service.resign(PLACE, CAROL)
    out = await harness.service.team_choice(match_id, ERIN, "concede")
    match = await harness.match(match_id)
    assert match.result().winners == (1, 3) and match.row.status == "finished"
    assert "Bob, Dave" in words(out) or "Bob and Dave" in words(out)


async def test_only_the_team_may_choose_and_only_when_asked(harness) -> None:
    match_id = await five_player_match(harness)
    assert "No team has to decide" in words(await harness.service.team_choice(match_id, ALICE, "takeover"))
    await harness.service.resign(PLACE, CAROL)
    assert "andere spelers van het team van Carol" in words(await harness.service.team_choice(match_id, BOB, "takeover"))
    assert "Only the other players of Carol's team" in words(await harness.service.team_choice(match_id, CAROL, "takeover"))
    stranger = Actor("zed", "Zed", "en")
    assert "You have no seat in this match" in words(await harness.service.team_choice(match_id, stranger, "concede"))
    assert (await harness.match(match_id)).progress.meta.undecided == 2


async def test_a_two_player_resignation_ends_the_match_as_before(harness) -> None:
    match_id = await harness.started_match()
    out = await harness.service.resign(PLACE, ALICE)
    assert not [b for b in buttons_of(out) if b.kind.startswith("team_")]
    assert (await harness.match(match_id)).result().winners == (1,)


async def test_a_draw_is_agreed_by_one_answer_of_the_other_team(harness) -> None:
    """Draw offers count teams: Alice's offer is the Allies', Bob's acceptance the Axis'."""
    match_id = await five_player_match(harness)
    await harness.service.offer_draw(PLACE, ALICE)
    await harness.service.answer_draw(match_id, BOB, True)
    match = await harness.match(match_id)
    assert match.result() is not None and match.result().draw


async def five_player_match_with(harness, time_control) -> int:
    await harness.service.create(PLACE, ALICE, "axis_allies", time_control=time_control)
    for actor in PLAYERS[1:]:
        await harness.service.join(PLACE, actor)
    await harness.service.start(PLACE, ALICE)
    return (await harness.repo.live_match_in(PLACE.channel_id)).id


async def team_choices(harness, match_id: int) -> list:
    return [e.event for e in await harness.repo.entries(match_id) if isinstance(e.event, TeamChoiceEvent)]


async def test_a_team_that_never_answers_concedes_when_its_time_is_up(harness) -> None:
    """A match without a deadline gives the team 48 hours to choose; nobody answers, and the
    match does not wait forever: without ``absent: computer`` the team concedes, once."""
    match_id = await five_player_match(harness)
    out = await harness.service.resign(PLACE, CAROL)
    assert "Choose by" in words(out) and "the team concedes" in words(out)
    harness.clock.advance(hours=47)
    await harness.scheduler.run_due()
    assert (await harness.match(match_id)).progress.meta.undecided == 2
    harness.clock.advance(hours=1, seconds=1)
    await harness.scheduler.run_due()
    match = await harness.match(match_id)
    assert match.row.status == "finished" and match.result().winners == (1, 3)
    assert await team_choices(harness, match_id) == [TeamChoiceEvent(seat=2, choice="concede", by=2)]
    assert "did not choose in time" in words(harness.delivered)
    harness.clock.advance(hours=100)
    await harness.scheduler.run_due()
    assert len(await team_choices(harness, match_id)) == 1


async def test_a_team_that_never_answers_hands_the_seat_to_the_computer_where_the_match_allows_it(harness) -> None:
    """With ``absent: computer`` the computer takes the seat when the team's time (the match's
    deadline per move, 24 hours here) is up, and play goes on."""
    match_id = await five_player_match_with(harness, TimeControl(per_move_hours=24, absent="computer"))
    await harness.service.resign(PLACE, CAROL)
    harness.clock.advance(hours=24, seconds=1)
    await harness.scheduler.run_due()
    match = await harness.match(match_id)
    assert match.result() is None and match.progress.meta.undecided is None
    assert match.progress.meta.autopilot == {2: "normal"}
    assert await team_choices(harness, match_id) == [TeamChoiceEvent(seat=2, choice="computer", by=2)]
    assert "did not choose in time" in words(harness.delivered)


async def test_an_answer_in_time_stops_the_teams_timer(harness) -> None:
    match_id = await five_player_match(harness)
    await harness.service.resign(PLACE, CAROL)
    await harness.service.team_choice(match_id, ALICE, "takeover")
    harness.clock.advance(hours=49)
    await harness.scheduler.run_due()
    assert await team_choices(harness, match_id) == [TeamChoiceEvent(seat=2, choice="takeover", by=0)]
    assert (await harness.match(match_id)).result() is None


async def test_an_organizers_pause_stops_the_teams_time_to_choose(harness) -> None:
    """Paused for 40 hours while the team decides: its 48 hours count on from where the pause
    stopped them, as a deadline does."""
    organizer = Actor("olga", "Olga", "en", is_admin=True)
    match_id = await five_player_match(harness)
    await harness.service.resign(PLACE, CAROL)
    harness.clock.advance(hours=10)
    await harness.service.pause("guild-1", organizer, match_id, "a holiday")
    harness.clock.advance(hours=40)
    await harness.scheduler.run_due()
    await harness.service.resume("guild-1", organizer, match_id)
    harness.clock.advance(hours=37)
    await harness.scheduler.run_due()
    assert (await harness.match(match_id)).progress.meta.undecided == 2  # 47 of its 48 hours
    harness.clock.advance(hours=1, seconds=1)
    await harness.scheduler.run_due()
    assert await team_choices(harness, match_id) == [TeamChoiceEvent(seat=2, choice="concede", by=2)]


async def test_a_snapshot_keeps_when_the_team_was_asked(harness) -> None:
    """A match loaded from its snapshot (a restarted bot) counts the team's time from the
    question, not from its last event; a snapshot with no question open stays as it was."""
    from bot.services.book import _progress_from_json, _progress_to_json

    match_id = await five_player_match(harness)
    plain = (await harness.match(match_id)).progress
    assert "team_asked" not in json.loads(_progress_to_json(plain))
    await harness.service.resign(PLACE, CAROL)
    progress = (await harness.match(match_id)).progress
    assert progress.team_asked == harness.clock.now()
    again = _progress_from_json((await harness.match(match_id)).engine, _progress_to_json(progress))
    assert again.team_asked == progress.team_asked


async def test_the_teams_time_to_choose_stops_while_every_teammate_is_away(harness) -> None:
    """Alice and Erin, Carol's teammates, are both away for three days (``/away``): nobody is
    there to choose, so their 48 hours stop meanwhile, as a player's deadline stops on their turn;
    the question says the moved time."""
    match_id = await five_player_match(harness)
    await harness.service.resign(PLACE, CAROL)
    asked = harness.clock.now()
    harness.clock.advance(hours=10)
    await harness.service.away("guild-1", ALICE, days=3)
    await harness.service.away("guild-1", ERIN, days=3)
    match = await harness.match(match_id)
    assert grace.team_deadline(match) == asked + timedelta(hours=48, days=3)
    harness.clock.advance(hours=38, seconds=1)  # past the 48 hours had the absence not counted
    await harness.scheduler.run_due()
    assert (await harness.match(match_id)).progress.meta.undecided == 2
    harness.clock.advance(days=3)
    await harness.scheduler.run_due()
    assert await team_choices(harness, match_id) == [TeamChoiceEvent(seat=2, choice="concede", by=2)]


async def test_one_teammate_away_leaves_the_other_to_choose_in_time(harness) -> None:
    """Only Alice is away: Erin can answer for the team, so its time runs on."""
    match_id = await five_player_match(harness)
    await harness.service.resign(PLACE, CAROL)
    await harness.service.away("guild-1", ALICE, days=3)
    harness.clock.advance(hours=48, seconds=1)
    await harness.scheduler.run_due()
    assert await team_choices(harness, match_id) == [TeamChoiceEvent(seat=2, choice="concede", by=2)]


async def test_a_match_with_vacation_off_does_not_stop_the_teams_time_for_an_absence(harness) -> None:
    """``schedule: vacation off``: an absence moves no deadline, and no team's time either."""
    match_id = await five_player_match_with(harness, TimeControl(per_move_hours=24, vacation=False))
    await harness.service.resign(PLACE, CAROL)
    await harness.service.away("guild-1", ALICE, days=3)
    await harness.service.away("guild-1", ERIN, days=3)
    harness.clock.advance(hours=24, seconds=1)
    await harness.scheduler.run_due()
    assert await team_choices(harness, match_id) == [TeamChoiceEvent(seat=2, choice="concede", by=2)]


async def test_the_teams_default_is_a_line_of_the_history(harness) -> None:
    """A team whose time ran out: ``/match history`` says what the match chose for it and when,
    in either language (Bob reads Dutch), as it says an organizer's pause or a grace."""
    match_id = await five_player_match_with(harness, TimeControl(per_move_hours=24, absent="computer"))
    await harness.service.resign(PLACE, CAROL)
    harness.clock.advance(hours=24, seconds=1)
    await harness.scheduler.run_due()
    assert (await harness.match(match_id)).progress.meta.autopilot == {2: "normal"}
    said = words(await harness.service.history(PLACE, ALICE))
    assert "The team of Carol did not choose in time: the computer took the seat of Carol" in said
    assert "Het team van Carol koos niet op tijd: de computer nam de plaats van Carol over" in words(
        await harness.service.history(PLACE, BOB))


async def test_a_team_that_conceded_by_default_says_so_in_the_history(harness) -> None:
    await five_player_match(harness)
    await harness.service.resign(PLACE, CAROL)
    harness.clock.advance(hours=48, seconds=1)
    await harness.scheduler.run_due()
    said = words(await harness.service.history(PLACE, ALICE))
    assert "The team of Carol did not choose in time and conceded" in said


async def test_the_teams_time_to_choose_skips_the_weekends_of_a_match_with_weekends_off(harness) -> None:
    """``schedule: weekends off``: Saturdays and Sundays do not count for a deadline, nor for a
    team's time to choose. Carol resigns on Sunday 1 March at noon; the team's 48 hours count
    from Monday 00:00, so its time is up on Wednesday 00:00 (Tuesday noon had Sunday counted)."""
    from datetime import UTC, datetime

    match_id = await five_player_match_with(harness, TimeControl(per_move_hours=48, weekends=False))
    assert harness.clock.now().weekday() == 6  # a Sunday
    await harness.service.resign(PLACE, CAROL)
    match = await harness.match(match_id)
    assert grace.team_deadline(match) == datetime(2026, 3, 4, 0, 0, tzinfo=UTC)
    harness.clock.advance(hours=48, seconds=1)  # Tuesday noon: past it, had Sunday counted
    await harness.scheduler.run_due()
    assert (await harness.match(match_id)).progress.meta.undecided == 2
    harness.clock.advance(hours=12)
    await harness.scheduler.run_due()
    assert await team_choices(harness, match_id) == [TeamChoiceEvent(seat=2, choice="concede", by=2)]


async def test_give_time_extends_the_teams_time_to_choose(harness) -> None:
    """``/match give-time`` while a team decides gives the team more time, as it gives the player
    to move: an opponent a day (once), an organizer the hours they name; the reply names the
    new time, and the team's default waits for it."""
    organizer = Actor("olga", "Olga", "en", is_admin=True)
    match_id = await five_player_match_with(harness, TimeControl(per_move_hours=24))
    await harness.service.resign(PLACE, CAROL)
    asked = harness.clock.now()
    given = await harness.service.give_time(PLACE, BOB)  # Germany, of the other team
    [line] = given[0].lines
    assert line.key == "absence.time_given" and line.params["deadline"] == asked + timedelta(hours=48)
    assert grace.team_deadline(await harness.match(match_id)) == asked + timedelta(hours=48)
    teammate = await harness.service.give_time(PLACE, ALICE)  # the USSR, of Carol's team
    assert [line.key for line in teammate[0].lines] == ["absence.give_time_self"]
    await harness.service.give_time(PLACE, organizer, hours=12)
    assert grace.team_deadline(await harness.match(match_id)) == asked + timedelta(hours=60)
    harness.clock.advance(hours=59)
    await harness.scheduler.run_due()
    assert (await harness.match(match_id)).progress.meta.undecided == 2
    harness.clock.advance(hours=1, seconds=1)
    await harness.scheduler.run_due()
    assert await team_choices(harness, match_id) == [TeamChoiceEvent(seat=2, choice="concede", by=2)]
