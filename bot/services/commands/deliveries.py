"""What the bot does unasked: a DM that bounced (``match.announce``), a due timer and the timeouts a
bot that died did not post (``match.timers``)."""

from __future__ import annotations

from bot.services.delivery import Delivery
from bot.services.match import announce, timers
from bot.services.match.core import Core
from bot.storage.models import TimerRow


class DeliveryCommands(Core):
    async def dm_refused(self, match_id: int, user_id: str) -> list[Delivery]:
        """A DM bounced (closed DMs): tell the channel once, with the view button as fallback."""
        return await announce.dm_refused(self, match_id, user_id)

    async def fire_timer(self, timer: TimerRow) -> list[Delivery]:
        """A due timer: a reminder DM, a loss on time, or a question a standing order answers."""
        return await timers.fire(self, timer)

    async def unposted_timeouts(self) -> list[Delivery]:
        """The end of each match whose timeout a bot that died recorded and did not post."""
        return await timers.unposted_timeouts(self)
