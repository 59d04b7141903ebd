"""The message catalog: both languages for every message, and no key used that is missing."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from bot.i18n.catalog import LANGUAGES, Catalog, Msg, catalog
from engines.core.record import MetaState  # noqa: F401  (the core codes below come from here)
from engines.registry import ENGINES

ROOT = Path(__file__).resolve().parents[2]
MESSAGES = catalog().messages


@pytest.mark.parametrize("key", sorted(MESSAGES))
def test_every_message_has_every_language_with_the_same_placeholders(key: str) -> None:
    texts = MESSAGES[key]
    assert set(texts) == set(LANGUAGES), f"{key}: languages {sorted(texts)}"
    english = Catalog.placeholders(texts["en"])
    for language in LANGUAGES:
        assert texts[language].strip(), f"{key}.{language} is empty"
        assert Catalog.placeholders(texts[language]) == english, f"{key}.{language} placeholders differ"


def literal_keys(folder: str) -> set[str]:
    """Every ``Msg("ns.key", ...)`` with a literal key in the Python files under ``folder``."""
    keys = set()
    for path in (ROOT / folder).rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and getattr(node.func, "id", None) == "Msg"
                and node.args
                and isinstance(node.args[0], ast.Constant)
            ):
                keys.add(node.args[0].value)
    return keys


def test_every_key_the_bot_uses_exists() -> None:
    missing = sorted(key for key in literal_keys("bot") if key not in MESSAGES)
    assert not missing, missing


def test_every_game_and_colour_and_status_is_worded() -> None:
    for slug, engine in ENGINES.items():
        assert f"games.{slug}" in MESSAGES
        assert f"commands.create_{slug}" in MESSAGES
        for colour in engine.colours:
            assert f"colours.{colour}" in MESSAGES
    for status in ("open", "active", "finished", "aborted"):
        assert f"core.status_{status}" in MESSAGES
    for code in ("core.resigned", "core.timeout", "core.draw_agreed", "core.aborted", "core.first_roll", "core.first_roll_tie"):
        assert code in MESSAGES


@pytest.mark.parametrize("slug", sorted(ENGINES))
def test_every_engine_code_is_worded(slug: str) -> None:
    """Error and result codes are string literals ``"<slug>.<name>"`` in the engine's package."""
    pattern = re.compile(rf"""["']({re.escape(slug)}\.[a-z_]+)["']""")
    codes = set()
    for path in (ROOT / "engines" / slug).rglob("*.py"):
        codes.update(pattern.findall(path.read_text(encoding="utf-8")))
    assert codes, f"no codes found in engines/{slug}"
    missing = sorted(code for code in codes if code not in MESSAGES)
    assert not missing, missing


def test_command_descriptions_fit_discord() -> None:
    for key, texts in MESSAGES.items():
        if key.startswith("commands."):
            for language, text in texts.items():
                assert len(text) <= 100, f"{key}.{language} is {len(text)} characters"


def test_unknown_keys_and_placeholders_show_rather_than_fail() -> None:
    assert catalog().render(Msg("nope.nothing"), "nl") == "nope.nothing"
    assert catalog().render(Msg("core.turn", {"player": "A"}), "en") == "A ({colour}) is to move."
