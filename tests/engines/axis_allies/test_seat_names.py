"""``seat_names`` (``SeatNamesGame``): the names a player chooses a seat by (``/match create …
seat:``), from the seating of chapter 2, "Welke wereldmacht wilt u zijn?" (the seats:
engines/axis_allies/economy.py ``SEATINGS``; the lost table: docs/games/axis_allies.md, decision 1)."""

from __future__ import annotations

from engines.axis_allies.engine import AxisAllies


def ids(players: int) -> list[list[str]]:
    return [[name for name, _ in AxisAllies().seat_names(players, seat)] for seat in range(players)]


def test_a_side_names_the_seat_that_plays_all_of_it_and_each_power_its_own_seat():
    assert ids(2) == [["allies", "ussr", "uk", "usa"], ["axis", "germany", "japan"]]
    assert ids(3) == [["ussr", "uk"], ["axis", "germany", "japan"], ["usa"]]
    assert ids(5) == [["ussr"], ["germany"], ["uk"], ["japan"], ["usa"]]
    for players in range(2, 6):
        named = [name for seat in ids(players) for name in seat]
        assert len(named) == len(set(named)), players
        assert sorted(n for n in named if n not in ("allies", "axis")) == sorted(["ussr", "germany", "uk", "japan", "usa"])
