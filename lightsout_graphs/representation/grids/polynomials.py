"""Nullity of m×n grid boards from polynomials: one board, the table of sizes 1..M, the gcds.

The m×n grid's toggle matrix is ``T = P_m ⊗ I + I ⊗ P_n + c·I`` (``c = 1`` for the closed rule,
``0`` for the open rule), with ``P_k`` the adjacency matrix of the path on k nodes. ``P_k`` is
cyclic (non-derogatory), so over a field GF(p)

    nullity(m×n) = deg gcd(χ_m(x), χ_n(−x − c)),

where ``χ_k`` is the characteristic polynomial of ``P_k``: ``χ_0 = 1``, ``χ_1 = x``,
``χ_{k+1} = x·χ_k − χ_{k−1}`` (Sutner). Over GF(2) and the closed rule one board follows from
the odd parts of m + 1 and n + 1 (Hunziker, Machiavelo and Park): writing ``m + 1 = 2^a·b`` and
``n + 1 = 2^c·d`` with b, d odd and ``h_b = sqrt(χ_{b−1})``,

    nullity = min(2^a − 1, 2^(c+1)·[3|d]) + min(2^c − 1, 2^(a+1)·[3|b])
              + 2^(min(a,c)+1) · deg gcd(h_b(x), h_d(x + 1)).

Over GF(2) and the open rule the formula collapses to ``gcd(m + 1, n + 1) − 1``.

Tables (of grids here, and of tori and cylinders for
:func:`lightsout_graphs.representation.products.nullity_table`) go further: over GF(p) every root
of the characteristic polynomials of paths and cycles is ``ζ + ζ⁻¹`` for a root of unity ζ, so
their elementary divisors are powers of the polynomials

    ψ_e(x) = ∏ (x − ζ − ζ⁻¹)   over the primitive e-th roots of unity ζ, one of each pair {ζ, ζ⁻¹},

for e prime to p (``ψ_1 = x − 2``, ``ψ_2 = x + 2``, and degree ``φ(e)/2`` for e >= 3). Writing a
size as ``p^a·b`` with b prime to p and ``N = p^a``:

- the cycle C_n (n >= 3, ``n = N·b``) has, for every e dividing b, each irreducible factor of
  ``ψ_e`` as the elementary divisors ``π^N, π^N`` when e >= 3, and ``π^⌈N/2⌉, π^⌊N/2⌋`` when
  e <= 2 (ζ = ±1, where ``x ∓ 2 = (t ∓ 1)²/t`` ramifies);
- the path P_m (cyclic, ``2(m + 1) = N·b``) has, for every e dividing b, each irreducible factor of
  ``ψ_e`` once with the exponent N when e >= 3, and ``(N − 1)/2`` (p odd) or ``N/2 − 1`` (p = 2)
  when e <= 2. Over GF(2) this is the factorisation ``f_m = x^(2^a − 1)·h_b^(2^(a+1))`` above.

Each irreducible factor of ``ψ_e`` has the degree ``k(e)``, the least k with ``p^k ≡ ±1 (mod e)``,
and the substitution ``x ↦ −x − c`` keeps degrees, so with ``g(e, e') = deg gcd(ψ_e(x),
ψ_e'(−x − c))``

    nullity(G □ H) = Σ_{e, e'} g(e, e') · Σ_{i, j} min(β_i(e), β'_j(e')),

where β(e) and β'(e') are the exponents above, and g vanishes unless ``k(e) = k(e')``. A table
therefore takes gcds only of pairs of the same degree class, and adds each non-zero g to every
pair of sizes that holds e and e' at once.

The polynomials themselves are public: :func:`path_polynomial` gives ``χ_k`` over GF(p),
:func:`nullity_polynomial` the gcd, and :func:`format_polynomial` writes them as text. Inside,
polynomials over GF(p) are numpy arrays of coefficients, lowest degree first, trimmed of
leading zeros; their arithmetic is :mod:`lightsout_graphs.core.zk.gfp_poly`.

Nullity is a dimension over a field, so the modulus must be prime. For a composite k the
number of quiet patterns of a grid is
:attr:`lightsout_graphs.representation.grids.GridChaser.kernel_size`.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Iterable, Sequence
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
from lightsout_graphs.core.zk import is_prime, prime_power_parts
from lightsout_graphs.representation.puzzle import check_rule as check_puzzle_rule

__all__ = [
    "format_polynomial",
    "nullity",
    "nullity_polynomial",
    "nullity_table",
    "path_polynomial",
]


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


# -- GF(2), closed rule: the fast method -----------------------------------------------------


def _gf2_closed(m: int, n: int) -> int:
    a = (m + 1) & -(m + 1)
    b = (m + 1) // a
    c = (n + 1) & -(n + 1)
    d = (n + 1) // c
    x_part = min(a - 1, 2 * c * (d % 3 == 0)) + min(c - 1, 2 * a * (b % 3 == 0))
    common = gf2.gcd(gf2.odd_part(b), gf2.taylor_shift_one(gf2.odd_part(d)))
    return int(x_part + 2 * min(a, c) * gf2.degree(common))


Parts = list[tuple[int, tuple[int, ...]]]


# -- which ψ_e a factor holds, and with which exponents --------------------------------------


def _split(value: int, p: int) -> tuple[int, int]:
    """``(N, b)`` with ``value = N·b``, N a power of p and b prime to p."""
    power = 1
    while value % p == 0:
        value //= p
        power *= p
    return power, value


def _divisors(value: int) -> list[int]:
    small = [d for d in range(1, math.isqrt(value) + 1) if value % d == 0]
    return sorted({*small, *(value // d for d in small)})


def _path_parts(m: int, p: int) -> Parts:
    power, rest = _split(2 * (m + 1), p)
    parts: Parts = []
    for e in _divisors(rest):
        if e <= 2:
            size = power // 2 - 1 if p == 2 else (power - 1) // 2
            if size:
                parts.append((e, (size,)))
        else:
            parts.append((e, (power,)))
    return parts


def _cycle_parts(n: int, p: int) -> Parts:
    if n < 3:  # C_1 and C_2 are the simple graphs P_1 and P_2
        return _path_parts(n, p)
    power, rest = _split(n, p)
    parts: Parts = []
    for e in _divisors(rest):
        blocks = (power, power) if e > 2 else ((power + 1) // 2, power // 2)
        parts.append((e, tuple(b for b in blocks if b)))
    return parts


_PARTS: dict[str, Callable[[int, int], Parts]] = {"path": _path_parts, "cycle": _cycle_parts}


def _index(kind: str, size: int, p: int) -> dict[int, tuple[np.ndarray, np.ndarray]]:
    """e -> (0-based sizes holding ψ_e, their exponents padded to 2 columns)."""
    rows: dict[int, list[int]] = {}
    blocks: dict[int, list[tuple[int, int]]] = {}
    for m in range(1, size + 1):
        for e, exps in _PARTS[kind](m, p):
            rows.setdefault(e, []).append(m - 1)
            blocks.setdefault(e, []).append((exps[0], exps[1] if len(exps) > 1 else 0))
    return {
        e: (np.array(rows[e], dtype=np.int64), np.array(blocks[e], dtype=np.int64)) for e in rows
    }


# -- the polynomials ψ_e and their gcds --------------------------------------------------------


class _Psi:
    """ψ_e over GF(p) for the e needed, by exact division; gf2 ints for p = 2, arrays else."""

    def __init__(self, needed: Iterable[int], p: int, c: int) -> None:
        self.p = p
        self.c = c
        wanted = sorted(set(needed))
        self.psi: dict[int, Any] = {}
        self.shifted: dict[int, Any] = {}
        top = max(wanted, default=2)
        if p == 2:
            f = [0, *gf2.path_polynomials(top // 2 + 1)]  # f[j + 1] = f_j, f[0] = f_{-1}
        else:
            chi = P.path_polys(top // 2 + 1, p)
        proper: dict[int, list[int]] = {e: [] for e in wanted}
        for d in wanted:
            if d >= 3:
                for e in range(2 * d, top + 1, d):
                    if e in proper:
                        proper[e].append(d)
        for e in wanted:
            if p == 2:
                value: Any = 2 if e == 1 else f[e // 2 + 1] ^ f[e // 2]
            elif e <= 2:
                value = P.poly([-2 if e == 1 else 2, 1], p)
            elif e % 2:
                j = (e - 1) // 2
                value = P.sub(chi[j], -chi[j - 1] % p, p)
            else:
                value = chi[e // 2 - 1]
            for d in proper[e][::-1]:  # the largest parts first: the quotients shrink fastest
                if p == 2:
                    value = gf2.exact_divide(value, self.psi[d])
                else:
                    value = P.exact_div(value, self.psi[d], p)
            self.psi[e] = value
            if p == 2:
                self.shifted[e] = gf2.taylor_shift_one(value) if c else value
            else:
                self.shifted[e] = P.compose_linear(value, -c, -1, p)
        self._gcd: dict[tuple[int, int], int] = {}

    def gcd_degree(self, e: int, e2: int) -> int:
        """``deg gcd(ψ_e(x), ψ_e2(−x − c))``; symmetric in e and e2."""
        key = (e, e2) if e <= e2 else (e2, e)
        if key not in self._gcd:
            a, b = self.psi[key[0]], self.shifted[key[1]]
            if self.p == 2:
                self._gcd[key] = gf2.degree(gf2.gcd(a, b))
            else:
                self._gcd[key] = P.gcd_degree(a, b, self.p)
        return self._gcd[key]


def degree_class(e: int, p: int) -> int:
    """``k(e)``: the least k >= 1 with ``p^k ≡ ±1 (mod e)`` (1 for e <= 2), the degree of each
    irreducible factor of ψ_e over GF(p) (e prime to p).

    The order of p modulo e divides φ(e): prime factors of φ(e) are removed while p stays a
    root of unity; −1 is a power of p exactly when p^(order/2) is the element of order 2."""
    if e <= 2:
        return 1
    order = 1
    for q, a in prime_power_parts(e):
        order *= (q - 1) * q ** (a - 1)
    for q, _ in prime_power_parts(order):
        while order % q == 0 and pow(p, order // q, e) == 1:
            order //= q
    if order % 2 == 0 and pow(p, order // 2, e) == e - 1:
        return order // 2
    return order


def path_cycle_table(
    size: int, left: str, right: str, p: int, c: int, progress: bool
) -> np.ndarray:
    """The nullities over GF(p), p < 2**31, of ``L_m □ R_n`` for m, n <= size, with L and R
    each ``"path"`` or ``"cycle"`` (see the module notes)."""
    rows = _index(left, size, p)
    cols = _index(right, size, p)
    psi = _Psi([*rows, *cols], p, c)
    groups: dict[int, tuple[list[int], list[int]]] = {}
    for e in rows:
        groups.setdefault(degree_class(e, p), ([], []))[0].append(e)
    for e in cols:
        groups.setdefault(degree_class(e, p), ([], []))[1].append(e)
    out = np.zeros((size, size), dtype=np.int64)
    items: Iterable[tuple[list[int], list[int]]] = groups.values()
    if progress:
        from tqdm.auto import tqdm

        items = tqdm(list(items), desc=f"GF({p}) gcds by factor degree", unit="group")
    for row_es, col_es in items:
        for e in row_es:
            r_idx, r_blocks = rows[e]
            for e2 in col_es:
                g = psi.gcd_degree(e, e2)
                if not g:
                    continue
                c_idx, c_blocks = cols[e2]
                weight = np.zeros((len(r_idx), len(c_idx)), dtype=np.int64)
                for i in range(2):
                    for j in range(2):
                        weight += np.minimum(r_blocks[:, i, None], c_blocks[None, :, j])
                out[np.ix_(r_idx, c_idx)] += g * weight
    return out


def _gfp_table(size: int, p: int, rule: str, progress: bool) -> np.ndarray:
    """One gcd per pair of sides, for primes too large for the tables of ψ_e."""
    left = gfp_sequence(size, p)
    right = gfp_sequence(size, p, -1 if rule == "closed" else 0, -1)
    out = np.zeros((size, size), dtype=np.int64)
    rows: Iterable[int] = range(1, size + 1)
    if progress:
        from tqdm.auto import tqdm

        rows = tqdm(rows, desc=f"GF({p}) gcds", unit="row")
    for m in rows:
        for n in range(m, size + 1):
            # The m×n and n×m boards are transposes of each other.
            out[m - 1, n - 1] = out[n - 1, m - 1] = P.gcd_degree(left[m], right[n], p)
    return out


# -- the public functions ----------------------------------------------------------------------


@functools.partial(fill_doc, docs=GRID_DOCS)
def nullity(m: int, n: int, *, modulus: int = 2, rule: str = "closed") -> int:
    """The nullity of the m×n grid board over GF(p): the dimension of its quiet patterns.

    Parameters
    ----------
    %(board)s

    Returns
    -------
    int
        ``dim ker T`` over GF(p); the board has ``p**nullity`` quiet patterns and a state is
        solvable for exactly one in ``p**nullity`` of all states.

    Raises
    ------
    %(board_raises)s

    See Also
    --------
    nullity_table : every size up to M at once.
    GridChaser : quiet patterns themselves, and their number over any Z_k.

    Notes
    -----
    ``deg gcd(χ_m(x), χ_n(−x − 1))`` over GF(p) for the closed rule, ``χ_n(−x)`` for the open
    rule (see the module notes). Over GF(2) the odd parts of m + 1 and n + 1 are used, so one
    value costs a gcd of polynomials of degree about ``max(m, n) / 2``.

    References
    ----------
    .. [1] K. Sutner, "Linear cellular automata and the Garden-of-Eden", Math. Intelligencer
       11 (1989).
    .. [2] M. Hunziker, A. Machiavelo and J. Park, "Chebyshev polynomials over finite fields
       and reversibility of σ-automata on square grids", Theoret. Comput. Sci. 320 (2004).

    Examples
    --------
    >>> from lightsout_graphs.representation.grids import nullity
    >>> nullity(5, 5), nullity(4, 4), nullity(7, 7)
    (2, 4, 0)
    >>> nullity(5, 5, modulus=3), nullity(3, 5, rule="open")
    (3, 1)
    """
    rows, cols, p, rule = check_board(m, n, modulus, rule)
    if p == 2 and rule == "closed":
        return _gf2_closed(rows, cols)
    if p == 2:
        return math.gcd(rows + 1, cols + 1) - 1
    return P.gcd_degree(*gfp_board_pair(rows, cols, p, rule), p)


@functools.partial(fill_doc, docs=GRID_DOCS)
def nullity_table(
    M: int, *, modulus: int = 2, rule: str = "closed", progress: bool = False
) -> np.ndarray:
    """The nullity of every grid board from 1×1 to M×M, as an M×M array.

    Parameters
    ----------
    M : int
        The largest side, >= 1.
    %(modulus_rule)s
    progress : bool, default False
        Show a tqdm progress bar (useful for odd primes and large M).

    Returns
    -------
    numpy.ndarray
        int64, shape ``(M, M)``. Entry ``[m - 1, n - 1]`` is the nullity of the board with m
        rows and n columns (0-based indices, 1-based sizes). The table is symmetric.

    Raises
    ------
    InvalidPuzzleError
        ``M`` not an int >= 1, or an unknown rule.
    ModulusError
        A modulus that is not a prime.

    See Also
    --------
    nullity : one board.

    Notes
    -----
    Primes below 2**31: the tables of the module notes (gcds only between the parts ``ψ_e``
    of equal factor degree, then strided accumulation); over GF(2) M = 512 takes a fraction
    of a second and M = 4096 seconds. GF(2), open rule: ``gcd(m + 1, n + 1) − 1``. Larger
    primes: one polynomial gcd per pair (the cost grows like M³ to M⁴).

    Examples
    --------
    >>> from lightsout_graphs.representation.grids import nullity_table
    >>> t = nullity_table(5)
    >>> t
    array([[0, 1, 0, 0, 1],
           [1, 0, 2, 0, 1],
           [0, 2, 0, 0, 3],
           [0, 0, 0, 4, 0],
           [1, 1, 3, 0, 2]])
    >>> int(t[5 - 1, 5 - 1])  # the classic 5×5 board
    2
    """
    size = check_size(M, "M")
    p = check_prime(modulus)
    rule = check_rule(rule)
    if p == 2 and rule == "open":
        sides = np.arange(2, size + 2, dtype=np.int64)
        return np.gcd(sides[:, None], sides[None, :]) - 1
    if p < P.MAX_PRIME:
        return path_cycle_table(size, "path", "path", p, 1 if rule == "closed" else 0, progress)
    return _gfp_table(size, p, rule, progress)
