"""Through the real discord.py: every request valid by Discord's own spec (the ``fake_discord``
fixture fails a test on any request Discord would refuse), every failure answered, no move mis-sent."""

from __future__ import annotations

import asyncio
import logging

import pytest

from bot.discord_app import answering, suggestions
from engines.core.record import MoveEvent
from tests.bot_discord.test_discord_flow import custom_ids, start_match, to_move, uid
from tests.fakediscord import PNG_SIGNATURE
from tests.fakediscord import payloads as P

NO_THREADS = P.BOT_PERMISSIONS & ~P.CREATE_PUBLIC_THREADS
NO_FILES = P.BOT_PERMISSIONS & ~P.ATTACH_FILES


async def match_of(world, match_id: int = 1):
    return await world.bot.services.matches.book.load(match_id)


# ----------------------------------------------------------------------------- 1. autocomplete


async def play_until_long_suggestions(world) -> tuple[dict, list[dict]]:
    """Axis & Allies: play the first legal move until the mover's suggestions hold moves longer
    than Discord's 100 characters (fighters' routes), and return the mover and those choices."""
    h = world.h
    for _ in range(40):
        mover = await to_move(world)
        choices = await h.autocomplete("move", {"text": "move 1 ftr"}, focused="text", user=mover)
        if any(suggestions.is_token(c["value"]) for c in choices):
            return mover, choices
        match = await match_of(world)
        (seat,) = match.to_act()
        first = match.engine.format_move(match.engine.legal_moves(match.state, seat)[0], match.state)
        await h.slash("move", {"text": first}, user=mover)
    raise AssertionError("no move longer than 100 characters came up")


async def start_axis_allies(world) -> None:
    h = world.h
    await h.slash("match create axis_allies", {"opponent": h.bob}, user=h.alice)
    await h.slash("match join", user=h.bob)
    await h.slash("match start", user=h.alice)


async def test_a_long_suggestion_commits_exactly_the_move_it_names(world):
    """Defect 1: a chosen suggestion is never a different move (no cut at 100 characters)."""
    await start_axis_allies(world)
    mover, choices = await play_until_long_suggestions(world)
    match = await match_of(world)
    (seat,) = match.to_act()
    legal = [match.engine.format_move(m, match.state) for m in match.engine.legal_moves(match.state, seat)]
    long_moves = [text for text in legal if len(text) > 100]
    assert long_moves, "the position has moves longer than Discord allows in a choice"
    for choice in choices:
        assert len(choice["name"]) <= 100 and len(choice["value"]) <= 100
        if not suggestions.is_token(choice["value"]):
            assert choice["value"] in legal and choice["name"] == choice["value"]
    token = next(c for c in choices if suggestions.is_token(c["value"]))
    intended = suggestions.resolve(token["value"], match.progress.seq, legal)
    assert intended is not None and len(intended) > 100
    played = await world.h.slash("move", {"text": token["value"]}, user=mover)
    assert not played.reply.ephemeral and played.reply.attachments[0].data.startswith(PNG_SIGNATURE)
    entries = await world.bot.services.repo.entries(1)
    moves = [e.event for e in entries if isinstance(e.event, MoveEvent)]
    assert moves[-1].text == intended  # the whole order, to its last territory


async def test_every_long_suggestion_maps_back_to_itself_and_names_are_unique(world):
    await start_axis_allies(world)
    _, choices = await play_until_long_suggestions(world)
    match = await match_of(world)
    (seat,) = match.to_act()
    legal = [match.engine.format_move(m, match.state) for m in match.engine.legal_moves(match.state, seat)]
    names = [c["name"] for c in choices]
    assert len(names) == len(set(names))
    for choice in choices:
        full = suggestions.resolve(choice["value"], match.progress.seq, legal) or choice["value"]
        assert full in legal
        assert suggestions.readable_name(full) == choice["name"]


async def test_a_suggestion_from_before_the_last_move_is_refused_as_out_of_date(world):
    await start_axis_allies(world)
    mover, choices = await play_until_long_suggestions(world)
    token = next(c["value"] for c in choices if suggestions.is_token(c["value"]))
    seq = (await match_of(world)).progress.seq
    stale = token.replace(f"#{seq}:", f"#{seq - 1}:")
    refused = await world.h.slash("move", {"text": stale}, user=mover)
    assert refused.reply.ephemeral and "out of date" in refused.reply.content
    assert (await match_of(world)).progress.seq == seq  # nothing was played


