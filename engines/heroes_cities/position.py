"""The position string of Helden & Steden (FEN-like; docs/games/heroes_cities.md, "Positions").

Seven space-separated fields:

1. the board, ranks 10 down to 1 separated by ``/``; in a rank, files a to j: a digit
   (or ``10``) for a run of empty squares, ``A``/``H`` a red attacker/hero, ``a``/``h`` a blue
   attacker/hero; a city square is always two characters, the colour it shows (``R`` red,
   ``B`` blue) and what stands on it (``.`` nothing, or a piece letter);
2. who is to move: ``r``, ``b``, or ``?`` while the start roll has not decided;
3. heroes in reserve, ``red/blue``;
4. pieces captured, ``attackers,heroes/attackers,heroes`` for red then blue;
5. turns played; 6. turns since the last capture or promotion; 7. consecutive passes.

The result is not written: it follows from the position (and the options), see
``endings.result_of``. After the end the side to move is the one that would be next.

>>> from engines.heroes_cities.options import HeroesCitiesOptions
>>> from engines.heroes_cities.state import initial_state
>>> to_position(initial_state(HeroesCitiesOptions()))
'10/1aaaaaaaa1/B.8B./3B.2B.3/10/10/3R.2R.3/R.8R./1AAAAAAAA1/10 ? 8/8 0,0/0,0 0 0 0'
"""

from __future__ import annotations

import re

from engines.heroes_cities import board as B
from engines.heroes_cities.effects import enclosed_squares
from engines.heroes_cities.endings import result_of
from engines.heroes_cities.options import HeroesCitiesOptions
from engines.heroes_cities.state import EMPTY, PIECE_CHARS, HeroesCitiesState

_CITY_LETTER = "RB"
_SEAT_LETTER = "rb"


def to_position(state: HeroesCitiesState) -> str:
    """The position string of ``state`` (the last move and the result are not part of it)."""
    ranks = []
    for rank in range(B.SIZE - 1, -1, -1):
        out, gap = [], 0
        for file in range(B.SIZE):
            sq = rank * B.SIZE + file
            piece = state.board[sq]
            slot = B.CITY_SLOT.get(sq)
            if slot is None and piece == EMPTY:
                gap += 1
                continue
            if gap:
                out.append(str(gap))
                gap = 0
            out.append(piece if slot is None else _CITY_LETTER[state.cities[slot]] + piece)
        if gap:
            out.append(str(gap))
        ranks.append("".join(out))
    assert state.phase == "roll" or state.to_move is not None, "a seat moves once the roll is done"
    to_move = "?" if state.phase == "roll" or state.to_move is None else _SEAT_LETTER[state.to_move]
    (ra, rh), (ba, bh) = state.captured
    return " ".join(
        (
            "/".join(ranks),
            to_move,
            f"{state.reserve[0]}/{state.reserve[1]}",
            f"{ra},{rh}/{ba},{bh}",
            str(state.turn),
            str(state.quiet),
            str(state.passes),
        )
    )


_TOKEN = re.compile(r"10|[1-9]|[RB][.AHah]|[AHah]")
_FIELDS = re.compile(r"([rb?]) (\d+)/(\d+) (\d+),(\d+)/(\d+),(\d+) (\d+) (\d+) (\d+)")


def from_position(text: str, options: HeroesCitiesOptions | None = None) -> HeroesCitiesState:
    """The state a position string describes; ``ValueError`` when it is not one.

    The result is recomputed from the position; the last move is unknown (``None``); the
    first player follows from who is to move and the parity of the turn number. A position
    with enclosed pieces is refused: they would have been taken at the end of the last turn.
    """
    options = options or HeroesCitiesOptions()
    parts = text.strip().split(" ", 1)
    if len(parts) != 2 or not (fields := _FIELDS.fullmatch(parts[1])):
        raise ValueError(f"not a position string: {text!r}")
    rank_texts = parts[0].split("/")
    if len(rank_texts) != B.SIZE:
        raise ValueError(f"a position has {B.SIZE} ranks, got {len(rank_texts)}")
    cells = [EMPTY] * B.CELLS
    cities = [0] * len(B.CITY_SQUARES)
    for row, rank_text in enumerate(rank_texts):
        rank = B.SIZE - 1 - row
        tokens = _TOKEN.findall(rank_text)
        if "".join(tokens) != rank_text:
            raise ValueError(f"rank {rank + 1} is not valid: {rank_text!r}")
        file = 0
        for token in tokens:
            sq = rank * B.SIZE + file
            if token.isdigit():
                for k in range(int(token)):
                    if file + k >= B.SIZE or B.CITY_SLOT.get(sq + k) is not None:
                        raise ValueError(f"rank {rank + 1}: empty run over a city or the edge")
                file += int(token)
                continue
            if file >= B.SIZE:
                raise ValueError(f"rank {rank + 1} has more than {B.SIZE} squares")
            slot = B.CITY_SLOT.get(sq)
            if (slot is not None) != (len(token) == 2):
                raise ValueError(f"{B.NAMES[sq]}: cities are written with R/B exactly on city squares")
            if slot is not None:
                cities[slot] = _CITY_LETTER.index(token[0])
                token = token[1]
            if token in PIECE_CHARS:
                cells[sq] = token
            file += 1
        if file != B.SIZE:
            raise ValueError(f"rank {rank + 1} has {file} squares, not {B.SIZE}")
    board = "".join(cells)
    if enclosed_squares(board, options.mixed_lines):
        # Enclosed pieces are taken at the end of every turn: no game reaches such a position
        # (and play relies on that, see ``effects.enclosed_squares``).
        raise ValueError("pieces are enclosed in this position: it cannot arise in play")
    mover, r_res, b_res, ra, rh, ba, bh, turn, quiet, passes = fields.groups()
    city_owners = tuple(cities)
    to_move = None if mover == "?" else _SEAT_LETTER.index(mover)
    first = None if to_move is None else (to_move if int(turn) % 2 == 0 else 1 - to_move)
    result = None
    if to_move is not None:
        result = result_of(board, city_owners, int(passes), int(quiet), options)
    return HeroesCitiesState(
        options=options,
        phase="roll" if to_move is None else "play",
        board=board,
        cities=city_owners,
        to_move=to_move,
        first_player=first,
        reserve=(int(r_res), int(b_res)),
        captured=((int(ra), int(rh)), (int(ba), int(bh))),
        turn=int(turn),
        quiet=int(quiet),
        passes=int(passes),
        last_move=None,
        result=result,
    )
