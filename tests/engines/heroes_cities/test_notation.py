"""Move notation, errors with message codes, and the position string (docs/games/heroes_cities.md)."""

from __future__ import annotations

import json
import random
import re
import tomllib
from pathlib import Path

import pytest

from bot.i18n.catalog import Catalog
from engines.core.contract import Outcome
from engines.core.errors import AmbiguousMoveError, IllegalMoveError, InvalidMoveError, MoveError
from engines.heroes_cities import HeroesCities, HeroesCitiesOptions, from_position, to_position
from engines.heroes_cities import board as B
from engines.heroes_cities.moves import MOVES, PASS, MoveAction, PromoteAction, format_move
from engines.heroes_cities.notation import EXPECTED
from engines.heroes_cities.rules import empty_mask, legal_moves
from engines.heroes_cities.state import RANGE

ROOT = Path(__file__).resolve().parents[3]
TOML = ROOT / "bot" / "i18n" / "messages" / "heroes_cities.toml"
SOURCE = ROOT / "engines" / "heroes_cities"


def started(engine: HeroesCities, first: int = 0):
    values = (5, 0) if first == 0 else (0, 5)
    return engine.apply_chance(engine.setup(2, None), Outcome(kind="first_player_roll", values=values))


def random_states(engine: HeroesCities, games: int, seed: int = 0, every: int = 7):
    """States from seeded random games, every ``every``-th turn and the final one."""
    out = []
    for g in range(games):
        rng = random.Random(seed * 1000 + g)
        state = started(engine, g % 2)
        opts = HeroesCitiesOptions(mixed_lines="whole_run" if g % 3 == 0 else "enclosed")
        state = state.model_copy(update={"options": opts})
        while state.result is None:
            if state.turn % every == 0:
                out.append(state)
            state = engine.apply(state, state.to_move, rng.choice(legal_moves(state, state.to_move)))
        out.append(state)
    return out


# --- canonical forms and the forms parse_move also reads -----------------------------


def test_format_move_canonical():
    assert format_move(MoveAction(frm="c2", to="d4")) == "c2-d4"
    assert format_move(PromoteAction(frm="e4")) == "e4=H"
    assert format_move(PASS) == "pass"


@pytest.mark.parametrize(
    "text",
    ["c2-d4", "c2-c3-d4", "c2-d3-d4", "c2d4", "c2 d4", "C2-D4", "  c2-d4\t", "c2 - d4", "c2-C3-d4"],
)
def test_parse_move_forms(engine, text):
    state = started(engine)
    assert engine.parse_move(text, state, 0) == MoveAction(frm="c2", to="d4")


@pytest.mark.parametrize("text", ["a8=H", "a8=h", "A8=H", "a8 = H", "promote a8", " PROMOTE  A8 "])
def test_parse_promotion_forms(make, engine, text):
    state = make("A:a8,a1,c1 a:a10,c10,e10", cities={"a8": 0})
    assert engine.parse_move(text, state, 0) == PromoteAction(frm="a8")


def test_parse_destination_alone(make, engine):
    state = make("A:e5,a1 a:a10,c10,e10")
    assert engine.parse_move("g7", state, 0) == MoveAction(frm="e5", to="g7")
    assert engine.parse_move("G7", state, 0) == MoveAction(frm="e5", to="g7")


def test_parse_destination_ambiguous(engine):
    state = started(engine)
    with pytest.raises(AmbiguousMoveError) as err:
        engine.parse_move("c4", state, 0)
    assert err.value.code == "heroes_cities.ambiguous"
    assert err.value.params == {"square": "c4", "candidates": ["b2-c4", "c2-c4", "d2-c4", "e2-c4"]}


def test_parse_destination_unreachable(engine):
    state = started(engine)
    with pytest.raises(IllegalMoveError) as err:
        engine.parse_move("e7", state, 0)
    assert err.value.code == "heroes_cities.no_piece_reaches"
    assert err.value.params["square"] == "e7"
    assert len(err.value.params["closest"]) == 5


