"""Teams win and lose as a whole (Axis & Allies: the Axis and the Allies), and a team decides what
becomes of a seat that resigned or lost on time: a teammate takes it, the computer plays it, or the
team concedes."""

from __future__ import annotations

from bot.services.people import Actor
from engines.core.record import TeamsEvent
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
