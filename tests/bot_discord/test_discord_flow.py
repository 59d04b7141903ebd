"""Whole matches through the real discord.py: what reached the (fake) Discord is what counts."""

from __future__ import annotations

import json

from tests.fakediscord import PNG_SIGNATURE
from tests.fakediscord import payloads as P

CREATE = "match create heroes_cities"


def uid(user: dict) -> str:
    return str(user["id"])


def custom_ids(message) -> list[str]:
    return [c["custom_id"] for row in message.components for c in row.get("components", [])]


async def to_move(world) -> dict:
    """The harness user whose turn it is."""
    matches = world.bot.services.matches
    row = await matches.repo.live_match_in(str(world.h.channel["id"]))
    match = await matches.book.load(row.id)
    (seat,) = match.to_act()
    user_id = match.seats[seat].user_id
    return next(u for u in (world.h.alice, world.h.bob) if uid(u) == user_id)


async def legal_move(world) -> str:
    matches = world.bot.services.matches
    row = await matches.repo.live_match_in(str(world.h.channel["id"]))
    match = await matches.book.load(row.id)
    (seat,) = match.to_act()
    return match.engine.format_move(match.engine.legal_moves(match.state, seat)[0], match.state)


async def start_match(world, **options) -> None:
    h = world.h
    await h.slash(CREATE, {"opponent": h.bob, **options}, user=h.alice)
    await h.slash("match join", user=h.bob)
    await h.slash("match start", user=h.alice)


async def test_commands_are_synced_with_typed_game_options(world):
    commands = world.fake.synced_commands()
    match = next(c for c in commands if c["name"] == "match")
    create = next(o for o in match["options"] if o["name"] == "create")
    game = next(o for o in create["options"] if o["name"] == "heroes_cities")
    options = {o["name"]: o for o in game["options"]}
    assert options["opponent"]["type"] == 6
    assert [c["value"] for c in options["mixed_lines"]["choices"]] == ["enclosed", "whole_run"]
    assert options["quiet_move_limit"]["type"] == 4 and options["quiet_move_limit"]["max_value"] == 1000
    assert {c["name"] for c in commands} >= {"match", "move", "board", "view", "games"}
    # Dutch descriptions for Dutch clients.
    assert match["description_localizations"]["nl"].startswith("Partijen")


async def test_a_match_from_create_to_export(world):
    h, fake = world.h, world.fake
    created = await h.slash(CREATE, {"opponent": h.bob, "deadline": "24h"}, user=h.alice)
    assert "opened match #1" in created.reply.content and not created.reply.ephemeral
    assert created.reply.allowed_mentions == {"parse": []}
    joined = await h.slash("match join", user=h.bob)
    assert "plays blue" in joined.reply.content
    started = await h.slash("match start", user=h.alice)
    board = started.reply
    assert not board.ephemeral
    assert board.attachments and board.attachments[0].data.startswith(PNG_SIGNATURE)
    assert "<t:" in board.content and ":R>" in board.content  # the deadline as a Discord timestamp
    assert any(i.startswith("scheids:view:") for i in custom_ids(board))

    mover = await to_move(world)
    other = h.bob if mover is h.alice else h.alice
    wrong = await h.slash("move", {"text": await legal_move(world)}, user=other)
    assert wrong.reply.ephemeral and "not your turn" in wrong.reply.content
    seq = (await world.bot.services.repo.get_match(1)).last_seq
    illegal = await h.slash("move", {"text": "a1-a2"}, user=mover)
    assert illegal.reply.ephemeral
    assert (await world.bot.services.repo.get_match(1)).last_seq == seq

    choices = await h.autocomplete("move", {"text": ""}, focused="text", user=mover)
    assert 0 < len(choices) <= 25
    move = choices[0]["value"]
    played = await h.slash("move", {"text": move}, user=mover)
    assert f"`{move}`" in played.reply.content and not played.reply.ephemeral
    assert played.reply.attachments[0].data.startswith(PNG_SIGNATURE)

    history = await h.slash("match history", user=h.carol)
    assert move in history.reply.content and history.reply.ephemeral

    resigned = await h.slash("match resign", user=h.alice)
    assert "wins" in resigned.reply.content
    exported = await h.slash("match export", user=h.carol)
    record = json.loads(exported.reply.attachments[0].data)
    assert record["game"] == "heroes_cities" and record["seed_hex"] is not None
    verified = await h.slash("match verify", user=h.carol)
    assert record["seed_hex"] in verified.reply.content and "Every roll matches" in verified.reply.content
    assert not fake.unhandled


