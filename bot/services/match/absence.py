"""Absence and more time: ``/away`` (a player's correspondence deadlines stop on their turns
while away, within a yearly allowance), ``/match give-time`` (an opponent or an organizer gives
the player to move more time) and ``/match nudge`` (a waiting player reminds the player to move
of a match without a deadline, at most once a day).

An absence is kept per user (``away_periods``: the allowance, ``/away`` with nothing) and written
into each of their running matches as an ``AwayEvent``, so every deadline, and a loss on time,
follows from the record. Time given is an ``ExtendEvent``."""

from __future__ import annotations

import math
import re
from datetime import UTC, datetime, time, timedelta
from typing import TYPE_CHECKING

from bot.i18n import Msg
from bot.services import presenter
from bot.services.delivery import Delivery, reply
from bot.services.match import access, grace, notices, seat_events
from bot.services.match.answers import Refused
from bot.services.organizers import may_organize
from bot.services.people import Actor, Place, computer_level
from bot.services.progress import LoadedMatch
from bot.services.settings import ALLOWANCE_DAYS, settings_of
from bot.services.time_control import TimeControl, zone_of
from bot.storage.models import AwayRow
from engines.core.contract import Seat
from engines.core.record import AwayEvent, Entry, ExtendEvent, GraceEvent, QuietEvent

if TYPE_CHECKING:
    from bot.services.match.core import Core

MAX_AHEAD = timedelta(days=366)
"""How far ahead an absence may begin."""
GIFT = timedelta(days=1)
"""What an opponent's ``/match give-time`` adds to the deadline of the player to move."""
MAX_ORGANIZER_HOURS = 24 * 30
NUDGE_EVERY = timedelta(days=1)


async def allowance_days(core: Core, guild_id: str | None) -> int:
    """Days of absence a year by the server ``guild_id`` where ``/away`` is given: the one place
    the server's setting (``/settings``) is read; in a DM ``ALLOWANCE_DAYS``."""
    if guild_id is None:
        return ALLOWANCE_DAYS
    return (await settings_of(core.repo, guild_id)).vacation_days


# --------------------------------------------------------------------------- /away

def _moment(text: str, zone_name: str | None) -> datetime:
    """``2026-12-24`` (midnight) or ``2026-12-24 18:00`` in the user's zone."""
    found = re.fullmatch(r"(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{2}))?", text.strip())
    if found is None:
        raise Refused("absence.bad_date", {"value": text})
    try:
        day = datetime(int(found[1]), int(found[2]), int(found[3])).date()
        at = time(int(found[4] or 0), int(found[5] or 0))
    except ValueError:
        raise Refused("absence.bad_date", {"value": text}) from None
    return datetime.combine(day, at, zone_of(zone_name)).astimezone(UTC)


def days_in_year(start: datetime, until: datetime, year: int) -> float:
    """Days of ``start``..``until`` that fall in the calendar year ``year`` (UTC)."""
    begin = max(start, datetime(year, 1, 1, tzinfo=UTC))
    end = min(until, datetime(year + 1, 1, 1, tzinfo=UTC))
    return max((end - begin).total_seconds(), 0) / 86400


def used_days(periods: list[AwayRow], year: int) -> float:
    return sum(days_in_year(p.start, p.until, year) for p in periods)


def current(periods: list[AwayRow], now: datetime) -> AwayRow | None:
    """The absence going on or the next one to come."""
    return next((p for p in periods if p.until > now and p.until > p.start), None)


