"""Turning a match into deliveries: names, turn lines, the board image, private views.

Pictures are drawn from views only (never from a state), off the event loop.
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Any

from pydantic import BaseModel

from bot.i18n import Msg, catalog
from bot.i18n.catalog import LANGUAGES, Catalog, Named
from bot.services.delivery import (
    MOVE_BUTTON_TEXT,
    Attachment,
    Button,
    ChannelPost,
    ChannelRef,
    Delivery,
    DirectMessage,
)
from bot.services.match.grace import team_question
from bot.services.people import computer_level
from bot.services.progress import LoadedMatch
from bot.services.rendering import Renderer
from engines.core import capabilities as offers
from engines.core.contract import NamingPlacesGame, Result, Seat
from render.common import BoardLabels
from render.rating_chart import ChartSeries, RatingChart, render_rating_chart
from render.registry import Part, region_part, step_part


def game_name(slug: str) -> Msg:
    return Msg(f"games.{slug}")


def colour(match: LoadedMatch, seat: Seat) -> Msg:
    return Msg(f"colours.{match.engine.colours[seat]}")


WORDED_IDS = {"power": "power", "victim": "power", "ally": "power", "kind": "unit", "unit": "unit", "facing": "facing",
              "canal": "canal"}
"""Params holding an id the game words itself: ``power="ussr"`` reads as the message
``<slug>.power_ussr`` when the game's catalog has one (in the reader's language)."""


WORDED_LISTS = {"powers": "power", "kinds": "typed"}
"""Params holding a list of ids the game words itself, each like ``WORDED_IDS``."""
WORDED_COUNTS = {"units": "units"}
"""Params holding ``[id, count]`` pairs the game words itself: ``units=[["infantry", 3]]`` reads as
the message ``<slug>.units_infantry`` with ``count=3`` ("3 infantry"), or ``<slug>.units_infantry_1``
for a count of 1 when the catalog has that singular form; the list is joined with ", "."""


def seat_params(match: LoadedMatch, params: dict) -> dict:
    """Engine/record params name seats by number and things by id; people read names."""
    out = dict(params)
    for key in ("seat", "winner", "loser"):
        if isinstance(out.get(key), int) and 0 <= out[key] < len(match.seats):
            out[key] = match.name_of(out[key])
    words = catalog()
    for key, prefix in WORDED_IDS.items():
        value = out.get(key)
        if isinstance(value, str) and words.has(code := f"{match.row.game}.{prefix}_{value}"):
            out[key] = Msg(code)
    for key, prefix in WORDED_LISTS.items():
        ids = out.get(key)
        if isinstance(ids, (list, tuple)) and all(isinstance(i, str) for i in ids):
            out[key] = [Msg(c) if words.has(c := f"{match.row.game}.{prefix}_{i}") else i for i in ids]
    for key, prefix in WORDED_COUNTS.items():
        pairs = out.get(key)
        if isinstance(pairs, (list, tuple)) and all(isinstance(p, (list, tuple)) and len(p) == 2 for p in pairs):
            out[key] = [_counted(words, f"{match.row.game}.{prefix}_{kind}", count) for kind, count in pairs]
    if offers.naming_places(match.engine):
        for key in match.engine.place_params & out.keys():
            out[key] = _named_places(match.engine, out[key])
    return out


def _named_places(engine: NamingPlacesGame, value: Any) -> Any:
    """A place (or a list of them) the game names in other languages too: ``Named``."""
    if isinstance(value, str):
        other = tuple((language, name) for language in LANGUAGES[1:] if (name := engine.place_name(value, language)))
        return Named(value, other) if other else value
    if isinstance(value, (list, tuple)):
        return [_named_places(engine, item) for item in value]
    return value


def _counted(words: Catalog, code: str, count: int) -> Msg | str:
    """``count`` of a thing the game words (``3 infantry``); the singular form when there is one."""
    if count == 1 and words.has(f"{code}_1"):
        return Msg(f"{code}_1", {"count": count})
    return Msg(code, {"count": count}) if words.has(code) else f"{count} {code.rsplit('.', 1)[-1]}"


def result_lines(match: LoadedMatch, result: Result) -> list[Msg]:
    reason = Msg(result.reason, seat_params(match, result.params))
    if result.reason == "core.aborted":
        return [reason]
    if result.draw or not result.winners:
        return [Msg("core.result_draw", {"reason": reason})]
    names = [match.name_of(seat) for seat in result.winners]
    return [Msg("core.result_win", {"players": names, "reason": reason})]


def seats_line(match: LoadedMatch) -> Msg:
    parts = [
        Msg("core.seat_entry", {"player": seat.name, "colour": seat_words(match, seat.seat)})
        for seat in match.seats
    ]
    return Msg("core.seats", {"seats": parts})


def seat_words(match: LoadedMatch, seat: Seat) -> Msg:
    """The seat's colour and, once the match has started, what the seat plays when the game
    says so (``SeatRolesGame``: Axis & Allies names each player's powers)."""
    if not offers.seat_roles(match.engine) or not match.started:
        return colour(match, seat)
    code, params = match.engine.seat_role(len(match.seats), seat, match.options)
    return Msg(code, seat_params(match, {**params, "colour": colour(match, seat)}))


def place_ref(match: LoadedMatch) -> ChannelRef:
    return ChannelRef(match.row.channel_id, match.row.guild_id)


def turn_lines(match: LoadedMatch, with_deadline: bool = True) -> list[Msg]:
    """Whose turn it is, with the deadline when there is one; or how it ended."""
    result = match.result()
    if result is not None:
        return result_lines(match, result)
    lines, _ = team_question(match)  # a team deciding what becomes of a seat that left
    for seat in sorted(match.to_act()):
        deadline = match.deadline(seat) if with_deadline else None
        if deadline is None:
            lines.append(Msg("core.turn", {"player": match.name_of(seat), "colour": colour(match, seat)}))
        else:
            lines.append(
                Msg(
                    "core.turn_deadline",
                    {"player": match.name_of(seat), "colour": colour(match, seat), "deadline": deadline},
                )
            )
    if offers.steps(match.engine) and (step := match.engine.step_message(match.state)) is not None:
        lines.append(Msg(step[0], seat_params(match, step[1])))
    if offers.standing_orders(match.engine) and match.progress.last_at is not None:
        # The question's deadline: then the player's standing order answers it.
        for seat, hours in sorted(match.engine.asks(match.state, match.progress.orders).items()):
            deadline = match.progress.last_at + timedelta(hours=hours)
            lines.append(Msg("core.question_deadline", {"player": match.name_of(seat), "deadline": deadline}))
    return lines


def away_lines(match: LoadedMatch, now: datetime, skip: Seat | None = None) -> list[Msg]:
    """"Away until …" for each seat whose player is away (or will be: ``/away``), for the status,
    the board post (its text, not the picture) and ``/games``."""
    lines = []
    for seat in match.seats:
        pause = match.absence(seat.seat, now)
        if pause is None or seat.seat == skip:
            continue
        if pause[0] <= now:
            lines.append(Msg("absence.seat_away", {"player": seat.name, "until": pause[1]}))
        else:
            lines.append(Msg("absence.seat_away_later", {"player": seat.name, "start": pause[0], "until": pause[1]}))
    return lines


def clock_line(match: LoadedMatch, now: datetime) -> Msg | None:
    control = match.time_control.clock
    if control is None or not match.started:
        return None
    parts = []
    for seat in match.seats:
        left = max(control - match.used(seat.seat, now), control * 0)
        minutes, seconds = divmod(int(left.total_seconds()), 60)
        parts.append(Msg("core.clock_entry", {"player": seat.name, "time": f"{minutes}:{seconds:02d}"}))
    return Msg("core.clocks", {"clocks": parts})


def labels(match: LoadedMatch, language: str, now: datetime | None = None) -> BoardLabels:
    """Words on the picture: the game, whose turn (or the result) and, with ``now``, the clocks."""
    words = catalog()
    lines = turn_lines(match, with_deadline=False)
    clocks = clock_line(match, now) if now is not None else None
    if clocks is not None:
        # Before a step's how-to: a long one is what the picture's panel cuts, never the clocks.
        step = match.engine.step_message(match.state) if offers.steps(match.engine) else None
        at = next((i for i, line in enumerate(lines) if step is not None and line.key == step[0]), len(lines))
        lines.insert(at, clocks)
    status = " · ".join(words.render(line, language) for line in lines)
    return BoardLabels(
        title=words.render(game_name(match.row.game), language),
        status=status,
        seats=tuple(seat.name for seat in match.seats),
        words=picture_words(match.row.game, language),
    )


PICTURE_PREFIX = "picture_"
"""A game's messages named ``picture_<name>`` are the words its renderer may put on the board
(``axis_allies.picture_power_uk``, ``axis_allies.picture_legend_capital``)."""


@functools.cache
def picture_words(slug: str, language: str) -> tuple[tuple[str, str], ...]:
    """Every ``<slug>.picture_*`` message in ``language``, as ``BoardLabels.words``."""
    words = catalog()
    start = f"{slug}.{PICTURE_PREFIX}"
    return tuple(
        (key[len(start):], words.render(Msg(key), language)) for key in sorted(words.messages) if key.startswith(start)
    )


async def board_image(
    match: LoadedMatch,
    viewer: Seat | None,
    language: str,
    highlights: tuple[str, ...] = (),
    now: datetime | None = None,
    *,
    renderer: Renderer,
    part: Part | None = None,
) -> Attachment:
    """The board as ``viewer`` may see it (with ``highlights`` marked), drawn off the event loop
    (``rendering.Renderer``: a worker process, or the cache); ``part`` draws it another way
    (``render.registry.Part``: one region of it, or a step's changes marked)."""
    view = match.engine.view(match.state, viewer)
    if highlights:
        view = view.model_copy(update={"highlights": highlights})
    text = labels(match, language, now)
    data = await renderer.render(match.row.game, view, text, part)
    region = part.args[0] if part is not None and part.kind == "region" else ""
    suffix = ("board" if viewer is None else f"seat{viewer}") + (f"-{region}" if region else "")
    return Attachment(f"{match.row.game}-{match.id}-{match.progress.moves}-{suffix}.png", data)


async def step_pictures(before: LoadedMatch, after: LoadedMatch, language: str, *, renderer: Renderer
                        ) -> tuple[Attachment, ...]:
    """The pictures a step's reply shows after the board (``StepPicturesGame``: Axis & Allies'
    battle board of each battle the step rolled dice in, and of each AA fire, raid or rocket it
    ended), drawn off the event loop."""
    engine = after.engine
    if not offers.step_pictures(engine) or not before.started or not after.started:
        return ()
    pictures = engine.step_pictures(before.state, after.state)
    if not pictures:
        return ()
    text = labels(after, language)
    drawn = await asyncio.gather(*(renderer.render(after.row.game, view, text, Part(kind)) for kind, view in pictures))
    return tuple(
        Attachment(f"{after.row.game}-{after.id}-{after.progress.moves}-{kind}{index + 1}.png", data)
        for index, ((kind, _), data) in enumerate(zip(pictures, drawn, strict=True))
    )


def action_buttons(match: LoadedMatch) -> tuple[Button, ...]:
    """The ``ButtonGame``'s obvious next moves of the seats to act, while the match runs.

    The buttons sit on a channel post everyone sees; a press submits the text for whoever
    pressed, so another seat gets the usual "not your turn". One button per text, and only texts
    that fit a custom_id (``MOVE_BUTTON_TEXT``). None for a seat the computer plays: a post that
    leaves it to move carries nothing a person could press to act for it."""
    if not offers.buttons(match.engine) or match.row.status != "active":
        return ()
    buttons: dict[str, Button] = {}
    for seat in _people_to_act(match):
        for text, label in match.engine.action_buttons(match.state, seat):
            if MOVE_BUTTON_TEXT.fullmatch(text):
                buttons.setdefault(text, Button("move", match.id, text=text, label=label, seq=match.progress.seq))
    return tuple(buttons.values()) + question_menu(match)


def question_menu(match: LoadedMatch) -> tuple[Button, ...]:
    """A menu of the legal answers to the question a seat is asked now (``ChoosingGame``: a
    battle's casualties), while there are few enough to list (``MENU_CHOICES``); never the
    computer's question."""
    if not offers.choosing(match.engine) or match.row.status != "active":
        return ()
    for seat in _people_to_act(match):
        choices = match.engine.question_choices(match.state, seat)
        if choices and len(choices) <= MENU_CHOICES and all(len(c) <= MENU_TEXT for c in choices):
            return (Button("choose", match.id, label="core.choose_answer", options=tuple(choices), seq=match.progress.seq),)
    return ()


def _people_to_act(match: LoadedMatch) -> list[Seat]:
    """The seats to act that a person plays (not the computer), in order."""
    return [seat for seat in sorted(match.to_act()) if not computer_level(match.seats[seat].user_id)]


MENU_CHOICES = 25
"""Discord's limit of options in a select menu."""
MENU_TEXT = 100
"""Discord's limit of an option's value and label."""


async def board_post(
    match: LoadedMatch, lines: list[Msg], now: datetime, footer: list[Msg] | None = None, *, renderer: Renderer,
    part: Part | None = None, extra: tuple[Attachment, ...] = (),
) -> Delivery:
    """The public board (drawn as ``part`` says: ``board_image``): picture, the given lines, whose
    turn, clocks, then ``footer``; ``extra`` pictures after the board (a step's battle boards);
    with the action buttons and the view button while the match runs."""
    language = match.row.language
    body = list(lines) + turn_lines(match)
    if match.result() is None:
        body += away_lines(match, now)
    clocks = clock_line(match, now)
    if clocks is not None:
        body.append(clocks)
    body.extend(footer or ())
    image = await board_image(match, None, language, now=now, renderer=renderer, part=part)
    return Delivery(
        ChannelPost(match.row.channel_id),
        tuple(body),
        language,
        attachments=(image, *extra),
        buttons=(*action_buttons(match), Button("view_pieces", match.id)) if match.result() is None else rematch_button(match),
    )


def rematch_button(match: LoadedMatch) -> tuple[Button, ...]:
    """On a finished match's last post: the rematch button (each player presses it)."""
    return (Button("rematch", match.id, label="replays.button_rematch"),) if match.row.status == "finished" else ()


def seal_name(match: LoadedMatch, name: str) -> Msg | str:
    """A seal's name as the game words it (``<slug>.seal_<name>``), else as the engine names it."""
    key = f"{match.row.game}.seal_{name}"
    return Msg(key) if catalog().has(key) else name


def region_board(region: str) -> Part:
    """How ``/board region:`` draws the board: that region of the map alone."""
    return region_part(region)


def step_board_part(before: LoadedMatch, after: LoadedMatch) -> Part | None:
    """How the board after a step is drawn (``StepPicturesGame.step_marks``: Axis & Allies rings
    the places the step changed); ``None`` for the plain board."""
    engine = after.engine
    if not offers.step_pictures(engine) or not before.started or not after.started:
        return None
    return step_part(engine.step_marks(before.state, after.state))


def consequence_lines(before: LoadedMatch, seat: Seat, move: BaseModel, after: LoadedMatch) -> list[Msg]:
    """What the move did, in the engine's words (nothing for an engine that does not narrate)."""
    if not offers.narrating(before.engine):
        return []
    lines = before.engine.describe_move(before.state, seat, move, after.state)
    return [Msg(code, seat_params(after, params)) for code, params in lines]


def consequence_lines_between(match: LoadedMatch, before: Any, seat: Seat, move: BaseModel, after: Any) -> list[Msg]:
    """``consequence_lines`` for one move of several (``/orders``, standing orders): the engine
    states around it, worded for ``match``."""
    if not offers.narrating(match.engine):
        return []
    lines = match.engine.describe_move(before, seat, move, after)
    return [Msg(code, seat_params(match, params)) for code, params in lines]


def seals_published(before: LoadedMatch | None, after: LoadedMatch) -> list[Msg]:
    """A line per seal (name and digest) that ``after`` shows and ``before`` did not: the
    channel hears each commitment as soon as it is fixed. A changed digest is announced again
    (an engine bug that ``/match verify`` then reports)."""
    engine = after.engine
    if not offers.sealing(engine) or not after.started:
        return []
    known: set[tuple[str, str]] = set()
    if before is not None and before.started:
        known = {(seal.name, seal.digest) for seal in engine.seals(before.state, reveal=False)}
    return [
        Msg("core.seal_published", {"name": seal_name(after, seal.name), "digest": seal.digest})
        for seal in engine.seals(after.state, reveal=False)
        if (seal.name, seal.digest) not in known
    ]


async def private_view_dm(match: LoadedMatch, seat: Seat, language: str, *, renderer: Renderer) -> Delivery:
    image = await board_image(match, seat, language, renderer=renderer)
    user_id = match.seats[seat].user_id
    return Delivery(
        DirectMessage(user_id, match.id),
        (Msg("core.private_view", {"game": game_name(match.row.game), "channel": place_ref(match)}),),
        language,
        attachments=(image,),
    )


async def rating_chart(
    title: str, series: Sequence[tuple[str, Sequence[float], Sequence[float], Sequence[int]]], filename: str, *,
    renderer: Renderer,
) -> Attachment:
    """The rating-history chart of ``/profile``: per game (name in the reader's language, the
    ratings after each rated match, their deviations, and the matches' places among all the
    chart's matches), drawn in the renderer's workers."""
    chart = RatingChart(
        title=title,
        series=tuple(
            ChartSeries(name=name, ratings=tuple(ratings), deviations=tuple(deviations), positions=tuple(positions))
            for name, ratings, deviations, positions in series
        ),
    )
    return Attachment(filename, await renderer.run(render_rating_chart, chart))
