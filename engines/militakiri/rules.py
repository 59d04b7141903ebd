"""Legality in Militakiri: move generation (``legal_moves``) and the checks that refuse a move
naming the rule it breaks, with the closest legal moves (sections 5-7, 20, 21).

Directions (section 5-6): a plus moves orthogonally and captures diagonally, a cross moves
diagonally and captures orthogonally, a star does both both ways. A pawn goes 1 square, a rank
of n pawns up to n, a tower any distance; nothing jumps. During the endgame rule everything
goes at most 1 square (section 21). Section 20: no move may leave a lone tower unable to move.

The move model is ``moves.py``; carrying a legal move out is ``turn.py``.
"""

from __future__ import annotations

from typing import Literal

from engines.core.contract import Seat
from engines.core.errors import IllegalMoveError
from engines.militakiri.board import (
    ALL_DIRECTIONS,
    DIAGONAL,
    DIRECTIONS,
    ORTHOGONAL,
    RANKS,
    Geometry,
)
from engines.militakiri.moves import (
    PASS,
    RANDOM_SETUP,
    BoardMove,
    MilitakiriMove,
    PlaceMove,
    SetupMove,
    board_move,
    format_move,
    place_move,
)
from engines.militakiri.pieces import (
    OWN_CELLS,
    SHAPE_INDEX,
    SHAPE_NAMES,
    capture,
    info,
    piece_id,
    tower,
)
from engines.militakiri.setup import all_setups, closest_setups, squares_of
from engines.militakiri.state import MilitakiriState

MOVE_DIRECTIONS = {"p": ORTHOGONAL, "x": DIAGONAL, "s": ALL_DIRECTIONS}
"""Section 5: the shape gives the move directions."""
CAPTURE_DIRECTIONS = {"p": DIAGONAL, "x": ORTHOGONAL, "s": ALL_DIRECTIONS}
"""Section 6: "Het nemen gebeurt in de andere richting dan de bewegingsrichting"; a star both."""


# ----------------------------------------------------------------------------- geometry of pieces


def reach_of(cell: str, endgame: bool) -> int:
    """Squares a piece may move or capture: its height, a tower unlimited (``RANKS``), 1 in the
    endgame (sections 5, 8, 12, 20, 21)."""
    if endgame:
        return 1
    _, _, is_tower, height = info(cell)
    return RANKS if is_tower else height


def piece_targets(board: tuple[str, ...] | list[str], g: Geometry, sq: int, endgame: bool) -> tuple[list[int], list[int]]:
    """``(moves, captures)``: the empty squares the piece on ``sq`` can move to and the enemy
    squares it can capture, ignoring whose turn it is and the blockade rule."""
    cell = board[sq]
    seat, shape, is_tower, height = info(cell)
    limit = 1 if endgame else (RANKS if is_tower else height)
    rays = g.rays[sq]
    moves: list[int] = []
    captures: list[int] = []
    for d in MOVE_DIRECTIONS[shape]:
        for t in rays[d][:limit]:
            if board[t]:
                break
            moves.append(t)
    for d in CAPTURE_DIRECTIONS[shape]:
        for t in rays[d][:limit]:
            other = board[t]
            if other:
                if (other[-1].isupper()) != (seat == 0):
                    captures.append(t)
                break
    return moves, captures


def tower_can_move(board: tuple[str, ...] | list[str], g: Geometry, sq: int) -> bool:
    """Whether the (lone) tower on ``sq`` has a real move of 1 square (endgame reach), one the
    blockade rule lets it play (section 20, decision 19):

    * a step to an empty square in a move direction: always real, as the tower can step back
      afterwards (move directions come in opposite pairs);
    * a capture in a capture direction that wins, or after which no lone tower is shut in
      (the capturing tower on its new square, and the opponent if the capture made it lone).
      A capture that would shut the tower in is refused, so it is no way out.

    The recursion ends: every capture removes a piece.
    """
    cell = board[sq]
    seat, shape, _, _ = info(cell)
    rays = g.rays[sq]
    for d in MOVE_DIRECTIONS[shape]:
        ray = rays[d]
        if ray and not board[ray[0]]:
            return True
    for d in CAPTURE_DIRECTIONS[shape]:
        ray = rays[d]
        if ray and board[ray[0]] and (board[ray[0]][-1].isupper()) != (seat == 0):
            after = list(board)
            after[sq], after[ray[0]] = "", cell
            if _wins(after, seat) or not blockaded(after, g):
                return True
    return False


