"""Battles of Axis & Allies classic as pure step machines: the referee rolls, the players decide.

Three machines share five functions. :func:`start` sets up a land or sea battle, :func:`aa_fire`
the antiaircraft shots at aircraft flying over or into a territory, and :func:`bombing_raid` and
:func:`rocket` a strategic bombing raid or a rocket attack. Then, on any of them:

- :func:`chance` names the next dice as one :class:`~engines.core.contract.ChanceSpec` of d6s
  (``None`` while a player must decide, or when it is over);
- :func:`apply_roll` takes those dice (values 0..5 are faces 1..6);
- :func:`waiting` says who must decide what now (a :class:`Decision`);
- :func:`choose_casualties`, :func:`press_on`, :func:`retreat` and :func:`withdraw_subs` are
  the decisions;
- :func:`outcome` is ``None`` until the end, then what happened.

The machine never asks a question with only one answer: hits that kill every eligible unit, or
a choice between interchangeable units, are applied at once. Nothing here knows the game state:
the caller passes the units, where a retreat may go, and each power's weapons developments.
Rulebook places are those of the Dutch 2nd-edition rulebook (``axis-and-allies.nl.md``);
"notes" is ``axis_allies_classic_rules_notes.md``.

One round of a land battle (Aktie 3, "Het Gevecht"): Germany's infantry and armour attack
two British infantry in Anglo-Egyptian Sudan. The attacker's dice come first (1 and 3: both
hit), the two British infantry are hit but fire back from the casualty zone (a 2 hits), and
Germany picks its loss.

>>> battle = start("anglo_egyptian_sudan", "germany", [Combatant(id=1, kind="infantry", power="germany"),
...     Combatant(id=2, kind="armour", power="germany")],
...     [Combatant(id=3, kind="infantry", power="uk"), Combatant(id=4, kind="infantry", power="uk")],
...     retreat_to=("libya",))
>>> chance(battle)
ChanceSpec(kind='attack_fire', sizes=(6, 6), secret=False)
>>> battle = apply_roll(battle, (0, 2))
>>> battle.zone                      # both British infantry hit, still firing this round
(3, 4)
>>> battle = apply_roll(battle, (1, 5))
>>> decision = waiting(battle)
>>> decision.kind, decision.power, decision.count, decision.eligible
('casualties', 'germany', 1, (1, 2))
>>> battle = choose_casualties(battle, "germany", (1,))
>>> o = outcome(battle)
>>> o.result, o.attackers_left, o.captures, o.lost_by_power()
('attacker_won', (2,), True, {'germany': {'infantry': 1}, 'uk': {'infantry': 2}})
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Literal, overload

from engines.axis_allies.map import CLASSIC, GameMap, named
from engines.axis_allies.units import UNITS
from engines.core.contract import ChanceSpec, Frozen
from engines.core.errors import IllegalMoveError
from engines.core.evolve import evolve

Side = Literal["attacker", "defender"]
BattleResult = Literal["attacker_won", "defender_held", "both_destroyed", "attacker_retreated"]
Step = Literal["bombard", "sub_strike", "attack_fire", "defence_fire", "end_round", "casualties",
               "after_round", "defender_subs", "done"]

Techs = tuple[tuple[str, str], ...]
"""(power, weapons development) pairs."""

TECHS = ("jet_power", "super_submarines", "heavy_bombers", "long_range_aircraft", "rockets",
         "industrial_technology")
"""The six weapons developments of the classic game; only the first three change a battle."""
JET_POWER_BONUS = 1
"""Jet Power: fighters defend one higher (4 -> 5)."""
SUPER_SUB_BONUS = 1
"""Super Submarines: subs attack one higher (2 -> 3); App. I: "een 3; raak, want Japan heeft
superonderzeeboten". They defend as before (TripleA ``Super Sub Defence Bonus`` = 0)."""
HEAVY_BOMBER_DICE = 3
"""Heavy Bombers: dice per bomber in a strategic bombing raid (TripleA ``Heavy Bomber Dice Rolls``)."""
HEAVY_BOMBER_BATTLE_DICE = 3
"""Heavy Bombers: dice per attacking bomber in a battle, each hitting on 4 or less. The classic
rule as TripleA plays it (the development raises the bomber's attack rolls; ``LHTR Heavy
Bombers`` is off); set 1 to keep heavy bombers out of battles."""
AA_HITS_ON = 1
"""An antiaircraft gun hits on a 1 ("Voor elke 1 wordt een bommenwerper neergehaald")."""
ROCKET_RANGE = 3
"""Rockets: an AA gun reaches an industrial complex within this many spaces."""


def _refuse(code: str, fallback: str, **params: Any) -> IllegalMoveError:
    return IllegalMoveError(f"axis_allies.combat.{code}", fallback, **named(params))


# ---------------------------------------------------------------- the models


class Combatant(Frozen):
    """One unit in a battle. ``kind`` is a unit id of :data:`~engines.axis_allies.units.UNITS`.

    ``carrier`` is set on a fighter that sits on a carrier in a sea battle: the id of that
    carrier (same side). It changes nothing in the fight, but a fighter that survives while its
    carrier sinks is reported in :attr:`BattleOutcome.unhoused_fighters`.
    """

    id: int
    kind: str
    power: str
    carrier: int | None = None


class Roll(Frozen):
    """Dice rolled, for the record: ``values`` 0..5 in the order of the :class:`ChanceSpec`."""

    kind: str
    round: int
    values: tuple[int, ...]
    hits: int
    needs: tuple[int, ...] = ()
    """Per die, the highest face that hits (the firing unit's attack or defence figure): the
    battle board puts each die in its unit's column and marks the hits."""


class Withdrawal(Frozen):
    """Units that left the battle alive: ``retreat`` (the attacker) or ``subs`` (withdrawing subs).

    ``to`` is where they went; ``None`` when only aircraft retreated (they land during the
    non-combat move).
    """

    how: Literal["retreat", "subs"]
    side: Side
    ids: tuple[int, ...]
    to: str | None


