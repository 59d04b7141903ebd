"""A move is applied once on its way through the service: the referee computes the states after a
command's moves and dice, and the book folds those states into the match instead of replaying the
events it has just appended (replay is for loading and ``/match verify``).

Each engine is wrapped by a subclass that counts its ``apply`` and ``apply_chance`` calls; a
whole ``submit`` (parse, check, dice, commit, board post, private views) must call each once per
move and once per chance event, and the match it leaves in memory must be the one a cold load
(a replay of the record) finds."""

from __future__ import annotations

import threading

from typing import Any

import pytest

from bot.services.matches import MatchService
from engines.core.record import ChanceEvent, MoveEvent
from engines.registry import ENGINES
from render import registry
from tests.bot.conftest import ALICE, BOB, PLACE, SEED
from tests.bot.toy_bombs import ToyBombs, render_toy_bombs

ACTORS = {"alice": ALICE, "bob": BOB}


def counting(engine_class: type) -> Any:
    """An instance of a subclass of ``engine_class`` that counts the moves and chance events the
    command applies on the event loop's thread. Work handed to the workers (pictures, a turn
    notice's catch-up replaying what changed) is not the move's path: in the bot it runs in other
    processes, here in threads."""

    class Counting(engine_class):  # type: ignore[misc, valid-type]
        applied = 0
        chance_applied = 0

        def apply(self, state: Any, seat: Any, move: Any) -> Any:
            self.applied += threading.current_thread() is threading.main_thread()
            return super().apply(state, seat, move)

        def apply_chance(self, state: Any, outcome: Any) -> Any:
            self.chance_applied += threading.current_thread() is threading.main_thread()
            return super().apply_chance(state, outcome)

    return Counting()


async def started(harness, engine: Any) -> int:
    harness.service = MatchService(harness.repo, harness.clock, engines={engine.slug: engine}, seed_source=lambda: SEED)
    await harness.service.create(PLACE, ALICE, engine.slug, opponent=BOB)
    await harness.service.join(PLACE, BOB)
    await harness.service.start(PLACE, ALICE)
    return (await harness.repo.live_match_in(PLACE.channel_id)).id


async def submit_counted(harness, engine: Any, match_id: int, text: str | None = None) -> tuple[int, int, list[Any]]:
    """Submit ``text`` (default: the first legal move of the first seat to act) and return the
    applies it took, the chance applies, and the events it appended."""
    match = await harness.service.book.load(match_id)
    seat = min(match.to_act())
    if text is None:
        text = engine.format_move(engine.legal_moves(match.state, seat)[0], match.state)
    before = match.row.last_seq
    engine.applied = engine.chance_applied = 0
    answer = await harness.service.submit(PLACE, ACTORS[match.seats[seat].user_id], text)
    applied, chance_applied = engine.applied, engine.chance_applied
    after = await harness.service.book.load(match_id)
    assert after.row.last_seq > before, answer
    harness.service.book.forget(match_id)
    replayed = await harness.service.book.load(match_id)
    assert replayed.progress == after.progress  # the folded states are the ones a replay finds
    record = await harness.repo.read_match(match_id)
    events = [entry.event for entry in record.entries[before:]]
    return applied, chance_applied, events


@pytest.mark.parametrize("slug", sorted(ENGINES))
async def test_a_submitted_move_is_applied_once(harness, slug):
    engine = counting(type(ENGINES[slug]))
    match_id = await started(harness, engine)
    applied, chance_applied, events = await submit_counted(harness, engine, match_id)
    assert applied == sum(isinstance(event, MoveEvent) for event in events) == 1
    assert chance_applied == sum(isinstance(event, ChanceEvent) for event in events)


async def test_a_move_and_its_die_are_applied_once_each(harness, monkeypatch):
    monkeypatch.setitem(registry.RENDERERS, "toy_bombs", render_toy_bombs)
    engine = counting(ToyBombs)
    match_id = await started(harness, engine)
    applied, chance_applied, events = await submit_counted(harness, engine, match_id, "roll")
    assert [type(event) for event in events] == [MoveEvent, ChanceEvent]
    assert (applied, chance_applied) == (1, 1)
