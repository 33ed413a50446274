"""Nullity tables from polynomials agree with elimination, with the literature and with themselves."""

from __future__ import annotations

import functools
import itertools

import numpy as np
import pytest
import sympy
from hypothesis import given
from hypothesis import strategies as st
from sympy import GF, Matrix, Poly, symbols

import lightsout_graphs as lo
from lightsout_graphs import zk
from lightsout_graphs.core.errors import InvalidPuzzleError, ModulusError
from lightsout_graphs.representation.grids import (
    GridChaser,
    format_polynomial,
    nullity,
    nullity_polynomial,
    nullity_table,
    path_polynomial,
)


def eliminated(m: int, n: int, p: int, rule: str) -> int:
    """The nullity by elimination of the full toggle matrix (general engine)."""
    matrix = lo.grid(m, n, modulus=p, rule=rule).toggle_matrix()
    rank = zk.factorize(matrix, p).rank
    assert rank is not None
    return m * n - rank


def chased(m: int, n: int, p: int, rule: str) -> int:
    """The nullity by elimination of the first-row system of light chasing."""
    size = GridChaser(m, n, modulus=p, rule=rule).kernel_size
    out = 0
    while size > 1:
        size //= p
        out += 1
    return out


def rank_mod_p(mat: np.ndarray, p: int) -> int:
    """The rank of an int64 matrix over GF(p) by row reduction (p below 2**31): over GF(2)
    on rows as Python integers, else in numpy."""
    if p == 2:
        rows = [int("".join(map(str, row)), 2) for row in (np.asarray(mat) % 2).tolist()]
        rank = 0
        while rows:
            pivot = rows.pop()
            if pivot:
                rank += 1
                low = pivot & -pivot
                rows = [r ^ pivot if r & low else r for r in rows]
        return rank
    a = np.array(mat, dtype=np.int64) % p
    rank = 0
    for c in range(a.shape[1]):
        hits = np.flatnonzero(a[rank:, c])
        if not hits.size:
            continue
        r = rank + int(hits[0])
        a[[rank, r]] = a[[r, rank]]
        a[rank] = a[rank] * pow(int(a[rank, c]), -1, p) % p
        factors = a[:, c].copy()
        factors[rank] = 0
        a = (a - np.outer(factors, a[rank])) % p
        rank += 1
        if rank == a.shape[0]:
            break
    return rank


def chase_nullities(width: int, longest: int, p: int, rule: str, shortest: int = 1) -> list[int]:
    """The nullities of the width × n grids for n = shortest..longest, by light chasing all at
    once.

    With presses x on the first row, the presses that clear rows 1..j-1 put P_j·x on row j,
    where P_0 = 0, P_1 = I and P_(j+1) = −(T·P_j + P_(j−1)); T is a row's own toggle matrix
    (tridiagonal; its diagonal is 1 under the closed rule, 0 under the open one). The last row
    n is cleared iff P_(n+1)·x = 0, so the nullity of width × n is that of P_(n+1) mod p.
    """
    t = np.eye(width, k=1, dtype=np.int64) + np.eye(width, k=-1, dtype=np.int64)
    if rule == "closed":
        t += np.eye(width, dtype=np.int64)
    before, now = np.zeros((width, width), dtype=np.int64), np.eye(width, dtype=np.int64)
    out = []
    for n in range(1, longest + 1):
        before, now = now, -(t @ now + before) % p
        if n >= shortest:
            out.append(width - rank_mod_p(now, p))
    return out


@pytest.mark.parametrize(("p", "rule"), [(2, "closed"), (2, "open"), (3, "open"), (5, "closed")])
def test_chasing_all_lengths_at_once_matches_elimination(p: int, rule: str) -> None:
    for m in range(1, 7):
        found = chase_nullities(m, 9, p, rule)
        assert found == [eliminated(m, n, p, rule) for n in range(1, 10)], m
        assert chase_nullities(m, 9, p, rule, 4) == found[3:]
    assert chase_nullities(12, 12, p, rule, 12) == [chased(12, 12, p, rule)]


@pytest.fixture(scope="module")
def table64() -> np.ndarray:
    return nullity_table(64)


def test_gf2_table_matches_elimination_up_to_64(table64: np.ndarray) -> None:
    assert table64.shape == (64, 64)
    assert table64.dtype == np.int64
    for m in range(1, 65):  # light chasing, checked against elimination above
        assert table64[m - 1, m - 1 :].tolist() == chase_nullities(m, 64, 2, "closed", m), m


