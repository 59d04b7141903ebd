"""The battle board of AA fire, a strategic bombing raid and a rocket (``view.fight_board``,
``view.step_battle_boards``): built from the ``Fought`` each leaves in the state, with the units
that took part (``Fought.units``), every die and the damage.

Rules as the engine plays them: AA guns hit aircraft on a 1, one die per aircraft, the owner
picks the losses (decision C10); a raid's gun fires first, then each surviving bomber rolls a die
of IPCs (three with Heavy Bombers), the total capped at the victim's IPCs (C11, C12); a rocket
is one die of IPCs from an AA gun (C14)."""

from __future__ import annotations

import pytest

from engines.axis_allies.state import AxisAlliesState, Fought
from engines.axis_allies.view import BattleBoardView, BattleUnitView, fight_board, step_battle_boards

from .conftest import ENGINE, play, position, roll


def pictures(before: AxisAlliesState, after: AxisAlliesState) -> tuple[BattleBoardView, ...]:
    """The step's pictures through the engine, checked to be exactly ``step_battle_boards``."""
    drawn = ENGINE.step_pictures(before, after)
    assert all(kind == "battle" for kind, _ in drawn)
    boards = tuple(view for _, view in drawn)
    assert boards == step_battle_boards(before, after)
    return boards


def dice(board: BattleBoardView, kind: str) -> list[tuple[int, int | None, bool]]:
    (found,) = [r for r in board.rolls if r.kind == kind]
    return [(d.face, d.value, d.hit) for d in found.dice]


# ---------------------------------------------------------------- AA fire


def karelia_flight() -> tuple[AxisAlliesState, AxisAlliesState]:
    """Two German fighters and a bomber fly into Karelia, where a Soviet AA gun stands: the gun
    rolls 1, 4, 6 (one hit) and Germany must pick the loss."""
    s = position(("germany", "fighter", "eastern_europe", 2), ("germany", "bomber", "eastern_europe"),
                 ("ussr", "aa_gun", "karelia_ssr"), ("ussr", "infantry", "karelia_ssr"))
    rolled = roll(play(s, "move 2 ftr 1 bmr Eastern Europe -> Karelia"), "aa_fire", 1, 4, 6)
    return s, rolled


def test_aa_fire_shows_the_gun_in_column_1_the_aircraft_and_the_one_that_fell():
    s, rolled = karelia_flight()
    assert pictures(s, rolled) == (), "the fire is not over while Germany picks its loss"
    after = play(rolled, "lose 1 bmr")
    (board,) = pictures(rolled, after)
    assert (board.kind, board.territory, board.name) == ("aa", "karelia_ssr", "Karelia S.S.R.")
    assert (board.attacker, board.defender, board.damage, board.result) == ("germany", "ussr", 0, "")
    assert board.attackers == (
        BattleUnitView(power="germany", kind="fighter", value=0, count=2),
        BattleUnitView(power="germany", kind="bomber", value=0, count=1, lost=1),
    )
    assert board.defenders == (BattleUnitView(power="ussr", kind="aa_gun", value=1, count=1),)
    (fire,) = board.rolls
    assert (fire.kind, fire.side, fire.hits) == ("aa_fire", "defender", 1)
    assert dice(board, "aa_fire") == [(1, 1, True), (4, 1, False), (6, 1, False)]
    assert [(loss.side, loss.power, loss.kind, loss.count) for loss in board.losses] == [
        ("attacker", "germany", "bomber", 1)]


def test_aa_fire_settled_by_the_dice_alone_shows_its_board_with_the_move():
    """One aircraft, one hit: nothing to choose, so the move's own step ends the fire."""
    s = position(("germany", "fighter", "eastern_europe"), ("ussr", "aa_gun", "karelia_ssr"),
                 ("ussr", "infantry", "karelia_ssr"))
    shot = roll(play(s, "move 1 ftr Eastern Europe -> Karelia"), "aa_fire", 1)
    (board,) = pictures(s, shot)
    assert board.attackers == (BattleUnitView(power="germany", kind="fighter", value=0, count=1, lost=1),)
    missed = roll(play(s, "move 1 ftr Eastern Europe -> Karelia"), "aa_fire", 2)
    (board,) = pictures(s, missed)
    assert board.losses == () and board.attackers[0].lost == 0 and board.rolls[0].hits == 0


