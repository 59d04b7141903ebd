"""Notation of Axis & Allies (docs/games/axis_allies.md, "Notation").

Units are counts and short names (``2 inf 1 arm``; full names, plurals and the rulebook's Dutch
words read too), places are territory names (the name, the label the map picture prints, Dutch
names, any unambiguous prefix, common spellings), a path is joined by ``->`` (also ``→``, ``to``
and ``naar``; typographic dashes read as ``-``):

==========================================  ===============================================
``tech 2``                                  weapons development: two research dice (5 IPCs each)
``buy 3 inf 1 arm``                         purchase
``move 2 inf 1 arm Ukraine -> Caucasus``    a move (the route is filled in when only the ends are given)
``load 2 inf Karelia -> Karelia Sea Zone``  land units board a transport in the sea zone
``unload 2 inf Baltic -> Karelia``          land units aboard leave their transport
``unload 1 inf Baltic -> Karelia from trn with 1 inf 1 arm``  ... from the transport with that cargo
``bomb 1 bmr Germany -> Russia``            a strategic bombing raid
``attack Karelia``                          fight the battle there next
``attack Karelia until done``               ... to its end, no question after each round;
``attack Karelia until done retreat when below 2``  ... retreating once fewer than 2 attackers are left
``lose 2 inf``                              casualties
``continue`` / ``retreat Karelia``          after a round of a battle
``submerge Baltic`` / ``stay``              submarines after a round
``rocket Germany -> Russia``                rockets: an AA gun hits a complex
``place 3 inf Germany``                     placement
``end``                                     end the phase
``end anyway``                              end the non-combat move, losing aircraft that could still land
``undo``                                    take back the last order of this phase (before any dice)
==========================================  ===============================================

>>> parse("buy 3 inf 1 tank").units
(('infantry', 3), ('armour', 1))
>>> from engines.axis_allies.moves import format_move
>>> format_move(parse("move 2 infanterie 1 arm Ukraine -> Caucas"))
'move 2 inf 1 arm Ukraine S.S.R. -> Caucasus'
>>> format_move(parse("lose 1 bb")), format_move(parse("press on")), format_move(parse("end phase"))
('lose 1 bb', 'continue', 'end')
>>> format_move(parse("move 1 arm E. Europe to Oost-Europa")), format_move(parse("move 2 inf Rusland \u2192 Karelië"))
('move 1 arm Eastern Europe -> Eastern Europe', 'move 2 inf Russia -> Karelia S.S.R.')
>>> format_move(parse("place 1 bb Sov. Far East")), format_move(parse("place 1 inf Sov. Far East"))
('place 1 bb Soviet Far East Sea Zone', 'place 1 inf Soviet Far East')
>>> format_move(parse("load 2 inf Karelia to Karelia"))
'load 2 inf Karelia S.S.R. -> Karelia Sea Zone'
"""

from __future__ import annotations

from collections.abc import Sequence

from engines.axis_allies.map import CLASSIC, AmbiguousTerritory, UnknownTerritory
from engines.axis_allies.moves import (
    AttackAction,
    AxisAlliesMove,
    BuyAction,
    Counts,
    EndAction,
    LoseAction,
    MoveKind,
    PlaceAction,
    PressOnAction,
    RetreatAction,
    RocketAction,
    StayAction,
    SubmergeAction,
    TechAction,
    UndoAction,
    along,
)
from engines.axis_allies.units import UNITS, find_unit
from engines.core.errors import AmbiguousMoveError, InvalidMoveError
from engines.core.move_text import plain_dashes

