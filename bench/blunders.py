"""``make bench-ai``'s "plays like a human" check: the blunders a person would not make, counted
per player over the bench's games (the aim is none).

* ``hung``: a move after which the other seat's best immediate reply takes material
  (``engines.ai.tactics.exposure``, by the game's material count), when another legal move
  would have lost none; counted only where the reply really comes next (in Masters Victory at
  the move that ends the turn; its other moves are judged as if the turn ended after them).
  This covers pieces walked into an enclosure (Helden & Steden) and a master soldier left to a
  capture one action away (Masters Victory).
* ``passed``: a turn passed or ended without a move (``pass``, ``end`` as the turn's first move)
  while another legal move existed.
* ``facing``: a character of Slag om het Eiland set up facing off the board or along its own
  back row.
* ``same``: a setup (Militakiri's towers, Masters Victory's numbers unless drawn at random,
  Slag om het Eiland's blocks and characters) identical to one the same player chose in an
  earlier game of the run (``repeats``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from engines.ai.base import Knowledge, Move, State
from engines.ai.rng import Rng
from engines.ai.tactics import LOSS, exposure, is_pass
from engines.battle_island import board
from engines.core.contract import Engine, Seat

KINDS = ("hung", "passed", "facing")
SETUP_WORDS = ("towers", "setup", "block", "place", "pad", "arm")


def setup_text(text: str) -> bool:
    """Whether a move's text is part of a setup (and not a random one)."""
    words = text.split()
    return bool(words) and words[0] in SETUP_WORDS and "random" not in words


def count(engine: Engine, knowledge: Knowledge, state: State, seat: Seat, move: Move, turn_start: bool,
          players: int, rng: Rng) -> Counter[str]:
    """The blunders in ``seat`` playing ``move`` from ``state``."""
    found: Counter[str] = Counter()
    text = engine.format_move(move, state)
    moves = engine.legal_moves(state, seat)
    if is_pass(engine, state, move) and turn_start and any(not is_pass(engine, state, m) for m in moves):
        found["passed"] += 1
    if engine.slug == "battle_island" and text.startswith("place "):
        found["facing"] += _bad_facing(text, seat)
    after = engine.apply(state, seat, move)
    if seat not in engine.to_act(after) or engine.result(after) is not None:
        lost = exposure(engine, knowledge, state, seat, move, players, rng)
        if lost is not None and lost > LOSS and _a_safe_one(engine, knowledge, state, seat, moves, move, players, rng):
            found["hung"] += 1
    return found


def _a_safe_one(engine: Engine, knowledge: Knowledge, state: State, seat: Seat, moves: Sequence[Move], played: Move,
                players: int, rng: Rng) -> bool:
    for other in moves:
        if other != played:
            lost = exposure(engine, knowledge, state, seat, other, players, rng)
            if lost is not None and lost <= LOSS:
                return True
    return False


def _bad_facing(text: str, seat: Seat) -> int:
    _, _, square, facing = text.split()
    index = board.index(square)
    if board.step(index, facing) is None:  # type: ignore[arg-type]
        return 1
    back = 0 if seat == 0 else board.SIZE - 1
    return int(index // board.SIZE == back and facing in ("e", "w"))


def repeats(setups: Sequence[tuple[str, ...]]) -> int:
    """How many of the setups (one per game, empty: none) equal one chosen in an earlier game."""
    seen: set[tuple[str, ...]] = set()
    same = 0
    for setup in setups:
        if not setup:
            continue
        same += setup in seen
        seen.add(setup)
    return same
