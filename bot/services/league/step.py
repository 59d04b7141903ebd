"""The one step that moves a running league on (``advance``), and the league timers (``due``).

The step is idempotent: it pairs what is due (a round robin's every round at once, a Swiss round
once the one before is decided), opens each pairing's thread and match (every part checked before
it is made, so a step cut off by a crash and run again finds what it made and goes on from
there), resigns the matches of players who withdrew, tells the league's channel of each result
(``telling``: noted, told, marked told), and ends the league once every game is decided.

What the step says is returned to its caller, who delivers it, with these exceptions: the line
that a round is paired, each pairing's opening in its thread, each result's announcement and the
league's end are told at once, between their note and their mark (``telling``): a kill in between
leaves them noted and untold, and the step after the restart tells them, under the same nonce.
"""

from __future__ import annotations

import logging
from dataclasses import replace
from datetime import datetime, timedelta

from bot.i18n import Msg, catalog
from bot.services.delivery import Delivery
from bot.services.league import pairing, reading, sides, telling
from bot.services.league import standings as tables
from bot.services.league.base import Leagues
from bot.services.league.settings import (
    SWEEP,
    league_settings,
    league_sides,
    post,
    posted,
)
from bot.services.league.sides import Side, entrants
from bot.services.match import lifecycle
from bot.services.match.answers import Refused
from bot.services.people import Actor, Place
from bot.services.time_control import TimeControl
from bot.storage.models import LeagueRow, NewPairing, PairingRow
from bot.storage.repository import SeatRefusedError
from engines.core import capabilities as offers
from engines.core.record import OrganizerAbortEvent

log = logging.getLogger(__name__)

LEAGUE_SIDES = 2
"""Every league match is played by two sides: two players, or two teams (Axis & Allies: a
player or a team of two a side, the first named the Allies, the second the Axis)."""


async def step(leagues: Leagues, league_id: int) -> tuple[list[Delivery], bool]:
    """One pass of the step: what it says, and whether it changed anything."""
    repo = leagues.repo
    league = await repo.league(league_id)
    if league is not None and league.status == "finished" and league.told_at is None:
        await telling.retell_end(leagues, league)  # its end noted, and not told: a kill came in between
    if league is None or league.status != "running":
        return [], False
    out: list[Delivery] = []
    changed = False
    entries = league_sides(league, await repo.league_entries(league.id))
    withdrawn = {e.id for e in entries if e.withdrawn}
    pairings = await repo.league_pairings(league.id)
    names = {e.id: e.name for e in entries}
    # Noted, and not told: a kill came in between.
    await telling.retell_rounds(leagues, league, pairings)
    for p in pairings:
        if p.match_id is not None and p.opening_told_at is None and p.second_id is not None:
            await telling.retell_opening(leagues, league, p, names.get(p.first_id, "?"), names.get(p.second_id, "?"))
    new = to_pair(leagues, league, entries, withdrawn, pairings, await reading.games(leagues, pairings, withdrawn))
    if new and await telling.pair(leagues, league, new):
        leagues.matches.on_timers_changed()
        pairings = await repo.league_pairings(league.id)
        changed = True
    by_id = {e.id: e for e in entries}
    for p in pairings:
        if p.second_id is None or p.outcome is not None:
            continue
        if p.match_id is None:
            if p.first_id in withdrawn or p.second_id in withdrawn:
                await repo.mark_pairing(p.id, "outcome", {
                    "score": [0 if p.first_id in withdrawn else 1, 0 if p.second_id in withdrawn else 1],
                    "reason": "withdrawn"})
                changed = True
            elif league.format != "ladder" or p.accepted_at is not None:
                await open_pairing(leagues, league, p, by_id[p.first_id], by_id[p.second_id])
                changed = True
        else:
            row = await repo.get_match(p.match_id)
            if row is not None and row.status == "active" and (withdrawn & {p.first_id, p.second_id}):
                # Every player of a side that left resigns (a team leaves whole), until the game ends.
                channel = row.channel_id
                leaving = [(user_id, name) for side_id in sorted(withdrawn & {p.first_id, p.second_id})
                           for user_id, name in zip(by_id[side_id].members, by_id[side_id].member_names, strict=True)]
                for user_id, name in leaving:
                    resigned = await leagues.matches.resign(Place(league.guild_id, channel, league.language),
                                                            Actor(user_id, name, league.language))
                    out += posted(resigned, channel)
                    after = await repo.get_match(p.match_id)
                    if after is None or after.status != "active":
                        break
                changed = True
    pairings = await repo.league_pairings(league.id)
    # Over only when every game was seen reported here: a match may end while this step reads
    # (a computer's move), and a league finished past its unreported result never tells it.
    all_reported = True
    for p in pairings:
        if p.second_id is None or p.reported_at is not None and p.told_at is not None:
            continue
        result = await leagues._result_of(p, withdrawn)
        if p.reported_at is not None:
            if result is not None:  # noted, and not told: a kill came in between
                await telling.retell(leagues, league, p, result, names)
            continue
        if result is None or result[1] == "withdrawn" and p.match_id is not None:
            all_reported = False
            continue  # a withdrawn player's match is reported once it is resigned
        # Noted, told at once (not with the step's other posts), then marked told.
        await telling.report(leagues, league, p, result, names)
    if all_reported and await over(leagues, league, entries, withdrawn, pairings) and await telling.finish(leagues, league):
        changed = False
    return out, changed


