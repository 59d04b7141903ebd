"""The view of Axis & Allies: everything is public, so every seat sees the same picture."""

from __future__ import annotations

from collections import Counter

from engines.axis_allies import combat, economy
from engines.axis_allies.state import AxisAlliesState
from engines.axis_allies.units import UNITS
from engines.axis_allies.view import (
    AxisAlliesView,
    BattleView,
    PowerView,
    TerritoryView,
    UnitCountView,
)
from engines.core.contract import Seat

UNIT_ORDER = {kind: i for i, kind in enumerate(UNITS)}


def counts(pairs: Counter[tuple[str, str]]) -> tuple[UnitCountView, ...]:
    return tuple(
        UnitCountView(power=p, kind=k, count=n)
        for (p, k), n in sorted(pairs.items(), key=lambda item: (item[0][0], UNIT_ORDER[item[0][1]]))
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
    territories = tuple(
        TerritoryView(
            id=t.id,
            name=t.name,
            sea=t.is_sea,
            owner=state.owner(t.id),
            original_owner=t.owner,
            ipc=t.ipc,
            capital_of=t.capital_of,
            neutral=t.neutral,
            units=counts(by_place.get(t.id, Counter())),
        )
        for t in gmap.territories.values()
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
