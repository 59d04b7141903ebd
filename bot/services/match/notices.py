"""How each user is told that a match waits on them (``/notify``): by DM, by a ping in the
match's channel, or not at all; reminders before a deadline at the offsets they chose; a daily
digest at a local hour; and quiet hours in their time zone, during which nothing is sent (a
notice is held to their end, in the ``notices`` table, so a restart loses none).

Preferences are plain data (``Prefs``), read and checked here; the notices are sent by the
scheduler (``fire_notice``)."""

from __future__ import annotations

import functools
import logging
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import date, datetime, time, timedelta
from typing import TYPE_CHECKING, Any, Literal

from bot.i18n import Msg
from bot.services import checkpoints, presenter
from bot.services.delivery import ChannelPost, Delivery, DirectMessage
from bot.services.match import seat_events
from bot.services.match.deadlines import Held
from bot.services.people import computer_level
from bot.services.progress import LoadedMatch
from bot.services.time_control import Quiet, quiet_end, zone_of
from bot.storage.models import NoticeRow
from engines.core.contract import Seat
from engines.core.record import QuietEvent

if TYPE_CHECKING:
    from bot.services.match.core import Core

log = logging.getLogger(__name__)

class PrefsError(ValueError):
    """A preference that does not read; ``code`` and ``params`` word it (the service answers it
    as a refusal)."""

    def __init__(self, code: str, params: dict[str, Any]) -> None:
        super().__init__(code)
        self.code = code
        self.params = params


How = Literal["dm", "ping", "none"]
HOWS: tuple[How, ...] = ("dm", "ping", "none")
MAX_REMINDERS = 4
MAX_REMINDER = timedelta(days=7)
RETRY_AFTER = timedelta(minutes=5)
"""A notice whose sending failed is tried again this much later."""
OFF = ("off", "none", "uit", "geen")
"""Words that switch a setting off (English and Dutch)."""


@dataclass(frozen=True)
class Prefs:
    """One user's notice preferences; the defaults are what a user who never set any gets: a
    DM, the match's own reminder, no digest, no quiet hours, UTC."""

    how: How = "dm"
    reminders: tuple[int, ...] | None = None
    """Minutes before a deadline; ``None``: the match's one reminder (``TimeControl.reminder_lead``)."""
    digest: int | None = None
    """The local hour of the daily digest."""
    timezone: str | None = None
    quiet: tuple[int, int] | None = None
    """Quiet hours (start, end) in local whole hours, e.g. (23, 8)."""

    def to_json(self) -> dict[str, Any]:
        return {"how": self.how, "reminders": list(self.reminders) if self.reminders is not None else None,
                "digest": self.digest, "timezone": self.timezone, "quiet": list(self.quiet) if self.quiet else None}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Prefs:
        quiet = data.get("quiet")
        reminders = data.get("reminders")
        return cls(how=data.get("how", "dm"), reminders=tuple(reminders) if reminders is not None else None,
                   digest=data.get("digest"), timezone=data.get("timezone"),
                   quiet=(int(quiet[0]), int(quiet[1])) if quiet else None)

    def quiet_end(self, now: datetime) -> datetime | None:
        """The end of the quiet hours ``now`` falls in, or ``None`` when it falls in none."""
        return quiet_end(self.quiet_hours(), now)

    def quiet_hours(self) -> Quiet | None:
        return (self.timezone or "UTC", *self.quiet) if self.quiet else None

    def next_digest(self, now: datetime) -> datetime | None:
        """The next digest after ``now`` (moved to the end of quiet hours if it falls in them)."""
        if self.digest is None:
            return None
        zone = zone_of(self.timezone)
        local = now.astimezone(zone)
        day: date = local.date()
        at = datetime.combine(day, time(self.digest), zone)
        if at <= now:
            at = datetime.combine(day + timedelta(days=1), time(self.digest), zone)
        return self.quiet_end(at) or at


async def prefs_of(core: Core, user_ids: Sequence[str]) -> dict[str, Prefs]:
    """Every one of ``user_ids``'s preferences (the defaults for those who set none)."""
    stored = await core.repo.notify_prefs(list(dict.fromkeys(user_ids)))
    return {user: Prefs.from_json(stored[user]) if user in stored else Prefs() for user in user_ids}


