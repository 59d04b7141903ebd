"""``/settings``: a server's own settings, changed with menus by its admins, stored, shown in the
server's language, kept across a restart, and logged with who changed what."""

from __future__ import annotations

import logging

from tests.bot_discord.conftest import storage_held
from tests.bot_discord.test_discord_flow import CREATE
from tests.fakediscord import payloads as P

ADMIN = {"permissions": P.MANAGER_PERMISSIONS}


async def open_panel(h, **kwargs):
    shown = await h.slash("settings", **{**ADMIN, **kwargs})
    return shown.reply


async def test_a_member_without_manage_server_cannot_see_or_change_the_settings(world):
    h = world.h
    refused = await h.slash("settings", user=h.bob)
    assert refused.reply.ephemeral and "Manage Server" in refused.reply.content
    panel = await open_panel(h)
    changed = await h.select("scheids:settings:language", ["nl"], panel, user=h.bob)
    assert changed.reply.ephemeral and "Manage Server" in changed.reply.content
    assert await world.bot.services.repo.server_settings(str(h.guild["id"])) == {}


async def test_settings_changed_with_the_menus_are_shown_in_the_servers_language_and_survive_a_restart(world, caplog):
    h = world.h
    panel = await open_panel(h)
    assert panel.ephemeral and "Settings of this server" in panel.content
    assert "Vacation allowance: 30 days a year" in panel.content  # the defaults
    ids = [c["custom_id"] for row in panel.components for c in row["components"]]
    assert ids == [f"scheids:settings:{m}" for m in ("language", "games", "match_channel", "organizer_role", "defaults")]
    role = "424242424242424242"
    with caplog.at_level(logging.INFO, logger="bot.services.settings"):
        await h.select("scheids:settings:defaults", ["deadline_hours:48"], panel, **ADMIN)
        await h.click("scheids:settings:organizer_role", panel, component_type=P.ROLE_SELECT, values=[role], **ADMIN)
        await h.select("scheids:settings:games", ["heroes_cities", "militakiri"], panel, **ADMIN)
        await h.select("scheids:settings:language", ["nl"], panel, **ADMIN)
    shown = world.fake.last_reply()  # the panel, edited after the last choice
    assert "Instellingen van deze server" in shown.content  # shown back in the server's (new) language
    assert "Standaard bedenktijd per zet: 48 uur" in shown.content and f"<@&{role}>" in shown.content
    assert "Alice" in shown.content  # who changed it, in the panel's latest changes
    logged = [r.getMessage() for r in caplog.records if r.name == "bot.services.settings"]
    assert any("organizer_role" in line and str(h.alice["id"]) in line for line in logged)
    changes = await world.bot.services.repo.settings_changes(str(h.guild["id"]), 10)
    assert [c.key for c in changes] == ["language", "games", "organizer_role", "deadline_hours"]
    assert {c.user_id for c in changes} == {str(h.alice["id"])}

    h = await world.restart()
    again = await open_panel(h)
    assert "Instellingen van deze server" in again.content and "Standaard bedenktijd per zet: 48 uur" in again.content
    # A menu of the panel sent before the restart still works.
    after = await h.select("scheids:settings:defaults", ["vacation_days:60"], panel, **ADMIN)
    assert after.errors == [] and "60 dagen" in world.fake.last_reply().content


async def test_a_game_turned_off_is_refused_by_match_create_and_the_default_deadline_applies(world):
    h = world.h
    panel = await open_panel(h)
    await h.select("scheids:settings:games", ["militakiri"], panel, **ADMIN)
    refused = await h.slash(CREATE, {"opponent": h.bob}, user=h.alice)
    assert refused.reply.ephemeral and "not played on this server" in refused.reply.content
    assert await world.bot.services.repo.live_match_in(str(h.channel["id"])) is None
    await h.select("scheids:settings:games", ["heroes_cities"], panel, **ADMIN)
    await h.select("scheids:settings:defaults", ["deadline_hours:72"], panel, **ADMIN)
    created = await h.slash(CREATE, {"opponent": h.bob}, user=h.alice)
    assert not created.reply.ephemeral
    row = await world.bot.services.repo.live_match_in(str(h.channel["id"]))
    assert row.time_control["per_move_hours"] == 72


async def test_new_matches_open_in_a_thread_of_the_match_channel_and_post_in_the_servers_language(world):
    h, fake = world.h, world.fake
    games = h.channels["games"]
    panel = await open_panel(h)
    await h.click("scheids:settings:match_channel", panel, component_type=P.CHANNEL_SELECT, values=[str(games["id"])], **ADMIN)
    await h.select("scheids:settings:language", ["nl"], panel, **ADMIN)
    created = await h.slash(CREATE, {"opponent": h.bob}, user=h.alice)  # given in #general
    assert len(fake.find_requests("POST", rf"^/channels/{games['id']}/threads$")) == 1
    row = (await world.bot.services.repo.matches_of_user(str(h.alice["id"]), str(h.guild["id"]), live_only=True))[0]
    assert row.channel_id != str(h.channel["id"]) and row.language == "nl"
    assert f"<#{row.channel_id}>" in created.reply.content
    posted = fake.messages(int(row.channel_id), kind="channel")
    assert posted and "partij" in posted[0].content.lower()


async def test_the_settings_and_a_choice_are_answered_in_time_while_storage_is_slow(world):
    h = world.h
    async with storage_held(world, lambda: h.slash("settings", **ADMIN)) as first:
        assert world.fake.answered_in_time(first) and first.response_type == 5  # deferred at once
    panel = world.fake.last_reply()
    assert "Settings of this server" in panel.content
    async with storage_held(world, lambda: h.select("scheids:settings:defaults", ["rated:0"], panel, **ADMIN)) as first:
        assert world.fake.answered_in_time(first) and first.response_type == 6  # the panel is edited after
    assert "count for the ratings by default: no" in world.fake.last_reply().content


async def test_the_servers_grace_reaches_a_new_match_and_one_period_can_be_chosen_again(world):
    h = world.h
    panel = await open_panel(h)
    assert "Grace after a missed deadline: one deadline period" in panel.content  # the default
    await h.select("scheids:settings:defaults", ["deadline_hours:72"], panel, **ADMIN)
    await h.select("scheids:settings:defaults", ["grace_hours:6"], panel, **ADMIN)
    assert "Grace after a missed deadline: 6 hours" in world.fake.last_reply().content
    await h.slash(CREATE, {"opponent": h.bob}, user=h.alice)
    row = await world.bot.services.repo.live_match_in(str(h.channel["id"]))
    assert (row.time_control["per_move_hours"], row.time_control["grace_hours"]) == (72, 6)
    again = await h.select("scheids:settings:defaults", ["grace_hours:period"], panel, **ADMIN)
    assert again.errors == [] and "Grace after a missed deadline: one deadline period" in world.fake.last_reply().content
