"""A match's record read back move by move, for the replay, ``/match history`` and the catch-up:
each move with its marks and dice (``steps_work``), and the public view at any position (the
pictures are drawn by ``bot.services.replay_pictures``).

What replays a record runs in a worker process (``Renderer.run``): plain data in (the engine
object, its options, the entries), plain data out. Before the end only public views are given
(``engine.view(state, None)``) and a secret move's text is not named; a move's marks (a capture,
a battle) are read off the words the game says about it (``NarratingGame.describe_move``:
``MARKS``)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from pydantic import BaseModel

from bot.i18n import Msg
from engines.core import capabilities as offers
from engines.core.contract import Engine, Outcome
from engines.core.record import ChanceEvent, Entry, MoveEvent, replay_step

MARKS: dict[str, str] = {
    **dict.fromkeys((
        "heroes_cities.captured_attacker", "heroes_cities.captured_attackers", "heroes_cities.captured_hero",
        "heroes_cities.captured_heroes", "heroes_cities.city_conquered",
        "masters_victory.eliminated", "masters_victory.eliminated_unnumbered",
        "militakiri.capture_removes", "militakiri.capture_stacks",
        "battle_island.removed_from_island", "battle_island.removed_from_pad", "battle_island.blast_took",
        "axis_allies.took", "axis_allies.took_neutral", "axis_allies.capital_taken", "axis_allies.liberated",
    ), "capture"),
    **dict.fromkeys((
        "battle_island.shot_hit", "battle_island.crossfire",
        "axis_allies.battle_won", "axis_allies.battle_won_air_only", "axis_allies.battle_held",
        "axis_allies.battle_both_destroyed", "axis_allies.sea_battle_won", "axis_allies.round_losses",
        "axis_allies.aa_downed", "axis_allies.raid_damage",
    ), "battle"),
}
"""What a move's narration says, as a mark in ``/match history`` and the replay's move list:
``capture`` (a piece taken, a city or territory taken) or ``battle`` (dice fought)."""

MAX_FRAMES = 48
"""The most positions an animated replay shows: a longer match is sampled evenly (the start and
the end always in)."""
@dataclass(frozen=True)
class Step:
    """One move of the record, as the move list shows it."""

    number: int
    seat: int
    text: str
    """The move's notation; ``""`` for a secret move while the match runs."""
    secret: bool
    marks: tuple[str, ...] = ()
    dice: tuple[tuple[str, dict[str, Any]], ...] = ()
    """The public chance lines that followed the move (``describe_chance``), before the next one."""


def steps_work(engine: Engine, options: Any, entries: list[Entry], over: bool, marked_from: int = 0) -> list[Step]:
    """Each move of the record with its marks and the dice that followed it. A secret move is
    named (and marked) only once the match is over; so are secret dice. Only the moves after the
    first ``marked_from`` are worded for their marks (the catch-up needs no more: the wording is
    the slow part of a long Axis & Allies record)."""
    steps: list[Step] = []
    state = None
    for entry in entries:
        event = entry.event
        after = replay_step(engine, options, state, event)
        if isinstance(event, MoveEvent):
            hidden = event.secret and not over
            marks: tuple[str, ...] = ()
            if not hidden and offers.narrating(engine) and state is not None and len(steps) >= marked_from:
                move = engine.move_model.model_validate(event.move)
                said = engine.describe_move(state, event.seat, move, after)
                marks = tuple(dict.fromkeys(MARKS[code] for code, _ in said if code in MARKS))
            steps.append(Step(len(steps) + 1, event.seat, "" if hidden else event.text, event.secret, marks))
        elif isinstance(event, ChanceEvent) and steps and state is not None and (over or not event.secret):
            code, params = engine.describe_chance(Outcome(kind=event.kind, values=event.values), state)
            if code:
                last = steps[-1]
                steps[-1] = replace(last, dice=(*last.dice, (code, params)))
        state = after
    return steps


def states_at(engine: Engine, options: Any, entries: list[Entry], positions: list[int]) -> dict[int, Any]:
    """The state at each position: position ``k`` is the board after ``k`` moves (and the dice
    that followed them), ``0`` the start."""
    wanted = set(positions)
    found: dict[int, Any] = {}
    state = None
    moves = 0
    for entry in entries:
        if isinstance(entry.event, MoveEvent):
            if moves in wanted and state is not None:
                found[moves] = state
            moves += 1
        state = replay_step(engine, options, state, entry.event)
    if moves in wanted and state is not None:
        found[moves] = state
    return found


def public_views(engine: Engine, options: Any, entries: list[Entry], positions: list[int],
                 reveal: bool = False) -> list[BaseModel]:
    """The public view (what the channel sees) at each position; with ``reveal`` (a match that is
    over) each position's secrets shown where the game can draw them (``RevealingGame``)."""
    states = states_at(engine, options, entries, positions)
    if reveal and offers.revealing(engine):
        return [engine.revealed_view(states[p]) for p in positions]
    return [engine.view(states[p], None) for p in positions]


def sampled(total: int, most: int) -> list[int]:
    """Up to ``most`` positions of ``0..total``, evenly spread, the first and the last always in.

    >>> sampled(3, 10), sampled(10, 4)
    ([0, 1, 2, 3], [0, 3, 7, 10])
    """
    if total + 1 <= most:
        return list(range(total + 1))
    return sorted({round(i * total / (most - 1)) for i in range(most)})


def step_line(step: Step, name: str, current: bool = False) -> Msg:
    """A move of the list: number, player, the move (or that it is secret), its marks, its dice."""
    params = {
        "n": step.number, "player": name, "move": step.text,
        "marks": [Msg(f"replays.mark_{mark}") for mark in step.marks],
    }
    key = "replays.step_secret" if not step.text else ("replays.step_marked" if step.marks else "replays.step")
    return Msg(key + ("_current" if current else ""), params)
