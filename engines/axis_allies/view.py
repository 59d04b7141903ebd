"""What leaves the engine for Axis & Allies: the view model the renderer and the bot read.

Axis & Allies has no hidden information (DESIGN.md: "none; dice"), so every seat and the
channel see the same view. Ids are the data file's (``karelia_ssr``, ``sz_north_sea``); names
are our spelling. Names here are stable: the renderer is written against them.
"""

from __future__ import annotations

from typing import Literal

from engines.core.contract import Frozen, Result, Seat

PowerId = str
"""``ussr``, ``germany``, ``uk``, ``japan``, ``usa``."""
Phase = Literal["tech", "purchase", "combat_move", "combat", "noncombat_move", "place", "income"]


class UnitCountView(Frozen):
    power: PowerId
    kind: str
    """A unit id: infantry, armour, fighter, bomber, submarine, transport, carrier, battleship, aa_gun, factory."""
    count: int


class TerritoryView(Frozen):
    id: str
    name: str
    sea: bool
    owner: PowerId | None
    """Land: the power holding it (``None`` for an untouched neutral); sea: ``None``."""
    original_owner: PowerId | None
    ipc: int
    capital_of: PowerId | None
    neutral: bool
    units: tuple[UnitCountView, ...]
    """Every unit there (the industrial complex too), grouped by power and kind."""


class PowerView(Frozen):
    id: PowerId
    name: str
    side: Literal["allies", "axis"]
    seat: Seat
    ipcs: int
    """Unspent IPCs."""
    production: int
    """National production (what income would be now)."""
    techs: tuple[str, ...]
    capital_held: bool


class BattleSideView(Frozen):
    power: PowerId
    units: tuple[UnitCountView, ...]


class BattleView(Frozen):
    territory: str
    round: int
    attacker: PowerId
    attackers: tuple[UnitCountView, ...]
    defenders: tuple[UnitCountView, ...]
    last_rolls: tuple[int, ...] = ()
    """Faces 1-6 of the most recent roll of this battle."""
    last_roll_kind: str = ""
    waiting: str = ""
    """What the battle waits for, as a short code (``casualties``, ``press_on_or_retreat``...)."""


class ArrowView(Frozen):
    """A move made this turn, drawn as an arrow."""

    frm: str
    to: str
    text: str
    combat: bool


class AxisAlliesView(Frozen):
    viewer: Seat | None
    round: int
    power: PowerId
    """Whose turn it is."""
    phase: Phase
    powers: tuple[PowerView, ...]
    """In turn order: USSR, Germany, UK, Japan, USA."""
    territories: tuple[TerritoryView, ...]
    purchased: tuple[UnitCountView, ...] = ()
    """Bought this turn, waiting to be placed."""
    battles: tuple[str, ...] = ()
    """Territories where a battle is still to be fought this turn."""
    battle: BattleView | None = None
    arrows: tuple[ArrowView, ...] = ()
    to_act: tuple[Seat, ...] = ()
    result: Result | None = None
