"""Militakiri through the services: its own time controls, points and rank status, reach drawings."""

from __future__ import annotations

import random

from bot.services.delivery import ChannelPost
from bot.services.people import Place
from tests.bot.conftest import ALICE, BOB, PLACE, words


async def start_militakiri(harness, place: Place = PLACE, **options) -> int:
    await harness.service.create(place, ALICE, "militakiri", options, opponent=BOB)
    await harness.service.join(place, BOB)
    await harness.service.start(place, ALICE)
    await harness.service.submit(place, ALICE, "setup random")
    await harness.service.submit(place, BOB, "setup random")
    return (await harness.repo.live_match_in(place.channel_id)).id


async def test_setups_are_secret_until_both_chose(harness):
    await harness.service.create(PLACE, ALICE, "militakiri", opponent=BOB)
    await harness.service.join(PLACE, BOB)
    await harness.service.start(PLACE, ALICE)
    first = await harness.service.submit(PLACE, ALICE, "towers a1 b2 c3")
    mine, public = first[0], first[1]
    assert mine.target.ephemeral and "towers a1 b2 c3" in words([mine])
    assert isinstance(public.target, ChannelPost) and "made a secret move" in words([public])
    assert "a1" not in words([public])
    history = words(await harness.service.history(PLACE, BOB))
    assert "a1" not in history


async def test_section_24_clock_runs_out_and_points_follow_sections_22_and_25(harness):
    """A 10-minute clock (section 24) runs out: the loser is a Starter and loses nothing (25),
    the winner gets 10 points (22)."""
    match_id = await start_militakiri(harness, time_control="10m")
    row = await harness.repo.get_match(match_id)
    assert row.time_control == {"per_move_hours": 0.0, "clock_minutes": 10.0}
    match = await harness.match(match_id)
    (seat,) = match.to_act()
    harness.clock.advance(minutes=10, seconds=1)
    await harness.scheduler.run_due()
    row = await harness.repo.get_match(match_id)
    assert row.status == "finished" and row.result["reason"] == "core.timeout"
    loser, winner = match.seats[seat].user_id, match.seats[1 - seat].user_id
    assert (await harness.repo.rating("guild-1", winner, "militakiri", "single")).points == 10
    assert (await harness.repo.rating("guild-1", loser, "militakiri", "single")).points == 0
    ending = words(harness.delivered)
    assert "10 points (+10)" in ending and "Starter" in ending


async def test_leaderboard_and_profile_after_a_resignation(harness):
    await start_militakiri(harness)
    await harness.service.resign(PLACE, BOB)
    table = words(await harness.service.leaderboard("guild-1", ALICE, "militakiri", "single"))
    assert "1. Alice: 10" in table and "2. Bob: 0" in table
    # The rating table keeps the rulebook's points and rank status beside each rating.
    rated = words(await harness.service.leaderboard("guild-1", ALICE, "militakiri"))
    assert "1. Alice: 1662? ±290, 1-0-0; 10 points (Starter)" in rated
    profile = words(await harness.service.profile("guild-1", ALICE))
    assert "Militakiri (single): 10 points" in profile and "Militakiri: rating 1662? (deviation 290), 1 played" in profile
    double = words(await harness.service.leaderboard("guild-1", ALICE, "militakiri", "double"))
    assert "Nobody has played" in double


async def test_common_time_options_are_refused(harness):
    from bot.services.time_control import TimeControl

    refused = await harness.service.create(PLACE, ALICE, "militakiri", time_control=TimeControl(per_move_hours=24))
    assert "time_control" in words(refused)


async def test_reach_is_drawn_below_beginneling(harness):
    match_id = await start_militakiri(harness)
    match = await harness.match(match_id)
    (seat,) = match.to_act()
    mover = ALICE if match.seats[seat].user_id == "alice" else BOB
    view = match.engine.view(match.state, seat)
    own = next(p.square for p in _pieces(view) if p.owner == seat)
    shown = await harness.service.my_view(mover, place=PLACE, piece=own)
    assert shown[0].attachments, words(shown)


