"""Tests of the bit-sliced GF(3) engine against brute force and the general engine."""

from __future__ import annotations

import networkx as nx
import numpy as np
import pytest
import scipy.sparse as sp
from hypothesis import given
from sympy import GF
from sympy.polys.matrices import DomainMatrix

from lightsout_graphs.core.zk.gf3 import GF3Factorization
from tests.core.zk.zk_oracle import check_against_general, medium_system


@given(system=medium_system(3, max_side=16))
def test_agrees_with_general_engine(system: tuple[np.ndarray, list[np.ndarray]]) -> None:
    a, rhs = system
    check_against_general(GF3Factorization(sp.csr_array(a)), a, 3, rhs)


@pytest.mark.parametrize("side", [2, 4, 5, 8, 11, 12])
def test_grid_nullities_agree_with_sympy(side: int) -> None:
    g = nx.grid_2d_graph(side, side)
    t = nx.adjacency_matrix(g).astype(np.int64) + sp.eye_array(side * side, dtype=np.int64)
    f = GF3Factorization(sp.csr_array(t))
    dense = [[GF(3)(int(v)) for v in row] for row in t.toarray()]
    nullity = side * side - DomainMatrix(dense, (side * side, side * side), GF(3)).rank()
    assert nullity > 0
    assert f.shape[1] - f.rank == nullity
    assert len(f.kernel()) == nullity
