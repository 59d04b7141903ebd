"""Section 21 (the endgame rule and move rule), section 20 (the blockade of a lone tower),
section 27 (winning, losing, draws) and our own limits (decisions 17, 18)."""

from __future__ import annotations

import hashlib
import random

import pytest

from engines.core.errors import IllegalMoveError
from engines.core.record import resolve_chance
from engines.militakiri import Militakiri, MilitakiriOptions, from_position, to_position
from engines.militakiri.moves import PASS
from engines.militakiri.rules import blockaded, census, lone_seats
from tests.engines.conformance.profile import PLAYOUTS

from .conftest import cell, make_state, play, texts

# ----------------------------------------------------------------------------- section 21


def test_section21_endgame_starts_when_a_player_has_one_tower_and_nothing_else(engine):
    """All pawns and ranks of one player off the board and a single tower left, "ongeacht er nog
    reserve torens bruikbaar zijn": the endgame and move rules become active together."""
    state = make_state("a1:TS b1:TX c5:X c6:p f12:ts a9:P")
    assert state.endgame is None
    after = play(engine, state, "c5xc6")
    assert after.reserves[1] == (2, 2, 1)
    assert after.endgame == (0, 0)
    view = engine.view(after, None)
    assert view.endgame.lone == (1,) and view.endgame.limit == 50 and view.endgame.moves_left == (50, 50)


def test_section21_not_with_two_towers_or_a_pawn_left(engine):
    two_towers = play(engine, make_state("a1:TS c5:X c6:p f12:ts e12:tp"), "c5xc6")
    assert two_towers.endgame is None
    pawn_left = play(engine, make_state("a1:TS c5:X c6:p a12:p f12:ts"), "c5xc6")
    assert pawn_left.endgame is None


def test_section21_a_buried_pawn_is_not_on_the_board_for_its_owner(engine):
    """Decision 21: a pawn under an enemy pawn (captured) no longer counts for its owner."""
    state = make_state("a1:TS c5:X c6:p f12:ts")
    after = play(engine, state, "c5xc6")
    assert cell(after, "c6") == "pX" and after.endgame == (0, 0)


def test_section7_a_promotion_placed_at_once_does_not_start_the_endgame(engine):
    """Section 7: "Zo een rang 3 moet onmiddellijk worden vervangen door een toren van die kleur en
    vorm ... en moet op een vrij veld in jouw opstelzone worden geplaatst". Red's
    last rank promotes and the earned tower goes on the board in the same turn: red never is a
    player with "slechts 1 toren" (section 21), so the endgame rule does not start, neither
    between the capture and the placement nor after it, and nothing is limited to 1 square."""
    state = make_state("a1:TS c5:sP d6:x f12:ts e12:tp a12:p")
    after = play(engine, state, "c5xd6")
    assert after.to_move == 0 and after.moved  # placing the earned tower now
    assert after.endgame is None
    assert from_position(to_position(after), after.options) == after.model_copy(update={"last_move": None})
    placed = play(engine, after, "T@b1")
    assert placed.endgame is None and placed.to_move == 1
    assert "f12-f5" in texts(engine, placed)  # a tower still moves any distance
    assert engine.view(placed, None).endgame is None


def test_section21_the_own_lone_tower_starts_it_when_the_earned_tower_must_wait(engine):
    """Section 7: "Als er geen vrije plaats is op een veld in de opstelzone om de toren te plaatsen,
    moet je wachten"; section 21: the rules start when a player has "slechts 1 toren ... ongeacht
    er nog reserve torens bruikbaar zijn". With red's setup zone full the earned tower waits, red
    is left with one tower and nothing else at the end of its turn: the endgame rule starts, and a
    later placement does not stop it (decision 20)."""
    blue_zone = " ".join(f"{sq}:p" for sq in (
        "b1", "c1", "d1", "e1", "f1", "a2", "b2", "c2", "d2", "e2", "f2", "a3", "b3", "c3", "d3", "e3", "f3"))
    state = make_state(f"a1:TS {blue_zone} c5:sP d6:x f12:ts")
    after = play(engine, state, "c5xd6")
    assert after.pending == ("p", "") and after.to_move == 1 and not after.moved
    assert after.endgame == (0, 0)


