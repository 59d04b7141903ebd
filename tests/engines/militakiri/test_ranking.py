"""Sections 22-26: points per result, rank status, beginner hints, and the time controls."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from engines.militakiri import MilitakiriOptions
from engines.militakiri.ranking import (
    BEGINNELING_THRESHOLD,
    RANK_STATUSES,
    points_change,
    rank_status,
    shows_reach,
)
from engines.militakiri.timing import allowed, time_control_of

SECTION_22 = [("win", 10), ("draw", 5), ("loss", -5), ("forfeit", -5)]
SECTION_23 = [("win", 20), ("draw", 10), ("loss", -10), ("forfeit", -10)]


@pytest.mark.parametrize("outcome,points", SECTION_22, ids=[o for o, _ in SECTION_22])
def test_section22_single_board_points(outcome, points):
    """Section 22: "Gewonnen: 10 / Gelijkspel: 5 / Verloren: -5 / Verbeurd/Verbroken: -5"
    (for a player past Starter, who is charged losses)."""
    assert points_change("single", outcome, 1_000) == points


@pytest.mark.parametrize("outcome,points", SECTION_23, ids=[o for o, _ in SECTION_23])
def test_section23_double_board_points(outcome, points):
    """Section 23: 20 / 10 / -10 / -10."""
    assert points_change("double", outcome, 1_000) == points


SECTION_25 = [
    ("starter", 0), ("beginner", 100), ("beginneling", 200), ("leerling", 500),
    ("geinitieerde", 1_000), ("jongere", 2_500), ("intermediaire", 5_000), ("senior", 10_000),
    ("veteraan", 20_000), ("professioneel", 30_000), ("specialist", 40_000), ("expert", 50_000),
    ("kampioen", 60_000), ("elite", 70_000), ("crack", 80_000), ("meester", 90_000),
    ("grootmeester", 100_000),
]
SECTION_26 = [
    ("starter", 0), ("beginner", 200), ("beginneling", 400), ("leerling", 1_000),
    ("geinitieerde", 2_000), ("jongeling", 5_000), ("intermediaire", 10_000), ("senior", 20_000),
    ("veteraan", 40_000), ("professioneel", 60_000), ("specialist", 80_000), ("expert", 100_000),
    ("kampioen", 120_000), ("elite", 140_000), ("crack", 160_000), ("meester", 180_000),
    ("grootmeester", 200_000),
]


def _rows(table):
    for i, (status, threshold) in enumerate(table):
        below = table[i - 1][0] if i else None
        yield pytest.param(status, threshold, below, id=f"{status}-{threshold}")


@pytest.mark.parametrize("status,threshold,below", list(_rows(SECTION_25)))
def test_section25_single_board_rank_status(status, threshold, below):
    assert rank_status("single", threshold) == status
    assert rank_status("single", threshold + 4) == status
    if below:
        assert rank_status("single", threshold - 5) == below


@pytest.mark.parametrize("status,threshold,below", list(_rows(SECTION_26)))
def test_section26_double_board_rank_status(status, threshold, below):
    assert rank_status("double", threshold) == status
    if below:
        assert rank_status("double", threshold - 10) == below


def test_tables_match_the_module():
    assert [(t, s) for s, t in SECTION_25] == list(RANK_STATUSES["single"])
    assert [(t, s) for s, t in SECTION_26] == list(RANK_STATUSES["double"])
    assert rank_status("single", 10_000_000) == "grootmeester"  # "100.000 punten en meer"


@pytest.mark.parametrize("board", ["single", "double"])
@pytest.mark.parametrize("outcome", ["loss", "forfeit"])
def test_section25_starter_loses_no_points(board, outcome):
    """Starter: "dit kan niet onder nul komen, het punten verlies wordt niet aangerekend"."""
    beginner = 100 if board == "single" else 200
    for points in (0, 5, beginner - 5):
        assert points_change(board, outcome, points) == 0
    assert points_change(board, outcome, beginner) < 0, "from Beginner on losses are charged"


def test_starter_still_wins_and_draws():
    assert points_change("single", "win", 0) == 10 and points_change("single", "draw", 0) == 5
    assert points_change("double", "win", 0) == 20


def test_points_never_below_zero():
    """A loss never takes a player below 0 (it cannot arise with these tables, checked anyway)."""
    assert points_change("single", "loss", 100) == -5
    for points in range(0, 600, 5):
        for outcome in ("win", "draw", "loss", "forfeit"):
            assert points + points_change("single", outcome, points) >= 0
            assert points + points_change("double", outcome, points) >= 0


@pytest.mark.parametrize("board,threshold", [("single", 200), ("double", 400)])
def test_section25_possible_moves_shown_below_beginneling(engine, board, threshold):
    """"Beginneling: vanaf deze rang status worden de mogelijke zetten niet meer visueel op het
    bord getoond"."""
    assert BEGINNELING_THRESHOLD[board] == threshold
    assert shows_reach(board, threshold - 5) and engine.shows_reach(board, 0)
    assert not shows_reach(board, threshold) and not engine.shows_reach(board, threshold)


def test_engine_rating_methods(engine):
    assert engine.rating_boards() == ("single", "double")
    assert engine.rating_board(MilitakiriOptions(board="double")) == "double"
    assert engine.rating_change("double", "win", 0) == 20
    assert engine.rating_status("single", 250) == "militakiri.status_beginneling"
    assert engine.rating_status("double", 5_000) == "militakiri.status_jongeling"


SECTION_24 = [
    ("single", "10m", (0.0, 10.0)), ("single", "20m", (0.0, 20.0)), ("single", "30m", (0.0, 30.0)),
    ("single", "60m", (0.0, 60.0)), ("single", "120m", (0.0, 120.0)),
    ("double", "20m", (0.0, 20.0)), ("double", "40m", (0.0, 40.0)), ("double", "60m", (0.0, 60.0)),
    ("double", "120m", (0.0, 120.0)), ("double", "240m", (0.0, 240.0)),
    ("single", "24h", (24.0, 0.0)), ("single", "48h", (48.0, 0.0)), ("single", "72h", (72.0, 0.0)),
    ("double", "24h", (24.0, 0.0)), ("double", "48h", (48.0, 0.0)), ("double", "72h", (72.0, 0.0)),
]


@pytest.mark.parametrize("board,choice,expected", SECTION_24, ids=[f"{b}-{c}" for b, c, _ in SECTION_24])
def test_section24_time_controls(engine, board, choice, expected):
    """Section 24: per player single 10/20/30/60/120 minutes, double 20/40/60/120/240;
    correspondence 24/48/72 hours per move on both boards."""
    options = MilitakiriOptions(board=board, time_control=choice)
    assert time_control_of(options) == expected == engine.time_control(options)


@pytest.mark.parametrize("board,choice", [("single", "40m"), ("single", "240m"), ("double", "10m"), ("double", "30m")])
def test_section24_other_clocks_are_refused(board, choice):
    with pytest.raises(ValidationError):
        MilitakiriOptions(board=board, time_control=choice)


def test_default_time_control_fits_both_boards():
    assert MilitakiriOptions().time_control in allowed("single")
    assert MilitakiriOptions(board="double").time_control in allowed("double")
