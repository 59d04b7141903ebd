"""A seat's moves, orders and standing orders: the referee decides, the commit records, and
``announce`` says it."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from typing import TYPE_CHECKING

from bot.i18n import Msg
from bot.services import presenter
from bot.services.delivery import Attachment, Delivery, Reply, reply
from bot.services.match import access, announce, referee
from bot.services.match.access import Pressed
from bot.services.match.answers import Refused
from bot.services.match.referee import Step
from bot.services.people import Actor, Place
from engines.core import capabilities as offers
from engines.core.contract import Seat
from engines.core.errors import MoveError
from engines.core.record import OrdersEvent

if TYPE_CHECKING:
    from bot.services.match.core import Core

ORDERS_FILE = "orders.txt"
"""The name of the file that brings unplayed ``/orders`` back to the player."""


async def submit(
    core: Core, actor: Actor, text: str | list[str], *, place: Place | None = None, match_id: int | None = None,
    pressed: Pressed | None = None, autopilot_seat: Seat | None = None,
) -> list[Delivery]:
    """Play ``text`` (one move, or ``/orders``' lines all or nothing) for the actor (the computer
    on a person's seat it plays for them: ``autopilot_seat``)."""
    if autopilot_seat is None:
        await core.seen(actor)
    texts = [text] if isinstance(text, str) else text
    async with access.seated(core, place, actor, match_id, pressed, autopilot_seat=autopilot_seat) as (match, seat):
        try:
            access.refuse_not_your_turn(match, seat)
        except Refused as waiting:  # asked for help while waiting: where the rules are, too
            if isinstance(text, str) and text.strip().lower() in announce.HELP_WORDS:
                raise Refused.saying(*waiting.lines, Msg("newcomer.move_help", {"game": match.row.game})) from None
            raise
        try:
            steps = referee.play(match.engine, match.state, seat, texts, seed=match.row.seed,
                                 draw_index=match.progress.draw_index, orders=match.progress.orders)
        except referee.LineRefused as refused:
            lines = announce.move_error(match, seat, refused.text, refused.error) if refused.error else []
            if len(texts) > 1:  # which of the orders, as typed
                lines.insert(0, Msg(refused.code, {"line": refused.number, "text": refused.text}))
            raise Refused.saying(*lines) from None
        after, updates = await core.commit(match, referee.step_events(steps), states=referee.step_states(steps))
    mover = actor.name if autopilot_seat is None else after.name_of(seat)
    lines = announce.step_lines(after, steps, mover)
    if autopilot_seat is not None:  # every move the computer plays on a person's seat says so
        lines.insert(0, Msg("teams.computer_plays_for", {"player": mover}))
    lines += presenter.seals_published(match, after)
    # The board and the private views are drawn at the same time, in worker threads.
    post, dms = await asyncio.gather(announce.ending_post(core, after, lines, updates, before=match),
                                     announce.turn_dms(core, match, after, seat))
    dms = [*announce.summary_posts(after, steps), *dms]
    if any(step.event.secret for step in steps):
        # Only the mover sees what they chose (ephemeral); the channel hears that they moved.
        confirm = reply(actor.language, *(Msg("core.secret_move_recorded", {"move": step.event.text}) for step in steps))
        return [confirm, post, *dms]
    return [announce.as_reply(post), *dms]


async def orders(core: Core, place: Place, actor: Actor, text: str, match_id: int | None) -> list[Delivery]:
    """``/orders``: one per line, or separated by ``;``."""
    lines = [line.strip() for line in text.replace(";", "\n").splitlines() if line.strip()]
    if not lines:
        raise Refused("core.orders_empty")
    if match_id is None:
        return await submit(core, actor, lines, place=place)
    return await submit(core, actor, lines, match_id=match_id, pressed=Pressed(place.guild_id))


def orders_returned(answer: list[Delivery], text: str) -> list[Delivery]:
    """Orders that were not played (only the player was answered) go back to them, as typed."""
    if answer and all(isinstance(d.target, Reply) and d.target.ephemeral for d in answer):
        last = answer[-1]
        back = replace(
            last,
            lines=(*last.lines, Msg("core.orders_returned", {"file": ORDERS_FILE})),
            attachments=(*last.attachments, Attachment(ORDERS_FILE, text.encode("utf-8"))),
        )
        return [*answer[:-1], back]
    return answer


async def standing_orders(core: Core, place: Place, actor: Actor, text: str) -> list[Delivery]:
    """Set (or, without text, show) the actor's standing orders in the live match here."""
    await core.seen(actor)
    steps: list[Step] = []
    async with access.seated(core, place, actor) as (match, seat):
        engine = match.engine
        if not offers.standing_orders(engine):
            raise access.not_offered(match, "core.no_standing_orders")
        orders = match.progress.orders.get(seat, {})
        after = match
        if text.strip():
            try:
                orders = engine.parse_standing_orders(text.strip(), match.state, seat, orders)
            except MoveError as error:
                raise Refused(error.code, presenter.seat_params(match, error.params)) from None
            event = OrdersEvent(seat=seat, text=text.strip(), orders=orders)
            # A question already waiting on this seat may be answered by the new order at once.
            steps, _ = referee.standing_steps(match.engine, match.state, {**match.progress.orders, seat: orders},
                                              match.row.seed, match.progress.draw_index)
            after, updates = await core.commit(match, [event, *referee.step_events(steps)],
                                               states=[match.state, *referee.step_states(steps)])
    shown = [
        Msg(code, presenter.seat_params(after, params))
        for code, params in engine.describe_standing_orders(after.state, seat, orders)
    ]
    head = Msg(f"{match.row.game}.standing_orders_head", {"player": actor.name})
    if not steps:
        return [reply(actor.language, head, *shown, ephemeral=not text.strip())]
    lines = [head, *shown, *announce.step_lines(after, steps, actor.name)]
    post, dms = await asyncio.gather(announce.ending_post(core, after, lines, updates), announce.turn_dms(core, match, after))
    return [announce.as_reply(post), *announce.summary_posts(after, steps), *dms]

