"""Long games through the services: absence (/away), time given (/match give-time), nudges, the
notices each player controls (/notify) and the schedule option (daily deadlines, weekends off,
vacation off). docs/long-games.md describes them for players."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

import pytest

from bot.services.book import _progress_from_json, _progress_to_json
from bot.services.delivery import ChannelPost, DirectMessage
from bot.services.match import absence
from bot.services.people import Actor
from bot.services.progress import Progress, advance
from bot.services.time_control import (
    TimeControl,
    TimeControlError,
    correspondence_deadline,
    present_after,
    time_control_from,
)
from engines.core.record import AwayEvent, Entry, ExtendEvent, GraceEvent, QuietEvent, StartEvent
from engines.registry import get_engine
from tests.bot.conftest import ALICE, BOB, CAROL, PLACE, START, words
from tests.bot.test_militakiri_service import start_militakiri

DAY = timedelta(days=1)
ORGANIZER = Actor("olga", "Olga", "en", is_admin=True)


def keys(deliveries) -> list[str]:
    """The message codes said (Bob reads Dutch, Alice English: the codes say the same to both)."""
    return [line.key for d in deliveries for line in d.lines]


def actor_of(match, seat: int) -> Actor:
    return {"alice": ALICE, "bob": BOB}[match.seats[seat].user_id]


async def mover_and_waiting(harness, match_id: int) -> tuple[int, Actor, Actor]:
    match = await harness.match(match_id)
    (seat,) = match.to_act()
    return seat, actor_of(match, seat), actor_of(match, 1 - seat)


# ------------------------------------------------------------------ the arithmetic


def test_the_deadline_does_not_count_the_time_away():
    start = datetime(2026, 3, 2, 9, tzinfo=UTC)
    away = [(start + timedelta(hours=2), start + timedelta(days=3, hours=2))]
    control = TimeControl(per_move_hours=24)
    assert correspondence_deadline(control, start, away) == start + DAY + timedelta(days=3)
    assert correspondence_deadline(control.model_copy(update={"vacation": False}), start) == start + DAY
    # An absence that ended before the turn began changes nothing; overlapping ones count once.
    assert present_after(start, DAY, [(start - DAY * 3, start - DAY)]) == start + DAY
    assert present_after(start, DAY, [(start, start + DAY), (start + timedelta(hours=12), start + DAY * 2)]) == start + DAY * 3


def test_weekends_off_skip_saturday_and_sunday_in_the_match_zone():
    friday_evening = datetime(2026, 3, 6, 18, tzinfo=UTC)  # a Friday; Amsterdam is UTC+1 in March
    control = TimeControl(per_move_hours=24, weekends=False, timezone="Europe/Amsterdam")
    # 5 hours of Friday count (to midnight in Amsterdam, 23:00 UTC), the rest on Monday.
    assert correspondence_deadline(control, friday_evening) == datetime(2026, 3, 8, 23, tzinfo=UTC) + timedelta(hours=19)


def test_a_daily_deadline_falls_at_its_time_at_least_twelve_hours_on_and_never_at_a_weekend():
    control = TimeControl(daily="18:00", timezone="Europe/Amsterdam")
    morning = datetime(2026, 3, 3, 8, tzinfo=UTC)  # Tuesday 09:00 in Amsterdam
    assert correspondence_deadline(control, morning) == datetime(2026, 3, 4, 17, tzinfo=UTC)  # Wednesday 18:00
    early = datetime(2026, 3, 3, 4, tzinfo=UTC)  # 05:00 there: 17:00 the same day is 12 h on
    assert correspondence_deadline(control, early) == datetime(2026, 3, 3, 17, tzinfo=UTC)
    friday = datetime(2026, 3, 6, 8, tzinfo=UTC)
    off = control.model_copy(update={"weekends": False})
    assert correspondence_deadline(off, friday) == datetime(2026, 3, 9, 17, tzinfo=UTC)  # Monday
    summer = datetime(2026, 7, 1, 4, tzinfo=UTC)  # summer time: 18:00 in Amsterdam is 16:00 UTC
    assert correspondence_deadline(control, summer) == datetime(2026, 7, 1, 16, tzinfo=UTC)


def test_the_schedule_option_is_read_or_refused_with_what_is_wrong():
    control = time_control_from(schedule="daily 18:00 Europe/Amsterdam, weekends off, vacation off")
    assert (control.daily, control.timezone, control.weekends, control.vacation) == ("18:00", "Europe/Amsterdam", False, False)
    assert control.stored() == {"per_move_hours": 0.0, "clock_minutes": 0.0, "daily": "18:00",
                                "timezone": "Europe/Amsterdam", "weekends": False, "vacation": False}
    assert TimeControl(per_move_hours=24).stored() == {"per_move_hours": 24.0, "clock_minutes": 0.0}
    for schedule, code in (("daily 25:00", "absence.bad_daily_time"), ("Mars/Olympus", "absence.bad_timezone"),
                           ("weekly 18:00", "absence.bad_schedule")):
        with pytest.raises(TimeControlError) as refused:
            time_control_from(schedule=schedule)
        assert refused.value.code == code
    with pytest.raises(TimeControlError) as both:
        time_control_from("24h", schedule="daily 18:00")
    assert both.value.code == "absence.daily_and_hours"


def test_absences_and_time_given_leave_the_game_and_the_time_used_alone_and_survive_a_snapshot():
    engine = get_engine("heroes_cities")
    options = engine.options_model()
    progress = advance(engine, options, 2, Progress(), Entry(seq=1, at=START, event=StartEvent(players=2)))
    later = START + timedelta(hours=5)
    away = AwayEvent(seat=0, start=later, until=later + DAY)
    after = advance(engine, options, 2, progress, Entry(seq=2, at=later, event=away))
    after = advance(engine, options, 2, after, Entry(seq=3, at=later, event=ExtendEvent(seat=0, seconds=3600, by=1)))
    after = advance(engine, options, 2, after, Entry(seq=4, at=later, event=QuietEvent(seat=1, timezone="UTC", start=23, end=7)))
    assert (after.state, after.used, after.last_at, after.turn_started) == (
        progress.state, progress.used, progress.last_at, progress.turn_started)
    assert after.away == {0: ((later, later + DAY),)} and after.extra == {0: 3600.0} and after.givers == {(1, 0)}
    assert after.quiet == {1: ("UTC", 23, 7)}
    cancelled = advance(engine, options, 2, after, Entry(seq=5, at=later, event=away.model_copy(update={"until": later})))
    assert cancelled.away == {}
    again = _progress_from_json(engine, _progress_to_json(after))
    assert (again.away, again.extra, again.givers, again.quiet) == (after.away, after.extra, after.givers, after.quiet)
    # A progress without any keeps the snapshot it had before these fields existed.
    assert {"away", "extra", "givers", "quiet"}.isdisjoint(json.loads(_progress_to_json(progress)))


# ------------------------------------------------------------------------- /away


async def test_away_stops_the_deadline_on_the_players_turn_and_the_record_says_so(harness):
    match_id = await harness.started_match(time_control=TimeControl(per_move_hours=24))
    seat, mover, waiting = await mover_and_waiting(harness, match_id)
    before = (await harness.match(match_id)).deadline(seat)
    answer = await harness.service.away("guild-1", mover, days=3)
    assert keys(answer) == ["absence.set", "absence.days_left"]
    assert answer[0].lines[0].params["matches"] == 1 and answer[0].lines[1].params["left"] == "27"
    match = await harness.match(match_id)
    assert match.deadline(seat) == before + 3 * DAY
    entries = await harness.repo.entries(match_id)
    assert isinstance(entries[-1].event, AwayEvent) and entries[-1].event.seat == seat
    status = words(await harness.service.status(PLACE, waiting))
    assert f"{mover.name} is away until" in status
    assert f"{mover.name} is away until" in words(await harness.service.board(PLACE, waiting))
    games = words(await harness.service.my_games("guild-1", waiting))
    assert f"{mover.name} is away until" in games
    assert "is away" not in words(await harness.service.my_games("guild-1", mover))  # not about yourself
    harness.clock.advance(days=1, seconds=1)
    await harness.scheduler.run_due()
    assert (await harness.repo.get_match(match_id)).status == "active"  # the old deadline passed: no loss
    harness.clock.advance(days=3)
    await harness.scheduler.run_due()
    # The moved deadline still holds: missing it is a missed correspondence deadline, forgiven once.
    graces = [e.event for e in await harness.repo.entries(match_id) if isinstance(e.event, GraceEvent)]
    assert graces == [GraceEvent(seat=seat, hours=24.0)]


async def test_away_shown_cancelled_and_refused_when_the_allowance_is_used_up(harness):
    await harness.started_match(time_control=TimeControl(per_move_hours=24))
    assert "You are not away" in words(await harness.service.away("guild-1", ALICE))
    assert "30 of 30" in words(await harness.service.away("guild-1", ALICE))
    await harness.service.away("guild-1", ALICE, days=20)
    shown = words(await harness.service.away("guild-1", ALICE))
    assert "You are away from" in shown and "10 of 30" in shown
    again = words(await harness.service.away("guild-1", ALICE, days=2))
    assert "already away" in again
    harness.clock.advance(days=5)
    assert "Your absence is over" in words(await harness.service.away("guild-1", ALICE, cancel=True))
    assert "25 of 30" in words(await harness.service.away("guild-1", ALICE))  # five days were taken
    refused = words(await harness.service.away("guild-1", ALICE, days=26))
    assert "Not enough days of absence left in 2026: you asked for 26, 25 of 30 are left." in refused
    assert "no absence to end" in words(await harness.service.away("guild-1", ALICE, cancel=True))


async def test_away_reads_dates_in_the_players_zone_and_refuses_what_is_not_one(harness):
    await harness.service.notify(ALICE, timezone="Europe/Amsterdam")
    answer = await harness.service.away("guild-1", ALICE, start="2026-03-10", until="2026-03-12")
    assert "You are away from" in words(answer)
    (row,) = await harness.repo.away_periods("alice")
    assert (row.start, row.until) == (datetime(2026, 3, 9, 23, tzinfo=UTC), datetime(2026, 3, 11, 23, tzinfo=UTC))
    await harness.service.away("guild-1", ALICE, cancel=True)
    assert await harness.repo.away_periods("alice") == [row.model_copy(update={"until": row.start})]  # called off
    for given, expected in (({"until": "12 March"}, "is not a date"), ({"until": "2026-02-30"}, "is not a date"),
                            ({"days": 0}, "is not a number of days"), ({"until": "2026-03-10", "days": 2}, "not both"),
                            ({"start": "2026-03-10"}, "Say when you are back"),
                            ({"until": "2026-02-01"}, "before it begins")):
        assert expected in words(await harness.service.away("guild-1", CAROL, **given)), given


async def test_an_absence_set_before_the_start_goes_into_the_match_and_vacation_off_ignores_it(harness):
    await harness.service.away("guild-1", BOB, days=2)
    match_id = await harness.started_match(time_control=TimeControl(per_move_hours=24, vacation=False))
    match = await harness.match(match_id)
    bob_seat = match.seat_of("bob")
    assert bob_seat in match.progress.away  # the record knows, and the others are told
    assert "Bob is away until" in words(await harness.service.status(PLACE, ALICE))
    (seat,) = match.to_act()
    assert match.deadline(seat) == match.progress.turn_started + DAY  # a league match: the deadline stays


async def test_a_militakiri_match_with_a_deadline_survives_a_vacation_without_a_loss(harness):
    """Section 24's correspondence time (48 h per move) stops while the player to move is away."""
    match_id = await start_militakiri(harness, time_control="48h")
    seat, mover, _waiting = await mover_and_waiting(harness, match_id)
    harness.clock.advance(hours=20)
    await harness.service.away("guild-1", mover, days=7)
    harness.clock.advance(days=8)  # the 48 hours would have run out six days ago
    await harness.scheduler.run_due()
    match = await harness.match(match_id)
    assert match.row.status == "active" and match.result() is None
    assert match.deadline(seat) == START + timedelta(days=9)  # 20 h before, 7 days away, 28 h after
    move = await harness.first_legal(match_id)
    played = await harness.service.submit(PLACE, mover, move)
    assert not played[0].target.ephemeral, words(played)
    assert (await harness.match(match_id)).to_act() == {1 - seat}


