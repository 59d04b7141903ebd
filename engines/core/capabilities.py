"""What an engine offers beyond the ``Engine`` contract, as data: one ``Capabilities`` record per
engine (as OpenSpiel declares a ``GameType`` beside each game).

Every capability but ``hidden_information`` promises one optional protocol of
``engines.core.contract`` (``PROMISES``): the typed interface the bot then calls. The record is
derived once per engine class from those protocols (``capabilities(engine)``; the registry keeps
one per game, ``engines.registry.CAPABILITIES``). ``hidden_information`` cannot be derived: a game
whose seats may not see everything declares it on its engine class
(``hidden_information: ClassVar[bool] = True``), and the conformance suite then demands twin
tests of it (``tests/engines/conformance``).

The bot asks the record, never ``isinstance``: ``capabilities(engine).buttons`` where a flag is
all it needs, and the guard of the same name (``buttons(engine)``) where it then calls the
promised interface; a guard reads the record and tells the type checker the engine keeps the
protocol. ``tests/core/test_capabilities.py`` holds the record to the protocols.

>>> from engines.militakiri import Militakiri
>>> offered = capabilities(Militakiri())
>>> offered.rated, offered.regions, offered.hidden_information
(True, False, True)
>>> offered.names()
('rated', 'steps', 'narrating', 'suggesting', 'timed', 'reach', 'hidden_information')
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any

from engines.core.contract import (
    ButtonGame,
    ChoosingGame,
    CompactingGame,
    NamingPlacesGame,
    NarratingGame,
    PlaceInfoGame,
    RatedGame,
    ReachGame,
    RegionsGame,
    RevealingGame,
    SealingGame,
    SeatNamesGame,
    SeatRolesGame,
    StandingOrdersGame,
    StepGame,
    StepPicturesGame,
    SuggestingGame,
    SummarizingGame,
    TeamGame,
    TimedGame,
)

if TYPE_CHECKING:  # the guards' annotations only (typing.TypeIs is Python 3.13's)
    from typing_extensions import TypeIs


@dataclass(frozen=True)
class Capabilities:
    """The optional parts of the contract one engine keeps, each named for what players get."""

    rated: bool = False
    """Points and rank statuses per server (``RatedGame``)."""
    sealing: bool = False
    """Hidden setups sealed at once and opened at the end (``SealingGame``)."""
    buttons: bool = False
    """Obvious next moves offered as buttons (``ButtonGame``)."""
    steps: bool = False
    """A line naming the step the seat to act is in (``StepGame``)."""
    narrating: bool = False
    """What a move did, in words (``NarratingGame``)."""
    naming_places: bool = False
    """Places with names in other languages (``NamingPlacesGame``)."""
    suggesting: bool = False
    """Its own autocomplete of move texts (``SuggestingGame``)."""
    timed: bool = False
    """The rulebook sets the time control through an option (``TimedGame``)."""
    reach: bool = False
    """Where a piece may go, drawn for beginners (``ReachGame``)."""
    step_pictures: bool = False
    """Pictures besides the board after a step, and the board marked (``StepPicturesGame``)."""
    standing_orders: bool = False
    """Questions decided in advance by standing orders (``StandingOrdersGame``)."""
    regions: bool = False
    """Named parts of the board shown at full size (``RegionsGame``)."""
    place_info: bool = False
    """One place of the board described on request (``PlaceInfoGame``)."""
    summarizing: bool = False
    """A summary posted when a turn ends (``SummarizingGame``)."""
    choosing: bool = False
    """A question's answers offered as a menu (``ChoosingGame``)."""
    seat_roles: bool = False
    """What each seat plays, named beside its colour (``SeatRolesGame``)."""
    seat_names: bool = False
    """Seats a player may choose by name besides their colour (``SeatNamesGame``)."""
    compacting: bool = False
    """A run of small orders said in one line, as a player writes them (``CompactingGame``)."""
    revealing: bool = False
    """Any position drawn with its secrets shown, for a replay after the end (``RevealingGame``)."""
    teams: bool = False
    """Seats that win and lose together (``TeamGame``: Axis & Allies' Axis and Allies)."""
    hidden_information: bool = False
    """Some seat may not see everything (hidden pieces, secret moves or draws): declared by the
    engine, not derived; the conformance suite demands twin tests of such a game."""

    @classmethod
    def of(cls, engine: object) -> Capabilities:
        """Derived from ``engine``: the protocols it keeps and what its class declares."""
        declared = getattr(type(engine), "hidden_information", False)
        if not isinstance(declared, bool):
            raise TypeError(f"{type(engine).__name__}.hidden_information must be a bool, not {declared!r}")
        return cls(
            **{name: isinstance(engine, protocol) for name, protocol in PROMISES.items()},
            hidden_information=declared,
        )

    def names(self) -> tuple[str, ...]:
        """The capabilities this record has, in the order of the fields."""
        return tuple(field.name for field in fields(self) if getattr(self, field.name))


