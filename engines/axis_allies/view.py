"""What leaves the engine for Axis & Allies: the view model the renderer and the bot read.

Axis & Allies has no hidden information (docs/architecture.md: "none; dice"), so every seat and the
channel see the same view. Ids are the data file's (``karelia_ssr``, ``sz_north_sea``); names
are our spelling. Names here are stable: the renderer is written against them.
``build_view`` builds the view from a state.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from typing import Literal

from engines.axis_allies import combat, economy
from engines.axis_allies.combat import Battle
from engines.axis_allies.map import CLASSIC, territory_name
from engines.axis_allies.state import ArrowView, AxisAlliesState, Fought
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
    and a view is built for every picture and every seat."""
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
    # battle panel shows, not the fallen.
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


# ---------------------------------------------------------------- the battle board


class BattleUnitView(Frozen):
    """Units of one power and kind on one side of the battle board, in the column of their
    combat value (the rulebook's "gevechtsbord": attack figures for the attacker, defence
    figures for the defender)."""

    power: PowerId
    kind: str
    value: int
    """The column: a die of this unit hits at this face or lower (0: it never rolls, such as an
    attacking transport)."""
    count: int
    """How many were in the battle."""
    lost: int = 0
    """How many of them are lost (or hit this round and about to be)."""


class BattleDieView(Frozen):
    face: int
    """1-6."""
    value: int | None
    """The column of the unit that rolled it; ``None`` for a damage die (a raid's or a rocket's:
    its face is IPCs, neither hit nor miss) or for a roll recorded before the board kept it (such
    a die shows, unmarked)."""

    @property
    def hit(self) -> bool:
        return self.value is not None and self.face <= self.value


class BattleRollView(Frozen):
    round: int
    kind: str
    """``bombard``, ``sub_strike``, ``attack_fire`` or ``defence_fire``; outside a battle
    ``aa_fire`` (an AA gun's dice) or one of :data:`DAMAGE_ROLLS`."""
    side: Literal["attacker", "defender"]
    dice: tuple[BattleDieView, ...]
    hits: int


class BattleLossView(Frozen):
    round: int
    side: Literal["attacker", "defender"]
    power: PowerId
    kind: str
    count: int


FightKind = Literal["battle", "aa", "bombing", "rocket"]
DAMAGE_ROLLS = frozenset({"bombing", "rocket"})
"""Rolls whose dice count IPCs of damage (their sum, capped at the victim's IPCs), not hits."""


class BattleBoardView(Frozen):
    """One battle as the battle board shows it: both sides in columns of their combat value,
    every round's dice with the hits, the casualties per round and, once over, the result.

    Also AA fire, a strategic bombing raid or a rocket once it is over (``kind``; built by
    :func:`fight_board`): one round, the AA gun in column 1, units that roll no hit dice (the
    aircraft fired at, the bombers, the rocket's gun, the complex attacked) in column 0, and
    for a raid or rocket the damage dice and the ``damage`` they did."""

    territory: str
    name: str
    sea: bool
    amphibious: bool
    attacker: PowerId
    defender: PowerId
    round: int
    attackers: tuple[BattleUnitView, ...]
    defenders: tuple[BattleUnitView, ...]
    rolls: tuple[BattleRollView, ...]
    losses: tuple[BattleLossView, ...]
    result: str = ""
    """``combat.BattleResult`` once the battle is over, else empty."""
    waiting: str = ""
    """What the battle waits for while it goes on (``casualties``, ``press_on_or_retreat``...)."""
    kind: FightKind = "battle"
    damage: int = 0
    """A raid or rocket: the IPCs the victim lost (the damage dice's sum, capped at its IPCs)."""
    launcher: str = ""
    """A rocket: the name of the territory its AA gun fired from (``name`` is the target)."""


ATTACKER_STEPS = frozenset({"bombard", "sub_strike", "attack_fire"})