class Hits(Frozen):
    """Hits waiting to be assigned to ``side``: ``subs`` of them from submarines (ships only)."""

    side: Side
    general: int
    subs: int = 0
    fate: Literal["zone", "lost"]
    """``zone``: the hit units still fire this round (casualty zone); ``lost``: removed now."""
    then: Step


class Decision(Frozen):
    """What the machine waits for, and from whom (``power``).

    - ``casualties``: ``power`` picks exactly ``count`` of ``eligible`` with
      :func:`choose_casualties`; at most ``max_non_ships`` of them may be aircraft (the other
      hits came from submarines, which only hit ships); ``None`` means no such limit.
    - ``press_on_or_retreat``: after a round the attacker calls :func:`press_on`, or
      :func:`retreat` (when ``may_retreat``; to one of ``retreat_to``), or first
      :func:`withdraw_subs` (to one of ``subs_to``).
    - ``defending_subs``: the defence may :func:`withdraw_subs` to one of ``subs_to`` or
      :func:`press_on` (the subs stay).
    """

    kind: Literal["casualties", "press_on_or_retreat", "defending_subs"]
    side: Side
    power: str
    count: int = 0
    eligible: tuple[int, ...] = ()
    max_non_ships: int | None = None
    may_retreat: bool = False
    retreat_to: tuple[str, ...] = ()
    subs_to: tuple[str, ...] = ()


class Battle(Frozen):
    """A land or sea battle in progress. Build it with :func:`start`."""

    territory: str
    sea: bool
    attacker: str
    """The attacking power; every attacking unit is its own."""
    defender: str
    """The power that speaks for the defence (chooses casualties and sub withdrawals), also
    when allies defend together."""
    attackers: tuple[Combatant, ...]
    defenders: tuple[Combatant, ...]
    bombarding: tuple[Combatant, ...] = ()
    """Battleships giving the support shot before an amphibious assault's first round."""
    amphibious: bool = False
    retreat_to: tuple[str, ...] = ()
    attacker_sub_zones: tuple[str, ...] = ()
    defender_sub_zones: tuple[str, ...] = ()
    techs: tuple[tuple[str, str], ...] = ()
    """(power, development) pairs, sorted."""
    round: int = 1
    step: Step = "bombard"
    pending: Hits | None = None
    zone: tuple[int, ...] = ()
    """Defenders hit this round: they fire back, then they are removed."""
    lost: tuple[int, ...] = ()
    lost_in: tuple[int, ...] = ()
    """The round each unit of ``lost`` was lost in (same order), for the replies' casualty lines."""
    moved_out: tuple[Withdrawal, ...] = ()
    result: BattleResult | None = None
    log: tuple[Roll, ...] = ()


class BattleOutcome(Frozen):
    """How a battle ended. Units are named by id; ``lost`` holds the whole units."""

    result: BattleResult
    rounds: int
    attackers_left: tuple[int, ...]
    """Attackers still in the territory or sea zone (not retreated, not withdrawn)."""
    defenders_left: tuple[int, ...]
    lost: tuple[Combatant, ...]
    moved_out: tuple[Withdrawal, ...]
    captures: bool
    """A land battle the attacker won with at least one land unit left: the territory changes
    hands. Aircraft alone cannot take a territory."""
    unhoused_fighters: tuple[int, ...]
    """Surviving fighters whose carrier was sunk. The engine lands them (a defending one: on an
    island or a carrier in the same zone, notes [S9]) or removes them."""

    def lost_by_power(self) -> dict[str, dict[str, int]]:
        """Power -> unit kind -> how many were lost."""
        table: dict[str, dict[str, int]] = {}
        for c in self.lost:
            row = table.setdefault(c.power, {})
            row[c.kind] = row.get(c.kind, 0) + 1
        return table


class AaFire(Frozen):
    """One antiaircraft gun firing at aircraft of one power. Build it with :func:`aa_fire`."""

    territory: str
    gun_power: str
    aircraft: tuple[Combatant, ...]
    rolled: tuple[int, ...] | None = None
    hits: int = 0
    lost: tuple[int, ...] | None = None
    """``None`` until the dice are rolled and the owner has chosen."""


class AaOutcome(Frozen):
    lost: tuple[int, ...]
    survivors: tuple[int, ...]
    rolls: tuple[int, ...]


class Raid(Frozen):
    """A strategic bombing raid or a rocket attack: build it with :func:`bombing_raid` or
    :func:`rocket`."""

    kind: Literal["bombing", "rocket"]
    territory: str
    """The territory whose industrial complex is attacked."""
    attacker: str
    victim: str
    victim_ipcs: int
    bombers: tuple[Combatant, ...] = ()
    launcher: str | None = None
    """Rocket: the territory of the AA gun that fires it."""
    heavy: bool = False
    aa: AaFire | None = None
    rolls: tuple[int, ...] | None = None


class RaidOutcome(Frozen):
    damage: int
    """IPCs the victim pays to the bank: the sum of the dice, capped at the victim's treasury."""
    rolls: tuple[int, ...]
    bombers_lost: tuple[int, ...] = ()
    bombers_left: tuple[int, ...] = ()


Machine = Battle | AaFire | Raid


# ---------------------------------------------------------------- unit figures


def _has(techs: Techs, power: str, tech: str) -> bool:
    return (power, tech) in techs


