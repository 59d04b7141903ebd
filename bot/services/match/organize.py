"""What an organizer of a server (``organizers.may_organize``) may do in any match of that server:
list the matches in play, pause and resume one, abort one, and adjudicate one that is stuck.

Every action is an event of the match's record naming who did it and why (``PauseEvent``,
``ResumeEvent``, ``OrganizerAbortEvent``, ``AdjudicateEvent``), so the history shows it and the
record verifies as before. Nothing here shows a private view: the list names the last move as
the history does (a secret move stays secret while the match runs). An organizer who plays in a
match cannot adjudicate it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bot.i18n import Msg
from bot.services import presenter
from bot.services.channels import channel_named, deleted_channels
from bot.services.delivery import Delivery, reply
from bot.services.match import absence, access, announce, grace, teams
from bot.services.match.answers import Refused, damaged_line
from bot.services.organizers import may_organize
from bot.services.people import Actor
from bot.services.progress import LoadedMatch
from engines.core.record import (
    AbortAgreeEvent,
    AdjudicateEvent,
    Entry,
    MoveEvent,
    OrganizerAbortEvent,
    PauseEvent,
    ResumeEvent,
)

if TYPE_CHECKING:
    from bot.services.match.core import Core

LISTED = 25
"""Matches ``/organize matches`` lists (the oldest standing still first)."""
CHOICES = 25
"""Matches an organizer command's autocomplete offers (Discord shows no more)."""
DRAW = "draw"


async def organizer(core: Core, guild_id: str | None, actor: Actor) -> None:
    if not await may_organize(core, guild_id, actor):
        raise Refused("organize.not_organizer")


async def organized(core: Core, guild_id: str | None, actor: Actor, match_id: int) -> LoadedMatch:
    """The match ``match_id`` of server ``guild_id``, loaded (under its lock: the caller's), for
    an organizer of that server; ``Refused`` otherwise."""
    await organizer(core, guild_id, actor)
    match = await core.book.load(match_id)
    if match is None or match.row.guild_id != guild_id:
        raise Refused("organize.no_such_match", {"id": match_id})
    if match.damage is not None:
        raise Refused.saying(damaged_line(match.id, match.damage))
    if match.row.status != "active" or match.result() is not None:
        raise Refused("organize.not_active", {"id": match_id})
    await access.time_out_if_late(core, match)  # a seat whose time ran out lost before anything else
    return match


async def matches(core: Core, guild_id: str | None, actor: Actor) -> list[Delivery]:
    """The matches in play on the server: each with its last move and who is waited on."""
    await organizer(core, guild_id, actor)
    rows = [row for row in await core.repo.live_matches() if row.guild_id == guild_id and row.status == "active"]
    if not rows:
        return [reply(actor.language, Msg("organize.matches_none"))]
    deleted = await deleted_channels(core.repo)
    loaded = [m for row in rows if (m := await core.book.load(row.id)) is not None]
    loaded.sort(key=lambda m: (m.progress.idle_since or m.row.created_at, m.id))
    lines = [Msg("organize.matches_head", {"count": len(loaded)})]
    for match in loaded[:LISTED]:
        lines.append(await _listed(core, match, deleted))
    if len(loaded) > LISTED:
        lines.append(Msg("organize.matches_more", {"count": len(loaded) - LISTED}))
    return [reply(actor.language, *lines)]


async def _listed(core: Core, match: LoadedMatch, deleted: set[str]) -> Msg:
    params: dict[str, Any] = {
        "id": match.id, "game": presenter.game_name(match.row.game),
        "channel": channel_named(match.row.channel_id, match.row.guild_id, deleted),
    }
    if match.damage is not None:
        return Msg("organize.matches_line_damaged", params)
    last = await _last_move(core, match)
    if last is None:
        move: Msg | str = Msg("organize.no_move_yet")
        at = match.progress.turn_started
    else:
        entry, event = last
        move = Msg("organize.secret_move") if event.secret else f"{match.name_of(event.seat)}: {event.text}"
        at = entry.at
    waiting = [match.name_of(s) for s in sorted(match.to_act())]
    key = "organize.matches_line_paused" if match.paused is not None else "organize.matches_line"
    pause = match.paused
    return Msg(key, {**params, "move": move, "at": at, "players": waiting, "by": pause.name if pause else ""})


async def _last_move(core: Core, match: LoadedMatch) -> tuple[Entry, MoveEvent] | None:
    if not match.progress.moves:
        return None
    for entry in reversed(await core.repo.entries(match.id)):
        if isinstance(entry.event, MoveEvent):
            return entry, entry.event
    return None


async def pause(core: Core, guild_id: str | None, actor: Actor, match_id: int, reason: str) -> list[Delivery]:
    async with core.book.lock(match_id):
        match = await organized(core, guild_id, actor, match_id)
        if match.paused is not None:
            raise Refused("organize.already_paused", {"id": match.id, "player": match.paused.name, "reason": match.paused.reason})
        await core.commit(match, [PauseEvent(by=actor.user_id, name=actor.name, reason=reason)])
    return _told(match, Msg("organize.paused_by", {"player": actor.name, "id": match.id, "reason": reason}))


