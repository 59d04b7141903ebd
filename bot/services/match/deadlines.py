"""When a match waits on someone: the timers a state sets, and when a match standing still may be
ended by the players waiting in it. Pure: the time is given, never read."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from datetime import datetime, timedelta

from bot.services.match import grace
from bot.services.people import Actor, computer_level
from bot.services.progress import LoadedMatch
from bot.storage.models import TimerRow
from engines.core import capabilities as offers
from engines.core.contract import Seat

IDLE_AFTER = timedelta(days=14)
"""A match without a deadline in which nothing happened this long reminds the player to act."""
configured_idle_after = IDLE_AFTER
"""``IDLE_AFTER`` as ``config.toml`` sets it (``[matches] idle_days``)."""
CLAIM_AFTER = timedelta(days=3)
"""After the reminder, this long again: the waiting players may claim the win or abort the match."""


Held = Callable[[datetime], datetime | None]
"""When a reminder due at a moment may go out (the end of the player's quiet hours), or ``None``
to send none."""


def timers_for(
    match: LoadedMatch, idle_after: timedelta, reminders: Mapping[Seat, Sequence[timedelta]] | None = None,
    held: Mapping[Seat, Held] | None = None,
) -> list[TimerRow]:
    """Timeout and reminder timers for every seat to act in ``match``. A seat whose player chose
    their reminders (``/notify reminders:``) gets one at each of those offsets before the deadline
    instead of the match's one; ``held`` moves a reminder out of the player's quiet hours."""
    timers: list[TimerRow] = []
    if match.paused is not None:
        return timers  # a paused match waits on nobody
    lead = match.time_control.reminder_lead()
    team = grace.team_deadline(match)
    if team is not None and match.progress.meta.undecided is not None:
        # A team deciding what becomes of a seat that left: its default once its time is up.
        timers.append(TimerRow(match_id=match.id, kind="team", seat=match.progress.meta.undecided,
                               due_at=team, seq=match.progress.seq))
    for seat in sorted(match.to_act()):
        deadline = match.deadline(seat)
        if seat in match.progress.meta.autopilot:
            continue  # the computer plays it: nobody to remind, nothing to time out
        if deadline is None:
            if match.progress.idle_since is not None and match.result() is None:
                # No deadline: a reminder once the match has stood still for ``idle_after``.
                timers.append(TimerRow(match_id=match.id, kind="reminder", seat=seat,
                                       due_at=match.progress.idle_since + idle_after, seq=match.progress.seq))
            continue
        timers.append(TimerRow(match_id=match.id, kind="timeout", seat=seat, due_at=deadline, seq=match.progress.seq))
        if reminders is not None and seat in reminders:
            for offset in reminders[seat]:
                due = _held(held, seat, deadline - offset)
                if due is not None and due < deadline and (match.progress.last_at is None or due > match.progress.last_at):
                    timers.append(TimerRow(match_id=match.id, kind="reminder", seat=seat, due_at=due, seq=match.progress.seq))
        elif lead is not None and match.time_control.correspondence:
            due = _held(held, seat, deadline - lead)
            if due is not None and due < deadline:
                timers.append(TimerRow(match_id=match.id, kind="reminder", seat=seat, due_at=due, seq=match.progress.seq))
    engine = match.engine
    if offers.standing_orders(engine) and match.progress.last_at is not None:
        # A question a standing order answers once its time is up.
        for seat, hours in sorted(engine.asks(match.state, match.progress.orders).items()):
            due = match.progress.last_at + timedelta(hours=hours)
            timers.append(TimerRow(match_id=match.id, kind="question", seat=seat, due_at=due, seq=match.progress.seq))
    return timers


def _held(held: Mapping[Seat, Held] | None, seat: Seat, due: datetime) -> datetime | None:
    return held[seat](due) if held is not None and seat in held else due


def overdue(match: LoadedMatch, now: datetime) -> Seat | None:
    """The seat to act whose deadline or clock has run out (the earliest), if any."""
    late = [
        (deadline, seat) for seat in sorted(match.to_act())
        if seat not in match.progress.meta.autopilot and (deadline := match.deadline(seat)) is not None and deadline <= now
    ]
    return min(late)[1] if late else None


def claimable_at(match: LoadedMatch, idle_after: timedelta) -> datetime | None:
    """When the waiting players of ``match`` may end it for standing still: ``idle_after`` and
    ``CLAIM_AFTER`` after its last event (agreements to abort do not count), if no seat to act has
    a deadline (``None`` then: the time control ends it) and no organizer paused it."""
    since = match.progress.idle_since
    if since is None or match.paused is not None or any(match.deadline(seat) is not None for seat in match.to_act()):
        return None
    return since + idle_after + CLAIM_AFTER


def waiting_people(match: LoadedMatch) -> frozenset[Seat]:
    """The seats waiting in ``match`` (not to act) that a person holds: who must agree to abort it
    when it stood still."""
    acting = match.to_act()
    return frozenset(s.seat for s in match.seats if s.seat not in acting and computer_level(s.user_id) is None)


def may_end_idle(match: LoadedMatch, actor: Actor, idle_after: timedelta, now: datetime) -> bool:
    """Whether ``actor`` waits in ``match`` (seated, not to act) and it has stood still long enough."""
    seat = match.seat_of(actor.user_id)
    at = claimable_at(match, idle_after)
    return (
        match.row.status == "active" and seat is not None and seat not in match.to_act()
        and at is not None and now >= at
    )