def strength(c: Combatant, side: Side, techs: Techs = ()) -> int:
    """The number a die must not exceed for ``c`` to hit: the unit's attack or defence from
    ``UNITS``, with Super Submarines (attack +1) and Jet Power (fighters defend +1).

    >>> sub = Combatant(id=1, kind="submarine", power="japan")
    >>> strength(sub, "attacker"), strength(sub, "attacker", (("japan", "super_submarines"),))
    (2, 3)
    >>> strength(Combatant(id=2, kind="fighter", power="usa"), "defender", (("usa", "jet_power"),))
    5
    """
    figures = UNITS[c.kind]
    if side == "attacker":
        super_sub = c.kind == "submarine" and _has(techs, c.power, "super_submarines")
        return figures.attack + (SUPER_SUB_BONUS if super_sub else 0)
    bonus = JET_POWER_BONUS if c.kind == "fighter" and _has(techs, c.power, "jet_power") else 0
    return figures.defence + bonus


def dice(c: Combatant, side: Side, techs: Techs = ()) -> int:
    """Dice ``c`` rolls when it fires: one, or :data:`HEAVY_BOMBER_BATTLE_DICE` for an attacking
    bomber of a power with Heavy Bombers (each die hits on 4 or less). Defending bombers roll one.

    >>> dice(Combatant(id=1, kind="bomber", power="usa"), "attacker", (("usa", "heavy_bombers"),))
    3
    >>> dice(Combatant(id=1, kind="bomber", power="usa"), "defender", (("usa", "heavy_bombers"),))
    1
    """
    if side == "attacker" and c.kind == "bomber" and _has(techs, c.power, "heavy_bombers"):
        return HEAVY_BOMBER_BATTLE_DICE
    return 1


def _ship(c: Combatant) -> bool:
    return UNITS[c.kind].domain == "sea"


def _air(c: Combatant) -> bool:
    return UNITS[c.kind].domain == "air"


def _sub(c: Combatant) -> bool:
    return c.kind == "submarine"


def _fights(kind: str) -> bool:
    figures = UNITS[kind]
    return figures.domain != "building" and (figures.attack > 0 or figures.defence > 0)


def _normal_techs(techs: Mapping[str, Iterable[str]] | Iterable[tuple[str, str]]) -> Techs:
    pairs = ([(p, t) for p, ts in techs.items() for t in ts] if isinstance(techs, Mapping)
             else list(techs))
    for _, tech in pairs:
        if tech not in TECHS:
            raise _refuse("unknown_tech", f"unknown weapons development {tech!r}", tech=tech)
    return tuple(sorted(set(pairs)))


# ---------------------------------------------------------------- setting up a battle


def start(
    territory: str,
    attacker: str,
    attackers: Sequence[Combatant],
    defenders: Sequence[Combatant],
    *,
    defender: str | None = None,
    sea: bool | None = None,
    bombarding: Sequence[Combatant] = (),
    amphibious: bool = False,
    retreat_to: Sequence[str] = (),
    attacker_sub_zones: Sequence[str] = (),
    defender_sub_zones: Sequence[str] = (),
    techs: Mapping[str, Iterable[str]] | Iterable[tuple[str, str]] = (),
    gmap: GameMap = CLASSIC,
) -> Battle:
    """A battle in ``territory`` (land or sea zone; ``sea`` is read from ``gmap`` unless given).

    - ``attackers`` all belong to ``attacker``; ``defenders`` may mix allied powers, and
      ``defender`` (default: the power with most defending units) speaks for them. For a land
      territory pass its controller.
    - ``bombarding``: the attacker's battleships in the adjacent sea zone that give the support
      shot before an amphibious assault (only those that did not fight a sea battle this turn:
      the caller decides). Requires ``amphibious``.
    - ``amphibious``: nothing may retreat (notes [S3]; the rulebook's amphibious paragraph is
      lost, only "Amfibie aanvalsregels zijn gewijzigd" survives).
    - ``retreat_to``: the territories or sea zones the attacking units came from.
    - ``attacker_sub_zones``: adjacent sea zones attacking ships came from (sub withdrawal);
      ``defender_sub_zones``: adjacent friendly or empty sea zones (defending sub withdrawal).
    - ``techs``: power -> developments, or (power, development) pairs.

    AA guns and industrial complexes never fight in a battle and are refused here; fire the
    AA gun with :func:`aa_fire` during the combat move, before the battle.

    >>> b = start("sz_hawaii", "japan", [Combatant(id=1, kind="battleship", power="japan")],
    ...           [Combatant(id=2, kind="transport", power="usa")])
    >>> b.sea, b.defender, chance(b)
    (True, 'usa', ChanceSpec(kind='attack_fire', sizes=(6,), secret=False))
    >>> start("libya", "germany", [Combatant(id=1, kind="aa_gun", power="germany")],
    ...       [Combatant(id=2, kind="infantry", power="uk")])
    Traceback (most recent call last):
    ...
    engines.core.errors.IllegalMoveError: aa_gun does not fight in a battle
    """
    attackers, defenders, bombarding = tuple(attackers), tuple(defenders), tuple(bombarding)
    if sea is None:
        if territory not in gmap.territories:
            raise _refuse("unknown_territory", f"unknown territory {territory!r}", territory=territory)
        sea = gmap.territories[territory].is_sea
    if not attackers or not defenders:
        raise _refuse("empty_side", "a battle needs attackers and defenders")
    everyone = attackers + defenders + bombarding
    ids = [c.id for c in everyone]
    if len(set(ids)) != len(ids):
        raise _refuse("duplicate_id", "unit ids must be unique in a battle")
    for c in everyone:
        if c.kind not in UNITS:
            raise _refuse("unknown_unit", f"unknown unit {c.kind!r}", unit=c.kind)
        if not _fights(c.kind):
            raise _refuse("does_not_fight", f"{c.kind} does not fight in a battle", unit=c.kind)
    wrong = "land" if sea else "sea"
    for c in attackers + defenders:
        if UNITS[c.kind].domain == wrong:
            where = "sea" if sea else "land"
            raise _refuse("wrong_domain", f"{c.kind} cannot fight in a {where} battle", unit=c.kind)
    if any(c.power != attacker for c in attackers + bombarding):
        raise _refuse("mixed_attackers", "every attacking unit must belong to the attacker")
    if any(c.power == attacker for c in defenders):
        raise _refuse("own_defender", "the attacker cannot defend against itself")
    if bombarding and (sea or not amphibious):
        raise _refuse("bombard_needs_landing",
                      "battleships bombard only in support of an amphibious assault")
    if any(c.kind != "battleship" for c in bombarding):
        raise _refuse("bombard_battleships", "only battleships give the support shot")
    if amphibious and sea:
        raise _refuse("amphibious_is_land", "an amphibious assault is a land battle")
    for side in (attackers, defenders):
        carriers = {c.id: c for c in side if UNITS[c.kind].carrier_capacity}
        aboard: dict[int, int] = {}
        for c in side:
            if c.carrier is None:
                continue
            if UNITS[c.kind].carrier_cost is None or c.carrier not in carriers:
                raise _refuse("bad_carrier", f"unit {c.id} cannot sit on carrier {c.carrier}", unit=c.id)
            aboard[c.carrier] = aboard.get(c.carrier, 0) + (UNITS[c.kind].carrier_cost or 0)
            if aboard[c.carrier] > (UNITS[carriers[c.carrier].kind].carrier_capacity or 0):
                raise _refuse("carrier_full", f"carrier {c.carrier} is full", unit=c.carrier)
    if defender == attacker:
        raise _refuse("own_defender", "the attacker cannot defend against itself")
    if defender is None:
        counts: dict[str, int] = {}
        for c in defenders:
            counts[c.power] = counts.get(c.power, 0) + 1
        defender = max(counts, key=lambda p: counts[p])  # first power on a tie: dicts keep order
    battle = Battle(territory=territory, sea=sea, attacker=attacker, defender=defender,
                    attackers=attackers, defenders=defenders, bombarding=bombarding,
                    amphibious=amphibious, retreat_to=tuple(retreat_to),
                    attacker_sub_zones=tuple(attacker_sub_zones),
                    defender_sub_zones=tuple(defender_sub_zones), techs=_normal_techs(techs))
    return _settle(battle)


