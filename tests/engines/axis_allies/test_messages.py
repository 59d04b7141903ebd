"""Every code the engine raises or returns is worded in bot/i18n/messages/axis_allies.toml, in
English and Dutch with the same placeholders, and no message asks for a param its code does not
get (the bot's catalog test does part of this for registered engines; this one runs before
registration and also reads each raise site's params).

Three code shapes are in use: ``axis_allies.<code>`` (economy.py and turn.py through ``refuse``,
notation.py, movement.py with the full code), ``axis_allies.combat.<code>`` (combat.py's
``_refuse``; the table is the quoted key ``["combat.<code>"]``), and the f-strings of engine.py
(``decide_<kind>``, ``phase_<phase>``).
"""

from __future__ import annotations

import ast
import re
import string
import tomllib
import typing
from pathlib import Path

import pytest

from engines.axis_allies import combat
from engines.axis_allies.engine import AxisAllies
from engines.axis_allies.map import CLASSIC
from engines.axis_allies.state import PHASES
from engines.axis_allies.units import UNITS
from engines.core.contract import Outcome
from engines.core.errors import EngineError

ROOT = Path(__file__).resolve().parents[3]
PACKAGE = ROOT / "engines" / "axis_allies"
MESSAGES_DIR = ROOT / "bot" / "i18n" / "messages"
MESSAGES = tomllib.loads((MESSAGES_DIR / "axis_allies.toml").read_text(encoding="utf-8"))
NAMESPACE = "axis_allies."

ERROR_CALLS = {"refuse", "_refuse", "_illegal", "IllegalMoveError", "InvalidMoveError", "AmbiguousMoveError"}
"""The error constructors and the package's helpers around them."""
HELPERS = {"refuse", "_refuse", "_illegal", "invalid"}
"""Functions that build an error from a code they are given (their own calls have no literal code)."""
UNIT_PARAMS = {"unit", "kind"}
"""movement.py's ``_refuse`` adds these to every error about one unit."""
KNOWN_MISMATCHES = {("movement.py", "unknown_territory")}
"""Sites whose params do not fill their message: movement.py raises ``unknown_territory`` with
``territory`` (an id it does not know, unreachable from typed text), notation.py with ``name`` and
``near``; the message is worded for the typed name."""
CHANCE_KINDS = ("tech_dice", "tech_chart", "aa_fire", "bombard", "sub_strike", "attack_fire", "defence_fire",
                "bombing", "rocket")


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def key_of(code: str) -> str:
    assert code.startswith(NAMESPACE), code
    return code.removeprefix(NAMESPACE)


