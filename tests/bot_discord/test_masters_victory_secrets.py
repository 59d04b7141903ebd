"""Masters Victory's back-numbers never reach the channel or the opponent (issue 3, "Secrets").

A differential test at the fake-Discord boundary: the same match is played twice, identical
except for the order of Alice's back-numbers. Everything Bob (or anyone in the channel) can
read — message text, embeds, components, images, history, autocomplete, error messages, the
refused export — must be byte-for-byte the same in both runs. Had any of Alice's hidden numbers
leaked, the two runs would differ. Alice's own DMs must differ (she does see her numbers).
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from bot.clock import ManualClock
from bot.discord_app.client import ScheidsBot
from tests.bot.conftest import SEED, START
from tests.fakediscord import DiscordHarness, FakeDiscord

ROOT = Path(__file__).resolve().parents[2]
SETUP_A = "setup f11223m t11223m s11223m"
SETUP_B = "setup f3m32211 t2113m32 s3m31122"
BOB_SETUP = "setup f11223m t11223m s11223m"


def opening_moves() -> list[tuple[str, str]]:
    """The example game's moves after the setups, up to (not including) the first attack: until a
    fight, the course of the game cannot depend on Alice's numbers."""
    moves = []
    for line in (ROOT / "examples" / "masters_victory.txt").read_text().splitlines():
        if "/move" not in line or "setup" in line:
            continue
        user, text = line.split(": /move ", 1)
        if "x" in text or text.startswith(("fire", "switch")):
            break
        moves.append((user.removeprefix("as ").strip(), text.strip()))
    return moves


def digest(message) -> tuple:
    """What a reader sees of a message: text, embeds, components, flags, image bytes."""
    return (
        message.kind,
        message.content,
        repr(message.embeds),
        repr(message.components),
        message.ephemeral,
        tuple(hashlib.sha256(a.data).hexdigest() for a in message.attachments),
    )


async def play(tmp_path: Path, alice_setup: str) -> tuple[list[tuple], list[tuple], list]:
    async with FakeDiscord() as fake:
        bot = ScheidsBot(str(tmp_path / f"{alice_setup[-8:]}.sqlite3"), clock=ManualClock(START), seed_source=lambda: SEED)
        async with DiscordHarness(bot, fake) as h:
            users = {"alice": h.alice, "bob": h.bob}
            await h.slash("match create masters_victory", {"opponent": h.bob}, user=h.alice)
            await h.slash("match join", user=h.bob)
            await h.slash("match start", user=h.alice)
            await h.slash("setup", {"text": alice_setup}, user=h.alice)
            await h.slash("setup", {"text": BOB_SETUP}, user=h.bob)
            extras = []
            for user, text in opening_moves():
                await h.slash("move", {"text": text}, user=users[user])
            # What Bob can do to probe: autocomplete, a wrong move, history, export, status, board.
            extras.append(await h.autocomplete("move", {"text": ""}, focused="text", user=h.bob))
            extras.append(await h.autocomplete("move", {"text": "a"}, focused="text", user=h.bob))
            await h.slash("move", {"text": "a1-a2"}, user=h.bob)
            await h.slash("move", {"text": "b3xc3"}, user=h.bob)
            await h.slash("match history", user=h.bob)
            await h.slash("match export", user=h.bob)
            await h.slash("match status", user=h.bob)
            await h.slash("board", user=h.carol)
            await h.slash("view", user=h.bob)
            bob_sees = [digest(m) for m in fake.visible_to(h.bob["id"])]
            alice_dms = [digest(m) for m in fake.dms(h.alice["id"])]
            assert not fake.unhandled
            return bob_sees, alice_dms, extras


async def test_nothing_bob_can_read_depends_on_alices_numbers(tmp_path):
    assert len(opening_moves()) >= 6, "the example should open with a few quiet moves"
    bob_a, alice_a, extras_a = await play(tmp_path, SETUP_A)
    bob_b, alice_b, extras_b = await play(tmp_path, SETUP_B)
    assert len(bob_a) > 10
    assert bob_a == bob_b
    assert extras_a == extras_b
    # The test can see a difference where one is allowed: Alice's own DMs show her numbers.
    assert alice_a != alice_b
