"""Fixtures for the Slag om het Eiland engine tests: the engine and quick position builders.

``position(...)`` builds a state in play directly, so a rule test reads like the rule::

    state = position("Se3n se6s", live="e5", die=3)

Characters are ``<kind><square><facing>``: ``S``/``J``/``T`` are seat 0's (red, south)
soldier, jeep and tank, ``s``/``j``/``t`` seat 1's (blue, north); facing ``n e s w``.
Pads are five letters per seat, slots 1-5 from the owner's left, ``.`` for an empty slot.
Characters not named are gone (lost earlier), blocks not named were activated earlier: the
builder keeps the ten blocks (one per row and column, six live in all when it can) and the
ten characters per side of a real game, so every position is one play could reach.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable
from typing import Any

import pytest

from engines.battle_island import BattleIsland, BattleIslandOptions
from engines.battle_island import board as B
from engines.battle_island.moves import BattleIslandMove
from engines.battle_island.rules import BLOCKS, LIVE_BLOCKS, judge, opening
from engines.battle_island.state import BattleIslandState, Block, Character
from engines.core.contract import Outcome
from engines.core.dice import draws

ENGINE = BattleIsland()
KINDS = {"s": "soldier", "j": "jeep", "t": "tank"}
SALT = "00000000000000ab"


def _squares(text: str) -> list[int]:
    return [B.index(s) for s in text.split()]


def position(
    characters: str = "",
    *,
    live: str = "",
    safe: str = "",
    pads: tuple[str, str] = (".....", "....."),
    pad_files: tuple[int, int] = B.PAD_START,
    to_move: int = 0,
    die: int | None = None,
    step: str | None = None,
    restricted: str | None = None,
    pad_move: bool = False,
    moved: bool = False,
    quiet_turns: int = 0,
    turn: int = 10,
    options: BattleIslandOptions | None = None,
    **option_values: Any,
) -> BattleIslandState:
    """A state in phase ``play``: ``to_move`` has rolled ``die`` (``None``: before the roll;
    ``0``: choosing a zero option). ``live``/``safe``: squares of unactivated blocks.
    ``restricted``: the square of the character a zero option named (rule 2a)."""
    options = options or BattleIslandOptions(**option_values)
    army = options.army
    chars = [Character(owner=seat, kind=kind, where="gone") for seat in (0, 1) for kind in army]
    free = {seat: [i for i, c in enumerate(chars) if c.owner == seat] for seat in (0, 1)}

    def take(seat: int, kind: str) -> int:
        for i in free[seat]:
            if chars[i].kind == kind:
                free[seat].remove(i)
                return i
        raise AssertionError(f"seat {seat} has no {kind} left in the army {army}")

    for token in characters.split():
        letter, square, facing = token[0], token[1:-1], token[-1]
        seat = 0 if letter.isupper() else 1
        i = take(seat, KINDS[letter.lower()])
        sq = B.index(square)
        assert all(c.square != sq for c in chars if c.where == "island"), f"{square} twice"
        chars[i] = chars[i].model_copy(update={"where": "island", "square": sq, "facing": facing})
    if options.carrier_pads:
        for seat, slots in enumerate(pads):
            assert len(slots) == B.PAD_SLOTS, slots
            for slot, letter in enumerate(slots, start=1):
                if letter != ".":
                    i = take(seat, KINDS[letter.lower()])
                    chars[i] = chars[i].model_copy(update={"where": "pad", "slot": slot})
    else:
        assert pads == (".....", "....."), "no pads with carrier_pads off"

    # The blocks: the named ones unactivated, the rest of the ten activated earlier on free
    # rows and columns (placed alternately, so owners alternate in placement order).
    named = [(sq, True) for sq in _squares(live)] + [(sq, False) for sq in _squares(safe)]
    rows = {sq // B.SIZE for sq, _ in named}
    cols = {sq % B.SIZE for sq, _ in named}
    assert len(rows) == len(cols) == len(named), "at most one block per row and per column"
    spare_rows = [r for r in range(B.SIZE) if r not in rows]
    spare_cols = [c for c in range(B.SIZE) if c not in cols]
    filler = []
    live_count = sum(flag for _, flag in named)
    for k in range(BLOCKS - len(named)):
        flag = options.blocks == "all_live" or live_count < LIVE_BLOCKS
        live_count += flag
        filler.append((spare_rows[k] * B.SIZE + spare_cols[k], flag, True))
    layout = [(sq, flag, False) for sq, flag in named] + filler
    if options.blocks == "all_live":
        assert all(flag for _, flag, _ in layout), "all_live: no safe blocks"
    blocks = tuple(Block(owner=n % 2, square=sq, active=active) for n, (sq, _, active) in enumerate(layout))
    flags = tuple(flag for _, flag, _ in layout)
    for n, (sq, _, active) in enumerate(layout):
        if not active:
            assert all(c.square != sq for c in chars if c.where == "island"), f"a character on the block {B.name(sq)}"

    seal = None
    if options.blocks != "all_live":
        seal = hashlib.sha256(opening(flags, SALT).encode()).hexdigest()
    if step is None:
        step = "roll" if die is None else ("zero" if die == 0 else ("moved" if moved else "move"))
    restricted_id = None
    if restricted is not None:
        restricted_id = next(i for i, c in enumerate(chars) if c.where == "island" and c.square == B.index(restricted))
    state = BattleIslandState(
        options=options,
        phase="play",
        step=step,  # type: ignore[arg-type]
        characters=tuple(chars),
        blocks=blocks,
        live=flags,
        salt=SALT if seal else "",
        seal=seal,
        armed=(True, True) if options.blocks == "armed_by_owner" else (False, False),
        pads=pad_files,
        first_player=0,
        to_move=to_move,
        die=die,
        last_roll=die,
        restricted=restricted_id,
        pad_move=pad_move,
        moved=moved,
        turn=turn,
        quiet_turns=quiet_turns,
    )
    assert judge(state) is None, "the game would be over"
    return state


def seat_of(state: BattleIslandState) -> int:
    """The one seat to act (the lower one while both arm)."""
    return min(ENGINE.to_act(state))


def play(engine: BattleIsland, state: BattleIslandState, *texts: str) -> BattleIslandState:
    """Parse and apply each action text for the seat to act (``roll N`` rolls the die ``N``)."""
    for text in texts:
        if text.startswith("roll "):
            state = roll(engine, engine.apply(state, state.to_move, engine.parse_move("roll", state, state.to_move)), int(text[5:]))
            continue
        seat = seat_of(state)
        state = engine.apply(state, seat, engine.parse_move(text, state, seat))
    return state


def roll(engine: BattleIsland, state: BattleIslandState, face: int) -> BattleIslandState:
    """The referee's die shows ``face`` (0-5)."""
    assert engine.chance(state).kind == "die"
    return engine.apply_chance(state, Outcome(kind="die", values=(face,)))


