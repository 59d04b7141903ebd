"""The organizer role (``/settings``) and ``/organize``: an organizer (Manage Server, or a member
holding the server's organizer role) may pause, resume, abort and adjudicate any match of the
server and list its matches in play; a player may not; an organizer who plays in a match may not
adjudicate it. Every action is an event of the match's record, named with who and why, and shown
in its history."""

from __future__ import annotations

from datetime import timedelta

from engines.core.record import AdjudicateEvent, OrganizerAbortEvent, PauseEvent, ResumeEvent
from tests.bot_discord.test_discord_flow import legal_move, start_match, to_move, uid
from tests.fakediscord import payloads as P

ROLE = "515151515151515151"


async def organizers_role(world) -> None:
    """An admin sets the organizer role in ``/settings``; the role exists in the server."""
    h = world.h
    h.state.parse_guild_role_create({"guild_id": str(h.guild["id"]), "role": P.role(h.guild["id"], "Organizers", id=ROLE)})
    panel = (await h.slash("settings", permissions=P.MANAGER_PERMISSIONS)).reply
    await h.click("scheids:settings:organizer_role", panel, component_type=P.ROLE_SELECT, values=[ROLE],
                  permissions=P.MANAGER_PERMISSIONS)


def holding_role(user) -> dict:
    return {"member": P.member(user, roles=[ROLE])}


async def events(world, match_id: int = 1) -> list:
    return [entry.event for entry in await world.bot.services.repo.entries(match_id)]


async def test_an_organizer_by_role_pauses_and_resumes_a_match_and_its_deadline_stops_meanwhile(world):
    h = world.h
    await organizers_role(world)
    await start_match(world, deadline="24h")
    mover = await to_move(world)
    before = (await world.bot.services.matches.book.load(1)).deadline(int(mover is h.bob))
    world.clock.advance(hours=2)
    refused = await h.slash("organize pause", {"match": 1, "reason": "a dispute"}, user=h.dave)
    assert refused.reply.ephemeral and "Only an organizer" in refused.reply.content
    paused = await h.slash("organize pause", {"match": 1, "reason": "a dispute about the rules"}, user=h.carol, **holding_role(h.carol))
    assert not paused.reply.ephemeral and "paused match #1" in paused.reply.content
    blocked = await h.slash("move", {"text": await legal_move(world)}, user=mover)
    assert blocked.reply.ephemeral and "paused by Carol" in blocked.reply.content
    world.clock.advance(days=3)  # far beyond the deadline: no loss on time while paused
    await world.bot.services.scheduler.run_due()
    assert (await world.bot.services.repo.get_match(1)).status == "active"
    status = await h.slash("match status", user=h.dave)
    assert "Paused by Carol: a dispute about the rules" in status.reply.content
    resumed = await h.slash("organize resume", {"match": 1}, user=h.carol, **holding_role(h.carol))
    assert not resumed.reply.ephemeral and "resumed match #1" in resumed.reply.content
    after = (await world.bot.services.matches.book.load(1)).deadline(int(mover is h.bob))
    assert after == before + timedelta(days=3)  # the pause's length added, the time left kept
    played = await h.slash("move", {"text": await legal_move(world)}, user=mover)
    assert not played.reply.ephemeral
    pause, resume = [e for e in await events(world) if isinstance(e, (PauseEvent, ResumeEvent))]
    assert (pause.by, pause.name, pause.reason) == (uid(h.carol), "Carol", "a dispute about the rules")
    assert resume.by == uid(h.carol)
    history = await h.slash("match history", user=h.dave)
    assert "Carol paused the match: a dispute about the rules" in history.reply.content
    assert "Carol resumed the match" in history.reply.content


async def test_an_organizer_adjudicates_a_stuck_match_and_a_player_cannot(world):
    h = world.h
    await organizers_role(world)
    await start_match(world)
    by_player = await h.slash("organize adjudicate", {"match": 1, "result": "seat:1", "reason": "he left"}, user=h.bob)
    assert by_player.reply.ephemeral and "Only an organizer" in by_player.reply.content
    choices = await h.autocomplete("organize adjudicate", {"match": 1, "result": ""}, focused="result",
                                   user=h.carol, **holding_role(h.carol))
    assert [c["value"] for c in choices] == ["seat:0", "seat:1", "draw"]
    wrong = await h.slash("organize adjudicate", {"match": 1, "result": "alice", "reason": "x"}, user=h.carol, **holding_role(h.carol))
    assert wrong.reply.ephemeral and "is no result" in wrong.reply.content
    decided = await h.slash("organize adjudicate", {"match": 1, "result": "seat:1", "reason": "Alice left the server"},
                            user=h.carol, **holding_role(h.carol))
    assert not decided.reply.ephemeral and "Bob" in decided.reply.content and "adjudicated by Carol" in decided.reply.content
    row = await world.bot.services.repo.get_match(1)
    assert row.status == "finished" and row.result["winners"] == [1]
    (event,) = [e for e in await events(world) if isinstance(e, AdjudicateEvent)]
    assert (event.by, event.reason, event.winners, event.draw) == (uid(h.carol), "Alice left the server", (1,), False)
    history = await h.slash("match history", user=h.dave)
    assert "Carol decided the match, a win for Bob: Alice left the server" in history.reply.content


