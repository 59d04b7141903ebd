"""``/match replay``, its stepper, ``/match history at:``, and the catch-up (``/match catchup``
and the note that goes with a turn's DM): the record read back as pictures and a move list.

The record is replayed and drawn in the renderer's workers (``bot.services.match.replays``,
``bot.services.replay_pictures``),
never on the event loop. Before the end only what the channel saw is shown."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from bot.i18n import Msg, catalog
from bot.services import checkpoints, presenter
from bot.services.catchup import catchup_lines, labels_for, over, record_steps, step_listed
from bot.services.delivery import Attachment, Button, Delivery, Reply, reply
from bot.services.match import access
from bot.services.match.access import Pressed
from bot.services.match.answers import Refused, damaged_line
from bot.services.match.replays import MAX_FRAMES, Step, sampled, step_line, stepper_work
from bot.services.people import Actor, Place
from bot.services.progress import LoadedMatch
from bot.services.replay_pictures import board_work, gif_work

if TYPE_CHECKING:
    from bot.services.match.core import Core

DEFAULT_UPLOAD = 10 * 1024 * 1024
"""The upload limit where the adapter names none (Discord's without a server boost)."""
HEADROOM = 0.9
"""The share of the upload limit a replay may take (the message around it counts too)."""
WINDOW = 4
"""Moves the stepper lists before and after the current one."""
STEPS = ("first", "back", "next", "last")


def _status(match: LoadedMatch, step: Step | None, total: int, language: str) -> str:
    """The line a frame carries: which move it shows (and the move), or the start (``step`` None)."""
    if step is None:
        return catalog().render(Msg("replays.frame_start", {"total": total}), language)
    line = step_line(step, match.name_of(step.seat))
    return catalog().render(Msg("replays.frame", {"n": step.number, "total": total, "move": line}), language)


async def replay(core: Core, place: Place, actor: Actor, limit: int | None) -> list[Delivery]:
    """The animated replay of the match here (the live one, else the latest), with the stepper's
    buttons at the start."""
    match = await access.shown(core, place)
    entries = await core.repo.entries(match.id)
    steps = await record_steps(core, match, entries)
    if not steps:
        raise Refused("core.history_empty")
    language = actor.language
    positions = sampled(len(steps), MAX_FRAMES)
    statuses = [_status(match, steps[p - 1] if p else None, len(steps), language) for p in positions]
    budget = int((limit or DEFAULT_UPLOAD) * HEADROOM)
    data = await core.renderer.run(gif_work, match.engine, match.options, entries, positions, statuses,
                                   labels_for(match, language), budget, over(match))
    lines = [Msg("replays.replay_head", {
        "game": presenter.game_name(match.row.game), "id": match.id, "moves": len(steps), "frames": len(positions),
    })]
    lines.append(Msg("replays.replay_live" if not over(match) else "replays.replay_revealed"))
    lines.append(Msg("replays.replay_stepper"))
    name = f"scheids-{match.row.game}-{match.id}-replay.gif"
    return [reply(language, *lines, attachments=(Attachment(name, data),), buttons=_step_buttons(match, 0, len(steps)))]


def _step_buttons(match: LoadedMatch, position: int, total: int) -> tuple[Button, ...]:
    targets = {"first": 0, "back": max(position - 1, 0), "next": min(position + 1, total), "last": total}
    return tuple(Button("replay", match.id, text=which, label=f"replays.button_{which}", seq=targets[which]) for which in STEPS)


async def step(core: Core, match_id: int, actor: Actor, position: int, pressed: Pressed | None) -> list[Delivery]:
    """A stepper button: the board at ``position`` of match ``match_id`` with the moves around it,
    in place of the message the button sits on (the stepper steps in its own message)."""
    match = await core.book.load(match_id)
    if match is None or (pressed is not None and not pressed.belongs_to(match)):
        raise Refused("core.unknown_match_button")
    return [replace(shown, target=Reply(ephemeral=True, in_place=True)) for shown in await _board_at(core, match, actor, position)]


async def history_at(core: Core, place: Place, actor: Actor, position: int) -> list[Delivery]:
    """``/match history at:<move>``: the board after that move (0: the start), as the stepper."""
    match = await access.shown(core, place)
    return await _board_at(core, match, actor, position, strict=True)


async def _board_at(core: Core, match: LoadedMatch, actor: Actor, position: int, strict: bool = False) -> list[Delivery]:
    if match.damage is not None:
        raise Refused.saying(damaged_line(match.id, match.damage))
    entries = await core.repo.entries(match.id)
    total = checkpoints.moves_in(entries)
    if strict and not 0 <= position <= total:
        raise Refused("replays.no_such_move", {"move": position, "moves": total})
    position = min(max(position, 0), total)
    # Only the moves listed are replayed, from the stored snapshot or a kept state before them;
    # where the replay stood a window before them is kept for the stepper's next press, and the
    # board is drawn from where it stood at the move asked for (no second replay).
    first = max(position - 1 - WINDOW, 0)
    snapshot = await checkpoints.start_for(core, match, entries, first)
    listed, reached, board = await core.renderer.run(stepper_work, match.engine, match.options, entries, over(match),
                                                     first, snapshot, position + WINDOW, max(first - WINDOW, 0), position)
    if reached is not None:
        checkpoints.kept(core).keep_start(match.id, entries, reached)
    listed = [shown for shown in listed if shown.number > first]
    language = actor.language
    status = _status(match, next((shown for shown in listed if shown.number == position), None), total, language)
    data = await core.renderer.run(board_work, match.engine, match.options, entries, position,
                                   labels_for(match, language, status), over(match),
                                   board or await checkpoints.start_for(core, match, entries, position))
    lines = [Msg("replays.at_head", {"n": position, "total": total, "game": presenter.game_name(match.row.game), "id": match.id})]
    for shown in listed:
        lines.append(step_listed(match, shown, current=shown.number == position))
    if not over(match):
        lines.append(Msg("replays.replay_live"))
    name = f"scheids-{match.row.game}-{match.id}-at{position}.png"
    return [reply(language, *lines, attachments=(Attachment(name, data),), buttons=_step_buttons(match, position, total))]


async def catchup(core: Core, place: Place, actor: Actor) -> list[Delivery]:
    """``/match catchup``: the actor's catch-up in the live match here, privately."""
    match = access.viewable(await access.live(core, place))
    seat = access.own_seat(match, actor)
    lines, picture = await catchup_lines(core, match, seat, actor.language)
    if not lines:
        return [reply(actor.language, Msg("replays.catchup_nothing"))]
    return [reply(actor.language, *lines, attachments=(picture,) if picture else ())]


