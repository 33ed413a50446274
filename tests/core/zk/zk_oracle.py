"""Brute-force and independent oracles for the Z_k engines, plus shared hypothesis strategies."""

from __future__ import annotations

import itertools
import math
from typing import Any

import numpy as np
from hypothesis import strategies as st
from sympy import ZZ, Matrix
from sympy.matrices.normalforms import smith_normal_form

from lightsout_graphs.core.zk.protocol import Factorization

__all__ = [
    "all_vectors",
    "check_against_general",
    "check_factorization",
    "matrices",
    "matvec",
    "medium_system",
    "snf_counts",
    "span",
    "vecmat",
]


def matvec(a: np.ndarray, x: np.ndarray, k: int) -> tuple[int, ...]:
    """``A x mod k`` in exact Python arithmetic."""
    m, n = a.shape
    return tuple(sum(int(a[i, j]) * int(x[j]) for j in range(n)) % k for i in range(m))


def vecmat(y: np.ndarray, a: np.ndarray, k: int) -> tuple[int, ...]:
    """``yᵀ A mod k`` in exact Python arithmetic."""
    m, n = a.shape
    return tuple(sum(int(y[i]) * int(a[i, j]) for i in range(m)) % k for j in range(n))


def dot(y: np.ndarray, b: np.ndarray, k: int) -> int:
    return sum(int(u) * int(v) for u, v in zip(y, b, strict=True)) % k


def all_vectors(length: int, k: int) -> list[tuple[int, ...]]:
    return list(itertools.product(range(k), repeat=length))


def span(gens: list[tuple[np.ndarray, int]], length: int, k: int) -> set[tuple[int, ...]]:
    """Every combination ``Σ c_i g_i`` with ``0 <= c_i < order_i``."""
    out = set()
    for coeffs in itertools.product(*(range(o) for _, o in gens)):
        v = [0] * length
        for c, (g, _) in zip(coeffs, gens, strict=True):
            for j in range(length):
                v[j] += c * int(g[j])
        out.add(tuple(x % k for x in v))
    return out


def additive_order(g: np.ndarray, k: int) -> int:
    """The additive order of g in (Z_k)^n."""
    return k // math.gcd(k, *(int(v) for v in g)) if len(g) else 1


def snf_counts(a: np.ndarray, k: int) -> tuple[int, int]:
    """``(kernel_size, image_size)`` of A over Z_k from the integer Smith normal form."""
    m, n = a.shape
    if m == 0 or n == 0:
        return k**n, 1
    d = smith_normal_form(Matrix(a.tolist()), domain=ZZ)
    diag = [int(d[i, i]) for i in range(min(m, n))]
    kernel = k ** (n - min(m, n))
    image = 1
    for s in diag:
        g = math.gcd(s, k)
        kernel *= g
        image *= k // g
    return kernel, image


@st.composite
def matrices(draw: st.DrawFn, k: int, max_cells: int = 2000) -> np.ndarray:
    """Small integer matrices (entries outside 0..k-1 too) with k**n and k**m below max_cells."""
    limit = max(0, int(math.log(max_cells, k)))
    m = draw(st.integers(0, min(limit, 4)))
    n = draw(st.integers(0, min(limit, 4)))
    entries = st.integers(-2 * k, 3 * k) | st.sampled_from([0, 1, k - 1])
    flat = draw(st.lists(entries, min_size=m * n, max_size=m * n))
    return np.array(flat, dtype=np.int64).reshape(m, n)


def _fits_int64(a: np.ndarray, k: int) -> bool:
    """Whether ``A x`` and ``yᵀ A`` for residue vectors x, y stay below 2**62 in int64."""
    if a.dtype == object or k >= 2**31:
        return False
    big = max(int(np.abs(a).max()) if a.size else 0, k)
    return max(a.shape, default=0) * big * (k - 1) < 2**62


def _grid(orders: list[int]) -> np.ndarray:
    """Every vector ``c`` with ``0 <= c_i < orders[i]``, as the rows of an int64 array."""
    if not orders:
        return np.zeros((1, 0), dtype=np.int64)
    axes = np.meshgrid(*(np.arange(o, dtype=np.int64) for o in orders), indexing="ij")
    return np.stack([ax.ravel() for ax in axes], axis=1)


def _rows(mat: np.ndarray) -> set[tuple[int, ...]]:
    return {tuple(r) for r in mat.tolist()}


def _span_int64(gens: list[tuple[np.ndarray, int]], length: int, k: int) -> set[tuple[int, ...]]:
    """:func:`span` as one int64 product of the coefficient grid with the generators."""
    coeffs = _grid([int(o) for _, o in gens])
    g = np.array([[int(v) for v in vec] for vec, _ in gens], dtype=np.int64).reshape(
        len(gens), length
    )
    return _rows((coeffs @ g) % k)


