"""The player's rules of ``/rules`` are complete where the bot's own words lean on them: every
rule a game's messages cite ("rule 1a", "R2") is in that game's rules text under the same number,
in English and in Dutch; Masters Victory's attack table and the heights of "taller neighbours"
are the engine's; no player-facing text names an issue of our tracker."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.i18n import Msg, catalog
from bot.services import guide
from engines.masters_victory.attack import heights, r2_targets, uses_r1
from engines.masters_victory.options import MastersVictoryOptions
from engines.registry import ENGINES

RULE_WORD = {"en": "Rule", "nl": "Regel"}
CITED_RULE = re.compile(r"\b(?:rule|regel) (\d+[a-z]?)\b", re.IGNORECASE)
CITED_R = re.compile(r"\bR(\d)\b")
RULEBOOK_SECTION = re.compile(r"\b(?:section|sectie|punt|aktie|artikel|paragraaf) \d+", re.IGNORECASE)


def messages_of(slug: str, language: str) -> list[str]:
    """Every text of the game's own namespace and of its match options, in ``language``."""
    return [
        texts.get(language, texts["en"])
        for key, texts in catalog().messages.items()
        if key.startswith((f"{slug}.", f"game_options.{slug}_"))
    ]


def rules_text(slug: str, language: str) -> str:
    return "\n".join(catalog().render(Msg(f"rules.{slug}_{topic}"), language) for topic in guide.game_topics(slug))


@pytest.mark.parametrize("language", ["en", "nl"])
@pytest.mark.parametrize("slug", sorted(ENGINES))
def test_every_rule_a_games_messages_cite_is_in_its_rules_under_that_number(slug, language):
    """Slag om het Eiland, "ALGEMENE REGELS": the messages cite rules 1a, 1b, 2, 2a, 4 and 15;
    Masters Victory, "AANVAL": R1, R2 and R3. A player who reads "(rule 1a)" finds **Rule 1a.**
    in `/rules`; a rulebook section number, which no player can look up, is never cited."""
    texts = messages_of(slug, language)
    rules = rules_text(slug, language)
    cited = {match for text in texts for match in CITED_RULE.findall(text)}
    for number in sorted(cited):
        assert f"**{RULE_WORD[language]} {number}.**" in rules, f"{slug}: rule {number} is cited but not in /rules"
    for number in sorted({match for text in texts for match in CITED_R.findall(text)}):
        assert f"**R{number}" in rules, f"{slug}: R{number} is cited but not in /rules"
    assert not [text for text in texts if RULEBOOK_SECTION.search(text)]


def test_battle_islands_cited_rules_are_the_ones_its_messages_use():
    """The test above is not empty for Slag om het Eiland: these are the numbers its messages cite."""
    cited = {m.lower() for text in messages_of("battle_island", "en") for m in CITED_RULE.findall(text)}
    assert cited == {"1a", "1b", "2", "2a", "4", "15"}
    numbered = catalog().render(Msg("rules.battle_island_numbered"), "nl")
    assert [f"{n}" for n in re.findall(r"\*\*Regel (\d+[a-z]?)\.\*\*", numbered)] == [
        "1", "1a", "1b", "2", "2a", *(str(n) for n in range(3, 16))
    ]


KINDS = {
    "en": {"fighter": "F", "bomber": "B", "tank": "T", "soldier": "S", "artillery": "A"},
    "nl": {"jager": "F", "bommenwerper": "B", "tank": "T", "soldaat": "S", "artillerie": "A"},
}
ATTACKS = {"en": r"^- \*\*(\w+)\*\* (?:attacks (.*?);|never attacks)", "nl": r"^- \*\*(\w+)\*\* (?:valt aan: (.*?);|valt nooit aan)"}


@pytest.mark.parametrize("language", ["en", "nl"])
def test_masters_victory_attack_table_in_the_rules_is_the_engines(language):
    """Rulebook "AANVAL", R1: "enkel gevechten tussen twee identieke pionnen met rugnummer";
    R2: "Een tank kan via R2 een soldaatpion of artilleriepion uitschakelen maar kan geen jager- of
    bommenwerperpion aanvallen". Each line of the table in `/rules` (attacker: the pieces it may
    attack) is what the engine allows with the default options."""
    names = KINDS[language]
    text = catalog().render(Msg("rules.masters_victory_combat"), language)
    table = {names[who]: what for who, what in re.findall(ATTACKS[language], text, re.MULTILINE)}
    assert set(table) == set("FBTSA")
    options = MastersVictoryOptions()
    for attacker, listed in table.items():
        words = [word.strip() for word in listed.split(",") if word.strip()]
        said = {names[word.removesuffix(" (R1)")]: word.endswith(" (R1)") for word in words}
        allowed = {defender for defender in "FBTSA" if uses_r1(attacker, defender) or defender in r2_targets(options)[attacker]}
        assert set(said) == allowed, (attacker, listed)
        assert all(by_r1 == uses_r1(attacker, defender) for defender, by_r1 in said.items()), (attacker, listed)


