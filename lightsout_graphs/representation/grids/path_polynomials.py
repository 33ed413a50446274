"""The polynomials behind grid nullity: paths' characteristic polynomials and their gcds.

``χ_n`` is the characteristic polynomial of the path on n nodes (:func:`path_polynomial`);
the nullity of the m×n grid over GF(p) is the degree of ``gcd(χ_m(x), χ_n(−x − c))``
(:func:`nullity_polynomial`, see :mod:`lightsout_graphs.representation.grids.polynomials`), and
:func:`format_polynomial` writes coefficient lists as text. Polynomials over GF(p) are numpy
arrays of coefficients, lowest degree first, trimmed of leading zeros; their arithmetic is
:mod:`lightsout_graphs.core.zk.gfp_poly`. The argument checks here serve every grid nullity
function.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

import numpy as np

from lightsout_graphs.core._docs import fill_doc
from lightsout_graphs.core.errors import (
    InvalidPuzzleError,
    ModulusError,
    require_int,
    require_int_entries,
)
from lightsout_graphs.core.zk import gf2_poly as gf2
from lightsout_graphs.core.zk import gfp_poly as P
from lightsout_graphs.core.zk import is_prime
from lightsout_graphs.representation.puzzle import check_rule as check_puzzle_rule

__all__ = ["format_polynomial", "nullity_polynomial", "path_polynomial"]

RULES = ("closed", "open")

_MODULUS_RULE = """modulus : int, default 2
    A prime p.
rule : {"closed", "open"}, default "closed"
    Whether a press changes its own light too."""

#: The docs the grid nullity functions share, by slot (see ``core._docs.fill_doc``).
GRID_DOCS = {
    "modulus_rule": _MODULUS_RULE,
    "board": f"""m, n : int
    The numbers of rows and columns, each >= 1.
{_MODULUS_RULE}""",
    "board_raises": """InvalidPuzzleError
    A side that is not an int >= 1, or an unknown rule.
ModulusError
    A modulus that is not a prime.""",
}


def check_size(value: object, name: str) -> int:
    """A side: an int >= 1, or :class:`InvalidPuzzleError` naming the argument."""
    return require_int(value, name, minimum=1)


def check_prime(modulus: object) -> int:
    """A prime modulus, or :class:`ModulusError` (nullity is a dimension over a field)."""
    k = require_int(modulus, "modulus", minimum=2, error=ModulusError)
    if not is_prime(k):
        msg = (
            f"Argument 'modulus' must be a prime, not {k}: nullity is a dimension over a field. "
            "For the number of quiet patterns over Z_k use GridChaser(m, n, k).kernel_size."
        )
        raise ModulusError(msg)
    return k


def check_rule(rule: object) -> str:
    """``"closed"`` or ``"open"``, or :class:`InvalidPuzzleError` naming the argument."""
    return check_puzzle_rule(rule, RULES)


def check_board(m: object, n: object, modulus: object, rule: object) -> tuple[int, int, int, str]:
    """``(m, n, p, rule)`` checked, as every grid nullity function takes them."""
    return check_size(m, "m"), check_size(n, "n"), check_prime(modulus), check_rule(rule)


def coefficient_dtype(p: int) -> Any:
    """int64 while products of two residues fit it comfortably, else Python ints."""
    return np.int64 if (p - 1) ** 2 < 2**62 else object


def gfp_sequence(top: int, p: int, a: int = 0, b: int = 1) -> list[np.ndarray]:
    """``[χ_0(σ), ..., χ_top(σ)]`` over GF(p) with ``σ = a + b·x``."""
    dtype = coefficient_dtype(p)
    sigma = np.array([a % p, b % p], dtype=dtype)
    seq = [np.array([1], dtype=dtype), sigma.copy()]
    for _ in range(1, top):
        prod = np.zeros(len(seq[-1]) + 1, dtype=dtype)
        prod[:-1] += seq[-1] * sigma[0]
        prod[1:] += seq[-1] * sigma[1]
        prod[: len(seq[-2])] -= seq[-2]
        seq.append(P.trim(prod % p))
    return seq[: top + 1]


def gfp_board_pair(m: int, n: int, p: int, rule: str) -> tuple[np.ndarray, np.ndarray]:
    """``χ_m(x)`` and ``χ_n(−x − c)`` over GF(p), whose gcd has the board's nullity as degree."""
    c = 1 if rule == "closed" else 0
    return gfp_sequence(m, p)[m], gfp_sequence(n, p, -c, -1)[n]