# ---------------------------------------------------------------- who is where


def _gone(b: Battle) -> set[int]:
    out = set(b.lost)
    if not b.moved_out:
        return out
    for w in b.moved_out:
        out.update(w.ids)
    return out


def _units(b: Battle, side: Side) -> tuple[Combatant, ...]:
    return b.attackers if side == "attacker" else b.defenders


def _active(b: Battle, side: Side, gone: set[int] | None = None) -> list[Combatant]:
    """Units of ``side`` still in the battle (units in the casualty zone included)."""
    gone = _gone(b) if gone is None else gone
    return [c for c in _units(b, side) if c.id not in gone]


def _targets(b: Battle, side: Side, gone: set[int] | None = None) -> list[Combatant]:
    """Units of ``side`` that a hit can still fall on (not lost, gone, or already hit)."""
    out = _gone(b) if gone is None else set(gone)
    out.update(b.zone)
    return [c for c in _units(b, side) if c.id not in out]


def _firing(b: Battle, step: Step, round_: int | None = None) -> list[tuple[Combatant, Side]]:
    """Who rolls in ``step`` (of round ``round_``, default the battle's), in the order of the
    dice: the caller's order of the units.

    A unit only rolls when there is something it could hit (the rulebook's example: "Duitsland
    hoeft niet meer met zijn tank te vuren daar Engeland al haar stukken verloren heeft").
    """
    gone = _gone(b)
    if step == "bombard":
        if (b.round if round_ is None else round_) != 1 or not _targets(b, "defender", gone):
            return []
        return [(c, "attacker") for c in b.bombarding]
    if step == "sub_strike":
        if not any(_ship(c) for c in _targets(b, "defender", gone)):
            return []
        return [(c, "attacker") for c in _active(b, "attacker", gone) if _sub(c)]
    if step == "attack_fire":
        if not _targets(b, "defender", gone):
            return []
        return [(c, "attacker") for c in _active(b, "attacker", gone)
                if not _sub(c) and strength(c, "attacker", b.techs) > 0]
    if step == "defence_fire":
        enemies = _targets(b, "attacker", gone)
        if not enemies:
            return []
        ships = any(_ship(c) for c in enemies)
        return [(c, "defender") for c in _active(b, "defender", gone)
                if strength(c, "defender", b.techs) > 0 and (ships or not _sub(c))]
    return []


def _dice_count(b: Battle, firing: list[tuple[Combatant, Side]]) -> int:
    return sum(dice(c, side, b.techs) for c, side in firing)


# ---------------------------------------------------------------- moving the machine on


_NEXT: dict[Step, Step] = {"bombard": "sub_strike", "sub_strike": "attack_fire",
                           "attack_fire": "defence_fire", "defence_fire": "end_round"}


def _settle(b: Battle) -> Battle:
    """Go forward through steps that need neither dice nor a decision."""
    step, round_ = b.step, b.round
    for _ in range(20):
        if step in _NEXT:
            if _firing(b, step, round_):
                break
            step = _NEXT[step]
        elif step == "end_round":
            b = _end_round(b, round_)
            step, round_ = b.step, b.round
        elif step == "after_round":
            if _attacker_options(b) != (False, ()):
                break
            step = "defender_subs"
        elif step == "defender_subs":
            if _defender_sub_options(b):
                break
            step, round_ = "sub_strike", round_ + 1
        else:  # casualties, done
            break
    else:  # two rounds without dice or choices: cannot happen with classic units
        raise RuntimeError(f"battle in {b.territory} cannot go on: nobody can fire")
    if (step, round_) == (b.step, b.round):
        return b
    return evolve(b, step=step, round=round_)


