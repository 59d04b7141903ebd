"""Action notation of Masters Victory (docs/games/masters_victory.md, "Notation").

Canonical forms (``format_move``):

* ``d3-h3``: the piece on d3 moves to h3 (by any legal path);
* ``d3xh3``: it attacks the piece on h3 (R1/R2) and, if it survives, stays there (it may
  then still continue with its remaining squares: ``h3-h5``, decision 8);
* ``d3xh3-h5``: attack and go on in one action (if the attacker is removed, it stops);
* ``c4-d4-d5``: an artillery path, every corner written (the path decides the sweep, R3);
* ``fire c4``: the artillery on c4 removes the enemy pieces in its firing zone, not moving;
* ``switch r5 f1@b2 b@a4``: the soldier on r5 is exchanged (triple switch) for fighter 1
  and a bomber, entering on the start places b2 and a4;
* ``end``: the turn ends; ``setup random`` / ``setup f11223m t11223m s11223m``: the secret
  setup (back-numbers of the fighters, tanks and soldiers in start-place order, ``m`` = 3M);
  while setting up, the word ``setup`` may be left out (``/setup random``).

``parse_move`` also reads a path through corners, ``c3-c6xc7-c8`` (every segment straight;
checked square by square, then read as ``c3xc7-c8``), upper case, spaces, ``3M`` for ``m``
in a setup, and a switch without places (the first free start places).

>>> from engines.masters_victory.moves import MoveAction
>>> format_move(MoveAction(frm="d3", attack="h3", to="h5"))
'd3xh3-h5'
>>> format_move(MoveAction(frm="c4", to="d5", via=("d4", "d5")))
'c4-d4-d5'
"""

from __future__ import annotations

import itertools
import re

from engines.core.contract import Seat
from engines.core.errors import AmbiguousMoveError, IllegalMoveError, InvalidMoveError
from engines.core.move_text import plain_dashes
from engines.masters_victory import attack as A
from engines.masters_victory import board as B
from engines.masters_victory.moves import (
    END,
    SETUP_RANDOM,
    FireAction,
    MastersVictoryMove,
    MoveAction,
    SetupAction,
    SwitchAction,
    artillery_move,
    direction,
    format_move,
)
from engines.masters_victory.rules import (
    artillery_paths,
    canonical_switch,
    check_move,
    check_turn,
    illegal,
    is_own,
)
from engines.masters_victory.state import (
    EMPTY,
    MOVES_PER_TURN,
    NUMBERS_PER_TYPE,
    MastersVictoryState,
)

EXPECTED = "d3-h3, d3xh3, d3xh3-h5, d3-d6xd7-d8, fire c4, switch r5 f1, end"
"""The forms shown when a text is not an action."""
EXPECTED_SETUP = "setup random, setup f11223m t11223m s11223m"

_SQ = r"[a-z]\d+"
_PATH = re.compile(rf"{_SQ}(?:\s*[-x]\s*{_SQ}|\s+{_SQ})+")
_TOKEN = re.compile(rf"({_SQ})|([-x])")
_PIECE = re.compile(r"([ftsba])(\d*m?)")


def _square(text: str) -> int:
    if not B.is_square(text):
        raise InvalidMoveError(
            "masters_victory.no_such_square",
            f"{text} is not a square (a1 to r11)",
            square=text,
            expected=EXPECTED,
        )
    return B.index(text)


def _syntax(text: str) -> InvalidMoveError:
    return InvalidMoveError(
        "masters_victory.syntax", f"not an action: {text!r} (try {EXPECTED})", text=text, expected=EXPECTED
    )


def parse_move(text: str, state: MastersVictoryState, seat: Seat) -> MastersVictoryMove:
    """Read an action typed by ``seat``; raises Invalid-, Illegal- or AmbiguousMoveError.
    Typographic dashes (``d5–h5``) read as ``-``."""
    text = plain_dashes(text)
    t = " ".join(text.strip().lower().split())
    if t == "end":
        check_move(state, seat, END)
        return END
    words = t.split(" ")
    if words[0] == "setup":
        move = _parse_setup(text, words[1:])
        check_move(state, seat, move)
        return move
    if words[0] == "fire" and len(words) == 2:
        move = FireAction(frm=B.NAMES[_square(words[1])])
        check_move(state, seat, move)
        return move
    if words[0] == "switch" and len(words) >= 2:
        move = _parse_switch(text, words[1:], state, seat)
        check_move(state, seat, move)
        return move
    if state.phase == "setup" and not _PATH.fullmatch(t):
        # ``/setup f11223m t11223m s11223m`` or ``/setup random``: the command says it is one
        move = _parse_setup(text, words)
        check_move(state, seat, move)
        return move
    if not _PATH.fullmatch(t):
        raise _syntax(text)
    squares: list[int] = []
    attack: int | None = None
    for sq, sep in _TOKEN.findall(t):
        if sep == "x":
            if attack is not None:
                raise _two_attacks(state, seat)
            attack = len(squares)
        elif sq:
            squares.append(_square(sq))
    check_turn(state, seat)
    frm = squares[0]
    if not is_own(state.board[frm], seat):
        raise illegal(state, seat, "masters_victory.no_own_piece", f"no piece of yours on {B.NAMES[frm]}",
                      frm, squares[-1], square=B.NAMES[frm])
    reduced = len(squares) == 2 or (len(squares) == 3 and attack == 1)
    if reduced:
        move = _reduced(state, seat, squares, attack)
    else:
        move = _explicit(state, seat, squares, attack)
    check_move(state, seat, move)
    return move