def test_a_step_shows_its_fights_in_the_order_they_ended():
    """A fighter flies over Karelia's gun into Russia's: two fires, Karelia's first."""
    s = position(("germany", "fighter", "eastern_europe"), ("ussr", "aa_gun", "karelia_ssr"),
                 ("ussr", "aa_gun", "russia"), ("ussr", "infantry", "russia"))
    moved = play(s, "move 1 ftr Eastern Europe -> Karelia -> Russia")
    after = roll(roll(moved, "aa_fire", 3), "aa_fire", 5)
    boards = pictures(s, after)
    assert [(b.kind, b.territory) for b in boards] == [("aa", "karelia_ssr"), ("aa", "russia")]
    assert [f.territory for f in after.fights] == ["karelia_ssr", "russia"]
    assert [dice(b, "aa_fire") for b in boards] == [[(3, 1, False)], [(5, 1, False)]]


# ---------------------------------------------------------------- strategic bombing raids


def heavy_raid(ipcs: int) -> tuple[AxisAlliesState, AxisAlliesState, AxisAlliesState]:
    """Three German heavy bombers raid Karelia's complex: the gun rolls 1, 3, 5 (one down, chosen
    by Germany), then the two survivors roll three damage dice each."""
    s = position(("germany", "bomber", "germany", 3), ("ussr", "aa_gun", "karelia_ssr"),
                 ("ussr", "factory", "karelia_ssr"), techs={"germany": ("heavy_bombers",)}, ipcs={"ussr": ipcs})
    s = play(s, "bomb 3 bmr Germany -> Karelia", "end")
    aa = roll(play(s, "attack Karelia"), "aa_fire", 1, 3, 5)
    return s, aa, play(aa, "lose 1 bmr")


def test_a_raid_shows_the_aa_roll_then_the_damage_dice_and_the_damage_capped_at_the_victims_ipcs():
    s, aa, chosen = heavy_raid(20)
    assert pictures(s, aa) == (), "a raid waiting for its loss has no board yet"
    after = roll(chosen, "bombing", 6, 5, 4, 3, 1, 6)
    assert after.ipcs["ussr"] == 0
    (board,) = pictures(aa, after)
    assert (board.kind, board.territory, board.attacker, board.defender) == ("bombing", "karelia_ssr", "germany", "ussr")
    assert board.damage == 20, "25 on the dice, but the USSR had 20 IPCs"
    assert board.attackers == (BattleUnitView(power="germany", kind="bomber", value=0, count=3, lost=1),)
    assert board.defenders == (BattleUnitView(power="ussr", kind="aa_gun", value=1, count=1),
                               BattleUnitView(power="ussr", kind="factory", value=0, count=1))
    assert [(r.kind, r.side, r.hits) for r in board.rolls] == [("aa_fire", "defender", 1), ("bombing", "attacker", 0)]
    assert dice(board, "aa_fire") == [(1, 1, True), (3, 1, False), (5, 1, False)]
    # a damage die is IPCs, not a hit: the 1 is no hit, and no die has a column
    assert dice(board, "bombing") == [(6, None, False), (5, None, False), (4, None, False), (3, None, False),
                                      (1, None, False), (6, None, False)]
    assert [(loss.side, loss.kind, loss.count) for loss in board.losses] == [("attacker", "bomber", 1)]


def test_a_raid_on_a_complex_without_a_gun_shows_only_the_damage():
    s = position(("germany", "bomber", "germany"), ("ussr", "factory", "karelia_ssr"), ipcs={"ussr": 30})
    s = play(s, "bomb 1 bmr Germany -> Karelia", "end")
    after = roll(play(s, "attack Karelia"), "bombing", 5)
    (board,) = pictures(s, after)
    assert board.damage == 5 and board.losses == ()
    assert board.defenders == (BattleUnitView(power="ussr", kind="factory", value=0, count=1),)
    assert [r.kind for r in board.rolls] == ["bombing"] and dice(board, "bombing") == [(5, None, False)]


