"""The ten unit types of Axis & Allies classic, and the words players use for them.

Every figure (cost, attack, defence, movement, what a transport or carrier holds) lives in
``data/classic.json`` so that no rule hard-codes a number; ``data/README.md`` says where each
figure comes from and which ones the Dutch rulebook confirms. Players type the full name, a
short form (``inf``, ``bb``, ``ftr``), an English plural (``tanks``) or the rulebook's Dutch
word (``slagschip``, ``luchtdoelkanon``); :func:`unit` turns any of them into a :class:`UnitType`.

>>> unit("bb").name, unit("slagschip").attack, unit("Tanks").id
('Battleship', 4, 'armour')
>>> unit("onderzeeër") is UNITS["submarine"]
True
>>> UNITS["transport"].transport_capacity, UNITS["infantry"].transport_cost, UNITS["armour"].transport_cost
(2, 1, 2)
>>> [u.id for u in UNITS.values() if u.domain == "air"]
['fighter', 'bomber']
>>> unit("batleship")
Traceback (most recent call last):
...
engines.axis_allies.units.UnknownUnit: unknown unit 'batleship'; did you mean: Battleship?
"""

from __future__ import annotations

import difflib
import json
import re
import unicodedata
from functools import cache
from importlib import resources
from typing import Any, Literal

from engines.core.contract import Frozen

Domain = Literal["land", "air", "sea", "building"]


class UnitType(Frozen):
    """One kind of piece. ``None`` in the capacity fields means "does not apply"."""

    id: str
    name: str
    cost: int
    """IPCs to buy one."""
    attack: int
    """A die roll of this or less hits when attacking; 0 never attacks."""
    defence: int
    """A die roll of this or less hits when defending; 0 never fights in a battle (AA gun, factory)."""
    movement: int
    domain: Domain
    """``building`` is the industrial complex: it never moves and never fights."""
    transport_cost: int | None
    """Room taken on a transport (infantry 1, armour and AA gun 2); ``None``: cannot be carried."""
    transport_capacity: int | None
    """Room on a transport (2): one armour or one AA gun, or two infantry."""
    carrier_cost: int | None
    """Room taken on a carrier (fighter 1); ``None``: cannot land on a carrier."""
    carrier_capacity: int | None
    """Fighters a carrier holds (2)."""
    aliases: tuple[str, ...] = ()
    """Other words for this unit: short forms, Dutch rulebook names."""


class UnknownName(LookupError):
    """Nothing is called ``text``; ``near`` holds up to 5 close names. ``what`` names the kind."""

    what = "name"

    def __init__(self, text: str, near: list[str]) -> None:
        super().__init__(text, near)
        self.text = text
        self.near = near

    def __str__(self) -> str:
        hint = f"; did you mean: {', '.join(self.near)}?" if self.near else ""
        return f"unknown {self.what} {self.text!r}{hint}"


class UnknownUnit(UnknownName):
    """No unit type is called ``text``."""

    what = "unit"


def normalise(text: str) -> str:
    """The form names are compared in: no accents, lower case, dots dropped, one space between words.

    >>> normalise("  Karelia S.S.R. "), normalise("Onderzeeër"), normalise("anglo_egyptian-sudan")
    ('karelia ssr', 'onderzeeer', 'anglo egyptian sudan')
    """
    decomposed = unicodedata.normalize("NFKD", text)
    plain = "".join(c for c in decomposed if not unicodedata.combining(c)).lower()
    plain = plain.replace(".", "").replace("'", "")
    return re.sub(r"[^a-z0-9]+", " ", plain).strip()


@cache
def classic_data() -> dict[str, Any]:
    """The parsed ``data/classic.json`` (read once; callers must not mutate it)."""
    text = resources.files(__package__).joinpath("data", "classic.json").read_text(encoding="utf-8")
    return json.loads(text)


def _load_units() -> dict[str, UnitType]:
    return {row["id"]: UnitType.model_validate({**row, "aliases": tuple(row["aliases"])})
            for row in classic_data()["units"]}


UNITS: dict[str, UnitType] = _load_units()
"""Unit types by id, in the data file's order: land, air, sea, then the industrial complex."""


def _index_names(units: dict[str, UnitType]) -> dict[str, str]:
    index: dict[str, str] = {}
    for u in units.values():
        for word in (u.id, u.name, *u.aliases):
            key = normalise(word)
            if index.setdefault(key, u.id) != u.id:
                raise ValueError(f"unit word {word!r} names both {index[key]} and {u.id}")
    return index


_BY_NAME = _index_names(UNITS)


def find_unit(name_or_alias: str) -> UnitType | None:
    """The unit type ``unit`` finds, or ``None`` (without looking for close names: a parser
    trying whether a word is a unit at all).

    >>> find_unit("tanks").id, find_unit("Egypt")
    ('armour', None)
    """
    key = normalise(name_or_alias)
    found = _BY_NAME.get(key) or (_BY_NAME.get(key[:-1]) if key.endswith("s") else None)
    return UNITS[found] if found is not None else None


def unit(name_or_alias: str) -> UnitType:
    """The unit type a player means: id, name, alias, or any of those with an English plural ``-s``.

    Case, accents and punctuation do not matter. Raises :class:`UnknownUnit` with close names.

    >>> unit("AA").id, unit("ic").name, unit("vliegdekschepen").carrier_capacity, unit("aa guns").id
    ('aa_gun', 'Industrial Complex', 2, 'aa_gun')
    """
    found = find_unit(name_or_alias)
    if found is not None:
        return found
    close = difflib.get_close_matches(normalise(name_or_alias), _BY_NAME, n=10, cutoff=0.6)
    near = list(dict.fromkeys(UNITS[_BY_NAME[k]].name for k in close))[:5]
    raise UnknownUnit(name_or_alias, near)