# ------------------------------------------------------------------ reading what was typed

def parse_offsets(text: str) -> tuple[int, ...]:
    """``"12h,1h"`` -> (720, 60) minutes, latest first; ``"off"`` -> (): no reminders."""
    if text.strip().casefold() in OFF:
        return ()
    minutes = []
    for part in re.split(r"[,\s]+", text.strip()):
        found = re.fullmatch(r"(\d{1,4})\s*(m|min|h|u|d)", part.casefold())
        if found is None:
            raise PrefsError("absence.bad_reminders", {"value": text})
        amount = int(found[1]) * {"m": 1, "min": 1, "h": 60, "u": 60, "d": 1440}[found[2]]
        if not 0 < amount <= MAX_REMINDER.total_seconds() // 60:
            raise PrefsError("absence.bad_reminders", {"value": text})
        minutes.append(amount)
    if len(minutes) > MAX_REMINDERS:
        raise PrefsError("absence.too_many_reminders", {"count": MAX_REMINDERS})
    return tuple(sorted(set(minutes), reverse=True))


def parse_quiet(text: str) -> tuple[int, int] | None:
    """``"23-08"`` -> (23, 8); ``"off"`` -> ``None``."""
    if text.strip().casefold() in OFF:
        return None
    found = re.fullmatch(r"(\d{1,2})(?::00)?\s*-\s*(\d{1,2})(?::00)?", text.strip())
    if found is None or int(found[1]) > 23 or int(found[2]) > 23 or found[1] == found[2]:
        raise PrefsError("absence.bad_quiet", {"value": text})
    return int(found[1]), int(found[2])


def parse_timezone(text: str) -> str:
    try:
        zone_of(text.strip())
    except ValueError:
        raise PrefsError("absence.bad_timezone", {"value": text}) from None
    return text.strip()


def parse_hour(text: str) -> int | None:
    if text.strip().casefold() in OFF:
        return None
    found = re.fullmatch(r"(\d{1,2})(?::00)?", text.strip())
    if found is None or int(found[1]) > 23:
        raise PrefsError("absence.bad_hour", {"value": text})
    return int(found[1])


def describe(prefs: Prefs) -> list[Msg]:
    """The preferences in words (``/notify`` with nothing, and after a change)."""
    reminders: Msg | str
    if prefs.reminders is None:
        reminders = Msg("absence.reminders_default")
    elif not prefs.reminders:
        reminders = Msg("absence.off")
    else:
        reminders = ", ".join(_offset(m) for m in prefs.reminders)
    return [
        Msg("absence.notify_how", {"how": Msg(f"absence.how_{prefs.how}")}),
        Msg("absence.notify_reminders", {"reminders": reminders}),
        Msg("absence.notify_digest", {"hour": f"{prefs.digest:02d}:00" if prefs.digest is not None else Msg("absence.off")}),
        Msg("absence.notify_zone", {"zone": prefs.timezone or "UTC"}),
        Msg("absence.notify_quiet", {
            "quiet": f"{prefs.quiet[0]:02d}:00-{prefs.quiet[1]:02d}:00" if prefs.quiet else Msg("absence.off")}),
    ]


def _offset(minutes: int) -> str:
    return f"{minutes // 60}h" if minutes % 60 == 0 else f"{minutes}m"