def battle_board(b: Battle) -> BattleBoardView:
    """The battle board of ``b``, going on or ended (``Fought.record``)."""
    lost_round = dict(zip(b.lost, b.lost_in, strict=False))
    lost_round.update({i: b.round for i in b.zone})  # hit this round: they go at its end

    def side_units(units: tuple[combat.Combatant, ...], side: combat.Side) -> tuple[BattleUnitView, ...]:
        groups: Counter[tuple[str, str, int]] = Counter()
        lost: Counter[tuple[str, str, int]] = Counter()
        for c in units:
            key = (c.power, c.kind, combat.strength(c, side, b.techs))
            groups[key] += 1
            lost[key] += c.id in lost_round
        return tuple(
            BattleUnitView(power=p, kind=k, value=v, count=n, lost=lost[(p, k, v)])
            for (p, k, v), n in sorted(groups.items(), key=lambda item: (item[0][2], item[0][0], UNIT_ORDER[item[0][1]]))
        )

    def losses() -> tuple[BattleLossView, ...]:
        table: Counter[tuple[int, str, str, str]] = Counter()
        for side, units in (("attacker", b.attackers + b.bombarding), ("defender", b.defenders)):
            for c in units:
                if c.id in lost_round:
                    table[(lost_round[c.id], side, c.power, c.kind)] += 1
        return tuple(
            BattleLossView(round=r, side=side, power=p, kind=k, count=n)  # type: ignore[arg-type]
            for (r, side, p, k), n in sorted(table.items(), key=lambda item: (item[0][0], item[0][1] != "attacker",
                                                                             item[0][2], UNIT_ORDER[item[0][3]]))
        )

    rolls = tuple(
        BattleRollView(
            round=roll.round, kind=roll.kind, side="attacker" if roll.kind in ATTACKER_STEPS else "defender",
            dice=tuple(BattleDieView(face=v + 1, value=roll.needs[i] if i < len(roll.needs) else None)
                       for i, v in enumerate(roll.values)),
            hits=roll.hits,
        )
        for roll in b.log
        if roll.values
    )
    decision = combat.waiting(b) if b.result is None else None
    return BattleBoardView(
        territory=b.territory,
        name=territory_name(b.territory),
        sea=b.sea,
        amphibious=b.amphibious,
        attacker=b.attacker,
        defender=b.defender,
        round=b.round,
        attackers=side_units(b.attackers + b.bombarding, "attacker"),
        defenders=side_units(b.defenders, "defender"),
        rolls=rolls,
        losses=losses(),
        result=b.result or "",
        waiting=decision.kind if decision else "",
    )


