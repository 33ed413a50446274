"""GF(2) polynomials as Python ints agree with sympy's polynomials over GF(2)."""

from __future__ import annotations

import pytest
import sympy
from hypothesis import given
from hypothesis import strategies as st

from lightsout_graphs.core.zk import gf2_poly as gf2

X = sympy.Symbol("x")
polys = st.integers(0, 2**160)


def to_sympy(p: int) -> sympy.Poly:
    coeffs = [int(c) for c in reversed(bin(p)[2:])] if p else [0]
    return sympy.Poly(sum(c * X**i for i, c in enumerate(coeffs)), X, modulus=2)


def from_sympy(poly: sympy.Poly) -> int:
    return sum((int(c) % 2) << i for (i,), c in poly.terms())


@given(polys, polys)
def test_gcd_and_remainder(a: int, b: int) -> None:
    assert from_sympy(to_sympy(a).gcd(to_sympy(b))) == gf2.gcd(a, b)
    if b:
        assert from_sympy(to_sympy(a).rem(to_sympy(b))) == gf2.poly_mod(a, b)


@given(polys, st.integers(1, 2**120))
def test_exact_divide(a: int, b: int) -> None:
    product = from_sympy(to_sympy(a) * to_sympy(b))
    assert gf2.exact_divide(product, b) == a
    if gf2.degree(b) > 0 and gf2.poly_mod(product ^ 1, b):
        with pytest.raises(ArithmeticError):
            gf2.exact_divide(product ^ 1, b)


@given(polys)
def test_taylor_shift(p: int) -> None:
    shifted = to_sympy(p).compose(sympy.Poly(X + 1, X, modulus=2))
    assert gf2.taylor_shift_one(p) == from_sympy(shifted)


def test_odd_parts_are_square_roots() -> None:
    f = gf2.path_polynomials(400)
    for b in range(1, 402, 2):
        h = gf2.odd_part(b)
        # Over GF(2) squaring is the Frobenius map: coefficient i moves to degree 2i.
        square = sum(1 << (2 * i) for i in range(h.bit_length()) if h >> i & 1)
        assert square == f[b - 1]
        assert gf2.degree(h) == (b - 1) // 2
        assert h & 1  # h_b(0) = 1
        assert (gf2.poly_mod(h, 0b11) == 0) == (b % 3 == 0)  # (x + 1) | h_b exactly when 3 | b


def test_path_polynomials_are_characteristic_polynomials() -> None:
    f = gf2.path_polynomials(12)
    assert len(f) == 13
    for k in range(1, 13):
        path = sympy.Matrix(k, k, lambda i, j: 1 if abs(i - j) == 1 else 0)
        charpoly = sympy.Poly(path.charpoly(X).as_expr(), X, modulus=2)
        assert from_sympy(charpoly) == f[k]
