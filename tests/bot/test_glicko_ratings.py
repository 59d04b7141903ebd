"""Glicko-2 ratings for every game (docs/ratings.md): the paper's worked example, the team method,
what never counts (casual, computer, aborted), and /profile and /leaderboard through the services."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from bot.services import glicko2
from bot.services.glicko2 import Glicko
from bot.services.people import Actor, Place, computer_actor
from bot.services.ratings import rate_match
from bot.storage.models import GlickoRow, GlickoUpdate
from tests.bot.conftest import ALICE, BOB, CAROL, PLACE, START, on_both_backends, words


def test_the_worked_example_of_glickmans_paper():
    """"Example of the Glicko-2 system": 1500/200/0.06 against 1400/30 (won), 1550/100 (lost) and
    1700/300 (lost), tau 0.5 -> r' 1464.06, RD' 151.52, sigma' 0.05999. The paper rounds mu' to
    -0.2069 before it scales back (173.7178 x -0.2069 + 1500 = 1464.06); unrounded r' is 1464.05."""
    after = glicko2.update(
        Glicko(1500, 200, 0.06), [(Glicko(1400, 30), 1.0), (Glicko(1550, 100), 0.0), (Glicko(1700, 300), 0.0)], tau=0.5
    )
    assert round((after.rating - 1500) / glicko2.SCALE, 4) == -0.2069
    assert round(after.deviation / glicko2.SCALE, 4) == 0.8722
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert after.deviation == pytest.approx(151.52, abs=0.005)
    assert after.volatility == pytest.approx(0.05999, abs=0.00001)


def rows(**ratings: tuple[float, float]) -> dict[str, GlickoRow]:
    return {
        user: GlickoRow(guild_id="g", user_id=user, game="axis_allies", name=user.title(), rating=r, deviation=d)
        for user, (r, d) in ratings.items()
    }


def test_a_team_game_rates_each_player_against_the_other_sides_composite():
    """Axis (a, b) beat the Allies (c, d, e): each Axis player won one game against one opponent
    with the Allies' mean rating and root-mean-square deviation; teammates do not play each other."""
    before = rows(a=(1600, 80), b=(1400, 200), c=(1500, 100), d=(1700, 60), e=(1300, 300))
    standings = {"a": "win", "b": "win", "c": "loss", "d": "forfeit", "e": "loss"}
    after = rate_match(before, standings)
    allies = glicko2.composite([Glicko(1500, 100), Glicko(1700, 60), Glicko(1300, 300)])
    axis = glicko2.composite([Glicko(1600, 80), Glicko(1400, 200)])
    assert (allies.rating, round(allies.deviation, 3)) == (1500, round(((100**2 + 60**2 + 300**2) / 3) ** 0.5, 3))
    expected_a = glicko2.update(Glicko(1600, 80), [(allies, 1.0)])
    expected_d = glicko2.update(Glicko(1700, 60), [(axis, 0.0)])
    assert after["a"].rating == pytest.approx(expected_a.rating) and after["a"].deviation == pytest.approx(expected_a.deviation)
    assert after["d"].rating == pytest.approx(expected_d.rating)
    assert all(after[u].rating > before[u].rating for u in "ab") and all(after[u].rating < before[u].rating for u in "cde")
    assert (after["a"].wins, after["d"].losses, after["d"].wins) == (1, 1, 0)


def test_a_draw_rates_each_player_against_everyone_else():
    before = rows(a=(1600, 80), b=(1400, 200), c=(1500, 100))
    after = rate_match(before, dict.fromkeys("abc", "draw"))
    others = glicko2.composite([Glicko(1400, 200), Glicko(1500, 100)])
    assert after["a"].rating == pytest.approx(glicko2.update(Glicko(1600, 80), [(others, 0.5)]).rating)
    assert after["a"].rating < 1600 and after["b"].rating > 1400 and after["a"].draws == 1


def test_one_match_moves_a_team_player_as_much_as_a_single_game():
    """The composite opponent: beating three players of 1500 counts as one win against 1500, not three."""
    alone = rate_match(rows(a=(1500, 350), b=(1500, 350)), {"a": "win", "b": "loss"})["a"]
    three = rate_match(rows(a=(1500, 350), b=(1500, 350), c=(1500, 350), d=(1500, 350)),
                       {"a": "win", "b": "loss", "c": "loss", "d": "loss"})["a"]
    assert three.rating == pytest.approx(alone.rating)