async def test_a_rulebook_clock_runs_on_while_the_player_is_away(harness):
    """Section 24's clock is the rules' own: an absence moves no clock."""
    match_id = await start_militakiri(harness, time_control="10m")
    seat, mover, _ = await mover_and_waiting(harness, match_id)
    before = (await harness.match(match_id)).deadline(seat)
    await harness.service.away("guild-1", mover, days=2)
    assert (await harness.match(match_id)).deadline(seat) == before


# ---------------------------------------------------------------- /match give-time


async def test_an_opponent_gives_a_day_once_a_turn_and_the_record_keeps_it(harness):
    match_id = await harness.started_match(time_control=TimeControl(per_move_hours=24))
    seat, mover, waiting = await mover_and_waiting(harness, match_id)
    before = (await harness.match(match_id)).deadline(seat)
    given = await harness.service.give_time(PLACE, waiting)
    assert not given[0].target.ephemeral and keys(given) == ["absence.time_given"]
    assert given[0].lines[0].params["hours"] == "24" and given[0].lines[0].params["player"] == mover.name
    assert (await harness.match(match_id)).deadline(seat) == before + DAY
    (entry,) = (await harness.repo.entries(match_id))[-1:]
    assert entry.event == ExtendEvent(seat=seat, seconds=86400, by=1 - seat)
    assert keys(await harness.service.give_time(PLACE, waiting)) == ["absence.gave_already"]
    assert keys(await harness.service.give_time(PLACE, mover)) == ["absence.give_time_self"]
    assert keys(await harness.service.give_time(PLACE, waiting, hours=5)) == ["absence.hours_for_organizers"]
    assert keys(await harness.service.give_time(PLACE, CAROL)) == ["core.not_seated"]
    await harness.service.submit(PLACE, mover, await harness.first_legal(match_id))
    after = await harness.match(match_id)
    assert after.progress.extra == {} and after.deadline(1 - seat) == after.progress.turn_started + DAY  # a new turn


