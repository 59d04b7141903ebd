"""A missed correspondence deadline is forgiven once (grace: the player and the table are warned,
the deadline moves on once) before it counts; then the loss on time, or the computer with
``absent: computer``. A clock's end gets no grace. ``/autopilot`` hands a seat to the computer until
its player's next command, and ``/match substitute`` hands it to another person."""

from __future__ import annotations

from bot.services.delivery import ChannelPost, DirectMessage
from bot.services.people import Actor
from bot.services.time_control import TimeControl
from bot.wiring import open_services
from engines.core.record import AutopilotEvent, GraceEvent, HolderEvent, MoveEvent, TimeoutEvent
from tests.bot.conftest import ALICE, BOB, CAROL, PLACE, SEED, words
from tests.bot.test_computer_seat import FAST, _ignore

DAVE = Actor("dave", "Dave", "en")


async def events_of(harness, match_id: int, kind) -> list:
    return [e.event for e in await harness.repo.entries(match_id) if isinstance(e.event, kind)]


async def test_a_missed_deadline_is_forgiven_once_then_counts(harness) -> None:
    match_id = await harness.started_match(time_control=TimeControl(per_move_hours=24))
    mover = await harness.to_move(match_id)
    seat = (await harness.match(match_id)).seat_of(mover.user_id)
    harness.clock.advance(hours=24, seconds=1)
    await harness.scheduler.run_due()
    row = await harness.repo.get_match(match_id)
    assert row.status == "active"
    assert await events_of(harness, match_id, GraceEvent) == [GraceEvent(seat=seat, hours=24.0)]
    told = harness.delivered
    table = [d for d in told if isinstance(d.target, ChannelPost)]
    dm = [d for d in told if isinstance(d.target, DirectMessage) and d.target.user_id == mover.user_id]
    assert "missed the deadline. Grace: the deadline moves to" in words(table)
    assert dm and ("one extension" in words(dm) or "uitstel" in words(dm))
    match = await harness.match(match_id)
    assert match.deadline(seat) == match.progress.turn_started + 2 * TimeControl(per_move_hours=24).per_move
    # The second miss counts.
    harness.clock.advance(hours=24)
    await harness.scheduler.run_due()
    row = await harness.repo.get_match(match_id)
    assert row.status == "finished"
    assert len(await events_of(harness, match_id, TimeoutEvent)) == 1
    assert len(await events_of(harness, match_id, GraceEvent)) == 1


async def test_a_missed_daily_deadline_is_forgiven_once_by_a_day(harness) -> None:
    """A daily deadline (``deadline: daily HH:MM``) is a correspondence deadline: its first miss
    is forgiven as the per-move one is, and the deadline moves on one period, a day (it was taken
    for a clock's end: the loss on time at the first miss)."""
    match_id = await harness.started_match(time_control=TimeControl(daily="18:00"))
    mover = await harness.to_move(match_id)
    seat = (await harness.match(match_id)).seat_of(mover.user_id)
    first = (await harness.match(match_id)).deadline(seat)
    assert first is not None
    harness.clock.advance(seconds=(first - harness.clock.now()).total_seconds() + 1)
    await harness.scheduler.run_due()
    assert (await harness.repo.get_match(match_id)).status == "active"
    assert await events_of(harness, match_id, GraceEvent) == [GraceEvent(seat=seat, hours=24.0)]
    assert not await events_of(harness, match_id, TimeoutEvent)
    assert (await harness.match(match_id)).deadline(seat) == first + TimeControl(per_move_hours=24).per_move
    harness.clock.advance(hours=24)
    await harness.scheduler.run_due()
    assert (await harness.repo.get_match(match_id)).status == "finished"
    assert len(await events_of(harness, match_id, TimeoutEvent)) == 1


async def test_a_deadline_moved_by_time_given_keeps_its_grace(harness) -> None:
    """Time given by an opponent moves the correspondence deadline; missing the moved deadline is
    still a missed correspondence deadline, forgiven once, not the loss on time."""
    match_id = await harness.started_match(time_control=TimeControl(per_move_hours=24))
    mover = await harness.to_move(match_id)
    waiting = ALICE if mover.user_id == BOB.user_id else BOB
    seat = (await harness.match(match_id)).seat_of(mover.user_id)
    await harness.service.give_time(PLACE, waiting)
    harness.clock.advance(hours=48, seconds=1)
    await harness.scheduler.run_due()
    assert await events_of(harness, match_id, GraceEvent) == [GraceEvent(seat=seat, hours=24.0)]
    assert not await events_of(harness, match_id, TimeoutEvent)
    assert (await harness.repo.get_match(match_id)).status == "active"


