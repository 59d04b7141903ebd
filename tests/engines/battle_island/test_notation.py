"""Notation (engines/battle_island/notation.py): canonical forms, short forms, Dutch words,
invalid texts (``InvalidMoveError`` with the expected forms) and illegal ones
(``IllegalMoveError`` naming the rule)."""

from __future__ import annotations

import hashlib
import random

import pytest
from pydantic import ValidationError

from bot.i18n import Msg, catalog
from engines.battle_island import BattleIslandOptions
from engines.battle_island.moves import MOVES, MoveAction, RemoveAction, RollAction, ShiftAction, format_move
from engines.battle_island.notation import complete, parse
from engines.core.errors import IllegalMoveError, InvalidMoveError
from engines.core.record import resolve_chance

from .conftest import ENGINE, play, position, random_action, roll

BLUE = "tl12s"


@pytest.mark.parametrize(
    "typed,canonical",
    [
        ("block e5", "block e5"),
        ("BLOK E5", "block e5"),
        ("arm h8 c3 e5", "arm c3 e5 h8"),
        ("bewapen c3, e5, h8", "arm c3 e5 h8"),
        ("place tank b2 n", "place tank b2 n"),
        ("plaats soldaat b2 noord", "place soldier b2 n"),
        ("plaats j l11 zuid", "place jeep l11 s"),
        ("place t a1 oost", "place tank a1 e"),
        ("place s a1 o", "place soldier a1 e"),
        ("place soldier a1 west", "place soldier a1 w"),
        ("place soldier a1 z", "place soldier a1 s"),
        ("pad soldier jeep tank soldier jeep", "pad soldier jeep tank soldier jeep"),
        ("pad s j t s j", "pad soldier jeep tank soldier jeep"),
        ("pad sjtsj", "pad soldier jeep tank soldier jeep"),
        ("pad soldaat jeep tank soldaten j", "pad soldier jeep tank soldier jeep"),
        ("roll", "roll"),
        ("gooi", "roll"),
        ("worp", "roll"),
        ("c2-c5", "c2-c5"),
        ("C2 - C5", "c2-c5"),
        ("c2-c4 left", "c2-c4 left"),
        ("c2-c4 L", "c2-c4 left"),
        ("c2-c4 links", "c2-c4 left"),
        ("c2-c4 rechts", "c2-c4 right"),
        ("c2-c4 r", "c2-c4 right"),
        ("move c2-c5", "c2-c5"),
        ("verplaats c2-c4 links", "c2-c4 left"),
        ("shoot c5 c8", "shoot c5 c8"),
        ("schiet c5 c8", "shoot c5 c8"),
        ("c5 x c8", "shoot c5 c8"),
        ("c5 shoot c8", "shoot c5 c8"),
        ("shoot c5", "shoot c5"),
        ("reinforce 3", "reinforce 3"),
        ("versterk 3", "reinforce 3"),
        ("versterking 1", "reinforce 1"),
        ("move pad", "move pad"),
        ("verplaats pad", "move pad"),
        ("pad left", "pad left"),
        ("pad rechts", "pad right"),
        ("turn c5 left", "turn c5 left"),
        ("draai c5 rechts", "turn c5 right"),
        ("end", "end"),
        ("einde", "end"),
        ("klaar", "end"),
        ("remove c5", "remove c5"),
        ("verwijder c5", "remove c5"),
        ("remove pad 2", "remove pad 2"),
        ("verwijder pad 2", "remove pad 2"),
    ],
)
def test_parse_forms(typed, canonical):
    assert format_move(parse(typed)) == canonical


@pytest.mark.parametrize(
    "typed",
    ["", "   ", "hello", "c2-c5 up", "c2-c5 left right", "c2-x", "c5 x"],
)
def test_invalid_texts(typed):
    with pytest.raises(InvalidMoveError) as err:
        parse(typed)
    assert err.value.code == "battle_island.invalid_move"


