"""A match outlives its players' lives: a team decides what becomes of a seat that resigned or
lost on time, a seat changes hands (a substitute), the computer plays a seat for its player
(autopilot), and a missed correspondence deadline is forgiven once before it counts (grace).

Everything here is an event in the record (``TeamChoiceEvent``, ``HolderEvent``,
``AutopilotEvent``, ``GraceEvent``): who played which moves, and every extension, is read back
from it."""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any

from bot.i18n import Msg
from bot.services import presenter
from bot.services.delivery import Button, ChannelPost, Delivery, DirectMessage, reply
from bot.services.match import access, announce
from bot.services.match.access import Pressed
from bot.services.match.answers import Refused, damaged_line
from bot.services.match.grace import CHOICES, TEAM_LEVEL
from bot.services.organizers import may_organize
from bot.services.people import COMPUTER_LEVELS, Actor, Place, computer_level
from bot.services.progress import LoadedMatch
from engines.core.contract import Seat
from engines.core.record import (
    AutopilotEvent,
    Entry,
    GraceEvent,
    HolderEvent,
    TeamChoiceEvent,
)

if TYPE_CHECKING:
    from bot.services.match.core import Core

UNTIL = re.compile(r"\s*(?:(?P<days>\d{1,3})\s*d)?\s*(?:(?P<hours>\d{1,4})\s*h)?\s*")
"""``until:`` as a span from now: ``3d``, ``12h``, ``1d 6h``."""



# ------------------------------------------------------------------------ grace


def lapse_deliveries(after: LoadedMatch, event: Any) -> list[Delivery]:
    """The warning of a grace (to the table and the player) or the note that the computer took the
    seat; ``[]`` for a loss on time (its end is posted as every end is)."""
    seat = event.seat
    name = after.name_of(seat)
    user_id = after.seats[seat].user_id
    if isinstance(event, GraceEvent):
        deadline = after.deadline(seat)
        left = after.time_control.grace - after.progress.meta.graces.get(seat, 0)
        params = {"player": name, "deadline": deadline, "left": left, "game": presenter.game_name(after.row.game),
                  "channel": presenter.place_ref(after)}
        return [
            Delivery(ChannelPost(after.row.channel_id), (Msg("teams.grace_table", params),), after.row.language),
            Delivery(DirectMessage(user_id, after.id), (Msg("teams.grace_dm", params),), after.row.language),
        ]
    if isinstance(event, AutopilotEvent):
        line = Msg("teams.absent_computer", {"player": name})
        return [Delivery(ChannelPost(after.row.channel_id), (line,), after.row.language)]
    return []


# ------------------------------------------------------------------ team choice


async def choose(core: Core, match_id: int, actor: Actor, choice: str, pressed: Pressed | None) -> list[Delivery]:
    """A team player's answer to the team question: take the seat over, hand it to the computer,
    or concede for the team."""
    if choice not in CHOICES:
        raise Refused("teams.unknown_choice", {"choice": choice, "choices": list(CHOICES)})
    await core.seen(actor)
    async with core.book.lock(match_id):
        match = await _loaded(core, match_id, pressed)
        left = match.progress.meta.undecided
        if left is None:
            raise Refused("teams.no_question")
        chooser = _chooser(match, actor, left)
        events: list[Any] = [TeamChoiceEvent(seat=left, choice=choice, by=chooser)]
        if choice == "takeover":
            events.append(HolderEvent(seat=left, user_id=actor.user_id, name=actor.name, why="team"))
        elif choice == "computer":
            events.append(AutopilotEvent(seat=left, level=TEAM_LEVEL, why="team"))
        after, updates = await core.commit(match, events)
    line = Msg(f"teams.chose_{choice}", {"player": actor.name, "seat": match.name_of(left)})
    post = await announce.ending_post(core, after, [line], updates)
    dms = await announce.turn_dms(core, match, after)
    return [announce.as_reply(post), *dms]


def _chooser(match: LoadedMatch, actor: Actor, left: Seat) -> Seat:
    """The actor's seat in the team of ``left`` (not ``left`` itself), or ``Refused``."""
    team = match.progress.meta.team_of(left, len(match.seats))
    mine = [seat.seat for seat in match.seats if seat.user_id == actor.user_id]
    if not mine:
        raise Refused("core.not_seated")
    choosers = [seat for seat in mine if seat in team and seat != left]
    if not choosers:
        raise Refused("teams.not_your_team", {"player": match.name_of(left)})
    return choosers[0]


