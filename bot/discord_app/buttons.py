"""Persistent buttons: the match id lives in the custom_id, so they work after a restart.

``DynamicItem`` (discord.py 2.4+) rebuilds the button from its custom_id on every click,
so nothing about them is kept in memory; ``client.add_dynamic_items`` registers them.
Every click goes through ``respond`` (deferred when slow, failures answered). A custom_id
whose match id no match can have (beyond SQLite's 64-bit ids), or any other ``scheids:``
custom_id we do not know, is answered too: "this button belongs to no match I know".

A button that plays (a move, a menu's answer, a draw answer) names the state it was made for:
``scheids:move:<match>:<seq>:<text>``, ``scheids:choose:<match>:<seq>``,
``scheids:draw:<answer>:<match>:<seq>`` (``seq``: the match's event sequence, as the long
suggestions' tokens carry it). Pressed once the match has moved on (an old board, a second quick
press) it is refused as out of date and taken off its message when the bot can edit it; the forms
of older versions, which named no state, are refused so too. Any button works only in its match's
server. ``View my pieces`` plays nothing and names no state: it shows the pieces of now.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from bot.discord_app.answering import BotHost, respond
from bot.discord_app.people import actor_of
from bot.i18n import Msg, catalog
from bot.services.delivery import Button, Delivery, reply
from bot.services.matches import Pressed

log = logging.getLogger(__name__)

CUSTOM_ID_LIMIT = 100
"""Discord's limit of a component's custom_id."""
MAX_MATCH_ID = 2**63 - 1
"""The largest id storage can hold: a larger one in a custom_id names no match."""


def known_match(match_id: int) -> bool:
    return 0 < match_id <= MAX_MATCH_ID


async def unknown_match(interaction: discord.Interaction) -> list[Delivery]:
    return [reply(actor_of(interaction).language, Msg("core.unknown_match_button"))]


async def outdated(interaction: discord.Interaction) -> list[Delivery]:
    return [reply(actor_of(interaction).language, Msg("core.button_outdated"))]


def pressed_at(interaction: discord.Interaction, seq: int | None = None) -> Pressed:
    """Where the button was pressed (its server) and the state it names."""
    return Pressed(str(interaction.guild_id) if interaction.guild_id is not None else None, seq)


async def respond_in_match(
    interaction: discord.Interaction,
    match_id: int,
    act: Callable[[BotHost], Awaitable[list[Delivery]]],
    still_current: Callable[[BotHost], Awaitable[bool]] | None = None,
    *,
    updates: bool = False,
) -> None:
    """Answer a button of match ``match_id`` through the one answering path; an id no match can
    have (a mangled custom_id) is answered as such instead of reaching storage. Afterwards, a
    button that ``still_current`` says can no longer be pressed is taken off its message.
    ``updates``: the answer replaces the button's own message (``respond``)."""
    bot: BotHost = interaction.client  # type: ignore[assignment]
    if not known_match(match_id):
        await respond(bot, interaction, lambda: unknown_match(interaction))
        return
    await respond(bot, interaction, lambda: act(bot), updates=updates)
    if still_current is not None:
        try:
            current = await still_current(bot)
        except Exception:  # the answer is given; a failed look only leaves old buttons in place
            log.exception("could not tell whether the buttons of match %s are current", match_id)
            return
        if not current:
            await take_off_buttons(interaction)


async def take_off_buttons(interaction: discord.Interaction) -> None:
    """Remove the components of the message a pressed button sits on, when it is the bot's own
    message in a channel (an ephemeral one cannot be edited this way)."""
    message = interaction.message
    me = interaction.client.user
    if message is None or not message.components or message.flags.ephemeral or me is None or message.author.id != me.id:
        return
    try:
        await message.edit(view=None)
    except discord.HTTPException as error:
        log.info("could not take the old buttons off message %s: %s", message.id, error)


