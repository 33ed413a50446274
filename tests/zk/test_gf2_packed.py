"""Tests of the compiled GF(2) kernel: the same echelon form as the pure-Python engine."""

from __future__ import annotations

import numpy as np
import pytest
import scipy.sparse as sp
from hypothesis import given
from hypothesis import strategies as st
from zk_oracle import check_against_general, medium_system

from lightsout_graphs import zk
from lightsout_graphs.errors import MissingDependencyError
from lightsout_graphs.zk import gf2_packed
from lightsout_graphs.zk.gf2 import GF2Echelon, GF2Factorization, rows_to_bits
from lightsout_graphs.zk.gf2_packed import PackedGF2Factorization, packed_echelon

pytestmark = pytest.mark.skipif(not gf2_packed.AVAILABLE, reason="numba is not installed")


@given(
    st.integers(0, 150),
    st.integers(0, 150),
    st.sampled_from([0.02, 0.1, 0.5]),
    st.integers(0, 2**32 - 1),
)
def test_same_echelon_as_python(m: int, n: int, density: float, seed: int) -> None:
    rng = np.random.default_rng(seed)
    a = (rng.random((m, n)) < density).astype(np.int64)
    if m > 3:
        a[m // 2] = a[0] ^ a[1]  # a dependent row
    mat = sp.csr_array(a.reshape(m, n))
    ours = packed_echelon(mat)
    ref = GF2Echelon(rows_to_bits(mat), n)
    assert ours.leads == ref.leads
    assert ours.rows == ref.rows
    assert ours.combos == ref.combos
    assert ours.zero_combos == ref.zero_combos
    assert ours.pivot_sources == ref.pivot_sources


@given(system=medium_system(2, max_side=20))
def test_agrees_with_general_engine(system: tuple[np.ndarray, list[np.ndarray]]) -> None:
    a, rhs = system
    check_against_general(PackedGF2Factorization(sp.csr_array(a)), a, 2, rhs)


def test_chosen_for_large_matrices_only() -> None:
    small = sp.csr_array(np.eye(10, dtype=np.int64))
    assert isinstance(zk.factorize(small, 2), GF2Factorization)
    assert not isinstance(zk.factorize(small, 2), PackedGF2Factorization)
    assert isinstance(zk.factorize(small, 2, method="gf2-packed"), PackedGF2Factorization)
    assert not isinstance(zk.factorize(small, 2, method="gf2-python"), PackedGF2Factorization)
    big = sp.eye_array(1000, dtype=np.int64, format="csr")
    assert gf2_packed.worthwhile(big)
    assert isinstance(zk.factorize(big, 2), PackedGF2Factorization)


def test_missing_numba_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(gf2_packed, "numba", None)
    monkeypatch.setattr(gf2_packed, "AVAILABLE", False)
    big = sp.eye_array(1000, dtype=np.int64, format="csr")
    assert not gf2_packed.worthwhile(big)
    assert not isinstance(zk.factorize(big, 2), PackedGF2Factorization)
    with pytest.raises(MissingDependencyError, match="numba"):
        zk.factorize(big, 2, method="gf2-packed")
