"""The standings picture: a pure function of its words (same words, same bytes)."""

from __future__ import annotations

import io

from PIL import Image

from render.league import MAX_ROWS, standings_png

HEADERS = ["#", "Player", "Points", "SB", "Played", "Left", "W-D-L"]


def _size(data: bytes) -> tuple[int, int]:
    return Image.open(io.BytesIO(data)).size


def test_the_same_table_gives_the_same_picture_and_another_table_another() -> None:
    rows = [["1", "Ann", "2½", "3", "3", "0", "2-1-0"], ["2", "Ben (withdrawn)", "1", "1", "2", "0", "1-0-1"]]
    first = standings_png("Spring", "Heroes & Cities · round robin", HEADERS, rows, [False, True])
    assert first.startswith(b"\x89PNG")
    assert first == standings_png("Spring", "Heroes & Cities · round robin", HEADERS, rows, [False, True])
    assert first != standings_png("Spring", "Heroes & Cities · round robin", HEADERS, rows[:1], [False])


def test_a_long_table_is_cut_and_a_long_name_shortened() -> None:
    rows = [[str(n), "A very long player name " * 5, "0", "0", "0", "0", "0-0-0"] for n in range(1, 200)]
    many = standings_png("Big", "", HEADERS, rows, more="+135 more")
    few = standings_png("Big", "", HEADERS, rows[:MAX_ROWS], more="+135 more")
    assert _size(many) == _size(few)
    assert _size(many)[0] == _size(standings_png("Big", "", HEADERS, rows[:2]))[0]