async def test_a_typed_move_is_still_parsed_as_typed(world):
    await start_match(world)
    mover = await to_move(world)
    choices = await world.h.autocomplete("move", {"text": ""}, focused="text", user=mover)
    typed = choices[0]["value"]
    assert not suggestions.is_token(typed)  # short moves are their own values
    played = await world.h.slash("move", {"text": typed}, user=mover)
    assert f"`{typed}`" in played.reply.content


# ----------------------------------------------------------------------------- 2. every failure answered


async def test_an_unexpected_error_is_answered_privately_and_logged(world, monkeypatch, caplog):
    async def broken(*args, **kwargs):
        raise RuntimeError("storage fell over")

    monkeypatch.setattr(world.bot.services.matches, "status", broken)
    with caplog.at_level(logging.ERROR, logger="bot.discord_app.answering"):
        result = await world.h.slash("match status", user=world.h.alice, locale="nl")
    assert result.reply.ephemeral and "ging bij mij iets mis" in result.reply.content
    logged = [r for r in caplog.records if "failed to answer" in r.getMessage()]
    assert logged and "match status" in logged[0].getMessage() and str(world.h.alice["id"]) in logged[0].getMessage()
    assert logged[0].exc_info[1].args == ("storage fell over",)


async def test_an_error_after_the_deferral_replaces_thinking_with_a_private_answer(world, monkeypatch):
    monkeypatch.setattr(answering, "DEFER_AFTER", 0)

    async def broken(*args, **kwargs):
        await asyncio.sleep(0.05)  # slow enough to be deferred
        raise RuntimeError("boom")

    monkeypatch.setattr(world.bot.services.matches, "board", broken)
    result = await world.h.slash("board", user=world.h.alice)
    assert result.interaction.response_type == 5
    replies = result.replies
    assert len(replies) == 1 and replies[0].ephemeral and "went wrong" in replies[0].content
    assert not any(m.loading for m in world.fake.messages(kind="response"))  # no "thinking…" left


async def test_buttons_take_the_same_path_and_defer_when_slow(world, monkeypatch):
    await start_match(world)
    monkeypatch.setattr(answering, "DEFER_AFTER", 0)
    clicked = await world.h.click("scheids:view:1", user=world.h.alice)
    assert clicked.interaction.response_type == 5  # deferred, like a command
    assert clicked.reply.ephemeral and clicked.reply.attachments


async def test_a_button_with_a_30_digit_match_id_gets_a_clear_answer(world):
    """such a custom_id used to fail the callback without a reply."""
    for custom_id in ("scheids:view:" + "9" * 30, "scheids:draw:accept:" + "9" * 30 + ":1", "scheids:move:" + "9" * 30 + ":1:roll"):
        clicked = await world.h.click(custom_id, user=world.h.alice)
        assert clicked.reply.ephemeral and "no match I know" in clicked.reply.content


async def test_an_unknown_scheids_button_is_answered_once(world):
    clicked = await world.h.click("scheids:rematch:1", user=world.h.alice)
    assert len(clicked.replies) == 1 and "no match I know" in clicked.reply.content


async def test_a_known_button_is_not_also_taken_for_an_unknown_one(world):
    await start_match(world)
    clicked = await world.h.click("scheids:view:1", user=world.h.bob)
    assert len(clicked.interaction.callbacks) == 1 and clicked.reply.attachments


# ----------------------------------------------------------------------------- 3. permissions


async def test_a_thread_without_thread_permission_is_refused_before_it_exists(world):
    result = await world.h.slash("match create heroes_cities", {"thread": True}, user=world.h.alice, app_permissions=NO_THREADS)
    assert result.reply.ephemeral and "Create Public Threads" in result.reply.content
    assert world.fake.find_requests("POST", r"/threads$") == []
    assert await world.bot.services.repo.get_match(1) is None


async def test_a_refused_create_leaves_no_empty_thread(world):
    h = world.h
    result = await h.slash("match create heroes_cities", {"thread": True, "opponent": h.alice}, user=h.alice)
    assert result.reply.ephemeral and "yourself" in result.reply.content.lower()
    assert world.fake.find_requests("POST", r"/threads$") == []


async def test_a_match_is_not_opened_where_boards_cannot_be_posted(world):
    result = await world.h.slash("match create heroes_cities", {}, user=world.h.alice, app_permissions=NO_FILES, locale="nl")
    assert result.reply.ephemeral and "Bestanden bijvoegen" in result.reply.content
    assert await world.bot.services.repo.get_match(1) is None


