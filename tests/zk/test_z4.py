"""Tests of the Z_4 engine (2-adic lifting from GF(2)) against brute force and Z/p^e elimination."""

from __future__ import annotations

import numpy as np
import scipy.sparse as sp
from hypothesis import given
from hypothesis import strategies as st
from zk_oracle import check_against_general, check_factorization, matrices, medium_system

from lightsout_graphs.zk.local import LocalFactorization
from lightsout_graphs.zk.z4 import Z4Factorization


@given(data=st.data())
def test_matches_brute_force(data: st.DataObject) -> None:
    a = data.draw(matrices(4))
    check_factorization(Z4Factorization(sp.csr_array(a % 4)), a, 4)


@given(system=medium_system(4, max_side=16))
def test_agrees_with_general_engine(system: tuple[np.ndarray, list[np.ndarray]]) -> None:
    a, rhs = system
    check_against_general(Z4Factorization(sp.csr_array(a)), a, 4, rhs)


@given(st.integers(1, 12), st.integers(1, 12), st.integers(0, 2**32 - 1))
def test_smith_form_counts(m: int, n: int, seed: int) -> None:
    rng = np.random.default_rng(seed)
    # Low rank mod 2 plus twice something: exercises the GF(2) system W.
    low = rng.integers(0, 2, size=(m, 2)) @ rng.integers(0, 2, size=(2, n))
    a = (low + 2 * rng.integers(0, 2, size=(m, n))) % 4
    f = Z4Factorization(sp.csr_array(a))
    g = LocalFactorization(sp.csr_array(a), 2, 2)
    assert sorted(g.valuations) == [0] * f.rank_mod2 + [1] * f.twos
    assert f.kernel_size == g.kernel_size
