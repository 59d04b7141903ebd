"""``/rules`` at the console: every topic of a game answers, in English and in Dutch, with the same
texts as on Discord (the catalog's ``rules`` namespace) and no Discord markdown."""

from __future__ import annotations

from bot.i18n import Msg, catalog
from bot.services import guide
from tests.console.test_bad_input import console


async def test_a_new_topic_answers_in_english_and_in_dutch(tmp_path):
    text = await console(
        "as alice: /rules game:battle_island topic:numbered\nas alice: /rules game:masters_victory topic:special\n", tmp_path
    )
    assert "[alice, only you] Battle for the Island (Slag om het Eiland): numbered rules" in text
    assert "Rule 1a. If none of your characters can use the whole roll" in text and "Rule 15." in text
    assert "Heights, tallest first: fighter, bomber, tank, artillery, soldier" in text and "**" not in text
    dutch = await console("as alice: /rules game:axis_allies topic:winning\n", tmp_path / "nl", language="nl")
    assert "Axis & Allies: einde van het spel" in dutch and "De As wint" in dutch


async def test_all_gives_every_topic_of_the_game_and_an_unknown_topic_lists_them(tmp_path):
    text = await console("as alice: /rules game:heroes_cities topic:all\nas alice: /rules game:heroes_cities topic:units\n", tmp_path)
    for topic in guide.game_topics("heroes_cities"):
        heading = catalog().render(Msg(f"core.rules_topic_{topic}"), "en")
        assert f"Heroes & Cities (Helden & Steden): {heading}" in text
    assert text.count("[alice, only you] Heroes & Cities") == len(guide.game_topics("heroes_cities")) + 1
    assert "has no topic `units`; its topics are `summary`, `setup`, `moves`" in text