async def _loaded(core: Core, match_id: int, pressed: Pressed | None) -> LoadedMatch:
    """The match a button or command names, live and undamaged (under its lock)."""
    match = await core.book.load(match_id)
    if match is None or (pressed is not None and not pressed.belongs_to(match)):
        raise Refused("core.unknown_match_button" if pressed is not None else "core.match_over")
    if pressed is not None and pressed.seq is not None and pressed.seq != match.progress.seq:
        raise Refused("core.button_outdated")
    if match.damage is not None:
        raise Refused.saying(damaged_line(match.id, match.damage))
    if match.row.status != "active" or match.result() is not None:
        raise Refused("core.match_over")
    return match


# ------------------------------------------------------------------ substitutes


OFFER = "substitute:{match}:{seat}:"
"""The setting that keeps who offered a seat, and why, until the new player takes it
(``substitute:<match>:<seat>:<user>``): the ``HolderEvent`` names them."""


async def substitute(core: Core, place: Place, actor: Actor, leaving: Actor, new: Actor, reason: str = "") -> list[Delivery]:
    """``/match substitute``: ``leaving``'s seat is offered to ``new`` (asked by the leaving player
    or an organizer, ``reason`` saying why); ``new`` accepts with the button, which names the
    state it was made for."""
    await core.seen(actor)
    match = await access.live(core, place)
    if match is None:
        raise access.no_match()
    if match.damage is not None:
        raise Refused.saying(damaged_line(match.id, match.damage))
    if match.row.status != "active" or match.result() is not None:
        raise Refused("core.not_started" if match.row.status == "open" else "core.match_over")
    seat = match.seat_of(leaving.user_id)
    if seat is None:
        raise Refused("teams.no_such_seat", {"player": leaving.name})
    organizer = actor.user_id != leaving.user_id
    if organizer and not await may_organize(core, place.guild_id, actor):
        raise Refused("teams.substitute_not_allowed", {"player": leaving.name})
    if computer_level(new.user_id) is not None or match.seat_of(new.user_id) is not None:
        raise Refused("teams.substitute_seated", {"player": new.name})
    if await core.repo.user(new.user_id) is None:
        await core.seen(new)
    reason = reason.strip()
    asker = {"by": actor.user_id, "by_name": actor.name, "organizer": organizer or None, "reason": reason or None}
    await core.repo.set_setting(OFFER.format(match=match.id, seat=seat) + new.user_id, json.dumps(asker))
    button = Button("team_substitute", match.id, text=f"{seat}:{new.user_id}", seq=match.progress.seq)
    lines = [Msg("teams.substitute_asked", {"player": new.name, "seat": match.name_of(seat), "by": actor.name}),
             *([Msg("records2.reason_line", {"reason": reason})] if reason else [])]
    return [reply(match.row.language, *lines, ephemeral=False, buttons=(button,))]


async def _offered_by(core: Core, match_id: int, seat: Seat, user_id: str) -> dict[str, Any]:
    """Who offered the seat to ``user_id``, and why (``OFFER``); nothing for an offer made before
    they were kept."""
    try:
        asker = json.loads(await core.repo.setting(OFFER.format(match=match_id, seat=seat) + user_id) or "{}")
    except ValueError:
        return {}
    known = ("by", "by_name", "organizer", "reason")
    return {name: asker[name] for name in known if asker.get(name) is not None} if isinstance(asker, dict) else {}


async def accept_substitute(
    core: Core, match_id: int, actor: Actor, seat: Seat, user_id: str, pressed: Pressed | None
) -> list[Delivery]:
    """The invited player's press: the seat is theirs from now on. Refused to anyone else, and once
    the seat changed hands since the offer (the button names the event it was made at)."""
    if actor.user_id != user_id:
        raise Refused("teams.not_your_substitution")
    await core.seen(actor)
    async with core.book.lock(match_id):
        match = await _loaded(core, match_id, Pressed(pressed.guild_id) if pressed is not None else None)
        if not 0 <= seat < len(match.seats):
            raise Refused("teams.no_such_seat", {"player": str(seat)})
        offered = pressed.seq if pressed is not None and pressed.seq is not None else match.progress.seq
        later = await core.repo.entries(match.id, after_seq=offered) if offered < match.progress.seq else []
        if offered > match.progress.seq or any(
            isinstance(entry.event, HolderEvent) and entry.event.seat == seat for entry in later
        ):
            raise Refused("core.button_outdated")
        if match.seat_of(actor.user_id) is not None:
            raise Refused("teams.substitute_seated", {"player": actor.name})
        leaving = match.name_of(seat)
        asker = await _offered_by(core, match.id, seat, actor.user_id)
        event = HolderEvent(seat=seat, user_id=actor.user_id, name=actor.name, why="substitute", left=leaving, **asker)
        after, _ = await core.commit(match, [event])
        for key in await core.repo.settings_starting(OFFER.format(match=match.id, seat=seat)):
            await core.repo.claim_setting(key)  # the seat's offers are spent: it changed hands
    line = Msg("teams.substituted", {"player": actor.name, "seat": leaving})
    language = await core.language_of(actor.user_id, after.row.language)
    view = await presenter.private_view_dm(after, seat, language, renderer=core.renderer)
    return [reply(after.row.language, line, ephemeral=False), view]


