"""Through the real discord.py and the fake Discord: ``/orders`` as a modal (all or
nothing), ``/standing``, a casualty question answered from a select menu, an expired question
answered by the standing order, and ``undo`` refused after dice."""

from __future__ import annotations

from tests.bot_discord.conftest import BotWorld

USSR_ORDERS = (
    "buy 8 inf\nend\nmove 3 inf Caucasus -> Ukraine S.S.R.\nmove 1 arm Karelia S.S.R. -> Ukraine S.S.R.\n"
    "move 1 ftr Karelia S.S.R. -> Ukraine S.S.R.\nend"
)
PLAYED = ("Alice played `buy 8 inf`, `end`, `move 3 inf Caucasus -> Ukraine S.S.R.`, "
          "`move 1 arm 1 ftr Karelia S.S.R. -> Ukraine S.S.R.`, `end`.")
"""The six orders said in one line, written together as a player would (the record keeps six)."""


async def axis_match(world: BotWorld) -> None:
    h = world.h
    await h.slash("match create axis_allies", {"opponent": h.bob}, user=h.alice)
    await h.slash("match join", user=h.bob)
    await h.slash("match start", user=h.alice)


async def open_orders(world: BotWorld, user) -> str:
    """``/orders`` opens the modal (a form of its own, naming its match); returns its custom_id."""
    opened = await world.h.slash("orders", user=user)
    modal = opened.interaction.modal
    assert opened.interaction.response_type == 9 and modal["custom_id"].startswith("scheids:orders:1:")
    (label,) = modal["components"]
    assert label["type"] == 18 and label["component"]["style"] == 2  # a paragraph text input
    return modal["custom_id"]


async def give_orders(world: BotWorld, text: str):
    """``/orders`` opens the modal; submitting it plays the text."""
    h = world.h
    form = await open_orders(world, h.alice)
    return await h.submit_modal(form, {"orders": text}, user=h.alice)


def returned_text(result) -> str:
    """The typed orders the bot sent back privately (a text file on its private answer)."""
    (answer,) = [m for m in result.replies if m.ephemeral and m.attachments]
    return answer.attachment("orders.txt").data.decode("utf-8")


async def test_an_orders_form_is_played_after_a_restart(world):
    h = world.h
    await axis_match(world)
    form = await open_orders(world, h.alice)
    h = await world.restart()
    played = await h.submit_modal(form, {"orders": USSR_ORDERS}, user=h.alice)
    assert not played.reply.ephemeral and PLAYED in played.reply.content
    assert (await world.bot.services.matches.book.load(1)).progress.moves == 6


async def test_two_open_forms_each_reach_their_player_and_one_that_cannot_apply_comes_back(world):
    h = world.h
    await axis_match(world)
    alices, bobs = await open_orders(world, h.alice), await open_orders(world, h.bob)
    assert alices != bobs
    played = await h.submit_modal(alices, {"orders": USSR_ORDERS}, user=h.alice)
    assert PLAYED in played.reply.content
    typed = "buy 1 inf\n" + "x" * 3990
    refused = await h.submit_modal(bobs, {"orders": typed}, user=h.bob)
    assert all(m.ephemeral for m in refused.replies) and "not your turn" in refused.replies[0].content
    assert "What you typed is attached" in refused.replies[-1].content
    assert returned_text(refused) == typed  # every character, none played


async def test_a_form_for_a_match_that_has_ended_gives_the_text_back(world):
    h = world.h
    await axis_match(world)
    form = await open_orders(world, h.alice)
    await h.slash("match resign", user=h.alice)
    await h.slash("match create axis_allies", {"opponent": h.bob}, user=h.alice)
    await h.slash("match join", user=h.bob)
    await h.slash("match start", user=h.alice)  # a new match in the channel: the form is not for it
    late = await h.submit_modal(form, {"orders": USSR_ORDERS}, user=h.alice)
    assert all(m.ephemeral for m in late.replies) and "over" in late.replies[0].content
    assert returned_text(late) == USSR_ORDERS
    assert (await world.bot.services.matches.book.load(2)).progress.moves == 0


async def test_a_form_of_the_older_kind_is_answered_too(world):
    """Forms opened before forms had ids of their own (``scheids:orders``) go to the live match here."""
    h = world.h
    await axis_match(world)
    played = await h.submit_modal("scheids:orders", {"orders": USSR_ORDERS}, user=h.alice)
    assert PLAYED in played.reply.content


