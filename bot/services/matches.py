"""The match service: every command of both adapters, as plain async methods.

Each method takes the acting user and place, does its work under the match's lock, commits
to storage before anything is delivered, and returns the deliveries for the adapter. A database
that fails (busy, full, I/O) or a damaged record is answered too (``_answered``), never raised.
"""

from __future__ import annotations

import asyncio
import difflib
import functools
import logging
import secrets
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import replace
from datetime import datetime, timedelta
from typing import Any, NamedTuple

from pydantic import ValidationError

from bot.clock import Clock
from bot.i18n import Msg, catalog
from bot.i18n.catalog import LANGUAGES
from bot.services import presenter
from bot.services.book import MatchBook
from bot.services.delivery import (
    Attachment,
    Button,
    ChannelPost,
    ChannelRef,
    Delivery,
    DirectMessage,
    Reply,
    reply,
)
from bot.services.option_errors import option_problems
from bot.services.people import COMPUTER_LEVELS, Actor, Place, computer_actor, computer_level
from bot.services.progress import Damage, LoadedMatch
from bot.services.ratings import rating_lines, rating_updates
from bot.services.rendering import Renderer
from bot.services.time_control import TimeControl
from bot.storage.models import (
    LIVE,
    NewMatch,
    RatingRow,
    RatingUpdate,
    Status,
    TimerRow,
    UserRow,
)
from bot.storage.repository import (
    DamagedRecordError,
    LiveMatchExistsError,
    OutdatedMatchError,
    Repository,
    SeatRefusedError,
    StaleWriteError,
    StorageError,
)
from engines.core.contract import (
    Engine,
    Outcome,
    PlaceInfoGame,
    RatedGame,
    ReachGame,
    RegionsGame,
    Result,
    Seat,
    StandingOrdersGame,
    SuggestingGame,
    SummarizingGame,
    TimedGame,
)
from engines.core.dice import SEED_BYTES, commitment
from engines.core.errors import AmbiguousMoveError, EngineError, MoveError
from engines.core.record import (
    AbortEvent,
    DrawAnswerEvent,
    DrawOfferEvent,
    Entry,
    MoveEvent,
    OrdersEvent,
    Record,
    ResignEvent,
    RollCheck,
    SealCheck,
    StartEvent,
    TimeoutEvent,
    replay_step,
    resolve_chance,
    verify,
    verify_seals,
)
from engines.registry import get_engine

log = logging.getLogger(__name__)

MAX_STANDING_MOVES = 1000
"""A bound on the moves standing orders make after one command (a battle to its end is a few dozen)."""
HISTORY_PAGE = 20
SUMMARY_PAGE = 3
"""Turn summaries per page of ``/match history`` (each is several lines)."""
LEADERBOARD_SIZE = 20
IDLE_AFTER = timedelta(days=14)
"""A match without a deadline in which nothing happened this long reminds the player to act."""
configured_idle_after = IDLE_AFTER
"""``IDLE_AFTER`` as ``config.toml`` sets it (``[matches] idle_days``)."""
CLAIM_AFTER = timedelta(days=3)
"""After the reminder, this long again: the waiting players may claim the win or abort the match."""
VERIFY_EVERY = timedelta(minutes=1)
"""How often one user may have a record verified (each replays a whole record)."""
ORDERS_FILE = "orders.txt"
"""The name of the file that brings unplayed ``/orders`` back to the player."""
SUGGESTIONS = 25
CLOSEST = 5


def _answered(method: Callable[..., Awaitable[list[Delivery]]]) -> Callable[..., Awaitable[list[Delivery]]]:
    """Answer instead of raising when the database fails (busy, full, I/O: nothing was applied)
    or a stored record turns out damaged, in the language of the acting user; log it with the
    command and its arguments."""

    @functools.wraps(method)
    async def answered(self: MatchService, *args: Any, **kwargs: Any) -> list[Delivery]:
        try:
            return await method(self, *args, **kwargs)
        except StorageError as error:
            log.error("%s%r failed on the database: %s", method.__name__, args, error.detail)
            return [reply(_language_of_actor(args, kwargs), Msg(error.code))]
        except DamagedRecordError as error:
            log.error("%s%r met a damaged record: %s", method.__name__, args, error)
            return [reply(_language_of_actor(args, kwargs), damaged_line(error.match_id, Damage(error.seq, error.reason)))]

    return answered


PLACE_CHOICES = 25
"""Discord's limit on autocomplete choices."""


def _region_named(regions: tuple[str, ...], text: str) -> str | None:
    """The region ``text`` names: its id, or its name in any language (``Europa``, ``stille oceaan``).

    >>> regions = ("europe", "pacific")
    >>> _region_named(regions, "pacific"), _region_named(regions, "Stille Oceaan"), _region_named(regions, "Mars")
    ('pacific', 'pacific', None)
    """
    words = catalog()
    wanted = text.strip().casefold()
    for region in regions:
        names = {region} | {words.render(Msg(f"commands.choice_region_{region}"), language) for language in LANGUAGES}
        if wanted in {name.casefold() for name in names}:
            return region
    return None


def _language_of_actor(args: tuple[Any, ...], kwargs: dict[str, Any]) -> str:
    for value in (*args, *kwargs.values()):
        if isinstance(value, Actor):
            return value.language
    return "en"


def damaged_line(match_id: int, damage: Damage) -> Msg:
    """``Match #id is damaged at event N: why.``, with what can still be done."""
    return Msg("core.damaged", {"id": match_id, "seq": damage.seq, "reason": Msg(f"core.damage_{damage.reason}")})


def hash_line(match: LoadedMatch) -> Msg:
    """The chain hash of the last event, for players to keep (docs/games/core.md). Not while a
    match with secret events runs: the hash is computed over them (``Progress.secret_seen``)."""
    return Msg("core.record_hash", {"seq": match.progress.seq, "hash": match.progress.hash})


