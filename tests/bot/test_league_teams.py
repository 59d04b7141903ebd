"""Leagues of teams through the services: an Axis & Allies league of teams of two (the game's
``even_sides`` seating, decision 27 of docs/games/axis_allies.md), its teams formed by sign-up order
or as the organizer sets them, each team one line of the standings."""

from __future__ import annotations

import pytest

from bot.services.people import Actor, computer_actor
from bot.wiring import open_services
from tests.bot.test_leagues import FAST, HALL, ORGANIZER, PLAYER, _ignore, keys, people, settle


@pytest.fixture
async def services(tmp_path):
    """The services on a fresh database, closed after the test."""
    opened = await open_services(str(tmp_path / "db.sqlite3"), _ignore, **FAST)
    yield opened
    await opened.close()


async def team_league(services, fmt: str = "round_robin", **extra) -> int:
    said = await services.leagues.create(HALL, ORGANIZER, "axis_allies", fmt, name="Ww2", team_size=2,
                                         options={"round_limit": 1}, **extra)
    assert "league.created" in keys(said) and "league.teams_terms" in keys(said), keys(said)
    return (await services.repo.leagues("guild-1", ["signup"]))[-1].id


async def test_teams_are_formed_by_sign_up_order_and_seated_two_a_side(services) -> None:
    league_id = await team_league(services)
    players = people(4)
    for person in players:
        await services.leagues.join(league_id, person)
    said = await services.leagues.start(HALL, ORGANIZER, league_id)
    assert "league.teams_formed" in keys(said), keys(said)
    formed = next(line for d in said for line in d.lines if line.key == "league.teams_formed")
    assert formed.params["teams"] == ["Player 1 & Player 2", "Player 3 & Player 4"]
    await services.leagues.idle()
    (game,) = await services.repo.league_pairings(league_id)
    assert (game.first_id, game.second_id) in (("team:1", "team:2"), ("team:2", "team:1"))
    match = await services.matches.book.load(game.match_id)
    assert match.row.status == "active" and match.row.options["even_sides"] is True
    assert match.state.seats == (("ussr", "uk"), ("germany",), ("japan",), ("usa",))
    allies, axis = (["p1", "p2"], ["p3", "p4"]) if game.first_id == "team:1" else (["p3", "p4"], ["p1", "p2"])
    # The first-named team the Allies (seats 1 and 4), the second the Axis (Germany, Japan).
    assert [seat.user_id for seat in match.seats] == [allies[0], axis[0], axis[1], allies[1]]


async def test_the_organizer_sets_teams_and_a_player_cannot(services) -> None:
    league_id = await team_league(services)
    players = people(4)
    for person in players:
        await services.leagues.join(league_id, person)
    assert keys(await services.leagues.team(HALL, PLAYER, players[0], 1, league_id)) == ["league.organizers_only"]
    # Player 1 with Player 4; Player 2 and Player 3 left to sign-up order (together, team 2).
    assert keys(await services.leagues.team(HALL, ORGANIZER, players[0], 1, league_id)) == ["league.team_set"]
    assert keys(await services.leagues.team(HALL, ORGANIZER, players[3], 1, league_id)) == ["league.team_set"]
    assert keys(await services.leagues.team(HALL, ORGANIZER, players[1], 1, league_id)) == ["league.team_full"]
    assert keys(await services.leagues.team(HALL, ORGANIZER, Actor("x", "X", "en"), 2, league_id)) == [
        "league.player_not_signed_up"]
    said = await services.leagues.start(HALL, ORGANIZER, league_id)
    formed = next(line for d in said for line in d.lines if line.key == "league.teams_formed")
    assert formed.params["teams"] == ["Player 1 & Player 4", "Player 2 & Player 3"]
    assert keys(await services.leagues.team(HALL, ORGANIZER, players[1], 1, league_id)) == ["league.is_running"]