def _end_round(b: Battle, round_: int) -> Battle:
    """Casualties leave the board; the battle ends when a side has nothing left (Aktie 3, 8 B-D)."""
    gone = _gone(b) | set(b.zone)
    attackers, defenders = _active(b, "attacker", gone), _active(b, "defender", gone)
    result: BattleResult | None = None
    if not attackers and not defenders:
        result = "both_destroyed"
    elif not attackers:
        result = "defender_held"
    elif not defenders:
        result = "attacker_won"
    return evolve(
        b, lost=b.lost + b.zone, lost_in=b.lost_in + (round_,) * len(b.zone), zone=(), round=round_, result=result,
        step="after_round" if result is None else "done",
    )


def _finish(b: Battle, result: BattleResult, **update: Any) -> Battle:
    return evolve(b, **update, result=result, step="done", pending=None)


def _attacker_options(b: Battle) -> tuple[bool, tuple[str, ...]]:
    """(may retreat, zones the attacking subs may withdraw to) after a round."""
    active = _active(b, "attacker")
    may_retreat = not b.amphibious and bool(b.retreat_to or all(_air(c) for c in active))
    subs_to = b.attacker_sub_zones if any(_sub(c) for c in active) else ()
    return may_retreat, subs_to


def _defender_sub_options(b: Battle) -> tuple[str, ...]:
    return b.defender_sub_zones if any(_sub(c) for c in _active(b, "defender")) else ()


# ---------------------------------------------------------------- casualties


def _casualty_terms(b: Battle, hits: Hits) -> tuple[int, tuple[int, ...], int | None]:
    """(count, eligible ids, max non-ships) for ``hits``.

    Sub hits may only fall on ships; the other hits on anything. The owner must take as many
    casualties as the hits allow: ``min(subs + general, ships + min(others, general))``.
    """
    targets = _targets(b, hits.side)
    ships = [c for c in targets if _ship(c)]
    others = [c for c in targets if not _ship(c)]
    count = min(hits.subs + hits.general, len(ships) + min(len(others), hits.general))
    eligible = ships if hits.general == 0 else targets
    limit = hits.general if hits.subs and others else None
    return count, tuple(c.id for c in eligible), limit


def _interchangeable(b: Battle, side: Side, ids: tuple[int, ...]) -> bool:
    """Whether any choice among ``ids`` gives the same battle: one kind, owner and carrier.

    Attacking aircraft never are: where each came from decides where it can land.
    """
    by_id = {c.id: c for c in _units(b, side)}
    keys = {(c.kind, c.power, c.carrier, c.id if side == "attacker" and _air(c) else None)
            for c in (by_id[i] for i in ids)}
    return len(keys) <= 1


def _assign(b: Battle, hits: Hits, **update: Any) -> Battle:
    """Hand out ``hits``: at once when there is no real choice, else wait for the owner.
    ``update`` (the log) goes into the same copy of the battle."""
    count, eligible, _ = _casualty_terms(b, hits)
    if count == 0:
        return _settle(evolve(b, **update, step=hits.then))
    if count == len(eligible) or _interchangeable(b, hits.side, eligible):
        return _take(b, hits, eligible[:count], **update)
    return evolve(b, **update, step="casualties", pending=hits)


def _take(b: Battle, hits: Hits, ids: Sequence[int], **update: Any) -> Battle:
    field = "zone" if hits.fate == "zone" else "lost"
    update |= {field: getattr(b, field) + tuple(ids), "step": hits.then, "pending": None}
    if field == "lost":
        update["lost_in"] = b.lost_in + (b.round,) * len(ids)
    return _settle(evolve(b, **update))


# ---------------------------------------------------------------- dice


def _face_hits(values: Sequence[int], firing: list[tuple[Combatant, Side]], techs: Techs
               ) -> tuple[int, int]:
    """(hits by subs, other hits): die i belongs to the i-th firing unit (a heavy bomber has 3)."""
    sub_hits = other_hits = 0
    i = 0
    for c, side in firing:
        need = strength(c, side, techs)
        for _ in range(dice(c, side, techs)):
            if values[i] + 1 <= need:
                if _sub(c):
                    sub_hits += 1
                else:
                    other_hits += 1
            i += 1
    return sub_hits, other_hits


def _battle_chance(b: Battle) -> ChanceSpec | None:
    if b.step not in _NEXT:
        return None
    return ChanceSpec(kind=b.step, sizes=(6,) * _dice_count(b, _firing(b, b.step)))


def _check_values(spec: ChanceSpec | int | None, values: Sequence[int]) -> tuple[int, ...]:
    """``values`` as a tuple, if they are the dice ``spec`` (or that many d6s) asks for."""
    if spec is None:
        raise _refuse("no_dice_due", "no dice are due now")
    n = spec if isinstance(spec, int) else len(spec.sizes)
    values = tuple(values)
    if len(values) != n or any(not 0 <= v < 6 for v in values):
        raise _refuse("bad_dice", f"expected {n} dice with values 0..5", expected=n)
    return values


def _battle_roll(b: Battle, values: Sequence[int]) -> Battle:
    step = b.step
    firing = _firing(b, step) if step in _NEXT else []
    values = _check_values(_dice_count(b, firing) if step in _NEXT else None, values)
    sub_hits, other_hits = _face_hits(values, firing, b.techs)
    needs = tuple(strength(c, side, b.techs) for c, side in firing for _ in range(dice(c, side, b.techs)))
    log = b.log + (Roll(kind=step, round=b.round, values=values, hits=sub_hits + other_hits, needs=needs),)
    if step == "bombard":
        hits = Hits(side="defender", general=other_hits, fate="zone", then="sub_strike")
    elif step == "sub_strike":
        hits = Hits(side="defender", general=0, subs=sub_hits, fate="lost", then="attack_fire")
    elif step == "attack_fire":
        hits = Hits(side="defender", general=other_hits, fate="zone", then="defence_fire")
    else:
        hits = Hits(side="attacker", general=other_hits, subs=sub_hits, fate="lost", then="end_round")
    return _assign(b, hits, log=log)