async def finish(h, place: Place = PLACE, *, rated: bool = True, loser: Actor = BOB) -> list:
    await h.service.create(place, ALICE, "heroes_cities", opponent=BOB, rated=rated)
    await h.service.join(place, BOB)
    await h.service.start(place, ALICE)
    return await h.service.resign(place, loser)


@on_both_backends
async def test_a_rated_end_writes_both_ratings_history_and_the_post_says_so(harness):
    ended = words(await finish(harness))
    assert "Alice: rating 1662? (+162)" in ended and "Bob: rating 1338? (-162)" in ended
    alice = await harness.repo.glicko("guild-1", "alice", "heroes_cities")
    expected = glicko2.update(Glicko(), [(Glicko(), 1.0)])
    assert alice.rating == pytest.approx(expected.rating) and alice.deviation == pytest.approx(expected.deviation)
    assert (alice.wins, alice.games) == (1, 1)
    history = await harness.repo.rating_history("guild-1", "bob", "heroes_cities", 10)
    assert [round(h.rating) for h in history] == [1338]
    # No points for a game whose rulebook keeps none.
    assert await harness.repo.ratings_of("guild-1", "alice") == []


async def test_a_second_match_rates_from_the_first_ones_result(harness):
    await finish(harness)
    await finish(harness, Place("guild-1", "chan-2", "en"), loser=ALICE)
    first = rate_match(rows(alice=(1500, 350), bob=(1500, 350)), {"alice": "win", "bob": "loss"})
    second = rate_match(first, {"alice": "loss", "bob": "win"})
    alice = await harness.repo.glicko("guild-1", "alice", "heroes_cities")
    assert alice.rating == pytest.approx(second["alice"].rating) and (alice.wins, alice.losses) == (1, 1)
    assert len(await harness.repo.rating_history("guild-1", "alice", "heroes_cities", 10)) == 2


async def test_a_casual_match_changes_no_rating(harness):
    created = words(await harness.service.create(PLACE, ALICE, "heroes_cities", opponent=BOB, rated=False))
    assert "casual match" in created
    await harness.service.join(PLACE, BOB)
    await harness.service.start(PLACE, ALICE)
    assert "casual match" in words(await harness.service.status(PLACE, CAROL))
    ended = words(await harness.service.resign(PLACE, BOB))
    assert "rating" not in ended
    assert await harness.repo.glicko("guild-1", "alice", "heroes_cities") is None
    assert "has played no rated match" in words(await harness.service.profile("guild-1", ALICE))


async def test_a_match_against_the_computer_changes_no_rating(harness):
    await harness.service.create(PLACE, ALICE, "heroes_cities", opponent=computer_actor("easy"))
    ended = words(await harness.service.resign(PLACE, ALICE))
    assert "rating" not in ended
    assert await harness.repo.glicko("guild-1", "alice", "heroes_cities") is None
    assert await harness.repo.glicko_table("guild-1", "heroes_cities", 10) == []


async def test_an_aborted_match_changes_no_rating(harness):
    await harness.service.create(PLACE, ALICE, "heroes_cities", opponent=BOB)
    await harness.service.join(PLACE, BOB)
    await harness.service.start(PLACE, ALICE)
    await harness.service.abort(PLACE, Actor("mod", "Mod", "en", is_admin=True))
    assert await harness.repo.glicko("guild-1", "alice", "heroes_cities") is None
    assert await harness.repo.rating_history("guild-1", "alice", "heroes_cities", 10) == []


async def test_the_profile_shows_rating_deviation_results_and_a_chart(harness):
    await finish(harness)
    out = await harness.service.profile("guild-1", ALICE, BOB)
    text = words(out)
    assert "Bob on this server" in text
    assert "Heroes & Cities (Helden & Steden): rating 1338? (deviation 290), 1 played — 0 won, 0 drawn, 1 lost" in text
    assert "provisional" in text
    (chart,) = out[0].attachments
    image = Image.open(io.BytesIO(chart.data))
    assert image.format == "PNG" and image.size == (560, 260)
    dutch = words(await harness.service.profile("guild-1", BOB))
    assert "rating 1338? (afwijking 290), 1 gespeeld" in dutch


async def test_the_profile_refuses_a_player_without_rated_matches(harness):
    assert "Carol has played no rated match on this server yet" in words(await harness.service.profile("guild-1", CAROL))