async def test_an_organizer_extends_any_deadline_by_the_hours_given(harness):
    match_id = await harness.started_match(time_control=TimeControl(per_move_hours=24))
    seat, mover, _ = await mover_and_waiting(harness, match_id)
    before = (await harness.match(match_id)).deadline(seat)
    given = words(await harness.service.give_time(PLACE, ORGANIZER, hours=30))
    assert f"The organizer Olga gave {mover.name} 30 h more" in given
    assert (await harness.match(match_id)).deadline(seat) == before + timedelta(hours=30)
    assert "out of range" in words(await harness.service.give_time(PLACE, ORGANIZER, hours=100000))
    assert (await harness.repo.entries(match_id))[-1].event.by is None


async def test_the_history_lists_every_extension_with_who_gave_it(harness):
    """Time given by an opponent, an organizer's extension and a grace are each an event in the
    record, and /match history shows each with who gave it (English and Dutch)."""
    match_id = await harness.started_match(time_control=TimeControl(per_move_hours=24))
    _, mover, waiting = await mover_and_waiting(harness, match_id)
    await harness.service.give_time(PLACE, waiting)
    await harness.service.give_time(PLACE, ORGANIZER, hours=30)
    harness.clock.advance(hours=24 + 24 + 30, seconds=1)
    await harness.scheduler.run_due()  # the missed deadline: a grace
    english = Actor("erin", "Erin", "en")
    told = words(await harness.service.history(PLACE, english))
    assert f"{waiting.name} gave {mover.name} 24 h more" in told, told
    assert f"The organizer Olga gave {mover.name} 30 h more" in told, told
    assert f"{mover.name} missed the deadline: a grace moved it 24 h on" in told, told
    dutch = words(await harness.service.history(PLACE, Actor("dirk", "Dirk", "nl")))
    assert f"{waiting.name} gaf {mover.name} 24 u meer" in dutch, dutch
    assert f"De organisator Olga gaf {mover.name} 30 u meer" in dutch, dutch
    assert f"{mover.name} miste de termijn: uitstel schoof hem 24 u op" in dutch, dutch