@pytest.mark.parametrize(("typed", "example"), [
    ("place tank b2", "place tank b2 n"), ("place tank b2 up", "place tank b2 n"), ("place tnk b2 n", "place tank b2 n"),
    ("plaats tank c2", "place tank b2 n"), ("shoot", "shoot c5 c8"), ("shoot c5 c8 c9", "shoot c5 c8"),
    ("turn c5", "turn c5 left"), ("turn c5 up", "turn c5 left"), ("reinforce", "reinforce 3"), ("reinforce x", "reinforce 3"),
    ("remove", "remove c5"), ("remove pad", "remove c5"), ("remove pad x", "remove c5"),
    ("pad", "pad soldier jeep tank soldier jeep"), ("pad up", "pad soldier jeep tank soldier jeep"),
    ("pad s j q", "pad soldier jeep tank soldier jeep"), ("move", "move pad"), ("move there", "move pad"),
    ("block", "block e5"), ("roll 3", "roll"), ("end now", "end"), ("arm", "arm c3 e5 h8"),
])
def test_an_order_begun_but_not_whole_gets_the_form_of_that_order(typed, example):
    """A newcomer's `place tank c2` (the facing left out) was answered with every form of the game;
    an order whose first word is known gets the form of that order (as Axis & Allies does)."""
    with pytest.raises(InvalidMoveError) as err:
        parse(typed)
    assert err.value.code == "battle_island.incomplete_order"
    assert err.value.params == {"move": typed, "example": example}


@pytest.mark.parametrize(("typed", "square"), [
    ("block z5", "z5"), ("c13-c14", "c13"), ("m2-m5", "m2"), ("shoot x9", "x9"), ("arm c3 q9", "q9"), ("c5 x c88", "c88"),
    ("place tank b13 n", "b13"),
])
def test_a_square_off_the_island_is_named(typed, square):
    """A newcomer's `block z5` was answered with every form of the game; a square-shaped word off
    the island is named, with the island's squares (a1 to l12)."""
    with pytest.raises(InvalidMoveError) as err:
        parse(typed)
    assert err.value.code == "battle_island.not_a_square" and err.value.params == {"square": square}


def test_invalid_text_carries_the_expected_forms(engine):
    """``InvalidMoveError`` shows the right forms (``params['expected']``) and the text typed."""
    state = position(f"Sc2n {BLUE}", die=3)
    with pytest.raises(InvalidMoveError) as err:
        engine.parse_move("fire!", state, 0)
    assert "shoot c5 c8" in err.value.params["expected"] and err.value.params["move"] == "fire!"


def test_illegal_move_carries_its_params(engine):
    """The bot words ``IllegalMoveError`` from its code and params (the square, the roll)."""
    state = position(f"Sc2n {BLUE}", die=2)
    with pytest.raises(IllegalMoveError) as err:
        engine.parse_move("c2-c3", state, 0)
    assert err.value.params == {"square": "c2", "die": 2, "fewer": 1, "to": "c3"}
    assert "{" not in str(err.value)


def test_a_one_is_refused_without_one_less_and_a_turn(engine):
    """a roll of 1 is one square ahead ("Als je er een gooit, heb je maar één optie"),
    so its refusal never offers "1 minus one and then turns"."""
    state = position(f"Sc2n {BLUE}", die=1)
    with pytest.raises(IllegalMoveError) as err:
        engine.parse_move("c2-c2 left", state, 0)
    assert err.value.code == "battle_island.cannot_move_there_one"
    assert err.value.params == {"square": "c2", "to": "c2"}
    words = catalog()
    for language in ("en", "nl"):
        text = words.render(Msg(err.value.code, err.value.params), language)
        assert "minus" not in text and " min " not in text and "{" not in text
    assert words.render(Msg("battle_island.cannot_move_there", {"square": "c2", "die": 3, "fewer": 2, "to": "c4"}), "en") == (
        "The character on c2 cannot make that move with a 3: it moves exactly 3 squares straight ahead, "
        "or 2 ahead and then a quarter turn left or right; nothing may be in the way."
    )


DASHES = ["c2\u2013c5", "c2\u2014c5", "c2\u2212c5", "c2\u2010c5", "c2 \u2011 c5", "C2\u2013C5"]


@pytest.mark.parametrize("text", DASHES)
def test_typographic_dashes_read_as_hyphen(engine, text):
    """"Typographic dashes (e5–e6, e5—e6) are accepted as - in every game"."""
    state = position(f"Sc2n {BLUE}", die=3)
    assert engine.parse_move(text, state, 0) == engine.parse_move("c2-c5", state, 0)
    assert engine.parse_move(text + " left", position(f"Sc2n {BLUE}", die=4), 0).side == "left"


