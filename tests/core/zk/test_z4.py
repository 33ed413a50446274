"""Tests of the Z_4 engine (2-adic lifting from GF(2)) against brute force and Z/p^e elimination."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import numpy as np
import pytest
import scipy.sparse as sp
from hypothesis import given
from hypothesis import strategies as st

from lightsout_graphs.core.zk import gf2_packed
from lightsout_graphs.core.zk.gf2 import GF2Echelon
from lightsout_graphs.core.zk.gf2_packed import PackedGF2Echelon
from lightsout_graphs.core.zk.local import LocalFactorization
from lightsout_graphs.core.zk.z4 import Z4Factorization
from tests.core.zk.zk_oracle import (
    check_against_general,
    check_factorization,
    matrices,
    medium_system,
)

needs_numba = pytest.mark.skipif(not gf2_packed.AVAILABLE, reason="numba is not installed")


@contextmanager
def _gf2_engine(compiled: bool) -> Iterator[None]:
    """Make Z4Factorization lift from the compiled (or the pure-Python) GF(2) echelon form."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(gf2_packed, "worthwhile", lambda matrix: compiled)
        yield


def _z4(a: np.ndarray, compiled: bool) -> Z4Factorization:
    with _gf2_engine(compiled):
        f = Z4Factorization(sp.csr_array(a % 4))
    assert isinstance(f._e, PackedGF2Echelon if compiled else GF2Echelon)
    return f


def _same_answers(f: Z4Factorization, g: Z4Factorization, rhs: list[np.ndarray]) -> None:
    """f and g give identical counts, generators, solutions and certificates."""
    assert (f.rank_mod2, f.twos, f.kernel_size, f.image_size) == (
        g.rank_mod2,
        g.twos,
        g.kernel_size,
        g.image_size,
    )
    for ours, ref in ((f.kernel(), g.kernel()), (f.left_kernel(), g.left_kernel())):
        assert [(x.tolist(), o) for x, o in ours] == [(x.tolist(), o) for x, o in ref]
    for b in rhs:
        for name in ("solve", "certificate"):
            x, y = getattr(f, name)(b), getattr(g, name)(b)
            assert (x is None) == (y is None)
            if x is not None:
                assert x.tolist() == y.tolist()


@st.composite
def twos_systems(draw: st.DrawFn, max_side: int = 16) -> tuple[np.ndarray, list[np.ndarray]]:
    """Low rank mod 2 plus twice something (kernels with orders 2 and 4), right-hand sides."""
    m = draw(st.integers(0, max_side))
    n = draw(st.integers(0, max_side))
    inner = draw(st.integers(0, 3))
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    low = rng.integers(0, 2, size=(m, inner)) @ rng.integers(0, 2, size=(inner, n))
    a = (low + 2 * rng.integers(0, 2, size=(m, n)) * (rng.random((m, n)) < 0.3)) % 4
    rhs = [rng.integers(0, 4, size=m), 2 * rng.integers(0, 2, size=m)]
    rhs.append((a @ rng.integers(0, 4, size=n)) % 4 if n else np.zeros(m, dtype=np.int64))
    return a.reshape(m, n), rhs


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


@needs_numba
@given(data=st.data())
def test_compiled_lift_matches_brute_force(data: st.DataObject) -> None:
    a = data.draw(matrices(4))
    check_factorization(_z4(a, compiled=True), a, 4)


@needs_numba
@given(system=st.one_of(medium_system(4, max_side=16), twos_systems()))
def test_compiled_lift_agrees_with_local_engine(
    system: tuple[np.ndarray, list[np.ndarray]],
) -> None:
    a, rhs = system
    f = _z4(a, compiled=True)
    check_against_general(f, a, 4, rhs)
    _same_answers(f, _z4(a, compiled=False), rhs)


@needs_numba
def test_compiled_lift_orders_and_certificates() -> None:
    # mod 2 rank 1 and one 2 in the Smith form: kernel and left kernel have orders 4 and 2
    a = np.array([[1, 1, 0], [1, 1, 2], [0, 0, 2], [0, 0, 0]])
    f, g = _z4(a, compiled=True), _z4(a, compiled=False)
    assert sorted(o for _, o in f.kernel()) == [2, 4]
    assert sorted(o for _, o in f.left_kernel()) == [2, 4, 4]
    odd = np.array([1, 0, 0, 0])  # unsolvable mod 2: the certificate has order 2
    half = np.array([0, 0, 0, 2])  # solvable mod 2, not mod 4: a lifted order-4 certificate
    assert set(f.certificate(odd).tolist()) <= {0, 2}
    assert 1 in f.certificate(half) % 2
    rhs = [odd, half, np.array([1, 1, 2, 0]), np.array([0, 2, 0, 0])]
    check_against_general(f, a, 4, rhs)
    _same_answers(f, g, rhs)


def test_a_long_z4_elimination_is_refused_by_the_time_budget_before_it_starts() -> None:
    # The open hypercube of dimension 16 mod 4 (65,536 lights) was planned at 2,200 s and
    # ran anyway: the time budget had no cost for the z4 engine.
    import lightsout_graphs as lo
    from lightsout_graphs import zk

    with pytest.raises(lo.TimeBudgetError, match=r"z4 engine.*LIGHTSOUT_TIME_BUDGET") as err:
        lo.analyze(lo.hypercube(16, rule="open", modulus=4))
    assert err.value.seconds > err.value.budget == zk.time_budget()
    a = sp.csr_array(lo.hypercube(16, rule="open", modulus=4).toggle_matrix())
    with pytest.raises(lo.TimeBudgetError, match="z4"):
        zk.factorize(a, 4)
