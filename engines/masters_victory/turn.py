"""Carrying out actions of Masters Victory: setup, moves and attacks, fire, the triple switch,
the end of a turn and the end of the game.

``play`` assumes the action is legal (``rules.check_move`` returned its ``Plan``).
"""

from __future__ import annotations

from engines.core.contract import Result, Seat
from engines.masters_victory import attack as A
from engines.masters_victory import board as B
from engines.masters_victory.moves import (
    FireAction,
    MastersVictoryMove,
    MoveAction,
    SetupAction,
    SwitchAction,
    direction,
    format_move,
)
from engines.masters_victory.rules import Plan, free_actions, route
from engines.masters_victory.state import (
    EMPTY,
    MOVES_PER_TURN,
    NUMBERS_PER_TYPE,
    ActionKind,
    ActionView,
    EliminatedView,
    MastersVictoryState,
    masters_left,
)

SETUP_KINDS = "FTS"
"""The order of the three groups of a setup: fighters, tanks, soldiers."""
SHUFFLE_SIZES: tuple[int, ...] = (6, 5, 4, 3, 2) * 3
"""A random setup: one Fisher-Yates shuffle of ``11223m`` per numbered type (decision 11)."""


def eliminated_view(seat: Seat, record: str) -> EliminatedView:
    """The public record of a piece off the board (3-character ``off`` record)."""
    number = record[1]
    return EliminatedView(
        owner=seat,
        kind=B.KIND_NAME[record[0]],
        number=None if number == EMPTY else A.NUMBER_VALUE[number],
        master=number == "m",
        switched=record[2] == "s",
    )


class _Work:
    """Mutable scratch copy of the board for one action."""

    def __init__(self, state: MastersVictoryState) -> None:
        self.cells = list(state.board)
        self.nums = list(state.numbers)
        self.off = list(state.off)
        self.removed: list[EliminatedView] = []
        self.removed_squares: list[str] = []

    def board(self) -> str:
        return "".join(self.cells)

    def remove(self, sq: int, how: str = "x") -> None:
        piece = self.cells[sq]
        seat = A.owner(piece)
        record = A.kind(piece) + self.nums[sq] + how
        self.off[seat] += record
        self.removed.append(eliminated_view(seat, record))
        self.removed_squares.append(B.NAMES[sq])
        self.cells[sq] = EMPTY
        self.nums[sq] = EMPTY

    def shift(self, frm: int, to: int) -> None:
        if frm == to:
            return
        self.cells[to], self.cells[frm] = self.cells[frm], EMPTY
        self.nums[to], self.nums[frm] = self.nums[frm], EMPTY

    def update(self) -> dict[str, object]:
        return {"board": self.board(), "numbers": "".join(self.nums), "off": (self.off[0], self.off[1])}


def play(state: MastersVictoryState, seat: Seat, move: MastersVictoryMove, plan: Plan) -> MastersVictoryState:
    """The state after ``seat`` plays the legal action ``move``."""
    if move.kind == "setup":
        return apply_setup(state, seat, move)
    if move.kind == "end":
        return end_turn(state, seat, explicit=True)
    if move.kind == "fire":
        state = _fire(state, seat, move)
    elif move.kind == "switch":
        state = _switch(state, seat, move)
    else:
        state = _move(state, seat, move, plan)
    return _after_action(state, seat)


# --- setup ---------------------------------------------------------------------------------


def apply_setup(state: MastersVictoryState, seat: Seat, move: SetupAction) -> MastersVictoryState:
    """The secret setup: the numbers are placed now, or after the shuffle (``setup random``)."""
    if move.numbers is None:
        return state.model_copy(update={"pending": (*state.pending, seat)})
    return place_numbers(state, seat, move.numbers)


def place_numbers(state: MastersVictoryState, seat: Seat, groups: tuple[str, ...]) -> MastersVictoryState:
    """Put the back-numbers of ``seat`` on its start places (``groups``: fighters, tanks,
    soldiers, each in ``board.START`` order); the seat is ready; both ready starts the roll."""
    nums = list(state.numbers)
    for kind, group in zip(SETUP_KINDS, groups):
        for sq, number in zip(B.START[seat][kind], group):
            nums[sq] = number
    ready = (True, state.ready[1]) if seat == 0 else (state.ready[0], True)
    pending = tuple(s for s in state.pending if s != seat)
    phase = "roll" if all(ready) else "setup"
    return state.model_copy(update={"numbers": "".join(nums), "ready": ready, "pending": pending, "phase": phase})