# ----------------------------------------------------------------------------- lone towers


def census(board: tuple[str, ...] | list[str]) -> tuple[tuple[int, int], tuple[int, int]]:
    """Per seat: towers on the board, and stacks (pawns and ranks) on the board.

    Counted on the joined board string (in C): every square ends with its owner's letter.
    """
    s = "|".join(board) + "|"
    red_towers, blue_towers = s.count("T"), s.count("t")
    red_tops = s.count("P|") + s.count("X|") + s.count("S|")
    blue_tops = s.count("p|") + s.count("x|") + s.count("s|")
    return (red_towers, blue_towers), (red_tops - red_towers, blue_tops - blue_towers)


def lone_seats(board: tuple[str, ...] | list[str]) -> tuple[Seat, ...]:
    """Section 21: seats with exactly one tower and no pawns or ranks on the board."""
    towers, stacks = census(board)
    return tuple(s for s in (0, 1) if towers[s] == 1 and stacks[s] == 0)


def tower_square(board: tuple[str, ...] | list[str], seat: Seat) -> int:
    """The square of a tower of ``seat`` (the lone tower, when there is one)."""
    mark = TOWER_MARKS[seat]
    return next(sq for sq, cell in enumerate(board) if cell[:1] == mark)


TOWER_MARKS = ("T", "t")


def blockaded(board: tuple[str, ...] | list[str], g: Geometry) -> bool:
    """Section 20: a lone tower (its seat has one tower and no pawns or ranks) cannot move."""
    towers, stacks = census(board)
    return any(
        towers[s] == 1 and stacks[s] == 0 and not tower_can_move(board, g, tower_square(board, s))
        for s in (0, 1)
    )


def after_board_move(state: MilitakiriState, seat: Seat, frm: int, to: int) -> tuple[list[str], str | None]:
    """The board after ``seat`` plays from ``frm`` to ``to`` (legal), and the reserve tower earned."""
    board = list(state.board)
    piece = board[frm]
    board[frm] = ""
    target = board[to]
    earned = None
    if target:
        reserve = state.reserves[seat][SHAPE_INDEX[piece[-1].lower()]]
        piece, earned = capture(piece, target, reserve)
    board[to] = piece
    return board, earned


def needs_blockade_check(board: tuple[str, ...], towers: tuple[int, int], stacks: tuple[int, int],
                         seat: Seat, frm: int, to: int) -> bool:
    """Whether a move might leave a lone tower without moves (cheap pre-check, no false "no").

    Once some seat is lone every move is checked. Otherwise only a capture can make a seat
    lone: the opponent loses the captured piece, the mover may lose its rank to a promotion.
    """
    if any(towers[s] == 1 and stacks[s] == 0 for s in (0, 1)):
        return True
    target = board[to]
    if not target:
        return False
    other = 1 - seat
    if target[0] in "Tt":
        if towers[other] == 2 and stacks[other] == 0:
            return True
    elif towers[other] == 1 and stacks[other] == 1:
        return True
    return towers[seat] == 1 and stacks[seat] == 1 and board[frm][0] not in "Tt"


def breaks_blockade_rule(state: MilitakiriState, seat: Seat, frm: int, to: int) -> bool:
    """Section 20: the move leaves a lone tower unable to move (a winning capture never does).

    A move that earns a reserve tower is judged on the board at the end of the turn: section 7
    places the tower "onmiddellijk", so when some free square of the mover's setup zone takes it
    without shutting a lone tower in, the mover is never lone. Only when the
    tower must wait does the turn end on the board right after the move.
    """
    after, earned = after_board_move(state, seat, frm, to)
    if _wins(after, seat):
        return False
    g = state.geometry
    if earned is not None:
        placed = tower(seat, earned)
        for sq in g.zones[seat]:
            if not after[sq]:
                after[sq] = placed
                fine = not blockaded(after, g)
                after[sq] = ""
                if fine:
                    return False
    return blockaded(after, g)


# ----------------------------------------------------------------------------- placements


def free_zone_squares(state: MilitakiriState, seat: Seat) -> list[int]:
    board = state.board
    return [sq for sq in state.geometry.zones[seat] if not board[sq]]


