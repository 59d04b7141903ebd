"""A computer opponent: seated and started by ``/match create opponent:computer``, it
answers through the same services as a person, and a restart in the middle of its thinking
loses nothing: the record says it owes a move, and ``Services.start`` picks it up."""

from __future__ import annotations

import asyncio

from bot.services.people import computer_actor, computer_level
from bot.wiring import open_services
from engines.core.record import MoveEvent
from tests.bot.conftest import ALICE, BOB, CAROL, PLACE, words

FAST = {"render_workers": 0, "computer_workers": 0, "computer_delay": 0.0, "computer_seconds": 0.5}


async def _ignore(deliveries) -> None:
    return None


async def _moves_by(services, match_id: int, user_id: str) -> list[MoveEvent]:
    match = await services.matches.book.load(match_id)
    seat = match.seat_of(user_id)
    entries = await services.repo.entries(match_id)
    return [e.event for e in entries if isinstance(e.event, MoveEvent) and e.event.seat == seat]


async def _play_until_alice_moved(services, match_id: int) -> None:
    """Alice plays the first legal move whenever it is her turn, until she has moved once."""
    for _ in range(10):
        await services.computer.idle()
        match = await services.matches.book.load(match_id)
        seat = match.seat_of(ALICE.user_id)
        if seat in match.to_act():
            move = match.engine.legal_moves(match.state, seat)[0]
            await services.matches.submit(PLACE, ALICE, match.engine.format_move(move, match.state))
            await services.computer.idle()
            return
    raise AssertionError("Alice never got the move")


async def test_the_computer_takes_its_seat_and_answers_moves(tmp_path) -> None:
    services = await open_services(str(tmp_path / "db.sqlite3"), _ignore, **FAST)
    try:
        await services.start()
        out = await services.matches.create(PLACE, ALICE, "heroes_cities", opponent=computer_actor("easy"))
        assert out
        row = await services.repo.live_match_in(PLACE.channel_id)
        assert row is not None and row.status == "active"
        await _play_until_alice_moved(services, row.id)
        computer = computer_actor("easy").user_id
        assert computer_level(computer) == "easy"
        assert await _moves_by(services, row.id, computer), "the computer never moved"
        match = await services.matches.book.load(row.id)
        assert match.seat_of(ALICE.user_id) in match.to_act() or match.result() is not None
    finally:
        await services.close()


async def test_a_restart_mid_think_resumes_the_computer(tmp_path) -> None:
    database = str(tmp_path / "db.sqlite3")
    stuck = asyncio.Event()

    async def never(seconds: float) -> None:  # the computer is cut off before it answers
        stuck.set()
        await asyncio.Event().wait()

    services = await open_services(database, _ignore, **FAST)
    services.computer.sleep = never
    try:
        await services.start()
        await services.matches.create(PLACE, ALICE, "militakiri", opponent=computer_actor("easy"))
        row = await services.repo.live_match_in(PLACE.channel_id)
        await asyncio.wait_for(stuck.wait(), 60)  # militakiri: both seats choose a setup at once
        computer = computer_actor("easy").user_id
        assert not await _moves_by(services, row.id, computer)
    finally:
        await services.close()
    services = await open_services(database, _ignore, **FAST)
    try:
        await services.start()
        await services.computer.idle()
        assert await _moves_by(services, row.id, computer), "the computer did not resume after the restart"
    finally:
        await services.close()


async def test_the_computer_fills_the_empty_seats_of_an_axis_and_allies_match(tmp_path) -> None:
    services = await open_services(str(tmp_path / "db.sqlite3"), _ignore, **FAST)
    services.computer.stopped = True  # only the seating is looked at here
    try:
        await services.matches.create(PLACE, ALICE, "axis_allies", opponent=computer_actor("normal"), players=3)
        row = await services.repo.live_match_in(PLACE.channel_id)
        seats = await services.repo.seats(row.id)
        assert row.status == "active"
        assert [computer_level(s.user_id) for s in seats] == [None, "normal", "normal"]
    finally:
        await services.close()


async def test_starting_with_the_computer_fills_the_seats_people_left_empty(tmp_path) -> None:
    """A five-seat Axis & Allies table with three people: ``/match start computer:hard`` seats the
    computer in the two empty seats (after the people, in seat order) and starts."""
    services = await open_services(str(tmp_path / "db.sqlite3"), _ignore, **FAST)
    services.computer.stopped = True  # only the seating is looked at here
    try:
        await services.matches.create(PLACE, ALICE, "axis_allies")
        await services.matches.join(PLACE, BOB)
        await services.matches.join(PLACE, CAROL)
        out = await services.matches.start(PLACE, ALICE, "hard")
        row = await services.repo.live_match_in(PLACE.channel_id)
        seats = await services.repo.seats(row.id)
        assert row.status == "active"
        assert [s.user_id for s in seats][:3] == ["alice", "bob", "carol"]
        assert [computer_level(s.user_id) for s in seats] == [None, None, None, "hard", "hard"]
        assert len({s.user_id for s in seats}) == 5
        said = words(out)
        assert "Computer (hard) joins" in said and "Computer (hard) 2 joins" in said
    finally:
        await services.close()


async def test_filling_to_a_number_of_players_and_its_refusals(tmp_path) -> None:
    services = await open_services(str(tmp_path / "db.sqlite3"), _ignore, **FAST)
    services.computer.stopped = True
    try:
        await services.matches.create(PLACE, ALICE, "axis_allies")
        await services.matches.join(PLACE, BOB)
        refused = words(await services.matches.start(PLACE, ALICE, None, 4))
        assert "give `computer:` a level" in refused
        refused = words(await services.matches.start(PLACE, ALICE, "hard", 6))
        assert "cannot fill this Axis & Allies match to 6 players: 2 seated now, so choose from 2 to 5" in refused
        refused = words(await services.matches.start(PLACE, ALICE, "impossible", 3))
        assert "no computer level `impossible`" in refused
        refused = words(await services.matches.start(PLACE, BOB, "easy", 3))
        assert "Alleen Alice" in refused  # Bob reads Dutch
        row = await services.repo.live_match_in(PLACE.channel_id)
        assert row.status == "open" and len(await services.repo.seats(row.id)) == 2
        await services.matches.start(PLACE, ALICE, "easy", 3)
        seats = await services.repo.seats(row.id)
        assert [computer_level(s.user_id) for s in seats] == [None, None, "easy"]
        assert (await services.repo.live_match_in(PLACE.channel_id)).status == "active"
    finally:
        await services.close()


async def test_a_two_player_game_filled_by_the_computer_plays_on(tmp_path) -> None:
    services = await open_services(str(tmp_path / "db.sqlite3"), _ignore, **FAST)
    try:
        await services.start()
        await services.matches.create(PLACE, ALICE, "heroes_cities")
        await services.matches.start(PLACE, ALICE, "easy")
        row = await services.repo.live_match_in(PLACE.channel_id)
        assert row.status == "active"
        await _play_until_alice_moved(services, row.id)
        assert await _moves_by(services, row.id, computer_actor("easy").user_id), "the computer never moved"
    finally:
        await services.close()