async def test_a_refused_post_in_a_new_thread_reaches_the_creator_privately(world):
    h, fake = world.h, world.fake
    general = h.channel["id"]
    fake.fail("POST", rf"^/channels/(?!{general}/)\d+/messages$", code=50001, count=-1)
    result = await h.slash("match create heroes_cities", {"thread": True}, user=h.alice)
    contents = [m.content for m in result.replies]
    assert any("is open in <#" in c for c in contents)
    private = [m for m in result.replies if m.ephemeral]
    assert private and "could not post this" in private[0].content and "opened match #1" in private[0].content
    assert (await world.bot.services.repo.get_match(1)).status == "open"  # the match itself stands


async def test_a_refused_board_post_after_a_timeout_goes_to_every_seat_by_dm(world):
    h, fake = world.h, world.fake
    await start_match(world, deadline="24h", schedule="grace 0")  # the loss on time is the point here
    fake.fail("POST", rf"^/channels/{h.channel['id']}/messages$", code=50013, count=-1)
    world.clock.advance(hours=24, seconds=1)
    await world.bot.services.scheduler.run_due()
    assert (await world.bot.services.repo.get_match(1)).status == "finished"
    for user in (h.alice, h.bob):
        notes = [m for m in fake.dms(user["id"]) if "could not post this" in m.content]
        assert len(notes) == 1, user["username"]
        assert "ran out of time" in notes[0].content and notes[0].attachments[0].data.startswith(PNG_SIGNATURE)


# ----------------------------------------------------------------------------- 4. no deprecated followup


async def test_a_public_answer_after_a_deferral_edits_the_original_response(world, monkeypatch):
    monkeypatch.setattr(answering, "DEFER_AFTER", 0)
    await world.h.slash("match create heroes_cities", {"opponent": world.h.bob}, user=world.h.alice)
    joined = await world.h.slash("match join", user=world.h.bob)
    assert joined.interaction.response_type == 5
    assert [r.method for r in joined if r.path.startswith("/webhooks/")] == ["PATCH"]
    assert "plays blue" in joined.reply.content and not joined.reply.ephemeral


# ----------------------------------------------------------------------------- 5. refused DMs


async def test_a_refused_dm_is_not_tried_again_until_the_user_asks(world):
    h, fake = world.h, world.fake
    fake.close_dms(h.alice["id"])
    fake.close_dms(h.bob["id"])
    await start_match(world, deadline="24h")
    for _ in range(4):
        mover = await to_move(world)
        match = await match_of(world)
        (seat,) = match.to_act()
        move = match.engine.format_move(match.engine.legal_moves(match.state, seat)[0], match.state)
        await h.slash("move", {"text": move}, user=mover)
    dm_attempts = [r for r in fake.find_requests("POST", r"^/channels/\d+/messages$") if r.status == 403]
    assert len(dm_attempts) == 2  # one per player, then remembered
    assert fake.find_requests("GET", r"^/users/\d+$") == []  # DMs open by id, without fetching the user
    still = await h.slash("dms", user=h.alice)
    assert still.reply.ephemeral and "still cannot" in still.reply.content
    fake.open_dms(h.alice["id"])
    again = await h.slash("dms", user=h.alice)
    assert "work again" in again.reply.content
    assert any("your direct messages work" in m.content for m in fake.dms(h.alice["id"]))
    assert not await world.bot.dms.refused(uid(h.alice)) and await world.bot.dms.refused(uid(h.bob))


async def test_a_refused_dm_is_remembered_across_a_restart(world):
    h = world.h
    world.fake.close_dms(h.bob["id"])
    await start_match(world, deadline="24h")
    if uid(await to_move(world)) != uid(h.bob):
        mover = await to_move(world)
        match = await match_of(world)
        (seat,) = match.to_act()
        await h.slash("move", {"text": match.engine.format_move(match.engine.legal_moves(match.state, seat)[0], match.state)}, user=mover)
    await world.restart()
    assert await world.bot.dms.refused(uid(h.bob))


async def test_using_the_bot_in_dms_forgets_a_refusal(world):
    h = world.h
    await world.bot.dms.remember(uid(h.dave))
    await h.slash("games", user=h.dave, channel=h.dm_channel(h.dave))
    assert not await world.bot.dms.refused(uid(h.dave))


# ----------------------------------------------------------------------------- 6. contexts


def synced(world, name: str) -> dict:
    return next(c for c in world.fake.synced_commands() if c["name"] == name)