async def resume(core: Core, guild_id: str | None, actor: Actor, match_id: int, reason: str) -> list[Delivery]:
    async with core.book.lock(match_id):
        match = await organized(core, guild_id, actor, match_id)
        if match.paused is None:
            raise Refused("organize.not_paused", {"id": match.id})
        after, _ = await core.commit(match, [ResumeEvent(by=actor.user_id, name=actor.name, reason=reason)])
    return _told(after, Msg("organize.resumed_by", {"player": actor.name, "id": match.id}), *presenter.turn_lines(after))


async def abort(core: Core, guild_id: str | None, actor: Actor, match_id: int, reason: str) -> list[Delivery]:
    async with core.book.lock(match_id):
        match = await organized(core, guild_id, actor, match_id)
        after, _ = await core.commit(match, [OrganizerAbortEvent(by=actor.user_id, name=actor.name, reason=reason)], status="aborted")
    return _told(match, Msg("organize.aborted_by", {"player": actor.name, "id": match.id, "reason": reason}), announce.hash_line(after))


async def match_choices(core: Core, guild_id: str | None, typed: str) -> list[tuple[int, str]]:
    """(number, name) of the server's matches in play whose name holds what was typed, newest
    first (the organizer commands' autocomplete: at most ``CHOICES``)."""
    found = []
    for row in sorted(await core.repo.live_matches(), key=lambda r: -r.id):
        if row.guild_id != guild_id or row.status != "active":
            continue
        seats = await core.repo.seats(row.id)
        name = f"#{row.id} {row.game}: {', '.join(s.holder_name or s.name for s in seats)}"
        if typed.strip().lstrip("#").lower() in name.lower():
            found.append((row.id, name))
    return found[:CHOICES]


def result_choices(match: LoadedMatch) -> list[tuple[str, Msg]]:
    """(value, words) of the results an organizer may give ``match``: a win of each seat, a draw."""
    choices = [(f"seat:{s.seat}", Msg("organize.choice_win", {"player": s.name, "colour": presenter.colour(match, s.seat)}))
               for s in match.seats]
    return [*choices, (DRAW, Msg("organize.choice_draw"))]


def parse_result(match: LoadedMatch, text: str) -> tuple[tuple[int, ...], bool] | None:
    """The winners and draw a result names: ``draw``, ``seat:N`` or ``seats:N,M`` (a side of
    several seats); ``None`` for anything else (never guessed).

    >>> parse_result(type("M", (), {"seats": (0, 1, 2)})(), "seats:2,0")
    ((0, 2), False)
    """
    text = text.strip().lower()
    if text == DRAW:
        return (), True
    kind, _, numbers = text.partition(":")
    if kind not in ("seat", "seats") or not numbers:
        return None
    try:
        seats = tuple(sorted({int(n) for n in numbers.split(",")}))
    except ValueError:
        return None
    if (kind == "seat" and len(seats) != 1) or not all(0 <= s < len(match.seats) for s in seats) or len(seats) == len(match.seats):
        return None
    return seats, False


async def adjudicate(core: Core, guild_id: str | None, actor: Actor, match_id: int, result: str, reason: str) -> list[Delivery]:
    """End a stuck match with a result (a win of a seat or side, or a draw) and the reason; never
    by an organizer who plays in it."""
    async with core.book.lock(match_id):
        match = await organized(core, guild_id, actor, match_id)
        if match.seat_of(actor.user_id) is not None:
            raise Refused("organize.plays_cannot_adjudicate", {"id": match.id})
        parsed = parse_result(match, result)
        if parsed is None:
            raise Refused("organize.bad_result", {"result": result})
        winners, draw = parsed
        event = AdjudicateEvent(by=actor.user_id, name=actor.name, reason=reason, winners=winners, draw=draw)
        after, updates = await core.commit(match, [event])
    post = await announce.ending_post(core, after, [], updates)
    return [announce.as_reply(post)]


def _told(match: LoadedMatch, *lines: Msg) -> list[Delivery]:
    """What the organizer did, said in the match's channel (and to the organizer)."""
    return [reply(match.row.language, *lines, ephemeral=False)]


def history_line(match: LoadedMatch, entry: Entry) -> Msg | None:
    """The history's line for an organizer's action, a substitution, an agreement to abort, time
    given, a grace or a team's default (``None`` for other events)."""
    event = entry.event
    if isinstance(event, PauseEvent):
        return Msg("organize.history_pause", {"at": entry.at, "player": event.name, "reason": event.reason})
    if isinstance(event, ResumeEvent):
        return Msg("organize.history_resume", {"at": entry.at, "player": event.name})
    if isinstance(event, OrganizerAbortEvent):
        key = "organize.history_abort" if event.reason else "records2.history_abort_plain"  # /match abort's: no reason
        return Msg(key, {"at": entry.at, "player": event.name, "reason": event.reason})
    if isinstance(event, AdjudicateEvent):
        result: Msg = Msg("organize.result_draw") if event.draw else Msg(
            "organize.result_win", {"players": [match.name_of(s) for s in event.winners]})
        return Msg("organize.history_adjudicate", {"at": entry.at, "player": event.name, "result": result, "reason": event.reason})
    if isinstance(event, AbortAgreeEvent):
        return Msg("organize.history_abort_agree", {"at": entry.at, "player": match.name_of(event.seat)})
    # Substitutes, time given and graces; a team's default when its time to choose ran out.
    return teams.substitution_line(entry) or absence.history_line(match, entry) or grace.history_line(match, entry)

