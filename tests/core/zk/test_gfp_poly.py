"""Polynomials over GF(p): arithmetic against sympy, gcds, composition, the path polynomials."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from sympy import GF, Poly, symbols

from lightsout_graphs.core.zk import gfp_poly as gp

X = symbols("x")
PRIMES = [2, 3, 5, 7, 101]


def as_sympy(a: np.ndarray, p: int) -> Poly:
    return Poly([int(c) for c in a[::-1]] or [0], X, domain=GF(p, symmetric=False))


def from_sympy(q: Poly, p: int) -> list[int]:
    return [int(c) % p for c in q.all_coeffs()[::-1]] if not q.is_zero else []


@st.composite
def polys(draw: st.DrawFn, p: int, max_degree: int = 6) -> np.ndarray:
    coeffs = draw(st.lists(st.integers(0, p - 1), max_size=max_degree + 1))
    return gp.poly(coeffs, p)


@st.composite
def pairs(draw: st.DrawFn) -> tuple[int, np.ndarray, np.ndarray]:
    p = draw(st.sampled_from(PRIMES))
    return p, draw(polys(p)), draw(polys(p))


def test_normal_form_and_degree() -> None:
    assert gp.poly([4, -1, 5, 0], 5).tolist() == [4, 4]
    assert gp.poly([0, 0], 3).tolist() == []
    assert gp.degree(gp.poly([], 3)) == -1
    assert gp.degree(gp.poly([1, 0, 2], 3)) == 2
    assert gp.monic(gp.poly([2, 0, 2], 3), 3).tolist() == [1, 0, 1]


@given(pairs())
def test_sub_and_mul_agree_with_sympy(case: tuple[int, np.ndarray, np.ndarray]) -> None:
    p, a, b = case
    assert gp.sub(a, b, p).tolist() == from_sympy(as_sympy(a, p) - as_sympy(b, p), p)
    assert gp.mul(a, b, p).tolist() == from_sympy(as_sympy(a, p) * as_sympy(b, p), p)


@given(pairs())
def test_division_with_remainder(case: tuple[int, np.ndarray, np.ndarray]) -> None:
    p, a, b = case
    if gp.degree(b) < 0:
        return
    q, r = gp.divmod_poly(a, b, p)
    assert gp.degree(r) < gp.degree(b)
    assert gp.sub(gp.mul(q, b, p), gp.sub(a, r, p), p).tolist() == []  # q·b + r == a
    assert gp.exact_div(gp.mul(a, b, p), b, p).tolist() == a.tolist()


@given(pairs())
def test_gcd_is_sympy_gcd(case: tuple[int, np.ndarray, np.ndarray]) -> None:
    p, a, b = case
    expected = as_sympy(a, p).gcd(as_sympy(b, p)).monic() if len(a) or len(b) else None
    g = gp.gcd(a, b, p)
    if expected is None:
        assert g.tolist() == []
        return
    assert g.tolist() == from_sympy(expected, p)
    assert gp.gcd_degree(a, b, p) == expected.degree()


@given(st.sampled_from(PRIMES), st.integers(0, 5), st.integers(0, 200), st.integers(0, 200))
def test_compose_linear_is_substitution(p: int, seed: int, c0: int, c1: int) -> None:
    a = gp.poly(np.random.default_rng(seed).integers(0, p, size=5), p)
    expected = as_sympy(a, p).compose(Poly(c1 * X + c0, X, domain=GF(p, symmetric=False)))
    assert gp.compose_linear(a, c0, c1, p).tolist() == from_sympy(expected, p)


@pytest.mark.parametrize("p", PRIMES)
def test_path_polynomials_are_characteristic_polynomials(p: int) -> None:
    top = 7
    seq = gp.path_polys(top, p)
    assert len(seq) == top + 1
    for n, chi in enumerate(seq):
        if n:
            adjacency = np.eye(n, k=1, dtype=int) + np.eye(n, k=-1, dtype=int)
            from sympy import Matrix

            expected = Matrix(adjacency).charpoly(X).as_expr()
            assert chi.tolist() == from_sympy(Poly(expected, X, domain=GF(p, symmetric=False)), p)
        assert gp.path_poly(n, p).tolist() == chi.tolist()
        prev, cur = gp.path_pair(n, p)
        assert cur.tolist() == chi.tolist()
        assert prev.tolist() == (seq[n - 1].tolist() if n else [])