def test_time_given_without_an_organizers_name_is_stored_as_it_always_was():
    """An organizer's extension names the organizer now; one without a name (every extension
    recorded before) dumps exactly as before, so the hashes of older records still hold."""
    assert json.loads(ExtendEvent(seat=0, seconds=60).model_dump_json()) == {"type": "extend", "seat": 0, "seconds": 60, "by": None}
    named = ExtendEvent(seat=0, seconds=60, name="Olga")
    assert ExtendEvent.model_validate_json(named.model_dump_json()) == named


async def test_give_time_needs_a_correspondence_deadline(harness):
    await harness.started_match()
    _, _, waiting = await mover_and_waiting(harness, 1)
    assert keys(await harness.service.give_time(PLACE, waiting)) == ["absence.no_deadline_to_extend"]


# -------------------------------------------------------------------- /match nudge


async def test_a_waiting_player_nudges_once_a_day_in_a_match_without_a_deadline(harness):
    match_id = await harness.started_match()
    _seat, mover, waiting = await mover_and_waiting(harness, match_id)
    sent = await harness.service.nudge(PLACE, waiting)
    assert keys(sent) == ["absence.nudge_sent", "absence.nudged_you"]
    (dm,) = [d for d in sent if isinstance(d.target, DirectMessage)]
    assert dm.target.user_id == mover.user_id and dm.lines[0].params["player"] == waiting.name
    harness.clock.advance(hours=23)
    too_soon = await harness.service.nudge(PLACE, waiting)
    assert too_soon[0].lines[0].key == "absence.nudge_too_soon"
    assert too_soon[0].lines[0].params["next"] == START + DAY
    assert keys(await harness.service.nudge(PLACE, mover)) == ["absence.nudge_own_turn"]
    harness.clock.advance(hours=1)
    assert keys(await harness.service.nudge(PLACE, waiting))[0] == "absence.nudge_sent"


