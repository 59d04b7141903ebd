"""A league's announcements that a kill must not lose: each result, and its end (the "finished"
post and the standings). Each is noted, then told, then marked told (``noted``): a result is noted
by its pairing's ``reported_at`` and marked by its ``told_at``, the end by the league's status
``finished`` and its ``told_at``. What was noted and not marked (a bot killed in between, or
another process telling it now) the step tells again, under the same nonce: Discord makes one
message of the two; the console prints it twice.
"""

from __future__ import annotations

from dataclasses import replace

from bot.i18n import Msg
from bot.services.delivery import ChannelPost, Delivery, nonce
from bot.services.league import reading
from bot.services.league.base import Leagues
from bot.services.league.settings import post, replace_status, score_text
from bot.services.noted import noted
from bot.storage.models import LeagueRow, PairingRow

Result = tuple[tuple[float, float], str]


async def report(leagues: Leagues, league: LeagueRow, p: PairingRow, result: Result, names: dict[str, str]) -> None:
    """Note the pairing's result, tell it at once, mark it told; nothing when another noted it first."""
    now = leagues.matches.clock.now
    await noted(lambda: leagues.repo.mark_pairing(p.id, "reported_at", now()),
                lambda: _tell(leagues, [result_post(league, p, result, names)]),
                lambda: leagues.repo.mark_pairing(p.id, "told_at", now()))


async def retell(leagues: Leagues, league: LeagueRow, p: PairingRow, result: Result, names: dict[str, str]) -> None:
    """Tell a result noted and not marked told (``report`` after its note)."""
    await _tell(leagues, [result_post(league, p, result, names)])
    await leagues.repo.mark_pairing(p.id, "told_at", leagues.matches.clock.now())


async def finish(leagues: Leagues, league: LeagueRow) -> bool:
    """Note the league's end (running to finished), tell it at once, mark it told. False: another
    finished it first (and tells it)."""
    now = leagues.matches.clock.now
    ended: list[bool] = []

    async def note() -> bool:
        ended.append(await leagues.repo.set_league_status(league.id, "finished", was="running"))
        return ended[0]

    async def tell() -> bool:
        return await _tell(leagues, await end_posts(leagues, replace_status(league, "finished")))

    await noted(note, tell, lambda: leagues.repo.mark_league_told(league.id, now()))
    return ended[0]


async def retell_end(leagues: Leagues, league: LeagueRow) -> None:
    """Tell a finished league's end noted and not marked told (``finish`` after its note)."""
    await _tell(leagues, await end_posts(leagues, league))
    await leagues.repo.mark_league_told(league.id, leagues.matches.clock.now())


def result_post(league: LeagueRow, p: PairingRow, result: Result, names: dict[str, str]) -> Delivery:
    return replace(post(league, Msg("league.result", {
        "league": league.name, "round": p.round, "first": names.get(p.first_id, "?"),
        "second": names.get(p.second_id or "", "?"), "score": score_text(result[0]), "how": Msg(f"league.how_{result[1]}"),
    })), nonce=nonce("L", league.id, "r", p.id))


async def end_posts(leagues: Leagues, league: LeagueRow) -> list[Delivery]:
    """The league is over, and its standings."""
    over = replace(post(league, Msg("league.finished", {"league": league.name})), nonce=nonce("L", league.id, "end"))
    table = await reading.standings_post(leagues, league, league.language, ChannelPost(league.channel_id))
    return [over, replace(table, nonce=nonce("L", league.id, "table"))]


async def _tell(leagues: Leagues, deliveries: list[Delivery]) -> bool:
    await leagues.deliver(deliveries)
    return True
