"""Teams, substitutes and autopilot on the console: the same services as Discord, the buttons
pressed with ``/button``."""

from __future__ import annotations

from pathlib import Path

from bot.storage.sqlite import SqliteRepository
from tests.console.test_turn_flow import console

FIVE = (
    "as alice: /match create game:axis_allies\n"
    "as bob: /match join\nas carol: /match join\nas dave: /match join\nas erin: /match join\n"
    "as alice: /match start\n"
)


async def test_a_team_decides_on_the_console(tmp_path: Path) -> None:
    text = await console(
        "as carol: /match resign\n"
        "as bob: /button team_takeover\n"
        "as erin: /button team_computer\n"
        "as erin: /match status\n",
        tmp_path,
        start=FIVE,
    )
    resigned = text[text.index("> as carol: /match resign"):text.index("> as bob: /button team_takeover")]
    assert "carol resigned, but the team plays on: alice, erin" in resigned
    assert "(/button team_takeover)" in resigned and "(/button team_concede)" in resigned
    refused = text[text.index("> as bob: /button team_takeover"):text.index("> as erin: /button team_computer")]
    assert "Only the other players of carol's team" in refused
    assert "erin chose: the computer plays the seat of carol from now on" in text


async def test_substitute_and_autopilot_on_the_console(tmp_path: Path) -> None:
    text = await console(
        "as alice: /match substitute seat:alice new:dave\n"
        "as carol: /button team_substitute offer:0:dave\n"
        "as dave: /button team_substitute offer:0:dave\n"
        "as bob: /autopilot level:easy until:nonsense\n"
        "as bob: /autopilot level:easy until:2d\n",
        tmp_path,
        start="as alice: /match create game:heroes_cities opponent:bob\nas bob: /match join\nas alice: /match start\n",
    )
    assert "alice asks dave to take over the seat of alice" in text
    assert "(/button team_substitute offer:0:dave)" in text
    assert "This seat was offered to someone else" in text
    assert "dave takes over the seat of alice" in text
    assert "`nonsense` is not a time I can read" in text
    assert "The computer (easy) plays for bob until" in text


async def test_a_substitution_and_its_reason_are_in_the_history_on_the_console(tmp_path: Path) -> None:
    """Who handed the seat on, to whom and why: in the record and in /match history; a reason
    where only an organizer gives one is refused (the console's players are no organizers)."""
    text = await console(
        "as alice: /match substitute seat:alice new:dave reason:\"moving house\"\n"
        "as dave: /button team_substitute offer:0:dave\n"
        "as carol: /match history\n"
        "as bob: /match abort reason:bored\n",
        tmp_path,
        start="as alice: /match create game:heroes_cities opponent:bob\nas bob: /match join\nas alice: /match start\n",
    )
    assert "alice asks dave to take over the seat of alice" in text and "Why: moving house" in text
    history = text[text.index("> as carol: /match history"):text.index("> as bob: /match abort")]
    assert "alice handed their seat to dave: moving house" in history, history
    assert "Only an organizer gives a reason here" in text


async def test_grace_and_absent_are_written_in_schedule_as_on_discord(tmp_path: Path) -> None:
    """Discord takes ``grace`` and ``absent`` only inside ``schedule:`` (as options of their own
    they made ``/match`` longer than Discord allows); the console reads a create line the same way,
    and answers the old spelling with the ``schedule:`` text that says the same."""
    text = await console(
        "as alice: /match create game:heroes_cities opponent:bob deadline:24h grace:2 absent:computer\n"
        "as bob in fourth: /match create game:heroes_cities deadline:24h schedule:\"weekends off\" grace:0\n"
        "as carol in other: /match create game:heroes_cities schedule:\"absent never\"\n"
        "as dave in third: /match create game:heroes_cities opponent:bob deadline:24h schedule:\"grace 3, absent computer\"\n",
        tmp_path,
        start="",
    )
    assert '`grace:2 absent:computer` is written inside `schedule:` now, as on Discord: `schedule:"grace 2, absent computer"`' in text
    assert '`schedule:"weekends off, grace 0"`' in text
    assert "`absent never` is not an option: choose one of lose, computer" in text
    assert "opened match #1" in text and "opened match #2" not in text
    repo = await SqliteRepository.open(str(tmp_path / "db.sqlite3"))
    try:
        assert [await repo.live_match_in(place) for place in ("general", "fourth", "other")] == [None, None, None]
        third = await repo.get_match(1)
        assert third.time_control == {"per_move_hours": 24.0, "clock_minutes": 0.0, "grace": 3, "absent": "computer"}
    finally:
        await repo.close()