class MatchService:
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
        self._verified_at: dict[str, datetime] = {}
        self.idle_after = idle_after or configured_idle_after
        """How long a match without a deadline may stand still before its player to act is
        reminded; ``CLAIM_AFTER`` later the waiting players may end it."""

    # ----------------------------------------------------------------- helpers

    async def _seen(self, actor: Actor) -> None:
        """Remember the user's name and language, for DMs sent later (reminders); written only
        when they changed, so a move costs no extra write."""
        row = UserRow(user_id=actor.user_id, name=actor.name, language=actor.language)
        if self._seen_users.get(actor.user_id) != row:
            await self.repo.remember_user(row)
            self._seen_users[actor.user_id] = row

    async def _live(self, place: Place) -> LoadedMatch | None:
        row = await self.repo.live_match_in(place.channel_id)
        return await self.book.load(row.id) if row is not None else None

    async def _latest(self, place: Place) -> LoadedMatch | None:
        """The live match here, or else the most recent finished one (for export/verify/board)."""
        live = await self._live(place)
        if live is not None:
            return live
        row = await self.repo.latest_match_in(place.channel_id)
        return await self.book.load(row.id) if row is not None else None

    @staticmethod
    def _no_match(actor: Actor) -> list[Delivery]:
        return [reply(actor.language, Msg("core.no_match_here"))]

    def _timers(self, match: LoadedMatch) -> list[TimerRow]:
        """Timeout and reminder timers for every seat to act in ``match``."""
        timers: list[TimerRow] = []
        lead = match.time_control.reminder_lead()
        for seat in sorted(match.to_act()):
            deadline = match.deadline(seat)
            if deadline is None:
                if match.progress.last_at is not None and match.result() is None:
                    # No deadline: a reminder once the match has stood still for ``idle_after``.
                    timers.append(TimerRow(match_id=match.id, kind="reminder", seat=seat,
                                           due_at=match.progress.last_at + self.idle_after, seq=match.progress.seq))
                continue
            timers.append(
                TimerRow(match_id=match.id, kind="timeout", seat=seat, due_at=deadline, seq=match.progress.seq)
            )
            if lead is not None and match.time_control.per_move is not None:
                timers.append(
                    TimerRow(
                        match_id=match.id,
                        kind="reminder",
                        seat=seat,
                        due_at=deadline - lead,
                        seq=match.progress.seq,
                    )
                )
        engine = match.engine
        if isinstance(engine, StandingOrdersGame) and match.progress.last_at is not None:
            # A question a standing order answers once its time is up (issue 15).
            for seat, hours in sorted(engine.asks(match.state, match.progress.orders).items()):
                due = match.progress.last_at + timedelta(hours=hours)
                timers.append(TimerRow(match_id=match.id, kind="question", seat=seat, due_at=due, seq=match.progress.seq))
        return timers

    async def _commit(
        self, match: LoadedMatch, events: list[Any], *, status: Status | None = None, seats: int | None = None
    ) -> tuple[LoadedMatch, list[RatingUpdate]]:
        """Append ``events``; returns the match after them and the rating changes the same
        transaction applied (filled in by the repository; empty unless a rated match ended)."""
        updates: list[RatingUpdate] = []

        def ratings_for(ended: LoadedMatch) -> list[RatingUpdate]:
            updates.extend(rating_updates(ended))
            return updates

        after = await self.book.append(
            match, events, self.clock.now(), status=status, timers_for=self._timers, ratings_for=ratings_for, seats=seats
        )
        self.on_timers_changed()
        self.on_committed(after)
        return after, updates

    async def _ending_post(self, after: LoadedMatch, lines: list[Msg], updates: list[RatingUpdate],
                           before: LoadedMatch | None = None) -> Delivery:
        """The board after a commit, with the step's own pictures after it when ``before`` is the
        match before a move (a battle board); when that commit ended the match, with the rating
        changes and the record's final hash."""
        extra = await presenter.step_pictures(before, after, after.row.language, renderer=self.renderer) \
            if before is not None else ()
        part = presenter.step_board_part(before, after) if before is not None else ""
        if after.result() is None:
            return await presenter.board_post(after, lines, self.clock.now(), renderer=self.renderer, part=part,
                                              extra=extra)
        ratings = rating_lines(after, updates)
        return await presenter.board_post(
            after, [*lines, *ratings], self.clock.now(), footer=[hash_line(after)], renderer=self.renderer, part=part,
            extra=extra,
        )

    def _overdue(self, match: LoadedMatch) -> int | None:
        """The seat to act whose deadline or clock has run out (the earliest), if any."""
        now = self.clock.now()
        late = [(deadline, seat) for seat in sorted(match.to_act()) if (deadline := match.deadline(seat)) is not None and deadline <= now]
        return min(late)[1] if late else None

    async def _time_out(self, match: LoadedMatch, seat: int, actor: Actor) -> list[Delivery]:
        """Record ``seat``'s loss on time before anything else happens to ``match`` (whatever
        the scheduler did or did not do); the actor hears that their command came too late."""
        deadline = match.deadline(seat)
        try:
            after, updates = await self._commit(match, [TimeoutEvent(seat=seat)])
        except StaleWriteError:
            return [reply(actor.language, Msg("core.retry"))]
        post = await self._ending_post(after, [], updates)
        return [reply(actor.language, Msg("core.too_late", {"player": match.name_of(seat), "deadline": deadline})), post]

    async def _turn_dms(self, before: LoadedMatch | None, after: LoadedMatch, mover: Seat | None = None) -> list[Delivery]:
        """DMs after a change: each seat's private view at the end of a turn (games with secrets),
        and in correspondence matches a note to each seat whose turn it now is."""
        deliveries: list[Delivery] = []
        if not after.started:
            return deliveries
        # Private views go once per turn, not per action: when whose turn it is changes (a turn
        # of several actions ends, or a seat finished its secret setup), to each seat that sees
        # more than the channel and whose view changed over that whole turn.
        turn_over = before is None or not before.started or before.to_act() != after.to_act()
        public = after.engine.view(after.state, None).model_dump(exclude={"viewer"}) if turn_over else None
        for seat in after.seats:
            if computer_level(seat.user_id):
                continue  # a computer seat reads no DMs: it observes the match itself
            if turn_over:
                private = after.engine.view(after.state, seat.seat)
                secret = private.model_dump(exclude={"viewer"}) != public
                fresh = before is None or not before.started
                if secret and (fresh or before is not None and after.engine.view(before.progress.turn_state, seat.seat) != private):
                    language = await self._language_of(seat.user_id, after.row.language)
                    deliveries.append(
                        await presenter.private_view_dm(after, seat.seat, language, renderer=self.renderer)
                    )
            # The mover is not told it is their turn again when it simply goes on (an Axis & Allies
            # player's next phase, or the next power they also play: issue 15, "allies together").
            newly_to_act = seat.seat in after.to_act() and (
                before is None or seat.seat not in before.to_act()
                or (before.progress.moves != after.progress.moves and seat.seat != mover)
            )
            if newly_to_act and after.time_control.per_move is not None:
                language = await self._language_of(seat.user_id, after.row.language)
                deliveries.append(
                    Delivery(
                        DirectMessage(seat.user_id, after.id),
                        (
                            Msg(
                                "core.your_turn_dm",
                                {
                                    "game": presenter.game_name(after.row.game),
                                    "channel": presenter.place_ref(after),
                                    "deadline": after.deadline(seat.seat),
                                },
                            ),
                        ),
                        language,
                    )
                )
        return deliveries

    async def _language_of(self, user_id: str, fallback: str) -> str:
        user = await self.repo.user(user_id)
        return user.language if user is not None else fallback

    # --------------------------------------------------------------- lifecycle

    def rated_games(self) -> dict[str, tuple[str, ...]]:
        """Slug -> boards of every game that keeps points (for the leaderboard's choices)."""
        return {slug: e.rating_boards() for slug, e in self.book.engines().items() if isinstance(e, RatedGame)}

    @_answered
    async def create(
        self,
        place: Place,
        actor: Actor,
        game: str,
        options: dict[str, Any] | None = None,
        *,
        opponent: Actor | None = None,
        time_control: TimeControl | None = None,
        players: int | None = None,
    ) -> list[Delivery]:
        """Open a match in ``place`` with the creator in seat 0. With a computer ``opponent`` the
        computer takes every other seat of ``players`` (default: the fewest the game allows, at
        least two) and the match starts."""
        await self._seen(actor)
        refusal = self.create_refusal(actor, game, options, opponent=opponent, time_control=time_control)
        if refusal:
            return refusal
        engine = self.book.engine(game)
        parsed = engine.options_model.model_validate(options or {})
        if isinstance(engine, TimedGame):
            per_move, clock = engine.time_control(parsed)
            time_control = TimeControl(per_move_hours=per_move, clock_minutes=clock)
        if opponent is not None and await self.repo.user(opponent.user_id) is None:
            await self._seen(opponent)
        seed = self.seed_source()
        control = time_control or TimeControl()
        try:
            row = await self.repo.create_match(
                NewMatch(
                    guild_id=place.guild_id,
                    channel_id=place.channel_id,
                    game=game,
                    engine_version=engine.version,
                    options=parsed.model_dump(mode="json"),
                    time_control=control.model_dump(mode="json"),
                    creator_id=actor.user_id,
                    invited_id=opponent.user_id if opponent else None,
                    seed=seed,
                    commitment=commitment(seed),
                    language=place.language,
                ),
                actor.name,
                self.clock.now(),
            )
        except LiveMatchExistsError:
            return [reply(actor.language, Msg("core.match_exists"))]
        lines = [
            Msg(
                "core.created",
                {"player": actor.name, "game": presenter.game_name(game), "id": row.id},
            ),
            _time_control_line(control),
        ]
        level = computer_level(opponent.user_id) if opponent is not None else None
        if opponent is None:
            lines.append(Msg("core.open_to_join"))
        elif level is None:
            lines.append(Msg("core.invited", {"player": opponent.name, "creator": actor.name}))
        created = [reply(place.language, *lines, ephemeral=False)]
        if level is None:
            return created
        # A computer opponent takes its seat at once (and the other seats the game needs), and
        # the match starts: there is nobody to wait for.
        wanted = min(max(players or 2, engine.min_players), engine.max_players)
        return created + await self.start(place, actor, level, wanted)

    def create_refusal(
        self,
        actor: Actor,
        game: str,
        options: dict[str, Any] | None = None,
        *,
        opponent: Actor | None = None,
        time_control: TimeControl | None = None,
    ) -> list[Delivery]:
        """Why ``create`` would refuse these arguments anywhere (empty: it would not), so an adapter
        can ask before it makes a place for the match (a new thread)."""
        try:
            engine = self.book.engine(game)
        except KeyError:
            return [reply(actor.language, self._unknown_game(game))]
        try:
            engine.options_model.model_validate(options or {})
        except ValidationError as error:
            return [reply(actor.language, *option_problems(game, engine.options_model, error))]
        if isinstance(engine, TimedGame) and time_control is not None:
            return [reply(actor.language, Msg("core.time_set_by_game", {"game": presenter.game_name(game)}))]
        if opponent is not None and opponent.user_id == actor.user_id:
            return [reply(actor.language, Msg("core.opponent_self"))]
        return []

    @_answered
    async def join(self, place: Place, actor: Actor) -> list[Delivery]:
        await self._seen(actor)
        match = await self._live(place)
        if match is None:
            return self._no_match(actor)
        async with self.book.lock(match.id):
            match = await self.book.load_known(match.id)
            if match.row.status != "open":
                return [reply(actor.language, Msg("core.already_started"))]
            if match.seat_of(actor.user_id) is not None:
                return [reply(actor.language, Msg("core.already_seated"))]
            invited_id = match.row.invited_id
            if (invited_id is not None and actor.user_id != invited_id and match.seat_of(invited_id) is None
                    and len(match.seats) + 1 >= match.engine.max_players):
                # the invitation reserves one seat: others may take the rest (issue 18)
                invited = await self.repo.user(invited_id)
                return [reply(actor.language, Msg("core.not_invited", {"player": invited.name if invited else "?"}))]
            if len(match.seats) >= match.engine.max_players:
                return [reply(actor.language, Msg("core.match_full"))]
            try:
                # Checked again inside the write: another process may have seated someone since.
                seat = await self.repo.add_seat(match.id, actor.user_id, actor.name, max_seats=match.engine.max_players)
            except SeatRefusedError as refused:
                return [reply(actor.language, Msg(_SEAT_REFUSALS[refused.reason]))]
        match = await self.book.load_known(match.id)
        lines = [Msg("core.joined", {"player": actor.name, "colour": presenter.colour(match, seat.seat)})]
        if len(match.seats) >= match.engine.min_players:
            creator = match.name_of(0)
            lines.append(Msg("core.ready_to_start", {"creator": creator}))
        return [reply(match.row.language, *lines, ephemeral=False)]

    @_answered
    async def leave(self, place: Place, actor: Actor) -> list[Delivery]:
        match = await self._live(place)
        if match is None:
            return self._no_match(actor)
        async with self.book.lock(match.id):
            match = await self.book.load_known(match.id)
            if match.row.status != "open":
                return [reply(actor.language, Msg("core.leave_after_start"))]
            if match.seat_of(actor.user_id) is None:
                return [reply(actor.language, Msg("core.not_seated"))]
            if actor.user_id == match.row.creator_id:
                return [reply(actor.language, Msg("core.creator_cannot_leave"))]
            try:
                await self.repo.remove_seat(match.id, actor.user_id)
            except SeatRefusedError:
                return [reply(actor.language, Msg("core.leave_after_start"))]
        return [reply(match.row.language, Msg("core.left", {"player": actor.name}), ephemeral=False)]

    @_answered
    async def start(self, place: Place, actor: Actor, computer: str | None = None,
                    players: int | None = None) -> list[Delivery]:
        """Start the open match (its creator only). With a ``computer`` level the computer first
        takes the empty seats, up to ``players`` (default: the most the game allows), so a
        five-player Axis & Allies table with one person missing can begin."""
        await self._seen(actor)
        match = await self._live(place)
        if match is None:
            return self._no_match(actor)
        if computer is None and players is not None:
            return [reply(actor.language, Msg("core.fill_needs_computer", {"players": players}))]
        if computer is not None and computer not in COMPUTER_LEVELS:
            return [reply(actor.language, Msg("core.unknown_level", {"level": computer, "levels": ", ".join(COMPUTER_LEVELS)}))]
        sat_down: list[Msg] = []
        async with self.book.lock(match.id):
            match = await self.book.load_known(match.id)
            if match.row.status != "open":
                return [reply(actor.language, Msg("core.already_started"))]
            if actor.user_id != match.row.creator_id:
                return [reply(actor.language, Msg("core.only_creator_starts", {"creator": match.name_of(0)}))]
            if computer is not None:
                refusal = await self._fill_with_computer(match, actor, computer, players)
                if isinstance(refusal, Delivery):
                    return [refusal]
                sat_down = refusal
                match = await self.book.load_known(match.id)
            seated = len(match.seats)
            if seated < match.engine.min_players:
                return [
                    reply(
                        actor.language,
                        Msg("core.not_enough_players", {"need": match.engine.min_players, "have": seated}),
                    )
                ]
            start = StartEvent(players=seated)
            state = match.engine.setup(seated, match.options)
            state, chance = resolve_chance(match.engine, state, match.row.seed, 0)
            try:
                # ``seats``: a join or leave that another process committed since the load fails the start.
                after, _ = await self._commit(match, [start, *chance], status="active", seats=seated)
            except StaleWriteError:
                return [reply(actor.language, Msg("core.retry"))]
        lines = [
            *sat_down,
            Msg("core.started", {"game": presenter.game_name(match.row.game)}),
            presenter.seats_line(after),
            Msg("core.seed_commitment", {"hash": match.row.commitment}),
            *self._chance_lines(after, chance),
            *presenter.seals_published(None, after),
        ]
        post = await presenter.board_post(after, lines, self.clock.now(), renderer=self.renderer)
        return [_as_reply(post), *await self._turn_dms(None, after)]

    async def _fill_with_computer(self, match: LoadedMatch, actor: Actor, level: str,
                                  players: int | None) -> Delivery | list[Msg]:
        """Seat the computer at ``level`` in the empty seats up to ``players`` (held under the
        match's lock by ``start``): the lines that say who sat down, or the refusal."""
        engine = match.engine
        seated = len(match.seats)
        low, high = max(seated, engine.min_players), engine.max_players
        wanted = high if players is None else players
        if not low <= wanted <= high:
            return reply(actor.language, Msg("core.fill_players_range", {
                "players": wanted, "seated": seated, "low": low, "high": high, "game": presenter.game_name(match.row.game)}))
        taken = {seat.user_id for seat in match.seats}
        lines: list[Msg] = []
        number = 0
        while seated < wanted:
            number += 1
            computer = computer_actor(level, number)
            if computer.user_id in taken:
                continue
            if await self.repo.user(computer.user_id) is None:
                await self._seen(computer)
            try:
                seat = await self.repo.add_seat(match.id, computer.user_id, computer.name, max_seats=high)
            except SeatRefusedError as refused:
                return reply(actor.language, Msg(_SEAT_REFUSALS[refused.reason]))
            seated += 1
            lines.append(Msg("core.joined", {"player": computer.name, "colour": presenter.colour(match, seat.seat)}))
        return lines

    def _unknown_game(self, game: str) -> Msg:
        """Names what was asked and every game there is, so the next try can be right."""
        known = [Msg("core.known_game", {"slug": slug, "name": presenter.game_name(slug)}) for slug in self.book.engines()]
        return Msg("core.unknown_game", {"game": game, "games": known})

    def _chance_lines(self, match: LoadedMatch, events: list[Any]) -> list[Msg]:
        """The engine's words for each public chance event; a secret one says nothing, whatever
        the engine would say (its values must not reach anyone while the match runs)."""
        lines = []
        for event in events:
            if event.secret:
                continue
            outcome = Outcome(kind=event.kind, values=event.values)
            code, params = match.engine.describe_chance(outcome, match.state)
            if code:
                lines.append(Msg(code, presenter.seat_params(match, params)))
        return lines

    @_answered
    async def abort(self, place: Place, actor: Actor) -> list[Delivery]:
        row = await self.repo.live_match_in(place.channel_id)
        if row is None:
            return self._no_match(actor)
        async with self.book.lock(row.id):
            try:
                match = await self.book.load_known(row.id)
            except OutdatedMatchError as error:
                if not actor.is_admin:
                    return outdated_reply(error, actor.language)
                # Older rules cannot replay here, but the record can still be closed.
                result = Result(reason="core.aborted", params={"by_admin": True})
                await self.repo.append(
                    row.id, row.last_seq, [AbortEvent(by_admin=True)], self.clock.now(),
                    status="aborted", result=result.model_dump(mode="json"),
                )
                return [reply(row.language, Msg("core.aborted_by", {"player": actor.name}), ephemeral=False)]
            is_creator = actor.user_id == match.row.creator_id
            idle = match.damage is None and self._may_end_idle(match, actor)
            if not (actor.is_admin or (is_creator and match.row.status == "open") or idle):
                seat, at = match.seat_of(actor.user_id), self._claimable_at(match)
                if match.row.status == "active" and seat is not None and seat not in match.to_act() and at is not None:
                    waiting = [match.name_of(s) for s in sorted(match.to_act())]
                    return [reply(actor.language, Msg("core.abort_not_allowed"), Msg("core.claim_not_yet", {"at": at, "player": waiting}))]
                return [reply(actor.language, Msg("core.abort_not_allowed"))]
            by_admin = not (is_creator and match.row.status == "open") and not idle
            try:
                # A damaged match too: its record stays as it is, the abort is chained after it.
                after, _ = await self._commit(match, [AbortEvent(by_admin=by_admin)], status="aborted")
            except StaleWriteError:
                return [reply(actor.language, Msg("core.retry"))]
        lines = [Msg("core.aborted_by", {"player": actor.name})]
        if after.damage is None and after.progress.seq:
            lines.append(hash_line(after))
        return [reply(match.row.language, *lines, ephemeral=False)]

    # -------------------------------------------------------------------- play

    @asynccontextmanager
    async def _seated(
        self, place: Place | None, actor: Actor, match_id: int | None = None, pressed: Pressed | None = None
    ) -> AsyncIterator[tuple[LoadedMatch | None, list[Delivery]]]:
        """Under the match's lock: the live, started, unfinished match here (or the match
        ``match_id``, for a button) with ``actor`` seated, or ``None`` and the reply that says why not.
        A button (``pressed``) of another server's match, or made for an earlier state, is refused."""
        if match_id is None:
            row = await self.repo.live_match_in(place.channel_id) if place is not None else None
            if row is None:
                yield None, self._no_match(actor)
                return
            match_id = row.id
        async with self.book.lock(match_id):
            match = await self.book.load(match_id)
            if match is None or (pressed is not None and not pressed.belongs_to(match)):
                yield None, self._no_match(actor) if pressed is None else [reply(actor.language, Msg("core.unknown_match_button"))]
            elif pressed is not None and pressed.seq is not None and pressed.seq != match.progress.seq:
                yield None, [reply(actor.language, Msg("core.button_outdated"))]
            elif match.row.status in ("finished", "aborted"):
                yield None, [reply(actor.language, Msg("core.match_over"))]
            elif match.row.status != "active":
                yield None, [reply(actor.language, Msg("core.not_started"))]
            elif match.seat_of(actor.user_id) is None:
                yield None, [reply(actor.language, Msg("core.not_seated"))]
            elif match.damage is not None:
                yield None, [reply(actor.language, damaged_line(match.id, match.damage))]
            elif match.result() is not None:
                yield None, [reply(actor.language, Msg("core.match_over"))]
            elif (late := self._overdue(match)) is not None:
                yield None, await self._time_out(match, late, actor)
            else:
                yield match, []

    @_answered
    async def submit(self, place: Place, actor: Actor, text: str) -> list[Delivery]:
        """Play a move given as text in the live match here: parse, check, apply, roll, commit, report."""
        return await self._submit(actor, text, place=place)

    @_answered
    async def submit_in(self, match_id: int, actor: Actor, text: str, pressed: Pressed | None = None) -> list[Delivery]:
        """Play a move in the match ``match_id`` (a move button: it names its match, which need not
        be the one live in the channel now; ``pressed`` says where and for which state)."""
        return await self._submit(actor, text, match_id=match_id, pressed=pressed)

    async def button_current(self, match_id: int, seq: int) -> bool:
        """Whether a button made at ``seq`` of ``match_id`` can still be pressed (the match is live and
        has not moved on): the adapter takes the others off their message."""
        row = await self.repo.get_match(match_id)
        return row is not None and row.status in LIVE and row.last_seq == seq

    async def submit_orders(
        self, place: Place, actor: Actor, text: str, match_id: int | None = None
    ) -> list[Delivery]:
        """Several orders at once (``/orders``: one per line, or separated by ``;``), checked
        together and played all or nothing; the reply names the first line refused (issue 15).
        A form names its match (``match_id``; else the live match here is meant); orders that
        could not be played are sent back to the player with the refusal, as typed."""
        answer = await self._orders(place, actor, text, match_id)
        if answer and all(isinstance(d.target, Reply) and d.target.ephemeral for d in answer):
            last = answer[-1]
            back = replace(
                last,
                lines=(*last.lines, Msg("core.orders_returned", {"file": ORDERS_FILE})),
                attachments=(*last.attachments, Attachment(ORDERS_FILE, text.encode("utf-8"))),
            )
            return [*answer[:-1], back]
        return answer

    @_answered
    async def _orders(self, place: Place, actor: Actor, text: str, match_id: int | None) -> list[Delivery]:
        lines = [line.strip() for line in text.replace(";", "\n").splitlines() if line.strip()]
        if not lines:
            return [reply(actor.language, Msg("core.orders_empty"))]
        if match_id is None:
            return await self._submit(actor, lines, place=place)
        return await self._submit(actor, lines, match_id=match_id, pressed=Pressed(place.guild_id))

    async def live_match_id(self, place: Place) -> int | None:
        """The id of the match live here (``/orders`` names it in its form)."""
        row = await self.repo.live_match_in(place.channel_id)
        return row.id if row is not None else None

    async def _submit(
        self, actor: Actor, text: str | list[str], *, place: Place | None = None, match_id: int | None = None,
        pressed: Pressed | None = None,
    ) -> list[Delivery]:
        await self._seen(actor)
        texts = [text] if isinstance(text, str) else text
        async with self._seated(place, actor, match_id, pressed) as (match, refusal):
            if match is None:
                return refusal
            seat = match.seat_of(actor.user_id)
            if seat not in match.to_act():
                waiting = [match.name_of(s) for s in sorted(match.to_act())]
                return [reply(actor.language, Msg("core.not_your_turn", {"player": waiting}))]
            try:
                steps, state = self._checked_orders(match, seat, texts)
            except _LineRefused as refused:
                lines = self._move_error(match, seat, refused.text, refused.error) if refused.error else []
                if len(texts) == 1:
                    return [reply(actor.language, *lines)]
                head = Msg(refused.code, {"line": refused.number, "text": refused.text})
                return [reply(actor.language, head, *lines)]
            state, chance = resolve_chance(match.engine, state, match.row.seed, match.progress.draw_index)
            steps[-1] = steps[-1]._replace(chance=tuple(chance), after=state)
            standing_steps, state = self._standing_steps(match, state, match.progress.draw_index + _draws(chance))
            steps += standing_steps
            try:
                after, updates = await self._commit(match, _step_events(steps))
            except StaleWriteError:
                return [reply(actor.language, Msg("core.retry"))]
        lines = self._step_lines(after, steps, actor.name)
        lines += presenter.seals_published(match, after)
        # The board and the private views are drawn at the same time, in worker threads.
        post, dms = await asyncio.gather(self._ending_post(after, lines, updates, before=match),
                                         self._turn_dms(match, after, seat))
        dms = [*self._summary_posts(after, steps), *dms]
        if any(step.event.secret for step in steps):
            # Only the mover sees what they chose (ephemeral); the channel hears that they moved.
            confirm = reply(actor.language, *(Msg("core.secret_move_recorded", {"move": step.event.text}) for step in steps))
            return [confirm, post, *dms]
        return [_as_reply(post), *dms]

    def _checked_orders(self, match: LoadedMatch, seat: Seat, texts: list[str]) -> tuple[list[_Step], Any]:
        """Parse and apply ``texts`` one after the other on a copy of the state, without dice:
        only the last may call for them (dice rolled for orders that then fail would be seen
        and thrown away). Raises ``_LineRefused`` for the first that fails."""
        engine, state = match.engine, match.state
        steps: list[_Step] = []
        for number, text in enumerate(texts, start=1):
            if seat not in engine.to_act(state):
                raise _LineRefused(number, text, "core.orders_line_not_your_turn")
            try:
                move = engine.parse_move(text, state, seat)
                canonical = engine.format_move(move, state)
                secret = engine.is_secret(move, state)
                after = engine.apply(state, seat, move)
            except MoveError as error:
                raise _LineRefused(number, text, "core.orders_line_refused", error) from None
            if number < len(texts) and engine.chance(after) is not None:
                raise _LineRefused(number, text, "core.orders_dice_not_last")
            event = MoveEvent(seat=seat, text=canonical, move=move.model_dump(mode="json"), secret=secret)
            steps.append(_Step(event, move, state, after))
            state = after
        return steps, state

    def _standing_steps(self, match: LoadedMatch, state: Any, draw_index: int, expired: frozenset[Seat] = frozenset()) -> tuple[list[_Step], Any]:
        """The moves standing orders make from ``state`` on, each with the dice it calls for
        (``StandingOrdersGame``); recorded as the deciding seat's ordinary moves."""
        engine = match.engine
        steps: list[_Step] = []
        if not isinstance(engine, StandingOrdersGame):
            return steps, state
        while len(steps) < MAX_STANDING_MOVES and engine.result(state) is None:
            made = engine.standing_move(state, match.progress.orders, expired)
            if made is None:
                break
            seat, move = made
            before = state
            event = MoveEvent(seat=seat, text=engine.format_move(move, state), move=move.model_dump(mode="json"))
            state, chance = resolve_chance(engine, engine.apply(state, seat, move), match.row.seed, draw_index)
            draw_index += _draws(chance)
            steps.append(_Step(event, move, before, state, tuple(chance), standing=True))
        return steps, state

    @_answered
    async def standing_orders(self, place: Place, actor: Actor, text: str = "") -> list[Delivery]:
        """Set (or, without text, show) the actor's standing orders in the live match here."""
        await self._seen(actor)
        async with self._seated(place, actor) as (match, refusal):
            if match is None:
                return refusal
            engine = match.engine
            if not isinstance(engine, StandingOrdersGame):
                return [reply(actor.language, Msg("core.no_standing_orders", {"game": presenter.game_name(match.row.game)}))]
            seat = match.seat_of(actor.user_id)
            assert seat is not None
            orders = match.progress.orders.get(seat, {})
            after = match
            steps: list[_Step] = []
            if text.strip():
                try:
                    orders = engine.parse_standing_orders(text.strip(), match.state, seat, orders)
                except MoveError as error:
                    return [reply(actor.language, Msg(error.code, presenter.seat_params(match, error.params)))]
                event = OrdersEvent(seat=seat, text=text.strip(), orders=orders)
                # A question already waiting on this seat may be answered by the new order at once.
                with_orders = replace(match, progress=replace(match.progress, orders={**match.progress.orders, seat: orders}))
                steps, _ = self._standing_steps(with_orders, match.state, match.progress.draw_index)
                try:
                    after, updates = await self._commit(match, [event, *_step_events(steps)])
                except StaleWriteError:
                    return [reply(actor.language, Msg("core.retry"))]
        shown = [
            Msg(code, presenter.seat_params(after, params))
            for code, params in engine.describe_standing_orders(after.state, seat, orders)
        ]
        head = Msg(f"{match.row.game}.standing_orders_head", {"player": actor.name})
        if not steps:
            return [reply(actor.language, head, *shown, ephemeral=not text.strip())]
        lines = [head, *shown, *self._step_lines(after, steps, actor.name)]
        post, dms = await asyncio.gather(self._ending_post(after, lines, updates), self._turn_dms(match, after))
        return [_as_reply(post), *self._summary_posts(after, steps), *dms]

    @staticmethod
    def _summary_posts(after: LoadedMatch, steps: list[_Step]) -> list[Delivery]:
        """A channel post per turn the steps ended (``SummarizingGame``)."""
        if not isinstance(after.engine, SummarizingGame):
            return []
        posts = []
        for step in steps:
            lines = after.engine.turn_summary(step.before, step.after)
            if lines:
                msgs = tuple(Msg(code, presenter.seat_params(after, params)) for code, params in lines)
                posts.append(Delivery(ChannelPost(after.row.channel_id), msgs, after.row.language))
        return posts

    def _move_error(self, match: LoadedMatch, seat: int, text: str, error: EngineError) -> list[Msg]:
        lines = [Msg(error.code, presenter.seat_params(match, error.params))]
        if isinstance(error, AmbiguousMoveError) or "closest" in error.params or "candidates" in error.params:
            return lines
        legal = [match.engine.format_move(m, match.state) for m in match.engine.legal_moves(match.state, seat)]
        closest = difflib.get_close_matches(text.strip().lower(), legal, n=CLOSEST, cutoff=0.0)
        if closest:
            lines.append(Msg("core.closest_moves", {"moves": closest}))
        return lines

    async def _acting_here(self, place: Place, actor: Actor) -> tuple[LoadedMatch | None, Seat | None]:
        """The live match here and the actor's seat if the actor is to act in it now (else ``None``);
        no match while the database fails, and no seat while the record is damaged."""
        try:
            match = await self._live(place)
        except (StorageError, DamagedRecordError) as error:
            log.warning("suggestions in %s: %s", place.channel_id, error)
            return None, None
        if match is None or match.damage is not None or match.row.status != "active" or match.result() is not None:
            return match, None
        seat = match.seat_of(actor.user_id)
        return match, (seat if seat is not None and seat in match.to_act() else None)

    async def suggest_moves(self, place: Place, actor: Actor, typed: str) -> list[str]:
        """Autocomplete: legal moves of the actor that start with (then contain) what was typed
        (none while the database fails or the record is damaged)."""
        return (await self.suggestions_at(place, actor, typed))[1]

    async def suggestions_at(self, place: Place, actor: Actor, typed: str) -> tuple[int, list[str]]:
        """``suggest_moves`` with the event sequence of the match they belong to (0 without a match),
        so an adapter can name a suggestion by (seq, move) and refuse it once the match moved on."""
        match, seat = await self._acting_here(place, actor)
        seq = match.progress.seq if match is not None else 0
        if match is None or seat is None:
            return seq, []
        if isinstance(match.engine, SuggestingGame):
            return seq, match.engine.suggest_moves(match.state, seat, typed, SUGGESTIONS)
        legal = [match.engine.format_move(m, match.state) for m in match.engine.legal_moves(match.state, seat)]
        needle = typed.strip().lower()
        starts = [m for m in legal if m.lower().startswith(needle)]
        contains = [m for m in legal if needle in m.lower() and m not in starts]
        return seq, (starts + contains)[:SUGGESTIONS]

    async def legal_texts_at(self, place: Place, actor: Actor) -> tuple[int, list[str]]:
        """Every legal move text of the actor in the live match here, with its event sequence
        (``(seq, [])`` when the actor is not to act); what an adapter's suggestion names map back to."""
        match, seat = await self._acting_here(place, actor)
        seq = match.progress.seq if match is not None else 0
        if match is None or seat is None:
            return seq, []
        return seq, [match.engine.format_move(m, match.state) for m in match.engine.legal_moves(match.state, seat)]

    def _claimable_at(self, match: LoadedMatch) -> datetime | None:
        """When the waiting players of ``match`` may end it for standing still: ``idle_after`` and
        ``CLAIM_AFTER`` after its last event, if no seat to act has a deadline (``None`` then: the
        time control ends it)."""
        if match.progress.last_at is None or any(match.deadline(seat) is not None for seat in match.to_act()):
            return None
        return match.progress.last_at + self.idle_after + CLAIM_AFTER

    def _may_end_idle(self, match: LoadedMatch, actor: Actor) -> bool:
        """Whether ``actor`` waits in ``match`` (seated, not to act) and it has stood still long enough."""
        seat = match.seat_of(actor.user_id)
        at = self._claimable_at(match)
        return (
            match.row.status == "active" and seat is not None and seat not in match.to_act()
            and at is not None and self.clock.now() >= at
        )

    @_answered
    async def claim(self, place: Place, actor: Actor) -> list[Delivery]:
        """``/match claim``: a waiting player takes the win of a match the player to act has left
        standing (reminded at ``idle_after``, claimable ``CLAIM_AFTER`` later); recorded as that
        seat's time-out."""
        await self._seen(actor)
        async with self._seated(place, actor) as (match, refusal):
            if match is None:
                return refusal
            idle = sorted(match.to_act())
            if match.seat_of(actor.user_id) in idle:
                return [reply(actor.language, Msg("core.claim_your_turn"))]
            if not self._may_end_idle(match, actor) or not idle:
                at = self._claimable_at(match)
                if at is None:
                    return [reply(actor.language, Msg("core.claim_has_deadline"))]
                waiting = [match.name_of(s) for s in idle]
                return [reply(actor.language, Msg("core.claim_not_yet", {"at": at, "player": waiting}))]
            try:
                after, updates = await self._commit(match, [TimeoutEvent(seat=idle[0])])
            except StaleWriteError:
                return [reply(actor.language, Msg("core.retry"))]
        lines = [Msg("core.claimed", {"player": actor.name, "idle": match.name_of(idle[0]), "days": (self.clock.now() - match.progress.last_at).days})]  # type: ignore[operator]
        return [_as_reply(await self._ending_post(after, lines, updates))]

    @_answered
    async def resign(self, place: Place, actor: Actor) -> list[Delivery]:
        async with self._seated(place, actor) as (match, refusal):
            if match is None:
                return refusal
            seat = match.seat_of(actor.user_id)
            assert seat is not None  # _seated answers for who is not seated
            try:
                after, updates = await self._commit(match, [ResignEvent(seat=seat)])
            except StaleWriteError:
                return [reply(actor.language, Msg("core.retry"))]
        post = await self._ending_post(after, [], updates)
        return [_as_reply(post)]

    @_answered
    async def offer_draw(self, place: Place, actor: Actor) -> list[Delivery]:
        async with self._seated(place, actor) as (match, refusal):
            if match is None:
                return refusal
            if match.progress.meta.draw_offer is not None:
                return [reply(actor.language, Msg("core.draw_pending", {"player": match.name_of(match.progress.meta.draw_offer)}))]
            seat = match.seat_of(actor.user_id)
            assert seat is not None  # _seated answers for who is not seated
            try:
                after, _ = await self._commit(match, [DrawOfferEvent(seat=seat)])
            except StaleWriteError:
                return [reply(actor.language, Msg("core.retry"))]
        offered = after.progress.seq
        return [
            reply(
                match.row.language,
                Msg("core.draw_offered", {"player": actor.name}),
                ephemeral=False,
                buttons=(Button("draw_accept", match.id, seq=offered), Button("draw_decline", match.id, seq=offered)),
            )
        ]

    async def _offer_gone(self, match: LoadedMatch, offered: int) -> bool:
        """Whether the draw offer made at event ``offered`` is no longer the open one (answered,
        ended by a move, or followed by a newer offer)."""
        if match.progress.meta.draw_offer is None or offered > match.progress.seq:
            return True
        later = await self.repo.entries(match.id, after_seq=offered)
        return any(isinstance(entry.event, (DrawOfferEvent, MoveEvent)) for entry in later)

    async def draw_offer_open(self, match_id: int, offered: int) -> bool:
        """Whether the draw buttons of the offer made at ``offered`` can still be pressed."""
        match = await self.book.load(match_id)
        return match is not None and match.result() is None and not await self._offer_gone(match, offered)

    @_answered
    async def answer_draw(self, match_id: int, actor: Actor, accepted: bool, pressed: Pressed | None = None) -> list[Delivery]:
        """A click on the Accept/Decline buttons of a draw offer (``pressed``: where, and the
        offer's event; an answer to an offer no longer open is refused as out of date)."""
        await self._seen(actor)
        async with self.book.lock(match_id):
            match = await self.book.load(match_id)
            if match is None or (pressed is not None and not pressed.belongs_to(match)):
                return [reply(actor.language, Msg("core.unknown_match_button" if pressed is not None else "core.match_over"))]
            if pressed is not None and pressed.seq is not None and match.result() is None and await self._offer_gone(match, pressed.seq):
                return [reply(actor.language, Msg("core.button_outdated"))]
            if match is not None and match.damage is not None:
                return [reply(actor.language, damaged_line(match.id, match.damage))]
            if match is None or match.result() is not None:
                return [reply(actor.language, Msg("core.match_over"))]
            seat = match.seat_of(actor.user_id)
            offer = match.progress.meta.draw_offer
            if seat is None:
                return [reply(actor.language, Msg("core.not_seated"))]
            if offer is None:
                return [reply(actor.language, Msg("core.draw_none"))]
            if seat == offer:
                return [reply(actor.language, Msg("core.draw_own_offer"))]
            if (late := self._overdue(match)) is not None:
                return await self._time_out(match, late, actor)
            try:
                after, updates = await self._commit(match, [DrawAnswerEvent(seat=seat, accepted=accepted)])
            except StaleWriteError:
                return [reply(actor.language, Msg("core.retry"))]
        if not accepted:
            return [reply(match.row.language, Msg("core.draw_declined", {"player": actor.name}), ephemeral=False)]
        if after.result() is None:
            return [reply(match.row.language, Msg("core.draw_accepted_by", {"player": actor.name}), ephemeral=False)]
        post = await self._ending_post(after, [], updates)
        return [_as_reply(post)]

    # ------------------------------------------------------------ information

    @_answered
    async def board(self, place: Place, actor: Actor, region: str | None = None) -> list[Delivery]:
        """The board again; with ``region`` (an id or its name in English or Dutch) one part of
        the map at full size, for games that have regions (``RegionsGame``)."""
        match = await self._latest(place)
        if match is not None and match.damage is not None:
            return [reply(actor.language, damaged_line(match.id, match.damage))]
        if match is None or not match.started:
            return self._no_match(actor) if match is None else [reply(actor.language, Msg("core.not_started"))]
        region_id = ""
        if region:
            regions = match.engine.regions if isinstance(match.engine, RegionsGame) else ()
            if not regions:
                return [reply(actor.language, Msg("core.no_regions", {"game": presenter.game_name(match.row.game)}))]
            found = _region_named(regions, region)
            if found is None:
                choices = [Msg(f"commands.choice_region_{r}") for r in regions]
                return [reply(actor.language, Msg("core.unknown_region", {"region": region, "regions": choices}))]
            region_id = found
        part = f"region:{region_id}" if region_id else ""
        post = await presenter.board_post(match, [], self.clock.now(), renderer=self.renderer, part=part)
        return [_as_reply(post)]

    @_answered
    async def territory(self, place: Place, actor: Actor, name: str) -> list[Delivery]:
        """``/territory``: what the game says about one place of the board of the match here."""
        match = await self._latest(place)
        if match is not None and match.damage is not None:
            return [reply(actor.language, damaged_line(match.id, match.damage))]
        if match is None or not match.started:
            return self._no_match(actor) if match is None else [reply(actor.language, Msg("core.not_started"))]
        if not isinstance(match.engine, PlaceInfoGame):
            return [reply(actor.language, Msg("core.no_places", {"game": presenter.game_name(match.row.game)}))]
        lines = match.engine.describe_place(match.state, name.strip())
        return [reply(actor.language, *(Msg(code, presenter.seat_params(match, params)) for code, params in lines))]

    async def place_choices(self, place: Place, actor: Actor, typed: str) -> list[tuple[str, str]]:
        """Autocomplete for ``/territory``: (shown name, value) of the places of the match here that
        fit what was typed, at most ``PLACE_CHOICES`` (none without such a match or while the
        database fails)."""
        try:
            match = await self._latest(place)
        except (StorageError, DamagedRecordError) as error:
            log.warning("place choices in %s: %s", place.channel_id, error)
            return []
        if match is None or not isinstance(match.engine, PlaceInfoGame):
            return []
        return match.engine.place_choices(typed, actor.language, PLACE_CHOICES)

    @_answered
    async def status(self, place: Place, actor: Actor) -> list[Delivery]:
        match = await self._latest(place)
        if match is None:
            return self._no_match(actor)
        lines = [
            Msg("core.status_head", {"game": presenter.game_name(match.row.game), "id": match.id, "status": Msg(f"core.status_{match.row.status}")}),
            presenter.seats_line(match),
            _time_control_line(match.time_control),
        ]
        if match.damage is not None:
            lines.append(damaged_line(match.id, match.damage))
        elif match.started:
            lines.append(Msg("core.moves_played", {"count": match.progress.moves}))
            lines.extend(presenter.turn_lines(match))
            clocks = presenter.clock_line(match, self.clock.now())
            if clocks is not None:
                lines.append(clocks)
        if match.damage is None and match.progress.seq and (match.row.status not in LIVE or not match.progress.secret_seen):
            lines.append(hash_line(match))
        return [reply(actor.language, *lines)]

    @_answered
    async def history(self, place: Place, actor: Actor, page: int = 1) -> list[Delivery]:
        match = await self._latest(place)
        if match is None:
            return self._no_match(actor)
        if match.damage is not None:
            return [reply(actor.language, damaged_line(match.id, match.damage))]
        entries = await self.repo.entries(match.id)
        if isinstance(match.engine, SummarizingGame):
            return await self._summary_history(match, entries, actor, page)
        moves = [(e, e.event) for e in entries if isinstance(e.event, MoveEvent)]
        if not moves:
            return [reply(actor.language, Msg("core.history_empty"))]
        pages = (len(moves) + HISTORY_PAGE - 1) // HISTORY_PAGE
        page = min(max(page, 1), pages)
        chunk = moves[(page - 1) * HISTORY_PAGE : page * HISTORY_PAGE]
        lines = [Msg("core.history_head", {"page": page, "pages": pages})]
        for number, (entry, event) in enumerate(chunk, start=(page - 1) * HISTORY_PAGE + 1):
            hidden = event.secret and match.row.status in ("open", "active")
            key = "core.history_secret" if hidden else "core.history_line"
            lines.append(
                Msg(key, {"n": number, "player": match.name_of(event.seat), "move": event.text, "at": entry.at})
            )
        return [reply(actor.language, *lines, page=(page, pages))]

    async def _summary_history(self, match: LoadedMatch, entries: list[Entry], actor: Actor, page: int) -> list[Delivery]:
        """``/match history`` of a ``SummarizingGame``: the summaries of the turns played, a few a
        page (the record replayed off the event loop: each turn's summary is read off the move
        that ended it)."""
        said = await self.renderer.run(turn_summaries, match.row.game, match.options, [e.event for e in entries])
        summaries = [tuple(Msg(code, presenter.seat_params(match, params)) for code, params in lines) for lines in said]
        if not summaries:
            return [reply(actor.language, Msg("core.history_no_turns"))]
        pages = (len(summaries) + SUMMARY_PAGE - 1) // SUMMARY_PAGE
        page = min(max(page, 1), pages)
        chunk = summaries[(page - 1) * SUMMARY_PAGE : page * SUMMARY_PAGE]
        lines = [Msg("core.history_turns_head", {"page": page, "pages": pages})]
        for summary in chunk:
            lines += summary
        return [reply(actor.language, *lines, page=(page, pages))]

    @_answered
    async def my_games(self, guild_id: str | None, actor: Actor) -> list[Delivery]:
        rows = await self.repo.matches_of_user(actor.user_id, guild_id, live_only=True)
        if not rows:
            return [reply(actor.language, Msg("core.games_none"))]
        lines = [Msg("core.games_head", {"count": len(rows)})]
        for row in rows:
            match = await self.book.load_known(row.id)
            seat = match.seat_of(actor.user_id)
            waiting = seat in match.to_act()
            key = "core.games_line_waiting" if waiting else "core.games_line"
            lines.append(
                Msg(
                    key,
                    {
                        "game": presenter.game_name(row.game),
                        "channel": ChannelRef(row.channel_id, row.guild_id),
                        "status": Msg(f"core.status_{row.status}"),
                        "deadline": match.deadline(seat) if waiting and seat is not None else None,
                    },
                )
            )
        return [reply(actor.language, *lines)]

    @_answered
    async def my_view(
        self, actor: Actor, *, place: Place | None = None, match_id: int | None = None, piece: str | None = None,
        pressed: Pressed | None = None,
    ) -> list[Delivery]:
        """The actor's private view, as an ephemeral reply (``/view`` and the button); with
        ``piece``, the squares it can reach drawn on it, where the game shows them to beginners."""
        if match_id is not None:
            match = await self.book.load(match_id)
            if match is not None and pressed is not None and not pressed.belongs_to(match):
                return [reply(actor.language, Msg("core.unknown_match_button"))]
        else:
            match = await self._latest(place) if place is not None else None
        if match is None:
            return self._no_match(actor)
        if match.damage is not None:
            return [reply(actor.language, damaged_line(match.id, match.damage))]
        if not match.started:
            return [reply(actor.language, Msg("core.not_started"))]
        seat = match.seat_of(actor.user_id)
        highlights: tuple[str, ...] = ()
        if piece:
            if not isinstance(match.engine, ReachGame) or seat is None:
                return [reply(actor.language, Msg("core.reach_not_offered"))]
            board = match.engine.rating_board(match.options) if isinstance(match.engine, RatedGame) else ""
            rating = await self.repo.rating(match.row.guild_id or "", actor.user_id, match.row.game, board)
            if not match.engine.shows_reach(board, rating.points if rating else 0):
                return [reply(actor.language, Msg("core.reach_not_shown"))]
            try:
                highlights = match.engine.reachable_squares(match.state, seat, piece.strip().lower())
            except EngineError as error:  # a square the board lacks, or no piece of the viewer there
                return [reply(actor.language, Msg(error.code, error.params))]
        image = await presenter.board_image(
            match, seat, actor.language, highlights, self.clock.now(), renderer=self.renderer
        )
        key = "core.your_view" if seat is not None else "core.spectator_view"
        return [reply(actor.language, Msg(key, {"game": presenter.game_name(match.row.game)}), attachments=(image,))]

    @_answered
    async def profile(self, guild_id: str | None, actor: Actor, user: Actor | None = None) -> list[Delivery]:
        """Points and rank status of ``user`` (default the actor) on this server, per game and board."""
        who = user or actor
        rows = await self.repo.ratings_of(guild_id or "", who.user_id)
        if not rows:
            return [reply(actor.language, Msg("core.profile_none", {"player": who.name}))]
        lines = [Msg("core.profile_head", {"player": who.name})]
        for row in rows:
            engine = self.book.engine(row.game)
            if not isinstance(engine, RatedGame):  # rating rows are written for rated games only
                continue
            lines.append(Msg("core.profile_line", {**_rating_params(row), "status": Msg(engine.rating_status(row.board, row.points))}))
        return [reply(actor.language, *lines)]

    @_answered
    async def leaderboard(self, guild_id: str | None, actor: Actor, game: str, board: str | None = None) -> list[Delivery]:
        """The server's table for a rated game and board, best first."""
        try:
            engine = self.book.engine(game)
        except KeyError:
            return [reply(actor.language, self._unknown_game(game))]
        if not isinstance(engine, RatedGame):
            return [reply(actor.language, Msg("core.not_rated", {"game": presenter.game_name(game)}))]
        board = board or engine.rating_boards()[0]
        if board not in engine.rating_boards():
            return [reply(actor.language, Msg("core.unknown_board", {"board": board, "boards": list(engine.rating_boards())}))]
        rows = await self.repo.leaderboard(guild_id or "", game, board, LEADERBOARD_SIZE)
        head = Msg("core.leaderboard_head", {"game": presenter.game_name(game), "board": board})
        if not rows:
            return [reply(actor.language, head, Msg("core.leaderboard_empty"))]
        lines = [
            Msg("core.leaderboard_line", {"rank": place, **_rating_params(row), "status": Msg(engine.rating_status(board, row.points))})
            for place, row in enumerate(rows, start=1)
        ]
        return [reply(actor.language, head, *lines)]

    @_answered
    async def verify(self, place: Place, actor: Actor) -> list[Delivery]:
        """Check a finished record: replayed from the start, every roll recomputed from the revealed
        seed, every seal opened. The replay runs in the renderer's workers (a long record holds a
        core for seconds); one user may ask once every ``VERIFY_EVERY``."""
        now = self.clock.now()
        last = self._verified_at.get(actor.user_id)
        if last is not None and now - last < VERIFY_EVERY:
            return [reply(actor.language, Msg("core.verify_wait", {"at": last + VERIFY_EVERY}))]
        self._verified_at[actor.user_id] = now
        match = await self._latest(place)
        if match is None:
            return self._no_match(actor)
        if match.row.status not in ("finished", "aborted"):
            return [reply(actor.language, Msg("core.verify_not_over"))]
        damage = match.damage
        entries: list[Entry] = []
        ok, checks, seals = False, list[RollCheck](), list[SealCheck]()
        if damage is None:
            entries = await self.repo.entries(match.id)
            # The load replayed only what followed the snapshot: replay all of it before trusting it.
            damage, ok, checks, seals = await self.renderer.run(
                verify_record, match.engine, match.options, entries, match.row.seed, match.row.commitment
            )
        if damage is not None:
            log.warning("match %s: event %s does not replay", match.id, damage.seq)
            return [reply(match.row.language, damaged_line(match.id, damage), Msg("core.verify_damaged"), ephemeral=False)]
        lines = [
            Msg(
                "core.verify_head",
                {
                    "seed": match.row.seed.hex(),
                    "hash": match.row.commitment,
                    "recomputed": commitment(match.row.seed),
                    "rolls": len(checks),
                },
            )
        ]
        for check in checks:
            lines.append(
                Msg(
                    "core.verify_roll" if check.ok else "core.verify_roll_bad",
                    {"seq": check.seq, "kind": check.kind, "index": check.first_index, "values": list(check.recorded), "recomputed": list(check.recomputed)},
                )
            )
        lines.extend(_seal_check_line(match, check) for check in seals)
        if not ok:
            lines.append(Msg("core.verify_failed"))
        elif not all(check.ok for check in seals):
            lines.append(Msg("core.verify_seals_failed"))
        else:
            lines.append(Msg("core.verify_ok"))
        lines.append(Msg("core.verify_how"))
        if seals:
            lines.append(Msg("core.verify_seal_how"))
        lines.append(hash_line(match))
        return [reply(match.row.language, *lines, ephemeral=False)]

    @_answered
    async def export(self, place: Place, actor: Actor) -> list[Delivery]:
        match = await self._latest(place)
        if match is None:
            return self._no_match(actor)
        if match.damage is not None:
            return [reply(actor.language, damaged_line(match.id, match.damage))]
        record = await self.record(match.id)
        live = match.row.status in ("open", "active")
        if live and any(getattr(e.event, "secret", False) for e in record.entries):
            return [reply(actor.language, Msg("core.export_after_end"))]
        data = record.model_dump_json(indent=2).encode()
        name = f"scheids-{match.row.game}-{match.id}.json"
        return [reply(actor.language, Msg("core.exported", {"file": name}), ephemeral=False, attachments=(Attachment(name, data),))]

    async def record(self, match_id: int) -> Record:
        """The portable record; the seed only once the match is over."""
        match = await self.book.load_known(match_id)
        over = match.row.status in ("finished", "aborted")
        return Record(
            game=match.row.game,
            engine_version=match.row.engine_version,
            options=match.row.options,
            seats=tuple(seat.name for seat in match.seats),
            seed_commitment=match.row.commitment,
            seed_hex=match.row.seed.hex() if over else None,
            entries=tuple(await self.repo.entries(match.id)),
        )

    @_answered
    async def press(self, place: Place, actor: Actor, kind: str, text: str = "") -> list[Delivery]:
        """A button of the newest match here, by kind (the console's ``/button``); ``move``
        submits ``text`` like a move button of that match."""
        row = await self.repo.latest_match_in(place.channel_id)
        if row is None:
            return self._no_match(actor)
        if kind == "move" and text:
            return await self.submit_in(row.id, actor, text)
        if kind == "view_pieces":
            return await self.my_view(actor, match_id=row.id)
        if kind in ("draw_accept", "draw_decline"):
            return await self.answer_draw(row.id, actor, kind == "draw_accept")
        return [reply(actor.language, Msg("core.unknown_button", {"kind": kind}))]

    # ------------------------------------------------------------ deliveries

    async def dm_refused(self, match_id: int, user_id: str) -> list[Delivery]:
        """A DM bounced (closed DMs): tell the channel once, with the view button as fallback."""
        if not await self.repo.mark_dm_closed(match_id, user_id):
            return []
        match = await self.book.load_known(match_id)
        seat = match.seat_of(user_id)
        name = match.name_of(seat) if seat is not None else "?"
        return [
            Delivery(
                ChannelPost(match.row.channel_id),
                (Msg("core.dm_closed", {"player": name}),),
                match.row.language,
                buttons=(Button("view_pieces", match.id),),
            )
        ]

    # ------------------------------------------------------------------ timers

    async def fire_timer(self, timer: TimerRow) -> list[Delivery]:
        """A due timer: a reminder DM, or a loss on time. Stale timers are removed and do nothing.

        A timeout is recorded by the same transaction that removes the match's timers, so a
        crash before it leaves the timer to fire again and a crash after it leaves none; in two
        processes the event sequence lets only one record it. A reminder is claimed (deleted)
        first, so only one process sends it."""
        timer_id = timer.id
        if timer_id is None:
            raise ValueError("only a stored timer (with an id) can fire")
        async with self.book.lock(timer.match_id):
            try:
                match = await self.book.load(timer.match_id)
            except OutdatedMatchError:
                await self.repo.claim_timer(timer_id)
                return []
            if (
                match is None
                or match.row.status != "active"
                or match.row.last_seq != timer.seq
                or timer.seat not in match.to_act()
            ):  # stale
                await self.repo.claim_timer(timer_id)
                return []
            if timer.kind == "question":
                return await self._question_expired(match, timer)
            seat = match.seats[timer.seat]
            deadline = match.deadline(timer.seat)
            if timer.kind == "reminder":
                if not await self.repo.claim_timer(timer_id):
                    return []  # another process sent it
                if computer_level(seat.user_id):
                    return []  # nobody to remind
                language = await self._language_of(seat.user_id, match.row.language)
                where = {"game": presenter.game_name(match.row.game), "channel": presenter.place_ref(match)}
                if deadline is None:  # a match standing still: the others may end it from ``claimable``
                    idle = {"days": self.idle_after.days, "claimable": self._claimable_at(match)}
                    line = Msg("core.idle_reminder", {**where, **idle})
                else:
                    line = Msg("core.reminder", {**where, "deadline": deadline})
                return [Delivery(DirectMessage(seat.user_id, match.id), (line,), language)]
            if deadline is None or deadline > self.clock.now():
                # Not this turn's deadline (the time control says otherwise): the next commit sets
                # the right timers, and any late command is refused by ``_overdue`` meanwhile.
                await self.repo.claim_timer(timer_id)
                return []
            try:
                after, updates = await self._commit(match, [TimeoutEvent(seat=timer.seat)])
            except StaleWriteError:
                return []
        return [await self._ending_post(after, [], updates)]


    async def _question_expired(self, match: LoadedMatch, timer: TimerRow) -> list[Delivery]:
        """A question's deadline passed (under the match's lock): the seat's standing order
        answers it, recorded as that seat's moves, and play goes on (issue 15)."""
        engine = match.engine
        asked = engine.asks(match.state, match.progress.orders) if isinstance(engine, StandingOrdersGame) else {}
        steps: list[_Step] = []
        if timer.seat in asked:
            steps, _ = self._standing_steps(match, match.state, match.progress.draw_index, frozenset({timer.seat}))
        if not steps:
            if timer.id is not None:
                await self.repo.claim_timer(timer.id)
            return []
        try:
            after, updates = await self._commit(match, _step_events(steps))
        except StaleWriteError:
            return []
        lines = [Msg("core.question_expired", {"player": match.name_of(timer.seat)}), *self._step_lines(after, steps, "")]
        post, dms = await asyncio.gather(self._ending_post(after, lines, updates, before=match), self._turn_dms(match, after))
        return [post, *self._summary_posts(after, steps), *dms]

    def _step_lines(self, after: LoadedMatch, steps: list[_Step], mover: str) -> list[Msg]:
        """What each step of a command did: the move (typed by ``mover``, or by a standing
        order), its dice and its consequences."""
        lines: list[Msg] = []
        for step in steps:
            if step.event.secret:
                lines.append(Msg("core.secret_move_played", {"player": mover}))
            elif step.standing:
                lines.append(Msg("core.standing_move_played", {"player": after.name_of(step.event.seat), "move": step.event.text}))
            else:
                lines.append(Msg("core.move_played", {"player": mover, "move": step.event.text}))
            lines += self._chance_lines(after, list(step.chance))
            lines += presenter.consequence_lines_between(after, step.before, step.event.seat, step.move, step.after)
        return lines


