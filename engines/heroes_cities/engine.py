"""The Helden & Steden engine: the ``Engine`` protocol over the rule modules of this package."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from engines.core import first_player
from engines.core.contract import ChanceSpec, Outcome, Result, Seat, options_as
from engines.core.tagged import TaggedMoves
from engines.heroes_cities.moves import MOVES, HeroesCitiesMove, format_move
from engines.heroes_cities.notation import parse_move
from engines.heroes_cities.options import HeroesCitiesOptions
from engines.heroes_cities.rules import check_move, legal_moves
from engines.heroes_cities.state import HeroesCitiesState, initial_state
from engines.heroes_cities.turn import play
from engines.heroes_cities.view import HeroesCitiesView, build_view


class HeroesCities:
    """Helden & Steden (Yannick Holtkamp), 2 players on a 10x10 board; see docs/games/heroes_cities.md.

    >>> engine = HeroesCities()
    >>> state = engine.setup(2, HeroesCitiesOptions())
    >>> engine.chance(state).sizes
    (6, 6)
    >>> state = engine.apply_chance(state, Outcome(kind="first_player_roll", values=(1, 4)))
    >>> sorted(engine.to_act(state)), len(engine.legal_moves(state, 1))
    ([1], 118)
    """

    slug: ClassVar[str] = "heroes_cities"
    version: ClassVar[int] = 2  # 2: the ending order (decision 8); quiet_move_limit off by default
    replays: ClassVar[frozenset[int]] = frozenset()  # version 1 records replay differently
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    options_model: ClassVar[type[HeroesCitiesOptions]] = HeroesCitiesOptions
    state_model: ClassVar[type[HeroesCitiesState]] = HeroesCitiesState
    move_model: ClassVar[TaggedMoves[HeroesCitiesMove]] = MOVES
    colours: ClassVar[tuple[str, ...]] = ("red", "blue")

    def setup(self, players: int, options: HeroesCitiesOptions | Mapping[str, Any] | None = None) -> HeroesCitiesState:
        """Rulebook, "Voorbereiding van het spel"; play starts with the start roll (decision 3)."""
        if players != 2:
            raise ValueError(f"Helden & Steden is for 2 players, not {players}")
        options = options_as(HeroesCitiesOptions, options)
        return initial_state(options)

    def to_act(self, state: HeroesCitiesState) -> frozenset[Seat]:
        """The seat to move; nobody during the start roll or after the end."""
        if state.phase != "play" or state.result is not None or state.to_move is None:
            return frozenset()
        return frozenset((state.to_move,))

    def chance(self, state: HeroesCitiesState) -> ChanceSpec | None:
        """The start roll (decision 3: the youngest cannot be known, so one d6 per seat)."""
        if state.phase == "roll":
            return first_player.spec(2)
        return None

    def apply_chance(self, state: HeroesCitiesState, outcome: Outcome) -> HeroesCitiesState:
        """Highest die begins; a tie leaves the state as it is, so the roll is repeated."""
        if state.phase != "roll" or outcome.kind != first_player.KIND or len(outcome.values) != 2:
            raise ValueError(f"no {outcome.kind!r} chance is pending")
        first = first_player.decide(first_player.faces(outcome))
        if first is None:
            return state
        return state.model_copy(update={"phase": "play", "to_move": first, "first_player": first})

    def describe_chance(self, outcome: Outcome, state: HeroesCitiesState) -> tuple[str, dict[str, Any]]:
        return first_player.describe(outcome)

    def legal_moves(self, state: HeroesCitiesState, seat: Seat) -> list[HeroesCitiesMove]:
        return legal_moves(state, seat)

    def apply(self, state: HeroesCitiesState, seat: Seat, move: HeroesCitiesMove) -> HeroesCitiesState:
        """``IllegalMoveError`` (with a message code) unless the move is legal; then one turn."""
        check_move(state, seat, move)
        return play(state, seat, move)

    def result(self, state: HeroesCitiesState) -> Result | None:
        return state.result

    def parse_move(self, text: str, state: HeroesCitiesState, seat: Seat) -> HeroesCitiesMove:
        return parse_move(text, state, seat)

    def format_move(self, move: HeroesCitiesMove, state: HeroesCitiesState) -> str:
        return format_move(move)

    def is_secret(self, move: HeroesCitiesMove, state: HeroesCitiesState) -> bool:
        """Never: the game has no hidden information, every move is public."""
        return False

    def view(self, state: HeroesCitiesState, viewer: Seat | None) -> HeroesCitiesView:
        """The same for every viewer: the game has no hidden information."""
        return build_view(state, viewer, tuple(sorted(self.to_act(state))))

    def describe_move(
        self, before: HeroesCitiesState, seat: Seat, move: HeroesCitiesMove, after: HeroesCitiesState
    ) -> tuple[tuple[str, dict[str, Any]], ...]:
        """What the move did, in words (``NarratingGame``): see ``engines.heroes_cities.narration``."""
        from engines.heroes_cities.narration import (
            describe_move,  # only the bot's replies need it
        )

        return describe_move(before, seat, move, after)


if TYPE_CHECKING:  # mypy (make lint) holds the engine to the contract: a drifting signature is an error
    from engines.core.contract import Engine, NarratingGame

    _engine: Engine[HeroesCitiesState, HeroesCitiesMove, HeroesCitiesView, HeroesCitiesOptions] = HeroesCities()
    _narrating: NarratingGame[HeroesCitiesState, HeroesCitiesMove] = HeroesCities()
