"""The Axis & Allies engine: the ``Engine`` protocol over the modules of this package.

>>> engine = AxisAllies()
>>> s = engine.setup(2, AxisAlliesOptions())
>>> sorted(engine.to_act(s)), s.power, s.phase
([0], 'ussr', 'tech')
>>> s = engine.apply(s, 0, engine.parse_move("buy 3 inf", s, 0))
>>> s.phase, s.ipcs["ussr"]
('purchase', 15)
>>> s = engine.apply(s, 0, engine.parse_move("end", s, 0))
>>> engine.format_move(engine.parse_move("move 1 arm Russia -> Karelia", s, 0), s)
'move 1 arm Russia -> Karelia S.S.R.'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from engines.axis_allies import combat, compact, economy, examples, notation, places, standing, summary, turn
from engines.axis_allies.map import CLASSIC, PLACE_PARAMS, named
from engines.axis_allies.moves import MOVES, AxisAlliesMove, EndAction, PressOnAction, format_move
from engines.axis_allies.options import AxisAlliesOptions
from engines.axis_allies.rules import iter_legal_moves, legal_moves
from engines.axis_allies.state import AxisAlliesState, initial_state
from engines.axis_allies.view import AxisAlliesView, build_view, step_battle_boards, step_changes
from engines.core.contract import ChanceSpec, Frozen, Outcome, Result, Seat, options_as
from engines.core.errors import AmbiguousMoveError, IllegalMoveError
from engines.core.evolve import evolve
from engines.core.tagged import TaggedMoves

_BUTTON_LABELS = {"end": "axis_allies.button_end", "press_on": "axis_allies.button_continue"}
"""The message code of the label of each move offered as a button."""


def _seating(players: int, options: AxisAlliesOptions | Mapping[str, Any] | None) -> tuple[tuple[str, ...], ...]:
    """The seating of a match of ``players`` with these options (``economy.seating``)."""
    return economy.seating(players, options_as(AxisAlliesOptions, options).even_sides)


class AxisAllies:
    """Axis & Allies, 2nd edition (classic), 2-5 players; see docs/games/axis_allies.md."""

    slug: ClassVar[str] = "axis_allies"
    version: ClassVar[int] = 5  # 5: raids that lapse or are refused, an ally's AA gun in a raid, one per site (decision 26)
    replays: ClassVar[frozenset[int]] = frozenset()  # 5 refuses orders 4 took and rolls an ally's AA gun (decision 26)
    """3: ``end`` of the placement step waits while a bought unit can still be placed;
    4: the orders (undo, attack ... until done, standing casualty orders), replaying 3."""
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 5
    options_model: ClassVar[type[AxisAlliesOptions]] = AxisAlliesOptions
    state_model: ClassVar[type[AxisAlliesState]] = AxisAlliesState
    move_model: ClassVar[TaggedMoves[AxisAlliesMove]] = MOVES
    colours: ClassVar[tuple[str, ...]] = ("red", "grey", "tan", "orange", "green")
    """Seat colours after the first power each seat plays (USSR, Germany, UK, Japan, USA)."""

    def setup(self, players: int, options: AxisAlliesOptions | Mapping[str, Any] | None = None) -> AxisAlliesState:
        options = options_as(AxisAlliesOptions, options)
        return initial_state(options, economy.seating(players, options.even_sides))

    def teams(self, players: int, options: AxisAlliesOptions | Mapping[str, Any] | None = None) -> tuple[frozenset[Seat], ...]:
        """The Axis and the Allies (``TeamGame``): each seat's powers are of one side (the seating
        of ``economy.seating``), read off the map's powers.

        >>> AxisAllies().teams(5)
        (frozenset({0, 2, 4}), frozenset({1, 3}))
        """
        sides: dict[str, set[Seat]] = {}
        for seat, powers in enumerate(_seating(players, options)):
            for power in powers:
                sides.setdefault(CLASSIC.power(power).side, set()).add(seat)
        return tuple(frozenset(seats) for seats in sides.values())

    def to_act(self, state: AxisAlliesState) -> frozenset[Seat]:
        return turn.to_act(state)

    def chance(self, state: AxisAlliesState) -> ChanceSpec | None:
        return turn.chance(state)

    def apply_chance(self, state: AxisAlliesState, outcome: Outcome) -> AxisAlliesState:
        spec = turn.chance(state)
        if spec is None or outcome.kind != spec.kind or len(outcome.values) != len(spec.sizes):
            raise ValueError(f"no {outcome.kind!r} chance is pending")
        return turn.apply_chance(state, outcome)

    def describe_chance(self, outcome: Outcome, state: AxisAlliesState) -> tuple[str, dict[str, Any]]:
        """Every roll is shown: research dice, the chart, AA fire, battle rounds, raids."""
        faces = [v + 1 for v in outcome.values]
        if outcome.kind == "tech_chart":
            return "axis_allies.rolled_chart", {"face": faces[0]}
        return f"axis_allies.rolled_{outcome.kind}", {"faces": faces}

    def legal_moves(self, state: AxisAlliesState, seat: Seat) -> list[AxisAlliesMove]:
        """The moves autocomplete offers; moves of one unit at a time (bigger orders are typed)."""
        return legal_moves(state, seat)

    def suggest_moves(self, state: AxisAlliesState, seat: Seat, typed: str, limit: int) -> list[str]:
        """Autocomplete (``SuggestingGame``): the legal move texts that start with, then contain,
        what was typed, as filtering ``legal_moves`` gives them, without listing them all first
        (the combat move has hundreds). A destination is checked only when its text fits,
        and the walk ends once ``limit`` texts start with what was typed.

        >>> engine = AxisAllies()
        >>> s = engine.apply(engine.setup(2), 0, engine.parse_move("end", engine.setup(2), 0))
        >>> s = engine.apply(s, 0, engine.parse_move("end", s, 0))
        >>> engine.suggest_moves(s, 0, "move 1 arm russia -> kar", 2)   # attacks through Karelia
        ['move 1 arm Russia -> Karelia S.S.R. -> Eastern Europe', 'move 1 arm Russia -> Karelia S.S.R. -> Finland-Norway']
        """
        needle = typed.strip().lower()
        starts: list[str] = []
        contains: list[str] = []

        def fits(text: str) -> bool:
            text = text.lower()
            return text.startswith(needle) if len(contains) >= limit else needle in text

        for move in iter_legal_moves(state, seat, fits):
            text = format_move(move)
            if text.lower().startswith(needle):
                starts.append(text)
                if len(starts) >= limit:
                    break
            elif len(contains) < limit:
                contains.append(text)
        return (starts + contains)[:limit]

    def apply(self, state: AxisAlliesState, seat: Seat, move: AxisAlliesMove) -> AxisAlliesState:
        return turn.apply(state, seat, move, format_move(move))

    def result(self, state: AxisAlliesState) -> Result | None:
        return state.result

    def view(self, state: AxisAlliesState, viewer: Seat | None) -> AxisAlliesView:
        return build_view(state, viewer, tuple(sorted(turn.to_act(state))))

    def parse_move(self, text: str, state: AxisAlliesState, seat: Seat) -> AxisAlliesMove:
        """Read ``text``, fill in a route given by its ends, and name the transport where that
        matters (decision M16). Whether the move is legal now is ``apply``'s question: the referee
        applies the parsed move next, and ``apply`` refuses it naming the rule it breaks."""
        move = notation.parse(text)
        if move.kind in ("move", "bomb") and turn.machine(state) is None and seat in turn.to_act(state):
            try:
                move = evolve(move, path=turn.full_path(state, move))
            except IllegalMoveError:
                pass  # apply words the real reason
        if move.kind == "unload" and not move.aboard and turn.machine(state) is None and seat in turn.to_act(state):
            forms = turn.unload_forms(state, move)
            if len(forms) > 1:  # which transport matters: the player names it (decision M16)
                texts = [format_move(f) for f in forms]
                raise AmbiguousMoveError("axis_allies.ambiguous_transport", f"which transport? {texts}",
                                         candidates=texts)
        return move

    def format_move(self, move: AxisAlliesMove, state: AxisAlliesState) -> str:
        return format_move(move)

    def is_secret(self, move: AxisAlliesMove, state: AxisAlliesState) -> bool:
        return turn.KINDS[move.kind].secret

    def step_message(self, state: AxisAlliesState) -> tuple[str, dict[str, Any]] | None:
        """The power and phase (and a battle's question) after whose turn it is."""
        if state.result is not None:
            return None
        running = turn.machine(state)
        if running is not None:
            decision = combat.waiting(running)
            if decision is not None:
                asked = examples.decision_example(state, decision)
                return f"axis_allies.decide_{decision.kind}", named({
                    "power": decision.power, "count": decision.count, "territory": getattr(running, "territory", ""),
                    "example": format_move(asked) if asked is not None else "",
                })
        example = examples.step_example(state)
        if example.kind == "end":  # nothing fits but ending the step: say so instead of an example
            return f"axis_allies.phase_{state.phase}_end", {"power": state.power, "round": state.round}
        return f"axis_allies.phase_{state.phase}", {
            "power": state.power, "round": state.round, "example": format_move(example)}

    def action_buttons(self, state: AxisAlliesState, seat: Seat) -> tuple[tuple[str, str], ...]:
        """``end`` (the phase) and, in a battle, ``continue``: the move's text and its label's code."""
        return tuple((format_move(move), _BUTTON_LABELS[move.kind]) for move in self._obvious_moves(state, seat))

    def _obvious_moves(self, state: AxisAlliesState, seat: Seat) -> tuple[AxisAlliesMove, ...]:
        if state.result is not None or seat not in turn.to_act(state):
            return ()
        running = turn.machine(state)
        if running is not None:
            decision = combat.waiting(running)
            if decision is None or decision.kind != "press_on_or_retreat":
                return ()
            return (PressOnAction(),)
        if state.phase == "combat" and (state.battles or state.raids):
            return ()
        return (EndAction(),)

    place_params: ClassVar[frozenset[str]] = PLACE_PARAMS

    # ------------------------------------------------ standing orders (StandingOrdersGame)

    def parse_standing_orders(
        self, text: str, state: AxisAlliesState, seat: Seat, current: Mapping[str, Any]
    ) -> dict[str, Any]:
        """``casualties [power] <order>``: see ``engines.axis_allies.standing``."""
        return standing.parse_standing_orders(text, state, seat, current)

    def describe_standing_orders(
        self, state: AxisAlliesState, seat: Seat, orders: Mapping[str, Any]
    ) -> tuple[tuple[str, dict[str, Any]], ...]:
        return tuple(
            ("axis_allies.standing_order_line", {"power": power, "order": text}) if text
            else ("axis_allies.standing_order_none", {"power": power})
            for power, text in standing.describe_orders(state, seat, orders)
        )

    def standing_move(
        self, state: AxisAlliesState, orders: Mapping[Seat, Mapping[str, Any]], expired: frozenset[Seat] = frozenset()
    ) -> tuple[Seat, AxisAlliesMove] | None:
        return standing.standing_move(state, orders, expired)

    def asks(self, state: AxisAlliesState, orders: Mapping[Seat, Mapping[str, Any]]) -> dict[Seat, float]:
        """Seats asked a question that their standing order answers once it has waited so many hours."""
        return standing.asks(state, orders)

    def question_choices(self, state: AxisAlliesState, seat: Seat) -> tuple[str, ...]:
        """``ChoosingGame``: a battle's question (casualties, go on or retreat, submarines)."""
        if turn.machine(state) is None or seat not in turn.to_act(state):
            return ()
        return tuple(format_move(m) for m in legal_moves(state, seat))

    def turn_summary(
        self, before: AxisAlliesState, after: AxisAlliesState
    ) -> tuple[tuple[str, dict[str, Any]], ...]:
        """``SummarizingGame``: see ``engines.axis_allies.summary``."""
        return summary.turn_summary(before, after)

    def compact_moves(self, moves: Sequence[AxisAlliesMove], state: AxisAlliesState) -> tuple[str, ...]:
        """``CompactingGame``: a run of orders as a player writes it (``engines.axis_allies.compact``:
        one ``buy`` for the purchases in a row, one order for units that go the same way in a row)."""
        return tuple(format_move(m) for m in compact.merge(moves))

    def place_name(self, text: str, language: str) -> str | None:
        """A territory's name in ``language`` (``NamingPlacesGame``): the Dutch name our map data
        gives it, where it has one; English is the name the messages already carry."""
        return CLASSIC.dutch_name(text) if language == "nl" else None

    def seat_role(self, players: int, seat: Seat, options: AxisAlliesOptions | Mapping[str, Any] | None = None,
                  ) -> tuple[str, dict[str, Any]]:
        """What ``seat`` plays, for the seats line (in words, not only a colour)."""
        return "axis_allies.seat_powers", {"powers": list(_seating(players, options)[seat])}

    def seat_names(self, players: int, seat: Seat, options: AxisAlliesOptions | Mapping[str, Any] | None = None,
                   ) -> tuple[tuple[str, str], ...]:
        """``SeatNamesGame``: a side where this seat plays all of it (two players: the Allies, the
        Axis), then each of its powers, so ``/match create … seat:axis`` seats a player there."""
        powers = _seating(players, options)[seat]
        sides = tuple(side for side in ("allies", "axis")
                      if all(p.id in powers for p in CLASSIC.powers if p.side == side))
        return (*((side, f"axis_allies.side_{side}") for side in sides),
                *((power, f"axis_allies.power_{power}") for power in powers))

    def describe_move(
        self, before: AxisAlliesState, seat: Seat, move: AxisAlliesMove, after: AxisAlliesState
    ) -> tuple[tuple[str, dict[str, Any]], ...]:
        """What the move did, in words (``NarratingGame``): see ``engines.axis_allies.narration``."""
        from engines.axis_allies.narration import (
            describe_move,  # only the bot's replies need it
        )

        return describe_move(before, seat, move, after)



    # ------------------------------------------------------------- pictures and places

    regions: ClassVar[tuple[str, ...]] = ("europe", "pacific", "atlantic", "asia", "africa", "americas")
    """Parts of the map ``/board region:`` shows at full size (``render.axis_allies.REGIONS``)."""

    def step_pictures(self, before: AxisAlliesState, after: AxisAlliesState) -> tuple[tuple[str, Frozen], ...]:
        """The battle board of every battle the step rolled dice in, and of every AA fire, bombing
        raid and rocket it ended (``StepPicturesGame``; decision 24)."""
        return tuple(("battle", board) for board in step_battle_boards(before, after))

    def step_marks(self, before: AxisAlliesState, after: AxisAlliesState) -> tuple[str, ...]:
        """The places whose holder or units the step changed (the board after it rings them)."""
        return step_changes(before, after)

    def place_choices(self, typed: str, language: str, limit: int) -> list[tuple[str, str]]:
        return places.place_choices(typed, language, limit)

    def describe_place(self, state: AxisAlliesState, text: str) -> tuple[tuple[str, dict[str, Any]], ...]:
        """``/territory``: holder, value, units by power, neighbours, canal and neutral rules."""
        return places.describe_place(state, text)


if TYPE_CHECKING:  # mypy (make lint) holds the engine to the contract: a drifting signature is an error
    from engines.core.contract import (
        ButtonGame,
        ChoosingGame,
        CompactingGame,
        Engine,
        NamingPlacesGame,
        NarratingGame,
        PlaceInfoGame,
        RegionsGame,
        SeatNamesGame,
        SeatRolesGame,
        StandingOrdersGame,
        StepGame,
        StepPicturesGame,
        SuggestingGame,
        SummarizingGame,
        TeamGame,
    )

    _engine: Engine[AxisAlliesState, AxisAlliesMove, AxisAlliesView, AxisAlliesOptions] = AxisAllies()
    _buttons: ButtonGame[AxisAlliesState] = AxisAllies()
    _teams: TeamGame[AxisAlliesOptions] = AxisAllies()
    _naming_places: NamingPlacesGame = AxisAllies()
    _narrating: NarratingGame[AxisAlliesState, AxisAlliesMove] = AxisAllies()
    _steps: StepGame[AxisAlliesState] = AxisAllies()
    _step_pictures: StepPicturesGame[AxisAlliesState] = AxisAllies()
    _regions: RegionsGame = AxisAllies()
    _places: PlaceInfoGame[AxisAlliesState] = AxisAllies()
    _choosing: ChoosingGame[AxisAlliesState] = AxisAllies()
    _standing: StandingOrdersGame[AxisAlliesState] = AxisAllies()
    _suggesting: SuggestingGame[AxisAlliesState] = AxisAllies()
    _summarizing: SummarizingGame[AxisAlliesState] = AxisAllies()
    _seat_roles: SeatRolesGame = AxisAllies()
    _seat_names: SeatNamesGame = AxisAllies()
    _compacting: CompactingGame[AxisAlliesState, AxisAlliesMove] = AxisAllies()
