"""The dense FLINT engine over GF(p): brute force, galois as an independent oracle, the
engine choice, the Chinese remainder theorem over its components, and the cost estimate."""

from __future__ import annotations

import math

import galois
import numpy as np
import pytest
import scipy.sparse as sp
from hypothesis import given, settings
from hypothesis import strategies as st

from lightsout_graphs import zk
from lightsout_graphs.core.errors import EngineError, MemoryBudgetError
from lightsout_graphs.core.zk import gfp_flint
from lightsout_graphs.core.zk.crt import prime_power_parts
from lightsout_graphs.core.zk.dispatch import flint_is_best
from lightsout_graphs.core.zk.gfp_flint import FlintGFpFactorization, estimate_cost
from tests.core.zk.zk_oracle import (
    additive_order,
    check_factorization,
    dot,
    matrices,
    matvec,
    vecmat,
)

#: FLINT's nmod_mat treats every word-sized prime alike: the smallest, two more, the largest here.
SMALL_PRIMES = [3, 5, 13, 31]
BIG_PRIMES = [2**31 - 1, 2**61 - 1]

pytestmark = pytest.mark.skipif(not gfp_flint.available(), reason="python-flint is missing")


@pytest.mark.parametrize("p", SMALL_PRIMES)
@settings(max_examples=15, deadline=None)
@given(data=st.data())
def test_brute_force_small_primes(p: int, data: st.DataObject) -> None:
    a = data.draw(matrices(p, max_cells=3000))
    check_factorization(FlintGFpFactorization(a % p, p), a % p, p)


@st.composite
def systems(draw: st.DrawFn, p: int, max_side: int = 12) -> tuple[np.ndarray, list[list[int]]]:
    """A matrix over GF(p) (often of low rank) and right-hand sides, in Python ints."""
    m = draw(st.integers(0, max_side))
    n = draw(st.integers(0, max_side))
    entry = st.integers(0, p - 1) | st.sampled_from([0, 1, p - 1])
    inner = draw(st.integers(0, max(m, n)))
    left = [draw(st.lists(entry, min_size=inner, max_size=inner)) for _ in range(m)]
    right = [draw(st.lists(entry, min_size=n, max_size=n)) for _ in range(inner)]
    if draw(st.booleans()):  # a product of thin factors: rank at most inner
        rows = [
            [sum(left[i][t] * right[t][j] for t in range(inner)) % p for j in range(n)]
            for i in range(m)
        ]
    else:
        rows = [draw(st.lists(entry, min_size=n, max_size=n)) for _ in range(m)]
    a = np.array(rows, dtype=object).reshape(m, n)
    rhs = [draw(st.lists(entry, min_size=m, max_size=m)) for _ in range(2)]
    x = draw(st.lists(entry, min_size=n, max_size=n))
    rhs.append(list(matvec(a, np.array(x, dtype=object), p)))
    return a, rhs


def _galois_rank(a: np.ndarray, p: int) -> int:
    if 0 in a.shape:
        return 0
    field = galois.GF(p)
    return int(np.linalg.matrix_rank(field(np.array(a.tolist(), dtype=np.int64))))


@pytest.mark.parametrize("p", SMALL_PRIMES + BIG_PRIMES)
@settings(max_examples=12, deadline=None)
@given(data=st.data())
def test_agrees_with_galois(p: int, data: st.DataObject) -> None:
    a, rhs = data.draw(systems(p))
    m, n = a.shape
    f = zk.factorize(np.array(a.tolist(), dtype=np.uint64).reshape(m, n), p, method="flint")
    assert f.method == "flint"
    rank = _galois_rank(a, p)
    assert f.rank == rank
    assert (f.kernel_size, f.image_size) == (p ** (n - rank), p**rank)
    gens = f.kernel()
    assert len(gens) == n - rank
    for g, order in gens:
        assert order == p and additive_order(g, p) == p
        assert not any(matvec(a, g, p))
    if gens and rank < n:  # the generators are independent: galois agrees on their rank
        assert _galois_rank(np.array([g.tolist() for g, _ in gens], dtype=object), p) == n - rank
    left = f.left_kernel()
    assert len(left) == m - rank
    for y, _ in left:
        assert not any(vecmat(y, a, p))
    if left:
        assert _galois_rank(np.array([y.tolist() for y, _ in left], dtype=object), p) == m - rank
    for b in rhs:
        bv = np.array(b, dtype=object)
        x = f.solve(bv)
        if p < 2**31:  # galois decides solvability: rank of A against rank of [A | b]
            aug = np.concatenate([a, bv.reshape(m, 1)], axis=1) if m else a
            assert (x is not None) == (_galois_rank(aug, p) == rank)
        if x is not None:
            assert matvec(a, x, p) == tuple(int(v) for v in b)
            assert f.certificate(bv) is None
        else:
            y = f.certificate(bv)
            assert y is not None
            assert not any(vecmat(y, a, p))
            assert dot(y, bv, p) != 0