def to_pair(leagues: Leagues, league: LeagueRow, entries: list[Side], withdrawn: set[str],
            pairings: list[PairingRow], games: list[tables.Game]) -> list[NewPairing]:
    """The pairings the league needs now (none when it has what it needs)."""
    ids = [e.id for e in entries]
    if league.format == "round_robin":
        if pairings:
            return []
        # Everyone signed up and still in when it starts; all games at once, so a round's
        # bye (an odd count) is only sitting out: not stored, worth nothing.
        still = [p for p in ids if p not in withdrawn]
        return [NewPairing(round=number, board=board, first_id=pair.first, second_id=pair.second)
                for number, rnd in enumerate(pairing.round_robin(still), start=1)
                for board, pair in enumerate(rnd, start=1) if pair.second is not None]
    if league.format != "swiss":
        return []
    last = max((p.round for p in pairings), default=0)
    if last >= reading.rounds(league, entries, pairings) or any(g.score is None for g in games):
        return []
    still = [p for p in ids if p not in withdrawn]
    if len(still) < 2:
        return []
    ranked = [row.user_id for row in tables.table("swiss", entrants(entries), games) if not row.withdrawn]
    played = [pairing.Played(g.first, g.second, g.score) for g in games]
    settings = league_settings(league)
    due = leagues.matches.clock.now() + timedelta(hours=settings.round_hours) if settings.round_hours else None
    pairs = pairing.swiss_round(still, played, ranked)
    return [NewPairing(round=last + 1, board=board, first_id=pair.first, second_id=pair.second,
                       due_at=due if pair.second is not None else None)
            for board, pair in enumerate(pairs, start=1)]


async def over(leagues: Leagues, league: LeagueRow, entries: list[Side], withdrawn: set[str],
               pairings: list[PairingRow]) -> bool:
    if league.format == "ladder" or not pairings:
        return False
    games = await reading.games(leagues, pairings, withdrawn)
    if any(g.score is None for g in games):
        return False
    if league.format == "swiss":
        still = [e for e in entries if e.id not in withdrawn]
        return max(p.round for p in pairings) >= reading.rounds(league, entries, pairings) or len(still) < 2
    return True