def menus(message) -> dict[str, list[str]]:
    """custom_id -> option values of every select menu on ``message``."""
    return {
        c["custom_id"]: [o["value"] for o in c.get("options", [])]
        for row in message.components for c in row.get("components", []) if c.get("type") == 3
    }


async def test_orders_in_a_modal_play_all_or_nothing(world):
    h = world.h
    await axis_match(world)
    refused = await give_orders(world, USSR_ORDERS.replace("move 3 inf Caucasus", "move 9 inf Caucasus"))
    assert refused.reply.ephemeral
    assert "Line 3 (`move 9 inf Caucasus -> Ukraine S.S.R.`) was refused, so none of these orders was played" in (
        refused.reply.content
    )
    match = await world.bot.services.matches.book.load(1)
    assert match.progress.moves == 0 and match.state.phase == "tech"
    played = await give_orders(world, USSR_ORDERS)
    assert not played.reply.ephemeral and PLAYED in played.reply.content
    assert played.reply.content.count(" played `") == 1
    assert not world.fake.unhandled
    del h


async def test_a_casualty_question_with_a_menu_then_an_expired_one_answered_by_the_standing_order(world):
    h = world.h
    await axis_match(world)
    await h.slash("standing", {"text": "casualties default"}, user=h.alice)
    set_bob = await h.slash("standing", {"text": "casualties ask 2h, default"}, user=h.bob)
    assert "Germany: ask 2h, cheapest first, keep 1 ftr, last trn" in set_bob.reply.content
    await give_orders(world, USSR_ORDERS)
    asked = await h.slash("move", {"text": "attack Ukraine until done"}, user=h.alice)
    question = asked.reply
    assert "Bob has until" in question.content and "then the standing order answers" in question.content
    asked_at = (await world.bot.services.matches.book.load(1)).progress.seq
    menu = f"scheids:choose:1:{asked_at}"  # the menu names the state it was made for
    options = menus(question)[menu]
    assert len(options) > 1 and all(option.startswith("lose ") for option in options)

    wrong = await h.select(menu, [options[0]], question, user=h.alice)
    assert wrong.reply.ephemeral and "not your turn" in wrong.reply.content
    chosen = options[-1]
    answered = await h.select(menu, [chosen], question, user=h.bob)
    assert f"Bob played `{chosen}`" in answered.reply.content and not answered.reply.ephemeral

    # The battle goes on by Alice's plan until Bob is asked again (these dice: in the next round);
    # this time nobody answers, and after a restart the deadline passes.
    match = await world.bot.services.matches.book.load(1)
    assert match.state.battle is not None and match.to_act() == frozenset({1}), "Bob is asked again"
    h = await world.restart()
    world.clock.advance(hours=2, seconds=1)
    assert await world.bot.services.scheduler.run_due() == 1
    posts = world.fake.messages(h.channel["id"], kind="channel")
    assert "The question to Bob waited its time" in posts[-1].content
    assert "Bob's standing order played `lose" in posts[-1].content
    match = await world.bot.services.matches.book.load(1)
    assert match.state.battle is None and match.to_act() == frozenset({0})
    assert not world.fake.unhandled


async def test_undo_is_refused_after_dice(world):
    h = world.h
    await axis_match(world)
    await h.slash("standing", {"text": "casualties default"}, user=h.bob)
    await h.slash("standing", {"text": "casualties default"}, user=h.alice)
    ended_phase = await give_orders(world, USSR_ORDERS + "\nundo")
    assert "Line 7 (`undo`) was refused" in ended_phase.reply.content, "an ended phase is not taken back"
    took_back = await give_orders(world, USSR_ORDERS.removesuffix("\nend") + "\nundo")
    assert "Taken back: `move 1 ftr Karelia S.S.R. -> Ukraine S.S.R.`" in took_back.reply.content
    match = await world.bot.services.matches.book.load(1)
    assert [u.kind for u in match.state.units_at("ukraine_ssr") if u.power == "ussr"] == ["infantry"] * 3 + ["armour"]
    await h.slash("move", {"text": "end"}, user=h.alice)
    await h.slash("move", {"text": "attack Ukraine until done"}, user=h.alice)
    refused = await h.slash("move", {"text": "undo"}, user=h.alice)
    assert refused.reply.ephemeral and "There is no order to take back" in refused.reply.content
    assert not world.fake.unhandled
