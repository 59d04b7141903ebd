"""Slag om het Eiland's hidden bombs never reach the channel or the wrong player (issue 5,
"Hidden information").

A differential test at the fake-Discord boundary, like Masters Victory's: the same match is
played twice through the real discord.py, identical except for which blocks are live. Until a
block is activated, everything Bob (or the channel) can read — texts, components, images,
history, status, board, /view, autocomplete, error messages, the refused export — must be the
same in both runs, apart from the published seal itself (a salted sha256, different by design).

- ``hidden`` (the rulebook): run B maps the same dice draw to another layout, so the dice,
  and so the whole course of play, stay the same while the bombs move.
- ``armed_by_owner``: Alice arms other blocks in run B; her own DMs must show the difference.
"""

from __future__ import annotations

import hashlib
import random
import re
from collections.abc import Callable
from pathlib import Path

from bot.clock import ManualClock
from bot.discord_app.client import ScheidsBot
from engines.battle_island import BattleIsland, BattleIslandOptions, rules
from engines.core.record import resolve_chance
from tests.bot.conftest import SEED, START
from tests.fakediscord import DiscordHarness, FakeDiscord

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


def digest(message) -> tuple:
    """What a reader sees of a message, with the published seal masked."""
    return (
        message.kind,
        DIGEST.sub("<seal>", message.content or ""),
        DIGEST.sub("<seal>", repr(message.embeds)),
        repr(message.components),
        message.ephemeral,
        tuple(hashlib.sha256(a.data).hexdigest() for a in message.attachments),
    )


async def play(tmp_path: Path, name: str, options: dict, actions: list[tuple[int, str]]) -> tuple[list, list, list]:
    async with FakeDiscord() as fake:
        bot = ScheidsBot(str(tmp_path / f"{name}.sqlite3"), clock=ManualClock(START), seed_source=lambda: SEED)
        async with DiscordHarness(bot, fake) as h:
            users = (h.alice, h.bob)
            await h.slash("match create battle_island", {"opponent": h.bob, **options}, user=h.alice)
            await h.slash("match join", user=h.bob)
            await h.slash("match start", user=h.alice)
            for seat, text in actions:
                await h.slash("move", {"text": text}, user=users[seat])
            extras = [
                await h.autocomplete("move", {"text": ""}, focused="text", user=h.bob),
                await h.autocomplete("move", {"text": "s"}, focused="text", user=h.bob),
            ]
            await h.slash("move", {"text": "shoot a1"}, user=h.bob)
            await h.slash("move", {"text": "arm a1 b2 c3"}, user=h.bob)
            await h.slash("match history", user=h.bob)
            await h.slash("match export", user=h.bob)
            await h.slash("match verify", user=h.bob)
            await h.slash("match status", user=h.bob)
            await h.slash("board", user=h.carol)
            await h.slash("view", user=h.bob)
            bob_sees = [digest(m) for m in fake.visible_to(h.bob["id"])]
            alice_dms = [digest(m) for m in fake.dms(h.alice["id"])]
            assert not fake.unhandled
            return bob_sees, alice_dms, extras


async def test_hidden_layout_never_shows_before_a_block_turns(tmp_path, monkeypatch):
    actions = quiet_game(BattleIslandOptions())
    assert sum(1 for _, t in actions if t == "roll") >= 5, "the quiet game should reach several turns"
    bob_a, alice_a, extras_a = await play(tmp_path, "a", {}, actions)
    # The same dice draw now means another layout: reversed order of the 210 layouts.
    monkeypatch.setattr(rules, "LAYOUTS", rules.LAYOUTS[::-1])
    bob_b, alice_b, extras_b = await play(tmp_path, "b", {}, actions)
    assert len(bob_a) > 30
    assert bob_a == bob_b
    assert alice_a == alice_b  # nobody knows the bombs in the rulebook's game
    assert extras_a == extras_b


async def test_armed_blocks_show_only_to_their_owner(tmp_path):
    options = BattleIslandOptions(blocks="armed_by_owner")
    actions_a = quiet_game(options, lambda own, seat: own[:3])
    actions_b = quiet_game(options, lambda own, seat: own[:3] if seat else own[2:])
    differing = [(a, b) for a, b in zip(actions_a, actions_b) if a != b]
    assert len(actions_a) == len(actions_b) and len(differing) == 1 and differing[0][0][0] == 0
    bob_a, alice_a, extras_a = await play(tmp_path, "a", {"blocks": "armed_by_owner"}, actions_a)
    bob_b, alice_b, extras_b = await play(tmp_path, "b", {"blocks": "armed_by_owner"}, actions_b)
    assert len(bob_a) > 30
    assert bob_a == bob_b
    assert extras_a == extras_b
    # The test can see a difference where one is allowed: Alice's own view shows her bombs.
    assert alice_a != alice_b