async def test_view_of_a_square_that_shows_nothing_says_why(harness):
    """`/view piece:zz99` ignored the bad square silently (a plain view came back)."""
    match_id = await start_militakiri(harness)
    match = await harness.match(match_id)
    (seat,) = match.to_act()
    mover = ALICE if match.seats[seat].user_id == "alice" else BOB
    (bad,) = await harness.service.my_view(mover, place=PLACE, piece="zz99")
    assert not bad.attachments and bad.target.ephemeral
    expected = {"en": "`zz99` is not a square of this board (a1 to f12)", "nl": "`zz99` is geen veld van dit bord (a1 tot f12)"}
    assert expected[mover.language] in words([bad])
    view = match.engine.view(match.state, seat)
    theirs = next(p.square for p in _pieces(view) if p.owner != seat)
    (other,) = await harness.service.my_view(mover, place=PLACE, piece=theirs)
    assert not other.attachments and theirs in words([other])


async def test_a_whole_single_board_game_through_the_service(harness):
    match_id = await start_militakiri(harness, quiet_move_limit=40)
    played = await harness.play_random(match_id, random.Random(5), 3000)
    assert played < 3000
    assert (await harness.repo.get_match(match_id)).status == "finished"


def _pieces(view):
    for name in ("pieces", "squares", "cells"):
        if hasattr(view, name):
            return [p for p in getattr(view, name) if getattr(p, "owner", None) is not None]
    raise AssertionError("no pieces in the view")


async def test_the_picture_keeps_the_clocks_before_the_setup_how_to(harness):
    """The picture's status panel cuts a long status at its end: the setup's how-to (long) comes
    after the clocks there, so the clocks stay readable while both players choose their towers."""
    from bot.services import presenter

    await harness.service.create(PLACE, ALICE, "militakiri", opponent=BOB)
    await harness.service.join(PLACE, BOB)
    await harness.service.start(PLACE, ALICE)
    match = await harness.match((await harness.repo.live_match_in(PLACE.channel_id)).id)
    status = presenter.labels(match, "en", harness.clock.now()).status
    assert "Clocks:" in status and "Each player first places their towers" in status
    assert status.index("Clocks:") < status.index("Each player first places their towers")


async def test_a_move_the_wrong_way_names_the_piece(harness):
    """Section 5: "Een plus beweegt horizontaal of verticaal ... een kruis diagonaal". A newcomer
    who moves a cross pawn straight is told which piece stands there (they had taken it for a
    plus, and were told only what each shape does). `x` onto an empty square is read as a move
    (the notation's rule: the board tells), so the same answer names the piece there too.
    Alice reads English, Bob Dutch."""
    await harness.service.create(PLACE, ALICE, "militakiri", opponent=BOB)
    await harness.service.join(PLACE, BOB)
    await harness.service.start(PLACE, ALICE)
    await harness.service.submit(PLACE, ALICE, "towers b1 d2 c3")  # b3 a cross pawn, a3 a plus pawn
    await harness.service.submit(PLACE, BOB, "towers f12 d11 b10")  # c10 a cross pawn, d10 a plus pawn
    match = await harness.match((await harness.repo.live_match_in(PLACE.channel_id)).id)
    (seat,) = match.to_act()
    if seat == 0:
        straight = words(await harness.service.submit(PLACE, ALICE, "b3-b4"))
        empty = words(await harness.service.submit(PLACE, ALICE, "a3xb4"))
        assert "The cross pawn on b3 cannot move that way to b4" in straight
        assert "The plus pawn on a3 cannot move that way to b4" in empty
    else:
        straight = words(await harness.service.submit(PLACE, BOB, "c10-c9"))
        empty = words(await harness.service.submit(PLACE, BOB, "d10xe9"))
        assert "De kruis pion op c10 kan zo niet naar c9 bewegen" in straight
        assert "De plus pion op d10 kan zo niet naar e9 bewegen" in empty
