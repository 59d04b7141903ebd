"""The record of a match read back: its history, the export, and ``/match verify``, which replays
it whole and checks every roll and seal."""

from __future__ import annotations

import logging
from datetime import timedelta
from typing import TYPE_CHECKING, Any, TypeVar

from bot.i18n import Msg
from bot.services import presenter
from bot.services.delivery import Attachment, Delivery, reply
from bot.services.match import access, announce, organize
from bot.services.match.answers import Refused, damaged_line
from bot.services.match.replays import steps_work
from bot.services.people import Actor, Place
from bot.services.progress import Damage, LoadedMatch
from engines.core import capabilities as offers
from engines.core.contract import Engine
from engines.core.dice import commitment
from engines.core.record import (
    Entry,
    MetaState,
    MoveEvent,
    Record,
    RollCheck,
    SealCheck,
    StartEvent,
    advance_meta,
    replay_step,
    verify,
    verify_seals,
)
from engines.registry import get_engine

if TYPE_CHECKING:
    from bot.services.match.core import Core

log = logging.getLogger(__name__)
T = TypeVar("T")

HISTORY_PAGE = 20
SUMMARY_PAGE = 3
"""Turn summaries per page of ``/match history`` (each is several lines)."""
VERIFY_EVERY = timedelta(minutes=1)
"""How often one user may have a record verified (each replays a whole record)."""


async def readable(core: Core, place: Place) -> LoadedMatch:
    """The match here whose record can be read: the live one, else the latest, undamaged."""
    match = await access.latest(core, place)
    if match is None:
        raise access.no_match()
    if match.damage is not None:
        raise Refused.saying(damaged_line(match.id, match.damage))
    return match


async def history(core: Core, place: Place, actor: Actor, page: int) -> list[Delivery]:
    match = await readable(core, place)
    entries = await core.repo.entries(match.id)
    if offers.summarizing(match.engine):
        return await _summary_history(core, match, entries, actor, page)
    # The moves, numbered, with who held the seat then (and whether the computer played it for
    # them), and what organizers did (and agreements to abort) where it happened.
    names = [seat.name for seat in await core.repo.seats(match.id)]
    played = {entry.seq: (name, computer) for entry, _, name, computer in played_by(names, entries)}
    shown = [(e, organize.history_line(match, e)) for e in entries]
    items = [(e, said) for e, said in shown if isinstance(e.event, MoveEvent) or said is not None]
    if not items:
        raise Refused("core.history_empty")
    over = match.row.status not in ("open", "active")
    # Each move's marks (a capture, a battle), read off the record replayed in a worker.
    marks = [step.marks for step in await core.renderer.run(steps_work, match.engine, match.options, entries, over)]
    chunk, page, pages = _page_of(items, HISTORY_PAGE, page)
    lines = [Msg("core.history_head", {"page": page, "pages": pages})]
    number = sum(isinstance(e.event, MoveEvent) for e, _ in items[: (page - 1) * HISTORY_PAGE])
    for entry, said in chunk:
        event = entry.event
        if not isinstance(event, MoveEvent):
            lines.append(said)  # type: ignore[arg-type]
            continue
        number += 1
        name, computer = played.get(entry.seq, (match.name_of(event.seat), False))
        params = {"n": number, "player": name, "move": event.text, "at": entry.at}
        if event.secret and not over:
            lines.append(Msg("core.history_secret", params))
        elif computer:
            lines.append(Msg("teams.history_computer_line", params))
        elif marks[number - 1]:
            lines.append(Msg("replays.history_marked", {**params, "marks": [Msg(f"replays.mark_{m}") for m in marks[number - 1]]}))
        else:
            lines.append(Msg("core.history_line", params))
    return [reply(actor.language, *lines, page=(page, pages))]