@pytest.mark.parametrize(("m", "n"), [(1, 1), (4, 4), (5, 5), (3, 8), (9, 9), (6, 11), (14, 14)])
def test_gf2_table_matches_the_general_engine(table64: np.ndarray, m: int, n: int) -> None:
    assert table64[m - 1, n - 1] == eliminated(m, n, 2, "closed")


def test_table_is_symmetric_and_bounded() -> None:
    table = nullity_table(300)
    assert (table == table.T).all()
    sides = np.arange(1, 301)
    assert (table <= np.minimum.outer(sides, sides)).all()
    assert (table >= 0).all()


@pytest.mark.parametrize(
    ("side", "expected"), [(4, 4), (5, 2), (9, 8), (11, 6), (32, 20), (64, 28)]
)
def test_known_square_nullities(table64: np.ndarray, side: int, expected: int) -> None:
    assert nullity(side, side) == expected
    assert table64[side - 1, side - 1] == expected


def test_sides_two_to_the_k_minus_one_have_nullity_zero() -> None:
    table = nullity_table(1023)
    for k in range(1, 11):
        side = 2**k - 1
        assert table[side - 1, side - 1] == 0
    for k in range(11, 14):
        assert nullity(2**k - 1, 2**k - 1) == 0


@functools.cache
def _table400() -> np.ndarray:
    return nullity_table(400)


@given(st.integers(1, 400), st.integers(1, 400))
def test_single_values_match_the_table(m: int, n: int) -> None:
    assert nullity(m, n) == _table400()[m - 1, n - 1]


def test_table_prefixes_agree() -> None:
    big = nullity_table(200)
    for size in (1, 2, 3, 63, 64, 65, 127, 128, 129):
        assert (nullity_table(size) == big[:size, :size]).all()


@pytest.mark.parametrize(
    ("p", "rule", "size"), [(2, "open", 12), (3, "closed", 9), (3, "open", 8), (5, "closed", 7)]
)
def test_other_rules_and_primes_match_elimination(p: int, rule: str, size: int) -> None:
    table = nullity_table(size, modulus=p, rule=rule)
    assert (table == table.T).all()
    for m in range(1, size + 1):
        for n in range(m, size + 1):
            expected = eliminated(m, n, p, rule) if m * n <= 40 else chased(m, n, p, rule)
            assert table[m - 1, n - 1] == expected, (m, n)
            assert nullity(m, n, modulus=p, rule=rule) == expected


@given(
    st.integers(1, 30),
    st.integers(1, 30),
    st.sampled_from([(2, "open"), (3, "closed"), (3, "open"), (7, "closed")]),
)
def test_other_rules_and_primes_match_chasing(m: int, n: int, case: tuple[int, str]) -> None:
    p, rule = case
    assert nullity(m, n, modulus=p, rule=rule) == chased(m, n, p, rule)


def test_gf2_open_rule_is_gcd_minus_one() -> None:
    table = nullity_table(40, rule="open")
    sides = np.arange(2, 42)
    assert (table == np.gcd.outer(sides, sides) - 1).all()


def test_large_prime_modulus() -> None:
    p = 2**61 - 1
    assert nullity(3, 4, modulus=p) == chased(3, 4, p, "closed")
    assert nullity(5, 5, modulus=p) == chased(5, 5, p, "closed")


def test_progress_bar_gives_the_same_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert (nullity_table(50, progress=True) == nullity_table(50)).all()
    assert (nullity_table(6, modulus=3, progress=True) == nullity_table(6, modulus=3)).all()


@pytest.mark.parametrize(
    ("call", "error", "word"),
    [
        (lambda: nullity(0, 3), InvalidPuzzleError, "'m'"),
        (lambda: nullity(3, "4"), InvalidPuzzleError, "'n'"),
        (lambda: nullity(3, 3, rule="weighted"), InvalidPuzzleError, "'rule'"),
        (lambda: nullity_table(0), InvalidPuzzleError, "'M'"),
        (lambda: nullity_table(5, rule="x"), InvalidPuzzleError, "'rule'"),
        (lambda: nullity(3, 3, modulus=4), ModulusError, "GridChaser"),
        (lambda: nullity(3, 3, modulus=9), ModulusError, "not 9"),
        (lambda: nullity(3, 3, modulus=1), ModulusError, "'modulus'"),
        (lambda: nullity(3, 3, modulus=2.0), ModulusError, "'modulus'"),
        (lambda: nullity_table(5, modulus=6), ModulusError, "'modulus'"),
    ],
)
def test_bad_arguments(call: object, error: type[Exception], word: str) -> None:
    with pytest.raises(error, match=word):
        call()  # type: ignore[operator]