_SEAT_REFUSALS = {"full": "core.match_full", "not_open": "core.already_started", "seated": "core.already_seated"}


def turn_summaries(slug: str, options: Any, events: list[Any]) -> list[tuple[tuple[str, dict[str, Any]], ...]]:
    """The turn summaries of a record (its events replayed from the start): what each move that
    ended a turn says (``SummarizingGame.turn_summary``). Plain data in and out: it runs in a
    worker process (``Renderer.run``)."""
    engine = get_engine(slug)
    assert isinstance(engine, SummarizingGame)
    summaries = []
    state = None
    for event in events:
        after = replay_step(engine, options, state, event)
        if isinstance(event, MoveEvent) and state is not None:
            said = engine.turn_summary(state, after)
            if said:
                summaries.append(tuple(said))
        state = after
    return summaries


def verify_record(
    engine: Engine, options: Any, entries: list[Entry], seed: bytes, seed_commitment: str
) -> tuple[Damage | None, bool, list[RollCheck], list[SealCheck]]:
    """``/match verify``'s work on a whole record: replay every event from the start (the first the
    rules refuse is the damage), then recompute each roll from the seed and open each seal. Plain
    data in and out: it runs in a worker process (``Renderer.run``)."""
    state = None
    for entry in entries:
        try:
            state = replay_step(engine, options, state, entry.event)
        except Exception:  # noqa: BLE001 - whatever the rules raise on an event they cannot take
            return Damage(entry.seq, "replay"), False, [], []
    ok, checks = verify(engine, options, entries, seed, seed_commitment)
    return None, ok, list(checks), list(verify_seals(engine, options, entries))


