"""An organizer acts for their own server only: the admin of another server (or a member holding
a role of that name there) cannot abort or adjudicate a match by its number."""

from __future__ import annotations

from bot.services.people import Actor, Place
from bot.services.settings import change
from tests.bot.conftest import START, words

ELSEWHERE = Place("guild-2", "chan-9", "en")
ADMIN_THERE = Actor("zed", "Zed", "en", is_admin=True, roles=frozenset({"role-1"}))


async def test_the_admin_of_another_server_cannot_abort_a_match_by_its_number(harness):
    match_id = await harness.started_match()
    refused = await harness.service.abort(ELSEWHERE, ADMIN_THERE, match_id)
    assert refused[0].target.ephemeral, words(refused)
    assert (await harness.repo.get_match(match_id)).status == "active"


async def test_organizer_commands_name_matches_of_their_own_server_only(harness):
    match_id = await harness.started_match()
    await change(harness.repo, "guild-2", ADMIN_THERE, "organizer_role", "role-1", START)
    for answer in (
        await harness.service.organizer_abort("guild-2", ADMIN_THERE, match_id, "mine now"),
        await harness.service.adjudicate("guild-2", ADMIN_THERE, match_id, "seat:0", "mine now"),
        await harness.service.pause("guild-2", ADMIN_THERE, match_id, "mine now"),
    ):
        assert answer[0].target.ephemeral and "no match #" in words(answer)
    assert (await harness.repo.get_match(match_id)).status == "active"
