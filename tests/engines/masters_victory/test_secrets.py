"""Hidden back-numbers (rulebook: "Zolang een pion op het spelbord staat blijft zijn rugnummer
onzichtbaar voor de tegenspeler. Na uitschakeling worden de pionnen en hun rugnummers
zichtbaar opgesteld voor beide spelers."): no view for the channel or the other seat, no
legal-move list and no error message depends on the hidden numbers of a piece on the board.

The strong form (two states that differ only in one seat's hidden numbers give identical views,
legal actions, answers and pictures to the channel and the other seat) is the engine conformance
suite's (tests/engines/conformance/test_secrets.py, with the twins of ``conformance.py``). Here:
the direct form over random positions, and the setup, the R1 fight and the errors by hand.
"""

from __future__ import annotations

import hashlib
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engines.core.errors import MoveError
from engines.core.record import resolve_chance
from engines.masters_victory import MastersVictory, MastersVictoryOptions
from engines.masters_victory import board as B

ENGINE = MastersVictory()


def played(game: int, steps: int, explicit_setup: bool = False):
    """The state after ``steps`` actions of a seeded random game (attacks preferred)."""
    rng = random.Random(game)
    seed = hashlib.sha256(f"secrets {game}".encode()).digest()
    state = ENGINE.setup(2, MastersVictoryOptions())
    index = 0
    for seat in (0, 1):
        text = "setup f11223m t2m3121 s3m1122" if explicit_setup and seat == 1 else "setup random"
        state = ENGINE.apply(state, seat, ENGINE.parse_move(text, state, seat))
        state, events = resolve_chance(ENGINE, state, seed, index)
        index += sum(len(e.values) for e in events)
    state, events = resolve_chance(ENGINE, state, seed, index)
    for _ in range(steps):
        if state.result is not None:
            break
        seat = state.to_move
        moves = ENGINE.legal_moves(state, seat)
        sharp = [m for m in moves if m.kind in ("fire", "switch") or (m.kind == "move" and m.attack)]
        move = rng.choice(sharp if sharp and rng.random() < 0.6 else moves)
        state = ENGINE.apply(state, seat, move)
    return state


def outcome(state, seat: int, text: str):
    try:
        move = ENGINE.parse_move(text, state, seat)
    except MoveError as error:
        return (type(error).__name__, error.code, error.params, str(error))
    return ("ok", ENGINE.format_move(move, state))


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 90))
def test_no_view_shows_a_back_number_of_the_other_side_on_the_board(game, steps):
    state = played(game, steps)
    off_counts = [len(state.off[s]) // 3 for s in (0, 1)]
    for viewer in (None, 0, 1):
        dump = ENGINE.view(state, viewer).model_dump(mode="json")
        for piece in dump["pieces"]:
            if piece["owner"] != viewer:
                assert piece["number"] is None and piece["master"] is None
            elif piece["kind"] in ("fighter", "tank", "soldier"):
                sq = B.index(piece["square"])
                assert piece["number"] == {"1": 1, "2": 2, "3": 3, "m": 3}[state.numbers[sq]]
                assert piece["master"] == (state.numbers[sq] == "m")
        assert [len(e) for e in dump["eliminated"]] == off_counts
        # actions name removed pieces only: those are off the board and public
        for action in dump["last_turn"] + dump["current_turn"]:
            assert len(action["removed"]) == len(action["removed_squares"])


def test_setup_shows_only_ready(engine):
    state = engine.setup(2, MastersVictoryOptions())
    before = {v: engine.view(state, v) for v in (None, 0)}
    after = engine.apply(state, 1, engine.parse_move("setup fm12312 t11223m s11223m", state, 1))
    for viewer in (None, 0):
        view = engine.view(after, viewer)
        assert view.ready == (False, True)
        assert view.model_copy(update={"ready": (False, False), "to_act": (0, 1)}) == before[viewer]
    own = engine.view(after, 1)
    numbers = {p.square: (p.number, p.master) for p in own.pieces if p.owner == 1 and p.kind == "fighter"}
    assert numbers["r1"] == (3, True) and numbers["r11"] == (1, False)


def test_r1_reveals_only_the_removed_piece(engine, make, move):
    """An attacker that loses by R1 learns nothing but that (the removed attacker is public);
    the winner's number stays hidden."""
    state = move(make("T2:e5 t3:e7 S1:a1"), "e5xe7")
    for viewer in (None, 0):
        view = engine.view(state, viewer)
        defender = next(p for p in view.pieces if p.square == "e7")
        assert defender.number is None and defender.master is None
        action = view.current_turn[-1]
        assert [(r.owner, r.kind, r.number) for r in action.removed] == [(0, "tank", 2)]
        assert action.text == "e5xe7" and action.attack == "e7"
    assert next(p for p in engine.view(state, 1).pieces if p.square == "e7").number == 3


def test_errors_to_seat_0_never_name_seat_1_numbers(engine, make):
    """Every error a seat can get is about squares, types and its own pieces."""
    state = make("T2:e5 tm:e7 t1:h5 s2:h6 S1:a1")
    twin = make("T2:e5 t1:e7 tm:h5 s3:h6 S1:a1")
    for text in ("e5xh6", "e5xh5-r11", "e5-e7", "e5xe7xe9", "a1xe7", "fire e5", "switch e7 t1"):
        assert outcome(state, 0, text) == outcome(twin, 0, text), text
