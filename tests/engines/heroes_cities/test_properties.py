"""Property tests of enclosure (rulebook, "Ingesloten speelfiguren"; decision 6) with hypothesis."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engines.heroes_cities import board as B
from engines.heroes_cities.effects import enclosed_squares, remove

boards = st.lists(st.sampled_from("....AHah"), min_size=100, max_size=100).map("".join)
modes = st.sampled_from(["enclosed", "whole_run"])


def reference(board: str, mode: str) -> set[int]:
    """Decision 6 written out the slow, obvious way: walk each line square by square."""
    colour = {"A": "r", "H": "r", "a": "b", "h": "b"}
    taken: set[int] = set()
    for df, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
        for start in range(B.CELLS):
            f, r = start % 10, start // 10
            if 0 <= f - df < 10 and 0 <= r - dr < 10:
                continue
            line = []
            while 0 <= f < 10 and 0 <= r < 10:
                line.append(r * 10 + f)
                f, r = f + df, r + dr
            runs, run = [], []
            for sq in line + [None]:
                if sq is not None and board[sq] != ".":
                    run.append(sq)
                elif run:
                    runs.append(run)
                    run = []
            for run in runs:
                blocks: list[list[int]] = []
                for sq in run:
                    if blocks and colour[board[blocks[-1][0]]] == colour[board[sq]]:
                        blocks[-1].append(sq)
                    else:
                        blocks.append([sq])
                inner = blocks[1:-1]
                colours = {colour[board[b[0]]] for b in inner}
                chosen = blocks if mode == "whole_run" and len(colours) == 2 else inner
                for block in chosen:
                    taken.update(block)
    return taken


@settings(max_examples=200, deadline=None)
@given(boards, modes)
def test_enclosure_matches_reference(board, mode):
    assert set(enclosed_squares(board, mode)) == reference(board, mode)


@settings(max_examples=200, deadline=None)
@given(boards, modes)
def test_enclosure_leaves_no_enclosed_block(board, mode):
    """After the enclosed pieces are removed, nothing on the board is enclosed any more."""
    after = remove(board, enclosed_squares(board, mode))
    assert enclosed_squares(after, mode) == ()
    assert enclosed_squares(after, "enclosed") == ()


@settings(max_examples=200, deadline=None)
@given(boards)
def test_whole_run_takes_at_least_the_enclosed(board):
    assert set(enclosed_squares(board, "enclosed")) <= set(enclosed_squares(board, "whole_run"))


@settings(max_examples=200, deadline=None)
@given(boards, modes, st.integers(0, 99), st.integers(0, 99))
def test_lines_through_the_destination_suffice(board, mode, a, b):
    """``through``: on a position without enclosed pieces, after moving a piece from ``a`` to an
    empty ``b``, the lines through ``b`` hold every enclosed piece."""
    board = remove(board, enclosed_squares(board, mode))
    if board[a] == "." or (board[b] != "." and a != b):
        return
    piece = board[a]
    cells = list(board)
    cells[a] = "."
    cells[b] = piece
    moved = "".join(cells)
    assert enclosed_squares(moved, mode, through=b) == enclosed_squares(moved, mode)
