"""Nullity of m×n grid boards from polynomials: one board, the table of sizes 1..M, the gcds.

The m×n grid's toggle matrix is ``T = P_m ⊗ I + I ⊗ P_n + c·I`` (``c = 1`` for the closed rule,
``0`` for the open rule), with ``P_k`` the adjacency matrix of the path on k nodes. ``P_k`` is
cyclic (non-derogatory), so over a field GF(p)

    nullity(m×n) = deg gcd(χ_m(x), χ_n(−x − c)),

where ``χ_k`` is the characteristic polynomial of ``P_k``: ``χ_0 = 1``, ``χ_1 = x``,
``χ_{k+1} = x·χ_k − χ_{k−1}`` (Sutner). Over GF(2) and the closed rule the whole table is built
from the odd parts of m + 1 and n + 1 (Hunziker, Machiavelo and Park): writing
``m + 1 = 2^a·b`` and ``n + 1 = 2^c·d`` with b, d odd and ``h_b = sqrt(χ_{b−1})``,

    nullity = min(2^a − 1, 2^(c+1)·[3|d]) + min(2^c − 1, 2^(a+1)·[3|b])
              + 2^(min(a,c)+1) · deg gcd(h_b(x), h_d(x + 1)).

``h_b`` is the product of the parts ``ψ_e`` over the divisors ``e > 1`` of b, and every
irreducible factor of ``ψ_e`` has degree ``k(e)``, the least k with ``2^k ≡ ±1 (mod e)``, so
only parts with equal ``k(e)`` can share a factor. Over GF(2) and the open rule the formula
collapses to ``gcd(m + 1, n + 1) − 1``.

The polynomials themselves are public: :func:`path_polynomial` gives ``χ_k`` over GF(p),
:func:`nullity_polynomial` the gcd, and :func:`format_polynomial` writes them as text.

Nullity is a dimension over a field, so the modulus must be prime. For a composite k the
number of quiet patterns of a grid is
:attr:`lightsout_graphs.representation.grids.GridChaser.kernel_size`.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterable

import numpy as np

from lightsout_graphs.core._docs import fill_doc
from lightsout_graphs.core.zk import gf2_poly as gf2
from lightsout_graphs.core.zk import gfp_poly as P
from lightsout_graphs.core.zk import prime_power_parts
from lightsout_graphs.representation.grids._grid_poly import (
    GRID_DOCS,
    check_board,
    check_prime,
    check_rule,
    check_size,
    gfp_board_pair,
    gfp_sequence,
)
from lightsout_graphs.representation.grids.path_polynomials import (
    format_polynomial,
    nullity_polynomial,
    path_polynomial,
)

__all__ = [
    "format_polynomial",
    "nullity",
    "nullity_polynomial",
    "nullity_table",
    "path_polynomial",
]


def _two_adic(values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """For each v > 0, ``(2^a, b)`` with ``v = 2^a·b`` and b odd."""
    power = values & -values
    return power, values // power


# -- GF(2), closed rule: the fast method -----------------------------------------------------


def _gf2_closed(m: int, n: int) -> int:
    a = (m + 1) & -(m + 1)
    b = (m + 1) // a
    c = (n + 1) & -(n + 1)
    d = (n + 1) // c
    x_part = min(a - 1, 2 * c * (d % 3 == 0)) + min(c - 1, 2 * a * (b % 3 == 0))
    common = gf2.gcd(gf2.odd_part(b), gf2.taylor_shift_one(gf2.odd_part(d)))
    return int(x_part + 2 * min(a, c) * gf2.degree(common))


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


def _gf2_closed_odd_table(top: int, progress: bool) -> np.ndarray:
    """``G[i, j] = deg gcd(h_b(x), h_d(x + 1))`` for odd ``b = 2i + 1``, ``d = 2j + 1`` <= top."""
    size = (top + 1) // 2  # the odd numbers 1, 3, ..., <= top
    table = np.zeros((size, size), dtype=np.int32)
    odd = list(range(3, 2 * size, 2))
    if not odd:
        return table
    # h_e = f_j + f_{j-1} with j = (e - 1) / 2 (see _gf2poly.odd_part).
    f = [0, *gf2.path_polynomials(odd[-1] // 2)]  # f[j + 1] = f_j, f[0] = f_{-1} = 0
    # psi_e = h_e divided by psi_d for every proper divisor d > 1 of e.
    proper: dict[int, list[int]] = {e: [] for e in odd}
    for d in odd:
        for e in range(3 * d, odd[-1] + 1, 2 * d):
            proper[e].append(d)
    psi: dict[int, int] = {}
    for e in odd:
        q = f[e // 2 + 1] ^ f[e // 2]
        for d in sorted(proper[e], key=lambda d: -psi[d].bit_length()):
            q = gf2.exact_divide(q, psi[d])
        psi[e] = q
    shifted = {e: gf2.taylor_shift_one(psi[e]) for e in odd}
    groups: dict[int, list[int]] = {}
    for e in odd:
        groups.setdefault(degree_class(e, 2), []).append(e)
    items: Iterable[list[int]] = groups.values()
    if progress:
        from tqdm.auto import tqdm

        items = tqdm(list(items), desc="GF(2) gcds by factor degree", unit="group")
    for group in items:
        for i, e in enumerate(group):
            for e2 in group[i:]:
                g = gf2.degree(gf2.gcd(psi[e], shifted[e2]))
                if g <= 0:
                    continue
                # g(e, e') = g(e', e): α ↦ α + 1 swaps the two root sets.
                table[(e - 1) // 2 :: e, (e2 - 1) // 2 :: e2] += g
                if e2 != e:
                    table[(e2 - 1) // 2 :: e2, (e - 1) // 2 :: e] += g
    return table


def _gf2_closed_table(size: int, progress: bool) -> np.ndarray:
    sides = np.arange(2, size + 2, dtype=np.int64)  # m + 1 for m = 1..size
    power, odd = _two_adic(sides)
    odd_table = _gf2_closed_odd_table(size + 1, progress)
    idx = (odd - 1) // 2
    # Entries are at most the side, so int32 is exact; it halves the memory traffic.
    three = (odd % 3 == 0).astype(np.int32)
    a = power.astype(np.int32)[:, None]
    c = power.astype(np.int32)[None, :]
    out = odd_table[np.ix_(idx, idx)]
    out *= 2 * np.minimum(a, c)
    out += np.minimum(a - 1, 2 * c * three[None, :])
    out += np.minimum(c - 1, 2 * a * three[:, None])
    return out.astype(np.int64)


def _gf2_open_table(size: int) -> np.ndarray:
    sides = np.arange(2, size + 2, dtype=np.int64)
    return np.gcd(sides[:, None], sides[None, :]) - 1


def _gfp_table(size: int, p: int, rule: str, progress: bool) -> np.ndarray:
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
    GF(2), closed rule: the fast method of the module notes (gcds only between the parts
    ``ψ_e`` of equal factor degree, then strided accumulation); M = 512 takes milliseconds
    and M = 4096 a few seconds. GF(2), open rule: ``gcd(m + 1, n + 1) − 1``. Other primes:
    one polynomial gcd per pair (M = 64 takes a fraction of a second; the cost grows
    like M³ to M⁴).

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
    if p == 2 and rule == "closed":
        return _gf2_closed_table(size, progress)
    if p == 2:
        return _gf2_open_table(size)
    return _gfp_table(size, p, rule, progress)


# -- the polynomials themselves ----------------------------------------------------------------
