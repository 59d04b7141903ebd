"""Teams, substitutes and autopilot through the real discord.py and the fake Discord: each command,
its persistent buttons (they name the state they were made for) and each refusal."""

from __future__ import annotations

from tests.bot_discord.test_discord_flow import custom_ids, start_match, uid
from tests.fakediscord import payloads as P


async def five_player_axis(world) -> None:
    h = world.h
    erin = h.user("erin")
    await h.slash("match create axis_allies", {}, user=h.alice)
    for user in (h.bob, h.carol, h.dave, erin):
        await h.slash("match join", user=user)
    await h.slash("match start", user=h.alice)


async def test_the_team_decides_with_buttons_after_a_resignation(world):
    """Five players: the UK (Carol) resigns; her allies are asked with three buttons; the Axis may
    not press them; Alice takes the seat over, and the old button is out of date after."""
    h = world.h
    await five_player_axis(world)
    resigned = await h.slash("match resign", user=h.carol)
    post = next(m for m in resigned.replies if custom_ids(m))
    seq = (await world.bot.services.matches.book.load(1)).progress.seq
    assert custom_ids(post)[-3:] == [f"scheids:team:{c}:1:{seq}" for c in ("takeover", "computer", "concede")]
    assert "the team plays on" in post.content
    assert "Choose by" in post.content and "the team concedes" in post.content  # 48 h, no absent computer
    refused = await h.click(f"scheids:team:takeover:1:{seq}", user=h.bob)
    assert refused.reply.ephemeral and "Only the other players of Carol's team" in refused.reply.content
    taken = await h.click(f"scheids:team:takeover:1:{seq}", user=h.alice)
    assert "Alice takes over the seat of Carol" in taken.reply.content
    match = await world.bot.services.matches.book.load(1)
    assert match.seats[2].user_id == uid(h.alice) and match.result() is None
    again = await h.click(f"scheids:team:concede:1:{seq}", user=world.h.users["erin"])
    assert again.reply.ephemeral and "out of date" in again.reply.content
    # Not her turn as the UK yet: the USSR (her own seat) is to move.
    out_of_turn = await h.slash("move", {"text": "end"}, user=h.bob)
    assert out_of_turn.reply.ephemeral and "not your turn" in out_of_turn.reply.content


async def test_a_team_concedes_by_button(world):
    h = world.h
    await five_player_axis(world)
    await h.slash("match resign", user=h.carol)
    seq = (await world.bot.services.matches.book.load(1)).progress.seq
    done = await h.click(f"scheids:team:concede:1:{seq}", user=world.h.users["erin"])
    assert "Erin concedes for the team" in done.reply.content
    assert "bob, dave" in done.reply.content.lower() or "bob and dave" in done.reply.content.lower()
    assert (await world.bot.services.repo.get_match(1)).status == "finished"


async def test_substitute_offer_and_accept_by_button(world):
    h = world.h
    await start_match(world)
    refused = await h.slash("match substitute", {"seat": h.alice, "new": h.dave}, user=h.bob)
    assert refused.reply.ephemeral and "Only Alice or an organizer" in refused.reply.content
    nobody = await h.slash("match substitute", {"seat": h.carol, "new": h.dave}, user=h.alice)
    assert nobody.reply.ephemeral and "Carol has no seat" in nobody.reply.content
    asked = await h.slash("match substitute", {"seat": h.alice, "new": h.dave}, user=h.carol,
                          permissions=P.MANAGER_PERMISSIONS)
    (button,) = custom_ids(asked.reply)
    assert button == f"scheids:sub:1:{(await world.bot.services.matches.book.load(1)).progress.seq}:0:{uid(h.dave)}"
    h = await world.restart()  # the button works after a restart: the offer lives in it
    wrong = await h.click(button, user=h.carol)
    assert wrong.reply.ephemeral and "offered to someone else" in wrong.reply.content
    taken = await h.click(button, user=h.dave)
    assert "Dave takes over the seat of Alice" in taken.reply.content
    assert world.fake.dms(h.dave["id"]), "the new player gets the seat's private view by DM"
    match = await world.bot.services.matches.book.load(1)
    assert match.seat_of(uid(h.dave)) == 0 and match.seat_of(uid(h.alice)) is None
    gone = await h.slash("match resign", user=h.alice)
    assert gone.reply.ephemeral and "no seat" in gone.reply.content
    # /games goes by the seat's holder now: Dave's lists the match, Alice's no longer does.
    listed = await h.slash("games", user=h.dave)
    assert listed.reply.ephemeral and f"<#{h.channel['id']}>" in listed.reply.content
    left = await h.slash("games", user=h.alice)
    assert "You have no open matches" in left.reply.content


async def test_autopilot_and_its_refusals(world):
    h = world.h
    none_here = await h.slash("autopilot", {"level": "easy"}, user=h.alice)
    assert none_here.reply.ephemeral and "no match" in none_here.reply.content
    await start_match(world)
    not_seated = await h.slash("autopilot", {"level": "easy"}, user=h.carol)
    assert not_seated.reply.ephemeral and "no seat" in not_seated.reply.content
    bad = await h.slash("autopilot", {"level": "easy", "until": "soon"}, user=h.alice)
    assert bad.reply.ephemeral and "`soon` is not a time I can read" in bad.reply.content
    world.bot.services.computer.stopped = True  # only the handing over is looked at here
    on = await h.slash("autopilot", {"level": "hard", "until": "2d"}, user=h.alice)
    assert not on.reply.ephemeral and "The computer (hard) plays for Alice until" in on.reply.content
    match = await world.bot.services.matches.book.load(1)
    assert match.progress.meta.autopilot == {0: "hard"}
    await h.slash("match draw", user=h.alice)  # any command of hers takes the seat back
    assert not (await world.bot.services.matches.book.load(1)).progress.meta.autopilot


async def test_the_new_commands_are_synced(world):
    commands = world.fake.synced_commands()
    assert any(c["name"] == "autopilot" for c in commands)
    match = next(c for c in commands if c["name"] == "match")
    sub = next(o for o in match["options"] if o["name"] == "substitute")
    assert [(o["type"], o.get("required", False)) for o in sub["options"]] == [(6, True), (6, True), (3, False)]  # reason: text
    create = next(o for o in match["options"] if o["name"] == "create")
    game = next(o for o in create["options"] if o["name"] == "heroes_cities")
    # Grace and what follows it are written in the one schedule text (the /match size limit).
    assert "schedule" in {o["name"] for o in game["options"]}