EXPECTED = (
    "tech 2 | buy 3 inf 1 arm | move 2 inf 1 arm Ukraine -> Caucasus | load 2 inf Karelia -> Karelia Sea Zone | "
    "unload 2 inf Baltic -> Karelia | bomb 1 bmr Germany -> Russia | attack Karelia | lose 2 inf | continue | "
    "retreat Karelia | submerge Baltic | stay | rocket Germany -> Russia | place 3 inf Germany | end | end anyway | undo"
)
VERBS: dict[str, MoveKind] = {
    "tech": "tech", "research": "tech", "ontwikkel": "tech", "buy": "buy", "koop": "buy", "move": "move",
    "zet": "move", "load": "load", "laad": "load", "unload": "unload", "los": "unload", "bomb": "bomb",
    "bombardeer": "bomb", "attack": "attack", "val": "attack", "aanval": "attack", "lose": "lose",
    "verlies": "lose", "continue": "press_on", "press": "press_on", "door": "press_on", "retreat": "retreat",
    "terug": "retreat", "submerge": "submerge", "duik": "submerge", "stay": "stay", "blijf": "stay",
    "rocket": "rocket", "raket": "rocket", "place": "place", "plaats": "place", "end": "end", "einde": "end",
    "klaar": "end", "undo": "undo", "herstel": "undo",
}
ARROWS = ("->", "to", "naar")
"""Words that join the places of a path (``→`` is read as ``->`` first)."""
Domain = str | None
"""``land`` or ``sea`` when the order's units can only be there; ``None`` when either fits."""


FORMS: dict[MoveKind, str] = {
    "tech": "tech 2", "buy": "buy 3 inf 1 arm", "move": "move 2 inf 1 arm Ukraine -> Caucasus",
    "load": "load 2 inf Karelia -> Karelia Sea Zone", "unload": "unload 2 inf Baltic -> Karelia",
    "bomb": "bomb 1 bmr Germany -> Russia", "attack": "attack Karelia", "lose": "lose 2 inf", "press_on": "continue",
    "retreat": "retreat Karelia", "submerge": "submerge Baltic", "stay": "stay", "rocket": "rocket Germany -> Russia",
    "place": "place 3 inf Germany", "end": "end", "undo": "undo",
}
"""The form of each order (as ``EXPECTED`` lists them), for an order begun but not whole."""


def invalid(text: str, why: str = "") -> InvalidMoveError:
    return InvalidMoveError("axis_allies.invalid_move", f"not an action: {text!r} {why}", move=text, expected=EXPECTED)


def incomplete(text: str, verb: MoveKind) -> InvalidMoveError:
    """An order whose first word is known but whose rest does not read (``retreat`` alone):
    the form of that order, not of every order."""
    return InvalidMoveError("axis_allies.incomplete_order", f"not a whole {verb} order: {text!r}",
                            move=text, example=FORMS[verb])


def territory(text: str, whole: str, domain: Domain = None) -> str:
    """A territory id from what was typed; unknown names list the near ones.

    A name that could be a land or a sea zone (``Sov. Far East`` is printed on both boxes) is
    the one of the two the order's units can be in (``domain``): infantry is never at sea, a
    battleship never on land. Otherwise it stays ambiguous and the candidates are listed.
    """
    try:
        found = CLASSIC.find(text)
        if domain is not None and found.kind != domain:
            # ``Karelia`` is the land's short name and the label of its sea zone's box.
            fitting = [tid for tid in CLASSIC.labelled(text) if CLASSIC.territories[tid].kind == domain]
            if len(fitting) == 1:
                return fitting[0]
        return found.id
    except UnknownTerritory as error:
        stray = _stray_word(text)
        if stray is not None:
            raise InvalidMoveError("axis_allies.stray_word", f"{stray[0]!r} before a place: {text!r}", name=text,
                                   word=stray[0], place=stray[1]) from None
        if not error.near:
            raise InvalidMoveError("axis_allies.unknown_territory_far", f"unknown territory {text!r}", name=text) from None
        raise InvalidMoveError(
            "axis_allies.unknown_territory", f"unknown territory {text!r}", name=text, near=error.near
        ) from None
    except AmbiguousTerritory as error:
        fitting = [tid for tid in error.ids if domain is None or CLASSIC.territories[tid].kind == domain]
        if len(fitting) == 1:
            return fitting[0]
        names = [CLASSIC.territories[tid].name for tid in fitting] if fitting else error.candidates
        raise AmbiguousMoveError(
            "axis_allies.ambiguous_territory", f"{text!r} could be several", name=text,
            candidates=sorted(names)[:8],
        ) from None


STRAY_WORDS = ("from", "to", "van", "naar", "in", "into")
"""Words a newcomer puts before a place (``from Caucasus``) that orders do without."""


