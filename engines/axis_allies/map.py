"""The classic Axis & Allies map: territories, sea zones, who borders whom, and the opening set-up.

The map is data (``data/classic.json``, derived once from the board's facts; see
``data/README.md``), loaded here into frozen models so the rules ask questions instead of
reading JSON: :meth:`GameMap.neighbours` for movement, :func:`income` for the income step,
:func:`find_territory` for what a player typed.

Ids are snake_case ASCII. A land territory's id is its name (``karelia_ssr``,
``eastern_united_states``); a sea zone's id is ``sz_`` plus the sea or coast it is named after
(``sz_north_sea``, ``sz_east_mediterranean``, ``sz_alaska``), so an id alone tells land from sea.

>>> CLASSIC.territories["germany"].ipc, CLASSIC.territories["germany"].capital_of
(10, 'germany')
>>> sorted(CLASSIC.neighbours("united_kingdom")), CLASSIC.coastal("united_kingdom")
(['sz_north_sea'], True)
>>> [p.id for p in CLASSIC.powers]
['ussr', 'germany', 'uk', 'japan', 'usa']
>>> income(CLASSIC, CLASSIC.starting_owners())
{'ussr': 24, 'germany': 32, 'uk': 30, 'japan': 25, 'usa': 36}
>>> find_territory("East Mediteranean").id      # TripleA's spelling still finds the zone
'sz_east_mediterranean'
>>> CLASSIC.start["russia"]["ussr"]["infantry"]
4
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from typing import Any, Literal

from pydantic import PrivateAttr

from engines.axis_allies.units import UNITS, UnknownName, classic_data, normalise
from engines.core.contract import Frozen

Kind = Literal["land", "sea"]
Side = Literal["allies", "axis"]


class Territory(Frozen):
    """A land territory or a sea zone as printed on the board at the start of the game."""

    id: str
    name: str
    kind: Kind
    ipc: int
    """Production value: IPCs its owner collects each turn (0 for sea zones and neutrals)."""
    owner: str | None
    """Power id that holds it at the start; ``None`` for neutrals and sea zones."""
    neutral: bool
    impassable: bool
    capital_of: str | None
    factory: bool
    """An industrial complex stands here at the start."""
    aliases: tuple[str, ...] = ()
    """Other spellings players may type: TripleA's name where ours differs, older board names,
    the bare sea name of a sea zone."""
    label: str = ""
    """The short name our map picture prints on the box (``render.axis_allies`` reads it here);
    players may type it too. A sea zone's label may repeat the land it is named after."""
    dutch: tuple[str, ...] = ()
    """Dutch names players may type: the rulebook's (``Libië``) and the usual Dutch exonyms
    (``Oost-Europa``, ``Noordzee``)."""

    @property
    def is_sea(self) -> bool:
        return self.kind == "sea"


class Power(Frozen):
    """One of the five players' nations, in turn order within :attr:`GameMap.powers`."""

    id: str
    name: str
    side: Side
    capital: str
    """Territory id of the capital."""
    ipcs: int
    """IPCs in the bank at the start of the game."""


class Canal(Frozen):
    """A canal joins two sea zones; a power may use it while it (or its allies) holds every ``land``."""

    id: str
    name: str
    sea_zones: tuple[str, str]
    land: tuple[str, ...]


UnitCounts = dict[str, int]
"""Unit id -> how many."""