# ---------------------------------------------------------------- AA fire


def aa_fire(territory: str, gun_power: str, aircraft: Sequence[Combatant]) -> AaFire:
    """The AA gun in ``territory`` fires at enemy aircraft flying over or into it during a combat
    move: one die per aircraft, a 1 hits (App. "Luchtdoelkanonnen"; notes). The aircraft's owner
    chooses which are lost (TripleA ``Choose AA Casualties``). Run it before :func:`start` and
    leave the losses out of the battle.

    >>> aa = aa_fire("germany", "germany", [Combatant(id=1, kind="fighter", power="uk"),
    ...                                      Combatant(id=2, kind="bomber", power="uk")])
    >>> chance(aa)
    ChanceSpec(kind='aa_fire', sizes=(6, 6), secret=False)
    >>> aa = apply_roll(aa, (0, 3))
    >>> waiting(aa).count, waiting(aa).power
    (1, 'uk')
    >>> outcome(choose_casualties(aa, "uk", (2,)))
    AaOutcome(lost=(2,), survivors=(1,), rolls=(0, 3))
    """
    aircraft = tuple(aircraft)
    if not aircraft:
        raise _refuse("no_aircraft", "AA fire needs aircraft to shoot at")
    if len({c.power for c in aircraft}) != 1 or aircraft[0].power == gun_power:
        raise _refuse("aa_targets", "AA fire hits the aircraft of one enemy power")
    if any(c.kind not in UNITS or not _air(c) for c in aircraft):
        raise _refuse("aa_only_aircraft", "AA guns fire at aircraft only")
    if len({c.id for c in aircraft}) != len(aircraft):
        raise _refuse("duplicate_id", "unit ids must be unique")
    return AaFire(territory=territory, gun_power=gun_power, aircraft=aircraft)


def _aa_roll(aa: AaFire, values: Sequence[int]) -> AaFire:
    values = _check_values(_aa_chance(aa), values)
    hits = sum(1 for v in values if v + 1 <= AA_HITS_ON)
    ids = tuple(c.id for c in aa.aircraft)
    lost = () if hits == 0 else ids if hits >= len(ids) else None
    return evolve(aa, rolled=values, hits=hits, lost=lost)


def _aa_chance(aa: AaFire) -> ChanceSpec | None:
    return None if aa.rolled is not None else ChanceSpec(kind="aa_fire", sizes=(6,) * len(aa.aircraft))


def _aa_waiting(aa: AaFire) -> Decision | None:
    if aa.rolled is None or aa.lost is not None:
        return None
    return Decision(kind="casualties", side="attacker", power=aa.aircraft[0].power, count=aa.hits,
                    eligible=tuple(c.id for c in aa.aircraft))


# ---------------------------------------------------------------- bombing and rockets


def bombing_raid(territory: str, attacker: str, victim: str, bombers: Sequence[Combatant], *,
                 aa_gun: bool, victim_ipcs: int, heavy_bombers: bool = False,
                 gun_power: str | None = None) -> Raid:
    """A strategic bombing raid on the industrial complex in ``territory`` ("Strategische
    bommenwerper aanval"): 1) bombers fly there, 2) its AA gun (if any) rolls one die per bomber,
    each 1 downs one, 3) each surviving bomber rolls one die (three with Heavy Bombers); the total
    is what the victim pays the bank, capped at what it has (``victim_ipcs``). The gun is the
    victim's unless ``gun_power`` names the ally whose gun stands there ("Als uw vijand een
    luchtdoelkanon heeft staan").

    The gun fires here, so the engine must not also fire it at the bombers as they arrive.

    >>> raid = bombing_raid("germany", "uk", "germany",
    ...     [Combatant(id=1, kind="bomber", power="uk"), Combatant(id=2, kind="bomber", power="uk")],
    ...     aa_gun=True, victim_ipcs=7)
    >>> chance(raid).kind
    'aa_fire'
    >>> raid = choose_casualties(apply_roll(raid, (0, 4)), "uk", (1,))
    >>> chance(raid)
    ChanceSpec(kind='bombing', sizes=(6,), secret=False)
    >>> outcome(apply_roll(raid, (5,)))
    RaidOutcome(damage=6, rolls=(5,), bombers_lost=(1,), bombers_left=(2,))
    """
    bombers = tuple(bombers)
    if not bombers or any(c.kind != "bomber" or c.power != attacker for c in bombers):
        raise _refuse("raid_bombers", "a strategic bombing raid is flown by the attacker's bombers")
    if victim == attacker or victim_ipcs < 0:
        raise _refuse("raid_victim", "the victim must be another power with a treasury")
    aa = aa_fire(territory, gun_power or victim, bombers) if aa_gun else None
    return Raid(kind="bombing", territory=territory, attacker=attacker, victim=victim,
                victim_ipcs=victim_ipcs, bombers=bombers, heavy=heavy_bombers, aa=aa)


def rocket(launcher: str, target: str, attacker: str, victim: str, *, victim_ipcs: int,
           gmap: GameMap = CLASSIC) -> Raid:
    """A rocket (weapons development): the AA gun in ``launcher`` attacks the industrial complex
    in ``target`` at most :data:`ROCKET_RANGE` spaces away (land or sea), one die of IPC damage,
    capped at the victim's treasury. Whether ``target`` holds an enemy complex, and how many
    rockets a turn allows, is the engine's business.

    >>> r = rocket("western_europe", "united_kingdom", "germany", "uk", victim_ipcs=4)
    >>> chance(r)
    ChanceSpec(kind='rocket', sizes=(6,), secret=False)
    >>> outcome(apply_roll(r, (5,))).damage
    4
    >>> rocket("germany", "kazakh_ssr", "germany", "ussr", victim_ipcs=10)
    Traceback (most recent call last):
    ...
    engines.core.errors.IllegalMoveError: kazakh_ssr is 4 spaces from germany; rockets reach 3
    """
    for tid in (launcher, target):
        if tid not in gmap.territories or gmap.territories[tid].is_sea:
            raise _refuse("rocket_land", f"{tid!r} is not a land territory", territory=tid)
    distance = _distance(gmap, launcher, target)
    if not 1 <= distance <= ROCKET_RANGE:
        raise _refuse("rocket_range",
                      f"{target} is {distance} spaces from {launcher}; rockets reach {ROCKET_RANGE}",
                      distance=distance)
    if victim == attacker or victim_ipcs < 0:
        raise _refuse("raid_victim", "the victim must be another power with a treasury")
    return Raid(kind="rocket", territory=target, attacker=attacker, victim=victim,
                victim_ipcs=victim_ipcs, launcher=launcher)


