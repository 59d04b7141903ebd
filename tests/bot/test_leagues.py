"""Leagues through the services: computer seats stand in for the players, games kept short by
Helden & Steden's quiet-move limit; the organizer only creates and starts."""

from __future__ import annotations

from bot.clock import ManualClock
from bot.services.delivery import ChannelPost
from bot.services.people import Actor, Place, computer_actor
from bot.services.settings import change
from bot.services.time_control import TimeControl
from bot.wiring import open_services
from tests.bot.conftest import START

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


async def test_formats_options_only_where_they_belong(tmp_path) -> None:
    services = await open_services(str(tmp_path / "db.sqlite3"), _ignore, **FAST)
    try:
        assert keys(await services.leagues.create(HALL, ORGANIZER, "heroes_cities", "ladder", rounds=3)) == [
            "league.rounds_swiss_only"]
        assert await services.repo.leagues("guild-1", ["signup"]) == []
    finally:
        await services.close()


async def test_an_axis_allies_league_plays_a_side_each_and_runs_to_its_standings(tmp_path) -> None:
    """An Axis & Allies league pairs two players a game, as every league: the first named plays
    the Allies (the two-player seating: USSR, UK and USA), the second the Axis (Germany and Japan).
    One round (``round_limit``: a draw after it unless a capital falls) keeps the computers' game
    short; two entrants keep the run to one game (an Axis & Allies game is hundreds of decisions)."""
    services = await open_services(str(tmp_path / "db.sqlite3"), _ignore, **FAST)
    try:
        await services.start()
        said = await services.leagues.create(HALL, ORGANIZER, "axis_allies", "round_robin", name="Ww2",
                                             options={"round_limit": 1})
        assert "league.created" in keys(said), keys(said)
        league_id = (await services.repo.leagues("guild-1", ["signup"]))[-1].id
        entrants = [computer_actor("easy", number) for number in (1, 2)]
        for entrant in entrants:
            await services.leagues.join(league_id, entrant)
        await services.leagues.start(HALL, ORGANIZER, league_id)
        assert await settle(services, league_id) == "finished"
        (game,) = await services.repo.league_pairings(league_id)
        match = await services.matches.book.load(game.match_id)
        assert match.row.status == "finished" and match.row.options["round_limit"] == 1
        assert [seat.user_id for seat in match.seats] == [game.first_id, game.second_id]
        assert match.state.seats == (("ussr", "uk", "usa"), ("germany", "japan"))  # Allies first, Axis second
        rows = await services.leagues.table(await services.repo.league(league_id))
        assert [row.played for row in rows] == [1, 1] and sum(row.points for row in rows) == 1
        assert {row.user_id for row in rows} == {e.user_id for e in entrants}
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


async def test_a_four_round_swiss_of_eight_runs_to_its_standings(tmp_path) -> None:
    services = await open_services(str(tmp_path / "db.sqlite3"), _ignore, **FAST)
    try:
        await services.start()
        league_id = await league_of(services, 8, "swiss", rounds=4)
        await services.leagues.start(HALL, ORGANIZER, league_id)
        assert await settle(services, league_id) == "finished"
        pairings = await services.repo.league_pairings(league_id)
        assert sorted({p.round for p in pairings}) == [1, 2, 3, 4]
        for number in (1, 2, 3, 4):
            in_round = [p for p in pairings if p.round == number]
            assert len(in_round) == 4
            assert sorted(x for p in in_round for x in (p.first_id, p.second_id)) == sorted(
                computer_actor("easy", n).user_id for n in range(1, 9))
        met = [frozenset((p.first_id, p.second_id)) for p in pairings]
        assert len(set(met)) == len(met)  # no rematch
        # Each round was paired only once the one before was decided.
        for p in pairings:
            if p.round > 1:
                before = [q for q in pairings if q.round == p.round - 1]
                ends = [(await services.repo.get_match(q.match_id)).updated_at for q in before]
                assert p.created_at >= max(ends)
        rows = await services.leagues.table(await services.repo.league(league_id))
        assert sum(row.points for row in rows) == 16 and all(row.played == 4 and row.left == 0 for row in rows)
    finally:
        await services.close()