def played_by(names: list[str], entries: list[Entry]) -> list[tuple[Entry, MoveEvent, str, bool]]:
    """Each move of the record with the name of the player who held its seat then (seats change
    hands: ``HolderEvent``) and whether the computer played it for them (``AutopilotEvent``)."""
    meta = MetaState()
    moves = []
    for entry in entries:
        event = entry.event
        if isinstance(event, MoveEvent):
            holder = meta.holders.get(event.seat)
            name = holder[1] if holder is not None else names[event.seat] if event.seat < len(names) else str(event.seat)
            moves.append((entry, event, name, event.seat in meta.autopilot))
        meta = advance_meta(meta, event, len(names))
    return moves


async def _summary_history(core: Core, match: LoadedMatch, entries: list[Entry], actor: Actor, page: int) -> list[Delivery]:
    """``/match history`` of a ``SummarizingGame``: the summaries of the turns played, a few a
    page (the record replayed off the event loop: each turn's summary is read off the move
    that ended it)."""
    said = await core.renderer.run(turn_summaries, match.row.game, match.options, [e.event for e in entries])
    summaries = [tuple(Msg(code, presenter.seat_params(match, params)) for code, params in lines) for lines in said]
    organized = [line for e in entries if (line := organize.history_line(match, e)) is not None]
    if not summaries and not organized:
        raise Refused("core.history_no_turns")
    nothing: tuple[Msg, ...] = ()
    chunk, page, pages = _page_of(summaries or [nothing], SUMMARY_PAGE, page)
    lines = [Msg("core.history_turns_head", {"page": page, "pages": pages})]
    for summary in chunk:
        lines += summary
    if page == pages:
        lines += organized  # what organizers did, after the turns (their times say when)
    return [reply(actor.language, *lines, page=(page, pages))]


def _page_of(items: list[T], size: int, page: int) -> tuple[list[T], int, int]:
    """Page ``page`` of ``items`` (clamped to the pages there are), the page and the pages.

    >>> _page_of(list(range(7)), 3, 9)
    ([6], 3, 3)
    """
    pages = (len(items) + size - 1) // size
    page = min(max(page, 1), pages)
    return items[(page - 1) * size : page * size], page, pages


async def verify_command(core: Core, place: Place, actor: Actor) -> list[Delivery]:
    """Check a finished record: replayed from the start, every roll recomputed from the revealed
    seed, every seal opened, in the renderer's workers; one user may ask once every ``VERIFY_EVERY``."""
    now = core.clock.now()
    last = core.verified_at.get(actor.user_id)
    if last is not None and now - last < VERIFY_EVERY:
        raise Refused("core.verify_wait", {"at": last + VERIFY_EVERY})
    core.verified_at[actor.user_id] = now
    match = await access.latest(core, place)
    if match is None:
        raise access.no_match()
    if match.row.status not in ("finished", "aborted"):
        raise Refused("core.verify_not_over")
    damage = match.damage
    entries: list[Entry] = []
    ok, checks, seals = False, list[RollCheck](), list[SealCheck]()
    if damage is None:
        entries = await core.repo.entries(match.id)
        # The load replayed only what followed the snapshot: replay all of it before trusting it.
        damage, ok, checks, seals = await core.renderer.run(
            verify_record, match.engine, match.options, entries, match.row.seed, match.row.commitment
        )
    if damage is not None:
        log.warning("match %s: event %s does not replay", match.id, damage.seq)
        return [reply(match.row.language, damaged_line(match.id, damage), Msg("core.verify_damaged"), ephemeral=False)]
    lines = [Msg("core.verify_head", {
        "seed": match.row.seed.hex(),
        "hash": match.row.commitment,
        "recomputed": commitment(match.row.seed),
        "rolls": len(checks),
    })]
    for check in checks:
        lines.append(Msg(
            "core.verify_roll" if check.ok else "core.verify_roll_bad",
            {"seq": check.seq, "kind": check.kind, "index": check.first_index, "values": list(check.recorded), "recomputed": list(check.recomputed)},
        ))
    lines.extend(_seal_check_line(match, check) for check in seals)
    if not ok:
        lines.append(Msg("core.verify_failed"))
    elif not all(check.ok for check in seals):
        lines.append(Msg("core.verify_seals_failed"))
    else:
        lines.append(Msg("core.verify_ok"))
    lines.append(Msg("core.verify_how"))
    if seals:
        lines.append(Msg("core.verify_seal_how"))
    lines.append(announce.hash_line(match))
    return [reply(match.row.language, *lines, ephemeral=False)]


