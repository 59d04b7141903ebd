"""The game state of Axis & Allies (classic, 2nd edition): who holds what, where every unit is.

Units are individual pieces with a fixed id: a transport's cargo and a carrier's fighters
point at their carrier by id (``carried_by``), and a battle names its units by id. Movement
spent this turn (``moved``) and whether a unit took part in the combat move (``combat``)
decide what it may still do in the non-combat move.

>>> from engines.axis_allies.options import AxisAlliesOptions
>>> s = initial_state(AxisAlliesOptions())
>>> s.power, s.phase, s.round, s.ipcs["germany"], s.owner("karelia_ssr")
('ussr', 'tech', 1, 32, 'ussr')
>>> len(s.units_at("germany")), sorted({u.kind for u in s.units_at("germany")})
(10, ['aa_gun', 'armour', 'bomber', 'factory', 'fighter', 'infantry'])
"""

from __future__ import annotations

from functools import lru_cache
from typing import Literal

from pydantic import Field

from engines.axis_allies.combat import AaFire, Battle, Combatant, Raid, Roll
from engines.axis_allies.map import CLASSIC, GameMap
from engines.axis_allies.options import AxisAlliesOptions
from engines.axis_allies.units import UNITS
from engines.core.contract import Frozen, Result
from engines.core.evolve import evolve

Phase = Literal["tech", "purchase", "combat_move", "combat", "noncombat_move", "place", "income"]
"""The six steps of a turn (rulebook chapter 1; weapons development and purchase are one
step there, two phases here so a player can roll for technology before buying)."""
PHASES: tuple[Phase, ...] = ("tech", "purchase", "combat_move", "combat", "noncombat_move", "place", "income")
Tech = Literal["jet_power", "rockets", "super_submarines", "long_range_aircraft", "industrial_technology", "heavy_bombers"]
TECHS: tuple[Tech, ...] = (
    "jet_power", "rockets", "super_submarines", "long_range_aircraft", "industrial_technology", "heavy_bombers",
)


class ArrowView(Frozen):
    """A move made this turn, drawn as an arrow (the state keeps them; ``view.py`` passes them on)."""

    frm: str
    to: str
    text: str
    combat: bool


class Unit(Frozen):
    id: int
    kind: str
    """A key of ``units.UNITS``."""
    power: str
    at: str
    """Territory or sea zone id."""
    moved: int = 0
    """Movement points spent this turn."""
    combat: bool = False
    """Moved in this turn's combat move or fought this turn."""
    carried_by: int | None = None
    """The transport (land units) or carrier (fighters) it rides on."""
    came_from: str | None = None
    """Where it was before its last step of the combat move (an attacker retreats there)."""
    lands_in: str | None = None
    """Cargo ordered ashore from a sea zone with enemy units: the land it goes into once the sea
    battle there is won (it stays aboard until then, and is lost with its transport)."""
    unloaded_into: str | None = None
    """A transport: where it unloaded this turn (one territory per transport in the combat move)."""


class Casualty(Frozen):
    """A unit lost in a fight (``round`` 0 outside a battle's rounds: AA fire, a raid's gun)."""

    id: int
    power: str
    kind: str
    round: int = 0


class Fought(Frozen):
    """A battle, AA fire, bombing raid or rocket that ended this turn: what the replies to the
    move that ended it say (the machine itself is gone from the state by then)."""

    kind: Literal["battle", "aa", "bombing", "rocket"]
    territory: str
    attacker: str
    defender: str
    """The battle's defending power, the AA gun's power, the raid's or rocket's victim."""
    result: str = ""
    """A battle's ``combat.BattleResult``."""
    lost: tuple[Casualty, ...] = ()
    damage: int = 0
    """IPCs a raid or rocket cost the victim."""
    withdrawals: tuple[tuple[str, str, str | None], ...] = ()
    """(``retreat`` or ``subs``, power, where to) of the units that left a battle alive."""
    record: Battle | None = None
    """A battle's machine as it ended (its units, dice and losses): the battle board picture."""
    rolls: tuple[Roll, ...] = ()
    """Every die of it, for the turn summary."""
    units: tuple[Combatant, ...] = ()
    """AA fire, a raid or a rocket: the units that took part, in the order of their dice (the
    aircraft the gun fired at, every raiding bomber, the rocket's AA gun); ``lost`` names only the
    fallen, and the machine is gone, so the battle board picture reads them here (a battle's
    units are in ``record``). Empty in a state saved before it was kept: such a board shows the
    dice and the losses only."""
    launcher: str | None = None
    """A rocket: the territory of the AA gun that fired it (``territory`` is its target)."""
    gun: str | None = None
    """A raid: the power of the AA gun that fired at the bombers when it is not the victim's (an
    ally's gun in the victim's territory); ``None``: the victim's, or no gun."""


class BattlePlan(Frozen):
    """``attack ... until done``: the attacker's choice after every round of that battle, made in
    advance. Gone when the battle ends."""

    territory: str
    retreat_below: int = 0
    """Retreat once fewer attacking units than this are left (0: fight to the end)."""
    retreat_to: str | None = None


class UndoPoint(Frozen):
    """The state before an order of this phase, for ``undo``: the fields that order
    may change, as they were (``UNDO_FIELDS``)."""

    text: str
    """The order it takes back, for the reply."""
    phase: Phase
    owners: tuple[tuple[str, str], ...]
    units: tuple[Unit, ...]
    next_id: int
    ipcs: dict[str, int]
    purchased: tuple[tuple[str, int], ...]
    bought: tuple[tuple[str, int], ...]
    conquered: tuple[str, ...]
    raids: tuple[str, ...]
    amphibious: tuple[str, ...]
    arrows: tuple[ArrowView, ...]
    aa_queue: tuple[tuple[str, str, tuple[int, ...]], ...]
    placed_factories: tuple[str, ...]
    factories_built: int


