"""Exact counts for people and for JSON: all digits when short, powers of the modulus when long.

Counts of boards, quiet patterns and solutions are products of powers of the modulus' primes.
Python refuses to print ints of more than 4300 digits, and nobody reads them: past
:data:`SHORT_DIGITS` digits they are written as ``k^e`` (or ``p^a·q^b``), exactly.
"""

from __future__ import annotations

import math

#: Counts with at most this many decimal digits are printed in full; larger ones as powers.
SHORT_DIGITS = 40


def _prime_factors(k: int) -> list[int]:
    """The distinct primes of a modulus (factorised as the Z_k engines do)."""
    from lightsout_graphs.core.zk.crt import prime_power_parts

    return [p for p, _ in prime_power_parts(k)]


def _valuation(x: int, p: int) -> int:
    """The exponent of the prime ``p`` in ``x > 0``, by binary search (fast on huge ``x``)."""
    if p == 2:  # the trailing zero bits, in linear time
        return (x & -x).bit_length() - 1
    if x % p:
        return 0
    if x.bit_length() > 10_000:  # counts are mostly exact powers: try that first
        guess = round(math.log(x) / math.log(p))
        for e in (guess, guess - 1, guess + 1):
            if e > 0 and pow(p, e) == x:
                return e
    lo, hi = 1, x.bit_length() // max(1, p.bit_length() - 1) + 1
    while lo < hi:  # the largest e with p**e dividing x
        mid = (lo + hi + 1) // 2
        if x % pow(p, mid) == 0:
            lo = mid
        else:
            hi = mid - 1
    return lo


def _power_form(x: int, modulus: int) -> str | None:
    """``x`` as ``k^e`` or a product of prime powers of ``modulus``'s primes, or None."""
    if x < 1:
        return None
    rest, parts = x, []
    for p in _prime_factors(modulus):
        e = _valuation(rest, p)
        if e:
            rest //= pow(p, e)
            parts.append((p, e))
    if rest != 1:
        return None
    if len(parts) > 1:  # k^e when every prime of k appears to the same multiple
        exps = dict(parts)
        kparts = [(p, _valuation(modulus, p)) for p in _prime_factors(modulus)]
        e0 = exps.get(kparts[0][0], 0) // kparts[0][1]
        if all(exps.get(p, 0) == v * e0 for p, v in kparts):
            return f"{modulus}^{e0}"
    if len(parts) == 1:
        p, e = parts[0]
        v = _valuation(modulus, p)
        if modulus == p**v and e % v == 0 and v > 1:
            return f"{modulus}^{e // v}"
    return "·".join(f"{p}^{e}" for p, e in parts)


def _digits(x: int) -> int:
    """The number of decimal digits of ``x >= 0`` (estimated from its bit length when huge)."""
    if x.bit_length() < 4000:
        return len(str(x))
    return int(x.bit_length() * 0.30102999566398120) + 1


def count_text(x: int, modulus: int) -> str:
    """An exact count for people: all its digits when short, else as powers of the modulus.

    Counts of boards, quiet patterns and solutions are products of powers of the modulus'
    primes; past :data:`SHORT_DIGITS` digits they are printed as ``k^e`` (or ``p^a·q^b``),
    followed by their approximate size; shorter ones from 10 000 on in groups of three
    digits (``8,388,608``). Python refuses to print ints of more than 4300 digits.
    """
    if _digits(x) <= SHORT_DIGITS:
        # Digits in groups of three from 10 000 on: 8,388,608 reads at a glance.
        return f"{x:,}" if x >= 10_000 else str(x)
    form = _power_form(x, modulus)  # None when not a product of the modulus' primes
    size = f"about 10^{_log10(x):.1f}"
    return size if form is None else f"{form} ({size})"


def _log10(x: int) -> float:
    shift = max(0, x.bit_length() - 64)
    return math.log10(x >> shift) + shift * math.log10(2)


def count_json(x: int, modulus: int) -> int | str:
    """An exact count for JSON: an int when short, else the string of :func:`count_text`'s form.

    ``x`` itself when it has at most :data:`SHORT_DIGITS` digits, else ``"k^e"`` (or
    ``"p^a·q^b"``), exact.
    """
    if _digits(x) <= SHORT_DIGITS:
        return x
    form = _power_form(x, modulus)
    return form if form is not None else count_text(x, modulus)


def fraction_text(numerator: int, denominator: int, modulus: int) -> str:
    """An exact fraction ``p/q`` in lowest terms, each side as by :func:`count_json`.

    The fraction need not be reduced (``denominator > 0``); the text is ``"1"`` or ``"p/q"``.
    """
    p, q = numerator, denominator
    # Counts are mostly powers of k's primes (k^rank of k^n): cancel those first, by their
    # valuations, so that a gcd of numbers with millions of digits is rarely needed.
    for prime in _prime_factors(modulus):
        common = min(_valuation(p, prime), _valuation(q, prime))
        if common and prime == 2:
            p, q = p >> common, q >> common
        elif common:
            p, q = p // prime**common, q // prime**common
    if p != 1 and q != 1:
        g = math.gcd(p, q)
        p, q = p // g, q // g
    if q == 1:
        return str(count_json(p, modulus))
    return f"{count_json(p, modulus)}/{count_json(q, modulus)}"
