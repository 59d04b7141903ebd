"""Exact battle odds by a Markov chain, checked against the step machine with random dice.

The chain is written here from the rules, independently of ``combat.py``: per round the
attacking subs strike first (Aktie 3; their victims are removed at once), the other attackers
fire, the defenders fire back with the units just hit (the casualty zone), then casualties
leave. Both sides lose their cheapest unit first (cost, then the weaker unit on that side, then
the kind); the attacker never retreats. A round without casualties leaves the state as it was,
so each state's value solves ``V = p_stay V + sum p V'``.

Each battle is then played 20,000 times through the machine with ``random.Random(seed)`` as
the dice and the same casualty policy; the observed frequencies must lie within 4 standard
errors of the exact ones (a false alarm has a chance of about 6 in 100,000 per number).
"""

from __future__ import annotations

import math
import random
from fractions import Fraction
from functools import cache

import pytest

from engines.axis_allies.combat import (
    Battle,
    Combatant,
    Decision,
    apply_roll,
    chance,
    choose_casualties,
    outcome,
    press_on,
    start,
    waiting,
)
from engines.axis_allies.units import UNITS

Army = tuple[str, ...]
RUNS = 20_000


def _strength(kind: str, side: str) -> int:
    return UNITS[kind].attack if side == "attacker" else UNITS[kind].defence


def _policy_key(kind: str, side: str) -> tuple[int, int, str]:
    return (UNITS[kind].cost, _strength(kind, side), kind)


def _sorted(army: Army, side: str) -> Army:
    return tuple(sorted(army, key=lambda k: _policy_key(k, side)))


def _ship(kind: str) -> bool:
    return UNITS[kind].domain == "sea"


def _hits_distribution(strengths: list[int]) -> dict[int, Fraction]:
    """P(total hits = h) for independent dice hitting on ``strength`` or less."""
    dist = {0: Fraction(1)}
    for s in strengths:
        p = Fraction(s, 6)
        nxt: dict[int, Fraction] = {}
        for h, q in dist.items():
            nxt[h] = nxt.get(h, Fraction(0)) + q * (1 - p)
            nxt[h + 1] = nxt.get(h + 1, Fraction(0)) + q * p
        dist = nxt
    return dist


def _remove_cheapest(army: Army, n: int, side: str, ships_only: bool = False) -> tuple[Army, Army]:
    """(what is left, what was removed): the ``n`` cheapest (ships only if asked)."""
    removed: list[str] = []
    left = list(_sorted(army, side))
    for kind in list(left):
        if len(removed) == n:
            break
        if ships_only and not _ship(kind):
            continue
        left.remove(kind)
        removed.append(kind)
    return tuple(left), tuple(removed)


def _round(a: Army, d: Army) -> dict[tuple[Army, Army], Fraction]:
    """Distribution of (attackers, defenders) after one round from (a, d)."""
    out: dict[tuple[Army, Army], Fraction] = {}
    # 1. the attacking subs strike first, at ships only; the ships they sink do not fire back
    subs = [_strength(k, "attacker") for k in a if k == "submarine"]
    strike = _hits_distribution(subs) if subs and any(_ship(k) for k in d) else {0: Fraction(1)}
    for h_sub, p_sub in strike.items():
        d1, _ = _remove_cheapest(d, h_sub, "defender", ships_only=True)
        # 2. the other attackers fire; their victims go to the casualty zone
        shooters = [_strength(k, "attacker") for k in a
                    if k != "submarine" and _strength(k, "attacker") > 0]
        attack = _hits_distribution(shooters) if d1 else {0: Fraction(1)}
        for h_att, p_att in attack.items():
            d2, _zone = _remove_cheapest(d1, h_att, "defender")
            # 3. every defender still there fires, the zone included; a sub's hit sinks only a
            #    ship ("Onderzeeboten kunnen niet op vliegtuigen vuren !"): the attacker gives
            #    its cheapest ships to the sub hits, then its cheapest units to the others
            sub_fire = [_strength(k, "defender") for k in d1 if k == "submarine"] if any(map(_ship, a)) else []
            fire = [_strength(k, "defender") for k in d1 if k != "submarine" and _strength(k, "defender") > 0]
            for h_dsub, p_dsub in _hits_distribution(sub_fire).items():
                sunk, _ = _remove_cheapest(a, h_dsub, "attacker", ships_only=True)
                for h_def, p_def in _hits_distribution(fire).items():
                    a2, _ = _remove_cheapest(sunk, h_def, "attacker")
                    key = (a2, d2)
                    out[key] = out.get(key, Fraction(0)) + p_sub * p_att * p_dsub * p_def
    return out


