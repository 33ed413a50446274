"""Polynomials over GF(2) as Python ints (bit i is the coefficient of x^i): the few operations needed.

Python's big integers make shifts and XORs on whole polynomials single machine-level loops, so
Euclid's algorithm on polynomials of degree a few thousand takes about a millisecond.
"""

from __future__ import annotations

import numpy as np

__all__ = [
    "degree",
    "exact_divide",
    "gcd",
    "odd_part",
    "path_polynomials",
    "poly_mod",
    "taylor_shift_one",
]


def degree(p: int) -> int:
    """The degree of ``p`` (``-1`` for the zero polynomial).

    Examples
    --------
    >>> degree(0b1011), degree(0)
    (3, -1)
    """
    return p.bit_length() - 1


def poly_mod(a: int, b: int) -> int:
    """The remainder of ``a`` divided by the non-zero ``b``.

    Examples
    --------
    >>> bin(poly_mod(0b1011, 0b11))  # x^3 + x + 1 = (x + 1)(x^2 + x) + 1
    '0b1'
    """
    db = b.bit_length()
    la = a.bit_length()
    while la >= db:
        a ^= b << (la - db)
        la = a.bit_length()
    return a


def gcd(a: int, b: int) -> int:
    """The monic greatest common divisor of ``a`` and ``b`` (``0`` when both are zero).

    Examples
    --------
    >>> bin(gcd(0b110, 0b101))  # x^2 + x and x^2 + 1 share x + 1
    '0b11'
    """
    la, lb = a.bit_length(), b.bit_length()
    while lb:
        while la >= lb:  # a mod b, inlined: this loop is the hot spot of the nullity tables
            a ^= b << (la - lb)
            la = a.bit_length()
        a, b, la, lb = b, a, lb, la
    return a


def exact_divide(a: int, b: int) -> int:
    """The quotient ``a / b`` when ``b`` divides ``a`` (checked: raises ``ArithmeticError``).

    Examples
    --------
    >>> bin(exact_divide(0b101, 0b11))  # x^2 + 1 = (x + 1)^2
    '0b11'
    """
    db = b.bit_length()
    la = a.bit_length()
    q = 0
    while la >= db:
        s = la - db
        a ^= b << s
        q |= 1 << s
        la = a.bit_length()
    if a:
        msg = "exact_divide: the divisor does not divide the dividend"
        raise ArithmeticError(msg)
    return q


def path_polynomials(top: int) -> list[int]:
    """``[f_0, ..., f_top]`` with ``f_0 = 1``, ``f_1 = x``, ``f_{k+1} = x f_k + f_{k-1}`` over GF(2).

    ``f_k`` is the characteristic polynomial of the path on k nodes over GF(2).

    Examples
    --------
    >>> [bin(f) for f in path_polynomials(3)]
    ['0b1', '0b10', '0b101', '0b1000']
    """
    f = [1, 2]
    for k in range(1, top):
        f.append((f[k] << 1) ^ f[k - 1])
    return f[: top + 1]


def _from_bits(bits: np.ndarray) -> int:
    return int.from_bytes(np.packbits(bits, bitorder="little").tobytes(), "little")


def odd_part(b: int) -> int:
    """``h_b``, the square root of ``f_{b-1}`` for odd b, in O(b) memory.

    From ``f_{m+n} = f_m f_n + f_{m-1} f_{n-1}`` over GF(2), ``f_{2j} = (f_j + f_{j-1})^2``, so
    ``h_b = f_j + f_{j-1}`` with ``j = (b - 1) / 2`` (and ``f_{-1} = 0``).

    Examples
    --------
    >>> bin(odd_part(5)), bin(path_polynomials(4)[4])  # (x^2 + x + 1)^2 = x^4 + x^2 + 1
    ('0b111', '0b10101')
    """
    prev, cur = 0, 1
    for _ in range((b - 1) // 2):
        prev, cur = cur, (cur << 1) ^ prev
    return cur ^ prev


_MASKS: dict[int, tuple[int, int]] = {}


def _upper_half_mask(s: int, nbits: int) -> int:
    """Bits i with ``(i // s) % 2 == 1``, at least ``nbits`` long (cached per block size)."""
    cached = _MASKS.get(s)
    if cached is not None and cached[0] >= nbits:
        return cached[1]
    length = max(nbits, 2 * s, 64)
    idx = np.arange(length)
    mask = _from_bits(((idx // s) % 2).astype(np.uint8))
    _MASKS[s] = (length, mask)
    return mask


def taylor_shift_one(p: int) -> int:
    """``p(x + 1)``.

    Write a block of 2s coefficients as ``lo + x^s hi`` with s a power of two; over GF(2)
    ``(x + 1)^s = x^s + 1``, so after shifting both halves the block becomes
    ``(lo + hi) + x^s hi``. Doing this for s = 1, 2, 4, ... costs about log2(deg p) big-int
    operations.

    Examples
    --------
    >>> bin(taylor_shift_one(0b100))  # (x + 1)^2 = x^2 + 1
    '0b101'
    """
    nbits = p.bit_length()
    s = 1
    while s < nbits:
        p ^= (p & _upper_half_mask(s, nbits)) >> s
        s *= 2
    return p
