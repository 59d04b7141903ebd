"""``check_move`` finds a setup block or placement legal without listing every legal move (the
list is 100-500 moves, each with its own check); what it finds must be exactly the list, and
what it refuses it refuses as ``apply`` does."""

from __future__ import annotations

import random

import pytest

from engines.battle_island import BattleIsland, rules
from engines.battle_island import board as B
from engines.battle_island.moves import BattleIslandMove, BlockAction, PlaceAction, ShootAction
from engines.core.errors import IllegalMoveError
from engines.core.record import resolve_chance
from tests.engines.battle_island.conformance import options_for

KINDS = ("soldier", "jeep", "tank")


def candidates() -> list[BattleIslandMove]:
    squares = [B.name(square) for square in range(B.SIZE * B.SIZE)]
    return [BlockAction(square=s) for s in squares] + [
        PlaceAction(unit=kind, square=s, facing=facing) for kind in KINDS for s in squares for facing in B.DIRECTIONS
    ] + [BlockAction(square="A1"), ShootAction(square="a1")]


def test_the_setup_shortcut_finds_exactly_the_listed_moves():
    engine, rng, every = BattleIsland(), random.Random(3), candidates()
    for game in (0, 2, 36):  # with and without carrier pads, and another army mix
        state, index = engine.setup(2, options_for(game)), 0
        while True:
            state, events = resolve_chance(engine, state, bytes(32), index)
            index += sum(len(e.values) for e in events)
            if state.phase not in ("blocks", "characters"):
                break
            for seat in (0, 1):
                listed = set(engine.legal_moves(state, seat))
                found = set()
                for move in every:
                    try:
                        if rules._listed_setup(state, seat, move):
                            found.add(move)
                    except IllegalMoveError as refused:  # the refusal apply gives
                        assert move not in listed
                        with pytest.raises(IllegalMoveError) as applied:
                            rules.apply(state, seat, move, "")
                        assert (applied.value.code, applied.value.params) == (refused.code, refused.params)
                assert found == listed, (state.phase, seat)
            seat = min(engine.to_act(state))
            state = engine.apply(state, seat, rng.choice(engine.legal_moves(state, seat)))