@pytest.mark.parametrize("k", [15, 21, 35, 3 * 5 * 7, 9 * 5, (2**31 - 1) * 3])
@settings(max_examples=10, deadline=None)
@given(data=st.data())
def test_composite_moduli_agree_with_their_prime_parts(k: int, data: st.DataObject) -> None:
    a = data.draw(matrices(k, max_cells=10**6)) % k
    b = np.array(
        data.draw(st.lists(st.integers(0, k - 1), min_size=a.shape[0], max_size=a.shape[0])),
        dtype=np.int64,
    )
    f = zk.factorize(a, k)
    parts = [zk.factorize(a % (p**e), p**e) for p, e in prime_power_parts(k)]
    assert any(g.method == "flint" for g in parts)
    assert f.kernel_size == math.prod(g.kernel_size for g in parts)
    assert f.image_size == math.prod(g.image_size for g in parts)
    assert f.is_solvable(b) == all(g.is_solvable(b % g.modulus) for g in parts)
    x = f.solve(b)
    if x is not None:
        assert matvec(a, x, k) == tuple(int(v) for v in b)
    else:
        y = f.certificate(b)
        assert not any(vecmat(y, a, k)) and dot(y, b, k) != 0


def test_larger_random_systems_replay() -> None:
    rng = np.random.default_rng(7)
    for p in (3, 5, 2**31 - 1):
        for m, n, inner in ((120, 90, 60), (90, 120, 90), (100, 100, 97)):
            a = (
                rng.integers(0, p, (m, inner)).astype(object)
                @ rng.integers(0, p, (inner, n)).astype(object)
            ) % p
            f = zk.factorize(np.array(a.tolist(), dtype=np.int64), p)
            assert f.method == "flint"
            assert f.rank == _galois_rank(a, p) if p < 2**31 else f.rank <= inner
            x0 = np.array([int(v) for v in rng.integers(0, p, n)], dtype=object)
            b = (a @ x0) % p
            x = f.solve(b)
            assert x is not None
            assert not np.any((a @ np.array(x, dtype=object) - b) % p)
            quiet = np.array([g.tolist() for g, _ in f.kernel()], dtype=object).reshape(-1, n)
            assert not np.any((a @ quiet.T) % p)


def test_auto_choice_and_inputs() -> None:
    a = np.array([[1, 2], [2, 4]])
    for given_matrix in (a, a.astype(np.uint8), a - 5, sp.csr_array(a), a.astype(np.uint64)):
        f = zk.factorize(given_matrix, 5)
        assert (f.method, f.rank) == ("flint", 1)
    assert zk.factorize(np.eye(3, dtype=np.int64), 2).method != "flint"
    with pytest.raises(EngineError, match="prime modulus below 2\\*\\*63"):
        zk.factorize(a, 9, method="flint")
    assert flint_is_best((10, 10), 100, 7)
    assert not flint_is_best((10**5, 10**5), 3 * 10**5, 7)  # sparse and large


def test_memory_budget_refuses_before_allocating() -> None:
    old = zk.set_memory_budget("1M")
    try:
        with pytest.raises(MemoryBudgetError, match="flint"):
            zk.factorize(np.ones((1000, 1000), dtype=np.int64), 7, method="flint")
        with pytest.raises(MemoryBudgetError):  # a dense array on the automatic route
            zk.factorize(np.ones((1000, 1000), dtype=np.int64), 7)
    finally:
        zk.set_memory_budget(None)
    assert old > 0


def test_cost_estimate_grows_with_size_and_prime() -> None:
    small, big = estimate_cost((100, 100), 3), estimate_cost((1000, 1000), 3)
    assert big.seconds > 100 * small.seconds and big.bytes > 50 * small.bytes
    assert estimate_cost((1000, 1000), 2**61 - 1).seconds > big.seconds
    assert estimate_cost((1000, 1000), 3).bytes == zk.estimate_memory(
        (1000, 1000), 3, [("flint", 3)]
    )
