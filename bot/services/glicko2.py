"""The Glicko-2 rating system, as Mark Glickman describes it in "Example of the Glicko-2 system"
(Boston University, 2013): one rating period's update of a player's rating, deviation and
volatility from the games of that period. Pure arithmetic, no clock and no storage.

The paper's worked example: a player at 1500 with deviation 200 and volatility 0.06 plays three
games in one period, against 1400 (deviation 30), 1550 (100) and 1700 (300), winning the first and
losing the others; with the system constant tau = 0.5 the paper finds mu' = -0.2069,
phi' = 0.8722 on the Glicko-2 scale, so r' = 1464.06, RD' = 151.52 and sigma' = 0.05999:

>>> after = update(Glicko(1500, 200, 0.06), [(Glicko(1400, 30), 1.0), (Glicko(1550, 100), 0.0),
...                                           (Glicko(1700, 300), 0.0)], tau=0.5)
>>> round((after.rating - 1500) / SCALE, 4), round(after.deviation / SCALE, 4)
(-0.2069, 0.8722)
>>> round(after.rating, 1), round(after.deviation, 2), round(after.volatility, 4)
(1464.1, 151.52, 0.06)

(The paper's r' = 1464.06 is 173.7178 x -0.2069 + 1500, from mu' rounded to four places; without
that rounding r' is 1464.05, and sigma' is 0.059996.)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

SCALE = 173.7178
"""Glicko-2's scale factor between the Glicko scale (1500 ± 350) and its own (0 ± 2.01)."""
START_RATING = 1500.0
START_DEVIATION = 350.0
START_VOLATILITY = 0.06
TAU = 0.5
"""The system constant: how much the volatility may move in one period (the paper suggests
0.3 to 1.2; 0.5 is its example's value)."""
EPSILON = 0.000001
"""The convergence tolerance of the volatility iteration (the paper's value)."""


@dataclass(frozen=True)
class Glicko:
    """A rating on the Glicko scale: the rating, its deviation (the uncertainty, one standard
    deviation) and the volatility (how erratic the player's results are)."""

    rating: float = START_RATING
    deviation: float = START_DEVIATION
    volatility: float = START_VOLATILITY


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _expected(mu: float, mu_j: float, phi_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def expected_score(player: Glicko, opponent: Glicko) -> float:
    """The score ``player`` is expected to make against ``opponent`` (1 a win, 0.5 a draw).

    >>> expected_score(Glicko(1500, 350), Glicko(1500, 350))
    0.5
    >>> round(expected_score(Glicko(1500, 200), Glicko(1400, 30)), 3)
    0.639
    """
    return _expected((player.rating - START_RATING) / SCALE, (opponent.rating - START_RATING) / SCALE, opponent.deviation / SCALE)


def _volatility(sigma: float, phi: float, v: float, delta: float, tau: float) -> float:
    """Step 5 of the paper: the new volatility by the Illinois algorithm."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex) ** 2) - (x - a) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2.0)


def update(player: Glicko, games: Sequence[tuple[Glicko, float]], tau: float = TAU) -> Glicko:
    """``player`` after one rating period with ``games``: (opponent, score) pairs, the score 1 for
    a win, 0.5 for a draw and 0 for a loss, each opponent as they were before the period. A period
    without games only widens the deviation (step 6 of the paper).

    >>> update(Glicko(1500, 200, 0.06), []).deviation > 200
    True
    >>> update(Glicko(), [(Glicko(), 1.0)]).rating > 1500 > update(Glicko(), [(Glicko(), 0.0)]).rating
    True
    """
    mu = (player.rating - START_RATING) / SCALE
    phi = player.deviation / SCALE
    sigma = player.volatility
    if not games:
        return Glicko(player.rating, math.sqrt(phi * phi + sigma * sigma) * SCALE, sigma)
    inverse_v = 0.0
    improvement = 0.0
    for opponent, score in games:
        mu_j = (opponent.rating - START_RATING) / SCALE
        phi_j = opponent.deviation / SCALE
        g, e = _g(phi_j), _expected(mu, mu_j, phi_j)
        inverse_v += g * g * e * (1.0 - e)
        improvement += g * (score - e)
    v = 1.0 / inverse_v
    new_sigma = _volatility(sigma, phi, v, v * improvement, tau)
    phi_star = math.sqrt(phi * phi + new_sigma * new_sigma)
    new_phi = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    new_mu = mu + new_phi * new_phi * improvement
    return Glicko(new_mu * SCALE + START_RATING, new_phi * SCALE, new_sigma)


def composite(opponents: Sequence[Glicko]) -> Glicko:
    """One opponent standing for a team: the mean rating, and the root mean square of the
    deviations (the team is as uncertain as its members on average).

    >>> composite([Glicko(1400, 30), Glicko(1600, 40)])
    Glicko(rating=1500.0, deviation=35.35533905932738, volatility=0.06)
    """
    if not opponents:
        raise ValueError("a composite of no opponents")
    rating = sum(o.rating for o in opponents) / len(opponents)
    deviation = math.sqrt(sum(o.deviation * o.deviation for o in opponents) / len(opponents))
    return Glicko(rating, deviation)
