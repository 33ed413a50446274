"""One modulus check, one bound and one primality test for the whole package."""

from __future__ import annotations

import numpy as np
import pytest
import sympy
from hypothesis import given
from hypothesis import strategies as st

from lightsout_graphs import zk
from lightsout_graphs.core.errors import InvalidPuzzleError, ModulusError


@given(st.integers(-10, 10**6) | st.integers(2**31, 2**62) | st.integers(2**62, 2**90))
def test_is_prime_matches_sympy(k: int) -> None:
    assert zk.is_prime(k) == sympy.isprime(k)


@pytest.mark.parametrize(
    "k", [2, 3, 2**31 - 1, 2**61 - 1, 3_215_031_751, 3_317_044_064_679_887_385_961_981]
)
def test_is_prime_on_hard_cases(k: int) -> None:
    assert zk.is_prime(k) == sympy.isprime(k)


def test_check_modulus_accepts_numpy_ints_and_the_bound() -> None:
    assert zk.check_modulus(np.int64(7)) == 7
    assert zk.check_modulus(zk.MAX_MODULUS - 1) == 2**62 - 1
    assert zk.MAX_MODULUS == 2**62


@pytest.mark.parametrize(
    ("value", "words"),
    [
        (1, "an int >= 2, not 1"),
        (True, "an int >= 2, not True"),
        (2.0, "not 2.0"),
        ("3", "not '3'"),
        (2**62, "below 2\\*\\*62"),
    ],
)
def test_check_modulus_names_the_argument(value: object, words: str) -> None:
    with pytest.raises(ModulusError, match=f"'modulus' must be .*{words}"):
        zk.check_modulus(value)
    with pytest.raises(InvalidPuzzleError, match="'k'"):
        zk.check_modulus(value, name="k", error=InvalidPuzzleError)


def test_puzzle_zk_and_grids_share_the_bound() -> None:
    import lightsout_graphs as lo
    from lightsout_graphs.representation import puzzle
    from lightsout_graphs.representation.grids import GridChaser

    assert puzzle.MAX_MODULUS == zk.MAX_MODULUS
    for build in (
        lambda: lo.grid(2, 2, modulus=2**62),
        lambda: zk.factorize(np.eye(2, dtype=np.int64), 2**62),
        lambda: GridChaser(2, 2, modulus=2**62),
    ):
        with pytest.raises((ModulusError, InvalidPuzzleError), match="below 2\\*\\*62"):
            build()


@pytest.mark.parametrize("bad", ["7", 7.5, None, "abc", True])
def test_is_prime_takes_ints_only(bad: object) -> None:
    from lightsout_graphs.core.errors import ModulusError

    with pytest.raises(ModulusError, match="'k' must be an int"):
        zk.is_prime(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", [0, -12, 2.0])
def test_prime_power_parts_takes_positive_ints(bad: object) -> None:
    from lightsout_graphs.core.errors import ModulusError

    with pytest.raises(ModulusError, match="'modulus' must be an int"):
        zk.prime_power_parts(bad)  # type: ignore[arg-type]
