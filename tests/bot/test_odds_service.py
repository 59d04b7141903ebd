"""/odds' work in worker processes: the armies typed, a territory's battle on the board, and the
refusals, each crossing to a real worker process and back (what the bot runs them in)."""

from __future__ import annotations

from bot.services.match.replays import steps_work
from bot.services.odds import from_board, from_text
from bot.services.rendering import Renderer
from engines.axis_allies import odds
from engines.axis_allies.options import AxisAlliesOptions
from engines.axis_allies.state import Unit, initial_state


async def test_the_typed_armies_are_solved_in_a_worker_process():
    renderer = Renderer(workers=1)
    code, found = await renderer.run(from_text, "3 inf 2 arm 1 ftr", "4 inf 1 aa")
    assert code == "" and found == odds.battle_odds(["infantry"] * 3 + ["armour"] * 2 + ["fighter"], ["infantry"] * 4, True)
    assert abs(found.win + found.lose + found.draw - 1) < 1e-9
    code, params = await renderer.run(from_text, "2 panzers", "1 inf")
    assert code == "axis_allies.odds_unknown_unit" and params["word"] == "panzers" and "Armour" in params["known"]


async def test_a_territorys_battle_is_read_off_the_board():
    """The attackers of the power to move's side in the territory against the others there; an AA
    gun of the defenders fires first. A territory without a battle is refused, by name."""
    state = initial_state(AxisAlliesOptions())
    renderer = Renderer(workers=1)
    code, params = await renderer.run(from_board, state, "Karelia")
    assert code == "axis_allies.odds_no_battle" and params == {"territory": "Karelia S.S.R."}
    germans = [Unit(id=9000 + n, kind=kind, power="germany", at="karelia_ssr", combat=True)
               for n, kind in enumerate(("infantry", "infantry", "armour", "fighter"))]
    fighting = state.model_copy(update={"power": "germany", "phase": "combat", "battles": ("karelia_ssr",),
                                        "units": (*state.units, *germans)})
    name, found = await renderer.run(from_board, fighting, "karelia")
    defenders = [u.kind for u in state.units_at("karelia_ssr") if u.kind in odds.FIGHTS]
    aa = any(u.kind == "aa_gun" for u in state.units_at("karelia_ssr"))
    assert name == "Karelia S.S.R." and defenders
    assert found == odds.battle_odds(["infantry", "infantry", "armour", "fighter"], defenders, aa)


async def test_a_records_steps_cross_to_a_worker_process():
    from engines.heroes_cities import HeroesCities
    from tests.bot.test_replays_work import record

    engine = HeroesCities()
    options = engine.options_model()
    entries = record(engine, options, [])
    assert await Renderer(workers=1).run(steps_work, engine, options, entries, False) == []