class ViewPiecesButton(discord.ui.DynamicItem[discord.ui.Button], template=r"scheids:view:(?P<match>\d+)"):
    def __init__(self, match_id: int, label: str = "View my pieces") -> None:
        super().__init__(
            discord.ui.Button(
                label=label, style=discord.ButtonStyle.secondary, custom_id=f"scheids:view:{match_id}", emoji="👁"
            )
        )
        self.match_id = match_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]) -> Any:
        return cls(int(match["match"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await respond_in_match(
            interaction, self.match_id,
            lambda bot: bot.services.matches.my_view(actor_of(interaction), match_id=self.match_id, pressed=pressed_at(interaction)),
        )


class DrawButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"scheids:draw:(?P<answer>accept|decline):(?P<match>\d+):(?P<seq>\d{1,15})",
):
    """Accept or decline the draw offer made at event ``seq``."""

    def __init__(self, match_id: int, accept: bool, seq: int, label: str | None = None) -> None:
        answer = "accept" if accept else "decline"
        super().__init__(
            discord.ui.Button(
                label=label or answer,
                style=discord.ButtonStyle.success if accept else discord.ButtonStyle.danger,
                custom_id=f"scheids:draw:{answer}:{match_id}:{seq}",
            )
        )
        self.match_id = match_id
        self.accept = accept
        self.seq = seq

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]) -> Any:
        return cls(int(match["match"]), match["answer"] == "accept", int(match["seq"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await respond_in_match(
            interaction, self.match_id,
            lambda bot: bot.services.matches.answer_draw(
                self.match_id, actor_of(interaction), self.accept, pressed_at(interaction, self.seq)
            ),
            lambda bot: bot.services.matches.draw_offer_open(self.match_id, self.seq),
        )


class MoveButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"scheids:move:(?P<match>\d+):(?P<seq>\d{1,15}):(?P<text>[a-z0-9 _-]{1,60})",
):
    """An obvious next move (``ButtonGame``): a click submits the text for whoever clicked, in
    the match named by the custom_id (not whatever is live in the channel by then), if the match
    is still at event ``seq``."""

    def __init__(self, match_id: int, seq: int, text: str, label: str | None = None) -> None:
        super().__init__(
            discord.ui.Button(
                label=(label or text)[:80], style=discord.ButtonStyle.primary,
                custom_id=f"scheids:move:{match_id}:{seq}:{text}",
            )
        )
        self.match_id = match_id
        self.seq = seq
        self.text = text

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]) -> Any:
        return cls(int(match["match"]), int(match["seq"]), match["text"])

    async def callback(self, interaction: discord.Interaction) -> None:
        # A move draws the board: ``respond`` defers when that takes long, like ``/move``.
        await respond_in_match(
            interaction, self.match_id,
            lambda bot: bot.services.matches.submit_in(
                self.match_id, actor_of(interaction), self.text, pressed_at(interaction, self.seq)
            ),
            lambda bot: bot.services.matches.button_current(self.match_id, self.seq),
        )


class ChooseMenu(discord.ui.DynamicItem[discord.ui.Select], template=r"scheids:choose:(?P<match>\d+):(?P<seq>\d{1,15})"):
    """A select menu of the legal answers to a question (``ChoosingGame``: a battle's casualties):
    the choice is submitted as the chooser's move in the match of the custom_id, if it is still at
    event ``seq``. The options travel in the message, so it works after a restart too."""

    def __init__(self, match_id: int, seq: int, options: tuple[str, ...], placeholder: str = "") -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"scheids:choose:{match_id}:{seq}",
                placeholder=placeholder[:150] or None,
                options=[discord.SelectOption(label=text[:100], value=text[:100]) for text in options],
            )
        )
        self.match_id = match_id
        self.seq = seq

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]) -> Any:
        options = item.options if isinstance(item, discord.ui.Select) else []
        return cls(int(match["match"]), int(match["seq"]), tuple(option.value for option in options) or ("-",))

    async def callback(self, interaction: discord.Interaction) -> None:
        data: dict[str, Any] = dict(interaction.data or {})
        text = str((data.get("values") or [""])[0])
        await respond_in_match(
            interaction, self.match_id,
            lambda bot: bot.services.matches.submit_in(self.match_id, actor_of(interaction), text, pressed_at(interaction, self.seq)),
            lambda bot: bot.services.matches.button_current(self.match_id, self.seq),
        )


class ReplayButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"scheids:replay:(?P<match>\d+):(?P<pos>\d{1,15}):(?P<which>first|back|next|last)",
):
    """A replay stepper's button: shows the public board of the match at position ``pos`` (after
    that many moves), privately, in place of the message it sits on (the stepper steps in its own
    message; a slow answer defers as an update of it); ``which`` keeps the four buttons of one
    message apart."""

    def __init__(self, match_id: int, position: int, which: str, label: str | None = None) -> None:
        super().__init__(
            discord.ui.Button(
                label=(label or which)[:80], style=discord.ButtonStyle.secondary,
                custom_id=f"scheids:replay:{match_id}:{position}:{which}",
            )
        )
        self.match_id = match_id
        self.position = position

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]) -> Any:
        return cls(int(match["match"]), int(match["pos"]), match["which"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await respond_in_match(
            interaction, self.match_id,
            lambda bot: bot.services.matches.replay_step(self.match_id, actor_of(interaction), self.position, pressed_at(interaction)),
            updates=True,
        )


class RematchButton(discord.ui.DynamicItem[discord.ui.Button], template=r"scheids:rematch:(?P<match>\d+)"):
    """On a finished match's last post: each player's press accepts the rematch."""

    def __init__(self, match_id: int, label: str = "Rematch") -> None:
        super().__init__(
            discord.ui.Button(label=label[:80], style=discord.ButtonStyle.success, custom_id=f"scheids:rematch:{match_id}")
        )
        self.match_id = match_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]) -> Any:
        return cls(int(match["match"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await respond_in_match(
            interaction, self.match_id,
            lambda bot: bot.services.matches.rematch(self.match_id, actor_of(interaction), pressed_at(interaction)),
        )


class LeagueJoinButton(discord.ui.DynamicItem[discord.ui.Button], template=r"scheids:league:join:(?P<league>\d{1,19})"):
    """A league's sign-up: a click signs up whoever clicked, while the league takes sign-ups."""

    def __init__(self, league_id: int, label: str = "Sign up") -> None:
        super().__init__(
            discord.ui.Button(label=label, style=discord.ButtonStyle.success, custom_id=f"scheids:league:join:{league_id}")
        )
        self.league_id = league_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]) -> Any:
        return cls(int(match["league"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        bot: BotHost = interaction.client  # type: ignore[assignment]
        await respond(bot, interaction, lambda: bot.services.leagues.join(self.league_id, actor_of(interaction)))


OLD_FORMS = r"scheids:(?:move:\d+:[a-z0-9 _-]{1,60}|choose:\d+|draw:(?:accept|decline):\d+)"
"""The custom_ids of versions whose buttons named no state."""


class OldButton(discord.ui.DynamicItem[discord.ui.Button], template=OLD_FORMS):
    """A button (or menu) of an older version, made before buttons named their state: nothing can
    tell whether the match is still where it was, so it is refused as out of date and taken off."""

    def __init__(self, custom_id: str = "scheids:move:0:-") -> None:
        super().__init__(discord.ui.Button(label="?", custom_id=custom_id))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]) -> Any:
        return cls(match.string)

    async def callback(self, interaction: discord.Interaction) -> None:
        bot: BotHost = interaction.client  # type: ignore[assignment]
        await respond(bot, interaction, lambda: outdated(interaction))
        await take_off_buttons(interaction)


class UnknownButton(
    discord.ui.DynamicItem[discord.ui.Button],
    # every scheids: custom_id that none of the items above takes (they would all be dispatched)
    template=(
        r"(?!scheids:view:\d+$)(?!scheids:draw:(?:accept|decline):\d+:\d{1,15}$)"
        r"(?!scheids:move:\d+:\d{1,15}:[a-z0-9 _-]{1,60}$)(?!scheids:choose:\d+:\d{1,15}$)"
        r"(?!scheids:replay:\d+:\d{1,15}:(?:first|back|next|last)$)(?!scheids:rematch:\d+$)"
        r"(?!" + OLD_FORMS + r"$)(?!scheids:orders)(?!scheids:settings:)(?!scheids:league:join:\d{1,19}$)"
        r"(?!scheids:team:(?:takeover|computer|concede):\d+:\d{1,15}$)(?!scheids:sub:\d+:\d{1,15}:\d{1,2}:\d{1,20}$)"
        r"scheids:.*"
    ),
):
    """A ``scheids:`` button of no known form (a mangled id): answered, not ignored."""

    def __init__(self, custom_id: str = "scheids:unknown") -> None:
        super().__init__(discord.ui.Button(label="?", custom_id=custom_id))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]) -> Any:
        return cls(match.string)

    async def callback(self, interaction: discord.Interaction) -> None:
        bot: BotHost = interaction.client  # type: ignore[assignment]
        await respond(bot, interaction, lambda: unknown_match(interaction))


DYNAMIC_ITEMS = (
    ViewPiecesButton, DrawButton, MoveButton, ChooseMenu, ReplayButton, RematchButton, LeagueJoinButton, OldButton, UnknownButton,
)
MORE_ITEMS: dict[str, Callable[[Button, str], discord.ui.DynamicItem[discord.ui.Button]]] = {}
"""Button kinds another module makes into Discord items (``teams_cog``: a team's choice and a
substitute's acceptance), by kind; that module registers them here when it is imported."""


def view_for(buttons: tuple[Button, ...], language: str) -> discord.ui.View | None:
    """A view (timeout=None) holding the services' buttons, labelled in ``language``."""
    if not buttons:
        return None
    words = catalog()
    view = discord.ui.View(timeout=None)
    for button in buttons:
        item: discord.ui.Item[Any]
        if button.kind == "view_pieces":
            item = ViewPiecesButton(button.match_id, words.render(Msg("core.button_view"), language))
        elif button.kind in ("draw_accept", "draw_decline"):
            accept = button.kind == "draw_accept"
            label = words.render(Msg("core.button_draw_accept" if accept else "core.button_draw_decline"), language)
            item = DrawButton(button.match_id, accept, button.seq, label)
        elif button.kind == "replay":
            item = ReplayButton(button.match_id, button.seq, button.text, words.render(Msg(button.label), language))
        elif button.kind == "rematch":
            item = RematchButton(button.match_id, words.render(Msg(button.label), language))
        elif button.kind == "league_join":
            item = LeagueJoinButton(button.match_id, words.render(Msg("league.button_join"), language))
        elif button.kind in MORE_ITEMS:
            item = MORE_ITEMS[button.kind](button, language)
        elif button.kind == "move":
            item = MoveButton(button.match_id, button.seq, button.text, words.render(Msg(button.label), language))
        else:
            item = ChooseMenu(button.match_id, button.seq, button.options, words.render(Msg(button.label), language))
        if len(item.custom_id) > CUSTOM_ID_LIMIT:
            # Only a move text near its 60 characters in a match of a huge id could: typing it still works.
            log.warning("button %r left out: its custom_id is longer than Discord allows", item.custom_id)
            continue
        view.add_item(item)
    return view
