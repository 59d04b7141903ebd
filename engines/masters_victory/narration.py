"""What an action of Masters Victory did, in words (``NarratingGame.describe_move``).

The lines go to the channel, and back-numbers are secret while a piece stands on the board
("Zolang een pion op het spelbord staat blijft zijn rugnummer onzichtbaar voor de
tegenspeler"). So this module reads no state at all: only the channel's views before and
after the action (``view(state, None)``) and the public parts of the action (never a setup's
numbers). It can say no more than the channel already sees:

* the pieces the action eliminated, with their back-numbers ("Na uitschakeling worden de
  pionnen en hun rugnummers zichtbaar opgesteld voor beide spelers"), and by which rule: R1
  (same numbered type), R2 (different types), R3 (artillery); after an R1 attack the attacker
  lost, that the defender stays -- its number stays hidden;
* a triple switch: the soldier that left (public in the tray) and how many pieces entered;
* the masters a side has left after losing one (the goal);
* why the same seat acts again: a continuation after an attack (decision 8), pieces left to
  move this turn, or only actions that are not moves; or that the turn passed by itself after
  the third piece (decision 9);
* the setup: a seat is ready, or both are (never what they chose, nor whether the dice chose).

The end of the game is worded by the result, not here.
"""

from __future__ import annotations

from typing import Any

from engines.core.contract import Seat
from engines.masters_victory.moves import MastersVictoryMove
from engines.masters_victory.view import ActionView, EliminatedView, MastersVictoryView

Line = tuple[str, dict[str, Any]]

NUMBERED = ("fighter", "tank", "soldier")
"""The types with a back-number: an attack between two of the same type is R1."""


def describe_move(
    before: MastersVictoryView, seat: Seat, move: MastersVictoryMove, after: MastersVictoryView
) -> tuple[Line, ...]:
    """Message codes + params of what ``seat``'s action did, from the channel's views only."""
    if move.kind == "setup":  # the numbers it holds are secret: only "ready" is said
        if after.ready[seat] and not before.ready[seat]:
            return (("masters_victory.both_ready", {}),) if all(after.ready) else (("masters_victory.ready", {"seat": seat}),)
        return ()
    if move.kind == "end":
        return ()
    action = after.current_turn[-1] if after.current_turn else after.last_turn[-1]
    lines = _eliminations(before, action)
    for owner in (1 - seat, seat):
        left = after.masters_left[owner]
        if 0 < left < before.masters_left[owner]:
            lines.append(("masters_victory.masters_left", {"seat": owner, "count": left}))
    if after.result is None and after.turn is not None:
        lines.extend(_turn_lines(seat, after))
    return tuple(lines)


def number_text(piece: EliminatedView) -> str:
    """A back-number as printed on the piece: ``1``, ``2``, ``3`` or ``3M``."""
    return "3M" if piece.master else str(piece.number)


def _kind_on(view: MastersVictoryView, square: str | None) -> str | None:
    return next((piece.kind for piece in view.pieces if piece.square == square), None)


def _eliminations(before: MastersVictoryView, action: ActionView) -> list[Line]:
    """AANVAL (R1, R2, R3) and the TRIPLE SWITCH, from the action's public record."""
    if action.kind == "switch":
        soldier = action.removed[0]
        return [("masters_victory.switched", {"seat": soldier.owner, "number": number_text(soldier), "count": len(action.placed)})]
    if action.kind == "attack":
        attacker, defender = _kind_on(before, action.path[0]), _kind_on(before, action.attack)
        rule = "R1" if attacker == defender and attacker in NUMBERED else "R2"
    else:
        rule = "R3"  # only an artillery (moving or firing) removes pieces without attacking
    lines: list[Line] = []
    for piece, square in zip(action.removed, action.removed_squares):
        params = {"rule": rule, "seat": piece.owner, "kind": piece.kind, "square": square}
        if piece.number is None:
            lines.append(("masters_victory.eliminated_unnumbered", params))
        else:
            lines.append(("masters_victory.eliminated", {**params, "number": number_text(piece)}))
    if rule == "R1" and action.attack not in action.removed_squares:
        lines.append(("masters_victory.defender_stays", {"kind": defender, "square": action.attack}))
    return lines


def _turn_lines(seat: Seat, after: MastersVictoryView) -> list[Line]:
    """BEWEGING: up to 3 pieces per turn; why ``seat`` acts again, or that its turn is over."""
    turn = after.turn
    assert turn is not None
    if turn.seat != seat:
        return [("masters_victory.turn_over", {"seat": seat})]
    lines: list[Line] = []
    if turn.continuation is not None:
        lines.append(("masters_victory.may_continue", {"square": turn.continuation, "count": turn.steps_left}))
    if turn.moves_left:
        lines.append(("masters_victory.pieces_left", {"seat": seat, "count": turn.moves_left}))
    else:
        lines.append(("masters_victory.only_free_actions", {"seat": seat}))
    return lines