async def test_a_withdrawn_player_forfeits_the_remaining_games(tmp_path) -> None:
    services = await open_services(str(tmp_path / "db.sqlite3"), _ignore, **FAST)
    try:
        league_id = await league_of(services, 0, "round_robin")
        people = [Actor(f"p{n}", f"Player {n}", "en") for n in range(1, 5)]
        for person in people:
            await services.leagues.join(league_id, person)
        await services.leagues.start(HALL, ORGANIZER, league_id)
        await services.leagues.idle()
        pairings = await services.repo.league_pairings(league_id)
        assert len(pairings) == 6 and all(p.match_id for p in pairings)
        # Player 1 and Player 2 finish their game: it stands after the withdrawal.
        first_game = next(p for p in pairings if {p.first_id, p.second_id} == {"p1", "p2"})
        row = await services.repo.get_match(first_game.match_id)
        winner = next(a for a in people if a.user_id == first_game.second_id)
        assert "core.result_win" in keys(await services.matches.resign(
            Place("guild-1", row.channel_id, "en"), next(a for a in people if a.user_id == first_game.first_id)))
        said = await services.leagues.withdraw(HALL, people[0])
        assert keys(said)[0] == "league.withdrew"
        await services.leagues.idle()
        assert keys(await services.leagues.withdraw(HALL, people[0])) == ["league.already_withdrawn"]
        for p in pairings:
            row = await services.repo.get_match(p.match_id)
            if "p1" in (p.first_id, p.second_id):
                assert row.status == "finished", "the withdrawn player's games are over"
        rows = {row.user_id: row for row in await services.leagues.table(await services.repo.league(league_id))}
        assert rows["p1"].withdrawn and rows["p1"].left == 0 and rows["p1"].points == (1 if winner.user_id == "p1" else 0)
        assert rows["p3"].points == 1 and rows["p4"].points == 1  # each won against Player 1 by forfeit
        assert rows["p3"].left == 2 and rows["p4"].left == 2
        assert list(rows).index("p1") == 3, "the withdrawn player stands last"
        standings_said = await services.leagues.standings(HALL, PLAYER, league_id)
        assert standings_said[0].attachments
    finally:
        await services.close()


def people(count: int) -> list[Actor]:
    return [Actor(f"p{n}", f"Player {n}", "en") for n in range(1, count + 1)]


async def test_a_ladder_challenge_within_reach_is_played_or_won_when_not_accepted(tmp_path) -> None:
    clock = ManualClock(START)
    services = await open_services(str(tmp_path / "db.sqlite3"), _ignore, clock=clock, **FAST)
    try:
        await services.leagues.create(HALL, ORGANIZER, "heroes_cities", "ladder", name="Ladder", reach=2, accept_hours=24)
        league_id = (await services.repo.leagues("guild-1", ["signup"]))[-1].id
        p1, p2, p3, p4 = people(4)
        for person in (p1, p2, p3, p4):
            await services.leagues.join(league_id, person)
        await services.leagues.start(HALL, ORGANIZER, league_id)
        await services.leagues.idle()
        assert await services.repo.league_pairings(league_id) == [], "a ladder pairs nobody by itself"
        assert keys(await services.leagues.challenge(HALL, p4, p1)) == ["league.out_of_reach"]
        assert keys(await services.leagues.challenge(HALL, p1, p3)) == ["league.out_of_reach"], "only upwards"
        assert keys(await services.leagues.challenge(HALL, p4, p2)) == ["league.challenged"]
        assert keys(await services.leagues.challenge(HALL, p3, p2)) == ["league.challenge_open"]
        assert keys(await services.leagues.accept(HALL, p1)) == ["league.no_challenge"]
        assert keys(await services.leagues.accept(HALL, p2)) == ["league.accepted"]
        await services.leagues.idle()
        (challenge,) = await services.repo.league_pairings(league_id)
        assert (challenge.first_id, challenge.second_id) == ("p2", "p4") and challenge.match_id is not None
        row = await services.repo.get_match(challenge.match_id)
        await services.matches.resign(Place("guild-1", row.channel_id, "en"), p2)
        await services.leagues.idle()
        league = await services.repo.league(league_id)
        assert [row.user_id for row in await services.leagues.table(league)] == ["p1", "p4", "p2", "p3"]
        # Player 3 challenges Player 2 (now just above), who does not answer in time.
        assert keys(await services.leagues.challenge(HALL, p3, p2)) == ["league.challenged"]
        clock.advance(hours=23)
        await services.leagues.due(clock.now())
        assert [row.user_id for row in await services.leagues.table(league)] == ["p1", "p4", "p2", "p3"]
        clock.advance(hours=2)
        assert await services.repo.next_pairing_due() is not None
        await services.leagues.due(clock.now())
        await services.leagues.idle()
        assert [row.user_id for row in await services.leagues.table(league)] == ["p1", "p4", "p3", "p2"]
        expired = (await services.repo.league_pairings(league_id))[-1]
        assert expired.outcome == {"score": [0, 1], "reason": "expired"} and expired.match_id is None
        assert keys(await services.leagues.finish(HALL, p1, league_id)) == ["league.organizers_only"]
        assert keys(await services.leagues.finish(HALL, ORGANIZER, league_id))[0] == "league.finished"
    finally:
        await services.close()