def texts(engine: BattleIsland, state: BattleIslandState, seat: int | None = None) -> set[str]:
    seat = seat_of(state) if seat is None else seat
    return {engine.format_move(m, state) for m in engine.legal_moves(state, seat)}


def at(state: BattleIslandState, square: str) -> str | None:
    """``"Se4n"``-style code of the character on ``square`` (``None`` when empty)."""
    i = state.index_of(B.index(square))
    if i is None:
        return None
    c = state.characters[i]
    letter = c.kind[0].upper() if c.owner == 0 else c.kind[0]
    return f"{letter}{square}{c.facing}"


def block_at(state: BattleIslandState, square: str) -> bool:
    """Whether an unactivated block stands on ``square``."""
    return state.block_at(B.index(square)) is not None


def gone(state: BattleIslandState) -> tuple[int, int]:
    return tuple(sum(1 for c in state.characters if c.owner == s and c.where == "gone") for s in (0, 1))  # type: ignore[return-value]


# ------------------------------------------------------------------ whole setups

BLOCK_SQUARES = ("e5", "g8", "b6", "j7", "d4", "h9", "c10", "k3", "l11", "a12")
"""Ten squares, one per row and per column, in placement order (seat 0 first)."""
PLACES = (
    ("soldier a1 n", "soldier b2 n", "jeep c2 n", "tank d1 n", "soldier e2 e"),
    ("soldier l12 s", "soldier k11 s", "jeep j11 s", "tank i12 s", "soldier h11 w"),
)
PAD_ORDERS = ("pad soldier soldier jeep jeep tank", "pad soldier soldier jeep jeep tank")


