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
:attr:`lightsout_graphs.grids.GridChaser.kernel_size`.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np

from lightsout_graphs.errors import InvalidPuzzleError, ModulusError
from lightsout_graphs.grids import _gf2poly as gf2
from lightsout_graphs.zk.crt import prime_power_parts

__all__ = [
    "format_polynomial",
    "nullity",
    "nullity_polynomial",
    "nullity_table",
    "path_polynomial",
]

_RULES = ("closed", "open")


# -- argument checks ---------------------------------------------------------------------------


def _check_size(value: object, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, numbers.Integral) or int(value) < 1:
        msg = f"Argument {name!r} must be an int >= 1, not {value!r}."
        raise InvalidPuzzleError(msg)
    return int(value)


def _check_prime(modulus: object) -> int:
    if isinstance(modulus, bool) or not isinstance(modulus, numbers.Integral) or modulus < 2:
        msg = f"Argument 'modulus' must be a prime, not {modulus!r}."
        raise ModulusError(msg)
    k = int(modulus)
    if prime_power_parts(k) != [(k, 1)]:
        msg = (
            f"Argument 'modulus' must be a prime, not {k}: nullity is a dimension over a field. "
            "For the number of quiet patterns over Z_k use GridChaser(m, n, k).kernel_size."
        )
        raise ModulusError(msg)
    return k


def _check_rule(rule: object) -> str:
    if rule not in _RULES:
        msg = f"Argument 'rule' must be 'closed' or 'open', not {rule!r}."
        raise InvalidPuzzleError(msg)
    return str(rule)


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


