"""What the league commands read: which league a command means, each pairing's result (from the
league's own outcome or its match's stored result), the standings and the pairings as they are
shown. Nothing here writes."""

from __future__ import annotations

import math
from typing import Any

from bot.i18n import Msg, catalog
from bot.services import presenter
from bot.services.delivery import Attachment, ChannelPost, ChannelRef, Delivery, Reply, reply
from bot.services.league import standings as tables
from bot.services.league.base import Leagues
from bot.services.league.settings import FORMATS, format_name, league_settings, league_sides, score_text
from bot.services.league.sides import Side, entrants
from bot.services.match.answers import Refused
from bot.services.organizers import may_organize
from bot.services.people import Actor, Place
from bot.storage.models import LeagueRow, PairingRow
from render.league import MAX_ROWS, standings_png


async def result_of(leagues: Leagues, p: PairingRow, withdrawn: set[str]) -> tuple[tuple[float, float], str] | None:
    """The pairing's points and how they came (``standings.resolve``); ``None`` while undecided."""
    row = await leagues.repo.get_match(p.match_id) if p.match_id is not None else None
    score, how = tables.resolve(p.first_id, p.second_id, p.outcome, row.status if row else None,
                                row.result if row else None, withdrawn)
    return (score, how) if score is not None else None


async def games(leagues: Leagues, pairings: list[PairingRow], withdrawn: set[str]) -> list[tables.Game]:
    """Every pairing with its result, each read through ``leagues._result_of`` (one reading)."""
    out = []
    for p in pairings:
        result = await leagues._result_of(p, withdrawn)
        out.append(tables.Game(p.round, p.first_id, p.second_id, result[0] if result else None, result[1] if result else ""))
    return out


def rounds(league: LeagueRow, sides: list[Side], pairings: list[PairingRow] | None = None) -> int:
    """A Swiss league's rounds: as the organizer set them, else enough to find a winner among
    those who played the first round (those still in, before it is paired)."""
    settings = league_settings(league)
    if settings.rounds:
        return settings.rounds
    first = [p for p in pairings or [] if p.round == 1]
    field = {x for p in first for x in (p.first_id, p.second_id) if x is not None} if first else {
        s.id for s in sides if not s.withdrawn}
    return max(1, math.ceil(math.log2(max(len(field), 2))))


async def table(leagues: Leagues, league: LeagueRow) -> list[tables.Row]:
    """The standings now, derived from the pairings and their matches' stored results."""
    found = league_sides(league, await leagues.repo.league_entries(league.id))
    withdrawn = {s.id for s in found if s.withdrawn}
    pairings = await leagues.repo.league_pairings(league.id)
    played = await games(leagues, pairings, withdrawn)
    rounds_left = 0
    if league.format == "swiss" and league.status == "running":
        rounds_left = rounds(league, found, pairings) - max((p.round for p in pairings), default=0)
    return tables.table(league.format, entrants(found), played, rounds_left)


async def standings_post(leagues: Leagues, league: LeagueRow, language: str, target: Reply | ChannelPost) -> Delivery:
    """The standings as a picture, with the first three places in words."""
    rows = await table(leagues, league)
    words = catalog()

    def say(key: str, **params: Any) -> str:
        return words.render(Msg(f"league.{key}", params), language)

    tiebreak = {"round_robin": "col_sonneborn", "swiss": "col_buchholz"}.get(league.format)
    headers = ["#", say("col_team" if league_settings(league).team_size > 1 else "col_player"), say("col_points")] + ([say(tiebreak)] if tiebreak else []) + [
        say("col_played"), say("col_left"), say("col_record")]
    cells = []
    for row in rows:
        name = say("withdrawn_name", player=row.name) if row.withdrawn else row.name
        cells.append([str(row.place), name, tables.points_text(row.points)]
                     + ([tables.points_text(row.tiebreak)] if tiebreak else [])
                     + [str(row.played), str(row.left), f"{row.wins}-{row.draws}-{row.losses}"])
    subtitle = " · ".join([words.render(presenter.game_name(league.game), language),
                           words.render(format_name(league.format), language),
                           say(f"status_{league.status}")])
    more = say("more_rows", count=len(rows) - MAX_ROWS) if len(rows) > MAX_ROWS else ""
    png = await leagues.matches.renderer.run(standings_png, league.name, subtitle, headers, cells,
                                             [row.withdrawn for row in rows], more)
    lines = [Msg("league.standings_head", {"league": league.name})]
    lines += [Msg("league.standings_line", {"place": row.place, "player": row.name, "points": tables.points_text(row.points),
                                            "left": row.left}) for row in rows[:3]]
    if tiebreak:
        lines.append(Msg(f"league.{tiebreak}_note"))
    return Delivery(target, tuple(lines), language, attachments=(Attachment(f"league-{league.id}-standings.png", png),))


