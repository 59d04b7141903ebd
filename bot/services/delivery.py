"""What the services hand to an adapter to deliver: neutral of Discord and of the console.

A service call returns a list of ``Delivery``. Text is a list of ``Msg`` (worded by the
adapter in ``language``); ``datetime`` parameters are formatted by the adapter too
(Discord shows ``<t:…:R>``). Adapters send every text with mentions disabled.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from typing import Literal

from bot.i18n import Msg

ButtonKind = Literal[
    "view_pieces", "draw_accept", "draw_decline", "move", "choose", "replay", "rematch", "league_join",
    "team_takeover", "team_computer", "team_concede", "team_substitute",
]

NONCE_MAX = 20
"""A delivery's nonce leaves Discord's 25 characters room for the adapter to number a long post's parts."""

MOVE_BUTTON_TEXT = re.compile(r"[a-z0-9 _-]{1,60}")
"""What a move button may submit: it lives in the Discord custom_id (at most 100 characters)."""


def nonce(*parts: object) -> str:
    """A delivery's nonce made of ``parts`` (ids and a kind): the same parts, the same nonce; at
    most ``NONCE_MAX`` characters (a digest of them where the text would be longer)."""
    text = "s" + ".".join(str(part) for part in parts)
    return text if len(text) <= NONCE_MAX else hashlib.blake2b(text.encode(), digest_size=10).hexdigest()


@dataclass(frozen=True)
class ChannelRef:
    """A channel or thread named in a text; Discord shows it as a link, the console as #id."""

    channel_id: str
    guild_id: str | None = None


@dataclass(frozen=True)
class Attachment:
    filename: str
    data: bytes


@dataclass(frozen=True)
class Button:
    """A button bound to a match; adapters make it persistent (it works after a restart)."""

    kind: ButtonKind
    match_id: int
    """The match it acts in; for ``league_join`` (a league's sign-up), the league's id."""
    text: str = ""
    """For ``move``: the move text a press submits (``MOVE_BUTTON_TEXT``); for ``replay``: which
    step (``first``, ``back``, ``next``, ``last``)."""
    label: str = ""
    """For ``move``: the message code of the label (the other kinds have fixed labels); for
    ``choose``: of the menu's placeholder."""
    options: tuple[str, ...] = ()
    """For ``choose`` (a select menu): the move texts to choose from; choosing one submits it."""
    seq: int = 0
    """For ``move``, ``choose`` and the draw answers: the match's event sequence the button was
    made for; a press once the match has moved on is refused as out of date. For ``replay``: the
    position the press shows."""


@dataclass(frozen=True)
class Reply:
    """The answer to the user who acted (an interaction reply, or the console's echo)."""

    ephemeral: bool = True
    in_place: bool = False
    """Replace the message whose button was pressed (a replay stepper steps in its own message)
    where the adapter can; else a new reply."""


@dataclass(frozen=True)
class ChannelPost:
    channel_id: str
    ping: str | None = None
    """A user this post pings (mentions so they are notified): only a notice they asked to get
    that way (``/notify how:ping``); every other post pings nobody."""


@dataclass(frozen=True)
class DirectMessage:
    user_id: str
    match_id: int
    """When the DM is refused the adapter calls ``MatchService.dm_refused(match_id, user_id)``."""


Target = Reply | ChannelPost | DirectMessage


@dataclass(frozen=True)
class Delivery:
    target: Target
    lines: tuple[Msg, ...]
    language: str
    attachments: tuple[Attachment, ...] = ()
    buttons: tuple[Button, ...] = ()
    page: tuple[int, int] | None = None
    """(page, pages) for paged listings."""
    nonce: str | None = None
    """The same key every time this one post is made (at most ``NONCE_MAX`` characters): a post
    told again after a restart is not shown twice where the adapter can tell (Discord makes one
    message of two with the same nonce a few minutes apart); the console prints it again."""


def reply(language: str, *lines: Msg, ephemeral: bool = True, **kwargs) -> Delivery:
    """A reply to the acting user (ephemeral unless said otherwise)."""
    return Delivery(Reply(ephemeral), tuple(lines), language, **kwargs)
