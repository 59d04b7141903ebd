"""Differential secret tests at the fake-Discord boundary, shared by the games with hidden facts.

The same match is played twice through the real discord.py against the fake Discord, identical
except for one hidden fact (Alice's back-numbers, where the bombs lie). Everything Bob and the
channel can read must then be the same in both runs: message text, embeds, components, flags,
image bytes, and the answers to what Bob can probe with (autocomplete, refused moves, history,
export, verify, status, the board, /view). Alice's own DMs are returned too, so a test can show
that it does see a difference where one is allowed.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.clock import ManualClock
from bot.discord_app.client import ScheidsBot
from tests.bot.conftest import SEED, START
from tests.fakediscord import DiscordHarness, FakeDiscord

PROBES = ("match history", "match export", "match verify", "match status")
"""Commands Bob runs after the moves (then Carol's /board and Bob's /view)."""


@dataclass(frozen=True)
class Seen:
    bob: list[tuple]
    """Every message Bob can read (channel and his DMs), as ``digest`` tuples."""
    alice_dms: list[tuple]
    extras: list[Any]
    """Bob's autocomplete answers, in order."""


def digest(message: Any, mask: re.Pattern[str] | None = None) -> tuple:
    """What a reader sees of a message: kind, text, embeds, components, flags, image bytes; text
    matching ``mask`` (a published seal, different by design) replaced by ``<seal>``."""

    def hide(text: str) -> str:
        return mask.sub("<seal>", text) if mask is not None else text

    return (
        message.kind,
        hide(message.content or ""),
        hide(repr(message.embeds)),
        repr(message.components),
        message.ephemeral,
        tuple(hashlib.sha256(a.data).hexdigest() for a in message.attachments),
    )


async def play_match(
    tmp_path: Path,
    name: str,
    game: str,
    options: dict[str, Any],
    moves: Sequence[tuple[str, str, str]],
    *,
    bob_types: Sequence[str],
    bob_completes: Sequence[str],
    mask: re.Pattern[str] | None = None,
) -> Seen:
    """Alice creates ``game`` with ``options`` against Bob, both join and start; ``moves`` are
    ``(player, command, text)`` with player ``alice`` or ``bob`` and command ``move`` or ``setup``.
    Then Bob asks autocomplete for each of ``bob_completes``, types each of ``bob_types``, runs
    ``PROBES``; Carol asks for the board and Bob for his view."""
    async with FakeDiscord() as fake:
        bot = ScheidsBot(str(tmp_path / f"{name}.sqlite3"), clock=ManualClock(START), seed_source=lambda: SEED)
        async with DiscordHarness(bot, fake) as h:
            users = {"alice": h.alice, "bob": h.bob}
            await h.slash(f"match create {game}", {"opponent": h.bob, **options}, user=h.alice)
            await h.slash("match join", user=h.bob)
            await h.slash("match start", user=h.alice)
            for player, command, text in moves:
                await h.slash(command, {"text": text}, user=users[player])
            extras = [await h.autocomplete("move", {"text": typed}, focused="text", user=h.bob) for typed in bob_completes]
            for text in bob_types:
                await h.slash("move", {"text": text}, user=h.bob)
            for command in PROBES:
                await h.slash(command, user=h.bob)
            await h.slash("board", user=h.carol)
            await h.slash("view", user=h.bob)
            seen = Seen(
                bob=[digest(m, mask) for m in fake.visible_to(h.bob["id"])],
                alice_dms=[digest(m, mask) for m in fake.dms(h.alice["id"])],
                extras=extras,
            )
            assert not fake.unhandled
            return seen