async def notify(
    core: Core, actor_id: str, language: str, *, how: str | None = None, reminders: str | None = None,
    digest: str | None = None, timezone: str | None = None, quiet: str | None = None,
) -> list[Msg]:
    """``/notify``: change what was given (each checked before anything is stored) and say the
    preferences as they are then."""
    prefs = (await prefs_of(core, [actor_id]))[actor_id]
    changes: dict[str, Any] = {}
    if how is not None:
        if how.strip().casefold() not in HOWS:
            raise PrefsError("absence.bad_how", {"value": how, "choices": ", ".join(HOWS)})
        changes["how"] = how.strip().casefold()
    if reminders is not None:
        changes["reminders"] = parse_offsets(reminders)
    if digest is not None:
        changes["digest"] = parse_hour(digest)
    if timezone is not None:
        changes["timezone"] = parse_timezone(timezone)
    if quiet is not None:
        changes["quiet"] = parse_quiet(quiet)
    if changes:
        prefs = replace(prefs, **changes)
        await core.repo.set_notify_prefs(actor_id, prefs.to_json())
        if {"timezone", "quiet"} & changes.keys():
            await _tell_quiet(core, actor_id, prefs)
        if {"digest", "timezone", "quiet"} & changes.keys():
            due = prefs.next_digest(core.clock.now())
            if due is None:
                await core.repo.drop_digest(actor_id)
            else:
                await core.repo.add_notice(NoticeRow(user_id=actor_id, kind="digest", due_at=due))
            core.on_timers_changed()
    head = Msg("absence.notify_saved") if changes else Msg("absence.notify_head")
    return [head, *describe(prefs)]


async def _tell_quiet(core: Core, user_id: str, prefs: Prefs) -> None:
    """The new quiet hours into each running match that keeps its deadlines out of them."""
    hours = prefs.quiet_hours() or (prefs.timezone or "UTC", 0, 0)

    def event_for(match: LoadedMatch, seat: Seat) -> QuietEvent | None:
        if not match.time_control.quiet_deadlines or match.progress.quiet.get(seat) == (hours if hours[1] != hours[2] else None):
            return None
        return QuietEvent(seat=seat, timezone=hours[0], start=hours[1], end=hours[2])

    await seat_events.write_to_running_matches(core, user_id, event_for)


# ------------------------------------------------------------------------ sending

def reminder_offsets(prefs: dict[str, Prefs], match: LoadedMatch) -> dict[Seat, tuple[timedelta, ...]]:
    """Per seat whose player chose their own reminders: the offsets before a deadline."""
    return {seat.seat: tuple(timedelta(minutes=m) for m in chosen)
            for seat in match.seats if (chosen := prefs[seat.user_id].reminders) is not None}


async def reminder_choices(
    core: Core, match: LoadedMatch,
) -> tuple[dict[Seat, tuple[timedelta, ...]] | None, dict[Seat, Held] | None]:
    """The players' own reminder offsets and quiet hours, read only for a match with a
    correspondence deadline (the others have no reminder before one)."""
    if not match.time_control.correspondence or not match.seats:
        return None, None
    prefs = await prefs_of(core, [seat.user_id for seat in match.seats])
    held: dict[Seat, Held] = {
        seat.seat: functools.partial(held_before, prefs[seat.user_id])
        for seat in match.seats if prefs[seat.user_id].quiet is not None or prefs[seat.user_id].how == "none"
    }
    return reminder_offsets(prefs, match) or None, held or None


def held_before(prefs: Prefs, at: datetime) -> datetime | None:
    """When a reminder due at ``at`` goes out: then, or at the end of the quiet hours it falls
    in; ``None`` for a player who wants no notices."""
    if prefs.how == "none":
        return None
    return prefs.quiet_end(at) or at


async def tell(
    core: Core, match: LoadedMatch, seat: Seat, line: Msg, *, hold: bool = True, catch_up: bool = False
) -> list[Delivery]:
    """``line`` to the player of ``seat`` the way they want it (DM, ping, nothing); inside their
    quiet hours a turn notice is held to the end of them (``hold``) instead. ``catch_up``: a DM
    carries what changed since the player's last move (``bot.services.catchup``), and for any
    player the state the match is at is kept, where their ``/match catchup`` starts."""
    user = match.seats[seat].user_id
    if computer_level(user):
        return []
    if catch_up:  # where the match stands now starts the catch-ups, however the player is told
        checkpoints.kept(core).keep(match)
    prefs = (await prefs_of(core, [user]))[user]
    if prefs.how == "none":
        return []
    now = core.clock.now()
    end = prefs.quiet_end(now)
    if end is not None:
        if hold:
            await core.repo.add_notice(NoticeRow(user_id=user, kind="turn", match_id=match.id, seq=match.progress.seq,
                                                 due_at=end))
            core.on_timers_changed()
        return []
    language = await core.language_of(user, match.row.language)
    if catch_up and prefs.how == "dm":
        from bot.services import catchup  # it draws through the workers, which read this package

        return [await catchup.turn_dm(core, match, seat, line, language)]
    return [addressed(prefs, match, user, line, language)]


