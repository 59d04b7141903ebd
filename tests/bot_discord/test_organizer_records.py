"""What an organizer does in a match is in its record with who and why, and in ``/match
history``, through the real discord.py against the fake Discord: a substitution (with a reason),
time given by a member holding the organizer role (not Manage Server), ``/match abort`` by an
organizer with and without a reason; a player's reason is refused, not dropped."""

from __future__ import annotations

from engines.core.record import ExtendEvent, HolderEvent, OrganizerAbortEvent
from tests.bot_discord.test_discord_flow import custom_ids, start_match, to_move, uid
from tests.bot_discord.test_organizers import events, holding_role, organizers_role


async def test_an_organizer_by_role_substitutes_a_seat_with_a_reason_shown_in_the_history(world):
    h = world.h
    await organizers_role(world)
    await start_match(world)
    refused = await h.slash("match substitute", {"seat": h.alice, "new": h.dave, "reason": "ill"}, user=h.carol)
    assert refused.reply.ephemeral and "Only Alice or an organizer" in refused.reply.content
    asked = await h.slash("match substitute", {"seat": h.alice, "new": h.dave, "reason": "Alice moved abroad"},
                          user=h.carol, **holding_role(h.carol))
    assert not asked.reply.ephemeral and "Carol asks Dave" in asked.reply.content and "Alice moved abroad" in asked.reply.content
    (button,) = custom_ids(asked.reply)
    h = await world.restart()  # who asked, and why, outlive a restart as the offer does
    taken = await h.click(button, user=h.dave)
    assert "Dave takes over the seat of Alice" in taken.reply.content
    (event,) = [e for e in await events(world) if isinstance(e, HolderEvent)]
    assert (event.by, event.by_name, event.organizer, event.left, event.reason) == (
        uid(h.carol), "Carol", True, "Alice", "Alice moved abroad")
    history = await h.slash("match history", user=h.bob)
    assert "Carol, as organizer, gave the seat of Alice to Dave: Alice moved abroad" in history.reply.content


async def test_an_organizer_by_role_gives_time_with_a_reason_and_a_player_gives_none(world):
    h = world.h
    await organizers_role(world)
    await start_match(world, deadline="24h")
    mover = await to_move(world)
    waiting = h.bob if mover is h.alice else h.alice
    own = await h.slash("match give-time", {"reason": "please"}, user=waiting)
    assert own.reply.ephemeral and "Only an organizer gives a reason" in own.reply.content
    by_player = await h.slash("match give-time", {"hours": 12}, user=h.dave)
    assert by_player.reply.ephemeral
    given = await h.slash("match give-time", {"hours": 12, "reason": "a power cut"}, user=h.carol, **holding_role(h.carol))
    assert not given.reply.ephemeral and "The organizer Carol gave" in given.reply.content and "a power cut" in given.reply.content
    (event,) = [e for e in await events(world) if isinstance(e, ExtendEvent)]
    assert (event.name, event.user_id, event.reason, event.seconds) == ("Carol", uid(h.carol), "a power cut", 12 * 3600)
    history = await h.slash("match history", user=h.dave)
    assert "The organizer Carol gave" in history.reply.content and "12 h more" in history.reply.content
    assert "a power cut" in history.reply.content


async def test_match_abort_by_an_organizer_reads_well_with_and_without_a_reason(world):
    h = world.h
    await organizers_role(world)
    await start_match(world)
    by_player = await h.slash("match abort", {"reason": "bored"}, user=h.alice)
    assert by_player.reply.ephemeral and "Only an organizer gives a reason" in by_player.reply.content
    await h.slash("match abort", user=h.dave, **holding_role(h.dave))
    plain = await h.slash("match history", user=h.bob)
    assert "Dave aborted the match as organizer" in plain.reply.content and "as organizer:" not in plain.reply.content
    await start_match(world)
    aborted = await h.slash("match abort", {"reason": "played twice by mistake"}, user=h.dave, **holding_role(h.dave))
    assert not aborted.reply.ephemeral and "played twice by mistake" in aborted.reply.content
    (event,) = [e for e in await events(world, 2) if isinstance(e, OrganizerAbortEvent)]
    assert event.reason == "played twice by mistake"
    history = await h.slash("match history", user=h.bob)
    assert "Dave aborted the match as organizer: played twice by mistake" in history.reply.content