def test_short_forms_are_completed_from_the_legal_moves(engine):
    """``shoot c5``, ``c2 left``, ``move c2`` (and ``c2``) fill in the one legal move they mean."""
    state = position(f"Jc2n sc5s {BLUE}", die=3)
    assert engine.format_move(engine.parse_move("shoot c2", state, 0), state) == "shoot c2 c5"
    assert engine.format_move(engine.parse_move("c2 left", state, 0), state) == "c2-c4 left"
    assert engine.format_move(engine.parse_move("c2 rechts", state, 0), state) == "c2-c4 right"
    free = position(f"Jc2n {BLUE}", die=3)
    for typed in ("move c2", "c2", "verplaats c2"):
        assert engine.format_move(engine.parse_move(typed, free, 0), free) == "c2-c5"


def test_complete_leaves_unknown_short_forms_alone():
    legal = [MoveAction(square="c2", to="c5"), MoveAction(square="c2", to="c4", side="left")]
    assert complete(MoveAction(square="d2"), lambda: legal) == MoveAction(square="d2")
    assert complete(MoveAction(square="c2"), lambda: legal) == legal[0]
    assert complete(MoveAction(square="c2", side="left"), lambda: legal) == legal[1]
    assert complete(RollAction(), lambda: 1 / 0) == RollAction()  # the list is only made for a short form


def test_short_form_without_a_move_is_illegal(engine):
    state = position(f"Jc2n sc3s {BLUE}", die=3)
    with pytest.raises(IllegalMoveError) as err:
        engine.parse_move("shoot c2", state, 0)
    assert err.value.code == "battle_island.no_shot"
    with pytest.raises(IllegalMoveError) as err:
        engine.parse_move("c2 left", state, 0)
    assert err.value.code == "battle_island.cannot_move_there"


@pytest.mark.parametrize(
    "builder,typed,code",
    [
        (lambda: position(f"Sc2n {BLUE}"), "end", "end_not_now"),
        (lambda: position(f"Sc2n {BLUE}"), "c2-c4", "move_not_now"),
        (lambda: position(f"Sc2n {BLUE}", die=2), "roll", "roll_not_now"),
        (lambda: position(f"Sc2n {BLUE}", die=2), "c2-c3", "cannot_move_there"),
        (lambda: position(f"Sc2n {BLUE}", die=2), "d2-d4", "not_your_character"),
        (lambda: position(f"Sc2n {BLUE}", die=2), "l12-l10", "not_your_character"),
        (lambda: position(f"Sc2n {BLUE}", die=2), "shoot c2", "no_shot"),
        (lambda: position(f"Sc2n {BLUE}", die=2), "end", "must_move"),
        (lambda: position(f"Sc2n {BLUE}", die=2), "turn c2 left", "zero_option_not_now"),
        (lambda: position(f"Sc2n {BLUE}", die=2), "move pad", "zero_option_not_now"),
        (lambda: position(f"Sc2n {BLUE}", die=2), "reinforce 1", "reinforce_not_now"),
        (lambda: position(f"Sc2n {BLUE}", die=2), "pad left", "shift_impossible"),
        (lambda: position(f"Sc2n {BLUE}", die=2), "remove l12", "not_now"),
        (lambda: position(f"Sc2n {BLUE}", die=2), "block e5", "not_now"),
        (lambda: position(f"Sc2n {BLUE}", die=0), "reinforce 9", "reinforce_slot"),
        (lambda: position(f"Sc2n {BLUE}", die=0), "turn l12 left", "not_your_character"),
        (lambda: position(f"Sc2n {BLUE}", die=2, moved=True), "c2-c4", "move_not_now"),
    ],
)
def test_illegal_moves_name_the_rule(engine, builder, typed, code):
    with pytest.raises(IllegalMoveError) as err:
        engine.parse_move(typed, builder(), 0)
    assert err.value.code == f"battle_island.{code}"


def test_illegal_for_the_other_seat(engine):
    state = position(f"Sc2n {BLUE}", die=2)
    with pytest.raises(IllegalMoveError) as err:
        engine.parse_move("l12-l10", state, 1)
    assert err.value.code == "battle_island.not_your_turn"


def _positions(options: BattleIslandOptions, games: int):
    """States met in seeded random games (setup included), with the seat to act."""
    for game in range(games):
        rng = random.Random(game)
        seed = hashlib.sha256(f"notation {game}".encode()).digest()
        state, index = ENGINE.setup(2, options), 0
        while True:
            state, events = resolve_chance(ENGINE, state, seed, index)
            index += sum(len(e.values) for e in events)
            if state.result is not None:
                break
            for seat in sorted(ENGINE.to_act(state)):
                yield state, seat
            seat, move = random_action(ENGINE, state, rng)
            state = ENGINE.apply(state, seat, move)


