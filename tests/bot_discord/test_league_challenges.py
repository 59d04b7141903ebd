"""A ladder's challenges and a Swiss round past its deadline through the real discord.py against
the fake Discord: ``/league challenge`` and ``/league accept`` open the game in a thread of its own
(or the challenger wins a challenge not accepted in time), and an organizer who does not play in a
pairing decides it with ``/league adjudicate`` once its round is overdue; the next round follows."""

from __future__ import annotations

from engines.core.record import OrganizerAbortEvent
from tests.bot_discord.test_discord_flow import uid
from tests.bot_discord.test_leagues import create, custom_ids
from tests.fakediscord import payloads as P


def in_thread(world, thread_id: str) -> dict:
    return next(t for t in world.fake.threads() if str(t["id"]) == thread_id)


async def order(world, league_id: int) -> list[str]:
    services = world.bot.services
    return [row.name for row in await services.leagues.table(await services.repo.league(league_id))]


async def test_a_ladder_challenge_is_accepted_and_played_in_its_thread_or_won_when_not_accepted(world) -> None:
    h, fake = world.h, world.fake
    erin = h.user("erin")
    league_id, post = await create(world, "ladder", reach=2, accept_hours=24)
    for user in (h.bob, h.carol, h.dave, erin):
        await h.click(custom_ids(post)[0], post, user=user)
    await h.slash("league start", user=h.alice, permissions=P.MANAGER_PERMISSIONS)
    await world.bot.services.leagues.idle()
    assert await world.bot.services.repo.league_pairings(league_id) == [], "a ladder pairs nobody by itself"
    assert await order(world, league_id) == ["Bob", "Carol", "Dave", "Erin"]

    far = await h.slash("league challenge", {"player": h.bob}, user=erin)
    assert far.reply.ephemeral and "up to 2 places above you; Bob is not" in far.reply.content
    down = await h.slash("league challenge", {"player": h.dave}, user=h.bob)
    assert down.reply.ephemeral and "Dave is not" in down.reply.content, "only upwards"
    challenged = await h.slash("league challenge", {"player": h.carol}, user=erin)
    assert not challenged.reply.ephemeral and "Erin challenges Carol in Spring" in challenged.reply.content
    busy = await h.slash("league challenge", {"player": h.carol}, user=h.dave)
    assert busy.reply.ephemeral and "still open" in busy.reply.content
    nobody = await h.slash("league accept", user=h.bob)
    assert nobody.reply.ephemeral and "Nobody has challenged you" in nobody.reply.content
    accepted = await h.slash("league accept", user=h.carol)
    assert not accepted.reply.ephemeral and "Carol accepts the challenge of Erin" in accepted.reply.content
    await world.bot.services.leagues.idle()
    (game,) = await world.bot.services.repo.league_pairings(league_id)
    assert (game.first_id, game.second_id) == (uid(h.carol), uid(erin)) and game.match_id is not None
    assert len(fake.find_requests("POST", r"/threads$")) == 1
    row = await world.bot.services.repo.get_match(game.match_id)
    assert row.channel_id == game.thread_id and row.status == "active"
    resigned = await h.slash("match resign", user=h.carol, channel=in_thread(world, game.thread_id))
    assert not resigned.reply.ephemeral and "Erin wins" in resigned.reply.content
    await world.bot.services.leagues.idle()
    assert await order(world, league_id) == ["Bob", "Erin", "Carol", "Dave"]

    # Dave challenges Carol (now just above him), who does not answer in time.
    again = await h.slash("league challenge", {"player": h.carol}, user=h.dave)
    assert not again.reply.ephemeral and "Dave challenges Carol" in again.reply.content
    world.clock.advance(hours=23)
    await world.bot.services.scheduler.run_due()
    assert await order(world, league_id) == ["Bob", "Erin", "Carol", "Dave"]
    world.clock.advance(hours=2)
    await world.bot.services.scheduler.run_due()
    await world.bot.services.leagues.idle()
    assert await order(world, league_id) == ["Bob", "Erin", "Dave", "Carol"]
    late = await h.slash("league accept", user=h.carol)
    assert late.reply.ephemeral and "Nobody has challenged you" in late.reply.content
    assert len(fake.find_requests("POST", r"/threads$")) == 1, "no game for a challenge not accepted"
    shown = await h.slash("league standings", user=h.bob)
    assert shown.reply.attachments


