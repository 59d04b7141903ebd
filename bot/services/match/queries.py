"""What a command asks without changing anything: the board, a place on it, the status, the
actor's view and games, and the moves to suggest (``standings``: the profile and the leaderboard)."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from bot.i18n import Msg, catalog
from bot.i18n.catalog import LANGUAGES
from bot.services import presenter
from bot.services.channels import channel_named, deleted_channels
from bot.services.delivery import Delivery, reply
from bot.services.match import access, announce
from bot.services.match.access import Pressed
from bot.services.match.answers import Refused, damaged_line
from bot.services.people import Actor, Place
from bot.services.progress import LoadedMatch
from bot.storage.models import LIVE
from bot.storage.repository import DamagedRecordError, StorageError
from engines.core import capabilities as offers
from engines.core.contract import Seat
from engines.core.errors import EngineError

if TYPE_CHECKING:
    from bot.services.match.core import Core

log = logging.getLogger(__name__)

SUGGESTIONS = 25
PLACE_CHOICES = 25
"""Discord's limit on autocomplete choices."""


async def board(core: Core, place: Place, region: str | None) -> list[Delivery]:
    """The board again; with ``region`` (an id or its name in English or Dutch) one part of the map
    at full size, for games that have regions (``RegionsGame``)."""
    match = await access.shown(core, place)
    region_id = ""
    if region:
        regions = match.engine.regions if offers.regions(match.engine) else ()
        if not regions:
            raise access.not_offered(match, "core.no_regions")
        found = region_named(regions, region)
        if found is None:
            raise Refused("core.unknown_region", {"region": region, "regions": [Msg(f"commands.choice_region_{r}") for r in regions]})
        region_id = found
    part = presenter.region_board(region_id) if region_id else None
    return [announce.as_reply(await presenter.board_post(match, [], core.clock.now(), renderer=core.renderer, part=part))]


def region_named(regions: tuple[str, ...], text: str) -> str | None:
    """The region ``text`` names: its id, or its name in any language (``Europa``, ``stille oceaan``).

    >>> regions = ("europe", "pacific")
    >>> region_named(regions, "pacific"), region_named(regions, "Stille Oceaan"), region_named(regions, "Mars")
    ('pacific', 'pacific', None)
    """
    words = catalog()
    wanted = text.strip().casefold()
    for region in regions:
        names = {region} | {words.render(Msg(f"commands.choice_region_{region}"), language) for language in LANGUAGES}
        if wanted in {name.casefold() for name in names}:
            return region
    return None


async def territory(core: Core, place: Place, actor: Actor, name: str) -> list[Delivery]:
    """What the game says about one place of the board of the match here."""
    match = await access.shown(core, place)
    if not offers.place_info(match.engine):
        raise access.not_offered(match, "core.no_places")
    lines = match.engine.describe_place(match.state, name.strip())
    return [reply(actor.language, *(Msg(code, presenter.seat_params(match, params)) for code, params in lines))]


async def place_choices(core: Core, place: Place, actor: Actor, typed: str) -> list[tuple[str, str]]:
    """Autocomplete for ``/territory`` (none without such a match or while the database fails)."""
    try:
        match = await access.latest(core, place)
    except (StorageError, DamagedRecordError) as error:
        log.warning("place choices in %s: %s", place.channel_id, error)
        return []
    if match is None or not offers.place_info(match.engine):
        return []
    return match.engine.place_choices(typed, actor.language, PLACE_CHOICES)


async def status(core: Core, place: Place, actor: Actor) -> list[Delivery]:
    match = await access.latest(core, place)
    if match is None:
        raise access.no_match()
    lines = [
        Msg("core.status_head", {"game": presenter.game_name(match.row.game), "id": match.id, "status": Msg(f"core.status_{match.row.status}")}),
        presenter.seats_line(match),
        announce.time_control_line(match.time_control),
        *([] if match.row.rated else [Msg("ratings.casual")]),
    ]
    if match.damage is not None:
        lines.append(damaged_line(match.id, match.damage))
    elif match.started:
        lines.append(Msg("core.moves_played", {"count": match.progress.moves}))
        if match.paused is not None and match.result() is None:
            lines.append(Msg("organize.status_paused", {"player": match.paused.name, "reason": match.paused.reason}))
        lines.extend(presenter.turn_lines(match))
        if match.result() is None:
            lines.extend(presenter.away_lines(match, core.clock.now()))
        clocks = presenter.clock_line(match, core.clock.now())
        if clocks is not None:
            lines.append(clocks)
    if match.damage is None and match.progress.seq and (match.row.status not in LIVE or not match.progress.secret_seen):
        lines.append(announce.hash_line(match))
    return [reply(actor.language, *lines)]


