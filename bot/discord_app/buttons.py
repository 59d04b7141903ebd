"""Persistent buttons: the match id lives in the custom_id, so they work after a restart.

``DynamicItem`` (discord.py 2.4+) rebuilds the button from its custom_id on every click,
so nothing about them is kept in memory; ``client.add_dynamic_items`` registers them.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import discord

from bot.discord_app.cogs import answer
from bot.discord_app.people import actor_of
from bot.i18n import Msg, catalog
from bot.services.delivery import Button

if TYPE_CHECKING:
    from bot.discord_app.client import ScheidsBot


class ViewPiecesButton(discord.ui.DynamicItem[discord.ui.Button], template=r"scheids:view:(?P<match>\d+)"):
    def __init__(self, match_id: int, label: str = "View my pieces") -> None:
        super().__init__(
            discord.ui.Button(
                label=label, style=discord.ButtonStyle.secondary, custom_id=f"scheids:view:{match_id}", emoji="👁"
            )
        )
        self.match_id = match_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]) -> Any:
        return cls(int(match["match"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        bot: ScheidsBot = interaction.client  # type: ignore[assignment]
        deliveries = await bot.services.matches.my_view(actor_of(interaction), match_id=self.match_id)
        await bot.deliverer.deliver(deliveries, interaction)


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
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]) -> Any:
        return cls(int(match["match"]), match["answer"] == "accept")

    async def callback(self, interaction: discord.Interaction) -> None:
        bot: ScheidsBot = interaction.client  # type: ignore[assignment]
        deliveries = await bot.services.matches.answer_draw(self.match_id, actor_of(interaction), self.accept)
        await bot.deliverer.deliver(deliveries, interaction)


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
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]) -> Any:
        return cls(int(match["match"]), match["text"])

    async def callback(self, interaction: discord.Interaction) -> None:
        bot: ScheidsBot = interaction.client  # type: ignore[assignment]
        # A move draws the board: ``answer`` defers when that takes long, like ``/move``.
        await answer(bot, interaction, bot.services.matches.submit_in(self.match_id, actor_of(interaction), self.text))


DYNAMIC_ITEMS = (ViewPiecesButton, DrawButton, MoveButton)


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
    return view