@pytest.mark.parametrize(
    "options",
    [BattleIslandOptions(), BattleIslandOptions(blocks="armed_by_owner", win_at=5),
     BattleIslandOptions(carrier_pads=False, blocks="all_live")],
    ids=["default", "armed", "no_pads"],
)
def test_every_legal_move_round_trips(engine, options):
    """``format_move`` always parses back to the same move, and every legal move applies."""
    checked, kinds = 0, set()
    for n, (state, seat) in enumerate(_positions(options, 2)):
        moves = engine.legal_moves(state, seat)
        if n % 3 and state.phase == "play" and not any(m.kind == "shoot" for m in moves):
            continue  # a third of the play states, and every one with a shot (rare in random play)
        for move in moves:
            if state.phase == "characters" and move.square[1:] not in ("1", "12"):
                continue  # hundreds of placements: one row is enough
            text = engine.format_move(move, state)
            assert parse(text) == move, text
            assert engine.parse_move(text, state, seat) == move, text
            engine.apply(state, seat, move)
            checked += 1
            kinds.add(move.kind)
    assert checked > 500
    expected = {"block", "place", "roll", "shoot", "move", "turn", "end"}
    if options.carrier_pads:
        expected |= {"pad", "reinforce", "pad_option"}
    if options.blocks == "armed_by_owner":
        expected.add("arm")
    assert expected <= kinds, expected - kinds


def test_parse_move_checks_a_legal_move_without_applying_it(engine, monkeypatch):
    """``parse_move`` checks the move and the service applies it once; a legal move
    is never carried out inside ``parse_move``, an illegal one still gets the refusal naming
    the rule (``rules.apply``'s own)."""
    from engines.battle_island import rules

    states = [(s, seat) for n, (s, seat) in enumerate(_positions(BattleIslandOptions(), 1)) if n % 7 == 0]
    real_apply = rules.apply

    def no_apply(*args, **kwargs):
        raise AssertionError("parse_move applied a legal move")

    monkeypatch.setattr(rules, "apply", no_apply)
    checked = 0
    for state, seat in states:
        for move in engine.legal_moves(state, seat)[:20]:
            assert engine.parse_move(engine.format_move(move, state), state, seat) == move
            checked += 1
    assert checked > 100
    monkeypatch.setattr(rules, "apply", real_apply)
    with pytest.raises(IllegalMoveError) as err:
        engine.parse_move("c2-c3", position(f"Sc2n {BLUE}", die=2), 0)
    assert err.value.code == "battle_island.cannot_move_there"


def test_free_removal_forms(engine):
    island = play(engine, position(f"Sa1s Jb1w {BLUE}", die=3), "end")
    assert {engine.format_move(m, island) for m in engine.legal_moves(island, 1)} == {"remove a1", "remove b1"}
    assert engine.parse_move("verwijder a1", island, 1) == RemoveAction(square="a1")
    pad = play(engine, position("sa1s tc5n", pads=("s....", "....."), to_move=1, die=2, moved=True), "end")
    assert engine.parse_move("remove pad 1", pad, 1) == RemoveAction(slot=1)
    with pytest.raises(IllegalMoveError) as err:
        engine.parse_move("remove a1", pad, 1)
    assert err.value.code == "battle_island.remove_pad_slot"


def test_shift_forms(engine):
    state = roll(engine, play(engine, position(f"Sc2n {BLUE}", die=0), "move pad"), 2)
    assert engine.parse_move("pad rechts", state, 0) == ShiftAction(side="right")


def test_a_record_of_the_one_model_days_still_reads():
    """Records hold every field of every kind of action, the other kinds' empty (as when the
    actions were one model): they read back as the action of their kind, and an action is recorded
    so; a field of another kind with a value is refused."""
    every = {"square": None, "to": None, "unit": None, "facing": None, "side": None, "slot": None,
             "squares": [], "order": []}
    assert MOVES.model_validate({**every, "kind": "move", "square": "c2", "to": "c4", "side": "left"}) == MoveAction(
        square="c2", to="c4", side="left")
    assert MOVES.model_validate({**every, "kind": "remove", "slot": 2}) == RemoveAction(slot=2)
    assert MOVES.model_validate({**every, "kind": "roll"}) == RollAction()
    armed = {**every, "kind": "arm", "squares": ["a1", "b2", "c3"]}
    assert MOVES.model_validate(armed).model_dump(mode="json") == armed, "and a record is still written so"
    with pytest.raises(ValidationError):
        MOVES.model_validate({**every, "kind": "roll", "square": "c2"})