def test_parse_destination_holding_own_piece_says_so(engine):
    """Rules, "Verplaatsen van speelstukken": "Aanvallers en helden mogen daarbij enkel over vrije
    velden en onbezette (van zichzelf of van de tegenstander) stadsvelden bewegen." ``e2`` alone,
    where the mover's own attacker stands, is refused for that reason, not because "none of your
    pieces can reach e2" (a message change only; the move stays illegal)."""
    state = started(engine)
    assert state.board[B.index("e2")] == "A"
    with pytest.raises(IllegalMoveError) as err:
        engine.parse_move("e2", state, 0)
    assert err.value.code == "heroes_cities.destination_own_piece"
    assert err.value.params["square"] == "e2"
    assert len(err.value.params["closest"]) == 5


@pytest.mark.parametrize("text", ["", "  ", "hello", "c2-", "-d4", "c2--d4", "=H", "c2=Q", "c2=H=H", "pass c2",
                                  "c2-d4!", "promote", "12-13", "c2,d4"])
def test_parse_syntax_error(engine, text):
    with pytest.raises(InvalidMoveError) as err:
        engine.parse_move(text, started(engine), 0)
    assert err.value.code == "heroes_cities.syntax"
    assert err.value.params == {"text": text, "expected": EXPECTED}
    assert EXPECTED == "c2-d4, c2-c3-d4, e4=H, pass"


@pytest.mark.parametrize(("text", "square"), [("k2-k3", "k2"), ("a11", "a11"), ("a0-a1", "a0"), ("b2-b02", "b02"),
                                              ("z9=H", "z9")])
def test_parse_no_such_square(engine, text, square):
    with pytest.raises(InvalidMoveError) as err:
        engine.parse_move(text, started(engine), 0)
    assert err.value.code == "heroes_cities.no_such_square" and err.value.params["square"] == square


@pytest.mark.parametrize(
    ("text", "code", "params"),
    [
        ("e5-e6", "heroes_cities.no_own_piece", {"square": "e5"}),
        ("b9-b8", "heroes_cities.no_own_piece", {"square": "b9"}),
        ("c2-c2", "heroes_cities.same_square", {"square": "c2"}),
        ("c2-d2", "heroes_cities.destination_occupied", {"square": "d2"}),
        ("c2-c5", "heroes_cities.out_of_range", {"origin": "c2", "square": "c5", "limit": 2, "distance": 3}),
        ("c2-e2-e3", "heroes_cities.path_not_a_step", {"square": "c2", "next": "e2"}),
        ("c2-c3-c4-c5", "heroes_cities.path_too_long", {"square": "c2", "steps": 3, "limit": 2}),
        ("c2-d2-d3", "heroes_cities.path_square_occupied", {"square": "d2"}),
        ("c2-c3-d2", "heroes_cities.destination_occupied", {"square": "d2"}),
        ("c2-c3-c2", "heroes_cities.same_square", {"square": "c2"}),
        ("c2=H", "heroes_cities.promotion_not_own_city", {"square": "c2"}),
        ("a3=H", "heroes_cities.promotion_no_attacker", {"square": "a3"}),
        ("pass", "heroes_cities.pass_not_allowed", {}),
    ],
)
def test_parse_illegal_codes(engine, text, code, params):
    state = started(engine)
    with pytest.raises(IllegalMoveError) as err:
        engine.parse_move(text, state, 0)
    assert err.value.code == code
    for key, value in params.items():
        assert err.value.params[key] == value
    closest = err.value.params["closest"]
    legal = {format_move(m) for m in legal_moves(state, 0)}
    assert 1 <= len(closest) <= 5 and set(closest) <= legal


