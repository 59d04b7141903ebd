"""What every part of the match service shares: storage, the clock, the loaded matches, the
pictures, and the one way a command writes (``Core.commit``)."""

from __future__ import annotations

import secrets
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

from bot.clock import Clock
from bot.services.book import MatchBook
from bot.services.match import deadlines
from bot.services.people import Actor
from bot.services.progress import LoadedMatch
from bot.services.ratings import rating_updates
from bot.services.rendering import Renderer
from bot.storage.models import EndingUpdate, Status, UserRow
from bot.storage.repository import Repository
from engines.core.contract import Engine, Seat
from engines.core.dice import SEED_BYTES


class Core:
    def __init__(
        self,
        repo: Repository,
        clock: Clock,
        *,
        engines: dict[str, Engine] | None = None,
        seed_source: Callable[[], bytes] = lambda: secrets.token_bytes(SEED_BYTES),
        on_timers_changed: Callable[[], None] = lambda: None,
        renderer: Renderer | None = None,
        idle_after: timedelta | None = None,
    ) -> None:
        self.on_committed: Callable[[LoadedMatch], None] = lambda match: None
        """Told the match after every commit (the computer seats look whether they owe a move)."""
        self.repo = repo
        self.clock = clock
        self.renderer = renderer or Renderer(workers=0)
        """Draws the board pictures; by default in a thread (``open_services`` gives the bot the
        process pool)."""
        self.book = MatchBook(repo, engines)
        self.seed_source = seed_source
        self.on_timers_changed = on_timers_changed
        self._seen_users: dict[str, UserRow] = {}
        self.verified_at: dict[str, datetime] = {}
        """When each user last had a record verified (``records.VERIFY_EVERY``)."""
        self.idle_after = idle_after or deadlines.configured_idle_after
        """How long a match without a deadline may stand still before its player to act is
        reminded; ``deadlines.CLAIM_AFTER`` later the waiting players may end it."""

    async def seen(self, actor: Actor) -> None:
        """Remember the user's name and language, for DMs sent later (reminders); written only
        when they changed, so a move costs no extra write."""
        row = UserRow(user_id=actor.user_id, name=actor.name, language=actor.language)
        if self._seen_users.get(actor.user_id) != row:
            await self.repo.remember_user(row)
            self._seen_users[actor.user_id] = row

    async def language_of(self, user_id: str, fallback: str) -> str:
        user = await self.repo.user(user_id)
        return user.language if user is not None else fallback

    async def commit(
        self, match: LoadedMatch, events: list[Any], *, status: Status | None = None, seats: int | None = None,
        states: list[Any] | None = None,
    ) -> tuple[LoadedMatch, list[EndingUpdate]]:
        """Append ``events``; returns the match after them and the rating changes the same
        transaction applied (filled in by the repository; empty unless a rated match ended).
        ``states``: the engine state after each event as the referee computed it, folded into the
        match instead of replaying the events. Raises ``StaleWriteError`` when another write came
        first (the command's answer says so)."""
        updates: list[EndingUpdate] = []

        def ratings_for(ended: LoadedMatch) -> list[EndingUpdate]:
            updates.extend(rating_updates(ended))
            return updates

        reminders, held = await self.reminder_choices(match)
        after = await self.book.append(
            match, events, self.clock.now(), status=status, ratings_for=ratings_for, seats=seats, states=states,
            timers_for=lambda loaded: deadlines.timers_for(loaded, self.idle_after, reminders, held),
        )
        self.on_timers_changed()
        self.on_committed(after)
        return after, updates

    async def reminder_choices(
        self, match: LoadedMatch,
    ) -> tuple[dict[Seat, tuple[timedelta, ...]] | None, dict[Seat, deadlines.Held] | None]:
        """The players' own reminder offsets and when their reminders may go out (``/notify``;
        ``commands.long_games`` reads them): none here."""
        return None, None
