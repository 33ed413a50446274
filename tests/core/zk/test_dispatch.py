"""Tests of the public Z_k entry points: factorize, rank, kernel, solve, kernel_size."""

from __future__ import annotations

import math

import numpy as np
import pytest
import scipy.sparse as sp
from hypothesis import given, settings
from hypothesis import strategies as st
from sympy import GF
from sympy.polys.matrices import DomainMatrix

from lightsout_graphs import zk
from lightsout_graphs.core.errors import (
    EngineError,
    InvalidStateError,
    LightsOutError,
    MatrixError,
    ModulusError,
)
from lightsout_graphs.core.zk import dispatch, gfp_flint, local_flint
from lightsout_graphs.core.zk.crt import CRTFactorization, prime_power_parts
from lightsout_graphs.core.zk.gf2 import GF2Factorization
from lightsout_graphs.core.zk.local import LocalFactorization
from lightsout_graphs.core.zk.z4 import Z4Factorization
from tests.core.zk.zk_oracle import (
    check_factorization,
    check_solution_and_nudge,
    matrices,
    matvec,
    snf_counts,
)

MODULI = [2, 3, 4, 5, 6, 8, 9, 12]


@pytest.mark.parametrize("k", MODULI)
@settings(max_examples=20)  # each example checks every right-hand side: up to 2000 of them
@given(data=st.data())
def test_factorize_matches_brute_force(k: int, data: st.DataObject) -> None:
    a = data.draw(matrices(k))
    check_factorization(zk.factorize(a, k), a, k)


@pytest.mark.parametrize("k", [2, 3, 4, 5, 6, 12])
@given(data=st.data())
def test_every_method_matches_brute_force(k: int, data: st.DataObject) -> None:
    a = data.draw(matrices(k, max_cells=300))
    methods = ["crt", *(["local", "flint-local"] if len(prime_power_parts(k)) == 1 else [])]
    methods += ["gf2", "gf2-python", "gf2-dense"] if k == 2 else []
    methods += ["z4"] if k == 4 else []
    methods += ["gf3"] if k == 3 else []
    methods += ["gfp"] if k == 5 else []
    for method in methods:
        check_factorization(zk.factorize(a, k, method=method), a, k)


def test_auto_picks_engine_by_modulus() -> None:
    a = np.eye(2, dtype=np.int64)
    assert isinstance(zk.factorize(a, 2), GF2Factorization)
    # Small matrices over a prime p > 2 go to the dense FLINT engine, large sparse ones to
    # the sparse engines.
    for p in (3, 7, 2**61 - 1):
        assert zk.factorize(a, p).method == "flint"
        assert zk.factorize(sp.csr_array(a), p).method == "flint"
    big = sp.identity(5000, dtype=np.int64, format="csr")
    assert zk.factorize(big, 3).method == "gf3"
    assert zk.factorize(big, 7).method == "gfp"
    assert isinstance(zk.factorize(a, 4), Z4Factorization)
    assert isinstance(zk.factorize(a, 9), LocalFactorization)
    assert isinstance(zk.factorize(a, 12), CRTFactorization)
    assert [f.method for f in zk.factorize(a, 12).components] == ["z4", "flint"]


def test_auto_lifts_from_flint_over_prime_powers() -> None:
    """Over Z/p^e, matrices from 6 × 6 up go to ``flint-local``, except over Z/4 (the z4
    engine is faster there), in each CRT component too."""
    eye = np.eye(20, dtype=np.int64)
    for k in (8, 9, 25, 27, 2**40):
        assert zk.factorize(eye, k).method == "flint-local"
        assert zk.factorize(sp.csr_array(eye), k).method == "flint-local"
    assert zk.factorize(eye[:5, :5], 9).method == "local"
    dense = np.random.default_rng(3).integers(0, 72, size=(40, 40))
    assert zk.factorize(dense, 4).method == "z4"
    assert [f.method for f in zk.factorize(dense, 72).components] == ["flint-local"] * 2
    assert [f.method for f in zk.factorize(eye, 36).components] == ["z4", "flint-local"]
    assert zk.component_engines((2000, 2000), 4 * 10**6, 18) == [("gf2", 2), ("flint-local", 9)]