def placement_squares(state: MilitakiriState, seat: Seat) -> list[int]:
    """Where ``seat``'s oldest waiting reserve tower may go now: free squares of its setup zone
    (section 7), except squares that would leave a lone tower unable to move (section 20)."""
    if not state.pending[seat]:
        return []
    free = free_zone_squares(state, seat)
    if not free:
        return []
    g = state.geometry
    towers, stacks = census(state.board)
    other = 1 - seat
    if not (towers[other] == 1 and stacks[other] == 0):
        return free
    lone = tower_square(state.board, other)
    piece = tower(seat, state.pending[seat][0])
    board = list(state.board)
    out = []
    for sq in free:
        board[sq] = piece
        if tower_can_move(board, g, lone):
            out.append(sq)
        board[sq] = ""
    return out


def must_place(state: MilitakiriState, seat: Seat) -> bool:
    """Section 7 and 20: a reserve tower is placed before anything else when a square is free:
    at the start of a turn the oldest waiting one, right after a move the one it earned
    (``state.moved``: the turn stays with the mover only while that placement is due)."""
    return bool(state.pending[seat]) and bool(placement_squares(state, seat))


# ----------------------------------------------------------------------------- legal moves


def board_moves(state: MilitakiriState, seat: Seat) -> list[MilitakiriMove]:
    """Every move and capture of ``seat``: by start square, then by direction (N, E, S, W, NE,
    SE, SW, NW; moves before captures), nearest first; without those the blockade rule forbids.

    The hot loop of the engine: tables from ``board.Geometry`` (rays cut to each piece's reach)
    and shared move objects; the blockade pre-checks (see ``needs_blockade_check``) are hoisted.
    """
    g = state.geometry
    board = state.board
    cache = _board_cache(g)
    cells = g.cells
    captures_at = cells * cells
    cell_walks = g.cell_walks[state.endgame is not None]
    mine, theirs = OWN_CELLS[seat], OWN_CELLS[1 - seat]
    # Section 20: nobody can be lone outside the endgame rule (it starts with the first lone
    # seat), so only captures need a look, and only when they can make a seat lone.
    check_all = state.endgame is not None and bool(lone_seats(board))
    risky: tuple[bool, bool, bool] | None = None
    out: list[MilitakiriMove] = []
    append = out.append
    for sq in [sq for sq, cell in enumerate(board) if cell in mine]:
        cell = board[sq]
        move_walks, capture_walks = cell_walks[cell]
        base = sq * cells
        for ray in move_walks[sq]:
            for t in ray:
                if board[t]:
                    break
                if check_all and breaks_blockade_rule(state, seat, sq, t):
                    continue
                append(cache[base + t] or _fill(cache, g, "move", sq, t, 0))
        for ray in capture_walks[sq]:
            for t in ray:
                target = board[t]
                if target:
                    if target in theirs:
                        if risky is None:
                            risky = _risks(board, seat)
                        if (
                            check_all
                            or (risky[0] if target[0] in "Tt" else risky[1])
                            or (risky[2] and cell[0] not in "Tt")
                        ) and breaks_blockade_rule(state, seat, sq, t):
                            break
                        append(cache[captures_at + base + t] or _fill(cache, g, "capture", sq, t, captures_at))
                    break
    return out


def _risks(board: tuple[str, ...], seat: Seat) -> tuple[bool, bool, bool]:
    """Whether taking a tower, taking a pawn or rank, or losing the mover's own rank to a
    promotion can leave a seat with one tower and nothing else."""
    towers, stacks = census(board)
    other = 1 - seat
    return (
        towers[other] == 2 and stacks[other] == 0,
        towers[other] == 1 and stacks[other] == 1,
        towers[seat] == 1 and stacks[seat] == 1,
    )


_BOARD_CACHES: dict[str, list[MilitakiriMove | None]] = {}


def _board_cache(g: Geometry) -> list[MilitakiriMove | None]:
    """Per board: a slot per (kind, from, to) for the shared move objects, filled lazily."""
    cache = _BOARD_CACHES.get(g.kind)
    if cache is None:
        cache = _BOARD_CACHES[g.kind] = [None] * (2 * g.cells * g.cells)
    return cache


def _fill(cache: list[MilitakiriMove | None], g: Geometry, kind: Literal["move", "capture"], frm: int, to: int, offset: int) -> MilitakiriMove:
    move = cache[offset + frm * g.cells + to] = board_move(kind, g.names[frm], g.names[to])
    return move


def _wins(board: list[str], seat: Seat) -> bool:
    """The opponent has no tower left (a capture that wins is never a blockade)."""
    mark = "t" if seat == 0 else "T"
    return not any(cell[:1] == mark for cell in board)


