"""Persistent buttons: the match id lives in the custom_id, so they work after a restart.

``DynamicItem`` (discord.py 2.4+) rebuilds the button from its custom_id on every click,
so nothing about them is kept in memory; ``client.add_dynamic_items`` registers them.
Every click goes through ``respond`` (deferred when slow, failures answered). A custom_id
whose match id no match can have (beyond SQLite's 64-bit ids), or any other ``scheids:``
custom_id we do not know, is answered too: "this button belongs to no match I know".
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from bot.discord_app.answering import BotHost, respond
from bot.discord_app.people import actor_of
from bot.i18n import Msg, catalog
from bot.services.delivery import Button, Delivery, reply

MAX_MATCH_ID = 2**63 - 1
"""The largest id storage can hold: a larger one in a custom_id names no match."""


def known_match(match_id: int) -> bool:
    return 0 < match_id <= MAX_MATCH_ID


async def unknown_match(interaction: discord.Interaction) -> list[Delivery]:
    return [reply(actor_of(interaction).language, Msg("core.unknown_match_button"))]


async def respond_in_match(
    interaction: discord.Interaction, match_id: int, act: Callable[[BotHost], Awaitable[list[Delivery]]]
) -> None:
    """Answer a button of match ``match_id`` through the one answering path; an id no match can
    have (a mangled custom_id) is answered as such instead of reaching storage."""
    bot: BotHost = interaction.client  # type: ignore[assignment]
    if not known_match(match_id):
        await respond(bot, interaction, lambda: unknown_match(interaction))
        return
    await respond(bot, interaction, lambda: act(bot))


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
        await respond_in_match(interaction, self.match_id, lambda bot: bot.services.matches.my_view(actor_of(interaction), match_id=self.match_id))


class DrawButton(
    discord.ui.DynamicItem[discord.ui.Button], template=r"scheids:draw:(?P<answer>accept|decline):(?P<match>\d+)"
):
    def __init__(self, match_id: int, accept: bool, label: str | None = None) -> None:
        answer = "accept" if accept else "decline"
        super().__init__(
            discord.ui.Button(
                label=label or answer,
                style=discord.ButtonStyle.success if accept else discord.ButtonStyle.danger,
                custom_id=f"scheids:draw:{answer}:{match_id}",
            )
        )
        self.match_id = match_id
        self.accept = accept

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]) -> Any:
        return cls(int(match["match"]), match["answer"] == "accept")

    async def callback(self, interaction: discord.Interaction) -> None:
        await respond_in_match(interaction, self.match_id, lambda bot: bot.services.matches.answer_draw(self.match_id, actor_of(interaction), self.accept))


class MoveButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"scheids:move:(?P<match>\d+):(?P<text>[a-z0-9 _-]{1,60})",
):
    """An obvious next move (``ButtonGame``): a click submits the text for whoever clicked, in
    the match named by the custom_id (not whatever is live in the channel by then)."""

    def __init__(self, match_id: int, text: str, label: str | None = None) -> None:
        super().__init__(
            discord.ui.Button(
                label=(label or text)[:80], style=discord.ButtonStyle.primary, custom_id=f"scheids:move:{match_id}:{text}"
            )
        )
        self.match_id = match_id
        self.text = text

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]) -> Any:
        return cls(int(match["match"]), match["text"])

    async def callback(self, interaction: discord.Interaction) -> None:
        # A move draws the board: ``respond`` defers when that takes long, like ``/move``.
        await respond_in_match(interaction, self.match_id, lambda bot: bot.services.matches.submit_in(self.match_id, actor_of(interaction), self.text))


class ChooseMenu(discord.ui.DynamicItem[discord.ui.Select], template=r"scheids:choose:(?P<match>\d+)"):
    """A select menu of the legal answers to a question (``ChoosingGame``: a battle's casualties):
    the choice is submitted as the chooser's move in the match of the custom_id. The options
    travel in the message, so it works after a restart too."""

    def __init__(self, match_id: int, options: tuple[str, ...], placeholder: str = "") -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"scheids:choose:{match_id}",
                placeholder=placeholder[:150] or None,
                options=[discord.SelectOption(label=text[:100], value=text[:100]) for text in options],
            )
        )
        self.match_id = match_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]) -> Any:
        options = item.options if isinstance(item, discord.ui.Select) else []
        return cls(int(match["match"]), tuple(option.value for option in options) or ("-",))

    async def callback(self, interaction: discord.Interaction) -> None:
        data: dict[str, Any] = dict(interaction.data or {})
        text = str((data.get("values") or [""])[0])
        await respond_in_match(interaction, self.match_id, lambda bot: bot.services.matches.submit_in(self.match_id, actor_of(interaction), text))


class UnknownButton(
    discord.ui.DynamicItem[discord.ui.Button],
    # every scheids: custom_id that none of the buttons above takes (they would all be dispatched)
    template=(
        r"(?!scheids:view:\d+$)(?!scheids:draw:(?:accept|decline):\d+$)(?!scheids:move:\d+:[a-z0-9 _-]{1,60}$)"
        r"(?!scheids:choose:\d+$)(?!scheids:orders$)scheids:.*"
    ),
):
    """A ``scheids:`` button of no known form (an older version, a mangled id): answered, not ignored."""

    def __init__(self, custom_id: str = "scheids:unknown") -> None:
        super().__init__(discord.ui.Button(label="?", custom_id=custom_id))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]) -> Any:
        return cls(match.string)

    async def callback(self, interaction: discord.Interaction) -> None:
        bot: BotHost = interaction.client  # type: ignore[assignment]
        await respond(bot, interaction, lambda: unknown_match(interaction))


DYNAMIC_ITEMS = (ViewPiecesButton, DrawButton, MoveButton, ChooseMenu, UnknownButton)


def view_for(buttons: tuple[Button, ...], language: str) -> discord.ui.View | None:
    """A view (timeout=None) holding the services' buttons, labelled in ``language``."""
    if not buttons:
        return None
    words = catalog()
    view = discord.ui.View(timeout=None)
    for button in buttons:
        if button.kind == "view_pieces":
            view.add_item(ViewPiecesButton(button.match_id, words.render(Msg("core.button_view"), language)))
        elif button.kind == "draw_accept":
            view.add_item(DrawButton(button.match_id, True, words.render(Msg("core.button_draw_accept"), language)))
        elif button.kind == "draw_decline":
            view.add_item(DrawButton(button.match_id, False, words.render(Msg("core.button_draw_decline"), language)))
        elif button.kind == "move":
            view.add_item(MoveButton(button.match_id, button.text, words.render(Msg(button.label), language)))
        elif button.kind == "choose":
            view.add_item(ChooseMenu(button.match_id, button.options, words.render(Msg(button.label), language)))
    return view
