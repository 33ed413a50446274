"""Path polynomials and the nullity gcd of grids: against determinants and the general engine."""

from __future__ import annotations

import itertools

import pytest
from sympy import GF, Matrix, Poly, symbols

import lightsout_graphs as lo
from lightsout_graphs.core.errors import InvalidPuzzleError, ModulusError
from lightsout_graphs.representation.grids import (
    format_polynomial,
    nullity_polynomial,
    path_polynomial,
)

X = symbols("x")


def charpoly_of_path(n: int, p: int) -> list[int]:
    if n == 0:
        return [1]
    adjacency = Matrix(n, n, lambda i, j: 1 if abs(i - j) == 1 else 0)
    poly = Poly(adjacency.charpoly(X).as_expr(), X, domain=GF(p, symmetric=False))
    return [int(c) % p for c in poly.all_coeffs()[::-1]]


@pytest.mark.parametrize(("n", "p"), list(itertools.product(range(9), [2, 3, 5, 7])))
def test_path_polynomial_is_det_x_minus_adjacency(n: int, p: int) -> None:
    chi = path_polynomial(n, modulus=p)
    assert chi == charpoly_of_path(n, p)
    assert len(chi) == n + 1 and chi[-1] == 1


@pytest.mark.parametrize("p", [3, 5])
def test_evaluation_at_linear_polynomials(p: int) -> None:
    for n in range(6):
        chi = Poly(charpoly_of_path(n, p)[::-1], X, domain=GF(p, symmetric=False))
        for at, sub in [("-x", -X), ("x + 1", X + 1), ("-x - 1", -X - 1)]:
            expected = Poly(chi.as_expr().subs(X, sub), X, domain=GF(p, symmetric=False))
            coeffs = [int(c) % p for c in expected.all_coeffs()[::-1]]
            assert path_polynomial(n, modulus=p, at=at) == coeffs
            assert path_polynomial(n, modulus=p, at=at.replace(" ", "")) == coeffs


@pytest.mark.parametrize(
    ("p", "rule"), [(2, "closed"), (2, "open"), (3, "closed"), (3, "open"), (5, "closed")]
)
def test_the_degree_of_the_gcd_is_the_nullity(p: int, rule: str) -> None:
    for m, n in itertools.product(range(1, 7), repeat=2):
        gcd = nullity_polynomial(m, n, modulus=p, rule=rule)
        assert gcd[-1] == 1  # monic
        nullity = lo.analyze(lo.grid(m, n, modulus=p, rule=rule)).nullity
        assert len(gcd) - 1 == nullity, (m, n)


def test_classic_board_and_formatting() -> None:
    assert len(nullity_polynomial(5, 5)) - 1 == 2
    assert nullity_polynomial(3, 3) == [1]  # the 3×3 board is completely solvable
    assert len(nullity_polynomial(4, 4)) - 1 == 4
    assert format_polynomial([0, 1, 0, 0, 0, 1]) == "x^5 + x"
    assert format_polynomial([1]) == "1"
    assert format_polynomial([2, 0, 1], variable="t") == "t^2 + 2"


@pytest.mark.parametrize(
    ("call", "error"),
    [
        (lambda: path_polynomial(-1), InvalidPuzzleError),
        (lambda: path_polynomial(True), InvalidPuzzleError),
        (lambda: path_polynomial(3, at="2x"), InvalidPuzzleError),
        (lambda: path_polynomial(3, modulus=4), ModulusError),
        (lambda: nullity_polynomial(0, 3), InvalidPuzzleError),
        (lambda: nullity_polynomial(3, 3, rule="sideways"), InvalidPuzzleError),
    ],
)
def test_bad_input_is_named(call: object, error: type[Exception]) -> None:
    with pytest.raises(error):
        call()  # type: ignore[operator]
