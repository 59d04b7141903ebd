"""A match's record read back: the history, the board at a move, the replay and its stepper, the
catch-up since one's last move (``bot.services.replays``), verify and export (``match.records``)."""

from __future__ import annotations

from bot.services import replays
from bot.services.delivery import Delivery
from bot.services.match import records
from bot.services.match.access import Pressed
from bot.services.match.answers import answered
from bot.services.match.core import Core
from bot.services.people import Actor, Place
from engines.core.record import Record


class RecordCommands(Core):
    @answered
    async def history(self, place: Place, actor: Actor, page: int = 1) -> list[Delivery]:
        return await records.history(self, place, actor, page)

    @answered
    async def history_at(self, place: Place, actor: Actor, move: int) -> list[Delivery]:
        """``/match history at:<move>``: the public board after that move, with the moves around it."""
        return await replays.history_at(self, place, actor, move)

    @answered
    async def replay(self, place: Place, actor: Actor, limit: int | None = None) -> list[Delivery]:
        """``/match replay``: the animated replay within ``limit`` bytes (the server's upload limit)."""
        return await replays.replay(self, place, actor, limit)

    @answered
    async def replay_step(self, match_id: int, actor: Actor, position: int, pressed: Pressed | None = None) -> list[Delivery]:
        """A replay stepper's button: the board at ``position``."""
        return await replays.step(self, match_id, actor, position, pressed)

    @answered
    async def catchup(self, place: Place, actor: Actor) -> list[Delivery]:
        """``/match catchup``: what changed since the actor's last move, privately."""
        return await replays.catchup(self, place, actor)

    @answered
    async def verify(self, place: Place, actor: Actor) -> list[Delivery]:
        """Check a finished record: replayed from the start, every roll recomputed from the revealed
        seed, every seal opened (``records.VERIFY_EVERY`` apart per user)."""
        return await records.verify_command(self, place, actor)

    @answered
    async def export(self, place: Place, actor: Actor) -> list[Delivery]:
        return await records.export(self, place, actor)

    async def record(self, match_id: int) -> Record:
        """The portable record; the seed only once the match is over."""
        return await records.record(self, match_id)