async def test_no_nudge_in_a_match_with_a_deadline(harness):
    match_id = await harness.started_match(time_control=TimeControl(per_move_hours=24))
    _, _, waiting = await mover_and_waiting(harness, match_id)
    assert keys(await harness.service.nudge(PLACE, waiting)) == ["absence.nudge_has_deadline"]


# ------------------------------------------------------------------------- /notify


async def test_notify_shows_changes_and_refuses_bad_input_with_the_reason(harness):
    shown = words(await harness.service.notify(ALICE))
    assert "by direct message" in shown and "time zone: UTC" in shown and "quiet hours: off" in shown
    saved = words(await harness.service.notify(ALICE, how="ping", reminders="12h,1h", timezone="Europe/Amsterdam",
                                               quiet="23-08", digest="9"))
    assert "a ping in the match's channel" in saved and "12h, 1h" in saved and "23:00-08:00" in saved and "09:00" in saved
    for given, expected in (({"timezone": "Europe/Atlantis"}, "is not a time zone"), ({"quiet": "23"}, "are not quiet hours"),
                            ({"quiet": "25-08"}, "are not quiet hours"), ({"reminders": "soon"}, "are not reminder times"),
                            ({"reminders": "1h,2h,3h,4h,5h"}, "At most 4"), ({"digest": "noon"}, "not an hour"),
                            ({"how": "pigeon"}, "not a way to be told")):
        assert expected in words(await harness.service.notify(ALICE, **given)), given
    assert "Europe/Amsterdam" in words(await harness.service.notify(ALICE))  # nothing refused was stored


async def test_a_turn_notice_goes_the_way_each_player_chose(harness):
    match_id = await harness.started_match()  # no deadline: still a turn notice
    _seat, mover, waiting = await mover_and_waiting(harness, match_id)
    await harness.service.notify(waiting, how="ping")
    await harness.service.notify(mover, how="none")
    played = await harness.service.submit(PLACE, mover, await harness.first_legal(match_id))
    told = [d for d in played if isinstance(d.target, DirectMessage) or getattr(d.target, "ping", None)]
    (ping,) = told
    assert isinstance(ping.target, ChannelPost) and ping.target.ping == waiting.user_id
    assert keys([ping]) == ["absence.your_turn"]
    answered = await harness.service.submit(PLACE, waiting, await harness.first_legal(match_id))
    assert [d for d in answered if isinstance(d.target, DirectMessage) or getattr(d.target, "ping", None)] == []