async def open_pairing(leagues: Leagues, league: LeagueRow, p: PairingRow, first: Side, second: Side) -> None:
    """Open the pairing's thread and match and start it, and tell its opening (``telling``); each
    part looked for before it is made, so a step run again after a crash finishes what the first
    began."""
    repo, matches = leagues.repo, leagues.matches
    thread = p.thread_id
    if thread is None:
        # The league's number keeps two leagues of one name (next season's) out of each other's threads.
        name = catalog().render(Msg("league.thread_name", {"league": league.name, "number": league.id, "round": p.round,
                                                           "first": first.name, "second": second.name}), league.language)
        thread = await leagues.places.open_thread(league.guild_id, league.channel_id, name[:100])
        if not await repo.mark_pairing(p.id, "thread_id", thread):
            again = next(x for x in await repo.league_pairings(league.id) if x.id == p.id)
            thread = again.thread_id or thread
    place = Place(league.guild_id, thread, league.language)
    settings = league_settings(league)
    engine = matches.book.engine(league.game)
    order = sides.seats(first, second, engine.teams(LEAGUE_SIDES * settings.team_size, engine.options_model.model_validate(
        settings.options)) if settings.team_size > 1 and offers.teams(engine) else None)
    creator, creator_name = order[0]
    known = await repo.user(creator)  # their own language stays theirs (their DMs)
    first_actor = Actor(creator, creator_name, known.language if known is not None else league.language)
    control = TimeControl.model_validate(settings.time_control) if settings.time_control else None
    out: list[Delivery] = []
    board: Delivery | None = None  # the start's board; None: started before (a crash), drawn anew
    row = await repo.latest_match_in(thread)
    try:
        if row is None:
            created, _ = await lifecycle.create(matches, place, first_actor, league.game, settings.options,
                                                opponent=None, time_control=control, players=None, rated=settings.rated,
                                                of_league=True)
            out += [replace(d, lines=tuple(line for line in d.lines if line.key != "core.open_to_join")) for d in created]
            row = await repo.latest_match_in(thread)
            assert row is not None
        if row.status == "open":
            # Each seat in its order; those seated before a crash are skipped, so the order holds.
            for user_id, name in order[1:]:
                if all(seat.user_id != user_id for seat in await repo.seats(row.id)):
                    await repo.add_seat(row.id, user_id, name, max_seats=len(order))
            board, *dms = await lifecycle.start(matches, place, first_actor, None, None)
            out += dms
    except (Refused, SeatRefusedError) as refused:
        log.error("league %s: the match of pairing %s could not be opened: %s", league.id, p.id, refused)
        return
    await telling.tell_opening(leagues, league, p.model_copy(update={"thread_id": thread}), row.id, first.name, second.name,
                               posted(out, thread), board)


async def abort(leagues: Leagues, match_id: int, actor: Actor, reason: str) -> str | None:
    """End a league match the organizer ``actor`` decided (its record names them and the
    ``reason``): the channel of the match it ended, ``None`` when it was over already."""
    book = leagues.matches.book
    async with book.lock(match_id):
        match = await book.load(match_id)
        if match is None or match.row.status not in ("open", "active"):
            return None
        event = OrganizerAbortEvent(by=actor.user_id, name=actor.name, reason=reason)
        await leagues.matches.commit(match, [event], status="aborted")
    return match.row.channel_id


async def due(leagues: Leagues, now: datetime) -> list[Delivery]:
    """The league timers due now: a ladder challenge not accepted in time is won by the
    challenger; a Swiss round past its deadline asks the organizer to decide what is
    unfinished. Then (the safety net, once every ``SWEEP``) the step of every running league,
    else of the leagues a timer touched."""
    repo = leagues.repo
    out: list[Delivery] = []
    touched: set[int] = set()
    for timer in await repo.due_pairings(now):
        if not await repo.clear_pairing_due(timer.id):
            continue  # another process took it
        league = await repo.league(timer.league_id)
        if league is None:
            continue
        touched.add(league.id)
        if league.format == "ladder":
            if timer.accepted_at is None and timer.outcome is None and timer.match_id is None:
                await repo.mark_pairing(timer.id, "outcome", {"score": [0, 1], "reason": "expired"})
        elif await leagues._result_of(timer, set()) is None:
            out.append(post(league, Msg("league.round_overdue", {
                "league": league.name, "round": timer.round, "pairing": timer.id,
                "first": await reading.name_in(leagues, league, timer.first_id),
                "second": await reading.name_in(leagues, league, timer.second_id or ""),
            })))
    if leagues.sweep_at is None or now >= leagues.sweep_at:
        leagues.sweep_at = now + SWEEP
        for league in await repo.leagues(None, ["running"]):
            out += await leagues.advance(league.id)
    else:
        for league_id in sorted(touched):
            out += await leagues.advance(league_id)
    return out
