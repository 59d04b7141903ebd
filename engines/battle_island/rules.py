"""The rules of Slag om het Eiland: setup, the turn, movement, shots and blocks.

Every rule lives in one function here, named after what it decides; the comments give
the rulebook place ("Hoe te verplaatsen", general rule N). ``legal_moves`` and ``apply``
share the same rule functions (``destinations``, ``shots``, ``entry_slots``...), so a
listed move applies and an unlisted one is refused with the rule it breaks.
"""

from __future__ import annotations

import hashlib
from itertools import combinations, permutations
from typing import Any

from engines.battle_island import board
from engines.battle_island.board import PAD_SLOTS, RANGE, SIZE, Side
from engines.battle_island.moves import (
    ArmAction,
    BattleIslandMove,
    BlockAction,
    EndAction,
    MoveAction,
    PadAction,
    PadOptionAction,
    PlaceAction,
    ReinforceAction,
    RemoveAction,
    RollAction,
    ShiftAction,
    ShootAction,
    TurnAction,
    format_move,
)
from engines.battle_island.options import BattleIslandOptions
from engines.battle_island.state import (
    ActionKind,
    ActionView,
    BattleIslandState,
    Block,
    Character,
    Kind,
    Revealed,
)
from engines.core.contract import Result, Seat
from engines.core.errors import IllegalMoveError

BLOCKS = 10
LIVE_BLOCKS = 6
"""Ten blocks, six live (skull) and four safe ("Over de obstakelblokken")."""
ARMED_PER_OWNER = 3
"""``armed_by_owner``: each player arms 3 of their 5 blocks (6 live in all, as in the box)."""
LAYOUTS = tuple(combinations(range(BLOCKS), LIVE_BLOCKS))
"""Every hidden layout: the ids of the live blocks; the seal draw picks one (210)."""
SALT_SIZE = 2**64


def other(seat: Seat) -> Seat:
    return 1 - seat


def refuse(code: str, **params: Any) -> IllegalMoveError:
    """An illegal move with its catalog code; the English fallback is for logs and tests."""
    detail = ", ".join(f"{k}={v}" for k, v in params.items())
    return IllegalMoveError(f"battle_island.{code}", f"{code.replace('_', ' ')} ({detail})", **params)


# ---------------------------------------------------------------- the seal


def opening(live: tuple[bool, ...], salt: str) -> str:
    """The text the seal hashes: one letter per block in placement order (``L`` live, ``S``
    safe) and the salt. Anyone can check ``sha256(opening) == seal`` after the end.

    >>> opening((True, False) * 5, "00ff")
    'battle_island layout LSLSLSLSLS salt 00ff'
    """
    return f"battle_island layout {''.join('L' if x else 'S' for x in live)} salt {salt}"


def sealed(state: BattleIslandState, live: tuple[bool, ...], salt_value: int) -> BattleIslandState:
    salt = f"{salt_value:016x}"
    digest = hashlib.sha256(opening(live, salt).encode()).hexdigest()
    return state.model_copy(update={"live": live, "salt": salt, "seal": digest})


# ---------------------------------------------------------------- setup


def island_quota(options: BattleIslandOptions) -> int:
    """Characters each side puts on the island in setup: 5, or all 10 without pads."""
    return PAD_SLOTS if options.carrier_pads else len(options.army)


def placed_on_island(state: BattleIslandState, seat: Seat) -> int:
    return sum(1 for c in state.characters if c.owner == seat and c.where != "reserve")


def check_block(state: BattleIslandState, square: int) -> None:
    """Setup: blocks go anywhere free on the island, at most one per row and per column."""
    for b in state.blocks:
        if b.square == square:
            raise refuse("block_taken", square=board.name(square))
        if b.square % SIZE == square % SIZE:
            raise refuse("block_same_column", square=board.name(square), other=board.name(b.square))
        if b.square // SIZE == square // SIZE:
            raise refuse("block_same_row", square=board.name(square), other=board.name(b.square))


