"""Through the real discord.py: ``/match create … rated:false``, the ratings in the ending post,
``/profile`` with its rating chart and ``/leaderboard game:`` (docs/ratings.md), refusals too."""

from __future__ import annotations

from tests.fakediscord import PNG_SIGNATURE

CREATE = "match create heroes_cities"


async def play_and_resign(world, loser, **options) -> str:
    h = world.h
    await h.slash(CREATE, {"opponent": h.bob, **options}, user=h.alice)
    await h.slash("match join", user=h.bob)
    await h.slash("match start", user=h.alice)
    return (await h.slash("match resign", user=loser)).reply.content


async def test_every_create_command_offers_rated(world):
    match = next(c for c in world.fake.synced_commands() if c["name"] == "match")
    create = next(o for o in match["options"] if o["name"] == "create")
    for game in create["options"]:
        rated = next(o for o in game["options"] if o["name"] == "rated")
        assert rated["type"] == 5 and not rated.get("required")  # a boolean, rated when left out


async def test_profile_and_leaderboard_after_a_rated_match(world, monkeypatch):
    h = world.h
    ended = await play_and_resign(world, h.bob)
    assert "Alice: rating 1662? (+162)" in ended and "Bob: rating 1338? (\\-162)" in ended  # markdown-escaped minus
    renderer = world.bot.services.matches.renderer
    ran: list[str] = []
    run = renderer.run

    async def spied(fn, *args):
        ran.append(fn.__name__)
        return await run(fn, *args)

    monkeypatch.setattr(renderer, "run", spied)
    profile = await h.slash("profile", {"user": h.bob}, user=h.carol)
    assert profile.reply.ephemeral
    assert "Heroes & Cities (Helden & Steden): rating 1338? (deviation 290), 1 played — 0 won, 0 drawn, 1 lost" in profile.reply.content
    assert "provisional" in profile.reply.content
    (chart,) = profile.reply.attachments
    assert chart.data.startswith(PNG_SIGNATURE) and ran == ["render_rating_chart"]  # drawn off the event loop
    table = await h.slash("leaderboard", {"game": "heroes_cities"}, user=h.carol)
    lines = table.reply.content.splitlines()
    assert any(line.startswith("1. Alice: 1662? ±290, 1-0-0") for line in lines)
    assert any(line.startswith("2. Bob: 1338? ±290, 0-0-1") for line in lines)
    assert "You have no rating in" in table.reply.content  # Carol's place: none yet
    dutch = await h.slash("leaderboard", {"game": "heroes_cities"}, user=h.carol, locale="nl")
    assert "op deze server, op rating" in dutch.reply.content and "Je hebt hier nog geen rating" in dutch.reply.content
    choices = await h.autocomplete("leaderboard", {"game": "he"}, focused="game", user=h.carol)
    assert [c["value"] for c in choices] == ["heroes_cities"]


async def test_a_casual_match_changes_no_rating_and_the_refusals(world):
    h = world.h
    unknown = await h.slash("leaderboard", {"game": "chess"}, user=h.alice)
    assert unknown.reply.ephemeral and "Unknown game" in unknown.reply.content
    empty = await h.slash("leaderboard", {"game": "heroes_cities"}, user=h.alice)
    assert empty.reply.ephemeral and "Nobody has played a rated match of Heroes & Cities" in empty.reply.content
    ended = await play_and_resign(world, h.bob, rated=False)
    assert "rating" not in ended
    nobody = await h.slash("profile", user=h.alice)
    assert nobody.reply.ephemeral and "Alice has played no rated match on this server yet." in nobody.reply.content
    assert not nobody.reply.attachments
    assert not world.fake.unhandled
