"""Sections 15-18: every row of the four rank tables is its own test, played on the board.

Each row reads "attacker -> attacked = result": a red pawn or rank of height *attacker* takes a
blue pawn or rank of height *attacked*. The test puts them next to each other (the attacked
piece in the attacker's capture direction), plays the capture through the engine and checks
what stands on the square afterwards, which pawns left the board, and whether the rank was
exchanged for a reserve tower (then placed by the mover with ``T@square``, section 7).

Cross/plus rows (sections 15-16) run once with a cross and once with a plus on top.
"""

from __future__ import annotations

import pytest

from engines.militakiri.pieces import SHAPE_INDEX

from .conftest import cell, make_state, play

# (section, attacker height, attacked height, result height, exchanged for a reserve tower)
TABLES: list[tuple[int, int, int, int, bool]] = [
    # 15. kruis/plus met reserve torens
    (15, 1, 1, 2, False),
    (15, 1, 2, 1, False),
    (15, 1, 3, 1, False),
    (15, 1, 4, 1, False),
    (15, 2, 1, 3, True),
    (15, 2, 2, 3, True),
    (15, 2, 3, 2, False),
    (15, 2, 4, 2, False),
    # 16. kruis/plus zonder reserve torens
    (16, 1, 1, 2, False),
    (16, 1, 2, 1, False),
    (16, 1, 3, 1, False),
    (16, 1, 4, 1, False),
    (16, 2, 1, 3, False),
    (16, 2, 2, 3, False),
    (16, 2, 3, 2, False),
    (16, 2, 4, 2, False),
    (16, 3, 1, 3, False),
    (16, 3, 2, 3, False),
    (16, 3, 3, 3, False),
    (16, 3, 4, 3, False),
    # 17. ster met reserve torens
    (17, 1, 1, 2, False),
    (17, 1, 2, 1, False),
    (17, 1, 3, 1, False),
    (17, 1, 4, 1, False),
    (17, 2, 1, 3, False),
    (17, 2, 2, 4, True),
    (17, 2, 3, 2, False),
    (17, 2, 4, 2, False),
    (17, 3, 1, 4, True),
    (17, 3, 2, 4, True),
    (17, 3, 3, 4, True),
    (17, 3, 4, 3, False),
    # 18. ster zonder reserve torens
    (18, 1, 1, 2, False),
    (18, 1, 2, 1, False),
    (18, 1, 3, 1, False),
    (18, 1, 4, 1, False),
    (18, 2, 1, 3, False),
    (18, 2, 2, 4, False),
    (18, 2, 3, 2, False),
    (18, 2, 4, 2, False),
    (18, 3, 1, 4, False),
    (18, 3, 2, 4, False),
    (18, 3, 3, 4, False),
    (18, 3, 4, 3, False),
    (18, 4, 1, 4, False),
    (18, 4, 2, 4, False),
    (18, 4, 3, 4, False),
    (18, 4, 4, 4, False),
]

ATTACKERS = {
    # red top pawn on blue (captured) pawns: the top letter rules
    "P": {1: "P", 2: "xP", 3: "sxP"},
    "X": {1: "X", 2: "pX", 3: "spX"},
    "S": {1: "S", 2: "pS", 3: "xpS", 4: "sxpS"},
}
ATTACKED = {1: "x", 2: "Sp", 3: "xsp", 4: "pxXs"}
"""Blue pawns and ranks (an ``S``/``X`` inside is a captured red pawn); rank 4 is a star rank."""
TARGET = {"P": "d6", "X": "c6", "S": "c6"}
"""The attacker stands on c5; a plus captures diagonally, a cross orthogonally, a star both."""


def cases():
    for section, a, d, result, exchanged in TABLES:
        shapes = "XP" if section in (15, 16) else "S"
        for shape in shapes:
            name = {"X": "cross", "P": "plus", "S": "star"}[shape]
            yield pytest.param(section, a, d, result, exchanged, shape,
                               id=f"section{section}-{a}to{d}-is-{result}-{name}")


@pytest.mark.parametrize("section,a,d,result,exchanged,shape", list(cases()))
def test_rank_table_row(engine, section, a, d, result, exchanged, shape):
    with_reserves = section in (15, 17)
    attacker = ATTACKERS[shape][a]
    attacked = ATTACKED[d]
    target = TARGET[shape]
    reserve = (2, 2, 1) if with_reserves else (0, 0, 0)
    state = make_state(
        f"c5:{attacker} {target}:{attacked} f1:TS a4:P f12:ts e12:tp a11:p",
        reserves=(reserve, (2, 2, 1)),
    )
    after = play(engine, state, f"c5x{target}")
    assert cell(after, "c5") == ""
    if exchanged:
        # the rank reached its maximum with a reserve tower of its shape left: it leaves the
        # board whole and the reserve tower comes into the setup zone (sections 7, 12, 13)
        assert cell(after, target) == ""
        top = shape.lower()
        assert after.pending[0] == top
        assert after.reserves[0][SHAPE_INDEX[top]] == reserve[SHAPE_INDEX[top]] - 1
        assert after.to_move == 0 and after.moved
        placed = play(engine, after, "T@b2")
        assert cell(placed, "b2") == "T" + shape
        assert placed.to_move == 1 and placed.pending == ("", "")
        return
    assert after.pending == ("", "") and after.reserves[0] == reserve
    assert after.to_move == 1
    stack = cell(after, target)
    assert len(stack) == result, f"{attacker} x {attacked}: {stack}"
    assert stack.endswith(attacker), "the attacking pawn or rank stays on top"
    if a < d:
        # a lower rank takes a higher one: the higher rank leaves the board whole (sections 9, 10, 13)
        assert stack == attacker
    else:
        # an equal or lower one is stacked under it; above the maximum its bottom pawns leave
        kept = result - a
        assert stack == attacked[len(attacked) - kept:] + attacker


def test_tables_have_every_row_of_the_rulebook():
    """8 + 12 + 12 + 16 rows, as printed in sections 15-18."""
    counts = {s: sum(1 for row in TABLES if row[0] == s) for s in (15, 16, 17, 18)}
    assert counts == {15: 8, 16: 12, 17: 12, 18: 16}
