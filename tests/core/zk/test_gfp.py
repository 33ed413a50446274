"""Tests of the sparse prime-field engine against brute force and the dense local engine."""

from __future__ import annotations

import networkx as nx
import numpy as np
import pytest
import scipy.sparse as sp
from hypothesis import given
from hypothesis import strategies as st
from sympy import GF
from sympy.polys.matrices import DomainMatrix

from lightsout_graphs import zk
from lightsout_graphs.core.errors import EngineError
from lightsout_graphs.core.zk.gfp import GFpFactorization
from lightsout_graphs.core.zk.local import LocalFactorization
from tests.core.zk.zk_oracle import (
    check_against_general,
    check_factorization,
    matrices,
    medium_system,
)


@pytest.mark.parametrize("p", [5, 7])
@given(data=st.data())
def test_matches_brute_force(p: int, data: st.DataObject) -> None:
    a = data.draw(matrices(p))
    check_factorization(GFpFactorization(sp.csr_array(a % p), p), a, p)


@pytest.mark.parametrize("p", [5, 13, 2**31 - 1])
@given(data=st.data())
def test_agrees_with_general_engine(p: int, data: st.DataObject) -> None:
    a, rhs = data.draw(medium_system(p, max_side=12))
    check_against_general(GFpFactorization(sp.csr_array(a), p), a, p, rhs)


@pytest.mark.parametrize(("side", "p"), [(4, 5), (9, 5), (12, 7), (6, 13)])
def test_grid_nullities_agree_with_sympy(side: int, p: int) -> None:
    g = nx.grid_2d_graph(side, side)
    t = nx.adjacency_matrix(g).astype(np.int64) + sp.eye_array(side * side, dtype=np.int64)
    f = zk.factorize(t, p)
    dense = [[GF(p)(int(v)) for v in row] for row in t.toarray()]
    rank = DomainMatrix(dense, (side * side, side * side), GF(p)).rank()
    assert f.rank == rank
    assert len(f.kernel()) == side * side - rank
    for g_vec, _ in f.kernel():
        assert not (t @ g_vec % p).any()


def test_method_checks_the_modulus() -> None:
    a = np.eye(2, dtype=np.int64)
    assert isinstance(zk.factorize(a, 11, method="gfp"), GFpFactorization)
    with pytest.raises(EngineError, match="'gfp' needs a prime modulus below 2\\*\\*31, not 9"):
        zk.factorize(a, 9, method="gfp")


def test_dense_small_matrices_go_to_the_dense_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    from lightsout_graphs.core.zk._flint import library

    rng = np.random.default_rng(4)
    dense = rng.integers(0, 5, size=(40, 40))
    sparse = np.eye(40, dtype=np.int64) + np.eye(40, k=1, dtype=np.int64)
    if library() is not None:  # small matrices over GF(p): the FLINT engine
        assert zk.factorize(dense, 5).method == "flint"
        assert zk.factorize(sparse, 5).method == "flint"
    # Without python-flint: the dense numpy engine and sparse row insertion.
    monkeypatch.setenv("LIGHTSOUT_NO_FLINT", "1")
    library.cache_clear()
    try:
        assert isinstance(zk.factorize(dense, 5), LocalFactorization)
        assert isinstance(zk.factorize(sparse, 5), GFpFactorization)
    finally:
        monkeypatch.delenv("LIGHTSOUT_NO_FLINT")
        library.cache_clear()
    b = rng.integers(0, 5, size=40)
    for a in (dense, sparse):
        x = zk.factorize(a, 5).solve(b)
        if x is not None:
            assert ((a @ x - b) % 5 == 0).all()
