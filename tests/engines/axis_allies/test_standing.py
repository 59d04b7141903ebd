"""Standing orders, ``attack ... until done`` and ``undo``.

Aktie 3: "De verdediger verkiest ..." which units are lost: a standing casualty order is that
choice made in advance, by the owner. The engine only says which move the order makes
(``standing_move``); the referee records it as the owner's ordinary move.
"""

from __future__ import annotations

import random

import pytest

from engines.axis_allies import combat, standing, turn
from engines.axis_allies.moves import PressOnAction, RetreatAction, UndoAction
from engines.axis_allies.options import AxisAlliesOptions
from engines.axis_allies.standing import CasualtyOrder, parse_order, pick_casualties
from engines.core.contract import Outcome
from engines.core.errors import InvalidMoveError

from .conftest import ENGINE, play, position, refused, roll, units


def karelia_attack(attack: str = "attack Karelia"):
    """Germany (seat 1 of 5) attacks Karelia (2 infantry, 1 armour) with 2 armour and 1 infantry."""
    s = position(("germany", "armour", "eastern_europe", 2), ("germany", "infantry", "eastern_europe"),
                 ("ussr", "infantry", "karelia_ssr", 2), ("ussr", "armour", "karelia_ssr"),
                 ("ussr", "fighter", "karelia_ssr"))
    return play(s, "move 2 arm 1 inf Eastern Europe -> Karelia", "end", attack)


def test_a_casualty_order_reads_and_writes_back():
    order = parse_order("ask 6h, keep 1 ftr 1 arm, transports last, bb last")
    assert order == CasualtyOrder(
        ask=True, ask_hours=6, keep=(("armour", 1), ("fighter", 1)), last=("transport", "battleship")
    )
    assert parse_order(standing.format_order(order)) == order
    assert parse_order("default") == standing.DEFAULT_ORDER
    with pytest.raises(InvalidMoveError):
        parse_order("keep everything")


def test_orders_are_set_per_power_of_the_seat_only():
    s = ENGINE.setup(2)
    orders = ENGINE.parse_standing_orders("casualties default", s, 0, {})
    assert sorted(orders) == ["uk", "usa", "ussr"]
    orders = ENGINE.parse_standing_orders("casualties uk ask", s, 0, orders)
    assert standing.order_for(orders, "uk").ask and not standing.order_for(orders, "ussr").ask
    with pytest.raises(Exception) as caught:
        ENGINE.parse_standing_orders("casualties germany default", s, 0, orders)
    assert caught.value.code == "axis_allies.not_your_power"


def test_cheapest_first_keeps_the_kept_and_loses_the_last_kinds_last():
    s = roll(karelia_attack(), "attack_fire", 1, 1, 1)  # three hits on 2 inf, 1 arm, 1 ftr
    decision = combat.waiting(s.battle)
    assert decision.kind == "casualties" and decision.count == 3
    assert pick_casualties(s, decision, CasualtyOrder()) == (("infantry", 2), ("armour", 1))
    assert pick_casualties(s, decision, CasualtyOrder(keep=(("armour", 1),))) == (("infantry", 2), ("fighter", 1))
    assert pick_casualties(s, decision, CasualtyOrder(last=("infantry",))) == (
        ("infantry", 1), ("armour", 1), ("fighter", 1),
    )


def test_without_an_order_the_owner_is_asked_and_with_ask_only_when_the_question_expired():
    s = roll(karelia_attack(), "attack_fire", 1, 6, 6)
    assert ENGINE.standing_move(s, {}) is None, "the rulebook's default: the owner chooses then"
    asking = {0: ENGINE.parse_standing_orders("casualties ask", s, 0, {})}
    assert ENGINE.standing_move(s, asking) is None
    assert ENGINE.asks(s, asking) == {0: 24.0}
    assert ENGINE.standing_move(s, asking, frozenset({0})) == (0, ENGINE.parse_move("lose 1 inf", s, 0))
    told = {0: ENGINE.parse_standing_orders("casualties default", s, 0, {})}
    assert ENGINE.standing_move(s, told) == (0, ENGINE.parse_move("lose 1 inf", s, 0))
    assert ENGINE.asks(s, told) == {}


def test_attack_until_done_answers_the_round_end_and_retreats_below_the_limit():
    """Aktie 3, 8 and 8 A made in advance: go on, or retreat once fewer than 2 are left."""
    s = karelia_attack("attack Karelia until done retreat when below 2")
    assert s.plan is not None and s.plan.retreat_below == 2
    s = roll(s, "attack_fire", 6, 6, 6)
    s = roll(s, "defence_fire", 6, 6, 6, 6)
    assert ENGINE.standing_move(s, {}) == (1, PressOnAction())
    s = play(s, "continue")
    s = roll(s, "attack_fire", 6, 6, 6)
    s = roll(s, "defence_fire", 1, 1, 6, 6)
    seat, move = ENGINE.standing_move(s, {1: ENGINE.parse_standing_orders("casualties default", s, 1, {})})
    assert (seat, ENGINE.format_move(move, s)) == (1, "lose 1 inf 1 arm")
    s = ENGINE.apply(s, seat, move)
    assert ENGINE.standing_move(s, {}) == (1, RetreatAction(to="eastern_europe"))
    s = ENGINE.apply(s, 1, RetreatAction(to="eastern_europe"))
    assert s.battle is None and s.plan is None
    assert units(s, "eastern_europe", "germany") == {"armour": 1}


