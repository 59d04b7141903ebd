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
import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import TYPE_CHECKING, Any

from engines.axis_allies.map import AmbiguousTerritory, find_territory
from engines.axis_allies.units import UNITS, UnknownName, find_unit, unit
from engines.core.errors import EngineError

if TYPE_CHECKING:
    from engines.axis_allies.state import AxisAlliesState

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
    defending = tuple(defenders)
    return sum(p * _outcome(*_fit(army(left, True), army(defending, False))[:2])[0]
               for p, left in _after_aa(list(attackers), aa_gun))


def _after_aa(attacking: list[str], aa_gun: bool) -> list[tuple[float, list[str]]]:
    """The attackers left after a defending AA gun's fire (``aa_gun``), each way with its chance:
    summed exactly up to ``AA_EXACT`` ways, else the expected hits removed (one way)."""
    air = sorted({k for k in attacking if UNITS[k].domain == "air"}) if aa_gun else []
    if not air:
        return [(1.0, attacking)]
    if math.prod(attacking.count(k) + 1 for k in air) > AA_EXACT:  # too many chains: the expected hits
        left = list(attacking)
        for kind in air:
            for _ in range(round(attacking.count(kind) / 6)):
                left.remove(kind)
        return [(1.0, left)]
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
    return ways


# ------------------------------------------------------------------ /odds: the whole answer

Ends = tuple[tuple[tuple[Army, Army], float], ...]


@lru_cache(maxsize=200_000)
def _ends(a: Army, d: Army) -> Ends:
    """How the battle of ``a`` against ``d`` ends: each pair of armies left standing with its
    chance (the same chain as ``_outcome``). Armies that can no longer hit each other end it
    with both standing: the attack does not win."""
    if not a or not d:
        return (((a, d), 1.0),)
    stay = 0.0
    found: dict[tuple[Army, Army], float] = {}
    for (a2, d2), p in _round(a, d).items():
        if (a2, d2) == (a, d):
            stay += p
            continue
        for end, q in _ends(a2, d2):
            found[end] = found.get(end, 0.0) + p * q
    if stay >= 1.0:
        return (((a, d), 1.0),)
    return tuple((end, p / (1 - stay)) for end, p in found.items())


@dataclass(frozen=True)
class BattleOdds:
    """What ``/odds`` answers: the chances that the attacker wins (the defenders all fall, some
    attacker stands), loses (the defender holds) or that both sides fall (a draw), and the units
    each side has left on average. ``scale`` above 1: the battle was too large for the chain
    and was solved at 1/``scale`` of its size (``LARGEST``), the figures scaled back."""

    win: float
    lose: float
    draw: float
    attackers_left: tuple[tuple[str, float], ...]
    defenders_left: tuple[tuple[str, float], ...]
    scale: int = 1


def battle_odds(attackers: Iterable[str], defenders: Iterable[str], aa_gun: bool = False) -> BattleOdds:
    """The whole answer for a battle (``BattleOdds``), from the chain the computer plays by;
    ``aa_gun``: a defending AA gun fires at the attacking aircraft first (as ``win_chance``).

    >>> o = battle_odds(("infantry",), ("infantry",))
    >>> round(o.win, 4), round(o.lose, 4), round(o.draw, 4), round(o.win + o.lose + o.draw, 6)
    (0.25, 0.625, 0.125, 1.0)
    >>> [(k, round(n, 4)) for k, n in o.attackers_left], [(k, round(n, 4)) for k, n in o.defenders_left]
    ([('infantry', 0.25)], [('infantry', 0.625)])
    """
    defending = army(defenders, False)
    win = lose = draw = 0.0
    left_a: dict[str, float] = {}
    left_d: dict[str, float] = {}
    largest = 1
    for p_way, attacking in _after_aa(list(attackers), aa_gun):
        a, d, scale = _fit(army(attacking, True), defending)
        largest = max(largest, scale)
        for (a_end, d_end), q in _ends(a, d):
            p = p_way * q
            if a_end and not d_end:
                win += p
            elif not a_end and not d_end:
                draw += p
            else:
                lose += p
            for kind in a_end:
                left_a[kind] = left_a.get(kind, 0.0) + p * scale
            for kind in d_end:
                left_d[kind] = left_d.get(kind, 0.0) + p * scale
    order = {kind: n for n, kind in enumerate(UNITS)}
    return BattleOdds(
        win, lose, draw,
        tuple(sorted(left_a.items(), key=lambda kv: order[kv[0]])),
        tuple(sorted(left_d.items(), key=lambda kv: order[kv[0]])),
        largest,
    )


MOST_UNITS = 100
"""The most units one side of ``/odds`` may name (the chain is solved in a worker, and a larger
battle only halves again: ``LARGEST``)."""
_COUNT = re.compile(r"(\d+)x?")


