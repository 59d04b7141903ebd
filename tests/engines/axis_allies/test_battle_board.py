"""the battle board's data (``view.battle_board``, ``engine.step_pictures``): the rulebook's
"gevechtsbord" puts each side's units in columns of their combat value; each round's dice with the
hits, the casualties per round and the result come from the battle's own record."""

from __future__ import annotations

from engines.axis_allies.view import BattleBoardView, BattleUnitView, step_changes
from engines.core.contract import StepPicturesGame

from .conftest import ENGINE, play, position, roll


def boards(before, after) -> tuple[BattleBoardView, ...]:
    pictures = ENGINE.step_pictures(before, after)
    assert all(kind == "battle" for kind, _ in pictures)
    return tuple(view for _, view in pictures)


def ukraine(attackers: tuple[tuple[str, int], ...], defenders: int):
    """Germany attacks the USSR's infantry in Ukraine; the combat step is on, nothing rolled yet."""
    pieces = [("germany", kind, "eastern_europe", n) for kind, n in attackers]
    s = position(*pieces, ("ussr", "infantry", "ukraine_ssr", defenders), owners={"ukraine_ssr": "ussr"})
    orders = " ".join(f"{n} {kind[:3] if kind != 'armour' else 'arm'}" for kind, n in attackers)
    return play(s, f"move {orders} Eastern Europe -> Ukraine", "end")


def test_the_engine_offers_step_pictures():
    assert isinstance(ENGINE, StepPicturesGame)


def test_units_stand_in_columns_of_their_combat_value_and_the_dice_in_their_units_column():
    """Infantry attacks at 1, armour at 3, fighters at 3; the defending infantry at 2. A die hits
    at its column's figure or lower."""
    s = ukraine((("infantry", 1), ("armour", 1), ("fighter", 1)), 2)
    before = play(s, "attack Ukraine")
    after = roll(before, "attack_fire", 2, 3, 4)  # infantry misses (2 > 1), armour hits (3), fighter misses
    (board,) = boards(before, after)
    assert board.attackers == (
        BattleUnitView(power="germany", kind="infantry", value=1, count=1),
        BattleUnitView(power="germany", kind="armour", value=3, count=1),
        BattleUnitView(power="germany", kind="fighter", value=3, count=1),
    )
    assert board.defenders == (BattleUnitView(power="ussr", kind="infantry", value=2, count=2, lost=1),)
    (attack,) = board.rolls
    assert (attack.side, attack.kind, attack.round) == ("attacker", "attack_fire", 1)
    assert [(d.face, d.value, d.hit) for d in attack.dice] == [(2, 1, False), (3, 3, True), (4, 3, False)]
    assert attack.hits == 1
    assert board.result == "" and board.round == 1


def test_an_ended_battle_keeps_its_board_rounds_casualties_and_result():
    s = ukraine((("armour", 2),), 2)
    s = play(s, "attack Ukraine")
    s = roll(s, "attack_fire", 6, 6)
    before = roll(s, "defence_fire", 1, 6)  # round 1: Germany loses a tank
    s = play(before, "continue")
    s = roll(s, "attack_fire", 1)
    after = roll(s, "defence_fire", 6, 6)  # round 2: the tank hits; both infantry fire back and miss
    assert after.battle is not None  # one infantry left
    s = play(after, "continue")
    s = roll(s, "attack_fire", 2)
    done = roll(s, "defence_fire", 2)  # round 3: both hit, both sides wiped out
    assert done.battle is None
    (board,) = boards(after, done)
    assert board.result == "both_destroyed" and board.round == 3
    assert [(r.round, r.side, r.hits) for r in board.rolls] == [
        (1, "attacker", 0), (1, "defender", 1), (2, "attacker", 1), (2, "defender", 0), (3, "attacker", 1),
        (3, "defender", 1),
    ]
    for r in board.rolls:
        assert sum(d.hit for d in r.dice) == r.hits
    assert [(loss.round, loss.side, loss.kind, loss.count) for loss in board.losses] == [
        (1, "attacker", "armour", 1), (2, "defender", "infantry", 1), (3, "attacker", "armour", 1),
        (3, "defender", "infantry", 1),
    ]
    assert board.attackers[0].lost == 2 and board.defenders[0].lost == 2


def test_a_step_without_battle_dice_shows_no_board():
    s = ukraine((("armour", 2),), 1)
    assert boards(s, play(s, "attack Ukraine")) != ()  # the battle starts and its first dice are due
    quiet = position(("germany", "armour", "eastern_europe"))
    assert boards(quiet, play(quiet, "move 1 arm Eastern Europe -> Germany")) == ()


def test_the_board_after_a_step_rings_what_the_step_changed():
    s = position(("germany", "armour", "eastern_europe", 2), ("ussr", "infantry", "ukraine_ssr"),
                 owners={"ukraine_ssr": "ussr"})
    moved = play(s, "move 1 arm Eastern Europe -> Ukraine")
    assert step_changes(s, moved) == ("eastern_europe", "ukraine_ssr")
    assert ENGINE.step_marks(s, moved) == ("eastern_europe", "ukraine_ssr")
    ended = play(moved, "end")
    assert step_changes(moved, ended) == () and ENGINE.step_marks(moved, ended) == ()
    taken = play(position(("germany", "armour", "eastern_europe"), owners={"ukraine_ssr": "ussr"}),
                 "move 1 arm Eastern Europe -> Ukraine")
    assert "ukraine_ssr" in step_changes(position(owners={"ukraine_ssr": "ussr"}), taken)
