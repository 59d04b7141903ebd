"""The generic core behind hidden layouts and dice on a button, with the toy game ``toy_bombs``:
a secret chance node that nobody sees while the match runs, its seal published at the start and
checked by ``/match verify``, and action buttons that submit a move for the seat to act."""

from __future__ import annotations

import json
import re

import pytest

from bot.services.delivery import Delivery
from bot.services.matches import MatchService
from bot.services.people import Actor
from render import registry
from tests.bot.conftest import ALICE, BOB, CAROL, PLACE, SEED, words
from tests.bot.toy_bombs import (
    ToyBombs,
    ToyBombsForged,
    ToyBombsResealed,
    digest,
    render_toy_bombs,
)

ADMIN = Actor("admin", "Admin", "en", is_admin=True)


def use(harness, engine: ToyBombs):
    harness.service = MatchService(harness.repo, harness.clock, engines={"toy_bombs": engine}, seed_source=lambda: SEED)
    return harness


@pytest.fixture
def toy(harness, monkeypatch):
    monkeypatch.setitem(registry.RENDERERS, "toy_bombs", render_toy_bombs)
    return use(harness, ToyBombs())


async def started(toy) -> int:
    await toy.service.create(PLACE, ALICE, "toy_bombs", opponent=BOB)
    await toy.service.join(PLACE, BOB)
    await toy.service.start(PLACE, ALICE)
    return (await toy.repo.live_match_in(PLACE.channel_id)).id


async def hidden(toy, match_id: int) -> tuple[int, int]:
    state = (await toy.match(match_id)).state
    return state.bomb, state.salt


def everything(deliveries: list[Delivery]) -> str:
    """All text and pictures of ``deliveries``, whoever they were for."""
    return words(deliveries) + "".join(a.data.decode("latin-1") for d in deliveries for a in d.attachments)


async def test_a_secret_draw_reaches_nobody_while_the_match_runs(toy):
    await toy.service.create(PLACE, ALICE, "toy_bombs", opponent=BOB)
    await toy.service.join(PLACE, BOB)
    seen = await toy.service.start(PLACE, ALICE)
    match_id = (await toy.repo.live_match_in(PLACE.channel_id)).id
    bomb, salt = await hidden(toy, match_id)
    miss = (bomb + 5) % 10
    assert "Start roll" not in words(seen)  # the careless engine's words for the secret draw are dropped
    seen += await toy.service.submit(PLACE, ALICE, "roll")
    assert "Start roll" in words(seen[-2:])  # ... but a public draw is worded as the engine says
    seen += await toy.service.submit(PLACE, ALICE, f"dig {miss}")
    for actor in (ALICE, BOB, CAROL):
        seen += await toy.service.status(PLACE, actor)
        seen += await toy.service.history(PLACE, actor)
        seen += await toy.service.board(PLACE, actor)
        seen += await toy.service.my_view(actor, place=PLACE)
        seen += await toy.service.verify(PLACE, actor)
        refused = await toy.service.export(PLACE, actor)
        assert refused[0].target.ephemeral and not refused[0].attachments
        seen += refused
    text = everything(seen)
    assert not re.search(rf"\b{salt}\b", text)
    assert f"bomb {bomb} salt" not in text
    assert "secrets (hidden moves or draws)" in words(refused)

    await toy.service.submit(PLACE, BOB, "roll")
    await toy.service.submit(PLACE, BOB, f"dig {bomb}")
    exported = await toy.service.export(PLACE, CAROL)
    record = json.loads(exported[0].attachments[0].data)
    assert record["entries"][1]["event"]["values"] == [bomb, salt] and record["entries"][1]["event"]["secret"]


async def test_the_seal_is_published_at_the_start_and_verified_after_the_end(toy):
    await toy.service.create(PLACE, ALICE, "toy_bombs", opponent=BOB)
    await toy.service.join(PLACE, BOB)
    start = await toy.service.start(PLACE, ALICE)
    match_id = (await toy.repo.live_match_in(PLACE.channel_id)).id
    bomb, salt = await hidden(toy, match_id)
    sealed = f"Sealed: bomb, SHA-256 `{digest(bomb, salt)}`"
    assert sealed in words(start)
    rolled = await toy.service.submit(PLACE, ALICE, "roll")
    assert "Sealed" not in words(rolled)  # published once
    await toy.service.submit(PLACE, ALICE, f"dig {bomb}")
    verified = words(await toy.service.verify(PLACE, CAROL))
    assert f"`{digest(bomb, salt)}` is the SHA-256 of `bomb {bomb} salt {salt}` ✓" in verified
    assert "published after event 2" in verified
    assert "Every roll matches" in verified and "sha256sum" in verified