def test_section7_a_promotion_placed_at_once_is_no_blockade_of_the_own_tower(engine):
    """Section 20 protects a player "die slechts 1 toren als enige op het bord heeft staan tijdens
    de eindspelregel"; section 7: the rank "moet onmiddellijk worden vervangen door een toren"
   . Red's plus tower on a1 is shut in by blue pawns, but the promoting capture
    gives red a second tower in the same turn, so red is never lone and the capture is legal."""
    state = make_state("a1:TP a2:x b1:x c5:sP d6:x f12:ts a12:p")
    assert "c5xd6" in texts(engine, state)
    after = play(engine, state, "c5xd6")
    placed = play(engine, after, "T@c1")
    assert placed.endgame is None and cell(placed, "c1") == "TP"


def test_section21_everything_moves_one_square(engine):
    """"... de afstand om te bewegen en te nemen voor elke pion, rang of toren voor beide spelers
    vanaf dan beperkt tot 1 veld per zet"."""
    state = make_state("a1:TP c5:xS f12:ts", endgame=(0, 0))
    assert {m.to for m in engine.legal_moves(state, 0) if m.frm == "a1"} == {"a2", "b1"}
    assert {m.to for m in engine.legal_moves(state, 0) if m.frm == "c5"} == {
        "b4", "b5", "b6", "c4", "c6", "d4", "d5", "d6"}
    with pytest.raises(IllegalMoveError) as err:
        engine.parse_move("a1-a3", state, 0)
    assert err.value.code == "militakiri.out_of_range" and err.value.params["limit"] == 1
    blue = make_state("a1:TP c5:xS f12:ts", endgame=(0, 0), to_move=1)
    assert texts(engine, blue) == {"f12-e12", "f12-e11", "f12-f11"}
    assert all(p.reach == 1 for p in engine.view(state, None).pieces)


def test_section21_counts_moves_per_player(engine):
    state = make_state("a1:TP c5:xS f12:ts", endgame=(3, 3))
    after = play(engine, state, "a1-a2", "f12-f11")
    assert after.endgame == (4, 4)
    assert engine.view(after, None).endgame.moves_left == (46, 46)


@pytest.mark.parametrize("board,limit", [("single", 50), ("double", 100)])
def test_section21_draw_when_both_used_their_moves(engine, board, limit):
    """50 moves each on the single board, 100 on the double board; running out with the last
    tower kept is a draw (also section 27)."""
    pieces = "a1:TP c5:xS f12:ts" if board == "single" else "a1:TP c5:xS l12:ts"
    last = "f12-f11" if board == "single" else "l12-l11"
    state = make_state(pieces, board=board, endgame=(limit - 1, limit - 1))
    after = play(engine, state, "a1-a2")
    assert after.result is None
    after = play(engine, after, last)
    assert after.result.draw and after.result.reason == "militakiri.endgame_draw"
    assert after.result.params == {"limit": limit}
    assert engine.to_act(after) == frozenset()


def test_section21_the_lone_tower_can_still_be_taken(engine):
    state = make_state("a1:TP e12:X f12:ts", endgame=(10, 10))
    after = play(engine, state, "e12xf12")
    assert after.result.winners == (0,) and after.result.reason == "militakiri.all_towers"


def test_section21_quiet_limit_does_not_apply_in_the_endgame(engine):
    state = make_state("a1:TP c5:xS f12:ts", endgame=(1, 1), quiet=500)
    assert play(engine, state, "a1-a2").result is None


# ----------------------------------------------------------------------------- section 20


def test_section20_blocking_the_lone_tower_is_never_offered_nor_accepted(engine):
    """"Men mag de tegenspeler die slechts 1 toren als enige op het bord heeft staan ... nooit
    beletten om een zet te doen door deze in een hoek ... blok te zetten"; "in het digitale spel
    zal een blokkade niet mogelijk zijn"."""
    state = make_state("a12:tp b12:P a10:P f1:TS", endgame=(0, 0))
    assert "a10-a11" not in texts(engine, state)
    with pytest.raises(IllegalMoveError) as err:
        engine.parse_move("a10-a11", state, 0)
    assert err.value.code == "militakiri.blockade"
    assert "b12-c12" in texts(engine, state)


