"""The Masters Victory engine: the ``Engine`` protocol over the rule modules of this package."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from engines.core import first_player
from engines.core.contract import ChanceSpec, Outcome, Result, Seat, options_as
from engines.core.tagged import TaggedMoves
from engines.masters_victory.moves import MOVES, MastersVictoryMove, format_move
from engines.masters_victory.notation import parse_move
from engines.masters_victory.options import MastersVictoryOptions
from engines.masters_victory.rules import check_move, legal_moves
from engines.masters_victory.state import MastersVictoryState, initial_state
from engines.masters_victory.turn import (
    SHUFFLE_SIZES,
    place_numbers,
    play,
    shuffled,
)
from engines.masters_victory.view import MastersVictoryView, build_view

SETUP_KIND = ("random_setup_0", "random_setup_1")
"""Chance kinds of the random setup shuffle, per seat (the seat is in the kind so the channel
can be told whose shuffle it was without the state)."""


class MastersVictory:
    """Masters Victory, 2 players, 25 pieces each on an 18x11 board, hidden back-numbers;
    see docs/games/masters_victory.md.

    >>> engine = MastersVictory()
    >>> state = engine.setup(2, MastersVictoryOptions())
    >>> sorted(engine.to_act(state)), engine.chance(state)
    ([0, 1], None)
    >>> state = engine.apply(state, 0, engine.parse_move("setup f11223m t11223m s11223m", state, 0))
    >>> state = engine.apply(state, 1, engine.parse_move("setup random", state, 1))
    >>> engine.chance(state).kind, engine.describe_chance(Outcome(kind="random_setup_1", values=(0,) * 15), state)
    ('random_setup_1', ('', {}))
    >>> state = engine.apply_chance(state, Outcome(kind="random_setup_1", values=(0,) * 15))
    >>> state = engine.apply_chance(state, Outcome(kind="first_player_roll", values=(4, 1)))
    >>> sorted(engine.to_act(state)), state.phase
    ([0], 'play')
    """

    slug: ClassVar[str] = "masters_victory"
    version: ClassVar[int] = 2  # 2: quiet_turn_limit and turn_limit off by default
    replays: ClassVar[frozenset[int]] = frozenset()  # version 1 records replay differently
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    options_model: ClassVar[type[MastersVictoryOptions]] = MastersVictoryOptions
    state_model: ClassVar[type[MastersVictoryState]] = MastersVictoryState
    move_model: ClassVar[TaggedMoves[MastersVictoryMove]] = MOVES
    colours: ClassVar[tuple[str, ...]] = ("red", "green")
    hidden_information: ClassVar[bool] = True
    """The back-numbers are placed in secret and a surviving piece's number stays hidden
    (``engines.core.capabilities``)."""

    def setup(self, players: int, options: MastersVictoryOptions | Mapping[str, Any] | None = None) -> MastersVictoryState:
        """The setup phase: both seats place their back-numbers secretly (decision 10)."""
        if players != 2:
            raise ValueError(f"Masters Victory is for 2 players, not {players}")
        options = options_as(MastersVictoryOptions, options)
        return initial_state(options)

    def to_act(self, state: MastersVictoryState) -> frozenset[Seat]:
        """Setup: every seat that has not set up (both at once); play: the seat to move."""
        if state.result is not None:
            return frozenset()
        if state.phase == "setup":
            return frozenset(s for s in (0, 1) if not state.ready[s] and s not in state.pending)
        if state.phase == "play" and state.to_move is not None:
            return frozenset((state.to_move,))
        return frozenset()

    def chance(self, state: MastersVictoryState) -> ChanceSpec | None:
        """A random setup's shuffle (decision 11), then the start roll (decision 10)."""
        if state.result is not None:
            return None
        if state.phase == "setup" and state.pending:
            return ChanceSpec(kind=SETUP_KIND[state.pending[0]], sizes=SHUFFLE_SIZES)
        if state.phase == "roll":
            return first_player.spec(2)
        return None

    def apply_chance(self, state: MastersVictoryState, outcome: Outcome) -> MastersVictoryState:
        spec = self.chance(state)
        if spec is None or outcome.kind != spec.kind or len(outcome.values) != len(spec.sizes):
            raise ValueError(f"no {outcome.kind!r} chance is pending")
        if any(not 0 <= v < n for v, n in zip(outcome.values, spec.sizes)):
            raise ValueError("chance value out of range")
        if state.phase == "setup":
            return place_numbers(state, state.pending[0], shuffled(outcome.values))
        first = first_player.decide(first_player.faces(outcome))
        if first is None:
            return state
        return state.model_copy(update={"phase": "play", "to_move": first, "first_player": first})

    def describe_chance(self, outcome: Outcome, state: MastersVictoryState) -> tuple[str, dict[str, Any]]:
        """The start roll as the core words it; a random setup not at all (an empty code): the
        opponent learns only that the seat is ready, not even whether it chose or drew."""
        if outcome.kind in SETUP_KIND:
            return "", {}
        return first_player.describe(outcome)

    def legal_moves(self, state: MastersVictoryState, seat: Seat) -> list[MastersVictoryMove]:
        return legal_moves(state, seat)

    def apply(self, state: MastersVictoryState, seat: Seat, move: MastersVictoryMove) -> MastersVictoryState:
        """``IllegalMoveError`` (with a message code) unless the action is legal; then the action."""
        plan = check_move(state, seat, move)
        return play(state, seat, move, plan)

    def result(self, state: MastersVictoryState) -> Result | None:
        return state.result

    def parse_move(self, text: str, state: MastersVictoryState, seat: Seat) -> MastersVictoryMove:
        return parse_move(text, state, seat)

    def format_move(self, move: MastersVictoryMove, state: MastersVictoryState) -> str:
        return format_move(move)

    def step_message(self, state: MastersVictoryState) -> tuple[str, dict[str, Any]] | None:
        """While setups are awaited, how to send one (a newcomer's first question); none in play.

        >>> MastersVictory().step_message(MastersVictory().setup(2))
        ('masters_victory.setup_step', {})
        """
        return ("masters_victory.setup_step", {}) if state.phase == "setup" and self.to_act(state) else None

    def is_secret(self, move: MastersVictoryMove, state: MastersVictoryState) -> bool:
        """The setup is secret (it places back-numbers); every other action is public."""
        return move.kind == "setup"

    def view(self, state: MastersVictoryState, viewer: Seat | None) -> MastersVictoryView:
        return build_view(state, viewer, self.to_act(state))

    def revealed_view(self, state: MastersVictoryState) -> MastersVictoryView:
        """The public view with every back-number shown (``RevealingGame``: replays after the end)."""
        return build_view(state, None, self.to_act(state), reveal=True)

    def describe_move(
        self, before: MastersVictoryState, seat: Seat, move: MastersVictoryMove, after: MastersVictoryState
    ) -> tuple[tuple[str, dict[str, Any]], ...]:
        """What the action did, in words (``NarratingGame``), told from the channel's views only
        so it can never name a hidden back-number: see ``engines.masters_victory.narration``."""
        from engines.masters_victory.narration import (
            describe_move,  # only the bot's replies need it
        )

        return describe_move(self.view(before, None), seat, move, self.view(after, None))


if TYPE_CHECKING:  # mypy (make lint) holds the engine to the contract: a drifting signature is an error
    from engines.core.contract import Engine, NarratingGame, RevealingGame, StepGame

    _engine: Engine[MastersVictoryState, MastersVictoryMove, MastersVictoryView, MastersVictoryOptions] = MastersVictory()
    _narrating: NarratingGame[MastersVictoryState, MastersVictoryMove] = MastersVictory()
    _steps: StepGame[MastersVictoryState] = MastersVictory()
    _revealing: RevealingGame[MastersVictoryState] = MastersVictory()
