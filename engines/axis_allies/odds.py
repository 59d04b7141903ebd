"""Exact battle odds, for the computer player (``ai.py``): a Markov chain over the armies left.

Per round the attacking submarines strike first at ships (their victims do not fire back), the
other attackers fire, then every defender still standing fires (those just hit too: the casualty
zone; a defending submarine's hit sinks only a ship), and casualties leave. Each side loses its cheapest unit first (cost, then the weaker unit
on that side). The attacker presses on to the end. A round in which nothing is hit leaves the
armies as they were, so a state's value solves ``V = p_stay V + sum p V'``. A battle larger than
``LARGEST`` is solved with every second unit of each side (exact no more, and quick).

Anti-aircraft fire before the battle is counted when asked (``aa_gun``). Not modelled: shore bombardment, retreats, submarines
submerging, technologies. ``tests/engines/axis_allies/test_combat_odds.py`` checks the same
chain (written there from the rules on its own, in fractions) against the step machine.

>>> round(win_chance(("infantry",), ("infantry",)), 4)  # hits 1/6 against 2/6: (1/6 * 4/6) / (1 - 5/6 * 4/6)
0.25
>>> win_chance(("armour",), ()), win_chance((), ("infantry",))
(1.0, 0.0)
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from functools import cache

from engines.axis_allies.units import UNITS

Army = tuple[str, ...]
FIGHTS = frozenset(k for k, u in UNITS.items() if (u.attack or u.defence) and k not in ("aa_gun", "factory"))


def _strength(kind: str, attacking: bool) -> int:
    return UNITS[kind].attack if attacking else UNITS[kind].defence


def army(kinds: Iterable[str], attacking: bool) -> Army:
    """The fighting units of ``kinds``, cheapest (then weakest) first: the order they are lost in."""
    return tuple(sorted((k for k in kinds if k in FIGHTS), key=lambda k: (UNITS[k].cost, _strength(k, attacking), k)))


def _hits(strengths: list[int]) -> dict[int, float]:
    dist = {0: 1.0}
    for s in strengths:
        p = s / 6
        nxt: dict[int, float] = {}
        for h, q in dist.items():
            nxt[h] = nxt.get(h, 0.0) + q * (1 - p)
            nxt[h + 1] = nxt.get(h + 1, 0.0) + q * p
        dist = nxt
    return dist


def _ship(kind: str) -> bool:
    return UNITS[kind].domain == "sea"


def _lose(side: Army, n: int, ships_only: bool = False) -> Army:
    if not ships_only:
        return side[n:]
    left = list(side)
    for kind in side:
        if n == 0:
            break
        if _ship(kind):
            left.remove(kind)
            n -= 1
    return tuple(left)


def _round(a: Army, d: Army) -> dict[tuple[Army, Army], float]:
    out: dict[tuple[Army, Army], float] = {}
    subs = [_strength(k, True) for k in a if k == "submarine"]
    strike = _hits(subs) if subs and any(_ship(k) for k in d) else {0: 1.0}
    ships_attack = any(_ship(k) for k in a)
    for h_sub, p_sub in strike.items():
        d1 = _lose(d, h_sub, ships_only=True)
        attack = _hits([_strength(k, True) for k in a if k != "submarine" and _strength(k, True) > 0]) if d1 else {0: 1.0}
        # Defending subs fire only at ships ("Onderzeeboten kunnen niet op vliegtuigen vuren !"):
        # their hits sink the cheapest ships, the other hits then take the cheapest of the rest.
        sub_fire = _hits([_strength(k, False) for k in d1 if k == "submarine"] if ships_attack else [])
        defence = _hits([_strength(k, False) for k in d1 if k != "submarine" and _strength(k, False) > 0])
        for h_att, p_att in attack.items():
            d2 = _lose(d1, h_att)
            for h_dsub, p_dsub in sub_fire.items():
                a1 = _lose(a, h_dsub, ships_only=True)
                for h_def, p_def in defence.items():
                    key = (a1[h_def:], d2)
                    out[key] = out.get(key, 0.0) + p_sub * p_att * p_dsub * p_def
    return out


@cache
def _outcome(a: Army, d: Army) -> tuple[float, float]:
    """(attacker wins with units left, defender holds)."""
    if not d:
        return (1.0, 0.0) if a else (0.0, 0.0)
    if not a:
        return 0.0, 1.0
    stay = 0.0
    win = hold = 0.0
    for (a2, d2), p in _round(a, d).items():
        if (a2, d2) == (a, d):
            stay += p
            continue
        w, h = _outcome(a2, d2)
        win += p * w
        hold += p * h
    if stay >= 1.0:
        return 0.0, 1.0  # nobody can hit anybody: the attack never wins
    return win / (1 - stay), hold / (1 - stay)


LARGEST = 300
"""The largest battle (attacking units times defending units) the chain solves as it is; a
larger one is solved with every second unit of each side (in the order they are lost), again
until it fits: the same proportions, a cruder answer (the chain of two armies of twenty took
about a second, and the computer asks about many)."""


def _fit(a: Army, d: Army) -> tuple[Army, Army, int]:
    """The armies the chain solves for ``a`` against ``d`` and the factor their losses scale by."""
    scale = 1
    while len(a) * len(d) > LARGEST:
        a, d, scale = a[1::2], d[1::2], scale * 2
    return a, d, scale


def _cost(side: Army) -> int:
    return sum(UNITS[k].cost for k in side)


@cache
def _left(a: Army, d: Army) -> tuple[float, float]:
    """The expected cost of the attackers and of the defenders still standing when the battle
    ends (the same chain as ``_outcome``)."""
    if not a or not d:
        return float(_cost(a)), float(_cost(d))
    stay = 0.0
    left_a = left_d = 0.0
    for (a2, d2), p in _round(a, d).items():
        if (a2, d2) == (a, d):
            stay += p
            continue
        la, ld = _left(a2, d2)
        left_a += p * la
        left_d += p * ld
    if stay >= 1.0:
        return float(_cost(a)), float(_cost(d))  # nobody can hit anybody
    return left_a / (1 - stay), left_d / (1 - stay)


def expected_losses(attackers: Iterable[str], defenders: Iterable[str]) -> tuple[float, float]:
    """The expected cost (IPCs) each side loses in the battle, the attacker's own losses in a
    battle it wins included (the attacker presses on to the end; AA fire not counted).

    >>> expected_losses(("armour",), ())
    (0.0, 0.0)
    >>> [round(x, 4) for x in expected_losses(("infantry",), ("infantry",))]  # each falls 3/4 and 3/8 of the time
    [2.25, 1.125]
    """
    a, d, scale = _fit(army(attackers, True), army(defenders, False))
    left_a, left_d = _left(a, d)
    return scale * (_cost(a) - left_a), scale * (_cost(d) - left_d)


AA_EXACT = 6
"""The most ways AA fire can fall (per aircraft kind, its count plus one, multiplied) that are
summed exactly; beyond, the expected number of hits (a sixth of each kind, rounded) is removed."""


def win_chance(attackers: Iterable[str], defenders: Iterable[str], aa_gun: bool = False) -> float:
    """The chance that the attackers clear the territory and survive (they may then take it);
    with ``aa_gun`` a defending AA gun first fires one die at each attacking aircraft, a 1 hits
    (each aircraft on its own: the chance is summed over how many of each kind fall, up to
    ``AA_EXACT`` ways; more aircraft lose the expected number).

    >>> round(win_chance(("fighter",), ("infantry",), aa_gun=True) / win_chance(("fighter",), ("infantry",)), 4)
    0.8333
    """
    attacking = list(attackers)
    defending = tuple(defenders)
    air = sorted({k for k in attacking if UNITS[k].domain == "air"}) if aa_gun else []
    if not air:
        return _outcome(*_fit(army(attacking, True), army(defending, False))[:2])[0]
    if math.prod(attacking.count(k) + 1 for k in air) > AA_EXACT:  # too many chains: the expected hits
        for kind in air:
            for _ in range(round(attacking.count(kind) / 6)):
                attacking.remove(kind)
        return _outcome(*_fit(army(attacking, True), army(defending, False))[:2])[0]
    ways: list[tuple[float, list[str]]] = [(1.0, attacking)]
    for kind in air:
        n = attacking.count(kind)
        nxt = []
        for p, left in ways:
            for shot in range(n + 1):
                q = math.comb(n, shot) * (1 / 6) ** shot * (5 / 6) ** (n - shot)
                rest = list(left)
                for _ in range(shot):
                    rest.remove(kind)
                nxt.append((p * q, rest))
        ways = nxt
    return sum(p * _outcome(*_fit(army(left, True), army(defending, False))[:2])[0] for p, left in ways)
