"""Tests of the compiled GF(2) kernel: the same echelon form as the pure-Python engine."""

from __future__ import annotations

import numpy as np
import pytest
import scipy.sparse as sp
from hypothesis import given
from hypothesis import strategies as st

from lightsout_graphs import zk
from lightsout_graphs.core.errors import MissingDependencyError
from lightsout_graphs.core.zk import gf2_packed
from lightsout_graphs.core.zk.gf2 import GF2Echelon, GF2Factorization, rows_to_bits
from lightsout_graphs.core.zk.gf2_packed import PackedGF2Echelon, PackedGF2Factorization
from tests.core.zk.zk_oracle import check_against_general, medium_system

pytestmark = pytest.mark.skipif(not gf2_packed.AVAILABLE, reason="numba is not installed")


@pytest.mark.parametrize(("batch", "group"), [(1, 4), (7, 3), (256, 1), (256, 4)])
@given(
    st.integers(0, 150),
    st.integers(0, 150),
    st.sampled_from([0.02, 0.1, 0.5]),
    st.integers(0, 2**32 - 1),
)
def test_same_answers_as_python(
    batch: int, group: int, m: int, n: int, density: float, seed: int
) -> None:
    rng = np.random.default_rng(seed)
    a = (rng.random((m, n)) < density).astype(np.int64)
    if m > 3:
        a[m // 2] = a[0] ^ a[1]  # a dependent row
    mat = sp.csr_array(a.reshape(m, n))
    saved = gf2_packed.BATCH, gf2_packed.WIDE_BATCH, gf2_packed.LOG_START, gf2_packed.GROUP
    gf2_packed.BATCH = gf2_packed.WIDE_BATCH = batch
    gf2_packed.GROUP = group  # 1: one pivot at a time; more: pivot tables (Four Russians)
    gf2_packed.LOG_START = 1 if batch == 7 else saved[2]  # also exercise the log's growth
    try:
        ours = PackedGF2Factorization(mat)
    finally:
        gf2_packed.BATCH, gf2_packed.WIDE_BATCH, gf2_packed.LOG_START, gf2_packed.GROUP = saved
    ref = GF2Factorization(mat)
    assert ours.leads == ref.echelon.leads
    assert ours.rows == ref.echelon.rows
    for (x, _), (y, _) in zip(ours.kernel(), ref.kernel(), strict=True):
        assert list(x) == list(y)
    for (x, _), (y, _) in zip(ours.left_kernel(), ref.left_kernel(), strict=True):
        assert list(x) == list(y)
    rng = np.random.default_rng(seed + 1)
    for _ in range(4):
        b = rng.integers(0, 2, size=m)
        x, y = ours.solve(b), ref.solve(b)
        assert (x is None) == (y is None)
        if x is not None:
            assert list(x) == list(y)
        else:
            assert list(ours.certificate(b)) == list(ref.certificate(b))


@given(system=medium_system(2, max_side=20))
def test_agrees_with_general_engine(system: tuple[np.ndarray, list[np.ndarray]]) -> None:
    a, rhs = system
    check_against_general(PackedGF2Factorization(sp.csr_array(a)), a, 2, rhs)


def test_chosen_for_large_matrices_only() -> None:
    small = sp.csr_array(np.eye(10, dtype=np.int64))
    assert isinstance(zk.factorize(small, 2), GF2Factorization)
    assert isinstance(zk.factorize(small, 2, method="gf2-packed"), PackedGF2Factorization)
    assert not isinstance(zk.factorize(small, 2, method="gf2-python"), PackedGF2Factorization)
    big = sp.eye_array(1000, dtype=np.int64, format="csr")
    assert gf2_packed.worthwhile(big)
    assert isinstance(zk.factorize(big, 2), PackedGF2Factorization)


def test_missing_numba_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(gf2_packed, "AVAILABLE", False)
    big = sp.eye_array(1000, dtype=np.int64, format="csr")
    assert not gf2_packed.worthwhile(big)
    assert isinstance(zk.factorize(big, 2), GF2Factorization)
    with pytest.raises(MissingDependencyError, match="numba"):
        zk.factorize(big, 2, method="gf2-packed")


@pytest.mark.parametrize("compiled_kernel", [True, False])
@given(
    st.integers(0, 90),
    st.integers(0, 90),
    st.sampled_from([0.03, 0.2, 0.5]),
    st.integers(0, 2**32 - 1),
)
def test_echelon_same_answers_as_python(
    compiled_kernel: bool, m: int, n: int, density: float, seed: int
) -> None:
    rng = np.random.default_rng(seed)
    a = (rng.random((m, n)) < density).astype(np.int64).reshape(m, n)
    if m > 3:
        a[m - 1] = a[0] ^ a[1]  # a dependent row
    mat = sp.csr_array(a)
    ref = GF2Echelon(rows_to_bits(mat), n)
    ours = PackedGF2Factorization(mat).echelon
    assert isinstance(ours, PackedGF2Echelon)
    assert (ours.rank, ours.leads, ours.zero_combos) == (ref.rank, ref.leads, ref.zero_combos)
    saved = gf2_packed.KERNEL_COMPILED_MAX
    gf2_packed.KERNEL_COMPILED_MAX = saved if compiled_kernel else -1
    try:
        assert ours.kernel_bits() == ref.kernel_bits()
    finally:
        gf2_packed.KERNEL_COMPILED_MAX = saved
    for _ in range(4):
        b = int.from_bytes(rng.bytes(m // 8 + 1), "little") & ((1 << m) - 1)
        assert ours.violated(b) == ref.violated(b)
        if ref.violated(b) is None:
            assert ours.back_substitute(b) == ref.back_substitute(b)
        c = int.from_bytes(rng.bytes(n // 8 + 1), "little") & ((1 << n) - 1)
        if rng.random() < 0.5 and ref.rank:  # a combination of rows: in the row space
            rows = rows_to_bits(mat)
            c = 0
            for i in np.flatnonzero(rng.integers(0, 2, size=m)):
                c ^= rows[i]
        assert ours.left_solve(c) == ref.left_solve(c)
