"""Timers that fire: a reminder, a loss on time, a question a standing order answers once its
time is up; and the end of a timeout a bot died before posting."""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any

from bot.i18n import Msg
from bot.services import presenter
from bot.services.channels import channel_named, deleted_channels
from bot.services.delivery import Delivery
from bot.services.match import announce, deadlines, grace, notices, referee, teams
from bot.services.noted import noted
from bot.services.people import computer_level
from bot.services.progress import LoadedMatch
from bot.storage.models import EndingUpdate, TimerRow
from bot.storage.repository import DamagedRecordError, OutdatedMatchError, StaleWriteError
from engines.core import capabilities as offers
from engines.core.record import AutopilotEvent, GraceEvent, TeamChoiceEvent, TimeoutEvent

if TYPE_CHECKING:
    from bot.services.match.core import Core

log = logging.getLogger(__name__)

UNPOSTED_TIMEOUT = "unposted-timeout:"
"""Setting key prefix (then the match id; the value: the timeout's seq) of a timeout being recorded
and not yet posted (``fire``)."""


async def fire(core: Core, timer: TimerRow) -> list[Delivery]:
    """A due timer: a reminder DM, or a loss on time. Stale timers are removed and do nothing.

    A timeout is recorded by the same transaction that removes the match's timers, so a
    crash before it leaves the timer to fire again and a crash after it leaves none; in two
    processes the event sequence lets only one record it. A reminder is claimed (deleted)
    first, so only one process sends it."""
    timer_id = timer.id
    if timer_id is None:
        raise ValueError("only a stored timer (with an id) can fire")
    async with core.book.lock(timer.match_id):
        try:
            match = await core.book.load(timer.match_id)
        except OutdatedMatchError:
            await core.repo.claim_timer(timer)
            return []
        if match is not None and timer.kind == "team":
            return await _team_time_up(core, match, timer)
        if (
            match is None
            or match.row.status != "active"
            or match.row.last_seq != timer.seq
            or timer.seat not in match.to_act()
        ):  # stale
            await core.repo.claim_timer(timer)
            return []
        if timer.kind == "question":
            return await _question_expired(core, match, timer)
        seat = match.seats[timer.seat]
        deadline = match.deadline(timer.seat)
        if timer.kind == "reminder":
            if not await core.repo.claim_timer(timer):
                return []  # another process sent it
            if computer_level(seat.user_id):
                return []  # nobody to remind
            language = await core.language_of(seat.user_id, match.row.language)
            channel = channel_named(match.row.channel_id, match.row.guild_id, await deleted_channels(core.repo))
            where = {"game": presenter.game_name(match.row.game), "channel": channel}
            if deadline is None:  # a match standing still: the others may end it from ``claimable``
                idle = {"days": core.idle_after.days, "claimable": deadlines.claimable_at(match, core.idle_after)}
                line = Msg("core.idle_reminder", {**where, **idle})
            else:
                line = Msg("core.reminder", {**where, "deadline": deadline})
            prefs = (await notices.prefs_of(core, [seat.user_id]))[seat.user_id]
            if prefs.how == "none":
                return []
            return [notices.addressed(prefs, match, seat.user_id, line, language)]
        if deadline is None or deadline > core.clock.now():
            # Not this turn's deadline (the time control says otherwise): the next commit sets
            # the right timers, and any late command is refused by ``deadlines.overdue`` meanwhile.
            await core.repo.claim_timer(timer)
            return []
        # The missed deadline is first forgiven (a grace), then handed to the computer or lost.
        events = grace.lapse_events(match, timer.seat)
        committed = await _commit_noted(core, match, events)
        if committed is None:
            return []
        after, updates = committed
    return await _lapse_posts(core, after, events[0], updates)


async def _commit_noted(
    core: Core, match: LoadedMatch, events: list[Any],
) -> tuple[LoadedMatch, list[EndingUpdate]] | None:
    """Commit a timer's ``events`` with a note before the commit, taken back (claimed) before the
    post (``noted``): should the bot die between the commit and the post, a restarted bot finds the
    note and posts it (``unposted_timeouts``). ``None``: another process committed or posted it."""
    note = f"{UNPOSTED_TIMEOUT}{match.id}"

    async def write_note() -> bool:
        await core.repo.set_setting(note, str(match.row.last_seq + 1))
        return True

    async def commit() -> tuple[LoadedMatch, list[EndingUpdate]] | None:
        try:
            return await core.commit(match, events)
        except StaleWriteError:
            return None  # another process recorded it: the note stays for its timer

    return await noted(write_note, commit, lambda: core.repo.claim_setting(note))


