"""Points and rank status of players (sections 22-23 and 25-26), as pure functions.

The bot keeps the points per player per server, single and double board apart, and asks
these functions what a result is worth and what rank status a number of points gives.

Section 22 (single board): win 10, draw 5, loss -5, forfeit ("verbeurd/verbroken") -5.
Section 23 (double board): 20, 10, -10, -10.
Sections 25-26: the rank statuses and their thresholds; a Starter "cannot drop below zero,
the loss of points is not charged", from Beginner on losses count; below Beginneling the
possible moves are shown on the board.

>>> points_change("single", "loss", 0), points_change("single", "loss", 100)
(0, -5)
>>> rank_status("single", 199), rank_status("single", 200), rank_status("double", 200000)
('beginner', 'beginneling', 'grootmeester')
"""

from __future__ import annotations

from typing import Literal

Outcome = Literal["win", "draw", "loss", "forfeit"]
"""How a match ended for one player; ``forfeit`` is a loss by resignation, time or leaving."""

POINTS: dict[str, dict[str, int]] = {
    "single": {"win": 10, "draw": 5, "loss": -5, "forfeit": -5},
    "double": {"win": 20, "draw": 10, "loss": -10, "forfeit": -10},
}
"""Sections 22 and 23."""

RANK_STATUSES: dict[str, tuple[tuple[int, str], ...]] = {
    "single": (
        (0, "starter"),
        (100, "beginner"),
        (200, "beginneling"),
        (500, "leerling"),
        (1_000, "geinitieerde"),
        (2_500, "jongere"),
        (5_000, "intermediaire"),
        (10_000, "senior"),
        (20_000, "veteraan"),
        (30_000, "professioneel"),
        (40_000, "specialist"),
        (50_000, "expert"),
        (60_000, "kampioen"),
        (70_000, "elite"),
        (80_000, "crack"),
        (90_000, "meester"),
        (100_000, "grootmeester"),
    ),
    "double": (
        (0, "starter"),
        (200, "beginner"),
        (400, "beginneling"),
        (1_000, "leerling"),
        (2_000, "geinitieerde"),
        (5_000, "jongeling"),
        (10_000, "intermediaire"),
        (20_000, "senior"),
        (40_000, "veteraan"),
        (60_000, "professioneel"),
        (80_000, "specialist"),
        (100_000, "expert"),
        (120_000, "kampioen"),
        (140_000, "elite"),
        (160_000, "crack"),
        (180_000, "meester"),
        (200_000, "grootmeester"),
    ),
}
"""Sections 25 and 26: (lowest points, status code), lowest first. The single table says
"Jongere", the double table "Jongeling": both are kept as written (decision 30)."""

ALL_STATUSES: tuple[str, ...] = tuple(
    dict.fromkeys(code for board in ("single", "double") for _, code in RANK_STATUSES[board])
)
BEGINNER_THRESHOLD = {"single": 100, "double": 200}
"""Sections 25-26: from "Beginner" on, lost points are charged."""
BEGINNELING_THRESHOLD = {"single": 200, "double": 400}
"""Sections 25-26: from "Beginneling" on, the possible moves are no longer shown."""


def rank_status(board: str, points: int) -> str:
    """The rank status code for ``points`` on ``board`` (``single`` or ``double``).

    Below 0 (which the rules never produce) counts as Starter.
    """
    status = "starter"
    for threshold, code in RANK_STATUSES[board]:
        if points >= threshold:
            status = code
        else:
            break
    return status


def points_change(board: str, outcome: str, current_points: int) -> int:
    """Points won or lost by a player who had ``current_points`` before the match.

    A Starter loses nothing ("het punten verlies wordt niet aangerekend"), and nobody drops
    below 0 ("dit kan niet onder nul komen").
    """
    change = POINTS[board][outcome]
    if change < 0:
        if rank_status(board, current_points) == "starter":
            return 0
        change = max(change, -current_points)
    return change


def shows_reach(board: str, points: int) -> bool:
    """Section 25-26: below Beginneling the squares a piece can reach are shown."""
    return points < BEGINNELING_THRESHOLD[board]