def check_arm(state: BattleIslandState, seat: Seat, squares: tuple[int, ...]) -> tuple[int, ...]:
    """``armed_by_owner``: exactly three different blocks of one's own; returns their ids."""
    ids = []
    for square in squares:
        block = state.block_at(square)
        if block is None or state.blocks[block].owner != seat:
            raise refuse("arm_not_yours", square=board.name(square))
        ids.append(block)
    if len(set(ids)) != ARMED_PER_OWNER:
        raise refuse("arm_three", count=len(set(ids)), need=ARMED_PER_OWNER)
    return tuple(sorted(ids))


def check_place(state: BattleIslandState, seat: Seat, kind: Kind, square: int) -> None:
    """Setup: own first two rows, a free square, a kind still in reserve."""
    if kind not in state.reserve(seat):
        raise refuse("no_such_unit_left", unit=kind)
    if square // SIZE not in board.home_rows(seat):
        raise refuse("place_home_rows", square=board.name(square), seat=seat)
    if state.index_of(square) is not None or state.block_at(square) is not None:
        raise refuse("square_occupied", square=board.name(square))


def check_pad(state: BattleIslandState, seat: Seat, order: tuple[Kind, ...]) -> None:
    """Setup: the remaining characters onto slots 1-5, one per slot."""
    if sorted(order) != sorted(state.reserve(seat)):
        raise refuse("pad_order", need=list(state.reserve(seat)))


# ---------------------------------------------------------------- movement


def blocked(state: BattleIslandState, square: int) -> bool:
    """Rules 5, 11 and 14: a character or an unactivated block stops movement."""
    return state.index_of(square) is not None or state.block_at(square) is not None


def destinations(state: BattleIslandState, cid: int, roll: int) -> list[tuple[int, Side | None]]:
    """Where character ``cid`` can go with ``roll`` ("Hoe een personage te verplaatsen", rules
    1, 9, 14): exactly ``roll`` squares straight ahead, the last one may be an unactivated
    block (landing activates it); or ``roll - 1`` squares then a quarter turn with the last
    unit (not with a 1, not onto a block)."""
    c = state.characters[cid]
    assert c.square is not None and c.facing is not None
    path = board.ray(c.square, c.facing, roll)
    found: list[tuple[int, Side | None]] = []
    if roll >= 2:
        before = board.ray(c.square, c.facing, roll - 1)
        if before is not None and not any(blocked(state, s) for s in before):
            for side in ("left", "right"):
                found.append((before[-1], side))
    if path is not None and not any(blocked(state, s) for s in path[:-1]):
        last = path[-1]
        if state.index_of(last) is None:
            found.insert(0, (last, None))
    return found


def movers(state: BattleIslandState) -> list[int]:
    """Characters that may move with the current roll: all of the player's island characters,
    or only the one the zero option named (rule 2a); none when the roll moves the pad."""
    if state.pad_move or state.die is None or state.die == 0 or state.to_move is None:
        return []
    if state.restricted is not None:
        c = state.characters[state.restricted]
        return [state.restricted] if c.where == "island" else []
    return [i for i, c in enumerate(state.characters) if c.owner == state.to_move and c.where == "island"]


def pad_shifts(state: BattleIslandState) -> list[Side]:
    """Zero option 2: the pad moves exactly the roll along the edge, never round a corner: its
    rocket square stays against the island, the outer slots may hang past it (decision 3)."""
    if not state.pad_move or not state.die or state.to_move is None:
        return []
    seat = state.to_move
    return [
        side
        for side in ("left", "right")
        if board.pad_fits(state.pads[seat] + board.pad_shift(seat, side, state.die))
    ]


def can_move(state: BattleIslandState) -> bool:
    """Rule 15: whether the roll can be used (then it must be)."""
    return bool(pad_shifts(state)) or any(destinations(state, cid, state.die or 0) for cid in movers(state))


# ---------------------------------------------------------------- pads


def pad_character(state: BattleIslandState, seat: Seat, slot: int) -> int | None:
    for i, c in enumerate(state.characters):
        if c.owner == seat and c.where == "pad" and c.slot == slot:
            return i
    return None


