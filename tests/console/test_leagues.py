"""A league in the console: created, signed up for, started; its game in a channel of its own,
its result told and counted; a withdrawal after the end is refused."""

from __future__ import annotations

from tests.console.test_transcripts import transcript


async def test_a_two_player_round_robin_in_the_console(tmp_path):
    script = tmp_path / "script.txt"
    script.write_text(
        "as olga: /league create game:heroes_cities format:round_robin name:Club quiet_move_limit:4 rounds:2\n"
        "as olga: /league create game:heroes_cities format:round_robin name:Club quiet_move_limit:4\n"
        "as ann: /league join\n"
        "as ben: /league join league:1\n"
        "as ann: /league join\n"
        "as olga: /league start\n"
        "as olga: /league pairings\n"
        "as ann in club-1-round-1-ann-ben: /match resign\n"
        "as olga: /league standings\n"
        "as ben: /league withdraw\n"
        "/league list\n"
    )
    text = await transcript(script, tmp_path)
    assert "`rounds` is for a Swiss league only" in text
    assert "Sign up (/league join league:1)" in text
    assert "[ann] ann signed up for Club (1 players)." in text and "[ben] ben signed up for Club (2 players)." in text
    assert "You are signed up for Club already." in text
    assert "[olga] Club has started with 2 players: ann, ben." in text
    assert "[#club-1-round-1-ann-ben] Club, round 1: ann against ben." in text
    assert "1. round 1: ann – ben, playing in #club-1-round-1-ann-ben" in text
    assert "[#general] Club, round 1: ann 0–1 ben (resigned or lost on time)." in text
    assert "Club is over. The final standings:" in text
    assert "league-1-standings.png" in text
    assert "There is no league here that this fits." in text
    assert "1. Club: Heroes & Cities (Helden & Steden), round robin, finished, 2 players, in #general" in text


async def test_an_axis_allies_league_of_teams_in_the_console(tmp_path):
    """Teams of two: the organizer puts dan with ann; ben and cas make the other team by sign-up
    order. A team game needs whole teams: three players do not start."""
    script = tmp_path / "script.txt"
    script.write_text(
        "as olga: /league create game:axis_allies format:round_robin name:Ww2 team_size:2 round_limit:1\n"
        "as ann: /league join\n"
        "as ben: /league join\n"
        "as cas: /league join\n"
        "as olga: /league start\n"
        "as dan: /league join\n"
        "as olga: /league team player:dan team:1\n"
        "as olga: /league team player:ann team:1\n"
        "as olga: /league team player:ben team:1\n"
        "as olga: /league start\n"
        "as olga: /league pairings\n"
    )
    text = await transcript(script, tmp_path)
    assert "Teams of 2: formed at the start in sign-up order" in text
    assert "Ww2 needs at least two teams of 2 to start; it has 3 players." in text
    assert "dan is in team 1 (1 of 2)." in text and "ann is in team 1 (2 of 2)." in text
    assert "Team 1 is full (ann, dan; a team has 2 players)." in text
    assert "The teams: ann & dan, ben & cas." in text
    assert "ann & dan – ben & cas" in text or "ben & cas – ann & dan" in text