def _order_of_two(e: int) -> int:
    """The multiplicative order of 2 modulo an odd e >= 3: a divisor of φ(e), found by
    removing prime factors of φ(e) while 2 stays a root of unity."""
    phi = 1
    for p, a in prime_power_parts(e):
        phi *= (p - 1) * p ** (a - 1)
    order = phi
    for q, _ in prime_power_parts(phi):
        while order % q == 0 and pow(2, order // q, e) == 1:
            order //= q
    return order


def _order_class(e: int) -> int:
    """The least k >= 1 with ``2^k ≡ ±1 (mod e)``, for odd e >= 3."""
    order = _order_of_two(e)
    # -1 is a power of 2 exactly when 2^(order/2) is the element of order 2, namely -1.
    if order % 2 == 0 and pow(2, order // 2, e) == e - 1:
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
        groups.setdefault(_order_class(e), []).append(e)
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


# -- any prime: polynomials as numpy arrays (lowest degree first) ------------------------------


def _trim(p: np.ndarray) -> np.ndarray:
    nz = np.flatnonzero(p)
    return p[: nz[-1] + 1] if nz.size else p[:0]


def _gfp_mod(a: np.ndarray, b: np.ndarray, p: int) -> np.ndarray:
    a = a.copy()
    db = len(b) - 1
    inv = pow(int(b[-1]), -1, p)
    for i in range(len(a) - 1, db - 1, -1):
        c = int(a[i]) * inv % p
        if c:
            a[i - db : i + 1] = (a[i - db : i + 1] - c * b) % p
    return _trim(a[:db])


def _gfp_gcd_degree(a: np.ndarray, b: np.ndarray, p: int) -> int:
    while len(b):
        a, b = b, _gfp_mod(a, b, p)
    return len(a) - 1


def _gfp_sequence(top: int, p: int, shift: int, dtype: Any) -> list[np.ndarray]:
    """``[χ_0(σ), ..., χ_top(σ)]`` with ``σ = x`` (shift < 0) or ``σ = −x − shift``."""
    if shift < 0:
        sigma = np.array([0, 1], dtype=dtype)
    else:
        sigma = np.array([(-shift) % p, p - 1], dtype=dtype)
    seq = [np.array([1], dtype=dtype), sigma.copy()]
    for _ in range(1, top):
        prod = np.zeros(len(seq[-1]) + 1, dtype=dtype)
        prod[:-1] += seq[-1] * sigma[0]
        prod[1:] += seq[-1] * sigma[1]
        prod[: len(seq[-2])] -= seq[-2]
        seq.append(_trim(prod % p))
    return seq[: top + 1]


def _gfp_table(size: int, p: int, rule: str, progress: bool) -> np.ndarray:
    dtype: Any = np.int64 if (p - 1) ** 2 < 2**62 else object
    shift = 1 if rule == "closed" else 0
    left = _gfp_sequence(size, p, -1, dtype)
    right = _gfp_sequence(size, p, shift, dtype)
    out = np.zeros((size, size), dtype=np.int64)
    rows: Iterable[int] = range(1, size + 1)
    if progress:
        from tqdm.auto import tqdm

        rows = tqdm(rows, desc=f"GF({p}) gcds", unit="row")
    for m in rows:
        for n in range(m, size + 1):
            # The m×n and n×m boards are transposes of each other.
            out[m - 1, n - 1] = out[n - 1, m - 1] = _gfp_gcd_degree(left[m], right[n], p)
    return out


# -- the public functions ----------------------------------------------------------------------


def nullity(m: int, n: int, *, modulus: int = 2, rule: str = "closed") -> int:
    """The nullity of the m×n grid board over GF(p): the dimension of its quiet patterns.

    Parameters
    ----------
    m, n : int
        The numbers of rows and columns, each >= 1.
    modulus : int, default 2
        A prime p.
    rule : {"closed", "open"}, default "closed"
        Whether a press changes its own light too.

    Returns
    -------
    int
        ``dim ker T`` over GF(p); the board has ``p**nullity`` quiet patterns and a state is
        solvable for exactly one in ``p**nullity`` of all states.

    Raises
    ------
    InvalidPuzzleError
        A side that is not an int >= 1, or an unknown rule.
    ModulusError
        A modulus that is not a prime.

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
    >>> from lightsout_graphs.grids import nullity
    >>> nullity(5, 5), nullity(4, 4), nullity(7, 7)
    (2, 4, 0)
    >>> nullity(5, 5, modulus=3), nullity(3, 5, rule="open")
    (3, 1)
    """
    rows = _check_size(m, "m")
    cols = _check_size(n, "n")
    p = _check_prime(modulus)
    rule = _check_rule(rule)
    if p == 2 and rule == "closed":
        return _gf2_closed(rows, cols)
    if p == 2:
        return math.gcd(rows + 1, cols + 1) - 1
    return int(_gfp_table_single(rows, cols, p, rule))


def _gfp_table_single(m: int, n: int, p: int, rule: str) -> int:
    dtype: Any = np.int64 if (p - 1) ** 2 < 2**62 else object
    shift = 1 if rule == "closed" else 0
    left = _gfp_sequence(m, p, -1, dtype)[m]
    right = _gfp_sequence(n, p, shift, dtype)[n]
    return _gfp_gcd_degree(left, right, p)


def nullity_table(
    M: int, *, modulus: int = 2, rule: str = "closed", progress: bool = False
) -> np.ndarray:
    """The nullity of every grid board from 1×1 to M×M, as an M×M array.

    Parameters
    ----------
    M : int
        The largest side, >= 1.
    modulus : int, default 2
        A prime p.
    rule : {"closed", "open"}, default "closed"
        Whether a press changes its own light too.
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
    >>> from lightsout_graphs.grids import nullity_table
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
    size = _check_size(M, "M")
    p = _check_prime(modulus)
    rule = _check_rule(rule)
    if p == 2 and rule == "closed":
        return _gf2_closed_table(size, progress)
    if p == 2:
        return _gf2_open_table(size)
    return _gfp_table(size, p, rule, progress)


# -- the polynomials themselves ----------------------------------------------------------------


def _check_degree(value: object, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, numbers.Integral) or int(value) < 0:
        msg = f"Argument {name!r} must be an int >= 0, not {value!r}."
        raise InvalidPuzzleError(msg)
    return int(value)


def _gf2_path(n: int) -> int:
    """``χ_n`` over GF(2) as an int (bit i is the coefficient of x^i)."""
    prev, cur = 0, 1
    for _ in range(n):
        prev, cur = cur, (cur << 1) ^ prev
    return cur


def _gf2_coefficients(poly: int) -> list[int]:
    return [int(bit) for bit in reversed(bin(poly)[2:])] if poly else []


def _gfp_gcd(a: np.ndarray, b: np.ndarray, p: int) -> list[int]:
    """The monic gcd of two polynomials over GF(p), lowest degree first."""
    while len(b):
        a, b = b, _gfp_mod(a, b, p)
    if not len(a):
        return []
    inv = pow(int(a[-1]), -1, p)
    return [int(c) * inv % p for c in a]


#: The substitutions :func:`path_polynomial` offers: ``at`` -> ``(a, b)`` for ``χ_n(a + b·x)``.
_SUBSTITUTIONS = {"x": (0, 1), "-x": (0, -1), "x+1": (1, 1), "-x-1": (-1, -1)}


def _check_at(at: object) -> tuple[int, int]:
    key = at.replace(" ", "") if isinstance(at, str) else None
    if key not in _SUBSTITUTIONS:
        msg = f"Argument 'at' must be one of 'x', '-x', 'x + 1', '-x - 1', not {at!r}."
        raise InvalidPuzzleError(msg)
    return _SUBSTITUTIONS[key]


def _gfp_path_at(n: int, p: int, a: int, b: int) -> list[int]:
    """``χ_n(a + b·x)`` over an odd prime p, lowest degree first."""
    dtype: Any = np.int64 if (p - 1) ** 2 < 2**62 else object
    sigma = np.array([a % p, b % p], dtype=dtype)
    prev, cur = np.array([1], dtype=dtype), np.array([1], dtype=dtype)
    if n:
        prev, cur = cur, sigma.copy()
    for _ in range(1, n):
        nxt = np.zeros(len(cur) + 1, dtype=dtype)
        nxt[:-1] += cur * sigma[0]
        nxt[1:] += cur * sigma[1]
        nxt[: len(prev)] -= prev
        prev, cur = cur, nxt % p
    return [int(c) for c in cur]


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
    >>> from lightsout_graphs.grids import format_polynomial, path_polynomial
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
    size = _check_degree(n, "n")
    p = _check_prime(modulus)
    a, b = _check_at(at)
    if p == 2:
        poly = _gf2_path(size)
        return _gf2_coefficients(gf2.taylor_shift_one(poly) if a % 2 else poly)
    return _gfp_path_at(size, p, a, b)


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
    m, n : int
        The numbers of rows and columns, each >= 1.
    modulus : int, default 2
        A prime p.
    rule : {"closed", "open"}, default "closed"
        Whether a press changes its own light too.

    Returns
    -------
    list of int
        The coefficients in ``0..p-1``, lowest degree first, of a monic polynomial; its degree
        (``len(result) - 1``) equals :func:`nullity` ``(m, n, modulus=p, rule=rule)``. ``[1]``
        when the board is completely solvable.

    Raises
    ------
    InvalidPuzzleError
        A side that is not an int >= 1, or an unknown rule.
    ModulusError
        A modulus that is not a prime.

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
    >>> from lightsout_graphs.grids import format_polynomial, nullity, nullity_polynomial
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
    rows = _check_size(m, "m")
    cols = _check_size(n, "n")
    p = _check_prime(modulus)
    rule = _check_rule(rule)
    if p == 2:
        left = _gf2_path(rows)
        right = _gf2_path(cols)
        if rule == "closed":
            right = gf2.taylor_shift_one(right)
        return _gf2_coefficients(gf2.gcd(left, right))
    dtype: Any = np.int64 if (p - 1) ** 2 < 2**62 else object
    shift = 1 if rule == "closed" else 0
    first = _gfp_sequence(rows, p, -1, dtype)[rows]
    second = _gfp_sequence(cols, p, shift, dtype)[cols]
    return _gfp_gcd(first, second, p)


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
    >>> from lightsout_graphs.grids import format_polynomial
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
    values: list[int] = []
    for i, c in enumerate(coeffs):
        if isinstance(c, bool | np.bool_) or not isinstance(c, numbers.Integral):
            msg = f"Argument 'coeffs' must hold ints; entry {i} is {c!r}."
            raise InvalidPuzzleError(msg)
        values.append(int(c))
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