def entry_slots(state: BattleIslandState, seat: Seat) -> list[int]:
    """Slots whose character can come onto the island now: the slot must face an island square
    (not hang past the corner), and no character may stand there ("alleen indien niet bezet
    door een ander personage"); a block there is entered, and activated (decision 14)."""
    found = []
    for slot in range(1, PAD_SLOTS + 1):
        entry = board.entry_square(seat, state.pads[seat], slot)
        if pad_character(state, seat, slot) is not None and entry is not None and state.index_of(entry) is None:
            found.append(slot)
    return found


# ---------------------------------------------------------------- shots


def stops_shot(state: BattleIslandState, square: int) -> bool:
    """Rule 5: an unactivated block stops a shot ("je kunt niets schieten dat voorbij een
    obstakelblok is"); a character only with ``shots_blocked_by_characters`` (decision 11)."""
    if state.block_at(square) is not None:
        return True
    return state.options.shots_blocked_by_characters and state.index_of(square) is not None


def line_of_fire(state: BattleIslandState, shooter: int) -> list[int]:
    """The squares between the character on ``shooter`` and the square exactly its range ahead
    (empty when the island ends first)."""
    cid = state.index_of(shooter)
    assert cid is not None, "a character stands on the square it shoots from"
    c = state.characters[cid]
    assert c.facing is not None
    line = board.ray(shooter, c.facing, RANGE[c.kind])
    return line[:-1] if line is not None else []


def shots(state: BattleIslandState, seat: Seat) -> list[tuple[int, int]]:
    """(shooter square, target square) pairs ("Een doel schieten", rules 3, 5, 8): an island
    character, facing the target, at exactly its range, no block between (characters are
    passed over, decision 11); the target an opponent's character on the island or an
    unactivated block."""
    found = []
    for c in state.characters:
        if c.owner != seat or c.where != "island":
            continue
        assert c.square is not None and c.facing is not None
        line = board.ray(c.square, c.facing, RANGE[c.kind])
        if line is None or any(stops_shot(state, s) for s in line[:-1]):
            continue
        target = line[-1]
        hit = state.index_of(target)
        if (hit is not None and state.characters[hit].owner != seat) or state.block_at(target) is not None:
            found.append((c.square, target))
    return found


def shooting_allowed(state: BattleIslandState) -> bool:
    """Shots come after the roll, before and after the move (rules 3 and 12)."""
    return state.phase == "play" and state.step in ("zero", "move", "moved")


# ---------------------------------------------------------------- blocks


def activate(state: BattleIslandState, block: int) -> BattleIslandState:
    """A character (a shot, a landing, an entry) activates ``block`` ("Over de obstakelblokken",
    rule 10). A live block goes with every character on its eight neighbouring squares (and the
    one standing on it); a safe one is removed and harms nobody. A live block set off by a
    character sets off the unactivated blocks on its eight neighbouring squares, "maar alleen
    als het obstakelblok aanvankelijk door een personage werd geactiveerd": a block set off by
    a block sets off nothing more (decision 10), unless ``long_chains`` (our variant)."""
    blocks = list(state.blocks)
    characters = list(state.characters)
    revealed = list(state.revealed)
    queue = [(block, True)]  # (block id, set off by a character)
    lost = False
    while queue:
        b, by_character = queue.pop(0)
        if blocks[b].active:
            continue
        blocks[b] = blocks[b].model_copy(update={"active": True})
        square = blocks[b].square
        if not state.live[b]:
            revealed.append(Revealed(square=square, live=False, turn=state.turn))
            continue
        area = board.neighbours(square)
        for i, c in enumerate(characters):
            if c.where == "island" and (c.square in area or c.square == square):
                characters[i] = c.model_copy(update={"where": "gone", "square": None, "facing": None})
                lost = True
        revealed.append(Revealed(square=square, live=True, blast=area, turn=state.turn))
        if not (by_character or state.options.long_chains):
            continue
        for n, other_block in enumerate(blocks):
            if not other_block.active and other_block.square in area:
                queue.append((n, False))
    update: dict[str, Any] = {"blocks": tuple(blocks), "characters": tuple(characters), "revealed": tuple(revealed)}
    if lost:
        update["lost_this_turn"] = True
    return state.model_copy(update=update)


