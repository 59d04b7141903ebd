"""Points, rank status, game-set time controls and reach drawings, with a toy rated game."""

from __future__ import annotations

import pytest

from bot.services.matches import MatchService
from bot.services.people import Place
from bot.services.ratings import standing_of
from bot.services.time_control import TimeControl
from engines.core.contract import RatedGame, ReachGame, Result, TimedGame
from render import registry
from tests.bot.conftest import ALICE, BOB, PLACE, SEED, words
from tests.bot.test_private_views import ToySecrets, render_toy


class ToyRated(ToySecrets):
    """The toy game with a rulebook that keeps points like Militakiri's (win 10, draw 5, loss -5,
    never below 0 under 100 points), a 30-minute clock, and reach drawings under 200 points."""

    slug = "toy_rated"

    def rating_boards(self) -> tuple[str, ...]:
        return ("single",)

    def rating_board(self, options) -> str:
        return "single"

    def rating_change(self, board: str, standing: str, points: int) -> int:
        change = {"win": 10, "draw": 5, "loss": -5, "forfeit": -5}[standing]
        return max(change, -points) if points < 100 else change

    def rating_status(self, board: str, points: int) -> str:
        return "colours.blue" if points >= 100 else "colours.red"  # any worded code will do

    def time_control(self, options) -> tuple[float, float]:
        return (0, 30)

    def reachable_squares(self, state, seat: int, square: str) -> tuple[str, ...]:
        return (square, "b2")

    def shows_reach(self, board: str, points: int) -> bool:
        return points < 200


@pytest.fixture
def rated(harness, monkeypatch):
    monkeypatch.setitem(registry.RENDERERS, "toy_rated", render_toy)
    harness.service = MatchService(harness.repo, harness.clock, engines={"toy_rated": ToyRated()}, seed_source=lambda: SEED)
    return harness


async def play(h, place: Place = PLACE) -> None:
    await h.service.create(place, ALICE, "toy_rated", opponent=BOB)
    await h.service.join(place, BOB)
    await h.service.start(place, ALICE)
    await h.service.submit(place, ALICE, "1")
    await h.service.submit(place, BOB, "2")


def test_the_toy_is_what_the_services_look_for():
    toy = ToyRated()
    assert isinstance(toy, RatedGame) and isinstance(toy, TimedGame) and isinstance(toy, ReachGame)


def test_standings():
    lost = Result(winners=(0,), reason="x.y")
    assert [standing_of(lost, seat) for seat in (0, 1)] == ["win", "loss"]
    timed_out = Result(winners=(1,), reason="core.timeout", params={"seat": 0})
    assert standing_of(timed_out, 0) == "forfeit"


async def test_points_are_written_with_the_ending_and_starters_never_drop_below_zero(rated):
    await play(rated)
    ended = await rated.service.resign(PLACE, BOB)
    text = words(ended)
    assert "Alice: 10 points (+10)" in text and "Bob: 0 points (+0)" in text
    alice = await rated.repo.rating("guild-1", "alice", "toy_rated", "single")
    bob = await rated.repo.rating("guild-1", "bob", "toy_rated", "single")
    assert (alice.points, alice.wins, bob.points, bob.losses) == (10, 1, 0, 1)
    profile = words(await rated.service.profile("guild-1", ALICE, BOB))
    assert "Bob on this server" in profile and "0 points, red" in profile and "1 lost" in profile
    board = words(await rated.service.leaderboard("guild-1", ALICE, "toy_rated", "single"))
    assert board.index("1. Alice") < board.index("2. Bob")
    # beside the rating, as the rulebook keeps them: the points and rank status
    rated_board = words(await rated.service.leaderboard("guild-1", ALICE, "toy_rated"))
    assert "1. Alice: 1662? ±290, 1-0-0; 10 points (red)" in rated_board and "2. Bob: 1338? ±290, 0-0-1; 0 points (red)" in rated_board


async def test_an_aborted_match_counts_for_nothing(rated):
    await play(rated)
    from bot.services.people import Actor

    await rated.service.abort(PLACE, Actor("mod", "Mod", "en", is_admin=True))
    assert await rated.repo.rating("guild-1", "alice", "toy_rated", "single") is None


async def test_the_game_sets_its_clock(rated):
    await rated.service.create(PLACE, ALICE, "toy_rated")
    row = await rated.repo.live_match_in(PLACE.channel_id)
    assert row.time_control["clock_minutes"] == 30
    refused = await rated.service.create(Place("guild-1", "chan-9"), ALICE, "toy_rated", time_control=TimeControl(per_move_hours=24))
    assert "own `time_control` option" in words(refused)


async def test_reach_is_drawn_for_beginners_only(rated):
    await play(rated)
    shown = await rated.service.my_view(ALICE, place=PLACE, piece="A1")
    assert shown[0].attachments and b'"highlights"' not in shown[0].attachments[0].data  # toy view has no field
    await rated.repo.db.execute(
        "INSERT INTO ratings (guild_id, user_id, game, board, name, points) VALUES ('guild-1', 'alice', 'toy_rated', 'single', 'Alice', 250)"
    )
    hidden = await rated.service.my_view(ALICE, place=PLACE, piece="a1")
    assert "past the stage" in words(hidden) and not hidden[0].attachments


async def test_leaderboard_refuses_unknown_games_empty_tables_and_boards_of_games_without_points(harness):
    assert "keeps no points" in words(await harness.service.leaderboard("guild-1", ALICE, "heroes_cities", "small"))
    assert "Nobody has played a rated match of Heroes & Cities" in words(await harness.service.leaderboard("guild-1", ALICE, "heroes_cities"))
    assert "Unknown game" in words(await harness.service.leaderboard("guild-1", ALICE, "chess"))


async def test_no_points_against_the_computer_nor_in_a_casual_match(rated):
    """A rating never changes from a game against the computer or a casual one: the rulebook's
    points neither (docs/ratings.md)."""
    from bot.services.people import computer_actor

    await rated.service.create(PLACE, ALICE, "toy_rated", opponent=computer_actor("easy"))
    assert "points" not in words(await rated.service.resign(PLACE, ALICE))
    await rated.service.create(Place("guild-1", "chan-2"), ALICE, "toy_rated", opponent=BOB, rated=False)
    await rated.service.join(Place("guild-1", "chan-2"), BOB)
    await rated.service.start(Place("guild-1", "chan-2"), ALICE)
    assert "points" not in words(await rated.service.resign(Place("guild-1", "chan-2"), BOB))
    assert await rated.repo.ratings_of("guild-1", "alice") == []