class GameMap(Frozen):
    """The whole board. Neighbours and the name index are computed once, at load time."""

    territories: dict[str, Territory]
    powers: tuple[Power, ...]
    adjacent: tuple[tuple[str, str], ...]
    """Every border once, as ``(a, b)`` with ``a < b``."""
    canals: tuple[Canal, ...]
    start: dict[str, dict[str, UnitCounts]]
    """Opening set-up: territory id -> power id -> unit counts."""

    _neighbours: dict[str, frozenset[str]] = PrivateAttr(default_factory=dict)
    _sea: frozenset[str] = PrivateAttr(default_factory=frozenset)
    _by_name: dict[str, str] = PrivateAttr(default_factory=dict)
    _by_label: dict[str, tuple[str, ...]] = PrivateAttr(default_factory=dict)

    def model_post_init(self, context: Any, /) -> None:
        self._check_references()
        linked: dict[str, set[str]] = {tid: set() for tid in self.territories}
        for a, b in self.adjacent:
            linked[a].add(b)
            linked[b].add(a)
        self._neighbours = {tid: frozenset(ns) for tid, ns in linked.items()}
        self._sea = frozenset(tid for tid, t in self.territories.items() if t.is_sea)
        self._by_name = self._index_names()
        self._by_label = self._index_labels()

    def _check_references(self) -> None:
        """Refuse a data file whose ids do not hang together (a typo there is a bug, not a rule)."""
        power_ids = {p.id for p in self.powers}
        problems: list[str] = []
        for tid, t in self.territories.items():
            if tid != t.id:
                problems.append(f"territory key {tid!r} holds id {t.id!r}")
            for pid in (t.owner, t.capital_of):
                if pid is not None and pid not in power_ids:
                    problems.append(f"{tid}: unknown power {pid!r}")
        seen: set[tuple[str, str]] = set()
        for a, b in self.adjacent:
            if not a < b or (a, b) in seen:
                problems.append(f"border {a}-{b} is not in order, or listed twice")
            seen.add((a, b))
            problems += [f"border names unknown territory {x!r}"
                         for x in (a, b) if x not in self.territories]
        for p in self.powers:
            capital = self.territories.get(p.capital)
            if capital is None or capital.capital_of != p.id:
                problems.append(f"{p.id}: capital {p.capital!r} is not marked as its capital")
        for c in self.canals:
            problems += [f"{c.id}: unknown territory {x!r}" for x in (*c.sea_zones, *c.land)
                         if x not in self.territories]
        for tid, by_power in self.start.items():
            if tid not in self.territories:
                problems.append(f"start: unknown territory {tid!r}")
            for pid, counts in by_power.items():
                if pid not in power_ids:
                    problems.append(f"start {tid}: unknown power {pid!r}")
                problems += [f"start {tid}: unknown unit {u!r}" for u in counts if u not in UNITS]
        if problems:
            raise ValueError("classic map data: " + "; ".join(problems))

    def _index_names(self) -> dict[str, str]:
        """Every id, name, alias and Dutch name, and the Dutch rulebook's way to name a sea zone
        after its area (``zeegebied Hawaiian Islands``, also with the land's Dutch name: ``zeegebied
        Karelië``). Each names one space only; the loader refuses a file where one does not."""
        index: dict[str, str] = {}

        def add(word: str, tid: str) -> None:
            key = normalise(word)
            if index.setdefault(key, tid) != tid:
                raise ValueError(f"classic map data: {word!r} names both {index[key]} and {tid}")

        for t in self.territories.values():
            for word in (t.id, t.name, *t.aliases, *t.dutch):
                add(word, t.id)
        for t in self.territories.values():
            if t.is_sea:
                for area in _areas(t, self.territories):
                    add(f"zeegebied {area}", t.id)
        return index

    def dutch_name(self, text: str) -> str | None:
        """The Dutch name of the space whose id or name is ``text`` (as the game's messages carry
        it), when there is one: its own Dutch name, or for a sea zone ``zeegebied`` and the Dutch
        name of the land it is named after (the rulebook's way).

        >>> CLASSIC.dutch_name("Eastern Europe"), CLASSIC.dutch_name("karelia_ssr"), CLASSIC.dutch_name("Alaska")
        ('Oost-Europa', 'Karelië', None)
        >>> CLASSIC.dutch_name("Karelia Sea Zone"), CLASSIC.dutch_name("Baltic Sea Zone"), CLASSIC.dutch_name("nowhere")
        ('zeegebied Karelië', 'Oostzee', None)
        """
        space = self.territories.get(text) or next((t for t in self.territories.values() if t.name == text), None)
        if space is None:
            return None
        if space.dutch:
            return space.dutch[0]
        if space.is_sea:
            english = {normalise(w)[: -len(" sea zone")] for w in (space.name, *space.aliases)
                       if normalise(w).endswith(" sea zone")}
            for land in self.territories.values():
                if not land.is_sea and land.dutch and english & {normalise(w) for w in (land.name, *land.aliases)}:
                    return f"zeegebied {land.dutch[0]}"
        return None

    def _index_labels(self) -> dict[str, tuple[str, ...]]:
        """Map labels: one printed on two boxes (``Mozamb.`` on the land and on its sea zone)
        keeps both, so typing it asks which one is meant (a name wins: ``Karelia`` is the land)."""
        index: dict[str, list[str]] = {}
        for t in self.territories.values():
            if t.label:
                index.setdefault(normalise(t.label), []).append(t.id)
        return {key: tuple(sorted(ids)) for key, ids in index.items()}

    def labelled(self, text: str) -> tuple[str, ...]:
        """Ids of the boxes whose map label is ``text``.

        >>> CLASSIC.labelled("Karelia"), CLASSIC.labelled("E. Europe")
        (('karelia_ssr', 'sz_karelia'), ('eastern_europe',))
        """
        return self._by_label.get(normalise(text), ())

    def neighbours(self, tid: str) -> frozenset[str]:
        """Territories and sea zones sharing a border with ``tid`` (canals not considered).

        >>> sorted(CLASSIC.neighbours("panama"))
        ['colombia', 'mexico', 'sz_caribbean', 'sz_west_panama']
        """
        # Straight from the private store: pydantic's ``__getattr__`` for a private attribute costs
        # more than the lookup itself, and movement asks this thousands of times per position.
        return self.__pydantic_private__["_neighbours"][tid]  # type: ignore[index]

    def is_sea(self, tid: str) -> bool:
        """Whether ``tid`` is a sea zone (a set lookup: movement asks it in its inner loops).

        >>> CLASSIC.is_sea("sz_north_sea"), CLASSIC.is_sea("germany")
        (True, False)
        """
        return tid in self.__pydantic_private__["_sea"]  # type: ignore[index]

    def coastal(self, tid: str) -> bool:
        """A land territory that borders a sea zone (ships can reach it; it may build ships).

        >>> CLASSIC.coastal("caucasus"), CLASSIC.coastal("novosibirsk"), CLASSIC.coastal("switzerland")
        (True, False, False)
        """
        t = self.territories[tid]
        return not t.is_sea and any(self.territories[n].is_sea for n in self._neighbours[tid])

    def power(self, pid: str) -> Power:
        """The power with id ``pid``."""
        for p in self.powers:
            if p.id == pid:
                return p
        raise KeyError(pid)

    def starting_owners(self) -> dict[str, str]:
        """Land territory id -> power id holding it at the start (neutrals left out)."""
        return {tid: t.owner for tid, t in self.territories.items() if t.owner is not None}

    def find(self, text: str) -> Territory:
        """See :func:`find_territory`."""
        key = normalise(text)
        if key in self._by_name:
            return self.territories[self._by_name[key]]
        labelled = self._by_label.get(key, ())
        if len(labelled) == 1:
            return self.territories[labelled[0]]
        if labelled:
            raise AmbiguousTerritory(text, sorted(self.territories[tid].name for tid in labelled), labelled)
        if key:
            hits = sorted(
                {tid for name, tid in self._by_name.items() if name.startswith(key)}
                | {tid for label, ids in self._by_label.items() if label.startswith(key) for tid in ids}
            )
            if len(hits) == 1:
                return self.territories[hits[0]]
            if hits:
                raise AmbiguousTerritory(text, sorted(self.territories[tid].name for tid in hits), tuple(hits))
        close = difflib.get_close_matches(key, self._by_name, n=15, cutoff=0.6)
        near = list(dict.fromkeys(self.territories[self._by_name[k]].name for k in close))[:5]
        raise UnknownTerritory(text, near)