def test_a_raid_whose_bombers_all_fall_shows_the_aa_roll_and_no_damage():
    s = position(("germany", "bomber", "germany"), ("ussr", "aa_gun", "karelia_ssr"),
                 ("ussr", "factory", "karelia_ssr"), ipcs={"ussr": 30})
    s = play(s, "bomb 1 bmr Germany -> Karelia", "end")
    after = roll(play(s, "attack Karelia"), "aa_fire", 1)
    (board,) = pictures(s, after)
    assert board.damage == 0 and [r.kind for r in board.rolls] == ["aa_fire"]
    assert board.attackers == (BattleUnitView(power="germany", kind="bomber", value=0, count=1, lost=1),)


# ---------------------------------------------------------------- rockets


def test_a_rocket_shows_the_launching_gun_and_its_damage_die():
    s = position(("germany", "aa_gun", "western_europe"), ("uk", "factory", "united_kingdom"), phase="combat",
                 techs={"germany": ("rockets",)}, ipcs={"uk": 20})
    fired = play(s, "rocket Western Europe -> United Kingdom")
    assert pictures(s, fired) == (), "no board before its die"
    after = roll(fired, "rocket", 4)
    (board,) = pictures(s, after)
    assert (board.kind, board.territory, board.name, board.launcher) == (
        "rocket", "united_kingdom", "United Kingdom", "Western Europe")
    assert (board.attacker, board.defender, board.damage) == ("germany", "uk", 4)
    assert board.attackers == (BattleUnitView(power="germany", kind="aa_gun", value=0, count=1),)
    assert board.defenders == (BattleUnitView(power="uk", kind="factory", value=0, count=1),)
    assert [(r.kind, r.side) for r in board.rolls] == [("rocket", "attacker")]
    assert dice(board, "rocket") == [(4, None, False)] and board.losses == ()
    (fought,) = after.fights
    assert fought.launcher == "western_europe" and [(c.kind, c.power) for c in fought.units] == [("aa_gun", "germany")]


# ---------------------------------------------------------------- no board, old records


def test_a_plain_move_or_end_shows_no_board():
    quiet = position(("germany", "armour", "eastern_europe"), ("ussr", "aa_gun", "karelia_ssr"))
    moved = play(quiet, "move 1 arm Eastern Europe -> Germany")
    assert pictures(quiet, moved) == ()
    assert pictures(moved, play(moved, "end")) == ()


def test_the_fights_of_an_earlier_turn_show_no_board():
    _, aa, chosen = heavy_raid(30)
    after = roll(chosen, "bombing", 1, 1, 1, 1, 1, 1)
    assert pictures(aa, after) != ()
    later = play(after, "end", "end anyway", "end")  # to the United Kingdom's turn: the fights are gone
    assert later.power == "uk" and pictures(after, later) == ()


def test_a_fight_saved_before_its_units_were_kept_loads_and_shows_its_dice_and_losses():
    """Old snapshots hold ``Fought`` without ``units`` and ``launcher``: they load with the
    defaults, and the board shows what they kept (the dice, the losses, the damage)."""
    *_, chosen = heavy_raid(20)
    after = roll(chosen, "bombing", 6, 5, 4, 3, 1, 6)
    data = after.model_dump(mode="json")
    for fought in data["fights"]:
        del fought["units"], fought["launcher"]
    old = AxisAlliesState.model_validate(data)
    assert old.fights[0].units == () and old.fights[0].launcher is None
    assert old.model_copy(update={"fights": after.fights}) == after
    board = fight_board(old.fights[0])
    assert board.attackers == (BattleUnitView(power="germany", kind="bomber", value=0, count=1, lost=1),)
    assert board.rolls == fight_board(after.fights[0]).rolls and board.damage == 20


def test_a_battles_board_comes_from_its_record_not_fight_board():
    with pytest.raises(ValueError):
        fight_board(Fought(kind="battle", territory="ukraine_ssr", attacker="germany", defender="ussr"))
