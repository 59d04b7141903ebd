"""A refusal names what the player typed (``continue``, not the
internal ``press_on``), a place name ending in a full stop ends a sentence once (no "Karelia
S.S.R.."), and the example in a step or refusal fits the moment: built from the power's own
money, units, battles and purchases, so it is a legal move when typed."""

from __future__ import annotations

import random
import string

from bot.i18n import Msg, catalog
from engines.core.contract import Outcome
from tests.engines.axis_allies.test_messages import MESSAGES

from .conftest import ENGINE, play, position, refused, roll, seat_to_act


def test_continue_at_the_wrong_time_names_continue():
    params = refused("not_now", ENGINE.setup(2), "continue")
    assert params["action"] == "continue"


def test_no_message_doubles_the_full_stop_of_a_place_name():
    """Every message of the game, with every param a name ending in a full stop."""
    words = catalog()
    for key, texts in MESSAGES.items():
        for language, template in texts.items():
            params = {name: "Karelia S.S.R." for _, name, _, _ in string.Formatter().parse(template) if name}
            text = words.render(Msg(f"axis_allies.{key}", params), language)
            assert ".." not in text, (key, language, text)


def test_the_casualty_hint_names_units_the_power_has():
    """the example: ``lose 1 inf`` shown to a defence with no infantry left."""
    s = position(("germany", "armour", "eastern_europe", 2), ("ussr", "armour", "ukraine_ssr"),
                 ("ussr", "fighter", "ukraine_ssr"), owners={"ukraine_ssr": "ussr"})
    s = play(s, "move 2 arm Eastern Europe -> Ukraine", "end", "attack Ukraine")
    s = roll(s, "attack_fire", 1, 6)
    code, params = ENGINE.step_message(s)
    assert code == "axis_allies.decide_casualties" and params["example"] == "lose 1 arm"
    assert refused("choose_casualties", s, "continue")["example"] == "lose 1 arm"
    play(s, params["example"])  # legal


def test_the_casualty_hint_names_the_cheapest_loss_first():
    """Aktie 3: "De verdediger verkiest ..." the owner chooses; the hint suggests what costs least
    (an infantry, 3 IPCs, before a fighter, 12), whatever order the units were set up in."""
    s = position(("germany", "armour", "eastern_europe", 2), ("ussr", "fighter", "ukraine_ssr"),
                 ("ussr", "infantry", "ukraine_ssr"), owners={"ukraine_ssr": "ussr"})
    s = play(s, "move 2 arm Eastern Europe -> Ukraine", "end", "attack Ukraine")
    s = roll(s, "attack_fire", 1, 6)
    code, params = ENGINE.step_message(s)
    assert code == "axis_allies.decide_casualties" and params["example"] == "lose 1 inf"
    assert refused("choose_casualties", s, "continue")["example"] == "lose 1 inf"


def test_the_casualty_hint_gives_submarine_hits_to_ships():
    """Vliegdekschepen: "Onderzeeboten kunnen niet op vliegtuigen vuren !": with a sub's hit and
    another, the cheapest loss that fits is a fighter and the battleship, not two fighters."""
    s = position(("germany", "fighter", "germany", 2), ("germany", "battleship", "sz_baltic_sea"),
                 ("ussr", "submarine", "sz_north_sea"), ("ussr", "transport", "sz_north_sea"))
    s = play(s, "move 1 bb Baltic -> North Sea", "move 2 ftr Germany -> North Sea", "end", "attack North Sea")
    s = roll(s, "attack_fire", 6, 6, 6)
    s = roll(s, "defence_fire", 1, 1)
    code, params = ENGINE.step_message(s)
    assert code == "axis_allies.decide_casualties" and params["example"] == "lose 1 ftr 1 bb"
    play(s, params["example"])  # legal


def test_the_placement_hint_is_the_powers_own():
    """the example: ``place 3 inf Germany`` shown to the USSR."""
    s = play(ENGINE.setup(2), "buy 3 inf", "end", "end", "end", "end")
    assert ENGINE.step_message(s) == (
        "axis_allies.phase_place", {"power": "ussr", "round": 1, "example": "place 3 inf Karelia S.S.R."}
    )


def test_every_step_example_is_a_legal_move_now():
    """A seeded random game of three players: at every step, the example the step line shows is
    accepted as typed (``end`` when nothing else fits)."""
    rng = random.Random(5)
    state = ENGINE.setup(3)
    checked = 0
    for _ in range(600):
        if ENGINE.result(state) is not None:
            break
        spec = ENGINE.chance(state)
        if spec is not None:
            state = ENGINE.apply_chance(state, Outcome(kind=spec.kind, values=tuple(rng.randrange(6) for _ in spec.sizes)))
            continue
        seat = seat_to_act(state)
        _, params = ENGINE.step_message(state)
        if params.get("example"):
            ENGINE.parse_move(params["example"], state, seat)  # raises if it does not fit
            checked += 1
        moves = ENGINE.legal_moves(state, seat)
        ends = [m for m in moves if m.kind == "end"]
        move = ends[0] if ends and rng.random() < 0.25 else rng.choice(moves)
        state = ENGINE.apply(state, seat, move)
    assert checked > 100
