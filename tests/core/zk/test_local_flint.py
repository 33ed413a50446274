"""Tests of the ``flint-local`` engine: Z/p^e by FLINT's LU mod p and Hensel lifting, against
brute force, the ``local`` engine, the integer Smith form and the Chinese remainder theorem."""

from __future__ import annotations

import math

import numpy as np
import pytest
import scipy.sparse as sp
from hypothesis import given, settings
from hypothesis import strategies as st

import lightsout_graphs as lo
from lightsout_graphs import zk
from lightsout_graphs.algorithms.solver import factorization
from lightsout_graphs.core.errors import EngineError, MissingDependencyError, ModulusError
from lightsout_graphs.core.zk import local_flint
from lightsout_graphs.core.zk.local import LocalFactorization
from lightsout_graphs.core.zk.local_flint import LiftedLocalFactorization, estimate_cost, mul_mod
from tests.core.zk.zk_oracle import (
    additive_order,
    check_against_general,
    check_factorization,
    matrices,
    matvec,
    medium_system,
    snf_counts,
    vecmat,
)

pytestmark = pytest.mark.skipif(not local_flint.available(), reason="needs python-flint")

#: The prime powers of the brief, with (p, e).
PRIME_POWERS = [(2, 2), (2, 3), (3, 2), (5, 2), (3, 3), (7, 2), (2, 4), (2, 5), (3, 4), (5, 3)]


def lifted(a: np.ndarray, p: int, e: int) -> LiftedLocalFactorization:
    return LiftedLocalFactorization(sp.csr_array(np.asarray(a, dtype=np.int64) % p**e), p, e)


def smith_check(f: LiftedLocalFactorization, a: np.ndarray) -> None:
    """``U A V = D`` exactly, D = diag(p^d_i), valuations non-decreasing, U and V invertible."""
    p, q = f._p, f.modulus
    m, n = a.shape
    u = _full_u(f)
    v = np.asarray(f._v).astype(object)
    d = (u @ (np.asarray(a, dtype=np.int64) % q).astype(object) @ v) % q
    expected = np.zeros((m, n), dtype=object)
    for i, val in enumerate(f.valuations):
        expected[i, i] = p**val % q
    assert (d == expected).all()
    assert f.valuations == sorted(f.valuations)
    for mat in (u, v):  # invertible mod p^e iff mod p
        assert _rank_mod_p(mat, p) == len(mat)


def _full_u(f: LiftedLocalFactorization) -> np.ndarray:
    """U with its implicit first rows written out (``X·P``)."""
    u = np.array(f._u, dtype=object)
    if f._first_x is not None:
        r = len(f._first_x)
        u[:r] = (f._first_x.astype(object) @ u[:r]) % f.modulus
    if f._first is not None:
        first, head = f._first
        r, m = len(head), f.shape[0]
        rows = np.zeros((r, m), dtype=np.int64)
        rows[:, head] = first.left(np.eye(r, dtype=np.int64))
        u[:r] = rows.astype(object)
    return u


def _rank_mod_p(mat: np.ndarray, p: int) -> int:
    if not mat.size:
        return 0
    return zk.factorize((mat % p).astype(np.int64), p).rank or 0


@pytest.mark.parametrize(("p", "e"), PRIME_POWERS[:6])
@given(data=st.data())
@settings(max_examples=25, deadline=None)
def test_matches_brute_force(p: int, e: int, data: st.DataObject) -> None:
    k = p**e
    a = data.draw(matrices(k, max_cells=700))
    check_factorization(zk.factorize(a, k, method="flint-local"), a, k)


@pytest.mark.parametrize(("p", "e"), PRIME_POWERS)
@given(data=st.data())
@settings(max_examples=30, deadline=None)
def test_matches_the_local_engine(p: int, e: int, data: st.DataObject) -> None:
    """Singular, rectangular, low-rank and p-divisible matrices: the same counts and
    valuations as ``local``, valid solutions, checked certificates, quiet kernels."""
    k = p**e
    a, rhs = data.draw(medium_system(k, max_side=16))
    f = zk.factorize(a, k, method="flint-local")
    assert f.method == "flint-local"
    check_against_general(f, a, k, rhs)
    g = LocalFactorization(sp.csr_array(a), p, e)
    assert sorted(f.valuations) == sorted(g.valuations)
    smith_check(f, a)


@pytest.mark.parametrize(("p", "e"), [(2, 3), (3, 2), (5, 2), (2, 5), (3, 4)])
@given(data=st.data())
@settings(max_examples=30, deadline=None)
def test_counts_match_the_integer_smith_form(p: int, e: int, data: st.DataObject) -> None:
    """Entries scaled by powers of p push the valuations through every level of the lift."""
    q = p**e
    m = data.draw(st.integers(1, 7))
    n = data.draw(st.integers(1, 7))
    scale = st.sampled_from([1, p, p * p, p**3])
    small = st.tuples(st.integers(-6, 6), scale).map(lambda t: t[0] * t[1])
    a = np.array(data.draw(st.lists(small, min_size=m * n, max_size=m * n))).reshape(m, n)
    f = lifted(a, p, e)
    assert (f.kernel_size, f.image_size) == snf_counts(a, q)
    smith_check(f, a)
    for g, order in f.kernel():
        assert not any(matvec(a, g, q))
        assert additive_order(g, q) == order
    for y, order in f.left_kernel():
        assert not any(vecmat(y, a, q))
        assert additive_order(y, q) == order