def setup_moves(state: MilitakiriState, seat: Seat) -> list[MilitakiriMove]:
    """Every setup ``seat`` may choose (216 single, 49,500 double with the default spacing),
    then ``setup random``."""
    g = state.geometry
    names = g.names
    out: list[MilitakiriMove] = [
        SetupMove.model_construct(kind="setup", random=False, towers=tuple(names[sq] for sq in squares_of(g, seat, combo)))
        for combo in all_setups(g.kind, state.options.tower_spacing)
    ]
    out.append(RANDOM_SETUP)
    return out


def legal_moves(state: MilitakiriState, seat: Seat) -> list[MilitakiriMove]:
    """Every legal move of ``seat`` now (setups, placements, moves and captures, or ``pass``)."""
    if state.result is not None:
        return []
    if state.phase == "setup":
        if state.setups[seat] or all(state.setups):
            return []
        return setup_moves(state, seat)
    if state.phase != "play" or seat != state.to_move:
        return []
    places = placement_squares(state, seat)
    if places:
        names = state.geometry.names
        return [place_move(names[sq]) for sq in places]
    if state.moved:
        return []
    return board_moves(state, seat) or [PASS]


# ----------------------------------------------------------------------------- legality with reasons


def closest(state: MilitakiriState, seat: Seat, frm: int | None, to: int | None) -> list[str]:
    """Up to 5 legal moves (canonical text) nearest to what was typed: moves sharing the typed
    start or destination first, then by king distance of the destination and of the start,
    then by text."""
    g = state.geometry

    def far(a: int | None, b: int | None) -> int:
        if a is None or b is None:
            return 0
        return max(abs(g.file_of(a) - g.file_of(b)), abs(g.rank_of(a) - g.rank_of(b)))

    def key(move: MilitakiriMove) -> tuple[object, ...]:
        a = g.index_of.get(move.frm) if isinstance(move, BoardMove) else None
        b = g.index_of.get(move.to) if isinstance(move, (BoardMove, PlaceMove)) else None
        shared = (frm is not None and a == frm) or (to is not None and b == to)
        return (0 if shared else 1, far(b, to), far(a, frm), format_move(move))

    if state.result is not None or state.phase != "play" or seat != state.to_move:
        return []
    return [format_move(m) for m in sorted(legal_moves(state, seat), key=key)[:5]]


def illegal(state: MilitakiriState, seat: Seat, code: str, fallback: str, frm: int | None = None,
            to: int | None = None, **params: object) -> IllegalMoveError:
    return IllegalMoveError(code, fallback, closest=closest(state, seat, frm, to), **params)


def check_turn(state: MilitakiriState, seat: Seat) -> None:
    """Refuse any board move, placement or pass when it is not ``seat``'s turn to play."""
    if state.result is not None:
        raise IllegalMoveError("militakiri.game_over", "the game is over")
    if state.phase == "setup":
        suggestions = [] if state.setups[seat] else closest_setups(state.geometry, state.options.tower_spacing, seat)
        raise IllegalMoveError("militakiri.setup_phase", "choose your tower squares first", closest=suggestions)
    if state.phase != "play":
        raise IllegalMoveError("militakiri.not_started", "the start roll has not decided who begins")
    if seat != state.to_move:
        raise IllegalMoveError(
            "militakiri.not_your_turn", f"it is seat {state.to_move}'s turn", seat=state.to_move
        )


def square_index(state: MilitakiriState, seat: Seat, square: str | None) -> int:
    g = state.geometry
    if square is None or not g.is_square(square):
        raise IllegalMoveError(
            "militakiri.no_such_square",
            f"{square} is not a square of the {g.kind} board",
            square=square,
            last=g.last_square(),
            expected="b2-b3, b2xc3, T@a1",
            closest=closest(state, seat, None, None),
        )
    return g.index(square)


def direction_between(g: Geometry, frm: int, to: int) -> tuple[int | None, int]:
    """The direction index from ``frm`` to ``to`` and the distance, or ``(None, 0)`` when they
    are not on one line (rank, file or diagonal)."""
    df = g.file_of(to) - g.file_of(frm)
    dr = g.rank_of(to) - g.rank_of(frm)
    if df == 0 and dr == 0 or (df and dr and abs(df) != abs(dr)):
        return None, 0
    distance = max(abs(df), abs(dr))
    return _DIRECTION_OF[((df > 0) - (df < 0), (dr > 0) - (dr < 0))], distance


_DIRECTION_OF = {step: d for d, step in enumerate(DIRECTIONS)}


