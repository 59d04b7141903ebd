"""What a move of Axis & Allies did, in words (``NarratingGame.describe_move``;).

Read off the states before the move and after it (and after the dice it called for), in the
order things happened:

1. research dice (breakthroughs or none), purchases, placements;
2. the fights that ended or went on: AA fire and what it downed, each battle round's casualties
   per power, how a battle ended (won, held, both destroyed, retreat, submarines withdrawn), the
   damage of a bombing raid or rocket;
3. land that changed hands: conquests, neutrals entered, capitals taken with the IPCs plundered,
   liberations and the land an ally gets back with its capital; complexes and AA guns captured;
4. units lost otherwise: cargo and fighters that went down with their ship, aircraft with
   nowhere to land, bought units with no place to go;
5. at the end of a step: the battles to fight, the income collected, and whose power is next and
   why (the next in the turn order; a new round after the United States).

Everything is public (docs/architecture.md: "none; dice"), so every line may go to the channel. Params:
``power``, ``victim`` and ``ally`` are power ids and ``seat`` a seat (the bot words them),
``units`` lists ``[unit id, count]`` pairs, ``territory``/``to``/``territories`` are names.

>>> from engines.axis_allies.engine import AxisAllies
>>> engine = AxisAllies()
>>> s = engine.setup(2)
>>> move = engine.parse_move("buy 3 inf", s, 0)
>>> describe_move(s, 0, move, engine.apply(s, 0, move))
(('axis_allies.bought', {'power': 'ussr', 'units': [['infantry', 3]], 'cost': 9, 'ipcs': 15}),)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from engines.axis_allies import economy
from engines.axis_allies.economy import NEUTRAL_ENTRY_COST, TURN_ORDER
from engines.axis_allies.map import territory_name
from engines.axis_allies.moves import AxisAlliesMove
from engines.axis_allies.state import TECHS, AxisAlliesState, Casualty, Fought
from engines.axis_allies.units import UNITS
from engines.core.contract import Seat

Line = tuple[str, dict[str, Any]]


def describe_move(
    before: AxisAlliesState, seat: Seat, move: AxisAlliesMove, after: AxisAlliesState
) -> tuple[Line, ...]:
    """Message codes + params of what ``seat``'s ``move`` did, in the order it happened."""
    lines: list[Line] = []
    power = before.power
    if move.kind == "undo" and before.undo:
        return (("axis_allies.undone", {"move": before.undo[-1].text}),)
    if move.kind == "tech":
        lines += _research(before, after, move.count)
    elif move.kind == "buy":
        lines.append(("axis_allies.bought", {
            "power": power, "units": _pairs(move.units), "cost": before.ipcs[power] - after.ipcs[power],
            "ipcs": after.ipcs[power],
        }))
    elif move.kind == "place":
        lines.append(("axis_allies.placed", {"power": power, "units": _pairs(move.units), "territory": territory_name(move.to)}))
        if after.purchased:
            lines.append(("axis_allies.still_to_place", {"power": power, "units": _pairs(after.purchased)}))
    new_fights = _new_fights(before, after)
    lines += _fight_lines(before, after, new_fights)
    lines += _lapsed_raids(before, after, move, new_fights)
    lines += _owner_lines(before, after, power)
    lines += _changed_hands(before, after)
    lines += _other_losses(before, after, move, new_fights)
    if move.kind == "end":
        lines += _step_end(before, after, power)
    return tuple(lines)


# ---------------------------------------------------------------- helpers


def _pairs(counts: Iterable[tuple[str, int]]) -> list[list[Any]]:
    return [[kind, count] for kind, count in counts]


def _counted(kinds: Iterable[str]) -> list[list[Any]]:
    """``[kind, count]`` pairs of ``kinds`` in the unit table's order."""
    tally: dict[str, int] = {}
    for kind in kinds:
        tally[kind] = tally.get(kind, 0) + 1
    return [[kind, tally[kind]] for kind in UNITS if kind in tally]


