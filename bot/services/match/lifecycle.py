"""A match's beginning: created, joined and left while open, started (the computer filling empty
seats if asked)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError

from bot.i18n import Msg
from bot.services import presenter
from bot.services.delivery import Delivery, reply
from bot.services.match import absence, access, announce, referee, seat_choice
from bot.services.match.answers import Refused
from bot.services.option_errors import option_problems
from bot.services.people import COMPUTER_LEVELS, Actor, Place, computer_actor, computer_level
from bot.services.progress import LoadedMatch
from bot.services.settings import game_refusal, settings_of
from bot.services.time_control import TimeControl
from bot.storage.models import NewMatch
from bot.storage.repository import LiveMatchExistsError, SeatRefusedError
from engines.core import capabilities as offers
from engines.core.capabilities import capabilities
from engines.core.dice import commitment
from engines.core.record import TeamsEvent, teams_of

if TYPE_CHECKING:
    from bot.services.match.core import Core

SEAT_REFUSALS = {"full": "core.match_full", "not_open": "core.already_started", "seated": "core.already_seated"}
"""What a seat the database refused (``SeatRefusedError.reason``) is answered with."""


async def create(
    core: Core, place: Place, actor: Actor, game: str, options: dict[str, Any] | None, *,
    opponent: Actor | None, time_control: TimeControl | None, players: int | None, rated: bool = True,
    seat: str | None = None, of_league: bool = False,
) -> tuple[list[Delivery], tuple[str, int, int] | None]:
    """Open a match in ``place`` with the creator in seat 0: what is said, and with a computer
    ``opponent`` its level, the seats wanted and the creator's seat (``seat``: its name, see
    ``seat_choice``; the caller starts the match: nobody to wait for). ``of_league``: a league's
    pairing, whose league keeps its game when the server turns the game off later."""
    await core.seen(actor)
    chosen = refuse_create(core, game, options, actor=actor, opponent=opponent, time_control=time_control,
                           players=players, seat=seat)
    here = await settings_of(core.repo, place.guild_id)
    refusal = None if of_league else game_refusal(here, game)
    if refusal is not None:
        raise Refused.saying(refusal)
    if here.language is not None:
        place = replace(place, language=here.language)  # the server's own language for its posts
    time_control = here.match_time_control(time_control)  # the server's default deadline and grace
    engine = core.book.engine(game)
    parsed = engine.options_model.model_validate(options or {})
    if offers.timed(engine):
        per_move, clock = engine.time_control(parsed)
        # The rulebook's time, with the match's absence and grace options.
        given = (time_control or TimeControl()).without_time()
        time_control = given.model_copy(update={"per_move_hours": per_move, "clock_minutes": clock})
    if opponent is not None and await core.repo.user(opponent.user_id) is None:
        await core.seen(opponent)
    seed = core.seed_source()
    control = time_control or TimeControl()
    try:
        row = await core.repo.create_match(
            NewMatch(
                guild_id=place.guild_id,
                channel_id=place.channel_id,
                game=game,
                engine_version=engine.version,
                options=parsed.model_dump(mode="json"),
                time_control=control.stored(),
                creator_id=actor.user_id,
                invited_id=opponent.user_id if opponent else None,
                seed=seed,
                commitment=commitment(seed),
                language=place.language,
                rated=rated,
            ),
            actor.name,
            core.clock.now(),
        )
    except LiveMatchExistsError:
        raise Refused("core.match_exists") from None
    lines = [
        Msg("core.created", {"player": actor.name, "game": presenter.game_name(game), "id": row.id}),
        announce.time_control_line(control),
        *([] if rated else [Msg("ratings.casual")]),
    ]
    level = computer_level(opponent.user_id) if opponent is not None else None
    if opponent is None:
        lines.append(Msg("core.open_to_join"))
    elif level is None:
        lines.append(Msg("core.invited", {"player": opponent.name, "creator": actor.name}))
    created = [reply(place.language, *lines, ephemeral=False)]
    if level is None:
        return created, None
    # A computer opponent takes its seat at once, and the other seats the game needs.
    return created, (level, seat_choice.computer_players(engine, players), chosen)


def refuse_create(
    core: Core, game: str, options: dict[str, Any] | None, *, actor: Actor, opponent: Actor | None,
    time_control: TimeControl | None, players: int | None = None, seat: str | None = None,
) -> int:
    """Raise ``Refused`` for arguments ``create`` refuses anywhere; the creator's seat number."""
    try:
        engine = core.book.engine(game)
    except KeyError:
        raise Refused.saying(unknown_game(core, game)) from None
    try:
        engine.options_model.model_validate(options or {})
    except ValidationError as error:
        raise Refused.saying(*option_problems(game, engine.options_model, error)) from None
    if capabilities(engine).timed and time_control is not None and time_control.sets_time():
        raise Refused("core.time_set_by_game", {"game": presenter.game_name(game)})
    if opponent is not None and opponent.user_id == actor.user_id:
        raise Refused("core.opponent_self")
    against_computer = opponent is not None and computer_level(opponent.user_id) is not None
    if players is not None and not against_computer:
        raise Refused("core.fill_needs_computer", {"players": players})  # people join up to the most
    if players is not None and not engine.min_players <= players <= engine.max_players:
        raise Refused("weekly2.players_range", {
            "players": players, "game": presenter.game_name(game), "low": engine.min_players, "high": engine.max_players})
    if seat is None:
        return 0
    if opponent is None or computer_level(opponent.user_id) is None:
        raise Refused("seats.needs_computer")
    return seat_choice.chosen_seat(engine, game, seat_choice.computer_players(engine, players), seat, options)