async def test_a_swiss_round_past_its_deadline_is_decided_by_an_organizer_who_does_not_play_in_it(tmp_path) -> None:
    clock = ManualClock(START)
    told: list = []

    async def deliver(deliveries) -> None:
        told.extend(deliveries)

    services = await open_services(str(tmp_path / "db.sqlite3"), deliver, clock=clock, **FAST)
    try:
        await services.leagues.create(HALL, ORGANIZER, "heroes_cities", "swiss", name="Cup", rounds=2, round_hours=24)
        league_id = (await services.repo.leagues("guild-1", ["signup"]))[-1].id
        players = people(4)
        playing_organizer = Actor("p1", "Player 1", "en", is_admin=True)
        for person in players:
            await services.leagues.join(league_id, person)
        await services.leagues.start(HALL, ORGANIZER, league_id)
        await services.leagues.idle()
        first, second = await services.repo.league_pairings(league_id)
        row = await services.repo.get_match(first.match_id)
        await services.matches.resign(Place("guild-1", row.channel_id, "en"),
                                      next(p for p in players if p.user_id == first.first_id))
        await services.leagues.idle()
        assert {p.round for p in await services.repo.league_pairings(league_id)} == {1}, "round 2 waits for round 1"
        clock.advance(hours=25)
        told.clear()
        told.extend(await services.leagues.due(clock.now()))
        overdue = [line for d in told for line in d.lines if line.key == "league.round_overdue"]
        assert [line.params["pairing"] for line in overdue] == [second.id]
        outsider = next(p for p in players if p.user_id not in (second.first_id, second.second_id))
        assert keys(await services.leagues.adjudicate(HALL, outsider, second.id, "1-0", "no moves")) == [
            "league.organizers_only"]
        inside = Actor(second.first_id, "Organizer who plays", "en", is_admin=True)
        assert keys(await services.leagues.adjudicate(HALL, inside, second.id, "1-0", "no moves")) == ["league.own_game"]
        assert playing_organizer.user_id in (first.first_id, first.second_id, second.first_id, second.second_id)
        decided = await services.leagues.adjudicate(HALL, ORGANIZER, second.id, "0-1", "no moves for a day")
        # Said where the organizer asked, and in the game's own channel, where its players are.
        assert keys(decided) == ["league.adjudicated", "league.adjudicated"]
        assert decided[1].target == ChannelPost((await services.repo.get_match(second.match_id)).channel_id)
        assert (await services.repo.get_match(second.match_id)).status == "aborted"
        await services.leagues.idle()
        pairings = await services.repo.league_pairings(league_id)
        assert {p.round for p in pairings} == {1, 2}, "the next round is paired once the last is decided"
        rows = {row.user_id: row for row in await services.leagues.table(await services.repo.league(league_id))}
        assert rows[second.second_id].points == 1 and rows[second.first_id].points == 0
    finally:
        await services.close()


