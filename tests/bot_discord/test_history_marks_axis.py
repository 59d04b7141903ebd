"""Axis & Allies' history through the real discord.py and the fake Discord: ``/match history``
gives the turn summaries, which name each battle, its dice and its losses; ``/match history at:``
marks each move that fought (🎲 battle) in the list of moves around that position."""

from __future__ import annotations

from tests.bot_discord.test_turn_flow import USSR_ORDERS, axis_match, give_orders


async def test_an_axis_and_allies_battle_is_named_in_the_history_and_marked_at_its_moves(world):
    """The USSR attacks Ukraine (this seed: two rounds, the attackers lost in the second, its
    losses taken by the standing order). Only the move whose words told a round's losses was
    marked before: the attack itself and the second round, whose dice ended the battle, were not."""
    h = world.h
    h.timeout = max(h.timeout, 60.0)
    await axis_match(world)
    for user in (h.alice, h.bob):
        await h.slash("standing", {"text": "casualties default"}, user=user)
    await give_orders(world, USSR_ORDERS)
    fought = await h.slash("move", {"text": "attack Ukraine until done"}, user=h.alice)
    assert not fought.reply.ephemeral, fought.reply.content
    await give_orders(world, "end\nend\nplace 4 inf Russia\nplace 4 inf Karelia\nend")
    history = await h.slash("match history", user=h.carol)
    assert "Turn summary: round 1, USSR" in history.reply.content
    assert "Battle in Ukraine S.S.R.: USSR against Germany" in history.reply.content, history.reply.content
    entries = await world.bot.services.repo.entries(1)
    moves = [e.event.text for e in entries if e.event.type == "move"]
    attack = moves.index("attack Ukraine S.S.R. until done") + 1
    fought_until = attack + 4  # Bob's loss, Alice's losses, continue, Bob's loss: the second round's dice ended it
    assert moves[fought_until] == "end"
    at = await h.slash("match history", {"at": attack + 2}, user=h.carol)
    listed = [text.strip().removeprefix("▶ ") for text in at.reply.content.splitlines()]
    lines = {n: next(text for text in listed if text.startswith(f"{n}. ")) for n in range(attack - 1, fought_until + 2)}
    for n in range(attack, fought_until + 1):
        assert "🎲 battle" in lines[n], at.reply.content
    assert "🎲" not in lines[attack - 1] and "🎲" not in lines[fought_until + 1], at.reply.content
