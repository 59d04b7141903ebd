"""The console's player before any ``as NAME:`` has a name the messages can speak of: a start
said "you (red) is to move" and "you begins" (the turn lines are worded for a name, in the third
person, in every game and both languages)."""

from __future__ import annotations

import re

from bot.console.app import DEFAULT_USER
from tests.console.test_turn_flow import console


async def test_the_default_player_is_named_so_the_turn_lines_read_right(tmp_path):
    text = await console("/match create game:militakiri computer:easy\n", tmp_path, start="")
    assert f"Seats: {DEFAULT_USER} (red), Computer (easy) (blue)." in text
    assert f"{DEFAULT_USER} (red) is to move" in text
    # "you" takes "are", never "is" or "begins": the default player is not called "you"
    assert not re.search(r"\byou (\(\w+\) )?(is|begins)\b", text, re.IGNORECASE), text
