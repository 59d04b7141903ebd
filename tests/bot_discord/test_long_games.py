"""Long games through the real discord.py against the fake Discord: ``/away``, ``/notify``,
``/match give-time`` and ``/match nudge``, with each refusal a player can meet."""

from __future__ import annotations

from tests.bot_discord.test_discord_flow import start_match, to_move, uid
from tests.fakediscord import payloads as P


async def waiting_for(world, mover: dict) -> dict:
    return world.h.bob if mover is world.h.alice else world.h.alice


async def test_away_sets_shows_cancels_and_the_others_see_it(world):
    h = world.h
    await start_match(world, deadline="24h")
    mover = await to_move(world)
    waiting = await waiting_for(world, mover)
    gone = await h.slash("away", {"days": 3}, user=mover)
    assert gone.reply.ephemeral and "Days of absence left this year: 27 of 30" in gone.reply.content
    status = await h.slash("match status", user=waiting)
    name = mover.get("global_name") or mover["username"]
    assert f"{name} is away until <t:" in status.reply.content
    games = await h.slash("games", user=waiting)
    assert f"{name} is away until <t:" in games.reply.content
    shown = await h.slash("away", user=mover)
    assert shown.reply.ephemeral and "<t:" in shown.reply.content
    over = await h.slash("away", {"cancel": True}, user=mover)
    assert over.reply.ephemeral and "absence is over" in over.reply.content


async def test_away_refuses_without_allowance_and_a_bad_date(world):
    h = world.h
    refused = await h.slash("away", {"days": 31}, user=h.alice)
    assert refused.reply.ephemeral and "Not enough days of absence left" in refused.reply.content
    assert "30 of 30 are left" in refused.reply.content
    bad = await h.slash("away", {"until": "next friday"}, user=h.alice)
    assert bad.reply.ephemeral and "is not a date" in bad.reply.content
    dated = await h.slash("away", {"from": "2026-03-10", "until": "2026-03-12"}, user=h.alice)
    assert dated.reply.ephemeral and "You are away from <t:" in dated.reply.content


async def test_notify_shows_saves_and_explains_a_bad_time_zone(world):
    h = world.h
    shown = await h.slash("notify", user=h.alice)
    assert shown.reply.ephemeral and "by direct message" in shown.reply.content
    bad = await h.slash("notify", {"timezone": "Europe/Atlantis"}, user=h.alice)
    assert bad.reply.ephemeral and "`Europe/Atlantis` is not a time zone" in bad.reply.content
    saved = await h.slash("notify", {"timezone": "Europe/Amsterdam", "quiet": "23-08", "how": "ping",
                                     "reminders": "12h,1h", "digest": "9"}, user=h.alice)
    assert saved.reply.ephemeral and "Saved" in saved.reply.content and "23:00-08:00" in saved.reply.content


async def test_a_ping_notice_mentions_only_the_player_who_asked_for_it(world):
    h, fake = world.h, world.fake
    await start_match(world)
    mover = await to_move(world)
    waiting = await waiting_for(world, mover)
    await h.slash("notify", {"how": "ping"}, user=waiting)
    from tests.bot_discord.test_discord_flow import legal_move

    await h.slash("move", {"text": await legal_move(world)}, user=mover)
    pings = [m for m in fake.messages(h.channel["id"], kind="channel") if m.content.startswith(f"<@{uid(waiting)}>")]
    assert len(pings) == 1
    assert [str(user) for user in pings[0].allowed_mentions["users"]] == [uid(waiting)]
    assert not pings[0].allowed_mentions.get("parse")  # nobody else, no roles, no @everyone


async def test_give_time_by_the_opponent_the_player_to_move_and_someone_without_a_seat(world):
    h = world.h
    await start_match(world, deadline="24h")
    mover = await to_move(world)
    waiting = await waiting_for(world, mover)
    outsider = await h.slash("match give-time", user=h.carol)
    assert outsider.reply.ephemeral and "You have no seat in this match" in outsider.reply.content
    own = await h.slash("match give-time", user=mover)
    assert own.reply.ephemeral and "cannot give time to yourself" in own.reply.content
    given = await h.slash("match give-time", user=waiting)
    assert not given.reply.ephemeral and "<t:" in given.reply.content
    organizer = await h.slash("match give-time", {"hours": 12}, user=h.carol, permissions=P.MANAGER_PERMISSIONS)
    assert not organizer.reply.ephemeral and "The organizer" in organizer.reply.content and "12 h more" in organizer.reply.content


async def test_nudge_once_a_day_and_not_where_a_deadline_reminds(world):
    h, fake = world.h, world.fake
    await start_match(world)
    mover = await to_move(world)
    waiting = await waiting_for(world, mover)
    before = len(fake.dms(uid(mover)))
    sent = await h.slash("match nudge", user=waiting)
    assert sent.reply.ephemeral and "Reminded" in sent.reply.content
    assert len(fake.dms(uid(mover))) == before + 1 and "reminds you" in fake.dms(uid(mover))[-1].content
    again = await h.slash("match nudge", user=waiting)
    assert again.reply.ephemeral and "less than a day ago" in again.reply.content
    assert "<t:" in again.reply.content  # when the next nudge is allowed
    await h.slash("match abort", user=h.carol, permissions=P.MANAGER_PERMISSIONS)
    await start_match(world, deadline="24h")
    mover = await to_move(world)
    refused = await h.slash("match nudge", user=await waiting_for(world, mover))
    assert refused.reply.ephemeral and "has a deadline" in refused.reply.content


async def test_a_match_is_created_with_a_daily_deadline_and_vacation_off(world):
    h = world.h
    await start_match(world, schedule="daily 18:00 Europe/Amsterdam, weekends off, vacation off")
    status = await h.slash("match status", user=h.alice)
    assert "daily at 18:00 (Europe/Amsterdam)" in status.reply.content and "weekends off" in status.reply.content
    assert "absence does not stop the deadline" in status.reply.content
    bad = await h.slash("match create heroes_cities", {"schedule": "weekly"}, user=h.alice, channel=None)
    assert bad.reply.ephemeral and "is not a schedule" in bad.reply.content
