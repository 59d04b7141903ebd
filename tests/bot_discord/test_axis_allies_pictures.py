"""Pictures: ``/board region:``, ``/territory`` (with its autocomplete) and the battle
board that a step with battle dice posts, through the real discord.py and the fake Discord."""

from __future__ import annotations

import io

from PIL import Image

from render.axis_allies import HEIGHT, WIDTH
from render.axis_allies_battle import WIDTH as BATTLE_WIDTH
from tests.fakediscord import PNG_SIGNATURE


def size_of(data: bytes) -> tuple[int, int]:
    assert data.startswith(PNG_SIGNATURE)
    return Image.open(io.BytesIO(data)).size


async def start_axis_allies(world) -> None:
    h = world.h
    # Several full-size maps and crops per test; the machine running the suite may be shared.
    h.timeout = max(h.timeout, 60.0)
    await h.slash("match create axis_allies", {"opponent": h.bob}, user=h.alice)
    await h.slash("match join", user=h.bob)
    await h.slash("match start", user=h.alice)


async def test_board_region_posts_a_full_detail_crop_and_the_full_map_stays_the_default(world):
    h = world.h
    await start_axis_allies(world)
    full = await h.slash("board", user=h.carol)
    assert size_of(full.reply.attachments[0].data) == (WIDTH, HEIGHT)
    europe = await h.slash("board", {"region": "europe"}, user=h.carol)
    image = europe.reply.attachments[0]
    assert not europe.reply.ephemeral and image.filename.endswith("-board-europe.png")
    width, height = size_of(image.data)
    assert height > HEIGHT  # a part of the map, drawn larger than on the whole board
    pacific = await h.slash("board", {"region": "pacific"}, user=h.carol)
    assert pacific.reply.attachments[0].data != image.data
    again = await h.slash("board", user=h.carol)
    assert size_of(again.reply.attachments[0].data) == (WIDTH, HEIGHT)
    assert not world.fake.unhandled


async def test_board_region_in_another_game_says_it_has_none(world):
    h = world.h
    h.timeout = max(h.timeout, 60.0)
    await h.slash("match create heroes_cities", {"opponent": h.bob}, user=h.alice)
    await h.slash("match join", user=h.bob)
    await h.slash("match start", user=h.alice)
    refused = await h.slash("board", {"region": "europe"}, user=h.carol)
    assert refused.reply.ephemeral and not refused.reply.attachments
    assert "has no map regions" in refused.reply.content
    dutch = await h.slash("board", {"region": "europe"}, user=h.carol, locale="nl")
    assert "heeft geen kaartdelen" in dutch.reply.content
    territory = await h.slash("territory", {"name": "Germany"}, user=h.carol)
    assert "`/territory` is for games with named territories" in territory.reply.content


async def test_territory_answers_in_words_and_a_dutch_name_resolves(world):
    h = world.h
    await start_axis_allies(world)
    english = await h.slash("territory", {"name": "eastern_europe"}, user=h.carol)
    text = english.reply.content
    assert english.reply.ephemeral
    assert "Eastern Europe" in text and "held by Germany, worth 3 IPCs" in text
    assert "Germany: 3 infantry, 1 tank, 1 fighter" in text
    assert "Neighbours:" in text and "Ukraine S.S.R." in text
    dutch = await h.slash("territory", {"name": "Oost-Europa"}, user=h.carol, locale="nl")
    assert "Oost-Europa" in dutch.reply.content and "in handen van Duitsland" in dutch.reply.content
    assert "Buren:" in dutch.reply.content
    neutral = await h.slash("territory", {"name": "Spain"}, user=h.carol)
    assert "neutral" in neutral.reply.content and "pays 3 IPCs" in neutral.reply.content
    canal = await h.slash("territory", {"name": "Panama"}, user=h.carol)
    assert "The Panama Canal joins" in canal.reply.content
    unknown = await h.slash("territory", {"name": "Atlantis"}, user=h.carol)
    assert "is not a territory or sea zone" in unknown.reply.content
    assert not world.fake.unhandled


async def test_territory_autocomplete_offers_english_and_dutch_names_within_discords_limit(world):
    h = world.h
    await start_axis_allies(world)
    every = await h.autocomplete("territory", {"name": ""}, focused="name", user=h.carol)
    assert len(every) == 25
    oost = await h.autocomplete("territory", {"name": "oost"}, focused="name", user=h.carol, locale="nl")
    assert {"name": "Oost-Europa (Eastern Europe)", "value": "eastern_europe"} in oost
    east = await h.autocomplete("territory", {"name": "eastern eu"}, focused="name", user=h.carol)
    assert [c["value"] for c in east] == ["eastern_europe"]
    chosen = await h.slash("territory", {"name": east[0]["value"]}, user=h.carol)
    assert "Eastern Europe" in chosen.reply.content


async def test_a_step_with_battle_dice_posts_the_battle_board_after_the_map(world):
    h = world.h
    await start_axis_allies(world)
    for text in ("end", "end", "move 3 inf Caucasus -> Ukraine S.S.R.", "move 1 arm Karelia S.S.R. -> Ukraine S.S.R.",
                 "move 1 ftr Karelia S.S.R. -> Ukraine S.S.R."):
        moved = await h.slash("move", {"text": text}, user=h.alice)
        assert len(moved.reply.attachments) == 1, text  # no battle dice: the map alone
    # the map after a move rings what it changed; /board shows it plain
    plain = await h.slash("board", user=h.carol)
    assert moved.reply.attachments[0].data != plain.reply.attachments[0].data
    assert size_of(moved.reply.attachments[0].data) == size_of(plain.reply.attachments[0].data) == (WIDTH, HEIGHT)
    ended = await h.slash("move", {"text": "end"}, user=h.alice)
    assert len(ended.reply.attachments) == 1
    attack = await h.slash("move", {"text": "attack Ukraine S.S.R."}, user=h.alice)
    board, battle = attack.reply.attachments
    assert size_of(board.data) == (WIDTH, HEIGHT)
    assert battle.filename.endswith("-battle1.png") and size_of(battle.data)[0] == BATTLE_WIDTH
    assert not world.fake.unhandled