def test_a_plain_attack_still_asks_the_attacker_after_each_round():
    s = roll(karelia_attack(), "attack_fire", 6, 6, 6)
    s = roll(s, "defence_fire", 6, 6, 6, 6)
    assert ENGINE.standing_move(s, {1: ENGINE.parse_standing_orders("casualties default", s, 1, {})}) is None


def test_the_plan_reads_back_from_its_text():
    s = karelia_attack("attack Karelia until done retreat to Eastern Europe when below 3 units")
    move = ENGINE.parse_move("attack Karelia until done retreat to Eastern Europe when below 3 units",
                             play(position(("germany", "armour", "eastern_europe"), ("ussr", "infantry", "karelia_ssr")),
                                  "move 1 arm Eastern Europe -> Karelia", "end"), 1)
    assert ENGINE.format_move(move, s) == "attack Karelia S.S.R. until done retreat to Eastern Europe when below 3"
    assert s.plan.retreat_to == "eastern_europe"
    assert "until_done" not in ENGINE.parse_move("end", ENGINE.setup(2), 0).model_dump(mode="json"), (
        "moves without a plan are recorded as before"
    )


def test_undo_takes_back_the_last_orders_of_the_phase():
    s = position(("germany", "armour", "eastern_europe", 2), ("ussr", "infantry", "karelia_ssr"), phase="purchase")
    before = s
    s = play(s, "buy 2 inf", "buy 1 arm", "undo")
    assert s.purchased == (("infantry", 2),) and s.ipcs == play(before, "buy 2 inf").ipcs
    s = play(s, "undo")
    assert s.ipcs == before.ipcs and s.purchased == ()
    refused("nothing_to_undo", s, "undo")
    s = play(s, "end", "move 1 arm Eastern Europe -> Karelia", "undo")
    assert units(s, "eastern_europe", "germany") == {"armour": 2} and s.arrows == ()
    refused("nothing_to_undo", s, "end", "undo")


def test_undo_is_refused_after_dice():
    """Dice are never taken back, nor the orders before them."""
    s = karelia_attack()
    assert s.undo == ()
    s = roll(s, "attack_fire", 6, 6, 6)
    assert s.undo == ()
    s = position(("germany", "fighter", "eastern_europe"), ("ussr", "aa_gun", "karelia_ssr"),
                 ("ussr", "infantry", "karelia_ssr"))
    s = play(s, "move 1 ftr Eastern Europe -> Karelia")
    assert ENGINE.chance(s).kind == "aa_fire" and len(s.undo) == 1
    s = roll(s, "aa_fire", 6)
    refused("nothing_to_undo", s, "undo")


def test_attack_until_done_in_a_battle_under_way_is_refused_with_the_reason():
    """An ``attack ... until done`` is the attacker's plan for a battle it begins; given while
    that battle waits for the attacker after a round, the refusal says the battle is under way
    and what fits now (not only "press on or retreat")."""
    s = roll(karelia_attack(), "attack_fire", 6, 6, 6)
    s = roll(s, "defence_fire", 6, 6, 6, 6)
    params = refused("battle_under_way", s, "attack Karelia until done")
    assert params == {"territory": "Karelia S.S.R.", "example": "continue"}
    assert refused("battle_under_way", s, "attack Karelia")["example"] == "continue"
    s = roll(karelia_attack(), "attack_fire", 1, 6, 6)
    assert refused("battle_under_way", s, "attack Karelia until done")["example"] == "lose 1 inf"


def test_undo_gives_back_the_very_state_before_the_order():
    """``undo`` restores the fields an order may change (``UNDO_FIELDS``); in seeded random games
    every order it takes back leaves a state equal to the one before it, so no field an order
    changes is missing from that list."""
    rng = random.Random(15)
    checked = 0
    for players in (2, 5):
        s = ENGINE.setup(players, AxisAlliesOptions(round_limit=2))
        for _ in range(300):
            if ENGINE.result(s) is not None:
                break
            spec = ENGINE.chance(s)
            if spec is not None:
                s = ENGINE.apply_chance(s, Outcome(kind=spec.kind, values=tuple(rng.randrange(k) for k in spec.sizes)))
                continue
            seat = min(ENGINE.to_act(s))
            moves = ENGINE.legal_moves(s, seat)
            ends = [m for m in moves if m.kind == "end"]
            move = ends[0] if ends and rng.random() < 0.15 else rng.choice(moves)
            after = ENGINE.apply(s, seat, move)
            if len(after.undo) > len(s.undo) and ENGINE.chance(after) is None and turn.machine(after) is None:
                assert ENGINE.apply(after, seat, UndoAction()) == s, ENGINE.format_move(move, s)
                checked += 1
            s = after
    assert checked >= 100
