"""Every engine offers the Factorization attributes, and they agree with its kernels."""

from __future__ import annotations

import math

import numpy as np
import pytest
from sympy import isprime

from lightsout_graphs import zk
from lightsout_graphs.core.zk.protocol import Factorization
from lightsout_graphs.representation.grids import GridChaser, WrappedChaser

#: Every named engine with a modulus it takes.
ENGINES = [
    ("gf2-python", 2),
    ("gf2-packed", 2),
    ("gf2-dense", 2),
    ("gf3", 3),
    ("gfp", 7),
    ("flint", 7),
    ("z4", 4),
    ("local", 9),
    ("flint-local", 27),
    ("crt", 12),
]


def test_every_method_is_covered() -> None:
    assert {m for m, _ in ENGINES} | {"auto", "gf2"} == set(zk.METHODS)


def low_rank(k: int, m: int = 9, n: int = 11, seed: int = 0) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return (rng.integers(0, k, size=(m, 3)) @ rng.integers(0, k, size=(3, n))) % k


def check_attributes(f: object, k: int, shape: tuple[int, int]) -> None:
    assert isinstance(f, Factorization)
    assert f.modulus == k and f.shape == shape
    m, n = shape
    orders = [o for _, o in f.kernel()]
    left = [o for _, o in f.left_kernel()]
    assert f.kernel_size == math.prod(orders)
    assert f.image_size * f.kernel_size == k**n
    assert f.image_size * math.prod(left) == k**m
    if isprime(k):
        assert f.rank is not None and f.kernel_size == k ** (n - f.rank)
    else:
        assert f.rank is None


@pytest.mark.parametrize(("method", "k"), ENGINES)
def test_each_engine_names_itself_and_counts_consistently(method: str, k: int) -> None:
    a = low_rank(k)
    f = zk.factorize(a, k, method=method)
    assert f.method == method
    check_attributes(f, k, a.shape)


@pytest.mark.parametrize("engine", [GridChaser(5, 5), WrappedChaser(3, 6, 3)])
def test_the_grid_engines_are_factorizations_too(engine: Factorization) -> None:
    assert engine.method in ("chasing", "wrapped-chasing")
    check_attributes(engine, engine.modulus, engine.shape)


def test_a_plain_array_is_not_one() -> None:
    assert not isinstance(np.eye(2), Factorization)
