"""Masters Victory's back-numbers never reach the channel or the opponent.

A differential test at the fake-Discord boundary (tests/bot_discord/differential.py): the same
match is played twice, identical except for the order of Alice's back-numbers. Everything Bob
(or anyone in the channel) can read — message text, embeds, components, images, history,
autocomplete, error messages, the refused export, verify — must be byte-for-byte the same in both runs. Had any of Alice's hidden numbers
leaked, the two runs would differ. Alice's own DMs must differ (she does see her numbers).
"""

from __future__ import annotations

from pathlib import Path

from tests.bot_discord.differential import Seen, play_match

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


async def play(tmp_path: Path, alice_setup: str) -> Seen:
    moves = [("alice", "setup", alice_setup), ("bob", "setup", BOB_SETUP)]
    moves += [(user, "move", text) for user, text in opening_moves()]
    # What Bob can do to probe: autocomplete, a wrong move, history, export, status, board.
    return await play_match(
        tmp_path, alice_setup[-8:], "masters_victory", {}, moves, bob_types=("a1-a2", "b3xc3"), bob_completes=("", "a")
    )


async def test_nothing_bob_can_read_depends_on_alices_numbers(tmp_path):
    assert len(opening_moves()) >= 6, "the example should open with a few quiet moves"
    a = await play(tmp_path, SETUP_A)
    b = await play(tmp_path, SETUP_B)
    assert len(a.bob) > 10
    assert a.bob == b.bob
    assert a.extras == b.extras
    # The test can see a difference where one is allowed: Alice's own DMs show her numbers.
    assert a.alice_dms != b.alice_dms
