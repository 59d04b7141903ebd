"""On the console: the computer takes the empty seats when the creator starts with
``computer:<level>`` (up to ``players:N``), and a wrong ``players`` is refused with what is right."""

from __future__ import annotations

from tests.console.test_turn_flow import console

FILL = (
    "as alice: /match create game:axis_allies\n"
    "as bob: /match join\n"
    "as alice: /match start players:4\n"
    "as alice: /match start computer:easy players:seven\n"
    "as alice: /match start computer:easy players:4\n"
)


async def test_match_start_fills_the_empty_seats_with_the_computer(tmp_path):
    text = await console(FILL, tmp_path, start="")
    first, rest = text.split("> as alice: /match start computer:easy players:4", 1)
    assert "give `computer:` a level" in first
    assert "players" in first.split("players:seven", 1)[1], "a players that is not a number is refused"
    assert "Computer (easy) joins" in rest and "Computer (easy) 2 joins" in rest
    assert "The match starts: Axis & Allies" in rest


async def test_a_match_against_the_computer_invites_nobody_and_a_secret_setup_says_how(tmp_path):
    """A newcomer's first minute: the computer is not asked to ``/match join`` (it sits down at
    once), and a game that opens with secret setups says how to send one, in the channel."""
    text = await console("as alice: /match create game:masters_victory opponent:computer level:easy\n", tmp_path, start="")
    assert "Computer (easy) joins" in text
    assert "you are invited" not in text and "/match join" not in text
    assert "Each player first sends a secret setup: `/setup text:setup random`" in text
