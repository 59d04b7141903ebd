"""A match nobody moves in does not stay active for ever: after ``IDLE_AFTER`` (14 days) without an
event the player to act is reminded, and ``CLAIM_AFTER`` later the waiting players may claim the
win or abort the match. A post in a deleted channel says the channel was deleted."""

from __future__ import annotations

from bot.i18n import Msg
from bot.services import matches as match_service
from bot.services.delivery import ChannelPost, Delivery
from tests.bot_discord.test_discord_flow import start_match, to_move, uid


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