@pytest.mark.parametrize(("p", "e"), [(2, 2), (3, 2), (5, 2), (2, 3), (3, 3)])
def test_larger_structured_matrices(p: int, e: int) -> None:
    """Sizes where products leave the small-matrix paths: a product of low-rank factors with
    p-multiples, so every level has work, over 120 × 90 and its transpose."""
    q = p**e
    rng = np.random.default_rng(p * 100 + e)
    low = rng.integers(0, q, size=(120, 40)) @ rng.integers(0, q, size=(40, 90))
    mid = p * (rng.integers(0, q, size=(120, 30)) @ rng.integers(0, q, size=(30, 90)))
    a = (low + mid + p ** (e - 1) * rng.integers(0, q, size=(120, 90))) % q
    for mat in (a, a.T.copy()):
        f = lifted(mat, p, e)
        g = LocalFactorization(sp.csr_array(mat), p, e)
        assert (f.kernel_size, f.image_size) == (g.kernel_size, g.image_size)
        assert f.valuations == sorted(g.valuations)
        smith_check(f, mat)
        x0 = rng.integers(0, q, size=mat.shape[1])
        b = mat @ x0 % q
        x = f.solve(b)
        assert x is not None and not np.any((mat @ x - b) % q)
        for g_vec, _ in f.kernel():
            assert not np.any(mat @ g_vec % q)
        for y, _ in f.left_kernel():
            assert not np.any(y @ mat % q)
        bad = b.copy()
        bad[0] = (bad[0] + 1) % q
        cert = f.certificate(bad)
        if cert is None:
            assert f.solve(bad) is not None
        else:
            assert not np.any(cert @ mat % q) and int(cert @ bad % q) != 0


@pytest.mark.parametrize("k", [12, 18, 36, 72])
@given(data=st.data())
@settings(max_examples=20, deadline=None)
def test_composite_moduli_agree_with_their_parts(k: int, data: st.DataObject) -> None:
    """Over composite k, the CRT of ``flint-local`` parts answers as the CRT of ``local`` ones."""
    a, rhs = data.draw(medium_system(k, max_side=12))
    f = zk.factorize(a, k)
    assert isinstance(f, zk.Factorization)
    check_against_general(f, a, k, rhs)
    for p, e in zk.prime_power_parts(k):
        part = zk.factorize(a % p**e, p**e, method="flint-local")
        other = zk.factorize(a % p**e, p**e, method="local")
        assert (part.kernel_size, part.image_size) == (other.kernel_size, other.image_size)
    counts = [
        zk.factorize(a % p**e, p**e, method="flint-local") for p, e in zk.prime_power_parts(k)
    ]
    assert f.kernel_size == math.prod(c.kernel_size for c in counts)


def test_dense_arrays_skip_the_sparse_copy() -> None:
    rng = np.random.default_rng(7)
    a = rng.integers(-50, 50, size=(30, 30))
    f = zk.factorize(a, 25)
    assert f.method == "flint-local"
    x = f.solve(a @ np.ones(30, dtype=np.int64) % 25)
    assert x is not None and not np.any((a @ x - a.sum(axis=1)) % 25)
    assert zk.factorize(a.astype(np.uint64) % 25, 25, method="flint-local").kernel_size == (
        f.kernel_size
    )


def test_empty_and_full_shapes() -> None:
    f = lifted(np.zeros((0, 4), dtype=np.int64), 3, 2)
    assert f.kernel_size == 9**4 and len(f.kernel()) == 4
    g = lifted(np.zeros((3, 0), dtype=np.int64), 3, 2)
    assert g.kernel_size == 1 and g.solve(np.array([0, 0, 1])) is None
    z = lifted(np.zeros((3, 3), dtype=np.int64), 2, 3)
    assert z.valuations == [] and z.kernel_size == 8**3
    multiple = lifted(4 * np.eye(3, dtype=np.int64), 2, 3)  # only the last level has pivots
    assert multiple.valuations == [2, 2, 2] and multiple.kernel_size == 4**3


def test_big_moduli_use_exact_products() -> None:
    """p^e above 2**31: products overflow int64 and run in FLINT; vectors are Python ints."""
    p, e = 3, 39
    q = p**e
    rng = np.random.default_rng(1)
    a = (rng.integers(0, 1000, size=(9, 8)) * p ** rng.integers(0, 5, size=(9, 8))) % q
    f = lifted(a, p, e)
    assert (f.kernel_size, f.image_size) == snf_counts(a, q)
    x = f.solve(np.array(matvec(a, np.arange(8, dtype=object), q), dtype=object))
    assert x is not None and x.dtype == object
    assert matvec(a, x, q) == matvec(a, np.arange(8, dtype=object), q)


