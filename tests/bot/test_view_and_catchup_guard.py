"""``/view`` and ``/match catchup`` draw a board of the match here, so they refuse alike (one guard,
``access.viewable``): no match, a match not started yet, a damaged one. ``/match catchup`` wants a
seat besides; ``/view`` without one is a spectator's view."""

from __future__ import annotations

import pytest

from tests.bot.conftest import ALICE, BOB, CAROL, PLACE, Harness, words


async def no_match(harness: Harness) -> str:
    return "no match"


async def open_match(harness: Harness) -> str:
    await harness.service.create(PLACE, ALICE, "heroes_cities", opponent=BOB)
    return "not started"


async def damaged_match(harness: Harness) -> str:
    match_id = await harness.started_match()
    await harness.repo.db.execute("UPDATE matches SET options = '{broken' WHERE id = ?", (match_id,))
    harness.service.book.forget(match_id)
    return f"Match #{match_id} is damaged"


@pytest.mark.parametrize("situation", [no_match, open_match, damaged_match], ids=lambda f: f.__name__)
async def test_view_and_catchup_refuse_alike(harness, situation):
    said = await situation(harness)
    view = await harness.service.my_view(ALICE, place=PLACE)
    caught = await harness.service.catchup(PLACE, ALICE)
    assert words(view) == words(caught), (words(view), words(caught))
    assert said.lower() in words(view).lower(), words(view)
    assert view[0].target.ephemeral and not view[0].attachments


async def test_catchup_wants_a_seat_and_view_shows_a_spectator_the_board(harness):
    await harness.started_match()
    assert words(await harness.service.catchup(PLACE, CAROL)) == "You have no seat in this match."
    view = await harness.service.my_view(CAROL, place=PLACE)
    assert view[0].attachments and "what spectators see" in words(view)