def check_board_move(state: MilitakiriState, seat: Seat, move: BoardMove) -> None:
    """Raise ``IllegalMoveError`` unless ``seat`` may play this move or capture now."""
    check_turn(state, seat)
    frm = square_index(state, seat, move.frm)
    to = square_index(state, seat, move.to)
    g = state.geometry
    names = g.names
    if must_place(state, seat):
        raise illegal(state, seat, "militakiri.must_place",
                      "place your waiting reserve tower first", frm, to)
    if state.moved:
        raise illegal(state, seat, "militakiri.already_moved", "you have moved this turn", frm, to)
    board = state.board
    piece = board[frm]
    if not piece or info(piece)[0] != seat:
        raise illegal(state, seat, "militakiri.no_own_piece", f"no piece of yours on {names[frm]}",
                      frm, to, square=names[frm])
    if frm == to:
        raise illegal(state, seat, "militakiri.same_square", "a move cannot end where it began",
                      frm, to, square=names[frm])
    target = board[to]
    if target and info(target)[0] == seat:
        raise illegal(state, seat, "militakiri.own_piece_there", f"your own piece stands on {names[to]}",
                      frm, to, square=names[to])
    shape = info(piece)[1]
    direction, distance = direction_between(g, frm, to)
    if direction is None:
        raise illegal(state, seat, "militakiri.not_a_line",
                      f"{names[to]} is not in a straight line from {names[frm]}", frm, to,
                      origin=names[frm], square=names[to])
    shape_name = SHAPE_NAMES[shape]
    if target and direction not in CAPTURE_DIRECTIONS[shape]:
        raise illegal(state, seat, "militakiri.wrong_capture_direction",
                      f"a {shape_name} does not capture that way", frm, to,
                      origin=names[frm], square=names[to], kind=piece_id(piece))
    if not target and direction not in MOVE_DIRECTIONS[shape]:
        raise illegal(state, seat, "militakiri.wrong_move_direction",
                      f"a {shape_name} does not move that way", frm, to,
                      origin=names[frm], square=names[to], kind=piece_id(piece))
    limit = reach_of(piece, state.endgame is not None)
    if distance > limit:
        raise illegal(state, seat, "militakiri.out_of_range",
                      f"{names[to]} is {distance} squares away, at most {limit}", frm, to,
                      origin=names[frm], square=names[to], limit=limit, distance=distance)
    for sq in g.rays[frm][direction][: distance - 1]:
        if board[sq]:
            raise illegal(state, seat, "militakiri.path_blocked",
                          f"{names[sq]} is in the way: nothing jumps", frm, to,
                          origin=names[frm], square=names[to], blocker=names[sq])
    if (move.kind == "capture") != bool(target):
        raise illegal(state, seat, "militakiri.capture_mismatch",
                      "a capture is written with x and needs an enemy piece on its square", frm, to,
                      square=names[to])
    if (target or state.endgame is not None) and needs_blockade_check(board, *census(board), seat, frm, to) \
            and breaks_blockade_rule(state, seat, frm, to):
        raise illegal(state, seat, "militakiri.blockade",
                      "that move would leave a lone tower unable to move", frm, to,
                      square=names[to])


def check_placement(state: MilitakiriState, seat: Seat, move: PlaceMove) -> None:
    """Raise ``IllegalMoveError`` unless ``seat`` may place its oldest reserve tower on ``move.to``."""
    check_turn(state, seat)
    to = square_index(state, seat, move.to)
    g = state.geometry
    names = g.names
    if not state.pending[seat]:
        raise illegal(state, seat, "militakiri.nothing_to_place",
                      "you have no reserve tower waiting to be placed", None, to)
    if to not in g.zone_sets[seat]:
        raise illegal(state, seat, "militakiri.placement_outside_zone",
                      f"{names[to]} is not in your setup zone", None, to, square=names[to])
    if state.board[to]:
        raise illegal(state, seat, "militakiri.placement_occupied", f"{names[to]} is not free",
                      None, to, square=names[to])
    if to not in placement_squares(state, seat):
        raise illegal(state, seat, "militakiri.blockade",
                      "that placement would leave a lone tower unable to move", None, to,
                      square=names[to])


def check_pass(state: MilitakiriState, seat: Seat) -> None:
    check_turn(state, seat)
    if legal_moves(state, seat) != [PASS]:
        raise illegal(state, seat, "militakiri.pass_not_allowed", "you may only pass when you cannot move")