def _by_power(casualties: Iterable[Casualty], first: str) -> dict[str, list[str]]:
    """Power -> kinds lost: ``first`` (the attacker), then the others in the turn order."""
    table: dict[str, list[str]] = {}
    for c in casualties:
        table.setdefault(c.power, []).append(c.kind)
    return {p: table[p] for p in (first, *TURN_ORDER) if p in table}


def _same_turn(before: AxisAlliesState, after: AxisAlliesState) -> bool:
    return (before.power, before.round) == (after.power, after.round)


def _new_fights(before: AxisAlliesState, after: AxisAlliesState) -> tuple[Fought, ...]:
    return after.fights[len(before.fights):] if _same_turn(before, after) else ()


# ---------------------------------------------------------------- research


def _research(before: AxisAlliesState, after: AxisAlliesState, dice: int) -> list[Line]:
    """Aktie 1: every 6 is a breakthrough, the chart die names the development."""
    power = before.power
    gained = [t for t in TECHS if t in after.techs.get(power, ()) and t not in before.techs.get(power, ())]
    cost = before.ipcs[power] - after.ipcs[power]
    if not gained:
        return [("axis_allies.research_none", {"power": power, "dice": dice, "cost": cost})]
    return [(f"axis_allies.breakthrough_{tech}", {"power": power}) for tech in gained]


# ---------------------------------------------------------------- fights


def _fight_lines(before: AxisAlliesState, after: AxisAlliesState, fights: tuple[Fought, ...]) -> list[Line]:
    lines: list[Line] = []
    earlier = before.battle
    for fought in fights:
        if fought.kind == "aa":
            lines.append(_aa_line(fought))
        elif fought.kind == "battle":
            known = _battle_known(earlier, fought.territory)
            lines += _round_lines(fought.territory, fought.attacker, [c for c in fought.lost if c.id not in known[0]])
            lines += _withdrawal_lines(fought.territory, fought.withdrawals[known[1]:])
            lines += _battle_end(fought, after)
        else:
            downed = [c for c in fought.lost]
            if downed:
                lines.append(_aa_line(fought))
            code = "axis_allies.raid_damage" if fought.kind == "bombing" else "axis_allies.rocket_damage"
            lines.append((code, {
                "power": fought.attacker, "victim": fought.defender, "territory": territory_name(fought.territory),
                "damage": fought.damage,
            }))
    running = after.battle
    if running is not None:
        known = _battle_known(earlier, running.territory)
        by_id = {c.id: c for c in running.attackers + running.defenders}
        lost = [
            Casualty(id=i, power=by_id[i].power, kind=by_id[i].kind, round=r)
            for i, r in zip(running.lost, running.lost_in, strict=True) if i not in known[0]
        ]
        lines += _round_lines(running.territory, running.attacker, lost)
        moved = [(w.how, running.attacker if w.side == "attacker" else running.defender, w.to)
                 for w in running.moved_out]
        lines += _withdrawal_lines(running.territory, tuple(moved[known[1]:]))
    return lines


def _lapsed_raids(
    before: AxisAlliesState, after: AxisAlliesState, move: AxisAlliesMove, fights: tuple[Fought, ...]
) -> list[Line]:
    """Raids called off without a drop: every bomber shot down on the way ("Voor elke "1" wordt
    een bommenwerper neergehaald en zonder aan te vallen uit het spel verwijderd"), or, should it
    ever happen, a target no longer the enemy's (``turn.raid_lapses``)."""
    if not _same_turn(before, after) or move.kind == "undo":
        return []
    declared = list(before.raids)
    if move.kind == "bomb" and move.path and move.path[-1] not in declared:
        declared.append(move.path[-1])
    flown = {f.territory for f in fights if f.kind == "bombing"}
    lines: list[Line] = []
    for tid in declared:
        if tid in after.raids or tid in flown:
            continue
        bombers = any(u.power == before.power and u.kind == "bomber" for u in after.units_at(tid))
        lines.append(("axis_allies.raid_lapsed_target" if bombers else "axis_allies.raid_lapsed", {
            "power": before.power, "territory": territory_name(tid),
        }))
    return lines