async def test_match_commands_are_guild_only_and_the_private_ones_work_in_dms(world):
    for name in ("match", "move", "setup", "board", "leaderboard", "profile"):
        assert synced(world, name)["contexts"] == [0], name
    for name in ("games", "view", "dms"):
        assert synced(world, name)["contexts"] == [0, 1], name


async def test_a_guild_only_command_sent_from_a_dm_is_answered(world):
    h = world.h
    result = await h.slash("match create heroes_cities", {}, user=h.dave, channel=h.dm_channel(h.dave))
    assert result.reply.ephemeral and "server channel" in result.reply.content
    assert await world.bot.services.repo.get_match(1) is None


async def test_view_in_dms_shows_your_only_live_match(world):
    h = world.h
    await start_match(world)
    view = await h.slash("view", user=h.alice, channel=h.dm_channel(h.alice))
    assert view.reply.attachments[0].data.startswith(PNG_SIGNATURE)
    other = await h.slash("view", {"match": 1}, user=h.carol, channel=h.dm_channel(h.carol))
    assert other.reply.ephemeral and not other.reply.attachments  # not seated: no view of it


# ----------------------------------------------------------------------------- 7. command sync


async def test_commands_are_synced_only_when_they_changed(world):
    puts = lambda: world.fake.find_requests("PUT", r"/commands$")  # noqa: E731
    assert len(puts()) == 1
    await world.restart()
    assert len(puts()) == 1  # unchanged: not registered again
    await world.bot.sync(force=True)
    assert len(puts()) == 2


async def test_global_copies_can_be_cleared_when_a_dev_guild_is_used(fake_discord, tmp_path):
    from bot.discord_app.client import ScheidsBot
    from tests.fakediscord import DiscordHarness

    database = str(tmp_path / "dev.sqlite3")
    async with DiscordHarness(ScheidsBot(database, start_scheduler=False), fake_discord):
        assert fake_discord.synced_commands()  # an earlier global sync
    bot = ScheidsBot(database, dev_guild_id=4242, start_scheduler=False)
    async with DiscordHarness(bot, fake_discord, guild_id=4242):
        assert fake_discord.synced_commands(4242)
        await bot.clear_commands("global")
        assert fake_discord.synced_commands() == [] and fake_discord.synced_commands(4242)


# ----------------------------------------------------------------------------- 8. Dutch everywhere


def localised_texts(node: dict, where: str):
    """(where, default, dutch) for every description and choice name of a synced command."""
    yield where, node.get("description"), (node.get("description_localizations") or {}).get("nl")
    for choice in node.get("choices") or []:
        yield f"{where} choice {choice['value']}", choice["name"], (choice.get("name_localizations") or {}).get("nl")
    for option in node.get("options") or []:
        yield from localised_texts(option, f"{where} {option['name']}")


async def test_every_registered_description_and_choice_name_has_dutch(world):
    missing = [
        where
        for command in world.fake.synced_commands()
        for where, default, dutch in localised_texts(command, f"/{command['name']}")
        if default and not dutch
    ]
    assert not missing, "no Dutch for: " + ", ".join(missing)


def test_the_catalogued_english_of_game_options_is_the_engines_own():
    from bot.i18n import catalog
    from engines.registry import ENGINES

    for slug, engine in ENGINES.items():
        for name, field in engine.options_model.model_fields.items():
            key = f"game_options.{slug}_{name}"
            assert catalog().has(key), f"{key}: add it (en = the field's description, nl = its Dutch)"
            assert catalog().messages[key]["en"] == field.description, f"{key} drifted from the engine's description"


# ----------------------------------------------------------------------------- 9. markdown


async def test_names_and_moves_are_shown_as_typed_never_as_markdown(world):
    h = world.h
    tricky = h.user("mallory", global_name="[claim nitro](https://x) ||x||")
    result = await h.slash("match create heroes_cities", {}, user=tricky)
    content = result.reply.content
    # discord.utils.escape_markdown: the "[" that would open a masked link and every "|" of the spoiler
    assert "\\[claim nitro](https://x) \\|\\|x\\|\\|" in content
    await h.slash("match join", user=h.bob)
    await h.slash("match start", user=tricky)
    mover = await to_move(world)
    refused = await h.slash("move", {"text": "`**bold**` ||x||"}, user=mover)
    assert "“\\`\\*\\*bold\\*\\*\\` \\|\\|x\\|\\|”" in refused.reply.content