def parse_army(text: str, attacking: bool) -> list[str]:
    """The unit ids ``text`` names for ``/odds``: counts and unit words, ``3 inf 2 arm 1 ftr``
    (a word without a count is one unit; commas may separate them). Raises ``EngineError``
    with what was wrong: an unknown word (with close names and every unit the game knows), a
    count of 0, an AA gun attacking, an industrial complex, too many units.

    >>> parse_army("3 inf, 2 arm 1 fighter", True)
    ['infantry', 'infantry', 'infantry', 'armour', 'armour', 'fighter']
    >>> parse_army("4 inf 1 aa gun", False)
    ['infantry', 'infantry', 'infantry', 'infantry', 'aa_gun']
    >>> parse_army("99999999999999 inf", True)
    Traceback (most recent call last):
    ...
    engines.core.errors.EngineError: odds too many
    """
    words = text.replace(",", " ").replace(";", " ").split()
    groups: list[tuple[int, list[str]]] = []
    for word in words:
        counted = _COUNT.fullmatch(word.lower())
        if counted is not None:
            groups.append((int(counted[1]), []))
        elif groups and (not groups[-1][1] or find_unit(" ".join(groups[-1][1])) is None or
                         find_unit(" ".join([*groups[-1][1], word])) is not None):
            groups[-1][1].append(word)  # a name of several words: "aa gun", "aircraft carrier"
        else:
            groups.append((1, [word]))
    if not groups:
        raise _odds_error("odds_no_units", text=text)
    kinds: list[str] = []
    for count, name in groups:
        if not name:
            raise _odds_error("odds_count_alone", count=count)
        try:
            kind = unit(" ".join(name)).id
        except UnknownName as error:
            raise _odds_error("odds_unknown_unit", word=" ".join(name), near=error.near) from None
        if count == 0:
            raise _odds_error("odds_zero", word=" ".join(name))
        if kind == "factory" or (attacking and kind == "aa_gun"):
            raise _odds_error("odds_not_fighting" if kind == "factory" else "odds_aa_attacks", unit=kind)
        if len(kinds) + count > MOST_UNITS:  # asked before the list is made: a count may be huge
            raise _odds_error("odds_too_many", most=MOST_UNITS)
        kinds += [kind] * count
    return kinds


def _odds_error(code: str, **params: Any) -> EngineError:
    known = [u.name for u in UNITS.values() if u.id != "factory"]
    return EngineError(f"axis_allies.{code}", code.replace("_", " "), known=known, **params)


def odds_of_text(attack: str, defend: str) -> BattleOdds:
    """``/odds attack:... defend:...``: the battle the two texts name (an AA gun among the
    defenders fires first). Plain text in, plain data out: it runs in a worker process."""
    attackers = parse_army(attack, True)
    defenders = parse_army(defend, False)
    return battle_odds(attackers, [k for k in defenders if k != "aa_gun"], aa_gun="aa_gun" in defenders)


def pending_battle(state: AxisAlliesState, text: str) -> tuple[str, list[str], list[str], bool]:
    """``/odds territory:``: the battle waiting (or being fought) in the place ``text`` names:
    (its id, the attacking units of the power to move's side there, the defenders, whether an
    AA gun defends). Raises ``EngineError`` for a place no battle waits in, or no place at all."""
    try:
        place = state.map.territories[text] if text in state.map.territories else find_territory(text.strip(), state.map)
    except UnknownName as error:
        if not error.near:
            raise EngineError("axis_allies.unknown_territory_far", "unknown territory", name=text) from None
        raise EngineError("axis_allies.unknown_territory", "unknown territory", name=text, near=error.near) from None
    except AmbiguousTerritory as error:
        raise EngineError("axis_allies.ambiguous_territory", "ambiguous territory", name=text,
                          candidates=sorted(error.candidates)[:8]) from None
    fighting = place.id in state.battles or (state.battle is not None and state.battle.territory == place.id)
    if not fighting:
        raise EngineError("axis_allies.odds_no_battle", "no battle there", territory=place.name)
    sides = {p.id: p.side for p in state.map.powers}
    mine = sides[state.power]
    here = [u for u in state.units_at(place.id) if u.carried_by is None]
    attackers = [u.kind for u in here if sides[u.power] == mine and u.kind in FIGHTS]
    defenders = [u.kind for u in here if sides[u.power] != mine and u.kind in FIGHTS]
    aa_gun = any(u.kind == "aa_gun" and sides[u.power] != mine for u in here)
    return place.id, attackers, defenders, aa_gun


def odds_of_battle(state: AxisAlliesState, text: str) -> tuple[str, BattleOdds]:
    """``pending_battle``'s answer: the territory's name and the odds. Runs in a worker process."""
    tid, attackers, defenders, aa_gun = pending_battle(state, text)
    return state.map.territories[tid].name, battle_odds(attackers, defenders, aa_gun)
