"""A match nobody moves in does not stay active for ever: after ``IDLE_AFTER`` (14 days) without an
event the player to act is reminded, and ``CLAIM_AFTER`` later the waiting players may claim the
win or abort the match. A post in a deleted channel says the channel was deleted."""

from __future__ import annotations

import asyncio

from bot.i18n import Msg
from bot.services import matches as match_service
from bot.services.delivery import ChannelPost, Delivery
from tests.bot_discord.test_discord_flow import CREATE, start_match, to_move, uid


async def test_an_idle_match_reminds_the_player_to_act_then_the_waiting_player_may_claim_the_win(world):
    h, fake = world.h, world.fake
    await start_match(world)  # no deadline
    mover = await to_move(world)
    waiting = h.bob if mover is h.alice else h.alice
    world.clock.advance(days=13)
    assert await world.bot.services.scheduler.run_due() == 0
    early = await h.slash("match claim", user=waiting)
    assert early.reply.ephemeral and "can claim" in early.reply.content
    world.clock.advance(days=1, seconds=1)
    assert await world.bot.services.scheduler.run_due() == 1
    turn_notice, reminder = fake.dms(mover["id"])  # the notice at the start, then the reminder
    assert "Your move in" in turn_notice.content
    assert "has waited 14 days for your move" in reminder.content
    refused = await h.slash("match claim", user=waiting)
    assert refused.reply.ephemeral and "can claim" in refused.reply.content  # the reminded player has time
    world.clock.advance(days=match_service.CLAIM_AFTER.days)
    own = await h.slash("match claim", user=mover)
    assert own.reply.ephemeral and "your turn" in own.reply.content
    claimed = await h.slash("match claim", user=waiting)
    assert not claimed.reply.ephemeral and "wins" in claimed.reply.content
    row = await world.bot.services.repo.get_match(1)
    assert row.status == "finished"
    assert uid(waiting)


async def test_the_waiting_player_may_abort_an_idle_match_instead(world):
    h = world.h
    await start_match(world)
    mover = await to_move(world)
    waiting = h.bob if mover is h.alice else h.alice
    refused = await h.slash("match abort", user=waiting)
    assert refused.reply.ephemeral
    world.clock.advance(days=14 + match_service.CLAIM_AFTER.days, seconds=1)
    aborted = await h.slash("match abort", user=waiting)
    assert not aborted.reply.ephemeral and "aborted" in aborted.reply.content.lower()
    assert (await world.bot.services.repo.get_match(1)).status == "aborted"


async def test_a_post_in_a_deleted_channel_says_the_channel_was_deleted(world):
    h, fake = world.h, world.fake
    await start_match(world)
    fake.fail("POST", rf"^/channels/{h.channel['id']}/messages$", status=404, code=10003, count=-1)  # Unknown Channel
    post = Delivery(ChannelPost(str(h.channel["id"])), (Msg("core.match_over"),), "en")
    await world.bot.deliverer.deliver([post])
    fake.stop_failing()
    (note,) = fake.dms(h.alice["id"])
    assert "was deleted" in note.content and "missing" not in note.content


async def start_three_player_axis_allies(world):
    """Axis & Allies of Alice, Bob and Carol (no deadline); returns the user to act and the two waiting."""
    h = world.h
    h.timeout = max(h.timeout, 60.0)
    await h.slash("match create axis_allies", user=h.alice)
    await h.slash("match join", user=h.bob)
    await h.slash("match join", user=h.carol)
    await h.slash("match start", user=h.alice)
    match = await world.bot.services.matches.book.load(1)
    (seat,) = match.to_act()
    people = {uid(u): u for u in (h.alice, h.bob, h.carol)}
    mover = people[match.seats[seat].user_id]
    return mover, [u for u in (h.alice, h.bob, h.carol) if u is not mover]


async def test_a_match_of_three_standing_still_is_aborted_only_when_every_waiting_player_agreed(world):
    h = world.h
    mover, (first, second) = await start_three_player_axis_allies(world)
    world.clock.advance(days=14 + match_service.CLAIM_AFTER.days, seconds=1)
    agreed = await h.slash("match abort", user=first)
    assert not agreed.reply.ephemeral
    assert (await world.bot.services.repo.get_match(1)).status == "active"  # one of two is not enough
    assert first["global_name"] in agreed.reply.content and second["global_name"] in agreed.reply.content  # who is still needed
    again = await h.slash("match abort", user=first)
    assert again.reply.ephemeral and (await world.bot.services.repo.get_match(1)).status == "active"
    own = await h.slash("match abort", user=mover)
    assert own.reply.ephemeral and (await world.bot.services.repo.get_match(1)).status == "active"
    world.clock.advance(days=1)  # an agreement does not start the standing still anew
    done = await h.slash("match abort", user=second)
    assert not done.reply.ephemeral and "aborted" in done.reply.content.lower()
    assert (await world.bot.services.repo.get_match(1)).status == "aborted"


async def test_a_match_whose_channel_was_deleted_is_named_so_and_claimed_from_anywhere_by_its_number(world):
    h, fake = world.h, world.fake
    table = h.add_channel("old-table")
    await h.slash(CREATE, {"opponent": h.bob}, user=h.alice, channel=table)
    await h.slash("match join", user=h.bob, channel=table)
    await h.slash("match start", user=h.alice, channel=table)
    match = await world.bot.services.matches.book.load(1)
    (seat,) = match.to_act()
    mover = h.alice if match.seats[seat].user_id == uid(h.alice) else h.bob
    waiting = h.bob if mover is h.alice else h.alice
    # The channel is deleted (Discord tells the bot through the gateway).
    fake.channels.pop(int(table["id"]), None)
    h.state.parse_channel_delete(dict(table))
    await asyncio.sleep(0.05)
    listed = await h.slash("games", user=waiting)
    assert "deleted" in listed.reply.content and f"<#{table['id']}>" not in listed.reply.content
    choices = await h.autocomplete("match claim", {"match": ""}, focused="match", user=waiting)
    assert [c["value"] for c in choices] == [1]
    world.clock.advance(days=14, seconds=1)
    assert await world.bot.services.scheduler.run_due() == 1
    reminder = fake.dms(mover["id"])[-1]  # after the turn notice of the start
    assert "a deleted channel" in reminder.content and f"<#{table['id']}>" not in reminder.content
    world.clock.advance(days=match_service.CLAIM_AFTER.days)
    claimed = await h.slash("match claim", {"match": 1}, user=waiting)  # in #general
    assert "wins" in claimed.reply.content
    assert (await world.bot.services.repo.get_match(1)).status == "finished"


async def test_a_match_is_aborted_by_its_number_from_another_channel(world):
    h = world.h
    await start_match(world)
    mover = await to_move(world)
    waiting = h.bob if mover is h.alice else h.alice
    world.clock.advance(days=14 + match_service.CLAIM_AFTER.days, seconds=1)
    elsewhere = h.channels["games"]
    aborted = await h.slash("match abort", {"match": 1}, user=waiting, channel=elsewhere)
    assert "aborted" in aborted.reply.content.lower()
    assert (await world.bot.services.repo.get_match(1)).status == "aborted"
