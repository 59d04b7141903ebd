"""Masters Victory in the engine conformance suite (tests/engines/conformance).

Playouts: both seats set up (``setup random`` through the chance node, or an explicit random
assignment typed as text), then actions chosen with probability 1/2 among the attacks, fires and
switches when there are any, else among all legal actions (uniform choice alone wanders for
hundreds of turns: most of the ~500 legal actions are aircraft flights). Every 10th game has the
step where every legal action is tried (500 applies).

Termination: every turn ends by ``end`` or after the third piece once nothing else is possible,
and a turn has at most 3 moves + 3 continuations + fires (each removes at least one enemy piece)
+ switches (each removes a soldier from the enemy's back line, and pieces that come back stand on
their own half); the turn limit (option ``turn_limit``, our addition, off by default, decision
14) then bounds the game: every playout sets it to 600 and ``quiet_turn_limit`` to 60.

Hidden facts (rulebook: "Zolang een pion op het spelbord staat blijft zijn rugnummer onzichtbaar
voor de tegenspeler"): a twin gives one seat's pieces on the board other back-numbers; the
channel and the other seat may not tell them apart.

>>> ACTIONS_PER_TURN
38
"""

from __future__ import annotations

import random

from engines.masters_victory import (
    MastersVictory,
    MastersVictoryOptions,
    MastersVictoryState,
    from_position,
    to_position,
)
from engines.masters_victory import board as B
from engines.masters_victory.state import EMPTY
from tests.engines.conformance.profile import Fuzz, Playouts, Profile, Twin

ACTIONS_PER_TURN = 3 + 3 + 25 + 6 + 1
"""Moves, continuations, fires (each removes an enemy piece: at most 25), switches, end."""


def options_for(game: int) -> MastersVictoryOptions:
    return MastersVictoryOptions(
        movement="straight" if game % 5 == 4 else "turning",
        fighter_vs_ground=("soldier_artillery", "none", "all")[game % 3],
        artillery_height=("below_tank", "above_tank", "lowest")[game % 7 % 3],
        soldier_moves=(4, 6)[game % 2],
        quiet_turn_limit=60,  # random play must end; the rulebook's game has no limit (decision 14)
        turn_limit=600,
    )


def random_setup_text(rng: random.Random) -> str:
    groups = []
    for letter in "fts":
        numbers = list("11223m")
        rng.shuffle(numbers)
        groups.append(letter + "".join(numbers))
    return "setup " + " ".join(groups)


def setup(engine: MastersVictory, state: MastersVictoryState, seat: int, rng: random.Random):
    if state.phase != "setup":
        return None
    return engine.parse_move("setup random" if rng.random() < 0.5 else random_setup_text(rng), state, seat)


def attacks_first(engine, state, seat, moves, rng: random.Random):
    if rng.random() < 0.5:
        sharp = [m for m in moves if m.kind in ("fire", "switch") or (m.kind == "move" and m.attack is not None)]
        if sharp:
            return rng.choice(sharp)
    return rng.choice(moves)


def within_the_bound(engine, state: MastersVictoryState, where: str) -> None:
    assert len(state.current) <= ACTIONS_PER_TURN, f"{where}: a turn without end"
    assert state.turns <= state.options.turn_limit, f"{where}: past the turn limit"


def no_view_shows_another_seats_numbers(engine: MastersVictory, state: MastersVictoryState) -> None:
    for viewer in (None, 0, 1):
        for piece in engine.view(state, viewer).pieces:
            if piece.owner != viewer:
                assert piece.number is None and piece.master is None, (viewer, piece)


def position_reads_back(engine: MastersVictory, state: MastersVictoryState) -> None:
    assert from_position(to_position(state), state.options) == state.model_copy(update={"last_turn": (), "current": ()})
    no_view_shows_another_seats_numbers(engine, state)


def renumbered(state: MastersVictoryState, seat: int, rng: random.Random) -> MastersVictoryState:
    """The same state with other hidden numbers under ``seat``'s pieces on the board."""
    nums = list(state.numbers)
    for sq, piece in enumerate(state.board):
        if piece != EMPTY and (piece.isupper() == (seat == 0)) and nums[sq] != EMPTY:
            nums[sq] = rng.choice("123m")
    return state.model_copy(update={"numbers": "".join(nums)})


def twins(state: MastersVictoryState, rng: random.Random) -> list[Twin]:
    return [Twin(renumbered(state, seat, rng), (None, 1 - seat)) for seat in (0, 1)]


def probes(state: MastersVictoryState, seat: int, rng: random.Random) -> list[str]:
    """Texts ``seat`` might type: attacks on the other side's pieces from its own, moves onto
    them, some random squares."""
    own = str.isupper if seat == 0 else str.islower
    mine = [B.NAMES[i] for i, c in enumerate(state.board) if c != EMPTY and own(c)]
    theirs = [B.NAMES[i] for i, c in enumerate(state.board) if c != EMPTY and not own(c)]
    out = []
    for _ in range(6):
        if mine and theirs:
            a, d = rng.choice(mine), rng.choice(theirs)
            out += [f"{a}x{d}", f"{a}-{d}", f"{a}x{d}-{rng.choice(B.NAMES)}"]
    out += [f"fire {rng.choice(B.NAMES)}", "switch r5 t2", "end", f"{rng.choice(B.NAMES)}-{rng.choice(B.NAMES)}"]
    return out


def soldier_forward(trait: str, state: MastersVictoryState, move) -> int:
    """A soldier's move towards the other side's back line (where it may switch), scored by the
    row it reaches counted from its own side: the furthest are favoured."""
    if trait not in ("soldiers forward", "switch") or move.kind != "move":
        return 0
    frm, to = B.index(move.frm), B.index(move.to)
    piece = state.board[frm]
    if piece.upper() != B.SOLDIER:
        return 0
    row = to // B.COLS if piece.isupper() else B.ROWS - 1 - to // B.COLS
    start = frm // B.COLS if piece.isupper() else B.ROWS - 1 - frm // B.COLS
    return row if row > start else 0


def fuzz_branches(before: MastersVictoryState, move, after: MastersVictoryState):
    if move.kind == "move" and move.attack is not None:
        yield "attack"
    if move.kind == "move" and before.cont is not None and B.index(move.frm) == before.cont[0]:
        yield "continuation after an attack"
    if move.kind == "setup":
        yield "setup random" if move.numbers is None else "setup chosen"


PROFILE = Profile(
    playouts=(
        Playouts(
            options=options_for,
            max_steps=lambda options: ACTIONS_PER_TURN * (options.turn_limit + 1),
            shortcut=setup,
            unlisted=lambda move: move.kind == "setup",  # two of the 6!^3 setups are listed
            pick=attacks_first,
            check_state=within_the_bound,
            check_sample=position_reads_back,
            check_final=no_view_shows_another_seats_numbers,
            sample_within=120,
            sample_games=10,
        ),
    ),
    twins=twins,
    probes=probes,
    # The fuzz: a switch needs a soldier on the other side's back line, so one trait (and the
    # game that favours switches) favours the soldiers' moves that get furthest towards it.
    fuzz=Fuzz(
        favours=("soldiers forward",),
        favour=0.85,
        favoured=soldier_forward,
        branches=("attack", "continuation after an attack", "setup random", "setup chosen",
                  "ended: masters_victory.masters_eliminated"),
        branches_of=fuzz_branches,
    ),
    twin_every=10,
)
