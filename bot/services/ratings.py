"""Points and rank status per player per server, for games whose rulebook keeps them.

The new ratings are written in the same transaction as the event that ends the match, so a
crash never counts a match twice or loses it.
"""

from __future__ import annotations

from bot.i18n import Msg
from bot.services.progress import LoadedMatch
from bot.storage.models import RatingRow
from bot.storage.repository import Repository
from engines.core.contract import RatedGame, Result, Seat, Standing

FORFEITS = ("core.resigned", "core.timeout")


def standing_of(result: Result, seat: Seat) -> Standing:
    """How the match ended for ``seat``.

    >>> standing_of(Result(winners=(1,), reason="core.resigned", params={"seat": 0}), 0)
    'forfeit'
    >>> standing_of(Result(draw=True, reason="core.draw_agreed"), 1)
    'draw'
    """
    if seat in result.winners:
        return "win"
    if result.draw or not result.winners:
        return "draw"
    if result.reason in FORFEITS and result.params.get("seat") == seat:
        return "forfeit"
    return "loss"


def rated(match: LoadedMatch) -> bool:
    return isinstance(match.engine, RatedGame) and match.row.guild_id is not None


async def rating_updates(repo: Repository, match: LoadedMatch) -> list[RatingRow]:
    """The seats' ratings after ``match`` ended (nothing for aborted or unrated matches)."""
    result = match.result()
    if not rated(match) or result is None or result.reason == "core.aborted":
        return []
    engine: RatedGame = match.engine  # type: ignore[assignment]
    board = engine.rating_board(match.options)
    rows = []
    for seat in match.seats:
        current = await repo.rating(match.row.guild_id, seat.user_id, match.row.game, board) or RatingRow(
            guild_id=match.row.guild_id, user_id=seat.user_id, game=match.row.game, board=board, name=seat.name
        )
        standing = standing_of(result, seat.seat)
        rows.append(
            current.model_copy(
                update={
                    "name": seat.name,
                    "points": current.points + engine.rating_change(board, standing, current.points),
                    "wins": current.wins + (standing == "win"),
                    "draws": current.draws + (standing == "draw"),
                    "losses": current.losses + (standing in ("loss", "forfeit")),
                }
            )
        )
    return rows


async def rating_lines(repo: Repository, match: LoadedMatch, before: dict[str, int]) -> list[Msg]:
    """One line per seat: points now, the change, and the rank status."""
    if not rated(match) or match.result() is None:
        return []
    engine: RatedGame = match.engine  # type: ignore[assignment]
    board = engine.rating_board(match.options)
    lines = []
    for seat in match.seats:
        row = await repo.rating(match.row.guild_id, seat.user_id, match.row.game, board)
        if row is None:
            continue
        change = row.points - before.get(seat.user_id, 0)
        lines.append(
            Msg(
                "core.rating_line",
                {"player": seat.name, "points": row.points, "change": f"{change:+d}", "status": Msg(engine.rating_status(board, row.points))},
            )
        )
    return lines