async def test_closed_dms_fall_back_to_the_button_once(world):
    h, fake = world.h, world.fake
    fake.close_dms(h.bob["id"])
    fake.close_dms(h.alice["id"])
    await start_match(world, deadline="48h")  # correspondence: the player to move gets a DM
    mover = await to_move(world)
    notes = [m for m in fake.messages(h.channel["id"], kind="channel") if "direct messages" in m.content]
    assert len(notes) == 1
    assert (mover.get("global_name") or mover["username"]) in notes[0].content
    assert any(i.startswith("scheids:view:") for i in custom_ids(notes[0]))
    await h.slash("move", {"text": await legal_move(world)}, user=mover)
    await h.slash("move", {"text": await legal_move(world)}, user=await to_move(world))
    notes = [m for m in fake.messages(h.channel["id"], kind="channel") if "direct messages" in m.content]
    assert len(notes) == 2  # once per player, never again
    clicked = await h.click(custom_ids(notes[0])[0], user=mover)
    assert clicked.reply.ephemeral
    assert clicked.reply.attachments[0].data.startswith(PNG_SIGNATURE)


async def test_a_dm_refused_for_no_mutual_server_is_remembered_like_closed_dms(world):
    """Discord refuses a DM with 50278 when the user shares no server with the bot any more."""
    h, fake = world.h, world.fake
    fake.close_dms(h.bob["id"], code=50278)
    fake.close_dms(h.alice["id"], code=50278)
    await start_match(world, deadline="48h")
    mover = await to_move(world)
    notes = [m for m in fake.messages(h.channel["id"], kind="channel") if "direct messages" in m.content]
    assert len(notes) == 1 and (mover.get("global_name") or mover["username"]) in notes[0].content
    assert await world.bot.dms.refused(uid(mover))
    tries = len(fake.find_requests("POST", r"^/channels/\d+/messages$"))
    await h.slash("move", {"text": await legal_move(world)}, user=mover)
    await h.slash("move", {"text": await legal_move(world)}, user=await to_move(world))
    dm_channels = {int(c["id"]) for c in fake.dm_channels.values()}
    retried = [r for r in fake.find_requests("POST", r"^/channels/\d+/messages$")[tries:] if int(r.path.split("/")[2]) in dm_channels
               and int(r.path.split("/")[2]) == fake.dm_channel_id(mover["id"])]
    assert retried == []  # no DM tried again to whom Discord refused one


async def test_open_dms_receive_the_turn_notice(world):
    h, fake = world.h, world.fake
    await start_match(world, deadline="24h")
    mover = await to_move(world)
    dms = fake.dms(mover["id"])
    assert len(dms) == 1 and "Your move" in dms[0].content and "<t:" in dms[0].content
    other = h.bob if mover is h.alice else h.alice
    assert fake.dms(other["id"]) == []


async def test_draw_by_buttons(world):
    h = world.h
    await start_match(world)
    offer = await h.slash("match draw", user=h.alice)
    ids = custom_ids(offer.reply)
    offered = (await world.bot.services.matches.book.load(1)).progress.seq  # the offer's event
    assert ids == [f"scheids:draw:accept:1:{offered}", f"scheids:draw:decline:1:{offered}"]
    own = await h.click(ids[0], user=h.alice)
    assert own.reply.ephemeral
    accepted = await h.click(ids[0], user=h.bob)
    assert "a draw" in accepted.reply.content
    assert (await world.bot.services.repo.get_match(1)).status == "finished"


async def test_the_accept_button_of_an_older_offer_does_not_accept_a_newer_one(world):
    h = world.h
    await start_match(world)
    old = custom_ids((await h.slash("match draw", user=h.alice)).reply)
    await h.click(old[1], user=h.bob)  # declined
    await h.slash("match draw", user=h.alice)  # a new offer, with its own buttons
    pressed = await h.click(old[0], user=h.bob)
    assert pressed.reply.ephemeral and "out of date" in pressed.reply.content
    assert (await world.bot.services.repo.get_match(1)).status == "active"


