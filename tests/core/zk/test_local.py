"""Tests of the Z/p^e engine: Smith-like form, valuations, exact counts and big moduli."""

from __future__ import annotations

import math

import numpy as np
import pytest
import scipy.sparse as sp
from hypothesis import given
from hypothesis import strategies as st

from lightsout_graphs.core.errors import EngineError
from lightsout_graphs.core.zk import local
from lightsout_graphs.core.zk.local import LocalFactorization
from tests.core.zk.zk_oracle import check_solution_and_nudge, matvec, snf_counts, vecmat


@pytest.mark.parametrize(("p", "e"), [(2, 3), (3, 2), (5, 2), (2, 1), (7, 1), (3, 39), (2, 62)])
@given(data=st.data())
def test_counts_match_integer_smith_form(p: int, e: int, data: st.DataObject) -> None:
    q = p**e
    m = data.draw(st.integers(1, 6))
    n = data.draw(st.integers(1, 6))
    small = st.integers(-6, 6).map(lambda v: v * data.draw(st.sampled_from([1, p, p * p])))
    a = np.array(data.draw(st.lists(small, min_size=m * n, max_size=m * n))).reshape(m, n)
    f = LocalFactorization(sp.csr_array(a % q), p, e)
    assert (f.kernel_size, f.image_size) == snf_counts(a, q)
    assert f.kernel_size * f.image_size == q**n
    assert f.rank == (len(f.valuations) if e == 1 else None)
    for g, order in f.kernel():
        assert not any(matvec(a, g, q))
        assert not any(matvec(a, (g.astype(object) * (order // p)) % q, q))
        assert any(int(v) * (order // p) % q for v in g)
    left = f.left_kernel()
    assert math.prod(o for _, o in left) * f.image_size == q**m
    for y, _ in left:
        assert not any(vecmat(y, a, q))
    x0 = np.array(data.draw(st.lists(st.integers(0, q - 1), min_size=n, max_size=n)), dtype=object)
    check_solution_and_nudge(f, a, x0, q, row=0)


def test_dtypes_follow_the_modulus() -> None:
    a = sp.csr_array(np.array([[2, 4], [1, 2]]))
    assert LocalFactorization(a, 3, 2).solve(np.array([1, 5])).dtype == np.int64
    big = LocalFactorization(a, 3, 39)
    assert big.kernel()[0][0].dtype == object


def test_valuations_of_a_diagonal() -> None:
    f = LocalFactorization(sp.csr_array(np.diag([4, 2, 1, 0])), 2, 3)
    assert sorted(f.valuations) == [0, 1, 2]
    assert f.kernel_size == 4 * 2 * 1 * 8
    assert sorted(o for _, o in f.kernel()) == [2, 4, 8]


def test_too_large_for_dense_storage(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(local, "MAX_BYTES", 1000)
    with pytest.raises(EngineError, match=r"about .* GiB for a 20×20 matrix mod 8"):
        LocalFactorization(sp.csr_array(np.eye(20, dtype=np.int64)), 2, 3)


def test_both_smith_engines_start_alike() -> None:
    """The local and the FLINT-lifted engine share their first step: the same refusal of an
    exponent below 1, and the same modulus, shape and method names."""
    from lightsout_graphs.core.errors import ModulusError
    from lightsout_graphs.core.zk import local_flint

    engines = [LocalFactorization]
    if local_flint.available():
        engines.append(local_flint.LiftedLocalFactorization)
    a = sp.csr_array(np.array([[3, 1, 0], [0, 1, 2]]))
    for engine in engines:
        with pytest.raises(ModulusError, match="Argument 'exponent' must be >= 1, not 0"):
            engine(a, 3, 0)
        f = engine(a, 3, 2)
        assert (f.modulus, f.shape) == (9, (2, 3))
    assert [e(a, 3, 2).method for e in engines] == ["local", "flint-local"][: len(engines)]