def set_up(
    engine: BattleIsland,
    options: BattleIslandOptions | None = None,
    *,
    seed: bytes = bytes(32),
    first: int = 0,
    arms: tuple[str, str] = ("arm b6 d4 e5", "arm g8 h9 j7"),
) -> BattleIslandState:
    """A whole setup with the fixed choices above: the start roll won by ``first``, the seal
    drawn from ``seed``; the state is the first turn's ``roll`` step."""
    options = options or BattleIslandOptions()
    state = engine.setup(2, options)
    if state.phase == "seal":
        state = engine.apply_chance(state, Outcome(kind="seal_layout", values=draws(seed, 0, engine.chance(state).sizes)))
    state = engine.apply_chance(state, Outcome(kind="first_player_roll", values=(5, 0) if first == 0 else (0, 5)))
    for square in BLOCK_SQUARES:
        state = play(engine, state, f"block {square}")
    if state.phase == "arm":
        for seat in (0, 1):
            arm = arms[seat] if first == 0 else arms[1 - seat]
            state = engine.apply(state, seat, engine.parse_move(arm, state, seat))
        state = engine.apply_chance(state, Outcome(kind="seal_salt", values=draws(seed, 2, engine.chance(state).sizes)))
    order = (first, 1 - first)
    places = list(PLACES)
    if not options.carrier_pads:
        places = [
            PLACES[0] + ("soldier f1 n", "jeep g2 n", "jeep h1 n", "tank i2 n", "soldier j1 n"),
            PLACES[1] + ("soldier g12 s", "jeep f11 s", "jeep e12 s", "tank d11 s", "soldier c12 s"),
        ]
    for k in range(len(places[0])):
        for seat in order:
            kind, square, facing = places[seat][k].split()
            if kind not in state.reserve(seat):  # another army mix: any kind still to place
                kind = state.reserve(seat)[0]
            state = play(engine, state, f"place {kind} {square} {facing}")
    if options.carrier_pads:
        for seat in order:
            state = play(engine, state, "pad " + " ".join(k for k in reversed(state.reserve(seat))))
    assert state.phase == "play" and state.step == "roll"
    return state


def random_action(engine: BattleIsland, state: BattleIslandState, rng: random.Random) -> tuple[int, BattleIslandMove]:
    """A seeded random choice for the seat to act; shots and moves a little preferred, so
    games end sooner than pure random play."""
    seat = seat_of(state)
    moves = engine.legal_moves(state, seat)
    sharp = [m for m in moves if m.kind == "shoot"]
    if sharp and rng.random() < 0.5:
        return seat, rng.choice(sharp)
    return seat, rng.choice(moves)


@pytest.fixture
def engine() -> BattleIsland:
    return ENGINE


@pytest.fixture
def make() -> Callable[..., BattleIslandState]:
    return position


@pytest.fixture
def move(engine: BattleIsland) -> Callable[..., BattleIslandState]:
    """``move(state, "e3-e6", "shoot e6", ...)``: the state after those actions."""
    return lambda state, *moves: play(engine, state, *moves)