def substitution_line(entry: Entry) -> Msg | None:
    """The history's line for a seat a substitute took: who asked (the player leaving, or an
    organizer) and why; ``None`` for other events (a teammate's takeover is the team's choice)."""
    event = entry.event
    if not isinstance(event, HolderEvent) or event.why != "substitute":
        return None
    params = {"at": entry.at, "player": event.name, "left": event.left or "?", "by": event.by_name or "",
              "reason": Msg("records2.reason", {"reason": event.reason}) if event.reason else ""}
    if event.by_name is None:  # kept before who asked was
        return Msg("records2.history_substitute_taken", params)
    return Msg("records2.history_substitute_organizer" if event.organizer else "records2.history_substitute_player", params)


# -------------------------------------------------------------------- autopilot


async def autopilot(core: Core, place: Place, actor: Actor, level: str, until: datetime | None) -> list[Delivery]:
    """``/autopilot``: the computer plays the actor's seat (``until`` a time, or until any command
    of theirs takes it back)."""
    if level not in COMPUTER_LEVELS:
        raise Refused("core.unknown_level", {"level": level, "levels": list(COMPUTER_LEVELS)})
    if until is not None and until <= core.clock.now():
        raise Refused("teams.autopilot_until_past", {"until": until})
    await core.seen(actor)
    async with access.seated(core, place, actor, take_back=False) as (match, seat):
        after, _ = await core.commit(match, [AutopilotEvent(seat=seat, level=level, why="asked", until=until)])
    key = "teams.autopilot_on_until" if until is not None else "teams.autopilot_on"
    return [reply(after.row.language, Msg(key, {"player": actor.name, "level": level, "until": until}), ephemeral=False)]


def autopilot_level(match: LoadedMatch, seat: Seat, now: datetime) -> str | None:
    """The computer's level on a person's seat it plays now; ``None`` when it does not (or its
    time is up: ``until`` passed)."""
    meta = match.progress.meta
    level = meta.autopilot.get(seat)
    until = meta.autopilot_until.get(seat)
    if level is None or (until is not None and until <= now):
        return None
    return level


def autopilot_expired(match: LoadedMatch, now: datetime) -> list[Any]:
    """Autopilots whose ``until`` has passed: ended."""
    return [
        AutopilotEvent(seat=seat, level=None, why="ended")
        for seat, until in sorted(match.progress.meta.autopilot_until.items())
        if seat in match.progress.meta.autopilot and until <= now
    ]


async def end_autopilots(core: Core, match_id: int) -> list[Delivery]:
    """The seats whose autopilot's time is up go back to their players (told in the channel)."""
    async with core.book.lock(match_id):
        match = await _loaded(core, match_id, None)
        events = autopilot_expired(match, core.clock.now())
        if not events:
            return []
        after, _ = await core.commit(match, events)
    lines = [Msg("teams.autopilot_ended", {"player": after.name_of(event.seat)}) for event in events]
    return [Delivery(ChannelPost(after.row.channel_id), tuple(lines), after.row.language)]


def until_from(typed: str | None, now: datetime) -> datetime | None | str:
    """``until:`` as typed: ``3d``, ``12h``, ``1d 6h`` from now, or a UTC date and time
    (``2026-03-05 18:00``); the typed text back when it reads as neither.

    >>> until_from("1d 6h", datetime(2026, 1, 1, tzinfo=UTC))
    datetime.datetime(2026, 1, 2, 6, 0, tzinfo=datetime.timezone.utc)
    >>> until_from("soon", datetime(2026, 1, 1, tzinfo=UTC))
    'soon'
    """
    if typed is None or not typed.strip():
        return None
    found = UNTIL.fullmatch(typed)
    if found and (found["days"] or found["hours"]):
        return now + timedelta(days=int(found["days"] or 0), hours=int(found["hours"] or 0))
    try:
        at = datetime.fromisoformat(typed.strip())
    except ValueError:
        return typed
    return at if at.tzinfo is not None else at.replace(tzinfo=UTC)