async def test_an_unrated_leagues_games_are_casual_matches(tmp_path) -> None:
    # ``rated:false``: the league's matches are created casual (they change no rating), a rated
    # league's are rated.
    services = await open_services(str(tmp_path / "db.sqlite3"), _ignore, **FAST)
    try:
        for rated in (False, True):
            league_id = await league_of(services, 2, "round_robin", rated=rated)
            await services.leagues.start(HALL, ORGANIZER, league_id)
            await services.leagues.idle()
            (pairing,) = await services.repo.league_pairings(league_id)
            assert pairing.match_id is not None
            assert (await services.repo.get_match(pairing.match_id)).rated is rated
    finally:
        await services.close()


async def test_a_player_who_withdraws_before_the_start_is_not_paired(tmp_path) -> None:
    services = await open_services(str(tmp_path / "db.sqlite3"), _ignore, **FAST)
    try:
        league_id = await league_of(services, 0, "round_robin")
        p1, p2, p3, p4 = people(4)
        for person in (p1, p2, p3, p4):
            await services.leagues.join(league_id, person)
        assert keys(await services.leagues.withdraw(HALL, p4)) == ["league.withdrew"]
        started = await services.leagues.start(HALL, ORGANIZER, league_id)
        assert started[0].lines[0].params["count"] == 3
        await services.leagues.idle()
        pairings = await services.repo.league_pairings(league_id)
        # Three players: three games, and no stored bye (in a round robin sitting out is worth nothing).
        assert len(pairings) == 3 and all(p.second_id is not None for p in pairings)
        assert all("p4" not in (p.first_id, p.second_id) for p in pairings)
        rows = await services.leagues.table(await services.repo.league(league_id))
        assert [row.left for row in rows if not row.withdrawn] == [2, 2, 2] and rows[-1].user_id == "p4"
    finally:
        await services.close()


async def test_an_aborted_league_game_counts_nothing_until_an_organizer_decides_it(tmp_path) -> None:
    services = await open_services(str(tmp_path / "db.sqlite3"), _ignore, **FAST)
    try:
        league_id = await league_of(services, 0, "round_robin")
        for person in people(3):
            await services.leagues.join(league_id, person)
        await services.leagues.start(HALL, ORGANIZER, league_id)
        await services.leagues.idle()
        game = (await services.repo.league_pairings(league_id))[0]
        row = await services.repo.get_match(game.match_id)
        assert keys(await services.matches.abort(Place("guild-1", row.channel_id, "en"), ORGANIZER))[0] == "core.aborted_by"
        await services.leagues.idle()
        league = await services.repo.league(league_id)
        points = {row.user_id: (row.points, row.played, row.losses) for row in await services.leagues.table(league)}
        assert points[game.first_id] == points[game.second_id] == (0, 1, 1)  # 0-0: both lose
        said = await services.leagues.adjudicate(HALL, ORGANIZER, game.id, "draw", "aborted by mistake")
        assert keys(said) == ["league.adjudicated"]
        points = {row.user_id: (row.points, row.draws) for row in await services.leagues.table(league)}
        assert points[game.first_id] == points[game.second_id] == (0.5, 1)
        assert keys(await services.leagues.adjudicate(HALL, ORGANIZER, game.id, "1-0", "again")) == ["league.already_decided"]
    finally:
        await services.close()


async def test_a_league_game_keeps_each_players_own_language(tmp_path) -> None:
    """The games open in the league's language (the server's), but a player's DMs stay in theirs."""
    services = await open_services(str(tmp_path / "db.sqlite3"), _ignore, **FAST)
    try:
        league_id = await league_of(services, 0, "round_robin")
        dutch, english = Actor("nl-1", "Noor", "nl"), Actor("en-1", "Eve", "en")
        for person in (dutch, english):
            await services.leagues.join(league_id, person)
        await services.leagues.start(HALL, ORGANIZER, league_id)
        await services.leagues.idle()
        assert (await services.repo.user("nl-1")).language == "nl"
        (game,) = await services.repo.league_pairings(league_id)
        assert game.first_id == "nl-1" and (await services.repo.get_match(game.match_id)).language == "en"
    finally:
        await services.close()


