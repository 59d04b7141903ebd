"""No view leaks which blocks are live (rulebook: "Beide spelers mogen niet naar de onderkant van
de obstakelblokken kijken"; decision 21).

The strong form, over seeded random games (a few hundred actions each, setup included): two
states that differ only in the hidden ``live`` flags of unactivated blocks (shuffled, so the
number of live ones stays) and the salt, under the same published seal, give equal views, legal
actions, chance nodes and answers to typed actions, before the end:

- ``blocks: hidden``: for the channel and for both seats;
- ``armed_by_owner``: with one owner's blocks reshuffled, for the channel and the other seat
  (the owner sees their own blocks' contents).
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Iterator

import pytest

from engines.battle_island import BattleIslandOptions
from engines.battle_island import board as B
from engines.core.errors import MoveError
from engines.core.record import resolve_chance

from .conftest import ENGINE, random_action

GAMES = 24
EVERY = 6


def states(options: BattleIslandOptions, game: int) -> Iterator:
    """Every ``EVERY``-th state of a seeded random game, from the first block to the end."""
    rng = random.Random(game)
    seed = hashlib.sha256(f"battle_island secrets {game}".encode()).digest()
    state, index, n = ENGINE.setup(2, options), 0, 0
    while True:
        state, events = resolve_chance(ENGINE, state, seed, index)
        index += sum(len(e.values) for e in events)
        if state.result is not None:
            return
        if n % EVERY == 0:
            yield state
        seat, move = random_action(ENGINE, state, rng)
        state = ENGINE.apply(state, seat, move)
        n += 1


def twin(state, rng: random.Random, owner: int | None = None):
    """The same state with the live flags of the unactivated blocks (of ``owner`` only, when
    given) shuffled among themselves and another salt; the seal stays."""
    if not state.live:
        return state
    ids = [i for i, b in enumerate(state.blocks) if not b.active and (owner is None or b.owner == owner)]
    live = list(state.live)
    flags = [live[i] for i in ids]
    rng.shuffle(flags)
    for i, flag in zip(ids, flags):
        live[i] = flag
    salt = f"{rng.getrandbits(64):016x}" if state.salt else ""
    return state.model_copy(update={"live": tuple(live), "salt": salt})


def outcome(state, seat: int, text: str):
    try:
        move = ENGINE.parse_move(text, state, seat)
    except MoveError as error:
        return (type(error).__name__, error.code, error.params, str(error))
    after = ENGINE.apply(state, seat, move)
    return ("ok", ENGINE.format_move(move, state), after.phase, after.step)


def probes(state, seat: int, rng: random.Random) -> list[str]:
    """Texts a player might type that touch the blocks: shots at them and moves onto them."""
    blocks = [B.name(b.square) for b in state.blocks if not b.active]
    mine = [B.name(c.square) for c in state.characters if c.owner == seat and c.where == "island"]
    out = ["end", "roll", "move pad", "reinforce 3"]
    for _ in range(3):
        if blocks and mine:
            a, b = rng.choice(mine), rng.choice(blocks)
            out += [f"shoot {a} {b}", f"{a}-{b}", f"shoot {a}", f"block {b}", f"arm {b}"]
    return out


def same_for(state, other, viewers, rng: random.Random) -> None:
    for viewer in viewers:
        assert ENGINE.view(state, viewer) == ENGINE.view(other, viewer), viewer
    assert ENGINE.to_act(state) == ENGINE.to_act(other) and ENGINE.chance(state) == ENGINE.chance(other)
    for seat in (0, 1):
        assert ENGINE.legal_moves(state, seat) == ENGINE.legal_moves(other, seat)
        assert ENGINE.action_buttons(state, seat) == ENGINE.action_buttons(other, seat)
    for seat in ENGINE.to_act(state):
        if seat in viewers:
            for text in probes(state, seat, rng):
                assert outcome(state, seat, text) == outcome(other, seat, text), text


def unknown_blocks_stay_unknown(state, viewer) -> None:
    """The direct form: no ``live`` a viewer may not know, no layout count, no opening, no salt."""
    view = ENGINE.view(state, viewer)
    mode = state.options.blocks
    for b in view.blocks:
        own = mode == "armed_by_owner" and b.owner == viewer
        if not own:
            assert b.live is None, (viewer, b)
        elif state.armed[viewer]:
            assert b.live is state.live[state.block_at(B.index(b.square))]
    assert view.live_left is None and view.opening is None
    if state.salt:
        assert state.salt not in json.dumps(view.model_dump(mode="json"))


@pytest.mark.parametrize("carrier_pads", [True, False])
@pytest.mark.parametrize("first", range(0, GAMES, 6))
def test_no_leak_hidden_layout(first, carrier_pads):
    """``blocks: hidden``: nobody knows; every view, list and answer ignores the layout."""
    options = BattleIslandOptions(carrier_pads=carrier_pads)
    rng = random.Random(first)
    checked = differing = 0
    for game in range(first, first + 6):
        for state in states(options, game):
            other = twin(state, rng)
            differing += other.live != state.live
            same_for(state, other, (None, 0, 1), rng)
            for viewer in (None, 0, 1):
                unknown_blocks_stay_unknown(state, viewer)
            checked += 1
    assert checked > 100 and differing > checked // 2


@pytest.mark.parametrize("first", range(0, GAMES, 6))
def test_no_leak_armed_by_owner(first):
    """``armed_by_owner``: the channel and the other seat learn nothing of an owner's arming."""
    options = BattleIslandOptions(blocks="armed_by_owner")
    rng = random.Random(first)
    checked = differing = 0
    for game in range(first, first + 6):
        for state in states(options, game):
            for owner in (0, 1):
                other = twin(state, rng, owner)
                differing += other.live != state.live
                same_for(state, other, (None, 1 - owner), rng)
            for viewer in (None, 0, 1):
                unknown_blocks_stay_unknown(state, viewer)
            checked += 1
    assert checked > 100 and differing > checked // 2


