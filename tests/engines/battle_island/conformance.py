"""Slag om het Eiland in the engine conformance suite (tests/engines/conformance).

Playouts go over every option combination: game ``g`` plays ``options_for(g)`` (the 12
combinations of ``win_at``, ``carrier_pads`` and ``blocks``, three army mixes, two quiet-turn
limits, both readings of ``shots_blocked_by_characters`` and of ``long_chains``); shots are
somewhat preferred, so games end sooner, and setup placements are drawn directly (``shortcut``).

Termination bound: a turn that ends with no character lost counts towards the quiet-turn limit
``L`` (decision 20), and at most 20 characters can be lost, so a game has at most ``21 * L``
turns. The limit is our addition and off by default (the rulebook has none), so the playouts set
it explicitly: random play has no other bound.

Hidden facts (rulebook: "Beide spelers mogen niet naar de onderkant van de obstakelblokken
kijken"; decision 21): which unactivated blocks are live, and the salt. A twin shuffles the
``live`` flags of the unactivated blocks (the number of live ones stays) under another salt and
the same published seal: with ``blocks: hidden`` nobody may tell them apart; with
``armed_by_owner`` one owner's blocks are reshuffled and the channel and the other seat may not.

>>> len({(o.win_at, o.carrier_pads, o.blocks) for o in map(options_for, range(36))})
12
>>> len({options_for(g).army for g in range(108)})
3
>>> len({(o.shots_blocked_by_characters, o.long_chains) for o in map(options_for, range(432))})
4
"""

from __future__ import annotations

import random

from engines.battle_island import BattleIsland, BattleIslandOptions
from engines.battle_island import board as B
from engines.battle_island.state import BattleIslandState
from engines.core.errors import IllegalMoveError
from tests.engines.conformance.profile import Fuzz, Playouts, Profile, Twin

MIXES = ({}, {"soldiers": 2, "jeeps": 4, "tanks": 4}, {"soldiers": 10, "jeeps": 0, "tanks": 0})


def options_for(game: int) -> BattleIslandOptions:
    combo = game % 12
    return BattleIslandOptions(
        win_at=(10, 5)[combo % 2],
        carrier_pads=bool((combo // 2) % 2 == 0),
        blocks=("hidden", "armed_by_owner", "all_live")[combo // 4],
        quiet_turn_limit=(60, 60, 25)[(game // 12) % 3],
        shots_blocked_by_characters=(game // 108) % 2 == 1,
        long_chains=(game // 216) % 2 == 1,
        **MIXES[(game // 36) % 3],
    )


def placement(engine: BattleIsland, state: BattleIslandState, seat: int, rng: random.Random):
    """In the block and character setup (100-500 legal placements each time) a random candidate
    checked by ``parse_move``: listing them all dominated the run."""
    if state.phase not in ("blocks", "characters"):
        return None
    rows = B.home_rows(seat) if state.phase == "characters" else range(B.SIZE)
    for _ in range(50):
        square = f"{rng.choice(B.FILES)}{rng.choice(rows) + 1}"
        text = f"block {square}"
        if state.phase == "characters":
            text = f"place {rng.choice(state.reserve(seat))} {square} {rng.choice(B.DIRECTIONS)}"
        try:
            return engine.parse_move(text, state, seat)
        except IllegalMoveError:
            continue
    return None


def shots_first(engine, state, seat, moves, rng: random.Random):
    sharp = [m for m in moves if m.kind == "shoot"]
    if sharp and rng.random() < 0.5:
        return rng.choice(sharp)
    return rng.choice(moves)


def within_the_bound(engine, state: BattleIslandState, where: str) -> None:
    assert state.turn <= 21 * state.options.quiet_turn_limit, f"{where}: past the bound"


def the_end_opens_the_seal(engine: BattleIsland, state: BattleIslandState) -> None:
    if state.options.blocks != "all_live":
        (opened,) = engine.seals(state, reveal=False)
        assert opened.opening is not None and engine.view(state, None).opening == opened.opening


def reshuffled(state: BattleIslandState, rng: random.Random, owner: int | None = None) -> BattleIslandState:
    """The same state with the live flags of the unactivated blocks (of ``owner`` only, when
    given) shuffled among themselves and another salt; the seal stays."""
    if not state.live:
        return state
    ids = [i for i, b in enumerate(state.blocks) if not b.active and (owner is None or b.owner == owner)]
    live = list(state.live)
    flags = [live[i] for i in ids]
    rng.shuffle(flags)
    for i, flag in zip(ids, flags, strict=True):
        live[i] = flag
    salt = f"{rng.getrandbits(64):016x}" if state.salt else ""
    return state.model_copy(update={"live": tuple(live), "salt": salt})


def twins(state: BattleIslandState, rng: random.Random) -> list[Twin]:
    if state.options.blocks == "hidden":
        return [Twin(reshuffled(state, rng), (None, 0, 1))]
    if state.options.blocks == "armed_by_owner":
        return [Twin(reshuffled(state, rng, owner), (None, 1 - owner)) for owner in (0, 1)]
    return []


def probes(state: BattleIslandState, seat: int, rng: random.Random) -> list[str]:
    """Texts a player might type that touch the blocks: shots at them and moves onto them."""
    blocks = [B.name(b.square) for b in state.blocks if not b.active]
    mine = [B.name(c.square) for c in state.characters if c.owner == seat and c.where == "island"]
    out = ["end", "roll", "move pad", "reinforce 3"]
    for _ in range(3):
        if blocks and mine:
            a, b = rng.choice(mine), rng.choice(blocks)
            out += [f"shoot {a} {b}", f"{a}-{b}", f"shoot {a}", f"block {b}", f"arm {b}"]
    return out


def fuzz_branches(before: BattleIslandState, move, after: BattleIslandState):
    lost = sum(c.where == "gone" for c in after.characters) - sum(c.where == "gone" for c in before.characters)
    if lost > 0:
        yield "character lost"
    for shown in (r for r in after.revealed if r not in before.revealed):
        yield "live block goes off" if shown.live else "dead block revealed"


PROFILE = Profile(
    playouts=(
        Playouts(
            options=options_for,
            max_steps=lambda options: 21 * options.quiet_turn_limit * 40,
            shortcut=placement,
            pick=shots_first,
            check_state=within_the_bound,
            check_final=the_end_opens_the_seal,
            sample_within=150,
        ),
    ),
    twins=twins,
    probes=probes,
    fuzz=Fuzz(
        branches=("character lost", "live block goes off", "dead block revealed", "ended: battle_island.lost_target",
                  "ended: battle_island.all_lost"),
        branches_of=fuzz_branches,
    ),
    after_probe=lambda state: (state.phase, state.step),
    secret_games=36,
)