@pytest.mark.parametrize("language", ["en", "nl"])
def test_masters_victory_heights_of_taller_neighbours_are_the_engines(language):
    """Rulebook "VERDEDIGINGSZONE": "alle pionnen, welke in de verdedigingszone van pion X staan en
    groter (in hoogte) zijn dan pion X, eerst uit te schakelen". The order `/rules` gives, tallest
    first, is the engine's with the default `artillery_height`."""
    names = KINDS[language]
    text = catalog().render(Msg("rules.masters_victory_special"), language)
    found = re.search(r"(?:tallest first|hoogste eerst): \*\*([^*]+)\*\*", text)
    assert found is not None
    said = [names[word.strip()] for word in found.group(1).split(",")]
    high = heights(MastersVictoryOptions())
    assert said == sorted(high, key=lambda k: -high[k])


@pytest.mark.parametrize("language", ["en", "nl"])
def test_a_bare_square_is_explained_where_a_game_reads_one(language):
    """Slag om het Eiland reads `c2` as the character *on* c2 moving straight ahead; Militakiri and
    Helden & Steden read `b3` as where a piece goes. Each notation says which."""
    start = {"en": "start** square", "nl": "**beginveld**"}[language]
    goes = {"en": "a bare square is where a piece goes", "nl": "een los veld is waar een stuk heen gaat"}[language]
    assert start in catalog().render(Msg("rules.battle_island_notation"), language)
    for slug in ("militakiri", "heroes_cities"):
        assert goes in catalog().render(Msg(f"rules.{slug}_notation"), language)


def test_no_player_facing_text_names_an_issue():
    """Issue numbers are for developers: no message in either language says "issue"."""
    found = [
        (key, language)
        for key, texts in catalog().messages.items()
        for language, text in texts.items()
        if re.search(r"\bissues?\b", text, re.IGNORECASE)
    ]
    assert found == []


@pytest.mark.parametrize("language", ["en", "nl"])
def test_help_points_to_rules_and_its_topics(language):
    (answer,) = guide.help_reply(language)
    text = "\n".join(catalog().render(line, language) for line in answer.lines)
    assert "`/rules game:" in text and "topic:" in text


@pytest.mark.parametrize("slug", sorted(ENGINES))
def test_the_readme_names_each_games_topics(slug):
    """The README's games list says which topics `/rules` has for each game, as the docs give them."""
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    found = re.search(rf"^  Rules: `/rules game:{slug} topic:` (.*)\.$", readme, re.MULTILINE)
    assert found is not None
    assert found.group(1).split(", ") == [f"`{topic}`" for topic in guide.game_topics(slug)]


MV_KINDS = {
    "en": {"fighters": "F", "bombers": "B", "tanks": "T", "soldiers": "S", "artillery": "A"},
    "nl": {"jagers": "F", "bommenwerpers": "B", "tanks": "T", "soldaten": "S", "artillerie": "A"},
}


@pytest.mark.parametrize("language", ["en", "nl"])
def test_masters_victory_setup_in_the_rules_is_the_engines_board(language):
    """Start places, bunkers and mines as `/rules` lists them are the engine's (decisions 1 and 3;
    the rulebook's figure is lost)."""
    from engines.masters_victory import board as B

    text = catalog().render(Msg("rules.masters_victory_setup"), language)
    said = {MV_KINDS[language][name]: squares.split() for name, squares in re.findall(r"(\w+) ((?:[a-r]\d+ ?)+)(?=[;\n.])", text) if name in MV_KINDS[language]}
    assert {kind: [B.NAMES[sq] for sq in B.START[0][kind]] for kind in "FBTSA"} == said
    bunkers = re.search(r"Bunkers: ([a-r0-9 ,]+)\.", text)
    mines = re.search(r"(?:Mines|Mijnen): ([a-r0-9 ,]+)\.", text)
    assert bunkers and {B.NAMES[sq] for sq in B.BUNKERS} == set(bunkers.group(1).replace(",", "").split())
    assert mines and {B.NAMES[sq] for sq in B.MINES} == set(mines.group(1).replace(",", "").split())


@pytest.mark.parametrize("language", ["en", "nl"])
def test_heroes_cities_setup_in_the_rules_is_the_engines(language):
    """Rulebook: cities and attackers "zoals hieronder is afgebeeld" (figure lost; decision 2):
    the squares `/rules` names are where the engine's first state puts them."""
    from engines.heroes_cities import board as B
    from engines.heroes_cities.engine import HeroesCities

    state = HeroesCities().setup(2, None)
    text = catalog().render(Msg("rules.heroes_cities_setup"), language)
    lists = [squares.split() for squares in re.findall(r"\*\* ?(?:on |op )?((?:[a-j]\d+ ?)+)", text)]
    red, blue, red_cities, blue_cities = (sorted(squares) for squares in lists)
    assert red == sorted(B.NAMES[sq] for sq, piece in enumerate(state.board) if piece == "A")
    assert blue == sorted(B.NAMES[sq] for sq, piece in enumerate(state.board) if piece == "a")
    cities = dict(zip((B.NAMES[sq] for sq in B.CITY_SQUARES), state.cities))
    assert red_cities == sorted(sq for sq, owner in cities.items() if owner == 0)
    assert blue_cities == sorted(sq for sq, owner in cities.items() if owner == 1)