async def test_buttons_work_after_a_restart(world):
    h = world.h
    await start_match(world)
    board = next(m for m in world.fake.messages(h.channel["id"]) if custom_ids(m))
    button = custom_ids(board)[0]
    h = await world.restart()
    clicked = await h.click(button, user=h.bob)
    assert clicked.reply.ephemeral and clicked.reply.attachments


async def test_match_in_a_new_thread(world):
    h, fake = world.h, world.fake
    result = await h.slash(CREATE, {"thread": True}, user=h.alice)
    assert "is open in <#" in result.reply.content
    threads = fake.find_requests("POST", r"/threads$")
    assert len(threads) == 1
    thread_id = int(result.reply.content.split("<#")[1].split(">")[0])
    posts = fake.messages(thread_id, kind="channel")
    assert any("opened match" in m.content for m in posts)
    # The parent channel is still free for another match.
    again = await h.slash(CREATE, {}, user=h.carol)
    assert "opened match" in again.reply.content


async def test_abort_needs_creator_or_manage_server(world):
    h = world.h
    await start_match(world)
    refused = await h.slash("match abort", user=h.carol)
    assert refused.reply.ephemeral and "Manage Server" in refused.reply.content
    done = await h.slash("match abort", user=h.carol, permissions=P.MANAGER_PERMISSIONS)
    assert "aborted" in done.reply.content
    assert (await world.bot.services.repo.get_match(1)).status == "aborted"


async def test_moves_and_names_never_ping(world):
    h = world.h
    await start_match(world)
    mover = await to_move(world)
    sent = await h.slash("move", {"text": "@everyone <@&1>"}, user=mover)
    assert sent.reply.ephemeral
    assert sent.reply.allowed_mentions == {"parse": []}


async def test_dutch_client_gets_dutch(world):
    h = world.h
    refused = await h.slash("match join", user=h.bob, locale="nl")
    assert "Er is geen partij" in refused.reply.content


async def test_games_links_my_matches(world):
    h = world.h
    await start_match(world)
    mover = await to_move(world)
    listed = await h.slash("games", user=mover)
    assert f"<#{h.channel['id']}>" in listed.reply.content
    assert listed.reply.ephemeral


async def test_board_and_view(world):
    h = world.h
    await start_match(world)
    board = await h.slash("board", user=h.carol)
    assert not board.reply.ephemeral and board.reply.attachments
    view = await h.slash("view", user=h.alice)
    assert view.reply.ephemeral and view.reply.attachments[0].data.startswith(PNG_SIGNATURE)


async def test_deadlines_fire_after_a_restart(world):
    h = world.h
    await start_match(world, deadline="24h", schedule="grace 0")  # the loss on time is the point here
    h = await world.restart()
    world.clock.advance(hours=18, seconds=1)
    assert await world.bot.services.scheduler.run_due() == 1  # the reminder, by DM
    world.clock.advance(hours=6)
    assert await world.bot.services.scheduler.run_due() == 1  # the loss on time, in the channel
    posts = world.fake.messages(h.channel["id"], kind="channel")
    assert "ran out of time" in posts[-1].content
    assert posts[-1].attachments[0].data.startswith(PNG_SIGNATURE)
    assert (await world.bot.services.repo.get_match(1)).status == "finished"


async def test_commands_sync_to_the_dev_guild_when_configured(fake_discord, tmp_path):  # noqa: F811
    from bot.discord_app.client import ScheidsBot
    from tests.fakediscord import DiscordHarness

    guild_id = 4242
    bot = ScheidsBot(str(tmp_path / "dev.sqlite3"), dev_guild_id=guild_id)
    async with DiscordHarness(bot, fake_discord, guild_id=guild_id):
        synced = fake_discord.synced_commands(guild_id)
        assert {c["name"] for c in synced} >= {"match", "move"}


async def test_slow_work_is_deferred_and_private_answers_stay_private(world, monkeypatch):
    """Past DEFER_AFTER the bot defers; an ephemeral answer then replaces the public "thinking"."""
    from bot.discord_app import answering

    monkeypatch.setattr(answering, "DEFER_AFTER", 0)
    h = world.h
    await start_match(world)
    mover = await to_move(world)
    illegal = await h.slash("move", {"text": "a1-a2"}, user=mover)
    assert illegal.interaction.response_type == 5  # deferred
    assert illegal.reply.ephemeral and "a1" in illegal.reply.content
    played = await h.slash("move", {"text": await legal_move(world)}, user=mover)
    assert played.interaction.response_type == 5
    assert not played.reply.ephemeral and played.reply.attachments