def unknown_game(core: Core, game: str) -> Msg:
    """Names what was asked and every game there is, so the next try can be right."""
    known = [Msg("core.known_game", {"slug": slug, "name": presenter.game_name(slug)}) for slug in core.book.engines()]
    return Msg("core.unknown_game", {"game": game, "games": known})


async def open_match(core: Core, place: Place) -> LoadedMatch:
    match = await access.live(core, place)
    if match is None:
        raise access.no_match()
    return match


async def join(core: Core, place: Place, actor: Actor) -> list[Delivery]:
    await core.seen(actor)
    match = await open_match(core, place)
    async with core.book.lock(match.id):
        match = await core.book.load_known(match.id)
        if match.row.status != "open":
            raise Refused("core.already_started")
        if match.seat_of(actor.user_id) is not None:
            raise Refused("core.already_seated")
        invited_id = match.row.invited_id
        if (invited_id is not None and actor.user_id != invited_id and match.seat_of(invited_id) is None
                and len(match.seats) + 1 >= match.engine.max_players):
            # the invitation reserves one seat: others may take the rest
            invited = await core.repo.user(invited_id)
            raise Refused("core.not_invited", {"player": invited.name if invited else "?"})
        if len(match.seats) >= match.engine.max_players:
            raise Refused("core.match_full")
        try:
            # Checked again inside the write: another process may have seated someone since.
            seat = await core.repo.add_seat(match.id, actor.user_id, actor.name, max_seats=match.engine.max_players)
        except SeatRefusedError as refused:
            raise Refused(SEAT_REFUSALS[refused.reason]) from None
    match = await core.book.load_known(match.id)
    lines = [Msg("core.joined", {"player": actor.name, "colour": presenter.colour(match, seat.seat)})]
    if len(match.seats) >= match.engine.min_players:
        lines.append(Msg("core.ready_to_start", {"creator": match.name_of(0)}))
    return [reply(match.row.language, *lines, ephemeral=False)]


async def leave(core: Core, place: Place, actor: Actor) -> list[Delivery]:
    match = await open_match(core, place)
    async with core.book.lock(match.id):
        match = await core.book.load_known(match.id)
        if match.row.status != "open":
            raise Refused("core.leave_after_start")
        if match.seat_of(actor.user_id) is None:
            raise Refused("core.not_seated")
        if actor.user_id == match.row.creator_id:
            raise Refused("core.creator_cannot_leave")
        try:
            await core.repo.remove_seat(match.id, actor.user_id)
        except SeatRefusedError:
            raise Refused("core.leave_after_start") from None
    return [reply(match.row.language, Msg("core.left", {"player": actor.name}), ephemeral=False)]


