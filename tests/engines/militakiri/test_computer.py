"""The computer's knowledge of Militakiri (``engines/militakiri/ai.py``): what its evaluation
sees of the pieces standing attacked, and a tactic a plain two-ply material search misses.

Section 1: "Doel: Win tactisch door de torens van de tegenstander van het bord te spelen!";
section 27: winning "wanneer men alle torens van de tegenspeler van het bord heeft gespeeld".
"""

from __future__ import annotations

from dataclasses import replace

from engines.ai.observation import Observation
from engines.ai.player import LEVELS
from engines.ai.search import search
from engines.militakiri import Militakiri
from engines.militakiri.ai import evaluate, material

from .conftest import make_state

FORK = "b5:TX b1:TS d1:P e1:P f1:P a8:tp f8:tp c12:ts d11:p e11:p f11:p"
"""Red's cross tower on b5 moves diagonally to e8 and from there captures orthogonally both
blue plus towers on rank 8 (a8, f8), which capture diagonally and cannot take it back: blue saves
one, red takes the other. No red move takes anything at once, and no blue reply to e8 wins
anything back, so a search one reply deep sees every quiet move alike."""


def _observation(engine: Militakiri, state, seat: int) -> Observation:
    return Observation(game="militakiri", options=state.options.model_dump(mode="json"), players=2, seat=seat,
                       view=engine.view(state, seat), record=())


def test_the_evaluation_counts_a_tower_the_seat_to_move_takes_at_once(engine) -> None:
    """The same board: red's cross tower on c5 attacks blue's plus tower on c9 along the file and
    nothing of blue's can take it back there. With red to move the tower is as good as taken;
    with blue to move blue moves it away. Material alone is the same in both."""
    pieces = "c5:TX a1:TS f2:TP d1:P e1:P c9:tp f12:ts b12:tx e11:p f11:p"
    red_to_move, blue_to_move = make_state(pieces, to_move=0), make_state(pieces, to_move=1)
    assert material(engine, red_to_move, 2) == material(engine, blue_to_move, 2)
    assert evaluate(engine, red_to_move, 2)[0] > evaluate(engine, blue_to_move, 2)[0] + 0.15


def test_the_evaluation_sees_an_exchange_lose_what_it_wins(engine) -> None:
    """Red to move can take blue's pawn on c6 with its cross tower from c2, but blue's star pawn
    on d7 takes the tower back: not worth a tower's loss, so the evaluation counts no gain for
    red there (as much as with blue to move, who can take nothing); on the same board with the
    star pawn on e9, where nothing guards c6, it counts the pawn."""
    for guard, gains in (("d7", False), ("e9", True)):
        pieces = f"c2:TX a1:TS f1:TP d1:P c6:p {guard}:s f12:ts e12:tp f11:p"
        red, blue = evaluate(engine, make_state(pieces, to_move=0), 2)[0], evaluate(engine, make_state(pieces, to_move=1), 2)[0]
        assert (red > blue + 0.01) is gains, guard


def test_the_evaluation_knows_taking_the_last_tower_wins(engine) -> None:
    """Blue has one tower left, and red to move takes it: the game is won (section 27)."""
    state = make_state("c5:TX a1:TS d1:P c9:ts e11:p f11:p", to_move=0)
    assert evaluate(engine, state, 2)[0] > 0.95


def test_hard_forks_two_towers_a_two_ply_material_search_does_not_see(engine) -> None:
    """In ``FORK`` hard (its budget bounded by iterations, not time) plays b5-e8, the move that
    wins a tower, with every seed: the judgement at the end of its search counts what red takes
    once blue has replied."""
    state = make_state(FORK, to_move=0, reserves=((2, 2, 1), (1, 2, 1)))
    budget = replace(LEVELS["hard"], seconds=None, iterations=300)
    obs = _observation(engine, state, 0)
    assert [search(obs, budget, seed).text for seed in range(4)] == ["b5-e8"] * 4