async def test_a_match_of_older_rules_gets_an_explanation(world):
    h = world.h
    await start_match(world)
    await world.bot.services.repo.db.execute("UPDATE matches SET engine_version = 0 WHERE id = 1")
    world.bot.services.matches.book.forget(1)
    status = await h.slash("match status", user=h.alice)
    assert status.reply.ephemeral and "rules version 0" in status.reply.content


async def test_militakiri_create_has_its_own_time_options_and_a_leaderboard(world):
    h = world.h
    commands = world.fake.synced_commands()
    match = next(c for c in commands if c["name"] == "match")
    create = next(o for o in match["options"] if o["name"] == "create")
    game = next(o for o in create["options"] if o["name"] == "militakiri")
    names = {o["name"] for o in game["options"]}
    assert {"board", "time_control", "opponent", "thread"} <= names
    assert not names & {"deadline", "deadline_hours", "clock_minutes"}
    created = await h.slash("match create militakiri", {"opponent": h.bob, "board": "double", "time_control": "24h"}, user=h.alice)
    assert "24 h per move" in created.reply.content
    await h.slash("match join", user=h.bob)
    await h.slash("match start", user=h.alice)
    choices = await h.autocomplete("move", {"text": "towers"}, focused="text", user=h.alice)
    assert 0 < len(choices) <= 25 and all(c["value"].startswith("towers") for c in choices)
    await h.slash("move", {"text": "setup random"}, user=h.alice)
    await h.slash("move", {"text": "setup random"}, user=h.bob)
    await h.slash("match resign", user=h.bob)
    table = await h.slash("leaderboard", {"game": "militakiri", "board": "double"}, user=h.carol)
    assert "20 (" in table.reply.content.splitlines()[1]  # a double-board win is 20 points (section 23)
    profile = await h.slash("profile", {"user": h.bob}, user=h.carol)
    assert "0 points" in profile.reply.content and profile.reply.ephemeral


async def test_match_verify_defers_first_replays_in_a_worker_and_is_limited_per_user(world, monkeypatch):
    """The replay of a whole record runs off the event loop (the renderer's workers, as
    ``/match history``), after a deferral; one user may ask again only after a while."""
    h = world.h
    await start_match(world)
    await h.slash("match resign", user=h.alice)
    renderer = world.bot.services.matches.renderer
    ran: list[str] = []
    run = renderer.run

    async def spied(fn, *args):
        ran.append(fn.__name__)
        return await run(fn, *args)

    monkeypatch.setattr(renderer, "run", spied)
    verified = await h.slash("match verify", user=h.carol)
    assert verified.interaction.response_type == 5  # deferred before any work
    assert "Every roll matches" in verified.reply.content and not verified.reply.ephemeral
    assert ran == ["verify_record"]
    again = await h.slash("match verify", user=h.carol)
    assert again.reply.ephemeral and "You can ask for /match verify again" in again.reply.content
    assert ran == ["verify_record"]  # refused without replaying
    other = await h.slash("match verify", user=h.dave)  # another user is not held back
    assert "Every roll matches" in other.reply.content
    world.clock.advance(seconds=61)
    later = await h.slash("match verify", user=h.carol)
    assert "Every roll matches" in later.reply.content and ran == ["verify_record"] * 3


async def test_an_export_larger_than_the_servers_file_limit_is_compressed_or_split(world):
    """Discord refuses a file over the interaction's ``attachment_size_limit`` (the fake too)."""
    import gzip

    h = world.h
    await start_match(world)
    for _ in range(6):
        await h.slash("move", {"text": await legal_move(world)}, user=await to_move(world))
    await h.slash("match resign", user=h.alice)
    whole = await h.slash("match export", user=h.carol)
    record = whole.reply.attachments[0].data
    for limit in (len(record) - 1, 600):
        exported = await h.slash("match export", user=h.carol, attachment_size_limit=limit)
        files = [a for m in exported.replies for a in m.attachments]
        assert files and all(a.size <= limit for a in files)
        assert gzip.decompress(b"".join(a.data for a in sorted(files, key=lambda a: a.filename))) == record
    assert len(files) > 1 and "parts" in exported.replies[0].content
