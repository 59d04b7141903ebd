"""The start roll most rulebooks use: every seat rolls a die, highest starts, ties re-roll.

Engines put this chance node in front of play; the referee samples it with the match's
verifiable dice, so who begins is part of the record.

>>> decide((4, 1))
0
>>> decide((2, 5, 5)) is None   # a tie for the highest: roll again
True
"""

from __future__ import annotations

from typing import Any

from engines.core.contract import ChanceSpec, Outcome, Seat

KIND = "first_player_roll"
DIE_SIDES = 6


def spec(players: int) -> ChanceSpec:
    """One d6 per seat."""
    return ChanceSpec(kind=KIND, sizes=(DIE_SIDES,) * players)


def faces(outcome: Outcome) -> tuple[int, ...]:
    """Drawn values 0..5 as die faces 1..6."""
    return tuple(value + 1 for value in outcome.values)


def decide(face_values: tuple[int, ...]) -> Seat | None:
    """The seat with the single highest face, or ``None`` when the highest is tied."""
    best = max(face_values)
    if face_values.count(best) > 1:
        return None
    return face_values.index(best)


def describe(outcome: Outcome) -> tuple[str, dict[str, Any]]:
    """Message code and params for the channel: ``core.first_roll`` or ``core.first_roll_tie``."""
    rolled = faces(outcome)
    first = decide(rolled)
    if first is None:
        return "core.first_roll_tie", {"faces": list(rolled)}
    return "core.first_roll", {"faces": list(rolled), "seat": first}