async def test_players_that_make_no_whole_teams_do_not_start(services) -> None:
    league_id = await team_league(services)
    players = people(6)
    for person in players[:3]:
        await services.leagues.join(league_id, person)
    assert keys(await services.leagues.start(HALL, ORGANIZER, league_id)) == ["league.too_few_teams"]
    await services.leagues.join(league_id, players[3])
    await services.leagues.join(league_id, players[4])
    assert keys(await services.leagues.start(HALL, ORGANIZER, league_id)) == ["league.teams_uneven"]
    await services.leagues.join(league_id, players[5])
    for person, number in zip(players[:3], (1, 2, 3), strict=True):  # three teams of one so far...
        await services.leagues.team(HALL, ORGANIZER, person, number, league_id)
    await services.leagues.team(HALL, ORGANIZER, players[3], 4, league_id)  # ...and a fourth
    assert keys(await services.leagues.start(HALL, ORGANIZER, league_id)) == ["league.team_short"]
    assert (await services.repo.league(league_id)).status == "signup"


async def test_teams_only_where_the_game_seats_them_and_not_on_a_ladder(services) -> None:
    said = await services.leagues.create(HALL, ORGANIZER, "heroes_cities", "round_robin", team_size=2)
    assert keys(said) == ["league.teams_not_possible"]
    said = await services.leagues.create(HALL, ORGANIZER, "axis_allies", "ladder", team_size=2)
    assert keys(said) == ["league.teams_no_ladder"]
    assert await services.repo.leagues("guild-1", ["signup"]) == []
    league_id = (await services.repo.leagues("guild-1", ["signup"]) or [None])[0]
    assert league_id is None
    await services.leagues.create(HALL, ORGANIZER, "axis_allies", "round_robin", name="Solo")
    (solo,) = await services.repo.leagues("guild-1", ["signup"])
    await services.leagues.join(solo.id, PLAYER)
    assert keys(await services.leagues.team(HALL, ORGANIZER, PLAYER, 1, solo.id)) == ["league.no_teams"]


async def test_a_four_player_axis_allies_league_of_two_teams_runs_to_the_teams_standings(services) -> None:
    """Computer seats stand in for the four players; one round (``round_limit``) keeps the game
    short. The standings are the teams': one row each, the game counted once for the team."""
    await services.start()
    league_id = await team_league(services)
    entrants = [computer_actor("easy", number) for number in range(1, 5)]
    for entrant in entrants:
        await services.leagues.join(league_id, entrant)
    await services.leagues.start(HALL, ORGANIZER, league_id)
    assert await settle(services, league_id) == "finished"
    (game,) = await services.repo.league_pairings(league_id)
    match = await services.matches.book.load(game.match_id)
    assert match.row.status == "finished" and len(match.seats) == 4
    rows = await services.leagues.table(await services.repo.league(league_id))
    assert [row.user_id for row in sorted(rows, key=lambda r: r.user_id)] == ["team:1", "team:2"]
    assert [row.played for row in rows] == [1, 1] and sum(row.points for row in rows) == 1
    names = {row.name for row in rows}
    assert names == {f"{entrants[0].name} & {entrants[1].name}", f"{entrants[2].name} & {entrants[3].name}"}


async def test_a_player_who_leaves_takes_the_team_out_and_its_game_is_resigned(services) -> None:
    league_id = await team_league(services)
    players = people(4)
    for person in players:
        await services.leagues.join(league_id, person)
    await services.leagues.start(HALL, ORGANIZER, league_id)
    await services.leagues.idle()
    assert "league.withdrew" in keys(await services.leagues.withdraw(HALL, players[1], league_id))
    await services.leagues.idle()
    await services.leagues.deliver(await services.leagues.advance(league_id))
    (game,) = await services.repo.league_pairings(league_id)
    assert (await services.repo.get_match(game.match_id)).status == "finished"
    rows = await services.leagues.table(await services.repo.league(league_id))
    left = next(row for row in rows if row.user_id == "team:1")
    other = next(row for row in rows if row.user_id == "team:2")
    assert left.withdrawn and left.points == 0 and other.points == 1
    assert (await services.repo.league(league_id)).status == "finished"