def _two_attacks(state: MastersVictoryState, seat: Seat) -> IllegalMoveError:
    check_turn(state, seat)
    return illegal(state, seat, "masters_victory.one_attack",
                   "a piece eliminates at most one enemy piece per turn (R1/R2)")


def _reduced(state: MastersVictoryState, seat: Seat, squares: list[int], attack: int | None) -> MastersVictoryMove:
    """``frm-to``, ``frmxatt``, ``frmxatt-to``: any legal path (artillery: the only one)."""
    frm = squares[0]
    if A.kind(state.board[frm]) == "A" and attack is None:
        to = squares[-1]
        found = [p for p in artillery_paths(state, seat, frm) if p[-1] == to]
        if len(found) > 1:
            raise AmbiguousMoveError(
                "masters_victory.ambiguous", "several artillery paths lead there; write the corner too",
                square=B.NAMES[to], candidates=[format_move(artillery_move(p)) for p in found],
            )
        if found:
            return artillery_move(found[0])
    names = [B.NAMES[s] for s in squares]
    if attack is None:
        return MoveAction(frm=names[0], to=names[1])
    return MoveAction(frm=names[0], attack=names[1], to=names[-1])


def _explicit(state: MastersVictoryState, seat: Seat, corners: list[int], attack: int | None) -> MastersVictoryMove:
    """A path through corners: every segment straight, checked square by square."""
    path = [corners[0]]
    attack_at: int | None = None
    for i, (a, b) in enumerate(itertools.pairwise(corners), 1):
        d = direction(a, b)
        if d is None:
            raise InvalidMoveError(
                "masters_victory.segment",
                f"{B.NAMES[a]} to {B.NAMES[b]} is not a straight line; write the corners of the path",
                square=B.NAMES[a], next=B.NAMES[b], expected=EXPECTED,
            )
        sq = a
        while sq != b:
            dr, dc = ((1, 0), (0, 1), (-1, 0), (0, -1))[d]
            sq = sq + dr * B.COLS + dc
            path.append(sq)
        if attack == i:
            attack_at = len(path) - 1
    board = state.board
    frm = path[0]
    piece = board[frm]
    kind = A.kind(piece)
    names = [B.NAMES[s] for s in path]
    if kind == "A":
        if attack_at is not None:
            raise illegal(state, seat, "masters_victory.artillery_attack",
                          "artillery attacks only with its firing zone (R3)", frm, path[-1], square=names[0])
        return MoveAction(frm=names[0], to=names[-1], via=tuple(names[1:]))
    _literal(state, seat, path, attack_at)
    if attack_at is None:
        return MoveAction(frm=names[0], to=names[-1])
    end = names[-1]
    return MoveAction(frm=names[0], attack=names[attack_at], to=end)


def _literal(state: MastersVictoryState, seat: Seat, path: list[int], attack_at: int | None) -> None:
    """Check a written path of a fighter, bomber, tank or soldier step by step: its length,
    one direction under ``straight``, ground units only over empty squares and never on mines,
    the attacked square an enemy, and every other square where it stops empty."""
    board, options = state.board, state.options
    frm = path[0]
    kind = A.kind(board[frm])
    cont = state.cont if state.cont is not None and state.cont[0] == frm else None
    limit = cont[1] if cont else A.moves_of(options)[kind]
    steps = len(path) - 1
    if steps > limit:
        raise illegal(state, seat, "masters_victory.path_too_long", f"{steps} squares, at most {limit}",
                      frm, path[-1], square=B.NAMES[frm], steps=steps, limit=limit)
    if options.movement == "straight" and len({direction(a, b) for a, b in itertools.pairwise(path)}) > 1:
        raise illegal(state, seat, "masters_victory.not_straight", "moves go in one straight line (option movement)",
                      frm, path[-1], square=B.NAMES[path[-1]])
    air = kind in B.AIRCRAFT
    for i, sq in enumerate(path[1:], 1):
        if i == attack_at:
            continue
        if not air and sq in B.MINES:
            raise illegal(state, seat, "masters_victory.mines", f"{B.NAMES[sq]} is a mine square: only aircraft enter mines",
                          frm, path[-1], square=B.NAMES[sq])
        free = board[sq] == EMPTY or sq == frm or (attack_at is not None and sq == path[attack_at] and i > attack_at)
        last = i == len(path) - 1
        if not free and (last or not air):
            code = "masters_victory.occupied" if last else "masters_victory.path_square_occupied"
            raise illegal(state, seat, code, f"{B.NAMES[sq]} is occupied", frm, path[-1], square=B.NAMES[sq])
    if attack_at is None and path[-1] == frm:
        raise illegal(state, seat, "masters_victory.same_square", "a move cannot end where it began",
                      frm, frm, square=B.NAMES[frm])
    if cont is None and frm in state.moved:
        raise illegal(state, seat, "masters_victory.already_moved",
                      f"the piece on {B.NAMES[frm]} has already moved this turn", frm, path[-1], square=B.NAMES[frm])
    if cont is None and state.used >= MOVES_PER_TURN:
        raise illegal(state, seat, "masters_victory.three_moved", "you have already moved 3 pieces this turn",
                      frm, path[-1])