async def away(
    core: Core, guild_id: str | None, actor: Actor, *, start: str | None = None, until: str | None = None,
    days: int | None = None, cancel: bool = False,
) -> list[Delivery]:
    """``/away``: show (nothing given), set or cancel the actor's absence."""
    await core.seen(actor)
    now = core.clock.now()
    periods = await core.repo.away_periods(actor.user_id)
    going = current(periods, now)
    prefs = (await notices.prefs_of(core, [actor.user_id]))[actor.user_id]
    if cancel:
        if going is None:
            raise Refused("absence.not_away")
        end = max(now, going.start)
        await core.repo.end_away(going.id, end)
        moved = await _tell_matches(core, actor.user_id, going.start, end)
        return [reply(actor.language, Msg("absence.cancelled", {"matches": moved}))]
    if start is None and until is None and days is None:
        allowance = await allowance_days(core, guild_id)
        left = max(allowance - used_days(periods, now.year), 0)
        if going is None:
            return [reply(actor.language, Msg("absence.not_away_now", {"left": _days(left), "allowance": allowance}))]
        return [reply(actor.language, Msg("absence.away_now", {"start": going.start, "until": going.until}),
                      Msg("absence.days_left", {"left": _days(left), "allowance": allowance}))]
    begin = _moment(start, prefs.timezone) if start else now
    if days is not None and until is not None:
        raise Refused("absence.until_or_days")
    if days is not None:
        if days <= 0:
            raise Refused("absence.bad_days", {"days": days})
        end = begin + timedelta(days=days)
    elif until is not None:
        end = _moment(until, prefs.timezone)
    else:
        raise Refused("absence.needs_end")
    begin = max(begin, now)
    if end <= begin:
        raise Refused("absence.ends_before_start", {"start": begin, "until": end})
    if begin - now > MAX_AHEAD:
        raise Refused("absence.too_far_ahead")
    if going is not None:
        raise Refused("absence.already_away", {"start": going.start, "until": going.until})
    allowance = await allowance_days(core, guild_id)
    for year in range(begin.year, end.year + 1):
        left = allowance - used_days(periods, year)
        wanted = days_in_year(begin, end, year)
        if wanted > left + 1e-9:
            raise Refused("absence.no_allowance", {
                "wanted": _days(wanted), "left": _days(max(left, 0)), "allowance": allowance, "year": year})
    row = await core.repo.add_away(actor.user_id, begin, end)
    moved = await _tell_matches(core, actor.user_id, row.start, row.until)
    left = max(allowance - used_days([*periods, row], begin.year), 0)
    return [reply(actor.language, Msg("absence.set", {"start": row.start, "until": row.until, "matches": moved}),
                  Msg("absence.days_left", {"left": _days(left), "allowance": allowance}))]


def _days(value: float) -> str:
    """Days as players count them: whole days, rounded down what is left (``math.floor``)."""
    return str(math.floor(value + 1e-9))


async def _tell_matches(core: Core, user_id: str, start: datetime, until: datetime) -> int:
    """Write the absence into each running match of the user; how many matches it went into."""
    return await seat_events.write_to_running_matches(
        core, user_id, lambda match, seat: AwayEvent(seat=seat, start=start, until=until))


async def starting_absences(core: Core, match: LoadedMatch, now: datetime) -> list[AwayEvent | QuietEvent]:
    """What a match that starts now must know of its players: their absences (going on or to
    come) and, where its deadlines keep out of quiet hours, their quiet hours."""
    events: list[AwayEvent | QuietEvent] = []
    humans = [seat for seat in match.seats if not computer_level(seat.user_id)]
    for seat in humans:
        going = current(await core.repo.away_periods(seat.user_id), now)
        if going is not None:
            events.append(AwayEvent(seat=seat.seat, start=going.start, until=going.until))
    if TimeControl.model_validate(match.row.time_control).quiet_deadlines:
        prefs = await notices.prefs_of(core, [seat.user_id for seat in humans])
        for seat in humans:
            quiet = prefs[seat.user_id].quiet_hours()
            if quiet is not None:
                events.append(QuietEvent(seat=seat.seat, timezone=quiet[0], start=quiet[1], end=quiet[2]))
    return events


# ------------------------------------------------------------------- /match give-time

async def give_time(core: Core, place: Place, actor: Actor, player: str | None, hours: float | None,
                    reason: str = "") -> list[Delivery]:
    """An opponent gives the player to move ``GIFT`` (once per turn each); an organizer gives
    any seat to act ``hours``, and may say why. Every gift is an ``ExtendEvent`` in the record."""
    organizer = await may_organize(core, place.guild_id, actor)
    reason = reason.strip()
    if reason and not organizer:
        raise Refused("records2.reason_for_organizers")
    row = await core.repo.live_match_in(place.channel_id)
    if row is None:
        raise access.no_match()
    async with core.book.lock(row.id):
        match = await core.book.load_known(row.id)
        if match.row.status != "active" or match.result() is not None or match.damage is not None:
            raise Refused("core.not_started" if match.row.status == "open" else "core.match_over")
        await access.time_out_if_late(core, match)
        own = match.seat_of(actor.user_id)
        if own is None and not organizer:
            raise Refused("core.not_seated")
        if hours is not None and not organizer:
            raise Refused("absence.hours_for_organizers")
        seat = _receiver(match, player, own, organizer)
        if not match.time_control.correspondence:
            raise Refused("absence.no_deadline_to_extend")
        if organizer and hours is not None:
            if not 0 < hours <= MAX_ORGANIZER_HOURS:
                raise Refused("absence.bad_hours", {"hours": hours, "most": MAX_ORGANIZER_HOURS})
            amount, by = timedelta(hours=hours), None
        else:
            if own is None or own == seat:
                raise Refused("absence.give_time_self")
            if (own, seat) in match.progress.givers:
                raise Refused("absence.gave_already", {"player": match.name_of(seat)})
            amount, by = GIFT, own
        who = {"by": by} if by is not None else {"name": actor.name, "user_id": actor.user_id}
        given = ExtendEvent(seat=seat, seconds=int(amount.total_seconds()), reason=reason or None, **who)
        after, _ = await core.commit(match, [given])
    giver = actor.name if by is not None else Msg("absence.an_organizer", {"player": actor.name})
    line = Msg("absence.time_given", {"giver": giver, "player": after.name_of(seat),
                                      "hours": _hours(amount), "deadline": grace.team_deadline(after)
                                      if after.progress.meta.undecided == seat else after.deadline(seat)})
    why = [Msg("records2.reason_line", {"reason": reason})] if reason else []
    return [reply(after.row.language, line, *why, ephemeral=False)]