def addressed(prefs: Prefs, match: LoadedMatch, user: str, line: Msg, language: str) -> Delivery:
    """``line`` for ``user`` as they want notices: a ping in the match's channel, or a DM."""
    if prefs.how == "ping":
        return Delivery(ChannelPost(match.row.channel_id, ping=user), (line,), language)
    return Delivery(DirectMessage(user, match.id), (line,), language)


def turn_line(match: LoadedMatch, seat: Seat) -> Msg:
    """"Your move" in ``match``, with the deadline when there is one."""
    where = {"game": presenter.game_name(match.row.game), "channel": presenter.place_ref(match)}
    deadline = match.deadline(seat)
    if deadline is None:
        return Msg("absence.your_turn", where)
    return Msg("core.your_turn_dm", {**where, "deadline": deadline})


async def fire_notice(core: Core, notice: NoticeRow) -> list[Delivery]:
    """A due notice: taken first (so two processes never both send it; a digest is moved to its
    next day in the same write, so a restart neither loses nor repeats the schedule), then sent."""
    prefs = (await prefs_of(core, [notice.user_id]))[notice.user_id]
    if notice.kind == "digest":
        later = prefs.next_digest(notice.due_at + timedelta(minutes=1))
        if not await core.repo.claim_notice(notice, later):
            return []
        if later is None or prefs.how == "none":
            return []
        return await _digest(core, notice.user_id, prefs)
    if not await core.repo.claim_notice(notice):
        return []
    if notice.match_id is None or prefs.how == "none":
        return []
    match = await core.book.load(notice.match_id)
    if match is None or match.row.status != "active" or match.damage is not None:
        return []
    seat = match.seat_of(notice.user_id)
    if seat is None or seat not in match.to_act():
        return []  # no longer their turn: nothing to tell
    language = await core.language_of(notice.user_id, match.row.language)
    return [addressed(prefs, match, notice.user_id, turn_line(match, seat), language)]


async def _digest(core: Core, user_id: str, prefs: Prefs) -> list[Delivery]:
    rows = await core.repo.matches_of_user(user_id, None, live_only=True)
    lines: list[Msg] = []
    first: LoadedMatch | None = None
    for row in rows:
        match = await core.book.load(row.id)
        if match is None or match.damage is not None:
            continue
        seat = match.seat_of(user_id)
        if seat is None or seat not in match.to_act():
            continue
        first = first or match
        lines.append(Msg("absence.digest_line", {
            "game": presenter.game_name(row.game), "channel": presenter.place_ref(match), "deadline": match.deadline(seat)
            or Msg("absence.no_deadline")}))
    if first is None:
        return []  # nothing waits on them: no message
    language = await core.language_of(user_id, first.row.language)
    head = Msg("absence.digest_head", {"count": len(lines)})
    if prefs.how == "ping":
        return [Delivery(ChannelPost(first.row.channel_id, ping=user_id), (head, *lines), language)]
    return [Delivery(DirectMessage(user_id, first.id), (head, *lines), language)]


async def fire_due(core: Core) -> list[Delivery]:
    """Every notice due now; one that fails is logged and left for the next look."""
    deliveries: list[Delivery] = []
    for notice in await core.repo.due_notices(core.clock.now()):
        try:
            deliveries += await fire_notice(core, notice)
        except Exception:
            log.exception("notice %s for %s failed; trying again in %s", notice.id, notice.user_id, RETRY_AFTER)
            try:  # later, so one failing notice does not hold up the scheduler
                await core.repo.claim_notice(notice, core.clock.now() + RETRY_AFTER)
            except Exception:
                log.warning("notice %s could not be put off", notice.id, exc_info=True)
    return deliveries

