"""Grace, the computer on a person's seat and the team question, as the record says them: what a
missed deadline records (a grace, the computer taking the seat, or the loss on time), the seats a
player's own command takes back from the computer, and what a team is asked when one of its seats
left. Pure: no storage, no clock."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any, Literal

from bot.i18n import Msg
from bot.services.delivery import Button, ButtonKind
from bot.services.people import Actor, computer_level
from bot.services.progress import LoadedMatch
from bot.services.time_control import Pause, correspondence_deadline, counted_pauses, overlap, present_after
from engines.core.contract import Seat
from engines.core.record import AutopilotEvent, Entry, GraceEvent, TeamChoiceEvent, TimeoutEvent

Choice = Literal["takeover", "computer", "concede"]
CHOICES: tuple[Choice, ...] = ("takeover", "computer", "concede")
BUTTONS: dict[Choice, ButtonKind] = {"takeover": "team_takeover", "computer": "team_computer", "concede": "team_concede"}
TEAM_LEVEL = "normal"
"""The computer's level when a team or the match's ``absent: computer`` hands it a seat."""
TEAM_TIME = timedelta(hours=48)
"""How long a team has to choose in a match without hours per move (with them: those hours)."""
DAY_HOURS = 24.0
"""A daily deadline's period: how far its grace moves it (to the same time the next day)."""


def correspondence_lapsed(match: LoadedMatch, seat: Seat) -> bool:
    """Whether the deadline ``seat`` missed is the match's correspondence deadline (per move, also
    when the game's rulebook sets it: Militakiri's 24/48/72 hours), not the end of a clock (the
    rulebook's game clock, or the minutes per player): only that one has graces."""
    control = match.time_control
    progress = match.progress
    if not control.correspondence or progress.turn_started is None:
        return False
    # The correspondence deadline as ``LoadedMatch.deadline`` counts it: with the absences, the
    # time given, the graces' moves and the quiet hours (any of them moves it).
    away = match.counted_away(seat)
    extra = timedelta(seconds=progress.extra.get(seat, 0.0), hours=progress.meta.extension_hours)
    expected = correspondence_deadline(control, progress.turn_started, away, extra, progress.quiet.get(seat))
    return expected is not None and match.deadline(seat) == expected


def lapse_events(match: LoadedMatch, seat: Seat) -> list[Any]:
    """What a missed deadline of ``seat`` records: a grace while the seat has one left (moving the
    deadline on by the server's grace, else by one period), then (with
    ``absent: computer``) the computer taking the seat, else the loss on time (which a team with
    other players left turns into its choice)."""
    if correspondence_lapsed(match, seat):
        control = match.time_control
        if match.progress.meta.graces.get(seat, 0) < control.grace:
            # One period: the hours per move, or a day for a daily deadline.
            return [GraceEvent(seat=seat, hours=control.grace_hours or control.per_move_hours or DAY_HOURS)]
        if control.absent == "computer" and computer_level(match.seats[seat].user_id) is None:
            return [AutopilotEvent(seat=seat, level=TEAM_LEVEL, why="absent")]
    return [TimeoutEvent(seat=seat)]


def take_back_events(match: LoadedMatch, actor: Actor) -> list[Any]:
    """The actor's seats the computer plays for them, given back (their command takes them back)."""
    autopilot = match.progress.meta.autopilot
    return [
        AutopilotEvent(seat=seat.seat, level=None, why="back")
        for seat in match.seats if seat.user_id == actor.user_id and seat.seat in autopilot
    ]




def team_deadline(match: LoadedMatch) -> datetime | None:
    """When the team deciding what becomes of a seat that left runs out of time to choose: the
    match's hours per move (``TEAM_TIME`` without them) after it was asked, and the time given to
    it (``/match give-time``, recorded for the seat that left), counted as a move's deadline counts
    (``counted_pauses``): not while its whole team is away (``team_away``), as a deadline does not
    count its player's absence, nor at weekends in a match with weekends off; ``None`` when no team
    is asked (or an organizer paused the match)."""
    progress = match.progress
    asked = progress.team_asked or progress.last_at
    left = progress.meta.undecided
    if left is None or match.result() is not None or asked is None or progress.paused is not None:
        return None
    amount = (match.time_control.per_move or TEAM_TIME) + timedelta(seconds=progress.extra.get(left, 0.0))
    return present_after(asked, amount, counted_pauses(match.time_control, asked, amount, team_away(match, left)))


def team_away(match: LoadedMatch, left: Seat) -> list[Pause]:
    """When every player who may choose for the team of ``left`` (its other seats a person holds)
    is away: while one of them is here, the team can answer."""
    team = match.progress.meta.team_of(left, len(match.seats))
    choosers = [seat for seat in team if seat != left and computer_level(match.seats[seat].user_id) is None]
    if not choosers:
        return []
    common = list(match.counted_away(choosers[0]))
    for seat in choosers[1:]:
        common = overlap(common, match.counted_away(seat))
    return common


def team_default(match: LoadedMatch) -> Choice:
    """What happens when the team does not choose in time: the computer takes the seat in a match
    that hands a missed deadline to it (``absent: computer``), else the team concedes."""
    return "computer" if match.time_control.absent == "computer" else "concede"


def team_default_events(match: LoadedMatch) -> list[Any]:
    """The record of the team's default choice (``by`` the seat that left: nobody chose)."""
    left = match.progress.meta.undecided
    if left is None:
        return []
    choice = team_default(match)
    events: list[Any] = [TeamChoiceEvent(seat=left, choice=choice, by=left)]
    if choice == "computer":
        events.append(AutopilotEvent(seat=left, level=TEAM_LEVEL, why="team"))
    return events


def history_line(match: LoadedMatch, entry: Entry) -> Msg | None:
    """The history's line for a team's default (its time ran out: ``by`` the seat that left);
    ``None`` for other events."""
    event = entry.event
    if not isinstance(event, TeamChoiceEvent) or event.by != event.seat:
        return None
    return Msg(f"tidy.history_team_default_{event.choice}", {"seat": match.name_of(event.seat), "at": entry.at})


def team_question(match: LoadedMatch) -> tuple[list[Msg], tuple[Button, ...]]:
    """The question to a team whose seat resigned or lost on time, with its three buttons (named
    for the state they were made for); nothing when no team is asked."""
    meta = match.progress.meta
    left = meta.undecided
    if left is None or match.result() is not None:
        return [], ()
    team = [s for s in meta.team_of(left, len(match.seats)) if s != left]
    params = {"player": match.name_of(left), "team": [match.name_of(s) for s in team]}
    seq = match.progress.seq
    buttons = tuple(Button(BUTTONS[choice], match.id, seq=seq) for choice in CHOICES)
    lines = [Msg(f"teams.question_{meta.lapse.removeprefix('core.')}", params)]
    deadline = team_deadline(match)
    if deadline is not None:
        lines.append(Msg(f"teams.question_deadline_{team_default(match)}", {"deadline": deadline, "player": params["player"]}))
    return lines, buttons
