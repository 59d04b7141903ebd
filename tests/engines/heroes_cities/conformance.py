"""Helden & Steden in the engine conformance suite (tests/engines/conformance): options that make
random play end, the proven bound, and the position string read back once per game.

Termination bound (decision 10; ``quiet_move_limit`` is our addition and off by default, so
every playout sets it): a turn that captures or promotes resets the quiet counter. At most 32
pieces ever stand on the board (8 attackers + 8 heroes per player), each capturing turn removes
at least one, so there are at most 32 capturing turns; every promotion spends a hero of a
reserve of 8 per player, so at most 16 promoting turns. So at most R = 48 resetting turns, and
between two of them (and before the first, after the last) at most L - 1 quiet turns before the
L-th one ends the game: turns <= R + (R + 1) * L.

>>> turn_bound(100)
4948
>>> sorted({(o.mixed_lines, o.quiet_move_limit) for o in map(options_for, range(4))})
[('enclosed', 100), ('whole_run', 30), ('whole_run', 100)]
"""

from __future__ import annotations

from engines.heroes_cities import HeroesCitiesOptions, HeroesCitiesState, from_position, to_position
from tests.engines.conformance.profile import Fuzz, Playouts, Profile

RESETTING_TURNS = 32 + 16


def turn_bound(limit: int) -> int:
    return RESETTING_TURNS + (RESETTING_TURNS + 1) * limit


def options_for(game: int) -> HeroesCitiesOptions:
    mixed = "whole_run" if game % 2 else "enclosed"
    limit = (100, 100, 100, 30)[game % 4]
    return HeroesCitiesOptions(mixed_lines=mixed, quiet_move_limit=limit)


def within_the_bound(engine, state: HeroesCitiesState, where: str) -> None:
    assert state.turn <= turn_bound(state.options.quiet_move_limit), f"{where}: past the proven bound"


def position_reads_back(engine, state: HeroesCitiesState) -> None:
    assert from_position(to_position(state), state.options) == state.model_copy(update={"last_move": None})


def fuzz_branches(before: HeroesCitiesState, move, after: HeroesCitiesState):
    if after.captured != before.captured:
        yield "capture"
    if after.reserve != before.reserve:
        yield "hero enters from the reserve"


PROFILE = Profile(
    playouts=(
        Playouts(
            options=options_for,
            max_steps=lambda options: turn_bound(options.quiet_move_limit),
            check_state=within_the_bound,
            check_sample=position_reads_back,
            sample_within=60,
        ),
    ),
    # The fuzz: ``pass`` is legal only when nothing else is (decision 9), which random games
    # next to never reach (the endings tests build such positions); counted when it comes.
    fuzz=Fuzz(
        not_required=("pass",),
        branches=("capture", "ended: heroes_cities.quiet_limit", "ended: heroes_cities.last_piece"),
        branches_of=fuzz_branches,
    ),
)