@pytest.mark.parametrize("k", [6, 12, 36, 30])
@given(data=st.data())
def test_composite_agrees_with_prime_power_parts(k: int, data: st.DataObject) -> None:
    a = data.draw(matrices(k, max_cells=10**6))
    b = np.array(
        data.draw(st.lists(st.integers(0, k - 1), min_size=a.shape[0], max_size=a.shape[0])),
        dtype=np.int64,
    )
    f = zk.factorize(a, k)
    parts = [zk.factorize(a, p**e) for p, e in prime_power_parts(k)]
    assert f.kernel_size == math.prod(g.kernel_size for g in parts)
    assert f.image_size == math.prod(g.image_size for g in parts)
    assert f.is_solvable(b) == all(g.is_solvable(b) for g in parts)
    x = f.solve(b)
    if x is not None:
        assert matvec(a, x, k) == tuple(int(v) for v in b)
        for g in parts:
            assert matvec(a, x, g.modulus) == tuple(int(v) % g.modulus for v in b)
    assert (f.kernel_size, f.image_size) == snf_counts(a, k)


@pytest.mark.parametrize("p", [2, 3, 5, 7])
@given(data=st.data())
def test_rank_agrees_with_sympy(p: int, data: st.DataObject) -> None:
    m = data.draw(st.integers(1, 7))
    n = data.draw(st.integers(1, 7))
    flat = data.draw(st.lists(st.integers(0, p - 1), min_size=m * n, max_size=m * n))
    a = np.array(flat, dtype=np.int64).reshape(m, n)
    r = zk.rank(a, p)
    assert r == DomainMatrix([[GF(p)(int(v)) for v in row] for row in a], (m, n), GF(p)).rank()
    f = zk.factorize(a, p)
    assert f.rank == r
    assert f.kernel_size == p ** (n - r)
    assert f.image_size == p**r
    assert zk.kernel_size(a, p) == p ** (n - r)


def test_large_prime_uses_exact_integers() -> None:
    p = 2**61 - 1
    rng = np.random.default_rng(5)
    a = rng.integers(0, 2**62, size=(4, 6), dtype=np.int64).astype(object)
    a[3] = (a[0] + 2 * a[1] + p * 5) % p  # a dependent row, in exact arithmetic
    f = zk.factorize(a, p)
    dm = DomainMatrix([[GF(p)(int(v)) for v in row] for row in a], a.shape, GF(p))
    assert f.rank == dm.rank() == 3
    assert f.kernel_size == p**3
    gens = f.kernel()
    assert len(gens) == 3
    for g, order in gens:
        assert g.dtype == object
        assert order == p
        assert not any(matvec(a, g, p))
    x_true = rng.integers(0, 2**40, size=6)
    assert check_solution_and_nudge(f, a, x_true, p, row=3) is not None  # row 3 is dependent


@pytest.mark.parametrize("k", [2**61, 3**39, 2**31 * 3])
def test_huge_moduli_counts_match_smith_form(k: int) -> None:
    rng = np.random.default_rng(k % 1000)
    a = rng.integers(-50, 50, size=(4, 5), dtype=np.int64)
    a[:, 0] *= 6
    a[2] = 4 * a[1]
    f = zk.factorize(a, k)
    assert (f.kernel_size, f.image_size) == snf_counts(a, k)
    for g, order in f.kernel():
        assert not any(matvec(a, g, k))
        assert all(0 <= int(v) < k for v in g)
        assert order > 1
    assert math.prod(o for _, o in f.kernel()) == f.kernel_size
    b = np.array(matvec(a, np.arange(5), k), dtype=object)
    x = f.solve(b)
    assert x is not None
    assert matvec(a, x, k) == tuple(b)


