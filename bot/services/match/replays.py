"""A match's record read back move by move, for the replay, ``/match history`` and the catch-up:
each move with its marks and dice (``steps_work``), and the public view at any position (the
pictures are drawn by ``bot.services.replay_pictures``).

What replays a record runs in a worker process (``Renderer.run``): plain data in (the engine
object, its options, the entries), plain data out. Before the end only public views are given
(``engine.view(state, None)``) and a secret move's text is not named; a move's marks (a capture,
a battle) are read off the words the game says about it (``NarratingGame.describe_move``:
``MARKS``).

What needs only a stretch of the record (the catch-up, ``/match history at:``, the stepper) is
given the match's stored snapshot (``Repository.snapshot``, written by ``MatchBook.append``) and
replays from it when it lies before the stretch (``start_before``), and no further than the
stretch; the answer is the same as a replay from the first event."""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from typing import Any

from pydantic import BaseModel

from bot.i18n import Msg
from bot.services.book import snapshot_checks
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
        # The dice a battle rolls after a move (``describe_chance``): a round whose losses are
        # taken without a question, or that ends the battle, has no words of a move to mark it.
        "axis_allies.rolled_attack_fire", "axis_allies.rolled_defence_fire", "axis_allies.rolled_aa_fire",
        "axis_allies.rolled_bombard", "axis_allies.rolled_sub_strike",
    ), "battle"),
}
"""What a move's narration says, or the dice that followed it, as a mark in ``/match history``
and the replay's move list: ``capture`` (a piece taken, a city or territory taken) or ``battle``
(dice fought)."""

MAX_FRAMES = 48
"""The most positions an animated replay shows: a longer match is sampled evenly (the start and
the end always in)."""
Snapshot = tuple[int, int, str]
"""A stored snapshot as ``Repository.snapshot`` gives it: (seq it follows, engine version, JSON)."""


@dataclass(frozen=True)
class Start:
    """Where a replay begins: ``state`` after the first ``index`` entries, ``moves`` of them moves
    (the beginning: no entry, no state)."""

    index: int = 0
    moves: int = 0
    state: Any = None


BEGINNING = Start()

Origin = Snapshot | Start
"""What a replay may start from: the stored snapshot, or a state the caller kept and checked
(``bot.services.checkpoints``)."""


def start_before(engine: Engine, entries: list[Entry], position: int, snapshot: Origin | None) -> Start:
    """The nearest stored point to replay from for what comes after ``position`` moves: the
    snapshot when it is this engine version's, follows one of ``entries`` no later than the
    entry of move ``position + 1``, reads, and its hash binds it to that entry (as a load checks
    it); a kept state when it is no later either; else the beginning."""
    if snapshot is None:
        return BEGINNING
    if isinstance(snapshot, Start):
        return snapshot if snapshot.moves <= position and snapshot.index <= len(entries) else BEGINNING
    seq, version, payload = snapshot
    if version != engine.version or not 0 < seq <= len(entries) or entries[seq - 1].seq != seq:
        return BEGINNING
    moves = sum(isinstance(entry.event, MoveEvent) for entry in entries[:seq])
    if moves > position:
        return BEGINNING
    try:
        data = json.loads(payload)
        if not snapshot_checks(data, entries[seq - 1].hash or "") or data["state"] is None:
            return BEGINNING
        state = engine.state_model.model_validate(data["state"])
    except (ValueError, TypeError, KeyError):  # pydantic's ValidationError is a ValueError
        return BEGINNING
    return Start(seq, moves, state)


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


def steps_work(engine: Engine, options: Any, entries: list[Entry], over: bool, marked_from: int = 0,
               snapshot: Origin | None = None, until: int | None = None) -> list[Step]:
    """Each move of the record with its marks and the dice that followed it. A secret move is
    named (and marked) only once the match is over; so are secret dice. Only the moves after the
    first ``marked_from`` are worded for their marks (the catch-up needs no more: the wording is
    the slow part of a long Axis & Allies record); with a ``snapshot`` before them the replay
    starts there and the moves before it are left out (``start_before``). ``until``: no move
    after that number (and the record is replayed no further)."""
    return _steps(engine, options, entries, over, marked_from, snapshot, until)[0]