# -- path_polynomial, nullity_polynomial, format_polynomial -----------------------------------


def sympy_coefficients(poly: sympy.Poly, p: int) -> list[int]:
    """Coefficients of a sympy polynomial over GF(p) in 0..p-1, lowest degree first."""
    return [int(c) % p for c in reversed(poly.all_coeffs())] if not poly.is_zero else []


def path_charpoly(n: int, p: int) -> list[int]:
    """det(x·I − P_n) over GF(p) with sympy, from the adjacency matrix of the path."""
    x = sympy.Symbol("x")
    adjacency = sympy.Matrix(n, n, lambda i, j: 1 if abs(i - j) == 1 else 0)
    return sympy_coefficients(sympy.Poly(adjacency.charpoly(x).as_expr(), x, modulus=p), p)


@pytest.mark.parametrize("p", [2, 3, 5, 7])
def test_path_polynomial_is_the_characteristic_polynomial_of_the_path(p: int) -> None:
    assert path_polynomial(0, modulus=p) == [1]
    for n in range(1, 10):
        coeffs = path_polynomial(n, modulus=p)
        assert coeffs == path_charpoly(n, p), (n, p)
        assert len(coeffs) == n + 1
        assert coeffs[-1] == 1
        assert all(0 <= c < p for c in coeffs)


@pytest.mark.parametrize("p", [2, 3, 5, 7])
@pytest.mark.parametrize("at", ["x", "-x", "x + 1", "-x - 1", "-x-1", " x+1 "])
def test_path_polynomial_at_a_linear_polynomial(p: int, at: str) -> None:
    x = sympy.Symbol("x")
    value = sympy.sympify(at.strip())
    for n in range(10):
        adjacency = sympy.Matrix(n, n, lambda i, j: 1 if abs(i - j) == 1 else 0)
        chi = adjacency.charpoly(x).as_expr() if n else sympy.Integer(1)
        expected = sympy_coefficients(sympy.Poly(chi.subs(x, value), x, modulus=p), p)
        assert path_polynomial(n, modulus=p, at=at) == expected, (n, p, at)


@pytest.mark.parametrize("p", [2, 3, 5])
@pytest.mark.parametrize(("rule", "at"), [("closed", "-x - 1"), ("open", "-x")])
def test_nullity_polynomial_is_the_gcd_of_the_path_polynomials(p: int, rule: str, at: str) -> None:
    x = sympy.Symbol("x")
    for m in range(1, 10):
        for n in range(1, 10):
            left = sympy.Poly(list(reversed(path_polynomial(m, modulus=p))), x, modulus=p)
            right = sympy.Poly(list(reversed(path_polynomial(n, modulus=p, at=at))), x, modulus=p)
            expected = sympy_coefficients(sympy.gcd(left, right).monic(), p)
            assert nullity_polynomial(m, n, modulus=p, rule=rule) == expected, (m, n)


def test_path_polynomial_over_gf2_follows_the_recursion() -> None:
    # f_{k+1} = x·f_k + f_{k-1}; the signs do not matter over GF(2).
    prev, cur = [1], [0, 1]
    for n in range(2, 40):
        nxt = [0, *cur]
        for i, c in enumerate(prev):
            nxt[i] ^= c
        prev, cur = cur, nxt
        assert path_polynomial(n) == cur


@pytest.mark.parametrize("rule", ["closed", "open"])
def test_nullity_polynomial_degree_is_the_nullity_over_gf2(rule: str) -> None:
    table = nullity_table(30, rule=rule)
    for m in range(1, 31):
        for n in range(1, 31):
            g = nullity_polynomial(m, n, rule=rule)
            assert g[-1] == 1
            assert len(g) - 1 == table[m - 1, n - 1] == nullity(m, n, rule=rule), (m, n)


