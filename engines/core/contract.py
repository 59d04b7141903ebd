"""Types every engine shares and the ``Engine`` protocol.

Engines are deterministic state machines (boardgame.io / OpenSpiel style): states, moves
and views are frozen pydantic models, randomness only enters through explicit chance
nodes that the referee samples with verifiable dice (see ``engines.core.dice``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Literal, Protocol, TypeVar, runtime_checkable

from pydantic import BaseModel, ConfigDict

Seat = int
"""Seats are 0..n-1, never Discord ids; the services map users to seats."""


class Frozen(BaseModel):
    """Base for states, moves, views and options: immutable and hashable."""

    model_config = ConfigDict(frozen=True, extra="forbid")


OptionsT = TypeVar("OptionsT", bound=BaseModel)


def options_as(model: type[OptionsT], options: BaseModel | Mapping[str, Any] | None) -> OptionsT:
    """The match options as the engine's model: defaults for ``None``, a mapping validated.

    >>> class Demo(Frozen):
    ...     size: int = 8
    >>> options_as(Demo, None).size, options_as(Demo, {"size": 10}).size
    (8, 10)
    """
    if options is None:
        return model()
    if isinstance(options, model):
        return options
    return model.model_validate(dict(options))


class ChanceSpec(Frozen):
    """A chance node: the referee must draw ``len(sizes)`` numbers, the i-th in ``range(sizes[i])``.

    ``kind`` names the event for the record (e.g. ``"first_player_roll"``). A d6 per seat
    is ``ChanceSpec(kind="first_player_roll", sizes=(6, 6))``; the engine maps 0..5 to faces 1..6.
    """

    kind: str
    sizes: tuple[int, ...]
    secret: bool = False
    """The numbers decide something hidden (which blocks are bombs, say): no player may see
    them while the match runs."""


class Outcome(Frozen):
    """The numbers drawn for a ``ChanceSpec``, in the same order."""

    kind: str
    values: tuple[int, ...]


class Result(Frozen):
    """How a game ended. ``winners`` empty with ``draw`` True is a draw."""

    winners: tuple[Seat, ...] = ()
    draw: bool = False
    reason: str
    """A message code (e.g. ``heroes_cities.all_cities``, ``core.resigned``)."""
    params: dict[str, Any] = {}


S = TypeVar("S", bound=BaseModel)
M = TypeVar("M", bound=BaseModel)
V_co = TypeVar("V_co", bound=BaseModel, covariant=True)
"""Views only come out of an engine."""
O_contra = TypeVar("O_contra", bound=BaseModel, contravariant=True)
"""Options only go in: an engine may take more (a mapping, ``None`` for the defaults)."""
S_contra = TypeVar("S_contra", bound=BaseModel, contravariant=True)
M_contra = TypeVar("M_contra", bound=BaseModel, contravariant=True)


M_co = TypeVar("M_co", covariant=True)


class MoveReader(Protocol[M_co]):
    """What reads a move back from its JSON data: a pydantic model class, or
    ``engines.core.tagged.TaggedMoves`` for a union of move kinds."""

    def model_validate(self, obj: Any) -> M_co: ...


@runtime_checkable
class Engine(Protocol[S, M, V_co, O_contra]):
    """What the referee needs of a game. All methods are pure.

    Every engine module ends with ``_check: Engine[State, Move, View, Options] = TheEngine()``
    under ``TYPE_CHECKING``, so mypy (``make lint``) reports a signature that drifts from this."""

    slug: ClassVar[str]
    version: ClassVar[int]
    """Bump when legal play changes: a record replays only on the version it was made with, or on
    a later one that lists that version in ``replays``."""
    replays: ClassVar[frozenset[int]]
    """Older versions whose records this version replays unchanged: the change only added moves
    (every move of such a record is still legal here, with the same effect), so their matches go
    on. An older bot still refuses a newer record: it may hold moves that bot does not know."""
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    colours: ClassVar[tuple[str, ...]]
    """Message codes of the seat colours, seat i gets colours[i]."""

    # Read-only, so an engine's class attribute may name its own (narrower) model.
    @property
    def options_model(self) -> type[BaseModel]:
        """Match options as a pydantic model with defaults; the adapter turns fields into slash options."""
        ...

    @property
    def state_model(self) -> type[S]:
        """The state type, used to read snapshots back."""
        ...

    @property
    def move_model(self) -> MoveReader[M]:
        """Reads moves back from the record: the move model class, or a ``TaggedMoves`` where
        the moves are a tagged union (``engines.core.tagged``)."""
        ...

    def setup(self, players: int, options: O_contra) -> S: ...
    def to_act(self, state: S) -> frozenset[Seat]: ...
    def chance(self, state: S) -> ChanceSpec | None: ...
    def legal_moves(self, state: S, seat: Seat) -> Sequence[M]: ...
    def apply(self, state: S, seat: Seat, move: M) -> S: ...
    def apply_chance(self, state: S, outcome: Outcome) -> S: ...
    def result(self, state: S) -> Result | None: ...
    def view(self, state: S, viewer: Seat | None) -> V_co: ...
    def parse_move(self, text: str, state: S, seat: Seat) -> M: ...
    def format_move(self, move: M, state: S) -> str: ...
    def is_secret(self, move: M, state: S) -> bool:
        """Whether the move's text may be seen only by its own seat (a hidden setup, say).
        The channel then hears that a secret move was made, and history shows no text."""
        ...
    def describe_chance(self, outcome: Outcome, state: S) -> tuple[str, dict[str, Any]]:
        """A message code + params that words a chance outcome for the channel (e.g. the dice);
        an empty code says nothing (a chance that is part of a seat's secret)."""
        ...


Standing = Literal["win", "draw", "loss", "forfeit"]
"""How one seat's match ended, for ratings: ``forfeit`` is a loss by resignation or time."""


@runtime_checkable
class TeamGame(Protocol[O_contra]):
    """An engine whose seats play together in teams (Axis & Allies: the Axis and the Allies).
    A team wins and loses as a whole; an engine without it plays one seat a side."""

    def teams(self, players: int, options: O_contra) -> tuple[frozenset[Seat], ...]:
        """Every seat in exactly one team, for a match of ``players`` seats."""
        ...


@runtime_checkable
class RatedGame(Protocol[O_contra]):
    """An engine whose rulebook keeps points and a rank status per player (per server)."""

    def rating_boards(self) -> tuple[str, ...]:
        """Every table the game keeps, the default first."""
        ...

    def rating_board(self, options: O_contra) -> str:
        """Which table the match counts for (e.g. ``single`` or ``double``)."""
        ...

    def rating_change(self, board: str, standing: Standing, points: int) -> int:
        """Points won or lost by a player who had ``points`` before."""
        ...

    def rating_status(self, board: str, points: int) -> str:
        """The rank status for ``points``, as a message code."""
        ...


class Seal(Frozen):
    """A commitment to something hidden, published when it is fixed and opened at the end."""

    name: str
    """E.g. ``block_layout``."""
    digest: str
    """Hex sha256 of ``opening``: what the channel sees."""
    opening: str | None
    """The revealed text; ``None`` while it is hidden."""


@runtime_checkable
class SealingGame(Protocol[S_contra]):
    """An engine that hides something decided early and proves at the end it did not change."""

    def seals(self, state: S_contra, reveal: bool) -> tuple[Seal, ...]:
        """Seals fixed so far; ``reveal`` (used by the referee once the match is over, also
        an aborted one) fills in the openings."""
        ...


@runtime_checkable
class ButtonGame(Protocol[S_contra]):
    """An engine whose turns have an obvious next action worth a button ("roll", "end")."""

    def action_buttons(self, state: S_contra, seat: Seat) -> tuple[tuple[str, str], ...]:
        """(move text, message code of the label) offered as buttons to ``seat`` now.

        A press submits the text as that seat's move, so it must parse like a typed move. The text
        travels in the button's Discord custom_id: it must match ``[a-z0-9 _-]{1,60}``, others
        are not offered."""
        ...


@runtime_checkable
class StepGame(Protocol[S_contra]):
    """An engine whose turns have steps worth naming ("roll", "choose a zero option")."""

    def step_message(self, state: S_contra) -> tuple[str, dict[str, Any]] | None:
        """Message code + params of what the seat to act must do now; shown after whose turn
        it is (in the channel and on the picture, in the reader's language)."""
        ...


@runtime_checkable
class NarratingGame(Protocol[S_contra, M_contra]):
    """An engine that says in words what a move did (captures, promotions, conquests, blocks
    revealed, why the same seat moves again), so a reply never leaves the picture to tell it."""

    def describe_move(
        self, before: S_contra, seat: Seat, move: M_contra, after: S_contra
    ) -> tuple[tuple[str, dict[str, Any]], ...]:
        """Message codes + params of the move's consequences, in the order they happened.

        ``after`` is the state once the chance the move called for (dice) has been resolved.
        The lines go to the channel: they word only what every seat may know, never a secret.
        Seats in params (``seat``, ``winner``, ``loser``) are worded as player names."""
        ...


@runtime_checkable
class NamingPlacesGame(Protocol):
    """An engine whose messages name places that have names in other languages (Axis & Allies'
    territories, ``Oost-Europa``): the bot words them in the reader's language."""

    place_params: ClassVar[frozenset[str]]
    """The message params that hold a place's id or name, or a list of them."""

    def place_name(self, text: str, language: str) -> str | None:
        """``text`` (a place's id or name as a message carries it) in ``language``; ``None`` keeps
        ``text`` as it is."""
        ...


@runtime_checkable
class SuggestingGame(Protocol[S_contra]):
    """An engine whose legal moves can be too many to list for autocomplete (a setup with tens of
    thousands of choices): it suggests texts itself, lazily."""

    def suggest_moves(self, state: S_contra, seat: Seat, typed: str, limit: int) -> list[str]:
        """Up to ``limit`` legal move texts that start with (then contain) ``typed``."""
        ...


@runtime_checkable
class TimedGame(Protocol[O_contra]):
    """An engine whose rulebook sets the time control through a match option."""

    def time_control(self, options: O_contra) -> tuple[float, float]:
        """(hours per move, minutes per player); 0 means none."""
        ...


@runtime_checkable
class ReachGame(Protocol[S_contra]):
    """An engine that can show where a piece may go (drawn for beginners)."""

    def reachable_squares(self, state: S_contra, seat: Seat, square: str) -> tuple[str, ...]: ...

    def shows_reach(self, board: str, points: int) -> bool:
        """Whether a player with ``points`` on ``board`` may see the reachable squares."""
        ...


@runtime_checkable
class StepPicturesGame(Protocol[S_contra]):
    """An engine whose step replies show pictures besides the board (Axis & Allies' battle
    board after a step that rolled battle dice)."""

    def step_pictures(self, before: S_contra, after: S_contra) -> tuple[tuple[str, BaseModel], ...]:
        """(picture kind, view) for each extra picture of the step from ``before`` to ``after``,
        in order; the kind names the game renderer's part (``render.registry.render_view``)."""
        ...

    def step_marks(self, before: S_contra, after: S_contra) -> tuple[str, ...]:
        """The places whose holder or pieces the step changed, which the board after it marks
        (how is the renderer's: ``render.registry.step_part``); ``()`` for the plain board."""
        ...


@runtime_checkable
class StandingOrdersGame(Protocol[S_contra]):
    """An engine whose players may decide some questions in advance (Axis & Allies' casualties).
    The orders are the seat's own data (JSON), set with a command at any time; the
    referee plays the move a standing order makes as that seat's ordinary, recorded move, so a
    replay never needs the orders."""

    def parse_standing_orders(self, text: str, state: S_contra, seat: Seat, current: Mapping[str, Any]) -> dict[str, Any]:
        """The seat's orders after ``text`` (raises ``MoveError`` for text it cannot read)."""
        ...

    def describe_standing_orders(
        self, state: S_contra, seat: Seat, orders: Mapping[str, Any]
    ) -> tuple[tuple[str, dict[str, Any]], ...]:
        """Message codes + params that show a seat its orders."""
        ...

    def standing_move(
        self, state: S_contra, orders: Mapping[Seat, Mapping[str, Any]], expired: frozenset[Seat] = frozenset()
    ) -> tuple[Seat, BaseModel] | None:
        """The move a standing order (or a plan carried by an earlier move) makes now, and for
        which seat; ``None`` when someone must be asked. ``expired``: seats whose question's
        deadline has passed (an order that asks first applies then)."""
        ...

    def asks(self, state: S_contra, orders: Mapping[Seat, Mapping[str, Any]]) -> dict[Seat, float]:
        """Seats asked a question now that their standing order answers once it has waited this
        many hours (the question's deadline)."""
        ...


@runtime_checkable
class RegionsGame(Protocol):
    """An engine whose board has named regions a player may ask to see at full size (``/board
    region:``)."""

    regions: ClassVar[tuple[str, ...]]
    """Region ids, in the order the choice lists them."""


@runtime_checkable
class PlaceInfoGame(Protocol[S_contra]):
    """An engine that describes one place of its board on request (``/territory``)."""

    def place_choices(self, typed: str, language: str, limit: int) -> list[tuple[str, str]]:
        """Up to ``limit`` (shown name, value) pairs of places whose names (in any language the
        game knows) start with, then contain, ``typed``."""
        ...

    def describe_place(self, state: S_contra, text: str) -> tuple[tuple[str, dict[str, Any]], ...]:
        """Message codes + params describing the place ``text`` names (an id, name or alias in
        any language); an unknown or ambiguous name gives the one line that says so."""
        ...


@runtime_checkable
class SummarizingGame(Protocol[S_contra]):
    """An engine whose turns are long enough to sum up (Axis & Allies): the summary is
    posted when a turn ends and ``/match history`` shows them."""

    def turn_summary(self, before: S_contra, after: S_contra) -> tuple[tuple[str, dict[str, Any]], ...]:
        """Message codes + params summing up the turn that the move from ``before`` to ``after``
        ended (``after`` with the dice that move called for); ``()`` when it ended none."""
        ...


@runtime_checkable
class ChoosingGame(Protocol[S_contra]):
    """An engine that asks a seat a question with a short list of answers (a battle's casualties):
    adapters offer them as a menu."""

    def question_choices(self, state: S_contra, seat: Seat) -> tuple[str, ...]:
        """The move texts that answer the question ``seat`` is asked now; ``()`` when none is asked."""
        ...


@runtime_checkable
class SeatRolesGame(Protocol):
    """An engine whose seats play something worth naming beside their colour (Axis & Allies'
    powers): the seats line says it."""

    def seat_role(self, players: int, seat: Seat, options: Any = None) -> tuple[str, dict[str, Any]]:
        """Message code + params of what ``seat`` plays in a match of ``players`` (``options``:
        the match's, where an option changes the seating; ``None``: the defaults)."""
        ...


@runtime_checkable
class SeatNamesGame(Protocol):
    """An engine whose seats have names beside their colours (Axis & Allies' sides and powers):
    a player may choose a seat by them (``/match create … seat:axis``)."""

    def seat_names(self, players: int, seat: Seat, options: Any = None) -> tuple[tuple[str, str], ...]:
        """(id, message code) of each name of ``seat`` in a match of ``players`` (``options`` as
        for ``seat_role``), in the order a player reads them: the id is typed as it is, the
        message worded in each language."""
        ...


@runtime_checkable
class CompactingGame(Protocol[S_contra, M_contra]):
    """An engine whose seats play many small orders in a row (Axis & Allies' single-unit moves):
    the channel reads a run of them as a player would write it together. Presentation only:
    each order stays its own event in the record."""

    def compact_moves(self, moves: Sequence[M_contra], state: S_contra) -> tuple[str, ...]:
        """The texts of ``moves`` (played one after the other from ``state``) written together,
        in order: a run of orders that do one thing as one text."""
        ...


@runtime_checkable
class RevealingGame(Protocol[S_contra]):
    """An engine with hidden information that can draw any position with its secrets shown: a
    replay after the end shows each past position so (before the end only ``view(state, None)``)."""

    def revealed_view(self, state: S_contra) -> BaseModel:
        """The public view of ``state`` with every secret in it (what the end of the match reveals)."""
        ...
