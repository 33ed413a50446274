"""Tests of the light-chasing table: the classic 5×5 sheet and replay on random boards."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lightsout_graphs as lo
from lightsout_graphs.representation.grids import GridChaser
from lightsout_graphs.representation.grids.chase_table import _chase, chase_table

#: The classic 5×5 chase sheet (bottom row left after chasing -> top-row presses), as printed
#: in Wikipedia's "Lights Out (game)" article, section "Light chasing".
CLASSIC_5X5 = {
    "10001": "11000",
    "01010": "10010",
    "11100": "01000",
    "00111": "00010",
    "10110": "00001",
    "01101": "10000",
    "11011": "00100",
}


def bits(text: str) -> tuple[int, ...]:
    return tuple(int(c) for c in text)


def test_the_classic_5x5_sheet() -> None:
    table = chase_table(lo.grid(5, 5))
    assert len(table.entries) == 7
    assert dict(table.entries) == {bits(b): bits(t) for b, t in CLASSIC_5X5.items()}
    text = table.to_text()
    assert "*...*    11..." in text and len(text.splitlines()) == 3 + 7


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 6), st.integers(1, 6), st.sampled_from([2, 3]), st.data())
def test_the_table_solves_every_solvable_board(m: int, n: int, k: int, data: st.DataObject) -> None:
    table = chase_table(m, n, modulus=k)
    p = lo.grid(m, n, modulus=k)
    chaser = GridChaser(m, n, modulus=k)
    board = lo.random_board(p, data.draw(st.integers(0, 2**32)))
    left = _chase(chaser, board, m, n)
    bottom = tuple(int(v) for v in left[(m - 1) * n :])
    assert not np.any(left[: (m - 1) * n])
    lookup = dict(table.entries)
    if any(bottom):
        top = np.zeros(m * n, dtype=np.int64)
        top[:n] = lookup[bottom]
        left = _chase(chaser, chaser.apply(left, top), m, n)
    assert not np.any(left)
    # One entry per non-dark bottom row that chasing can leave: k**rank − 1 of them.
    rank_map = len({tuple(b) for b, _ in table.entries}) + 1
    assert rank_map == len(table.entries) + 1
    assert all(sum(t) > 0 for _, t in table.entries)


def test_every_entry_has_the_fewest_presses() -> None:
    table = chase_table(6, 6)
    chaser = GridChaser(6, 6)
    for bottom, top in table.entries:
        presses = np.zeros(36, dtype=np.int64)
        presses[:6] = top
        left = _chase(chaser, chaser.apply(np.zeros(36, dtype=np.int64), presses), 6, 6)
        assert tuple(int(v) for v in (-left[30:]) % 2) == bottom


def test_bad_boards_are_refused() -> None:
    with pytest.raises(lo.LightsOutError, match="plain 2-D grid"):
        chase_table(lo.torus(4, 4))
    with pytest.raises(lo.LightsOutError, match="'board'"):
        chase_table("5")  # type: ignore[arg-type]
    with pytest.raises(lo.LightsOutError, match="top rows"):
        chase_table(3, 30)
    for m, n in [(9_999_999, 1), (4097, 1), (65, 64)]:  # refused before a cell is chased
        with pytest.raises(lo.LightsOutError, match="more than 4096; it is meant"):
            chase_table(m, n)
    with pytest.raises(lo.LightsOutError, match="more than 4096"):
        chase_table(lo.grid(100, 41))
    assert len(chase_table(4096, 1).entries) >= 1  # the largest board chased


def test_a_board_whose_chase_always_ends_dark() -> None:
    assert "solves every solvable board" in chase_table(4).to_text()


def test_the_picture_has_one_row_per_entry() -> None:
    import matplotlib.pyplot as plt

    ax = chase_table(5).draw()
    assert ax.get_title() == "Light chasing on the 5×5 board"
    assert len(ax.patches) == 7 * 5 * 2 + 9  # cells, plus one disc per press
    plt.close(ax.figure)
