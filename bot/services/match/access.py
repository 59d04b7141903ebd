"""Getting at a match for a command: which match is meant, under its lock, loaded, and whether
the actor may act on it now. A guard that says no raises ``Refused`` (``answers``)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import TYPE_CHECKING, NamedTuple

from bot.services import presenter
from bot.services.match import deadlines, grace
from bot.services.match.answers import Late, Refused, damaged_line
from bot.services.people import Actor, Place
from bot.services.progress import LoadedMatch
from engines.core.contract import Seat
from engines.core.record import TimeoutEvent

if TYPE_CHECKING:
    from bot.services.match.core import Core

class Pressed(NamedTuple):
    """Where a button of a match was pressed, and the state it was made for."""

    guild_id: str | None
    seq: int | None = None
    """The event sequence the button was made for (``None``: a button that names no state)."""

    def belongs_to(self, match: LoadedMatch) -> bool:
        """A button works only in its match's server."""
        return match.row.guild_id == self.guild_id


def no_match() -> Refused:
    return Refused("core.no_match_here")


async def live(core: Core, place: Place) -> LoadedMatch | None:
    row = await core.repo.live_match_in(place.channel_id)
    return await core.book.load(row.id) if row is not None else None


async def latest(core: Core, place: Place) -> LoadedMatch | None:
    """The live match here, or else the most recent finished one (for export/verify/board)."""
    found = await live(core, place)
    if found is not None:
        return found
    row = await core.repo.latest_match_in(place.channel_id)
    return await core.book.load(row.id) if row is not None else None


async def shown(core: Core, place: Place) -> LoadedMatch:
    """The match here whose board can be shown: started and undamaged."""
    return viewable(await latest(core, place))


def viewable(match: LoadedMatch | None) -> LoadedMatch:
    """``match`` if a board of it can be drawn: found, undamaged and started; else ``Refused``
    says why not (the board, ``/view``, ``/match catchup``)."""
    if match is None:
        raise no_match()
    if match.damage is not None:
        raise Refused.saying(damaged_line(match.id, match.damage))
    if not match.started:
        raise Refused("core.not_started")
    return match


def own_seat(match: LoadedMatch, actor: Actor) -> Seat:
    """``actor``'s seat in ``match``; ``Refused`` for one who has none."""
    seat = match.seat_of(actor.user_id)
    if seat is None:
        raise Refused("core.not_seated")
    return seat


def paused_refusal(match: LoadedMatch) -> Refused:
    pause = match.paused
    assert pause is not None
    return Refused("organize.paused", {"player": pause.name, "reason": pause.reason})


def not_offered(match: LoadedMatch, code: str) -> Refused:
    """The refusal of a command the match's game does not offer; ``code`` names the game."""
    return Refused(code, {"game": presenter.game_name(match.row.game)})


@asynccontextmanager
async def seated(
    core: Core, place: Place | None, actor: Actor, match_id: int | None = None, pressed: Pressed | None = None,
    *, while_paused: bool = False, take_back: bool = True, autopilot_seat: Seat | None = None,
) -> AsyncIterator[tuple[LoadedMatch, Seat]]:
    """Under the match's lock: the live, started, unfinished match here (or the match
    ``match_id``, for a button or a command naming it) and ``actor``'s seat in it; else ``Refused``
    says why not. A button (``pressed``) of another server's match, or made for an earlier state,
    is refused. A match an organizer paused is refused unless ``while_paused``. A seat whose time
    ran out loses first (``Late``), or has its grace. A player's command takes back the seats the
    computer plays for them (unless ``take_back`` is off); the computer itself acts on such a seat
    as ``autopilot_seat``."""
    if match_id is None:
        row = await core.repo.live_match_in(place.channel_id) if place is not None else None
        if row is None:
            raise no_match()
        match_id = row.id
    async with core.book.lock(match_id):
        match = await core.book.load(match_id)
        if match is None or (pressed is not None and not pressed.belongs_to(match)):
            raise no_match() if pressed is None else Refused("core.unknown_match_button")
        if pressed is not None and pressed.seq is not None and pressed.seq != match.progress.seq:
            raise Refused("core.button_outdated")
        if match.row.status in ("finished", "aborted"):
            raise Refused("core.match_over")
        if match.row.status != "active":
            raise Refused("core.not_started")
        seat = match.seat_of(actor.user_id) if autopilot_seat is None else autopilot_seat
        if seat is None:
            raise Refused("core.not_seated")
        if match.damage is not None:
            raise Refused.saying(damaged_line(match.id, match.damage))
        if match.result() is not None:
            raise Refused("core.match_over")
        if match.paused is not None and not while_paused:
            raise paused_refusal(match)
        if autopilot_seat is not None and autopilot_seat not in match.progress.meta.autopilot:
            raise Refused("teams.autopilot_off")
        match = await time_out_if_late(core, match)
        back = grace.take_back_events(match, actor) if take_back and autopilot_seat is None else []
        if back:
            match, _ = await core.commit(match, back)
        yield match, seat


async def time_out_if_late(core: Core, match: LoadedMatch) -> LoadedMatch:
    """Record what the missed deadline of a seat whose time ran out does before anything else
    happens to ``match`` (whatever the scheduler did or did not do): a grace or the computer taking
    the seat (the match after it is returned, and the command goes on), or the loss on time, raising
    ``Late``: the actor hears that their command came too late. Under the match's lock."""
    late = deadlines.overdue(match, core.clock.now())
    if late is None:
        return match
    deadline = match.deadline(late)
    events = grace.lapse_events(match, late)
    after, updates = await core.commit(match, events)
    if not isinstance(events[0], TimeoutEvent):
        return after
    raise Late(after, updates, match.name_of(late), deadline)


def waiting_names(match: LoadedMatch) -> list[str]:
    """The names of the seats to act, for ``not your turn`` and ``not yet`` lines."""
    return [match.name_of(s) for s in sorted(match.to_act())]


def refuse_not_your_turn(match: LoadedMatch, seat: Seat) -> None:
    if seat not in match.to_act():
        raise Refused("core.not_your_turn", {"player": waiting_names(match)})