async def test_a_swiss_round_past_its_deadline_is_decided_by_an_organizer_who_does_not_play_in_it(world) -> None:
    h, fake = world.h, world.fake
    erin = h.user("erin")
    league_id, post = await create(world, "swiss", rounds=2, round_hours=24)
    for user in (h.bob, h.carol, h.dave, erin):
        await h.click(custom_ids(post)[0], post, user=user)
    await h.slash("league start", user=h.alice, permissions=P.MANAGER_PERMISSIONS)
    await world.bot.services.leagues.idle()
    first, second = await world.bot.services.repo.league_pairings(league_id)
    names = {uid(u): u for u in (h.bob, h.carol, h.dave, erin)}
    await h.slash("match resign", user=names[first.first_id], channel=in_thread(world, first.thread_id))
    await world.bot.services.leagues.idle()
    assert {p.round for p in await world.bot.services.repo.league_pairings(league_id)} == {1}, "round 2 waits for round 1"

    world.clock.advance(hours=25)
    await world.bot.services.scheduler.run_due()
    posts = [m.content for m in fake.messages(int(h.channel["id"]), kind="channel")]
    overdue = [text for text in posts if "the round's deadline has passed" in text]
    assert len(overdue) == 1 and f"/league adjudicate pairing:{second.id}" in overdue[0]

    result = {"pairing": second.id, "result": "0-1", "reason": "no moves for a day"}
    by_player = await h.slash("league adjudicate", result, user=names[first.first_id])
    assert by_player.reply.ephemeral and "Only the server's organizers" in by_player.reply.content
    own = await h.slash("league adjudicate", result, user=names[second.first_id], permissions=P.MANAGER_PERMISSIONS)
    assert own.reply.ephemeral and "You play in this game yourself" in own.reply.content
    decided = await h.slash("league adjudicate", result, user=h.alice, permissions=P.MANAGER_PERMISSIONS)
    assert not decided.reply.ephemeral and "Alice decided pairing" in decided.reply.content
    assert "Reason: no moves for a day" in decided.reply.content
    assert (await world.bot.services.repo.get_match(second.match_id)).status == "aborted"
    # The players of that game are told in its thread, and its record names who ended it and why
    # (it ended as an anonymous abort in silence before).
    told = [m.content for m in fake.messages(int(second.thread_id), kind="channel")]
    assert "Alice decided pairing" in told[-1] and "no moves for a day" in told[-1], told[-1]
    (ended,) = [e.event for e in await world.bot.services.repo.entries(second.match_id) if isinstance(e.event, OrganizerAbortEvent)]
    assert (ended.by, ended.name, ended.reason) == (uid(h.alice), "Alice", "no moves for a day")
    history = await h.slash("match history", user=h.bob, channel=in_thread(world, second.thread_id))
    assert "Alice aborted the match as organizer: no moves for a day" in history.reply.content
    await world.bot.services.leagues.idle()
    pairings = await world.bot.services.repo.league_pairings(league_id)
    assert {p.round for p in pairings} == {1, 2}, "the next round is paired once the last is decided"
    assert len(fake.find_requests("POST", r"/threads$")) == 4  # round 2's two games in threads of their own
    rows = {row.user_id: row for row in await world.bot.services.leagues.table(await world.bot.services.repo.league(league_id))}
    assert rows[second.second_id].points == 1 and rows[second.first_id].points == 0
