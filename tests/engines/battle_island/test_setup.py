"""Rulebook "Hoe in te stellen" (setup) and decisions 1-6: the start roll, the blocks placed
in turns (one per row and column), the characters on one's first two rows in any facing, the
rest onto the carrier pad's five slots."""

from __future__ import annotations

import pytest

from engines.battle_island import BattleIslandOptions
from engines.battle_island import board as B
from engines.core.contract import Outcome
from engines.core.errors import IllegalMoveError

from .conftest import BLOCK_SQUARES, at, play, set_up, texts


def _blocks_phase(engine, options=None, first=0):
    state = engine.setup(2, options or BattleIslandOptions())
    if state.phase == "seal":
        state = engine.apply_chance(state, Outcome(kind="seal_layout", values=(0, 1)))
    return engine.apply_chance(state, Outcome(kind="first_player_roll", values=(5, 0) if first == 0 else (1, 4)))


def test_instellen_start_roll_highest_first_ties_roll_again(engine):
    """"je kunt de dobbelsteen gooien om te beslissen wie als eerste zal spelen met het hoogste
    nummer als eerste" (decision 4: always rolled)."""
    state = engine.setup(2, BattleIslandOptions(blocks="all_live"))
    assert state.phase == "start_roll" and engine.chance(state).kind == "first_player_roll"
    tied = engine.apply_chance(state, Outcome(kind="first_player_roll", values=(3, 3)))
    assert tied == state
    second = engine.apply_chance(state, Outcome(kind="first_player_roll", values=(1, 4)))
    assert (second.phase, second.first_player, second.to_move) == ("blocks", 1, 1)
    assert engine.to_act(second) == frozenset({1})


def test_instellen_blocks_placed_in_turns_first_player_first(engine):
    """"Neem om de beurt een obstakelblok tegelijk op het eiland" (decision 5: 5 each,
    alternately, the first player first)."""
    state = _blocks_phase(engine, first=1)
    seats = []
    for square in BLOCK_SQUARES:
        seats.append(state.to_move)
        state = play(engine, state, f"block {square}")
    assert seats == [1, 0] * 5
    assert [b.owner for b in state.blocks] == [1, 0] * 5
    assert state.phase == "characters" and state.to_move == 1


def test_instellen_one_block_per_row_and_column(engine):
    """"niet meer dan één obstakelblok is toegestaan in één rasterrij of kolom"."""
    state = play(engine, _blocks_phase(engine), "block e5")
    for text, code in (("block e9", "block_same_column"), ("block a5", "block_same_row"), ("block e5", "block_taken")):
        with pytest.raises(IllegalMoveError) as err:
            engine.parse_move(text, state, 1)
        assert err.value.code == f"battle_island.{code}"
    legal = texts(engine, state)
    assert len(legal) == 11 * 11
    assert not any(t.endswith(("e1", "e12")) or t[-2:] == "a5" for t in legal)


def test_instellen_blocks_may_stand_on_the_first_two_rows(engine):
    """Decision 6: blocks go on any free square, also the home rows."""
    state = play(engine, _blocks_phase(engine), "block a1", "block l12")
    assert [B.name(b.square) for b in state.blocks] == ["a1", "l12"]


def test_instellen_characters_on_own_first_two_rows_any_facing(engine):
    """"plaats elke speler elk personage op het eiland in een willekeurige richting met alleen
    de eerste twee rijen voor je"."""
    state = _blocks_phase(engine)
    for square in BLOCK_SQUARES:
        state = play(engine, state, f"block {square}")
    assert state.phase == "characters" and state.to_move == 0
    legal = texts(engine, state)
    assert {"place tank a1 n", "place tank a1 e", "place tank a1 s", "place tank a1 w", "place jeep l2 s"} <= legal
    assert len(legal) == 3 * 24 * 4  # three kinds, 24 squares, four facings
    for text, code in (("place tank a3 n", "place_home_rows"), ("place tank a12 s", "place_home_rows")):
        with pytest.raises(IllegalMoveError) as err:
            engine.parse_move(text, state, 0)
        assert err.value.code == f"battle_island.{code}"
    state = play(engine, state, "place tank a1 s")
    assert at(state, "a1") == "Ta1s" and state.to_move == 1
    blue = texts(engine, state)
    assert "place tank k11 n" in blue and "place tank a2 n" not in blue
    assert len(blue) == 3 * 22 * 4 and "place tank l11 n" not in blue  # two blocks on blue's rows
    with pytest.raises(IllegalMoveError) as err:
        engine.parse_move("place tank a2 n", state, 1)
    assert err.value.code == "battle_island.place_home_rows"


