"""Points and rank status per player per server, for games whose rulebook keeps them.

The rating changes are applied by the repository inside the transaction that records the end,
to the rows as they are then, so a crash never counts a match twice or loses it, and two
matches of one player ending at once (in one process or two) both count.
"""

from __future__ import annotations

from bot.i18n import Msg
from bot.services.progress import LoadedMatch
from bot.storage.models import RatingRow, RatingUpdate
from engines.core import capabilities as offers
from engines.core.capabilities import capabilities
from engines.core.contract import Result, Seat, Standing

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
    return capabilities(match.engine).rated and match.row.guild_id is not None


def rating_updates(match: LoadedMatch) -> list[RatingUpdate]:
    """The seats' rating changes now that ``match`` ended (nothing for aborted or unrated matches)."""
    result = match.result()
    engine, guild_id = match.engine, match.row.guild_id  # what ``rated`` asks, narrowed here
    if not offers.rated(engine) or guild_id is None or result is None or result.reason == "core.aborted":
        return []
    board = engine.rating_board(match.options)

    def change_for(name: str, standing: Standing):
        def change(current: RatingRow) -> RatingRow:
            return current.model_copy(
                update={
                    "name": name,
                    "points": current.points + engine.rating_change(board, standing, current.points),
                    "wins": current.wins + (standing == "win"),
                    "draws": current.draws + (standing == "draw"),
                    "losses": current.losses + (standing in ("loss", "forfeit")),
                }
            )

        return change

    return [
        RatingUpdate(
            guild_id=guild_id,
            user_id=seat.user_id,
            game=match.row.game,
            board=board,
            name=seat.name,
            change=change_for(seat.name, standing_of(result, seat.seat)),
        )
        for seat in match.seats
    ]


def rating_lines(match: LoadedMatch, updates: list[RatingUpdate]) -> list[Msg]:
    """One line per seat: points now, the change, and the rank status, as the transaction that
    ended the match applied them."""
    engine = match.engine
    if not rated(match) or not offers.rated(engine) or match.result() is None:
        return []
    lines = []
    for update in updates:
        if update.before is None or update.after is None:
            continue
        change = update.after.points - update.before.points
        lines.append(
            Msg(
                "core.rating_line",
                {
                    "player": update.name,
                    "points": update.after.points,
                    "change": f"{change:+d}",
                    "status": Msg(engine.rating_status(update.board, update.after.points)),
                },
            )
        )
    return lines
