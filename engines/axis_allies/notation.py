"""Notation of Axis & Allies (docs/games/axis_allies.md, "Notation").

Units are counts and short names (``2 inf 1 arm``; full names, plurals and the rulebook's Dutch
words read too), places are territory names (any unambiguous prefix, common spellings), a path
is joined by ``->``:

==========================================  ===============================================
``tech 2``                                  weapons development: two research dice (5 IPCs each)
``buy 3 inf 1 arm``                         purchase
``move 2 inf 1 arm Ukraine -> Caucasus``    a move (the route is filled in when only the ends are given)
``load 2 inf Karelia -> Karelia Sea Zone``  land units board a transport in the sea zone
``unload 2 inf Baltic -> Karelia``          land units aboard leave their transport
``bomb 1 bmr Germany -> Russia``            a strategic bombing raid
``attack Karelia``                          fight the battle there next
``lose 2 inf``                              casualties
``continue`` / ``retreat Karelia``          after a round of a battle
``submerge Baltic`` / ``stay``              submarines after a round
``rocket Germany -> Russia``                rockets: an AA gun hits a complex
``place 3 inf Germany``                     placement
``end``                                     end the phase
==========================================  ===============================================

>>> parse("buy 3 inf 1 tank").units
(('infantry', 3), ('armour', 1))
>>> format_move(parse("move 2 infanterie 1 arm Ukraine -> Caucas"))
'move 2 inf 1 arm Ukraine S.S.R. -> Caucasus'
>>> format_move(parse("lose 1 bb")), format_move(parse("press on")), format_move(parse("end phase"))
('lose 1 bb', 'continue', 'end')
"""

from __future__ import annotations

from engines.axis_allies.map import CLASSIC, AmbiguousTerritory, UnknownTerritory
from engines.axis_allies.moves import AxisAlliesMove, Counts
from engines.axis_allies.units import UNITS, UnknownUnit, unit
from engines.core.errors import AmbiguousMoveError, InvalidMoveError

SHORT = {
    "infantry": "inf", "armour": "arm", "fighter": "ftr", "bomber": "bmr", "submarine": "sub",
    "transport": "trn", "carrier": "car", "battleship": "bb", "aa_gun": "aa", "factory": "ic",
}
"""The short names canonical texts use."""
EXPECTED = (
    "tech 2 | buy 3 inf 1 arm | move 2 inf 1 arm Ukraine -> Caucasus | load 2 inf Karelia -> Karelia Sea Zone | "
    "unload 2 inf Baltic -> Karelia | bomb 1 bmr Germany -> Russia | attack Karelia | lose 2 inf | continue | "
    "retreat Karelia | submerge Baltic | stay | rocket Germany -> Russia | place 3 inf Germany | end"
)
VERBS = {
    "tech": "tech", "research": "tech", "ontwikkel": "tech", "buy": "buy", "koop": "buy", "move": "move",
    "zet": "move", "load": "load", "laad": "load", "unload": "unload", "los": "unload", "bomb": "bomb",
    "bombardeer": "bomb", "attack": "attack", "val": "attack", "aanval": "attack", "lose": "lose",
    "verlies": "lose", "continue": "press_on", "press": "press_on", "door": "press_on", "retreat": "retreat",
    "terug": "retreat", "submerge": "submerge", "duik": "submerge", "stay": "stay", "blijf": "stay",
    "rocket": "rocket", "raket": "rocket", "place": "place", "plaats": "place", "end": "end", "einde": "end",
    "klaar": "end",
}


def invalid(text: str, why: str = "") -> InvalidMoveError:
    return InvalidMoveError("axis_allies.invalid_move", f"not an action: {text!r} {why}", move=text, expected=EXPECTED)


