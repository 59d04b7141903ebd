"""The Slag om het Eiland engine: the ``Engine`` protocol over the rule modules of this package.

Besides the contract it seals the hidden block layout (``seals``, checked by ``/match
verify``) and offers the obvious next action as a button (``action_buttons``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from engines.battle_island import rules
from engines.battle_island.moves import MOVES, BattleIslandMove, format_move
from engines.battle_island.notation import complete, parse
from engines.battle_island.options import BattleIslandOptions
from engines.battle_island.state import BattleIslandState, initial_state
from engines.battle_island.view import BattleIslandView, build_view
from engines.core import first_player
from engines.core.contract import ChanceSpec, Outcome, Result, Seal, Seat, options_as
from engines.core.errors import IllegalMoveError
from engines.core.tagged import TaggedMoves

SEAL_LAYOUT = "seal_layout"
SEAL_SALT = "seal_salt"
DIE = "die"
DIE_FACES = 6
"""The die runs 0-5 ("een zeszijdige dobbelsteen die begint bij nul en eindigt bij vijf")."""


class BattleIsland:
    """Slag om het Eiland, 2 players; see docs/games/battle_island.md.

    >>> engine = BattleIsland()
    >>> state = engine.setup(2, BattleIslandOptions())
    >>> engine.chance(state).kind, engine.chance(state).secret
    ('seal_layout', True)
    >>> state = engine.apply_chance(state, Outcome(kind="seal_layout", values=(0, 12345)))
    >>> state.seal[:12], engine.view(state, 0).blocks, engine.view(state, None).opening
    ('682a4e30bd37', (), None)
    >>> state = engine.apply_chance(state, Outcome(kind="first_player_roll", values=(5, 2)))
    >>> sorted(engine.to_act(state)), engine.format_move(engine.legal_moves(state, 0)[0], state)
    ([0], 'block a1')
    """

    slug: ClassVar[str] = "battle_island"
    version: ClassVar[int] = 2
    replays: ClassVar[frozenset[int]] = frozenset()  # version 1 records replay differently
    """2: shots pass over characters (crossfire on the line), one-step chains, the pad may hang
    past a corner, reinforcements enter onto blocks."""
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    options_model: ClassVar[type[BattleIslandOptions]] = BattleIslandOptions
    state_model: ClassVar[type[BattleIslandState]] = BattleIslandState
    move_model: ClassVar[TaggedMoves[BattleIslandMove]] = MOVES
    colours: ClassVar[tuple[str, ...]] = ("red", "blue")
    hidden_information: ClassVar[bool] = True
    """The blocks' characters are hidden from the other seat until revealed (``engines.core.capabilities``)."""

    # ------------------------------------------------------------------ contract

    def setup(self, players: int, options: BattleIslandOptions | Mapping[str, Any] | None = None) -> BattleIslandState:
        if players != 2:
            raise ValueError(f"Slag om het Eiland is for 2 players, not {players}")
        options = options_as(BattleIslandOptions, options)
        state = initial_state(options)
        if options.blocks == "all_live":
            # Nothing to hide: every block is a bomb, so there is no layout to seal.
            return state.model_copy(update={"phase": "start_roll", "live": (True,) * rules.BLOCKS})
        if options.blocks == "armed_by_owner":
            return state.model_copy(update={"phase": "start_roll"})
        return state

    def to_act(self, state: BattleIslandState) -> frozenset[Seat]:
        if state.result is not None:
            return frozenset()
        if state.phase == "arm":
            return frozenset(s for s in (0, 1) if not state.armed[s])
        mover = state.to_move
        if mover is None or state.phase in ("seal", "start_roll") or state.step == "rolling":
            return frozenset()
        if state.phase == "play" and state.step == "free_removal":
            return frozenset((rules.other(mover),))
        return frozenset((mover,))

    def chance(self, state: BattleIslandState) -> ChanceSpec | None:
        """The seal (which blocks are live, and a salt: secret), the start roll, then the die."""
        if state.result is not None:
            return None
        if state.phase == "seal":
            if state.options.blocks == "armed_by_owner":
                return ChanceSpec(kind=SEAL_SALT, sizes=(rules.SALT_SIZE,), secret=True)
            return ChanceSpec(kind=SEAL_LAYOUT, sizes=(len(rules.LAYOUTS), rules.SALT_SIZE), secret=True)
        if state.phase == "start_roll":
            return first_player.spec(2)
        if state.phase == "play" and state.step == "rolling":
            return ChanceSpec(kind=DIE, sizes=(DIE_FACES,))
        return None

    def apply_chance(self, state: BattleIslandState, outcome: Outcome) -> BattleIslandState:
        spec = self.chance(state)
        if spec is None or outcome.kind != spec.kind or len(outcome.values) != len(spec.sizes):
            raise ValueError(f"no {outcome.kind!r} chance is pending")
        if any(not 0 <= v < size for v, size in zip(outcome.values, spec.sizes)):
            raise ValueError("chance outcome out of range")
        if spec.kind == SEAL_LAYOUT:
            live_ids = rules.LAYOUTS[outcome.values[0]]
            live = tuple(b in live_ids for b in range(rules.BLOCKS))
            return rules.sealed(state, live, outcome.values[1]).model_copy(update={"phase": "start_roll"})
        if spec.kind == SEAL_SALT:
            sealed = rules.sealed(state, state.live, outcome.values[0])
            return sealed.model_copy(update={"phase": "characters", "to_move": state.first_player})
        if spec.kind == first_player.KIND:
            first = first_player.decide(first_player.faces(outcome))
            if first is None:
                return state  # a tie is rolled again ("met het hoogste nummer als eerste")
            return state.model_copy(update={"phase": "blocks", "first_player": first, "to_move": first})
        return rules.apply_die(state, outcome.values[0])

    def describe_chance(self, outcome: Outcome, state: BattleIslandState) -> tuple[str, dict[str, Any]]:
        """The start roll and the die are public; the seal's draw is secret (the core
        publishes the seal's digest itself)."""
        if outcome.kind == first_player.KIND:
            return first_player.describe(outcome)
        if outcome.kind == DIE:
            return "battle_island.rolled", {"seat": state.to_move, "face": outcome.values[0]}
        return "", {}

    def legal_moves(self, state: BattleIslandState, seat: Seat) -> list[BattleIslandMove]:
        return rules.legal_moves(state, seat)

    def apply(self, state: BattleIslandState, seat: Seat, move: BattleIslandMove) -> BattleIslandState:
        if seat not in self.to_act(state):
            raise IllegalMoveError("battle_island.not_your_turn", "not your turn")
        move = complete(move, lambda: rules.legal_moves(state, seat))
        after = rules.apply(state, seat, move, format_move(move))
        result = rules.judge(after)
        return after.model_copy(update={"result": result, "step": after.step}) if result else after

    def result(self, state: BattleIslandState) -> Result | None:
        return state.result

    def view(self, state: BattleIslandState, viewer: Seat | None) -> BattleIslandView:
        return build_view(state, viewer, tuple(sorted(self.to_act(state))))

    def revealed_view(self, state: BattleIslandState) -> BattleIslandView:
        """The public view with every block's secret shown (``RevealingGame``: replays after the end)."""
        return build_view(state, None, tuple(sorted(self.to_act(state))), reveal=True)

    def parse_move(self, text: str, state: BattleIslandState, seat: Seat) -> BattleIslandMove:
        """Read ``text`` and check it is legal now (``IllegalMoveError`` naming the rule broken;
        the referee adds the legal moves closest to what was typed). The move is applied once,
        by ``apply``, not here."""
        move = complete(parse(text), lambda: rules.legal_moves(state, seat))
        rules.check_move(state, seat, move)
        return move

    def format_move(self, move: BattleIslandMove, state: BattleIslandState) -> str:
        return format_move(move)

    def is_secret(self, move: BattleIslandMove, state: BattleIslandState) -> bool:
        """Arming one's blocks (``armed_by_owner``) is the only secret action."""
        return move.kind == "arm"

    # ------------------------------------------------------------------ extras

    def seals(self, state: BattleIslandState, reveal: bool) -> tuple[Seal, ...]:
        """The hidden layout's seal; its opening once the game is over (or ``reveal``)."""
        if state.seal is None:
            return ()
        shown = reveal or state.result is not None
        return (Seal(name="block_layout", digest=state.seal, opening=rules.opening(state.live, state.salt) if shown else None),)

    def step_message(self, state: BattleIslandState) -> tuple[str, dict[str, Any]] | None:
        """What the seat to act does now, e.g. "choose a zero option" or "move 3"."""
        if state.result is not None:
            return None
        if state.phase != "play":
            return f"battle_island.step_{state.phase}", {}
        if state.step == "move":
            key = "step_move_pad" if state.pad_move else "step_move" if rules.can_move(state) else "step_move_none"
            return f"battle_island.{key}", {"die": state.die}
        if state.step == "free_removal":
            return "battle_island.step_free_removal", {"seat": state.to_move}
        return f"battle_island.step_{state.step}", {}

    def action_buttons(self, state: BattleIslandState, seat: Seat) -> tuple[tuple[str, str], ...]:
        """``roll`` when the turn starts, ``end`` once the move is made."""
        if state.result is not None or state.phase != "play" or seat != state.to_move:
            return ()
        if state.step == "roll":
            return (("roll", "battle_island.button_roll"),)
        if state.step == "moved" or (state.step == "move" and not rules.can_move(state)):
            return (("end", "battle_island.button_end"),)
        return ()

    def describe_move(
        self, before: BattleIslandState, seat: Seat, move: BattleIslandMove, after: BattleIslandState
    ) -> tuple[tuple[str, dict[str, Any]], ...]:
        """What the action did, in words (``NarratingGame``), told from the channel's views only,
        so it can never say whether a block not yet activated is live: see
        ``engines.battle_island.narration``."""
        from engines.battle_island.narration import (
            describe_move,  # only the bot's replies need it
        )

        return describe_move(self.view(before, None), seat, move, self.view(after, None))


if TYPE_CHECKING:  # mypy (make lint) holds the engine to the contract: a drifting signature is an error
    from engines.core.contract import ButtonGame, Engine, NarratingGame, RevealingGame, SealingGame, StepGame

    _engine: Engine[BattleIslandState, BattleIslandMove, BattleIslandView, BattleIslandOptions] = BattleIsland()
    _buttons: ButtonGame[BattleIslandState] = BattleIsland()
    _narrating: NarratingGame[BattleIslandState, BattleIslandMove] = BattleIsland()
    _sealing: SealingGame[BattleIslandState] = BattleIsland()
    _steps: StepGame[BattleIslandState] = BattleIsland()
    _revealing: RevealingGame[BattleIslandState] = BattleIsland()
