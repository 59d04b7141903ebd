"""Rulebook, "Verplaatsen van speelstukken" (decision 4)."""

from __future__ import annotations

import random

import pytest

from engines.core.errors import IllegalMoveError
from engines.heroes_cities import board as B
from engines.heroes_cities.moves import PASS, MoveAction
from engines.heroes_cities.rules import legal_moves


def destinations(state, square: str) -> set[str]:
    return {m.to for m in legal_moves(state, state.to_move) if m.frm == square}


def ring(center: str, radius: int) -> set[str]:
    c = B.index(center)
    return {B.NAMES[i] for i in range(B.CELLS) if 0 < B.distance(c, i) <= radius}


def test_verplaatsen_aanvaller_max_2_velden(make):
    """Verplaatsen: "Een aanvaller kan maximaal 2 velden ... bewegen (horizontaal, verticaal en diagonaal)"."""
    state = make("A:e5 a:a10,c10,e10")
    assert destinations(state, "e5") == ring("e5", 2)
    assert len(destinations(state, "e5")) == 24


def test_verplaatsen_held_max_3_velden(make):
    """Verplaatsen: "Een held kan maximaal 3 velden ... bewegen"."""
    state = make("H:e5 a:a10,c10,j1")
    assert destinations(state, "e5") == ring("e5", 3)
    assert len(destinations(state, "e5")) == 48


def test_verplaatsen_range_at_the_edge(make):
    state = make("H:a1 a:j10,h10,f10")
    assert destinations(state, "a1") == ring("a1", 3) and len(ring("a1", 3)) == 15


def test_verplaatsen_aanvaller_mag_van_richting_veranderen(make, move, on):
    """Verplaatsen: "Tijdens deze verplaatsing mag van richting worden veranderd": e5-f7 is N then NE."""
    state = make("A:e5 a:a10,c10,e10")
    after = move(state, "e5-e6-f7")
    assert "f7" in on(after, "A") and after.last_move.path == ("e5", "e6", "f7")


def test_verplaatsen_held_meerdere_keren_van_richting(make, move):
    """Verplaatsen: a hero "mag meerdere keren van richting veranderen": b2-c3-c4-d5 (NE, N, NE)."""
    state = make("H:b2 a:a10,c10,e10")
    after = move(state, "b2-c3-c4-d5")
    assert after.board[B.index("d5")] == "H"
    # a hero can go around a wall that needs two turns: e5 to e7 with e6, d6, f6 taken
    state = make("H:e5 A:e6,d6,f6 a:a10,c10,j10")
    assert "e7" not in destinations(state, "e5")  # 2 straight steps blocked, 3 steps needed
    state = make("H:e5 A:e6,d6 a:a10,c10,j10")
    assert "e7" in destinations(state, "e5")  # via f6


def test_verplaatsen_over_onbezette_stad(make, move):
    """Verplaatsen: pieces may move over "onbezette (van zichzelf of van de tegenstander) stadsvelden"."""
    # c4 to e4: the middle squares are d3, d4 (red city, empty), d5; d3 and d5 are taken.
    state = make("A:c4,d3,d5 a:a10,c10,e10")
    assert "e4" in destinations(state, "c4")
    after = move(state, "c4-d4-e4")
    assert after.last_move.path == ("c4", "d4", "e4")
    # the same through a city of the opponent: c7 to e7 over d7 (blue city)
    state = make("A:c7,d6,d8 a:a10,c10,e10")
    assert "e7" in destinations(state, "c7")


def test_verplaatsen_niet_over_bezette_velden(make, engine):
    """Verplaatsen: "enkel over vrije velden": an occupied city or square blocks; pieces never jump."""
    state = make("A:c4,a1,c1 a:d3,d4,d5,a10")
    assert "e4" not in destinations(state, "c4")
    with pytest.raises(IllegalMoveError) as err:
        engine.parse_move("c4-e4", state, 0)
    assert err.value.code == "heroes_cities.path_blocked"
    with pytest.raises(IllegalMoveError) as err:
        engine.apply(state, 0, MoveAction(frm="c4", to="e4"))
    assert err.value.code == "heroes_cities.path_blocked"
    with pytest.raises(IllegalMoveError) as err:
        engine.parse_move("c4-d4-e4", state, 0)
    assert err.value.code == "heroes_cities.path_square_occupied"
    assert err.value.params["square"] == "d4"


