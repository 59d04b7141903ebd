"""The Militakiri engine: the ``Engine`` protocol over the rule modules of this package.

Besides the contract it offers what the bot needs for this game's points, clocks and
beginner hints: ``rating_*`` (sections 22-26), ``time_control`` (section 24) and
``reachable_squares`` / ``shows_reach`` (section 25).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from engines.core import first_player
from engines.core.contract import ChanceSpec, Outcome, Result, Seat, options_as
from engines.core.tagged import TaggedMoves
from engines.militakiri import ranking, timing
from engines.militakiri.moves import MOVES, MilitakiriMove, SetupMove, format_move
from engines.militakiri.notation import (
    check_setup,
    parse_move,
    setup_texts,
)
from engines.militakiri.options import MilitakiriOptions
from engines.militakiri.reach import reachable_squares
from engines.militakiri.rules import (
    check_board_move,
    check_pass,
    check_placement,
    legal_moves,
)
from engines.militakiri.setup import all_setups, canonical, fill, squares_of
from engines.militakiri.state import MilitakiriState, initial_state
from engines.militakiri.turn import play
from engines.militakiri.view import MilitakiriView, build_view

RANDOM_SETUP_KINDS = {(0,): "random_setup_red", (1,): "random_setup_blue", (0, 1): "random_setup_both"}
"""Chance kinds of the random setups, by the seats that asked for one."""


class Militakiri:
    """Militakiri, 2 players on the single (6x12) or double (12x12) board; see docs/games/militakiri.md.

    >>> engine = Militakiri()
    >>> state = engine.setup(2, MilitakiriOptions())
    >>> sorted(engine.to_act(state)), engine.is_secret(engine.parse_move("towers a1 c2 e3", state, 0), state)
    ([0, 1], True)
    >>> state = engine.apply(state, 0, engine.parse_move("towers a1 c2 e3", state, 0))
    >>> state = engine.apply(state, 1, engine.parse_move("towers f12 d11 b10", state, 1))
    >>> state.phase, engine.chance(state).sizes
    ('roll', (6, 6))
    >>> state = engine.apply_chance(state, Outcome(kind="first_player_roll", values=(5, 2)))
    >>> sorted(engine.to_act(state)), len(engine.legal_moves(state, 0))
    ([0], 13)
    """

    slug: ClassVar[str] = "militakiri"
    version: ClassVar[int] = 2  # 2: blockade and endgame start (decisions 19, 20); quiet_move_limit off
    replays: ClassVar[frozenset[int]] = frozenset()  # version 1 records replay differently
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    options_model: ClassVar[type[MilitakiriOptions]] = MilitakiriOptions
    state_model: ClassVar[type[MilitakiriState]] = MilitakiriState
    move_model: ClassVar[TaggedMoves[MilitakiriMove]] = MOVES
    colours: ClassVar[tuple[str, ...]] = ("red", "blue")
    hidden_information: ClassVar[bool] = True
    """Each seat chooses its tower setup in secret until both chose (decision 7; ``engines.core.capabilities``)."""

    # ------------------------------------------------------------------ contract

    def setup(self, players: int, options: MilitakiriOptions | Mapping[str, Any] | None = None) -> MilitakiriState:
        """Sections 1 and 3: empty board, full reserves; both seats choose their setup first."""
        if players != 2:
            raise ValueError(f"Militakiri is for 2 players, not {players}")
        options = options_as(MilitakiriOptions, options)
        return initial_state(options)

    def to_act(self, state: MilitakiriState) -> frozenset[Seat]:
        """Both seats that have not chosen a setup yet; then the seat to move; nobody during a
        chance node or after the end."""
        if state.result is not None:
            return frozenset()
        if state.phase == "setup":
            return frozenset(s for s in (0, 1) if not state.setups[s])
        if state.phase == "play" and state.to_move is not None:
            return frozenset((state.to_move,))
        return frozenset()

    def chance(self, state: MilitakiriState) -> ChanceSpec | None:
        """The random setups (once both seats chose, one draw per random seat over every valid
        setup), then the start roll (section 19)."""
        if state.phase == "setup" and all(state.setups) and "random" in state.setups:
            size = len(all_setups(state.options.board, state.options.tower_spacing))
            seats = tuple(s for s in (0, 1) if state.setups[s] == "random")
            return ChanceSpec(kind=RANDOM_SETUP_KINDS[seats], sizes=(size,) * len(seats))
        if state.phase == "roll":
            return first_player.spec(2)
        return None

    def apply_chance(self, state: MilitakiriState, outcome: Outcome) -> MilitakiriState:
        spec = self.chance(state)
        if spec is None or outcome.kind != spec.kind or len(outcome.values) != len(spec.sizes):
            raise ValueError(f"no {outcome.kind!r} chance is pending")
        if any(not 0 <= v < size for v, size in zip(outcome.values, spec.sizes)):
            raise ValueError("chance outcome out of range")
        if spec.kind in RANDOM_SETUP_KINDS.values():
            g = state.geometry
            combos = all_setups(state.options.board, state.options.tower_spacing)
            values = iter(outcome.values)
            setups = tuple(
                " ".join(g.names[sq] for sq in squares_of(g, seat, combos[next(values)]))
                if state.setups[seat] == "random"
                else state.setups[seat]
                for seat in (0, 1)
            )
            return _start_roll(state.model_copy(update={"setups": setups}))
        first = first_player.decide(first_player.faces(outcome))
        if first is None:
            return state  # section 19: a tie is rolled again
        return state.model_copy(update={"phase": "play", "to_move": first, "first_player": first})

    def describe_chance(self, outcome: Outcome, state: MilitakiriState) -> tuple[str, dict[str, Any]]:
        """Words a chance outcome from the outcome alone (the referee passes the state after it)."""
        if outcome.kind == "random_setup_red":
            return "militakiri.random_setup", {"seat": 0}
        if outcome.kind == "random_setup_blue":
            return "militakiri.random_setup", {"seat": 1}
        if outcome.kind == "random_setup_both":
            return "militakiri.random_setup_both", {}
        return first_player.describe(outcome)

    def legal_moves(self, state: MilitakiriState, seat: Seat) -> list[MilitakiriMove]:
        return legal_moves(state, seat)

    def apply(self, state: MilitakiriState, seat: Seat, move: MilitakiriMove) -> MilitakiriState:
        """``IllegalMoveError`` (with a message code) unless the move is legal; then the next state."""
        if move.kind == "setup":
            check_setup(state, seat, move)
            return _record_setup(state, seat, move)
        if move.kind == "place":
            check_placement(state, seat, move)
        elif move.kind == "pass":
            check_pass(state, seat)
        else:
            check_board_move(state, seat, move)
        return play(state, seat, move)

    def result(self, state: MilitakiriState) -> Result | None:
        return state.result

    def parse_move(self, text: str, state: MilitakiriState, seat: Seat) -> MilitakiriMove:
        return parse_move(text, state, seat)

    def format_move(self, move: MilitakiriMove, state: MilitakiriState) -> str:
        return format_move(move)

    def is_secret(self, move: MilitakiriMove, state: MilitakiriState) -> bool:
        """Setups are secret until both seats chose; everything else is public."""
        return move.kind == "setup"

    def view(self, state: MilitakiriState, viewer: Seat | None) -> MilitakiriView:
        """The board for ``viewer``; during the setup only the viewer's own choice shows."""
        return build_view(state, viewer)

    # ------------------------------------------------------------------ points, clocks, hints

    def suggest_moves(self, state: MilitakiriState, seat: Seat, typed: str, limit: int) -> list[str]:
        """Autocomplete without building the double board's 49,500 setups: they are walked
        lazily and only until ``limit`` match; other phases filter the legal moves."""
        needle = " ".join(typed.strip().lower().split())
        if state.phase == "setup":
            if seat not in self.to_act(state):
                return []
            found = []
            for text in setup_texts(state, seat):
                if text.startswith(needle) or (needle and needle in text):
                    found.append(text)
                    if len(found) >= limit:
                        break
            return found
        texts = [format_move(m) for m in self.legal_moves(state, seat)]
        starts = [t for t in texts if t.startswith(needle)]
        return (starts + [t for t in texts if needle in t and t not in starts])[:limit]

    def rating_boards(self) -> tuple[str, ...]:
        return ("single", "double")

    def rating_board(self, options: MilitakiriOptions) -> str:
        return options.board

    def rating_change(self, board: str, standing: str, points: int) -> int:
        return ranking.points_change(board, standing, points)

    def rating_status(self, board: str, points: int) -> str:
        """The message code of the rank status, e.g. ``militakiri.status_beginneling``."""
        return f"militakiri.status_{ranking.rank_status(board, points)}"

    def time_control(self, options: MilitakiriOptions) -> tuple[float, float]:
        return timing.time_control_of(options)

    def reachable_squares(self, state: MilitakiriState, seat: Seat, square: str) -> tuple[str, ...]:
        return reachable_squares(state, seat, square)

    def shows_reach(self, board: str, points: int) -> bool:
        return ranking.shows_reach(board, points)

    def step_message(self, state: MilitakiriState) -> tuple[str, dict[str, Any]] | None:
        """While the tower setups are awaited, how to send one (a newcomer's first question);
        nothing once both chose (``StepGame``).

        >>> Militakiri().step_message(Militakiri().setup(2))
        ('militakiri.setup_step', {})
        """
        if state.result is not None or state.phase != "setup" or not self.to_act(state):
            return None
        return ("militakiri.setup_step_double" if state.options.board == "double" else "militakiri.setup_step"), {}

    def describe_move(
        self, before: MilitakiriState, seat: Seat, move: MilitakiriMove, after: MilitakiriState
    ) -> tuple[tuple[str, dict[str, Any]], ...]:
        """What the move did, in words (``NarratingGame``): see ``engines.militakiri.narration``."""
        from engines.militakiri.narration import (
            describe_move,  # only the bot's replies need it
        )

        return describe_move(before, seat, move, after)


