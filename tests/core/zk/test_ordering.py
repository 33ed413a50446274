"""Tests of the narrow-band ordering and of factorisations answered through a permutation."""

from __future__ import annotations

import networkx as nx
import numpy as np
import scipy.sparse as sp
from hypothesis import given
from hypothesis import strategies as st

from lightsout_graphs import zk
from lightsout_graphs.core.zk import gf2_packed
from lightsout_graphs.core.zk.ordering import (
    PermutedFactorization,
    bandwidth,
    elimination_order,
    narrow_band_order,
    permute,
)
from tests.core.zk.zk_oracle import check_factorization, matrices, matvec


def _grid(side: int) -> sp.csr_array:
    path = sp.diags_array([1, 1], offsets=[-1, 1], shape=(side, side), dtype=np.int64)
    eye = sp.eye_array(side, dtype=np.int64)
    return sp.csr_array(
        sp.kron(path, eye) + sp.kron(eye, path) + sp.eye_array(side * side, dtype=np.int64)
    )


@given(st.sampled_from([2, 3, 4, 6]), st.integers(0, 2**32 - 1), st.data())
def test_permuted_factorization_matches_brute_force(k: int, seed: int, data) -> None:
    a = data.draw(matrices(k))
    rng = np.random.default_rng(seed)
    rows, cols = rng.permutation(a.shape[0]), rng.permutation(a.shape[1])
    inner = zk.factorize(permute(sp.csr_array(a % k), rows, cols), k)
    check_factorization(PermutedFactorization(inner, rows, cols), a, k)


def test_scrambled_grid_is_reordered_and_answers_in_caller_order() -> None:
    side = 12
    grid = _grid(side)
    scramble = np.random.default_rng(1).permutation(side * side)
    a = permute(grid, scramble, scramble)
    perm = narrow_band_order(a)
    assert perm is not None
    assert bandwidth(permute(a, perm, perm)) < bandwidth(a) // 3
    assert narrow_band_order(grid) is None
    dense = a.toarray()
    cases = [(k, "auto") for k in (2, 3, 4, 5, 6, 9)] + [(3, "gf3"), (5, "gfp")]
    for k, method in cases:
        f = zk.factorize(a, k, method=method)
        # Every sparse elimination engine is reordered; the dense ones (the Smith-like forms
        # for k = 9, FLINT's LU that auto picks for small matrices over GF(p), p > 2) are not.
        dense_engines = ("local", "flint-local", "flint")
        assert isinstance(f, PermutedFactorization) == (f.method not in (*dense_engines, "crt"))
        assert f.method in (("gf3", "gfp") if method != "auto" else zk.METHODS)
        if k == 6:
            assert all(
                isinstance(c, PermutedFactorization) == (c.method not in dense_engines)
                for c in f.components
            )
        b = np.arange(side * side) % k
        x = f.solve(b)
        if x is not None:
            assert matvec(dense, x, k) == tuple(b)
        else:
            y = f.certificate(b)
            assert y is not None
            assert not (y @ dense % k).any()
        for g, _ in f.kernel():
            assert not (dense @ g % k).any()
        assert f.kernel_size == zk.factorize(grid, k, method="crt").kernel_size


def test_small_or_rectangular_matrices_keep_their_order() -> None:
    assert narrow_band_order(sp.csr_array(np.eye(10, dtype=np.int64))) is None
    assert narrow_band_order(sp.csr_array(np.ones((70, 80), dtype=np.int64))) is None


def test_wide_band_gets_sparse_rows_first_and_dense_columns_last() -> None:
    g = nx.gnp_random_graph(300, 6 / 299, seed=3)
    a = sp.csr_array(nx.adjacency_matrix(g).astype(np.int64) + sp.eye_array(300, dtype=np.int64))
    order = elimination_order(a)
    assert order is not None
    rows, cols = order
    counts = np.diff(a.indptr)
    assert (np.diff(counts[rows]) >= 0).all()
    assert (np.diff(counts[cols]) <= 0).all()
    assert sorted(rows) == list(range(300))
    assert sorted(cols) == list(range(300))
    dense = a.toarray()
    for k, method in ((2, "gf2-python"), (2, "gf2-packed"), (3, "gf3"), (4, "auto")):
        if method == "gf2-packed" and not gf2_packed.AVAILABLE:
            continue
        f = zk.factorize(a, k, method=method)
        assert isinstance(f, PermutedFactorization)
        b = np.arange(300) % k
        x = f.solve(b)
        if x is None:
            y = f.certificate(b)
            assert y is not None
            assert not (y @ dense % k).any()
            assert int(y @ b) % k
        else:
            assert ((dense @ x - b) % k == 0).all()
        for g_vec, _ in f.kernel():
            assert not (dense @ g_vec % k).any()
        for y_vec, _ in f.left_kernel():
            assert not (y_vec @ dense % k).any()