async def test_a_grace_lets_a_late_move_through(harness) -> None:
    """The player who comes back after the deadline (before the scheduler looked) gets the grace and
    the move is played."""
    match_id = await harness.started_match(time_control=TimeControl(per_move_hours=24))
    mover = await harness.to_move(match_id)
    harness.clock.advance(hours=30)
    move = await harness.first_legal(match_id)
    out = await harness.service.submit(PLACE, mover, move)
    assert not out[0].target.ephemeral, words(out)
    assert len(await events_of(harness, match_id, GraceEvent)) == 1
    assert (await harness.repo.get_match(match_id)).status == "active"


async def test_grace_zero_loses_at_once(harness) -> None:
    match_id = await harness.started_match(time_control=TimeControl(per_move_hours=24, grace=0))
    harness.clock.advance(hours=24, seconds=1)
    await harness.scheduler.run_due()
    assert (await harness.repo.get_match(match_id)).status == "finished"
    assert not await events_of(harness, match_id, GraceEvent)


async def test_a_clock_gets_no_grace(harness) -> None:
    """Grace is for the correspondence deadline: a player whose clock runs out loses."""
    match_id = await harness.started_match(time_control=TimeControl(clock_minutes=10))
    harness.clock.advance(minutes=10, seconds=1)
    await harness.scheduler.run_due()
    assert (await harness.repo.get_match(match_id)).status == "finished"
    assert not await events_of(harness, match_id, GraceEvent)


async def test_militakiri_with_a_deadline_survives_a_grace(harness) -> None:
    """Militakiri's rulebook correspondence time (48 hours a move) has the grace; a move within the
    extension keeps the match going."""
    await harness.service.create(PLACE, ALICE, "militakiri", {"board": "double", "time_control": "48h"}, opponent=BOB)
    await harness.service.join(PLACE, BOB)
    await harness.service.start(PLACE, ALICE)
    match_id = (await harness.repo.live_match_in(PLACE.channel_id)).id
    match = await harness.match(match_id)
    seat = min(match.to_act())
    mover = {"alice": ALICE, "bob": BOB}[match.seats[seat].user_id]
    harness.clock.advance(hours=48, seconds=1)
    await harness.scheduler.run_due()
    assert len(await events_of(harness, match_id, GraceEvent)) == 1
    harness.clock.advance(hours=47)
    match = await harness.match(match_id)
    move = match.engine.format_move(match.engine.legal_moves(match.state, seat)[0], match.state)
    out = await harness.service.submit(PLACE, mover, move)
    assert "Recorded, seen only by you" in words(out)  # a setup: secret until both have chosen
    assert len(await events_of(harness, match_id, MoveEvent)) == 1
    assert (await harness.repo.get_match(match_id)).status == "active"


async def test_absent_computer_takes_the_seat_after_the_grace(harness) -> None:
    match_id = await harness.started_match(time_control=TimeControl(per_move_hours=24, absent="computer"))
    seat = (await harness.match(match_id)).seat_of((await harness.to_move(match_id)).user_id)
    harness.clock.advance(hours=24, seconds=1)
    await harness.scheduler.run_due()
    harness.clock.advance(hours=24)
    await harness.scheduler.run_due()
    assert await events_of(harness, match_id, AutopilotEvent) == [AutopilotEvent(seat=seat, level="normal", why="absent")]
    assert "the computer plays the seat from now on" in words(harness.delivered)
    match = await harness.match(match_id)
    assert match.row.status == "active" and match.progress.meta.autopilot == {seat: "normal"}
    # No timer times the computer out, and nothing more fires.
    harness.clock.advance(hours=100)
    assert await harness.scheduler.run_due() == 0
    assert not await events_of(harness, match_id, TimeoutEvent)


async def test_autopilot_plays_and_a_command_takes_the_seat_back(tmp_path) -> None:
    services = await open_services(str(tmp_path / "db.sqlite3"), _ignore, seed_source=lambda: SEED, **FAST)
    try:
        await services.start()
        m = services.matches
        await m.create(PLACE, ALICE, "heroes_cities", opponent=BOB)
        await m.join(PLACE, BOB)
        await m.start(PLACE, ALICE)
        match_id = (await services.repo.live_match_in(PLACE.channel_id)).id
        match = await m.book.load(match_id)
        assert match.to_act() == {1}  # Bob moves first with this seed: he hands his seat over
        out = await m.autopilot(PLACE, BOB, "easy")
        assert "The computer (easy) plays for Bob now" in words(out)
        await services.computer.idle()
        entries = await services.repo.entries(match_id)
        bobs = [e.event for e in entries if isinstance(e.event, MoveEvent) and e.event.seat == 1]
        assert bobs, "the computer did not play Bob's move"
        history = words(await m.history(PLACE, ALICE))
        assert "Bob (the computer)" in history
        # Alice moves; the computer answers for Bob again; then Bob's own command takes the seat back.
        match = await m.book.load(match_id)
        move = match.engine.format_move(match.engine.legal_moves(match.state, 0)[0], match.state)
        await m.submit(PLACE, ALICE, move)
        await services.computer.idle()
        assert len([e for e in await services.repo.entries(match_id) if isinstance(e.event, MoveEvent) and e.event.seat == 1]) == 2
        await m.status(PLACE, BOB)  # a look only: not a command on the seat
        await m.offer_draw(PLACE, BOB)
        back = [e.event for e in await services.repo.entries(match_id) if isinstance(e.event, AutopilotEvent)]
        assert back[-1] == AutopilotEvent(seat=1, level=None, why="back")
        assert not (await m.book.load(match_id)).progress.meta.autopilot
    finally:
        await services.close()


