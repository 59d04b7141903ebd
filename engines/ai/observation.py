"""What one seat knows: the only thing a computer player is given.

An ``Observation`` holds the seat's own view (``engine.view(state, seat)``, which strips every
secret of other seats) and the record as that seat may see it: moves with their content unless
another seat made them in secret, chance outcomes unless they are secret (a hidden layout). It has
no field for the referee's state, so a player built on it cannot read what its seat may not know.

``observe`` builds one from a record; the bot calls it with the view it already shows the seat.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal

from pydantic import BaseModel

from engines.core.contract import Frozen, Seat
from engines.core.record import ChanceEvent, MoveEvent, StartEvent


class SeenMove(Frozen):
    type: Literal["move"] = "move"
    seat: Seat
    move: dict[str, Any] | None
    """The move model as JSON; ``None`` for another seat's secret move."""


class SeenChance(Frozen):
    type: Literal["chance"] = "chance"
    kind: str
    sizes: tuple[int, ...]
    values: tuple[int, ...] | None
    """``None`` for a secret draw (nobody sees it while the match runs)."""


class Observation(Frozen):
    game: str
    options: dict[str, Any]
    players: int
    seat: Seat
    view: Any
    """The seat's own view model."""
    record: tuple[SeenMove | SeenChance, ...]
    """Moves and chance outcomes since the start, as the seat may see them."""
    seen: tuple[Any, ...] = ()
    """Facts the seat saw in its earlier views and its view no longer shows (which blocks went
    off as bombs, say): ``Knowledge.remember`` picks them, ``engines.ai.referee`` collects them."""

    @property
    def hidden(self) -> bool:
        """Whether something in the record is hidden from this seat."""
        return any((e.move if isinstance(e, SeenMove) else e.values) is None for e in self.record)


def observe(
    game: str,
    options: BaseModel | dict[str, Any],
    events: Sequence[BaseModel],
    view: BaseModel,
    seat: Seat,
    private_chances: frozenset[str] = frozenset(),
    seen: tuple[Any, ...] = (),
) -> Observation:
    """The observation of ``seat`` from the match's events (meta events are left out: they do
    not change the position) and the view the engine gives that seat. ``private_chances`` are
    chance kinds that decide a seat's secret although the draw is not marked secret (Masters
    Victory's random setup shuffle, which the channel never hears): their values are hidden too."""
    players = 0
    record: list[SeenMove | SeenChance] = []
    for event in events:
        if isinstance(event, StartEvent):
            players = event.players
        elif isinstance(event, MoveEvent):
            visible = not event.secret or event.seat == seat
            record.append(SeenMove(seat=event.seat, move=event.move if visible else None))
        elif isinstance(event, ChanceEvent):
            record.append(SeenChance(kind=event.kind, sizes=event.sizes, values=None if event.secret or event.kind in private_chances else event.values))
    opts = options.model_dump(mode="json") if isinstance(options, BaseModel) else dict(options)
    return Observation(game=game, options=opts, players=players, seat=seat, view=view, record=tuple(record), seen=seen)
