"""The battle board of AA fire, a strategic bombing raid and a rocket (``render/axis_allies_battle.py``).

Drawn from a ``BattleBoardView`` of that ``kind`` alone: the AA gun's dice stand in column 1 with
their hits marked as a battle's; damage dice are neither hit nor miss (gold edge, no red mark),
and the damage is the result.
"""

from __future__ import annotations

import pytest

from bot.services.presenter import picture_words
from engines.axis_allies.view import (
    BattleBoardView,
    BattleDieView,
    BattleLossView,
    BattleRollView,
    BattleUnitView,
)
from render import axis_allies as aa
from render import axis_allies_battle as battle
from render import registry
from render.common import GOLD, BoardLabels
from render.registry import Part
from tests.render.test_axis_allies_pictures import BOARD, image_of, words
from tests.render.test_axis_allies_render import close

AA_FIRE = BattleBoardView(
    territory="karelia_ssr", name="Karelia S.S.R.", sea=False, amphibious=False, attacker="germany",
    defender="ussr", round=1, kind="aa",
    attackers=(BattleUnitView(power="germany", kind="fighter", value=0, count=2),
               BattleUnitView(power="germany", kind="bomber", value=0, count=1, lost=1)),
    defenders=(BattleUnitView(power="ussr", kind="aa_gun", value=1, count=1),),
    rolls=(BattleRollView(round=1, kind="aa_fire", side="defender", hits=1,
                          dice=(BattleDieView(face=1, value=1), BattleDieView(face=4, value=1),
                                BattleDieView(face=6, value=1))),),
    losses=(BattleLossView(round=1, side="attacker", power="germany", kind="bomber", count=1),),
)

RAID = BattleBoardView(
    territory="karelia_ssr", name="Karelia S.S.R.", sea=False, amphibious=False, attacker="germany",
    defender="ussr", round=1, kind="bombing", damage=12,
    attackers=(BattleUnitView(power="germany", kind="bomber", value=0, count=3, lost=1),),
    defenders=(BattleUnitView(power="ussr", kind="aa_gun", value=1, count=1),
               BattleUnitView(power="ussr", kind="factory", value=0, count=1)),
    rolls=(BattleRollView(round=1, kind="aa_fire", side="defender", hits=1,
                          dice=(BattleDieView(face=1, value=1), BattleDieView(face=3, value=1),
                                BattleDieView(face=5, value=1))),
           BattleRollView(round=1, kind="bombing", side="attacker", hits=0,
                          dice=(BattleDieView(face=1, value=None), BattleDieView(face=6, value=None),
                                BattleDieView(face=5, value=None)))),
    losses=(BattleLossView(round=1, side="attacker", power="germany", kind="bomber", count=1),),
)

ROCKET = BattleBoardView(
    territory="united_kingdom", name="United Kingdom", sea=False, amphibious=False, attacker="germany",
    defender="uk", round=1, kind="rocket", damage=4, launcher="Western Europe",
    attackers=(BattleUnitView(power="germany", kind="aa_gun", value=0, count=1),),
    defenders=(BattleUnitView(power="uk", kind="factory", value=0, count=1),),
    rolls=(BattleRollView(round=1, kind="rocket", side="attacker", hits=0, dice=(BattleDieView(face=4, value=None),)),),
    losses=(),
)

FIGHTS = {"aa": AA_FIRE, "bombing": RAID, "rocket": ROCKET}


@pytest.mark.parametrize("kind", sorted(FIGHTS))
def test_each_kind_draws_in_english_and_dutch_differently(kind):
    board = FIGHTS[kind]
    english = battle.render_battle_board(board, labels=words("en"))
    dutch = battle.render_battle_board(board, labels=words("nl"))
    assert english.startswith(b"\x89PNG") and image_of(english).width == battle.WIDTH
    assert english != dutch != battle.render_battle_board(board)
    assert registry.render_view("axis_allies", board, words("en"), Part("battle")) == english
    assert battle.render_battle_board(board, labels=words("en")) == english


@pytest.mark.parametrize("kind", sorted(FIGHTS))
def test_a_fight_is_not_drawn_as_a_battle(kind):
    """The same units and dice as a battle board read differently (the header, the damage)."""
    board = FIGHTS[kind]
    assert battle.render_battle_board(board, labels=words("en")) != battle.render_battle_board(
        board.model_copy(update={"kind": "battle"}), labels=words("en"))


@pytest.mark.parametrize(("board", "change"), [
    (RAID, {"damage": 11}), (ROCKET, {"damage": 3}), (ROCKET, {"launcher": "Germany"}),
    (AA_FIRE, {"losses": (), "attackers": (AA_FIRE.attackers[0],)}),
])
def test_what_the_fight_says_changes_its_picture(board, change):
    labels = words("en")
    assert battle.render_battle_board(board.model_copy(update=change), labels=labels) != battle.render_battle_board(
        board, labels=labels)


