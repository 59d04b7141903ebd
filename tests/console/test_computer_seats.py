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
    assert "Each player first sends a secret setup: `/setup random`" in text


async def test_a_militakiri_start_says_how_to_send_the_tower_setup(tmp_path):
    """Militakiri opens with secret tower setups too: the start says what to send (a newcomer
    was told only "you (red) is to move"), and the examples it gives are setups the referee takes."""
    from engines.militakiri import Militakiri, MilitakiriOptions

    text = await console("as alice: /match create game:militakiri computer:easy\n", tmp_path, start="")
    assert "Each player first places their towers, in secret: `/move towers b1 f2 c3`" in text
    assert "`/rules game:militakiri topic:setup`" in text
    engine = Militakiri()
    for board, red, blue in (("single", "towers b1 f2 c3", "towers f12 d11 b10"),
                             ("double", "towers a1 e1 b2 f2 c3 g3", "towers l12 h12 k11 g11 j10 f10")):
        state = engine.setup(2, MilitakiriOptions(board=board))
        state = engine.apply(state, 0, engine.parse_move(red, state, 0))
        engine.apply(state, 1, engine.parse_move(blue, state, 1))
        step = engine.step_message(engine.setup(2, MilitakiriOptions(board=board)))
        assert step is not None and step[0] == ("militakiri.setup_step" if board == "single" else "militakiri.setup_step_double")


async def test_a_post_of_the_computers_turn_carries_no_buttons_to_act_for_it(tmp_path):
    """The computer plays the USSR first (``seat:axis``): the start's post, which leaves it to
    move, shows no "End phase" button a person could press for its seat (the whole turn through
    the fake Discord: tests/bot_discord/test_computer_opponent.py)."""
    text = await console("as alice: /match create game:axis_allies computer:easy seat:axis\n", tmp_path, start="")
    posts = text.split("\n[")
    computers = [p for p in posts if "Computer (easy) (red) is to move." in p]
    assert computers, text[-4000:]
    assert not [p for p in computers if "End phase" in p or "/button move" in p], computers
    assert all("[buttons: View my pieces" in p for p in computers)