async def test_an_organizer_withdraws_a_player_and_a_player_cannot_withdraw_another(tmp_path) -> None:
    services = await open_services(str(tmp_path / "db.sqlite3"), _ignore, **FAST)
    try:
        league_id = await league_of(services, 0, "round_robin")
        p1, p2, p3 = people(3)
        for person in (p1, p2, p3):
            await services.leagues.join(league_id, person)
        await services.leagues.start(HALL, ORGANIZER, league_id)
        await services.leagues.idle()
        assert keys(await services.leagues.withdraw(HALL, p1, league_id, p2)) == ["league.organizers_only"]
        said = await services.leagues.withdraw(HALL, ORGANIZER, league_id, p2)
        assert keys(said) == ["league.withdrew", "league.withdrawn_by"]
        await services.leagues.idle()
        rows = {row.user_id: row for row in await services.leagues.table(await services.repo.league(league_id))}
        assert rows["p2"].withdrawn and rows["p2"].left == 0 and not rows["p1"].withdrawn
    finally:
        await services.close()


async def test_a_game_that_ends_while_the_step_reads_is_told_before_the_league_finishes(tmp_path) -> None:
    """The last game ends after the step passed its pairing (a computer's move) and before it asks
    whether the league is over: the league is not finished past a result it never told."""
    told: list[str] = []

    async def deliver(deliveries) -> None:
        told.extend(keys(deliveries))

    services = await open_services(str(tmp_path / "db.sqlite3"), deliver, **FAST)
    try:
        league_id = await league_of(services, 0, "round_robin")
        first, second = people(2)
        for person in (first, second):
            await services.leagues.join(league_id, person)
        await services.leagues.start(HALL, ORGANIZER, league_id)
        await services.leagues.idle()
        (game,) = await services.repo.league_pairings(league_id)
        row = await services.repo.get_match(game.match_id)
        real_result_of = services.leagues._result_of
        reads = 0

        async def game_ends_after_the_read(*args, **kwargs):
            # The step reads every result twice: to pair (a round robin has its pairs) and to report.
            nonlocal reads
            result = await real_result_of(*args, **kwargs)
            reads += 1
            if reads == 2:
                assert result is None
                await services.matches.resign(Place("guild-1", row.channel_id, "en"), first)
            return result

        services.leagues._result_of = game_ends_after_the_read
        await services.leagues.deliver(await services.leagues.advance(league_id))
        await services.leagues.idle()
        (game,) = await services.repo.league_pairings(league_id)
        assert (await services.repo.league(league_id)).status == "finished"
        assert game.reported_at is not None and told.count("league.result") == 1 and told.count("league.finished") == 1
    finally:
        await services.close()


async def test_a_leagues_games_take_the_servers_grace(tmp_path) -> None:
    """The server's grace (``/settings``) reaches the league's matches as any new match's; the
    league's own deadline does not count as the match asking for graces of its own."""
    services = await open_services(str(tmp_path / "db.sqlite3"), _ignore, **FAST)
    try:
        await change(services.repo, "guild-1", ORGANIZER, "grace_hours", 0, START)
        league_id = await league_of(services, 0, "round_robin", time_control=TimeControl(per_move_hours=24))
        for person in people(2):
            await services.leagues.join(league_id, person)
        await services.leagues.start(HALL, ORGANIZER, league_id)
        await services.leagues.idle()
        (game,) = await services.repo.league_pairings(league_id)
        control = TimeControl.model_validate((await services.repo.get_match(game.match_id)).time_control)
        assert (control.per_move_hours, control.grace) == (24, 0)
    finally:
        await services.close()


async def test_a_league_of_a_game_the_server_turned_off_is_refused_at_its_creation(tmp_path) -> None:
    """Its matches would be refused when the league opens them: say so before anyone signs up."""
    services = await open_services(str(tmp_path / "db.sqlite3"), _ignore, **FAST)
    try:
        await change(services.repo, "guild-1", ORGANIZER, "games", ["militakiri"], START)
        said = await services.leagues.create(HALL, ORGANIZER, "heroes_cities", "round_robin")
        assert keys(said) == ["settings.game_disabled"]
        assert await services.repo.leagues("guild-1", ["signup"]) == []
    finally:
        await services.close()