def _parse_setup(text: str, words: list[str]) -> MastersVictoryMove:
    """``setup random`` or three groups: ``f11223m t11223m s11223m`` (any order when
    lettered, else fighters, tanks, soldiers); ``3M`` may be written for ``m``."""
    def bad() -> InvalidMoveError:
        return InvalidMoveError(
            "masters_victory.setup_syntax",
            f"not a setup: {text!r} (try {EXPECTED_SETUP})",
            text=text, expected=EXPECTED_SETUP,
        )

    if words == ["random"]:
        return SETUP_RANDOM
    if len(words) != 3:
        raise bad()
    groups: dict[str, str] = {}
    for i, word in enumerate(words):
        letter = "fts"[i]
        if word[:1] in "fts" and not word[:1].isdigit():
            letter, word = word[0], word[1:]
        if len(word) == 7 and "3m" in word:
            word = word.replace("3m", "m", 1)
        if letter in groups or sorted(word) != sorted(NUMBERS_PER_TYPE):
            raise bad()
        groups[letter] = word
    if set(groups) != set("fts"):
        raise bad()
    return SetupAction(numbers=(groups["f"], groups["t"], groups["s"]))


def _parse_switch(text: str, words: list[str], state: MastersVictoryState, seat: Seat) -> MastersVictoryMove:
    """``switch r5 f1@b2 b@a4`` or ``switch r5 f1 b`` (places filled in: first free ones)."""
    soldier = _square(words[0])
    pieces: list[str] = []
    places: list[str | None] = []
    for word in words[1:]:
        code, _, place = word.partition("@")
        m = _PIECE.fullmatch(code)
        if m is None or (m.group(1) in "ba" and m.group(2)) or (m.group(1) in "fts" and m.group(2) not in ("1", "2", "3", "m", "3m")):
            raise _syntax(text)
        number = m.group(2)
        if number in ("m", "3m"):
            check_turn(state, seat)
            raise illegal(state, seat, "masters_victory.switch_master", "masters never return to the board",
                          soldier, None, piece=m.group(1) + "m")
        pieces.append(m.group(1) + number)
        places.append(B.NAMES[_square(place)] if place else None)
    if not pieces:
        raise _syntax(text)
    check_turn(state, seat)
    if all(p is None for p in places):
        pieces.sort()
        if state.board[soldier] == A.letter("S", seat):
            try:
                return canonical_switch(state, seat, soldier, tuple(pieces))
            except IndexError:  # no free start place: let check_switch word it
                pass
    filled = _fill_places(state, seat, pieces, places)

    def order(pair: tuple[str, str]) -> tuple[str, int]:
        starts = B.START[seat][pair[0][0].upper()]
        sq = B.index(pair[1])
        return pair[0], starts.index(sq) if sq in starts else B.CELLS + sq

    pairs = sorted(zip(pieces, filled), key=order)
    return SwitchAction(frm=B.NAMES[soldier], pieces=tuple(p for p, _ in pairs), places=tuple(q for _, q in pairs))


def _fill_places(state: MastersVictoryState, seat: Seat, pieces: list[str], places: list[str | None]) -> list[str]:
    """Missing places: the first free start places of the type not written for another piece."""
    used = {p for p in places if p is not None}
    out = []
    for code, place in zip(pieces, places):
        if place is None:
            kind = code[0].upper()
            free = [B.NAMES[s] for s in B.START[seat][kind] if state.board[s] == EMPTY and B.NAMES[s] not in used]
            place = free[0] if free else B.NAMES[B.START[seat][kind][0]]
            used.add(place)
        out.append(place)
    return out
