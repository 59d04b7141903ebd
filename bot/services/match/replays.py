"""A match's record as pictures: the replay (an animated GIF of the public board after each move,
and a stepper through the positions), the board at any past move, and the catch-up of what
changed since a player's last move.

Everything that replays a record or draws runs in a worker process (``Renderer.run``): the
functions named ``*_work`` take plain data (the engine object, its options, the entries) and
return plain data. Before the end only public views are drawn (``engine.view(state, None)``) and
a secret move's text is not named; a move's marks (a capture, a battle) are read off the words
the game says about it (``NarratingGame.describe_move``: ``MARKS``)."""

from __future__ import annotations

import io
from dataclasses import dataclass, replace
from typing import Any

from PIL import Image
from pydantic import BaseModel

from bot.i18n import Msg
from engines.core.contract import Engine, NarratingGame, Outcome, StepPicturesGame
from engines.core.record import ChanceEvent, Entry, MoveEvent, replay_step
from render import registry
from render.common import BoardLabels

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
FRAME_WIDTH = 640
"""The widest a replay frame is drawn; halved while the picture is over the upload limit."""
SMALLEST_WIDTH = 200
FRAME_MS = 900
LAST_FRAME_MS = 3000
STRIP_FRAMES = 4
"""The most pictures a catch-up strip puts side by side."""


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


def steps_work(engine: Engine, options: Any, entries: list[Entry], over: bool) -> list[Step]:
    """Each move of the record with its marks and the dice that followed it. A secret move is
    named (and marked) only once the match is over; so are secret dice."""
    steps: list[Step] = []
    state = None
    for entry in entries:
        event = entry.event
        after = replay_step(engine, options, state, event)
        if isinstance(event, MoveEvent):
            hidden = event.secret and not over
            marks: tuple[str, ...] = ()
            if not hidden and isinstance(engine, NarratingGame) and state is not None:
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


def public_views(engine: Engine, options: Any, entries: list[Entry], positions: list[int]) -> list[BaseModel]:
    """The public view (what the channel sees) at each position."""
    states = states_at(engine, options, entries, positions)
    return [engine.view(states[p], None) for p in positions]


def sampled(total: int, most: int) -> list[int]:
    """Up to ``most`` positions of ``0..total``, evenly spread, the first and the last always in.

    >>> sampled(3, 10), sampled(10, 4)
    ([0, 1, 2, 3], [0, 3, 7, 10])
    """
    if total + 1 <= most:
        return list(range(total + 1))
    return sorted({round(i * total / (most - 1)) for i in range(most)})


def board_work(engine: Engine, options: Any, entries: list[Entry], position: int, labels: BoardLabels) -> bytes:
    """The PNG of the public board at ``position``."""
    (view,) = public_views(engine, options, entries, [position])
    return registry.render_view(engine.slug, view, labels)


def gif_work(engine: Engine, options: Any, entries: list[Entry], positions: list[int], statuses: list[str],
             labels: BoardLabels, limit: int) -> bytes:
    """The animated replay: the public board at each of ``positions`` (``statuses`` its line),
    as a looping GIF of at most ``limit`` bytes: frames drawn narrower, then every second one
    dropped (the last kept), until it fits."""
    views = public_views(engine, options, entries, positions)
    frames = [
        Image.open(io.BytesIO(registry.render_view(engine.slug, view, replace(labels, status=status)))).convert("RGB")
        for view, status in zip(views, statuses, strict=True)
    ]
    width = FRAME_WIDTH
    while True:
        data = encode_gif(frames, width)
        if len(data) <= limit or (width <= SMALLEST_WIDTH and len(frames) <= 2):
            return data
        if width > SMALLEST_WIDTH:
            width //= 2
        else:
            frames = [*frames[:-1:2], frames[-1]]


def encode_gif(frames: list[Image.Image], width: int) -> bytes:
    """The frames at most ``width`` wide, as a looping GIF (the last frame held longer)."""
    shown = [frame if frame.width <= width else frame.resize((width, round(frame.height * width / frame.width)))
             for frame in frames]
    palette = [frame.quantize(colors=256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE) for frame in shown]
    out = io.BytesIO()
    durations = [FRAME_MS] * (len(palette) - 1) + [LAST_FRAME_MS]
    palette[0].save(out, format="GIF", save_all=True, append_images=palette[1:], duration=durations, loop=0,
                    optimize=False, disposal=1)
    return out.getvalue()


def catchup_work(engine: Engine, options: Any, entries: list[Entry], since: int, labels: BoardLabels) -> bytes:
    """One picture of what changed since position ``since``: the board now with the changes
    marked where the game draws them (``StepPicturesGame.step_board_part``), else a strip of the
    public boards from then to now (at most ``STRIP_FRAMES``, the last one now)."""
    total = sum(isinstance(e.event, MoveEvent) for e in entries)
    if isinstance(engine, StepPicturesGame):
        states = states_at(engine, options, entries, [since, total])
        part = engine.step_board_part(states[since], states[total])
        return registry.render_view(engine.slug, engine.view(states[total], None), labels, part)
    positions = [since + p for p in sampled(total - since, STRIP_FRAMES)]
    views = public_views(engine, options, entries, positions)
    frames = [Image.open(io.BytesIO(registry.render_view(engine.slug, view, labels))).convert("RGB") for view in views]
    height = min(frame.height for frame in frames)
    frames = [f if f.height == height else f.resize((round(f.width * height / f.height), height)) for f in frames]
    gap = 12
    strip = Image.new("RGB", (sum(f.width for f in frames) + gap * (len(frames) - 1), height), "white")
    x = 0
    for frame in frames:
        strip.paste(frame, (x, 0))
        x += frame.width + gap
    out = io.BytesIO()
    strip.save(out, format="PNG", optimize=True)
    return out.getvalue()


def step_line(step: Step, name: str, current: bool = False) -> Msg:
    """A move of the list: number, player, the move (or that it is secret), its marks, its dice."""
    params = {
        "n": step.number, "player": name, "move": step.text,
        "marks": [Msg(f"replays.mark_{mark}") for mark in step.marks],
    }
    key = "replays.step_secret" if not step.text else ("replays.step_marked" if step.marks else "replays.step")
    return Msg(key + ("_current" if current else ""), params)
