"""Leagues through the services: computer seats stand in for the players, games kept short by
Helden & Steden's quiet-move limit; the organizer only creates and starts."""

from __future__ import annotations

from bot.services.people import Actor, Place, computer_actor
from bot.wiring import open_services

FAST = {"render_workers": 0, "computer_workers": 0, "computer_delay": 0.0, "computer_seconds": 0.02}
HALL = Place("guild-1", "league-hall", "en")
ORGANIZER = Actor("org", "Olga", "en", is_admin=True)
PLAYER = Actor("pat", "Pat", "en")
SHORT = {"quiet_move_limit": 4}


async def _ignore(deliveries) -> None:
    return None


def keys(deliveries) -> list[str]:
    return [line.key for d in deliveries for line in d.lines]


async def settle(services, league_id: int, rounds: int = 400) -> str:
    """Let the computers play and the league step, until the league is over (bounded by work)."""
    for _ in range(rounds):
        await services.computer.idle()
        await services.leagues.idle()
        league = await services.repo.league(league_id)
        if league.status == "finished":
            return league.status
        if not any(not t.done() for t in services.computer._running.values()) and not services.leagues._tasks:
            await services.leagues.deliver(await services.leagues.advance(league_id))
    return (await services.repo.league(league_id)).status


async def league_of(services, entrants: int, fmt: str, **extra) -> int:
    said = await services.leagues.create(HALL, ORGANIZER, "heroes_cities", fmt, name="Spring", options=SHORT, **extra)
    assert "league.created" in keys(said), keys(said)
    league_id = (await services.repo.leagues("guild-1", ["signup"]))[-1].id
    for number in range(1, entrants + 1):
        assert "league.signed_up" in keys(await services.leagues.join(league_id, computer_actor("easy", number)))
    return league_id


async def test_a_player_cannot_create_or_start_a_league(tmp_path) -> None:
    services = await open_services(str(tmp_path / "db.sqlite3"), _ignore, **FAST)
    try:
        assert keys(await services.leagues.create(HALL, PLAYER, "heroes_cities", "swiss")) == ["league.organizers_only"]
        league_id = await league_of(services, 2, "round_robin")
        assert keys(await services.leagues.start(HALL, PLAYER, league_id)) == ["league.organizers_only"]
        assert (await services.repo.league(league_id)).status == "signup"
    finally:
        await services.close()


async def test_only_two_player_games_and_no_axis_allies_league_yet(tmp_path) -> None:
    services = await open_services(str(tmp_path / "db.sqlite3"), _ignore, **FAST)
    try:
        assert keys(await services.leagues.create(HALL, ORGANIZER, "axis_allies", "swiss")) == ["league.axis_allies_missing"]
        assert keys(await services.leagues.create(HALL, ORGANIZER, "heroes_cities", "ladder", rounds=3)) == [
            "league.rounds_swiss_only"]
        assert await services.repo.leagues("guild-1", ["signup"]) == []
    finally:
        await services.close()


async def test_a_six_player_round_robin_runs_to_its_standings(tmp_path) -> None:
    services = await open_services(str(tmp_path / "db.sqlite3"), _ignore, **FAST)
    try:
        await services.start()
        league_id = await league_of(services, 6, "round_robin")
        started = await services.leagues.start(HALL, ORGANIZER, league_id)
        assert "league.started" in keys(started)
        assert await settle(services, league_id) == "finished"
        pairings = await services.repo.league_pairings(league_id)
        assert len(pairings) == 15 and len({p.thread_id for p in pairings}) == 15
        met = {frozenset((p.first_id, p.second_id)) for p in pairings}
        assert len(met) == 15  # everyone once against everyone
        for p in pairings:
            row = await services.repo.get_match(p.match_id)
            assert row.status == "finished" and row.channel_id == p.thread_id
        said = await services.leagues.standings(HALL, ORGANIZER, league_id)
        assert said[0].attachments and said[0].attachments[0].data.startswith(b"\x89PNG")
        rows = await services.leagues.table(await services.repo.league(league_id))
        assert [row.left for row in rows] == [0] * 6 and [row.played for row in rows] == [5] * 6
        assert sum(row.points for row in rows) == 15  # one point per game, whoever took it
        assert [(row.points, row.tiebreak) for row in rows] == sorted(((r.points, r.tiebreak) for r in rows), reverse=True)
    finally:
        await services.close()
