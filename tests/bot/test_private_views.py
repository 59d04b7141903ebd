"""The generic secret path, with a toy game that has one secret per seat.

Helden & Steden has no hidden information, so this toy engine shows what later games rely on:
private views go by DM when they change, the channel never gets a secret, and a closed DM
falls back to the button.
"""

from __future__ import annotations

import json
from typing import Any, ClassVar, Literal

import pytest

from bot.services.delivery import ChannelPost, DirectMessage, Reply
from bot.services.matches import MatchService
from engines.core import first_player
from engines.core.contract import ChanceSpec, Frozen, Outcome, Result
from engines.core.errors import IllegalMoveError, InvalidMoveError
from render import registry
from tests.bot.conftest import ALICE, BOB, PLACE, SEED, words


class ToyOptions(Frozen):
    target: int = 3


class ToyMove(Frozen):
    kind: Literal["secret", "reveal"]
    value: int = 0


class ToyState(Frozen):
    secrets: tuple[int | None, int | None] = (None, None)
    revealed: tuple[bool, bool] = (False, False)
    turn: int = 0


class ToyView(Frozen):
    viewer: int | None
    secrets: tuple[int | None, int | None]


class ToySecrets:
    """Both seats choose a secret number at once; then each may reveal theirs. Over when both did."""

    slug: ClassVar[str] = "toy_secrets"
    version: ClassVar[int] = 1
    replays: ClassVar[frozenset[int]] = frozenset()
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    options_model = ToyOptions
    state_model = ToyState
    move_model = ToyMove
    colours: ClassVar[tuple[str, ...]] = ("red", "blue")

    def setup(self, players: int, options: ToyOptions) -> ToyState:
        return ToyState()

    def to_act(self, state: ToyState) -> frozenset[int]:
        if None in state.secrets:
            return frozenset(s for s in (0, 1) if state.secrets[s] is None)
        return frozenset(s for s in (0, 1) if not state.revealed[s])

    def chance(self, state: ToyState) -> ChanceSpec | None:
        return None

    def legal_moves(self, state: ToyState, seat: int) -> list[ToyMove]:
        if state.secrets[seat] is None:
            return [ToyMove(kind="secret", value=v) for v in range(1, 10)]
        return [ToyMove(kind="reveal")]

    def apply(self, state: ToyState, seat: int, move: ToyMove) -> ToyState:
        if move.kind == "secret":
            secrets = list(state.secrets)
            secrets[seat] = move.value
            return state.model_copy(update={"secrets": tuple(secrets)})
        revealed = list(state.revealed)
        revealed[seat] = True
        return state.model_copy(update={"revealed": tuple(revealed), "turn": state.turn + 1})

    def apply_chance(self, state: ToyState, outcome: Outcome) -> ToyState:
        return state

    def result(self, state: ToyState) -> Result | None:
        return Result(draw=True, reason="core.draw_agreed") if all(state.revealed) else None

    def view(self, state: ToyState, viewer: int | None) -> ToyView:
        shown = tuple(v if (viewer == s or state.revealed[s]) else None for s, v in enumerate(state.secrets))
        return ToyView(viewer=viewer, secrets=shown)

    def parse_move(self, text: str, state: ToyState, seat: int) -> ToyMove:
        if text == "reveal":
            move = ToyMove(kind="reveal")
        elif text.isdigit():
            move = ToyMove(kind="secret", value=int(text))
        else:
            raise InvalidMoveError("toy.syntax", "a digit or reveal")
        if move not in self.legal_moves(state, seat):
            raise IllegalMoveError("toy.illegal", "not now")
        return move

    def format_move(self, move: ToyMove, state: ToyState) -> str:
        return "reveal" if move.kind == "reveal" else str(move.value)

    def is_secret(self, move: ToyMove, state: ToyState) -> bool:
        return move.kind == "secret"

    def describe_chance(self, outcome: Outcome, state: Any) -> tuple[str, dict[str, Any]]:
        return first_player.describe(outcome)


def render_toy(view: ToyView, labels=None) -> bytes:
    """The picture carries exactly what the view holds, like a real renderer."""
    return b"\x89PNG" + json.dumps(view.model_dump(mode="json")).encode()


@pytest.fixture
def toy(harness, monkeypatch):
    monkeypatch.setitem(registry.RENDERERS, "toy_secrets", render_toy)
    harness.service = MatchService(harness.repo, harness.clock, engines={"toy_secrets": ToySecrets()}, seed_source=lambda: SEED)
    return harness


def everything_public(deliveries) -> bytes:
    return b"".join(
        words([d]).encode() + b"".join(a.data for a in d.attachments)
        for d in deliveries
        if isinstance(d.target, ChannelPost) or (isinstance(d.target, Reply) and not d.target.ephemeral)
    )


async def test_secret_moves_reach_only_their_owner(toy):
    await toy.service.create(PLACE, ALICE, "toy_secrets", opponent=BOB)
    await toy.service.join(PLACE, BOB)
    started = await toy.service.start(PLACE, ALICE)
    # No private view yet (each seat's turn notice is a DM without a picture).
    assert {d.target.user_id for d in started if isinstance(d.target, DirectMessage) and d.attachments} == set()
    chose = await toy.service.submit(PLACE, ALICE, "7")
    dms = [d for d in chose if isinstance(d.target, DirectMessage) and d.attachments]
    assert [d.target.user_id for d in dms] == ["alice"]  # only the view that changed
    assert b'"secrets": [7, null]' in dms[0].attachments[0].data
    assert b"7" not in everything_public(chose)  # the secret stays out of the channel
    assert chose[0].target.ephemeral and "`7`" in words(chose[:1])  # only the mover reads it
    assert "made a secret move" in words(chose[1:2])
    bob_chose = await toy.service.submit(PLACE, BOB, "4")
    assert [d.target.user_id for d in bob_chose if isinstance(d.target, DirectMessage) and d.attachments] == ["bob"]
    assert b"4" not in b"".join(a.data for d in bob_chose if not isinstance(d.target, DirectMessage) for a in d.attachments)
    alice_view = await toy.service.my_view(ALICE, place=PLACE)
    assert b'"secrets": [7, null]' in alice_view[0].attachments[0].data and alice_view[0].target.ephemeral
    spectator = await toy.service.board(PLACE, ALICE)
    assert b'"secrets": [null, null]' in spectator[0].attachments[0].data
    history = words(await toy.service.history(PLACE, BOB))
    assert "geheim tot het einde" in history and "`7`" not in history  # Bob reads Dutch
    refused = await toy.service.export(PLACE, BOB)
    assert refused[0].target.ephemeral and not refused[0].attachments
    await toy.service.submit(PLACE, ALICE, "reveal")
    await toy.service.submit(PLACE, BOB, "reveal")
    assert "`7`" in words(await toy.service.history(PLACE, BOB))
    assert (await toy.service.export(PLACE, BOB))[0].attachments


async def test_simultaneous_turns_accept_either_seat(toy):
    await toy.service.create(PLACE, ALICE, "toy_secrets", opponent=BOB)
    await toy.service.join(PLACE, BOB)
    await toy.service.start(PLACE, ALICE)
    first = await toy.service.submit(PLACE, BOB, "2")
    assert isinstance(first[1].target, ChannelPost)  # accepted: the channel hears of it
    again = await toy.service.submit(PLACE, BOB, "3")
    assert len(again) == 1 and again[0].target.ephemeral  # refused: Bob has chosen already
