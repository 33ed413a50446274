"""Polynomials over GF(p) as int64 numpy arrays, lowest degree first, without trailing zeros.

The zero polynomial is the empty array. Coefficients stay in ``0..p-1``; the moduli allowed here
are below :data:`MAX_PRIME`, so that a product of two coefficients fits 63 bits. :func:`trim`,
:func:`monic`, :func:`gcd` and :func:`gcd_degree` also take object arrays of Python ints, for
any prime.
"""

from __future__ import annotations

import numpy as np

__all__ = [
    "MAX_PRIME",
    "compose_linear",
    "degree",
    "divmod_poly",
    "exact_div",
    "gcd",
    "gcd_degree",
    "monic",
    "mul",
    "path_pair",
    "path_poly",
    "path_polys",
    "poly",
    "sub",
    "trim",
]

#: The largest prime (exclusive) the polynomial engines accept: products of two coefficients
#: must fit an int64. Larger primes go through the general elimination engine.
MAX_PRIME = 2**31


def poly(coeffs: object, p: int) -> np.ndarray:
    """An int64 array of the coefficients reduced mod p, trimmed.

    Examples
    --------
    >>> poly([4, -1, 5, 0], 5).tolist()
    [4, 4]
    """
    return trim(np.asarray(coeffs, dtype=np.int64) % p)


def trim(a: np.ndarray) -> np.ndarray:
    """Drop the zero coefficients at the top.

    Examples
    --------
    >>> trim(np.array([1, 0, 2, 0, 0])).tolist()
    [1, 0, 2]
    """
    nz = np.flatnonzero(a)
    return a[: nz[-1] + 1] if nz.size else a[:0]


def degree(a: np.ndarray) -> int:
    """The degree, -1 for the zero polynomial.

    Examples
    --------
    >>> degree(poly([1, 2], 3)), degree(poly([], 3))
    (1, -1)
    """
    return len(a) - 1


def monic(a: np.ndarray, p: int) -> np.ndarray:
    """``a`` divided by its leading coefficient (the zero polynomial stays zero).

    Examples
    --------
    >>> monic(poly([1, 2], 5), 5).tolist()  # 2x + 1 = 2(x + 3)
    [3, 1]
    """
    if not len(a):
        return a
    return a * pow(int(a[-1]), -1, p) % p


def sub(a: np.ndarray, b: np.ndarray, p: int) -> np.ndarray:
    """``a - b``.

    Examples
    --------
    >>> sub(poly([1, 1], 3), poly([2, 1], 3), 3).tolist()
    [2]
    """
    out = np.zeros(max(len(a), len(b)), dtype=np.int64)
    out[: len(a)] += a
    out[: len(b)] -= b
    return trim(out % p)


def mul(a: np.ndarray, b: np.ndarray, p: int) -> np.ndarray:
    """``a · b``, exact for every p below :data:`MAX_PRIME`.

    Examples
    --------
    >>> mul(poly([1, 1], 3), poly([2, 1], 3), 3).tolist()  # (x + 1)(x + 2) = x^2 + 2 mod 3
    [2, 0, 1]
    """
    if not len(a) or not len(b):
        return a[:0]
    if p < 2**20 and min(len(a), len(b)) < 2**22:
        return trim(np.convolve(a, b) % p)
    out = np.convolve(a.astype(object), b.astype(object)) % p
    return trim(out.astype(np.int64))


def divmod_poly(a: np.ndarray, b: np.ndarray, p: int) -> tuple[np.ndarray, np.ndarray]:
    """Quotient and remainder of ``a`` by the non-zero ``b``.

    Examples
    --------
    >>> [r.tolist() for r in divmod_poly(poly([1, 0, 1], 3), poly([1, 1], 3), 3)]
    [[2, 1], [2]]
    """
    a = a.copy()
    db = len(b) - 1
    if len(a) - 1 < db:
        return a[:0], a
    inv = pow(int(b[-1]), -1, p)
    q = np.zeros(len(a) - db, dtype=np.int64)
    for i in range(len(a) - 1, db - 1, -1):
        c = int(a[i]) * inv % p
        if c:
            q[i - db] = c
            a[i - db : i + 1] = (a[i - db : i + 1] - c * b) % p
    return trim(q), trim(a[:db])


