"""The table of a league, derived from its pairings and their results (pure: what the matches
stored and what the league itself decided, read again each time; never a running total).

Tie-breaks (the second number of the table):
- round robin: Sonneborn-Berger, the sum of the final scores of the players one beat plus half
  of those one drew with. Everyone meets everyone, so the sum of the opponents' scores
  (Buchholz) would be the same for all; Sonneborn-Berger rewards points taken from the strong.
- Swiss: Buchholz, the sum of one's opponents' scores. In a Swiss the opponents differ, and
  Buchholz says how strong they were; it is the tie-break players of Swiss tournaments know.
  A bye adds nothing to it.
- ladder: the place on the ladder is the standing; there is no tie-break.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bot.services.league.pairing import BYE_POINTS, Played, ladder_order, scores

FORFEIT_REASONS = ("core.resigned", "core.timeout")


@dataclass(frozen=True)
class Entrant:
    user_id: str
    name: str
    withdrawn: bool = False


@dataclass(frozen=True)
class Game:
    """One pairing with its result as the league counts it."""

    round: int
    first: str
    second: str | None
    score: tuple[float, float] | None
    """Points of first and second; ``None`` while it is being played (or waits to be)."""
    how: str = ""
    """``played``, ``forfeit`` (resigned, lost on time), ``withdrawn``, ``bye``, ``adjudicated``,
    ``expired`` (a challenge not accepted in time), ``aborted``; empty while not decided."""


def resolve(first: str, second: str | None, outcome: dict[str, Any] | None, match_status: str | None,
            match_result: dict[str, Any] | None, withdrawn: set[str]) -> tuple[tuple[float, float] | None, str]:
    """The result of one pairing: the league's own outcome first, then a bye, then the match's
    stored result, then a withdrawal (the withdrawn player forfeits a game not finished).

    >>> resolve("a", "b", None, "finished", {"winners": [1], "reason": "x.won"}, set())
    ((0.0, 1.0), 'played')
    >>> resolve("a", "b", None, "active", None, {"a"})
    ((0.0, 1.0), 'withdrawn')
    >>> resolve("a", None, None, None, None, set())
    ((1.0, 0.0), 'bye')
    """
    if outcome is not None:
        a, b = outcome["score"]
        return (float(a), float(b)), str(outcome.get("reason", "adjudicated"))
    if second is None:
        return (BYE_POINTS, 0.0), "bye"
    if match_status == "finished" and match_result is not None:
        winners = match_result.get("winners") or []
        how = "forfeit" if match_result.get("reason") in FORFEIT_REASONS else "played"
        if 0 in winners and 1 not in winners:
            return (1.0, 0.0), how
        if 1 in winners and 0 not in winners:
            return (0.0, 1.0), how
        return (0.5, 0.5), how
    if match_status == "aborted":
        return (0.0, 0.0), "aborted"
    if first in withdrawn or second in withdrawn:
        return (0.0 if first in withdrawn else 1.0, 0.0 if second in withdrawn else 1.0), "withdrawn"
    return None, ""


@dataclass(frozen=True)
class Row:
    place: int
    user_id: str
    name: str
    points: float
    tiebreak: float
    played: int
    left: int
    wins: int
    draws: int
    losses: int
    withdrawn: bool


def table(format: str, entrants: Sequence[Entrant], games: Sequence[Game], rounds_left: int = 0) -> list[Row]:
    """The standings, first place first. ``rounds_left``: Swiss rounds not paired yet (each is
    a game left for every player still in)."""
    ids = [e.user_id for e in entrants]
    finished = [Played(g.first, g.second, g.score) for g in games if g.score is not None]
    points = scores(ids, finished)
    tiebreak = dict.fromkeys(ids, 0.0)
    wins, draws, losses, played, left = (dict.fromkeys(ids, 0) for _ in range(5))
    for game in games:
        sides = [(game.first, game.second, 0)] + ([(game.second, game.first, 1)] if game.second else [])
        for me, other, seat in sides:
            if me not in points:
                continue
            if game.score is None:
                left[me] += 1
                continue
            if other is None:
                continue  # a bye: points, no game
            mine, theirs = game.score[seat], game.score[1 - seat]
            played[me] += 1
            wins[me] += mine > theirs
            draws[me] += mine == theirs and mine > 0
            losses[me] += mine < theirs or mine == theirs == 0
            if other in points:
                tiebreak[me] += points[other] * mine if format == "round_robin" else points[other] if format == "swiss" else 0
    withdrawn = {e.user_id for e in entrants if e.withdrawn}
    for entrant in entrants:
        if entrant.user_id not in withdrawn:
            left[entrant.user_id] += rounds_left
    if format == "ladder":
        order = ladder_order(ids, [Played(g.first, g.second, g.score) for g in games])
        order = [p for p in order if p not in withdrawn] + [p for p in order if p in withdrawn]
    else:
        order = sorted(ids, key=lambda p: (p in withdrawn, -points[p], -tiebreak[p], ids.index(p)))
    names = {e.user_id: e.name for e in entrants}
    return [
        Row(place=i + 1, user_id=p, name=names[p], points=points[p], tiebreak=tiebreak[p], played=played[p],
            left=left[p], wins=wins[p], draws=draws[p], losses=losses[p], withdrawn=p in withdrawn)
        for i, p in enumerate(order)
    ]


def points_text(value: float) -> str:
    """Points as a table shows them: 2, ½, 2½.

    >>> points_text(2.0), points_text(0.5), points_text(2.5), points_text(0.0)
    ('2', '½', '2½', '0')
    """
    whole, half = int(value), value - int(value) >= 0.5
    if half:
        return f"{whole}½" if whole else "½"
    return str(whole)