def test_a_backtick_cannot_close_our_code_span():
    """Inside `code` nothing can be escaped: a user's backtick is shown as a look-alike instead."""
    from bot.discord_app.delivery import escaped
    from bot.i18n import Msg, catalog

    line = escaped(Msg("core.move_played", {"player": "**Eve**", "move": "a1`-a2"}), "en")
    text = catalog().render(line, "en")
    assert "`a1ˋ-a2`" in text and "\\*\\*Eve\\*\\*" in text


# ----------------------------------------------------------------------------- 10. gateway


def test_the_bot_asks_only_for_the_guilds_intent():
    from bot.discord_app.client import intents

    assert intents().guilds and intents().value == 1  # GUILDS is bit 0


# ----------------------------------------------------------------------------- fake Discord modes


async def test_a_server_error_on_the_reply_is_retried_without_doubling_the_move(world):
    h, fake = world.h, world.fake
    await start_match(world)
    mover = await to_move(world)
    match = await match_of(world)
    (seat,) = match.to_act()
    move = match.engine.format_move(match.engine.legal_moves(match.state, seat)[0], match.state)
    seq = match.progress.seq
    fake.fail("POST", r"/callback$", status=500, code=0, count=1)
    played = await h.slash("move", {"text": move}, user=mover)
    assert len(played.replies) == 1 and f"`{move}`" in played.reply.content
    assert (await match_of(world)).progress.seq == seq + 1  # applied once


async def test_a_rate_limited_reply_arrives_once(world):
    h, fake = world.h, world.fake
    fake.rate_limit("POST", r"/callback$", count=1, retry_after=0.05)
    created = await h.slash("match create heroes_cities", {}, user=h.alice)
    assert len(created.replies) == 1 and "opened match #1" in created.reply.content
    assert any(r.rate_limited for r in created)


async def test_a_reply_discord_refuses_still_leaves_the_user_an_answer(world):
    """403 on the reply itself (e.g. the interaction's webhook refused): the followup error answer."""
    h, fake = world.h, world.fake
    await start_match(world)
    fake.fail("POST", r"/callback$", code=50001, count=1)
    result = await h.slash("board", user=h.alice)
    # The first callback was refused, so the error answer is the interaction's only response.
    assert len(result.replies) == 1 and result.reply.ephemeral and "went wrong" in result.reply.content


@pytest.mark.parametrize("every", [2])
async def test_server_errors_now_and_then_lose_and_double_nothing(world, every):
    h, fake = world.h, world.fake
    await start_match(world, deadline="24h")
    fake.fail(None, r"^/(interactions|channels|webhooks)/", status=500, code=0, count=2, every=every)
    for _ in range(2):
        mover = await to_move(world)
        match = await match_of(world)
        (seat,) = match.to_act()
        move = match.engine.format_move(match.engine.legal_moves(match.state, seat)[0], match.state)
        played = await h.slash("move", {"text": move}, user=mover)
        assert len(played.replies) == 1 and f"`{move}`" in played.reply.content
    assert (await match_of(world)).progress.moves == 2
    custom = [i for m in fake.messages(h.channel["id"]) for i in custom_ids(m)]
    assert custom  # boards with their buttons arrived


# ----------------------------------------------------------------------------- budget


async def test_each_command_fits_discords_8000_characters_and_the_figure_is_printed(world, capsys):
    """Discord counts names, descriptions, choices and values (the longest localisation of each) of one
    command against 8,000 characters; /match grows with every game. The figures are printed (``-s``)."""
    from tests.fakediscord.conformance import COMMAND_SIZE_MAX, command_size

    sizes = {c["name"]: command_size(c) for c in world.fake.synced_commands()}
    with capsys.disabled():
        print("\ncommand sizes (of 8,000): " + ", ".join(f"/{n} {s:,}" for n, s in sorted(sizes.items(), key=lambda i: -i[1])))
    assert max(sizes.values()) <= COMMAND_SIZE_MAX
    assert sizes["match"] > 4000  # the figure measures the real tree (5 games' create options), not an empty one


def test_the_readme_invite_grants_exactly_what_the_bot_checks():
    import re
    from pathlib import Path

    from bot.discord_app.permissions import INVITE, OPEN_THREAD, POST_IN_CHANNEL, POST_IN_THREAD

    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    (granted,) = re.findall(r"permissions=(\d+)", readme)
    assert int(granted) == INVITE.value
    for name in {*POST_IN_CHANNEL, *POST_IN_THREAD, *OPEN_THREAD}:
        assert getattr(INVITE, name), name