PROMISES: dict[str, type] = {
    "rated": RatedGame,
    "sealing": SealingGame,
    "buttons": ButtonGame,
    "steps": StepGame,
    "narrating": NarratingGame,
    "naming_places": NamingPlacesGame,
    "suggesting": SuggestingGame,
    "timed": TimedGame,
    "reach": ReachGame,
    "step_pictures": StepPicturesGame,
    "standing_orders": StandingOrdersGame,
    "regions": RegionsGame,
    "place_info": PlaceInfoGame,
    "summarizing": SummarizingGame,
    "choosing": ChoosingGame,
    "seat_roles": SeatRolesGame,
    "seat_names": SeatNamesGame,
    "compacting": CompactingGame,
    "revealing": RevealingGame,
    "teams": TeamGame,
}
"""The protocol each capability promises (every field but ``hidden_information``)."""

_BY_CLASS: dict[type, Capabilities] = {}
"""Each engine class's record, derived the first time one of its engines is asked about (an
engine's capabilities are its class's: methods and class attributes). The dict holds the class
itself, so an entry can never be taken for another class's."""


def capabilities(engine: object) -> Capabilities:
    """The record of ``engine``'s class, derived once."""
    kind = type(engine)
    known = _BY_CLASS.get(kind)
    if known is None:
        known = _BY_CLASS[kind] = Capabilities.of(engine)
    return known


# The guards: one per capability that promises an interface, named as its field.


def rated(engine: object) -> TypeIs[RatedGame[Any]]:
    return capabilities(engine).rated


def sealing(engine: object) -> TypeIs[SealingGame[Any]]:
    return capabilities(engine).sealing


def buttons(engine: object) -> TypeIs[ButtonGame[Any]]:
    return capabilities(engine).buttons


def steps(engine: object) -> TypeIs[StepGame[Any]]:
    return capabilities(engine).steps


def narrating(engine: object) -> TypeIs[NarratingGame[Any, Any]]:
    return capabilities(engine).narrating


def naming_places(engine: object) -> TypeIs[NamingPlacesGame]:
    return capabilities(engine).naming_places


def suggesting(engine: object) -> TypeIs[SuggestingGame[Any]]:
    return capabilities(engine).suggesting


def timed(engine: object) -> TypeIs[TimedGame[Any]]:
    return capabilities(engine).timed


def reach(engine: object) -> TypeIs[ReachGame[Any]]:
    return capabilities(engine).reach


def step_pictures(engine: object) -> TypeIs[StepPicturesGame[Any]]:
    return capabilities(engine).step_pictures


def standing_orders(engine: object) -> TypeIs[StandingOrdersGame[Any]]:
    return capabilities(engine).standing_orders


def regions(engine: object) -> TypeIs[RegionsGame]:
    return capabilities(engine).regions


def place_info(engine: object) -> TypeIs[PlaceInfoGame[Any]]:
    return capabilities(engine).place_info


def summarizing(engine: object) -> TypeIs[SummarizingGame[Any]]:
    return capabilities(engine).summarizing


def choosing(engine: object) -> TypeIs[ChoosingGame[Any]]:
    return capabilities(engine).choosing


def seat_roles(engine: object) -> TypeIs[SeatRolesGame]:
    return capabilities(engine).seat_roles


def seat_names(engine: object) -> TypeIs[SeatNamesGame]:
    return capabilities(engine).seat_names


def compacting(engine: object) -> TypeIs[CompactingGame[Any, Any]]:
    return capabilities(engine).compacting


def revealing(engine: object) -> TypeIs[RevealingGame[Any]]:
    return capabilities(engine).revealing


def teams(engine: object) -> TypeIs[TeamGame[Any]]:
    return capabilities(engine).teams