def _record_setup(state: MilitakiriState, seat: Seat, move: SetupMove) -> MilitakiriState:
    """Keep the (secret) choice; once both chose and none is random, fill the board."""
    g = state.geometry
    if move.random:
        text = "random"
    else:
        text = " ".join(g.names[sq] for sq in canonical(g, seat, tuple(g.index(n) for n in move.towers)))
    setups = (text, state.setups[1]) if seat == 0 else (state.setups[0], text)
    state = state.model_copy(update={"setups": setups})
    if all(setups) and "random" not in setups:
        return _start_roll(state)
    return state


def _start_roll(state: MilitakiriState) -> MilitakiriState:
    """Sections 3-4: both setups on the board, pawns filled in; then the start roll. The
    choices are not kept: the board shows them."""
    g = state.geometry
    cells = [""] * g.cells
    for seat in (0, 1):
        fill(cells, g, seat, tuple(g.index(n) for n in state.setups[seat].split()))
    return state.model_copy(update={"board": tuple(cells), "phase": "roll", "setups": ("", "")})


if TYPE_CHECKING:  # mypy (make lint) holds the engine to the contract: a drifting signature is an error
    from engines.core.contract import (
        Engine,
        NarratingGame,
        RatedGame,
        ReachGame,
        StepGame,
        SuggestingGame,
        TimedGame,
    )

    _engine: Engine[MilitakiriState, MilitakiriMove, MilitakiriView, MilitakiriOptions] = Militakiri()
    _narrating: NarratingGame[MilitakiriState, MilitakiriMove] = Militakiri()
    _rated: RatedGame[MilitakiriOptions] = Militakiri()
    _reach: ReachGame[MilitakiriState] = Militakiri()
    _steps: StepGame[MilitakiriState] = Militakiri()
    _suggesting: SuggestingGame[MilitakiriState] = Militakiri()
    _timed: TimedGame[MilitakiriOptions] = Militakiri()