def _areas(zone: Territory, territories: Mapping[str, Territory]) -> list[str]:
    """What a sea zone is named after (``Karelia`` of ``Karelia Sea Zone``), and the Dutch names
    of the land of that name (``Karelië``)."""
    areas = [word[: -len(" sea zone")] for word in (zone.name, *zone.aliases)
             if normalise(word).endswith(" sea zone")]
    keys = {normalise(area) for area in areas}
    for land in territories.values():
        if not land.is_sea and keys & {normalise(w) for w in (land.name, *land.aliases, land.label)}:
            areas += land.dutch
    return list(dict.fromkeys(areas))


class UnknownTerritory(UnknownName):
    """Nothing on the map is called ``text``; ``near`` holds up to 5 close territory names."""

    what = "territory"


class AmbiguousTerritory(LookupError):
    """``text`` starts the names of several territories (or is the label of several boxes),
    listed by name in ``candidates`` and by id in ``ids``."""

    def __init__(self, text: str, candidates: list[str], ids: tuple[str, ...] = ()) -> None:
        super().__init__(text, candidates)
        self.text = text
        self.candidates = candidates
        self.ids = ids

    def __str__(self) -> str:
        return f"{self.text!r} could be: {', '.join(self.candidates)}"


def _load_classic() -> GameMap:
    data = classic_data()
    return GameMap(
        territories={row["id"]: Territory.model_validate(
                         {**row, "aliases": tuple(row["aliases"]), "dutch": tuple(row["dutch"])})
                     for row in data["territories"]},
        powers=tuple(Power.model_validate(row) for row in data["powers"]),
        adjacent=tuple((a, b) for a, b in data["adjacent"]),
        canals=tuple(Canal.model_validate({**row, "sea_zones": tuple(row["sea_zones"]),
                                           "land": tuple(row["land"])}) for row in data["canals"]),
        start=data["start"],
    )


