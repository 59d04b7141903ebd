"""Rulebook "Hoe speel je een beurt" (decision 22): roll, shots, the move, shots, end; the move
is compulsory when possible; shots as often as there are exact hits, before and after."""

from __future__ import annotations

import pytest

from engines.core.errors import IllegalMoveError

from .conftest import at, play, position, roll, texts

BLUE = "tl12s"


def test_beurt_starts_with_the_roll(engine):
    """"de dobbelsteen is alleen voor de beweging van je personages": the turn opens with the
    roll (decision 22); shots come after it (decision 13)."""
    state = position(f"Jc2n sc5s {BLUE}")
    assert state.step == "roll" and texts(engine, state) == {"roll"}
    with pytest.raises(IllegalMoveError) as err:
        engine.parse_move("shoot c2", state, 0)
    assert err.value.code == "battle_island.shoot_not_now"
    rolling = play(engine, state, "roll")
    assert rolling.step == "rolling" and engine.to_act(rolling) == frozenset()
    spec = engine.chance(rolling)
    assert (spec.kind, spec.sizes, spec.secret) == ("die", (6,), False)
    assert roll(engine, rolling, 0).die == 0 and roll(engine, rolling, 5).die == 5  # faces 0-5


def test_beurt_must_move_before_ending(engine):
    """"je moet altijd een personage verplaatsen als dat mogelijk is voordat je je speelbeurt
    kunt beëindigen"."""
    state = position(f"Jc2n {BLUE}", die=2)
    assert "end" not in texts(engine, state)
    with pytest.raises(IllegalMoveError) as err:
        engine.parse_move("end", state, 0)
    assert err.value.code == "battle_island.must_move"
    assert engine.action_buttons(state, 0) == ()


def test_beurt_shots_before_and_after_the_move(engine):
    """"je hebt de optie om iets op het eiland te schieten en te verwijderen voordat je een van
    je personages verplaatst en zo vaak als je wilt ... Nadat je een van je personages hebt
    verplaatst, heb je opnieuw de optie om ... zo vaak als je wilt te schieten"."""
    state = position(f"Jc2n Tg1n sc5s sg5s sf3s sh8s {BLUE}", die=2)
    state = play(engine, state, "shoot c2 c5", "shoot g1 g5")
    assert at(state, "c5") is None and at(state, "g5") is None and state.step == "move"
    state = play(engine, state, "c2-c3 right")
    assert state.step == "moved" and at(state, "c3") == "Jc3e"
    assert {t for t in texts(engine, state) if t.startswith("shoot")} == {"shoot c3 f3"}
    state = play(engine, state, "shoot c3 f3")
    assert at(state, "f3") is None and texts(engine, state) == {"end"}


def test_beurt_end_passes_to_the_opponent(engine):
    """"Zodra je klaar bent, speel je door naar je tegenstander" (the turn never ends by itself:
    decision 22)."""
    state = play(engine, position(f"Jc2n sc9s {BLUE}", die=2, turn=7), "c2-c4")
    assert state.to_move == 0 and state.step == "moved"
    assert engine.action_buttons(state, 0) == (("end", "battle_island.button_end"),)
    after = play(engine, state, "end")
    assert (after.to_move, after.step, after.die, after.turn) == (1, "roll", None, 8)
    assert engine.action_buttons(after, 1) == (("roll", "battle_island.button_roll"),)
    assert [a.text for a in engine.view(after, None).actions] == ["c2-c4"]


def test_beurt_one_move_per_roll(engine):
    state = play(engine, position(f"Jc2n Sh2n {BLUE}", die=2), "c2-c4")
    with pytest.raises(IllegalMoveError) as err:
        engine.parse_move("h2-h4", state, 0)
    assert err.value.code == "battle_island.move_not_now"
