"""What leaves the engine for Slag om het Eiland: the view model the renderer and bot read.

Squares are algebraic (``a1`` south-west .. ``l12`` north-east); seat 0 (red) sits at the
south edge with its pad below rank 1, seat 1 (blue) at the north edge with its pad above
rank 12. The one secret is which obstacle blocks are live: ``BlockView.live`` is ``None``
unless the viewer may know it (their own armed blocks with ``armed_by_owner``, or after the
end when the layout is revealed). Names here are stable: the renderer is written against them.

``build_view`` builds the view from a state: a block's content shows only to its owner with
``armed_by_owner``, to everyone with ``all_live``, and to everyone after the end, when the
opening of the seal is revealed too.
"""

from __future__ import annotations

from typing import Literal

from engines.battle_island import board, rules
from engines.battle_island.board import RANGE
from engines.battle_island.state import ActionView, BattleIslandState, Kind, Phase, Step
from engines.core.contract import Frozen, Result, Seat

Direction = Literal["n", "e", "s", "w"]


class CharacterView(Frozen):
    owner: Seat
    kind: Kind
    range: int
    """Exact shooting range: soldier 2, jeep 3, tank 4."""
    square: str | None
    """Island square, or ``None`` while on the pad."""
    facing: Direction | None
    """Facing on the island (``n`` is towards rank 12); ``None`` on the pad."""
    slot: int | None
    """Pad slot 1-5 (from the owner's left) it stands on or will leave from (rule 6);
    ``None`` for characters that started on the island."""


class BlockView(Frozen):
    square: str
    owner: Seat
    """Who placed it."""
    live: bool | None
    """``None`` when the viewer does not know (the secret)."""


class RevealedBlockView(Frozen):
    """A block activated this turn or the previous one (drawn with its blast area)."""

    square: str
    live: bool
    blast: tuple[str, ...] = ()
    """The squares around a live block whose characters were removed with it."""


class PadView(Frozen):
    owner: Seat
    files: tuple[str | None, ...]
    """The island files beside slots 1-5 (from the owner's left); ``None`` for a slot hanging
    past the island's corner (only the rocket must stay beside the island)."""
    slots: tuple[Kind | None, ...]
    """What stands on each slot, 1-5 from the owner's left."""
    rocket: str
    """The file of the rocket square (the middle of the pad, against the island)."""


class ShotView(Frozen):
    frm: str
    to: str


class BattleIslandView(Frozen):
    viewer: Seat | None
    size: int
    phase: Phase
    step: Step
    characters: tuple[CharacterView, ...]
    """Every character still in the game (island and pads)."""
    blocks: tuple[BlockView, ...]
    """Unactivated blocks on the island."""
    revealed: tuple[RevealedBlockView, ...]
    pads: tuple[PadView, ...]
    """Empty with the ``carrier_pads`` option off."""
    to_act: tuple[Seat, ...]
    to_move: Seat | None
    """Whose turn it is (after the start roll)."""
    die: int | None
    """The roll being played (0-5); ``None`` before the roll."""
    last_roll: int | None
    """The most recent face rolled (shown as a die face), this turn or the last."""
    restricted: str | None = None
    """After a zero option: the only character that may move (rule 2a)."""
    pad_move: bool = False
    """After a zero: the roll moves the pad (zero option 2)."""
    movable: tuple[str, ...] = ()
    """Characters of the seat to move that can use the current roll."""
    shots: tuple[ShotView, ...] = ()
    """Shots the seat to move can make now (exact range, facing, no block between)."""
    entry: tuple[str, ...] = ()
    """Squares a reinforcement may enter on now (``bring_on``/``zero``)."""
    lost: tuple[int, int]
    """Characters each seat has lost."""
    win_at: int
    blocks_left: int
    live_left: int | None
    """Live blocks still on the island, when that is public (``all_live``, or after the end)."""
    seal: str | None = None
    """The published sha256 of the hidden layout (``None`` before it is fixed)."""
    opening: str | None = None
    """The layout and salt, revealed after the end (``sha256(opening) == seal``)."""
    actions: tuple[ActionView, ...] = ()
    """This turn's actions so far, or the previous turn's before the roll."""
    turn: int
    quiet_turns: int
    result: Result | None = None


def knows_block(state: BattleIslandState, block: int, viewer: Seat | None, reveal: bool = False) -> bool:
    if not state.live:
        return False
    if reveal or state.result is not None or state.options.blocks == "all_live":
        return True
    owner = state.blocks[block].owner
    return state.options.blocks == "armed_by_owner" and viewer == owner and state.armed[owner]


def build_view(state: BattleIslandState, viewer: Seat | None, to_act: tuple[Seat, ...], reveal: bool = False) -> BattleIslandView:
    """What ``viewer`` may see; ``reveal``: every block's secret too (a replay after the end)."""
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
            live=state.live[i] if knows_block(state, i, viewer, reveal) else None,
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