@cache
def exact(a: Army, d: Army) -> tuple[Fraction, Fraction, Fraction]:
    """(attacker wins, defender holds, both destroyed) from (a, d), both sorted."""
    if not a and not d:
        return Fraction(0), Fraction(0), Fraction(1)
    if not a:
        return Fraction(0), Fraction(1), Fraction(0)
    if not d:
        return Fraction(1), Fraction(0), Fraction(0)
    stay = Fraction(0)
    total = [Fraction(0)] * 3
    for (a2, d2), p in _round(a, d).items():
        if (a2, d2) == (a, d):
            stay += p
            continue
        for i, v in enumerate(exact(a2, d2)):
            total[i] += p * v
    w, l, b = (t / (1 - stay) for t in total)
    return w, l, b


# ---------------------------------------------------------------- the machine with dice


def _choose(battle: Battle, decision: Decision) -> list[int]:
    by_id = {c.id: c for c in battle.attackers + battle.defenders}
    ranked = sorted(decision.eligible, key=lambda i: (*_policy_key(by_id[i].kind, decision.side), i))
    if decision.max_non_ships is None:
        return ranked[:decision.count]
    # the sub hits take the cheapest ships, the other hits the cheapest of the rest
    ships = [i for i in ranked if _ship(by_id[i].kind)]
    sub_hits = decision.count - decision.max_non_ships
    chosen = ships[:max(sub_hits, 0)]
    return chosen + [i for i in ranked if i not in chosen][:decision.count - len(chosen)]


def play(battle: Battle, rng: random.Random) -> str:
    while (o := outcome(battle)) is None:
        spec = chance(battle)
        if spec is not None:
            battle = apply_roll(battle, [rng.randrange(6) for _ in spec.sizes])
            continue
        decision = waiting(battle)
        assert decision is not None
        if decision.kind == "casualties":
            battle = choose_casualties(battle, decision.power, _choose(battle, decision))
        else:
            battle = press_on(battle)
    return o.result


def _army(kinds: Army, power: str, first_id: int) -> list[Combatant]:
    return [Combatant(id=first_id + i, kind=k, power=power) for i, k in enumerate(kinds)]


CASES = [
    pytest.param(("infantry",), ("infantry",), False, id="1inf-vs-1inf"),
    pytest.param(("infantry", "infantry", "armour"), ("infantry", "infantry"), False,
                 id="2inf1arm-vs-2inf"),
    pytest.param(("fighter",), ("submarine", "transport"), True, id="1ftr-vs-1sub1trn"),
    pytest.param(("submarine",), ("battleship",), True, id="1sub-vs-1bb"),
    pytest.param(("battleship", "fighter", "fighter"), ("submarine", "submarine", "transport"), True,
                 id="1bb2ftr-vs-2sub1trn"),
]


@pytest.mark.parametrize(("attackers", "defenders", "sea"), CASES)
def test_simulated_battles_match_exact_odds(attackers: Army, defenders: Army, sea: bool) -> None:
    probabilities = exact(_sorted(attackers, "attacker"), _sorted(defenders, "defender"))
    assert sum(probabilities) == 1
    battle = start("sz_north_sea" if sea else "ukraine_ssr", "germany",
                   _army(attackers, "germany", 1), _army(defenders, "ussr", 100))
    rng = random.Random(f"combat-odds-{attackers}-{defenders}")
    counts = {"attacker_won": 0, "defender_held": 0, "both_destroyed": 0}
    for _ in range(RUNS):
        counts[play(battle, rng)] += 1
    for p, result in zip(probabilities, counts, strict=True):
        observed = counts[result] / RUNS
        error = math.sqrt(float(p) * (1 - float(p)) / RUNS)
        assert abs(observed - float(p)) <= 4 * error + 1e-12, (result, observed, float(p))