def stepper_work(engine: Engine, options: Any, entries: list[Entry], over: bool, marked_from: int,
                 snapshot: Origin | None, until: int, keep_at: int,
                 board_at: int) -> tuple[list[Step], Start | None, Start | None]:
    """``steps_work``; where the replay stood at position ``keep_at`` (or the first position
    after it the replay passed): a stepper's next press starts there; and where it stood at
    position ``board_at`` (``None`` if it did not pass it): the board there is drawn from it,
    with nothing more replayed."""
    steps, reached, board = _steps(engine, options, entries, over, marked_from, snapshot, until, keep_at, board_at)
    return steps, reached, board


def _steps(engine: Engine, options: Any, entries: list[Entry], over: bool, marked_from: int,
           snapshot: Origin | None, until: int | None, keep_at: int | None = None,
           board_at: int | None = None) -> tuple[list[Step], Start | None, Start | None]:
    start = start_before(engine, entries, marked_from, snapshot)
    steps: list[Step] = []
    state = start.state
    moves = start.moves
    reached: Start | None = None
    board: Start | None = None
    for index, entry in enumerate(entries[start.index:], start=start.index):
        event = entry.event
        if isinstance(event, MoveEvent) and board_at is not None and board is None and moves == board_at and index > 0:
            board = Start(index, moves, state)  # the position: its moves and the dice after them
        if isinstance(event, MoveEvent) and until is not None and moves >= until:
            break
        if isinstance(event, MoveEvent) and keep_at is not None and reached is None and moves >= keep_at and index > 0:
            reached = Start(index, moves, state)
        after = replay_step(engine, options, state, event)
        if isinstance(event, MoveEvent):
            hidden = event.secret and not over
            marks: tuple[str, ...] = ()
            if not hidden and offers.narrating(engine) and state is not None and moves >= marked_from:
                move = engine.move_model.model_validate(event.move)
                said = engine.describe_move(state, event.seat, move, after)
                marks = tuple(dict.fromkeys(MARKS[code] for code, _ in said if code in MARKS))
            moves += 1
            steps.append(Step(moves, event.seat, "" if hidden else event.text, event.secret, marks))
        elif isinstance(event, ChanceEvent) and steps and state is not None and (over or not event.secret):
            code, params = engine.describe_chance(Outcome(kind=event.kind, values=event.values), state)
            if code:
                last = steps[-1]
                marked = last.marks if code not in MARKS or not last.text or moves <= marked_from else tuple(
                    dict.fromkeys((*last.marks, MARKS[code])))
                steps[-1] = replace(last, dice=(*last.dice, (code, params)), marks=marked)
        state = after
    else:
        if board_at is not None and board is None and moves == board_at and state is not None:
            board = Start(len(entries), moves, state)  # the end of the record
    return steps, reached, board


def states_at(engine: Engine, options: Any, entries: list[Entry], positions: list[int],
              snapshot: Origin | None = None) -> dict[int, Any]:
    """The state at each position: position ``k`` is the board after ``k`` moves (and the dice
    that followed them), ``0`` the start. Replayed from ``snapshot`` when it lies before the first
    of them (``start_before``), and no further than the last."""
    wanted = set(positions)
    start = start_before(engine, entries, min(wanted), snapshot) if wanted else BEGINNING
    found: dict[int, Any] = {}
    state = start.state
    moves = start.moves
    for entry in entries[start.index:]:
        if isinstance(entry.event, MoveEvent):
            if moves in wanted and state is not None:
                found[moves] = state
                if len(found) == len(wanted):
                    return found
            moves += 1
        state = replay_step(engine, options, state, entry.event)
    if moves in wanted and state is not None:
        found[moves] = state
    return found


def public_views(engine: Engine, options: Any, entries: list[Entry], positions: list[int],
                 reveal: bool = False, snapshot: Origin | None = None) -> list[BaseModel]:
    """The public view (what the channel sees) at each position; with ``reveal`` (a match that is
    over) each position's secrets shown where the game can draw them (``RevealingGame``)."""
    states = states_at(engine, options, entries, positions, snapshot)
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