async def test_an_aborted_match_opens_its_seal_too(toy):
    match_id = await started(toy)
    bomb, salt = await hidden(toy, match_id)
    await toy.service.abort(PLACE, ADMIN)
    verified = words(await toy.service.verify(PLACE, CAROL))
    assert f"`bomb {bomb} salt {salt}` ✓" in verified and "Every roll matches" in verified


@pytest.mark.parametrize(
    ("engine", "line"),
    [(ToyBombsForged(), "but it opens to"), (ToyBombsResealed(), "changed after event 5")],
)
async def test_a_seal_that_does_not_hold_fails_verification(toy, engine, line):
    use(toy, engine)
    match_id = await started(toy)
    bomb, _ = await hidden(toy, match_id)
    await toy.service.submit(PLACE, ALICE, "roll")
    dug = await toy.service.submit(PLACE, ALICE, f"dig {(bomb + 5) % 10}")
    # A changed digest is announced again, so the players can see it happen.
    assert ("Sealed" in words(dug)) == isinstance(engine, ToyBombsResealed)
    await toy.service.abort(PLACE, ADMIN)
    verified = words(await toy.service.verify(PLACE, CAROL))
    assert line in verified and "✗" in verified
    assert "MISMATCH: a seal" in verified and "Every roll matches" not in verified


async def test_a_game_without_seals_gets_no_seal_lines(harness):
    match_id = await harness.started_match()
    await harness.service.resign(PLACE, await harness.to_move(match_id))
    verified = words(await harness.service.verify(PLACE, CAROL))
    assert "Every roll matches" in verified
    assert "seal" not in verified.lower() and "sha256sum" not in verified


async def test_action_buttons_go_to_the_seat_to_act_and_submit_its_move(toy):
    await toy.service.create(PLACE, ALICE, "toy_bombs", opponent=BOB)
    await toy.service.join(PLACE, BOB)
    start = await toy.service.start(PLACE, ALICE)
    match_id = (await toy.repo.live_match_in(PLACE.channel_id)).id
    (roll, view) = start[0].buttons
    assert (roll.kind, roll.match_id, roll.text, roll.label) == ("move", match_id, "roll", "toy_bombs.button_roll")
    assert view.kind == "view_pieces"

    wrong = await toy.service.submit_in(match_id, BOB, "roll")
    assert len(wrong) == 1 and wrong[0].target.ephemeral and "niet aan de beurt" in words(wrong)
    pressed = await toy.service.submit_in(match_id, ALICE, "roll")
    assert "Alice played `roll`" in words(pressed) and not pressed[0].target.ephemeral
    assert [b.text for b in pressed[0].buttons] == ["pass", ""]  # the die is rolled: pass, or type a dig
    board = await toy.service.board(PLACE, CAROL)
    assert [b.text for b in board[0].buttons] == ["pass", ""]

    bomb, _ = await hidden(toy, match_id)
    over = await toy.service.submit_in(match_id, ALICE, f"dig {bomb}")
    assert [b.kind for b in over[0].buttons] == ["rematch"]  # no play buttons once the match is over: the rematch only
    late = await toy.service.submit_in(match_id, ALICE, "pass")
    assert late[0].target.ephemeral and "The match is over" in words(late)


async def test_a_button_acts_on_its_own_match_not_on_the_channels_next_one(toy):
    first = await started(toy)
    await toy.service.abort(PLACE, ADMIN)
    second = await started(toy)
    stale = await toy.service.submit_in(first, ALICE, "roll")
    assert "The match is over" in words(stale)
    assert (await toy.match(second)).state.step == "roll"  # untouched
    assert len(stale) == 1 and stale[0].target.ephemeral
    pressed = await toy.service.press(PLACE, ALICE, "move", "roll")  # the console's /button move:roll
    assert "Alice played `roll`" in words(pressed) and not pressed[0].target.ephemeral


class ToyBombsShouting(ToyBombs):
    """Offers a text that cannot travel in a custom_id."""

    def action_buttons(self, state, seat):
        return (("ROLL!", "toy_bombs.button_roll"), *super().action_buttons(state, seat))


async def test_a_button_text_that_does_not_fit_a_custom_id_is_not_offered(toy):
    use(toy, ToyBombsShouting())
    await toy.service.create(PLACE, ALICE, "toy_bombs", opponent=BOB)
    await toy.service.join(PLACE, BOB)
    start = await toy.service.start(PLACE, ALICE)
    assert [(b.kind, b.text) for b in start[0].buttons] == [("move", "roll"), ("view_pieces", "")]