@pytest.mark.parametrize(
    "matrix",
    [
        sp.coo_matrix(np.array([[1, 1, 0], [1, 1, 1], [0, 1, 1]])),
        sp.csr_array(np.array([[1, 1, 0], [1, 1, 1], [0, 1, 1]], dtype=np.int8)),
        np.array([[1, 1, 0], [1, 1, 1], [0, 1, 1]], dtype=np.uint64),
        np.array([[1, 1, 0], [1, 1, 1], [0, 1, 1]], dtype=bool),
        np.array([[1 + 2**70, 1, 0], [1, 1, 1], [0, -1, 1]], dtype=object),
        [[1, 1, 0], [1, 1, 1], [0, 1, 1]],
    ],
)
def test_accepted_matrix_forms(matrix: object) -> None:
    f = zk.factorize(matrix, 2)
    assert f.shape == (3, 3)
    assert f.kernel_size == 1
    assert list(f.solve(np.array([1, 0, 0]))) == [0, 1, 1]


def test_sparse_duplicates_are_summed() -> None:
    a = sp.coo_array(
        (np.array([1, 1, 1]), (np.array([0, 0, 1]), np.array([0, 0, 1]))), shape=(2, 2)
    )
    f = zk.factorize(a, 3)
    assert list(f.solve(np.array([1, 1]))) == [2, 1]


EMPTY_CASES = [(k, "auto") for k in (2, 3, 4, 5, 6, 9)] + [
    (2, "gf2-packed"),
    (2, "gf2-python"),
    (2, "gf2-dense"),
    (4, "local"),
    (5, "local"),
    (9, "flint-local"),
    (2, "flint-local"),
    (3, "crt"),
]


@pytest.mark.parametrize(("k", "method"), EMPTY_CASES)
def test_empty_shapes(k: int, method: str) -> None:
    no_rows = zk.factorize(np.zeros((0, 3), dtype=np.int64), k, method=method)
    assert no_rows.kernel_size == k**3
    assert no_rows.image_size == 1
    assert list(no_rows.solve(np.zeros(0, dtype=np.int64))) == [0, 0, 0]
    assert len(no_rows.kernel()) == 3
    assert no_rows.left_kernel() == []
    no_cols = zk.factorize(np.zeros((2, 0), dtype=np.int64), k, method=method)
    assert no_cols.kernel_size == 1
    assert no_cols.kernel() == []
    assert no_cols.solve(np.zeros(2, dtype=np.int64)).shape == (0,)
    assert no_cols.solve(np.array([0, 1])) is None
    cert = no_cols.certificate(np.array([0, 1]))
    assert cert is not None
    assert int(cert[1]) % k != 0


def test_solve_and_kernel_shortcuts() -> None:
    a = np.array([[1, 1, 0], [0, 1, 1]])
    x = zk.solve(a, [1, 0], 3)
    assert x is not None
    assert matvec(a, x, 3) == (1, 0)
    assert zk.solve(np.array([[3]]), [1], 6) is None
    gens = zk.kernel(a, 3)
    assert len(gens) == 1
    assert gens[0][1] == 3
    assert not any(matvec(a, gens[0][0], 3))