def test_verplaatsen_ends_on_empty_square_only(make, engine):
    """A move ends on a free square or an unoccupied city, never on a piece (no capture by moving)."""
    state = make("A:e5 a:e6,a10,c10")
    assert "e6" not in destinations(state, "e5")
    with pytest.raises(IllegalMoveError) as err:
        engine.parse_move("e5-e6", state, 0)
    assert err.value.code == "heroes_cities.destination_occupied"


def test_verplaatsen_niet_eindigen_op_beginveld(make, engine):
    """Verplaatsen: "Een verplaatsing kan niet eindigen op hetzelfde veld als deze is begonnen"."""
    state = make("H:e5 a:a10,c10,e10")
    assert "e5" not in destinations(state, "e5")
    for text in ("e5-e5", "e5-e6-e5", "e5-e6-e7-e5"):
        with pytest.raises(IllegalMoveError) as err:
            engine.parse_move(text, state, 0)
        assert err.value.code in ("heroes_cities.same_square", "heroes_cities.path_not_a_step")
    with pytest.raises(IllegalMoveError) as err:
        engine.parse_move("e5-e6-e5", state, 0)
    assert err.value.code == "heroes_cities.same_square"
    with pytest.raises(IllegalMoveError) as err:
        engine.apply(state, 0, MoveAction(frm="e5", to="e5"))
    assert err.value.code == "heroes_cities.same_square"


def test_spelverloop_player_must_move_one_own_piece(make, engine):
    """Spelverloop: "moet 1 van zijn speelstukken verplaatsen": not an opponent's piece."""
    state = make("A:e5 a:e8,a10,c10")
    with pytest.raises(IllegalMoveError) as err:
        engine.apply(state, 0, MoveAction(frm="e8", to="e7"))
    assert err.value.code == "heroes_cities.no_own_piece"
    with pytest.raises(IllegalMoveError) as err:
        engine.apply(state, 1, MoveAction(frm="e8", to="e7"))
    assert err.value.code == "heroes_cities.not_your_turn"


def test_out_of_range(make, engine):
    state = make("A:e5 H:a1 a:a10,c10,e10")
    with pytest.raises(IllegalMoveError) as err:
        engine.apply(state, 0, MoveAction(frm="e5", to="e8"))
    assert err.value.code == "heroes_cities.out_of_range"
    assert err.value.params["limit"] == 2 and err.value.params["distance"] == 3
    assert engine.apply(state, 0, MoveAction(frm="a1", to="d4"))
    with pytest.raises(IllegalMoveError) as err:
        engine.parse_move("a1-e4", state, 0)
    assert err.value.code == "heroes_cities.out_of_range" and err.value.params["limit"] == 3


def test_walled_in_player_can_only_pass(make):
    """A hero in the corner behind a wall has no move: ``pass`` is its only legal move (decision 9)."""
    state = make("H:a1 a:a2,b2,b1,j10")
    assert legal_moves(state, 0) == [PASS]


def _paths(board: str, frm: int, steps: int) -> set[int]:
    """Brute force: every end square of every explicit path over empty squares."""
    ends: set[int] = set()

    def walk(cur: int, left: int) -> None:
        for nxt in B.NEIGHBOURS[cur]:
            if board[nxt] == "." or nxt == frm:
                if nxt != frm:
                    ends.add(nxt)
                if left > 1:
                    walk(nxt, left - 1)

    walk(frm, steps)
    return ends


def test_movement_generation_matches_brute_force(make):
    """Decision 4 holds in crowded random positions: destinations = ends of explicit paths."""
    rng = random.Random(4)
    for _ in range(300):
        squares = rng.sample(range(B.CELLS), rng.randint(5, 60))
        cells = ["."] * B.CELLS
        for sq in squares:
            cells[sq] = rng.choice("AHah")
        board = "".join(cells)
        state = make().model_copy(update={"board": board, "to_move": rng.randint(0, 1)})
        seat = state.to_move
        got = {(m.frm, m.to) for m in legal_moves(state, seat) if m.kind == "move"}
        want = {
            (B.NAMES[sq], B.NAMES[end])
            for sq in range(B.CELLS)
            if board[sq] in ("AH" if seat == 0 else "ah")
            for end in _paths(board, sq, 2 if board[sq] in "Aa" else 3)
        }
        assert got == want