# ---------------------------------------------------------------- turns


def begin_turn(state: BattleIslandState, seat: Seat) -> BattleIslandState:
    """A new turn for ``seat``: roll, or rule 4 (no island characters: bring one on first),
    or rule 1b (none can come on: the opponent removes one from the pad)."""
    on_island = any(c.owner == seat and c.where == "island" for c in state.characters)
    on_pad = any(c.owner == seat and c.where == "pad" for c in state.characters)
    step, removal = "roll", None
    if not on_island and on_pad:
        if entry_slots(state, seat):
            step = "bring_on"
        else:
            step, removal = "free_removal", "pad"
    return state.model_copy(
        update={
            "to_move": seat,
            "step": step,
            "removal": removal,
            "die": None,
            "restricted": None,
            "pad_move": False,
            "moved": False,
            "turn": state.turn + 1,
            "previous_actions": state.actions or state.previous_actions,
            "actions": (),
        }
    )


def end_turn(state: BattleIslandState) -> BattleIslandState:
    mover = state.to_move
    assert mover is not None
    quiet = 0 if state.lost_this_turn else state.quiet_turns + 1
    state = state.model_copy(update={"quiet_turns": quiet, "lost_this_turn": False})
    return begin_turn(state, other(mover))


def start_play(state: BattleIslandState) -> BattleIslandState:
    assert state.first_player is not None
    return begin_turn(state.model_copy(update={"phase": "play"}), state.first_player)


def after_setup_step(state: BattleIslandState, seat: Seat) -> BattleIslandState:
    """Setup in turns: the next seat, and the next phase once both are done."""
    first = state.first_player
    assert first is not None
    if state.phase == "blocks":
        if len(state.blocks) < BLOCKS:
            return state.model_copy(update={"to_move": other(seat)})
        if state.options.blocks == "armed_by_owner":
            return state.model_copy(update={"phase": "arm", "to_move": None})
        return state.model_copy(update={"phase": "characters", "to_move": first})
    if state.phase == "characters":
        quota = island_quota(state.options)
        if placed_on_island(state, other(seat)) < quota:
            return state.model_copy(update={"to_move": other(seat)})
        if placed_on_island(state, seat) < quota:
            return state
        if state.options.carrier_pads:
            return state.model_copy(update={"phase": "pads", "to_move": first})
        return start_play(state)
    if state.phase == "pads":
        if state.reserve(other(seat)):
            return state.model_copy(update={"to_move": other(seat)})
        return start_play(state)
    return state


# ---------------------------------------------------------------- results


def losses(state: BattleIslandState) -> tuple[int, int]:
    gone = [0, 0]
    for c in state.characters:
        if c.where == "gone":
            gone[c.owner] += 1
    return gone[0], gone[1]


def judge(state: BattleIslandState) -> Result | None:
    """The end: a side that lost all ten (or ``win_at``) characters loses; both at once is a
    draw; the quiet-turn limit (our addition) is a draw."""
    lost = losses(state)
    target = state.options.win_at
    beaten = [seat for seat in (0, 1) if lost[seat] >= target]
    reason = "battle_island.all_lost" if target == len(state.options.army) else "battle_island.lost_target"
    if len(beaten) == 2:
        return Result(draw=True, reason="battle_island.both_lost", params={"target": target})
    if beaten:
        return Result(winners=(other(beaten[0]),), reason=reason, params={"loser": beaten[0], "target": target})
    limit = state.options.quiet_turn_limit
    if state.phase == "play" and limit and state.quiet_turns >= limit:
        return Result(draw=True, reason="battle_island.quiet_limit", params={"turns": limit})
    return None


# ---------------------------------------------------------------- legal moves