def history_line(match: LoadedMatch, entry: Entry) -> Msg | None:
    """The history's line for time given (by a player or an organizer) or a grace's extension;
    ``None`` for other events."""
    event = entry.event
    if isinstance(event, ExtendEvent):
        giver: str | Msg = (
            match.name_of(event.by) if event.by is not None
            else Msg("absence.an_organizer", {"player": event.name}) if event.name
            else Msg("absence.some_organizer")
        )
        hours = _hours(timedelta(seconds=event.seconds))
        key = "records2.history_time_given_why" if event.reason else "absence.history_time_given"
        return Msg(key, {"giver": giver, "player": match.name_of(event.seat), "hours": hours, "at": entry.at,
                         "reason": event.reason or ""})
    if isinstance(event, GraceEvent):
        hours = _hours(timedelta(hours=event.hours))
        return Msg("absence.history_grace", {"player": match.name_of(event.seat), "hours": hours, "at": entry.at})
    return None


def _receiver(match: LoadedMatch, player: str | None, own: Seat | None, organizer: bool) -> Seat:
    """The seat the time goes to: the one named, else the one other seat to act; while a team
    decides what becomes of a seat that left, that seat (its time is the team's time to choose,
    ``grace.team_deadline``), never given by the team itself."""
    left = match.progress.meta.undecided
    if left is not None:
        named = left if player is None else match.seat_of(player)
        if named is None:
            raise Refused("absence.player_not_seated")
        if named != left:
            raise Refused("absence.player_not_to_move", {"player": match.name_of(named)})
        if own is not None and own in match.progress.meta.team_of(left, len(match.seats)):
            raise Refused("absence.give_time_self")
        return left
    acting = sorted(match.to_act())
    if player is not None:
        seat = match.seat_of(player)
        if seat is None:
            raise Refused("absence.player_not_seated")
        if seat not in acting:
            raise Refused("absence.player_not_to_move", {"player": match.name_of(seat)})
        return seat
    others = [seat for seat in acting if seat != own]
    if not others:
        raise Refused("absence.give_time_self" if own in acting else "absence.nobody_to_move")
    if len(others) > 1:
        raise Refused("absence.name_the_player", {"players": [match.name_of(s) for s in others]})
    return others[0]


def _hours(amount: timedelta) -> str:
    hours = amount.total_seconds() / 3600
    return str(int(hours)) if hours.is_integer() else f"{hours:g}"


# ------------------------------------------------------------------------ /match nudge

async def nudge(core: Core, place: Place, actor: Actor) -> list[Delivery]:
    """A waiting player reminds the players to move of a match without a deadline (each seat at
    most once a day, whoever nudges)."""
    async with access.seated(core, place, actor) as (match, own):
        acting = sorted(seat for seat in match.to_act() if seat != own)
        if own in match.to_act() and not acting:
            raise Refused("absence.nudge_own_turn")
        if any(match.deadline(seat) is not None for seat in match.to_act()):
            raise Refused("absence.nudge_has_deadline")
        now = core.clock.now()
        nudged: list[Seat] = []
        for seat in acting:
            if computer_level(match.seats[seat].user_id):
                continue
            if await core.repo.claim_nudge(match.id, seat, now, now - NUDGE_EVERY):
                nudged.append(seat)
        if not nudged:
            last = max([at for seat in acting if (at := await core.repo.last_nudge(match.id, seat)) is not None],
                       default=now - NUDGE_EVERY)
            raise Refused("absence.nudge_too_soon", {"next": last + NUDGE_EVERY})
    deliveries: list[Delivery] = []
    where = {"game": presenter.game_name(match.row.game), "channel": presenter.place_ref(match)}
    for seat in nudged:
        deliveries += await notices.tell(core, match, seat, Msg("absence.nudged_you", {**where, "player": actor.name}))
    names = [match.name_of(seat) for seat in nudged]
    return [reply(actor.language, Msg("absence.nudge_sent", {"players": names})), *deliveries]

