"""How a command that does not go through is answered: one refusal type raised by the guards and
worded in one place (``answered``), with the database's failures and a write that came too late."""

from __future__ import annotations

import functools
import inspect
import logging
from collections.abc import Awaitable, Callable
from datetime import datetime
from typing import TYPE_CHECKING, Any, Concatenate, ParamSpec, TypeVar

from bot.i18n import Msg
from bot.services.delivery import Delivery, reply
from bot.services.match import announce
from bot.services.people import Actor, Place
from bot.services.progress import Damage, LoadedMatch
from bot.storage.models import EndingUpdate
from bot.storage.repository import DamagedRecordError, OutdatedMatchError, StaleWriteError, StorageError

if TYPE_CHECKING:
    from bot.services.match.core import Core

P = ParamSpec("P")
CoreT = TypeVar("CoreT", bound="Core")

log = logging.getLogger(__name__)


class Refused(Exception):
    """A straight refusal: nothing changed, and the actor reads why (in their own language)."""

    def __init__(self, code: str, params: dict[str, Any] | None = None, *more: Msg) -> None:
        super().__init__(code)
        self.lines = (Msg(code, params or {}), *more)

    @classmethod
    def saying(cls, first: Msg, *more: Msg) -> Refused:
        return cls(first.key, first.params, *more)

    def answer(self, language: str) -> list[Delivery]:
        return [reply(language, *self.lines)]


class Late(Exception):
    """The command came after a seat's deadline: that seat's loss on time was recorded instead."""

    def __init__(self, after: LoadedMatch, updates: list[EndingUpdate], player: str, deadline: datetime | None) -> None:
        super().__init__(player)
        self.after, self.updates, self.player, self.deadline = after, updates, player, deadline


def answered(
    method: Callable[Concatenate[CoreT, P], Awaitable[list[Delivery]]],
) -> Callable[Concatenate[CoreT, P], Awaitable[list[Delivery]]]:
    """Answer instead of raising, in the language of the acting user: a refusal, a write another
    came before (nothing applied: try again), a command too late, a database that fails (busy,
    full, I/O) or a stored record found damaged. Failures are logged with the command and where and
    by whom it was given (``_where``), never its text: a move's text may be a secret setup."""

    signature = inspect.signature(method)

    @functools.wraps(method)
    async def answering(self: CoreT, *args: P.args, **kwargs: P.kwargs) -> list[Delivery]:
        language = language_of_actor(args, kwargs)
        try:
            return await method(self, *args, **kwargs)
        except ANSWERED as failure:
            return await failure_answer(self, failure, language, method.__name__, lambda: where_given(signature, args, kwargs))

    return answering


ANSWERED = (Refused, StaleWriteError, Late, StorageError, DamagedRecordError)
"""What a command answers instead of raising (``failure_answer``)."""


async def failure_answer(core: Core, failure: Exception, language: str, command: str, where: Callable[[], str]) -> list[Delivery]:
    """The answer to one of ``ANSWERED`` raised by ``command`` (the match service's ``answered``
    and the leagues' alike): a refusal, a write another came before, a command too late, a
    database that fails or a damaged record; the last two are logged with ``where`` it was given."""
    if isinstance(failure, Refused):
        return failure.answer(language)
    if isinstance(failure, StaleWriteError):
        return [reply(language, Msg("core.retry"))]
    if isinstance(failure, Late):
        post = await announce.ending_post(core, failure.after, [], failure.updates)
        return [reply(language, Msg("core.too_late", {"player": failure.player, "deadline": failure.deadline})), post]
    if isinstance(failure, StorageError):
        log.error("%s (%s) failed on the database: %s", command, where(), failure.detail)
        return [reply(language, Msg(failure.code))]
    if isinstance(failure, DamagedRecordError):
        log.error("%s (%s) met a damaged record: %s", command, where(), failure)
        return [reply(language, damaged_line(failure.match_id, Damage(failure.seq, failure.reason)))]
    raise failure


def _where(bound: dict[str, Any]) -> str:
    """The place, match and user among a command's (bound) arguments, for the log: no text
    argument (a move, orders, a name typed) ever goes in.

    >>> _where({"place": Place("g", "c", "en"), "actor": Actor("u", "U", "en"), "text": "setup f11223m"})
    'channel c, user u'
    >>> _where({"match_id": 7, "actor": Actor("u", "U", "en"), "accepted": True})
    'match 7, user u'
    """
    parts = []
    for name, value in bound.items():
        if isinstance(value, Place):
            parts.append(f"channel {value.channel_id}")
        elif isinstance(value, Actor):
            parts.append(f"{name if name != 'actor' else 'user'} {value.user_id}")
        elif name == "match_id" and value is not None:
            parts.append(f"match {value}")
    return ", ".join(parts) or "no place"


def where_given(signature: inspect.Signature, args: tuple[Any, ...], kwargs: dict[str, Any]) -> str:
    """``_where`` of a command's arguments as given (bound to its ``signature``)."""
    return _where(_bound(signature, args, kwargs))


def _bound(signature: inspect.Signature, args: tuple[Any, ...], kwargs: dict[str, Any]) -> dict[str, Any]:
    try:
        return dict(signature.bind_partial(None, *args, **kwargs).arguments)
    except TypeError:
        return {}


def language_of_actor(args: tuple[Any, ...], kwargs: dict[str, Any]) -> str:
    """The language of the acting user: the ``actor`` argument, else the first actor given."""
    for value in (kwargs.get("actor"), *args, *kwargs.values()):
        if isinstance(value, Actor):
            return value.language
    return "en"


def damaged_line(match_id: int, damage: Damage) -> Msg:
    """``Match #id is damaged at event N: why.``, with what can still be done."""
    if damage.reason == "row":
        return Msg("core.damaged_row", {"id": match_id, "fields": ", ".join(damage.fields)})
    return Msg("core.damaged", {"id": match_id, "seq": damage.seq, "reason": Msg(f"core.damage_{damage.reason}")})


def outdated_reply(error: OutdatedMatchError, language: str) -> list[Delivery]:
    """What adapters answer when a command meets a match of older rules."""
    params = {"id": error.match_id, "recorded": error.recorded, "current": error.current}
    return [reply(language, Msg("core.outdated_match", params))]

