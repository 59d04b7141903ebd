"""The league commands that change a league: create it, sign up, put a player in a team (an
organizer, in a league of teams), start it (forming its teams), withdraw, decide a pairing (an
organizer), challenge and accept on a ladder, finish it. Each is a function of the
``LeagueService`` (the façade answers its refusals); a command that moves the league on runs the
step in the background (``LeagueService.later``), its answer not waiting for threads to open."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta
from typing import Any

from bot.i18n import Msg, catalog
from bot.services import presenter
from bot.services.delivery import Button, ChannelPost, Delivery, reply
from bot.services.league import reading, step
from bot.services.league import standings as tables
from bot.services.league.base import Leagues
from bot.services.league.settings import (
    FORMATS,
    SCORES,
    LeagueSettings,
    format_name,
    hours_text,
    league_settings,
    league_sides,
    replace_status,
    score_text,
)
from bot.services.league.sides import TeamsRefused, entrants, form_teams
from bot.services.league.step import LEAGUE_SIDES
from bot.services.match import lifecycle
from bot.services.match.announce import time_control_line
from bot.services.match.answers import Refused
from bot.services.people import Actor, Place
from bot.services.settings import game_refusal, settings_of
from bot.services.time_control import TimeControl
from bot.storage.models import NewLeague, NewPairing
from engines.core import capabilities as offers
from engines.core.contract import TimedGame


async def create(
    leagues: Leagues, place: Place, actor: Actor, game: str, fmt: str, *, rounds: int | None = None,
    time_control: TimeControl | None = None, rated: bool | None = None, name: str | None = None,
    round_hours: float | None = None, reach: int | None = None, accept_hours: float | None = None,
    options: dict[str, Any] | None = None, team_size: int = 1,
) -> list[Delivery]:
    """A new league taking sign-ups (organizers only); ``options``: the game's options for
    every match (its defaults where not given); ``rated``: the server's default unless given;
    ``team_size``: players a side (teams where the game seats that many a side)."""
    await reading.refuse_unless_organizer(leagues, place, actor)
    if fmt not in FORMATS:
        raise Refused("league.unknown_format", {"format": fmt, "formats": ", ".join(FORMATS)})
    try:
        engine = leagues.matches.book.engine(game)
    except KeyError:
        raise Refused.saying(lifecycle.unknown_game(leagues.matches, game)) from None
    if team_size == 1 and not engine.min_players <= LEAGUE_SIDES <= engine.max_players:
        raise Refused("league.two_players_only", {"game": presenter.game_name(game)})
    if team_size > 1 and fmt == "ladder":
        raise Refused("league.teams_no_ladder")
    if rounds is not None and fmt != "swiss":
        raise Refused("league.rounds_swiss_only")
    if round_hours is not None and fmt != "swiss":
        raise Refused("league.round_hours_swiss_only")
    if (reach is not None or accept_hours is not None) and fmt != "ladder":
        raise Refused("league.ladder_only")
    lifecycle.refuse_create(leagues.matches, game, options, actor=actor, opponent=None, time_control=time_control)
    if team_size > 1:  # the options are known good now
        options = even_sides(engine, team_size, options)
    here = await settings_of(leagues.repo, place.guild_id)
    disabled = game_refusal(here, game)
    if disabled is not None:  # its matches would be refused when the league opens them
        raise Refused.saying(disabled)
    if rated is None:
        rated = here.rated
    if here.language is not None:
        place = replace(place, language=here.language)  # the server's own language for its posts
    shown = time_control
    if isinstance(engine, TimedGame):
        # The rulebook's time, with what the organizer said of absences, graces and missed
        # deadlines (``refuse_create`` refused a time of their own); each match takes it so.
        per_move, clock = engine.time_control(engine.options_model.model_validate(options or {}))
        shown = (time_control or TimeControl()).without_time().model_copy(
            update={"per_move_hours": per_move, "clock_minutes": clock})
    settings = LeagueSettings(
        rounds=rounds, time_control=time_control.model_dump(mode="json", exclude_unset=True) if time_control else None, rated=rated,
        round_hours=round_hours, reach=reach or 3, accept_hours=accept_hours or 48,
        options=engine.options_model.model_validate(options or {}).model_dump(mode="json"), team_size=team_size,
    )
    existing = await leagues.repo.leagues(place.guild_id, ["signup", "running", "finished"])
    title = (name or "").strip()[:80] or catalog().render(
        Msg("league.default_name", {"game": presenter.game_name(game), "number": len(existing) + 1}), place.language)
    assert place.guild_id is not None
    league = await leagues.repo.create_league(NewLeague(
        guild_id=place.guild_id, channel_id=place.channel_id, name=title, game=game, format=fmt,
        settings=settings.model_dump(mode="json"), creator_id=actor.user_id, language=place.language,
    ), leagues.matches.clock.now())
    await leagues.matches.seen(actor)
    lines = [Msg("league.created", {
        "league": league.name, "id": league.id, "game": presenter.game_name(game), "format": format_name(fmt),
        "organizer": actor.name,
    })]
    if shown is not None:
        lines.append(time_control_line(shown))
    if fmt == "swiss" and rounds:
        lines.append(Msg("league.swiss_rounds", {"rounds": rounds}))
    if team_size > 1:
        lines.append(Msg("league.teams_terms", {"size": team_size}))
    if fmt == "ladder":
        lines.append(Msg("league.ladder_terms", {"reach": settings.reach, "hours": hours_text(settings.accept_hours)}))
    lines.append(Msg("league.sign_up_how", {"id": league.id}))
    return [reply(place.language, *lines, ephemeral=False, buttons=(Button("league_join", league.id),))]


async def join(leagues: Leagues, league_id: int, actor: Actor) -> list[Delivery]:
    league = await leagues.repo.league(league_id)
    if league is None:
        raise Refused("league.unknown", {"id": league_id})
    await leagues.matches.seen(actor)
    said = await leagues.repo.join_league(league_id, actor.user_id, actor.name)
    if said == "already":
        raise Refused("league.already_signed_up", {"league": league.name})
    if said == "closed":
        raise Refused("league.sign_up_closed", {"league": league.name})
    count = len(await leagues.repo.league_entries(league_id))
    return [reply(league.language, Msg("league.signed_up", {"player": actor.name, "league": league.name, "count": count}),
                  ephemeral=False)]


async def signing_up(leagues: Leagues, place: Place, actor: Actor) -> int | list[Delivery]:
    """The league ``/league join`` without a number means (the one taking sign-ups here), or
    the answer that says which to name."""
    try:
        return (await reading.chosen(leagues, place, None, ("signup",))).id
    except Refused as refused:
        return refused.answer(actor.language)


async def start(leagues: Leagues, place: Place, actor: Actor, league_id: int | None = None) -> list[Delivery]:
    league = await reading.chosen(leagues, place, league_id, ("signup",))
    await reading.refuse_unless_organizer(leagues, place, actor)
    entries = [e for e in await leagues.repo.league_entries(league.id) if e.withdrawn_at is None]
    settings = league_settings(league)
    size = settings.team_size
    if len(entries) < 2 * size:
        raise Refused("league.too_few" if size == 1 else "league.too_few_teams",
                      {"league": league.name, "count": len(entries), "size": size})
    teams: dict[str, int] = {}
    if size > 1:
        try:
            teams = form_teams(entries, size)
        except TeamsRefused as refused:
            raise Refused(refused.code, {"league": league.name, **refused.params}) from None
    count = len(entries) // size
    if league.format == "swiss" and settings.rounds is not None and settings.rounds > count - 1:
        raise Refused("league.too_many_rounds", {"rounds": settings.rounds, "most": count - 1})
    # The teams are written before the league runs (sign-ups close with the status): a start
    # cut off in between is started again, and forms the same teams.
    for user_id, number in teams.items():
        await leagues.repo.set_league_team(league.id, user_id, number)
    if not await leagues.repo.set_league_status(league.id, "running", was="signup"):
        raise Refused("league.not_in_sign_up", {"league": league.name})
    lines = [Msg("league.started", {"league": league.name, "count": len(entries),
                                    "players": [e.name for e in entries]})]
    if size > 1:
        now_in = await leagues.repo.league_entries(league.id)
        formed = league_sides(league, now_in)
        lines.append(Msg("league.teams_formed", {"teams": [s.name for s in formed]}))
        # A sign-up that landed after the teams were formed and before sign-ups closed is in no
        # team, so no game pairs it: it is withdrawn and told, not left to wait for nothing.
        late = [e for e in now_in if e.team is None and e.withdrawn_at is None]
        for e in late:
            await leagues.repo.withdraw_from_league(league.id, e.user_id, leagues.matches.clock.now())
        if late:
            lines.append(Msg("league.signed_up_too_late", {"players": [e.name for e in late]}))
    if league.format == "swiss":
        found = league_sides(league, await leagues.repo.league_entries(league.id))
        lines.append(Msg("league.swiss_rounds", {"rounds": reading.rounds(league, found)}))
    leagues.later(league.id)
    return [reply(league.language, *lines, ephemeral=False)]


async def team(leagues: Leagues, place: Place, actor: Actor, player: Actor, number: int | None,
               league_id: int | None = None) -> list[Delivery]:
    """An organizer puts a signed-up player in team ``number`` (``None``: in none, so the start
    places them by sign-up order) before the league starts."""
    league = await reading.chosen(leagues, place, league_id, ("signup",))
    await reading.refuse_unless_organizer(leagues, place, actor)
    size = league_settings(league).team_size
    if size == 1:
        raise Refused("league.no_teams", {"league": league.name})
    entries = [e for e in await leagues.repo.league_entries(league.id) if e.withdrawn_at is None]
    if number is not None:
        mates = [e.name for e in entries if e.team == number and e.user_id != player.user_id]
        if len(mates) >= size:
            raise Refused("league.team_full", {"team": number, "players": mates, "size": size})
    if not await leagues.repo.set_league_team(league.id, player.user_id, number):
        raise Refused("league.player_not_signed_up", {"league": league.name, "player": player.name})
    if number is None:
        return [reply(league.language, Msg("league.team_cleared", {"player": player.name}), ephemeral=False)]
    mates = [e.name for e in entries if e.team == number and e.user_id != player.user_id]
    return [reply(league.language, Msg("league.team_set", {"player": player.name, "team": number, "count": len(mates) + 1, "size": size}),
                  ephemeral=False)]


def even_sides(engine: Any, team_size: int, options: dict[str, Any] | None) -> dict[str, Any]:
    """The game's options for teams of ``team_size``: the seating with as many seats on each side
    (Axis & Allies' ``even_sides``), or ``Refused`` when the game has none."""
    given = dict(options or {})
    model = engine.options_model
    if "even_sides" in model.model_fields:
        given.setdefault("even_sides", True)  # an organizer's even_sides:false is not overruled: refused below
    players = LEAGUE_SIDES * team_size
    if engine.min_players <= players <= engine.max_players and offers.teams(engine):
        teams = engine.teams(players, model.model_validate(given))
        if len(teams) == LEAGUE_SIDES and all(len(t) == team_size for t in teams):
            return given
    raise Refused("league.teams_not_possible", {"game": presenter.game_name(engine.slug), "size": team_size})


async def withdraw(leagues: Leagues, place: Place, actor: Actor, league_id: int | None = None,
                   player: Actor | None = None) -> list[Delivery]:
    """The actor leaves the league; with ``player``, an organizer withdraws that player (who
    has left the server, say). Their games still being played are resigned for them, those
    not opened yet forfeited."""
    leaving = player or actor
    league = await reading.chosen(leagues, place, league_id, ("signup", "running"), of=leaving.user_id)
    if leaving.user_id != actor.user_id:
        await reading.refuse_unless_organizer(leagues, place, actor)
    entry = next((e for e in await leagues.repo.league_entries(league.id) if e.user_id == leaving.user_id), None)
    if entry is None:
        raise Refused("league.not_signed_up" if player is None else "league.player_not_signed_up",
                      {"league": league.name, "player": leaving.name})
    if league.status == "signup" and entry.team is not None:
        await leagues.repo.set_league_team(league.id, leaving.user_id, None)  # the team keeps only who plays
    if not await leagues.repo.withdraw_from_league(league.id, leaving.user_id, leagues.matches.clock.now()):
        raise Refused("league.already_withdrawn", {"league": league.name})
    said = [reply(league.language, Msg("league.withdrew", {"player": entry.name, "league": league.name}), ephemeral=False)]
    if player is not None and leaving.user_id != actor.user_id:
        said.append(reply(league.language, Msg("league.withdrawn_by", {"organizer": actor.name}), ephemeral=False))
    if league.status == "running":
        leagues.later(league.id)
    return said


async def adjudicate(leagues: Leagues, place: Place, actor: Actor, pairing_id: int, result: str, reason: str = "") -> list[Delivery]:
    """The organizer decides a pairing (a stuck game, a round past its deadline): the league
    counts this result, and a match still being played is ended (aborted, the record says by whom)."""
    if result not in SCORES:
        raise Refused("league.bad_result", {"result": result, "results": ", ".join(SCORES)})
    found = await reading.pairing_here(leagues, place, pairing_id)
    league = await reading.chosen(leagues, place, found.league_id, ("running",))
    await reading.refuse_unless_organizer(leagues, place, actor)
    playing = league_sides(league, await leagues.repo.league_entries(league.id))
    if any(actor.user_id in s.members for s in playing if s.id in (found.first_id, found.second_id)):
        raise Refused("league.own_game")
    if found.second_id is None:
        raise Refused("league.bye_not_adjudicated")
    decided = await leagues._result_of(found, set())
    if decided is not None and decided[1] != "aborted":  # an aborted game may still be decided
        raise Refused("league.already_decided", {"pairing": found.id})
    outcome = {"score": list(SCORES[result]), "reason": "adjudicated", "by": actor.name, "note": reason[:200]}
    if not await leagues.repo.mark_pairing(found.id, "outcome", outcome):
        raise Refused("league.already_decided", {"pairing": found.id})
    ended = await step.abort(leagues, found.match_id, actor, reason) if found.match_id is not None else None
    leagues.later(league.id)
    said = Msg("league.adjudicated", {
        "pairing": found.id, "league": league.name, "organizer": actor.name,
        "first": await reading.name_in(leagues, league, found.first_id), "second": await reading.name_in(leagues, league, found.second_id),
        "score": score_text(SCORES[result]), "reason": reason or "-",
    })
    # The players of a game still being played are told where they play it (its thread).
    told = [Delivery(ChannelPost(ended), (said,), league.language)] if ended is not None and ended != place.channel_id else []
    return [reply(league.language, said, ephemeral=False), *told]


async def challenge(leagues: Leagues, place: Place, actor: Actor, opponent: Actor, league_id: int | None = None) -> list[Delivery]:
    league = await reading.chosen(leagues, place, league_id, ("running",), of=actor.user_id, formats=("ladder",))
    entries = await leagues.repo.league_entries(league.id)
    active = {e.user_id for e in entries if e.withdrawn_at is None}
    if actor.user_id not in active:
        raise Refused("league.not_signed_up", {"league": league.name})
    if opponent.user_id not in active or opponent.user_id == actor.user_id:
        raise Refused("league.not_a_rival", {"player": opponent.name, "league": league.name})
    pairings = await leagues.repo.league_pairings(league.id)
    withdrawn = {e.user_id for e in entries if e.withdrawn_at is not None}
    open_ones = [p for p in pairings if await leagues._result_of(p, withdrawn) is None]
    for p in open_ones:
        if actor.user_id in (p.first_id, p.second_id) or opponent.user_id in (p.first_id, p.second_id):
            raise Refused("league.challenge_open", {"pairing": p.id})
    rows = tables.table("ladder", entrants(league_sides(league, entries)), await reading.games(leagues, pairings, withdrawn))
    place_of = {row.user_id: row.place for row in rows}
    settings = league_settings(league)
    above = place_of[actor.user_id] - place_of[opponent.user_id]
    if not 1 <= above <= settings.reach:
        raise Refused("league.out_of_reach", {"player": opponent.name, "reach": settings.reach})
    number = max((p.round for p in pairings), default=0) + 1
    due = leagues.matches.clock.now() + timedelta(hours=settings.accept_hours)
    # The player challenged plays first; the challenger second.
    if not await leagues.repo.add_pairings(league.id, [NewPairing(
            round=number, board=1, first_id=opponent.user_id, second_id=actor.user_id, due_at=due)],
            leagues.matches.clock.now()):
        raise Refused("core.retry")
    leagues.matches.on_timers_changed()
    return [reply(league.language, Msg("league.challenged", {
        "player": actor.name, "opponent": opponent.name, "league": league.name, "due": due,
    }), ephemeral=False)]


async def accept(leagues: Leagues, place: Place, actor: Actor, league_id: int | None = None) -> list[Delivery]:
    league = await reading.chosen(leagues, place, league_id, ("running",), of=actor.user_id, formats=("ladder",))
    for p in await leagues.repo.league_pairings(league.id):
        if p.first_id == actor.user_id and p.accepted_at is None and p.outcome is None and p.match_id is None:
            if not await leagues.repo.mark_pairing(p.id, "accepted_at", leagues.matches.clock.now()):
                continue
            await leagues.repo.clear_pairing_due(p.id)
            said = reply(league.language, Msg("league.accepted", {
                "player": actor.name, "opponent": await reading.name_in(leagues, league, p.second_id or "")}), ephemeral=False)
            leagues.later(league.id)
            return [said]
    raise Refused("league.no_challenge")


async def finish(leagues: Leagues, place: Place, actor: Actor, league_id: int | None = None) -> list[Delivery]:
    """The organizer ends a league now (a ladder's season); games still being played no longer count."""
    league = await reading.chosen(leagues, place, league_id, ("signup", "running"))
    await reading.refuse_unless_organizer(leagues, place, actor)
    if not await leagues.repo.set_league_status(league.id, "finished", was=league.status):
        raise Refused("core.retry")
    # This answer tells the end: no step tells it again (``telling``).
    await leagues.repo.mark_league_told(league.id, leagues.matches.clock.now())
    league = replace_status(league, "finished")
    return [reply(league.language, Msg("league.finished", {"league": league.name}), ephemeral=False),
            await reading.standings_post(leagues, league, league.language, ChannelPost(league.channel_id))]