def raise_sites() -> list[tuple[str, int, str, set[str]]]:
    """(file, line, message key, params) of every error built with a literal code."""
    sites = []
    for path in sorted(PACKAGE.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        helper_calls: set[int] = set()
        for fn in ast.walk(tree):
            if isinstance(fn, ast.FunctionDef) and fn.name in HELPERS:
                helper_calls.update(id(n) for n in ast.walk(fn) if isinstance(n, ast.Call))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
            if name not in ERROR_CALLS:
                continue
            first = node.args[0] if node.args else None
            if not (isinstance(first, ast.Constant) and isinstance(first.value, str)):
                assert id(node) in helper_calls, f"{path.name}:{node.lineno}: {name} without a literal code"
                continue
            assert not any(k.arg is None for k in node.keywords), f"{path.name}:{node.lineno}: **params"
            params = {k.arg for k in node.keywords if k.arg}
            code = first.value
            if code.startswith(NAMESPACE):
                key = key_of(code)
            elif path.name == "combat.py" and name == "_refuse":
                key = f"combat.{code}"
            else:
                assert name == "refuse", f"{path.name}:{node.lineno}: code {code!r} without the namespace"
                key = code
            if path.name == "movement.py" and name == "_refuse":
                params |= UNIT_PARAMS
            sites.append((path.name, node.lineno, key, params))
    return sites


SITES = raise_sites()


def test_the_sites_are_found():
    keys = {key for _, _, key, _ in SITES}
    assert len(keys) > 90
    assert {"combat.no_dice_due", "not_enough_ipcs", "too_far", "invalid_move"} <= keys


@pytest.mark.parametrize("site", SITES, ids=lambda s: f"{s[0]}:{s[1]}:{s[2]}")
def test_every_raised_code_is_worded_with_params_it_gets(site):
    file, line, key, params = site
    assert key in MESSAGES, f"{file}:{line}: no message {key}"
    if (file, key) in KNOWN_MISMATCHES:
        return
    missing = placeholders(MESSAGES[key]["en"]) - params
    assert not missing, f"{file}:{line}: {key} gets {sorted(params)}, the message asks for {sorted(missing)}"


def test_every_literal_code_is_worded():
    pattern = re.compile(r"""["']axis_allies\.([a-z_.]+)["']""")
    codes = set()
    for path in PACKAGE.glob("*.py"):
        codes.update(pattern.findall(path.read_text(encoding="utf-8")))
    assert {"axis_capitals", "rolled_chart", "button_end"} <= codes
    assert not sorted(codes - set(MESSAGES))


def test_results_are_worded_with_their_params():
    tree = ast.parse((PACKAGE / "economy.py").read_text(encoding="utf-8"))
    found = 0
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "Result":
            kw = {k.arg: k.value for k in node.keywords}
            key = key_of(kw["reason"].value)
            params = {k.value for k in kw["params"].keys}
            assert placeholders(MESSAGES[key]["en"]) <= params, key
            found += 1
    assert found == 5


def test_steps_and_decisions_are_worded():
    for phase in PHASES:
        assert placeholders(MESSAGES[f"phase_{phase}"]["en"]) <= {"power", "round", "example"}, phase
    for kind in typing.get_args(combat.Decision.model_fields["kind"].annotation):
        assert placeholders(MESSAGES[f"decide_{kind}"]["en"]) <= {"power", "count", "territory", "example"}, kind
    engine = AxisAllies()
    code, params = engine.step_message(engine.setup(2))
    assert placeholders(MESSAGES[key_of(code)]["en"]) <= set(params)


def test_chances_are_worded():
    engine = AxisAllies()
    state = engine.setup(2)
    for kind in CHANCE_KINDS:
        code, params = engine.describe_chance(Outcome(kind=kind, values=(0, 5)), state)
        assert placeholders(MESSAGES[key_of(code)]["en"]) <= set(params), kind
        assert placeholders(MESSAGES[f"rolled_{kind}"]["en"]) == {"faces"}, kind


def test_powers_and_units_are_named():
    for power in CLASSIC.powers:
        assert f"power_{power.id}" in MESSAGES
    for unit in UNITS:
        assert f"unit_{unit}" in MESSAGES


def test_every_message_has_both_languages_with_the_same_placeholders():
    for key, texts in MESSAGES.items():
        assert set(texts) == {"en", "nl"}, key
        assert all(isinstance(t, str) and t.strip() for t in texts.values()), key
        assert placeholders(texts["en"]) == placeholders(texts["nl"]), key


def test_game_command_and_colours_are_worded():
    def load(name: str) -> dict:
        return tomllib.loads((MESSAGES_DIR / f"{name}.toml").read_text(encoding="utf-8"))

    assert "axis_allies" in load("games")
    command = load("commands")["create_axis_allies"]
    assert all(len(text) <= 100 for text in command.values())
    colours = load("colours")
    assert all(colour in colours for colour in AxisAllies.colours)


def test_refusals_of_typed_moves_fit_their_messages():
    """Moves typed at the start fail with a worded code whose placeholders the params fill."""
    engine = AxisAllies()
    state = engine.setup(2)
    texts = [
        "hello", "attack Germnay", "attack Karelia S", "buy 100 inf", "tech 100", "tech 0", "lose 1 inf",
        "place 1 inf Russia", "move 1 inf Russia -> Karelia", "attack Karelia", "continue",
        "rocket Germany -> Russia", "move 5 inf Russia -> Karelia",
    ]
    combat_move = state
    for _ in range(2):
        combat_move = engine.apply(combat_move, 0, engine.parse_move("end", combat_move, 0))
    assert combat_move.phase == "combat_move"
    in_combat_move = [
        "move 50 inf Russia -> Karelia", "move 1 inf Russia -> Germany", "move 1 inf Russia -> Caucasus -> Ukraine",
        "move 1 ftr Russia -> Germany", "load 1 inf Russia -> Karelia Sea Zone", "bomb 1 ftr Russia -> Germany",
        "move 1 ic Russia -> Karelia", "buy 1 inf", "tech 1",
    ]
    seen = set()
    for position, text in [(state, t) for t in texts] + [(combat_move, t) for t in in_combat_move]:
        with pytest.raises(EngineError) as err:
            engine.apply(position, 0, engine.parse_move(text, position, 0))  # the referee's path
        key = key_of(err.value.code)
        seen.add(key)
        assert key in MESSAGES, (text, err.value.code)
        assert placeholders(MESSAGES[key]["en"]) <= set(err.value.params), (text, err.value.code, err.value.params)
    with pytest.raises(EngineError) as err:
        engine.apply(state, 1, engine.parse_move("end", state, 1))
    assert key_of(err.value.code) == "not_your_turn"
    assert len(seen) >= 15


def test_no_english_message_uses_a_dutch_unit_name():
    """The Dutch unit names are the Dutch side's (a player reading English once met "at most one
    luchtdoelkanon"); the English side says AA gun, infantry, ..."""
    dutch = {texts["nl"].lower() for key, texts in MESSAGES.items()
             if key.startswith("unit_") and texts["nl"].lower() != texts["en"].lower()}
    assert "luchtdoelkanon" in dutch
    found = sorted((key, word) for key, texts in MESSAGES.items() for word in dutch if word in texts["en"].lower())
    assert not found


@pytest.mark.parametrize("kind", list(UNITS))
def test_each_unit_is_worded_with_names_the_notation_reads(kind):
    """The answer to a word that is no unit lists the units as ``typed_<id>`` words them: the
    short name in backticks and the unit's name, both of which an order reads as that unit, in
    either language (a list of names a player cannot type would send them looking elsewhere)."""
    from engines.axis_allies.notation import parse

    for language in ("en", "nl"):
        text = MESSAGES[f"typed_{kind}"][language]
        short, name = re.fullmatch(r"`([^`]+)` \((.+)\)", text).groups()
        for word in (short, name):
            assert parse(f"buy 1 {word}").units == ((kind, 1),), (language, word)


@pytest.mark.parametrize("kind", list(UNITS))
def test_a_unit_has_one_name_in_every_message(kind):
    """A purchase said "3 tanks" and a placement "0 armour (tank)": a unit is called the same in
    every message that names it (its name, one of it, its short form's gloss), in both languages."""
    for language in ("en", "nl"):
        name = MESSAGES[f"unit_{kind}"][language]
        one = MESSAGES.get(f"units_{kind}_1", MESSAGES[f"units_{kind}"])[language].replace("{count} ", "")
        typed = MESSAGES[f"typed_{kind}"][language]
        assert one.lower() == name.lower() and typed.endswith(f"({name})"), (language, name, one, typed)


RULES_WORDS = {"en": ("armour", "armor"), "nl": ("pantser", "jager")}
"""Names the rules pages used for a unit the messages call otherwise (tank, gevechtsvliegtuig)."""


@pytest.mark.parametrize("language", ["en", "nl"])
def test_the_rules_pages_call_the_units_as_the_messages_do(language):
    """The rules pages said "armour" ("pantser", "jager") where the messages say "tank"
    ("gevechtsvliegtuig"); a newcomer reading both met two names for one piece."""
    from bot.i18n.rules_source import page, sections

    text = "\n".join(sections(page("axis_allies", language).read_text(encoding="utf-8"), language).values()).lower()
    for word in RULES_WORDS[language]:
        assert not re.search(rf"(?<![a-z]){word}", text), word
    for kind in ("armour", "fighter"):
        assert MESSAGES[f"unit_{kind}"][language].lower() in text