def exact_product(a: np.ndarray, b: np.ndarray, q: int) -> np.ndarray:
    """``a @ b mod q`` exactly, for residues below 2**42 and an inner dimension below 1024:
    21-bit halves multiply in int64 without overflow; Python ints put the halves together."""
    assert q < 2**42 and a.shape[1] < 1024
    low = (1 << 21) - 1
    a1, a0, b1, b0 = a >> 21, a & low, b >> 21, b & low
    high = (a1 @ b1).astype(object) << 42
    middle = (a1 @ b0 + a0 @ b1).astype(object) << 21
    return (high + middle + (a0 @ b0).astype(object)) % q


def test_exact_product_is_the_python_integer_product() -> None:
    rng = np.random.default_rng(2)
    for q in (4, 2**40 + 15, 2**42 - 1):
        a = rng.integers(0, q, size=(7, 40), dtype=np.int64)
        b = rng.integers(0, q, size=(40, 5), dtype=np.int64)
        assert (exact_product(a, b, q) == (a.astype(object) @ b.astype(object)) % q).all()


@pytest.mark.parametrize("q", [4, 9, 125, 3**13, 2**40 + 15])
def test_mul_mod_is_exact(q: int) -> None:
    """Float32 or float64 blocks of the inner dimension, or FLINT: always the exact product."""
    rng = np.random.default_rng(q % 1000)
    for rows, inner, cols in ((3, 1, 4), (5, 700, 6), (400, 300, 350), (0, 3, 2)):
        a = rng.integers(0, q, size=(rows, inner), dtype=np.int64)
        b = rng.integers(0, q, size=(inner, cols), dtype=np.int64)
        exact = exact_product(a, b, q)
        got = mul_mod(a, b, q)
        assert got.dtype == np.int64 and got.shape == (rows, cols)
        assert (got.astype(object) == exact).all()


def test_estimate_and_errors(monkeypatch: pytest.MonkeyPatch) -> None:
    small, big = estimate_cost((100, 100), 9), estimate_cost((2000, 2000), 9)
    assert 0 < small.seconds < big.seconds < 10
    assert small.bytes < big.bytes < 2**30
    with pytest.raises(ModulusError, match="exponent"):
        LiftedLocalFactorization(sp.csr_array(np.eye(2, dtype=np.int64)), 3, 0)
    with pytest.raises(EngineError, match="prime-power modulus, not 12"):
        zk.factorize(np.eye(2, dtype=np.int64), 12, method="flint-local")
    monkeypatch.setattr(local_flint, "library", lambda: None)
    with pytest.raises(MissingDependencyError, match="python-flint"):
        LiftedLocalFactorization(np.eye(2, dtype=np.int64), 3, 2)


def test_the_torus_mod_9_replays() -> None:
    """End to end: the wrapped chase of a 60×60 torus mod 9 hands its dense 120 × 120 system
    to ``flint-local``; the presses clear the board; an unsolvable board gets a certificate."""
    puzzle = lo.torus(60, 60, modulus=9)
    chaser = factorization(puzzle)
    assert chaser._small.method == "flint-local"
    rng = np.random.default_rng(60)
    board = puzzle.apply_vector(np.zeros(puzzle.n, dtype=np.int64), rng.integers(0, 9, puzzle.n))
    sol = lo.solve(puzzle, board)
    assert not puzzle.apply_vector(board, sol.vector).any()
    assert sol.verify()
    bad = board.copy()
    bad[0] = (bad[0] + 1) % 9
    cert = chaser.certificate(bad)
    if cert is not None:
        press = puzzle.press_matrix()
        assert not np.any(press.T @ cert % 9) and int(cert @ bad % 9)


def test_a_small_torus_counts_as_the_general_local_engine() -> None:
    puzzle = lo.torus(15, 15, modulus=9)
    chaser = factorization(puzzle)
    assert chaser._small.method == "flint-local"
    general = zk.factorize(puzzle.press_matrix(), 9, method="local")
    assert (chaser.kernel_size, chaser.image_size) == (general.kernel_size, general.image_size)


@pytest.mark.parametrize(("p", "e"), [(3, 2), (2, 3)])
def test_pickled_factorizations_still_answer(p: int, e: int) -> None:
    """Odd p keeps U's first rows as FLINT's LU of the pivot block (pickled as its entries);
    p = 2 goes through Gauss–Jordan on packed words and keeps X beside U."""
    import pickle

    q = p**e
    rng = np.random.default_rng(q)
    a = rng.integers(0, q, size=(40, 30))
    f = lifted(a, p, e)
    assert (f._first is not None) == (p != 2)
    assert (f._first_x is not None) == (p == 2)
    g = pickle.loads(pickle.dumps(f))
    b = a @ rng.integers(0, q, size=30) % q
    for h in (f, g):
        x = h.solve(b)
        assert x is not None and not np.any((a @ x - b) % q)
    assert g.kernel_size == f.kernel_size
