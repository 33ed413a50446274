"""Tests of analyze: ranks, kernel sizes and solvable counts against brute force."""

from __future__ import annotations

import itertools
from fractions import Fraction

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

import lightsout_graphs as lo
from tests.strategies import MODULI, small_graphs


@given(small_graphs(max_nodes=4), st.sampled_from(MODULI), st.sampled_from(["closed", "open"]))
def test_counts_match_brute_force(g: object, k: int, rule: str) -> None:
    p = lo.Puzzle(g, modulus=k, rule=rule)  # type: ignore[arg-type]
    if k**p.n > 20000:
        return
    t = p.toggle_matrix().toarray()
    images = set()
    quiet = 0
    for x in itertools.product(range(k), repeat=p.n):
        b = tuple(t @ np.array(x) % k)
        images.add(b)
        quiet += not any(b)
    a = lo.analyze(p)
    assert a.kernel_size == quiet
    assert a.solvable_states == len(images)
    assert a.solvable_fraction == Fraction(len(images), k**p.n)
    assert a.all_solvable == (len(images) == k**p.n)
    if k in (2, 3, 5):
        assert a.rank is not None and a.nullity is not None
        assert a.rank + a.nullity == p.n and k**a.nullity == quiet
    else:
        assert a.rank is None
    for pattern in a.quiet_patterns:
        assert not any(p.apply(0, pattern).values())


def test_literature_nullities() -> None:
    assert lo.analyze(lo.grid(4, 4)).nullity == 4
    assert lo.analyze(lo.grid(6, 6)).nullity == 0
    # Over GF(3) the 5×5 board has nullity 3; galois gives an independent rank.
    galois = __import__("galois")
    t = lo.grid(5, 5, modulus=3).toggle_matrix().toarray()
    assert int(np.linalg.matrix_rank(galois.GF(3)(t))) == 22
    assert lo.analyze(lo.grid(5, 5, modulus=3)).nullity == 3


def test_huge_kernel_counts_stay_exact() -> None:
    p = lo.Puzzle(__import__("networkx").empty_graph(200), modulus=7, rule="open")
    a = lo.analyze(p)
    assert a.kernel_size == 7**200
    assert a.solvable_states == 1