def _row_top(drawn: battle._Board, side: str, index: int) -> float:
    """The top of row ``index`` of ``side``'s panel (0: the units row), from the layout."""
    top = battle.MARGIN + battle.HEADER
    if side == "defender":
        top += battle.SIDE_HEAD + sum(r.height for r in drawn.rows["attacker"]) + 12
    return top + battle.SIDE_HEAD + sum(r.height for r in drawn.rows[side][:index])


def _damage_die_pixels(board: BattleBoardView) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """(left edge, under the die) colours of each damage die of the attacker's roll row."""
    drawn = battle._Board(board, BoardLabels())
    image = drawn.render()
    top = _row_top(drawn, "attacker", 1)
    out = []
    for n, _ in enumerate(board.rolls[-1].dice):
        cx = drawn._col_x(drawn.columns[0]) + 8 + battle.DIE / 2 + n * battle.DIE_STEP
        cy = top + battle.ROW_PAD / 2 + battle.DIE / 2 + 2
        out.append((image.getpixel((round(cx - battle.DIE / 2 + 1), round(cy))),
                    image.getpixel((round(cx), round(cy + battle.DIE / 2 + 1)))))
    return out


@pytest.mark.parametrize("board", [RAID, ROCKET], ids=["raid", "rocket"])
def test_a_damage_die_carries_no_hit_mark(board):
    """A damage die's face is IPCs: gold-edged, never the red edge and line of a hit (the raid's
    face 1 would hit in column 1)."""
    for edge, under in _damage_die_pixels(board):
        assert close(edge, battle.DAMAGE_EDGE, 40) and not close(edge, aa.BATTLE, 60), edge
        assert not close(under, aa.BATTLE, 60), under


def test_the_aa_guns_dice_stand_in_column_1_with_the_hit_marked():
    drawn = battle._Board(AA_FIRE, BoardLabels())
    image = drawn.render()
    top = _row_top(drawn, "defender", 1)
    for n, die in enumerate(AA_FIRE.rolls[0].dice):
        x = drawn._col_x(1) + 8 + n * battle.DIE_STEP + 1
        y = top + battle.ROW_PAD / 2 + battle.DIE / 2 + 2
        assert close(image.getpixel((round(x), round(y))), aa.BATTLE, 40) == die.hit


def test_many_damage_dice_flow_onto_more_lines():
    """Heavy bombers roll three dice each: twelve bombers' 36 dice need a second line."""
    many = RAID.rolls[1].model_copy(update={"dice": tuple(BattleDieView(face=1 + n % 6, value=None) for n in range(36))})
    more = RAID.model_copy(update={"rolls": (RAID.rolls[0], many)})
    assert battle._Board(more, BoardLabels())._damage_per_line() < 36
    assert image_of(battle.render_battle_board(more)).height > image_of(battle.render_battle_board(RAID)).height


def test_the_header_ends_with_the_damage_in_gold():
    """The result on the header's right: gold text where the battle board puts its result."""
    def gold(board: BattleBoardView) -> int:
        image = image_of(battle.render_battle_board(board, labels=words("en")))
        strip = image.crop((battle.WIDTH - 300, battle.MARGIN + 10, battle.WIDTH - 30, battle.MARGIN + battle.HEADER - 20))
        return sum(close(c, GOLD, 30) for c in strip.get_flattened_data())

    assert gold(RAID) > 40
    assert gold(RAID.model_copy(update={"damage": 0})) < gold(RAID)


def test_an_existing_battle_board_is_still_drawn_as_a_battle():
    assert BOARD.kind == "battle" and BOARD.damage == 0 and BOARD.launcher == ""


def test_every_fight_board_word_is_in_english_and_dutch():
    for language in ("en", "nl"):
        have = dict(picture_words("axis_allies", language))
        needed = [*(f"battle_kind_{k}" for k in battle.FIGHTS),
                  *(f"battle_roll_{k}" for k in ("aa_fire", "bombing", "rocket")),
                  "battle_note_aa_fire", "battle_note_damage", "battle_fight_lost", "battle_damage",
                  "battle_damage_capped", "battle_shot_down", "battle_no_hits"]
        assert [w for w in needed if not have.get(w)] == []
    dutch = dict(picture_words("axis_allies", "nl"))
    assert (dutch["battle_kind_aa"], dutch["battle_kind_bombing"], dutch["battle_kind_rocket"]) == (
        "luchtafweer", "strategisch bombardement", "raket")
