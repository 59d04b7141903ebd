"""What the league modules (``commands``, ``reading``, ``step``) need of the league service: a
protocol, so that they never import the façade that imports them."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from datetime import datetime
from typing import TYPE_CHECKING, Protocol

from bot.services.delivery import Delivery
from bot.storage.models import PairingRow
from bot.storage.repository import Repository

if TYPE_CHECKING:
    from bot.services.matches import MatchService

Deliver = Callable[[list[Delivery]], Awaitable[None]]


class Places(Protocol):
    """Where a pairing's match is played: the adapter opens a thread under the league's channel.
    Asked again after a crash, an adapter should give back the thread it made for ``name``."""

    async def open_thread(self, guild_id: str, parent_id: str, name: str) -> str: ...


class ChannelNames:
    """The console's places: a channel named after the pairing (the same name gives the same place)."""

    async def open_thread(self, guild_id: str, parent_id: str, name: str) -> str:
        return "-".join("".join(c if c.isalnum() else " " for c in name.lower()).split())[:90]


class Leagues(Protocol):
    matches: MatchService
    repo: Repository
    deliver: Deliver
    places: Places
    sweep_at: datetime | None
    """When ``due`` next runs the step of every running league."""

    def later(self, league_id: int) -> None:
        """Run the league's step in the background, its posts delivered as they come."""

    async def advance(self, league_id: int) -> list[Delivery]:
        """Move the league on as far as it goes now."""

    async def _result_of(self, p: PairingRow, withdrawn: set[str]) -> tuple[tuple[float, float], str] | None:
        """The one reading of a pairing's result (``reading.result_of``)."""
