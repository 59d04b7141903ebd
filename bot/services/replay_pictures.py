"""The replay's pictures, drawn in a worker process (``Renderer.run``): the board at a position,
the animated GIF of a whole record within a byte limit, and the catch-up's picture of what
changed. Only public views are drawn (``bot.services.match.replays.public_views``), with their
secrets only once the match is over."""

from __future__ import annotations

import io
from dataclasses import replace
from typing import Any

from PIL import Image

from bot.services.match.replays import Origin, public_views, sampled, states_at
from engines.core import capabilities as offers
from engines.core.contract import Engine
from engines.core.record import Entry, MoveEvent
from render import registry
from render.common import BoardLabels, encode_png

FRAME_WIDTH = 640
"""The widest a replay frame is drawn; halved while the picture is over the upload limit."""
SMALLEST_WIDTH = 200
FRAME_MS = 900
LAST_FRAME_MS = 3000
STRIP_FRAMES = 4
"""The most pictures a catch-up strip puts side by side."""


def board_work(engine: Engine, options: Any, entries: list[Entry], position: int, labels: BoardLabels,
               reveal: bool = False, snapshot: Origin | None = None) -> bytes:
    """The PNG of the public board at ``position`` (``reveal``: with its secrets, after the end),
    replayed from ``snapshot`` when it lies before it."""
    (view,) = public_views(engine, options, entries, [position], reveal, snapshot)
    return registry.render_view(engine.slug, view, labels)


def gif_work(engine: Engine, options: Any, entries: list[Entry], positions: list[int], statuses: list[str],
             labels: BoardLabels, limit: int, reveal: bool = False) -> bytes:
    """The animated replay: the public board at each of ``positions`` (``statuses`` its line),
    as a looping GIF of at most ``limit`` bytes: frames drawn narrower, then every second one
    dropped (the last kept), until it fits. ``reveal`` (after the end): each position's secrets shown."""
    views = public_views(engine, options, entries, positions, reveal)
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


def catchup_work(engine: Engine, options: Any, entries: list[Entry], since: int, labels: BoardLabels,
                 snapshot: Origin | None = None) -> bytes:
    """One picture of what changed since position ``since``: the board now with the changes
    marked where the game draws them (``StepPicturesGame.step_marks``), else a strip of the
    public boards from then to now (at most ``STRIP_FRAMES``, the last one now). Replayed from
    ``snapshot`` when it lies before ``since``."""
    total = sum(isinstance(e.event, MoveEvent) for e in entries)
    if offers.step_pictures(engine):
        states = states_at(engine, options, entries, [since, total], snapshot)
        part = registry.step_part(engine.step_marks(states[since], states[total]))
        return registry.render_view(engine.slug, engine.view(states[total], None), labels, part)
    positions = [since + p for p in sampled(total - since, STRIP_FRAMES)]
    views = public_views(engine, options, entries, positions, snapshot=snapshot)
    frames = [Image.open(io.BytesIO(registry.render_view(engine.slug, view, labels))).convert("RGB") for view in views]
    height = min(frame.height for frame in frames)
    frames = [f if f.height == height else f.resize((round(f.width * height / f.height), height)) for f in frames]
    gap = 12
    strip = Image.new("RGB", (sum(f.width for f in frames) + gap * (len(frames) - 1), height), "white")
    x = 0
    for frame in frames:
        strip.paste(frame, (x, 0))
        x += frame.width + gap
    return encode_png(strip, palette=True)
