"""Legality in Masters Victory: where pieces can go, the legal actions (``legal_moves``) and
the checks that refuse an action naming the rule it breaks, with the closest legal actions.
The attack rules themselves (R1-R3, heights) are ``attack.py``.

Nothing here reads the hidden back-numbers (``state.numbers``): what is legal depends only on
what both players can see. The move model is ``moves.py``; carrying an action out is
``turn.py``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from itertools import combinations_with_replacement, pairwise

from engines.core.contract import Frozen, Seat
from engines.core.errors import AmbiguousMoveError, IllegalMoveError
from engines.masters_victory import attack as A
from engines.masters_victory import board as B
from engines.masters_victory.moves import (
    END,
    SETUP_PLAIN,
    SETUP_RANDOM,
    FireAction,
    MastersVictoryMove,
    MoveAction,
    SwitchAction,
    artillery_move,
    attack_move,
    direction,
    fire_move,
    format_move,
    plain_move,
    plain_row,
)
from engines.masters_victory.state import (
    EMPTY,
    MOVES_PER_TURN,
    MastersVictoryState,
    off_pieces,
)

DIRS: tuple[tuple[int, int], ...] = ((1, 0), (0, 1), (-1, 0), (0, -1))
"""Step directions (row delta, column delta): N, E, S, W."""


# --- geometry helpers ------------------------------------------------------------------------


def _rays() -> tuple[tuple[tuple[int, ...], ...], ...]:
    out = []
    for sq in range(B.CELLS):
        r0, c0 = divmod(sq, B.COLS)
        per = []
        for dr, dc in DIRS:
            ray, r, c = [], r0 + dr, c0 + dc
            while 0 <= r < B.ROWS and 0 <= c < B.COLS:
                ray.append(r * B.COLS + c)
                r, c = r + dr, c + dc
            per.append(tuple(ray))
        out.append(tuple(per))
    return tuple(out)


RAYS = _rays()
"""``RAYS[square][direction]``: the squares outward from ``square`` in that direction."""


def ground_reach(board: str, frm: int, limit: int) -> tuple[dict[int, int], dict[int, int]]:
    """Breadth-first search of a ground unit (tank, soldier, artillery) from ``frm``.

    Returns (``parent`` of every empty square reached within ``limit`` steps through empty
    squares that are not mines, ``frm`` included with parent -1; ``targets``: every occupied
    square, not a mine, next to such a square at depth < limit, with the square it is
    entered from). Ground units cannot pass pieces ("Enkel vliegtuigen kunnen over andere
    pionnen overspringen") nor enter mines. Neighbours are tried N, E, S, W, so the paths
    are deterministic.
    """
    parent = {frm: -1}
    targets: dict[int, int] = {}
    frontier = [frm]
    mines = B.MINES
    steps = B.STEPS
    for _ in range(limit):
        nxt = []
        for s in frontier:
            for n in steps[s]:
                if n in parent or n in mines:
                    continue
                if board[n] == EMPTY:
                    parent[n] = s
                    nxt.append(n)
                elif n not in targets:
                    targets[n] = s
        if not nxt:
            break
        frontier = nxt
    return parent, targets


def _vacate(board: str, *squares: int) -> str:
    cells = list(board)
    for sq in squares:
        cells[sq] = EMPTY
    return "".join(cells)


def is_own(piece: str, seat: Seat) -> bool:
    return piece != EMPTY and A.owner(piece) == seat


def is_enemy(piece: str, seat: Seat) -> bool:
    return piece != EMPTY and A.owner(piece) != seat


# --- what a piece can do -------------------------------------------------------------------


def reach(
    state: MastersVictoryState, seat: Seat, frm: int, limit: int, board: str | None = None,
    fixed_dir: int | None = None,
) -> tuple[dict[int, int], dict[int, int]]:
    """Where the (non-artillery) piece on ``frm`` can end, and what it can reach to attack.

    Returns (``dests``: empty square -> distance, ``targets``: enemy square -> distance of the
    shortest approach). Aircraft fly over everything (and over and onto mines); ground units
    need a free path and never enter mines. ``straight`` movement: one direction only
    (``fixed_dir`` for a continuation). The attack table is not applied here.
    """
    board = state.board if board is None else board
    kind = A.kind(board[frm])
    dests: dict[int, int] = {}
    targets: dict[int, int] = {}
    air = kind in B.AIRCRAFT
    if state.options.movement == "straight":
        for d, ray in enumerate(RAYS[frm]):
            if fixed_dir is not None and d != fixed_dir:
                continue
            for steps, sq in enumerate(ray[:limit], 1):
                piece = board[sq]
                if not air and sq in B.MINES:
                    break
                if piece == EMPTY:
                    dests[sq] = steps
                    continue
                if A.owner(piece) != seat and sq not in targets:
                    targets[sq] = steps
                if not air:
                    break
        return dests, targets
    if air:
        for sq in B.ball(frm, limit):
            piece = board[sq]
            if piece == EMPTY:
                dests[sq] = B.distance(frm, sq)
            elif A.owner(piece) != seat:
                targets[sq] = B.distance(frm, sq)
        return dests, targets
    parent, found = ground_reach(board, frm, limit)
    del parent[frm]
    dist = {frm: 0}
    for sq in parent:  # insertion order is breadth-first: parents come first
        dist[sq] = dist[parent[sq]] + 1
        dests[sq] = dist[sq]
    for sq, via in found.items():
        if A.owner(board[sq]) != seat:
            targets[sq] = dist[via] + 1
    return dests, targets


def artillery_paths(state: MastersVictoryState, seat: Seat, frm: int, board: str | None = None,
                    enemy: int | None = None) -> list[tuple[int, ...]]:
    """Every path of the artillery on ``frm``: 1 or 2 steps (decision 4) over distinct squares.

    Its firing zone acts before, during and after the move (R3), in that order: a square
    emptied by the zone at an earlier square of the path may be entered. Artillery is a
    ground unit: no mines, no passing over pieces, no attack by R1/R2.
    """
    board = state.board if board is None else board
    straight = state.options.movement == "straight"
    limit = A.ARTILLERY_MOVES
    out: list[tuple[int, ...]] = []
    if enemy is None:
        enemy = int(board.translate(_ENEMY_BITS[seat])[::-1], 2)
    if not enemy & _SWEEP_MASK[seat][frm]:
        # nothing can be hit on the way: the plain paths over empty squares
        for n in B.STEPS[frm]:
            if n in B.MINES or board[n] != EMPTY:
                continue
            out.append((frm, n))
            for n2 in B.STEPS[n]:
                if n2 == frm or n2 in B.MINES or board[n2] != EMPTY:
                    continue
                if straight and direction(frm, n) != direction(n, n2):
                    continue
                out.append((frm, n, n2))
        return out

    def walk(path: tuple[int, ...], current: str) -> None:
        here = path[-1]
        swept = _vacate(current, *A.artillery_hits(current, seat, here))
        for n in B.STEPS[here]:
            if n in path or n in B.MINES or swept[n] != EMPTY:
                continue
            if straight and len(path) > 1 and direction(path[-2], here) != direction(here, n):
                continue
            nxt = path + (n,)
            out.append(nxt)
            if len(nxt) - 1 < limit:
                moved = swept[:here] + EMPTY + swept[here + 1:]
                walk(nxt, moved[:n] + board[frm] + moved[n + 1:])

    walk((frm,), board)
    return out


def _sweep_area(seat: Seat, frm: int) -> tuple[int, ...]:
    """Every square a firing zone can cover while an artillery on ``frm`` moves 2 squares."""
    area = set(B.ZONE[seat][frm])
    for sq in B.ball(frm, A.ARTILLERY_MOVES):
        area.update(B.ZONE[seat][sq])
    return tuple(sorted(area))


_SWEEP_MASK = tuple(tuple(B.mask_of(_sweep_area(seat, sq)) for sq in range(B.CELLS)) for seat in (0, 1))


def fire_targets(board: str, seat: Seat, square: int) -> tuple[int, ...]:
    return A.artillery_hits(board, seat, square)


def switch_ready(state: MastersVictoryState, seat: Seat) -> list[int]:
    """Own soldiers standing on the enemy's back line (TRIPLE SWITCH: "lijn A of R")."""
    row = B.BACK_LINE[1 - seat]
    letter = A.letter("S", seat)
    start = row * B.COLS
    return [sq for sq in range(start, start + B.COLS) if state.board[sq] == letter]


def free_places(board: str, seat: Seat, kind: str) -> list[int]:
    return [sq for sq in B.START[seat][kind] if board[sq] == EMPTY]


def tray(state: MastersVictoryState, seat: Seat) -> list[str]:
    """The pieces of ``seat`` off the board that may come back: codes ``f1``, ``t2``, ``b``, ``a``
    (masters never return: "Masterpionnen mogen niet terug op het bord")."""
    out = []
    for rec in off_pieces(state.off[seat]):
        if rec[1] == "m":
            continue
        out.append(rec[0].lower() + ("" if rec[1] == EMPTY else rec[1]))
    return out


def piece_value(code: str) -> int:
    return A.switch_value(code[0].upper(), code[1:] or EMPTY)


def switch_choices(state: MastersVictoryState, seat: Seat) -> list[tuple[str, ...]]:
    """Every multiset of 1-3 tray pieces whose values sum to at most 3 and that fit on free
    start places of their types; sorted codes."""
    available = sorted(set(tray(state, seat)))
    have = tray(state, seat)
    out = []
    for size in (1, 2, 3):
        for combo in combinations_with_replacement(available, size):
            if sum(piece_value(c) for c in combo) > 3:
                continue
            if any(combo.count(c) > have.count(c) for c in set(combo)):
                continue
            kinds = [c[0].upper() for c in combo]
            if any(kinds.count(k) > len(free_places(state.board, seat, k)) for k in set(kinds)):
                continue
            out.append(combo)
    return out


def canonical_switch(state: MastersVictoryState, seat: Seat, soldier: int, combo: tuple[str, ...]) -> SwitchAction:
    """The switch of ``combo`` onto the first free start places of each type."""
    places = []
    taken: dict[str, int] = {}
    for code in combo:
        kind = code[0].upper()
        free = free_places(state.board, seat, kind)
        places.append(B.NAMES[free[taken.get(kind, 0)]])
        taken[kind] = taken.get(kind, 0) + 1
    return SwitchAction(frm=B.NAMES[soldier], pieces=combo, places=tuple(places))


_OWN = (re.compile("[FBTSA]"), re.compile("[fbtsa]"))


def own_squares(board: str, seat: Seat) -> list[int]:
    """Squares holding a piece of ``seat``, lowest index first."""
    return [m.start() for m in _OWN[seat].finditer(board)]


# --- legal actions -------------------------------------------------------------------------


def legal_moves(state: MastersVictoryState, seat: Seat) -> list[MastersVictoryMove]:
    """Every action of ``seat`` now, in this order: ``end``, fire, switches, the continuation
    of an attacker, every attack (one per piece and attacked piece, by square), then each
    piece's moves (by square: one per destination; artillery: every path). A move that
    attacks and then goes on is legal but not listed: it is the attack followed by the
    continuation (decision 8). The order puts the actions that matter most first in an
    autocomplete list that shows 25."""
    if state.result is not None:
        return []
    if state.phase == "setup":
        if seat in _setup_seats(state):
            return [SETUP_RANDOM, SETUP_PLAIN]
        return []
    if state.phase != "play" or seat != state.to_move:
        return []
    board, options = state.board, state.options
    out: list[MastersVictoryMove] = [END]
    mine = own_squares(board, seat)
    for sq in mine:
        if A.kind(board[sq]) == "A" and fire_targets(board, seat, sq):
            out.append(fire_move(sq))
    soldiers = switch_ready(state, seat)
    if soldiers:
        combos = switch_choices(state, seat)
        for soldier in soldiers:
            out.extend(canonical_switch(state, seat, soldier, c) for c in combos)
    if state.cont is not None:
        sq, left, last_dir = state.cont
        dests, _ = reach(state, seat, sq, left, fixed_dir=last_dir if options.movement == "straight" else None)
        out.extend(plain_move(sq, d) for d in dests)
    if state.used >= MOVES_PER_TURN:
        return out
    moves = A.moves_of(options)
    moved = state.moved
    head = len(out)
    attacks: list[MastersVictoryMove] = []
    turning = options.movement == "turning"
    empty = int(board.translate(_EMPTY_BITS)[::-1], 2)
    enemy = int(board.translate(_ENEMY_BITS[seat])[::-1], 2)
    for sq in mine:
        if sq in moved:
            continue
        kind = A.kind(board[sq])
        if kind == "A":
            out.extend(artillery_move(p) for p in artillery_paths(state, seat, sq, enemy=enemy))
            continue
        if turning:
            dest_mask, target_mask = _reach_mask(empty, enemy, sq, moves[kind], kind in B.AIRCRAFT)
            row = plain_row(sq)
            out.extend([row[d] or plain_move(sq, d) for d in B.squares_of(dest_mask)])
            targets: Iterable[int] = B.squares_of(target_mask) if target_mask else ()
        else:
            dests, found = reach(state, seat, sq, moves[kind])
            out.extend(plain_move(sq, d) for d in dests)
            targets = found
        for t in targets:
            if A.attack_problem(board, options, kind, t) is None:
                attacks.append(attack_move(sq, t))
    return out[:head] + attacks + out[head:]


_EMPTY_BITS = str.maketrans({".": "1", **{c: "0" for c in "FBTSAfbtsa"}})
_ENEMY_BITS = (
    str.maketrans({".": "0", **{c: "0" for c in "FBTSA"}, **{c: "1" for c in "fbtsa"}}),
    str.maketrans({".": "0", **{c: "1" for c in "FBTSA"}, **{c: "0" for c in "fbtsa"}}),
)


def _reach_mask(empty: int, enemy: int, frm: int, limit: int, air: bool) -> tuple[int, int]:
    """Bitboards (destinations, enemy squares within reach) of a piece under ``turning``
    movement; the same sets as ``reach`` (a test checks it)."""
    if air:
        ball = B.ball_mask(frm, limit)
        return ball & empty, ball & enemy
    bit = 1 << frm
    allowed = (empty & ~B.MINES_MASK) | bit
    cur = bit
    for _ in range(limit - 1):
        nxt = B.expand(cur) & allowed
        if nxt == cur:
            break
        cur = nxt
    grown = B.expand(cur)
    return (grown & allowed) & ~bit, grown & enemy & ~B.MINES_MASK


def _setup_seats(state: MastersVictoryState) -> list[Seat]:
    return [s for s in (0, 1) if not state.ready[s] and s not in state.pending]


# --- legality (one function per check; the codes are worded in the TOML file) -------------


class Plan(Frozen):
    """What ``check_move`` found out, so ``turn.play`` does not search again."""

    first: int = 0
    """Squares used to reach the attacked square (the shortest approach)."""
    continuation: bool = False
    """The move continues an earlier attack of the same piece (decision 8)."""
    path: tuple[int, ...] = ()
    """Artillery: every square of its path, start first."""


def closest(state: MastersVictoryState, seat: Seat, frm: int | None, to: int | None) -> list[str]:
    """Up to 5 legal actions (canonical text) nearest to what was typed: those from the typed
    start square first, then by distance of their end (and start) to the typed squares."""
    legal = legal_moves(state, seat)

    def key(move: MastersVictoryMove) -> tuple[object, ...]:
        a = B.index(move.frm) if isinstance(move, (MoveAction, FireAction, SwitchAction)) else None
        b = B.index(move.to) if isinstance(move, MoveAction) else a
        same = 0 if (frm is not None and a == frm) else 1
        far_to = B.distance(b, to) if b is not None and to is not None else 99
        far_frm = B.distance(a, frm) if a is not None and frm is not None else 99
        return (same, far_to, far_frm, format_move(move))

    return [format_move(m) for m in sorted(legal, key=key)[:5]]


def illegal(state: MastersVictoryState, seat: Seat, code: str, fallback: str, frm: int | None = None,
            to: int | None = None, **params: object) -> IllegalMoveError:
    return IllegalMoveError(code, fallback, closest=closest(state, seat, frm, to), **params)


def check_turn(state: MastersVictoryState, seat: Seat, setup: bool = False) -> None:
    """Refuse an action when the game is over, in the wrong phase, or not this seat's turn."""
    if state.result is not None:
        raise IllegalMoveError("masters_victory.game_over", "the game is over")
    if setup:
        if state.phase != "setup" or seat not in _setup_seats(state):
            raise IllegalMoveError("masters_victory.setup_done", "your setup is already made")
        return
    if state.phase == "setup":
        raise IllegalMoveError("masters_victory.setup_first", "both players first set up their pieces")
    if state.phase != "play":
        raise IllegalMoveError("masters_victory.not_started", "the start roll has not decided who begins")
    if seat != state.to_move:
        raise IllegalMoveError(
            "masters_victory.not_your_turn", f"it is seat {state.to_move}'s turn", seat=state.to_move
        )


def check_move(state: MastersVictoryState, seat: Seat, move: MastersVictoryMove) -> Plan:
    """Raise ``IllegalMoveError`` unless ``seat`` may play ``move`` now; the one legality test."""
    check_turn(state, seat, setup=move.kind == "setup")
    if move.kind == "fire":
        check_fire(state, seat, B.index(move.frm))
        return Plan()
    if move.kind == "switch":
        check_switch(state, seat, move)
        return Plan()
    if move.kind == "move":
        return check_piece_move(state, seat, move)
    return Plan()  # end, setup


def check_fire(state: MastersVictoryState, seat: Seat, frm: int) -> None:
    """R3 without moving: an own artillery with at least one enemy piece it can remove. The
    refusal says why not: no enemy in the zone at all, or only ground units safe in bunkers."""
    if not is_own(state.board[frm], seat) or A.kind(state.board[frm]) != "A":
        raise illegal(state, seat, "masters_victory.fire_not_artillery",
                      f"no artillery of yours on {B.NAMES[frm]}", frm, None, square=B.NAMES[frm])
    if not fire_targets(state.board, seat, frm):
        if not any(is_enemy(state.board[sq], seat) for sq in B.ZONE[seat][frm]):
            raise illegal(state, seat, "masters_victory.fire_empty",
                          f"no enemy piece in the firing zone of the artillery on {B.NAMES[frm]}", frm, None,
                          square=B.NAMES[frm])
        raise illegal(state, seat, "masters_victory.fire_nothing",
                      f"no enemy piece the artillery on {B.NAMES[frm]} can remove", frm, None,
                      square=B.NAMES[frm])


def check_switch(state: MastersVictoryState, seat: Seat, move: SwitchAction) -> None:
    """TRIPLE SWITCH: an own soldier on the enemy's back line, 1-3 returning pieces from the
    own tray (no masters) with back-numbers summing to at most 3 (bombers and artillery 2),
    each on a distinct free start place of its type."""
    frm = B.index(move.frm)
    sq = B.NAMES[frm]
    board = state.board
    if board[frm] != A.letter("S", seat):
        raise illegal(state, seat, "masters_victory.switch_not_soldier",
                      f"no soldier of yours on {sq}", frm, None, square=sq)
    if B.row(frm) != B.BACK_LINE[1 - seat]:
        raise illegal(state, seat, "masters_victory.switch_not_on_line",
                      f"the soldier on {sq} is not on the enemy's back line", frm, None, square=sq)
    if not 1 <= len(move.pieces) <= 3:
        raise illegal(state, seat, "masters_victory.switch_count",
                      "a triple switch brings back 1, 2 or 3 pieces", frm, None)
    have = tray(state, seat)
    for code in move.pieces:
        if code in ("fm", "tm", "sm"):
            raise illegal(state, seat, "masters_victory.switch_master",
                          "masters never return to the board", frm, None, piece=code)
        if move.pieces.count(code) > have.count(code):
            raise illegal(state, seat, "masters_victory.switch_not_off",
                          f"{code} is not among your pieces off the board", frm, None, piece=code)
    total = sum(piece_value(c) for c in move.pieces)
    if total > 3:
        raise illegal(state, seat, "masters_victory.switch_sum",
                      f"the back-numbers sum to {total}, at most 3", frm, None, total=total)
    if len(set(move.places)) != len(move.places):
        raise illegal(state, seat, "masters_victory.switch_place_twice",
                      "two pieces cannot enter on the same start place", frm, None)
    for code, place in zip(move.pieces, move.places):
        p = B.index(place)
        if B.START_KIND.get(p) != (seat, code[0].upper()) or board[p] != EMPTY:
            raise illegal(state, seat, "masters_victory.switch_place",
                          f"{place} is not a free start place of that type", frm, None,
                          piece=code, square=place)


def check_piece_move(state: MastersVictoryState, seat: Seat, move: MoveAction) -> Plan:
    """BEWEGING and AANVAL for one piece: whose piece, how far, over what, and whom it attacks."""
    board, options = state.board, state.options
    frm = B.index(move.frm)
    to = B.index(move.to)
    att = B.index(move.attack) if move.attack is not None else None
    piece = board[frm]
    name = B.NAMES[frm]
    if not is_own(piece, seat):
        raise illegal(state, seat, "masters_victory.no_own_piece", f"no piece of yours on {name}",
                      frm, to, square=name)
    kind = A.kind(piece)
    continuation = state.cont is not None and state.cont[0] == frm
    if continuation:
        limit = state.cont[1]  # type: ignore[index]
        if att is not None:
            raise illegal(state, seat, "masters_victory.one_attack",
                          "a piece eliminates at most one enemy piece per turn", frm, to, square=name)
    else:
        if frm in state.moved:
            raise illegal(state, seat, "masters_victory.already_moved",
                          f"the piece on {name} has already moved this turn", frm, to, square=name)
        if state.used >= MOVES_PER_TURN:
            raise illegal(state, seat, "masters_victory.three_moved",
                          "you have already moved 3 pieces this turn", frm, to)
        limit = A.moves_of(options)[kind]
    if kind == "A":
        if att is not None:
            raise illegal(state, seat, "masters_victory.artillery_attack",
                          "artillery attacks only with its firing zone (R3)", frm, to, square=name)
        return Plan(path=_check_artillery_path(state, seat, move, frm, to))
    straight = options.movement == "straight"
    fixed = state.cont[2] if continuation and straight else None  # type: ignore[index]
    if att is None:
        if board[to] != EMPTY or steps_to(state, seat, board, frm, to, limit, fixed) is None:
            raise _unreachable(state, seat, frm, to, limit, kind)
        return Plan(continuation=continuation)
    if not is_enemy(board[att], seat):
        raise illegal(state, seat, "masters_victory.attack_no_enemy",
                      f"there is no enemy piece on {B.NAMES[att]}", frm, att, square=B.NAMES[att])
    if kind in B.GROUND and att in B.MINES:
        if kind == "S" and A.kind(board[att]) in B.AIRCRAFT:
            raise _attack_error(state, seat, "masters_victory.protected_mines", frm, att)
        raise _unreachable(state, seat, frm, att, limit, kind, attack=True)
    first = steps_to(state, seat, board, frm, att, limit, None)
    if first is None:
        raise _unreachable(state, seat, frm, att, limit, kind, attack=True)
    problem = A.attack_problem(board, options, kind, att)
    if problem is not None:
        raise _attack_error(state, seat, problem, frm, att)
    if to != att:
        after = _vacate(board, frm, att)
        after = after[:att] + piece + after[att + 1:]
        left = limit - first
        fixed = direction(frm, att) if straight else None
        if after[to] != EMPTY or left <= 0 or steps_to(state, seat, after, att, to, left, fixed) is None:
            raise illegal(state, seat, "masters_victory.no_continuation",
                          f"after the attack on {B.NAMES[att]} the piece cannot reach {B.NAMES[to]}",
                          frm, to, square=B.NAMES[to], attack=B.NAMES[att], left=left)
    return Plan(first=first)


def steps_to(state: MastersVictoryState, seat: Seat, board: str, frm: int, target: int, limit: int,
             fixed_dir: int | None) -> int | None:
    """The fewest squares the (non-artillery) piece on ``frm`` needs to reach ``target`` (an
    empty square to end on, or an enemy to attack), or ``None`` beyond ``limit``; the same
    movement rules as ``reach``."""
    if target == frm:
        return None
    if state.options.movement == "straight":
        dests, targets = reach(state, seat, frm, limit, board=board, fixed_dir=fixed_dir)
        return dests.get(target, targets.get(target))
    if A.kind(board[frm]) in B.AIRCRAFT:
        d = B.distance(frm, target)
        return d if d <= limit else None
    if target in B.MINES:
        return None
    bit = 1 << frm
    allowed = (int(board.translate(_EMPTY_BITS)[::-1], 2) & ~B.MINES_MASK) | bit
    cur = bit
    for d in range(1, limit + 1):
        grown = B.expand(cur)
        if grown >> target & 1:
            return d
        nxt = grown & allowed
        if nxt == cur:
            return None
        cur = nxt
    return None


def _unreachable(state: MastersVictoryState, seat: Seat, frm: int, to: int, limit: int, kind: str,
                 attack: bool = False) -> IllegalMoveError:
    """Why the piece on ``frm`` cannot get to ``to``; for an ``attack`` the enemy on ``to`` is the
    point, so the answer is the distance or the path, never "occupied"."""
    board = state.board
    if to == frm:
        return illegal(state, seat, "masters_victory.same_square", "a move cannot end where it began",
                       frm, to, square=B.NAMES[frm])
    if kind not in B.AIRCRAFT and to in B.MINES:
        return illegal(state, seat, "masters_victory.mines", f"{B.NAMES[to]} is a mine square: only aircraft enter mines",
                       frm, to, square=B.NAMES[to])
    if board[to] != EMPTY and not attack:
        return illegal(state, seat, "masters_victory.occupied", f"{B.NAMES[to]} is occupied",
                       frm, to, square=B.NAMES[to])
    if state.options.movement == "straight" and direction(frm, to) is None:
        return illegal(state, seat, "masters_victory.not_straight", "moves go in one straight line (option movement)",
                       frm, to, square=B.NAMES[to])
    if B.distance(frm, to) > limit:
        return illegal(state, seat, "masters_victory.too_far",
                       f"{B.NAMES[to]} is more than {limit} squares away", frm, to,
                       origin=B.NAMES[frm], square=B.NAMES[to], limit=limit, distance=B.distance(frm, to))
    return illegal(state, seat, "masters_victory.path_blocked",
                   f"no free path from {B.NAMES[frm]} to {B.NAMES[to]} within {limit} squares", frm, to,
                   origin=B.NAMES[frm], square=B.NAMES[to], limit=limit)


def _attack_error(state: MastersVictoryState, seat: Seat, code: str, frm: int, att: int) -> IllegalMoveError:
    params: dict[str, object] = {"square": B.NAMES[att], "origin": B.NAMES[frm]}
    if code == "masters_victory.defended":
        params["defenders"] = [B.NAMES[s] for s in A.defenders(state.board, state.options, att)]
    return illegal(state, seat, code, f"the piece on {B.NAMES[frm]} may not attack {B.NAMES[att]} ({code})",
                   frm, att, **params)


def _check_artillery_path(state: MastersVictoryState, seat: Seat, move: MoveAction, frm: int,
                          to: int) -> tuple[int, ...]:
    """The artillery's path, checked; without ``via`` only when exactly one path leads to ``to``."""
    path = (frm, *(B.index(s) for s in move.via)) if move.via else None
    paths = artillery_paths(state, seat, frm)
    if path is None:
        found = [p for p in paths if p[-1] == to]
        if len(found) == 1:
            return found[0]
        if found:
            raise AmbiguousMoveError(
                "masters_victory.ambiguous", "several artillery paths lead there", square=B.NAMES[to],
                candidates=texts(artillery_move(p) for p in found),
            )
    elif path in paths:
        return path
    if path is not None:
        for a, b in pairwise(path):
            if b not in B.STEPS[a]:
                raise illegal(state, seat, "masters_victory.not_a_step",
                              f"from {B.NAMES[a]} to {B.NAMES[b]} is not one orthogonal step", frm, to,
                              square=B.NAMES[a], next=B.NAMES[b])
        if len(path) - 1 > A.ARTILLERY_MOVES:
            raise illegal(state, seat, "masters_victory.too_far",
                          f"artillery moves at most {A.ARTILLERY_MOVES} squares", frm, to,
                          origin=B.NAMES[frm], square=B.NAMES[to], limit=A.ARTILLERY_MOVES,
                          distance=len(path) - 1)
        if len(set(path)) != len(path):
            raise illegal(state, seat, "masters_victory.path_twice",
                          "an artillery path passes every square at most once", frm, to)
    raise _unreachable(state, seat, frm, to, A.ARTILLERY_MOVES, "A")


def route(board: str, seat: Seat, frm: int, to: int, air: bool) -> tuple[int, ...]:
    """A shortest path from ``frm`` to ``to`` to draw in the view (decision 5): the straight
    line or the L with the north-south leg first when it is free, else the first path the
    breadth-first search finds. ``to`` may be occupied (an attacked square)."""
    line = B.line_path(frm, to)
    if air:
        return line
    other = _row_first(frm, to)
    for candidate in (line, other):
        if all(board[s] == EMPTY and s not in B.MINES for s in candidate[1:-1]) and candidate[-1] not in B.MINES:
            return candidate
    parent, targets = ground_reach(board, frm, B.distance(frm, to) + 16)
    path = [to]
    sq = parent.get(to, targets.get(to, -1))
    while sq != -1:
        path.append(sq)
        sq = parent[sq]
    if path[-1] != frm:  # unreachable (cannot happen after check_move): a straight line
        return line
    return tuple(reversed(path))


def _row_first(a: int, b: int) -> tuple[int, ...]:
    r0, c0 = divmod(a, B.COLS)
    r1, c1 = divmod(b, B.COLS)
    path = [a]
    r, c = r0, c0
    while c != c1:
        c += 1 if c1 > c else -1
        path.append(r * B.COLS + c)
    while r != r1:
        r += 1 if r1 > r else -1
        path.append(r * B.COLS + c)
    return tuple(path)


def free_actions(state: MastersVictoryState, seat: Seat) -> bool:
    """Whether ``seat`` can still do something that is not one of its 3 moves: fire, switch,
    or continue an attacker (decision 9: the turn then waits for ``end``)."""
    if state.cont is not None:
        return True
    board = state.board
    for sq in own_squares(board, seat):
        if A.kind(board[sq]) == "A" and fire_targets(board, seat, sq):
            return True
    return bool(switch_ready(state, seat)) and bool(switch_choices(state, seat))


def texts(moves: Iterable[MastersVictoryMove]) -> list[str]:
    return [format_move(m) for m in moves]
