"""Discord wants an interaction's first answer within 3 seconds: it must never wait on storage.
Storage is held (a gate, no time in it) until the fake Discord has the first answer or the window
has passed on its clock; then it goes on and the rest of the answer comes as usual."""

from __future__ import annotations

from bot.discord_app import answering, cogs
from bot.i18n import Msg, catalog
from tests.bot_discord.conftest import storage_held
from tests.fakediscord import payloads as P

GAMES_NONE = catalog().render(Msg("core.games_none"), "en")


async def test_a_command_in_dms_is_answered_in_time_while_storage_is_slow(world, monkeypatch):
    h = world.h
    monkeypatch.setattr(answering, "DEFER_AFTER", 0)
    async with storage_held(world, lambda: h.slash("games", user=h.dave, channel=h.dm_channel(h.dave))) as first:
        assert world.fake.answered_in_time(first) and first.response_type == 5  # deferred
    assert GAMES_NONE in world.fake.last_reply().content  # the answer itself, once storage went on


async def test_autocomplete_answers_within_its_budget_while_storage_is_slow(world, monkeypatch):
    h = world.h
    await h.slash("match create heroes_cities", {"opponent": h.bob}, user=h.alice)
    await h.slash("match join", user=h.bob)
    await h.slash("match start", user=h.alice)
    monkeypatch.setattr(answering, "AUTOCOMPLETE_BUDGET", 0.05, raising=False)
    match = await world.bot.services.matches.book.load(1)
    (seat,) = match.to_act()
    mover = next(u for u in (h.alice, h.bob) if str(u["id"]) == match.seats[seat].user_id)
    payload = P.autocomplete(
        "move", {"text": ""}, focused="text", user=mover, channel=h.channel, application_id=world.fake.application_id
    )
    async with storage_held(world, lambda: h.invoke(payload)) as first:
        assert world.fake.answered_in_time(first) and first.response_type == 8 and first.choices == []
    typed = await h.autocomplete("move", {"text": ""}, focused="text", user=mover)
    assert typed, "with storage back, the moves are suggested again"


async def test_orders_opens_its_form_in_time_while_storage_is_slow(world, monkeypatch):
    h = world.h
    monkeypatch.setattr(cogs, "ORDERS_LOOKUP", 0.05)
    async with storage_held(world, lambda: h.slash("orders", user=h.alice)) as first:
        assert world.fake.answered_in_time(first) and first.response_type == 9
        assert first.modal["custom_id"].startswith("scheids:orders:0:")  # a form naming no match


async def until(condition, rounds: int = 500) -> None:
    """Let the bot run until ``condition()`` holds (a bound on rounds, not a time to assert)."""
    import asyncio

    for _ in range(rounds):
        if condition():
            return
        await asyncio.sleep(0.01)
    raise AssertionError("the bot never got there")


def original(fake, rec):
    return fake.message(rec.original_message_id)


async def test_a_slow_command_says_it_is_still_working_and_brings_its_result_there(world, monkeypatch):
    h, fake = world.h, world.fake
    monkeypatch.setattr(answering, "DEFER_AFTER", 0)
    monkeypatch.setattr(answering, "STILL_WORKING_AFTER", 0, raising=False)
    async with storage_held(world, lambda: h.slash("games", user=h.dave)) as first:
        assert fake.answered_in_time(first) and first.response_type == 5
        await until(lambda: "Still working" in original(fake, first).content)
    (answer,) = fake.interaction_replies(first.id)  # the note made way for the (private) result
    assert GAMES_NONE in answer.content and answer.ephemeral


async def test_a_command_past_its_time_limit_is_answered_and_its_result_goes_to_the_channel(world, monkeypatch):
    h, fake = world.h, world.fake
    await h.slash("match create heroes_cities", {"opponent": h.bob}, user=h.alice)
    await h.slash("match join", user=h.bob)
    await h.slash("match start", user=h.alice)
    match = await world.bot.services.matches.book.load(1)
    (seat,) = match.to_act()
    mover = next(u for u in (h.alice, h.bob) if str(u["id"]) == match.seats[seat].user_id)
    move = match.engine.format_move(match.engine.legal_moves(match.state, seat)[0], match.state)
    monkeypatch.setattr(answering, "DEFER_AFTER", 0)
    monkeypatch.setattr(answering, "STILL_WORKING_AFTER", 0, raising=False)
    monkeypatch.setattr(answering, "ANSWER_LIMIT", 0.05, raising=False)
    posts = len(fake.messages(h.channel["id"], kind="channel"))
    async with storage_held(world, lambda: h.slash("move", {"text": move}, user=mover)) as first:
        await until(lambda: "taking too long" in original(fake, first).content)
        fake.advance(16 * 60)  # the token is dead: the result may not use it (the fake refuses it)
    assert (await world.bot.services.matches.book.load(1)).progress.moves == 1
    (post,) = fake.messages(h.channel["id"], kind="channel")[posts:]
    assert f"`{move}`" in post.content and post.attachments  # the move's board, in the channel