@pytest.mark.parametrize(("p", "size"), [(3, 12), (5, 8), (7, 6)])
@pytest.mark.parametrize("rule", ["closed", "open"])
def test_nullity_polynomial_degree_is_the_nullity_over_odd_primes(
    p: int, size: int, rule: str
) -> None:
    for m in range(1, size + 1):
        for n in range(1, size + 1):
            g = nullity_polynomial(m, n, modulus=p, rule=rule)
            assert g[-1] == 1
            assert len(g) - 1 == nullity(m, n, modulus=p, rule=rule), (m, n, p, rule)


@pytest.mark.parametrize("p", [2, 3, 5])
@pytest.mark.parametrize("rule", ["closed", "open"])
def test_nullity_polynomial_is_the_gcd_computed_with_sympy(p: int, rule: str) -> None:
    x = sympy.Symbol("x")
    shift = 1 if rule == "closed" else 0
    for m in range(1, 9):
        for n in range(1, 9):
            left = sympy.Poly(sympy.Matrix(m, m, lambda i, j: int(abs(i - j) == 1)).charpoly(x))
            right = sympy.Matrix(n, n, lambda i, j: int(abs(i - j) == 1)).charpoly(x).as_expr()
            right_shifted = right.subs(x, -x - shift)
            expected = sympy.gcd(
                sympy.Poly(left.as_expr(), x, modulus=p), sympy.Poly(right_shifted, x, modulus=p)
            )
            monic = sympy_coefficients(expected.monic(), p)
            assert nullity_polynomial(m, n, modulus=p, rule=rule) == monic, (m, n)


def test_nullity_polynomial_is_symmetric_in_degree_and_fast_for_large_boards() -> None:
    assert (
        len(nullity_polynomial(11, 5)) - 1 == len(nullity_polynomial(5, 11)) - 1 == nullity(5, 11)
    )
    assert len(nullity_polynomial(300, 300)) - 1 == nullity(300, 300)


@pytest.mark.parametrize(
    ("coeffs", "text"),
    [
        ([1, 1, 0, 1], "x^3 + x + 1"),
        ([0, 1], "x"),
        ([1], "1"),
        ([], "0"),
        ([0, 0], "0"),
        ([2, 0, 1, 2], "2x^3 + x^2 + 2"),
        ([-1, 3, -1], "-x^2 + 3x - 1"),
        (np.array([0, 0, 1]), "x^2"),
        ((5,), "5"),
    ],
)
def test_format_polynomial(coeffs: list[int], text: str) -> None:
    assert format_polynomial(coeffs) == text


def test_format_polynomial_of_the_library_polynomials() -> None:
    assert format_polynomial(path_polynomial(4)) == "x^4 + x^2 + 1"
    assert format_polynomial(nullity_polynomial(5, 5), variable="t") == "t^2 + t"


@pytest.mark.parametrize(
    ("call", "error", "word"),
    [
        (lambda: path_polynomial(-1), InvalidPuzzleError, "'n'"),
        (lambda: path_polynomial(2.5), InvalidPuzzleError, "'n'"),
        (lambda: path_polynomial(True), InvalidPuzzleError, "'n'"),
        (lambda: path_polynomial(3, modulus=4), ModulusError, "'modulus'"),
        (lambda: path_polynomial(3, at="x + 2"), InvalidPuzzleError, "'at'.*'x \\+ 2'"),
        (lambda: path_polynomial(3, at=None), InvalidPuzzleError, "'at'.*None"),
        (lambda: nullity_polynomial(0, 3), InvalidPuzzleError, "'m'"),
        (lambda: nullity_polynomial(3, "4"), InvalidPuzzleError, "'n'"),
        (lambda: nullity_polynomial(3, 3, rule="weighted"), InvalidPuzzleError, "'rule'"),
        (lambda: nullity_polynomial(3, 3, modulus=6), ModulusError, "not 6"),
        (lambda: format_polynomial("x+1"), InvalidPuzzleError, "'coeffs'"),
        (lambda: format_polynomial(3), InvalidPuzzleError, "'coeffs'"),
        (lambda: format_polynomial([1, 0.5]), InvalidPuzzleError, "entry 1"),
        (lambda: format_polynomial([True]), InvalidPuzzleError, "entry 0"),
    ],
)
def test_bad_polynomial_arguments(call: object, error: type[Exception], word: str) -> None:
    with pytest.raises(error, match=word):
        call()  # type: ignore[operator]


# -- the path polynomials against determinants -------------------------------------------------


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
