"""The GF(2) rank of row bitsets agrees with the general engine, in both row forms."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from lightsout_graphs import zk
from lightsout_graphs.core.errors import MatrixError
from lightsout_graphs.core.zk.gf2 import vector_to_bits


@given(st.integers(0, 12), st.integers(0, 12), st.integers(0, 2**32 - 1))
def test_bitset_rank_matches_factorize(m: int, n: int, seed: int) -> None:
    rng = np.random.default_rng(seed)
    a = rng.integers(0, 2, (m, n)) * (rng.random((m, n)) < rng.random())
    b = rng.integers(0, 2, m)
    f = zk.factorize(a.reshape(m, n), 2)
    rows = [vector_to_bits(row) for row in a.reshape(m, n)]
    want = zk.BitsetRank(f.rank, n - f.rank, f.is_solvable(b))
    assert zk.bitset_rank(rows, n, rhs=vector_to_bits(b)) == want
    packed = zk.pack_rows(a.reshape(m, n)) if m else np.zeros((0, 1), dtype=np.uint64)
    assert zk.bitset_rank(packed, n, rhs=vector_to_bits(b)) == want
    assert zk.bitset_rank(rows, n).solvable is None


def test_bitset_rank_checks_the_width() -> None:
    with pytest.raises(MatrixError, match="'ncols'"):
        zk.bitset_rank([1], -1)


@pytest.mark.parametrize(
    ("rows", "ncols", "message"),
    [
        (["a"], 2, "'row 0' must be an int >= 0"),
        ([-1, 1], 2, "'row 0' must be an int >= 0"),
        ([4], 2, "Row 0 has bits beyond its 2 columns"),
        (None, 2, "must be a sequence of ints"),
        (5, 2, "must be a sequence of ints"),
        (np.array([1.0]), 2, "uint64 array of shape (rows, 1)"),
        (np.array([1], dtype=np.uint64), 2, "uint64 array of shape (rows, 1)"),
    ],
)
def test_bad_rows_are_named(rows: object, ncols: int, message: str) -> None:
    import re

    with pytest.raises(MatrixError, match=re.escape(message)):
        zk.bitset_rank(rows, ncols)  # type: ignore[arg-type]


def test_bad_packing_input_is_named() -> None:
    with pytest.raises(MatrixError, match="2-D array of 0/1"):
        zk.pack_rows(np.array([1, 0, 1]))
    with pytest.raises(MatrixError, match="0/1 entries only"):
        zk.pack_rows(np.array([[2, 0]]))
    with pytest.raises(MatrixError, match="'nbits' must be an int >= 0"):
        zk.words_for(-5)
    with pytest.raises(MatrixError, match="'rhs' has bits beyond the 1 rows"):
        zk.bitset_rank([1], 1, rhs=2)
