"""Rulebook "Hoe een personage te verplaatsen" (decision 8): exactly the roll straight ahead,
or one less and a quarter turn with the last unit; a 1 is only one step ahead; never
backwards, sideways or diagonally; the island's edge ends every line."""

from __future__ import annotations

import pytest

from engines.core.errors import IllegalMoveError

from .conftest import at, play, position, texts

BLUE = "tl12s"
"""A blue tank far away, so the game is not over."""


def moves_of(engine, state, square: str) -> set[str]:
    return {t for t in texts(engine, state) if t.startswith(f"{square}-")}


def test_verplaatsen_exactly_the_roll_or_one_less_and_a_turn(engine):
    """"1e. Verplaats hetzelfde aantal vierkanten dat overeenkomt met het nummer op de
    dobbelsteen. 2e. ... links draaien. 3e. ... naar rechts draaien" (example: a three goes
    three ahead, or two ahead and turns left or right on that second square)."""
    state = position(f"Se3n {BLUE}", die=3)
    assert moves_of(engine, state, "e3") == {"e3-e6", "e3-e5 left", "e3-e5 right"}


@pytest.mark.parametrize("die", [2, 3, 4, 5])
def test_verplaatsen_every_roll_above_one_has_three_options(engine, die):
    state = position(f"Jf2n {BLUE}", die=die)
    end, turn = f"f{2 + die}", f"f{1 + die}"
    assert moves_of(engine, state, "f2") == {f"f2-{end}", f"f2-{turn} left", f"f2-{turn} right"}


def test_verplaatsen_a_one_is_only_one_square_ahead(engine):
    """"Als je er een gooit, heb je maar één optie, om één vierkant vooruit te gaan"."""
    state = position(f"Te3e {BLUE}", die=1)
    assert moves_of(engine, state, "e3") == {"e3-f3"}
    with pytest.raises(IllegalMoveError) as err:
        engine.parse_move("e3-e3 left", state, 0)
    assert err.value.code == "battle_island.cannot_move_there_one"  # no "1 minus one and turn"


def test_verplaatsen_forward_is_the_current_facing(engine):
    """"vooruit gaan is de richting waarin het personage op dat moment staat"."""
    for facing, straight, turned in (("n", "f7", "f6"), ("e", "i4", "h4"), ("s", "f1", "f2"), ("w", "c4", "d4")):
        state = position(f"Sf4{facing} {BLUE}", die=3)
        assert moves_of(engine, state, "f4") == {f"f4-{straight}", f"f4-{turned} left", f"f4-{turned} right"}


def test_verplaatsen_no_backwards_sideways_or_diagonal(engine):
    """"Je kunt niet achteruit, zijwaarts of diagonaal bewegen"."""
    state = position(f"Sf6n {BLUE}", die=2)
    for text in ("f6-f4", "f6-d6", "f6-h6", "f6-h8", "f6-d4", "f6-e7"):
        with pytest.raises(IllegalMoveError) as err:
            engine.parse_move(text, state, 0)
        assert err.value.code == "battle_island.cannot_move_there"
    assert {m.to for m in engine.legal_moves(state, 0) if m.kind == "move"} == {"f8", "f7"}


def test_verplaatsen_the_turn_sets_the_new_facing(engine):
    """Rule 9: the turn happens on the last square; the character then faces the new way."""
    state = position(f"Se3n {BLUE}", die=3)
    assert at(play(engine, state, "e3-e5 left"), "e5") == "Se5w"
    assert at(play(engine, state, "e3-e5 right"), "e5") == "Se5e"
    assert at(play(engine, state, "e3-e6"), "e6") == "Se6n"
    blue = position("Se3n tl12s", die=2, to_move=1)
    assert at(play(engine, blue, "l12-l11 left"), "l11") == "tl11e"  # blue faces south: its left is east


def test_verplaatsen_the_island_edge_ends_the_line(engine):
    """Decision 8: off the island is impossible."""
    state = position(f"Sb10n Ta1s {BLUE}", die=3)
    assert moves_of(engine, state, "b10") == {"b10-b12 left", "b10-b12 right"}
    assert moves_of(engine, state, "a1") == set()
    state = position(f"Sb10n {BLUE}", die=4)
    assert moves_of(engine, state, "b10") == set()


def test_verplaatsen_any_of_ones_characters(engine):
    """"Nu kun je elk van je personages verplaatsen die overeenkomen met het nummer"."""
    state = position(f"Sb3n Jh4e {BLUE}", die=2)
    assert moves_of(engine, state, "b3") and moves_of(engine, state, "h4")
    after = play(engine, state, "h4-j4")
    assert at(after, "j4") == "Jj4e" and after.step == "moved"
    assert not any(t.startswith("b3-") for t in texts(engine, after)), "one move per roll"


def test_verplaatsen_only_ones_own_characters(engine):
    state = position(f"Sb3n {BLUE} sc8s", die=2)
    with pytest.raises(IllegalMoveError) as err:
        engine.parse_move("c8-c6", state, 0)
    assert err.value.code == "battle_island.not_your_character"
