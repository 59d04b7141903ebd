"""A toy game for the core's secret chance, seals and action buttons (no real game needed).

One bomb hides under one of ten squares, drawn by a secret chance node at the start and
sealed at once. Players take turns: ``roll`` (a public d6, offered as a button), then ``dig N``
or ``pass`` (a button too). Digging up the bomb loses.

``describe_chance`` is careless on purpose: it words every draw, the secret one included, so a
test shows that the core, not the engine, keeps secret draws out of the channel. Two broken
variants model engine bugs for ``verify_seals``: ``ToyBombsForged`` moves the bomb after sealing
and keeps the old digest, ``ToyBombsResealed`` moves it and seals again.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any, ClassVar, Literal

from engines.core.contract import ChanceSpec, Frozen, Outcome, Result, Seal, Seat
from engines.core.errors import IllegalMoveError

SQUARES = 10
SALTS = 10**9
"""The salt makes the layout unguessable from its digest; its 9 digits are easy to look for."""


class ToyBombsOptions(Frozen):
    pass


class ToyBombsMove(Frozen):
    kind: Literal["roll", "dig", "pass"]
    square: int = 0


class ToyBombsState(Frozen):
    bomb: int | None = None
    salt: int | None = None
    seal: str | None = None
    to_move: Seat = 0
    step: Literal["roll", "rolling", "dig"] = "roll"
    die: int | None = None
    dug: tuple[int, ...] = ()
    loser: Seat | None = None


class ToyBombsView(Frozen):
    viewer: Seat | None
    to_move: Seat
    step: str
    die: int | None
    dug: tuple[int, ...]
    bomb: int | None
    """Shown only once the game is over."""


def opening(bomb: int, salt: int) -> str:
    return f"bomb {bomb} salt {salt}"


def digest(bomb: int, salt: int) -> str:
    return hashlib.sha256(opening(bomb, salt).encode()).hexdigest()


class ToyBombs:
    slug: ClassVar[str] = "toy_bombs"
    version: ClassVar[int] = 1
    replays: ClassVar[frozenset[int]] = frozenset()
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    options_model = ToyBombsOptions
    state_model = ToyBombsState
    move_model = ToyBombsMove
    colours: ClassVar[tuple[str, ...]] = ("red", "blue")
    hidden_information: ClassVar[bool] = True
    """The bomb is drawn in secret."""

    def setup(self, players: int, options: ToyBombsOptions) -> ToyBombsState:
        return ToyBombsState()

    def to_act(self, state: ToyBombsState) -> frozenset[Seat]:
        if state.bomb is None or state.step == "rolling" or state.loser is not None:
            return frozenset()
        return frozenset((state.to_move,))

    def chance(self, state: ToyBombsState) -> ChanceSpec | None:
        if state.bomb is None:
            return ChanceSpec(kind="bomb", sizes=(SQUARES, SALTS), secret=True)
        if state.step == "rolling":
            return ChanceSpec(kind="die", sizes=(6,))
        return None

    def apply_chance(self, state: ToyBombsState, outcome: Outcome) -> ToyBombsState:
        if outcome.kind == "bomb":
            bomb, salt = outcome.values
            return state.model_copy(update={"bomb": bomb, "salt": salt, "seal": digest(bomb, salt)})
        return state.model_copy(update={"die": outcome.values[0] + 1, "step": "dig"})

    def legal_moves(self, state: ToyBombsState, seat: Seat) -> list[ToyBombsMove]:
        if seat not in self.to_act(state):
            return []
        if state.step == "roll":
            return [ToyBombsMove(kind="roll")]
        digs = [ToyBombsMove(kind="dig", square=s) for s in range(SQUARES) if s not in state.dug]
        return [*digs, ToyBombsMove(kind="pass")]

    def apply(self, state: ToyBombsState, seat: Seat, move: ToyBombsMove) -> ToyBombsState:
        if move not in self.legal_moves(state, seat):
            raise IllegalMoveError("toy_bombs.illegal", "not now")
        if move.kind == "roll":
            return state.model_copy(update={"step": "rolling"})
        if move.kind == "dig" and move.square == state.bomb:
            return state.model_copy(update={"dug": (*state.dug, move.square), "loser": seat})
        dug = (*state.dug, move.square) if move.kind == "dig" else state.dug
        return state.model_copy(update={"dug": dug, "step": "roll", "die": None, "to_move": 1 - seat})

    def result(self, state: ToyBombsState) -> Result | None:
        if state.loser is None:
            return None
        return Result(winners=(1 - state.loser,), reason="core.resigned", params={"seat": state.loser})

    def view(self, state: ToyBombsState, viewer: Seat | None) -> ToyBombsView:
        shown = state.bomb if state.loser is not None else None
        return ToyBombsView(viewer=viewer, to_move=state.to_move, step=state.step, die=state.die, dug=state.dug, bomb=shown)

    def parse_move(self, text: str, state: ToyBombsState, seat: Seat) -> ToyBombsMove:
        word, _, rest = text.strip().lower().partition(" ")
        if word == "dig" and rest.isdigit():
            move = ToyBombsMove(kind="dig", square=int(rest))
        elif word in ("roll", "pass") and not rest:
            move = ToyBombsMove(kind=word)
        else:
            raise IllegalMoveError("toy_bombs.illegal", "roll, dig N or pass")
        if move not in self.legal_moves(state, seat):
            raise IllegalMoveError("toy_bombs.illegal", "not now")
        return move

    def format_move(self, move: ToyBombsMove, state: ToyBombsState) -> str:
        return f"dig {move.square}" if move.kind == "dig" else move.kind

    def is_secret(self, move: ToyBombsMove, state: ToyBombsState) -> bool:
        return False

    def describe_chance(self, outcome: Outcome, state: ToyBombsState) -> tuple[str, dict[str, Any]]:
        """Careless: words every draw, also the secret one (the core must drop that line)."""
        return "core.first_roll_tie", {"faces": list(outcome.values)}

    # ---------------------------------------------------------------- extras

    def seals(self, state: ToyBombsState, reveal: bool) -> tuple[Seal, ...]:
        if state.seal is None or state.bomb is None or state.salt is None:
            return ()
        shown = reveal or state.loser is not None
        return (Seal(name="bomb", digest=state.seal, opening=opening(state.bomb, state.salt) if shown else None),)

    def action_buttons(self, state: ToyBombsState, seat: Seat) -> tuple[tuple[str, str], ...]:
        if seat not in self.to_act(state):
            return ()
        if state.step == "roll":
            return (("roll", "toy_bombs.button_roll"),)
        return (("pass", "toy_bombs.button_pass"),)


class ToyBombsForged(ToyBombs):
    """An engine bug: a dig that misses moves the bomb under the next square, seal untouched."""

    def apply(self, state: ToyBombsState, seat: Seat, move: ToyBombsMove) -> ToyBombsState:
        after = super().apply(state, seat, move)
        if move.kind == "dig" and after.loser is None and after.bomb is not None:
            after = after.model_copy(update={"bomb": (after.bomb + 1) % SQUARES})
        return after


class ToyBombsResealed(ToyBombsForged):
    """The same bug, but the engine seals the new layout again: the digest changes."""

    def apply(self, state: ToyBombsState, seat: Seat, move: ToyBombsMove) -> ToyBombsState:
        after = super().apply(state, seat, move)
        if after.bomb is not None and after.salt is not None:
            after = after.model_copy(update={"seal": digest(after.bomb, after.salt)})
        return after


def render_toy_bombs(view: ToyBombsView, labels: Any = None) -> bytes:
    """The picture carries exactly what the view holds, like a real renderer."""
    return b"\x89PNG\r\n\x1a\n" + json.dumps(view.model_dump(mode="json")).encode()