def test_closest_prefers_same_start_or_destination(engine):
    state = started(engine)
    with pytest.raises(IllegalMoveError) as err:
        engine.parse_move("c2-c5", state, 0)
    assert err.value.params["closest"] == ["c2-c4", "c2-b4", "c2-d4", "c2-c3", "c2-a4"]


def test_path_blocked_code(make, engine):
    state = make("A:c4,a1,c1 a:d3,d4,d5,a10")
    with pytest.raises(IllegalMoveError) as err:
        engine.parse_move("c4-e4", state, 0)
    assert err.value.code == "heroes_cities.path_blocked"
    assert err.value.params["origin"] == "c4" and err.value.params["square"] == "e4"


def test_turn_codes(engine):
    state = engine.setup(2, None)
    with pytest.raises(IllegalMoveError) as err:
        engine.parse_move("c2-c3", state, 0)
    assert err.value.code == "heroes_cities.not_started"
    state = started(engine)
    with pytest.raises(IllegalMoveError) as err:
        engine.parse_move("b9-b8", state, 1)
    assert err.value.code == "heroes_cities.not_your_turn" and err.value.params == {"seat": 0}


def test_promotion_no_reserve_code(make, engine):
    state = make("A:a8,a1,c1 a:a10,c10,e10", cities={"a8": 0}, reserve=(0, 3))
    with pytest.raises(IllegalMoveError) as err:
        engine.parse_move("a8=H", state, 0)
    assert err.value.code == "heroes_cities.promotion_no_reserve"


def test_move_model_shapes():
    for data in ({"kind": "move", "frm": "c2"}, {"kind": "pass", "frm": "c2"},
                 {"kind": "promote", "frm": "c2", "to": "c3"}, {"kind": "move", "frm": "c2", "to": "k3"}):
        with pytest.raises(ValueError):
            MOVES.model_validate(data)
    move = MoveAction(frm="c2", to="d4")
    assert MOVES.model_validate(move.model_dump(mode="json")) == move
    # As records stored it when the moves were one model: every field, the others' empty.
    assert MOVES.model_validate({"kind": "pass", "frm": None, "to": None}) == PASS
    assert MOVES.model_validate({"kind": "promote", "frm": "a8", "to": None}) == PromoteAction(frm="a8")
    assert PromoteAction(frm="a8").model_dump(mode="json") == {"kind": "promote", "frm": "a8", "to": None}


# --- round trips ----------------------------------------------------------------------


def test_format_parse_round_trip_every_legal_move(engine):
    """``parse_move(format_move(m)) == m`` for every legal move in many positions, and the
    canonical path written out parses to the same move."""
    count = 0
    for state in random_states(engine, 12, seed=1):
        if state.result is not None:
            continue
        seat = state.to_move
        empty = empty_mask(state.board)
        for move in legal_moves(state, seat):
            assert engine.parse_move(engine.format_move(move, state), state, seat) == move
            if move.kind == "move":
                frm, to = B.index(move.frm), B.index(move.to)
                path = B.canonical_path(empty, frm, to, RANGE[state.board[frm]])
                assert B.DIST[frm][to] <= len(path) - 1 <= RANGE[state.board[frm]]
                assert engine.parse_move("-".join(B.NAMES[i] for i in path), state, seat) == move
            count += 1
    assert count > 5000


def test_position_round_trip(engine):
    """``from_position(to_position(s))`` is ``s`` but for the last move, and strings read back unchanged."""
    states = random_states(engine, 10, seed=2, every=5)
    assert any(s.result is not None for s in states)
    for state in [engine.setup(2, None), *states]:
        text = to_position(state)
        back = from_position(text, state.options)
        assert back == state.model_copy(update={"last_move": None})
        assert to_position(back) == text
        # snapshots: the services store states as JSON and read them back with state_model
        assert engine.state_model.model_validate(json.loads(state.model_dump_json())) == state


