"""Ratings on the console (docs/ratings.md): ``rated:false`` makes a casual match, a rated one
shows in ``/profile`` and ``/leaderboard``."""

from __future__ import annotations

from pathlib import Path

from tests.console.test_turn_flow import console

PLAY = "as bob: /match join\nas alice: /match start\nas bob: /match resign\n"


async def test_a_rated_match_shows_in_profile_and_leaderboard(tmp_path: Path) -> None:
    text = await console(
        PLAY + "as carol: /profile user:bob\nas carol: /leaderboard game:heroes_cities\n",
        tmp_path,
        start="as alice: /match create game:heroes_cities opponent:bob\n",
    )
    assert "alice: rating 1662? (+162)" in text and "bob: rating 1338? (-162)" in text
    assert "rating 1338? (deviation 290), 1 played — 0 won, 0 drawn, 1 lost" in text
    assert "1. alice: 1662? ±290, 1-0-0" in text and "2. bob: 1338? ±290, 0-0-1" in text


async def test_a_casual_match_changes_no_rating(tmp_path: Path) -> None:
    text = await console(
        PLAY + "as alice: /profile\nas alice: /leaderboard game:heroes_cities\n",
        tmp_path,
        start="as alice: /match create game:heroes_cities opponent:bob rated:false\n",
    )
    assert "A casual match: its end changes no rating." in text
    assert "rating 16" not in text
    assert "alice has played no rated match on this server yet." in text
    assert "Nobody has played a rated match of Heroes & Cities" in text