def test_instellen_characters_alternate_and_keep_the_army(engine):
    """"Gebruik vervolgens vijf van je personages die nog steeds om de beurt spelen" (decision 5:
    one at a time, first player first); a kind runs out."""
    state = _blocks_phase(engine)
    for square in BLOCK_SQUARES:
        state = play(engine, state, f"block {square}")
    state = play(engine, state, "place tank a1 n", "place tank b12 s", "place tank b1 n", "place tank c12 s")
    assert not any(t.startswith("place tank") for t in texts(engine, state))
    with pytest.raises(IllegalMoveError) as err:
        engine.parse_move("place tank c1 n", state, 0)
    assert err.value.code == "battle_island.no_such_unit_left"
    with pytest.raises(IllegalMoveError) as err:
        engine.parse_move("place jeep b1 n", state, 0)
    assert err.value.code == "battle_island.square_occupied"


def test_instellen_no_character_on_a_block(engine):
    state = _blocks_phase(engine)
    for square in ("a2", "l11", "c5", "d6", "e7", "f8", "g9", "h10", "i3", "j4"):
        state = play(engine, state, f"block {square}")
    assert not any(" a2 " in t for t in texts(engine, state))
    with pytest.raises(IllegalMoveError) as err:
        engine.parse_move("place jeep a2 n", state, 0)
    assert err.value.code == "battle_island.square_occupied"


def test_instellen_pad_slots_rest_of_the_army_one_per_slot(engine):
    """"Plaats vervolgens de resterende vijf tekens in willekeurige volgorde op het draagkussen
    (één teken in elke kolom)": the order of the remaining five on slots 1-5."""
    state = set_up(engine)
    pads = engine.view(state, None).pads
    assert [p.slots for p in pads] == [("tank", "jeep", "jeep", "soldier", "soldier")] * 2
    for seat in (0, 1):
        slots = sorted(c.slot for c in state.characters if c.owner == seat and c.where == "pad")
        assert slots == [1, 2, 3, 4, 5]


def test_instellen_pad_order_must_be_the_reserve(engine):
    state = _blocks_phase(engine)
    for square in BLOCK_SQUARES:
        state = play(engine, state, f"block {square}")
    for k, square in enumerate(("a1", "b1", "c1", "d1", "e1")):
        kind = ("soldier", "soldier", "jeep", "tank", "soldier")[k]
        state = play(engine, state, f"place {kind} {square} n", f"place {kind} {square[0]}11 s")
    assert state.phase == "pads" and state.to_move == 0
    assert len(engine.legal_moves(state, 0)) == 5 * 4 * 3 * 2 // (2 * 2)  # two soldiers, two jeeps, a tank
    with pytest.raises(IllegalMoveError) as err:
        engine.parse_move("pad tank tank jeep jeep soldier", state, 0)
    assert err.value.code == "battle_island.pad_order"
    state = play(engine, state, "pad s j t s j")
    assert state.to_move == 1 and state.phase == "pads"
    state = play(engine, state, "pad j j t s s")
    assert (state.phase, state.step, state.to_move, state.turn) == ("play", "roll", 0, 1)


def test_instellen_pads_start_beside_the_first_five_squares_on_each_players_left(engine):
    """"Plaats je draagplatform ... uitgelijnd met de eerste vijf vierkanten links van het
    eiland" (decision 3: a-e for red; l-h for blue, who looks south; the rocket in the middle)."""
    view = engine.view(set_up(engine), None)
    red, blue = view.pads
    assert red.files == ("a", "b", "c", "d", "e") and red.rocket == "c"
    assert blue.files == ("l", "k", "j", "i", "h") and blue.rocket == "j"


def test_instellen_without_pads_all_ten_on_the_island(engine):
    """Decision 23: with ``carrier_pads`` off every character starts on the island."""
    state = set_up(engine, BattleIslandOptions(carrier_pads=False))
    assert all(c.where == "island" for c in state.characters)
    assert engine.view(state, None).pads == ()
    for c in state.characters:
        assert c.square // B.SIZE in B.home_rows(c.owner)


def test_instellen_first_player_rolls_first(engine):
    """"En dan gooit de speler die als eerste speelt de dobbelsteen om zijn beurt te starten"."""
    state = set_up(engine, first=1)
    assert state.to_move == 1 and texts(engine, state) == {"roll"}
    assert engine.legal_moves(state, 0) == []