def shuffled(values: tuple[int, ...]) -> tuple[str, str, str]:
    """Three Fisher-Yates shuffles of ``11223m`` from 15 draws (sizes ``SHUFFLE_SIZES``).

    >>> shuffled((0,) * 15)
    ('11223m', '11223m', '11223m')
    >>> shuffled((5, 0, 0, 0, 0) * 3)[0]
    'm12231'
    """
    out = []
    for k in range(3):
        items = list(NUMBERS_PER_TYPE)
        for i, v in enumerate(values[5 * k:5 * k + 5]):
            j = i + v
            items[i], items[j] = items[j], items[i]
        out.append("".join(items))
    return out[0], out[1], out[2]


# --- the piece actions ---------------------------------------------------------------------


def _move(state: MastersVictoryState, seat: Seat, move: MoveAction, plan: Plan) -> MastersVictoryState:
    """BEWEGING / AANVAL: one piece moves, attacks at most once (R1/R2) and may go on; an
    artillery's firing zone sweeps before, during and after its move (R3)."""
    work = _Work(state)
    board = state.board
    frm = B.index(move.frm)
    to = B.index(move.to)
    piece = board[frm]
    kind = A.kind(piece)
    air = kind in B.AIRCRAFT
    cont: tuple[int, int, int] | None = None
    swept: list[str] = []
    attack_name: str | None = None
    action_kind: ActionKind = "continue" if plan.continuation else "move"
    if kind == "A":
        path = plan.path
        for i, sq in enumerate(path):
            if i:
                work.shift(path[i - 1], sq)
            swept.extend(B.NAMES[z] for z in B.ZONE[seat][sq] if B.NAMES[z] not in swept)
            for hit in A.artillery_hits(work.board(), seat, sq):
                work.remove(hit)
        final: int | None = to
    elif move.attack is None:
        path = route(board, seat, frm, to, air)
        work.shift(frm, to)
        final = to
    else:
        att = B.index(move.attack)
        attack_name = move.attack
        action_kind = "attack"
        path = route(board, seat, frm, att, air)
        loser = A.r1(state.numbers[frm], state.numbers[att]) if A.uses_r1(kind, A.kind(board[att])) else "defender"
        if loser in ("defender", "both"):
            work.remove(att)
        if loser in ("attacker", "both"):
            work.remove(frm)
            final = None
        else:
            work.shift(frm, att)
            final = to
            if to != att:
                path = path + route(work.board(), seat, att, to, air)[1:]
                work.shift(att, to)
            else:
                left = A.moves_of(state.options)[kind] - plan.first
                if left > 0:
                    cont = (att, left, direction(path[-2], att) or 0)
    moved = tuple(s for s in state.moved if s != frm)
    if final is not None:
        moved = (*moved, final)
    action = ActionView(
        seat=seat,
        kind=action_kind,
        text=format_move(move),
        path=tuple(B.NAMES[s] for s in path),
        attack=attack_name,
        swept=tuple(swept),
        removed=tuple(work.removed),
        removed_squares=tuple(work.removed_squares),
    )
    return state.model_copy(
        update={
            **work.update(),
            "moved": moved,
            "used": state.used if plan.continuation else state.used + 1,
            "cont": cont,
            "removed_in_turn": state.removed_in_turn or bool(work.removed),
            "current": (*state.current, action),
        }
    )


def _fire(state: MastersVictoryState, seat: Seat, move: FireAction) -> MastersVictoryState:
    """R3 without moving: "Uitschakelen van een vijandelijke pion zonder de artilleriepion te
    verplaatsen geldt niet als beurt" -- not one of the 3 moves."""
    work = _Work(state)
    sq = B.index(move.frm)
    for hit in A.artillery_hits(state.board, seat, sq):
        work.remove(hit)
    action = ActionView(
        seat=seat,
        kind="fire",
        text=format_move(move),
        path=(move.frm,),
        swept=tuple(B.NAMES[z] for z in B.ZONE[seat][sq]),
        removed=tuple(work.removed),
        removed_squares=tuple(work.removed_squares),
    )
    return state.model_copy(
        update={**work.update(), "cont": None, "removed_in_turn": True, "current": (*state.current, action)}
    )


