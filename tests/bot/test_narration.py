"""The core words a move's consequences through the engine's ``describe_move`` (``NarratingGame``),
after the chance the move called for, with seats worded as names."""

from __future__ import annotations

from typing import Any

import pytest

from bot.services.matches import MatchService
from engines.core.contract import NarratingGame, Seat
from render import registry
from tests.bot.conftest import ALICE, BOB, PLACE, SEED, words
from tests.bot.toy_bombs import ToyBombs, ToyBombsMove, ToyBombsState, render_toy_bombs


class NarratingBombs(ToyBombs):
    """Words a roll with a seat-number param (any code with ``{seat}`` will do) and a dig with
    the number of squares dug so far."""

    def describe_move(
        self, before: ToyBombsState, seat: Seat, move: ToyBombsMove, after: ToyBombsState
    ) -> tuple[tuple[str, dict[str, Any]], ...]:
        if move.kind == "roll":
            return (("core.resigned", {"seat": seat}),)
        return (("core.moves_played", {"count": len(after.dug)}),)


@pytest.fixture
def toy(harness, monkeypatch):
    monkeypatch.setitem(registry.RENDERERS, "toy_bombs", render_toy_bombs)
    harness.service = MatchService(harness.repo, harness.clock, engines={"toy_bombs": NarratingBombs()}, seed_source=lambda: SEED)
    return harness


def test_the_toy_is_a_narrating_game() -> None:
    assert isinstance(NarratingBombs(), NarratingGame)
    assert not isinstance(ToyBombs(), NarratingGame)


async def test_a_reply_says_what_the_move_did(toy) -> None:
    await toy.service.create(PLACE, ALICE, "toy_bombs", opponent=BOB)
    await toy.service.join(PLACE, BOB)
    await toy.service.start(PLACE, ALICE)
    mover = await toy.to_move((await toy.repo.live_match_in(PLACE.channel_id)).id)
    text = words(await toy.service.submit(PLACE, mover, "roll"))
    # The seat number in the engine's params reads as the player's name.
    assert f"{mover.name} resigned." in text
    state = (await toy.match((await toy.repo.live_match_in(PLACE.channel_id)).id)).state
    square = next(s for s in range(10) if s != state.bomb)
    text = words(await toy.service.submit(PLACE, mover, f"dig {square}"))
    assert "Moves played: 1." in text
