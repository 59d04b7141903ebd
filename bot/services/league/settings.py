"""What a league keeps of its organizer's choices (``LeagueSettings``, stored with the league as
JSON), the league's constants, and the small pure helpers its modules share."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from bot.i18n import Msg
from bot.services.delivery import ChannelPost, Delivery, Reply
from bot.services.league import standings as tables
from bot.services.league.sides import Side, sides
from bot.storage.models import LeagueEntryRow, LeagueFormat, LeagueRow

FORMATS: tuple[LeagueFormat, ...] = ("round_robin", "swiss", "ladder")
SWEEP = timedelta(minutes=10)
"""The longest a running league waits for its step when nothing else woke it."""
ADVANCE_PASSES = 4
"""``advance`` runs its step again while a pass changed something (a match linked in this pass
that had already ended), at most this often."""
SCORES = {"1-0": (1.0, 0.0), "0-1": (0.0, 1.0), "draw": (0.5, 0.5), "0-0": (0.0, 0.0)}
"""An organizer's adjudication: first player's and second player's points."""


class LeagueSettings(BaseModel):
    """What the organizer chose at ``/league create``, stored with the league."""

    model_config = ConfigDict(extra="ignore")

    rounds: int | None = Field(None, ge=1, le=50)
    """Swiss: rounds to play (default: enough to find a winner, log2 of the players, rounded up)."""
    time_control: dict[str, Any] | None = None
    """The matches' deadline (``TimeControl`` as JSON, only the fields the organizer gave: the
    server's grace fills the rest); ``None``: the game's own rule, else the server's default."""
    rated: bool = True
    options: dict[str, Any] = {}
    """The game's options for every match (its defaults unless given)."""
    round_hours: float | None = Field(None, gt=0, le=24 * 60)
    """Swiss: hours a round may take before the organizer is asked to decide unfinished games."""
    reach: int = Field(3, ge=1, le=50)
    """Ladder: how many places above oneself one may challenge."""
    accept_hours: float = Field(48, gt=0, le=24 * 60)
    """Ladder: hours to accept a challenge; after that the challenger wins it."""
    team_size: int = Field(1, ge=1, le=5)
    """Players a side in every game (1: single players; 2: teams of two, Axis & Allies)."""


def league_settings(league: LeagueRow) -> LeagueSettings:
    return LeagueSettings.model_validate(league.settings)


def format_name(fmt: str) -> Msg:
    return Msg(f"league.format_{fmt}")


def replace_status(league: LeagueRow, status: str) -> LeagueRow:
    return league.model_copy(update={"status": status})


def league_sides(league: LeagueRow, entries: list[LeagueEntryRow]) -> list[Side]:
    """Who the league pairs (``sides``): its players, or its teams."""
    return sides(entries, league_settings(league).team_size)


def post(league: LeagueRow, *lines: Msg) -> Delivery:
    """A post in the league's channel, in the league's language."""
    return Delivery(ChannelPost(league.channel_id), lines, league.language)


def posted(deliveries: list[Delivery], channel_id: str) -> list[Delivery]:
    """A match's public answers as posts in its thread (no user to answer: the league acted);
    what only the acting user would have read is dropped."""
    out = []
    for d in deliveries:
        if isinstance(d.target, Reply):
            if d.target.ephemeral:
                continue
            d = replace(d, target=ChannelPost(channel_id))
        out.append(d)
    return out


def score_text(score: tuple[float, float]) -> str:
    return f"{tables.points_text(score[0])}–{tables.points_text(score[1])}"


def hours_text(value: float) -> str:
    return f"{value:g}"
