"""Move buttons through the real discord.py: the toy game ``toy_bombs`` offers ``roll`` and ``pass``."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest_asyncio

from engines import registry as engines
from render import registry as renderers
from tests.bot.toy_bombs import ToyBombs, render_toy_bombs
from tests.bot_discord.conftest import BotWorld
from tests.fakediscord import payloads as P
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


def texts(message) -> list[str]:
    """The move texts of the move buttons on ``message`` (``scheids:move:<match>:<seq>:<text>``)."""
    return [custom_id.split(":", 4)[-1] for custom_id in buttons(message) if custom_id.startswith("scheids:move:")]


def button_id(message, text: str) -> str:
    """The custom_id of the move button ``text`` on ``message``."""
    (found,) = [c for c in buttons(message) if c.startswith("scheids:move:") and c.split(":", 4)[-1] == text]
    return found


async def test_an_old_button_is_refused_as_out_of_date_and_taken_off_its_message(toy_world):
    world = toy_world
    h = world.h
    await h.slash("match create toy_bombs", {"opponent": h.bob}, user=h.alice)
    await h.slash("match join", user=h.bob)
    board = (await h.slash("match start", user=h.alice)).reply
    roll = button_id(board, "roll")
    await h.slash("move", {"text": "roll"}, user=h.alice)  # played by command: the board's button is now old
    stale = await h.click(roll, board, user=h.alice)  # the board still shows it
    assert stale.reply.ephemeral and "This button is out of date" in stale.reply.content
    assert world.fake.message(board.id).components == []  # the bot took the old buttons off the board
    match = await world.bot.services.matches.book.load(1)
    assert match.progress.moves == 1


async def test_a_button_of_an_old_version_without_its_state_is_refused_as_out_of_date(toy_world):
    world = toy_world
    h = world.h
    await h.slash("match create toy_bombs", {"opponent": h.bob}, user=h.alice)
    await h.slash("match join", user=h.bob)
    await h.slash("match start", user=h.alice)
    old = await h.click("scheids:move:1:roll", user=h.alice)  # the form buttons had before they named their state
    assert old.reply.ephemeral and "This button is out of date" in old.reply.content
    assert (await world.bot.services.matches.book.load(1)).progress.moves == 0


async def test_a_button_pressed_in_another_server_is_refused(toy_world):
    world = toy_world
    h = world.h
    await h.slash("match create toy_bombs", {"opponent": h.bob}, user=h.alice)
    await h.slash("match join", user=h.bob)
    board = (await h.slash("match start", user=h.alice)).reply
    other = world.fake.add_guild(P.guild("Elsewhere", id=424242424242424242))
    channel = world.fake.add_channel(P.text_channel(other["id"], "lobby", id=434343434343434343), guild_id=other["id"])
    h.register_guild(other)
    copied = dict(board.to_payload(), channel_id=channel["id"], guild_id=other["id"])
    pressed = await h.click(button_id(board, "roll"), copied, user=h.alice, channel=channel)
    assert pressed.reply.ephemeral and "belongs to no match I know" in pressed.reply.content
    view = await h.click("scheids:view:1", copied, user=h.alice, channel=channel)
    assert "belongs to no match I know" in view.reply.content and not view.reply.attachments
    assert (await world.bot.services.matches.book.load(1)).progress.moves == 0


async def test_a_double_press_of_end_ends_one_step_only(world):
    """Axis & Allies: the tech step's "end" pressed twice ends the tech step, not the purchase after it."""
    h = world.h
    await h.slash("match create axis_allies", {"opponent": h.bob}, user=h.alice)
    await h.slash("match join", user=h.bob)
    board = (await h.slash("match start", user=h.alice)).reply
    end, as_shown = button_id(board, "end"), board.to_payload()  # both presses reach Discord before any edit
    first = await h.click(end, as_shown, user=h.alice)
    assert "played `end`" in first.reply.content
    second = await h.click(end, as_shown, user=h.alice)
    assert second.reply.ephemeral and "This button is out of date" in second.reply.content
    match = await world.bot.services.matches.book.load(1)
    assert match.progress.moves == 1 and match.state.phase == "purchase"


async def test_a_move_button_plays_for_the_seat_to_act_also_after_a_restart(toy_world):
    world = toy_world
    h = world.h
    await h.slash("match create toy_bombs", {"opponent": h.bob}, user=h.alice)
    await h.slash("match join", user=h.bob)
    board = (await h.slash("match start", user=h.alice)).reply
    assert "Sealed: bomb, SHA-256 `" in board.content

    seq = world.bot.services.matches.book
    roll = button_id(board, "roll")
    assert buttons(board) == {roll: "toy_bombs.button_roll", "scheids:view:1": "View my pieces"}
    assert roll == f"scheids:move:1:{(await seq.load(1)).progress.seq}:roll"  # the state it was made for

    wrong = await h.click(roll, board, user=h.bob)
    assert wrong.reply.ephemeral and "not your turn" in wrong.reply.content
    rolled = await h.click(roll, board, user=h.alice)
    assert "played `roll`" in rolled.reply.content and not rolled.reply.ephemeral
    assert rolled.reply.attachments and "pass" in texts(rolled.reply)
    pass_id = button_id(rolled.reply, "pass")
    as_shown = rolled.reply.to_payload()  # pressed twice before the bot took the button off

    h = await world.restart()
    passed = await h.click(pass_id, as_shown, user=h.alice)
    assert "played `pass`" in passed.reply.content and not passed.reply.ephemeral
    assert "roll" in texts(passed.reply)
    assert world.fake.message(rolled.reply.id).components == []  # taken off once played
    again = await h.click(pass_id, as_shown, user=h.alice)  # the second press of the two
    assert again.reply.ephemeral and "out of date" in again.reply.content
    match = await world.bot.services.matches.book.load(1)
    assert match.progress.moves == 2 and match.state.to_move == 1
    assert not world.fake.unhandled


async def test_a_menu_of_an_old_version_without_its_state_is_refused_as_out_of_date(world):
    h = world.h
    old = await h.select("scheids:choose:1", ["lose 1 inf"], user=h.alice)
    assert old.reply.ephemeral and "This button is out of date" in old.reply.content