def test_section20_blocking_by_capturing_the_last_pawn_is_refused(engine):
    """The move that makes the opponent lone may not leave its tower blocked either."""
    state = make_state("a12:tp a11:X b12:P e5:p d4:S f1:TS")
    assert state.endgame is None  # a12 cannot move, but blue still has a pawn
    assert "d4xe5" not in texts(engine, state)
    with pytest.raises(IllegalMoveError) as err:
        engine.parse_move("d4xe5", state, 0)
    assert err.value.code == "militakiri.blockade"


def test_section20_taking_the_lone_tower_is_no_blockade(engine):
    state = make_state("a12:tp b12:X a10:P f1:TS", endgame=(0, 0))
    assert "b12xa12" in texts(engine, state)


def test_section20_the_lone_tower_does_not_shut_itself_in(engine):
    """Decision 19: nor may the lone tower's own move leave it without a move."""
    state = make_state("b11:tp a12:P a11:X b12:X f1:TS", endgame=(0, 0), to_move=1)
    assert "b11xa12" not in texts(engine, state)
    with pytest.raises(IllegalMoveError) as err:
        engine.parse_move("b11xa12", state, 1)
    assert err.value.code == "militakiri.blockade"


def test_section20_a_capture_that_shuts_the_lone_tower_in_is_no_way_out(engine):
    """Section 20: "Men mag de tegenspeler die slechts 1 toren als enige op het bord heeft staan
    tijdens de eindspelregel ... nooit beletten om een zet te doen". Red's lone
    plus tower on a1 has one move left, a1xb2; once blue plays b4-b3 that capture would shut the
    tower in on b2 (a2, b1, c2, b3 taken, nothing to take diagonally), so the engine refuses it
    and red would have only ``pass``. Blue's b4-b3 is therefore a blockade and refused."""
    state = make_state("a1:TP a2:x b1:x b2:p c2:x b4:p f12:ts", endgame=(0, 0), to_move=1)
    assert "b4-b3" not in texts(engine, state)
    with pytest.raises(IllegalMoveError) as err:
        engine.parse_move("b4-b3", state, 1)
    assert err.value.code == "militakiri.blockade"
    for move in engine.legal_moves(state, 1):
        after = engine.apply(state, 1, move)
        assert engine.legal_moves(after, 0) != [PASS], engine.format_move(move, state)


def test_section20_a_capture_with_a_way_on_is_a_way_out(engine):
    """The same, but blue's pawn on c3 can be taken from b2: a1xb2 then b2xc3 is a real way out,
    so b4-b3 is allowed and red's lone tower keeps a move."""
    state = make_state("a1:TP a2:x b1:x b2:p c2:x c3:p b4:p f12:ts", endgame=(0, 0), to_move=1)
    after = play(engine, state, "b4-b3")
    assert texts(engine, after) == {"a1xb2"}
    after = play(engine, after, "a1xb2", "f12-f11")
    assert "b2xc3" in texts(engine, after)