def _battle_known(earlier: Any, territory: str) -> tuple[set[int], int]:
    """(units already lost, withdrawals already made) in the battle at ``territory`` before the move."""
    if earlier is None or earlier.territory != territory:
        return set(), 0
    return set(earlier.lost), len(earlier.moved_out)


def _aa_line(fought: Fought) -> Line:
    """App. "Luchtdoelkanonnen": every 1 downs an aircraft, chosen by its owner."""
    aircraft = fought.attacker
    if not fought.lost:
        return ("axis_allies.aa_missed", {"territory": territory_name(fought.territory), "power": aircraft})
    return ("axis_allies.aa_downed", {
        "territory": territory_name(fought.territory), "power": aircraft, "units": _counted(c.kind for c in fought.lost),
    })


def _round_lines(territory: str, attacker: str, lost: list[Casualty]) -> list[Line]:
    """Aktie 3, step 5/8: the casualties of each round leave the board; one line per round and power."""
    lines: list[Line] = []
    for round_ in sorted({c.round for c in lost}):
        for power, kinds in _by_power((c for c in lost if c.round == round_), attacker).items():
            lines.append(("axis_allies.round_losses", {
                "territory": territory_name(territory), "round": round_, "power": power, "units": _counted(kinds),
            }))
    return lines


def _withdrawal_lines(territory: str, withdrawals: tuple[tuple[str, str, str | None], ...]) -> list[Line]:
    lines: list[Line] = []
    for how, power, to in withdrawals:
        if how == "subs":
            lines.append(("axis_allies.subs_withdrew", {"power": power, "territory": territory_name(territory), "to": territory_name(to)}))
        elif to is None:
            lines.append(("axis_allies.retreated_air", {"power": power, "territory": territory_name(territory)}))
        else:
            lines.append(("axis_allies.retreated", {"power": power, "territory": territory_name(territory), "to": territory_name(to)}))
    return lines


def _battle_end(fought: Fought, after: AxisAlliesState) -> list[Line]:
    """Aktie 3, step 8 B-D: how the battle ended (a retreat is worded by its withdrawal line)."""
    params = {"power": fought.attacker, "victim": fought.defender, "territory": territory_name(fought.territory)}
    sea = after.map.territories[fought.territory].is_sea
    if fought.result == "attacker_won":
        if sea:
            return [("axis_allies.sea_battle_won", params)]
        if economy.friendly(after, after.owner(fought.territory), fought.attacker):
            return [("axis_allies.battle_won", params)]
        return [("axis_allies.battle_won_air_only", params)]
    if fought.result == "defender_held":
        return [("axis_allies.battle_held", params)]
    if fought.result == "both_destroyed":
        return [("axis_allies.battle_both_destroyed", params)]
    return []


# ---------------------------------------------------------------- land changing hands


def _owner_lines(before: AxisAlliesState, after: AxisAlliesState, power: str) -> list[Line]:
    """"Resultaten van ... gevechten": conquest, plunder of a capital, liberation; with an ally's
    capital freed, its other original land comes back to it (one line)."""
    lines: list[Line] = []
    returned: dict[str, list[str]] = {}
    old_owners, new_owners = before.owner_map, after.owner_map
    changed = sorted(t for t in set(old_owners) | set(new_owners) if old_owners.get(t) != new_owners.get(t))
    gmap = after.map
    for tid in changed:
        old, new = old_owners.get(tid), new_owners.get(tid)
        if new is None:
            continue
        name = territory_name(tid)
        conquered = old is None or not economy.friendly(after, old, power)
        original = gmap.territories[tid].owner
        if new == power:
            if old is None:
                lines.append(("axis_allies.took_neutral", {"power": power, "territory": name, "fee": NEUTRAL_ENTRY_COST}))
            elif original not in (None, power) and economy.friendly(after, original, power):
                # an ally's land whose capital the enemy holds: the liberator keeps it for now
                lines.append(("axis_allies.liberated_kept", {"power": power, "territory": name, "ally": original}))
            elif gmap.power(old).capital == tid:
                lines.append(("axis_allies.capital_taken", {
                    "power": power, "territory": name, "victim": old,
                    "ipcs": max(before.ipcs[old] - after.ipcs[old], 0),
                }))
            else:
                lines.append(("axis_allies.took", {"power": power, "territory": name, "victim": old}))
        elif conquered:
            lines.append(("axis_allies.liberated", {"power": power, "territory": name, "ally": new}))
        else:
            returned.setdefault(new, []).append(name)
    for ally, names in returned.items():
        lines.append(("axis_allies.returned", {"ally": ally, "territories": names}))
    return lines


