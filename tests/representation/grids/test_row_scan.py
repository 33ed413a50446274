"""Tests of the chase in blocks of rows: the same rows, systems and answers as row by row."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lightsout_graphs as lo
from lightsout_graphs.representation.grids import GridChaser, _row_scan
from lightsout_graphs.representation.grids.wrapped import WrappedChaser


def row_by_row(
    first: np.ndarray,
    before: np.ndarray,
    board: np.ndarray | None,
    h: int,
    diag: int,
    wrap: bool,
    k: int,
) -> np.ndarray:
    """The recurrence x[i+1] = b[i] − M·x[i] − x[i−1] (mod k) with Python ints."""
    m = _row_scan.row_matrix(len(first), diag, wrap).tolist()
    rows = [[int(v) for v in first]]
    prev = [int(v) for v in before]
    for i in range(h):
        cur = rows[-1]
        b = [0] * len(cur) if board is None else [int(v) for v in board[i]]
        nxt = [
            (b[c] - sum(m[c][d] * cur[d] for d in range(len(cur))) - prev[c]) % k
            for c in range(len(cur))
        ]
        prev = cur
        rows.append(nxt)
    return np.array(rows, dtype=np.int64)


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from([2, 3, 4, 5, 9, 2**20 + 7]),
    st.integers(1, 6),
    st.integers(1, 700),
    st.sampled_from([0, 1]),
    st.booleans(),
    st.booleans(),
    st.data(),
)
def test_blocks_give_the_rows_of_the_row_by_row_chase(
    k: int, w: int, h: int, diag: int, wrap: bool, dark: bool, data: st.DataObject
) -> None:
    rng = np.random.default_rng(data.draw(st.integers(0, 2**32 - 1)))
    first, before = rng.integers(0, k, w), rng.integers(0, k, w)
    board = None if dark else rng.integers(0, k, (h, w))
    expected = row_by_row(first, before, board, h, diag, wrap, k)
    got = _row_scan.chase(first, before, board, h, diag, wrap, k)
    assert got.shape == (h + 1, w)
    assert np.array_equal(got.astype(np.int64), expected)
    ends = _row_scan.chase(first, before, board, h, diag, wrap, k, last=True)
    assert np.array_equal(ends.astype(np.int64), expected[-2:])


@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from([2, 3, 7, 2**31 - 1]),
    st.integers(1, 5),
    st.integers(0, 300),
    st.sampled_from([0, 1]),
    st.booleans(),
    st.data(),
)
def test_transfer_power_is_the_chase_of_the_unit_rows(
    k: int, w: int, h: int, diag: int, wrap: bool, data: st.DataObject
) -> None:
    rng = np.random.default_rng(data.draw(st.integers(0, 2**32 - 1)))
    first, before = rng.integers(0, k, w), rng.integers(0, k, w)
    step = _row_scan.transfer_power(h, _row_scan.row_matrix(w, diag, wrap), k)
    rows = row_by_row(first, before, None, h, diag, wrap, k)
    start = [int(v) for v in (*first, *before)]
    image = [sum(int(a) * b for a, b in zip(row, start, strict=True)) % k for row in step]
    assert image[:w] == rows[h].tolist()
    assert image[w:] == (rows[h - 1] if h else before).tolist()


def test_which_boards_chase_in_blocks() -> None:
    assert _row_scan.applies(2**20, 3, 2)
    assert _row_scan.applies(2**17, 3, 2**20)
    assert not _row_scan.applies(200, 3, 2)  # short: row by row is fast already
    assert not _row_scan.applies(2**20, 100, 2)  # wide rows: the products would cost more
    assert not _row_scan.applies(2**20, 3, 2**31 - 1)  # residue products overflow int64
    assert GridChaser(2**12, 3)._scan and not GridChaser(64, 64)._scan


def _both(make: object, monkeypatch: pytest.MonkeyPatch) -> tuple:
    fast = make()  # type: ignore[operator]
    with monkeypatch.context() as m:
        m.setattr(_row_scan, "MIN_HEIGHT", 10**9)
        slow = make()  # type: ignore[operator]
    assert fast._scan and not slow._scan
    return fast, slow


@pytest.mark.parametrize("k", [2, 3, 4, 6])
@pytest.mark.parametrize("rule", ["closed", "open"])
@pytest.mark.parametrize(
    ("m", "n", "wrap"),
    [
        (300, 3, None),
        (4, 260, None),
        (257, 1, None),
        (300, 3, (True, True)),
        (5, 280, (True, True)),
        (270, 4, (True, False)),
        (270, 4, (False, True)),
    ],
)
def test_chasers_in_blocks_agree_with_row_by_row(
    k: int, rule: str, m: int, n: int, wrap: tuple[bool, bool] | None, monkeypatch
) -> None:
    def make() -> GridChaser | WrappedChaser | None:
        if wrap is None:
            return GridChaser(m, n, modulus=k, rule=rule)
        return WrappedChaser.for_lattice(m, n, k, rule, wrap)

    fast, slow = _both(make, monkeypatch)
    assert fast.kernel_size == slow.kernel_size
    rng = np.random.default_rng(m * n + k)
    for _ in range(3):
        rhs = rng.integers(0, k, m * n)
        x, y = fast.solve(rhs), slow.solve(rhs)
        assert (x is None) == (y is None)
        if x is not None:
            assert x.dtype == y.dtype and np.array_equal(x, y)
        assert (fast.certificate(rhs) is None) == (x is not None)
    for (g, order), (g2, order2) in zip(fast.kernel(), slow.kernel(), strict=True):
        assert order == order2 and np.array_equal(g, g2)


def test_a_long_thin_board_is_solved_and_replays() -> None:
    p = lo.grid(5000, 3)
    sol = lo.solve(p, 1)
    assert sol.method == "chasing"
    assert set(p.apply(1, sol.presses).values()) == {0}
    t = lo.torus(3, 4001, modulus=3)
    sol = lo.solve(t, 1)
    assert set(t.apply(1, sol.presses).values()) == {0}


def test_the_count_of_solvable_boards_waits_until_asked() -> None:
    chaser = GridChaser(2**16, 3, modulus=3)  # 3**196608: never computed by a solve
    assert chaser._image_size is None
    assert GridChaser(5, 5, modulus=3).image_size == 3**25 // GridChaser(5, 5, 3).kernel_size


@settings(max_examples=60, deadline=None)
@given(
    st.integers(0, 120),
    st.integers(1, 12),
    st.sampled_from([0, 1]),
    st.sampled_from([2, 3, 4, 9, 2**31 - 1, 2**61 - 1]),
)
def test_the_path_power_is_the_chased_first_row_system(h: int, w: int, diag: int, k: int) -> None:
    got = _row_scan.path_power(h, w, diag, k)
    m = _row_scan.row_matrix(w, diag, False).astype(object)
    prev, cur = np.zeros((w, w), dtype=object), np.eye(w, dtype=int).astype(object)
    for _ in range(h):  # A_{t+1} = −M·A_t − A_{t−1}, with Python ints
        prev, cur = cur, (-(m.dot(cur)) - prev) % k
    assert [[int(v) for v in row] for row in got] == [[int(v) for v in row] for row in cur]


def test_rows_and_their_products() -> None:
    assert _row_scan.row_matrix(3, 1, False).tolist() == [[1, 1, 0], [1, 1, 1], [0, 1, 1]]
    assert _row_scan.row_matrix(4, 0, True)[0].tolist() == [0, 1, 0, 1]
    out = np.zeros(3, dtype=np.int64)
    _row_scan.times_row(out, np.array([1, 0, 0]), 1, True)
    assert out.tolist() == [1, 1, 1]
    one = _row_scan.run(
        np.array([[1], [0]]), np.zeros((2, 1), dtype=np.int64), None, 2, 1, False, 2
    )
    assert one.dtype == np.uint8 and one[:, :, 0].tolist() == [[1, 0], [1, 1], [1, 0]]
    assert _row_scan.path_power(2, 3, 1, 2).tolist() == [[1, 0, 1], [0, 0, 0], [1, 0, 1]]
