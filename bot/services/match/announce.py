"""Who is told what once a command is committed: the board post (with the rating changes and the
record's hash when the match ended), each seat's private view and turn DM, the turn summaries, and
the lines that say what each step did."""

from __future__ import annotations

import difflib
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from bot.i18n import Msg
from bot.services import presenter
from bot.services.delivery import Button, ChannelPost, Delivery, Reply
from bot.services.match import grace
from bot.services.match.referee import Step
from bot.services.people import computer_level
from bot.services.progress import LoadedMatch
from bot.services.ratings import rating_lines
from bot.services.time_control import TimeControl
from bot.storage.models import EndingUpdate
from engines.core import capabilities as offers
from engines.core.contract import Outcome, Seat
from engines.core.errors import AmbiguousMoveError, EngineError

if TYPE_CHECKING:
    from bot.services.match.core import Core

CLOSEST = 5
"""How many of the closest legal moves a refused move is answered with."""


async def ending_post(core: Core, after: LoadedMatch, lines: list[Msg], updates: list[EndingUpdate],
                      before: LoadedMatch | None = None) -> Delivery:
    """The board after a commit, with the step's own pictures after it when ``before`` is the
    match before a move (a battle board); when that commit ended the match, with the rating
    changes and the record's final hash."""
    extra = await presenter.step_pictures(before, after, after.row.language, renderer=core.renderer) \
        if before is not None else ()
    part = presenter.step_board_part(before, after) if before is not None else None
    if after.result() is None:
        _, buttons = grace.team_question(after)  # the question is among the turn lines
        post = await presenter.board_post(after, lines, core.clock.now(), renderer=core.renderer, part=part,
                                          extra=extra)
        return replace(post, buttons=(*post.buttons, *buttons)) if buttons else post
    ratings = rating_lines(after, updates)
    return await presenter.board_post(
        after, [*lines, *ratings], core.clock.now(), footer=[hash_line(after)], renderer=core.renderer, part=part,
        extra=extra,
    )


async def turn_dms(core: Core, before: LoadedMatch | None, after: LoadedMatch, mover: Seat | None = None) -> list[Delivery]:
    """DMs after a change: each seat's private view at the end of a turn (games with secrets),
    and a notice to each seat whose turn it now is, as its player wants it (``notices.tell``)."""
    deliveries: list[Delivery] = []
    if not after.started:
        return deliveries
    # Private views go once per turn, not per action: when whose turn it is changes (a turn
    # of several actions ends, or a seat finished its secret setup), to each seat that sees
    # more than the channel and whose view changed over that whole turn.
    turn_over = before is None or not before.started or before.to_act() != after.to_act()
    public = after.engine.view(after.state, None).model_dump(exclude={"viewer"}) if turn_over else None
    for seat in after.seats:
        if computer_level(seat.user_id):
            continue  # a computer seat reads no DMs: it observes the match itself
        if turn_over:
            private = after.engine.view(after.state, seat.seat)
            secret = private.model_dump(exclude={"viewer"}) != public
            fresh = before is None or not before.started
            if secret and (fresh or before is not None and after.engine.view(before.progress.turn_state, seat.seat) != private):
                language = await core.language_of(seat.user_id, after.row.language)
                deliveries.append(await presenter.private_view_dm(after, seat.seat, language, renderer=core.renderer))
        # The mover is not told it is their turn again when it simply goes on (an Axis & Allies
        # player's next phase, or the next power they also play: "allies together").
        newly_to_act = seat.seat in after.to_act() and (
            before is None or seat.seat not in before.to_act()
            or (before.progress.moves != after.progress.moves and seat.seat != mover)
        )
        if newly_to_act and not at_the_board(after, seat.seat) and seat.seat not in after.progress.meta.autopilot:
            from bot.services.match import notices  # it reads answers, which read this module

            # What changed since the player's last move goes in the same DM (no second message).
            deliveries += await notices.tell(core, after, seat.seat, notices.turn_line(after, seat.seat), catch_up=True)
    return deliveries


def at_the_board(match: LoadedMatch, seat: Seat) -> bool:
    """Whether the player of ``seat`` is taken to be at the board, and so gets no turn notice: a
    match on a clock alone (live play), or one without a deadline whose other seats are all the
    computer's (it answers in seconds)."""
    control = match.time_control
    if control.clock is not None and not control.correspondence:
        return True
    return match.deadline(seat) is None and all(computer_level(other.user_id) for other in match.seats if other.seat != seat)


def summary_posts(after: LoadedMatch, steps: list[Step]) -> list[Delivery]:
    """A channel post per turn the steps ended (``SummarizingGame``)."""
    if not offers.summarizing(after.engine):
        return []
    posts = []
    for step in steps:
        lines = after.engine.turn_summary(step.before, step.after)
        if lines and step.event.seat in after.progress.meta.autopilot:
            lines = (*lines, ("teams.summary_computer", {"seat": step.event.seat}))
        if lines:
            msgs = tuple(Msg(code, presenter.seat_params(after, params)) for code, params in lines)
            posts.append(Delivery(ChannelPost(after.row.channel_id), msgs, after.row.language))
    return posts


