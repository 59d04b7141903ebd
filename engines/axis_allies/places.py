"""One territory or sea zone described on request (``/territory``), and the names autocomplete
offers for it.

The description is message codes + params like the narration's: who holds it, its IPC value, a
capital, the units there by power, its neighbours, and whether a canal or the neutral rule
applies. Places are passed by name (the bot words them in the reader's language).

>>> from engines.axis_allies.options import AxisAlliesOptions
>>> from engines.axis_allies.state import initial_state
>>> lines = describe_place(initial_state(AxisAlliesOptions()), "Oost-Europa")
>>> lines[0]
('axis_allies.place_land', {'territory': 'Eastern Europe', 'power': 'germany', 'ipc': 3})
>>> [code.split(".")[1] for code, _ in describe_place(initial_state(AxisAlliesOptions()), "Egypte")]
['place_land', 'place_units', 'place_canal', 'place_neighbours']
>>> describe_place(initial_state(AxisAlliesOptions()), "Kar")[0][0]
'axis_allies.ambiguous_territory'
>>> place_choices("oost", "nl", 3)
[('Oost-Canada (Eastern Canada)', 'eastern_canada'), ('Oost-Europa (Eastern Europe)', 'eastern_europe'), ('Oost-Indië (East Indies)', 'east_indies')]
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from typing import Any

from engines.axis_allies.map import CLASSIC, AmbiguousTerritory, Territory, UnknownTerritory
from engines.axis_allies.state import AxisAlliesState
from engines.axis_allies.units import UNITS, normalise

Line = tuple[str, dict[str, Any]]

TURN_ORDER = tuple(p.id for p in CLASSIC.powers)
UNIT_ORDER = {kind: i for i, kind in enumerate(UNITS)}


def _shown(t: Territory, language: str) -> str:
    """A choice's name: the Dutch name first for Dutch readers, with the English one after it."""
    dutch = CLASSIC.dutch_name(t.id) if language == "nl" else None
    return f"{dutch} ({t.name})" if dutch else t.name


@cache
def _words(tid: str) -> tuple[str, ...]:
    """Every name of ``tid`` in its normalised form: id, name, label, aliases, Dutch names."""
    t = CLASSIC.territories[tid]
    dutch = CLASSIC.dutch_name(tid)
    return tuple(dict.fromkeys(normalise(w) for w in (t.name, t.label, *t.aliases, *t.dutch, dutch or "", t.id) if w))


def place_choices(typed: str, language: str, limit: int) -> list[tuple[str, str]]:
    """Up to ``limit`` (shown name, id) pairs: places a name of which starts with ``typed``,
    then those with a word that starts with it, then those that contain it; by shown name."""
    key = normalise(typed)
    ranked: list[tuple[int, str, str]] = []
    for tid, t in CLASSIC.territories.items():
        words = _words(tid)
        if not key or any(w.startswith(key) for w in words):
            rank = 0
        elif any(part.startswith(key) for w in words for part in w.split()):
            rank = 1
        elif any(key in w for w in words):
            rank = 2
        else:
            continue
        ranked.append((rank, _shown(t, language), tid))
    ranked.sort(key=lambda item: (item[0], normalise(item[1])))
    return [(shown, tid) for _, shown, tid in ranked[:limit]]


def find(text: str) -> Territory | Line:
    """The place ``text`` names (an id too), or the line saying it names none or several."""
    if text in CLASSIC.territories:
        return CLASSIC.territories[text]
    try:
        return CLASSIC.find(text)
    except UnknownTerritory as error:
        if not error.near:
            return ("axis_allies.unknown_territory_far", {"name": text})
        return ("axis_allies.unknown_territory", {"name": text, "near": error.near})
    except AmbiguousTerritory as error:
        return ("axis_allies.ambiguous_territory", {"name": text, "candidates": sorted(error.candidates)[:8]})


def describe_place(state: AxisAlliesState, text: str) -> tuple[Line, ...]:
    """What ``/territory`` says about the place ``text`` names, in this state."""
    found = find(text)
    if isinstance(found, tuple):
        return (found,)
    t = found
    holder = state.owner(t.id)
    lines: list[Line] = []
    if t.is_sea:
        lines.append(("axis_allies.place_sea", {"territory": t.name}))
    elif holder is None:
        lines.append(("axis_allies.place_neutral", {"territory": t.name}))
    else:
        lines.append(("axis_allies.place_land", {"territory": t.name, "power": holder, "ipc": t.ipc}))
    if t.capital_of is not None:
        lines.append(("axis_allies.place_capital", {"power": t.capital_of}))
    if holder is not None and t.owner is not None and holder != t.owner:
        lines.append(("axis_allies.place_first_holder", {"power": t.owner}))
    if t.neutral:
        if holder is None:
            lines.append(("axis_allies.place_neutral_rule", {"fee": 3}))
        else:
            lines.append(("axis_allies.place_neutral_taken", {"power": holder}))
    lines += _units(state, t.id)
    if t.id in state.battles or t.id in state.raids or (state.battle is not None and state.battle.territory == t.id):
        lines.append(("axis_allies.place_battle", {"territory": t.name}))
    for canal in CLASSIC.canals:
        if t.id in canal.land or t.id in canal.sea_zones:
            holders = sorted({p for land in canal.land if (p := state.owner(land)) is not None}, key=TURN_ORDER.index)
            lines.append(("axis_allies.place_canal", {
                "canal": canal.id,
                "zones": [CLASSIC.territories[z].name for z in canal.sea_zones],
                "territories": [CLASSIC.territories[land].name for land in canal.land],
                "powers": holders,
            }))
    neighbours = sorted(CLASSIC.neighbours(t.id), key=lambda n: (CLASSIC.territories[n].is_sea, CLASSIC.territories[n].name))
    lines.append(("axis_allies.place_neighbours", {"territories": [CLASSIC.territories[n].name for n in neighbours]}))
    return tuple(lines)


def _units(state: AxisAlliesState, tid: str) -> list[Line]:
    by_power: dict[str, Counter[str]] = {}
    for u in state.units:
        if u.at == tid:
            by_power.setdefault(u.power, Counter())[u.kind] += 1
    if not by_power:
        return [("axis_allies.place_no_units", {})]
    return [
        ("axis_allies.place_units", {
            "power": power,
            "units": [[kind, n] for kind, n in sorted(by_power[power].items(), key=lambda kv: UNIT_ORDER[kv[0]])],
        })
        for power in sorted(by_power, key=lambda p: TURN_ORDER.index(p) if p in TURN_ORDER else len(TURN_ORDER))
    ]