def test_exact_odds_by_hand() -> None:
    """The chain agrees with the sums one can do on paper.

    1 inf vs 1 inf: a round hits for the attacker with 1/6 and for the defender with 2/6, so
    win = (1/6)(4/6)/(1 - (5/6)(4/6)) = 1/4, both = (1/6)(2/6)/(4/9) = 1/8. A sub against a
    battleship: the strike sinks it with 2/6 and the battleship never fires back; else it
    hits with 4/6: win = (1/3)/(1 - (2/3)(1/3)) = 3/7, and never both.
    """
    assert exact(("infantry",), ("infantry",)) == (Fraction(1, 4), Fraction(5, 8), Fraction(1, 8))
    assert exact(("submarine",), ("battleship",)) == (Fraction(3, 7), Fraction(4, 7), Fraction(0))


@pytest.mark.parametrize(("attackers", "defenders", "sea"), CASES)
def test_the_computer_player_uses_the_same_odds(attackers: Army, defenders: Army, sea: bool) -> None:
    """``engines.axis_allies.odds`` (what the computer attacks by) agrees with this chain."""
    from engines.axis_allies.odds import win_chance

    win, _, _ = exact(_sorted(attackers, "attacker"), _sorted(defenders, "defender"))
    assert math.isclose(win_chance(attackers, defenders), float(win), rel_tol=1e-9)


def test_defending_subs_hits_never_fall_on_aircraft() -> None:
    """Aktie 3, vliegdekschepen: "Onderzeeboten kunnen niet op vliegtuigen vuren !". A battleship
    and two fighters against two subs and a transport: the subs' hits can only sink the
    battleship, so the fighters (cheaper) are not lost to them. The chain above, checked against
    the machine with dice (``1bb2ftr-vs-2sub1trn``), gives 0.996; the computer's odds must too
    (they gave 0.81 when the subs' hits took the fighters first)."""
    from engines.axis_allies.odds import win_chance

    attackers, defenders = ("battleship", "fighter", "fighter"), ("submarine", "submarine", "transport")
    win, _, _ = exact(_sorted(attackers, "attacker"), _sorted(defenders, "defender"))
    assert round(float(win), 3) == 0.996
    assert math.isclose(win_chance(attackers, defenders), float(win), rel_tol=1e-9)


def test_aa_fire_before_the_battle_is_counted_when_asked() -> None:
    """Aircraft "moeten echter een rondje luchtafweer doorstaan van elk luchtdoelkanon dat de
    vijand ... heeft opgesteld"; the gun throws "voor elke bommenwerper een dobbelsteen ... Voor
    elke "1" wordt een bommenwerper neergehaald" (one die per aircraft, as the engine's AA fire):
    the chance is the sum over how many fall, each aircraft on its own with 1/6."""
    from engines.axis_allies.odds import win_chance

    plain = {n: win_chance(["fighter"] * n + ["armour"], ["infantry", "infantry"]) for n in range(3)}
    expected = sum(math.comb(2, k) * (1 / 6) ** k * (5 / 6) ** (2 - k) * plain[2 - k] for k in range(3))
    assert win_chance(["fighter"] * 2 + ["armour"], ["infantry", "infantry"], aa_gun=True) == pytest.approx(expected)
    assert win_chance(["armour"], ["infantry"], aa_gun=True) == win_chance(["armour"], ["infantry"])


def test_aa_fire_at_many_aircraft_takes_the_expected_hits() -> None:
    """Beyond ``AA_EXACT`` ways for the AA dice to fall, the odds remove a sixth of each kind of
    aircraft (rounded) instead of summing every way: twelve fighters lose two."""
    from engines.axis_allies.odds import AA_EXACT, win_chance

    attackers = ["fighter"] * 12 + ["armour"] * 2
    defenders = ["infantry"] * 10
    assert 12 + 1 > AA_EXACT
    assert win_chance(attackers, defenders, aa_gun=True) == win_chance(["fighter"] * 10 + ["armour"] * 2, defenders)


def test_a_battle_too_large_for_the_chain_is_solved_at_half_size() -> None:
    """Above ``LARGEST`` (attackers times defenders) the odds take every second unit of each side
    in the order they are lost, until it fits; losses scale back up."""
    from engines.axis_allies.odds import LARGEST, army, expected_losses, win_chance

    attackers = ["infantry"] * 12 + ["armour"] * 12
    defenders = ["infantry"] * 16
    assert len(attackers) * len(defenders) > LARGEST >= 12 * 8
    a, d = army(attackers, True), army(defenders, False)
    assert win_chance(attackers, defenders) == win_chance(a[1::2], d[1::2])
    half = expected_losses(a[1::2], d[1::2])
    assert expected_losses(attackers, defenders) == (2 * half[0], 2 * half[1])