def _stray_word(text: str) -> tuple[str, str] | None:
    """``("from", "Caucasus")`` for ``from Caucasus``: a word of ``STRAY_WORDS`` before a place
    the map knows; the order is refused with this, never read without the word."""
    word, _, rest = text.strip().partition(" ")
    if word.lower() not in STRAY_WORDS or not rest.strip():
        return None
    try:
        return word, CLASSIC.find(rest.strip()).name
    except (UnknownTerritory, AmbiguousTerritory):
        return None


def domain_of(counts: Counts) -> Domain:
    """Where units of ``counts`` can stand: ``land`` for land units and buildings, ``sea`` for
    ships, ``None`` when aircraft (or both kinds) are among them."""
    domains = {"land" if UNITS[k].domain == "building" else UNITS[k].domain for k, _ in counts}
    return domains.pop() if len(domains) == 1 and domains <= {"land", "sea"} else None


def split_path(words: list[str]) -> list[str]:
    """The places of a path, split at ``->`` (or ``to``, ``naar``: :data:`ARROWS`).

    >>> split_path("Karelia -> Karelia Sea Zone".split()), split_path(["Russia->Karelia"])
    (['Karelia', 'Karelia Sea Zone'], ['Russia', 'Karelia'])
    """
    places: list[list[str]] = [[]]
    for word in " ".join(words).replace("->", " -> ").split():
        if word.lower() in ARROWS:
            places.append([])
        else:
            places[-1].append(word)
    return [" ".join(p) for p in places]


def read_units(words: list[str], whole: str) -> tuple[Counts, list[str]]:
    """Leading ``<count> <unit>`` pairs (a bare unit counts 1); returns them and the rest.

    A unit's name may be several words (``aircraft carrier``, ``aa gun``); a word after a count
    that names no unit is refused with every unit there is (:func:`unknown_unit`).
    """
    counts: dict[str, int] = {}
    i = 0
    while i < len(words):
        n = 1
        if words[i].isdigit():
            n = int(words[i])
            i += 1
            if i == len(words):
                raise invalid(whole, "a count needs a unit")
        found = _unit_at(words, i)
        if found is None:
            if words[i - 1].isdigit() if i else False:
                raise unknown_unit(whole, words[i])
            break
        kind, length = found
        counts[kind] = counts.get(kind, 0) + n
        i += length
    ordered = tuple((k, counts[k]) for k in UNITS if counts.get(k))
    return ordered, words[i:]


UNIT_WORDS = max(len(name.split()) for u in UNITS.values() for name in (u.name, *u.aliases))
"""The most words a unit's name has (``industrieel complex``, ``anti-aircraft gun``: 2)."""


def _unit_at(words: list[str], i: int) -> tuple[str, int] | None:
    """The unit named at ``words[i]`` and how many words its name takes, the longest name first
    (``aa gun`` before ``aa``); ``None`` when no unit is named there."""
    for length in range(min(UNIT_WORDS, len(words) - i), 0, -1):
        found = find_unit(" ".join(words[i : i + length]))
        if found is not None:
            return found.id, length
    return None


def unknown_unit(whole: str, word: str) -> InvalidMoveError:
    """``word`` names no unit: the answer names it and every unit, by id (the catalog words each
    with the short form orders write)."""
    return InvalidMoveError("axis_allies.no_such_unit", f"no such unit {word!r} in {whole!r}", move=whole, word=word,
                            kinds=list(UNITS))


