"""The step lines ("what to do now", after whose turn it is) are whole sentences in English and
Dutch, and every order they show is one the notation reads (docs/games/battle_island.md,
"Notation"). They were lower-case fragments ("roll", "move 3 (or shoot)") beside the other games'
sentences."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from engines.battle_island.notation import parse

MESSAGES = tomllib.loads((Path(__file__).resolve().parents[3] / "bot" / "i18n" / "messages" / "battle_island.toml")
                         .read_text(encoding="utf-8"))
STEPS = sorted(key for key in MESSAGES if key.startswith("step_"))


@pytest.mark.parametrize("key", STEPS)
@pytest.mark.parametrize("language", ["en", "nl"])
def test_a_step_line_is_a_sentence(key, language):
    text = MESSAGES[key][language]
    assert text[0].isupper() and text.endswith("."), text


@pytest.mark.parametrize("key", STEPS)
@pytest.mark.parametrize("language", ["en", "nl"])
def test_the_orders_a_step_line_shows_are_read_by_the_notation(key, language):
    for order in re.findall(r"`([^`]+)`", MESSAGES[key][language]):
        parse(order.removeprefix("/setup ").removeprefix("/move "))


def test_the_steps_that_want_an_order_show_one():
    """A newcomer reads what to type: every step a player acts in shows an order (the referee's
    own steps, the seal and the rolling, do not)."""
    for key in STEPS:
        if key not in ("step_seal", "step_start_roll", "step_rolling"):
            assert "`" in MESSAGES[key]["en"] and "`" in MESSAGES[key]["nl"], key