def legal_moves(state: BattleIslandState, seat: Seat) -> list[BattleIslandMove]:
    """Every legal action of ``seat`` now, in a stable order."""
    if state.result is not None:
        return []
    phase = state.phase
    if phase == "arm":
        if state.armed[seat]:
            return []
        own = [board.name(b.square) for b in state.blocks if b.owner == seat]
        return [ArmAction(squares=tuple(sorted(trio))) for trio in combinations(own, ARMED_PER_OWNER)]
    removing = phase == "play" and state.step == "free_removal"
    if seat != (other(state.to_move or 0) if removing else state.to_move):
        return []
    if phase == "blocks":
        moves: list[BattleIslandMove] = []
        for square in range(SIZE * SIZE):
            try:
                check_block(state, square)
            except IllegalMoveError:
                continue
            moves.append(BlockAction(square=board.name(square)))
        return moves
    if phase == "characters":
        moves = []
        for kind in dict.fromkeys(state.reserve(seat)):
            for row in board.home_rows(seat):
                for col in range(SIZE):
                    square = row * SIZE + col
                    if not blocked(state, square):
                        moves.extend(
                            PlaceAction(unit=kind, square=board.name(square), facing=d) for d in board.DIRECTIONS
                        )
        return moves
    if phase == "pads":
        return [PadAction(order=order) for order in dict.fromkeys(permutations(state.reserve(seat)))]
    if phase != "play":
        return []
    return _turn_moves(state, seat)


def _turn_moves(state: BattleIslandState, seat: Seat) -> list[BattleIslandMove]:
    step = state.step
    if step == "free_removal":
        victim = other(seat)
        if state.removal == "pad":
            return [
                RemoveAction(slot=c.slot)
                for c in sorted(state.characters, key=lambda c: c.slot or 0)
                if c.owner == victim and c.where == "pad"
            ]
        return [
            RemoveAction(square=board.name(c.square))
            for c in state.characters
            if c.owner == victim and c.where == "island" and c.square is not None
        ]
    moves: list[BattleIslandMove] = []
    if step == "roll":
        return [RollAction()]
    if step in ("bring_on", "zero"):
        moves += [ReinforceAction(slot=slot) for slot in entry_slots(state, seat)]
    if step == "zero":
        if state.options.carrier_pads:
            moves.append(PadOptionAction())
        for c in state.characters:
            if c.owner == seat and c.where == "island" and c.square is not None:
                moves += [TurnAction(square=board.name(c.square), side=side) for side in ("left", "right")]
    if step == "move":
        for cid in movers(state):
            frm = state.characters[cid].square
            assert frm is not None
            for to, side in destinations(state, cid, state.die or 0):
                moves.append(MoveAction(square=board.name(frm), to=board.name(to), side=side))
        moves += [ShiftAction(side=side) for side in pad_shifts(state)]
        if not moves:
            moves.append(EndAction())
    if step == "moved":
        moves.append(EndAction())
    if shooting_allowed(state):
        moves += [ShootAction(square=board.name(a), to=board.name(b)) for a, b in shots(state, seat)]
    return moves


def check_move(state: BattleIslandState, seat: Seat, move: BattleIslandMove) -> None:
    """Raise ``IllegalMoveError`` naming the rule broken unless ``seat`` may play ``move`` now,
    without building the next state for a legal move: a listed move is legal (``legal_moves``
    and ``apply`` share the rule functions), and only an unlisted one goes to ``apply``, whose
    refusal names the rule."""
    if _listed_setup(state, seat, move) or move in legal_moves(state, seat):
        return
    apply(state, seat, move, format_move(move))


def _listed_setup(state: BattleIslandState, seat: Seat, move: BattleIslandMove) -> bool:
    """Whether ``legal_moves`` lists ``move``, a block or a placement of the setup, found without
    building the list (100-500 moves, each with its own check: most of a setup's time). Such a
    move that is not listed raises the very refusal ``apply`` gives (the same check); ``False``
    for any other move."""
    if state.result is not None or seat != state.to_move or move.kind not in ("block", "place"):
        return False
    try:
        square = board.index(move.square)
    except ValueError:
        return False
    name = board.name(square)
    if state.phase == "blocks" and move == BlockAction(square=name):
        check_block(state, square)
        return True
    if (
        state.phase == "characters"
        and move.kind == "place"
        and move.facing in board.DIRECTIONS
        and move == PlaceAction(unit=move.unit, square=name, facing=move.facing)
    ):
        check_place(state, seat, move.unit, square)
        return True
    return False


