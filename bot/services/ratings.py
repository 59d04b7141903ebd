"""Ratings per player per server: a Glicko-2 rating for every game, and points and rank status for
games whose rulebook keeps them (Militakiri), beside it.

The rating changes are applied by the repository inside the transaction that records the end,
to the rows as they are then, so a crash never counts a match twice or loses it, and two
matches of one player ending at once (in one process or two) both count.

What counts (docs/ratings.md): a finished match on a server, rated (the default; ``rated:false``
makes a casual one), between people only: a match with a computer seat, an aborted match and a
casual match change no rating and no points. A team game rates each player against one composite
opponent standing for the other side (``bot.services.glicko2.composite``); one match is one rating
period for each of its players.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.i18n import Msg
from bot.services import glicko2
from bot.services.people import computer_level
from bot.services.progress import LoadedMatch
from bot.storage.models import EndingUpdate, GlickoRow, GlickoUpdate, RatingRow, RatingUpdate
from engines.core import capabilities as offers
from engines.core.contract import Result, Seat, Standing

FORFEITS = ("core.resigned", "core.timeout")
SCORES: dict[Standing, float] = {"win": 1.0, "draw": 0.5, "loss": 0.0, "forfeit": 0.0}
PROVISIONAL_DEVIATION = 110.0
"""A deviation above this marks the rating as provisional ("1620?"), lichess's threshold."""


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
    """Whether the match's end changes ratings: on a server, not casual, no computer seat."""
    return (
        match.row.guild_id is not None and match.row.rated
        and not any(computer_level(seat.user_id) for seat in match.seats)
    )


def rating_updates(match: LoadedMatch) -> list[EndingUpdate]:
    """Every rating change now that ``match`` ended: the Glicko-2 ratings, and the rulebook's
    points where the game keeps them (nothing for aborted, casual or computer matches)."""
    glicko = glicko_update(match)
    return [*point_updates(match), *([glicko] if glicko is not None else [])]


def glicko_update(match: LoadedMatch) -> GlickoUpdate | None:
    """The Glicko-2 change of every player of the ended ``match``, computed by the repository from
    their rows as they are inside the transaction that records the end."""
    result, guild_id = match.result(), match.row.guild_id
    if not rated(match) or guild_id is None or result is None or result.reason == "core.aborted" or len(match.seats) < 2:
        return None
    standings = {seat.user_id: standing_of(result, seat.seat) for seat in match.seats}
    return GlickoUpdate(
        guild_id=guild_id,
        game=match.row.game,
        match_id=match.id,
        names={seat.user_id: seat.name for seat in match.seats},
        change=lambda rows: rate_match(rows, standings),
    )


def rate_match(rows: Mapping[str, GlickoRow], standings: Mapping[str, Standing]) -> dict[str, GlickoRow]:
    """Every player's row after one match, from the rows as they were before it (``rows``, by user
    id) and how it ended for each. A player's opponents are the players whose score differs from
    theirs (the other side; in a draw, everyone else): their composite (mean rating, root mean
    square deviation) is one opponent, and the match one rating period.

    >>> before = {u: GlickoRow(guild_id="g", user_id=u, game="x", name=u) for u in ("a", "b")}
    >>> after = rate_match(before, {"a": "win", "b": "loss"})
    >>> round(after["a"].rating), round(after["b"].rating), after["a"].wins, after["b"].losses
    (1662, 1338, 1, 1)
    """
    after = {}
    for user_id, row in rows.items():
        score = SCORES[standings[user_id]]
        opponents = [
            glicko2.Glicko(other.rating, other.deviation)
            for other_id, other in rows.items()
            if other_id != user_id and (score == 0.5 or SCORES[standings[other_id]] != score)
        ]
        rating = glicko2.Glicko(row.rating, row.deviation, row.volatility)
        if opponents:
            rating = glicko2.update(rating, [(glicko2.composite(opponents), score)])
        standing = standings[user_id]
        after[user_id] = row.model_copy(
            update={
                "rating": rating.rating,
                "deviation": rating.deviation,
                "volatility": rating.volatility,
                "wins": row.wins + (standing == "win"),
                "draws": row.draws + (standing == "draw"),
                "losses": row.losses + (standing in ("loss", "forfeit")),
            }
        )
    return after


def provisional(deviation: float) -> bool:
    """Whether a rating is still too uncertain to be taken at its word (shown with a "?").

    >>> provisional(350), provisional(60)
    (True, False)
    """
    return deviation > PROVISIONAL_DEVIATION


def shown_rating(row: GlickoRow | glicko2.Glicko) -> str:
    """A rating as players read it: whole points, "?" while provisional.

    >>> shown_rating(glicko2.Glicko(1662.3, 290)), shown_rating(glicko2.Glicko(1499.5, 80))
    ('1662?', '1500')
    """
    return f"{round(row.rating)}{'?' if provisional(row.deviation) else ''}"


def point_updates(match: LoadedMatch) -> list[RatingUpdate]:
    """The seats' points changes now that ``match`` ended, for games whose rulebook keeps points."""
    result = match.result()
    engine, guild_id = match.engine, match.row.guild_id  # what ``rated`` asks, narrowed here
    if (not offers.rated(engine) or not rated(match) or guild_id is None or result is None
            or result.reason == "core.aborted"):
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


def rating_lines(match: LoadedMatch, updates: Sequence[EndingUpdate]) -> list[Msg]:
    """One line per seat: the Glicko-2 rating now and its change; where the game keeps points,
    also the points now, the change, and the rank status; as the transaction that ended the
    match applied them."""
    if not rated(match) or match.result() is None:
        return []
    lines = []
    for glicko in updates:
        if not isinstance(glicko, GlickoUpdate) or glicko.before is None or glicko.after is None:
            continue
        for seat in match.seats:
            old, new = glicko.before.get(seat.user_id), glicko.after.get(seat.user_id)
            if old is None or new is None:
                continue
            change = round(new.rating) - round(old.rating)
            lines.append(Msg("ratings.ending_line", {"player": seat.name, "rating": shown_rating(new), "change": f"{change:+d}"}))
    engine = match.engine
    if not offers.rated(engine):
        return lines
    for update in updates:
        if not isinstance(update, RatingUpdate) or update.before is None or update.after is None:
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
