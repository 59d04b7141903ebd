"""Axis & Allies pictures: the battle board of a 30-unit battle and of a heavy bombers'
raid, a region crop and the full map, each drawn with the Dutch picture words, with its time and PNG size. Printed by
``bench/axis_allies.py`` after the engine figures; the baseline is the full map of the same view,
drawn in the same run."""

from __future__ import annotations

import io
import random
import time
from collections.abc import Callable

from PIL import Image

from bot.services.presenter import picture_words
from engines.axis_allies import combat
from engines.axis_allies.combat import Battle, Combatant
from engines.axis_allies.engine import AxisAllies
from engines.axis_allies.state import Unit
from engines.axis_allies.view import BattleBoardView, battle_board, fight_board
from engines.core.contract import Outcome
from render.common import BoardLabels
from render.registry import Part, region_part, render_view

ENGINE = AxisAllies()
Line = Callable[..., None]
REPEAT = 5


def fought_battle(seed: int) -> Battle:
    """15 German land units and aircraft against 15 Soviet defenders, fought to the end
    (cheapest casualties first, the attacker always presses on)."""
    rng = random.Random(seed)
    kinds = ["infantry"] * 8 + ["armour"] * 4 + ["fighter"] * 2 + ["bomber"]
    attackers = [Combatant(id=i, kind=k, power="germany") for i, k in enumerate(kinds)]
    defenders = [Combatant(id=100 + i, kind=k, power="ussr") for i, k in enumerate(["infantry"] * 11 + ["armour"] * 3 + ["fighter"])]
    cost = {"infantry": 0, "armour": 1, "fighter": 2, "bomber": 3}
    by_id = {c.id: c for c in attackers + defenders}
    battle = combat.start("karelia_ssr", "germany", attackers, defenders, retreat_to=("eastern_europe",))
    while combat.outcome(battle) is None:
        spec = combat.chance(battle)
        if spec is not None:
            battle = combat.apply_roll(battle, tuple(rng.randrange(6) for _ in spec.sizes))
            continue
        decision = combat.waiting(battle)
        assert decision is not None
        if decision.kind == "casualties":
            chosen = sorted(decision.eligible, key=lambda i: (cost[by_id[i].kind], i))[: decision.count]
            battle = combat.choose_casualties(battle, decision.power, tuple(chosen))
        else:
            battle = combat.press_on(battle)
    return battle


def raid_board(seed: int) -> BattleBoardView:
    """Four British heavy bombers raid Germany's complex through the engine: its AA gun fires,
    the survivors roll three damage dice each (the first loss offered when one must be chosen)."""
    rng = random.Random(seed)
    state = ENGINE.setup(5)
    bombers = tuple(Unit(id=state.next_id + i, kind="bomber", power="uk", at="germany", combat=True) for i in range(4))
    state = state.model_copy(update={
        "power": "uk", "phase": "combat", "raids": ("germany",), "units": state.units + bombers,
        "next_id": state.next_id + len(bombers), "techs": {**state.techs, "uk": ("heavy_bombers",)},
    })
    (seat,) = ENGINE.to_act(state)
    state = ENGINE.apply(state, seat, ENGINE.parse_move("attack Germany", state, seat))
    while state.raid is not None:
        spec = ENGINE.chance(state)
        if spec is not None:
            state = ENGINE.apply_chance(state, Outcome(kind=spec.kind, values=tuple(rng.randrange(6) for _ in spec.sizes)))
        else:
            (seat,) = ENGINE.to_act(state)
            state = ENGINE.apply(state, seat, ENGINE.legal_moves(state, seat)[0])
    return fight_board(state.fights[-1])


def _figure(line: Line, name: str, draw: Callable[[], bytes], floor: float | None) -> tuple[float, bytes]:
    samples, data = [], b""
    for _ in range(REPEAT):
        start = time.perf_counter()
        data = draw()
        samples.append(time.perf_counter() - start)
    width, height = Image.open(io.BytesIO(data)).size
    line(f"{name} {width}x{height}, {len(data) / 1024:.0f} KiB", samples, floor)
    return sorted(samples)[len(samples) // 2], data


def picture_figures(states: list, line: Line, floors: float) -> None:
    labels = BoardLabels(title="Axis & Allies", status="Ronde 1, Duitsland: gevecht", words=picture_words("axis_allies", "nl"))
    state = next((s for s in reversed(states) if s.arrows), states[-1])
    view = ENGINE.view(state, None)
    print("  pictures (drawn here, Dutch words; ratio to the full map of the same view):")
    full, _ = _figure(line, "full map", lambda: render_view("axis_allies", view, labels), floors)
    board = battle_board(fought_battle(1))
    rounds = max(r.round for r in board.rolls)
    _figure(line, f"battle board ({rounds} rounds)", lambda: render_view("axis_allies", board, labels, Part("battle")), full)
    raid = raid_board(1)
    damage_dice = sum(len(r.dice) for r in raid.rolls if r.kind == "bombing")
    _figure(line, f"raid board ({damage_dice} damage dice)", lambda: render_view("axis_allies", raid, labels, Part("battle")),
            full)
    for region in ("europe", "pacific"):
        _figure(line, f"region {region}", lambda region=region: render_view("axis_allies", view, labels,
                                                                               region_part(region)), full)