POSITION_EXAMPLES = [
    "10/1aaaaaaaa1/B.8B./3B.2B.3/10/10/3R.2R.3/R.8R./1AAAAAAAA1/10 ? 8/8 0,0/0,0 0 0 0",
    "10/1aaaaaaaa1/B.8B./3B.2B.3/10/10/3R.2R.3/R.8R./1AAAAAAAA1/10 r 8/8 0,0/0,0 0 0 0",
    "10/5aa3/B.2a5Bh/1aaR.a1B.a2/5A4/10/3R.2R.3/RH8R./2AA2AAA1/10 b 6/7 0,1/0,0 13 3 0",
    "10/1a1aa1aaa1/B.8B./3B.2B.3/4h5/2A7/3RH2R.3/R.8R./2AAAA2A1/10 b 7/7 0,1/2,0 23 4 0",
]


@pytest.mark.parametrize("text", POSITION_EXAMPLES)
def test_position_examples(text):
    state = from_position(text)
    assert to_position(state) == text


def test_position_example_contents():
    state = from_position(POSITION_EXAMPLES[2])
    assert state.board[B.index("a3")] == "H" and state.board[B.index("j8")] == "h"
    assert state.board[B.index("d7")] == "." and state.cities[B.CITY_SLOT[B.index("d7")]] == 0
    assert state.to_move == 1 and state.first_player == 0
    assert state.reserve == (6, 7) and state.captured == ((0, 1), (0, 0))
    assert (state.turn, state.quiet, state.passes) == (13, 3, 0)
    state = from_position(POSITION_EXAMPLES[3])
    assert state.board[B.index("d4")] == "H" and state.board[B.index("e6")] == "h"
    assert state.to_move == 1 and state.first_player == 0  # 23 turns played, blue to move
    assert state.reserve == (7, 7) and state.captured == ((0, 1), (2, 0))
    assert (state.turn, state.quiet, state.passes) == (23, 4, 0)


def test_position_result_recomputed():
    text = "10/10/R.8R./3R.2R.3/10/10/3R.2R.3/R.8R./4A5/10 b 8/8 0,0/0,0 31 3 0"
    state = from_position(text)
    assert state.result is not None and state.result.reason == "heroes_cities.all_cities"


@pytest.mark.parametrize(
    "text",
    [
        "",
        "10/10 r 8/8 0,0/0,0 0 0 0",
        "10/1aaaaaaaa1/B.8B./3B.2B.3/10/10/3R.2R.3/R.8R./1AAAAAAAA1/10 x 8/8 0,0/0,0 0 0 0",
        "10/1aaaaaaaa1/B.8B./3B.2B.3/10/10/3R.2R.3/R.8R./1AAAAAAAA1/9 r 8/8 0,0/0,0 0 0 0",
        "10/1aaaaaaaa2/B.8B./3B.2B.3/10/10/3R.2R.3/R.8R./1AAAAAAAA1/10 r 8/8 0,0/0,0 0 0 0",
        "10/1aaaaaaaa1/9B./3B.2B.3/10/10/3R.2R.3/R.8R./1AAAAAAAA1/10 r 8/8 0,0/0,0 0 0 0",
        "10/1aaaaaaaa1/B.8B./3B.2B.3/10/10/3R.2R.3/R.8R./1ARAAAAAA1/10 r 8/8 0,0/0,0 0 0 0",
        "10/1aaaaaaaa1/B.8B./3B.2B.3/10/10/3R.2R.3/R.8R./1AAAAAAAA1/10 r 8/8 0,0/0,0 0 0",
        "10/1aaaaaaaa1/B.8B./3B.2B.3/10/10/3R.2R.3/R.8R./1AaAAAAAA1/10 r 8/8 0,0/0,0 0 0 0",
    ],
)
def test_position_errors(text):
    with pytest.raises(ValueError):
        from_position(text)


# --- every message code has English and Dutch wording ---------------------------------


