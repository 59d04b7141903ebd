"""Slag om het Eiland's hidden bombs never reach the channel or the wrong player
("Hidden information").

A differential test at the fake-Discord boundary (tests/bot_discord/differential.py), like
Masters Victory's: the same match is played twice through the real discord.py, identical except
for which blocks are live. Until a block is activated, everything Bob (or the channel) can read — texts, components, images,
history, status, board, /view, autocomplete, error messages, the refused export — must be the
same in both runs, apart from the published seal itself (a salted sha256, different by design).

- ``hidden`` (the rulebook): run B maps the same dice draw to another layout, so the dice,
  and so the whole course of play, stay the same while the bombs move.
- ``armed_by_owner``: Alice arms other blocks in run B; her own DMs must show the difference.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from pathlib import Path

from engines.battle_island import BattleIsland, BattleIslandOptions, rules
from engines.core.record import resolve_chance
from tests.bot.conftest import SEED
from tests.bot_discord.differential import Seen, play_match

ENGINE = BattleIsland()
DIGEST = re.compile(r"[0-9a-f]{64}")
PLAY_ACTIONS = 40


Arming = Callable[[tuple[str, ...], int], tuple[str, ...]]
"""Which of a seat's own block squares (in placement order) it arms."""


def quiet_game(options: BattleIslandOptions, arming: Arming | None = None) -> list[tuple[int, str]]:
    """Seeded random actions with the match's dice (the same seed the bot gets), stopping before
    anything could turn a block over: shots at blocks and landings on them are skipped, so the
    course of play cannot depend on the hidden layout."""
    rng = random.Random(5)
    state = ENGINE.setup(2, options)
    state, events = resolve_chance(ENGINE, state, SEED, 0)
    draws = sum(len(e.values) for e in events)
    actions: list[tuple[int, str]] = []
    played = 0
    while played < PLAY_ACTIONS and ENGINE.result(state) is None:
        seat = min(ENGINE.to_act(state))
        legal = ENGINE.legal_moves(state, seat)
        if state.phase == "arm":
            assert arming is not None
            own = tuple(ENGINE.view(state, seat).blocks[i].square for i, b in enumerate(state.blocks) if b.owner == seat)
            move = ENGINE.parse_move("arm " + " ".join(arming(own, seat)), state, seat)
        else:
            safe = [m for m in legal if len(ENGINE.apply(state, seat, m).revealed) == len(state.revealed)]
            if not safe:
                break
            move = rng.choice(safe)
        actions.append((seat, ENGINE.format_move(move, state)))
        state = ENGINE.apply(state, seat, move)
        state, events = resolve_chance(ENGINE, state, SEED, draws)
        draws += sum(len(e.values) for e in events)
        played += state.phase == "play"
    return actions


async def play(tmp_path: Path, name: str, options: dict, actions: list[tuple[int, str]]) -> Seen:
    moves = [(("alice", "bob")[seat], "move", text) for seat, text in actions]
    return await play_match(
        tmp_path, name, "battle_island", options, moves,
        bob_types=("shoot a1", "arm a1 b2 c3"), bob_completes=("", "s"), mask=DIGEST,
    )


async def test_hidden_layout_never_shows_before_a_block_turns(tmp_path, monkeypatch):
    actions = quiet_game(BattleIslandOptions())
    assert sum(1 for _, t in actions if t == "roll") >= 5, "the quiet game should reach several turns"
    a = await play(tmp_path, "a", {}, actions)
    # The same dice draw now means another layout: reversed order of the 210 layouts.
    monkeypatch.setattr(rules, "LAYOUTS", rules.LAYOUTS[::-1])
    b = await play(tmp_path, "b", {}, actions)
    assert len(a.bob) > 30
    assert a.bob == b.bob
    assert a.alice_dms == b.alice_dms  # nobody knows the bombs in the rulebook's game
    assert a.extras == b.extras


async def test_armed_blocks_show_only_to_their_owner(tmp_path):
    options = BattleIslandOptions(blocks="armed_by_owner")
    actions_a = quiet_game(options, lambda own, seat: own[:3])
    actions_b = quiet_game(options, lambda own, seat: own[:3] if seat else own[2:])
    differing = [(a, b) for a, b in zip(actions_a, actions_b) if a != b]
    assert len(actions_a) == len(actions_b) and len(differing) == 1 and differing[0][0][0] == 0
    a = await play(tmp_path, "a", {"blocks": "armed_by_owner"}, actions_a)
    b = await play(tmp_path, "b", {"blocks": "armed_by_owner"}, actions_b)
    assert len(a.bob) > 30
    assert a.bob == b.bob
    assert a.extras == b.extras
    # The test can see a difference where one is allowed: Alice's own view shows her bombs.
    assert a.alice_dms != b.alice_dms
