"""What a move of Militakiri did, in words (``NarratingGame.describe_move``).

Read off the states before and after (and the move), in the order it happened:

* the setup: a seat has chosen (never what), or both setups now stand on the board;
* a capture (sections 6-13): what took what, and whether the taken piece left the board (a
  tower involved, or a lower piece taking a higher rank) or the taker went on top (a rank of
  the summed height; bottom pawns above the maximum leave the board);
* a promotion (sections 7, 12): the rank is exchanged for a reserve tower, which the mover
  places now or which waits for a free square (section 7); at the maximum without a reserve
  tower of that shape the rank stays;
* the towers the loser has left after losing one (the goal, section 27);
* the endgame rule becoming active (section 21);
* a waiting tower placed at the start of a turn: the seat still moves (section 7: "niet als
  een volledige beurt");
* the seat to act next must first place a waiting reserve tower;
* a pass (decision 17).

The end of the game is worded by the result, not here. Pieces are named by an id the catalog
words (``kind`` and ``unit`` params: ``militakiri.unit_<id>``), e.g. ``cross_rank2``.
"""

from __future__ import annotations

from typing import Any

from engines.core.contract import Seat
from engines.militakiri.board import ENDGAME_MOVES
from engines.militakiri.moves import BoardMove, MilitakiriMove
from engines.militakiri.pieces import (
    MAX_HEIGHT,
    SHAPE_INDEX,
    SHAPE_NAMES,
    height,
    is_tower,
    piece_id,
)
from engines.militakiri.rules import lone_seats, must_place
from engines.militakiri.state import MilitakiriState

Line = tuple[str, dict[str, Any]]


def tower_id(shape_letter: str) -> str:
    return f"{SHAPE_NAMES[shape_letter]}_tower"


def describe_move(
    before: MilitakiriState, seat: Seat, move: MilitakiriMove, after: MilitakiriState
) -> tuple[Line, ...]:
    """Message codes + params of what ``seat``'s ``move`` did, in the order it happened."""
    if move.kind == "setup":
        if before.phase == "setup" and after.phase != "setup":
            return (("militakiri.setups_revealed", {}),)
        return (("militakiri.setup_chosen", {"seat": seat}),)
    lines: list[Line] = []
    if move.kind == "pass":
        lines.append(("militakiri.passed", {"seat": seat}))
    elif move.kind == "capture":
        lines.extend(_capture(before, seat, move, after))
    if after.result is not None:
        return tuple(lines)
    if before.endgame is None and after.endgame is not None:
        lines.append(_endgame_line(after))
    upcoming = after.to_move
    placing_first = upcoming is not None and not after.moved and must_place(after, upcoming)
    if move.kind == "place" and not before.moved and not placing_first:
        lines.append(("militakiri.placed_still_moves", {"seat": seat}))
    if placing_first:
        waiting = after.pending[upcoming][0]  # type: ignore[index]
        lines.append(("militakiri.place_first", {"seat": upcoming, "unit": tower_id(waiting)}))
    return tuple(lines)


def _capture(before: MilitakiriState, seat: Seat, move: BoardMove, after: MilitakiriState) -> list[Line]:
    """Sections 6-13 (the one rule of ``pieces.capture``), told from the two boards."""
    g = before.geometry
    to = g.index_of[move.to]
    attacker = before.board[g.index_of[move.frm]]
    defender = before.board[to]
    loser = 1 - seat
    taken = {"kind": piece_id(attacker), "loser": loser, "unit": piece_id(defender), "square": move.to}
    lines: list[Line] = []
    if is_tower(attacker) or is_tower(defender) or height(attacker) < height(defender):
        lines.append(("militakiri.capture_removes", taken))
    else:
        top = attacker[-1].lower()
        maximum = MAX_HEIGHT[top]
        total = height(attacker) + height(defender)
        reached = min(total, maximum)
        lines.append(("militakiri.capture_stacks", {**taken, "height": reached}))
        earned = after.reserves[seat][SHAPE_INDEX[top]] < before.reserves[seat][SHAPE_INDEX[top]]
        if earned:
            lines.append(("militakiri.promoted", {"height": reached, "unit": tower_id(top)}))
            if after.result is None:
                if after.moved and after.to_move == seat:
                    lines.append(("militakiri.place_now", {"seat": seat}))
                else:
                    lines.append(("militakiri.tower_waits", {"seat": seat}))
        else:
            dropped = total - height(after.board[to])
            if dropped == 1:
                lines.append(("militakiri.bottom_pawn_removed", {"max": maximum}))
            elif dropped > 1:
                lines.append(("militakiri.bottom_pawns_removed", {"count": dropped, "max": maximum}))
            if height(attacker) < maximum <= total:
                lines.append(("militakiri.no_reserve", {"unit": tower_id(top), "height": maximum}))
    if is_tower(defender) and after.result is None:
        towers = sum(1 for cell in after.board if cell and is_tower(cell) and cell[-1].isupper() == (loser == 0))
        lines.append(("militakiri.towers_left", {"seat": loser, "count": towers}))
    return lines


def _endgame_line(after: MilitakiriState) -> Line:
    """Section 21: the rule starts with the first seat down to one tower and nothing else."""
    limit = ENDGAME_MOVES[after.options.board]
    lone = lone_seats(after.board)
    if len(lone) == 1:
        return ("militakiri.endgame_rule_seat", {"seat": lone[0], "limit": limit})
    return ("militakiri.endgame_rule", {"limit": limit})
