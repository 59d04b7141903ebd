"""BEWEGING: up to 3 pieces per turn, each once, orthogonal steps up to the piece's maximum;
only aircraft fly over pieces and enter mines (rulebook "BEWEGING", "Opmerkingen i.v.m.
beweging"; decisions 4, 5, 9)."""

from __future__ import annotations

import pytest

from engines.core.errors import IllegalMoveError, InvalidMoveError
from engines.masters_victory import board as B
from engines.masters_victory.rules import legal_moves, reach


def illegal(engine, state, text):
    with pytest.raises(IllegalMoveError) as err:
        engine.parse_move(text, state, state.to_move)
    return err.value


def test_beweging_three_pieces_then_the_turn_ends(engine, make, move):
    """"Per beurt mag iedere speler maximaal 3 pionnen naar keuze verplaatsen." The turn ends
    by itself after the third piece when nothing else is possible (decision 9)."""
    state = make("T1:c3 T2:c5 S1:e7 S2:e9 t1:p3")
    state = move(state, "c3-d3", "e7-f7")
    assert state.to_move == 0 and state.used == 2
    state = move(state, "c5-c6")
    assert state.to_move == 1 and state.used == 0 and state.turns == 11
    assert [a.text for a in state.last_turn] == ["c3-d3", "e7-f7", "c5-c6"]


def test_beweging_order_free_and_a_turn_may_end_early(engine, make, move):
    """"De volgorde waarin deze pionnen worden verplaatst is niet van belang"; "maximaal" 3:
    fewer (even none) is allowed with ``end``."""
    state = make("T1:c3 S1:e7 t1:p3")
    state = move(state, "e7-f7", "end")
    assert state.to_move == 1
    state = move(state, "end")
    assert state.to_move == 0 and [a.kind for a in state.last_turn] == ["end"]


def test_beweging_each_piece_only_once_per_turn(engine, make, move):
    """"Iedere individuele pion kan per spelbeurt slechts éénmaal verplaatst worden"."""
    state = move(make("T1:c3 T2:c5 t1:p3"), "c3-d3")
    assert illegal(engine, state, "d3-e3").code == "masters_victory.already_moved"
    assert B.index("d3") not in {B.index(m.frm) for m in legal_moves(state, 0) if m.kind == "move"}


def test_beweging_fourth_piece_refused_while_the_turn_waits(engine, make, move):
    """After 3 moves the turn waits for ``end`` when a non-move action remains (an artillery
    with a target), and a fourth piece is refused."""
    state = make("T1:c3 T2:c5 T3:c7 S1:c9 A:b1 t1:d2")
    state = move(state, "c5-d5", "c7-d7", "c9-d9")
    assert state.to_move == 0 and state.used == 3
    assert illegal(engine, state, "c3-e3").code == "masters_victory.three_moved"
    assert [engine.format_move(m, state) for m in legal_moves(state, 0)] == ["end", "fire b1"]
    state = move(state, "fire b1")
    assert state.to_move == 1  # nothing left: the turn ended by itself


def test_beweging_only_orthogonal_manhattan_distance(engine, make, move):
    """"Alle pionnen kunnen enkel in de 4 windrichtingen worden verplaatst. (Dus niet
    diagonaal !)": steps are orthogonal, so a square counts its row plus column distance."""
    state = make("S1:e5 t1:p3", soldier_moves=4)
    assert move(state, "e5-g7").board[B.index("g7")] == "S"  # 2 + 2 = 4 squares
    err = illegal(engine, state, "e5-g8")
    assert err.code == "masters_victory.too_far" and err.params["distance"] == 5
    with pytest.raises(InvalidMoveError) as bad:
        engine.parse_move("e5-f6-f7", state, 0)
    assert bad.value.code == "masters_victory.segment"


def test_beweging_tank_moves_at_most_8(engine, make, move):
    """"Een tank kan bijvoorbeeld maximaal 8 vakjes verplaatst worden"."""
    state = make("T1:e3 t1:p3")
    assert move(state, "e3-m3").board[B.index("m3")] == "T"
    assert illegal(engine, state, "e3-n3").code == "masters_victory.too_far"


@pytest.mark.parametrize(
    ("piece", "option", "value"),
    [("F", "fighter_moves", 10), ("B", "bomber_moves", 6), ("S", "soldier_moves", 4), ("F", "fighter_moves", 3)],
)
def test_beweging_maximum_per_type_from_the_options(engine, make, move, piece, option, value):
    """The maximum "staat telkens aangegeven op de bovenzijde van de pion" (figure lost):
    options (decision 4)."""
    code = piece + ("1" if piece in "FS" else "")
    state = make(f"{code}:c6 t1:p3", **{option: value})
    dests, _ = reach(state, 0, B.index("c6"), value + 5)
    far = {B.distance(B.index("c6"), d) for d in dests}
    assert max(far) > value
    moves = [m for m in legal_moves(state, 0) if m.kind == "move"]
    assert max(B.distance(B.index("c6"), B.index(m.to)) for m in moves) == value


def test_beweging_artillery_moves_at_most_2(engine, make, move):
    """Decision 4: "15 pionnen per beurt en per pion" = 3 x 5 squares swept = a move of 2."""
    state = make("A:e3 t1:p3")
    ends = {m.to for m in legal_moves(state, 0) if m.kind == "move"}
    assert ends == {B.NAMES[s] for s in B.ball(B.index("e3"), 2)}
    assert illegal(engine, state, "e3-h3").code == "masters_victory.too_far"


