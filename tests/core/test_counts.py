"""Counts printed exactly: digits when short, powers of the modulus when long."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from lightsout_graphs.core import _counts as counts


def _parse_power_form(text: str) -> int:
    """The int a ``count_json`` string stands for (``k^e`` or ``p^a·q^b``)."""
    value = 1
    for part in text.split("·"):
        base, exp = part.split("^")
        value *= int(base) ** int(exp)
    return value


def test_counts_short_are_exact_digits_and_long_are_powers() -> None:
    assert counts.count_text(8388608, 2) == "8,388,608"
    assert counts.count_text(9999, 2) == "9999"
    assert counts.count_json(10**39, 10) == 10**39
    assert counts.count_json(10**40, 10) == "10^40"  # 41 digits
    big = 2**14400  # more than Python's 4300-digit limit for str(int)
    assert counts.count_text(big, 2).startswith("2^14400 (about 10^4334.")
    assert counts.count_json(big, 2) == "2^14400"
    assert counts.count_json(4**5000, 4) == "4^5000"
    assert counts.count_json(2**10001, 4) == "2^10001"  # not a power of 4
    assert counts.count_json(6**3000, 6) == "6^3000"
    assert counts.count_json(2**3000 * 3**20, 6) == "2^3000·3^20"
    assert counts.fraction_text(1, 2**14400, 2) == "1/2^14400"
    assert counts.fraction_text(3**9000, 3**9000, 3) == "1"


@given(
    st.sampled_from([2, 3, 4, 6, 12, 1000003]),
    st.lists(st.integers(0, 20000), min_size=3, max_size=3),
)
@settings(max_examples=30)
def test_count_json_is_exact(k: int, exps: list[int]) -> None:
    primes = [p for p in (2, 3, 1000003) if k % p == 0]
    x = 1
    for p, e in zip(primes, exps, strict=False):
        x *= p**e
    got = counts.count_json(x, k)
    if isinstance(got, int):
        assert got == x and len(str(got)) <= counts.SHORT_DIGITS
    else:
        assert _parse_power_form(got) == x
        assert counts.count_text(x, k).startswith(got + " (about 10^")


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 10**30), st.integers(1, 10**30), st.sampled_from([2, 3, 4, 6, 12, 7]))
def test_fractions_are_in_lowest_terms(a: int, b: int, k: int) -> None:
    """Cancelling k's prime powers first gives the same fraction as one gcd."""
    from fractions import Fraction

    from lightsout_graphs.core._counts import count_json, fraction_text

    text = fraction_text(a, b, k)
    f = Fraction(a, b)
    assert text == (
        str(count_json(f.numerator, k))
        if f.denominator == 1
        else f"{count_json(f.numerator, k)}/{count_json(f.denominator, k)}"
    )


def test_huge_exact_powers_and_near_powers_keep_their_exponents() -> None:
    for p, e in ((5, 20_000), (3, 15_001), (2**31 - 1, 400)):
        assert counts.count_text(p**e, p).startswith(f"{p}^{e} ")
        assert counts.count_text(p**e * 2, 2 * p).startswith(f"2^1·{p}^{e} ")  # not pure
        assert counts.count_text(p ** (e - 1) * 2, 2 * p).startswith(f"2^1·{p}^{e - 1} ")