async def test_a_league_of_teams_with_a_bad_game_option_is_refused_in_words(services) -> None:
    said = await services.leagues.create(HALL, ORGANIZER, "axis_allies", "round_robin", team_size=2,
                                         options={"round_limit": "many"})
    assert keys(said) and keys(said)[0].startswith("core."), keys(said)
    assert await services.repo.leagues("guild-1", ["signup"]) == []


async def test_an_organizer_in_a_team_cannot_decide_the_teams_game(services) -> None:
    """An organizer who plays cannot adjudicate their own game: in a league of teams, a game of
    their team. Another organizer can."""
    league_id = await team_league(services)
    for person in [ORGANIZER, *people(3)]:
        await services.leagues.join(league_id, person)
    await services.leagues.start(HALL, ORGANIZER, league_id)
    await services.leagues.idle()
    (game,) = await services.repo.league_pairings(league_id)
    said = await services.leagues.adjudicate(HALL, ORGANIZER, game.id, "1-0", "test")
    assert keys(said) == ["league.own_game"]
    other = Actor("judge", "Judge", "en", is_admin=True)
    # Told here and in the game's own thread, where its players are.
    assert set(keys(await services.leagues.adjudicate(HALL, other, game.id, "draw", "agreed"))) == {"league.adjudicated"}
    rows = await services.leagues.table(await services.repo.league(league_id))
    assert sorted(row.points for row in rows) == [0.5, 0.5]


async def test_a_player_who_withdraws_before_the_start_leaves_the_team_they_were_put_in(services) -> None:
    """Else the withdrawn player would stay a member of the team, and take it out at the start."""
    league_id = await team_league(services)
    players = people(5)
    for person in players:
        await services.leagues.join(league_id, person)
    await services.leagues.team(HALL, ORGANIZER, players[0], 1, league_id)
    await services.leagues.team(HALL, ORGANIZER, players[4], 1, league_id)
    await services.leagues.withdraw(HALL, players[0], league_id)
    said = await services.leagues.start(HALL, ORGANIZER, league_id)
    formed = next(line for d in said for line in d.lines if line.key == "league.teams_formed")
    assert formed.params["teams"] == ["Player 2 & Player 5", "Player 3 & Player 4"]  # in sign-up order
    rows = await services.leagues.table(await services.repo.league(league_id))
    assert not any(row.withdrawn for row in rows)


async def test_teams_with_even_sides_turned_off_are_refused_not_overruled(services) -> None:
    said = await services.leagues.create(HALL, ORGANIZER, "axis_allies", "round_robin", team_size=2,
                                         options={"even_sides": False})
    assert keys(said) == ["league.teams_not_possible"]


async def test_a_sign_up_that_lands_while_the_teams_are_formed_is_told_it_is_not_in(services) -> None:
    """A sign-up landing between the start's reading of the players and the league's status
    turning to running is in no team: it is withdrawn at once and told so, not left in a
    league that pairs it nowhere."""
    league_id = await team_league(services)
    for person in people(4):
        await services.leagues.join(league_id, person)
    late = Actor("p5", "Player 5", "en")
    flip = services.repo.set_league_status

    async def joined_first(*args, **kwargs):
        assert await services.repo.join_league(league_id, late.user_id, late.name) == "joined"
        return await flip(*args, **kwargs)

    services.repo.set_league_status = joined_first
    said = await services.leagues.start(HALL, ORGANIZER, league_id)
    services.repo.set_league_status = flip
    late_line = next(line for d in said for line in d.lines if line.key == "league.signed_up_too_late")
    assert late_line.params["players"] == ["Player 5"]
    (entry,) = [e for e in await services.repo.league_entries(league_id) if e.user_id == "p5"]
    assert entry.team is None and entry.withdrawn_at is not None