def _gf2_path(n: int) -> int:
    """``χ_n`` over GF(2) as an int (bit i is the coefficient of x^i)."""
    prev, cur = 0, 1
    for _ in range(n):
        prev, cur = cur, (cur << 1) ^ prev
    return cur


def _gf2_coefficients(poly: int) -> list[int]:
    return [int(bit) for bit in reversed(bin(poly)[2:])] if poly else []


#: The substitutions :func:`path_polynomial` offers: ``at`` -> ``(a, b)`` for ``χ_n(a + b·x)``.
_SUBSTITUTIONS = {"x": (0, 1), "-x": (0, -1), "x+1": (1, 1), "-x-1": (-1, -1)}


def _check_at(at: object) -> tuple[int, int]:
    key = at.replace(" ", "") if isinstance(at, str) else None
    if key not in _SUBSTITUTIONS:
        msg = f"Argument 'at' must be one of 'x', '-x', 'x + 1', '-x - 1', not {at!r}."
        raise InvalidPuzzleError(msg)
    return _SUBSTITUTIONS[key]


def path_polynomial(n: int, *, modulus: int = 2, at: str = "x") -> list[int]:
    """The characteristic polynomial χ_n of the path on n nodes over GF(p), lowest degree first.

    ``χ_0 = 1``, ``χ_1 = x`` and ``χ_{k+1} = x·χ_k − χ_{k−1}``, so that
    ``χ_n(x) = det(x·I − P_n)`` for the adjacency matrix ``P_n`` of the path (the Chebyshev
    polynomial of the second kind ``U_n(x/2)``), reduced mod p. Over GF(2) the sign does not
    matter and the recursion is the classical ``f_{k+1} = x·f_k + f_{k−1}``. These are the
    polynomials that :func:`nullity` uses for every prime.

    Parameters
    ----------
    n : int
        The number of nodes, >= 0 (``χ_0 = 1``).
    modulus : int, default 2
        A prime p.
    at : {"x", "-x", "x + 1", "-x - 1"}, default "x"
        Where to evaluate: ``χ_n(x)``, or ``χ_n`` of a linear polynomial. ``"-x - 1"`` and
        ``"-x"`` give the second polynomial of the gcd of :func:`nullity_polynomial` for the
        closed and open rules; over GF(2) they equal ``"x + 1"`` and ``"x"``. Spaces do not
        matter.

    Returns
    -------
    list of int
        ``n + 1`` coefficients in ``0..p-1``; entry i is the coefficient of ``x**i``. The
        leading coefficient is 1, or ``(-1)**n mod p`` for ``"-x"`` and ``"-x - 1"``.

    Raises
    ------
    InvalidPuzzleError
        ``n`` not an int >= 0, or an ``at`` not in the list above.
    ModulusError
        A modulus that is not a prime.

    See Also
    --------
    nullity_polynomial : the gcd whose degree is the nullity of an m×n board.
    format_polynomial : the coefficients as text.

    Examples
    --------
    >>> from lightsout_graphs.representation.grids import format_polynomial, path_polynomial
    >>> path_polynomial(5)
    [0, 1, 0, 0, 0, 1]
    >>> format_polynomial(path_polynomial(5))
    'x^5 + x'
    >>> format_polynomial(path_polynomial(5, at="x + 1"))
    'x^5 + x^4'
    >>> format_polynomial(path_polynomial(3, modulus=3))  # x^3 - 2x over GF(3)
    'x^3 + x'
    >>> format_polynomial(path_polynomial(3, modulus=3, at="-x - 1"))  # (-x-1)^3 - 2(-x-1)
    '2x^3 + 2x + 1'
    """
    size = require_int(n, "n", minimum=0)
    p = check_prime(modulus)
    a, b = _check_at(at)
    if p == 2:
        poly = _gf2_path(size)
        return _gf2_coefficients(gf2.taylor_shift_one(poly) if a % 2 else poly)
    return [int(c) for c in gfp_sequence(size, p, a, b)[size]]