def check_factorization(f: Factorization, a: np.ndarray, k: int) -> None:
    """Check every claim of f against brute force over all vectors (A must be tiny).

    Every product with A runs in int64 numpy where it cannot overflow (small k and entries),
    else in exact Python arithmetic.
    """
    m, n = a.shape
    assert isinstance(f, Factorization)
    assert f.modulus == k
    assert f.shape == (m, n)
    if _fits_int64(a, k):
        a64 = np.asarray(a, dtype=np.int64)

        def image(x: np.ndarray) -> tuple[int, ...]:
            return tuple((a64 @ np.asarray(x, dtype=np.int64) % k).tolist())

        def co_image(y: np.ndarray) -> tuple[int, ...]:
            return tuple((np.asarray(y, dtype=np.int64) @ a64 % k).tolist())

        xs, ys = _grid([k] * n), _grid([k] * m)
        products = (xs @ a64.T) % k
        images, quiet = _rows(products), _rows(xs[~products.any(axis=1)])
        left_quiet = _rows(ys[~((ys @ a64) % k).any(axis=1)])
        span_of = _span_int64
        rhs = list(ys)
    else:

        def image(x: np.ndarray) -> tuple[int, ...]:
            return matvec(a, x, k)

        def co_image(y: np.ndarray) -> tuple[int, ...]:
            return vecmat(y, a, k)

        xs_exact = all_vectors(n, k)
        images = {image(np.array(x, dtype=object)) for x in xs_exact}
        quiet = {x for x in xs_exact if not any(image(np.array(x, dtype=object)))}
        left_quiet = {y for y in all_vectors(m, k) if not any(co_image(np.array(y)))}
        span_of = span
        rhs = [np.array(b, dtype=np.int64) for b in all_vectors(m, k)]
    assert f.kernel_size == len(quiet)
    assert f.image_size == len(images)
    gens = f.kernel()
    assert math.prod(o for _, o in gens) == f.kernel_size
    for g, order in gens:
        assert g.shape == (n,)
        assert all(0 <= int(v) < k for v in g)
        assert not any(image(g))
        assert additive_order(g, k) == order
    assert span_of(gens, n, k) == quiet
    left = f.left_kernel()
    assert math.prod(o for _, o in left) == len(left_quiet)
    for y, order in left:
        assert y.shape == (m,)
        assert not any(co_image(y))
        assert additive_order(y, k) == order
    assert span_of(left, m, k) == left_quiet
    for bv in rhs:
        b = tuple(int(v) for v in bv)
        x = f.solve(bv)
        cert = f.certificate(bv)
        solvable = b in images
        assert f.is_solvable(bv) == solvable
        assert (x is not None) == solvable
        assert (cert is None) == solvable
        if x is not None:
            assert x.shape == (n,)
            assert all(0 <= int(v) < k for v in x)
            assert image(x) == b
        if cert is not None:
            assert not any(co_image(cert))
            assert dot(cert, bv, k) != 0


def check_against_general(f: Factorization, a: np.ndarray, k: int, rhs: list[np.ndarray]) -> None:
    """Compare f with the general engine on a medium matrix: counts, solvability, validity."""
    from lightsout_graphs.core.zk import factorize

    g = factorize(a, k, method="local" if _is_prime_power(k) else "crt")
    assert (f.kernel_size, f.image_size, f.rank) == (g.kernel_size, g.image_size, g.rank)
    gens = f.kernel()
    assert math.prod(o for _, o in gens) == f.kernel_size
    for x, order in gens:
        assert not any(matvec(a, x, k))
        assert additive_order(x, k) == order
    left = f.left_kernel()
    assert math.prod(o for _, o in left) * f.image_size == k ** a.shape[0]
    for y, order in left:
        assert not any(vecmat(y, a, k))
        assert additive_order(y, k) == order
    for b in rhs:
        x = f.solve(b)
        assert (x is None) == (g.solve(b) is None)
        assert f.is_solvable(b) == (x is not None)
        y = f.certificate(b)
        if x is not None:
            assert matvec(a, x, k) == tuple(int(v) % k for v in b)
            assert y is None
        else:
            assert y is not None
            assert not any(vecmat(y, a, k))
            assert dot(y, b, k) != 0


def _is_prime_power(k: int) -> bool:
    from sympy import factorint

    return len(factorint(k)) == 1


@st.composite
def medium_system(
    draw: st.DrawFn, k: int, max_side: int = 14
) -> tuple[np.ndarray, list[np.ndarray]]:
    """A matrix up to max_side × max_side, often of low rank, and right-hand sides for it."""
    m = draw(st.integers(0, max_side))
    n = draw(st.integers(0, max_side))
    seed = draw(st.integers(0, 2**32 - 1))
    rng = np.random.default_rng(seed)
    inner = draw(st.integers(0, max(m, n)))
    kind = draw(st.sampled_from(["uniform", "low-rank", "sparse", "multiples"]))
    if kind == "low-rank":
        a = rng.integers(0, k, size=(m, inner)) @ rng.integers(0, k, size=(inner, n))
    elif kind == "sparse":
        a = rng.integers(0, k, size=(m, n)) * (rng.random((m, n)) < 0.2)
    elif kind == "multiples":
        a = rng.integers(0, k, size=(m, n)) * rng.choice([1, 2, 3, k], size=(m, n))
    else:
        a = rng.integers(0, k, size=(m, n))
    a = np.asarray(a, dtype=np.int64).reshape(m, n) % k
    rhs = [rng.integers(0, k, size=m) for _ in range(3)]
    rhs.append((a @ rng.integers(0, k, size=n)) % k if n else np.zeros(m, dtype=np.int64))
    return a, rhs


def check_solution_and_nudge(
    f: Factorization, a: np.ndarray, x0: np.ndarray, k: int, row: int
) -> Any:
    """Solve ``A x0`` and replay it; then add 1 to entry ``row`` of that right-hand side.

    Returns the certificate of the nudged side after checking it (``yᵀA ≡ 0``,
    ``y·b ≢ 0``), or None after checking that the nudged side is solvable after all.
    """
    b = np.array(matvec(a, x0, k), dtype=object)
    x = f.solve(b)
    assert x is not None
    assert matvec(a, x, k) == tuple(b)
    bad = b.copy()
    bad[row] = (bad[row] + 1) % k
    y = f.certificate(bad)
    if y is None:
        assert matvec(a, f.solve(bad), k) == tuple(bad)
    else:
        assert not any(vecmat(y, a, k))
        assert dot(y, bad, k) != 0
    return y