def step_lines(after: LoadedMatch, steps: list[Step], mover: str) -> list[Msg]:
    """What each step of a command did: the move (typed by ``mover``, or by a standing
    order), its dice and its consequences. A run of the mover's own orders is said in one line,
    written together as the game writes them (``CompactingGame``: "buy 5 inf 2 arm", one
    ``move 3 inf …`` for three units on one path), their dice and consequences after it."""
    lines: list[Msg] = []
    for run in _runs(steps):
        step = run[0]
        if step.event.secret:
            lines.append(Msg("core.secret_move_played", {"player": mover}))
        elif step.standing:
            lines.append(Msg("core.standing_move_played", {"player": after.name_of(step.event.seat), "move": step.event.text}))
        else:
            texts = compact_texts(after, run)
            if len(texts) == 1:
                lines.append(Msg("core.move_played", {"player": mover, "move": texts[0]}))
            else:
                lines.append(Msg("turns.moves_played", {"player": mover, "moves": [Msg("turns.order", {"move": t}) for t in texts]}))
        for step in run:
            lines += chance_lines(after, list(step.chance))
            lines += presenter.consequence_lines_between(after, step.before, step.event.seat, step.move, step.after)
    return lines


def _runs(steps: list[Step]) -> list[list[Step]]:
    """The steps in runs: a seat's own public orders in a row together, every other step alone."""
    runs: list[list[Step]] = []
    for step in steps:
        plain = not step.event.secret and not step.standing
        last = runs[-1][-1] if runs else None
        if plain and last is not None and not last.event.secret and not last.standing and last.event.seat == step.event.seat:
            runs[-1].append(step)
        else:
            runs.append([step])
    return runs


def compact_texts(match: LoadedMatch, run: list[Step]) -> tuple[str, ...]:
    """The texts of a run of one seat's orders, written together where the game can
    (``CompactingGame``), else each as recorded."""
    if len(run) > 1 and offers.compacting(match.engine):
        return match.engine.compact_moves([step.move for step in run], run[0].before)
    return tuple(step.event.text for step in run)


def chance_lines(match: LoadedMatch, events: list[Any]) -> list[Msg]:
    """The engine's words for each public chance event; a secret one says nothing, whatever
    the engine would say (its values must not reach anyone while the match runs)."""
    lines = []
    for event in events:
        if event.secret:
            continue
        outcome = Outcome(kind=event.kind, values=event.values)
        code, params = match.engine.describe_chance(outcome, match.state)
        if code:
            lines.append(Msg(code, presenter.seat_params(match, params)))
    return lines


HELP_WORDS = frozenset({"help", "hulp", "?", "rules", "regels", "uitleg", "hint"})
"""What a newcomer types where a move goes when they are stuck: answered with where the rules are."""


def move_error(match: LoadedMatch, seat: Seat, text: str, error: EngineError) -> list[Msg]:
    """Why a move was refused, with the closest legal moves unless the engine named candidates;
    a plea for help (``HELP_WORDS``) is told where the notation and the rules are instead."""
    lines = [Msg(error.code, presenter.seat_params(match, error.params))]
    if text.strip().lower() in HELP_WORDS:
        return [lines[0], Msg("newcomer.move_help", {"game": match.row.game})]
    if isinstance(error, AmbiguousMoveError) or "closest" in error.params or "candidates" in error.params:
        return lines
    legal = [match.engine.format_move(m, match.state) for m in match.engine.legal_moves(match.state, seat)]
    closest = difflib.get_close_matches(text.strip().lower(), legal, n=CLOSEST, cutoff=0.0)
    if closest:
        lines.append(Msg("core.closest_moves", {"moves": closest}))
    return lines


def hash_line(match: LoadedMatch) -> Msg:
    """The chain hash of the last event, for players to keep (docs/games/core.md). Not while a
    match with secret events runs: the hash is computed over them (``Progress.secret_seen``)."""
    return Msg("core.record_hash", {"seq": match.progress.seq, "hash": match.progress.hash})


def as_reply(post: Delivery) -> Delivery:
    """The public post as the public answer to the command that caused it."""
    return Delivery(Reply(ephemeral=False), post.lines, post.language, post.attachments, post.buttons)


def time_control_line(control: TimeControl) -> Msg:
    if control.per_move is None and control.clock is None and control.daily is None:
        return Msg("core.time_none")
    parts = []
    if control.per_move is not None:
        parts.append(Msg("core.time_per_move", {"hours": _number(control.per_move_hours)}))
    if control.daily is not None:
        parts.append(Msg("absence.time_daily", {"at": control.daily, "zone": control.timezone or "UTC"}))
    if control.clock is not None:
        parts.append(Msg("core.time_clock", {"minutes": _number(control.clock_minutes)}))
    if not control.weekends:
        parts.append(Msg("absence.time_no_weekends"))
    if not control.vacation and control.correspondence:
        parts.append(Msg("absence.time_no_vacation"))
    if control.quiet_deadlines and control.correspondence:
        parts.append(Msg("absence.time_quiet_deadlines"))
    return Msg("core.time_control", {"parts": parts})


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


async def dm_refused(core: Core, match_id: int, user_id: str) -> list[Delivery]:
    """A DM bounced (closed DMs): tell the channel once, with the view button as fallback."""
    if not await core.repo.mark_dm_closed(match_id, user_id):
        return []
    match = await core.book.load_known(match_id)
    seat = match.seat_of(user_id)
    name = match.name_of(seat) if seat is not None else "?"
    return [
        Delivery(
            ChannelPost(match.row.channel_id),
            (Msg("core.dm_closed", {"player": name}),),
            match.row.language,
            buttons=(Button("view_pieces", match.id),),
        )
    ]