async def _team_time_up(core: Core, match: LoadedMatch, timer: TimerRow) -> list[Delivery]:
    """A team's time to choose is up (under the match's lock): the match's default choice
    (``grace.team_default``) is recorded, once, with the note ``fire`` leaves for a timeout (a bot
    dying between the commit and the post posts it after its restart)."""
    due = grace.team_deadline(match)
    if (
        match.row.status != "active" or match.row.last_seq != timer.seq or match.damage is not None
        or match.progress.meta.undecided != timer.seat or due is None or due > core.clock.now()
    ):  # stale: the team chose, or the match moved on (its next commit set the timers anew)
        await core.repo.claim_timer(timer)
        return []
    events = grace.team_default_events(match)
    committed = await _commit_noted(core, match, events)
    if committed is None:
        return []
    after, updates = committed
    return [*await _lapse_posts(core, after, events[0], updates), *await announce.turn_dms(core, match, after)]


async def _lapse_posts(core: Core, after: LoadedMatch, event: object, updates: list) -> list[Delivery]:
    """What a missed deadline posts: a grace's warning, the computer taking the seat, or the end
    (or the team's question) of a loss on time; or what a team that did not choose in time got."""
    if isinstance(event, TimeoutEvent):
        return [await announce.ending_post(core, after, [], updates)]
    if isinstance(event, TeamChoiceEvent):
        line = Msg(f"teams.no_choice_{event.choice}", {"seat": after.name_of(event.seat)})
        return [await announce.ending_post(core, after, [line], updates)]
    return teams.lapse_deliveries(after, event)


async def unposted_timeouts(core: Core) -> list[Delivery]:
    """The end of each match whose timeout was recorded by a bot that died before posting it
    (``fire``'s note is still there): posted once, by whoever claims the note. A note whose
    timeout is not recorded stays (its timer fires again and takes it back), unless the match
    went on otherwise."""
    posts: list[Delivery] = []
    for note, value in (await core.repo.settings_starting(UNPOSTED_TIMEOUT)).items():
        try:
            match_id, seq = int(note.removeprefix(UNPOSTED_TIMEOUT)), int(value)
        except ValueError:
            await core.repo.claim_setting(note)
            continue
        async with core.book.lock(match_id):
            match = await core.book.load(match_id)
            if match is not None and match.row.last_seq < seq:
                continue  # not recorded (yet)
            try:
                event = (await core.repo.entries(match_id, seq - 1))[:1] if match is not None else []
            except DamagedRecordError:
                event = []
            lapse = (TimeoutEvent, GraceEvent, AutopilotEvent, TeamChoiceEvent)
            recorded = bool(event) and isinstance(event[0].event, lapse) and match is not None
            if await core.repo.claim_setting(note) and recorded and match is not None and match.damage is None:
                log.info("match %s: posting its missed deadline, recorded before a restart", match_id)
                posts.extend(await _lapse_posts(core, match, event[0].event, []))
    return posts


async def _question_expired(core: Core, match: LoadedMatch, timer: TimerRow) -> list[Delivery]:
    """A question's deadline passed (under the match's lock): the seat's standing order
    answers it, recorded as that seat's moves, and play goes on."""
    engine = match.engine
    asked = engine.asks(match.state, match.progress.orders) if offers.standing_orders(engine) else {}
    steps: list[referee.Step] = []
    if timer.seat in asked:
        steps, _ = referee.standing_steps(engine, match.state, match.progress.orders, match.row.seed,
                                          match.progress.draw_index, frozenset({timer.seat}))
    if not steps:
        if timer.id is not None:
            await core.repo.claim_timer(timer)
        return []
    try:
        after, updates = await core.commit(match, referee.step_events(steps), states=referee.step_states(steps))
    except StaleWriteError:
        return []
    lines = [Msg("core.question_expired", {"player": match.name_of(timer.seat)}), *announce.step_lines(after, steps, "")]
    post, dms = await asyncio.gather(announce.ending_post(core, after, lines, updates, before=match),
                                     announce.turn_dms(core, match, after))
    return [post, *announce.summary_posts(after, steps), *dms]
