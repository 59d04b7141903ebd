"""How a match ends other than by play: resigned, drawn by agreement, claimed or aborted (by
agreement) after standing still, aborted by its creator or an organizer."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bot.i18n import Msg
from bot.services.delivery import Button, Delivery, reply
from bot.services.match import access, announce, deadlines
from bot.services.match.access import Pressed
from bot.services.match.answers import Refused, damaged_line, outdated_reply
from bot.services.organizers import may_organize
from bot.services.people import Actor, Place
from bot.services.progress import LoadedMatch
from bot.storage.models import LIVE
from bot.storage.repository import OutdatedMatchError
from engines.core.contract import Result
from engines.core.record import (
    AbortAgreeEvent,
    AbortEvent,
    DrawAnswerEvent,
    DrawOfferEvent,
    MoveEvent,
    OrganizerAbortEvent,
    ResignEvent,
    TimeoutEvent,
)

if TYPE_CHECKING:
    from bot.services.match.core import Core


async def abort(core: Core, place: Place, actor: Actor, match_id: int | None = None, reason: str = "") -> list[Delivery]:
    """Abort the match here (or ``match_id``, named from anywhere): its creator before the start,
    an organizer of its server (``organizers.may_organize``) at any time, with the ``reason`` the
    record keeps, or the people waiting in it once it stood still, by agreement (each asks; it
    ends when all have)."""
    reason = reason.strip()
    row = await core.repo.live_match_in(place.channel_id) if match_id is None else await core.repo.get_match(match_id)
    if row is None:
        raise access.no_match()
    if match_id is not None and row.status not in LIVE:
        raise Refused("core.match_over")
    # An organizer's rights hold in their own server only (a match named by number may be elsewhere).
    organizer = row.guild_id == place.guild_id and await may_organize(core, row.guild_id, actor)
    if reason and not organizer:
        raise Refused("records2.reason_for_organizers")
    async with core.book.lock(row.id):
        try:
            match = await core.book.load_known(row.id)
        except OutdatedMatchError as error:
            if not organizer:
                return outdated_reply(error, actor.language)
            # Older rules cannot replay here, but the record can still be closed.
            event = OrganizerAbortEvent(by=actor.user_id, name=actor.name, reason=reason)
            result = Result(reason="core.aborted", params={"by_admin": True, "by": actor.name, "why": reason})
            await core.repo.append(
                row.id, row.last_seq, [event], core.clock.now(), status="aborted", result=result.model_dump(mode="json"),
            )
            return [reply(row.language, Msg("core.aborted_by", {"player": actor.name}), *_why(reason), ephemeral=False)]
        is_creator = actor.user_id == match.row.creator_id
        idle = match.damage is None and deadlines.may_end_idle(match, actor, core.idle_after, core.clock.now())
        if is_creator and match.row.status == "open" and not reason:  # an organizer's reason goes into the record
            events: list[Any] = [AbortEvent(by_admin=False)]
        elif organizer:
            events = [OrganizerAbortEvent(by=actor.user_id, name=actor.name, reason=reason)]
        elif idle:
            return await _agree_to_abort(core, match, actor)
        else:
            seat, at = match.seat_of(actor.user_id), deadlines.claimable_at(match, core.idle_after)
            if match.row.status == "active" and seat is not None and seat not in match.to_act() and at is not None:
                raise Refused("core.abort_not_allowed", {}, Msg("core.claim_not_yet", {"at": at, "player": access.waiting_names(match)}))
            raise Refused("core.abort_not_allowed")
        # A damaged match too: its record stays as it is, the abort is chained after it.
        after, _ = await core.commit(match, events, status="aborted")
    return [_aborted(match, after, actor, reason)]


def _why(reason: str) -> list[Msg]:
    return [Msg("records2.reason_line", {"reason": reason})] if reason else []


def _aborted(match: LoadedMatch, after: LoadedMatch, actor: Actor, reason: str = "") -> Delivery:
    lines = [Msg("core.aborted_by", {"player": actor.name}), *_why(reason)]
    if after.damage is None and after.progress.seq:
        lines.append(announce.hash_line(after))
    return reply(match.row.language, *lines, ephemeral=False)


async def _agree_to_abort(core: Core, match: LoadedMatch, actor: Actor) -> list[Delivery]:
    """A waiting person asks to abort the match standing still (under its lock): recorded; it is
    aborted once every waiting person asked, and until then the reply names who is still needed."""
    seat = match.seat_of(actor.user_id)
    assert seat is not None
    needed = deadlines.waiting_people(match)
    agreed = match.progress.abort_agreed | {seat}
    missing = sorted(needed - agreed)
    if seat in match.progress.abort_agreed:
        raise Refused("organize.abort_agreed_already", {"player": [match.name_of(s) for s in missing]})
    if not missing:
        # Alone, or the last one: with one waiting person the record is as it always was.
        events: list[Any] = [AbortEvent(by_admin=False)] if len(needed) <= 1 else [AbortAgreeEvent(seat=seat), AbortEvent(by_admin=False)]
        after, _ = await core.commit(match, events, status="aborted")
        return [_aborted(match, after, actor)]
    await core.commit(match, [AbortAgreeEvent(seat=seat)])
    return [reply(match.row.language, Msg("organize.abort_agreed", {
        "player": actor.name, "needed": [match.name_of(s) for s in missing], "id": match.id,
    }), ephemeral=False)]


async def claim(core: Core, place: Place, actor: Actor, match_id: int | None = None) -> list[Delivery]:
    """A waiting player takes the win of a match the player to act has left standing (reminded
    at ``idle_after``, claimable ``CLAIM_AFTER`` later); recorded as that seat's time-out. The match
    is the one here, or ``match_id`` (named from anywhere: its channel may be gone)."""
    await core.seen(actor)
    async with access.seated(core, place, actor, match_id) as (match, seat):
        idle = sorted(match.to_act())
        if seat in idle:
            raise Refused("core.claim_your_turn")
        if not deadlines.may_end_idle(match, actor, core.idle_after, core.clock.now()) or not idle:
            at = deadlines.claimable_at(match, core.idle_after)
            if at is None:
                raise Refused("core.claim_has_deadline")
            raise Refused("core.claim_not_yet", {"at": at, "player": [match.name_of(s) for s in idle]})
        after, updates = await core.commit(match, [TimeoutEvent(seat=idle[0])])
    days = (core.clock.now() - match.progress.idle_since).days  # type: ignore[operator]
    lines = [Msg("core.claimed", {"player": actor.name, "idle": match.name_of(idle[0]), "days": days})]
    return [announce.as_reply(await announce.ending_post(core, after, lines, updates))]


async def resign(core: Core, place: Place, actor: Actor) -> list[Delivery]:
    async with access.seated(core, place, actor, while_paused=True) as (match, seat):
        after, updates = await core.commit(match, [ResignEvent(seat=seat)])
    return [announce.as_reply(await announce.ending_post(core, after, [], updates))]


async def offer_draw(core: Core, place: Place, actor: Actor) -> list[Delivery]:
    async with access.seated(core, place, actor) as (match, seat):
        if match.progress.meta.draw_offer is not None:
            raise Refused("core.draw_pending", {"player": match.name_of(match.progress.meta.draw_offer)})
        after, _ = await core.commit(match, [DrawOfferEvent(seat=seat)])
    offered = after.progress.seq
    return [
        reply(
            match.row.language,
            Msg("core.draw_offered", {"player": actor.name}),
            ephemeral=False,
            buttons=(Button("draw_accept", match.id, seq=offered), Button("draw_decline", match.id, seq=offered)),
        )
    ]


async def offer_gone(core: Core, match: LoadedMatch, offered: int) -> bool:
    """Whether the draw offer made at event ``offered`` is no longer the open one (answered,
    ended by a move, or followed by a newer offer)."""
    if match.progress.meta.draw_offer is None or offered > match.progress.seq:
        return True
    later = await core.repo.entries(match.id, after_seq=offered)
    return any(isinstance(entry.event, (DrawOfferEvent, MoveEvent)) for entry in later)


async def draw_offer_open(core: Core, match_id: int, offered: int) -> bool:
    match = await core.book.load(match_id)
    return match is not None and match.result() is None and not await offer_gone(core, match, offered)


async def answer_draw(core: Core, match_id: int, actor: Actor, accepted: bool, pressed: Pressed | None) -> list[Delivery]:
    """A click on Accept or Decline (``pressed``: where, and the offer's event; an answer to an
    offer no longer open is refused as out of date)."""
    await core.seen(actor)
    async with core.book.lock(match_id):
        match = await core.book.load(match_id)
        if match is None or (pressed is not None and not pressed.belongs_to(match)):
            raise Refused("core.unknown_match_button" if pressed is not None else "core.match_over")
        if pressed is not None and pressed.seq is not None and match.result() is None and await offer_gone(core, match, pressed.seq):
            raise Refused("core.button_outdated")
        if match.damage is not None:
            raise Refused.saying(damaged_line(match.id, match.damage))
        if match.result() is not None:
            raise Refused("core.match_over")
        seat = match.seat_of(actor.user_id)
        offer = match.progress.meta.draw_offer
        if seat is None:
            raise Refused("core.not_seated")
        if offer is None:
            raise Refused("core.draw_none")
        if seat == offer:
            raise Refused("core.draw_own_offer")
        match = await access.time_out_if_late(core, match)
        after, updates = await core.commit(match, [DrawAnswerEvent(seat=seat, accepted=accepted)])
    if not accepted:
        return [reply(match.row.language, Msg("core.draw_declined", {"player": actor.name}), ephemeral=False)]
    if after.result() is None:
        return [reply(match.row.language, Msg("core.draw_accepted_by", {"player": actor.name}), ephemeral=False)]
    return [announce.as_reply(await announce.ending_post(core, after, [], updates))]