def test_beweging_only_aircraft_fly_over_pieces(engine, make, move):
    """"Enkel vliegtuigen kunnen over andere pionnen overspringen (overvliegen)"."""
    state = make("F1:d5 T1:d4 S1:e5 S2:f5 t1:p3")
    assert move(state, "d5-g5").board[B.index("g5")] == "F"
    # a tank boxed in by its own soldiers cannot pass them
    blocked = make("T1:d5 S1:e5 S2:d6 S3:d4 S4:c5 t1:p3")
    err = illegal(engine, blocked, "d5-g5")
    assert err.code == "masters_victory.path_blocked"
    assert illegal(engine, make("T1:d5 S1:e5 t1:p3"), "d5-e5-g5").code == "masters_victory.path_square_occupied"
    # ...but it may go round
    assert move(make("T1:d5 S1:e5 t1:p3"), "d5-g5").board[B.index("g5")] == "T"


def test_beweging_only_aircraft_enter_mines(engine, make, move):
    """"De zones mines kunnen enkel door vliegtuigen worden gebruikt"."""
    state = make("T1:h6 B:h5 S1:h1 t1:p3")
    assert illegal(engine, state, "h6-i6").code == "masters_victory.mines"
    assert illegal(engine, state, "h1-i1").code == "masters_victory.mines"
    assert illegal(engine, state, "h6-i6-l6").code == "masters_victory.mines"
    state = move(state, "h5-j6")
    assert state.board[B.index("j6")] == "B"
    # ground units walk round the mines
    assert not any(B.index(m.to) in B.MINES for m in legal_moves(state, 0) if m.kind == "move" and m.frm in ("h6", "h1"))


def test_beweging_destination_must_be_empty(engine, make):
    state = make("F1:d5 T1:d8 t1:p3")
    assert illegal(engine, state, "d5-d6-d8").code == "masters_victory.occupied"


def test_straight_option_moves_in_one_line(engine, make, move):
    """Option ``movement = straight`` (decision 5): one direction per move."""
    state = make("T1:e5 F1:c3 t1:p3", movement="straight")
    assert illegal(engine, state, "e5-f6").code == "masters_victory.not_straight"
    assert move(state, "e5-e9").board[B.index("e9")] == "T"
    turning = make("T1:e5 t1:p3")
    assert move(turning, "e5-f6").board[B.index("f6")] == "T"
    tos = {m.to for m in legal_moves(state, 0) if m.kind == "move" and m.frm == "e5"}
    assert all(t[0] == "e" or t[1:] == "5" for t in tos)


def test_not_your_turn_and_game_over(engine, make, move):
    state = make("T1:e5 t1:p3")
    with pytest.raises(IllegalMoveError) as err:
        engine.parse_move("p3-o3", state, 1)
    assert err.value.code == "masters_victory.not_your_turn" and err.value.params["seat"] == 0
    assert legal_moves(state, 1) == []


def test_no_own_piece(engine, make):
    state = make("T1:e5 t1:p3")
    assert illegal(engine, state, "p3-o3").code == "masters_victory.no_own_piece"
    assert illegal(engine, state, "e6-e7").code == "masters_victory.no_own_piece"


def test_fast_generation_matches_the_plain_search(engine):
    """The bitboard generation of legal_moves (``_reach_mask``) and ``steps_to`` find the same
    squares and distances as the plain search ``reach`` (breadth-first / flight balls)."""
    import hashlib
    import random

    from engines.core.record import resolve_chance
    from engines.masters_victory import MastersVictoryOptions
    from engines.masters_victory import attack as A
    from engines.masters_victory.rules import (
        _EMPTY_BITS,
        _ENEMY_BITS,
        _reach_mask,
        steps_to,
    )

    rng = random.Random(5)
    state = engine.setup(2, MastersVictoryOptions())
    seed = hashlib.sha256(b"reach").digest()
    index = 0
    checked = 0
    while state.result is None and checked < 60:
        state, events = resolve_chance(engine, state, seed, index)
        index += sum(len(e.values) for e in events)
        if state.result is not None:
            break
        seat = min(engine.to_act(state))
        if state.phase == "play":
            board = state.board
            empty = int(board.translate(_EMPTY_BITS)[::-1], 2)
            enemy = int(board.translate(_ENEMY_BITS[seat])[::-1], 2)
            for sq, piece in enumerate(board):
                if piece == "." or A.owner(piece) != seat or A.kind(piece) == "A":
                    continue
                limit = A.moves_of(state.options)[A.kind(piece)]
                dests, targets = reach(state, seat, sq, limit)
                dm, tm = _reach_mask(empty, enemy, sq, limit, A.kind(piece) in "FB")
                assert set(B.squares_of(dm)) == set(dests)
                assert set(B.squares_of(tm)) == set(targets)
                for target, d in {**dests, **targets}.items():
                    assert steps_to(state, seat, board, sq, target, limit, None) == d
            checked += 1
        moves = engine.legal_moves(state, seat)
        state = engine.apply(state, seat, rng.choice(moves))
    assert checked >= 30