async def test_autopilot_refusals(harness) -> None:
    match_id = await harness.started_match()
    assert "no computer level `clever`" in words(await harness.service.autopilot(PLACE, ALICE, "clever"))
    assert "no seat" in words(await harness.service.autopilot(PLACE, CAROL, "easy"))
    past = harness.clock.now().replace(year=2020)
    assert "already passed" in words(await harness.service.autopilot(PLACE, ALICE, "easy", past))
    assert not (await harness.match(match_id)).progress.meta.autopilot


async def test_a_substitute_takes_the_seat_with_the_button(harness) -> None:
    match_id = await harness.started_match()
    assert (await harness.match(match_id)).to_act() == {1}  # Bob moves first with this seed
    asked = await harness.service.substitute(PLACE, BOB, BOB, DAVE)
    assert "Bob asks Dave to take over the seat of Bob" in words(asked)
    (button,) = [b for d in asked for b in d.buttons]
    assert button.kind == "team_substitute" and button.text == "1:dave"
    seat, user = button.text.split(":")
    refused = await harness.service.accept_substitute(match_id, CAROL, int(seat), user)
    assert "offered to someone else" in words(refused)
    taken = await harness.service.accept_substitute(match_id, DAVE, int(seat), user)
    assert "Dave takes over the seat of Bob" in words(taken)
    assert any(isinstance(d.target, DirectMessage) and d.target.user_id == "dave" for d in taken)
    match = await harness.match(match_id)
    assert match.seat_of("dave") == 1 and match.seat_of("bob") is None
    assert await events_of(harness, match_id, HolderEvent) == [HolderEvent(
        seat=1, user_id="dave", name="Dave", why="substitute", by="bob", by_name="Bob", left="Bob")]
    out = await harness.service.submit(PLACE, DAVE, await harness.first_legal(match_id))
    assert "Dave played" in words(out)
    assert "Dave:" in words(await harness.service.history(PLACE, DAVE))
    # The same button again: the seat changed hands since it was made.
    again = await harness.service.accept_substitute(match_id, DAVE, int(seat), user)
    assert "out of date" in words(again) or "already play" in words(again)


async def test_games_lists_a_substituted_seat_for_its_new_player(harness) -> None:
    """After a substitution, /games lists the match for the new player (waiting on them, with the
    deadline) and no longer for the player who left; the autocomplete of matches names them."""
    match_id = await harness.started_match(time_control=TimeControl(per_move_hours=24))
    asked = await harness.service.substitute(PLACE, BOB, BOB, DAVE)
    (button,) = [b for d in asked for b in d.buttons]
    seat, user = button.text.split(":")
    await harness.service.accept_substitute(match_id, DAVE, int(seat), user)
    listed = words(await harness.service.my_games(PLACE.guild_id, DAVE))
    assert "Your matches (1)" in listed and "your move" in listed, listed
    assert "geen lopende partijen" in words(await harness.service.my_games(PLACE.guild_id, BOB))  # Bob reads Dutch
    choices = await harness.service.my_match_choices(DAVE, "")
    assert [(number, "Dave" in name and "Bob" not in name) for number, name in choices] == [(match_id, True)]


async def test_substitute_refusals(harness) -> None:
    await harness.started_match()
    assert "Only Alice or an organizer" in words(await harness.service.substitute(PLACE, CAROL, ALICE, DAVE))
    assert "Carol has no seat" in words(await harness.service.substitute(PLACE, ALICE, CAROL, DAVE))
    assert "already play" in words(await harness.service.substitute(PLACE, ALICE, ALICE, BOB))
    organizer = Actor("olga", "Olga", "en", is_admin=True)
    asked = await harness.service.substitute(PLACE, organizer, ALICE, DAVE)
    assert "Olga asks Dave" in words(asked)
