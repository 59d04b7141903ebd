"""A newcomer who asks for help where a move goes (`/move help`, `/move ?`, `/move hulp`) is told
where the notation and the rules are, in their language, instead of only "not a move" and a list
of moves that look like the word "help"."""

from __future__ import annotations

import pytest

from tests.bot.conftest import ALICE, BOB, PLACE, words


@pytest.mark.parametrize("game", ["heroes_cities", "militakiri", "masters_victory", "battle_island", "axis_allies"])
async def test_asking_for_help_as_a_move_points_to_the_rules(harness, game):
    await harness.service.create(PLACE, ALICE, game, opponent=BOB)
    await harness.service.join(PLACE, BOB)
    await harness.service.start(PLACE, ALICE)
    english = words(await harness.service.submit(PLACE, ALICE, "help"))
    dutch = words(await harness.service.submit(PLACE, BOB, "hulp"))
    assert f"`/rules game:{game} topic:notation`" in english and "how moves are written" in english
    assert f"`/rules game:{game} topic:notation`" in dutch and "hoe je zetten schrijft" in dutch
    assert "Closest legal moves" not in english  # moves that look like "help" help nobody


async def test_a_mistyped_move_is_answered_as_before(harness):
    await harness.service.create(PLACE, ALICE, "heroes_cities", opponent=BOB)
    await harness.service.join(PLACE, BOB)
    await harness.service.start(PLACE, ALICE)
    seat = (await harness.match((await harness.repo.live_match_in(PLACE.channel_id)).id)).to_act()
    player = ALICE if 0 in seat else BOB
    text = words(await harness.service.submit(PLACE, player, "c2c2c2c2"))
    assert "/rules" not in text
