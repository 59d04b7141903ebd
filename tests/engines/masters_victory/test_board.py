"""The board (decisions 1-3): 18 rows a..r ("lijn A of R"), 11 columns, fixed start places
per type on each half, bunkers and mines, the firing zones (R3)."""

from __future__ import annotations

from engines.masters_victory import board as B


def test_rows_a_to_r_and_eleven_columns():
    """Rulebook, TRIPLE SWITCH: the back lines are "lijn A of R", so 18 rows."""
    assert (B.ROWS, B.COLS, B.CELLS) == (18, 11, 198)
    assert B.NAMES[0] == "a1" and B.NAMES[-1] == "r11"
    assert B.BACK_LINE == (0, 17)


def test_start_places_25_per_side_by_type():
    """Rulebook, intro: "6 jager-, 3 bommenwerper-, 6 tank-, 6 soldaat- en 4 artilleriepionnen"
    per player, on "50 startplaatsen", each side on its own half."""
    counts = {"F": 6, "B": 3, "T": 6, "S": 6, "A": 4}
    for seat in (0, 1):
        assert {k: len(v) for k, v in B.START[seat].items()} == counts
        squares = [sq for v in B.START[seat].values() for sq in v]
        assert len(set(squares)) == 25
        half = range(9) if seat == 0 else range(9, 18)
        assert all(B.row(sq) in half for sq in squares)
    assert len(B.START_KIND) == 50


def test_layout_is_symmetric():
    """Decision 1: mirror image across the middle line, and left-right symmetric."""
    for kind in B.KINDS:
        assert B.START[1][kind] == tuple(B.mirror(s) for s in B.START[0][kind])
        flipped = {B.row(s) * B.COLS + (B.COLS - 1 - B.col(s)) for s in B.START[0][kind]}
        assert flipped == set(B.START[0][kind])
    for zone in (B.BUNKERS, B.MINES):
        assert {B.mirror(s) for s in zone} == set(zone)
        assert {B.row(s) * B.COLS + (B.COLS - 1 - B.col(s)) for s in zone} == set(zone)


def test_start_places_are_ordered_from_the_own_back_line():
    """A setup lists numbers in start-place order: from the own back line forward, west to east."""
    assert [B.NAMES[s] for s in B.START[0]["F"]] == ["a1", "a11", "b2", "b5", "b7", "b10"]
    assert [B.NAMES[s] for s in B.START[1]["F"]] == ["r1", "r11", "q2", "q5", "q7", "q10"]
    assert [B.NAMES[s] for s in B.START[0]["S"]] == ["d1", "d3", "d5", "d7", "d9", "d11"]


def test_zones_do_not_overlap_start_places():
    assert not (B.BUNKERS & B.MINES)
    assert not (set(B.START_KIND) & (B.BUNKERS | B.MINES))


def test_r3_firing_zone_straight_ahead_never_east_or_west():
    """Rulebook R3: a 3x3 zone "precies voor de pion uit"; "zuidelijke speelhelte ... enkel
    schietzone noord", the northern player south; "Schietzone oost en west zijn onbestaande"."""
    e6 = B.index("e6")
    north = [B.NAMES[s] for s in B.ZONE[0][e6]]
    south = [B.NAMES[s] for s in B.ZONE[1][e6]]
    assert north == ["f5", "f6", "f7", "g5", "g6", "g7", "h5", "h6", "h7"]
    assert south == ["d5", "d6", "d7", "c5", "c6", "c7", "b5", "b6", "b7"]
    for seat in (0, 1):
        for sq in range(B.CELLS):
            assert all(B.row(z) != B.row(sq) for z in B.ZONE[seat][sq])
            assert len(B.ZONE[seat][sq]) <= 9


def test_defence_zone_is_the_8_neighbours():
    """VERDEDIGINGSZONE: "Rondom iedere pion ... een zone van 8 vakjes"."""
    assert len(B.AROUND[B.index("e6")]) == 8
    assert sorted(B.NAMES[s] for s in B.AROUND[B.index("a1")]) == ["a2", "b1", "b2"]


def test_bitboard_expand_matches_steps():
    for sq in range(B.CELLS):
        grown = B.squares_of(B.expand(1 << sq))
        assert sorted(grown) == sorted((sq, *B.STEPS[sq]))