def test_section20_property_every_move_leaves_the_lone_tower_a_real_move(engine):
    """Section 20, "nooit beletten om een zet te doen", over seeded random positions: a red lone
    tower among blue pawns, ranks and towers in its neighbourhood (endgame rule on). Whenever the
    lone tower is not shut in, red has more than ``pass``, and so it has after every legal blue
    move."""
    rng = random.Random(11)
    g = make_state("a1:TP f12:ts", endgame=(0, 0)).geometry
    checked = 0
    while checked < 300:
        cells = [""] * g.cells
        tower_sq = rng.randrange(g.cells)
        cells[tower_sq] = "T" + rng.choice("PXS")
        f, r = g.file_of(tower_sq), g.rank_of(tower_sq)
        near = [sq for sq in range(g.cells)
                if sq != tower_sq and abs(g.file_of(sq) - f) <= 2 and abs(g.rank_of(sq) - r) <= 2]
        for sq in rng.sample(near, rng.randrange(len(near) + 1)):
            cells[sq] = rng.choice(["p", "x", "s", "pp", "xx", "ss", "tp", "tx", "ts"])
        if not any(c[:1] == "t" for c in cells):
            continue
        pieces = " ".join(f"{g.names[sq]}:{c}" for sq, c in enumerate(cells) if c)
        state = make_state(pieces, endgame=(0, 0), to_move=1)
        if blockaded(state.board, g) or state.result is not None:
            continue
        checked += 1
        assert engine.legal_moves(state.model_copy(update={"to_move": 0}), 0) != [PASS], pieces
        for move in engine.legal_moves(state, 1):
            after = engine.apply(state, 1, move)
            if after.result is None:
                assert engine.legal_moves(after, 0) != [PASS], (pieces, engine.format_move(move, state))


def test_section20_no_reserve_tower_placed_to_block(engine):
    """A reserve tower is never placed where it shuts in the lone tower; if every free square
    would, it keeps waiting."""
    state = make_state("a1:tp a2:X c5:P f6:TS", endgame=(0, 0), pending=("p", ""), reserves=((1, 2, 1), (2, 2, 1)))
    assert "T@b1" not in texts(engine, state)
    with pytest.raises(IllegalMoveError) as err:
        engine.parse_move("T@b1", state, 0)
    assert err.value.code == "militakiri.blockade"
    assert "T@c1" in texts(engine, state)


def test_reachable_squares_respect_the_blockade(engine):
    state = make_state("a12:tp b12:P a10:P f1:TS", endgame=(0, 0))
    assert engine.reachable_squares(state, 0, "a10") == ("a9", "b10")


# ----------------------------------------------------------------------------- section 27


def test_section27_win_by_taking_all_towers_whatever_the_reserve(engine):
    """Win "wanneer men alle torens van de tegenspeler van het bord heeft gespeeld, ongeacht
    hoeveel reserve torens de tegenspeler nog heeft" (a waiting tower does not count either)."""
    state = make_state("a2:TX a6:tp c9:p f1:TS", pending=("", "x"), reserves=((2, 2, 1), (2, 1, 1)))
    after = play(engine, state, "a2xa6")
    assert after.result.winners == (0,) and after.result.reason == "militakiri.all_towers"
    assert after.result.params == {"seat": 0, "loser": 1}
    assert engine.to_act(after) == frozenset() and engine.legal_moves(after, 1) == []
    with pytest.raises(IllegalMoveError) as err:
        engine.parse_move("c9-c8", after, 1)
    assert err.value.code == "militakiri.game_over"


def test_pass_only_when_nothing_else_and_two_passes_draw(engine):
    """Decision 17: a seat without any legal move passes; two passes in a row: a draw."""
    state = make_state("a1:TP a2:x b1:x f1:P f2:x e1:x f12:ts")
    assert engine.legal_moves(state, 0) == [PASS]
    after = play(engine, state, "pass")
    assert after.passes == 1 and after.to_move == 1
    moving = make_state("a1:TS a6:P a9:p f12:ts")
    with pytest.raises(IllegalMoveError) as err:
        engine.parse_move("pass", moving, 0)
    assert err.value.code == "militakiri.pass_not_allowed"
    both = state.model_copy(update={"passes": 1, "to_move": 0})
    end = play(engine, both, "pass")
    assert end.result.draw and end.result.reason == "militakiri.no_moves"


def test_quiet_move_limit(engine):
    """Decision 18: ``quiet_move_limit`` moves in a row without a capture: a draw (0 = off)."""
    options = MilitakiriOptions(quiet_move_limit=20)
    state = make_state("a1:TS c5:P c9:p f12:ts", quiet=19, options=options)
    after = play(engine, state, "c5-c6")
    assert after.result.draw and after.result.reason == "militakiri.quiet_limit" and after.result.params == {"limit": 20}
    off = make_state("a1:TS c5:P c9:p f12:ts", quiet=999, options=MilitakiriOptions(quiet_move_limit=0))
    assert play(engine, off, "c5-c6").result is None
    capture = make_state("a1:TS c5:P d6:p c9:p f12:ts", quiet=19, options=options)
    assert play(engine, capture, "c5xd6").quiet == 0