# ---------------------------------------------------------------- apply


def _square(text: str | None) -> int:
    if text is None:
        raise refuse("square_missing")
    try:
        return board.index(text)
    except ValueError:
        raise refuse("not_a_square", square=text) from None


def _log(
    state: BattleIslandState,
    seat: Seat,
    kind: ActionKind,
    text: str,
    frm: int | None = None,
    to: int | None = None,
    caught: tuple[int, ...] = (),
) -> BattleIslandState:
    action = ActionView(
        seat=seat,
        kind=kind,
        text=text,
        frm=board.name(frm) if frm is not None else None,
        to=board.name(to) if to is not None else None,
        caught=tuple(board.name(s) for s in caught),
    )
    return state.model_copy(update={"actions": (*state.actions, action)})


def _set_character(state: BattleIslandState, cid: int, **update: Any) -> BattleIslandState:
    characters = list(state.characters)
    characters[cid] = characters[cid].model_copy(update=update)
    return state.model_copy(update={"characters": tuple(characters)})


def _remove(state: BattleIslandState, cid: int) -> BattleIslandState:
    state = _set_character(state, cid, where="gone", square=None, facing=None)
    return state.model_copy(update={"lost_this_turn": True})


def apply(state: BattleIslandState, seat: Seat, move: BattleIslandMove, text: str) -> BattleIslandState:
    """The state after ``seat`` plays ``move`` (``text`` is its notation, for the action log).
    Raises ``IllegalMoveError`` naming the rule broken."""
    if state.result is not None:
        raise refuse("game_over")
    phase = state.phase
    if phase == "arm":
        return _apply_arm(state, seat, move)
    if phase == "play" and state.step == "free_removal":
        if move.kind != "remove" or seat != other(state.to_move or 0):
            raise refuse("free_removal_pending", seat=other(state.to_move or 0))
        return _apply_removal(state, seat, move, text)
    if seat != state.to_move:
        raise refuse("not_your_turn")
    if phase in ("blocks", "characters", "pads"):
        return _apply_setup(state, seat, move)
    if phase != "play":
        raise refuse("not_now")
    return _apply_turn(state, seat, move, text)


def _apply_arm(state: BattleIslandState, seat: Seat, move: BattleIslandMove) -> BattleIslandState:
    if move.kind != "arm":
        raise refuse("arm_first")
    if state.armed[seat]:
        raise refuse("already_armed")
    ids = check_arm(state, seat, tuple(_square(s) for s in move.squares))
    live = list(state.live or (False,) * BLOCKS)
    for b, block in enumerate(state.blocks):
        if block.owner == seat:
            live[b] = b in ids
    armed = (True, state.armed[1]) if seat == 0 else (state.armed[0], True)
    # Both armed: the referee draws the salt and seals the layout (a chance node).
    return state.model_copy(update={"live": tuple(live), "armed": armed, "phase": "seal" if all(armed) else "arm"})


def _apply_setup(state: BattleIslandState, seat: Seat, move: BattleIslandMove) -> BattleIslandState:
    phase = state.phase
    if phase == "blocks":
        if move.kind != "block":
            raise refuse("expect_block")
        square = _square(move.square)
        check_block(state, square)
        state = state.model_copy(update={"blocks": (*state.blocks, Block(owner=seat, square=square))})
    elif phase == "characters":
        if move.kind != "place":
            raise refuse("expect_place")
        square = _square(move.square)
        check_place(state, seat, move.unit, square)
        cid = next(i for i, c in enumerate(state.characters) if c.owner == seat and c.where == "reserve" and c.kind == move.unit)
        state = _set_character(state, cid, where="island", square=square, facing=move.facing)
    else:
        if move.kind != "pad":
            raise refuse("expect_pad")
        check_pad(state, seat, move.order)
        for slot, kind in enumerate(move.order, start=1):
            cid = next(i for i, c in enumerate(state.characters) if c.owner == seat and c.where == "reserve" and c.kind == kind)
            state = _set_character(state, cid, where="pad", slot=slot)
    return after_setup_step(state, seat)


