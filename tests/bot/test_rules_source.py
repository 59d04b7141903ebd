"""``/rules`` reads the player's sections of ``docs/games/``: the shipped catalog namespace
``rules`` is exactly what ``bot.i18n.rules_source`` makes from the docs, for every game, in
English and Dutch, every game has the same topics in both languages, and every answer fits one
Discord message."""

from __future__ import annotations

import pytest

from bot.i18n import Msg, catalog
from bot.i18n.rules_source import MESSAGE_LIMIT, REQUIRED, SUMMARY_LIMIT, TARGET, RulesSourceError, rules_toml, sections
from bot.services import guide
from engines.registry import ENGINES


def test_the_shipped_rules_are_the_docs_player_sections():
    """Edit a player's section without `python -m bot.i18n.rules_source` and this fails."""
    assert TARGET.read_text(encoding="utf-8") == rules_toml(list(ENGINES))


PLAYABLE_FROM_RULES = ("summary", "setup", "combat", "winning", "notation", "options", "pictures")
"""What a newcomer needs before a first game, in every game: how it starts, how pieces are taken,
how it ends, how to type it, and what the pictures show."""


@pytest.mark.parametrize("slug", sorted(ENGINES))
def test_every_game_has_its_topics_in_both_languages_within_a_message(slug):
    topics = guide.game_topics(slug)
    assert set(PLAYABLE_FROM_RULES) | set(REQUIRED) <= set(topics)
    for topic in topics:
        texts = catalog().messages[f"rules.{slug}_{topic}"]
        assert set(texts) == {"en", "nl"} and texts["en"] != texts["nl"]
        for language in ("en", "nl"):
            text = catalog().render(Msg(f"rules.{slug}_{topic}"), language)
            assert 0 < len(text) <= (SUMMARY_LIMIT if topic == "summary" else MESSAGE_LIMIT)
    for language in ("en", "nl"):
        assert "`" in catalog().render(Msg(f"rules.{slug}_notation"), language)  # examples, set apart as code


def test_a_page_without_its_player_section_in_shape_is_refused_with_the_reason():
    with pytest.raises(RulesSourceError, match="no '## For players' section"):
        sections("# Game\n\n## Rules summary\n", "en")
    with pytest.raises(RulesSourceError, match="it needs \\['notation'\\] too"):
        sections("## Voor spelers\n\n### Samenvatting\n\nx\n\n### Opties\n\ny\n", "nl")
    with pytest.raises(RulesSourceError, match="unknown heading '### Board'"):
        sections("## For players\n### Summary\nx\n### Board\nx\n### Notation\nx\n### Options\nx\n", "en")
    with pytest.raises(RulesSourceError, match="expected the order \\['summary', 'setup', 'notation', 'options'\\]"):
        sections("## For players\n### Summary\nx\n### Notation\nx\n### Setup\nx\n### Options\nx\n", "en")
    with pytest.raises(RulesSourceError, match="characters, at most"):
        sections("## For players\n### Summary\nx\n### Setup\n" + "x" * (MESSAGE_LIMIT + 1) + "\n### Notation\nx\n### Options\nx\n", "en")
    with pytest.raises(RulesSourceError, match=f"at most {SUMMARY_LIMIT}"):
        sections("## For players\n### Summary\n" + "x" * (SUMMARY_LIMIT + 1) + "\n### Notation\nx\n### Options\nx\n", "en")


def test_a_dutch_page_with_other_topics_than_the_english_one_is_refused(tmp_path):
    english = "## For players\n### Summary\nx\n### Setup\ny\n### Notation\n`a`\n### Options\nNone.\n"
    (tmp_path / "toy.md").write_text(english, encoding="utf-8")
    (tmp_path / "toy.nl.md").write_text("## Voor spelers\n### Samenvatting\nx\n### Notatie\n`a`\n### Opties\nGeen.\n", encoding="utf-8")
    with pytest.raises(RulesSourceError, match="but the English page has"):
        rules_toml(["toy"], tmp_path)


def test_braces_in_a_section_are_shown_as_written(tmp_path):
    """The catalog formats its texts: the generator doubles braces so `{x}` stays `{x}`."""
    import tomllib

    from bot.i18n.catalog import Catalog

    page = "## For players\n### Summary\nA {set}.\n### Notation\n`a\\b`\n### Options\nNone.\n"
    dutch = page.replace("For players", "Voor spelers").replace("Summary", "Samenvatting")
    (tmp_path / "toy.md").write_text(page, encoding="utf-8")
    (tmp_path / "toy.nl.md").write_text(dutch.replace("Notation", "Notatie").replace("Options", "Opties"), encoding="utf-8")
    generated = tomllib.loads(rules_toml(["toy"], tmp_path))
    words = Catalog({f"rules.{k}": v for k, v in generated.items()})
    assert words.render(Msg("rules.toy_summary"), "en") == "A {set}."
    assert words.render(Msg("rules.toy_notation"), "nl") == "`a\\b`"


def test_rules_for_an_unknown_game_or_topic_say_what_there_is():
    (unknown,) = guide.rules("en", "chess")
    text = " ".join(catalog().render(line, "en") for line in unknown.lines)
    assert "Unknown game `chess`" in text and "`militakiri`" in text
    (topic,) = guide.rules("nl", "militakiri", "board")
    listed = catalog().render(topic.lines[0], "nl")
    assert listed.startswith("Onbekend onderwerp `board`; de onderwerpen zijn `summary`, `setup`, ")
    assert all(f"`{name}`" in listed for name in (*guide.TOPICS, guide.ALL))
    (missing,) = guide.rules("en", "militakiri", "units")  # a topic of Axis & Allies only
    assert catalog().render(missing.lines[0], "en") == (
        "Militakiri has no topic `units`; its topics are "
        + ", ".join(f"`{name}`" for name in (*guide.game_topics("militakiri"), "all"))
        + "."
    )
    assert len(guide.rules("en", " Militakiri ", "Options")) == 1  # case and spaces do not matter


@pytest.mark.parametrize("language", ["en", "nl"])
@pytest.mark.parametrize("slug", sorted(ENGINES))
def test_every_answer_of_rules_fits_a_discord_message(slug, language):
    """Heading, text and (without a topic) the list of topics, as the adapters join them."""
    answers = [*guide.rules(language, slug), *guide.rules(language, slug, guide.ALL)]
    assert len(answers) == 1 + len(guide.game_topics(slug))
    for answer in answers:
        text = "\n".join(catalog().render(line, language) for line in answer.lines)
        assert len(text) <= 2000, (slug, language, text[:80])
