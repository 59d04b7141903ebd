"""The pure parts of leagues: who plays whom, and the table derived from results."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from bot.services.league.pairing import Played, ladder_order, round_robin, swiss_round
from bot.services.league.standings import Entrant, Game, resolve, table


@pytest.mark.parametrize("count", range(2, 13))
def test_a_round_robin_meets_everyone_once_with_balanced_seats(count) -> None:
    players = [f"p{n}" for n in range(count)]
    rounds = round_robin(players)
    assert len(rounds) == (count - 1 if count % 2 == 0 else count)
    met: Counter[frozenset[str]] = Counter()
    first: Counter[str] = Counter()
    second: Counter[str] = Counter()
    for pairs in rounds:
        seen = [x for p in pairs for x in (p.first, p.second) if x is not None]
        assert sorted(seen) == sorted(players), "everyone once in every round (a bye counts)"
        for p in pairs:
            if p.second is not None:
                met[frozenset((p.first, p.second))] += 1
                first[p.first] += 1
                second[p.second] += 1
    assert len(met) == count * (count - 1) // 2 and set(met.values()) == {1}
    assert max(abs(first[p] - second[p]) for p in players) <= 1


def _play(pairs, rng: random.Random) -> list[Played]:
    return [Played(p.first, p.second, (1.0, 0.0) if p.second is None else rng.choice([(1.0, 0.0), (0.0, 1.0), (0.5, 0.5)]))
            for p in pairs]


@pytest.mark.parametrize("seed", range(20))
@pytest.mark.parametrize("count", [7, 8, 10])
def test_swiss_rounds_have_no_rematch_and_no_second_bye(seed, count) -> None:
    rng = random.Random(seed)
    players = [f"p{n}" for n in range(count)]
    games: list[Played] = []
    for _ in range(4):
        pairs = swiss_round(players, games)
        assert sorted(x for p in pairs for x in (p.first, p.second) if x is not None) == sorted(players)
        games += _play(pairs, rng)
    matches = [frozenset((g.first, g.second)) for g in games if g.second is not None]
    assert len(set(matches)) == len(matches)
    byes = [g.first for g in games if g.second is None]
    assert len(set(byes)) == len(byes) == (4 if count % 2 else 0)


def test_swiss_pairs_within_score_groups_top_half_against_bottom_half() -> None:
    players = [f"p{n}" for n in range(1, 9)]
    # Round 1 as a Swiss pairs it: 1-5, 2-6, 3-7, 4-8; the first four win.
    first = swiss_round(players, [])
    assert [{p.first, p.second} for p in first] == [{"p1", "p5"}, {"p2", "p6"}, {"p3", "p7"}, {"p4", "p8"}]
    games = [Played(p.first, p.second, (1.0, 0.0) if p.first in players[:4] else (0.0, 1.0)) for p in first]
    second = swiss_round(players, games)
    # Winners meet winners (1 against 3, 2 against 4), losers meet losers.
    assert [{p.first, p.second} for p in second] == [{"p1", "p3"}, {"p2", "p4"}, {"p5", "p7"}, {"p6", "p8"}]


def test_swiss_seats_go_to_whoever_played_second_more() -> None:
    games = [Played("a", "b", (1.0, 0.0)), Played("c", "d", (1.0, 0.0))]
    pairs = swiss_round(["a", "b", "c", "d"], games)
    for p in pairs:
        assert (p.first, p.second) in (("a", "c"), ("b", "d"), ("d", "b"), ("c", "a"))
    losers = next(p for p in pairs if {p.first, p.second} == {"b", "d"})
    assert losers.first == "b", "both played second: the higher placed plays first"


def test_a_ladder_challenger_who_wins_takes_the_place() -> None:
    players = ["a", "b", "c", "d", "e"]
    assert ladder_order(players, [Played("b", "e", (0.0, 1.0))]) == ["a", "e", "b", "c", "d"]
    assert ladder_order(players, [Played("b", "e", (1.0, 0.0))]) == players  # the defender holds
    assert ladder_order(players, [Played("b", "e", (0.5, 0.5))]) == players
    assert ladder_order(players, [Played("b", "e", None)]) == players  # not decided yet


def test_sonneborn_berger_breaks_round_robin_ties_and_buchholz_swiss_ones() -> None:
    people = [Entrant("a", "A"), Entrant("b", "B"), Entrant("c", "C"), Entrant("d", "D")]
    games = [
        Game(1, "a", "b", (1.0, 0.0)), Game(1, "c", "d", (1.0, 0.0)),
        Game(2, "a", "c", (0.0, 1.0)), Game(2, "b", "d", (0.5, 0.5)),
        Game(3, "a", "d", (1.0, 0.0)), Game(3, "b", "c", (1.0, 0.0)),
    ]
    rows = {row.user_id: row for row in table("round_robin", people, games)}
    # Points: a 2, c 2, b 1.5, d 0.5. SB of a: beat b (1.5) and d (0.5) = 2; of c: beat d and a = 2.5.
    assert (rows["a"].points, rows["c"].points, rows["b"].points, rows["d"].points) == (2, 2, 1.5, 0.5)
    assert (rows["a"].tiebreak, rows["c"].tiebreak) == (2.0, 2.5)
    assert [row.user_id for row in table("round_robin", people, games)] == ["c", "a", "b", "d"]
    swiss = {row.user_id: row for row in table("swiss", people, games)}
    # Buchholz: a met b, c, d = 1.5 + 2 + 0.5 = 4; so did everyone here.
    assert swiss["a"].tiebreak == 4.0 and swiss["d"].tiebreak == 5.5


def test_a_result_is_read_league_outcome_first_then_the_match() -> None:
    won = {"winners": [0], "reason": "heroes_cities.all_cities"}
    assert resolve("a", "b", None, "finished", won, set()) == ((1.0, 0.0), "played")
    assert resolve("a", "b", None, "finished", {"winners": [], "draw": True, "reason": "core.draw_agreed"}, set()) == (
        (0.5, 0.5), "played")
    assert resolve("a", "b", None, "finished", {"winners": [1], "reason": "core.resigned"}, set()) == ((0.0, 1.0), "forfeit")
    adjudicated = {"score": [0, 1], "reason": "adjudicated"}
    assert resolve("a", "b", adjudicated, "aborted", None, set()) == ((0.0, 1.0), "adjudicated")
    assert resolve("a", "b", None, "aborted", None, set()) == ((0.0, 0.0), "aborted")
    assert resolve("a", "b", None, "finished", won, {"a"}) == ((1.0, 0.0), "played"), "a finished game stands"
    assert resolve("a", "b", None, None, None, {"a", "b"}) == ((0.0, 0.0), "withdrawn")
    assert resolve("a", "b", None, "active", None, set()) == (None, "")