def outdated_reply(error: OutdatedMatchError, language: str) -> list[Delivery]:
    """What adapters answer when a command meets a match of older rules."""
    params = {"id": error.match_id, "recorded": error.recorded, "current": error.current}
    return [reply(language, Msg("core.outdated_match", params))]


def _rating_params(row: RatingRow) -> dict[str, Any]:
    return {
        "player": row.name,
        "game": presenter.game_name(row.game),
        "board": row.board,
        "points": row.points,
        "wins": row.wins,
        "draws": row.draws,
        "losses": row.losses,
    }


def _seal_check_line(match: LoadedMatch, check: SealCheck) -> Msg:
    """One seal of ``/match verify``: what was published, what it opened to, and whether they agree."""
    params = {
        "name": presenter.seal_name(match, check.name),
        "seq": check.seq,
        "digest": check.digest,
        "opening": check.opening if check.opening is not None else "",
        "recomputed": check.recomputed,
        "changed": check.changed_seq,
    }
    if check.ok:
        return Msg("core.verify_seal", params)
    if check.changed_seq is not None:
        return Msg("core.verify_seal_changed", params)
    if check.opening is None:
        return Msg("core.verify_seal_unopened", params)
    return Msg("core.verify_seal_bad", params)


def _time_control_line(control: TimeControl) -> Msg:
    if control.per_move is None and control.clock is None:
        return Msg("core.time_none")
    parts = []
    if control.per_move is not None:
        parts.append(Msg("core.time_per_move", {"hours": _number(control.per_move_hours)}))
    if control.clock is not None:
        parts.append(Msg("core.time_clock", {"minutes": _number(control.clock_minutes)}))
    return Msg("core.time_control", {"parts": parts})


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def _as_reply(post: Delivery) -> Delivery:
    """The public post as the public answer to the command that caused it."""
    return Delivery(Reply(ephemeral=False), post.lines, post.language, post.attachments, post.buttons)


class Pressed(NamedTuple):
    """Where a button of a match was pressed, and the state it was made for."""

    guild_id: str | None
    seq: int | None = None
    """The event sequence the button was made for (``None``: a button that names no state)."""

    def belongs_to(self, match: LoadedMatch) -> bool:
        """A button works only in its match's server."""
        return match.row.guild_id == self.guild_id


class _Step(NamedTuple):
    """One move of a command: its event, the move, the states around it and the dice it called for."""

    event: MoveEvent
    move: Any
    before: Any
    after: Any
    chance: tuple[Any, ...] = ()
    standing: bool = False
    """Made by a standing order (``StandingOrdersGame``), not typed."""


class _LineRefused(Exception):
    """Line ``number`` of an ``/orders`` text was refused: ``code`` says how, ``error`` why."""

    def __init__(self, number: int, text: str, code: str, error: EngineError | None = None) -> None:
        super().__init__(code)
        self.number, self.text, self.code, self.error = number, text, code, error


def _step_events(steps: list[_Step]) -> list[Any]:
    """The events that record ``steps``: each move (or order) followed by the chance it drew."""
    return [event for step in steps for event in (step.event, *step.chance)]


def _draws(chance: Any) -> int:
    return sum(len(event.values) for event in chance)