@functools.partial(fill_doc, docs=GRID_DOCS)
def nullity_polynomial(m: int, n: int, *, modulus: int = 2, rule: str = "closed") -> list[int]:
    """The monic gcd whose degree is the nullity of the m×n grid board over GF(p).

    ``gcd(χ_m(x), χ_n(−x − 1))`` for the closed rule and ``gcd(χ_m(x), χ_n(−x))`` for the open
    rule, with χ the characteristic polynomials of the paths (:func:`path_polynomial`). Over
    GF(2) these read ``gcd(χ_m(x), χ_n(x + 1))`` and ``gcd(χ_m(x), χ_n(x))``. Its roots (in an
    extension field) are the eigenvalues λ of ``P_m`` for which ``−λ − 1`` (``−λ`` for the open
    rule) is an eigenvalue of ``P_n``: exactly the eigenvalue pairs that make the toggle
    matrix singular.

    Parameters
    ----------
    %(board)s

    Returns
    -------
    list of int
        The coefficients in ``0..p-1``, lowest degree first, of a monic polynomial; its degree
        (``len(result) - 1``) equals :func:`nullity` ``(m, n, modulus=p, rule=rule)``. ``[1]``
        when the board is completely solvable.

    Raises
    ------
    %(board_raises)s

    See Also
    --------
    nullity : the degree alone, faster over GF(2) for large boards.

    Notes
    -----
    ``P_m`` is cyclic (non-derogatory), so the kernel of ``P_m ⊗ I + I ⊗ P_n + c·I`` has the
    dimension of this gcd (Sutner). The gcd is computed directly from polynomials of degree
    m and n, so it costs about ``m·n`` operations.

    Examples
    --------
    >>> from lightsout_graphs.representation.grids import (
    ...     format_polynomial,
    ...     nullity,
    ...     nullity_polynomial,
    ... )
    >>> g = nullity_polynomial(5, 5)  # the classic board
    >>> format_polynomial(g), len(g) - 1 == nullity(5, 5) == 2
    ('x^2 + x', True)
    >>> format_polynomial(nullity_polynomial(4, 4))
    'x^4 + x^2 + 1'
    >>> nullity_polynomial(7, 7)  # 7×7 is completely solvable
    [1]
    >>> len(nullity_polynomial(5, 5, modulus=3)) - 1 == nullity(5, 5, modulus=3)
    True
    """
    rows, cols, p, rule = check_board(m, n, modulus, rule)
    if p == 2:
        left = _gf2_path(rows)
        right = _gf2_path(cols)
        if rule == "closed":
            right = gf2.taylor_shift_one(right)
        return _gf2_coefficients(gf2.gcd(left, right))
    return [int(c) for c in P.gcd(*gfp_board_pair(rows, cols, p, rule), p)]


def format_polynomial(coeffs: Sequence[int], *, variable: str = "x") -> str:
    """A polynomial as text, highest degree first: ``[1, 1, 0, 1]`` gives ``'x^3 + x + 1'``.

    Parameters
    ----------
    coeffs : sequence of int
        The coefficients, lowest degree first (as returned by :func:`path_polynomial` and
        :func:`nullity_polynomial`). Zero coefficients are left out; negative ones are written
        with a minus sign.
    variable : str, default "x"
        The name of the variable.

    Returns
    -------
    str
        For example ``'x^4 + 2x^2 + 1'``; ``'0'`` for the zero polynomial (all coefficients
        zero, or none).

    Raises
    ------
    InvalidPuzzleError
        ``coeffs`` not a sequence of ints.

    Examples
    --------
    >>> from lightsout_graphs.representation.grids import format_polynomial
    >>> format_polynomial([1, 1, 0, 1])
    'x^3 + x + 1'
    >>> format_polynomial([2, 0, -1], variable="y")
    '-y^2 + 2'
    >>> format_polynomial([0])
    '0'
    """
    if isinstance(coeffs, str | bytes) or not isinstance(coeffs, Sequence | np.ndarray):
        msg = f"Argument 'coeffs' must be a sequence of ints, not {coeffs!r}."
        raise InvalidPuzzleError(msg)
    values = require_int_entries(coeffs, "coeffs", error=InvalidPuzzleError)
    terms: list[str] = []
    for power in range(len(values) - 1, -1, -1):
        c = values[power]
        if not c:
            continue
        size = abs(c)
        if power == 0:
            body = str(size)
        else:
            monomial = variable if power == 1 else f"{variable}^{power}"
            body = monomial if size == 1 else f"{size}{monomial}"
        if not terms:
            terms.append(body if c > 0 else f"-{body}")
        else:
            terms.append(f"+ {body}" if c > 0 else f"- {body}")
    return " ".join(terms) if terms else "0"