def territory(text: str, whole: str) -> str:
    """A territory id from what was typed; unknown names list the near ones."""
    try:
        return CLASSIC.find(text).id
    except UnknownTerritory as error:
        raise InvalidMoveError(
            "axis_allies.unknown_territory", f"unknown territory {text!r}", name=text, near=error.near
        ) from None
    except AmbiguousTerritory as error:
        raise AmbiguousMoveError(
            "axis_allies.ambiguous_territory", f"{text!r} could be several", name=text,
            candidates=error.candidates[:8],
        ) from None


def read_units(words: list[str], whole: str) -> tuple[Counts, list[str]]:
    """Leading ``<count> <unit>`` pairs (a bare unit counts 1); returns them and the rest."""
    counts: dict[str, int] = {}
    i = 0
    while i < len(words):
        n = 1
        if words[i].isdigit():
            n = int(words[i])
            i += 1
            if i == len(words):
                raise invalid(whole, "a count needs a unit")
        try:
            kind = unit(words[i]).id
        except UnknownUnit:
            if words[i - 1].isdigit() if i else False:
                raise invalid(whole, f"unknown unit {words[i]!r}") from None
            break
        counts[kind] = counts.get(kind, 0) + n
        i += 1
    ordered = tuple((k, counts[k]) for k in UNITS if counts.get(k))
    return ordered, words[i:]


def parse(text: str) -> AxisAlliesMove:
    """Read one action (territories resolved, the route not yet filled in)."""
    M = AxisAlliesMove
    words = text.strip().split()
    if not words:
        raise invalid(text)
    verb = VERBS.get(words[0].lower())
    rest = words[1:]
    if verb is None:
        raise invalid(text)
    if verb == "end" and (not rest or [w.lower() for w in rest] == ["phase"]):
        return M(kind="end")
    if verb == "press_on" and (not rest or [w.lower() for w in rest] in (["on"], ["door"])):
        return M(kind="press_on")
    if verb == "stay" and not rest:
        return M(kind="stay")
    if verb == "tech" and len(rest) == 1 and rest[0].isdigit():
        return M(kind="tech", count=int(rest[0]))
    if verb in ("buy", "lose"):
        counts, left = read_units(rest, text)
        if not counts or left:
            raise invalid(text)
        return M(kind=verb, units=counts)
    if verb in ("attack", "retreat", "submerge") and rest:
        return M(kind=verb, to=territory(" ".join(rest), text))
    if verb == "place":
        counts, left = read_units(rest, text)
        if not counts or not left:
            raise invalid(text)
        return M(kind="place", units=counts, to=territory(" ".join(left), text))
    if verb == "rocket":
        ends = [p.strip() for p in " ".join(rest).split("->")]
        if len(ends) != 2 or not all(ends):
            raise invalid(text)
        return M(kind="rocket", frm=territory(ends[0], text), to=territory(ends[1], text))
    if verb in ("move", "load", "unload", "bomb"):
        counts, left = read_units(rest, text)
        places = [p.strip() for p in " ".join(left).split("->")]
        if not counts or len(places) < 2 or not all(places):
            raise invalid(text)
        return M(kind=verb, units=counts, path=tuple(territory(p, text) for p in places))
    raise invalid(text)


def units_text(counts: Counts) -> str:
    return " ".join(f"{n} {SHORT[k]}" for k, n in counts)


def name(tid: str) -> str:
    return CLASSIC.territories[tid].name


def format_move(move: AxisAlliesMove) -> str:
    """The canonical text; ``parse(format_move(m))`` gives ``m`` back."""
    k = move.kind
    if k in ("end", "stay"):
        return k
    if k == "press_on":
        return "continue"
    if k == "tech":
        return f"tech {move.count}"
    if k in ("buy", "lose"):
        return f"{k} {units_text(move.units)}"
    if k in ("attack", "retreat", "submerge"):
        return f"{k} {name(move.to or '')}"
    if k == "place":
        return f"place {units_text(move.units)} {name(move.to or '')}"
    if k == "rocket":
        return f"rocket {name(move.frm or '')} -> {name(move.to or '')}"
    return f"{k} {units_text(move.units)} " + " -> ".join(name(t) for t in move.path)