async def fill_table(storage_repo, players: int) -> None:
    """``players`` players rated 1000, 1010, ... on Heroes & Cities, through the repository's own
    ending transaction (one rated match each against a fixed player's row)."""
    for n in range(players):
        def set_rating(current: dict[str, GlickoRow], n=n) -> dict[str, GlickoRow]:
            row = current[f"p{n:02}"]
            return {row.user_id: row.model_copy(update={"rating": 1000 + 10 * n, "deviation": 60, "wins": 1})}

        match = await storage_repo.create_match(_new_match(f"chan-t{n}"), "Alice", START)
        await storage_repo.append(match.id, 0, [], START, status="finished",
                                  ratings=[GlickoUpdate("guild-1", "heroes_cities", match.id, {f"p{n:02}": f"P{n:02}"}, set_rating)])


def _new_match(channel: str):
    from tests.bot.test_repository_contract import new_match

    return new_match(channel)


async def test_the_leaderboard_shows_the_best_twenty_and_the_askers_place(harness):
    await fill_table(harness.repo, 25)
    out = words(await harness.service.leaderboard("guild-1", Actor("p02", "P02", "en"), "heroes_cities"))
    assert "Heroes & Cities (Helden & Steden) on this server, by rating:" in out
    assert "1. P24: 1240 ±60, 1-0-0" in out and "20. P05: 1050 ±60" in out and "21. P04" not in out
    assert out.index("20. P05") < out.index("…") < out.index("23. P02: 1020 ±60")
    assert "provisional" not in out
    top = words(await harness.service.leaderboard("guild-1", Actor("p24", "P24", "en"), "heroes_cities"))
    assert "…" not in top
    stranger = words(await harness.service.leaderboard("guild-1", CAROL, "heroes_cities"))
    assert "You have no rating in Heroes & Cities (Helden & Steden) here yet." in stranger


@on_both_backends
async def test_two_matches_of_the_same_players_ending_at_once_both_count(harness):
    """Two matches of Alice and Bob end at the same moment (the two resignations run at once): the
    second change is computed from the rows the first one wrote, so the ratings equal two matches
    rated one after the other (two processes: the repository contract test)."""
    import asyncio

    places = [Place("guild-1", f"chan-{n}", "en") for n in (1, 2)]
    for place in places:
        await harness.service.create(place, ALICE, "heroes_cities", opponent=BOB)
        await harness.service.join(place, BOB)
        await harness.service.start(place, ALICE)
    await asyncio.gather(*(harness.service.resign(place, BOB) for place in places))
    twice = rate_match(rate_match(rows(alice=(1500, 350), bob=(1500, 350)), {"alice": "win", "bob": "loss"}),
                       {"alice": "win", "bob": "loss"})
    alice = await harness.repo.glicko("guild-1", "alice", "heroes_cities")
    bob = await harness.repo.glicko("guild-1", "bob", "heroes_cities")
    assert (alice.wins, bob.losses) == (2, 2)
    assert alice.rating == pytest.approx(twice["alice"].rating) and bob.rating == pytest.approx(twice["bob"].rating)
    assert len(await harness.repo.rating_history("guild-1", "bob", "heroes_cities", 10)) == 2


async def test_a_three_player_match_rates_each_side_against_the_other(harness):
    """Axis & Allies with three players: Bob (the Axis, alone on his side) resigns, so Alice and
    Carol (the Allies) win. Each of them beat one opponent, Bob; Bob lost against their
    composite. The ending post names all three."""
    await harness.service.create(PLACE, ALICE, "axis_allies")
    await harness.service.join(PLACE, BOB)
    await harness.service.join(PLACE, CAROL)
    await harness.service.start(PLACE, ALICE)
    ended = words(await harness.service.resign(PLACE, BOB))
    expected = rate_match(rows(alice=(1500, 350), bob=(1500, 350), carol=(1500, 350)),
                          {"alice": "win", "bob": "forfeit", "carol": "win"})
    for user in ("alice", "bob", "carol"):
        row = await harness.repo.glicko("guild-1", user, "axis_allies")
        assert row.rating == pytest.approx(expected[user].rating), user
    alone = glicko2.update(Glicko(), [(Glicko(), 1.0)])
    assert expected["alice"].rating == pytest.approx(alone.rating)  # one win against Carol, not two games
    assert "Alice: rating 1662? (+162)" in ended and "Carol: rating 1662? (+162)" in ended and "Bob: rating 1338? (-162)" in ended
