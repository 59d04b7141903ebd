"""Golden playthroughs (docs/architecture.md, "Testing"): rule drift shows as a diff of the files in
tests/golden/axis_allies/.

Each file holds the dice seed (hex), the number of players, the options, the move texts, the
public view at the start and at the end, and after every move: who moved, the power, phase and
round after it, the dice the referee rolled after it (kind and faces), every power's IPCs, the
battle in progress (from the view) and, for every territory or sea zone the move changed, its
owner and units. The test replays the moves and compares. To write the files again after a
deliberate rule change::

    SCHEIDS_REGEN_GOLDEN=1 .venv/bin/python -m pytest tests/engines/axis_allies/test_golden.py
    # or: .venv/bin/python -m tests.engines.axis_allies.test_golden

then review the diff. Each scenario's ``policy`` picks its moves when (re)generated (seeded);
the stored move list is what the test replays.
"""

from __future__ import annotations

from typing import Any

from engines.axis_allies import economy
from engines.axis_allies.engine import AxisAllies
from engines.axis_allies.moves import AxisAlliesMove, BuyAction, PlaceAction, TechAction
from engines.axis_allies.state import AxisAlliesState
from engines.axis_allies.units import UNITS
from tests.engines.golden import GOLDEN_ROOT, Golden

SCENARIOS: dict[str, dict[str, Any]] = {
    # Five players, random play (``end`` 15% of the time) for two rounds: a draw by the limit.
    "five_players_random": {
        "seed": "00000000000000000000000000000000000000000000000000000000000000a5",
        "players": 5,
        "options": {"round_limit": 2},
        "policy": "random",
        "policy_seed": 1,
    },
    # Two players, an aggressive policy (research, infantry and armour bought and placed in one
    # order each, every attack pressed home) for three rounds with the economic victory on.
    "two_players_aggressive": {
        "seed": "00000000000000000000000000000000000000000000000000000000000000b2",
        "players": 2,
        "options": {"round_limit": 3, "economic_victory": True},
        "policy": "aggressive",
        "policy_seed": 2,
    },
    # Three players, aggressive, one round: research, raids and battles of every power.
    "three_players_one_round": {
        "seed": "00000000000000000000000000000000000000000000000000000000000000c3",
        "players": 3,
        "options": {"round_limit": 1, "total_victory": True},
        "policy": "aggressive",
        "policy_seed": 3,
    },
}


def _hostile(state: AxisAlliesState, where: str) -> bool:
    owner = state.owner(where)
    if owner is not None and not economy.friendly(state, owner, state.power):
        return True
    return any(not economy.friendly(state, u.power, state.power) for u in state.units_at(where))


def _places(engine: AxisAllies, state: AxisAlliesState) -> dict[str, Any]:
    view = engine.view(state, None)
    return {t.id: {"owner": t.owner, "units": [[u.power, u.kind, u.count] for u in t.units]}
            for t in view.territories}


class AxisAlliesGolden(Golden):
    engine = AxisAllies()
    folder = GOLDEN_ROOT / "axis_allies"
    scenarios = SCENARIOS
    same = ("game", "engine_version", "seed", "players", "options", "moves", "start")
    tail = ("end", "result")

    def pick(self, replay, policy, rng):
        """``random``: uniform, ``end`` with chance 0.15; ``aggressive``: one research die when rich
        (half the time), then all the money on infantry and an armour in one order, moves into enemy
        places, attacks pressed home, the cheapest losses, each kind placed in one order."""
        engine, state = self.engine, replay.state
        (seat,) = engine.to_act(state)
        moves = list(engine.legal_moves(state, seat))
        end = next((m for m in moves if m.kind == "end"), None)
        if policy == "random":
            return end if end is not None and rng.random() < 0.15 else rng.choice(moves)

        power = state.power
        if state.phase in ("tech", "purchase") and not state.purchased and any(m.kind == "buy" for m in moves):
            if state.phase == "tech" and state.ipcs[power] >= 25 and rng.random() < 0.5:
                return TechAction(count=1)
            armour = 1 if state.ipcs[power] >= 8 else 0
            infantry = (state.ipcs[power] - armour * UNITS["armour"].cost) // UNITS["infantry"].cost
            units = tuple((k, n) for k, n in (("infantry", infantry), ("armour", armour)) if n)
            return BuyAction(units=units)
        if state.phase == "place" and state.purchased:
            kind, count = state.purchased[0]
            sites = economy.placement_sites(state, power, kind)
            if sites:
                return PlaceAction(units=((kind, count),), to=rng.choice(sites))

        def score(m: AxisAlliesMove) -> float:
            s = rng.random()
            if m.kind == "tech":
                return s + (5 if m.count == 1 and state.ipcs[state.power] >= 25 else -5)
            if m.kind == "buy":
                return s + {"infantry": 4, "armour": 3, "fighter": 1}.get(m.units[0][0], -2)
            if m.kind in ("move", "load", "unload", "bomb"):
                if state.phase == "combat_move":
                    return s + (4 if _hostile(state, m.path[-1]) else -1.5)
                return s - 0.5
            if m.kind == "lose":
                return -sum(UNITS[k].cost * n for k, n in m.units) + s
            if m.kind in ("attack", "press_on", "place", "submerge"):
                return s + 6
            if m.kind == "end":
                return 0.5 if state.phase != "purchase" else 1.5
            return s

        return max(moves, key=score)

    def begin(self, replay):
        replay.notes["start"] = replay.view()
        replay.notes["places"] = _places(self.engine, replay.state)

    def step(self, replay, seat, text, events):
        state, before = replay.state, replay.notes["places"]
        now = replay.notes["places"] = _places(self.engine, state)
        return {
            "move": text,
            "seat": seat,
            "power": state.power,
            "phase": state.phase,
            "round": state.round,
            "dice": [[c.kind, [v + 1 for v in c.values]] for c in events],
            "ipcs": dict(state.ipcs),
            "battle": replay.view()["battle"],
            "changed": {t: now[t] for t in sorted(now) if now[t] != before[t]},
        }

    def document(self, replay, moves, steps):
        return {
            **self.identity(replay),
            "players": replay.players,
            "options": replay.options,
            "moves": moves,
            "start": replay.notes["start"],
            "steps": steps,
            "end": replay.view(),
            "result": replay.result(),
        }


GOLDEN = AxisAlliesGolden()
test_golden_playthrough = GOLDEN.test()


def test_golden_files_cover_the_features():
    """Between them the files show research and a development, purchases and placements, battles
    won and retreats or holds, AA fire, conquests, and games that ended."""
    files = GOLDEN.files()
    steps = [s for f in files.values() for s in f["steps"]]
    dice = {kind for s in steps for kind, _ in s["dice"]}
    assert {"tech_dice", "attack_fire", "defence_fire"} <= dice
    verbs = {s["move"].split()[0] for s in steps}
    assert {"tech", "buy", "move", "attack", "lose", "place", "end"} <= verbs
    assert any(s["power"] == "usa" and s["round"] == 2 for s in files["five_players_random"]["steps"])
    assert all(f["result"] is not None for f in files.values())
    starts = {f["players"]: f["start"] for f in files.values()}
    assert {p["id"]: p["seat"] for p in starts[2]["powers"]} == {
        "ussr": 0, "germany": 1, "uk": 0, "japan": 1, "usa": 0}
    owners = [(t["id"], t["owner"]) for t in files["two_players_aggressive"]["end"]["territories"]]
    assert owners != [(t["id"], t["owner"]) for t in starts[2]["territories"]], "something changed hands"


if __name__ == "__main__":
    GOLDEN.main()