def _distance(gmap: GameMap, a: str, b: str) -> int:
    seen, frontier, steps = {a}, [a], 0
    while frontier:
        if b in frontier:
            return steps
        steps += 1
        reached: list[str] = []
        for t in frontier:
            for n in gmap.neighbours(t):
                if n not in seen:
                    seen.add(n)
                    reached.append(n)
        frontier = reached
    return 10**6


def _raid_survivors(r: Raid) -> tuple[Combatant, ...]:
    if r.aa is None:
        return r.bombers
    lost = set(r.aa.lost or ())
    return tuple(c for c in r.bombers if c.id not in lost)


def _raid_chance(r: Raid) -> ChanceSpec | None:
    if r.aa is not None and r.aa.lost is None:
        return _aa_chance(r.aa)
    if r.rolls is not None:
        return None
    n = 1 if r.kind == "rocket" else len(_raid_survivors(r)) * (HEAVY_BOMBER_DICE if r.heavy else 1)
    return ChanceSpec(kind=r.kind, sizes=(6,) * n) if n else None


def _raid_roll(r: Raid, values: Sequence[int]) -> Raid:
    if r.aa is not None and r.aa.lost is None:
        return evolve(r, aa=_aa_roll(r.aa, values))
    values = _check_values(_raid_chance(r), values)
    return evolve(r, rolls=values)


# ---------------------------------------------------------------- the five functions


def chance(m: Machine) -> ChanceSpec | None:
    """The dice the referee must roll next, or ``None`` (a player decides, or it is over).

    Always d6s, one per firing unit in the caller's order of the units (a heavy bomber's three
    dice together). Kinds: ``bombard`` (the support shot, per battleship), ``sub_strike`` (the
    attacking subs), ``attack_fire`` (the other attackers), ``defence_fire`` (every defender,
    the casualty zone included), ``aa_fire`` (per aircraft), ``bombing`` (per surviving bomber,
    three each with Heavy Bombers), ``rocket`` (one).
    """
    if isinstance(m, Battle):
        return _battle_chance(m)
    if isinstance(m, AaFire):
        return _aa_chance(m)
    return _raid_chance(m)


@overload
def apply_roll(m: Battle, values: Sequence[int]) -> Battle: ...
@overload
def apply_roll(m: AaFire, values: Sequence[int]) -> AaFire: ...
@overload
def apply_roll(m: Raid, values: Sequence[int]) -> Raid: ...
def apply_roll(m: Machine, values: Sequence[int]) -> Machine:
    """Apply the dice :func:`chance` asked for: ``values[i]`` 0..5 is face 1..6 of die i.

    A unit hits when its face is at most its attack or defence figure.
    """
    if isinstance(m, Battle):
        return _battle_roll(m, values)
    if isinstance(m, AaFire):
        return _aa_roll(m, values)
    return _raid_roll(m, values)


def waiting(m: Machine) -> Decision | None:
    """Who must decide what now, or ``None`` (dice are due, or it is over)."""
    if isinstance(m, AaFire):
        return _aa_waiting(m)
    if isinstance(m, Raid):
        return _aa_waiting(m.aa) if m.aa is not None else None
    b = m
    if b.step == "casualties" and b.pending is not None:
        count, eligible, limit = _casualty_terms(b, b.pending)
        power = b.attacker if b.pending.side == "attacker" else b.defender
        return Decision(kind="casualties", side=b.pending.side, power=power, count=count,
                        eligible=eligible, max_non_ships=limit)
    if b.step == "after_round":
        may_retreat, subs_to = _attacker_options(b)
        return Decision(kind="press_on_or_retreat", side="attacker", power=b.attacker,
                        may_retreat=may_retreat, retreat_to=b.retreat_to if may_retreat else (),
                        subs_to=subs_to)
    if b.step == "defender_subs":
        return Decision(kind="defending_subs", side="defender", power=b.defender,
                        subs_to=_defender_sub_options(b))
    return None


@overload
def choose_casualties(m: Battle, power: str, unit_ids: Sequence[int]) -> Battle: ...
@overload
def choose_casualties(m: AaFire, power: str, unit_ids: Sequence[int]) -> AaFire: ...
@overload
def choose_casualties(m: Raid, power: str, unit_ids: Sequence[int]) -> Raid: ...
def choose_casualties(m: Machine, power: str, unit_ids: Sequence[int]) -> Machine:
    """The owner picks which units the hits kill ("De verdediger verkiest ..."; App. I).

    >>> b = start("sz_hawaii", "japan", [Combatant(id=1, kind="battleship", power="japan")],
    ...     [Combatant(id=2, kind="transport", power="usa"),
    ...      Combatant(id=3, kind="submarine", power="usa")])
    >>> b = apply_roll(b, (0,))
    >>> choose_casualties(b, "usa", (1,))
    Traceback (most recent call last):
    ...
    engines.core.errors.IllegalMoveError: pick 1 of (2, 3)
    """
    decision = waiting(m)
    if decision is None or decision.kind != "casualties":
        raise _refuse("no_casualties_due", "no casualties are to be chosen now")
    if power != decision.power:
        raise _refuse("not_your_choice", f"{decision.power} chooses these casualties",
                      power=decision.power)
    ids = tuple(unit_ids)
    if len(set(ids)) != len(ids) or len(ids) != decision.count or not set(ids) <= set(decision.eligible):
        raise _refuse("bad_casualties", f"pick {decision.count} of {decision.eligible}",
                      count=decision.count, eligible=decision.eligible)
    if isinstance(m, AaFire):
        return evolve(m, lost=ids)
    if isinstance(m, Raid):
        assert m.aa is not None
        return evolve(m, aa=evolve(m.aa, lost=ids))
    assert m.pending is not None
    if decision.max_non_ships is not None:
        by_id = {c.id: c for c in _units(m, m.pending.side)}
        if sum(1 for i in ids if not _ship(by_id[i])) > decision.max_non_ships:
            raise _refuse("subs_hit_ships", f"submarine hits only sink ships: at most "
                          f"{decision.max_non_ships} aircraft may be lost", limit=decision.max_non_ships)
    return _take(m, m.pending, ids)


