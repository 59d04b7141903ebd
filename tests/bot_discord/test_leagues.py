"""Leagues through the real discord.py against the fake Discord: the organizer creates and
starts; people sign up with the button (which works after a restart); each pairing plays in a
thread of its own, named after the league and the round; computer seats stand in for players
in the long runs, which end in the standings picture with no organizer action beyond the start."""

from __future__ import annotations

import re

from bot.services.people import computer_actor
from tests.fakediscord import PNG_SIGNATURE
from tests.fakediscord import payloads as P


def custom_ids(message) -> list[str]:
    return [c["custom_id"] for row in message.components for c in row.get("components", [])]


def fast(world) -> None:
    """The computer answers at once, thinking briefly, in a thread (the run is bounded by work)."""
    computer = world.bot.services.computer
    computer.delay, computer.seconds, computer.workers = 0.0, 0.02, 0


async def settle(world, league_id: int, rounds: int = 600) -> str:
    services = world.bot.services
    for _ in range(rounds):
        await services.computer.idle()
        await services.leagues.idle()
        league = await services.repo.league(league_id)
        if league.status == "finished":
            return league.status
        # What this step says is posted as the bot's own steps post it: a result it reports is
        # told here (dropping it lost an announcement whenever this step reported first).
        await services.leagues.deliver(await services.leagues.advance(league_id))
    return (await services.repo.league(league_id)).status


async def create(world, fmt: str, **options) -> tuple[int, object]:
    h = world.h
    created = await h.slash("league create", {"game": "heroes_cities", "format": fmt, "name": "Spring", **options},
                            user=h.alice, permissions=P.MANAGER_PERMISSIONS)
    assert "Spring" in created.reply.content and not created.reply.ephemeral
    league = (await world.bot.services.repo.leagues(str(h.channel["guild_id"]), ["signup"]))[-1]
    return league.id, created.reply


async def create_short(world, fmt: str, **options) -> int:
    """A league whose games stay short (Helden & Steden's quiet-move limit, given as ``options:``)."""
    league_id, _ = await create(world, fmt, options="quiet_move_limit:4", **options)
    return league_id


async def test_league_create_takes_the_games_options_as_text(world) -> None:
    league_id, _ = await create(world, "round_robin", options="quiet_move_limit:4")
    league = await world.bot.services.repo.league(league_id)
    assert league.settings["options"]["quiet_move_limit"] == 4


async def test_bad_league_options_are_refused_in_words_and_make_no_league(world) -> None:
    h = world.h
    said = []
    for text in ("quiet_move_limit:x", "colour:red", "quiet_move_limit 4", "quiet_move_limit:4 quiet_move_limit:5"):
        refused = await h.slash("league create", {"game": "heroes_cities", "format": "swiss", "options": text},
                                user=h.alice, permissions=P.MANAGER_PERMISSIONS)
        assert refused.reply.ephemeral, refused.reply.content
        said.append(refused.reply.content)
    assert "Option `quiet_move_limit` cannot be `x`" in said[0]
    assert "no option `colour`" in said[1] and "`quiet_move_limit`" in said[1]
    assert "`quiet_move_limit`" in said[2] and "name:value" in said[2]
    assert "twice" in said[3]
    assert await world.bot.services.repo.leagues(str(h.channel["guild_id"]), ["signup"]) == []


async def test_a_player_cannot_create_or_start_a_league(world) -> None:
    h = world.h
    refused = await h.slash("league create", {"game": "heroes_cities", "format": "swiss"}, user=h.bob)
    assert refused.reply.ephemeral and "organizers" in refused.reply.content
    league_id, _ = await create(world, "round_robin")
    no = await h.slash("league start", {"league": league_id}, user=h.bob)
    assert no.reply.ephemeral and "organizers" in no.reply.content
    assert (await world.bot.services.repo.league(league_id)).status == "signup"


async def test_an_axis_allies_league_seats_the_first_named_as_the_allies_in_its_thread(world) -> None:
    h, fake = world.h, world.fake
    created = await h.slash("league create", {"game": "axis_allies", "format": "round_robin", "name": "Ww2",
                                              "options": "round_limit:12"}, user=h.alice, permissions=P.MANAGER_PERMISSIONS)
    assert not created.reply.ephemeral and "Axis & Allies" in created.reply.content
    league = (await world.bot.services.repo.leagues(str(h.channel["guild_id"]), ["signup"]))[-1]
    assert league.game == "axis_allies" and league.settings["options"]["round_limit"] == 12
    button = custom_ids(created.reply)[0]
    for user in (h.bob, h.carol):
        assert "signed up" in (await h.click(button, created.reply, user=user)).reply.content
    await h.slash("league start", user=h.alice, permissions=P.MANAGER_PERMISSIONS)
    await world.bot.services.leagues.idle()
    (game,) = await world.bot.services.repo.league_pairings(league.id)
    match = await world.bot.services.matches.book.load(game.match_id)
    assert match.row.status == "active" and match.row.channel_id == game.thread_id
    assert [seat.user_id for seat in match.seats] == [game.first_id, game.second_id]
    assert match.state.seats == (("ussr", "uk", "usa"), ("germany", "japan"))  # the first named: the Allies
    assert any("The result counts for the league" in m.content for m in fake.messages(int(game.thread_id), kind="channel"))


