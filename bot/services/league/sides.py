"""Who a league pairs: its sides. In a league of single players each sign-up is a side; in a
league of teams (``team_size`` above 1: Axis & Allies two a side) each team is one, named after
its players, and the standings are the teams' (a team's result counts for the team).

Teams are formed when the league starts (``form_teams``): the teams an organizer set
(``/league team``) first, every other player then in sign-up order into the first team with room,
new teams after them. Pure: the league's modules read the entries and hand them here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.services.league import standings as tables
from bot.storage.models import LeagueEntryRow

TEAM_PREFIX = "team:"
"""A team's id in the pairings (``team:2``), where a single player's is their user id."""


@dataclass(frozen=True)
class Side:
    id: str
    name: str
    members: tuple[str, ...]
    """User ids: the player alone, or the team's players in the order they take its seats."""
    member_names: tuple[str, ...]
    withdrawn: bool
    """A player who left; a team leaves with the first of its players who leaves."""


def team_id(number: int) -> str:
    return f"{TEAM_PREFIX}{number}"


def sides(entries: Sequence[LeagueEntryRow], team_size: int) -> list[Side]:
    """The league's sides in their order (sign-up order; teams by number). A league of teams
    that has not started has none: its teams are formed at the start.

    >>> from bot.storage.models import LeagueEntryRow as E
    >>> rows = [E(league_id=1, user_id=u, name=u.title(), number=n, team=t)
    ...         for n, (u, t) in enumerate([("ann", 2), ("ben", 1), ("cas", 1), ("dan", 2)], start=1)]
    >>> [(s.id, s.name, s.members) for s in sides(rows, 2)]
    [('team:1', 'Ben & Cas', ('ben', 'cas')), ('team:2', 'Ann & Dan', ('ann', 'dan'))]
    >>> [s.id for s in sides(rows, 1)]
    ['ann', 'ben', 'cas', 'dan']
    """
    if team_size == 1:
        return [Side(e.user_id, e.name, (e.user_id,), (e.name,), e.withdrawn_at is not None) for e in entries]
    teams: dict[int, list[LeagueEntryRow]] = {}
    for e in entries:
        if e.team is not None:
            teams.setdefault(e.team, []).append(e)
    return [Side(team_id(number), " & ".join(e.name for e in members), tuple(e.user_id for e in members),
                 tuple(e.name for e in members), any(e.withdrawn_at is not None for e in members))
            for number, members in sorted(teams.items())]


def entrants(all_sides: Sequence[Side]) -> list[tables.Entrant]:
    return [tables.Entrant(s.id, s.name, s.withdrawn) for s in all_sides]


def side_of(all_sides: Sequence[Side], user_id: str) -> Side | None:
    return next((s for s in all_sides if user_id in s.members), None)


class TeamsRefused(ValueError):
    """The players signed up do not make whole teams: ``code`` and ``params`` say why."""

    def __init__(self, code: str, **params: object) -> None:
        super().__init__(code)
        self.code, self.params = code, params


def form_teams(entries: Sequence[LeagueEntryRow], team_size: int) -> dict[str, int]:
    """Each player still in and their team, numbered from 1: the organizer's teams first (in the
    order of their numbers), then every other player in sign-up order into the first team with
    room, a new team when none has. Refused unless every team is whole.

    >>> from bot.storage.models import LeagueEntryRow as E
    >>> def rows(*teams):
    ...     return [E(league_id=1, user_id=f"p{n}", name=f"P{n}", number=n, team=t) for n, t in enumerate(teams, start=1)]
    >>> form_teams(rows(None, None, None, None), 2)
    {'p1': 1, 'p2': 1, 'p3': 2, 'p4': 2}
    >>> form_teams(rows(None, 7, None, 7), 2)   # the organizer put p2 and p4 together
    {'p2': 1, 'p4': 1, 'p1': 2, 'p3': 2}
    >>> form_teams(rows(None, 3, 5, None), 2)   # one of each team set: the others fill them
    {'p2': 1, 'p1': 1, 'p3': 2, 'p4': 2}
    >>> form_teams(rows(None, None, None), 2)
    Traceback (most recent call last):
    bot.services.league.sides.TeamsRefused: league.teams_uneven
    >>> form_teams(rows(1, 2, 3, None), 2)
    Traceback (most recent call last):
    bot.services.league.sides.TeamsRefused: league.team_short
    """
    still = [e for e in entries if e.withdrawn_at is None]
    if len(still) % team_size:
        raise TeamsRefused("league.teams_uneven", count=len(still), size=team_size)
    groups: dict[int, list[str]] = {}
    for e in still:
        if e.team is not None:
            groups.setdefault(e.team, []).append(e.user_id)
    ordered = [groups[number] for number in sorted(groups)]
    for e in still:
        if e.team is not None:
            continue
        room = next((group for group in ordered if len(group) < team_size), None)
        if room is None:
            room = []
            ordered.append(room)
        room.append(e.user_id)
    names = {e.user_id: e.name for e in still}
    for number, group in enumerate(ordered, start=1):
        if len(group) != team_size:
            raise TeamsRefused("league.team_short", team=number, players=[names[u] for u in group], size=team_size)
    return {user: number for number, group in enumerate(ordered, start=1) for user in group}


def seats(first: Side, second: Side, teams: Sequence[frozenset[int]] | None) -> list[tuple[str, str]]:
    """(user id, name) of each seat of the pairing's match, seat 0 first: two single players in
    their order; two teams along the game's teams (``TeamGame.teams``): the first side takes the
    seats of seat 0's team, the second the other's, each team's players in its order.

    >>> a = Side("team:1", "A & B", ("a", "b"), ("A", "B"), False)
    >>> c = Side("team:2", "C & D", ("c", "d"), ("C", "D"), False)
    >>> [user for user, _ in seats(a, c, (frozenset({0, 3}), frozenset({1, 2})))]
    ['a', 'c', 'd', 'b']
    """
    if teams is None:
        return [(first.members[0], first.member_names[0]), (second.members[0], second.member_names[0])]
    ours = next(team for team in teams if 0 in team)
    players = sorted(seat for team in teams for seat in team)
    taken = {id(first): 0, id(second): 0}
    out = []
    for seat in players:
        side = first if seat in ours else second
        k = taken[id(side)]
        taken[id(side)] = k + 1
        out.append((side.members[k], side.member_names[k]))
    return out