async def start(core: Core, place: Place, actor: Actor, computer: str | None, players: int | None,
                seat: int | str = 0) -> list[Delivery]:
    """Start the open match (its creator only), the computer first taking the empty seats up to
    ``players`` when a ``computer`` level is given, the creator then moving to ``seat`` (its
    number, or a name of it as ``/match start … seat:`` gives it: ``seat_choice``)."""
    await core.seen(actor)
    match = await open_match(core, place)
    if computer is None and players is not None:
        raise Refused("core.fill_needs_computer", {"players": players})
    if computer is None and isinstance(seat, str):
        raise Refused("seats.needs_computer")
    if computer is not None and computer not in COMPUTER_LEVELS:
        raise Refused("core.unknown_level", {"level": computer, "levels": ", ".join(COMPUTER_LEVELS)})
    sat_down: list[Msg] = []
    async with core.book.lock(match.id):
        match = await core.book.load_known(match.id)
        if match.row.status != "open":
            raise Refused("core.already_started")
        if actor.user_id != match.row.creator_id:
            raise Refused("core.only_creator_starts", {"creator": match.name_of(0)})
        if computer is not None:
            sat_down = await fill_with_computer(core, match, computer, players, seat)
            match = await core.book.load_known(match.id)
        seated = len(match.seats)
        if seated < match.engine.min_players:
            raise Refused("core.not_enough_players", {"need": match.engine.min_players, "have": seated})
        events, states = referee.opening(match.engine, seated, match.options, match.row.seed)
        chance = events[1:]
        # Absences already set go into the record at the start (they leave the game's state as it is).
        away = await absence.starting_absences(core, match, core.clock.now())
        # ``seats``: a join or leave that another process committed since the load fails the start.
        teams = teams_of(match.engine, seated, match.options)
        team_events = [TeamsEvent(teams=teams)] if teams else []
        after, _ = await core.commit(
            match, [events[0], *team_events, *events[1:], *away], status="active", seats=seated,
            states=[states[0], *[states[0]] * len(team_events), *states[1:], *[states[-1]] * len(away)],
        )
    lines = [
        *sat_down,
        Msg("core.started", {"game": presenter.game_name(match.row.game)}),
        presenter.seats_line(after),
        Msg("core.seed_commitment", {"hash": match.row.commitment}),
        *announce.chance_lines(after, chance),
        *presenter.seals_published(None, after),
    ]
    post = await presenter.board_post(after, lines, core.clock.now(), renderer=core.renderer)
    return [announce.as_reply(post), *await announce.turn_dms(core, None, after)]


async def fill_with_computer(
    core: Core, match: LoadedMatch, level: str, players: int | None, creator_seat: int | str = 0,
) -> list[Msg]:
    """Seat the computer at ``level`` in the empty seats up to ``players`` (held under the
    match's lock by ``start``), the creator then moving to ``creator_seat`` (a number, or a
    name of a seat among that many players, read before anyone sits down; the seats between move
    one place): the lines that say who sat down, and where."""
    engine = match.engine
    seated = len(match.seats)
    low, high = max(seated, engine.min_players), engine.max_players
    wanted = high if players is None else players
    if not low <= wanted <= high:
        raise Refused("core.fill_players_range", {
            "players": wanted, "seated": seated, "low": low, "high": high, "game": presenter.game_name(match.row.game)})
    if isinstance(creator_seat, str):
        creator_seat = seat_choice.chosen_seat(engine, match.row.game, wanted, creator_seat)
    taken = {seat.user_id for seat in match.seats}
    joined: list[str] = []
    number = 0
    while seated < wanted:
        number += 1
        computer = computer_actor(level, number)
        if computer.user_id in taken:
            continue
        if await core.repo.user(computer.user_id) is None:
            await core.seen(computer)
        try:
            await core.repo.add_seat(match.id, computer.user_id, computer.name, max_seats=high)
        except SeatRefusedError as refused:
            raise Refused(SEAT_REFUSALS[refused.reason]) from None
        seated += 1
        joined.append(computer.user_id)
    if creator_seat:
        try:
            await core.repo.move_seat(match.id, match.row.creator_id, creator_seat)
        except SeatRefusedError as refused:
            raise Refused(SEAT_REFUSALS[refused.reason]) from None
    seats = await core.repo.seats(match.id)
    return [Msg("core.joined", {"player": s.name, "colour": presenter.colour(match, s.seat)})
            for s in seats if s.user_id in joined]
