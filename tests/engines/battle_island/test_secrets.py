"""No view leaks which blocks are live (rulebook: "Beide spelers mogen niet naar de onderkant van
de obstakelblokken kijken"; decision 21).

The strong form (two states that differ only in the hidden flags and the salt look and answer
alike) is the engine conformance suite's (tests/engines/conformance/test_secrets.py, with the
twins of ``conformance.py``). Here: the direct form (no view holds what its viewer may not know),
the twins themselves, and what the owner and everybody at the end may see.
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Iterator

from engines.battle_island import BattleIslandOptions
from engines.battle_island import board as B
from tests.engines.conformance.playout import play

from .conformance import PROFILE, reshuffled
from .conftest import ENGINE

GAMES = 6
EVERY = 6


BOUNDED = BattleIslandOptions(quiet_turn_limit=60)


def states(options: BattleIslandOptions, game: int) -> Iterator:
    """Every ``EVERY``-th state where a seat acts in a seeded random game of the conformance
    suite's plan, from the first block to the end (random play needs the quiet-turn limit)."""
    seen: list = []
    options = options.model_copy(update={"quiet_turn_limit": options.quiet_turn_limit or 60})
    plan = dataclasses.replace(PROFILE.playouts[0], options=lambda game: options)
    play(ENGINE, plan, game, observe=lambda state, step: seen.append(state) if step % EVERY == 0 else None)
    return iter(seen)


def twin(state, rng: random.Random, owner: int | None = None):
    return reshuffled(state, rng, owner)


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


def test_no_view_holds_an_unknown_block():
    checked = 0
    for blocks in ("hidden", "armed_by_owner"):
        for game in range(GAMES):
            for state in states(BattleIslandOptions(blocks=blocks, carrier_pads=game % 2 == 0), game):
                for viewer in (None, 0, 1):
                    unknown_blocks_stay_unknown(state, viewer)
                checked += 1
    assert checked > 100


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
    plan = dataclasses.replace(PROFILE.playouts[0], options=lambda game: BOUNDED)
    state = play(ENGINE, plan, 5).state
    for viewer in (None, 0, 1):
        view = ENGINE.view(state, viewer)
        assert all(b.live is state.live[state.block_at(B.index(b.square))] for b in view.blocks)
        assert view.opening and view.live_left == sum(
            state.live[i] for i, b in enumerate(state.blocks) if not b.active
        )