async def test_an_organizer_who_plays_in_a_match_cannot_adjudicate_it_but_another_can_abort_it(world):
    h = world.h
    await organizers_role(world)
    await start_match(world)
    own = await h.slash("organize adjudicate", {"match": 1, "result": "seat:0", "reason": "I win"}, user=h.alice, **holding_role(h.alice))
    assert own.reply.ephemeral and "You play in match #1" in own.reply.content
    assert (await world.bot.services.repo.get_match(1)).status == "active"
    by_player = await h.slash("organize abort", {"match": 1, "reason": "x"}, user=h.bob)
    assert by_player.reply.ephemeral and (await world.bot.services.repo.get_match(1)).status == "active"
    aborted = await h.slash("organize abort", {"match": 1, "reason": "played twice by mistake"}, user=h.carol, **holding_role(h.carol))
    assert not aborted.reply.ephemeral and "aborted match #1 as organizer" in aborted.reply.content
    assert (await world.bot.services.repo.get_match(1)).status == "aborted"
    (event,) = [e for e in await events(world) if isinstance(e, OrganizerAbortEvent)]
    assert (event.by, event.reason) == (uid(h.carol), "played twice by mistake")


async def test_match_abort_by_a_member_with_the_organizer_role(world):
    h = world.h
    await organizers_role(world)
    await start_match(world)
    refused = await h.slash("match abort", user=h.dave)
    assert refused.reply.ephemeral
    aborted = await h.slash("match abort", user=h.dave, **holding_role(h.dave))
    assert not aborted.reply.ephemeral and (await world.bot.services.repo.get_match(1)).status == "aborted"
    (event,) = [e for e in await events(world) if isinstance(e, OrganizerAbortEvent)]
    assert event.by == uid(h.dave)


async def test_organize_matches_lists_the_last_move_and_who_is_waited_on_and_no_private_view(world):
    h = world.h
    await organizers_role(world)
    await start_match(world)
    mover = await to_move(world)
    move = await legal_move(world)
    await h.slash("move", {"text": move}, user=mover)
    waiting = await to_move(world)
    refused = await h.slash("organize matches", user=h.bob)
    assert refused.reply.ephemeral and "Only an organizer" in refused.reply.content
    listed = await h.slash("organize matches", user=h.carol, **holding_role(h.carol))
    assert listed.reply.ephemeral and not listed.reply.attachments
    assert "#1" in listed.reply.content and move in listed.reply.content
    assert f"waiting on {waiting['global_name']}" in listed.reply.content


async def test_a_pause_holds_across_a_restart_and_shows_in_a_turn_summary_history(world):
    h = world.h
    h.timeout = max(h.timeout, 60.0)
    await organizers_role(world)
    await h.slash("match create axis_allies", {"opponent": h.bob}, user=h.alice)
    await h.slash("match join", user=h.bob)
    await h.slash("match start", user=h.alice)
    await h.slash("organize pause", {"match": 1, "reason": "holidays"}, user=h.carol, **holding_role(h.carol))
    h = await world.restart()
    h.timeout = max(h.timeout, 60.0)
    h.state.parse_guild_role_create({"guild_id": str(h.guild["id"]), "role": P.role(h.guild["id"], "Organizers", id=ROLE)})
    match = await world.bot.services.matches.book.load(1)
    assert match.paused is not None and match.paused.reason == "holidays"
    (seat,) = match.to_act()
    mover = h.alice if match.seats[seat].user_id == uid(h.alice) else h.bob
    blocked = await h.slash("move", {"text": "end"}, user=mover)
    assert blocked.reply.ephemeral and "paused by Carol" in blocked.reply.content
    history = await h.slash("match history", user=h.dave)
    assert "Carol paused the match: holidays" in history.reply.content
    resumed = await h.slash("organize resume", {"match": 1}, user=h.carol, **holding_role(h.carol))
    assert "resumed match #1" in resumed.reply.content