async def test_sign_up_by_button_survives_a_restart_and_pairings_open_threads(world) -> None:
    h, fake = world.h, world.fake
    league_id, post = await create(world, "round_robin")
    button = custom_ids(post)[0]
    assert button == f"scheids:league:join:{league_id}"
    joined = await h.click(button, post, user=h.bob)
    assert "Bob" in joined.reply.content and "signed up" in joined.reply.content
    again = await h.click(button, post, user=h.bob)
    assert again.reply.ephemeral and "already" in again.reply.content
    h = await world.restart()
    for user in (h.carol, h.dave):
        assert "signed up" in (await h.click(button, user=user)).reply.content
    entries = await world.bot.services.repo.league_entries(league_id)
    assert [e.name for e in entries] == ["Bob", "Carol", "Dave"]
    started = await h.slash("league start", user=h.alice, permissions=P.MANAGER_PERMISSIONS)
    assert "has started with 3 players" in started.reply.content
    await world.bot.services.leagues.idle()  # the step opens the games in the background
    threads = fake.find_requests("POST", r"/threads$")
    assert len(threads) == 3  # three players: three games (each sits out one round)
    names = sorted(request.json["name"] for request in threads)
    assert all(re.match(r"Spring #\d+ · round ", name) for name in names)
    pairings = await world.bot.services.repo.league_pairings(league_id)
    for p in pairings:
        if p.second_id is None:
            continue
        row = await world.bot.services.repo.get_match(p.match_id)
        assert row.status == "active" and row.channel_id == p.thread_id
        assert any("The result counts for the league" in m.content for m in fake.messages(int(p.thread_id), kind="channel"))
    listed = await h.slash("league pairings", user=h.bob)
    assert listed.reply.ephemeral and "playing in <#" in listed.reply.content
    closed = await h.click(button, user=h.carol)
    assert "closed" in closed.reply.content


async def test_a_six_player_round_robin_of_computers_runs_to_its_standings(world) -> None:
    fast(world)
    h = world.h
    league_id = await create_short(world, "round_robin")
    for number in range(1, 7):
        await world.bot.services.leagues.join(league_id, computer_actor("easy", number))
    await h.slash("league start", {"league": league_id}, user=h.alice, permissions=P.MANAGER_PERMISSIONS)
    assert await settle(world, league_id) == "finished"
    assert len(world.fake.find_requests("POST", r"/threads$")) == 15
    channel_posts = [m.content for m in world.fake.messages(int(h.channel["id"]), kind="channel")]
    assert sum("Spring, round" in text for text in channel_posts) == 15  # each result told once
    assert any("Spring** is over" in text for text in channel_posts)
    shown = await h.slash("league standings", {"league": league_id}, user=h.bob)
    assert shown.reply.attachments[0].data.startswith(PNG_SIGNATURE)


async def test_a_four_round_swiss_of_eight_computers_runs_to_its_standings(world) -> None:
    fast(world)
    h = world.h
    league_id = await create_short(world, "swiss", rounds=4)
    for number in range(1, 9):
        await world.bot.services.leagues.join(league_id, computer_actor("easy", number))
    await h.slash("league start", {"league": league_id}, user=h.alice, permissions=P.MANAGER_PERMISSIONS)
    assert await settle(world, league_id) == "finished"
    pairings = await world.bot.services.repo.league_pairings(league_id)
    assert sorted({p.round for p in pairings}) == [1, 2, 3, 4] and len(pairings) == 16
    assert len(world.fake.find_requests("POST", r"/threads$")) == 16
    shown = await h.slash("league standings", user=h.bob)
    assert shown.reply.attachments[0].data.startswith(PNG_SIGNATURE)
    rows = await world.bot.services.leagues.table(await world.bot.services.repo.league(league_id))
    assert all(row.played == 4 and row.left == 0 for row in rows)


