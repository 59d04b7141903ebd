"""The Axis & Allies engine: the ``Engine`` protocol over the modules of this package.

>>> engine = AxisAllies()
>>> s = engine.setup(2, AxisAlliesOptions())
>>> sorted(engine.to_act(s)), s.power, s.phase
([0], 'ussr', 'tech')
>>> s = engine.apply(s, 0, engine.parse_move("buy 3 inf", s, 0))
>>> s.phase, s.ipcs["ussr"]
('purchase', 15)
>>> s = engine.apply(s, 0, engine.parse_move("end", s, 0))
>>> engine.format_move(engine.parse_move("move 1 arm Russia -> Karelia", s, 0), s)
'move 1 arm Russia -> Karelia S.S.R.'
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import combinations_with_replacement
from typing import Any, ClassVar

from engines.axis_allies import combat, economy, movement, notation, turn
from engines.axis_allies.map import named
from engines.axis_allies.moves import AxisAlliesMove
from engines.axis_allies.state import AxisAlliesOptions, AxisAlliesState, initial_state
from engines.axis_allies.units import UNITS
from engines.axis_allies.view import AxisAlliesView
from engines.axis_allies.viewing import build_view
from engines.core.contract import ChanceSpec, Outcome, Result, Seat, options_as
from engines.core.errors import IllegalMoveError

MAX_TECH_DICE = 6
"""Autocomplete offers up to this many research dice (any number may be typed)."""


class AxisAllies:
    """Axis & Allies, 2nd edition (classic), 2-5 players; see docs/games/axis_allies.md."""

    slug: ClassVar[str] = "axis_allies"
    version: ClassVar[int] = 2
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 5
    options_model: ClassVar[type[AxisAlliesOptions]] = AxisAlliesOptions
    state_model: ClassVar[type[AxisAlliesState]] = AxisAlliesState
    move_model: ClassVar[type[AxisAlliesMove]] = AxisAlliesMove
    colours: ClassVar[tuple[str, ...]] = ("red", "grey", "tan", "orange", "green")
    """Seat colours after the first power each seat plays (USSR, Germany, UK, Japan, USA)."""

    def setup(self, players: int, options: AxisAlliesOptions | Mapping[str, Any] | None = None) -> AxisAlliesState:
        options = options_as(AxisAlliesOptions, options)
        return initial_state(options, economy.seating(players))

    def to_act(self, state: AxisAlliesState) -> frozenset[Seat]:
        return turn.to_act(state)

    def chance(self, state: AxisAlliesState) -> ChanceSpec | None:
        return turn.chance(state)

    def apply_chance(self, state: AxisAlliesState, outcome: Outcome) -> AxisAlliesState:
        spec = turn.chance(state)
        if spec is None or outcome.kind != spec.kind or len(outcome.values) != len(spec.sizes):
            raise ValueError(f"no {outcome.kind!r} chance is pending")
        return turn.apply_chance(state, outcome)

    def describe_chance(self, outcome: Outcome, state: AxisAlliesState) -> tuple[str, dict[str, Any]]:
        """Every roll is shown: research dice, the chart, AA fire, battle rounds, raids."""
        faces = [v + 1 for v in outcome.values]
        if outcome.kind == "tech_chart":
            return "axis_allies.rolled_chart", {"face": faces[0]}
        return f"axis_allies.rolled_{outcome.kind}", {"faces": faces}

    def legal_moves(self, state: AxisAlliesState, seat: Seat) -> list[AxisAlliesMove]:
        """The moves autocomplete offers; moves of one unit at a time (bigger orders are typed)."""
        if seat not in turn.to_act(state):
            return []
        running = turn.machine(state)
        if running is not None:
            return _decisions(state, running)
        M = AxisAlliesMove
        power, phase = state.power, state.phase
        moves: list[AxisAlliesMove] = []
        if phase == "tech":
            moves += [M(kind="tech", count=n) for n in range(1, min(state.ipcs[power] // 5, MAX_TECH_DICE) + 1)]
        if phase in ("tech", "purchase") and economy.capital_held(state, power):
            for kind in UNITS:
                try:
                    economy.check_purchase(state, power, {kind: 1})
                except IllegalMoveError:
                    continue
                moves.append(M(kind="buy", units=((kind, 1),)))
        if phase in ("combat_move", "noncombat_move"):
            moves += _unit_moves(state)
        if phase == "combat":
            moves += [M(kind="attack", to=t) for t in turn.fights_open(state)]
            moves += _rockets(state)
        if phase == "place":
            for kind, _ in state.purchased:
                moves += [M(kind="place", units=((kind, 1),), to=t) for t in economy.placement_sites(state, power, kind)]
        if not (phase == "combat" and (state.battles or state.raids)):
            moves.append(M(kind="end"))
        return moves

    def apply(self, state: AxisAlliesState, seat: Seat, move: AxisAlliesMove) -> AxisAlliesState:
        return turn.apply(state, seat, move, notation.format_move(move))

    def result(self, state: AxisAlliesState) -> Result | None:
        return state.result

    def view(self, state: AxisAlliesState, viewer: Seat | None) -> AxisAlliesView:
        return build_view(state, viewer, tuple(sorted(turn.to_act(state))))

    def parse_move(self, text: str, state: AxisAlliesState, seat: Seat) -> AxisAlliesMove:
        """Read ``text``, fill in a route given by its ends, and check it is legal now."""
        move = notation.parse(text)
        if move.kind in ("move", "bomb") and turn.machine(state) is None and seat in turn.to_act(state):
            try:
                move = move.model_copy(update={"path": turn.full_path(state, move)})
            except IllegalMoveError:
                pass  # apply below words the real reason
        turn.apply(state, seat, move, notation.format_move(move))
        return move

    def format_move(self, move: AxisAlliesMove, state: AxisAlliesState) -> str:
        return notation.format_move(move)

    def is_secret(self, move: AxisAlliesMove, state: AxisAlliesState) -> bool:
        return False

    def step_message(self, state: AxisAlliesState) -> tuple[str, dict[str, Any]] | None:
        """The power and phase (and a battle's question) after whose turn it is."""
        if state.result is not None:
            return None
        running = turn.machine(state)
        if running is not None:
            decision = combat.waiting(running)
            if decision is not None:
                return f"axis_allies.decide_{decision.kind}", named({
                    "power": decision.power, "count": decision.count, "territory": getattr(running, "territory", ""),
                })
        return f"axis_allies.phase_{state.phase}", {"power": state.power, "round": state.round}

    def action_buttons(self, state: AxisAlliesState, seat: Seat) -> tuple[tuple[str, str], ...]:
        """``end`` (the phase) and, in a battle, ``continue``."""
        if state.result is not None or seat not in turn.to_act(state):
            return ()
        running = turn.machine(state)
        if running is not None:
            decision = combat.waiting(running)
            return (("continue", "axis_allies.button_continue"),) if decision and decision.kind == "press_on_or_retreat" else ()
        if state.phase == "combat" and (state.battles or state.raids):
            return ()
        return (("end", "axis_allies.button_end"),)


def _decisions(state: AxisAlliesState, running: Any) -> list[AxisAlliesMove]:
    M = AxisAlliesMove
    decision = combat.waiting(running)
    if decision is None:
        return []
    if decision.kind == "press_on_or_retreat":
        return (
            [M(kind="press_on")]
            + [M(kind="retreat", to=t) for t in decision.retreat_to]
            + [M(kind="submerge", to=t) for t in decision.subs_to]
        )
    if decision.kind == "defending_subs":
        return [M(kind="stay")] + [M(kind="submerge", to=t) for t in decision.subs_to]
    kinds: dict[str, int] = {}
    for uid in decision.eligible:
        kind = turn._kind(state, uid)
        kinds[kind] = kinds.get(kind, 0) + 1
    moves = []
    for combo in combinations_with_replacement(sorted(kinds, key=list(UNITS).index), decision.count):
        counts = {k: combo.count(k) for k in set(combo)}
        if any(counts[k] > kinds[k] for k in counts):
            continue
        move = M(kind="lose", units=tuple((k, counts[k]) for k in UNITS if counts.get(k)))
        try:
            turn.apply(state, economy.seat_of(state, decision.power), move, "")
        except IllegalMoveError:
            continue
        moves.append(move)
        if len(moves) >= 60:
            break
    return moves


def _unit_moves(state: AxisAlliesState) -> list[AxisAlliesMove]:
    """One move per (territory, unit kind) and destination, for the unit an order would pick."""
    M = AxisAlliesMove
    power, phase = state.power, state.phase
    moves = []
    seen: set[tuple[str, str, bool]] = set()
    for u in sorted(state.units, key=lambda u: (u.at, u.moved, u.id)):
        aboard = turn._cargo(state, u)
        key = (u.at, u.kind, aboard)
        if u.power != power or key in seen or UNITS[u.kind].domain == "building" or u.lands_in is not None:
            continue
        seen.add(key)
        routes = movement.routes(state, power, u.id, phase)  # type: ignore[arg-type]
        for dest in movement.reachable(state, power, u.id, phase):  # type: ignore[arg-type]
            sea_dest = state.map.territories[dest].is_sea
            if aboard:
                kind = "unload"
                path: tuple[str, ...] = (u.at, dest)
            elif UNITS[u.kind].domain == "land" and sea_dest:
                kind, path = "load", (u.at, dest)
            else:
                kind, path = "move", routes.get(dest, (u.at, dest))
            moves.append(M(kind=kind, units=((u.kind, 1),), path=path))
    return moves


def _rockets(state: AxisAlliesState) -> list[AxisAlliesMove]:
    """Rocket shots open to the power now (weapons development "rockets", one a turn)."""
    if "rockets" not in state.techs.get(state.power, ()) or state.rocket_fired:
        return []
    moves = []
    for launcher in sorted({u.at for u in state.units if u.power == state.power and u.kind == "aa_gun"}):
        for target in sorted({u.at for u in state.units if u.kind == "factory"}):
            move = AxisAlliesMove(kind="rocket", frm=launcher, to=target)
            try:
                turn.apply(state, economy.seat_of(state, state.power), move, "")
            except IllegalMoveError:
                continue
            moves.append(move)
    return moves