async def test_quiet_hours_hold_a_turn_notice_to_their_end_and_a_restart_keeps_it(harness, tmp_path):
    await harness.service.notify(BOB, quiet="11-14")  # START is 12:00 UTC
    await harness.service.notify(ALICE, quiet="11-14")
    match_id = await harness.started_match()
    _seat, mover, _waiting = await mover_and_waiting(harness, match_id)
    started_dms = [d for d in harness.delivered if isinstance(d.target, DirectMessage)]
    assert started_dms == []
    (held,) = await harness.repo.due_notices(START + DAY)
    assert held.user_id == mover.user_id and held.due_at == START + timedelta(hours=2)
    harness.clock.advance(hours=1)
    await harness.scheduler.run_due()
    assert harness.delivered == []
    harness.clock.advance(hours=1)
    assert await harness.scheduler.seconds_to_next() == 0
    await harness.scheduler.run_due()
    (notice,) = harness.delivered
    assert notice.target == DirectMessage(mover.user_id, match_id) and keys([notice]) == ["absence.your_turn"]
    await harness.scheduler.run_due()
    assert len(harness.delivered) == 1  # sent once


async def test_own_reminders_are_timers_at_the_offsets_chosen(harness):
    await harness.service.notify(ALICE, reminders="12h,1h")
    await harness.service.notify(BOB, reminders="12h,1h")
    match_id = await harness.started_match(time_control=TimeControl(per_move_hours=24))
    seat, mover, _ = await mover_and_waiting(harness, match_id)
    deadline = (await harness.match(match_id)).deadline(seat)
    timers = [t for t in await harness.repo.due_timers(START + 2 * DAY) if t.kind == "reminder"]
    assert sorted(t.due_at for t in timers) == [deadline - timedelta(hours=12), deadline - timedelta(hours=1)]
    harness.clock.advance(hours=12)
    await harness.scheduler.run_due()
    (reminder,) = harness.delivered
    assert reminder.target == DirectMessage(mover.user_id, match_id)


async def test_the_daily_digest_lists_the_matches_waiting_and_comes_once_a_day(harness):
    match_id = await harness.started_match()
    _, mover, waiting = await mover_and_waiting(harness, match_id)
    await harness.service.notify(mover, digest="18")
    await harness.service.notify(waiting, digest="18")
    harness.clock.advance(hours=6)
    await harness.scheduler.run_due()
    (digest,) = harness.delivered  # the waiting player has nothing waiting: no message
    assert digest.target.user_id == mover.user_id
    assert keys([digest]) == ["absence.digest_head", "absence.digest_line"] and digest.lines[0].params["count"] == 1
    (next_one,) = [n for n in await harness.repo.due_notices(START + 3 * DAY) if n.user_id == mover.user_id]
    assert next_one.due_at == START + DAY + timedelta(hours=6)
    await harness.scheduler.run_due()
    assert len(harness.delivered) == 1


async def test_two_processes_send_a_due_notice_once(harness, tmp_path):
    """Two bots on one database (or one restarted after kill -9 between the claim and the send):
    the claim decides, so a notice goes at most once and the digest's next day is set in the
    same write."""
    from bot.storage.models import NoticeRow

    await harness.repo.add_notice(NoticeRow(user_id="alice", kind="digest", due_at=START))
    (notice,) = await harness.repo.due_notices(START)
    assert await harness.repo.claim_notice(notice, START + DAY)
    assert not await harness.repo.claim_notice(notice, START + DAY)  # the other process: taken
    (moved,) = await harness.repo.due_notices(START + DAY)
    assert moved.due_at == START + DAY


async def test_the_allowance_is_read_in_one_place_with_its_default(harness):
    """A server that set nothing, and a DM, allow the default (a server's own number:
    tests/bot/test_server_defaults.py)."""
    assert await absence.allowance_days(harness.service, "guild-1") == absence.ALLOWANCE_DAYS == 30
    assert await absence.allowance_days(harness.service, None) == 30


def test_the_servers_default_allowance_is_the_one_constant():
    """One source for the days of absence a year: the server's default is the constant that a DM
    allows, not a second 30 written beside it."""
    from bot.services import settings

    assert absence.ALLOWANCE_DAYS is settings.ALLOWANCE_DAYS
    assert settings.ServerSettings.model_fields["vacation_days"].default == settings.ALLOWANCE_DAYS


