"""Views: the state as one seat (or the channel) may see it.

The only secret is ``live`` (and the seal's salt): a block's content shows only to its owner
with ``armed_by_owner``, to everyone with ``all_live``, and to everyone after the end, when
the opening of the seal is revealed too.
"""

from __future__ import annotations

from engines.battle_island import board, rules
from engines.battle_island.board import RANGE
from engines.battle_island.state import BattleIslandState
from engines.battle_island.view import (
    BattleIslandView,
    BlockView,
    CharacterView,
    PadView,
    RevealedBlockView,
    ShotView,
)
from engines.core.contract import Seat


def knows_block(state: BattleIslandState, block: int, viewer: Seat | None) -> bool:
    if not state.live:
        return False
    if state.result is not None or state.options.blocks == "all_live":
        return True
    owner = state.blocks[block].owner
    return state.options.blocks == "armed_by_owner" and viewer == owner and state.armed[owner]


def build_view(state: BattleIslandState, viewer: Seat | None, to_act: tuple[Seat, ...]) -> BattleIslandView:
    names = board.name
    characters = tuple(
        CharacterView(
            owner=c.owner,
            kind=c.kind,
            range=RANGE[c.kind],
            square=names(c.square) if c.square is not None else None,
            facing=c.facing,
            slot=c.slot,
        )
        for c in state.characters
        if c.where in ("island", "pad")
    )
    blocks = tuple(
        BlockView(
            square=names(b.square),
            owner=b.owner,
            live=state.live[i] if knows_block(state, i, viewer) else None,
        )
        for i, b in enumerate(state.blocks)
        if not b.active
    )
    recent = {state.turn, state.turn - 1}
    revealed = tuple(
        RevealedBlockView(square=names(r.square), live=r.live, blast=tuple(names(s) for s in r.blast))
        for r in state.revealed
        if r.turn in recent
    )
    pads: tuple[PadView, ...] = ()
    if state.options.carrier_pads:
        pads = tuple(
            PadView(
                owner=seat,
                files=tuple(
                    board.FILES[f] if 0 <= f < board.SIZE else None for f in board.pad_columns(seat, state.pads[seat])
                ),
                slots=tuple(
                    state.characters[cid].kind if (cid := rules.pad_character(state, seat, slot)) is not None else None
                    for slot in range(1, board.PAD_SLOTS + 1)
                ),
                rocket=board.FILES[board.rocket_file(state.pads[seat])],
            )
            for seat in (0, 1)
        )
    playing = state.phase == "play" and state.result is None and state.to_move is not None
    movable: tuple[str, ...] = ()
    shots: tuple[ShotView, ...] = ()
    entry: tuple[str, ...] = ()
    if playing and state.to_move is not None:
        seat = state.to_move
        if state.step == "move" and not state.moved:
            movable = tuple(
                names(state.characters[cid].square or 0)
                for cid in rules.movers(state)
                if rules.destinations(state, cid, state.die or 0)
            )
        if rules.shooting_allowed(state):
            shots = tuple(ShotView(frm=names(a), to=names(b)) for a, b in rules.shots(state, seat))
        if state.step in ("bring_on", "zero"):
            entry = tuple(
                names(square)
                for s in rules.entry_slots(state, seat)
                if (square := board.entry_square(seat, state.pads[seat], s)) is not None
            )
    over = state.result is not None
    live_left = None
    if state.live and (over or state.options.blocks == "all_live"):
        live_left = sum(1 for i, b in enumerate(state.blocks) if not b.active and state.live[i])
    restricted = state.characters[state.restricted] if state.restricted is not None else None
    return BattleIslandView(
        viewer=viewer,
        size=board.SIZE,
        phase=state.phase,
        step="over" if over else state.step,
        characters=characters,
        blocks=blocks,
        revealed=revealed,
        pads=pads,
        to_act=to_act,
        to_move=state.to_move,
        die=state.die,
        last_roll=state.last_roll,
        restricted=names(restricted.square) if restricted is not None and restricted.square is not None else None,
        pad_move=state.pad_move,
        movable=movable,
        shots=shots,
        entry=entry,
        lost=rules.losses(state),
        win_at=state.options.win_at,
        blocks_left=len(blocks),
        live_left=live_left,
        seal=state.seal,
        opening=rules.opening(state.live, state.salt) if over and state.seal else None,
        actions=state.actions or state.previous_actions,
        turn=state.turn,
        quiet_turns=state.quiet_turns,
        result=state.result,
    )
