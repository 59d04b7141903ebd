"""Through the real discord.py: ``/help`` and ``/rules`` (private, translated, within Discord's
2,000 characters a message, every topic as a translated choice), and the languages of a match:
the server's preferred locale for channel posts, the user's for what only they see."""

from __future__ import annotations

import pytest

from bot.i18n import Msg, catalog
from bot.services.guide import ALL, TOPICS, game_topics
from engines.registry import ENGINES

MESSAGE_LIMIT = 2000


async def test_help_is_private_and_names_the_commands_and_every_game(world):
    h = world.h
    result = await h.slash("help", user=h.alice)
    (answer,) = result.replies
    assert answer.ephemeral
    assert "/match create" in answer.content and "/move" in answer.content and "/rules" in answer.content
    for slug in ENGINES:
        assert f"`{slug}`" in answer.content
    assert "Heroes & Cities" in answer.content
    dutch = (await h.slash("help", user=h.alice, locale="nl")).reply
    assert dutch.ephemeral and "De spellen:" in dutch.content and "Helden & Steden" in dutch.content


@pytest.mark.parametrize("locale", ["en-US", "nl"])
async def test_help_status_and_verify_send_no_player_to_a_repository_file(world, locale):
    """A Discord player cannot open docs/*.md: ``/help``, the record-hash line of ``/match
    status`` and ``/match verify``'s how-to-check lines name commands, never a file."""
    from tests.bot_discord.test_discord_flow import start_match

    h = world.h
    help_text = (await h.slash("help", user=h.alice, locale=locale)).reply.content
    await start_match(world)
    status = (await h.slash("match status", user=h.alice, locale=locale)).reply.content
    assert "`/match export`" in status and "`/notify`" in help_text
    await h.slash("match resign", user=h.alice)
    verify = (await h.slash("match verify", user=h.alice, locale=locale)).reply.content
    for text in (help_text, status, verify):
        assert "docs/" not in text and ".md" not in text, text


async def test_help_and_rules_work_in_direct_messages(world):
    h = world.h
    assert "`militakiri`" in (await h.slash("help", user=h.dave, channel=h.dm_channel(h.dave))).reply.content
    rules = await h.slash("rules", {"game": "militakiri", "topic": "notation"}, user=h.dave, channel=h.dm_channel(h.dave))
    assert "towers a1 c2 e3" in rules.reply.content


@pytest.mark.parametrize("locale", ["en-US", "nl"])
@pytest.mark.parametrize("game", sorted(ENGINES))
async def test_rules_without_a_topic_give_the_summary_and_the_topics_and_all_gives_every_topic(world, game, locale):
    h = world.h
    language = "nl" if locale == "nl" else "en"
    name = catalog().render(Msg(f"games.{game}"), language)
    (summary,) = (await h.slash("rules", {"game": game}, user=h.alice, locale=locale)).replies
    heading = catalog().render(Msg("core.rules_topic_summary"), language)
    assert summary.ephemeral and summary.content.startswith(f"**{name}: {heading}**") and len(summary.content) <= MESSAGE_LIMIT
    assert "`/rules`" in summary.content and "`topic:`" in summary.content and "\\" not in summary.content.splitlines()[-1]
    assert all(f"`{topic}`" in summary.content for topic in game_topics(game))
    replies = (await h.slash("rules", {"game": game, "topic": ALL}, user=h.alice, locale=locale)).replies
    assert len(replies) == len(game_topics(game))
    for reply, topic in zip(replies, game_topics(game)):
        assert reply.ephemeral and 0 < len(reply.content) <= MESSAGE_LIMIT
        heading = catalog().render(Msg(f"core.rules_topic_{topic}"), language)
        assert reply.content.startswith(f"**{name}: {heading}**")


async def test_the_new_topics_answer_in_english_and_in_dutch(world):
    h = world.h
    numbered = (await h.slash("rules", {"game": "battle_island", "topic": "numbered"}, user=h.alice)).reply
    assert numbered.content.startswith("**Battle for the Island (Slag om het Eiland): numbered rules**")
    assert "**Rule 1a.**" in numbered.content and "**Rule 15.**" in numbered.content
    dutch = (await h.slash("rules", {"game": "battle_island", "topic": "numbered"}, user=h.alice, locale="nl")).reply
    assert dutch.content.startswith("**Slag om het Eiland: genummerde regels**") and "**Regel 1b.**" in dutch.content
    combat = (await h.slash("rules", {"game": "masters_victory", "topic": "combat"}, user=h.bob, locale="nl")).reply
    assert "**R1, zelfde type met nummer**" in combat.content and "**tank** valt aan: tank (R1), soldaat, artillerie;" in combat.content
    units = (await h.slash("rules", {"game": "axis_allies", "topic": "units"}, user=h.bob)).reply
    assert "battleship  bb    24   4   4   2" in units.content
    missing = (await h.slash("rules", {"game": "heroes_cities", "topic": "units"}, user=h.bob)).reply
    assert missing.ephemeral and "has no topic `units`" in missing.content


async def test_rules_by_topic_give_that_part_only(world):
    h = world.h
    result = await h.slash("rules", {"game": "masters_victory", "topic": "notation"}, user=h.alice)
    (reply,) = result.replies
    assert "setup f11223m t2m3121 s3m1122" in reply.content and "fire c4" in reply.content
    options = (await h.slash("rules", {"game": "masters_victory", "topic": "options"}, user=h.alice, locale="nl")).reply
    assert "`fighter_vs_ground`" in options.content and "standaard" in options.content


async def test_the_rules_command_offers_the_games_and_topics_as_translated_choices(world):
    rules = next(c for c in world.fake.synced_commands() if c["name"] == "rules")
    game, topic = rules["options"]
    assert [c["value"] for c in game["choices"]] == list(ENGINES) and game["required"]
    assert [c["value"] for c in topic["choices"]] == [*TOPICS, ALL] and not topic.get("required")
    names = {c["value"]: c for c in game["choices"]}
    assert names["battle_island"]["name_localizations"]["nl"] == "Slag om het Eiland"
    topics = {c["value"]: c for c in topic["choices"]}
    assert topics["pictures"]["name"] == "the pictures" and topics["pictures"]["name_localizations"]["nl"] == "de afbeeldingen"
    assert topics["numbered"]["name_localizations"]["nl"] == "genummerde regels (Slag om het Eiland)"
    assert all(0 < len(c["name"]) <= 100 for c in topic["choices"])


async def test_channel_posts_follow_the_servers_locale_and_private_answers_the_users(world):
    """A Dutch server, an English-speaking user: the match (its posts) is Dutch; what only the user
    sees is English. The match keeps the server's language for later posts by others."""
    h = world.h
    created = await h.slash("match create heroes_cities", {"opponent": h.bob}, user=h.alice, guild_locale="nl")
    assert not created.reply.ephemeral and "alice opende partij #1" in created.reply.content.lower()
    again = await h.slash("match create heroes_cities", {}, user=h.alice, guild_locale="nl")
    assert again.reply.ephemeral and "already has a match" in again.reply.content
    joined = await h.slash("match join", user=h.bob, guild_locale="nl", locale="en-US")
    assert "doet mee" in joined.reply.content
    row = await world.bot.services.repo.get_match(1)
    assert row.language == "nl"
