"""``/rules`` reads the player's sections of ``docs/games/`` (issue 18): the shipped catalog
namespace ``rules`` is exactly what ``bot.i18n.rules_source`` makes from the docs, for every game,
in English and Dutch, and every topic fits one Discord message."""

from __future__ import annotations

import pytest

from bot.i18n import Msg, catalog
from bot.i18n.rules_source import MESSAGE_LIMIT, TARGET, RulesSourceError, rules_toml, sections
from bot.services import guide
from engines.registry import ENGINES


def test_the_shipped_rules_are_the_docs_player_sections():
    """Edit a player's section without `python -m bot.i18n.rules_source` and this fails."""
    assert TARGET.read_text(encoding="utf-8") == rules_toml(list(ENGINES))


@pytest.mark.parametrize("language", ["en", "nl"])
@pytest.mark.parametrize("slug", sorted(ENGINES))
def test_every_game_has_every_topic_in_both_languages_within_a_message(slug, language):
    for topic in guide.TOPICS:
        text = catalog().render(Msg(f"rules.{slug}_{topic}"), language)
        assert text != f"rules.{slug}_{topic}" and 0 < len(text) <= MESSAGE_LIMIT
    notation = catalog().render(Msg(f"rules.{slug}_notation"), language)
    assert "`" in notation  # examples, set apart as code


def test_a_page_without_its_player_section_in_shape_is_refused_with_the_reason():
    with pytest.raises(RulesSourceError, match="no '## For players' section"):
        sections("# Game\n\n## Rules summary\n", "en")
    with pytest.raises(RulesSourceError, match="expected \\['summary', 'notation', 'options'\\]"):
        sections("## Voor spelers\n\n### Samenvatting\n\nx\n\n### Opties\n\ny\n", "nl")
    with pytest.raises(RulesSourceError, match="characters, at most"):
        sections("## For players\n### Summary\n" + "x" * (MESSAGE_LIMIT + 1) + "\n### Notation\nx\n### Options\nx\n", "en")


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
    assert catalog().render(topic.lines[0], "nl") == "Onbekend onderwerp `board`; de onderwerpen zijn `summary`, `notation` en `options`."
    assert len(guide.rules("en", " Militakiri ", "Options")) == 1  # case and spaces do not matter
