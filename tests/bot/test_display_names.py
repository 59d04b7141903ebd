"""Display names that UTF-8 cannot hold: a lone surrogate in a Discord display
name used to fail the SQLite write. Now it is made safe where names enter (``Actor``), visibly:
U+FFFD stands where the bad character was, and the command works."""

from __future__ import annotations

from bot.clock import ManualClock
from bot.discord_app.client import ScheidsBot
from bot.services.people import Actor
from tests.bot.conftest import PLACE, SEED, START, words
from tests.fakediscord import DiscordHarness, FakeDiscord

LONE = "Ann\ud800e"


async def test_a_lone_surrogate_in_a_name_is_stored_as_a_replacement_character(harness):
    player = Actor("u-ann", LONE)
    opponent = Actor("u-bo", "B\udfffo\x07")
    assert player.name == "Ann\ufffde" and opponent.name == "B\ufffdo\ufffd"
    created = await harness.service.create(PLACE, player, "heroes_cities", opponent=opponent)
    assert "Ann\ufffde opened match #1" in words(created)
    joined = await harness.service.join(PLACE, opponent)
    assert "B\ufffdo\ufffd" in words(joined)
    seats = await harness.repo.seats(1)
    assert [seat.name for seat in seats] == ["Ann\ufffde", "B\ufffdo\ufffd"]
    assert (await harness.repo.user("u-ann")).name == "Ann\ufffde"


async def test_a_discord_user_with_a_lone_surrogate_in_the_display_name_gets_an_answer(tmp_path):
    async with FakeDiscord() as fake:
        bot = ScheidsBot(str(tmp_path / "db.sqlite3"), clock=ManualClock(START), seed_source=lambda: SEED)
        async with DiscordHarness(bot, fake) as h:
            odd = h.user("odd", global_name=LONE)
            created = await h.slash("match create heroes_cities", user=odd)
            assert "Ann\ufffde opened match #1" in created.reply.content
            assert not created.reply.ephemeral