@pytest.mark.parametrize(
    ("call", "error", "words"),
    [
        (lambda: zk.factorize(np.eye(2, dtype=int), 1), ModulusError, "'modulus'.*not 1"),
        (lambda: zk.factorize(np.eye(2, dtype=int), 2.0), ModulusError, "'modulus'.*2.0"),
        (lambda: zk.factorize(np.eye(2, dtype=int), True), ModulusError, "'modulus'.*True"),
        (lambda: zk.factorize(np.eye(2, dtype=int), 2**62), ModulusError, "below 2\\*\\*62"),
        (lambda: zk.factorize(np.eye(2), 2), MatrixError, "'matrix'.*float64"),
        (lambda: zk.factorize(np.ones(3, dtype=int), 2), MatrixError, "2-D.*\\(3,\\)"),
        (lambda: zk.factorize("abc", 2), MatrixError, "'matrix'.*str"),
        (lambda: zk.factorize([[1, 2], [3]], 2), MatrixError, "ragged"),
        (lambda: zk.factorize([[1, 0.5]], 2), MatrixError, "entry \\(0, 1\\) is 0.5"),
        (lambda: zk.factorize(sp.csr_array(np.eye(2)), 2), MatrixError, "float64"),
        (lambda: zk.factorize(np.eye(2, dtype=int), 2, method="magic"), EngineError, "magic"),
        (lambda: zk.factorize(np.eye(2, dtype=int), 3, method="gf2"), EngineError, "mod 3"),
        (lambda: zk.factorize(np.eye(2, dtype=int), 6, method="local"), EngineError, "6 = 2·3"),
        (lambda: zk.rank(np.eye(2, dtype=int), 12), ModulusError, "prime.*12 = 2\\^2·3"),
        (lambda: zk.solve(np.eye(2, dtype=int), [1], 2), InvalidStateError, "'rhs'.*length 2"),
        (lambda: zk.solve(np.eye(2, dtype=int), [1, 0.5], 3), InvalidStateError, "entry 1"),
        (lambda: zk.solve(np.eye(2, dtype=int), np.ones(2), 4), InvalidStateError, "float"),
        (lambda: zk.solve(np.eye(2, dtype=int), np.ones((2, 1), int), 6), InvalidStateError, "1-D"),
    ],
)
def test_bad_input_raises_package_errors(call, error: type, words: str) -> None:
    with pytest.raises(error, match=words) as info:
        call()
    assert isinstance(info.value, LightsOutError)


@pytest.mark.parametrize("k", [2, 3, 4, 6])
def test_every_engine_checks_rhs(k: int) -> None:
    f = zk.factorize(np.eye(2, dtype=int), k)
    for method in (f.solve, f.is_solvable, f.certificate):
        with pytest.raises(InvalidStateError, match="'rhs' must have length 2, not 3"):
            method(np.zeros(3, dtype=int))


ENGINE_CASES = [
    (2, "auto"),
    (2, "gf2-python"),
    (2, "gf2-dense"),
    (3, "gf3"),
    (4, "z4"),
    (5, "gfp"),
    (5, "flint"),
    (2**61 - 1, "flint"),
    (9, "local"),
    (9, "flint-local"),
    (12, "crt"),
]


@pytest.mark.parametrize(("k", "method"), ENGINE_CASES)
def test_every_factorization_names_its_engine(k: int, method: str) -> None:
    f = zk.factorize(np.array([[1, 2, 0], [0, 1, 1]]), k, method=method)
    assert f.method in zk.METHODS
    assert f.method not in ("auto", "gf2")
    if method not in ("auto", "gf2"):
        assert f.method == method
    # Reordered square matrices keep the inner engine's name.
    grid = sp.csr_array(np.eye(80, dtype=np.int64) + np.eye(80, k=1, dtype=np.int64))
    assert zk.factorize(grid, k, method=method).method == f.method


def test_flint_and_lifting_are_chosen_only_where_they_are_best() -> None:
    assert dispatch.flint_is_best((50, 50), 2500, 5) == gfp_flint.available()
    assert not dispatch.flint_is_best((10, 10), 10, 2)
    assert dispatch.lifting_is_best((50, 50), 2500, 3, 2) == local_flint.available()
    assert not dispatch.lifting_is_best((50, 50), 2500, 3, 1)  # a prime: no lifting
    assert not dispatch.lifting_is_best((3, 3), 9, 3, 2)  # below LIFT_MIN_SIZE
    assert not dispatch.lifting_is_best((50, 50), 2500, 2, 2)  # k = 4: z4 is faster
