"""Every code the engine raises or returns is worded in bot/i18n/messages/militakiri.toml, in
English and Dutch with the same placeholders (the bot's catalog test does the same for
registered engines; this one runs before registration)."""

from __future__ import annotations

import re
import string
import tomllib
from pathlib import Path

from engines.core.contract import Outcome
from engines.militakiri import Militakiri
from engines.militakiri.ranking import ALL_STATUSES

ROOT = Path(__file__).resolve().parents[3]
TOML = ROOT / "bot" / "i18n" / "messages" / "militakiri.toml"
MESSAGES = tomllib.loads(TOML.read_text(encoding="utf-8"))


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def engine_codes() -> set[str]:
    pattern = re.compile(r"""["']militakiri\.([a-z_]+)["']""")
    codes = set()
    for path in (ROOT / "engines" / "militakiri").rglob("*.py"):
        codes.update(pattern.findall(path.read_text(encoding="utf-8")))
    return codes


def test_every_engine_code_is_worded():
    codes = engine_codes()
    assert len(codes) > 30
    assert not sorted(codes - set(MESSAGES))


def test_every_rank_status_is_worded_with_its_dutch_name():
    for status in ALL_STATUSES:
        texts = MESSAGES[f"status_{status}"]
        assert texts["en"] == texts["nl"], status
    engine = Militakiri()
    for board in ("single", "double"):
        for points in (0, 150, 250, 2_600, 5_000, 250_000):
            assert engine.rating_status(board, points).removeprefix("militakiri.") in MESSAGES


def test_every_message_has_both_languages_with_the_same_placeholders():
    for key, texts in MESSAGES.items():
        assert set(texts) == {"en", "nl"}, key
        assert placeholders(texts["en"]) == placeholders(texts["nl"]), key


def test_chance_descriptions_are_worded():
    engine = Militakiri()
    state = engine.setup(2, None)
    for kind in ("random_setup_red", "random_setup_blue", "random_setup_both"):
        code, params = engine.describe_chance(Outcome(kind=kind, values=(0,)), state)
        assert code.removeprefix("militakiri.") in MESSAGES
        assert set(params) <= placeholders(MESSAGES[code.removeprefix("militakiri.")]["en"])


def test_error_params_fit_the_messages():
    """Every params set the engine raises fills exactly the placeholders of its message."""
    import pytest

    from engines.core.errors import EngineError

    from .conftest import make_state, started

    engine = Militakiri()
    state = started(engine)
    cases = [
        (state, "hello"), (state, "c3-g4"), (state, "a8"), (state, "c3-c5"), (state, "c3-d7"),
        (state, "c2-c3"), (state, "d4-d5"), (state, "c3-c3"), (state, "b3-b4"), (state, "T@a1"),
        (state, "pass"), (state, "a4"), (state, "towers a1 c2 e3"), (state, "e3-e12"),
    ]
    setup = engine.setup(2, None)
    for text in ("towers a1 c2", "towers a1 a1 e3", "towers a1 c2 e4", "towers a1 c1 e3", "towers x", "b2-b3"):
        cases.append((setup, text))
    cases.append((make_state("a12:tp b12:P a10:P f1:TS", endgame=(0, 0)), "a10-a11"))
    for position, text in cases:
        with pytest.raises(EngineError) as err:
            engine.parse_move(text, position, position.to_move if position.to_move is not None else 0)
        key = err.value.code.removeprefix("militakiri.")
        assert key in MESSAGES, err.value.code
        assert set(err.value.params) == placeholders(MESSAGES[key]["en"]), (text, err.value.code, err.value.params)