CLASSIC: GameMap = _load_classic()
"""The 2nd-edition (classic) board and set-up."""


def territory_name(tid: str | None) -> str:
    """The classic map's name of ``tid`` (``tid`` itself when the map does not know it; ``""``
    for none), for what players read.

    >>> territory_name("karelia_ssr"), territory_name("atlantis"), territory_name(None)
    ('Karelia S.S.R.', 'atlantis', '')
    """
    if not tid:
        return ""
    return CLASSIC.territories[tid].name if tid in CLASSIC.territories else tid


def find_territory(text: str, gmap: GameMap = CLASSIC) -> Territory:
    """The territory a player means, by id, name or alias, or by the unambiguous start of one.

    Case, accents, dots and dashes do not matter. An exact id, name or alias wins over a
    longer name it starts (``Alaska`` is the land, not the Alaska Sea Zone).

    >>> find_territory("karelia s.s.r.").id, find_territory("Alaska").id, find_territory("alaska sea").id
    ('karelia_ssr', 'alaska', 'sz_alaska')
    >>> find_territory("Karelia S")
    Traceback (most recent call last):
    ...
    engines.axis_allies.map.AmbiguousTerritory: 'Karelia S' could be: Karelia S.S.R., Karelia Sea Zone
    >>> find_territory("Germnay")
    Traceback (most recent call last):
    ...
    engines.axis_allies.map.UnknownTerritory: unknown territory 'Germnay'; did you mean: Germany?
    """
    return gmap.find(text)


def income(gmap: GameMap, owners: Mapping[str, str]) -> dict[str, int]:
    """Each power's national production: the IPC values of the land territories it owns.

    ``owners`` maps territory id -> power id (sea zones in it are ignored). Every power of the
    map appears in the result, with 0 if it owns nothing. Whether a power may *collect* this
    (not while its capital is held by the enemy) is the turn's business, not this sum's.

    >>> income(CLASSIC, {"germany": "ussr", "russia": "ussr", "sz_baltic_sea": "germany"})["ussr"]
    18
    """
    totals = {p.id: 0 for p in gmap.powers}
    for tid, pid in owners.items():
        if pid not in totals:
            raise ValueError(f"unknown power {pid!r} owns {tid!r}")
        territory = gmap.territories[tid]
        if not territory.is_sea:
            totals[pid] += territory.ipc
    return totals


PLACE_PARAMS = frozenset(
    {"territory", "to", "frm", "dest", "destination", "zone", "capital", "territories", "battles", "sites",
     "retreat_to", "zones", "path"}
)
"""Error params that hold territory ids."""


def named(params: Mapping[str, Any], gmap: GameMap = CLASSIC) -> dict[str, Any]:
    """Error params with territory ids replaced by their names, for the messages players read.

    >>> named({"territory": "karelia_ssr", "sites": ["russia", "sz_karelia"], "count": 2})
    {'territory': 'Karelia S.S.R.', 'sites': ['Russia', 'Karelia Sea Zone'], 'count': 2}
    """

    def name(value: Any) -> Any:
        if isinstance(value, str) and value in gmap.territories:
            return gmap.territories[value].name
        if isinstance(value, (list, tuple)):
            return [name(v) for v in value]
        return value

    return {k: name(v) if k in PLACE_PARAMS else v for k, v in params.items()}