def test_section21_by_default_no_draw_outside_the_endgame_rule(engine):
    """Section 21: "Enkel in de eindspelregel kan de partij beslist worden in een gelijkspel". The
    default game is the rulebook's: ``quiet_move_limit`` is
    our addition, named as ours, and off unless a match sets it."""
    options = MilitakiriOptions()
    assert options.quiet_move_limit == 0
    assert MilitakiriOptions.model_fields["quiet_move_limit"].description.startswith("(our addition)")
    state = make_state("a1:TS c5:P c9:p f12:ts", quiet=5000)
    assert state.options == options and state.result is None
    assert play(engine, state, "c5-c6", "c9-c8").result is None


# ----------------------------------------------------------------------------- endgame playouts
# Random play rarely reaches the endgame rule, so these games are steered into it; the plain
# seeded playouts are the engine conformance suite's (tests/engines/conformance).

ENDGAME_GAMES = max(1, PLAYOUTS // 20)


def endgame_choice(state, moves, rng: random.Random):
    """Take pawns and ranks first and a tower only once the other side has no pawns or ranks
    left, so games reach the endgame rule (random play rarely does); random once it is active."""
    if state.endgame is not None:
        return rng.choice(moves)
    seat = state.to_move
    _, stacks = census(state.board)
    best, best_score = None, -1e9
    for move in moves:
        score = rng.random()
        if move.kind == "capture":
            target = state.board[state.geometry.index_of[move.to]]
            if target[0] not in "Tt":
                score += 5
            else:
                score += 2 if stacks[1 - seat] == 0 else -50
        if score > best_score:
            best, best_score = move, score
    return best


@pytest.mark.parametrize("board", ["single", "double"])
def test_endgame_playouts(board):
    """Games steered into the endgame rule (sections 20-21): after every move no lone tower is
    shut in (a lone player to move always has more than ``pass``), every piece reaches 1 square, the move counters run, and the game ends by the move
    rule or a capture of the last tower."""
    engine = Militakiri()
    reached = 0
    for game in range(ENDGAME_GAMES):
        rng = random.Random(10_000 + game)
        state = engine.setup(2, MilitakiriOptions(board=board, quiet_move_limit=100))  # random play must end
        for seat in (0, 1):
            state = engine.apply(state, seat, engine.parse_move("setup random", state, seat))
        seed = hashlib.sha256(f"militakiri endgame {board} {game}".encode()).digest()
        state, _ = resolve_chance(engine, state, seed, 0)
        while state.result is None:
            seat = state.to_move
            moves = engine.legal_moves(state, seat)
            move = endgame_choice(state, moves, rng)
            before = state.endgame
            state = engine.apply(state, seat, move)
            if state.endgame is None:
                continue
            assert not blockaded(state.board, state.geometry) or state.result is not None
            if state.result is None and not state.moved and state.to_move in lone_seats(state.board):
                # section 20: a lone tower always has a real move, never only ``pass``
                assert engine.legal_moves(state, state.to_move) != [PASS]
            if before is not None and move.kind != "place":
                assert state.endgame[seat] == before[seat] + 1
            if state.result is None and not state.moved:
                for m in engine.legal_moves(state, state.to_move):
                    if m.frm:
                        a, b = state.geometry.index_of[m.frm], state.geometry.index_of[m.to]
                        assert max(abs(a % state.geometry.files - b % state.geometry.files),
                                   abs(a // state.geometry.files - b // state.geometry.files)) == 1
        if state.endgame is not None:
            reached += 1
            assert state.result.reason in ("militakiri.endgame_draw", "militakiri.all_towers", "militakiri.no_moves")
    assert reached >= ENDGAME_GAMES // 2
