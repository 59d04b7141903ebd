"""Move buttons through the real discord.py: the toy game ``toy_bombs`` offers ``roll`` and ``pass``."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest_asyncio

from engines import registry as engines
from render import registry as renderers
from tests.bot.toy_bombs import ToyBombs, render_toy_bombs
from tests.bot_discord.conftest import BotWorld
from tests.fakediscord.fixtures import fake_discord  # noqa: F401  (fixture)


@pytest_asyncio.fixture
async def toy_world(fake_discord, tmp_path, monkeypatch) -> AsyncIterator[BotWorld]:  # noqa: F811
    """A bot that knows ``toy_bombs`` (registered before it builds its commands)."""
    monkeypatch.setitem(engines.ENGINES, "toy_bombs", ToyBombs())
    monkeypatch.setitem(renderers.RENDERERS, "toy_bombs", render_toy_bombs)
    world = BotWorld(fake_discord, str(tmp_path / "scheids.sqlite3"))
    await world.start()
    yield world
    await world.stop()


def buttons(message) -> dict[str, str]:
    """custom_id -> label of every button on ``message``."""
    return {c["custom_id"]: c.get("label", "") for row in message.components for c in row.get("components", [])}


async def test_a_move_button_plays_for_the_seat_to_act_also_after_a_restart(toy_world):
    world = toy_world
    h = world.h
    await h.slash("match create toy_bombs", {"opponent": h.bob}, user=h.alice)
    await h.slash("match join", user=h.bob)
    board = (await h.slash("match start", user=h.alice)).reply
    assert "Sealed: bomb, SHA-256 `" in board.content
    assert buttons(board) == {"scheids:move:1:roll": "toy_bombs.button_roll", "scheids:view:1": "View my pieces"}

    wrong = await h.click("scheids:move:1:roll", board, user=h.bob)
    assert wrong.reply.ephemeral and "not your turn" in wrong.reply.content
    rolled = await h.click("scheids:move:1:roll", board, user=h.alice)
    assert "played `roll`" in rolled.reply.content and not rolled.reply.ephemeral
    assert rolled.reply.attachments and "scheids:move:1:pass" in buttons(rolled.reply)

    h = await world.restart()
    passed = await h.click("scheids:move:1:pass", rolled.reply, user=h.alice)
    assert "played `pass`" in passed.reply.content and not passed.reply.ephemeral
    assert "scheids:move:1:roll" in buttons(passed.reply)
    again = await h.click("scheids:move:1:pass", rolled.reply, user=h.alice)  # a stale button
    assert again.reply.ephemeral and "not your turn" in again.reply.content
    match = await world.bot.services.matches.book.load(1)
    assert match.progress.moves == 2 and match.state.to_move == 1
    assert not world.fake.unhandled
