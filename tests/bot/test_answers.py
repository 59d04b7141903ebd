"""One place answers every command that does not go through (bot/services/match/answers.py): a
guard's ``Refused``, a write another came before, in the language of the one who acted."""

from __future__ import annotations

import pytest

from bot.i18n import Msg
from bot.services.delivery import Delivery, Reply
from bot.services.match.answers import Refused, answered
from bot.services.people import Actor, Place
from bot.storage.repository import StaleWriteError

PLACE = Place("guild", "chan", "en")
DUTCH = Actor("u1", "Anna", "nl")


class Commands:
    """Stands in for the façade: each command fails one way."""

    def __init__(self) -> None:
        self.raised: Exception | None = None

    @answered
    async def act(self, place: Place, actor: Actor, text: str = "") -> list[Delivery]:
        if self.raised is not None:
            raise self.raised
        return [Delivery(Reply(ephemeral=False), (Msg("core.left", {"player": actor.name}),), place.language)]


async def test_a_refusal_is_answered_privately_in_the_actor_s_language_with_all_its_lines() -> None:
    commands = Commands()
    commands.raised = Refused("core.abort_not_allowed", {}, Msg("core.claim_not_yet", {"player": ["Bob"]}))
    (answer,) = await commands.act(PLACE, DUTCH)
    assert answer.target == Reply(ephemeral=True)
    assert answer.language == "nl"
    assert answer.lines == (Msg("core.abort_not_allowed"), Msg("core.claim_not_yet", {"player": ["Bob"]}))


async def test_a_write_another_came_before_asks_to_try_again() -> None:
    commands = Commands()
    commands.raised = StaleWriteError()
    (answer,) = await commands.act(PLACE, DUTCH, "secret text")
    assert (answer.target, answer.language, answer.lines) == (Reply(ephemeral=True), "nl", (Msg("core.retry"),))


async def test_a_command_that_goes_through_is_returned_as_it_is() -> None:
    (answer,) = await Commands().act(PLACE, DUTCH)
    assert answer.lines == (Msg("core.left", {"player": "Anna"}),) and answer.target == Reply(ephemeral=False)


async def test_any_other_error_is_not_swallowed() -> None:
    """Only what a command can meet in play is answered here; a bug still reaches the adapter,
    which logs it."""
    commands = Commands()
    commands.raised = KeyError("bug")
    with pytest.raises(KeyError):
        await commands.act(PLACE, DUTCH)


def test_refused_saying_keeps_the_lines_in_order() -> None:
    first, second = Msg("core.orders_line_refused", {"line": 2, "text": "x"}), Msg("core.closest_moves", {"moves": ["a"]})
    refused = Refused.saying(first, second)
    assert refused.lines == (first, second)
    assert refused.answer("en")[0].lines == (first, second)
