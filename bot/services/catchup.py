"""What changed since a player's last move: the moves, their marks and dice, and one picture of
the changes (``/match catchup``, and the DM that tells a player it is their turn). The record is
replayed and drawn in the renderer's workers; only what the channel saw is shown before the end."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from bot.i18n import Msg, catalog
from bot.services import checkpoints, presenter
from bot.services.delivery import Attachment, Delivery, DirectMessage
from bot.services.match.replays import Origin, Step, step_line, steps_work
from bot.services.progress import LoadedMatch
from bot.services.replay_pictures import catchup_work
from bot.storage.models import LIVE
from engines.core.contract import Seat
from engines.core.record import Entry, MoveEvent
from render.common import BoardLabels

if TYPE_CHECKING:
    from bot.services.match.core import Core

log = logging.getLogger(__name__)


CATCHUP_MOVES = 30
"""The most moves a catch-up lists (the latest; an Axis & Allies turn can have many): the
picture shows them all."""


def over(match: LoadedMatch) -> bool:
    return match.row.status not in LIVE


async def record_steps(core: Core, match: LoadedMatch, entries: list[Entry], marked_from: int = 0,
                       snapshot: Origin | None = None, until: int | None = None) -> list[Step]:
    """The moves of the record (``steps_work``): with a ``snapshot``, those before ``marked_from``
    may be left out; with ``until``, none after that number."""
    return await core.renderer.run(steps_work, match.engine, match.options, entries, over(match), marked_from,
                                   snapshot, until)


def labels_for(match: LoadedMatch, language: str, status: str = "") -> BoardLabels:
    return BoardLabels(
        title=catalog().render(presenter.game_name(match.row.game), language),
        status=status,
        seats=tuple(seat.name for seat in match.seats),
        words=presenter.picture_words(match.row.game, language),
    )


def step_listed(match: LoadedMatch, shown: Step, current: bool = False) -> Msg:
    return step_line(shown, match.name_of(shown.seat), current)


def dice_lines(match: LoadedMatch, shown: Step) -> list[Msg]:
    return [Msg(code, presenter.seat_params(match, params)) for code, params in shown.dice]


def latest(news: list[Step], most: int) -> tuple[int, list[Step]]:
    """How many of ``news`` are left out, and the last ``most`` of them.

    >>> latest(list(range(5)), 3), latest([1], 3)
    ((2, [2, 3, 4]), (0, [1]))
    """
    return max(len(news) - most, 0), news[-most:]


def _since(entries: list[Entry], seat: Seat) -> int:
    """The position right after ``seat``'s last move (0: the seat has not moved yet)."""
    moves = 0
    since = 0
    for entry in entries:
        if isinstance(entry.event, MoveEvent):
            moves += 1
            if entry.event.seat == seat:
                since = moves
    return since


async def catchup_lines(core: Core, match: LoadedMatch, seat: Seat, language: str) -> tuple[list[Msg], Attachment | None]:
    """What changed since ``seat``'s last move: a head, each move since with its marks and its
    dice, and one picture of the changes (none when nothing changed)."""
    entries = await core.repo.entries(match.id)
    # Where the match stands now is where the seat that just moved starts its next catch-up.
    checkpoints.kept(core).keep(match)
    since = _since(entries, seat)
    total = checkpoints.moves_in(entries)
    if total == since:
        return [], None
    # Replayed from the stored snapshot or a kept state before the seat's last move, not from the start.
    snapshot = await checkpoints.start_for(core, match, entries, since)
    # Only the moves listed (the latest CATCHUP_MOVES) are worded for their marks.
    steps = await record_steps(core, match, entries, max(since, total - CATCHUP_MOVES), snapshot)
    lines = [Msg("replays.catchup_head", {"count": total - since, "game": presenter.game_name(match.row.game)})]
    left_out, news = latest([shown for shown in steps if shown.number > since], CATCHUP_MOVES)
    if left_out:
        lines.append(Msg("replays.catchup_earlier", {"count": left_out}))
    for shown in news:
        lines.append(step_listed(match, shown))
        lines += dice_lines(match, shown)
    data = await core.renderer.run(catchup_work, match.engine, match.options, entries, since, labels_for(match, language),
                                   snapshot)
    return lines, Attachment(f"scheids-{match.row.game}-{match.id}-since{since}.png", data)


async def turn_dm(core: Core, match: LoadedMatch, seat: Seat, notice: Msg, language: str) -> Delivery:
    """The DM telling ``seat`` it is their turn, with their catch-up in the same message. The
    catch-up is a courtesy: when it cannot be made (a picture that fails to draw), the notice goes
    without it, and the failure is logged; the move that led here stays answered."""
    user_id = match.seats[seat].user_id
    try:
        lines, picture = await catchup_lines(core, match, seat, language)
    except Exception:
        log.exception("the catch-up for seat %s of match %s could not be made; the turn notice goes without it", seat, match.id)
        lines, picture = [], None
    return Delivery(DirectMessage(user_id, match.id), (notice, *lines), language, attachments=(picture,) if picture else ())