def _apply_removal(state: BattleIslandState, seat: Seat, move: RemoveAction, text: str) -> BattleIslandState:
    victim = other(seat)
    if state.removal == "pad":
        cid = pad_character(state, victim, move.slot or 0)
        if move.slot is None or cid is None:
            raise refuse("remove_pad_slot", slots=[c.slot for c in state.characters if c.owner == victim and c.where == "pad"])
        state = _set_character(state, cid, slot=None)
        state = _log(_remove(state, cid), seat, "remove", text)
    else:
        square = _square(move.square)
        cid = state.index_of(square)
        if cid is None or state.characters[cid].owner != victim:
            raise refuse("remove_not_theirs", square=board.name(square))
        state = _log(_remove(state, cid), seat, "remove", text, to=square)
    return end_turn(state)


def _apply_turn(state: BattleIslandState, seat: Seat, move: BattleIslandMove, text: str) -> BattleIslandState:
    step = state.step
    if move.kind == "shoot":
        return _apply_shot(state, seat, move, text)
    if move.kind == "roll":
        if step != "roll":
            raise refuse("roll_not_now")
        return state.model_copy(update={"step": "rolling"})
    if move.kind == "reinforce":
        if step not in ("bring_on", "zero"):
            raise refuse("reinforce_not_now")
        slot = move.slot
        if slot not in entry_slots(state, seat):
            raise refuse("reinforce_slot", slot=slot, slots=entry_slots(state, seat))
        cid = pad_character(state, seat, slot)
        entry = board.entry_square(seat, state.pads[seat], slot)
        assert cid is not None and entry is not None
        block = state.block_at(entry)
        state = _set_character(state, cid, where="island", square=entry, facing=board.FORWARD[seat])
        state = _log(state, seat, "reinforce", text, to=entry)
        if block is not None:
            # Entering onto a block activates it as landing on it does (decision 14).
            state = activate(state, block)
        # After a zero only this character moves (rule 2a); under rule 4 it is the only one
        # on the island anyway, and the roll is "as normal" (rule 1a can apply).
        restricted = cid if step == "zero" else None
        return state.model_copy(update={"restricted": restricted, "pad_move": False, "step": "rolling"})
    if move.kind == "pad_option":
        if step != "zero" or not state.options.carrier_pads:
            raise refuse("zero_option_not_now")
        return _log(state.model_copy(update={"pad_move": True, "restricted": None, "step": "rolling"}), seat, "pad", text)
    if move.kind == "turn":
        if step != "zero":
            raise refuse("zero_option_not_now")
        square = _square(move.square)
        cid = state.index_of(square)
        if cid is None or state.characters[cid].owner != seat:
            raise refuse("not_your_character", square=board.name(square))
        facing = state.characters[cid].facing
        assert facing is not None
        state = _set_character(state, cid, facing=board.turn(facing, move.side))
        state = _log(state, seat, "turn", text, to=square)
        return state.model_copy(update={"restricted": cid, "pad_move": False, "step": "rolling"})
    if move.kind == "move":
        return _apply_move(state, seat, move, text)
    if move.kind == "shift":
        if step != "move" or move.side not in pad_shifts(state):
            raise refuse("shift_impossible", die=state.die)
        assert state.die is not None
        pads = list(state.pads)
        pads[seat] += board.pad_shift(seat, move.side, state.die)
        state = _log(state.model_copy(update={"pads": tuple(pads)}), seat, "pad", text)
        return state.model_copy(update={"moved": True, "step": "moved"})
    if move.kind == "end":
        return _apply_end(state, seat, text)
    raise refuse("not_now")