async def test_a_pairing_thread_asked_for_again_is_the_one_made_before(world) -> None:
    """After a crash between making a pairing's thread and noting it, the step asks again: the
    thread of that name under the league's channel is given back, no second one is made."""
    from bot.discord_app.league_cog import DiscordThreads

    h, fake = world.h, world.fake
    threads = DiscordThreads(world.bot)
    guild, channel = str(h.channel["guild_id"]), str(h.channel["id"])
    first = await threads.open_thread(guild, channel, "Spring · round 1 · Ann – Ben")
    await h.settle()
    again = await threads.open_thread(guild, channel, "Spring · round 1 · Ann – Ben")
    other = await threads.open_thread(guild, channel, "Spring · round 1 · Cas – Dirk")
    assert again == first and other != first
    assert len(fake.find_requests("POST", r"/threads$")) == 2


async def test_no_league_is_created_outside_a_server(world) -> None:
    h = world.h
    refused = await h.slash("league create", {"game": "heroes_cities", "format": "swiss"}, user=h.alice,
                            permissions=P.MANAGER_PERMISSIONS, channel=h.dm_channel(h.alice), raise_errors=False)
    assert refused.reply.ephemeral
    assert await world.bot.services.repo.leagues(None, ["signup"]) == []


async def test_withdrawal_through_discord_forfeits_the_remaining_games(world) -> None:
    h = world.h
    league_id, post = await create(world, "round_robin")
    button = custom_ids(post)[0]
    for user in (h.bob, h.carol, h.dave):
        await h.click(button, post, user=user)
    await h.slash("league start", user=h.alice, permissions=P.MANAGER_PERMISSIONS)
    await world.bot.services.leagues.idle()
    left = await h.slash("league withdraw", user=h.bob)
    assert "Bob has withdrawn from Spring" in left.reply.content and not left.reply.ephemeral
    await world.bot.services.leagues.idle()
    services = world.bot.services
    for p in await services.repo.league_pairings(league_id):
        if str(h.bob["id"]) in (p.first_id, p.second_id):
            assert (await services.repo.get_match(p.match_id)).status == "finished"
    channel_posts = [m.content for m in world.fake.messages(int(h.channel["id"]), kind="channel")]
    assert sum("forfeited" in text or "resigned" in text for text in channel_posts) == 2
    shown = await h.slash("league standings", user=h.carol)
    assert "Bob" in shown.reply.content and shown.reply.attachments
    rows = await services.leagues.table(await services.repo.league(league_id))
    assert rows[-1].name == "Bob" and rows[-1].withdrawn and rows[-1].left == 0


async def test_a_restart_after_a_thread_was_made_but_not_noted_makes_no_second_thread(world, monkeypatch) -> None:
    """The step dies right after Discord made a pairing's thread, before the league noted it (a
    kill): after the restart the league finds that thread by its name and plays the game there."""
    h, fake = world.h, world.fake
    league_id, post = await create(world, "round_robin")
    for user in (h.bob, h.carol):
        await h.click(custom_ids(post)[0], post, user=user)
    repo = world.bot.services.repo
    real = repo.mark_pairing

    async def dies(pairing_id, field, value):
        if field == "thread_id":
            raise SystemError("killed")
        return await real(pairing_id, field, value)

    monkeypatch.setattr(repo, "mark_pairing", dies)
    await h.slash("league start", user=h.alice, permissions=P.MANAGER_PERMISSIONS)
    await world.bot.services.leagues.idle()
    assert len(fake.find_requests("POST", r"/threads$")) == 1
    (made,) = fake.threads()
    monkeypatch.undo()
    h = await world.restart()
    await world.bot.services.leagues.idle()
    assert len(fake.find_requests("POST", r"/threads$")) == 1, "no second thread"
    (pairing,) = await world.bot.services.repo.league_pairings(league_id)
    assert pairing.thread_id == str(made["id"])
    row = await world.bot.services.repo.get_match(pairing.match_id)
    assert row.channel_id == pairing.thread_id and row.status == "active"


async def test_a_league_of_a_game_with_its_own_clock_takes_schedule_vacation_off(world) -> None:
    """``schedule:`` reaches the league's games: a game whose rulebook sets its time keeps the
    organizer's ``vacation off`` and graces, and the league's post names the rulebook's time."""
    h = world.h
    created = await h.slash("league create", {"game": "militakiri", "format": "round_robin", "name": "Clock",
                                              "schedule": "vacation off, grace 2"},
                            user=h.alice, permissions=P.MANAGER_PERMISSIONS)
    assert not created.reply.ephemeral, created.reply.content
    league = (await world.bot.services.repo.leagues(str(h.channel["guild_id"]), ["signup"]))[-1]
    control = league.settings["time_control"]
    assert (control["vacation"], control["grace"]) == (False, 2)
    assert "Time: 60 min per player" in created.reply.content  # the rulebook's clock