@pytest.mark.parametrize("language", ["en", "nl"])
def test_help_names_the_long_game_commands_and_no_file(language):
    """A Discord player cannot open a repository page: the help names the commands (``/notify``
    alone shows a player's own settings), not docs/long-games.md."""
    from bot.i18n import catalog
    from bot.services import guide

    (answer,) = guide.help_reply(language)
    text = "\n".join(catalog().render(line, language) for line in answer.lines)
    assert "`/away`" in text and "`/notify`" in text and "docs/" not in text and ".md" not in text


async def test_with_quiet_deadlines_no_deadline_falls_in_the_quiet_hours_of_the_player_to_move(harness):
    for player in (ALICE, BOB):
        await harness.service.notify(player, timezone="Europe/Amsterdam", quiet="23-08")
    control = time_control_from("custom", 12, schedule="quiet_deadlines on")
    match_id = await harness.started_match(time_control=control)
    seat, mover, _ = await mover_and_waiting(harness, match_id)
    match = await harness.match(match_id)
    assert "no deadline in the quiet hours" in words(await harness.service.status(PLACE, ALICE))
    # 12 hours after 12:00 UTC is 01:00 in Amsterdam: moved to 08:00 there (07:00 UTC).
    assert match.deadline(seat) == datetime(2026, 3, 2, 7, tzinfo=UTC)
    await harness.service.notify(mover, quiet="off")  # written into the record: the deadline is back
    assert (await harness.match(match_id)).deadline(seat) == START + timedelta(hours=12)
    await harness.service.notify(mover, quiet="22-06")
    assert (await harness.match(match_id)).deadline(seat) == datetime(2026, 3, 2, 5, tzinfo=UTC)
    plain = await harness.match(match_id)
    assert TimeControl(per_move_hours=12).quiet_deadlines is False and plain.progress.quiet  # off by default


async def test_quiet_hours_hold_for_the_turns_after_they_were_written(harness):
    # Written into the record at the start, they keep every later deadline out of the quiet
    # hours, not only the first one (the fold once dropped them at the next event).
    import random

    for player in (ALICE, BOB):
        await harness.service.notify(player, timezone="Europe/Amsterdam", quiet="23-08")
    control = time_control_from("custom", 12, schedule="quiet_deadlines on")
    match_id = await harness.started_match(time_control=control)
    quiet = dict((await harness.match(match_id)).progress.quiet)
    assert len(quiet) == 2
    await harness.play_random(match_id, random.Random(3), 3)
    assert (await harness.match(match_id)).progress.quiet == quiet


async def test_two_bots_on_one_database_send_a_digest_once_and_both_keep_the_next(harness, tmp_path):
    """A second bot (another process, or the first restarted after a kill -9) on the same file:
    whoever claims the due digest sends it; the other sends nothing; the next day is set once."""
    from bot.clock import ManualClock
    from bot.storage.sqlite import SqliteRepository
    from tests.bot.conftest import Harness

    match_id = await harness.started_match()
    _, mover, _ = await mover_and_waiting(harness, match_id)
    await harness.service.notify(mover, digest="13")
    second = Harness(await SqliteRepository.open(tmp_path / "scheids.sqlite3"), ManualClock(START + timedelta(hours=1)))
    try:
        harness.clock.advance(hours=1)
        await harness.scheduler.run_due()
        await second.scheduler.run_due()
        digests = [d for d in harness.delivered + second.delivered if keys([d])[:1] == ["absence.digest_head"]]
        assert len(digests) == 1
        (next_one,) = [n for n in await second.repo.due_notices(START + 3 * DAY) if n.kind == "digest"]
        assert next_one.due_at == START + DAY + timedelta(hours=1)
    finally:
        await second.repo.close()


async def test_a_game_that_sets_its_own_time_keeps_quiet_deadlines_asked_for(harness):
    """Militakiri's rulebook sets its time, and the match's other time options are kept with it:
    quiet deadlines were accepted (they set no time) and then dropped without a word."""
    from bot.services.time_control import TimeControl

    await harness.service.create(PLACE, ALICE, "militakiri", {"time_control": "48h"}, opponent=BOB,
                                 time_control=TimeControl(quiet_deadlines=True, grace=2))
    row = await harness.repo.live_match_in(PLACE.channel_id)
    assert row.time_control.get("quiet_deadlines") is True and row.time_control["grace"] == 2
    assert row.time_control["per_move_hours"] == 48
