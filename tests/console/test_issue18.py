"""At the console: the README's `/setup text:` works, a move's text is the rest of the
line, `/help` lists the games, `/rules`, no Discord markdown in what is printed, option errors in
our words, and thread names that stay free after a restart."""

from __future__ import annotations

from pathlib import Path

from bot.console.commands import parse_line
from engines.registry import ENGINES
from tests.console.test_bad_input import console

MV_START = (
    "as alice: /match create game:masters_victory opponent:bob\n"
    "as bob: /match join\n"
    "as alice: /match start\n"
)


async def test_setup_is_written_as_the_readme_says(tmp_path):
    """README: "each player first sends a secret setup (`/setup random`)"."""
    text = await console(MV_START + "as alice: /setup random\nas bob: /setup setup f11223m t11223m s11223m\n", tmp_path)
    assert "unexpected words" not in text and "unknown command" not in text
    assert text.count(" made a secret move.") == 2
    assert "[alice, only you] Recorded, seen only by you: `setup random`." in text
    assert "[bob, only you] Recorded, seen only by you: `setup f11223m t11223m s11223m`." in text


def test_a_move_text_is_the_rest_of_the_line_with_or_without_text():
    for line in ("/move text:move 3 inf Caucasus -> Ukraine", "/move move 3 inf Caucasus -> Ukraine", '/move text:"move 3 inf Caucasus -> Ukraine"'):
        assert parse_line(line).options == {"text": "move 3 inf Caucasus -> Ukraine"}, line
    assert parse_line("as bob in t1: /setup text:towers b1 f2 c3").options == {"text": "towers b1 f2 c3"}
    assert parse_line("/move").options == {"text": ""}  # answered by the engine's "write moves like"


async def test_a_spaced_move_after_text_is_played(tmp_path):
    text = await console(
        "as alice: /match create game:militakiri opponent:bob\nas bob: /match join\nas alice: /match start\n"
        "as alice: /move text:towers b1 f2 c3\n",
        tmp_path,
    )
    assert "Recorded, seen only by you: `towers b1 f2 c3`." in text


async def test_help_lists_every_game_and_rules_answer_in_the_consoles_language(tmp_path):
    text = await console("/help\nas alice: /rules game:heroes_cities topic:notation\n", tmp_path)
    for slug in ENGINES:
        assert f"- `{slug}`:" in text
    assert "/rules game:GAME [topic:TOPIC|all]" in text and "`/rules game:<game>` explains a game" in text
    assert "[alice, only you] Heroes & Cities (Helden & Steden): notation" in text
    assert "`e4=H`" in text and "**" not in text
    dutch = await console("/help\nas alice: /rules game:militakiri\n", tmp_path / "nl", language="nl")
    assert "De spellen:" in dutch and "- `battle_island`: Slag om het Eiland" in dutch
    assert "Militakiri: regels in het kort" in dutch and "Meer: vraag `/rules` opnieuw met `topic:`" in dutch
    assert "Militakiri: notatie" not in dutch  # one topic at a time; `topic:all` gives every one


async def test_games_prints_your_move_without_markdown(tmp_path):
    """`/games` printed the literal `**your move**` in the console."""
    text = await console(MV_START + "as alice: /games\n", tmp_path)
    line = next(line for line in text.splitlines() if "Masters Victory in #general:" in line)
    assert "your move" in line and "*" not in line


async def test_option_errors_name_the_option_the_value_and_what_is_allowed(tmp_path):
    text = await console(
        "as alice: /match create game:heroes_cities quiet_move_limit:abc mixed_lines:foo colour:red\n"
        "as alice: /match create game:battle_island carrier_pads:maybe soldiers:11\n",
        tmp_path,
    )
    assert "Option `mixed_lines` cannot be `foo`: choose one of `enclosed`, `whole_run`." in text
    assert "Option `quiet_move_limit` cannot be `abc`: give a whole number from 0 to 1000." in text
    assert "Heroes & Cities (Helden & Steden) has no option `colour`; its options are `mixed_lines`, `quiet_move_limit`." in text
    assert "Option `carrier_pads` cannot be `maybe`: give `true` or `false`." in text
    assert "Option `soldiers` cannot be `11`: give a whole number from 0 to 10." in text
    assert "Input should" not in text and "Extra inputs" not in text  # no pydantic English
    dutch = await console("as alice: /match create game:militakiri board:triple\n", tmp_path / "nl", language="nl")
    assert "Optie `board` kan niet `triple` zijn: kies een van `single`, `double`." in dutch


async def test_thread_names_stay_free_after_a_restart(tmp_path):
    """The console counted threads from 1 in every run, so after a restart `thread:true` met the
    live match of an earlier run's thread-1 ("already has a match") until the count got past it."""
    script = "as alice: /match create game:heroes_cities thread:true\n"
    first = await console(script + script, tmp_path)
    assert "new thread #thread-1" in first and "new thread #thread-2" in first
    again = await console(script, tmp_path)  # the same database, a new console
    assert "new thread #thread-3" in again
    assert "alice opened match #3" in again and "already has a match" not in again


async def test_options_that_do_not_fit_together_are_refused_in_the_players_language(tmp_path):
    """A check across options: Militakiri's and Slag om het Eiland's raise a catalog code (worded
    in Dutch too), never a pydantic dump (a check without a code: tests/bot/test_option_errors.py)."""
    dutch = await console(
        "as alice: /match create game:militakiri board:double time_control:10m\n"
        "as alice: /match create game:battle_island soldiers:4\n",
        tmp_path,
        language="nl",
    )
    assert "Optie `time_control` kan niet `10m` zijn op het bord double: kies een van 20m, 40m" in dutch
    assert "Een kant heeft 10 personages: soldaten + jeeps + tanks is 9, het moet 10 zijn." in dutch
    assert "Value error" not in dutch


ENGLISH_FRAME = ("only you]", "[DM to ", "(file: ", "[buttons: ", "view_pieces (")


async def test_a_dutch_console_frames_every_game_in_dutch(tmp_path):
    """`--lang nl`: a short match of each game (create, join, start, a first move, status) has no
    English in the console's own words, and the services' words are Dutch."""
    first_moves = {
        "heroes_cities": None,  # the mover's first legal move, below
        "masters_victory": "as alice: /setup text:setup random\nas bob: /setup setup random\n",
        "militakiri": "as alice: /move towers b1 f2 c3\nas bob: /move towers a12 c11 b10\n",
        "battle_island": None,
        "axis_allies": "as alice: /move buy 1 inf\n",
    }
    for number, slug in enumerate(ENGINES, start=1):
        script = (
            f"as alice in c{number}: /match create game:{slug} opponent:bob\n"
            f"as bob in c{number}: /match join\nas alice in c{number}: /match start\n"
            + (first_moves[slug] or "").replace("as alice:", f"as alice in c{number}:").replace("as bob:", f"as bob in c{number}:")
            + f"as alice in c{number}: /match status\nas bob in c{number}: /match draw\n"
        )
        text = await console(script, tmp_path / slug, language="nl")
        assert "De partij begint" in text, (slug, text)
        for english in ENGLISH_FRAME:
            assert english not in text, (slug, english)
        assert "[knoppen: " in text and "(bestand: " in text
        assert "alleen jij]" in text and "Remise aannemen (/button draw_accept)" in text