async def test_an_organizer_sets_axis_allies_teams_and_a_player_cannot(world) -> None:
    """A league of teams of two: Alice (organizer, playing too) puts Dave with her; Bob and Carol
    make the other team by sign-up order. The game seats the first-named team as the Allies (the
    USSR and UK, and the USA), the second as the Axis (Germany, Japan)."""
    h = world.h
    created = await h.slash("league create", {"game": "axis_allies", "format": "round_robin", "name": "Ww2",
                                              "team_size": 2, "options": "round_limit:12"},
                            user=h.alice, permissions=P.MANAGER_PERMISSIONS)
    assert not created.reply.ephemeral and "Teams of 2" in created.reply.content, created.reply.content
    league = (await world.bot.services.repo.leagues(str(h.channel["guild_id"]), ["signup"]))[-1]
    for user in (h.alice, h.bob, h.carol, h.dave):
        assert "signed up" in (await h.click(custom_ids(created.reply)[0], created.reply, user=user)).reply.content
    refused = await h.slash("league team", {"player": h.bob, "team": 1}, user=h.bob)
    assert refused.reply.ephemeral and "organizers" in refused.reply.content
    put = await h.slash("league team", {"player": h.dave, "team": 1}, user=h.alice, permissions=P.MANAGER_PERMISSIONS)
    assert "Dave is in team 1" in put.reply.content, put.reply.content
    await h.slash("league team", {"player": h.alice, "team": 1}, user=h.alice, permissions=P.MANAGER_PERMISSIONS)
    started = await h.slash("league start", user=h.alice, permissions=P.MANAGER_PERMISSIONS)
    assert "The teams: Alice & Dave, Bob & Carol." in started.reply.content, started.reply.content
    await world.bot.services.leagues.idle()
    (game,) = await world.bot.services.repo.league_pairings(league.id)
    match = await world.bot.services.matches.book.load(game.match_id)
    first, second = (("Alice", "Dave"), ("Bob", "Carol")) if game.first_id == "team:1" else (("Bob", "Carol"), ("Alice", "Dave"))
    assert [seat.name for seat in match.seats] == [first[0], second[0], second[1], first[1]]
    assert match.state.seats == (("ussr", "uk"), ("germany",), ("japan",), ("usa",))
    thread_posts = [m.content for m in world.fake.messages(int(game.thread_id), kind="channel")]
    assert any("Alice & Dave" in text and "Bob & Carol" in text for text in thread_posts)
    # The seats line names each player's powers from the match's seating (its even_sides option).
    assert any(f"{first[0]} (red: USSR, United Kingdom)" in text and f"{second[0]} (grey: Germany)" in text
               for text in thread_posts), thread_posts


async def test_a_four_player_axis_allies_league_of_two_teams_runs_to_its_standings(world) -> None:
    """Computer seats stand in for the four players (two teams of two, by sign-up order); one
    round (``round_limit``) keeps the game short. It ends in the teams' standings picture."""
    fast(world)
    h = world.h
    created = await h.slash("league create", {"game": "axis_allies", "format": "round_robin", "name": "Ww2",
                                              "team_size": 2, "options": "round_limit:1"},
                            user=h.alice, permissions=P.MANAGER_PERMISSIONS)
    assert not created.reply.ephemeral, created.reply.content
    league_id = (await world.bot.services.repo.leagues(str(h.channel["guild_id"]), ["signup"]))[-1].id
    for number in range(1, 5):
        await world.bot.services.leagues.join(league_id, computer_actor("easy", number))
    await h.slash("league start", {"league": league_id}, user=h.alice, permissions=P.MANAGER_PERMISSIONS)
    assert await settle(world, league_id) == "finished"
    assert len(world.fake.find_requests("POST", r"/threads$")) == 1
    channel_posts = [m.content for m in world.fake.messages(int(h.channel["id"]), kind="channel")]
    assert sum("Ww2, round 1" in text for text in channel_posts) == 1  # the result told once
    assert any("Ww2** is over" in text for text in channel_posts)
    shown = await h.slash("league standings", {"league": league_id}, user=h.bob)
    assert shown.reply.attachments[0].data.startswith(PNG_SIGNATURE)
    rows = await world.bot.services.leagues.table(await world.bot.services.repo.league(league_id))
    assert len(rows) == 2 and all(" & " in row.name and row.played == 1 for row in rows)
    assert sum(row.points for row in rows) == 1