def _changed_hands(before: AxisAlliesState, after: AxisAlliesState) -> list[Line]:
    """Industrial complexes and AA guns go with the territory they stand in (decision 10)."""
    was = {u.id: u.power for u in before.units}
    moved: dict[tuple[str, str], list[str]] = {}
    for u in after.units:
        if u.id in was and was[u.id] != u.power:
            moved.setdefault((u.at, u.power), []).append(u.kind)
    return [
        ("axis_allies.changed_hands", {"power": power, "territory": territory_name(at), "units": _counted(kinds)})
        for (at, power), kinds in sorted(moved.items())
    ]


# ---------------------------------------------------------------- other losses and the step's end


def _other_losses(
    before: AxisAlliesState, after: AxisAlliesState, move: AxisAlliesMove, fights: tuple[Fought, ...]
) -> list[Line]:
    """Units gone that no fight names: cargo and fighters lost with their transport or carrier,
    aircraft with nowhere to land at the end of the non-combat move; and bought units that had
    no place to go when the placement step ended."""
    lines: list[Line] = []
    if not _same_turn(before, after) and before.purchased:
        lines.append(("axis_allies.unplaced_lost", {"power": before.power, "units": _pairs(before.purchased)}))
    after_ids = {u.id for u in after.units}
    named = {c.id for f in fights for c in f.lost}
    gone = [u for u in before.units if u.id not in after_ids and u.id not in named]
    if not gone:
        return lines
    code = "axis_allies.crashed" if move.kind == "end" and before.phase == "noncombat_move" else "axis_allies.went_down"
    table: dict[str, list[str]] = {}
    for u in gone:
        table.setdefault(u.power, []).append(u.kind)
    for power in TURN_ORDER:
        if power in table:
            lines.append((code, {"power": power, "units": _counted(table[power])}))
    return lines


def _step_end(before: AxisAlliesState, after: AxisAlliesState, power: str) -> list[Line]:
    """The step ended: after the combat move, the battles it started; after placement, income
    (Aktie 6) and the next power in the turn order (chapter 1)."""
    lines: list[Line] = []
    if before.phase == "combat_move" and after.phase == "combat":
        fights = after.battles + after.raids
        if fights:
            lines.append(("axis_allies.battles_to_fight", {"power": power, "territories": [territory_name(t) for t in fights]}))
        else:
            lines.append(("axis_allies.no_battles", {"power": power}))
    if _same_turn(before, after) and after.result is None:
        return lines
    if economy.capital_held(before, power):
        lines.append(("axis_allies.income", {
            "power": power, "amount": economy.income(before, power), "ipcs": after.ipcs[power],
        }))
    else:
        lines.append(("axis_allies.no_income", {"power": power, "territory": territory_name(before.map.power(power).capital)}))
    if after.result is not None:
        return lines
    nxt = after.power
    params = {"power": nxt, "seat": economy.seat_of(after, nxt), "round": after.round}
    code = "axis_allies.next_round" if after.round != before.round else "axis_allies.next_power"
    lines.append((code, params))
    return lines