async def export(core: Core, place: Place, actor: Actor) -> list[Delivery]:
    match = await readable(core, place)
    portable = await record(core, match.id)
    live = match.row.status in ("open", "active")
    if live and any(getattr(e.event, "secret", False) for e in portable.entries):
        raise Refused("core.export_after_end")
    data = portable.model_dump_json(indent=2).encode()
    name = f"scheids-{match.row.game}-{match.id}.json"
    return [reply(actor.language, Msg("core.exported", {"file": name}), ephemeral=False, attachments=(Attachment(name, data),))]


async def record(core: Core, match_id: int) -> Record:
    """The portable record; the seed only once the match is over."""
    match = await core.book.load_known(match_id)
    over = match.row.status in ("finished", "aborted")
    return Record(
        game=match.row.game,
        engine_version=match.row.engine_version,
        options=match.row.options,
        seats=tuple(seat.name for seat in match.seats),
        seed_commitment=match.row.commitment,
        seed_hex=match.row.seed.hex() if over else None,
        entries=tuple(await core.repo.entries(match.id)),
    )


def turn_summaries(slug: str, options: Any, events: list[Any]) -> list[tuple[tuple[str, dict[str, Any]], ...]]:
    """The turn summaries of a record (its events replayed from the start): what each move that
    ended a turn says (``SummarizingGame.turn_summary``). Plain data in and out: it runs in a
    worker process (``Renderer.run``)."""
    engine = get_engine(slug)
    assert offers.summarizing(engine)
    summaries = []
    state = None
    meta, players, computer = MetaState(), 0, False
    for event in events:
        after = replay_step(engine, options, state, event)
        players = event.players if isinstance(event, StartEvent) else players
        if isinstance(event, MoveEvent) and state is not None:
            computer = computer or event.seat in meta.autopilot
            said = engine.turn_summary(state, after)
            if said:
                marked = (("teams.summary_computer", {"seat": event.seat}),) if computer else ()
                summaries.append((*said, *marked))
                computer = False
        meta = advance_meta(meta, event, players)
        state = after
    return summaries


def verify_record(
    engine: Engine, options: Any, entries: list[Entry], seed: bytes, seed_commitment: str
) -> tuple[Damage | None, bool, list[RollCheck], list[SealCheck]]:
    """``/match verify``'s work on a whole record: replay every event from the start (the first the
    rules refuse is the damage), then recompute each roll from the seed and open each seal. Plain
    data in and out: it runs in a worker process (``Renderer.run``)."""
    state = None
    for entry in entries:
        try:
            state = replay_step(engine, options, state, entry.event)
        except Exception:  # noqa: BLE001 - whatever the rules raise on an event they cannot take
            return Damage(entry.seq, "replay"), False, [], []
    ok, checks = verify(engine, options, entries, seed, seed_commitment)
    return None, ok, list(checks), list(verify_seals(engine, options, entries))


def _seal_check_line(match: LoadedMatch, check: SealCheck) -> Msg:
    """One seal of ``/match verify``: what was published, what it opened to, and whether they agree."""
    params = {
        "name": presenter.seal_name(match, check.name),
        "seq": check.seq,
        "digest": check.digest,
        "opening": check.opening if check.opening is not None else "",
        "recomputed": check.recomputed,
        "changed": check.changed_seq,
    }
    if check.ok:
        return Msg("core.verify_seal", params)
    if check.changed_seq is not None:
        return Msg("core.verify_seal_changed", params)
    if check.opening is None:
        return Msg("core.verify_seal_unopened", params)
    return Msg("core.verify_seal_bad", params)