def parse(text: str) -> AxisAlliesMove:
    """Read one action (territories resolved, the route not yet filled in)."""
    text = plain_dashes(text).replace("\u2192", "->")
    words = text.strip().split()
    if not words:
        raise invalid(text)
    verb = VERBS.get(words[0].lower())
    rest = words[1:]
    if verb is None:
        raise invalid(text)
    if verb == "end" and (not rest or [w.lower() for w in rest] == ["phase"]):
        return EndAction()
    if verb == "end" and [w.lower() for w in rest] in (["anyway"], ["toch"]):
        return EndAction(anyway=True)
    if verb == "press_on" and (not rest or [w.lower() for w in rest] in (["on"], ["door"])):
        return PressOnAction()
    if verb == "stay" and not rest:
        return StayAction()
    if verb == "undo" and not rest:
        return UndoAction()
    if verb == "attack" and "until" in [w.lower() for w in rest]:
        return _attack_until_done(rest, text)
    if verb == "tech" and len(rest) == 1 and rest[0].isdigit():
        return TechAction(count=int(rest[0]))
    if verb in ("buy", "lose"):
        counts, left = read_units(rest, text)
        if not counts and left and not left[0].isdigit():
            raise unknown_unit(text, left[0])  # buy zeppelins
        if not counts or left:
            raise incomplete(text, verb)
        return BuyAction(units=counts) if verb == "buy" else LoseAction(units=counts)
    if verb == "attack" and rest:
        return AttackAction(to=territory(" ".join(rest), text))
    if verb == "retreat" and rest:
        return RetreatAction(to=territory(" ".join(rest), text))
    if verb == "submerge" and rest:
        return SubmergeAction(to=territory(" ".join(rest), text, "sea"))
    if verb == "place":
        counts, left = read_units(rest, text)
        if not counts or not left:
            raise incomplete(text, verb)
        return PlaceAction(units=counts, to=territory(" ".join(left), text, domain_of(counts)))
    if verb == "rocket":
        ends = split_path(rest)
        if len(ends) != 2 or not all(ends):
            raise incomplete(text, verb)
        return RocketAction(frm=territory(ends[0], text, "land"), to=territory(ends[1], text, "land"))
    if verb in ("move", "load", "unload", "bomb"):
        counts, left = read_units(rest, text)
        aboard: Counts = ()
        if verb == "unload":
            left, aboard = _named_transport(left, text)
        places = split_path(left)
        if not counts or len(places) < 2 or not all(places):
            raise incomplete(text, verb)
        domains = _path_domains(verb, counts, len(places))
        path = tuple(territory(p, text, d) for p, d in zip(places, domains))
        return along(verb, units=counts, path=path, aboard=aboard)
    raise incomplete(text, verb)


TRANSPORT_NAMING = (("from", "trn", "with"), ("from", "transport", "with"), ("van", "trn", "met"),
                    ("van", "transport", "met"), ("van", "transportschip", "met"))
"""The words that name the transport of an unload by its cargo (decision M16)."""


def _named_transport(words: list[str], whole: str) -> tuple[list[str], Counts]:
    """Split ``... from trn with 1 inf 1 arm`` off an unload's path: (the path's words, the cargo)."""
    lower = [w.lower() for w in words]
    for i in range(len(words) - 2):
        if tuple(lower[i : i + 3]) in TRANSPORT_NAMING:
            cargo, left = read_units(words[i + 3 :], whole)
            if not cargo or left:
                raise invalid(whole, "(unload 1 inf North Sea -> Western Europe from trn with 1 inf 1 arm)")
            return words[:i], cargo
    return words, ()


def _attack_until_done(rest: list[str], text: str) -> AxisAlliesMove:
    """``attack <place> until done [retreat [to <place>] when below <n> [units]]``."""
    lower = [w.lower() for w in rest]
    at = lower.index("until")
    if at == 0 or lower[at + 1 : at + 2] != ["done"]:
        raise invalid(text)
    target = territory(" ".join(rest[:at]), text)
    plan = lower[at + 2 :]
    if not plan:
        return AttackAction(to=target, until_done=True)
    if plan[-1] in ("unit", "units", "eenheden"):
        plan = plan[:-1]
    if len(plan) < 4 or plan[0] != "retreat" or plan[-3:-1] != ["when", "below"] or not plan[-1].isdigit():
        raise invalid(text, "(attack Karelia until done retreat when below 2)")
    where = None
    if len(plan) > 4:
        if plan[1] not in ARROWS:
            raise invalid(text, "(attack Karelia until done retreat to Russia when below 2)")
        where = territory(" ".join(rest[at + 4 : at + 2 + len(plan) - 3]), text)
    return AttackAction(to=target, until_done=True, retreat_below=int(plan[-1]), retreat_to=where)


def _path_domains(verb: str, counts: Counts, n: int) -> Sequence[Domain]:
    """Where each place of an order's path must be, as far as its units decide it: a move of
    land units stays on land, of ships at sea; a load goes from land to sea, an unload from sea
    to land; a bombing raid ends on land. Aircraft fly over both."""
    if verb == "load":
        return ["land"] + ["sea"] * (n - 1)
    if verb == "unload":
        return ["sea"] + ["land"] * (n - 1)
    if verb == "bomb":
        return [None] * (n - 1) + ["land"]
    return [domain_of(counts)] * n


