"""The rematch button on a finished match's last post: the same game and options (the time, the
game's options, rated or casual) in the same channel or thread, the seats turned one place (two players swap), once every player has pressed it.

Each press is kept as a setting (``rematch:<match>:<seat>``, both storage backends); the press that
completes the set takes the first player's press back (``claim_setting``: one caller only) and
marks the match ``rematch:<match>:made``, so two last presses at the same moment make one match. Computer seats come along without pressing."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.i18n import Msg
from bot.services.delivery import Delivery, reply
from bot.services.match import lifecycle
from bot.services.match.access import Pressed
from bot.services.match.answers import Refused
from bot.services.people import Actor, Place, computer_level
from bot.services.progress import LoadedMatch
from engines.core import capabilities as offers

if TYPE_CHECKING:
    from bot.services.match.core import Core

KEY = "rematch:{match}:"


async def press(service: Core, match_id: int, actor: Actor, pressed: Pressed | None) -> list[Delivery]:
    """A player accepts the rematch of match ``match_id``; the last one to accept starts it."""
    match = await service.book.load(match_id)
    if match is None or (pressed is not None and not pressed.belongs_to(match)):
        raise Refused("core.unknown_match_button")
    if match.row.status != "finished":
        raise Refused("replays.rematch_not_over")
    seat = match.seat_of(actor.user_id)
    if seat is None:
        raise Refused("replays.rematch_not_player", {"players": [s.name for s in match.seats]})
    key = KEY.format(match=match.id)
    if f"{key}made" in await service.repo.settings_starting(key):
        raise Refused("replays.rematch_made")
    await service.repo.set_setting(f"{key}{seat}", "yes")
    accepted = await service.repo.settings_starting(key)
    people = [s for s in match.seats if not computer_level(s.user_id)]
    waiting = [s.name for s in people if f"{key}{s.seat}" not in accepted]
    if waiting:
        return [reply(actor.language, Msg("replays.rematch_accepted", {"player": actor.name, "waiting": waiting}),
                      ephemeral=False)]
    # Of two last presses at once, the one that takes the first player's acceptance makes the match.
    if not await service.repo.claim_setting(f"{key}{people[0].seat}"):
        raise Refused("replays.rematch_made")
    await service.repo.set_setting(f"{key}made", "yes")
    return await _rematch(service, match, actor)


async def _rematch(service: Core, match: LoadedMatch, actor: Actor) -> list[Delivery]:
    place = Place(match.row.guild_id, match.row.channel_id, match.row.language)
    order = [*match.seats[1:], match.seats[0]]
    people = [Actor(s.user_id, s.name, await service.language_of(s.user_id, match.row.language)) for s in order]
    computers = [p for p in people if computer_level(p.user_id)]
    first = people[0] if not computer_level(people[0].user_id) else next(p for p in people if not computer_level(p.user_id))
    # A game whose rulebook sets its time sets it again; the row's hours are the rulebook's.
    control = match.time_control.without_time() if offers.timed(match.engine) else match.time_control
    options = dict(match.row.options)
    await lifecycle.create(service, place, first, match.row.game, options, opponent=None, time_control=control,
                           players=None, rated=match.row.rated)
    for person in people:
        if person is not first and not computer_level(person.user_id):
            await lifecycle.join(service, place, person)
    level = computer_level(computers[0].user_id) if computers else None
    # A player alone with the computer takes the turned seat (the computer the others); with more
    # people the people sit first, in the turned order, and the computer after them.
    seat = people.index(first) if level and len(people) == len(computers) + 1 else 0
    started = await lifecycle.start(service, place, first, level, len(people) if level else None, seat)
    made = [Msg("replays.rematch_made_new", {"id": match.id, "players": [p.name for p in people]}),
            *([] if match.row.rated else [Msg("ratings.casual")])]
    return [reply(actor.language, *made, ephemeral=False), *started]
