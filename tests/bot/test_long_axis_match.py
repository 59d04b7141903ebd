"""A five-player Axis & Allies match that outlives its players' lives, played to its end on a hand-
moved clock: Germany's player is substituted, the UK's resigns and an ally takes the seat over,
Japan's misses a deadline twice (a grace, then the computer plays on with ``absent: computer``),
and the round limit ends it. The record says who played what."""

from __future__ import annotations

from bot.clock import ManualClock
from bot.services.people import Actor
from bot.services.time_control import TimeControl
from bot.wiring import open_services
from engines.core.record import AutopilotEvent, AwayEvent, GraceEvent, HolderEvent, MoveEvent, TeamChoiceEvent
from tests.bot.conftest import ALICE, BOB, CAROL, PLACE, SEED, START, words
from tests.bot.test_computer_seat import FAST, _ignore

DAVE = Actor("dave", "Dave", "en")
ERIN = Actor("erin", "Erin", "en")
FRANK = Actor("frank", "Frank", "en")
PEOPLE = {a.user_id: a for a in (ALICE, BOB, CAROL, DAVE, ERIN, FRANK)}


async def test_a_five_player_match_survives_a_substitute_a_resignation_an_absence_and_a_week_away(tmp_path) -> None:
    clock = ManualClock(START)
    services = await open_services(str(tmp_path / "db.sqlite3"), _ignore, clock=clock, seed_source=lambda: SEED, **FAST)
    m = services.matches
    try:
        await services.start()
        control = TimeControl(per_move_hours=1, absent="computer")
        await m.create(PLACE, ALICE, "axis_allies", {"round_limit": 1}, time_control=control)
        for actor in (BOB, CAROL, DAVE, ERIN):
            await m.join(PLACE, actor)
        await m.start(PLACE, ALICE)
        match_id = (await services.repo.live_match_in(PLACE.channel_id)).id

        async def ends_while(seat: int) -> None:
            """The seat's holder ends each phase while ``seat`` is to act (nothing bought, no
            attack); a question the computer's attack put to it is answered with its first choice."""
            for _ in range(40):
                match = await m.book.load(match_id)
                if seat not in match.to_act():
                    return
                player = PEOPLE[match.seats[seat].user_id]
                out = await m.submit(PLACE, player, "end")
                if out[0].target.ephemeral:
                    _, choices = await m.legal_texts_at(PLACE, player)
                    assert choices, words(out)
                    out = await m.submit(PLACE, player, choices[0])
                assert not out[0].target.ephemeral, words(out)
            raise AssertionError("the turn did not end")

        await ends_while(0)  # the USSR
        # Germany: Bob hands his seat to Frank, who accepts.
        asked = await m.substitute(PLACE, BOB, BOB, FRANK)
        (button,) = [b for d in asked for b in d.buttons]
        await m.accept_substitute(match_id, FRANK, 1, "frank")
        await ends_while(1)
        # The UK: Carol resigns; her ally Alice takes the seat over and plays it.
        await m.resign(PLACE, CAROL)
        assert (await m.book.load(match_id)).result() is None
        await m.team_choice(match_id, ALICE, "takeover")
        await ends_while(2)
        # Erin (the USA, to play last) goes away for a week: her deadline waits for her return.
        await m.away(PLACE.guild_id, ERIN, days=7)
        # Japan: Dave is away without saying so. The deadline passes: a grace; it passes again: the computer plays.
        assert (await m.book.load(match_id)).to_act() == {3}
        clock.advance(hours=1, seconds=1)
        await services.scheduler.run_due()
        clock.advance(hours=1, seconds=1)
        await services.scheduler.run_due()
        for _ in range(200):  # bounded by the moves of a turn, not by time
            await services.computer.idle()
            match = await m.book.load(match_id)
            if 3 not in match.to_act():
                break
        assert 3 not in match.to_act()
        for _ in range(40):  # the battles the computer's Japan began ask their defenders first
            await services.computer.idle()
            match = await m.book.load(match_id)
            if match.result() is not None or match.to_act() == {4}:
                break
            for other in sorted(match.to_act() - set(match.progress.meta.autopilot)):
                await ends_while(other)
        clock.advance(days=3)  # three days into Erin's week away: no grace, no loss, no computer
        await services.scheduler.run_due()
        match = await m.book.load(match_id)
        assert match.to_act() == {4} and 4 not in match.progress.meta.autopilot and match.result() is None
        for _ in range(40):  # the USA's turn (the round, and with it the match, ends), and any
            await services.computer.idle()  # question a battle puts to another player meanwhile
            match = await m.book.load(match_id)
            if match.result() is not None:
                break
            for other in sorted(match.to_act() - set(match.progress.meta.autopilot)):
                await ends_while(other)
        match = await m.book.load(match_id)
        assert match.result() is not None and match.result().draw and match.row.status == "finished"

        events = [e.event for e in await services.repo.entries(match_id)]
        assert [e for e in events if isinstance(e, GraceEvent)] == [GraceEvent(seat=3, hours=1.0)]
        assert [e.seat for e in events if isinstance(e, AwayEvent)] == [4]
        assert [e for e in events if isinstance(e, AutopilotEvent)] == [AutopilotEvent(seat=3, level="normal", why="absent")]
        assert [e for e in events if isinstance(e, TeamChoiceEvent)] == [TeamChoiceEvent(seat=2, choice="takeover", by=0)]
        holders = [(e.seat, e.user_id, e.why) for e in events if isinstance(e, HolderEvent)]
        assert holders == [(1, "frank", "substitute"), (2, "alice", "team")]
        assert any(isinstance(e, MoveEvent) and e.seat == 3 for e in events), "the computer played Japan"
        history = words(await m.history(PLACE, ERIN, 2))
        assert "The computer played this turn for Dave" in history
    finally:
        await services.close()