async def my_games(core: Core, guild_id: str | None, actor: Actor) -> list[Delivery]:
    rows = await core.repo.matches_of_user(actor.user_id, guild_id, live_only=True)
    if not rows:
        raise Refused("core.games_none")
    lines = [Msg("core.games_head", {"count": len(rows)})]
    deleted = await deleted_channels(core.repo)
    for row in rows:
        match = await core.book.load_known(row.id)
        seat = match.seat_of(actor.user_id)
        waiting = seat in match.to_act()
        lines.append(Msg("core.games_line_waiting" if waiting else "core.games_line", {
            "game": presenter.game_name(row.game),
            "channel": channel_named(row.channel_id, row.guild_id, deleted),
            "status": Msg(f"core.status_{row.status}"),
            "deadline": match.deadline(seat) if waiting and seat is not None else None,
        }))
        if row.status == "active":
            lines.extend(presenter.away_lines(match, core.clock.now(), skip=seat))
    return [reply(actor.language, *lines)]


async def my_view(
    core: Core, actor: Actor, place: Place | None, match_id: int | None, piece: str | None, pressed: Pressed | None,
) -> list[Delivery]:
    """The actor's private view; with ``piece``, the squares it can reach drawn on it, where the
    game shows them to beginners."""
    if match_id is not None:
        match = await core.book.load(match_id)
        if match is not None and pressed is not None and not pressed.belongs_to(match):
            raise Refused("core.unknown_match_button")
    else:
        match = await access.latest(core, place) if place is not None else None
    match = access.viewable(match)
    seat = match.seat_of(actor.user_id)
    highlights: tuple[str, ...] = ()
    if piece:
        if not offers.reach(match.engine) or seat is None:
            raise Refused("core.reach_not_offered")
        rated = match.engine.rating_board(match.options) if offers.rated(match.engine) else ""
        rating = await core.repo.rating(match.row.guild_id or "", actor.user_id, match.row.game, rated)
        if not match.engine.shows_reach(rated, rating.points if rating else 0):
            raise Refused("core.reach_not_shown")
        try:
            highlights = match.engine.reachable_squares(match.state, seat, piece.strip().lower())
        except EngineError as error:  # a square the board lacks, or no piece of the viewer there
            raise Refused(error.code, error.params) from None
    image = await presenter.board_image(match, seat, actor.language, highlights, core.clock.now(), renderer=core.renderer)
    key = "core.your_view" if seat is not None else "core.spectator_view"
    return [reply(actor.language, Msg(key, {"game": presenter.game_name(match.row.game)}), attachments=(image,))]


async def acting_here(core: Core, place: Place, actor: Actor) -> tuple[LoadedMatch | None, Seat | None]:
    """The live match here and the actor's seat if the actor is to act in it now (else ``None``);
    no match while the database fails, and no seat while the record is damaged."""
    try:
        match = await access.live(core, place)
    except (StorageError, DamagedRecordError) as error:
        log.warning("suggestions in %s: %s", place.channel_id, error)
        return None, None
    if match is None or match.damage is not None or match.row.status != "active" or match.result() is not None:
        return match, None
    seat = match.seat_of(actor.user_id)
    return match, (seat if seat is not None and seat in match.to_act() else None)


async def suggestions_at(core: Core, place: Place, actor: Actor, typed: str) -> tuple[int, list[str]]:
    """Legal moves of the actor that start with (then contain) what was typed, with the event
    sequence of their match (0 without a match)."""
    match, seat = await acting_here(core, place, actor)
    seq = match.progress.seq if match is not None else 0
    if match is None or seat is None:
        return seq, []
    if offers.suggesting(match.engine):
        return seq, match.engine.suggest_moves(match.state, seat, typed, SUGGESTIONS)
    legal = [match.engine.format_move(m, match.state) for m in match.engine.legal_moves(match.state, seat)]
    needle = typed.strip().lower()
    starts = [m for m in legal if m.lower().startswith(needle)]
    contains = [m for m in legal if needle in m.lower() and m not in starts]
    return seq, (starts + contains)[:SUGGESTIONS]


async def legal_texts_at(core: Core, place: Place, actor: Actor) -> tuple[int, list[str]]:
    """Every legal move text of the actor in the live match here, with its event sequence."""
    match, seat = await acting_here(core, place, actor)
    seq = match.progress.seq if match is not None else 0
    if match is None or seat is None:
        return seq, []
    return seq, [match.engine.format_move(m, match.state) for m in match.engine.legal_moves(match.state, seat)]


async def my_match_choices(core: Core, actor: Actor, typed: str) -> list[tuple[int, str]]:
    """Autocomplete of a match number: the actor's live matches (``#12 Chess: Ann, Bob``) whose
    number or text holds what was typed, newest first."""
    rows = await core.repo.matches_of_user(actor.user_id, None, live_only=True)
    words = catalog()
    found = []
    for row in sorted(rows, key=lambda r: -r.id):
        seats = await core.repo.seats(row.id)
        name = f"#{row.id} {words.render(presenter.game_name(row.game), actor.language)}: {', '.join(s.holder_name or s.name for s in seats)}"
        if typed.strip().lstrip("#").lower() in name.lower():
            found.append((row.id, name))
    return found[:SUGGESTIONS]