UNDO_FIELDS: tuple[str, ...] = tuple(name for name in UndoPoint.model_fields if name != "text")
"""What a purchase, a move or a placement may change: an undo point keeps them as they were
(the state's fields of these names; the fields of :class:`UndoPoint` are the one list)."""


class AxisAlliesState(Frozen):
    options: AxisAlliesOptions
    seats: tuple[tuple[str, ...], ...]
    """Powers per seat (rulebook chapter 2, "Welke wereldmacht wilt u zijn?")."""
    round: int = 1
    power: str = "ussr"
    """The power whose turn it is."""
    phase: Phase = "tech"
    owners: tuple[tuple[str, str], ...]
    """(land territory, power) for every held land territory, sorted; untouched neutrals absent."""
    units: tuple[Unit, ...]
    next_id: int
    ipcs: dict[str, int]
    techs: dict[str, tuple[Tech, ...]] = Field(default_factory=dict)
    purchased: tuple[tuple[str, int], ...] = ()
    """Units bought this turn and not yet placed (kind, count)."""
    bought: tuple[tuple[str, int], ...] = ()
    """Units bought this turn, placed or not (kind, count), for the turn summary."""
    conquered: tuple[str, ...] = ()
    """Land taken this turn (aircraft may not land there; canals need land held all turn)."""
    held_at_start: tuple[str, ...] = ()
    """Land the power to move held when its turn began (placement needs complexes held since then)."""
    tech_dice: int = 0
    """Research dice bought and not yet rolled."""
    breakthroughs: int = 0
    """Sixes rolled whose development is still to be drawn on the chart."""
    battles: tuple[str, ...] = ()
    """Territories where a battle (or a bombing raid: see ``raids``) waits this turn."""
    raids: tuple[str, ...] = ()
    """Territories with an industrial complex that bombers flew to on a bombing raid."""
    amphibious: tuple[str, ...] = ()
    """Land attacked from the sea this turn (no retreat; battleships may support)."""
    sea_fights: tuple[str, ...] = ()
    """Sea zones where this power fought a sea battle this turn (their battleships do not support)."""
    battle: Battle | None = None
    aa: AaFire | None = None
    aa_queue: tuple[tuple[str, str, tuple[int, ...]], ...] = ()
    """AA guns still to fire at this move's aircraft: (territory, gun power, aircraft ids)."""
    raid: Raid | None = None
    rocket_fired: bool = False
    arrows: tuple[ArrowView, ...] = ()
    fights: tuple[Fought, ...] = ()
    """The fights that ended this turn, in order (for the replies; no rule reads them)."""
    placed_factories: tuple[str, ...] = ()
    """Where new complexes went this turn: they produce from the next turn on."""
    factories_built: int = 0
    """New industrial complexes placed in the game (the box holds 4)."""
    result: Result | None = None
    plan: BattlePlan | None = None
    """The plan of the battle being fought, when it was attacked ``until done``."""
    undo: tuple[UndoPoint, ...] = ()
    """Orders of this phase that ``undo`` may still take back (emptied by dice and phase ends)."""

    @property
    def owner_map(self) -> dict[str, str]:
        return _owner_map(self.owners)

    def owner(self, territory: str) -> str | None:
        """The power holding a land territory; ``None`` for sea zones and untouched neutrals."""
        return self.owner_map.get(territory)

    def units_at(self, territory: str) -> list[Unit]:
        """The units in ``territory``, in the order of ``units``."""
        return [u for u in self.units if u.at == territory]

    @property
    def map(self) -> GameMap:
        return CLASSIC


@lru_cache(maxsize=256)
def _owner_map(owners: tuple[tuple[str, str], ...]) -> dict[str, str]:
    # Keyed by the owners tuple itself, so a copied state never sees a stale map
    # (a cached_property would travel along with model_copy).
    return dict(owners)


def _aboard(units: list[Unit]) -> list[Unit]:
    """Fighters that start at sea ride the carriers of their power in that zone."""
    room: dict[tuple[str, str], list[int]] = {}
    for u in units:
        if u.kind == "carrier":
            room.setdefault((u.at, u.power), []).extend([u.id] * (UNITS["carrier"].carrier_capacity or 0))
    placed = []
    for u in units:
        if u.kind == "fighter" and CLASSIC.territories[u.at].is_sea and room.get((u.at, u.power)):
            u = evolve(u, carried_by=room[(u.at, u.power)].pop(0))
        placed.append(u)
    return placed


def initial_state(options: AxisAlliesOptions, seats: tuple[tuple[str, ...], ...] | None = None) -> AxisAlliesState:
    """The opening set-up (rulebook chapter 2, the reference cards' "Combat Forces set-up")."""
    gmap = CLASSIC
    units: list[Unit] = []
    for territory, by_power in sorted(gmap.start.items()):
        for power, counts in sorted(by_power.items()):
            for kind, count in sorted(counts.items()):
                for _ in range(count):
                    units.append(Unit(id=len(units), kind=kind, power=power, at=territory))
    owners = gmap.starting_owners()
    return AxisAlliesState(
        options=options,
        held_at_start=tuple(sorted(t for t, p in owners.items() if p == "ussr")),
        seats=seats or tuple((p.id,) for p in gmap.powers),
        owners=tuple(sorted(owners.items())),
        units=tuple(_aboard(units)),
        next_id=len(units),
        ipcs={p.id: p.ipcs for p in gmap.powers},
        techs={p.id: () for p in gmap.powers},
    )
