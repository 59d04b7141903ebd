"""The attack rules of Masters Victory, one function per rule (rulebook, "AANVAL",
"VERDEDIGINGSZONE", "Opmerkingen i.v.m. beweging"); docs/games/masters_victory.md has the
attack table with the rulebook sentence behind every entry.

Pieces are single letters (``board.KINDS``), upper case for seat 0, lower case for seat 1;
back-numbers are the characters ``1``, ``2``, ``3`` and ``m`` (3M, the master).

>>> r1("2", "3"), r1("3", "m"), r1("m", "1")
('attacker', 'both', 'defender')
>>> heights(MastersVictoryOptions())["T"] > heights(MastersVictoryOptions())["S"]
True
"""

from __future__ import annotations

from functools import cache
from typing import Literal

from engines.masters_victory import board as B
from engines.masters_victory.options import MastersVictoryOptions

NUMBER_VALUE = {"1": 1, "2": 2, "3": 3, "m": 3}
"""R1: "De aanduiding master heeft geen invloed op het gevecht" -- 3M fights as a 3."""
SWITCH_VALUE = {"1": 1, "2": 2, "3": 3}
"""Triple switch: the value of a back-number; bombers and artillery count 2 (``switch_value``)."""
TANK_MOVES = 8
"""Rulebook: "Een tank kan bijvoorbeeld maximaal 8 vakjes verplaatst worden"."""
ARTILLERY_MOVES = 2
"""Decision 4: the remark that one artillery can remove 15 pieces a turn means 3 x 5 squares
swept, i.e. a move of at most 2 squares."""


def owner(piece: str) -> int:
    """Seat of a piece letter: upper case is seat 0, lower case seat 1."""
    return 0 if piece.isupper() else 1


def kind(piece: str) -> str:
    """The type letter (upper case) of a piece letter."""
    return piece.upper()


def letter(kind_letter: str, seat: int) -> str:
    """The piece letter of ``kind_letter`` for ``seat``."""
    return kind_letter.upper() if seat == 0 else kind_letter.lower()


def moves_of(options: MastersVictoryOptions) -> dict[str, int]:
    return _moves_of(options.fighter_moves, options.bomber_moves, options.soldier_moves)


def heights(options: MastersVictoryOptions) -> dict[str, int]:
    return _heights(options.artillery_height)


def r2_targets(options: MastersVictoryOptions) -> dict[str, frozenset[str]]:
    return _r2_targets(options.fighter_vs_ground)


# The tables are kept by the option values they read (a few ints and words: cheap to hash).


@cache
def _moves_of(fighter_moves: int, bomber_moves: int, soldier_moves: int) -> dict[str, int]:
    """Maximum squares per type ("Het maximaal aantal vakjes ... staat op de bovenzijde van de
    pion"): tank 8 from the rulebook, artillery 2 (decision 4), the others options."""
    return {
        "F": fighter_moves,
        "B": bomber_moves,
        "T": TANK_MOVES,
        "S": soldier_moves,
        "A": ARTILLERY_MOVES,
    }


@cache
def _heights(artillery_height: str) -> dict[str, int]:
    """Height ranks (5 = tallest). Rulebook: fighters 44 mm, bombers 40 mm; examples 1-3: a
    tank is taller than a soldier; the artillery's place is the option ``artillery_height``."""
    order = {
        "below_tank": "FBTAS",
        "above_tank": "FBATS",
        "lowest": "FBTSA",
    }[artillery_height]
    return {k: 5 - i for i, k in enumerate(order)}


@cache
def _r2_targets(fighter_vs_ground: str) -> dict[str, frozenset[str]]:
    """Rule 2, the attack table (decision 6): which *other* types each type may take.

    Given by the rulebook: a tank takes soldiers and artillery, not fighters or bombers; a
    soldier takes aircraft ("vliegtuigen op mines zones ... beschermd tegen aanvallen van
    soldaatpionnen"); a bomber takes a tank (example 3, fig. 7B). Artillery attacks only by R3.
    """
    fighter_ground = {
        "soldier_artillery": "SA",
        "none": "",
        "all": "TSA",
    }[fighter_vs_ground]
    return {
        "F": frozenset("B" + fighter_ground),
        "B": frozenset("TSA"),
        "T": frozenset("SA"),
        "S": frozenset("FBA"),
        "A": frozenset(),
    }


def uses_r1(attacker: str, defender: str) -> bool:
    """R1 applies between two pieces of the same type that carry back-numbers."""
    return attacker == defender and attacker in B.NUMBERED


def r1(attacker_number: str, defender_number: str) -> Literal["attacker", "defender", "both"]:
    """Rule 1: the piece with the lower back-number is removed; equal numbers: both (3 = 3M).
    Returns which piece is removed."""
    a, d = NUMBER_VALUE[attacker_number], NUMBER_VALUE[defender_number]
    if a < d:
        return "attacker"
    if a > d:
        return "defender"
    return "both"


def attack_problem(board: str, options: MastersVictoryOptions, attacker: str, target: int) -> str | None:
    """Why ``attacker`` (a type letter) may not attack the piece on ``target`` by R1/R2, or ``None``.

    In this order: the attack table (R1 same numbered type, else R2), the bunker (ground units
    there are safe from aircraft), the mines (aircraft there are safe from soldiers), the
    defence zone of the target. Never depends on back-numbers.
    """
    defender = kind(board[target])
    if not (uses_r1(attacker, defender) or defender in r2_targets(options)[attacker]):
        return "masters_victory.cannot_attack"
    if attacker in B.AIRCRAFT and defender in B.GROUND and target in B.BUNKERS:
        return "masters_victory.protected_bunker"
    if attacker == "S" and defender in B.AIRCRAFT and target in B.MINES:
        return "masters_victory.protected_mines"
    if defenders(board, options, target):
        return "masters_victory.defended"
    return None


def defenders(board: str, options: MastersVictoryOptions, target: int) -> tuple[int, ...]:
    """VERDEDIGINGSZONE: pieces of the target's colour in its 8 neighbouring squares that are
    taller than the target; while there is one, the target cannot be attacked by R1/R2."""
    piece = board[target]
    high = heights(options)
    own = owner(piece)
    mine = high[kind(piece)]
    return tuple(
        sq
        for sq in B.AROUND[target]
        if board[sq] != "." and owner(board[sq]) == own and high[kind(board[sq])] > mine
    )


def artillery_hits(board: str, seat: int, square: int) -> tuple[int, ...]:
    """Rule 3: the enemy pieces the artillery of ``seat`` on ``square`` removes: every enemy
    piece in its firing zone, defence zone or not, except ground units on a bunker; aircraft
    on mines are hit too ("en niet tegen artillerieaanvallen")."""
    out = []
    for sq in B.ZONE[seat][square]:
        piece = board[sq]
        if piece == "." or owner(piece) == seat:
            continue
        if sq in B.BUNKERS and kind(piece) in B.GROUND:
            continue
        out.append(sq)
    return tuple(out)


def can_enter(piece_kind: str, square: int) -> bool:
    """Only aircraft may enter mines ("De zones mines kunnen enkel door vliegtuigen worden gebruikt")."""
    return piece_kind in B.AIRCRAFT or square not in B.MINES


def switch_value(kind_letter: str, number: str) -> int:
    """Triple switch: a back-number counts its value; bombers and artillery count 2."""
    if kind_letter in "BA":
        return 2
    return SWITCH_VALUE[number]
