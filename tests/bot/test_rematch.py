"""The rematch (bot/services/rematch.py): the same game and options as the match it follows, with
the seats turned; the service's part (the console and the fake Discord press the button too)."""

from __future__ import annotations

from bot.services.time_control import TimeControl
from tests.bot.conftest import ALICE, BOB, PLACE, words


async def finished_and_rematched(harness, game: str, options: dict, **create: object):
    service = harness.service
    await service.create(PLACE, ALICE, game, options, opponent=BOB, **create)
    await service.join(PLACE, BOB)
    await service.start(PLACE, ALICE)
    first = await harness.repo.live_match_in(PLACE.channel_id)
    await service.resign(PLACE, BOB)
    await service.rematch(first.id, ALICE)
    made = await service.rematch(first.id, BOB)
    second = await harness.repo.live_match_in(PLACE.channel_id)
    assert second is not None and second.id != first.id, words(made)
    return first, second, made


async def test_a_rematch_keeps_casual_the_time_and_the_options(harness):
    control = TimeControl(per_move_hours=72, grace=2, weekends=False, quiet_deadlines=True)
    first, second, made = await finished_and_rematched(
        harness, "masters_victory", {"movement": "straight", "fighter_moves": 8}, time_control=control, rated=False)
    assert not first.rated and not second.rated  # was rated: its end would have changed both ratings
    assert second.options == first.options and second.options["movement"] == "straight"
    assert TimeControl.model_validate(second.time_control) == TimeControl.model_validate(first.time_control)
    assert (second.game, second.channel_id, second.guild_id, second.language) == (
        first.game, first.channel_id, first.guild_id, first.language)
    assert "ratings.casual" in [line.key for line in made[0].lines]  # said where the rematch is announced


async def test_a_rematch_of_a_rated_match_is_rated(harness):
    first, second, _ = await finished_and_rematched(harness, "heroes_cities", {})
    assert first.rated and second.rated
