"""What leaves the engine for Axis & Allies: the view model the renderer and the bot read.

Axis & Allies has no hidden information (DESIGN.md: "none; dice"), so every seat and the
channel see the same view. Ids are the data file's (``karelia_ssr``, ``sz_north_sea``); names
are our spelling. Names here are stable: the renderer is written against them.
``build_view`` builds the view from a state.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from typing import Literal

from engines.axis_allies import combat, economy
from engines.axis_allies.map import CLASSIC
from engines.axis_allies.state import ArrowView, AxisAlliesState
from engines.axis_allies.units import UNITS
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


UNIT_ORDER = {kind: i for i, kind in enumerate(UNITS)}


def counts(pairs: Counter[tuple[str, str]]) -> tuple[UnitCountView, ...]:
    return tuple(
        UnitCountView(power=p, kind=k, count=n)
        for (p, k), n in sorted(pairs.items(), key=lambda item: (item[0][0], UNIT_ORDER[item[0][1]]))
    )


def _sorted_counts(pairs: Counter[tuple[str, str]] | None) -> tuple[tuple[str, str, int], ...]:
    if not pairs:
        return ()
    return tuple((p, k, n) for (p, k), n in sorted(pairs.items(), key=lambda item: (item[0][0], UNIT_ORDER[item[0][1]])))


@lru_cache(maxsize=4096)
def _territory_view(tid: str, owner: PowerId | None, units: tuple[tuple[str, str, int], ...]) -> TerritoryView:
    """One space as the view shows it, kept: most spaces do not change from one move to the next,
    and a view is built for every picture and every seat (issue 14)."""
    t = CLASSIC.territories[tid]
    return TerritoryView(
        id=t.id,
        name=t.name,
        sea=t.is_sea,
        owner=owner,
        original_owner=t.owner,
        ipc=t.ipc,
        capital_of=t.capital_of,
        neutral=t.neutral,
        units=tuple(UnitCountView(power=p, kind=k, count=n) for p, k, n in units),
    )


def build_view(state: AxisAlliesState, viewer: Seat | None, to_act: tuple[Seat, ...]) -> AxisAlliesView:
    gmap = state.map
    by_place: dict[str, Counter[tuple[str, str]]] = {}
    # Units lost in the battle going on leave the board at its end; the map shows what the
    # battle panel shows (issue 18), not the fallen.
    fallen = set(state.battle.lost) if state.battle is not None else set()
    for u in state.units:
        if u.id not in fallen:
            by_place.setdefault(u.at, Counter())[(u.power, u.kind)] += 1
    owners = state.owner_map
    territories = tuple(
        _territory_view(t.id, owners.get(t.id), _sorted_counts(by_place.get(t.id))) for t in gmap.territories.values()
    )
    powers = tuple(
        PowerView(
            id=p.id,
            name=p.name,
            side=p.side,
            seat=economy.seat_of(state, p.id),
            ipcs=state.ipcs[p.id],
            production=economy.production(state, p.id),
            techs=state.techs.get(p.id, ()),
            capital_held=economy.capital_held(state, p.id),
        )
        for p in gmap.powers
    )
    battle = None
    if state.battle is not None:
        b = state.battle
        lost = set(b.lost)
        side_counts = lambda units: counts(Counter((c.power, c.kind) for c in units if c.id not in lost))
        last = b.log[-1] if b.log else None
        decision = combat.waiting(b)
        battle = BattleView(
            territory=b.territory,
            round=b.round,
            attacker=b.attacker,
            attackers=side_counts(b.attackers),
            defenders=side_counts(b.defenders),
            last_rolls=tuple(v + 1 for v in last.values) if last else (),
            last_roll_kind=last.kind if last else "",
            waiting=decision.kind if decision else "",
        )
    return AxisAlliesView(
        viewer=viewer,
        round=state.round,
        power=state.power,
        phase=state.phase,
        powers=powers,
        territories=territories,
        purchased=tuple(UnitCountView(power=state.power, kind=k, count=n) for k, n in state.purchased),
        battles=state.battles + state.raids,
        battle=battle,
        arrows=state.arrows,
        to_act=to_act,
        result=state.result,
    )