def press_on(battle: Battle) -> Battle:
    """After a round: the attacker fights another round, or (when the defence is asked about its
    subs) the defending subs stay. Aktie 3, step 8: "Herhaal bovengenoemde stappen 2 tot 7"."""
    if battle.step == "after_round":
        return _settle(evolve(battle, step="defender_subs"))
    if battle.step == "defender_subs":
        return _settle(evolve(battle, round=battle.round + 1, step="sub_strike"))
    raise _refuse("nothing_to_press", "there is no round to go on with now")


def retreat(battle: Battle, to: str | None) -> Battle:
    """The attacker ends the battle after a round by moving every attacking unit still in it to
    ``to``, one of the places they came from (Aktie 3, 8 A: "de terugtrekkingsoptie - speciaal
    voorrecht van de aanvaller"). Never from an amphibious assault. Aircraft go along and land
    during the non-combat move; when only aircraft are left ``to`` may be ``None``."""
    if battle.step != "after_round":
        raise _refuse("no_retreat_now", "the attacker may retreat only after a round")
    may_retreat, _ = _attacker_options(battle)
    if not may_retreat:
        raise _refuse("no_retreat", "nothing may retreat from this battle")
    active = _active(battle, "attacker")
    air_only = all(_air(c) for c in active)
    if not (to in battle.retreat_to or (to is None and air_only)):
        raise _refuse("retreat_where", f"retreat to one of {battle.retreat_to}",
                      options=battle.retreat_to)
    out = Withdrawal(how="retreat", side="attacker", ids=tuple(c.id for c in active), to=to)
    return _finish(battle, "attacker_retreated", moved_out=battle.moved_out + (out,))


def withdraw_subs(battle: Battle, side: Side, to: str) -> Battle:
    """After a round, that side's submarines leave the battle for the sea zone ``to`` (Aktie 3,
    step 7): first the attacking subs, to a zone attacking ships came from; then the defending
    subs, to an adjacent friendly or empty zone (both lists come from the caller)."""
    if side == "attacker":
        _, options = _attacker_options(battle) if battle.step == "after_round" else (False, ())
    else:
        options = _defender_sub_options(battle) if battle.step == "defender_subs" else ()
    if not options:
        raise _refuse("no_withdrawal_now", f"the {side}'s submarines cannot withdraw now", side=side)
    if to not in options:
        raise _refuse("withdraw_where", f"withdraw to one of {options}", options=options)
    subs = tuple(c.id for c in _active(battle, side) if _sub(c))
    out = Withdrawal(how="subs", side=side, ids=subs, to=to)
    b = evolve(battle, moved_out=battle.moved_out + (out,))
    if not _active(b, side):
        return _finish(b, "attacker_retreated" if side == "attacker" else "attacker_won")
    if side == "defender":
        return press_on(b)
    return _settle(b)


@overload
def outcome(m: Battle) -> BattleOutcome | None: ...
@overload
def outcome(m: AaFire) -> AaOutcome | None: ...
@overload
def outcome(m: Raid) -> RaidOutcome | None: ...
def outcome(m: Machine) -> BattleOutcome | AaOutcome | RaidOutcome | None:
    """What happened, once it is over; ``None`` before."""
    if isinstance(m, AaFire):
        if m.lost is None or m.rolled is None:
            return None
        lost = set(m.lost)
        return AaOutcome(lost=m.lost, survivors=tuple(c.id for c in m.aircraft if c.id not in lost),
                         rolls=m.rolled)
    if isinstance(m, Raid):
        if _raid_chance(m) is not None or waiting(m) is not None:
            return None
        rolls = m.rolls or ()
        survivors = _raid_survivors(m)
        return RaidOutcome(damage=min(sum(v + 1 for v in rolls), m.victim_ipcs), rolls=rolls,
                           bombers_lost=tuple(m.aa.lost or ()) if m.aa else (),
                           bombers_left=tuple(c.id for c in survivors) if m.kind == "bombing" else ())
    b = m
    if b.result is None:
        return None
    gone = _gone(b)
    lost = set(b.lost)
    attackers_left = tuple(c.id for c in b.attackers if c.id not in gone)
    by_id = {c.id: c for c in b.attackers + b.defenders}
    standing = [c for c in b.attackers + b.defenders if c.id not in lost]
    return BattleOutcome(
        result=b.result,
        rounds=b.round,
        attackers_left=attackers_left,
        defenders_left=tuple(c.id for c in b.defenders if c.id not in gone),
        lost=tuple(by_id[i] for i in b.lost),
        moved_out=b.moved_out,
        captures=(not b.sea and b.result == "attacker_won"
                  and any(UNITS[by_id[i].kind].domain == "land" for i in attackers_left)),
        unhoused_fighters=tuple(c.id for c in standing if c.carrier is not None and c.carrier in lost),
    )