def _apply_move(state: BattleIslandState, seat: Seat, move: MoveAction, text: str) -> BattleIslandState:
    if state.step != "move":
        raise refuse("move_not_now")
    frm = _square(move.square)
    cid = state.index_of(frm)
    if cid is None or state.characters[cid].owner != seat:
        raise refuse("not_your_character", square=board.name(frm))
    if cid not in movers(state):
        if state.pad_move:
            raise refuse("pad_must_move")
        named = state.characters[state.restricted or 0]
        if named.square is None:
            raise refuse("restricted_gone")
        raise refuse("only_restricted", square=board.name(named.square))
    options = destinations(state, cid, state.die or 0)
    chosen = [(to, side) for to, side in options if side == move.side and (move.to is None or board.name(to) == move.to)]
    if not chosen:
        if state.die == 1:  # a 1 is one step ahead: no "one less and turn" (decision 8)
            raise refuse("cannot_move_there_one", square=board.name(frm), to=move.to or "")
        die = state.die or 0
        raise refuse("cannot_move_there", square=board.name(frm), die=die, fewer=die - 1, to=move.to or "")
    to, side = chosen[0]
    c = state.characters[cid]
    assert c.facing is not None
    facing = board.turn(c.facing, side) if side else c.facing
    block = state.block_at(to)
    state = _set_character(state, cid, square=to, facing=facing)
    state = _log(state, seat, "move", text, frm=frm, to=to)
    if block is not None:
        state = activate(state, block)
    return state.model_copy(update={"moved": True, "step": "moved"})


def _apply_shot(state: BattleIslandState, seat: Seat, move: ShootAction, text: str) -> BattleIslandState:
    if not shooting_allowed(state):
        raise refuse("shoot_not_now")
    frm = _square(move.square)
    pairs = [(a, b) for a, b in shots(state, seat) if a == frm]
    if not pairs or (move.to is not None and board.name(pairs[0][1]) != move.to):
        raise refuse("no_shot", square=board.name(frm), to=move.to or "")
    target = pairs[0][1]
    # Rule 10: the characters the shot passes over are caught in the crossfire of a hit on a
    # character or a live block, whoever owns them; a safe block harms nobody (decision 11).
    line = [s for s in line_of_fire(state, frm) if state.index_of(s) is not None]
    hit = state.index_of(target)
    block = state.block_at(target)
    caught = tuple(line) if hit is not None or (block is not None and state.live[block]) else ()
    state = _log(state, seat, "shoot", text, frm=frm, to=target, caught=caught)
    if hit is not None:
        state = _remove(state, hit)
    else:
        assert block is not None
        state = activate(state, block)
    for square in caught:
        cid = state.index_of(square)
        if cid is not None:  # not already gone in the blast
            state = _remove(state, cid)
    return state


def _apply_end(state: BattleIslandState, seat: Seat, text: str) -> BattleIslandState:
    if state.step == "moved":
        return end_turn(state)
    if state.step != "move":
        raise refuse("end_not_now")
    if can_move(state):
        raise refuse("must_move", die=state.die)  # rule 15
    state = _log(state, seat, "lost_roll", text)
    free = state.restricted is None and not state.pad_move
    has_island = any(c.owner == seat and c.where == "island" for c in state.characters)
    if free and has_island:
        # Rule 1a: no character can use the whole roll; the opponent removes one of them.
        return state.model_copy(update={"step": "free_removal", "removal": "island"})
    return end_turn(state)


def apply_die(state: BattleIslandState, face: int) -> BattleIslandState:
    """The referee's roll (faces 0-5). A zero gives the three options, and a new zero starts
    them over (rule 2); another face is the move, for the character a zero option named."""
    mover = state.to_move
    assert mover is not None
    state = state.model_copy(update={"die": face, "last_roll": face, "moved": False})
    state = _log(state, mover, "roll", f"roll {face}")
    if face == 0:
        return state.model_copy(update={"step": "zero", "restricted": None, "pad_move": False})
    return state.model_copy(update={"step": "move"})


def character_text(c: Character) -> str:
    return f"{c.kind} {board.name(c.square) if c.square is not None else 'pad'}"