def _codes_in_source() -> set[str]:
    codes: set[str] = set()
    for path in SOURCE.glob("*.py"):
        codes |= set(re.findall(r'"heroes_cities\.(\w+)"', path.read_text()))
    return codes


def test_every_code_has_a_message():
    with TOML.open("rb") as handle:
        messages = tomllib.load(handle)
    codes = _codes_in_source()
    assert len(codes) == 34  # 25 errors and results, 9 narration lines (narration.py)
    # every code worded, no wording left unused (the picture's words are the renderer's: tests/render)
    assert codes == {name for name in messages if not name.startswith("picture_")}
    for name, texts in messages.items():
        assert set(texts) == {"en", "nl"}, name
        assert Catalog.placeholders(texts["en"]) == Catalog.placeholders(texts["nl"]), name


ERROR_CASES = [
    ("", 0), ("k2", 0), ("e5-e6", 0), ("c2-c2", 0), ("c2-d2", 0), ("c2-c5", 0), ("c2-e2-e3", 0),
    ("c2-c3-c4-c5", 0), ("c2-d2-d3", 0), ("c2=H", 0), ("a3=H", 0), ("pass", 0), ("c4", 0), ("e7", 0),
    ("e2", 0), ("b9-b8", 1),
]


@pytest.mark.parametrize(("text", "seat"), ERROR_CASES)
def test_error_params_fill_the_message(engine, text, seat):
    catalog = Catalog.load(TOML.parent)
    with pytest.raises(MoveError) as err:
        engine.parse_move(text, started(engine), seat)
    key = err.value.code
    assert catalog.has(key)
    for language in ("en", "nl"):
        assert Catalog.placeholders(catalog.messages[key][language]) <= set(err.value.params)


def test_result_params_fill_the_message(engine):
    catalog = Catalog.load(TOML.parent)
    states = [s for s in random_states(engine, 20, seed=3, every=10_000) if s.result is not None]
    assert len(states) == 20
    for state in states:
        result = state.result
        for language in ("en", "nl"):
            assert Catalog.placeholders(catalog.messages[result.reason][language]) <= set(result.params)


# --- the docs page stays true ---------------------------------------------------------

DOCS = ROOT / "docs" / "games" / "heroes_cities.md"


def test_docs_position_examples_read_back():
    text = DOCS.read_text()
    found = re.findall(r"^((?:[0-9RBAHah.]+/){9}[0-9RBAHah.]+ [rb?] .*)$", text, flags=re.MULTILINE)
    assert len(found) >= 2
    for position in found:
        assert to_position(from_position(position)) == position


def test_docs_start_diagram_matches_setup(engine):
    text = DOCS.read_text().split("## Board at the start", 1)[1]
    rows = re.findall(r"^\s*(\d+)  ((?:[.AaRB] ){9}[.AaRB])\s+\d+$", text, flags=re.MULTILINE)
    assert [int(rank) for rank, _ in rows] == list(range(10, 0, -1))
    state = engine.setup(2, None)
    owners = dict(zip(B.CITY_SQUARES, state.cities))
    for rank, cells in rows:
        for file, char in enumerate(cells.split()):
            sq = (int(rank) - 1) * 10 + file
            want = state.board[sq]
            if sq in owners:
                want = "RB"[owners[sq]] if want == "." else want
            assert char == want, B.NAMES[sq]


def test_the_dutch_words_of_the_notation_are_read_too(make, engine):
    """A Dutch player passes with `passen` and makes a hero with `promoveer e4` (as `pass` and
    `promote e4`): the same move, never another; `passen` is refused as `pass` is while a move exists."""
    state = make("A:a8,a1,c1 a:a10,c10,e10", cities={"a8": 0})
    assert engine.parse_move("promoveer a8", state, 0) == PromoteAction(frm="a8")
    with pytest.raises(IllegalMoveError) as err:
        engine.parse_move("passen", state, 0)
    assert err.value.code == "heroes_cities.pass_not_allowed"
