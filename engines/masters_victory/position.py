"""The position string of Masters Victory (docs/games/masters_victory.md, "Positions").

A referee-side format: it **contains the hidden back-numbers** of both sides, so it is for
tests, debugging and the record keeper, never for a player during the game.

Eight space-separated fields:

1. the board, rows ``r`` down to ``a`` separated by ``/``; in a row, columns 1 to 11: a
   number (1-11) for a run of empty squares, a piece letter (``F B T S A`` red / seat 0,
   ``f b t s a`` green / seat 1), and after every fighter, tank and soldier its back-number
   ``1``, ``2``, ``3``, ``m`` (3M) or ``?`` (not set up yet);
2. the phase and the side to move: ``setup``, ``roll``, ``r`` or ``g`` (after the end: the
   side that made the last action, or would move next after a limit);
3. setup status per seat (red then green): ``y`` ready, ``p`` waiting for its random
   shuffle, ``n`` not set up; then ``/`` and the first player ``r``, ``g`` or ``-``;
4. the current turn: pieces moved (0-3), ``:``, the squares of the moved pieces joined by
   ``,`` (or ``-``), ``:``, the continuation ``square.left.direction`` (or ``-``);
5. the pieces off the board, red ``/`` green, 3 characters each: type, back-number (``.``
   for bombers and artillery), ``x`` removed or ``s`` switched away; ``-`` for none;
6. complete turns played; 7. consecutive quiet turns; 8. ``1`` if a piece was removed in
   the current turn, else ``0``.

The result and the last actions are not written: the result follows from the position and
the options (``turn.result_of``).

>>> from engines.masters_victory.options import MastersVictoryOptions
>>> from engines.masters_victory.state import initial_state
>>> to_position(initial_state(MastersVictoryOptions())).split()[1:]
['setup', 'nn/-', '0:-:-', '-/-', '0', '0', '0']
"""

from __future__ import annotations

import re

from engines.masters_victory import board as B
from engines.masters_victory.options import MastersVictoryOptions
from engines.masters_victory.state import EMPTY, NUMBER_CHARS, MastersVictoryState
from engines.masters_victory.turn import result_of

_SEAT = "rg"
_ROW = re.compile(r"(\d+)|([FBTSAfbtsa])")


def to_position(state: MastersVictoryState) -> str:
    rows = []
    for r in range(B.ROWS - 1, -1, -1):
        out, gap = [], 0
        for c in range(B.COLS):
            sq = r * B.COLS + c
            piece = state.board[sq]
            if piece == EMPTY:
                gap += 1
                continue
            if gap:
                out.append(str(gap))
                gap = 0
            out.append(piece)
            if piece.upper() in B.NUMBERED:
                out.append(state.numbers[sq] if state.numbers[sq] != EMPTY else "?")
        if gap:
            out.append(str(gap))
        rows.append("".join(out))
    if state.phase == "play":
        phase = _SEAT[state.to_move]  # type: ignore[index]
    else:
        phase = state.phase
    status = "".join(
        "y" if state.ready[s] else "p" if s in state.pending else "n" for s in (0, 1)
    )
    first = "-" if state.first_player is None else _SEAT[state.first_player]
    moved = ",".join(B.NAMES[s] for s in state.moved) or "-"
    cont = "-" if state.cont is None else f"{B.NAMES[state.cont[0]]}.{state.cont[1]}.{state.cont[2]}"
    off = "/".join(o or "-" for o in state.off)
    return " ".join(
        (
            "/".join(rows),
            phase,
            f"{status}/{first}",
            f"{state.used}:{moved}:{cont}",
            off,
            str(state.turns),
            str(state.quiet),
            "1" if state.removed_in_turn else "0",
        )
    )


def from_position(text: str, options: MastersVictoryOptions | None = None) -> MastersVictoryState:
    """Read a position string back (``ValueError`` when it is not one)."""
    options = options or MastersVictoryOptions()
    fields = text.split()
    if len(fields) != 8:
        raise ValueError("a position has 8 fields")
    board_f, phase_f, status_f, turn_f, off_f, turns_f, quiet_f, removed_f = fields
    rows = board_f.split("/")
    if len(rows) != B.ROWS:
        raise ValueError(f"the board has {B.ROWS} rows")
    cells = [EMPTY] * B.CELLS
    nums = [EMPTY] * B.CELLS
    for i, row_text in enumerate(rows):
        r = B.ROWS - 1 - i
        c = 0
        pos = 0
        while pos < len(row_text):
            m = _ROW.match(row_text, pos)
            if m is None:
                raise ValueError(f"bad row {row_text!r}")
            pos = m.end()
            if m.group(1):
                c += int(m.group(1))
                continue
            piece = m.group(2)
            if c >= B.COLS:
                raise ValueError(f"row {row_text!r} is too long")
            sq = r * B.COLS + c
            cells[sq] = piece
            if piece.upper() in B.NUMBERED:
                if pos >= len(row_text) or row_text[pos] not in NUMBER_CHARS + "?":
                    raise ValueError(f"{piece} needs a back-number in {row_text!r}")
                nums[sq] = EMPTY if row_text[pos] == "?" else row_text[pos]
                pos += 1
            c += 1
        if c != B.COLS:
            raise ValueError(f"row {row_text!r} does not have {B.COLS} squares")
    if phase_f in ("setup", "roll"):
        phase, to_move = phase_f, None
    elif phase_f in _SEAT:
        phase, to_move = "play", _SEAT.index(phase_f)
    else:
        raise ValueError(f"bad phase {phase_f!r}")
    status, _, first_f = status_f.partition("/")
    if len(status) != 2 or set(status) - set("ypn"):
        raise ValueError(f"bad setup status {status_f!r}")
    used_f, moved_f, cont_f = turn_f.split(":")
    moved = () if moved_f == "-" else tuple(B.index(s) for s in moved_f.split(","))
    cont = None
    if cont_f != "-":
        square, left, d = cont_f.split(".")
        cont = (B.index(square), int(left), int(d))
    off0, off1 = (("" if o == "-" else o) for o in off_f.split("/"))
    state = MastersVictoryState(
        options=options,
        phase=phase,  # type: ignore[arg-type]
        board="".join(cells),
        numbers="".join(nums),
        ready=(status[0] == "y", status[1] == "y"),
        pending=tuple(s for s in (0, 1) if status[s] == "p"),
        to_move=to_move,
        first_player=None if first_f == "-" else _SEAT.index(first_f),
        turns=int(turns_f),
        moved=moved,
        used=int(used_f),
        cont=cont,
        removed_in_turn=removed_f == "1",
        quiet=int(quiet_f),
        off=(off0, off1),
        last_turn=(),
        current=(),
        result=None,
    )
    return state.model_copy(update={"result": result_of(state)})