def exact_div(a: np.ndarray, b: np.ndarray, p: int) -> np.ndarray:
    """``a / b`` when b divides a (checked: raises ``ArithmeticError`` otherwise).

    Examples
    --------
    >>> exact_div(poly([2, 0, 1], 3), poly([1, 1], 3), 3).tolist()
    [2, 1]
    """
    q, r = divmod_poly(a, b, p)
    if len(r):
        msg = "exact_div: the divisor does not divide the dividend"
        raise ArithmeticError(msg)
    return q


def gcd(a: np.ndarray, b: np.ndarray, p: int) -> np.ndarray:
    """The monic greatest common divisor (zero when both are zero).

    Examples
    --------
    >>> gcd(poly([2, 0, 1], 3), poly([2, 2], 3), 3).tolist()  # x^2 + 2 and 2x + 2 share x + 1
    [1, 1]
    """
    while len(b):
        a, b = b, divmod_poly(a, b, p)[1]
    return monic(a, p)


def gcd_degree(a: np.ndarray, b: np.ndarray, p: int) -> int:
    """``deg gcd(a, b)``, without making the gcd monic.

    Examples
    --------
    >>> gcd_degree(poly([2, 0, 1], 3), poly([0, 1], 3), 3)
    0
    """
    while len(b):
        a, b = b, divmod_poly(a, b, p)[1]
    return len(a) - 1


def compose_linear(a: np.ndarray, c0: int, c1: int, p: int) -> np.ndarray:
    """``a(c0 + c1·x)`` by Horner's rule.

    Examples
    --------
    >>> compose_linear(poly([0, 0, 1], 5), 1, 1, 5).tolist()  # (x + 1)^2
    [1, 2, 1]
    """
    sigma = np.array([c0 % p, c1 % p], dtype=np.int64)
    out = np.zeros(0, dtype=np.int64)
    for coeff in a[::-1]:
        nxt = np.zeros(len(out) + 1, dtype=np.int64)
        nxt[:-1] = out * sigma[0] % p  # each product < 2**62: reduce before adding
        nxt[1:] += out * sigma[1] % p
        nxt[0] += coeff
        out = nxt % p
    return trim(out)


def path_polys(top: int, p: int) -> list[np.ndarray]:
    """``[χ_0, ..., χ_top]``: χ_0 = 1, χ_1 = x, χ_{k+1} = x·χ_k − χ_{k−1} (the path's
    characteristic polynomials, :func:`lightsout_graphs.representation.grids.path_polynomial`).

    Examples
    --------
    >>> [f.tolist() for f in path_polys(3, 3)]
    [[1], [0, 1], [2, 0, 1], [0, 1, 0, 1]]
    """
    seq = [np.array([1], dtype=np.int64), np.array([0, 1], dtype=np.int64)]
    for _ in range(1, top):
        nxt = np.zeros(len(seq[-1]) + 1, dtype=np.int64)
        nxt[1:] += seq[-1]
        nxt[: len(seq[-2])] -= seq[-2]
        seq.append(trim(nxt % p))
    return seq[: top + 1]


def path_pair(n: int, p: int) -> tuple[np.ndarray, np.ndarray]:
    """``(χ_{n−1}, χ_n)`` in O(n) memory (``χ_{−1} = 0``). Every χ_k is monic of degree k, so
    no trimming is needed on the way.

    Examples
    --------
    >>> [f.tolist() for f in path_pair(2, 3)]
    [[0, 1], [2, 0, 1]]
    """
    prev, cur = np.zeros(0, dtype=np.int64), np.array([1], dtype=np.int64)
    for _ in range(n):
        nxt = np.zeros(len(cur) + 1, dtype=np.int64)
        nxt[1:] = cur
        nxt[: len(prev)] -= prev
        np.remainder(nxt, p, out=nxt)
        prev, cur = cur, nxt
    return prev, cur


def path_poly(n: int, p: int) -> np.ndarray:
    """``χ_n`` alone, in O(n) memory.

    Examples
    --------
    >>> path_poly(3, 3).tolist()
    [0, 1, 0, 1]
    """
    return path_pair(n, p)[1]
