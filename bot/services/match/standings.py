"""``/profile`` and ``/leaderboard``: a player's ratings with a rating-history chart, and a game's
table on this server (docs/ratings.md).

Every game has a Glicko-2 rating per server; a game whose rulebook keeps points (Militakiri) shows
them and the rank status beside it, and ``/leaderboard game: board:`` is the rulebook's own table
by points, as before.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bot.i18n import Msg, catalog
from bot.services import presenter
from bot.services.delivery import Attachment, Delivery, reply
from bot.services.match import lifecycle
from bot.services.match.answers import Refused
from bot.services.people import Actor
from bot.services.ratings import provisional, shown_rating
from bot.storage.models import GlickoRow, RatingRow
from engines.core import capabilities as offers
from engines.core.contract import RatedGame

if TYPE_CHECKING:
    from bot.services.match.core import Core

LEADERBOARD_SIZE = 20
HISTORY_SIZE = 50
"""The chart shows at most this many rated matches, the latest."""


async def profile(core: Core, guild_id: str | None, actor: Actor, user: Actor | None) -> list[Delivery]:
    """``user``'s (default the actor's) rating per game on this server, with deviation, games and
    wins/draws/losses, the rulebook's points where the game keeps them, and a chart of the rating
    after each rated match (drawn in a worker)."""
    who = user or actor
    guild = guild_id or ""
    ratings = await core.repo.glicko_of(guild, who.user_id)
    points = await core.repo.ratings_of(guild, who.user_id)
    if not ratings and not points:
        raise Refused("ratings.profile_none", {"player": who.name})
    lines = [Msg("core.profile_head", {"player": who.name})]
    lines += [Msg("ratings.profile_line", _glicko_params(row)) for row in ratings]
    for kept in points:
        engine = core.book.engine(kept.game)
        if offers.rated(engine):  # rating rows are written for rated games only
            lines.append(Msg("core.profile_line", {**_points_params(kept), "status": Msg(engine.rating_status(kept.board, kept.points))}))
    if any(provisional(row.deviation) for row in ratings):
        lines.append(Msg("ratings.provisional_note"))
    attachments: tuple[Attachment, ...] = ()
    histories = [await core.repo.rating_history(guild, who.user_id, row.game, HISTORY_SIZE) for row in ratings]
    # The last matches of all games, in the order they ended: each game's line at its matches' places.
    ended = sorted((h.at, h.match_id) for history in histories for h in history)[-HISTORY_SIZE:]
    place = {key: n for n, key in enumerate(ended)}
    series: list[tuple[str, list[float], list[float], list[int]]] = []
    for row, history in zip(ratings, histories, strict=True):
        shown = [h for h in history if (h.at, h.match_id) in place]
        if shown:
            name = catalog().render(presenter.game_name(row.game), actor.language)
            series.append((name, [h.rating for h in shown], [h.deviation for h in shown], [place[h.at, h.match_id] for h in shown]))
    if series:
        title = catalog().render(Msg("ratings.chart_title", {"player": who.name}), actor.language)
        attachments = (await presenter.rating_chart(title, series, f"ratings-{who.user_id}.png", renderer=core.renderer),)
    return [reply(actor.language, *lines, attachments=attachments)]


async def leaderboard(core: Core, guild_id: str | None, actor: Actor, game: str, board: str | None) -> list[Delivery]:
    """The server's table for ``game`` by Glicko-2 rating, the best 20 and the actor's place; a game
    that keeps points shows them and the rank status beside each rating. With ``board`` (a game
    that keeps points only): the rulebook's table of that board by points."""
    try:
        engine = core.book.engine(game)
    except KeyError:
        raise Refused.saying(lifecycle.unknown_game(core, game)) from None
    if board is not None and not offers.rated(engine):
        raise Refused("core.not_rated", {"game": presenter.game_name(game)})
    if offers.rated(engine) and board is not None:
        return await _points_table(core, guild_id, actor, game, engine, board)
    guild = guild_id or ""
    rows = await core.repo.glicko_table(guild, game, LEADERBOARD_SIZE)
    if not rows:
        raise Refused("ratings.leaderboard_empty", {"game": presenter.game_name(game)})
    head = Msg("ratings.leaderboard_head", {"game": presenter.game_name(game)})
    default_board = engine.rating_boards()[0] if offers.rated(engine) else ""

    async def line(place: int, row: GlickoRow) -> Msg:
        params = {"rank": place, **_glicko_params(row)}
        if not offers.rated(engine):
            return Msg("ratings.leaderboard_line", params)
        kept = await core.repo.rating(guild, row.user_id, game, default_board)
        points = kept.points if kept is not None else 0
        return Msg("ratings.leaderboard_points_line", {
            **params, "points": points, "status": Msg(engine.rating_status(default_board, points)),
        })

    lines = [await line(place, row) for place, row in enumerate(rows, start=1)]
    if all(row.user_id != actor.user_id for row in rows):
        mine = await core.repo.glicko(guild, actor.user_id, game)
        place = await core.repo.glicko_place(guild, game, actor.user_id)
        if mine is None or place is None:
            lines.append(Msg("ratings.leaderboard_not_you", {"game": presenter.game_name(game)}))
        else:
            lines += [Msg("ratings.leaderboard_gap"), await line(place, mine)]
    if any(provisional(row.deviation) for row in rows):
        lines.append(Msg("ratings.provisional_note"))
    return [reply(actor.language, head, *lines)]


async def _points_table(core: Core, guild_id: str | None, actor: Actor, game: str, engine: RatedGame,
                        board: str) -> list[Delivery]:
    """The rulebook's table of ``board`` by points, best first."""
    if board not in engine.rating_boards():
        raise Refused("core.unknown_board", {"board": board, "boards": list(engine.rating_boards())})
    rows = await core.repo.leaderboard(guild_id or "", game, board, LEADERBOARD_SIZE)
    head = Msg("core.leaderboard_head", {"game": presenter.game_name(game), "board": board})
    if not rows:
        return [reply(actor.language, head, Msg("core.leaderboard_empty"))]
    lines = [
        Msg("core.leaderboard_line", {"rank": place, **_points_params(row), "status": Msg(engine.rating_status(board, row.points))})
        for place, row in enumerate(rows, start=1)
    ]
    return [reply(actor.language, head, *lines)]


def _glicko_params(row: GlickoRow) -> dict[str, Any]:
    return {
        "player": row.name,
        "game": presenter.game_name(row.game),
        "rating": shown_rating(row),
        "deviation": round(row.deviation),
        "games": row.games,
        "wins": row.wins,
        "draws": row.draws,
        "losses": row.losses,
    }


def _points_params(row: RatingRow) -> dict[str, Any]:
    return {
        "player": row.name,
        "game": presenter.game_name(row.game),
        "board": row.board,
        "points": row.points,
        "wins": row.wins,
        "draws": row.draws,
        "losses": row.losses,
    }