def fight_board(f: Fought) -> BattleBoardView:
    """The board of AA fire, a strategic bombing raid or a rocket that is over (``f.kind`` is not
    ``battle``: a battle's board is :func:`battle_board` of ``f.record``).

    - AA fire ("Luchtdoelkanonnen"; decision C10): the gun's power defends with its AA gun in
      column 1 (a 1 hits), one die per aircraft; the aircraft stand in column 0 (they do not
      fire back) and the owner's chosen losses are theirs.
    - A raid (decision C11): the raid's AA roll, when the complex has a gun, then the surviving
      bombers' damage dice (three a bomber with Heavy Bombers, C12); the defence shows its gun
      and the complex.
    - A rocket (C14): the attacker's AA gun and its one damage die against the complex.

    Damage dice carry no column (``value`` ``None``): each face is IPCs, and ``damage`` (what the
    victim lost, at most its IPCs) is the result. The units come from ``Fought.units``; a fight
    saved before they were kept shows the dice and the losses only."""
    if f.kind == "battle":
        raise ValueError("a battle's board is battle_board(fought.record)")
    lost: Counter[tuple[str, str]] = Counter((c.power, c.kind) for c in f.lost)
    taking_part: Counter[tuple[str, str]] = Counter((c.power, c.kind) for c in f.units)
    for key, n in lost.items():  # an old record without units: its losses are all it knows
        taking_part[key] = max(taking_part[key], n)
    attackers = tuple(
        BattleUnitView(power=p, kind=k, value=0, count=n, lost=lost[(p, k)])
        for (p, k), n in sorted(taking_part.items(), key=lambda item: (item[0][0], UNIT_ORDER[item[0][1]]))
    )
    fired = any(r.kind == "aa_fire" for r in f.rolls)
    defenders = (
        *((BattleUnitView(power=f.gun or f.defender, kind="aa_gun", value=combat.AA_HITS_ON, count=1),) if fired else ()),
        *((BattleUnitView(power=f.defender, kind="factory", value=0, count=1),) if f.kind != "aa" else ()),
    )
    rolls = tuple(
        BattleRollView(
            round=1, kind=r.kind, side="defender" if r.kind == "aa_fire" else "attacker",
            dice=tuple(BattleDieView(face=v + 1, value=None if r.kind in DAMAGE_ROLLS else combat.AA_HITS_ON)
                       for v in r.values),
            hits=0 if r.kind in DAMAGE_ROLLS else r.hits,
        )
        for r in f.rolls
        if r.values
    )
    losses = tuple(
        BattleLossView(round=1, side="attacker", power=p, kind=k, count=n)
        for (p, k), n in sorted(lost.items(), key=lambda item: (item[0][0], UNIT_ORDER[item[0][1]]))
    )
    return BattleBoardView(
        territory=f.territory,
        name=territory_name(f.territory),
        sea=CLASSIC.territories[f.territory].is_sea if f.territory in CLASSIC.territories else False,
        amphibious=False,
        attacker=f.attacker,
        defender=f.defender,
        round=1,
        attackers=attackers,
        defenders=defenders,
        rolls=rolls,
        losses=losses,
        kind=f.kind,
        damage=f.damage,
        launcher=territory_name(f.launcher),
    )


def step_battle_boards(before: AxisAlliesState, after: AxisAlliesState) -> tuple[BattleBoardView, ...]:
    """The battle boards a step's reply shows: every battle, AA fire, bombing raid and rocket
    that ended in the step, in the order they ended, then the battle going on when the step
    rolled dice in it (or started it). Nothing when no dice of a fight fell, so a plain move or
    ``end`` shows no board."""
    same_turn = (before.power, before.round) == (after.power, after.round)
    ended = after.fights[len(before.fights):] if same_turn else ()
    boards: list[BattleBoardView] = []
    for f in ended:
        if f.kind != "battle":
            boards.append(fight_board(f))
        elif f.record is not None:
            boards.append(battle_board(f.record))
    running = after.battle
    if running is not None:
        earlier = before.battle
        if (
            earlier is None
            or earlier.territory != running.territory
            or len(running.log) > len(earlier.log)
            or running.lost != earlier.lost
        ):
            boards.append(battle_board(running))
    return tuple(boards)


def _places(state: AxisAlliesState) -> dict[str, tuple[str | None, tuple[tuple[tuple[str, str], int], ...]]]:
    """Each place's holder and units as the map shows them (the fallen of a battle going on left out)."""
    fallen = set(state.battle.lost) if state.battle is not None else set()
    units: dict[str, Counter[tuple[str, str]]] = {}
    for u in state.units:
        if u.id not in fallen:
            units.setdefault(u.at, Counter())[(u.power, u.kind)] += 1
    owners = state.owner_map
    return {
        tid: (owners.get(tid), tuple(sorted(units.get(tid, Counter()).items())))
        for tid in set(owners) | set(units)
    }


def step_changes(before: AxisAlliesState, after: AxisAlliesState) -> tuple[str, ...]:
    """The places whose holder or units differ between two states (sorted ids): what the picture
    after a step marks, so the change stands out from the rest of the map."""
    old, new = _places(before), _places(after)
    return tuple(sorted(tid for tid in set(old) | set(new) if old.get(tid, (None, ())) != new.get(tid, (None, ()))))