def _switch(state: MastersVictoryState, seat: Seat, move: SwitchAction) -> MastersVictoryState:
    """TRIPLE SWITCH: the soldier leaves the board (into the tray, decision 13) and the chosen
    pieces enter on the start places; "De wissel zelf geldt niet als beurt"."""
    work = _Work(state)
    soldier = B.index(move.frm)
    records = work.off[seat]
    for code, place in zip(move.pieces, move.places):
        kind = code[0].upper()
        number = code[1:] or EMPTY
        for i in range(0, len(records), 3):
            if records[i] == kind and records[i + 1] == number:
                records = records[:i] + records[i + 3:]
                break
        sq = B.index(place)
        work.cells[sq] = A.letter(kind, seat)
        work.nums[sq] = number
    work.off[seat] = records
    work.remove(soldier, how="s")
    action = ActionView(
        seat=seat,
        kind="switch",
        text=format_move(move),
        path=(move.frm,),
        removed=tuple(work.removed),
        removed_squares=tuple(work.removed_squares),
        placed=move.places,
    )
    return state.model_copy(
        update={
            **work.update(),
            "moved": tuple(s for s in state.moved if s != soldier),
            "cont": None,
            "current": (*state.current, action),
        }
    )


# --- turn and game end ---------------------------------------------------------------------


def winner_by_masters(state: MastersVictoryState, mover: Seat) -> Result | None:
    """DOEL: whoever first eliminates the opponent's three masters wins. When one action
    takes the last masters of both sides (R1 between two last masters with equal numbers),
    the side that played it wins (decision 12)."""
    left = (masters_left(state, 0), masters_left(state, 1))
    if left[0] and left[1]:
        return None
    if not left[0] and not left[1]:
        winner = mover
    else:
        winner = 0 if left[0] else 1
    return Result(winners=(winner,), reason="masters_victory.masters_eliminated",
                  params={"winner": winner, "loser": 1 - winner})


def _after_action(state: MastersVictoryState, seat: Seat) -> MastersVictoryState:
    result = winner_by_masters(state, seat)
    if result is not None:
        return state.model_copy(update={"result": result, "cont": None})
    if state.used >= MOVES_PER_TURN and not free_actions(state, seat):
        return end_turn(state, seat, explicit=False)
    return state


def end_turn(state: MastersVictoryState, seat: Seat, explicit: bool) -> MastersVictoryState:
    """The turn passes to the other seat: by ``end``, or by itself once the third piece has
    moved and nothing else (fire, switch, continuation) is possible (decision 9). Then the
    quiet-turn and turn limits (decision 14)."""
    current = state.current
    if explicit:
        current = (*current, ActionView(seat=seat, kind="end", text="end"))
    quiet = 0 if state.removed_in_turn else state.quiet + 1
    turns = state.turns + 1
    options = state.options
    result = None
    if options.quiet_turn_limit and quiet >= options.quiet_turn_limit:
        result = Result(draw=True, reason="masters_victory.quiet_limit", params={"limit": options.quiet_turn_limit})
    elif options.turn_limit and turns >= options.turn_limit:
        result = Result(draw=True, reason="masters_victory.turn_limit", params={"limit": options.turn_limit})
    return state.model_copy(
        update={
            "to_move": 1 - seat,
            "turns": turns,
            "moved": (),
            "used": 0,
            "cont": None,
            "removed_in_turn": False,
            "quiet": quiet,
            "last_turn": current,
            "current": (),
            "result": result,
        }
    )


def result_of(state: MastersVictoryState) -> Result | None:
    """The result that follows from a position (for position strings): the masters, then the
    quiet-turn and turn limits, as ``_after_action`` and ``end_turn`` decide them."""
    if state.phase != "play" or state.to_move is None:
        return None
    result = winner_by_masters(state, state.to_move)
    if result is not None:
        return result
    options = state.options
    if options.quiet_turn_limit and state.quiet >= options.quiet_turn_limit:
        return Result(draw=True, reason="masters_victory.quiet_limit", params={"limit": options.quiet_turn_limit})
    if options.turn_limit and state.turns >= options.turn_limit:
        return Result(draw=True, reason="masters_victory.turn_limit", params={"limit": options.turn_limit})
    return None
