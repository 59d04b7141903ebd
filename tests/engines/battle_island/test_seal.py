"""The seal of the hidden block layout (decision 21): fixed by a secret chance draw at the start
(or by the owners' arming), published as ``sha256(opening)``, opened at the end; anyone can
check it against the dice."""

from __future__ import annotations

import hashlib
import random

from engines.battle_island import BattleIslandOptions
from engines.battle_island.rules import LAYOUTS, opening
from engines.core.contract import Outcome, SealingGame
from engines.core.dice import draws
from engines.core.record import resolve_chance

from .conftest import play, position, random_action, set_up


def sha(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def test_seal_fixed_at_the_start_before_anything_else(engine):
    """Default ``blocks: hidden``: the first chance node draws the layout (which 6 of the 10
    blocks, numbered in placement order, are live) and a 64-bit salt, secretly."""
    state = engine.setup(2, BattleIslandOptions())
    assert state.phase == "seal" and state.seal is None and engine.seals(state, reveal=True) == ()
    spec = engine.chance(state)
    assert (spec.kind, spec.sizes, spec.secret) == ("seal_layout", (210, 2**64), True)
    assert engine.to_act(state) == frozenset()
    sealed = engine.apply_chance(state, Outcome(kind="seal_layout", values=(17, 0xDEADBEEF)))
    assert sealed.phase == "start_roll" and sealed.blocks == ()
    assert sealed.live == tuple(b in LAYOUTS[17] for b in range(10)) and sealed.salt == "00000000deadbeef"
    assert sealed.seal == sha(opening(sealed.live, sealed.salt))
    assert engine.describe_chance(Outcome(kind="seal_layout", values=(17, 0xDEADBEEF)), state) == ("", {})


def test_seal_digest_is_sha256_of_the_opening(engine):
    state = set_up(engine, seed=bytes(range(32)))
    (seal,) = engine.seals(state, reveal=True)
    assert seal.name == "block_layout" and seal.digest == state.seal
    assert sha(seal.opening) == seal.digest
    words = seal.opening.split()
    assert words[:2] == ["battle_island", "layout"] and words[3] == "salt"
    assert len(words[2]) == 10 and words[2].count("L") == 6 and set(words[2]) == {"L", "S"}
    assert len(words[4]) == 16 and int(words[4], 16) >= 0
    assert words[2] == "".join("L" if x else "S" for x in state.live)


def test_seal_checks_against_the_dice(engine):
    """``/match verify``: the layout and salt follow from the revealed seed's draws."""
    seed = bytes(range(32))
    state = set_up(engine, seed=seed)
    layout, salt = draws(seed, 0, (len(LAYOUTS), 2**64))
    live = tuple(b in LAYOUTS[layout] for b in range(10))
    assert state.seal == sha(opening(live, f"{salt:016x}"))


def test_seal_opening_hidden_until_the_end(engine):
    """The opening is in no view and not in ``seals(reveal=False)`` while the game runs; after
    the end both show it; ``seals(reveal=True)`` (an aborted match) gives it at once."""
    state = position("Jc2n sc5s", die=3)
    (hidden,) = engine.seals(state, reveal=False)
    assert hidden.opening is None and hidden.digest == state.seal
    for viewer in (None, 0, 1):
        view = engine.view(state, viewer)
        assert view.seal == state.seal and view.opening is None
    (shown,) = engine.seals(state, reveal=True)
    assert shown.opening == opening(state.live, state.salt)
    over = play(engine, state, "shoot c2")
    assert over.result is not None
    (after,) = engine.seals(over, reveal=False)
    assert after.opening == shown.opening and sha(after.opening) == over.seal
    for viewer in (None, 0, 1):
        view = engine.view(over, viewer)
        assert view.opening == shown.opening and view.seal == state.seal
        assert all(b.live is not None for b in view.blocks)


def test_seal_never_changes_during_play(engine):
    rng = random.Random(3)
    seed = hashlib.sha256(b"seal").digest()
    state, events = resolve_chance(engine, engine.setup(2, BattleIslandOptions()), seed, 0)
    seal, index = state.seal, sum(len(e.values) for e in events)
    assert seal is not None
    while state.result is None:
        seat, move = random_action(engine, state, rng)
        state, events = resolve_chance(engine, engine.apply(state, seat, move), seed, index)
        index += sum(len(e.values) for e in events)
        assert state.seal == seal
    assert sha(engine.seals(state, reveal=False)[0].opening) == seal


def test_seal_after_arming_with_armed_by_owner(engine):
    """``armed_by_owner``: no seal until both armed; then the referee draws a salt and seals the
    owners' choices."""
    options = BattleIslandOptions(blocks="armed_by_owner")
    state = engine.setup(2, options)
    assert engine.chance(state).kind == "first_player_roll" and engine.seals(state, reveal=True) == ()
    state = set_up(engine, options, seed=bytes(range(32)))
    (seal,) = engine.seals(state, reveal=True)
    assert sha(seal.opening) == state.seal
    # placed e5 g8 b6 j7 d4 h9 c10 k3 l11 a12; red armed e5 b6 d4, blue g8 j7 h9
    assert seal.opening.split()[2] == "LLLLLLSSSS"
    (salt,) = draws(bytes(range(32)), 2, (2**64,))
    assert seal.opening.endswith(f"salt {salt:016x}")


def test_seal_none_with_all_live(engine):
    state = set_up(engine, BattleIslandOptions(blocks="all_live"))
    assert state.seal is None and engine.seals(state, reveal=True) == ()
    assert engine.view(state, None).seal is None


def test_engine_is_a_sealing_game(engine):
    assert isinstance(engine, SealingGame)
