"""The catalog namespace ``rules`` (``bot/i18n/messages/rules.toml``), made from the docs.

Each game's page ``docs/games/<slug>.md`` begins with ``## For players`` (English) and its twin
``docs/games/<slug>.nl.md`` with ``## Voor spelers`` (Dutch); each holds one subsection per topic,
in the order of ``TOPICS`` (``### Summary`` / ``### Samenvatting``, ``### Setup`` / ``### Opstelling``,
...). Every game has the topics summary, notation and options; the others where the game needs
them, the same ones in both languages. ``/rules`` shows them. The docs are the source: after
editing one, run ``python -m bot.i18n.rules_source`` (a test fails while the two differ).

>>> sections("# X\\n\\n## For players\\n\\n### Summary\\n\\nWin.\\n\\n### Notation\\n\\n`a1-a2`\\n\\n### Options\\n\\nNone.\\n\\n## Rules\\n", "en")
{'summary': 'Win.', 'notation': '`a1-a2`', 'options': 'None.'}
"""

from __future__ import annotations

import re
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs" / "games"
TARGET = Path(__file__).parent / "messages" / "rules.toml"
MESSAGE_LIMIT = 1900
"""Most characters a topic may have: with its heading it stays inside Discord's 2,000 a message."""
SUMMARY_LIMIT = 1650
"""Most characters of a summary: ``/rules`` without a topic adds the list of the game's topics."""

TOPICS: dict[str, tuple[str, str]] = {
    "summary": ("Summary", "Samenvatting"),
    "setup": ("Setup", "Opstelling"),
    "turn": ("A turn", "Een beurt"),
    "moves": ("Moving", "Verplaatsen"),
    "combat": ("Capturing and combat", "Slaan en vechten"),
    "units": ("Units", "Eenheden"),
    "special": ("Special rules", "Bijzondere regels"),
    "numbered": ("Numbered rules", "Genummerde regels"),
    "winning": ("End of the game", "Einde van het spel"),
    "notation": ("Notation", "Notatie"),
    "options": ("Options", "Opties"),
    "pictures": ("Pictures", "Afbeeldingen"),
}
"""Every topic ``/rules`` knows, in the order it shows them: its English and its Dutch heading."""

REQUIRED = ("summary", "notation", "options")
"""The topics every game has."""

HEADINGS = {
    "en": ("For players", {en: topic for topic, (en, _) in TOPICS.items()}),
    "nl": ("Voor spelers", {nl: topic for topic, (_, nl) in TOPICS.items()}),
}


class RulesSourceError(ValueError):
    """A docs page without its player's section in the expected shape."""


def page(slug: str, language: str, docs: Path = DOCS) -> Path:
    return docs / (f"{slug}.md" if language == "en" else f"{slug}.{language}.md")


def sections(text: str, language: str) -> dict[str, str]:
    """The topics of the player's section of one page, in their order."""
    title, names = HEADINGS[language]
    found = re.search(rf"^## {re.escape(title)}\s*$(.*?)(?=^## |\Z)", text, re.MULTILINE | re.DOTALL)
    if found is None:
        raise RulesSourceError(f"no '## {title}' section")
    parts = re.split(r"^### (.+?)\s*$", found.group(1), flags=re.MULTILINE)
    topics: dict[str, str] = {}
    for heading, body in zip(parts[1::2], parts[2::2]):
        heading = heading.strip()
        if heading not in names:
            raise RulesSourceError(f"unknown heading '### {heading}'; the headings are {list(names)}")
        topics[names[heading]] = body.strip()
    missing = [topic for topic in REQUIRED if topic not in topics]
    if missing:
        raise RulesSourceError(f"'## {title}' has {list(topics)}, it needs {missing} too")
    if list(topics) != [topic for topic in TOPICS if topic in topics]:
        raise RulesSourceError(f"'## {title}' has {list(topics)}, expected the order {[t for t in TOPICS if t in topics]}")
    for topic, body in topics.items():
        if not body:
            raise RulesSourceError(f"'{topic}' is empty")
        limit = SUMMARY_LIMIT if topic == "summary" else MESSAGE_LIMIT
        if len(body) > limit:
            raise RulesSourceError(f"'{topic}' has {len(body)} characters, at most {limit} fit a message")
    return topics


def _toml_string(text: str) -> str:
    """A TOML multi-line basic string; braces doubled, since the catalog formats its texts."""
    body = text.replace("{", "{{").replace("}", "}}").replace("\\", "\\\\").replace('"""', '""\\"')
    return f'"""\n{body}"""'


def rules_toml(slugs: list[str], docs: Path = DOCS) -> str:
    """The whole ``rules.toml`` for ``slugs``, English and Dutch."""
    texts: dict[str, dict[str, str]] = {}
    english: dict[str, str] = {}
    for slug in slugs:
        for language in HEADINGS:
            path = page(slug, language, docs)
            try:
                topics = sections(path.read_text(encoding="utf-8"), language)
            except (OSError, RulesSourceError) as error:
                raise RulesSourceError(f"{path}: {error}") from error
            if language != "en" and list(topics) != list(english):
                raise RulesSourceError(f"{path}: topics {list(topics)}, but the English page has {list(english)}")
            english = topics if language == "en" else english
            for topic, body in topics.items():
                texts.setdefault(f"{slug}_{topic}", {})[language] = body
    out = [
        "# GENERATED from the player's sections of docs/games/<slug>.md and <slug>.nl.md by",
        "# `python -m bot.i18n.rules_source`: edit the docs, then run it (a test checks the two agree).",
    ]
    for key, languages in texts.items():
        out.append(f"\n[{key}]")
        out.extend(f"{language} = {_toml_string(body)}" for language, body in languages.items())
    generated = "\n".join(out) + "\n"
    parsed = tomllib.loads(generated)
    assert all(parsed[k][lang] == v.replace("{", "{{").replace("}", "}}") for k, ls in texts.items() for lang, v in ls.items())
    return generated


def main() -> int:
    from engines.registry import ENGINES

    TARGET.write_text(rules_toml(list(ENGINES)), encoding="utf-8")
    print(f"wrote {TARGET.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
