"""A league's announcements that a kill must not lose: the line that a round is paired, each
pairing's opening in its thread (the match's intro and starting board), each result, and its end
(the "finished" post and the standings). Each is noted, then told, then marked told (``noted``): a
round line is noted by the round's pairings and marked by its first pairing's ``round_told_at``, an
opening by its pairing's ``match_id`` and ``opening_told_at``, a result by its pairing's
``reported_at`` and ``told_at``, the end by the league's status ``finished`` and its ``told_at``.
What was noted and not marked (a bot killed in between, or another process telling it now) the
step tells again, under the same nonce: Discord makes one message of the two; the console prints
it twice. An opening told again shows the board as it is then (the same as at the start while no
move was made).
"""

from __future__ import annotations

from dataclasses import replace

from bot.i18n import Msg
from bot.services import presenter
from bot.services.delivery import ChannelPost, Delivery, nonce
from bot.services.league import reading
from bot.services.league.base import Leagues
from bot.services.league.settings import post, replace_status, score_text
from bot.services.noted import noted
from bot.storage.models import LeagueRow, NewPairing, PairingRow

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


async def pair(leagues: Leagues, league: LeagueRow, new: list[NewPairing]) -> bool:
    """Note the round's pairings, tell the line that it is paired at once, mark it told on the
    round's first pairing. False: another paired it first (and tells it)."""
    now = leagues.matches.clock.now

    async def claim() -> bool:
        head = next(h for h in round_heads(league, await leagues.repo.league_pairings(league.id)) if h.round == new[0].round)
        return await leagues.repo.mark_pairing(head.id, "round_told_at", now())

    done = await noted(lambda: leagues.repo.add_pairings(league.id, new, now()),
                       lambda: _tell(leagues, [round_post(league, new[0].round)]), claim)
    return done is not None


async def retell_rounds(leagues: Leagues, league: LeagueRow, pairings: list[PairingRow]) -> None:
    """Tell the round lines noted and not marked told (``pair`` after its note)."""
    for head in round_heads(league, pairings):
        if head.round_told_at is None:
            await _tell(leagues, [round_post(league, head.round)])
            await leagues.repo.mark_pairing(head.id, "round_told_at", leagues.matches.clock.now())


def round_heads(league: LeagueRow, pairings: list[PairingRow]) -> list[PairingRow]:
    """The first pairing of each lot the step paired (a Swiss round; a round robin's every round
    at once): the one that holds its line's told mark. A ladder's challenges have no line."""
    if league.format not in ("swiss", "round_robin"):
        return []
    heads: dict[int, PairingRow] = {}
    for p in pairings:
        lot = p.round if league.format == "swiss" else 0
        if lot not in heads or p.id < heads[lot].id:
            heads[lot] = p
    return list(heads.values())


def round_post(league: LeagueRow, number: int) -> Delivery:
    return replace(post(league, Msg("league.round_paired", {"league": league.name, "round": number})),
                   nonce=nonce("L", league.id, "p", number))


async def tell_opening(leagues: Leagues, league: LeagueRow, p: PairingRow, match_id: int, first: str, second: str,
               posts: list[Delivery], board: Delivery | None) -> None:
    """Note the pairing's match (linked to it), tell its opening in its thread at once (the intro,
    the match's own ``posts`` and its starting ``board``; the board as it is now when ``None``),
    mark it told; nothing when another linked it first."""
    now = leagues.matches.clock.now

    async def tell() -> bool:
        return await _tell(leagues, await opening(leagues, league, p, match_id, first, second, posts, board))

    await noted(lambda: leagues.repo.mark_pairing(p.id, "match_id", match_id), tell,
                lambda: leagues.repo.mark_pairing(p.id, "opening_told_at", now()))


async def retell_opening(leagues: Leagues, league: LeagueRow, p: PairingRow, first: str, second: str) -> None:
    """Tell an opening noted and not marked told (``tell_opening`` after its note)."""
    assert p.match_id is not None
    await _tell(leagues, await opening(leagues, league, p, p.match_id, first, second, [], None))
    await leagues.repo.mark_pairing(p.id, "opening_told_at", leagues.matches.clock.now())


async def opening(leagues: Leagues, league: LeagueRow, p: PairingRow, match_id: int, first: str, second: str,
                  posts: list[Delivery], board: Delivery | None) -> list[Delivery]:
    """The intro, the match's posts, its board: the intro and the board each under a nonce."""
    assert p.thread_id is not None
    if board is None:
        board = await board_now(leagues, match_id)
    intro = Msg("league.match_intro", {"league": league.name, "round": p.round, "first": first, "second": second})
    return [Delivery(ChannelPost(p.thread_id), (intro,), league.language, nonce=nonce("L", league.id, "i", p.id)),
            *posts, replace(board, target=ChannelPost(p.thread_id), nonce=nonce("L", league.id, "b", p.id))]


async def board_now(leagues: Leagues, match_id: int) -> Delivery:
    """The match's board as its start shows it, drawn as the match is now."""
    core = leagues.matches
    match = await core.book.load_known(match_id)
    lines = [Msg("core.started", {"game": presenter.game_name(match.row.game)}), presenter.seats_line(match),
             Msg("core.seed_commitment", {"hash": match.row.commitment})]
    return await presenter.board_post(match, lines, core.clock.now(), renderer=core.renderer)


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
