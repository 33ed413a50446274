"""Tests of the bit-packed GF(2) engine against the general engine and literature values."""

from __future__ import annotations

import networkx as nx
import numpy as np
import pytest
import scipy.sparse as sp
from hypothesis import given
from hypothesis import strategies as st

from lightsout_graphs.core.zk.gf2 import (
    GF2Echelon,
    GF2Factorization,
    _kernel_bits_per_column,
    _kernel_bits_together,
    bits_to_vector,
    kernel_bits,
    rows_to_bits,
    vector_to_bits,
)
from lightsout_graphs.core.zk.local import LocalFactorization
from tests.core.zk.zk_oracle import matvec, vecmat


@given(st.lists(st.integers(0, 1), max_size=200))
def test_bit_round_trip(bits: list[int]) -> None:
    v = np.array(bits, dtype=np.int64)
    assert list(bits_to_vector(vector_to_bits(v), len(bits))) == bits


@given(st.integers(0, 12), st.integers(0, 150), st.randoms(use_true_random=False))
def test_rows_to_bits(m: int, n: int, rnd) -> None:
    a = np.array([[rnd.randrange(4) for _ in range(n)] for _ in range(m)], dtype=np.int64)
    a = a.reshape(m, n)
    rows = rows_to_bits(sp.csr_array(a))
    for i in range(m):
        assert rows[i] == sum(1 << j for j in range(n) if a[i, j] % 2)


def _random_matrix(rnd, m: int, n: int, density: float) -> np.ndarray:
    return np.array(
        [[int(rnd.random() < density) for _ in range(n)] for _ in range(m)], dtype=np.int64
    ).reshape(m, n)


@given(
    st.integers(0, 25),
    st.integers(0, 25),
    st.sampled_from([0.1, 0.3, 0.5]),
    st.randoms(use_true_random=False),
)
def test_agrees_with_local_engine(m: int, n: int, density: float, rnd) -> None:
    a = _random_matrix(rnd, m, n, density)
    f = GF2Factorization(sp.csr_array(a))
    g = LocalFactorization(sp.csr_array(a), 2, 1)
    assert (f.rank, f.kernel_size, f.image_size) == (g.rank, g.kernel_size, g.image_size)
    for x, order in f.kernel():
        assert order == 2
        assert not any(matvec(a, x, 2))
    gens = f.kernel()
    kernel = np.array([x for x, _ in gens], dtype=np.int64).reshape(len(gens), n)
    assert len(kernel) == n - f.rank
    assert LocalFactorization(sp.csr_array(kernel), 2, 1).rank == len(kernel)
    lgens = f.left_kernel()
    left = np.array([y for y, _ in lgens], dtype=np.int64).reshape(len(lgens), m)
    assert len(left) == m - f.rank
    for y in left:
        assert not any(vecmat(y, a, 2))
    for _ in range(5):
        b = np.array([rnd.randrange(2) for _ in range(m)], dtype=np.int64)
        x = f.solve(b)
        assert (x is None) == (g.solve(b) is None)
        if x is not None:
            assert matvec(a, x, 2) == tuple(b)
            assert f.certificate(b) is None
        else:
            y = f.certificate(b)
            assert y is not None
            assert not any(vecmat(y, a, 2))
            assert int(y @ b) % 2 == 1


@pytest.mark.parametrize(("side", "nullity"), [(4, 4), (5, 2), (6, 0), (9, 8), (16, 8), (19, 16)])
def test_grid_nullities_from_the_literature(side: int, nullity: int) -> None:
    g = nx.grid_2d_graph(side, side)
    t = nx.adjacency_matrix(g).astype(np.int64) + sp.eye_array(side * side, dtype=np.int64)
    f = GF2Factorization(sp.csr_array(t))
    assert f.shape[1] - f.rank == nullity
    assert f.kernel_size == 2**nullity


@given(
    st.integers(1, 60),
    st.integers(1, 90),
    st.sampled_from([0.05, 0.3]),
    st.integers(0, 2**32 - 1),
)
def test_both_kernel_methods_agree(m: int, n: int, density: float, seed: int) -> None:
    rng = np.random.default_rng(seed)
    a = (rng.random((m, n)) < density).astype(np.int64)
    e = GF2Echelon(rows_to_bits(sp.csr_array(a)), n)
    free = [f for f in range(n) if f not in set(e.leads)]
    one = _kernel_bits_per_column(e.leads, e.rows, free)
    together = _kernel_bits_together(e.leads, e.rows, free, n)
    assert one == together
    assert kernel_bits(e.leads, e.rows, n) == one
    for x in one:
        assert not any(matvec(a, bits_to_vector(x, n), 2))