def test_twin_really_differs_and_keeps_the_seal():
    """The property is not empty: twins differ in ``live`` and salt, never in the seal or in
    what is already revealed."""
    options = BattleIslandOptions()
    rng = random.Random(0)
    for state in states(options, 7):
        other = twin(state, rng)
        assert other.seal == state.seal
        for i, b in enumerate(state.blocks):
            if b.active:
                assert other.live[i] == state.live[i]
        assert sum(other.live) == sum(state.live) == 6
        if state.phase == "play" and sum(not b.active for b in state.blocks) >= 2:
            break
    assert ENGINE.view(state, None) == ENGINE.view(other, None)


def test_owner_sees_own_armed_blocks_not_the_others():
    state = next(s for s in states(BattleIslandOptions(blocks="armed_by_owner"), 3) if s.phase == "play")
    for viewer in (0, 1):
        blocks = ENGINE.view(state, viewer).blocks
        assert all((b.live is None) == (b.owner != viewer) for b in blocks)
        other = twin(state, random.Random(1), viewer)
        if other.live != state.live:
            assert ENGINE.view(other, viewer) != ENGINE.view(state, viewer)


def test_after_the_end_everything_shows():
    rng = random.Random(5)
    seed = hashlib.sha256(b"end").digest()
    state, index = ENGINE.setup(2, BattleIslandOptions()), 0
    while True:
        state, events = resolve_chance(ENGINE, state, seed, index)
        index += sum(len(e.values) for e in events)
        if state.result is not None:
            break
        seat, move = random_action(ENGINE, state, rng)
        state = ENGINE.apply(state, seat, move)
    for viewer in (None, 0, 1):
        view = ENGINE.view(state, viewer)
        assert all(b.live is state.live[state.block_at(B.index(b.square))] for b in view.blocks)
        assert view.opening and view.live_left == sum(
            state.live[i] for i, b in enumerate(state.blocks) if not b.active
        )
