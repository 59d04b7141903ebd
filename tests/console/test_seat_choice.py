"""On the console: ``/match create … computer:<level> seat:<name>`` seats the creator where the
name says (a side, a power or a colour, in English or Dutch) and the computer in every other seat;
a name that is no seat of the game is refused with the names that are, and no match is made."""

from __future__ import annotations

from tests.console.test_turn_flow import console


def seats_line(text: str) -> str:
    return next(line for line in text.splitlines() if line.startswith("Seats:") or "Seats:" in line)


async def test_a_player_alone_plays_the_axis_and_the_computer_the_allies_who_begin(tmp_path):
    """The creator asks for the Axis: the computer sits in the Allies' seat (seat 0, the USSR's,
    which begins: Axis & Allies chapter 2, "De U.S.S.R. begint"), the creator plays Germany and
    Japan. (The computer's turn, then the creator's as Germany: tests/bot_discord/test_seat_choice.py.)"""
    text = await console("as alice: /match create game:axis_allies computer:easy seat:axis\n", tmp_path, start="")
    assert "The match starts: Axis & Allies" in text, text
    seats = seats_line(text)
    assert seats.index("Computer (easy)") < seats.index("alice"), seats
    assert "alice (grey: Germany, Japan)" in seats and "Computer (easy) (red: USSR, United Kingdom, United States)" in seats
    assert "Computer (easy) joins and plays red." in text
    assert "Computer (easy) (red) is to move." in text and "Round 1, USSR:" in text


async def test_a_colour_in_dutch_seats_the_creator_and_the_default_is_still_seat_zero(tmp_path):
    text = await console(
        "as alice: /match create game:militakiri computer:easy seat:blauw\n", tmp_path, start="")
    assert "alice (blue)" in seats_line(text), seats_line(text)
    plain = await console("as alice: /match create game:militakiri computer:easy\n", tmp_path / "plain", start="")
    assert "alice (red)" in seats_line(plain), seats_line(plain)


async def test_a_wrong_seat_is_refused_with_the_seats_there_are_and_no_match_is_made(tmp_path):
    text = await console(
        "as alice: /match create game:axis_allies computer:easy seat:purple\n"
        "as alice: /match create game:militakiri opponent:bob seat:blue\n"
        "as alice: /match status\n",
        tmp_path, start="",
    )
    refused, people = text.split("> as alice: /match create game:militakiri", 1)
    assert "“purple” is no seat of Axis & Allies with 2 players" in refused, refused
    assert "Allies" in refused and "Axis" in refused and "Germany" in refused
    assert "The match starts" not in text
    assert "seat:` chooses your seat against the computer" in people, people
    assert "no match" in people.split("/match status", 1)[1].lower()


async def test_a_rematch_against_the_computer_turns_the_seats_too(tmp_path):
    """The rematch turns the seats one place (two players swap): a player alone against the
    computer plays the other colour next, as two people do."""
    text = await console(
        "as alice: /match create game:heroes_cities computer:easy\n"
        "as alice: /match resign\n"
        "as alice: /button rematch\n",
        tmp_path, start="",
    )
    rematch = text.split("> as alice: /button rematch", 1)[1]
    assert "alice (blue)" in seats_line(rematch), rematch


async def test_match_start_with_the_computer_seats_the_creator_where_seat_says(tmp_path):
    """``/match start computer:<level> seat:<name>`` as ``/match create … computer: seat:`` does:
    the computer fills the empty seats, the creator plays the seat named (a power here: five
    players, each power its own seat); a wrong name is refused before the computer sits down."""
    text = await console(
        "as alice: /match create game:axis_allies\n"
        "as alice: /match start computer:easy seat:purple\n"
        "as alice: /match status\n"
        "as alice: /match start computer:easy seat:japan\n",
        tmp_path, start="",
    )
    refused, started = text.split("> as alice: /match start computer:easy seat:japan", 1)
    assert "“purple” is no seat of Axis & Allies with 5 players" in refused, refused
    assert "Computer (easy" not in refused.split("seat:purple", 1)[1], refused
    assert "The match starts: Axis & Allies" in started, started
    assert "alice (orange: Japan)" in seats_line(started), seats_line(started)
    alone = await console("as alice: /match create game:militakiri\nas alice: /match start seat:blue\n", tmp_path / "alone",
                          start="")
    assert "seat:` chooses your seat against the computer" in alone, alone


async def test_a_power_names_its_seat_in_the_match_s_own_seating(tmp_path):
    """With ``even_sides`` (four players two a side: docs/games/axis_allies.md, decision 27) Japan
    is a seat of its own, the third; ``seat:japan`` seats the creator there and the seats line
    names each seat's powers from that seating."""
    text = await console("as alice: /match create game:axis_allies computer:easy players:4 even_sides:true seat:japan\n",
                         tmp_path, start="")
    seats = seats_line(text)
    assert "alice (tan: Japan)" in seats, seats
    assert "(red: USSR, United Kingdom)" in seats and "(grey: Germany)" in seats and "(orange: United States)" in seats


async def test_a_number_of_players_the_game_has_not_is_refused_not_changed(tmp_path):
    """``players:7`` for Axis & Allies (two to five) is refused with the range, not taken for five;
    ``players:`` with people alone is refused too (they join up to the most the game allows)."""
    text = await console(
        "as alice: /match create game:axis_allies computer:easy players:7\n"
        "as alice: /match create game:axis_allies opponent:bob players:3\n"
        "as alice: /match status\n",
        tmp_path, start="",
    )
    assert "Axis & Allies is played by 2 to 5 players, so `players:7` cannot be" in text, text
    assert "give `computer:` a level" in text
    assert "The match starts" not in text and "opened match" not in text
