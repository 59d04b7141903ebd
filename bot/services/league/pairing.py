"""Who plays whom: pure functions of the players and the results so far (no I/O, no clock, no
random), so pairing a round again after a crash gives the same pairings.

- Round robin: the circle method (Berger tables). Player 1 stays put, the others turn one place
  each round; with an odd count an empty place is the bye. Seats are balanced: the fixed player
  alternates, and in every other pairing the player of the upper row plays first; as everyone
  moves round the circle, nobody has more than one first seat more than second seats (none more
  with an odd count).
- Swiss: ``swiss_round`` below (score groups, top half against bottom half, no rematch while one
  can be avoided, a bye for an odd count).
- Ladder: ``ladder_order`` applies the finished challenges in the order they were made.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

BYE_POINTS = 1.0
"""A bye scores as a win (the usual Swiss full-point bye)."""


@dataclass(frozen=True)
class Pair:
    first: str
    """Seat 0."""
    second: str | None
    """Seat 1; ``None``: a bye."""


def round_robin(players: Sequence[str]) -> list[list[Pair]]:
    """Every round of a single round robin, each a list of pairs (a bye last).

    >>> [[(p.first, p.second) for p in r] for r in round_robin(["a", "b", "c"])]
    [[('b', 'c'), ('a', None)], [('c', 'a'), ('b', None)], [('a', 'b'), ('c', None)]]
    """
    circle: list[str | None] = list(players)
    if len(circle) % 2:
        circle.append(None)
    n = len(circle)
    rounds: list[list[Pair]] = []
    for number in range(n - 1):
        pairs: list[Pair] = []
        byes: list[Pair] = []
        for board in range(n // 2):
            a, b = circle[board], circle[n - 1 - board]
            if board == 0 and number % 2:
                a, b = b, a  # the fixed player alternates; the others: the upper row plays first
            if a is None or b is None:
                byes.append(Pair(a or b or "", None))
            else:
                pairs.append(Pair(a, b))
        rounds.append(pairs + byes)
        # Turn every place but the first one step.
        circle = [circle[0], circle[-1], *circle[1:-1]]
    return rounds


@dataclass(frozen=True)
class Played:
    """A finished (or at least paired) game as the Swiss pairing needs it."""

    first: str
    second: str | None
    score: tuple[float, float] | None
    """Points of first and second; ``None`` while not finished."""


def scores(players: Sequence[str], games: Sequence[Played]) -> dict[str, float]:
    points = dict.fromkeys(players, 0.0)
    for game in games:
        if game.score is None:
            continue
        if game.first in points:
            points[game.first] += game.score[0]
        if game.second is not None and game.second in points:
            points[game.second] += game.score[1]
    return points


def swiss_round(players: Sequence[str], games: Sequence[Played], ranking: Sequence[str] | None = None) -> list[Pair]:
    """The next Swiss round for ``players`` (those still in, in sign-up order) given every game
    so far; ``ranking``: the standings' order (points, tie-break), default by points then sign-up.

    1. With an odd count, the lowest-placed player who has had no bye gets it.
    2. The rest are taken best first. The best unpaired player meets, of the others, first the
       player of the same score group half a group below (1 against 5 in a group of 8: the top
       half meets the bottom half, as the Dutch system does), then the rest of the group by
       nearness to that place, then the lower groups in order (a floater drops).
    3. A depth-first search takes the first of those that leaves the rest pairable without a
       rematch; only when no pairing without a rematch exists is one allowed (few players,
       many rounds).
    4. Seats: the player with fewer first seats so far plays first; when even, the one who
       played second last time; when even again, the higher placed.

    >>> done = [Played("a", "b", (1, 0)), Played("c", "d", (1, 0))]
    >>> [(p.first, p.second) for p in swiss_round(["a", "b", "c", "d"], done)]
    [('a', 'c'), ('b', 'd')]
    """
    points = scores(players, games)
    order = list(ranking) if ranking is not None else sorted(players, key=lambda p: (-points[p], players.index(p)))
    order = [p for p in order if p in points]
    met: set[frozenset[str]] = {frozenset((g.first, g.second)) for g in games if g.second is not None}
    byes = {g.first for g in games if g.second is None}
    pairs: list[Pair] = []
    if len(order) % 2:
        bye = next((p for p in reversed(order) if p not in byes), order[-1])
        order.remove(bye)
        pairs.append(Pair(bye, None))
    for allow_rematch in (False, True):
        found = _pair(order, points, met, allow_rematch)
        if found is not None:
            return [_seated(a, b, games, order) for a, b in found] + pairs
    raise AssertionError("an even number of players can always be paired when rematches are allowed")


def _candidates(top: str, rest: list[str], points: dict[str, float]) -> list[str]:
    """Whom ``top`` (the best unpaired) should meet, most wanted first: its score group by
    nearness to the place half a group below it, then everyone lower, in order."""
    group = [p for p in rest if points[p] == points[top]]
    ideal = (len(group) + 1) // 2 - 1  # in the group with ``top`` at 0, the partner half-way down
    ordered = [group[i] for i in sorted(range(len(group)), key=lambda i: (abs(i - ideal), i))]
    return ordered + [p for p in rest if p not in group]


def _pair(order: list[str], points: dict[str, float], met: set[frozenset[str]], allow_rematch: bool,
          budget: list[int] | None = None) -> list[tuple[str, str]] | None:
    budget = budget if budget is not None else [20000]
    if not order:
        return []
    budget[0] -= 1
    if budget[0] < 0:
        return None
    top, rest = order[0], order[1:]
    for other in _candidates(top, rest, points):
        if not allow_rematch and frozenset((top, other)) in met:
            continue
        remaining = [p for p in rest if p != other]
        found = _pair(remaining, points, met, allow_rematch, budget)
        if found is not None:
            return [(top, other), *found]
    return None


def _seated(a: str, b: str, games: Sequence[Played], order: list[str]) -> Pair:
    def firsts(p: str) -> int:
        return sum(1 for g in games if g.second is not None and g.first == p) - sum(1 for g in games if g.second == p)

    def last_was_second(p: str) -> bool:
        mine = [g for g in games if g.second is not None and p in (g.first, g.second)]
        return bool(mine) and mine[-1].second == p

    key_a = (firsts(a), not last_was_second(a), order.index(a))
    key_b = (firsts(b), not last_was_second(b), order.index(b))
    return Pair(a, b) if key_a <= key_b else Pair(b, a)


def ladder_order(players: Sequence[str], challenges: Sequence[Played]) -> list[str]:
    """The ladder after the finished challenges (``first`` the player challenged, ``second``
    the challenger), applied in the order they were made: a challenger who wins takes the place
    of the player challenged, who moves down one with everyone between; otherwise nothing moves.

    >>> ladder_order(["a", "b", "c", "d"], [Played("b", "d", (0, 1)), Played("a", "b", (1, 0))])
    ['a', 'd', 'b', 'c']
    """
    ladder = list(players)
    for challenge in challenges:
        if challenge.score is None or challenge.second is None:
            continue
        if challenge.first not in ladder or challenge.second not in ladder:
            continue
        if challenge.score[1] > challenge.score[0] and ladder.index(challenge.second) > ladder.index(challenge.first):
            ladder.remove(challenge.second)
            ladder.insert(ladder.index(challenge.first), challenge.second)
    return ladder