async def test_a_league_is_rated_as_the_server_says_unless_its_organizer_says_otherwise(tmp_path) -> None:
    services = await open_services(str(tmp_path / "db.sqlite3"), _ignore, **FAST)
    try:
        await change(services.repo, "guild-1", ORGANIZER, "rated", False, START)
        await services.leagues.create(HALL, ORGANIZER, "heroes_cities", "round_robin", name="Casual")
        await services.leagues.create(HALL, ORGANIZER, "heroes_cities", "round_robin", name="Rated", rated=True)
        leagues = {league.name: league for league in await services.repo.leagues("guild-1", ["signup"])}
        assert leagues["Casual"].settings["rated"] is False and leagues["Rated"].settings["rated"] is True
    finally:
        await services.close()


async def test_a_league_posts_in_the_servers_language_from_its_settings(tmp_path) -> None:
    """As a match's posts do (``lifecycle.create``): the league's announcements, standings and the
    threads of its games are in the language the server chose, not its Discord language."""
    services = await open_services(str(tmp_path / "db.sqlite3"), _ignore, **FAST)
    try:
        await change(services.repo, "guild-1", ORGANIZER, "language", "nl", START)
        said = await services.leagues.create(HALL, ORGANIZER, "heroes_cities", "round_robin", name="Lente")
        assert said[0].language == "nl"
        (league,) = await services.repo.leagues("guild-1", ["signup"])
        assert league.language == "nl"
    finally:
        await services.close()


async def test_a_league_of_a_game_with_its_own_clock_keeps_the_organizers_other_time_options(tmp_path) -> None:
    """Militakiri sets its own time; the league's organizer may still say what a missed deadline
    does and that absences do not move deadlines (``vacation off``): the league's games keep those,
    with the rulebook's time, as a match created so would."""
    services = await open_services(str(tmp_path / "db.sqlite3"), _ignore, **FAST)
    try:
        given = TimeControl(vacation=False, grace=2, absent="computer")
        said = await services.leagues.create(HALL, ORGANIZER, "militakiri", "round_robin", name="Clock",
                                             time_control=given)
        assert "league.created" in keys(said), keys(said)
        league_id = (await services.repo.leagues("guild-1", ["signup"]))[-1].id
        for person in people(2):
            await services.leagues.join(league_id, person)
        await services.leagues.start(HALL, ORGANIZER, league_id)
        await services.leagues.idle()
        (game,) = await services.repo.league_pairings(league_id)
        control = TimeControl.model_validate((await services.repo.get_match(game.match_id)).time_control)
        per_move, clock = services.matches.book.engine("militakiri").time_control(
            services.matches.book.engine("militakiri").options_model())
        assert (control.vacation, control.grace, control.absent) == (False, 2, "computer")
        assert (control.per_move_hours, control.clock_minutes) == (per_move, clock)
    finally:
        await services.close()


async def test_a_league_keeps_its_game_when_the_server_turns_it_off_after_the_creation(tmp_path) -> None:
    """The server's list of games says which new matches and leagues may be made; a league made
    before the game was turned off plays its season out (its pairings were stuck unopened)."""
    services = await open_services(str(tmp_path / "db.sqlite3"), _ignore, **FAST)
    try:
        league_id = await league_of(services, 0, "round_robin")
        for person in people(3):
            await services.leagues.join(league_id, person)
        await change(services.repo, "guild-1", ORGANIZER, "games", ["militakiri"], START)
        await services.leagues.start(HALL, ORGANIZER, league_id)
        await services.leagues.idle()
        pairings = await services.repo.league_pairings(league_id)
        assert len(pairings) == 3
        for p in pairings:
            assert p.match_id is not None, "a pairing left unopened"
            assert (await services.repo.get_match(p.match_id)).status == "active"
        refused = await services.matches.create(HALL, PLAYER, "heroes_cities", None, opponent=None)
        assert keys(refused) == ["settings.game_disabled"]  # a match of its own is still refused
    finally:
        await services.close()
