"""The position string of Militakiri (FEN-like; docs/games/militakiri.md, "Positions").

Eight space-separated fields, a ninth during the setup:

1. the board, ranks 12 down to 1 separated by ``/``; in a rank, files from ``a``: a number
   (1-12) for a run of empty squares; a pawn letter (``P`` plus, ``X`` cross, ``S`` star red;
   ``p``, ``x``, ``s`` blue) for a single pawn; a rank in parentheses, bottom pawn first
   (``(pX)``: a red cross pawn on a blue plus pawn); a tower as ``T`` + shape (red ``TP``,
   ``TX``, ``TS``) or ``t`` + shape (blue ``tp``, ``tx``, ``ts``);
2. who acts: ``r``/``b`` the seat to move, ``R``/``B`` that seat has moved and must still place
   a reserve tower, ``?`` the start roll, ``-`` the setup;
3. reserve towers ``plus,cross,star`` red ``/`` blue;
4. towers waiting for a free square, red ``/`` blue: shape letters oldest first, ``-`` none;
5. the endgame rule: ``-`` not active, or ``red,blue`` the moves made since it became active;
6. moves played; 7. moves since the last capture; 8. consecutive passes;
9. (setup only) the choices ``red;blue``: ``-`` not chosen, ``random``, or the tower squares
   joined by ``,``.

The result is not written: it follows from the position and the options.

>>> from engines.militakiri.options import MilitakiriOptions
>>> from engines.militakiri.state import initial_state
>>> to_position(initial_state(MilitakiriOptions()))
'6/6/6/6/6/6/6/6/6/6/6/6 - 2,2,1/2,2,1 -/- - 0 0 0 -;-'
"""

from __future__ import annotations

import re

from engines.militakiri.board import GEOMETRY, RANKS
from engines.militakiri.options import MilitakiriOptions
from engines.militakiri.rules import lone_seats, must_place
from engines.militakiri.state import MilitakiriState
from engines.militakiri.turn import result_of

_SEATS = "rb"


def _token(cell: str) -> str:
    return cell if len(cell) == 1 or cell[0] in "Tt" else f"({cell})"


def to_position(state: MilitakiriState) -> str:
    """The position string of ``state`` (the last move and the result are not part of it)."""
    g = state.geometry
    ranks = []
    for rank in range(RANKS - 1, -1, -1):
        out, gap = [], 0
        for file in range(g.files):
            cell = state.board[rank * g.files + file]
            if not cell:
                gap += 1
                continue
            if gap:
                out.append(str(gap))
                gap = 0
            out.append(_token(cell))
        if gap:
            out.append(str(gap))
        ranks.append("".join(out))
    if state.phase == "setup":
        mover = "-"
    elif state.phase == "roll":
        mover = "?"
    else:
        mover = _SEATS[state.to_move]  # type: ignore[index]
        if state.moved:
            mover = mover.upper()
    fields = [
        "/".join(ranks),
        mover,
        "/".join(",".join(str(n) for n in r) for r in state.reserves),
        "/".join(p or "-" for p in state.pending),
        "-" if state.endgame is None else f"{state.endgame[0]},{state.endgame[1]}",
        str(state.turn),
        str(state.quiet),
        str(state.passes),
    ]
    if state.phase == "setup":
        fields.append(";".join(s.replace(" ", ",") if s else "-" for s in state.setups))
    return " ".join(fields)


_TOKEN = re.compile(r"1[0-2]|[1-9]|T[PXS]|t[pxs]|\([PXSpxs]{2,4}\)|[PXSpxs]")
_FIELDS = re.compile(
    r"([-?rbRB]) (\d+),(\d+),(\d+)/(\d+),(\d+),(\d+) ([pxs]+|-)/([pxs]+|-) (-|\d+,\d+) (\d+) (\d+) (\d+)"
    r"(?: (\S+);(\S+))?"
)


def from_position(text: str, options: MilitakiriOptions | None = None) -> MilitakiriState:
    """The state a position string describes; ``ValueError`` when it is not one.

    The board kind follows from the options (default: single). The result is recomputed;
    the last move is unknown (``None``); the first player follows from who is to move and
    the parity of the moves played.
    """
    options = options or MilitakiriOptions()
    g = GEOMETRY[options.board]
    parts = text.strip().split(" ", 1)
    if len(parts) != 2 or not (fields := _FIELDS.fullmatch(parts[1])):
        raise ValueError(f"not a position string: {text!r}")
    rank_texts = parts[0].split("/")
    if len(rank_texts) != RANKS:
        raise ValueError(f"a position has {RANKS} ranks, got {len(rank_texts)}")
    cells = [""] * g.cells
    for row, rank_text in enumerate(rank_texts):
        rank = RANKS - 1 - row
        tokens = _TOKEN.findall(rank_text)
        if "".join(tokens) != rank_text:
            raise ValueError(f"rank {rank + 1} is not valid: {rank_text!r}")
        file = 0
        for token in tokens:
            if token.isdigit():
                file += int(token)
                continue
            if file >= g.files:
                raise ValueError(f"rank {rank + 1} has more than {g.files} squares")
            cells[rank * g.files + file] = token.strip("()")
            file += 1
        if file != g.files:
            raise ValueError(f"rank {rank + 1} has {file} squares, not {g.files}")
    (mover, rp, rx, rs, bp, bx, bs, red_pending, blue_pending, endgame_text, turn, quiet, passes,
     red_setup, blue_setup) = fields.groups()
    phase = {"-": "setup", "?": "roll"}.get(mover, "play")
    if (phase == "setup") != (red_setup is not None):
        raise ValueError("the setup choices are written during the setup only")
    setups = ("", "")
    if red_setup is not None:
        setups = tuple("" if s == "-" else s.replace(",", " ") for s in (red_setup, blue_setup))  # type: ignore[assignment]
    to_move = None
    moved = False
    if phase == "play":
        to_move = _SEATS.index(mover.lower())
        moved = mover.isupper()
    endgame = None if endgame_text == "-" else tuple(int(n) for n in endgame_text.split(","))
    first = None
    if to_move is not None:
        done = int(turn) - (1 if moved else 0)
        first = to_move if done % 2 == 0 else 1 - to_move
    state = MilitakiriState(
        options=options,
        phase=phase,  # type: ignore[arg-type]
        board=tuple(cells),
        setups=setups,
        to_move=to_move,
        moved=moved,
        first_player=first,
        reserves=((int(rp), int(rx), int(rs)), (int(bp), int(bx), int(bs))),
        pending=tuple("" if p == "-" else p for p in (red_pending, blue_pending)),  # type: ignore[arg-type]
        endgame=endgame,  # type: ignore[arg-type]
        turn=int(turn),
        quiet=int(quiet),
        passes=int(passes),
    )
    # the mover placing the tower it just earned is not lone (section 7: it is placed at once)
    if phase == "play" and endgame is None and any(not (moved and s == to_move) for s in lone_seats(state.board)):
        raise ValueError("a seat has one tower and nothing else: the endgame rule would be active")
    if moved and not must_place(state, to_move):  # type: ignore[arg-type]
        raise ValueError("the mover has moved but has no reserve tower to place")
    if phase == "play":
        result = result_of(state.board, state.endgame, state.quiet, state.passes, options)
        state = state.model_copy(update={"result": result})
    return state
