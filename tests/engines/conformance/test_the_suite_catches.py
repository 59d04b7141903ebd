"""The suite fails on the faults it is there for, shown on the toy bomb game of the core tests
(tests/bot/toy_bombs.py) and broken variants of it: a new engine gets these checks by
registering, so they must bite without any help from the game."""

from __future__ import annotations

import random

import pytest

from engines.core.errors import IllegalMoveError
from tests.bot.toy_bombs import SQUARES, ToyBombs, ToyBombsMove, ToyBombsResealed, ToyBombsState, ToyBombsView
from tests.engines.conformance.fuzz import Coverage, fuzz_game, required_kinds, verdict
from tests.engines.conformance.playout import demand_twins, play
from tests.engines.conformance.profile import Fuzz, Playouts, Profile, Twin
from tests.engines.conformance.secrets import TwinChecker

GAMES = range(6)


def moved_bomb(state: ToyBombsState, rng: random.Random) -> list[Twin]:
    """The bomb under another square nobody dug, while the game runs: nobody may tell."""
    if state.bomb is None or state.loser is not None:
        return []
    free = [s for s in range(SQUARES) if s not in state.dug and s != state.bomb]
    return [Twin(state.model_copy(update={"bomb": rng.choice(free)}), (None, 0, 1))] if free else []


TWINS = Profile(twins=moved_bomb, twin_every=1, picture_every=0)


def test_the_toy_game_passes():
    hidden = []
    for game in GAMES:
        hidden += play(ToyBombs(), Playouts(), game).hidden
        checker = TwinChecker(ToyBombs(), TWINS, game)
        play(ToyBombs(), TWINS.playouts[0], game, observe=checker)
        assert checker.checked and checker.differing
    demand_twins("toy_bombs", ToyBombs(), TWINS, hidden)


def test_hidden_information_without_twins_fails_loudly():
    hidden = play(ToyBombs(), Playouts(), 0).hidden
    assert hidden == ["secret chance bomb"]
    with pytest.raises(AssertionError, match="gives no twins"):
        demand_twins("toy_bombs", ToyBombs(), Profile(), hidden)


class Undeclared(ToyBombs):
    """Hides the bomb but does not say so in its capabilities."""

    hidden_information = False


def test_hidden_information_the_engine_does_not_declare_fails():
    hidden = play(Undeclared(), Playouts(), 0).hidden
    with pytest.raises(AssertionError, match="does not declare it"):
        demand_twins("toy_bombs", Undeclared(), TWINS, hidden)


def test_the_declaration_demands_twins_even_when_random_play_shows_nothing():
    """Twins are owed because the engine declares hidden information, not only when a playout
    happened to show some."""
    with pytest.raises(AssertionError, match="gives no twins"):
        demand_twins("toy_bombs", ToyBombs(), Profile(), [])


class LeakyView(ToyBombs):
    """The view shows the bomb while the game runs."""

    def view(self, state, viewer):
        return ToyBombsView(viewer=viewer, to_move=state.to_move, step=state.step, die=state.die, dug=state.dug,
                            bomb=state.bomb)


class LeakyRefusal(ToyBombs):
    """A dig at the bomb is refused with words that differ from a dig at a safe square."""

    def parse_move(self, text, state, seat):
        move = super().parse_move(text, state, seat)
        if move.kind == "dig" and move.square == state.bomb and seat == 0:
            return super().parse_move("nonsense", state, seat)
        return move


class BrokenNotation(ToyBombs):
    def format_move(self, move, state):
        return "pass" if move.kind == "dig" else super().format_move(move, state)


class NeverEnds(ToyBombs):
    def apply(self, state, seat, move):
        return super().apply(state, seat, move if move.kind == "roll" else ToyBombsMove(kind="pass"))


class EndsWithoutResult(ToyBombs):
    """Nobody acts once a square is dug, but there is no result."""

    def to_act(self, state):
        return frozenset() if state.dug else super().to_act(state)


@pytest.mark.parametrize(
    ("engine", "profile", "message"),
    [
        (LeakyView(), TWINS, "tells the twins apart"),
        (LeakyRefusal(), TWINS, "typing"),
        (BrokenNotation(), Profile(), "parses to another move"),
        (NeverEnds(), Profile(playouts=(Playouts(max_steps=lambda options: 200),)), "has not ended"),
        (EndsWithoutResult(), Profile(), "to_act"),
        (ToyBombsResealed(), Profile(playouts=(Playouts(max_steps=lambda options: 500),)), "seal bomb changed"),
    ],
    ids=["leaky_view", "leaky_refusal", "broken_notation", "never_ends", "ends_without_result", "forged_seal"],
)
def test_a_broken_engine_fails(engine, profile, message):
    with pytest.raises(AssertionError, match=message):
        for game in GAMES:
            observe = TwinChecker(engine, profile, game) if profile.twins else None
            play(engine, profile.playouts[0], game, observe=observe)


# ---------------------------------------------------------------- the coverage fuzzer


def dug_twice(before, move, after):
    return ["a square dug twice"] if len(set(after.dug)) < len(after.dug) else []


def lost(before, move, after):
    return ["the bomb goes off"] if after.loser is not None else []


def fuzzed(engine, profile: Profile, games: int = 8) -> list[str]:
    cover = Coverage("toy_bombs")
    for game in range(games):
        cover.add(fuzz_game(engine, profile, game))
    return verdict(cover, required_kinds(engine, profile.fuzz), profile.fuzz.branches)


class StuckAfterSix(ToyBombs):
    """After a six, ``pass`` is all the seat may do, and it leaves the seat where it was: its turn
    can never end (each move applies, so only the search for the turn's end sees it)."""

    def legal_moves(self, state, seat):
        if state.step == "dig" and state.die == 6 and seat in self.to_act(state):
            return [ToyBombsMove(kind="pass")]
        return super().legal_moves(state, seat)

    def apply(self, state, seat, move):
        if state.step == "dig" and state.die == 6 and move.kind == "pass":
            return state
        return super().apply(state, seat, move)


class RefusesAfterSix(ToyBombs):
    """After a six, ``pass`` is offered and refused."""

    def apply(self, state, seat, move):
        if state.step == "dig" and state.die == 6 and move.kind == "pass":
            raise IllegalMoveError("toy_bombs.illegal", "not now")
        return super().apply(state, seat, move)


class NeverPasses(ToyBombs):
    """``pass`` is never offered: a move kind the fuzz cannot reach."""

    def legal_moves(self, state, seat):
        return [m for m in super().legal_moves(state, seat) if m.kind != "pass"]


TOY_FUZZ = Profile(fuzz=Fuzz(branches=("the bomb goes off",), branches_of=lost, end_within=20))


def test_the_fuzz_passes_the_toy_game():
    assert fuzzed(ToyBombs(), TOY_FUZZ) == []


@pytest.mark.parametrize(
    ("engine", "profile", "message"),
    [
        (StuckAfterSix(), TOY_FUZZ, "the turn does not end within 20 moves"),
        (RefusesAfterSix(), TOY_FUZZ, "is offered 'pass' and it is refused"),
        (NeverPasses(), TOY_FUZZ, "never reached: kind pass"),
        (ToyBombs(), Profile(fuzz=Fuzz(branches=("a square dug twice",), branches_of=dug_twice)),
         "never reached: branch a square dug twice"),
    ],
    ids=["turn_never_ends", "offered_and_refused", "kind_never_reached", "branch_never_reached"],
)
def test_the_fuzz_catches(engine, profile, message):
    failures = fuzzed(engine, profile)
    assert any(message in failure for failure in failures), failures