async def pairings_list(leagues: Leagues, place: Place, actor: Actor, league_id: int | None) -> list[Delivery]:
    """``/league pairings``: every pairing with its result, its thread or what it waits for."""
    league = await chosen(leagues, place, league_id, ("signup", "running", "finished"))
    pairings = await leagues.repo.league_pairings(league.id)
    if not pairings:
        return [reply(actor.language, Msg("league.no_pairings", {"league": league.name}))]
    found = league_sides(league, await leagues.repo.league_entries(league.id))
    names = {s.id: s.name for s in found}
    withdrawn = {s.id for s in found if s.withdrawn}
    lines = [Msg("league.pairings_head", {"league": league.name})]
    for p in pairings:
        score = await leagues._result_of(p, withdrawn)
        params: dict[str, Any] = {"pairing": p.id, "round": p.round, "first": names.get(p.first_id, "?")}
        if p.second_id is None:
            lines.append(Msg("league.pairing_bye", params))
            continue
        params["second"] = names.get(p.second_id, "?")
        if score is not None:
            params["score"] = score_text(score[0])
            params["how"] = Msg(f"league.how_{score[1]}")
            lines.append(Msg("league.pairing_done", params))
        elif p.thread_id is not None:
            params["channel"] = ChannelRef(p.thread_id, league.guild_id)
            lines.append(Msg("league.pairing_playing", params))
        elif league.format == "ladder" and p.accepted_at is None:
            params["due"] = p.due_at
            lines.append(Msg("league.pairing_challenged", params))
        else:
            lines.append(Msg("league.pairing_waiting", params))
    return [reply(actor.language, *lines)]


async def all_leagues(leagues: Leagues, place: Place, actor: Actor) -> list[Delivery]:
    """``/league list``: the server's leagues."""
    found = await leagues.repo.leagues(place.guild_id, ["signup", "running", "finished"])
    if not found:
        return [reply(actor.language, Msg("league.none"))]
    lines = [Msg("league.list_head")]
    for league in found:
        count = len(await leagues.repo.league_entries(league.id))
        lines.append(Msg("league.list_line", {
            "id": league.id, "league": league.name, "game": presenter.game_name(league.game),
            "format": format_name(league.format), "status": Msg(f"league.status_{league.status}"), "count": count,
            "channel": ChannelRef(league.channel_id, league.guild_id),
        }))
    return [reply(actor.language, *lines)]


async def name_in(leagues: Leagues, league: LeagueRow, side_id: str) -> str:
    """The name of a player or a team of the league."""
    found = next((s for s in league_sides(league, await leagues.repo.league_entries(league.id)) if s.id == side_id), None)
    return found.name if found is not None else "?"


async def refuse_unless_organizer(leagues: Leagues, place: Place, actor: Actor) -> None:
    if place.guild_id is None or not await may_organize(leagues.matches, place.guild_id, actor):
        raise Refused("league.organizers_only")


async def pairing_here(leagues: Leagues, place: Place, pairing_id: int) -> PairingRow:
    """Pairing ``pairing_id`` of a running league of this server."""
    for league in await leagues.repo.leagues(place.guild_id, ["running"]):
        for p in await leagues.repo.league_pairings(league.id):
            if p.id == pairing_id:
                return p
    raise Refused("league.unknown_pairing", {"pairing": pairing_id})


async def chosen(leagues: Leagues, place: Place, league_id: int | None, statuses: tuple[str, ...], *,
                 of: str | None = None, formats: tuple[str, ...] = FORMATS) -> LeagueRow:
    """The league a command means: the one named, else the one of this channel, else the only
    one of the server (among those in ``statuses``; with ``of``, those the user signed up to)."""
    if place.guild_id is None:
        raise Refused("league.servers_only")
    repo = leagues.repo
    if league_id is not None:
        league = await repo.league(league_id)
        if league is None or league.guild_id != place.guild_id:
            raise Refused("league.unknown", {"id": league_id})
        if league.status not in statuses:
            raise Refused(f"league.is_{league.status}", {"league": league.name})
        if league.format not in formats:
            raise Refused("league.ladder_command", {"league": league.name})
        return league
    candidates = [lg for lg in await repo.leagues(place.guild_id, statuses) if lg.format in formats]  # type: ignore[arg-type]
    if of is not None:
        candidates = [lg for lg in candidates if any(e.user_id == of for e in await repo.league_entries(lg.id))]
    here = [lg for lg in candidates if lg.channel_id == place.channel_id]
    if len(here) == 1 or (here and len(candidates) > 1):
        return here[-1]
    if len(candidates) == 1:
        return candidates[0]
    if not candidates:
        raise Refused("league.none_here")
    raise Refused("league.which", {"leagues": [Msg("league.choice", {"id": lg.id, "league": lg.name}) for lg in candidates]})
